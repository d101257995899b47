//! What the tama programs print about a search, in one place: the
//! `tama analyse` lines (`--json` and text), which the web server streams
//! from `GET /api/analyse` and the Python package reads, and the engine's
//! move of `POST /api/engine-move` ([`EngineMove`]); a position as `tama
//! show --json` writes it ([`BoardReport`]); a whole-game review's events
//! ([`ReviewMove`], [`ReviewProgress`], [`ReviewSummary`]); an opening
//! book's moves for a position ([`BookMoveReport`], [`BookMoves`]); the rules
//! dialog's table ([`RulesTable`]) and the levels of play ([`Levels`]).
//! The web server and the WebAssembly package both answer with these, so
//! the page reads one shape from either.
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
//! use tama_report::Report;
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
mod review;
mod rules;

pub use analysis::{BestMoveReport, Bound, EngineMove, InfoReport, Report, SearchSummary, Tables};
pub use board::BoardReport;
pub use book::{BookMoveReport, BookMoves};
pub use review::{ReviewMove, ReviewProgress, ReviewSummary, SideTally};
pub use rules::{Levels, PresetInfo, RulesInfo, RulesTable, SwitchInfo, SwitchSettings};
