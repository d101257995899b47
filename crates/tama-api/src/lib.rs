//! The API boundary of the tama programs: what every front end (the
//! command line, the web server, the WebAssembly and Python packages, the
//! Hub engine) reads from a request and answers, defined once.
//!
//! - **Requests**: a request's game ([`GameSpec`]: `fen`, `rules`,
//!   `moves` → a `tama_core::Game`, [`request`]), its search limits and
//!   clock ([`search`], [`ClockRequest`]), and the bounds every front end
//!   puts on them ([`bounds`]: moves, lines, clock, engine move, the
//!   engine settings' ranges from the option registry). One error,
//!   [`RequestError`], names the field and, for text, the column.
//! - **Answers**: what the programs print about a search: the
//!   `tama analyse` lines (`--json` and text), which the web server streams
//!   from `GET /api/analyse` and the Python package reads, and the engine's
//!   move of `POST /api/engine-move` ([`EngineMove`]); a position as `tama
//!   show --json` writes it ([`BoardReport`]); a whole-game review's events
//!   ([`ReviewMove`], [`ReviewProgress`], [`ReviewSummary`]); an opening
//!   book's moves for a position ([`BookMoveReport`], [`BookMoves`]); the rules
//!   dialog's table ([`RulesTable`]) and the levels of play ([`Levels`]).
//!   The web server and the WebAssembly package both answer with these, so
//!   the page reads one shape from either.
//!
//! The words themselves (colours, endings, scores, table values) are the
//! `serde` forms of the core and search types (their `serde` feature):
//! `"white"`, `{"winner": "black", "termination": "no legal move"}`,
//! `{"cm": 35}` / `{"win": 7}`, `"draw"`. This crate adds the shapes that
//! need move text, so it sits above tama-notation and tama-search, below
//! every front end.
//!
//! ```
//! use tama_core::{Position, Rules};
//! use tama_api::Report;
//! use tama_search::{Engine, EngineConfig, Limits};
//!
//! let pos = Position::start();
//! let rules = Rules::ARMENIAN;
//! let mut engine = Engine::new(EngineConfig { hash_mib: 1, ..EngineConfig::default() });
//! engine.set_book(false); // a search, not a book move (where a book is built in)
//! let result = engine.search(&pos, &[], &rules, &Limits::depth(2), |_| {});
//! let report = Report::result(&pos, &rules, &result);
//! let json = serde_json::to_string(&report).unwrap();
//! assert!(json.starts_with(r#"{"type":"bestmove","move":""#), "{json}");
//! assert!(report.to_string().starts_with("bestmove "));
//! ```

#![deny(missing_docs)]

mod analysis;
mod board;
mod book;
pub mod bounds;
mod count;
pub mod pdn;
mod puzzle;
pub mod request;
mod review;
mod rules;
pub mod search;
mod summary;
mod tables;

pub use analysis::{BestMoveReport, Bound, EngineMove, InfoReport, Report, SearchSummary, Tables};
pub use board::BoardReport;
pub use book::{BookMoveReport, BookMoves, BookStats};
pub use count::{BenchReport, PerftMove, PerftReport};
pub use puzzle::{PuzzleHint, PuzzleReport, PuzzleStep, PuzzleTags};
pub use request::{ErrorBody, ErrorKind, GameSpec, RequestError};
pub use review::{ReviewMove, ReviewProgress, ReviewSummary, SideTally};
pub use rules::{Levels, PresetInfo, RulesInfo, RulesTable, SwitchInfo, SwitchSettings};
pub use search::ClockRequest;
pub use summary::{EloRange, MatchSummary, PerPlayer, PonderTally};
pub use tables::{PlanUnit, TableCheck, TableMove, TablePlan, TableProbe, TableStatsRow};
