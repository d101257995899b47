//! Search limits and time management; the checks every front end makes
//! of the limits a user asks for; the levels of play.

use core::fmt;
use std::time::Duration;

use tama_core::{Color, Game};

use crate::params::SearchParams;
use crate::score::MAX_PLY;

/// The deepest iteration the engine starts.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

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

    /// The engine's view of a game's clock ([`Game::clock`]): each side's
    /// time left and the increment of its next move, and the moves the
    /// side to move has to make before its next control. `None` for a game
    /// without a clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tama_core::{FlagRule, Game, GameClock, Rules, TimeControl};
    /// use tama_search::{Clock, Limits};
    ///
    /// let control = TimeControl::fischer(Duration::from_secs(300), Duration::from_secs(3));
    /// let game = Game::new(Rules::ARMENIAN).with_clock(GameClock::new(control, FlagRule::Lose));
    /// let clock = Clock::of_game(&game).unwrap();
    /// assert_eq!(clock.white, Duration::from_secs(300));
    /// assert_eq!(clock.black_increment, Duration::from_secs(3));
    /// assert_eq!(Limits::default().with_clock_of(&game).clock, Some(clock));
    /// ```
    pub fn of_game(game: &Game) -> Option<Clock> {
        let clock = game.clock()?;
        Some(Clock {
            white: clock.left(Color::White),
            black: clock.left(Color::Black),
            white_increment: clock.increment(Color::White),
            black_increment: clock.increment(Color::Black),
            moves_to_go: clock.moves_to_go(game.position().turn()),
        })
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
    /// A ponder search, on the opponent's time: the root is the position
    /// after the opponent's expected move, and the time limits (movetime,
    /// clock: the engine's own time, which does not run while it ponders)
    /// start only when the host tells it the move was played
    /// ([`StopHandle::ponder_hit`](crate::StopHandle::ponder_hit)): the
    /// hard limit counts from the hit, the soft budget counts the thinking
    /// since the start, so a long ponder gives a quick move. Depth and node
    /// limits and the early ends (a single legal move, the book, the
    /// oracle, a proven result) apply as usual, so a ponder search may end
    /// before its hit: the host keeps its result until the hit (then plays
    /// it) or a miss (then drops it). A miss is a
    /// [`stop`](crate::StopHandle::stop).
    pub ponder: bool,
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
        ponder: false,
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

    /// The limits a user asked for (as [`given`](Limits::given)), checked
    /// against `bounds`: a depth from 1 to `bounds.depth`, at least one
    /// node, a movetime of at least a millisecond and at most
    /// `bounds.movetime`. Every front end (the web API, Python, match
    /// players) checks its limits here, so they all refuse the same values
    /// with the same words.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tama_search::{LimitBounds, Limits};
    ///
    /// let bounds = LimitBounds { depth: 60, movetime: Some(Duration::from_secs(30)) };
    /// let ok = Limits::checked(Some(8), None, None, bounds).unwrap();
    /// assert_eq!(ok, Limits::depth(8));
    /// let err = Limits::checked(Some(61), None, None, bounds).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid depth 61: expected 1 to 60");
    /// assert_eq!(err.field(), "depth");
    /// ```
    ///
    /// # Errors
    ///
    /// [`LimitError`] naming the first field out of its range.
    pub fn checked(
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<Duration>,
        bounds: LimitBounds,
    ) -> Result<Limits, LimitError> {
        if let Some(d) = depth {
            if !(1..=bounds.depth).contains(&d) {
                return Err(LimitError::Depth {
                    value: d,
                    max: bounds.depth,
                });
            }
        }
        if let Some(t) = movetime {
            let too_long = bounds.movetime.is_some_and(|max| t > max);
            if t < Duration::from_millis(1) || too_long {
                return Err(LimitError::Movetime {
                    value: t,
                    max: bounds.movetime,
                });
            }
        }
        if nodes == Some(0) {
            return Err(LimitError::Nodes);
        }
        Ok(Limits::given(depth, nodes, movetime))
    }

    /// These limits with the clock of `game` ([`Clock::of_game`]), so the
    /// engine manages its own time under it; unchanged for a game without
    /// a clock. Front ends that play on a clock build their limits here.
    #[must_use]
    pub fn with_clock_of(self, game: &Game) -> Limits {
        match Clock::of_game(game) {
            Some(clock) => Limits {
                clock: Some(clock),
                ..self
            },
            None => self,
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

    /// The time the engine means to spend on `turn`'s move under these
    /// limits: under a clock its target for the move (the share of the
    /// time left and of the increment it allows itself), else the
    /// movetime; `None` without a time limit. A player that takes only a
    /// time per move (another program) is given this under a clock.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tama_core::Color;
    /// use tama_search::{params::SearchParams, Clock, Limits};
    ///
    /// let clock = Clock { white: Duration::from_secs(60), black: Duration::from_secs(60), ..Clock::default() };
    /// let limits = Limits { clock: Some(clock), ..Limits::default() };
    /// let t = limits.time_for_move(Color::White, &SearchParams::DEFAULT).unwrap();
    /// assert!(t > Duration::ZERO && t < Duration::from_secs(10));
    /// ```
    pub fn time_for_move(&self, turn: Color, params: &SearchParams) -> Option<Duration> {
        let plan = TimePlan::new(self, turn, params);
        plan.soft.or(plan.hard)
    }
}

/// The most a front end lets one search ask for (see
/// [`Limits::checked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitBounds {
    /// The deepest depth.
    pub depth: u32,
    /// The longest time for the move; `None`: no maximum.
    pub movetime: Option<Duration>,
}

impl LimitBounds {
    /// What the engine itself bounds: a depth up to [`MAX_DEPTH`], any
    /// time.
    pub const ENGINE: LimitBounds = LimitBounds {
        depth: MAX_DEPTH,
        movetime: None,
    };
}

/// A limit out of its range: `invalid depth 61: expected 1 to 60`,
/// `invalid nodes 0: expected at least 1`, `invalid movetime 0: expected
/// at least 1 millisecond` (the movetime in milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitError {
    /// A depth of 0 or over the bound.
    Depth {
        /// The depth asked for.
        value: u32,
        /// The deepest allowed.
        max: u32,
    },
    /// No node at all.
    Nodes,
    /// A movetime under a millisecond or over the bound.
    Movetime {
        /// The time asked for.
        value: Duration,
        /// The longest allowed, if any.
        max: Option<Duration>,
    },
}

