//! The endgame oracle hook: a source of exact values (an endgame
//! tablebase, or a test double) that the engine consults.
//!
//! The engine asks the oracle at the root and at interior nodes whose
//! piece count is covered ([`EndgameOracle::max_pieces`]) and where no
//! capture is pending. An answer is the value of the position for the side
//! to move with the distance to the result; `None` means "not covered" and
//! the engine searches as usual.
//!
//! # How the engine uses the answers
//!
//! - **Interior nodes**: a position reached in the search whose piece
//!   count is at most [`EndgameOracle::max_pieces`] and where the side to
//!   move has no capture is probed (a capture position is searched through
//!   to its quiet successors, which are probed in turn). The rules decide
//!   first: the one-each draw and a repetition are draws without a probe.
//!   An answer ends the node like an exact table hit.
//! - **Scores**: a win with distance `d` found `p` plies from the root is
//!   the score *win in `p + d`* ([`Score::win_in`]), a loss *loss in
//!   `p + d`*, a draw 0. Wins found by the search itself and the oracle's
//!   are on one scale: exact when the oracle counts plies to the end of the
//!   game, an ordering by distance otherwise. Distances are capped at
//!   4095 plies.
//! - **Root**: when every legal move leads to a position the oracle or the
//!   rules decide, the engine plays the move that keeps the value with the
//!   best distance (the shortest win, the longest loss, any move that
//!   keeps a draw) without searching, unless the limits say `infinite`. So
//!   a perfect oracle makes it convert every won position and hold every
//!   drawn one.
//! - **Interior nodes ask [`EndgameOracle::probe_in_search`]**, the root
//!   [`EndgameOracle::probe`]: an oracle may answer the search from
//!   smaller win/draw/loss tables (a value of [`TableKind::Wdl`], whose
//!   wins the search scores beyond every counted distance) and the root
//!   from distance tables, which convert.
//! - **Reports**: [`BestMove::tb`](crate::BestMove::tb),
//!   [`RootLine::tb`](crate::RootLine::tb) and [`Info::tb`](crate::Info::tb) carry
//!   the oracle's value of a root move when it has one, and `tbhits` counts
//!   the answers.

use std::fmt;
use std::sync::Arc;

use tama_core::{Position, Rules};

use crate::score::{Score, MATE, MAX_DISTANCE};

/// Win, draw or loss for the side to move: `win`, `draw`, `loss` as text
/// and (with the `serde` feature) JSON.
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
    /// Every value, the best first.
    pub const ALL: [Wdl; 3] = [Wdl::Win, Wdl::Draw, Wdl::Loss];

    /// `win`, `draw` or `loss`.
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }

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

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of table behind an oracle's value: `"distance"` (the value
/// and the plies to the result) or `"wdl"` (the value only), as reports
/// and `tama egtb probe` write it (the `serde` feature).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum TableKind {
    /// A distance table: every position's value and distance to the
    /// result.
    #[default]
    Distance,
    /// A win/draw/loss table: only the value.
    Wdl,
}

impl TableKind {
    /// `distance` or `wdl`.
    pub const fn name(self) -> &'static str {
        match self {
            TableKind::Distance => "distance",
            TableKind::Wdl => "wdl",
        }
    }

    /// Whether this is [`TableKind::Distance`].
    pub fn is_distance(&self) -> bool {
        *self == TableKind::Distance
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An oracle's answer for one position. With the `serde` feature
/// `{"wdl": "win", "distance": 7}`, with `"tbkind": "wdl"` added for a
/// win/draw/loss table's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OracleValue {
    /// The value for the side to move.
    pub wdl: Wdl,
    /// Plies to the result with best play by both sides under the oracle's
    /// metric (for a win, the fewest plies the winner needs; for a loss,
    /// the most the loser can hold out); 0 for a draw, and for a value of
    /// a win/draw/loss table, which knows no distance.
    pub distance: u32,
    /// The kind of table that gave the value.
    #[cfg_attr(
        feature = "serde",
        serde(
            rename = "tbkind",
            default,
            skip_serializing_if = "TableKind::is_distance"
        )
    )]
    pub kind: TableKind,
}

