//! Search limits and time management.

use std::time::Duration;

use tama_core::Color;

use crate::params::SearchParams;

/// A game clock: the time left and the increment of each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// White's remaining time.
    pub white: Duration,
    /// Black's remaining time.
    pub black: Duration,
    /// White's increment per move.
    pub white_increment: Duration,
    /// Black's increment per move.
    pub black_increment: Duration,
    /// Moves until the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The remaining time and the increment of `color`.
    pub fn of(&self, color: Color) -> (Duration, Duration) {
        match color {
            Color::White => (self.white, self.white_increment),
            Color::Black => (self.black, self.black_increment),
        }
    }
}

/// When a search ends. Any combination may be given; the search ends at
/// whichever limit comes first. With no limit at all the search runs until
/// it is stopped through a [`StopHandle`](crate::StopHandle) or reaches the
/// greatest depth.
///
/// ```
/// use std::time::Duration;
/// use tama_search::Limits;
///
/// let quick = Limits::depth(8);
/// let both = Limits { movetime: Some(Duration::from_millis(200)), ..Limits::nodes(100_000) };
/// assert_eq!(quick.depth, Some(8));
/// assert_eq!(both.nodes, Some(100_000));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Greatest iteration depth, in plies.
    pub depth: Option<u32>,
    /// Greatest number of nodes (all threads together).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The game clock; the engine budgets its own time from it.
    pub clock: Option<Clock>,
    /// Analysis mode: do not end early on a single legal move or a found
    /// win; only the other limits or a stop end the search.
    pub infinite: bool,
}

impl Limits {
    /// Only a depth limit.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Only a node limit.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Only a time limit for this move.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// No limit, in analysis mode: the search runs until it is stopped
    /// (or reaches the greatest depth).
    pub const INFINITE: Limits = Limits {
        depth: None,
        nodes: None,
        movetime: None,
        clock: None,
        infinite: true,
    };

    /// The limits a front end's options give: a depth, a node count and a
    /// time for the move, any of them or none. Every front end (the
    /// command line, the web API, Python, match players) builds its limits
    /// here; [`or`](Limits::or) supplies its default when none is given.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tama_search::Limits;
    ///
    /// let asked = Limits::given(Some(8), None, Some(Duration::from_millis(500)));
    /// assert_eq!((asked.depth, asked.nodes), (Some(8), None));
    /// let none = Limits::given(None, None, None);
    /// assert_eq!(none.or(Limits::depth(6)), Limits::depth(6));
    /// assert_eq!(asked.or(Limits::depth(6)), asked);
    /// ```
    pub fn given(depth: Option<u32>, nodes: Option<u64>, movetime: Option<Duration>) -> Limits {
        Limits {
            depth,
            nodes,
            movetime,
            ..Limits::default()
        }
    }

    /// Whether nothing ends the search but a stop: no depth, nodes,
    /// movetime or clock.
    pub fn is_unlimited(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
    }

    /// These limits, or `default` when they limit nothing.
    #[must_use]
    pub fn or(self, default: Limits) -> Limits {
        if self.is_unlimited() {
            default
        } else {
            self
        }
    }

    /// Whether the limits make the search deterministic with one thread
    /// (no time-based decision).
    pub fn is_deterministic(&self) -> bool {
        self.movetime.is_none() && self.clock.is_none()
    }

    /// The time after which a search of `turn`'s move under these limits
    /// is cut off (from the movetime, or the share of the clock the engine
    /// allows itself with the given parameters); `None` without a time
    /// limit. Other players (a match's reference player) use it to keep
    /// the same time budget as the engine.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tama_core::Color;
    /// use tama_search::{params::SearchParams, Limits};
    ///
    /// let limits = Limits::movetime(Duration::from_millis(100));
    /// let cut = limits.hard_deadline(Color::White, &SearchParams::DEFAULT).unwrap();
    /// assert!(cut <= Duration::from_millis(100));
    /// assert_eq!(Limits::depth(5).hard_deadline(Color::White, &SearchParams::DEFAULT), None);
    /// ```
    pub fn hard_deadline(&self, turn: Color, params: &SearchParams) -> Option<Duration> {
        TimePlan::new(self, turn, params).hard
    }
}

/// The time budget of one search.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TimePlan {
    /// Do not start a new iteration after this much time.
    pub(crate) soft: Option<Duration>,
    /// Abort the search at this time.
    pub(crate) hard: Option<Duration>,
}

impl TimePlan {
    pub(crate) fn new(limits: &Limits, turn: Color, params: &SearchParams) -> TimePlan {
        let mut plan = TimePlan::default();
        let overhead = Duration::from_millis(params.move_overhead_ms);
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            plan.hard = Some(t);
        }
        if let Some(clock) = &limits.clock {
            let (left, inc) = clock.of(turn);
            let mtg = clock
                .moves_to_go
                .unwrap_or(params.default_moves_to_go)
                .clamp(1, 100);
            let avail = left.saturating_sub(overhead);
            // The target for this move: an equal share of what is left plus
            // most of the increment; never more than 40% (or 85% when this
            // is the last move before the control) of the remaining time.
            let share = (avail / mtg).saturating_add(inc.mul_f64(0.75));
            let cap = if mtg == 1 {
                avail.mul_f64(0.85)
            } else {
                avail.mul_f64(0.4)
            };
            let soft = share.min(cap).max(Duration::from_millis(1));
            let hard = soft.saturating_mul(4).min(cap).max(soft);
            plan.soft = Some(soft);
            plan.hard = Some(match plan.hard {
                Some(h) => h.min(hard),
                None => hard,
            });
        }
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_is_sane() {
        let limits = Limits {
            clock: Some(Clock {
                white: Duration::from_secs(60),
                black: Duration::from_secs(1),
                white_increment: Duration::from_millis(500),
                black_increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let p = SearchParams::DEFAULT;
        let w = TimePlan::new(&limits, Color::White, &p);
        let soft = w.soft.unwrap();
        assert!(soft > Duration::from_millis(1500) && soft < Duration::from_secs(4));
        assert!(w.hard.unwrap() >= soft && w.hard.unwrap() <= Duration::from_secs(24));
        let b = TimePlan::new(&limits, Color::Black, &p);
        assert!(b.hard.unwrap() <= Duration::from_millis(400));
        let mt = TimePlan::new(
            &Limits::movetime(Duration::from_millis(100)),
            Color::White,
            &p,
        );
        assert_eq!(mt.soft, None);
        assert!(mt.hard.unwrap() <= Duration::from_millis(100));
        assert!(TimePlan::new(&Limits::depth(3), Color::White, &p)
            .hard
            .is_none());
    }

    #[test]
    fn huge_clocks_do_not_overflow() {
        let limits = Limits {
            clock: Some(Clock {
                white: Duration::MAX,
                black: Duration::MAX,
                white_increment: Duration::MAX,
                black_increment: Duration::MAX,
                moves_to_go: Some(1),
            }),
            movetime: Some(Duration::MAX),
            ..Limits::default()
        };
        for turn in [Color::White, Color::Black] {
            let plan = TimePlan::new(&limits, turn, &SearchParams::DEFAULT);
            assert!(plan.soft.unwrap() <= plan.hard.unwrap());
        }
    }
}