impl LimitError {
    /// The field out of range: `depth`, `nodes` or `movetime`.
    pub fn field(&self) -> &'static str {
        match self {
            LimitError::Depth { .. } => "depth",
            LimitError::Nodes => "nodes",
            LimitError::Movetime { .. } => "movetime",
        }
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LimitError::Depth { value, max } => {
                write!(f, "invalid depth {value}: expected 1 to {max}")
            }
            LimitError::Nodes => f.write_str("invalid nodes 0: expected at least 1"),
            LimitError::Movetime { value, max } => {
                // Whole milliseconds as such, a fraction with its decimals.
                let ms = value.as_secs_f64() * 1000.0;
                write!(f, "invalid movetime {ms}: ")?;
                match max {
                    Some(max) => write!(f, "expected 1 to {} milliseconds", max.as_millis()),
                    None => f.write_str("expected at least 1 millisecond"),
                }
            }
        }
    }
}

impl std::error::Error for LimitError {}

/// A level of play, as `tama play --level` and the web board offer them:
/// a depth (none for the strongest levels) and a time per move, whichever
/// ends the search first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Level {
    /// The level's number, 1 (the weakest) to 10.
    pub level: u8,
    /// The greatest depth, if the level has one.
    pub depth: Option<u32>,
    /// The time per move, in milliseconds.
    pub movetime_ms: u64,
}

/// Depth and time per move of each level (index 0 is level 1).
const LEVEL_LIMITS: [(Option<u32>, u64); 10] = [
    (Some(1), 100),
    (Some(2), 100),
    (Some(3), 150),
    (Some(5), 250),
    (Some(8), 400),
    (Some(11), 700),
    (Some(14), 1000),
    (None, 2000),
    (None, 4000),
    (None, 8000),
];

