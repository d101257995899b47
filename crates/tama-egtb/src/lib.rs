//! Endgame tablebases for Armenian draughts (Tama) and Turkish draughts.
//!
//! The generator solves every material (men and kings of each side) up to
//! a number of pieces for given [`Rules`](tama_core::Rules) by retrograde
//! analysis; each material's table is one file with the value of every
//! position for the side to move (win, draw, loss) and the distance to the
//! end of the game in plies. [`Tablebase`] probes a directory of tables
//! from many threads and is the engine's endgame oracle. The format, the
//! metric and the index are described in `docs/EGTB.md`.
//!
//! ```
//! use tama_core::Rules;
//! use tama_egtb::{generate, GenOptions, Plan, Tablebase};
//! use tama_notation::parse_position;
//! use tama_search::Wdl;
//!
//! let dir = tempfile::tempdir().unwrap();
//! // Solve every 2-piece table of Turkish draughts.
//! generate(dir.path(), &Rules::TURKISH, &Plan::new(2), None, &GenOptions::default())?;
//! let tb = Tablebase::open(dir.path(), &Rules::TURKISH)?;
//! // One piece each is a draw in Turkish draughts.
//! let v = tb.probe(&parse_position("W:WKd4:Ba7").unwrap())?.unwrap();
//! assert_eq!(v.wdl, Wdl::Draw);
//! # Ok::<(), tama_egtb::Error>(())
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

mod batch;
mod captures;
mod distance_table;
mod error;
mod file;
mod generate;
mod index;
mod material;
mod probe;
mod retro;
mod root;
mod set;
mod tablebase;
mod threads;
mod value;
mod verify;
mod verify_memory;
mod wdl;
mod working_state;

pub use error::Error;
pub use file::{table_path, TableInfo};
pub use generate::{generate, GenOptions, Layout, Progress, UnitReport};
pub use material::{Material, ParseMaterialError, Plan, Unit};
pub use root::RankedMove;
pub use set::TablebaseSet;
pub use tablebase::Tablebase;
pub use tama_search::{Oracle, OracleValue, TableKind, Wdl};
pub use verify::{stats_dir, verify_dir, verify_only, FileCheck, Mismatch, TableStats, Verdict};

pub mod tactics;
