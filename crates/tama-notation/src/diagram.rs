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

use tama_core::{Color, Position, Square};

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