impl Level {
    /// Every level, the weakest first.
    pub const ALL: [Level; 10] = {
        let mut out = [Level {
            level: 0,
            depth: None,
            movetime_ms: 0,
        }; 10];
        let mut i = 0;
        while i < out.len() {
            out[i] = Level {
                level: i as u8 + 1,
                depth: LEVEL_LIMITS[i].0,
                movetime_ms: LEVEL_LIMITS[i].1,
            };
            i += 1;
        }
        out
    };

    /// The default level, 5: depth 8 or 0.4 s per move, quick enough to
    /// feel responsive and still a fair opponent.
    pub const DEFAULT: Level = Level::ALL[4];

    /// Level `n`, taken into 1 to 10.
    ///
    /// ```
    /// use tama_search::Level;
    ///
    /// assert_eq!(Level::of(5), Level::DEFAULT);
    /// assert_eq!(Level::of(0).level, 1);
    /// assert_eq!(Level::of(99).depth, None);
    /// ```
    pub fn of(n: u8) -> Level {
        Level::ALL[usize::from(n.clamp(1, 10)) - 1]
    }

    /// The search limits of a move at this level.
    pub fn limits(self) -> Limits {
        Limits::given(
            self.depth,
            None,
            Some(Duration::from_millis(self.movetime_ms)),
        )
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
            if params.naive_time_split > 0 {
                // The naive split: a fixed fraction of what is left, plus
                // the increment, all of it spent.
                let t = (avail / params.naive_time_split)
                    .saturating_add(inc)
                    .min(avail.mul_f64(0.85))
                    .max(Duration::from_millis(1));
                plan.hard = Some(plan.hard.map_or(t, |h| h.min(t)));
                return plan;
            }
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
    fn checked_limits_name_the_field_and_its_range() {
        let web = LimitBounds {
            depth: 60,
            movetime: Some(Duration::from_secs(30)),
        };
        let ms = Duration::from_millis;
        let ok = Limits::checked(Some(5), Some(100), Some(ms(250)), web).unwrap();
        assert_eq!(ok, Limits::given(Some(5), Some(100), Some(ms(250))));
        assert_eq!(
            Limits::checked(None, None, None, web),
            Ok(Limits::default())
        );
        let err = |d, n, t, b| Limits::checked(d, n, t, b).unwrap_err().to_string();
        assert_eq!(
            err(Some(0), None, None, web),
            "invalid depth 0: expected 1 to 60"
        );
        assert_eq!(
            err(Some(61), None, None, web),
            "invalid depth 61: expected 1 to 60"
        );
        assert_eq!(
            err(None, None, Some(ms(30_001)), web),
            "invalid movetime 30001: expected 1 to 30000 milliseconds"
        );
        assert_eq!(
            err(None, None, Some(Duration::ZERO), LimitBounds::ENGINE),
            "invalid movetime 0: expected at least 1 millisecond"
        );
        assert_eq!(
            err(
                None,
                None,
                Some(Duration::from_micros(500)),
                LimitBounds::ENGINE
            ),
            "invalid movetime 0.5: expected at least 1 millisecond"
        );
        assert_eq!(
            err(None, Some(0), None, web),
            "invalid nodes 0: expected at least 1"
        );
        let e = Limits::checked(Some(MAX_DEPTH + 1), None, None, LimitBounds::ENGINE).unwrap_err();
        assert_eq!(e.field(), "depth");
        assert!(Limits::checked(
            Some(MAX_DEPTH),
            None,
            Some(Duration::MAX),
            LimitBounds::ENGINE
        )
        .is_ok());
    }

    #[test]
    fn levels_grow_stronger() {
        let mut last = (0, 0);
        for (i, level) in Level::ALL.iter().enumerate() {
            assert_eq!(usize::from(level.level), i + 1);
            assert_eq!(Level::of(level.level), *level);
            let limits = level.limits();
            let depth = limits.depth.unwrap_or(u32::MAX);
            let ms = limits.movetime.unwrap().as_millis();
            assert!(depth >= last.0 && ms >= last.1, "level {}", level.level);
            assert!(depth > last.0 || ms > last.1, "level {}", level.level);
            last = (depth, ms);
        }
        assert_eq!(
            Level::DEFAULT.limits(),
            Limits::given(Some(8), None, Some(Duration::from_millis(400)))
        );
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
