//! Search and evaluation for Armenian draughts (Tama) and its relatives.
//!
//! An [`Engine`] owns a transposition table and searches a position under
//! [`Limits`] (depth, nodes, time, clock), reporting progress through a
//! callback and returning a [`SearchResult`]: the best move with its
//! [`Score`] and principal variation, or the fact that the game is over.
//! A [`StopHandle`] ends a search from another thread. The crate sees only
//! `tama-core` types and never prints.
//!
//! ```
//! use tama_core::{Position, Rules};
//! use tama_search::{Engine, EngineConfig, InfoKind, Limits};
//!
//! let mut engine = Engine::new(EngineConfig { hash_mib: 8, ..EngineConfig::default() });
//! let mut depths = Vec::new();
//! let result = engine.search(&Position::start(), &[], &Rules::ARMENIAN, &Limits::depth(6), |info| {
//!     if info.kind == InfoKind::Iteration {
//!         depths.push(info.depth);
//!     }
//! });
//! assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
//! let best = result.best_move().expect("the start position has moves");
//! assert!(Position::start().is_legal(&Rules::ARMENIAN, &best));
//! ```
//!
//! # Design
//!
//! - Iterative deepening with principal variation search and aspiration
//!   windows; multi-PV by excluding the lines already found.
//! - A lock-free transposition table shared by all threads (lazy SMP):
//!   see the `tt` module's documentation for the entry layout.
//! - Move ordering: table move, captures, crowning moves, killers, history.
//! - Late-move reductions, reverse futility pruning, extension of forced
//!   moves, repetition draws from the game history and within the search,
//!   win and loss scores with their distance.
//! - A quiescence stage that plays out captures (a position where the side
//!   to move must capture is never evaluated statically), crowning moves,
//!   and the answers to a pending capture threat.
//! - The evaluation ([`Evaluator`]) with every weight in [`params`].
//! - Engine matches with paired openings and Elo estimates in [`arena`],
//!   and a fixed search signature in [`bench`](mod@bench).
#![deny(missing_docs)]

pub mod arena;
pub mod baseline;
pub mod bench;
mod bits;
mod engine;
mod eval;
mod limits;
pub mod params;
mod score;
mod search;
mod tt;

pub use engine::{
    BestMove, Engine, EngineConfig, Info, InfoKind, Line, SearchResult, StopHandle, MAX_DEPTH,
};
pub use eval::{EvalOptions, Evaluator};
pub use limits::{Clock, Limits};
pub use score::{Score, ScoreKind, MAX_PLY};
pub use search::SearchOptions;
