//! Drawing a position in the terminal: plain ASCII, Unicode pieces, or
//! Unicode pieces on ANSI-coloured squares; the last move marked; an
//! optional panel of text lines beside the board.
//!
//! The plain form is what `tama show` prints when its output is not a
//! terminal (files, pipes, tests):
//!
//! ```text
//!     a b c d e f g h
//!   +-----------------+
//! 8 | . . . . . . . B | 8
//! 7 | . . . b . . . . | 7
//! …
//! ```
//!
//! `w`/`b` are men, `W`/`B` kings, `.` an empty square; after a move, `*`
//! marks the empty squares the moving piece left or passed through and `x`
//! the squares of the pieces it took.

use tama_core::{Bitboard, Color, Move, Piece, Position, Role, Rules, Square};

use crate::terminal::Style;

/// The squares of a move to mark on the board: the path (start square,
/// then every landing square) and the captured pieces' squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The start square, then every landing square.
    pub path: Vec<Square>,
    /// The captured pieces' squares.
    pub captured: Bitboard,
}

impl Marks {
    /// The marks of `mv`, a legal move of `before`.
    pub fn of_move(before: &Position, rules: &Rules, mv: &Move) -> Marks {
        Marks {
            path: before.path(rules, mv).squares().to_vec(),
            captured: mv.captures(),
        }
    }

    fn on_path(&self, sq: Square) -> bool {
        self.path.contains(&sq)
    }
}

/// How to draw a board.
#[derive(Clone, Debug, Default)]
pub struct BoardView<'a> {
    /// Characters and colours.
    pub style: Style,
    /// Draw from Black's side (rank 1 on top, file h on the left).
    pub flip: bool,
    /// The last move, marked on the board.
    pub marks: Option<&'a Marks>,
    /// Lines printed to the right of the board, from its first rank row on.
    pub panel: &'a [String],
}

/// ANSI 256-colour backgrounds and foregrounds of the coloured board.
mod ansi {
    pub const LIGHT: u8 = 180;
    pub const DARK: u8 = 137;
    pub const PATH_LIGHT: u8 = 150;
    pub const PATH_DARK: u8 = 107;
    pub const CAPTURED: u8 = 174;
    pub const WHITE_PIECE: u8 = 231;
    pub const BLACK_PIECE: u8 = 16;
    pub const MARK: u8 = 58;
    pub const RESET: &str = "\x1b[0m";
}

