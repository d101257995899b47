//! The endgame oracle hook: a source of exact values (an endgame
//! tablebase, or a test double) that the engine consults.
//!
//! The engine asks the oracle at the root and at interior nodes whose
//! piece count is covered ([`EndgameOracle::max_pieces`]) and where no
//! capture is pending. An answer is the value of the position for the side
//! to move with the distance to the result; `None` means "not covered" and
//! the engine searches as usual.

use std::fmt;
use std::sync::Arc;

use tama_core::{Position, Rules};

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses with best play.
    Loss,
}

impl Wdl {
    /// The value for the other side.
    #[must_use]
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// An oracle's answer for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OracleValue {
    /// The value for the side to move.
    pub wdl: Wdl,
    /// Plies to the result with best play by both sides under the oracle's
    /// metric (for a win, the fewest plies the winner needs; for a loss,
    /// the most the loser can hold out); 0 for a draw.
    pub distance: u32,
}

/// A source of exact endgame values.
///
/// Implementations must be cheap to call from many threads at once.
pub trait EndgameOracle: Send + Sync {
    /// The largest number of pieces (both sides) the oracle may cover; the
    /// engine does not ask about positions with more.
    fn max_pieces(&self) -> u32;

    /// The value of `pos` under `rules` for the side to move, or `None`
    /// when the position is not covered.
    fn probe(&self, pos: &Position, rules: &Rules) -> Option<OracleValue>;

    /// A short description for logs (e.g. the tablebase directory).
    fn name(&self) -> String {
        String::from("oracle")
    }
}

/// A shared endgame oracle, as [`EngineConfig`](crate::EngineConfig)
/// carries it.
///
/// Two handles are equal when they share the same oracle.
#[derive(Clone)]
pub struct Oracle(pub Arc<dyn EndgameOracle>);

impl Oracle {
    /// Wraps an oracle.
    pub fn new(oracle: impl EndgameOracle + 'static) -> Oracle {
        Oracle(Arc::new(oracle))
    }
}

impl std::ops::Deref for Oracle {
    type Target = dyn EndgameOracle;
    fn deref(&self) -> &Self::Target {
        &*self.0
    }
}

impl PartialEq for Oracle {
    fn eq(&self, other: &Oracle) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for Oracle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Oracle").field(&self.0.name()).finish()
    }
}
