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
//! let dir = std::env::temp_dir().join(format!("tama-egtb-doc-{}", std::process::id()));
//! // Solve every 2-piece table of Turkish draughts.
//! generate(&dir, &Rules::TURKISH, &Plan::new(2), None, &GenOptions::default())?;
//! let tb = Tablebase::open(&dir, &Rules::TURKISH)?;
//! // One piece each is a draw in Turkish draughts.
//! let v = tb.probe(&parse_position("W:WKd4:Ba7").unwrap())?.unwrap();
//! assert_eq!(v.wdl, Wdl::Draw);
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), tama_egtb::Error>(())
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

mod cells;
mod check;
mod error;
mod file;
mod generate;
mod index;
mod material;
mod par;
mod probe;
mod retro;
mod set;
mod value;
mod verify;
mod wdl;

pub use error::Error;
pub use file::{Kind, TableInfo, FORMAT_VERSION};
pub use generate::{
    generate, generate_unit, unit_files, GenOptions, Layout, Progress, UnitReport, DECODE_LIMIT,
};
pub use material::{Material, ParseMaterialError, Plan, Unit};
pub use probe::{rules_dir, table_path, Answer, Tablebase, EXTENSION};
pub use set::TablebaseSet;
pub use tama_search::{Oracle, OracleValue, Wdl};
pub use verify::{
    stats_dir, table_dirs, verify_dir, verify_only, verify_table, verify_wdl, FileCheck, Mismatch,
    TableStats, Verdict,
};
pub use wdl::{wdl_from_distance, wdl_path};

pub mod tactics;
