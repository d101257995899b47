//! Hub's numbering of the 64 squares of an 8×8 board, as pydraughts uses
//! it for Turkish draughts (docs/NOTATION.md, "Hub numbering").
//!
//! Two orders are in use, and a client sends both:
//!
//! - **positions** (`pos pos=…`): the side to move (`W` or `B`), then one
//!   character per square row by row from Black's side: a8, b8, …, h8,
//!   a7, …, h1 (`w`/`b` men, `W`/`B` kings, `e` empty);
//! - **moves**: square numbers 1 = a1, 2 = b1, …, 8 = h1, 9 = a2, …,
//!   64 = h8 (rank by rank from White's side); a quiet move is
//!   `from-to`, a capture `fromxto` followed by `x` and each captured
//!   square, in any order when read and in increasing order when written
//!   (`34x2x10x26`).

use core::fmt;

use tama_core::{Bitboard, Color, Move, Piece, Position, Role, Rules, Setup, Square};

/// Something wrong with a Hub position or move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

fn err(message: String) -> NotationError {
    NotationError(message)
}

/// The Hub move number of a square: a1 = 1 … h8 = 64.
pub fn move_number(sq: Square) -> usize {
    sq.index() + 1
}

/// The square of a Hub move number (1 to 64).
pub fn square_of_number(number: usize) -> Option<Square> {
    number
        .checked_sub(1)
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Square::new)
}

/// The square of character `i` (0-based) of a position's 64 squares:
/// a8, b8, …, h1.
fn square_of_char(i: usize) -> Option<Square> {
    let rank = 7u8.checked_sub(u8::try_from(i / 8).ok()?)?;
    Square::from_coords(u8::try_from(i % 8).ok()?, rank)
}

/// Reads a Hub position: `W` or `B`, then 64 square characters.
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    let mut chars = text.chars();
    let turn = match chars.next() {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        Some(c) => {
            return Err(err(format!(
                "position: the side to move is `{c}` (expected W or B)"
            )))
        }
        None => return Err(err("position: empty".to_string())),
    };
    let squares: Vec<char> = chars.collect();
    if squares.len() != 64 {
        return Err(err(format!(
            "position: {} square characters (expected 64 after the side to move)",
            squares.len()
        )));
    }
    let mut setup = Setup::empty(turn);
    for (i, &c) in squares.iter().enumerate() {
        let piece = match c {
            'w' => Some(Piece::new(Color::White, Role::Man)),
            'W' => Some(Piece::new(Color::White, Role::King)),
            'b' => Some(Piece::new(Color::Black, Role::Man)),
            'B' => Some(Piece::new(Color::Black, Role::King)),
            'e' => None,
            _ => {
                return Err(err(format!(
                    "position: character {} is `{c}` (expected w, b, W, B or e)",
                    i + 2
                )))
            }
        };
        if let (Some(p), Some(sq)) = (piece, square_of_char(i)) {
            setup.put(sq, p);
        }
    }
    Position::from_setup(setup).map_err(|e| err(format!("position: {e}")))
}

/// Writes a position in Hub's form.
pub fn write_position(pos: &Position) -> String {
    let mut s = String::with_capacity(65);
    s.push(if pos.turn() == Color::White { 'W' } else { 'B' });
    for i in 0..64 {
        let c = square_of_char(i)
            .and_then(|sq| pos.piece_at(sq))
            .map_or('e', |p| p.char());
        s.push(c);
    }
    s
}

/// Writes a move: `from-to`, or `fromxto` then `x` and each captured
/// square in increasing order.
pub fn write_move(mv: &Move) -> String {
    let mut s = move_number(mv.from()).to_string();
    if mv.is_capture() {
        s.push('x');
        s.push_str(&move_number(mv.to()).to_string());
        for sq in mv.captures().iter() {
            s.push('x');
            s.push_str(&move_number(sq).to_string());
        }
    } else {
        s.push('-');
        s.push_str(&move_number(mv.to()).to_string());
    }
    s
}

