//! What `tama perft --json` and `tama bench --json` print: counts of
//! positions and nodes with their time.

use serde::Serialize;

/// One root move of a divided perft and the leaves below it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerftMove {
    /// Move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// Leaves below it.
    pub nodes: u64,
}

/// A perft count: `{"depth", "nodes", "seconds", "nps", "moves"?}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerftReport {
    /// The depth counted.
    pub depth: u32,
    /// Leaves at that depth.
    pub nodes: u64,
    /// Time taken, to the microsecond.
    pub seconds: f64,
    /// Leaves a second.
    pub nps: u64,
    /// The count by root move, for a divided perft.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<PerftMove>>,
}

/// The search benchmark: `{"nodes", "seconds", "nps", "depth",
/// "positions"}`; its node count is the build's signature.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// Nodes searched over every position.
    pub nodes: u64,
    /// Time taken, to the microsecond.
    pub seconds: f64,
    /// Nodes a second.
    pub nps: u64,
    /// The depth of each search.
    pub depth: u32,
    /// Positions searched.
    pub positions: usize,
}
