//! Search and evaluation for Armenian draughts (Tama) and its relatives.
//!
//! An [`Engine`] owns a transposition table and searches a position under
//! [`Limits`] (depth, nodes, time, clock), reporting progress through a
//! callback and returning a [`SearchResult`]: the best move with its
//! [`Score`] and principal variation, or the fact that the game is over.
//! A [`StopHandle`] ends a search from another thread. The crate sees only
//! `tama-core` types and never prints.
//!
//! The public surface is the engine and what configures and reports it:
//!
//! - [`Engine`] and [`EngineConfig`] (table size, threads, lines, the
//!   [`SearchOptions`] feature switches and parameters, the [`EvalOptions`]
//!   terms and [`params`] weights, an endgame [`Oracle`]);
//! - [`options`]: every setting of the configuration by name, with its
//!   type, range and default, settable from text
//!   ([`EngineConfig::from_settings`], [`Engine::set_option`]) for any
//!   front end;
//! - [`Limits`] (depth, nodes, time, clock) and [`Score`];
//! - the reports: [`Info`] during the search, [`SearchResult`] /
//!   [`BestMove`] / [`RootLine`] at the end;
//! - [`Evaluator`], the static evaluation;
//! - [`oracle`]: the hook for endgame tablebases ([`EndgameOracle`],
//!   [`OracleValue`], [`Wdl`]) and how the search uses it;
//! - [`book`]: opening books (the file format, the moves of a position,
//!   the book the engine plays from with option `book`);
//! - [`review`]: a whole game's review (the engine's verdict, mark and
//!   comment for every move), for `tama analyse --pdn` and the web board.
//!
//! Matches, Elo statistics, the reference player and the bench signature
//! are in the `tama-arena` crate.
//!
//! ```
//! use tama_core::{Position, Rules};
//! use tama_search::{Engine, EngineConfig, InfoKind, Limits};
//!
//! let mut engine = Engine::new(EngineConfig { hash_mib: 8, ..EngineConfig::default() });
//! // The start position is in the built-in book: a search, not a book move.
//! engine.set_book(false);
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
//! - **Iterative deepening** with principal variation search and
//!   aspiration windows; multi-PV searches the K best root moves by
//!   excluding the lines already found in the iteration.
//! - **Forced moves are free**: a node with a single legal move (nearly
//!   always a compulsory capture) does not use up depth. This costs about
//!   three plies of nominal depth and wins about 60 Elo (BENCHMARKS.md).
//! - **Quiescence**: captures are played out (a position where the side to
//!   move must capture is never evaluated statically), then crowning
//!   moves. (Answering a pending capture threat with the quiet moves is
//!   implemented, `qsearch_threats`, but off: it did not win games.)
//! - **Pruning and reductions**: late-move reductions, null-move pruning
//!   (not with fewer than four pieces, where zugzwang is likely), reverse
//!   futility and futility pruning; moves that offer the opponent a
//!   capture are never pruned by futility. (Late-move pruning is
//!   implemented, `lmp`, but off: it did not win games.)
//! - **Move ordering**: table move, captures, crowning moves, two killers
//!   per ply, a history table with malus.
//! - **Draws**: repetitions from the game history (a third occurrence) and
//!   within the search (a second), `draw-one-each`; wins and losses carry
//!   their distance in plies.
//! - **Transposition table**: lock-free, shared by all threads, buckets of
//!   four 16-byte entries (one cache line); each entry is two `AtomicU64`
//!   (`key ^ data`, `data`) so a torn write reads as a miss. `data` packs
//!   a 16-bit move code, the score, the static evaluation, the depth, the
//!   bound and a 6-bit generation (the layout is documented in `tt.rs`).
//! - **Threads**: lazy SMP; helper threads search the same root over the
//!   shared table (odd-numbered ones one ply deeper); the result of the
//!   thread that completed the deepest iteration is returned (the main
//!   thread's on a tie).
//! - **Time**: a soft budget (no new iteration past about half of it,
//!   stretched when the best move changes) and a hard limit checked every
//!   1024 nodes; with a depth or node limit and one thread nothing depends
//!   on time and the search is deterministic.
//! - **Evaluation** ([`Evaluator`]): material, men's advancement,
//!   formation, crowning threats, pending capture threats, endgame scaling
//!   (one piece each, lone king against men, trading down when ahead) and
//!   tempo (the centre and mobility terms exist but are off: they did not
//!   win games); every weight is in [`params`], fitted to self-play results
//!   (Texel's method, `tama-arena`'s `examples/tune.rs`) and checked in
//!   matches (the `tama-arena` crate plays them).
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod book;
mod clock;
mod engine;
mod eval;
pub mod learned;
mod limits;
pub mod options;
pub mod oracle;
pub mod params;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod ponder;
mod progress;
mod qsearch;
pub mod review;
mod root;
mod score;
mod search;
#[cfg(feature = "serde")]
mod serde_impl;
mod settings;
mod tb_root;
#[cfg(test)]
mod test_support;
mod tt;
mod worker;

pub use engine::{Engine, EngineConfig, Interrupt, StopHandle};
pub use eval::{EvalOptions, Evaluator};
pub use learned::EvalKind;
pub use limits::{Clock, Level, LimitBounds, LimitError, Limits, MAX_DEPTH};
pub use oracle::{EndgameOracle, Oracle, OracleValue, TableKind, Wdl, WDL_DISTANCE};
pub use params::SearchOptions;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use ponder::{Pondered, Pondering};
pub use progress::{BestMove, Info, InfoKind, RootLine, SearchResult};
pub use score::{Score, ScoreKind, ScoreRangeError, MAX_PLY};
