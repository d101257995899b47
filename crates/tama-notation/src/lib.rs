//! Text formats for Armenian draughts (Tama): position text (FEN), rules
//! text, move text, PDN game records and their JSON forms.
//!
//! Every format follows `docs/NOTATION.md`: reading is lenient, writing is
//! strict and canonical, and what this crate writes it reads back to the
//! identical value.
//!
//! ```
//! use tama_notation::{move_json, parse_fen, parse_move, parse_rules, write_move, write_rules};
//!
//! // Rules text: a preset plus the switches that differ from it.
//! let rules = parse_rules("Armenian, removal=end-of-move").unwrap();
//! assert_eq!(write_rules(&rules), "armenian,removal=end-of-move");
//!
//! // Position text: side to move, White's pieces, Black's pieces.
//! let pos = parse_fen("b:wd2,c4,b3,c2:bkd1").unwrap().position;
//!
//! // Move text is syntax; resolving it needs the position and the rules.
//! let mv = parse_move("d1xd4xb4xb2", &pos, &rules).unwrap();
//! assert_eq!(mv.capture_count(), 3);
//! // Canonical: start and end square, since no other legal move shares them.
//! assert_eq!(write_move(&pos, &rules, &mv), "d1xb2");
//!
//! // JSON: the text form plus structured fields.
//! let json = move_json(&pos, &rules, &mv);
//! assert_eq!(json.path, ["d1", "d4", "b4", "b2"]);
//! assert_eq!(json.captures, ["d2", "c4", "b3"]);
//!
//! // Errors say where and what, in lower case.
//! let err = parse_fen("W:Wa2,i9").unwrap_err();
//! assert_eq!(err.to_string(), "column 7: unknown square `i9`");
//! ```
//!
//! # Modules
//!
//! - [`rules_text`]: `armenian`, `turkish,draw-one-each=no`, …
//! - [`fen`]: `W:Wa2,b2,Kd4:Ba7,Kh8`, with lidraughts counters `:H<n>:F<n>`.
//! - [`movetext`]: `a3-a4`, `c3xe5`, `c3xc5xe5`; [`MoveText`] is the
//!   position-free syntax, [`MoveText::resolve`] gives its meaning.
//! - [`json`]: the JSON object of a move.
//! - [`pdn`]: PDN game records (with the `TimeControl` tag and clock
//!   comments of a game on a clock).
//! - [`time_control`]: `45m`, `3m+2s`, `40/90m:30m`, and the PDN
//!   `TimeControl` tag `2700`, `180+2`, `40/5400:1800`.
//! - [`svg`]: board diagrams as SVG (squares, coordinates, pieces, move
//!   arrows with the captures crossed out).
#![deny(missing_docs)]
// Library code returns errors; a panic is for broken invariants only, with
// an `expect` that says which.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod diagram;
pub mod fen;
pub mod json;
pub mod movetext;
pub mod rules_text;
pub mod svg;
pub mod time_control;

// PDN game records.
pub mod pdn;

pub use fen::{parse_fen, parse_position, write_fen, Fen, FenError, FenErrorKind};
pub use json::{legal_moves_json, move_json, MoveJson};
pub use movetext::{
    parse_move, write_line, write_move, Annotation, Illegality, MoveText, MoveTextError,
    MoveTextErrorKind, ParseMoveError, ResolveError, MAX_SQUARES,
};
pub use rules_text::{parse_rules, write_rules, RulesError, RulesErrorKind, Switch};
