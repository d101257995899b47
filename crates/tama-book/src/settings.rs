//! What decides a book build ([`Settings`]) and how a build fails
//! ([`BuildError`]): shared by the builder and its state file.

use tama_core::Preset;

use crate::BookFileError;

/// The default nodes of each position's search: 2,000,000, about 0.3 s of
/// one thread and depth 9 of a four-line search from the armenian start.
/// A book's leaves must see further than the engine does in a game's
/// move: at 200,000 nodes (depth 6) a book gained +9.9 Elo (−12.3 …
/// +32.2) in 666 games at 100 ms a move, whose searches reach depth 8; at
/// 2,000,000 it passed an SPRT and gained +16.3 (−0.6 … +33.3) in 1,000
/// games (BENCHMARKS.md).
pub const DEFAULT_NODES: u64 = 2_000_000;

/// What decides the book: a build resumes only with the same settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The rules.
    pub preset: Preset,
    /// Nodes of each position's search.
    pub nodes: u64,
    /// Moves each search ranks (multi-PV): the most book moves a position
    /// can get.
    pub lines: u32,
    /// Expansions chosen per batch.
    pub batch: u32,
    /// The cost of one ply in the expansion priority.
    pub ply_cost: u32,
    /// The cost of one centi-man of deviation from the best move.
    pub deviation_cost: u32,
    /// Breaks ties between equal priorities.
    pub seed: u64,
    /// The transposition table of each search, in MiB.
    pub hash_mib: u32,
    /// This build's part of the root's moves, `(index, count)`: the moves
    /// whose rank among the root's candidates is `index` modulo `count`.
    pub shard: (u32, u32),
}

impl Settings {
    /// The defaults of `tama book build` for `preset`.
    pub fn new(preset: Preset) -> Settings {
        Settings {
            preset,
            nodes: DEFAULT_NODES,
            lines: 4,
            batch: 8,
            ply_cost: 10,
            deviation_cost: 3,
            seed: 1,
            hash_mib: 16,
            shard: (0, 1),
        }
    }
}

/// Why a build failed.
#[derive(Debug)]
pub enum BuildError {
    /// The settings make no sense.
    Config(String),
    /// The state file belongs to a build with other settings, or is
    /// damaged.
    State(String),
    /// Writing a file failed.
    Io(BookFileError),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Config(m) | BuildError::State(m) => f.write_str(m),
            BuildError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BuildError {}
