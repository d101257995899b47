//! The learning loop of the tama engine: self-play data, its file format,
//! and the trainer of the learned evaluation (docs/TRAINING.md).
//!
//! - [`generate`](mod@generate): self-play games whose quiet positions are
//!   recorded with the search score, the ply and the game's result (exact
//!   from tablebases when given), in files that do not depend on the
//!   number of threads or shards;
//! - [`data`]: every data file of some directories, read and checked;
//! - [`format`](mod@format): the data file (header, 24-byte records, checksum), its
//!   writer and its reader, which refuses a damaged file;
//! - [`train`](mod@train): logistic regression of the pattern weights of
//!   [`tama_search::learned`] (alone, or a correction added to the
//!   classic evaluation) on the results blended with the search
//!   scores, reporting the loss per epoch on a training and a held-out
//!   part, and the weights file it writes.
//!
//! ```
//! use tama_core::{Position, Rules};
//! use tama_learn::format::{read_data, write_data, GameResult, Header, Record, SearchLimit};
//!
//! let header = Header {
//!     rules: Rules::ARMENIAN,
//!     seed: 1,
//!     first_game: 0,
//!     games: 1,
//!     limit: SearchLimit::Nodes(1000),
//!     egtb_pieces: 0,
//! };
//! let record = Record {
//!     position: Position::start(),
//!     score: 12,
//!     ply: 0,
//!     result: GameResult::Draw,
//!     exact: false,
//!     game_start: true,
//!     proven: false,
//! };
//! let bytes = write_data(&header, &[record]);
//! assert_eq!(read_data(&bytes).unwrap(), (header, vec![record]));
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod data;
pub mod format;
pub mod generate;
pub mod train;

pub use data::{load, Dataset, LoadError};
pub use generate::{generate, GenConfig, GenError, GenReport, Progress};
pub use train::{train, EpochReport, TrainConfig, TrainError, Trained};