/// Reads a move of `pos`: a quiet move `from-to`, or a capture
/// `fromxto[xcaptured…]`. Without captured squares a capture is accepted
/// when one legal capture has those ends.
pub fn parse_move(text: &str, pos: &Position, rules: &Rules) -> Result<Move, NotationError> {
    let capture = text.contains('x');
    let sep = if capture { 'x' } else { '-' };
    let mut squares = Vec::new();
    for part in text.split(sep) {
        let n: usize = part
            .parse()
            .map_err(|_| err(format!("move `{text}`: `{part}` is not a square number")))?;
        let sq = square_of_number(n)
            .ok_or_else(|| err(format!("move `{text}`: square {n} is not in 1 to 64")))?;
        squares.push(sq);
    }
    if squares.len() < 2 || (!capture && squares.len() != 2) {
        return Err(err(format!(
            "move `{text}`: expected from-to or fromxto[xcaptured…]"
        )));
    }
    let (from, to) = (squares[0], squares[1]);
    let taken = squares[2..]
        .iter()
        .fold(Bitboard::EMPTY, |b, sq| b | Bitboard(sq.bit()));
    let matches: Vec<Move> = pos
        .legal_moves(rules)
        .iter()
        .filter(|m| m.from() == from && m.to() == to && m.is_capture() == capture)
        .filter(|m| squares.len() == 2 || m.captures() == taken)
        .copied()
        .collect();
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(err(format!(
            "move `{text}` is not legal in {}",
            write_position(pos)
        ))),
        _ => Err(err(format!(
            "move `{text}` is ambiguous: {} legal captures have these ends (name the captured squares)",
            matches.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_notation::{parse_fen, parse_move as parse_text};

    fn fen(text: &str) -> Position {
        parse_fen(text).unwrap().position
    }

    #[test]
    fn start_position_as_pydraughts_sends_it() {
        // The Turkish start position exactly as pydraughts 0.6.7 sends it.
        let hub = "Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee";
        let pos = parse_position(hub).unwrap();
        assert_eq!(pos, Position::start());
        assert_eq!(write_position(&pos), hub);
    }

    #[test]
    fn corners_and_side_to_move() {
        // pydraughts 0.6.7 sends "W:WKa2:Bc2,e2,Kh8" as this.
        let hub = "WeeeeeeeBeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWebebeeeeeeeeeee";
        assert_eq!(parse_position(hub).unwrap(), fen("W:WKa2:Bc2,e2,Kh8"));
        let black = parse_position(&format!("B{}", &hub[1..])).unwrap();
        assert_eq!(black.turn(), Color::Black);
    }

    #[test]
    fn moves_as_pydraughts_writes_them() {
        let rules = Rules::TURKISH;
        let start = Position::start();
        let mv = parse_move("17-25", &start, &rules).unwrap();
        assert_eq!(mv, parse_text("a3-a4", &start, &rules).unwrap());
        assert_eq!(write_move(&mv), "17-25");
        // A king's capture along the second rank: a2 takes c2 and e2 and
        // ends on f2, g2 or h2; pydraughts lists 9x14x11x13, 9x15x11x13,
        // 9x16x11x13.
        let pos = fen("W:WKa2:Bc2,e2,Kh8");
        let mut written: Vec<String> = pos.legal_moves(&rules).iter().map(write_move).collect();
        written.sort();
        assert_eq!(written, ["9x14x11x13", "9x15x11x13", "9x16x11x13"]);
        let mv = parse_move("9x14x13x11", &pos, &rules).unwrap();
        assert_eq!(write_move(&mv), "9x14x11x13");
        assert_eq!(mv, parse_text("a2xf2", &pos, &rules).unwrap());
        // Without the captured squares: one capture ends on f2.
        assert_eq!(parse_move("9x14", &pos, &rules).unwrap(), mv);
        // Black man d5 takes d4.
        let pos = fen("B:Wd4,h2:Bd5");
        assert_eq!(
            write_move(&parse_move("36x20x28", &pos, &rules).unwrap()),
            "36x20x28"
        );
    }

    #[test]
    fn every_legal_move_reads_back() {
        for rules in [Rules::ARMENIAN, Rules::TURKISH] {
            let mut pos = Position::start();
            for ply in 0..60 {
                let moves = pos.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                for mv in moves.iter() {
                    assert_eq!(parse_move(&write_move(mv), &pos, &rules).unwrap(), *mv);
                }
                assert_eq!(parse_position(&write_position(&pos)).unwrap(), pos);
                pos = pos.play_unchecked(&moves[(ply * 7) % moves.len()]);
            }
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        let start = Position::start();
        let r = Rules::TURKISH;
        for (text, part) in [
            ("17-26", "not legal"),
            ("17-", "not a square"),
            ("0-8", "not in 1 to 64"),
            ("65-1", "not in 1 to 64"),
            ("17-25-33", "expected"),
            ("17", "expected"),
        ] {
            let e = parse_move(text, &start, &r).unwrap_err();
            assert!(e.0.contains(part), "{text}: {e}");
        }
        for (text, part) in [
            ("", "empty"),
            ("X", "side to move"),
            ("Weee", "3 square characters"),
            (&format!("W{}", "z".repeat(64)), "character 2"),
        ] {
            let e = parse_position(text).unwrap_err();
            assert!(e.0.contains(part), "{text}: {e}");
        }
    }
}