impl BoardView<'_> {
    /// The board as text, one line per row, each ending with a newline.
    pub fn render(&self, pos: &Position) -> String {
        let files: Vec<u8> = if self.flip {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let ranks: Vec<u8> = if self.flip {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        let lines = if self.style.color {
            self.colour_lines(pos, &files, &ranks)
        } else {
            self.plain_lines(pos, &files, &ranks)
        };
        let mut s = String::new();
        for (i, line) in lines.iter().enumerate() {
            s.push_str(line.trim_end());
            // The panel starts beside the first rank row (line 2 on the
            // framed boards, line 1 on the coloured one).
            let first_row = if self.style.color { 1 } else { 2 };
            if let Some(text) = i
                .checked_sub(first_row)
                .and_then(|k| self.panel.get(k))
                .filter(|t| !t.is_empty())
            {
                s.push_str("   ");
                s.push_str(text);
            }
            s.push('\n');
        }
        s
    }

    /// The character of a square on the plain (uncoloured) boards.
    fn plain_char(&self, pos: &Position, sq: Square) -> char {
        if let Some(piece) = pos.piece_at(sq) {
            return if self.style.unicode {
                unicode_piece(piece)
            } else {
                piece.char()
            };
        }
        match self.marks {
            Some(m) if m.captured.contains(sq) => {
                if self.style.unicode {
                    '×'
                } else {
                    'x'
                }
            }
            Some(m) if m.on_path(sq) => '*',
            _ if self.style.unicode => '·',
            _ => '.',
        }
    }

    fn plain_lines(&self, pos: &Position, files: &[u8], ranks: &[u8]) -> Vec<String> {
        let (top, bottom, side) = if self.style.unicode {
            ("  ┌─────────────────┐", "  └─────────────────┘", '│')
        } else {
            ("  +-----------------+", "  +-----------------+", '|')
        };
        let file_line: String = files
            .iter()
            .map(|f| format!(" {}", (b'a' + f) as char))
            .collect();
        let file_line = format!("   {file_line}");
        let mut lines = vec![file_line.clone(), top.to_string()];
        for &r in ranks {
            let mut line = format!("{} {side}", r + 1);
            for &f in files {
                let sq = Square::from_coords(f, r).expect("coordinates are on the board");
                line.push(' ');
                line.push(self.plain_char(pos, sq));
            }
            line.push_str(&format!(" {side} {}", r + 1));
            lines.push(line);
        }
        lines.push(bottom.to_string());
        lines.push(file_line);
        lines
    }

    fn colour_lines(&self, pos: &Position, files: &[u8], ranks: &[u8]) -> Vec<String> {
        let file_line: String = files
            .iter()
            .map(|f| format!(" {} ", (b'a' + f) as char))
            .collect();
        let file_line = format!("  {file_line}");
        let mut lines = vec![file_line.clone()];
        for &r in ranks {
            let mut line = format!("{} ", r + 1);
            for &f in files {
                let sq = Square::from_coords(f, r).expect("coordinates are on the board");
                let light = (f + r) % 2 == 1;
                let marks = self.marks;
                let captured = marks.is_some_and(|m| m.captured.contains(sq));
                let on_path = marks.is_some_and(|m| m.on_path(sq));
                let bg = match (captured, on_path, light) {
                    (true, _, _) => ansi::CAPTURED,
                    (false, true, true) => ansi::PATH_LIGHT,
                    (false, true, false) => ansi::PATH_DARK,
                    (false, false, true) => ansi::LIGHT,
                    (false, false, false) => ansi::DARK,
                };
                let (fg, c) = match pos.piece_at(sq) {
                    Some(p) => {
                        let fg = match p.color {
                            Color::White => ansi::WHITE_PIECE,
                            Color::Black => ansi::BLACK_PIECE,
                        };
                        let c = if p.role == Role::King { '◉' } else { '●' };
                        (fg, c)
                    }
                    None if captured => (ansi::MARK, '×'),
                    None if on_path => (ansi::MARK, '·'),
                    None => (ansi::MARK, ' '),
                };
                line.push_str(&format!("\x1b[48;5;{bg};38;5;{fg};1m {c} {}", ansi::RESET));
            }
            line.push_str(&format!(" {}", r + 1));
            lines.push(line);
        }
        lines.push(file_line);
        lines
    }
}

/// The Unicode character of a piece on the uncoloured board: `○`/`●` for
/// White's and Black's men, `◎`/`◉` for their kings.
pub fn unicode_piece(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::Man) => '○',
        (Color::White, Role::King) => '◎',
        (Color::Black, Role::Man) => '●',
        (Color::Black, Role::King) => '◉',
    }
}

/// `White` or `Black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_notation::fen::parse_fen;

    #[test]
    fn ascii_board_marks_the_last_move() {
        let rules = Rules::ARMENIAN;
        let before = parse_fen("W:Wc3:Bc4,a8").unwrap().position;
        let mv = before.legal_moves(&rules)[0];
        let marks = Marks::of_move(&before, &rules, &mv);
        let after = before.play_unchecked(&mv);
        let text = BoardView {
            marks: Some(&marks),
            ..BoardView::default()
        }
        .render(&after);
        // c3 left (`*`), c4 taken (`x`), the man on c5.
        assert!(text.contains("5 | . . w . . . . . | 5"), "{text}");
        assert!(text.contains("4 | . . x . . . . . | 4"), "{text}");
        assert!(text.contains("3 | . . * . . . . . | 3"), "{text}");
    }

    #[test]
    fn panel_lines_sit_beside_the_ranks() {
        let panel = vec!["first".to_string(), String::new(), "third".to_string()];
        let text = BoardView {
            panel: &panel,
            flip: true,
            ..BoardView::default()
        }
        .render(&Position::start());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    h g f e d c b a");
        assert!(lines[2].ends_with("| 1   first"), "{text}");
        assert!(lines[3].ends_with("| 2"), "{text}");
        assert!(lines[4].ends_with("| 3   third"), "{text}");
    }

    #[test]
    fn coloured_board_has_equal_rows() {
        let style = Style {
            unicode: true,
            color: true,
        };
        let text = BoardView {
            style,
            ..BoardView::default()
        }
        .render(&Position::start());
        assert_eq!(text.lines().count(), 10);
        assert!(text.contains('●') && text.contains("\x1b[0m"));
    }
}