impl OracleValue {
    /// A distance table's value: `wdl` in `distance` plies.
    pub const fn counted(wdl: Wdl, distance: u32) -> OracleValue {
        OracleValue {
            wdl,
            distance,
            kind: TableKind::Distance,
        }
    }

    /// A win/draw/loss table's value: `wdl`, without a distance.
    pub const fn wdl_only(wdl: Wdl) -> OracleValue {
        OracleValue {
            wdl,
            distance: 0,
            kind: TableKind::Wdl,
        }
    }

    /// The distance, when the value has one (a distance table's).
    pub fn known_distance(self) -> Option<u32> {
        self.kind.is_distance().then_some(self.distance)
    }

    /// The value of the position before the last move, for the side that
    /// made it: the result flipped, one ply further away (a draw stays a
    /// draw at distance 0; a value without a distance stays without one).
    ///
    /// ```
    /// use tama_search::{OracleValue, Wdl};
    ///
    /// let lost = OracleValue::counted(Wdl::Loss, 6);
    /// assert_eq!(lost.for_mover(), OracleValue::counted(Wdl::Win, 7));
    /// let lost = OracleValue::wdl_only(Wdl::Loss);
    /// assert_eq!(lost.for_mover(), OracleValue::wdl_only(Wdl::Win));
    /// ```
    #[must_use]
    pub fn for_mover(self) -> OracleValue {
        match (self.wdl, self.kind) {
            (Wdl::Draw, kind) => OracleValue {
                wdl: Wdl::Draw,
                distance: 0,
                kind,
            },
            (wdl, TableKind::Wdl) => OracleValue::wdl_only(wdl.flip()),
            (wdl, TableKind::Distance) => {
                OracleValue::counted(wdl.flip(), self.distance.saturating_add(1))
            }
        }
    }

    /// The value as a search score for the side to move: a win in
    /// `distance` plies, a loss in `distance` plies, or a draw (distances
    /// beyond 4095 count as 4095). A win or loss without a distance (a
    /// win/draw/loss table's) counts as [`WDL_DISTANCE`] plies: longer
    /// than any counted one, so the search prefers the nearest such node
    /// and any win it counts exactly.
    ///
    /// ```
    /// use tama_search::{OracleValue, Score, Wdl};
    ///
    /// assert_eq!(OracleValue::counted(Wdl::Win, 37).score(), Score::win_in(37));
    /// assert!(OracleValue::wdl_only(Wdl::Win).score() < Score::win_in(2000));
    /// ```
    pub fn score(self) -> Score {
        Score::from_raw(self.raw_score(0))
    }

    /// The score of this value found `ply` plies from the root, as the
    /// search keeps it.
    pub(crate) fn raw_score(self, ply: usize) -> i32 {
        let distance = match self.kind {
            TableKind::Distance => self.distance,
            TableKind::Wdl => WDL_DISTANCE,
        };
        let d = (u64::from(distance) + ply as u64).min(u64::from(MAX_DISTANCE - 1)) as i32;
        match self.wdl {
            Wdl::Win => MATE - d,
            Wdl::Draw => 0,
            Wdl::Loss => -MATE + d,
        }
    }
}

/// The distance at which the search scores a win or loss known without its
/// length (a value of [`TableKind::Wdl`]): longer than any win an endgame
/// table counts, shorter than the search's horizon of 4,095 plies.
pub const WDL_DISTANCE: u32 = 2048;

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

    /// The value of `pos` for an interior node of the search, where only
    /// win, draw or loss matters and speed does: by default
    /// [`EndgameOracle::probe`]. An oracle that knows only win, draw or
    /// loss there (win/draw/loss tablebases) answers with a value of
    /// [`TableKind::Wdl`] ([`OracleValue::wdl_only`]).
    fn probe_in_search(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        self.probe(pos, rules)
    }

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

impl Eq for Oracle {}

impl fmt::Debug for Oracle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Oracle").field(&self.0.name()).finish()
    }
}
