//! PDN game records (docs/NOTATION.md, "Game records (PDN)"): a streaming
//! reader that checks every move, a canonical writer, and a JSON form.
//!
//! ```
//! use tama_notation::pdn::{GameResult, PdnGame, PdnReader};
//!
//! let text = r#"[Event "Yerevan club"]
//! [White "A"]
//! [Black "B"]
//! [Result "*"]
//!
//! 1. h3-h4 {a quiet start} b6-b5 2. f3-f4 ( 2. a3-a4 $1 ) 2... g6-g5 *
//! "#;
//! let games: Vec<PdnGame> = PdnReader::new(text.as_bytes())
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! let game = &games[0];
//! assert_eq!(game.tag("White").as_deref(), Some("A"));
//! assert_eq!(game.main_line().len(), 4);
//! assert_eq!(game.main_line().nodes()[2].variations().len(), 1);
//! assert_eq!(game.result(), GameResult::Unknown);
//!
//! // The canonical form reads back to the same game.
//! let written = game.to_pdn();
//! assert_eq!(written.parse::<PdnGame>().unwrap(), *game);
//! ```
//!
//! # Reading
//!
//! [`PdnReader`] reads any [`std::io::Read`], one game at a time. It
//! accepts tags with `\"` and `\\` escapes, move numbers `N.` and `N...`,
//! moves in any form [`MoveText`](crate::movetext::MoveText) reads,
//! `{comments}`, `%` escape lines (ignored), `(variations)` nested up to
//! [`MAX_VARIATION_DEPTH`] levels, NAGs `$n`, strength marks (attached or
//! standing alone after a move), and the results `1-0`, `0-1`, `1/2-1/2`,
//! `*`, `2-0`, `0-2`, `1-1`, `0-0`. A game may have no tags.
//!
//! The rules come from the `Rules` tag, else the `GameType` number
//! (30 = `turkish`, 44 = `armenian`), else `armenian`; the start position
//! from the `FEN` tag, else the usual start. Every move of the main line
//! and of every variation must be legal (a variation replaces the move
//! before it), no move may follow the end of the game on the board, the
//! `Result` tag must match the result token, and when the main line ends
//! the game on the board the result must be that outcome.
//!
//! Each error carries a line and column; the reader then skips to the next
//! game. Limits keep hostile input cheap: see [`MAX_GAME_BYTES`],
//! [`MAX_MOVES`] and [`MAX_VARIATION_DEPTH`].
//!
//! # Writing
//!
//! [`PdnGame::to_pdn`] (and `Display`) writes the canonical form: the tags
//! (seven-tag roster first, then `GameType`, `Rules`, `SetUp` and `FEN` for
//! a set-up position, then the others in their order), a blank line, the
//! movetext wrapped at 80 columns with canonical move text, `N...` where a
//! comment or variation interrupts before Black's move, the result token
//! and a blank line. Reading what was written gives the same game, and
//! writing it again gives the same bytes.
//!
//! Comments are kept word for word; runs of white space in them become one
//! space (the writer may wrap them at any space). A comment that follows a
//! variation is kept before the next move (after the last move at the end
//! of a line). Escape lines are not kept.

pub mod clock;
mod convert;
mod error;
mod game;
mod reader;
mod replay;
mod result;
mod serde_impl;
mod source;
mod syntax;
mod tags;
mod writer;

pub use convert::{termination_from_tag, ToGameError, TERMINATION_TAG, TIME_CONTROL_TAG};
pub use error::{PdnError, PdnErrorKind};
pub use game::{CommentError, Line, Node, PdnGame, PushError};
pub use reader::{GameRecord, PdnReader};
pub use result::{GameResult, ParseResultError};
pub use tags::{TagError, Tags, SEVEN_TAG_ROSTER, STRUCTURAL_TAGS};
pub use writer::LINE_WIDTH;

/// The deepest nesting of variations the reader accepts (a variation inside
/// a variation is depth 2). Real records stay far below; the limit keeps
/// the game tree shallow enough for recursive code and for the JSON form
/// to read back under `serde_json`'s default nesting limit.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// The most bytes one game record may take (tags, movetext, comments).
pub const MAX_GAME_BYTES: usize = 8 * 1024 * 1024;

/// The most moves (main line and variations together) one game may have.
pub const MAX_MOVES: usize = 100_000;
