//! A position as `tama show --json` writes it and the Python
//! `Board.to_json()` begins with.

use serde::Serialize;
use tama_core::{Color, Position, Square};
use tama_notation::write_fen;

/// A position: `{"fen", "turn", "board"}`, the board eight strings from
/// rank 8 down to rank 1, a piece's letter or `.` for an empty square.
///
/// ```
/// use tama_core::Position;
/// use tama_api::BoardReport;
///
/// let json = serde_json::to_string(&BoardReport::new(&Position::start())).unwrap();
/// assert!(json.starts_with(r#"{"fen":"W:W"#), "{json}");
/// assert!(json.contains(r#""turn":"white","board":["........","#), "{json}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardReport {
    /// The position in FEN.
    pub fen: String,
    /// The side to move.
    pub turn: Color,
    /// The ranks, 8 first, files a to h.
    pub board: Vec<String>,
}

impl BoardReport {
    /// The report of `pos`.
    pub fn new(pos: &Position) -> BoardReport {
        let board = (0..8u8)
            .rev()
            .map(|rank| {
                (0..8u8)
                    .map(|file| {
                        Square::from_coords(file, rank)
                            .and_then(|sq| pos.piece_at(sq))
                            .map_or('.', |p| p.char())
                    })
                    .collect()
            })
            .collect();
        BoardReport {
            fen: write_fen(pos),
            turn: pos.turn(),
            board,
        }
    }
}
