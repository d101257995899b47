//! The board as plain text, the diagram every text front end prints for
//! a position (`str(board)` in Python, `board.toString()` in JavaScript;
//! `tama show` draws the same board, with marks and colours, in the
//! terminal):
//!
//! ```
//! use tama_core::Position;
//!
//! let text = tama_notation::diagram::text_board(&Position::start());
//! assert_eq!(text.lines().nth(3), Some("7 | b b b b b b b b | 7"));
//! assert!(text.ends_with("White to move"));
//! ```
//!
//! `w`/`b` are men, `W`/`B` kings and `.` an empty square; rank 8 is on
//! top.

use std::fmt::Write;

use tama_core::{Color, Piece, Position, Role, Setup, Square};

/// The files line above and below the board.
const FILES: &str = "    a b c d e f g h\n";
/// The frame's top and bottom edge.
const EDGE: &str = "  +-----------------+\n";

/// The plain text board of `pos`: files, eight framed ranks from 8 down to
/// 1, files again, and the side to move (`White to move`), without a final
/// newline.
pub fn text_board(pos: &Position) -> String {
    let mut s = String::with_capacity(256);
    s.push_str(FILES);
    s.push_str(EDGE);
    for rank in (0..8u8).rev() {
        // Writing to a String cannot fail.
        let _ = write!(s, "{} |", rank + 1);
        for file in 0..8u8 {
            let c = Square::from_coords(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |p| p.char());
            s.push(' ');
            s.push(c);
        }
        let _ = writeln!(s, " | {}", rank + 1);
    }
    s.push_str(EDGE);
    s.push_str(FILES);
    s.push_str(match pos.turn() {
        Color::White => "White to move",
        Color::Black => "Black to move",
    });
    s
}

/// The piece a diagram character stands for: `w`/`b` men, `W`/`B` kings,
/// `.` none; `Err` for any other character.
fn piece_of_char(c: char) -> Result<Option<Piece>, ()> {
    let (color, role) = match c {
        '.' => return Ok(None),
        'w' => (Color::White, Role::Man),
        'W' => (Color::White, Role::King),
        'b' => (Color::Black, Role::Man),
        'B' => (Color::Black, Role::King),
        _ => return Err(()),
    };
    Ok(Some(Piece::new(color, role)))
}

/// A board given as eight rows that cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowsError {
    /// The row (1 for rank 8, the first) where the problem is, if one.
    pub row: Option<usize>,
    /// The character's column in the row (1-based), if one.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for RowsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.row, self.column) {
            (Some(r), Some(c)) => write!(f, "row {r}, column {c}: {}", self.message),
            (Some(r), None) => write!(f, "row {r}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RowsError {}

/// The placement of eight rows of the diagram's characters (rank 8 first,
/// files a to h: `w`/`b` men, `W`/`B` kings, `.` empty), as
/// `tama show --json` writes a position's `board`, with `turn` to move.
/// The result is a [`Setup`]: whether it is a valid position is
/// [`Position::from_setup`]'s to say.
///
/// ```
/// use tama_core::{Color, Position};
/// use tama_notation::diagram::setup_from_rows;
///
/// let mut rows = vec!["........"; 8];
/// rows[7] = "W.......";
/// rows[0] = ".......B";
/// let setup = setup_from_rows(&rows, Color::White).unwrap();
/// let pos = Position::from_setup(setup).unwrap();
/// assert_eq!(tama_notation::write_fen(&pos), "W:WKa1:BKh8");
/// assert!(setup_from_rows(&["........"; 7], Color::White).is_err());
/// ```
///
/// # Errors
///
/// Not eight rows, a row not of eight characters, or a character that is
/// not a piece, with the row and column.
pub fn setup_from_rows<S: AsRef<str>>(rows: &[S], turn: Color) -> Result<Setup, RowsError> {
    if rows.len() != 8 {
        return Err(RowsError {
            row: None,
            column: None,
            message: format!("expected 8 rows, got {}", rows.len()),
        });
    }
    let mut setup = Setup::empty(turn);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        let count = row.chars().count();
        if count != 8 {
            return Err(RowsError {
                row: Some(r + 1),
                column: None,
                message: format!("expected 8 squares, got {count}"),
            });
        }
        for (f, c) in row.chars().enumerate() {
            let piece = piece_of_char(c).map_err(|()| RowsError {
                row: Some(r + 1),
                column: Some(f + 1),
                message: format!("unexpected {c:?}: expected w, b, W, B or ."),
            })?;
            // Eight rows of eight: the coordinates are on the board.
            let sq = Square::from_coords(f as u8, 7 - r as u8);
            if let (Some(sq), Some(piece)) = (sq, piece) {
                setup.put(sq, piece);
            }
        }
    }
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_a_position() {
        for fen in [
            "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
            "B:WKd1,c3:Bd3,Kh8",
        ] {
            let pos = crate::parse_position(fen).unwrap();
            let text = text_board(&pos);
            let rows: Vec<String> = text
                .lines()
                .skip(2)
                .take(8)
                .map(|l| l[4..19].split(' ').collect())
                .collect();
            let setup = setup_from_rows(&rows, pos.turn()).unwrap();
            assert_eq!(Position::from_setup(setup).unwrap(), pos, "{fen}");
        }
    }

    #[test]
    fn bad_rows_are_named() {
        let mut rows = vec!["........".to_owned(); 8];
        rows[2] = "...x....".to_owned();
        let e = setup_from_rows(&rows, Color::White).unwrap_err();
        assert_eq!((e.row, e.column), (Some(3), Some(4)));
        assert_eq!(
            e.to_string(),
            "row 3, column 4: unexpected 'x': expected w, b, W, B or ."
        );
        rows[2] = ".......".to_owned();
        assert_eq!(
            setup_from_rows(&rows, Color::White)
                .unwrap_err()
                .to_string(),
            "row 3: expected 8 squares, got 7"
        );
    }
}
