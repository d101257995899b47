//! Time controls and the game clock (docs/RULES.md, "Time controls").
//!
//! The clock reads no system time: whoever keeps the game measures how
//! long a player thought and hands the [`Game`](crate::Game) that
//! duration ([`Game::tick`](crate::Game::tick)). The text forms (`3m+2s`,
//! the PDN `TimeControl` tag `180+2`) are tama-notation's.

use core::fmt;
use core::time::Duration;

use crate::{Color, Outcome, Position, Termination};

/// One period of a [`TimeControl`]: a number of moves to make in a time
/// (or the rest of the game), and the time added after each move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stage {
    /// The moves each player makes in this stage, or `None` for the rest
    /// of the game (sudden death).
    pub moves: Option<u32>,
    /// The time this stage gives each player: at the start of the game
    /// for the first stage, added when the previous stage's moves are
    /// made for the others.
    pub time: Duration,
    /// The time added after each move of this stage (Fischer increment).
    pub increment: Duration,
}

impl Stage {
    /// The rest of the game in `time`, with `increment` after each move.
    pub const fn rest(time: Duration, increment: Duration) -> Stage {
        Stage {
            moves: None,
            time,
            increment,
        }
    }
}

/// A time control: one or more [`Stage`]s, played in order.
///
/// - sudden death: one stage without a move count (`45m`);
/// - Fischer increment: a stage with an increment (`3m+2s`);
/// - moves in a time: a stage with a move count (`40/90m`); when it is
///   the last stage it repeats (40 moves in 90 minutes, then 40 more in 90
///   more minutes, …); a stage for the rest of the game may follow
///   (`40/90m:30m`).
///
/// Every stage gives some time; only the last may be for the rest of the
/// game.
///
/// ```
/// use std::time::Duration;
/// use tama_core::{Stage, TimeControl};
///
/// let blitz = TimeControl::fischer(Duration::from_secs(180), Duration::from_secs(2));
/// assert_eq!(blitz.initial(), Duration::from_secs(180));
/// let classic = TimeControl::new(vec![
///     Stage { moves: Some(40), time: Duration::from_secs(5400), increment: Duration::ZERO },
///     Stage::rest(Duration::from_secs(1800), Duration::ZERO),
/// ])
/// .unwrap();
/// // The 40th move is the last of the first stage.
/// assert_eq!(classic.moves_to_go(39), Some(1));
/// assert_eq!(classic.moves_to_go(40), None);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    stages: Vec<Stage>,
}

/// Why [`TimeControl::new`] refused its stages; `stage` counts from 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeControlError {
    /// No stage at all.
    Empty,
    /// A stage of zero moves.
    NoMoves {
        /// The stage's index.
        stage: usize,
    },
    /// A stage that gives no time (the first needs some; the others need
    /// time or an increment).
    NoTime {
        /// The stage's index.
        stage: usize,
    },
    /// A stage after one for the rest of the game.
    AfterRest {
        /// The stage's index.
        stage: usize,
    },
}

impl TimeControlError {
    /// The stage at fault, if any.
    pub fn stage(&self) -> Option<usize> {
        match *self {
            TimeControlError::Empty => None,
            TimeControlError::NoMoves { stage }
            | TimeControlError::NoTime { stage }
            | TimeControlError::AfterRest { stage } => Some(stage),
        }
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Empty => f.write_str("a time control needs a time"),
            TimeControlError::NoMoves { .. } => f.write_str("a stage needs at least one move"),
            TimeControlError::NoTime { stage: 0 } => {
                f.write_str("the first stage needs a time above zero")
            }
            TimeControlError::NoTime { .. } => {
                f.write_str("a stage needs a time or an increment above zero")
            }
            TimeControlError::AfterRest { .. } => {
                f.write_str("a stage for the rest of the game must be the last")
            }
        }
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// A time control of these stages.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] for no stage, a stage of zero moves, a first
    /// stage of no time, a later stage of neither time nor increment, or
    /// a stage after one for the rest of the game.
    pub fn new(stages: Vec<Stage>) -> Result<TimeControl, TimeControlError> {
        if stages.is_empty() {
            return Err(TimeControlError::Empty);
        }
        for (i, s) in stages.iter().enumerate() {
            if s.moves == Some(0) {
                return Err(TimeControlError::NoMoves { stage: i });
            }
            let gives = if i == 0 {
                !s.time.is_zero()
            } else {
                !(s.time.is_zero() && s.increment.is_zero())
            };
            if !gives {
                return Err(TimeControlError::NoTime { stage: i });
            }
            if s.moves.is_none() && i + 1 < stages.len() {
                return Err(TimeControlError::AfterRest { stage: i + 1 });
            }
        }
        Ok(TimeControl { stages })
    }

    /// Sudden death: the whole game in `time` (TÜDAF's championships:
    /// 45 minutes).
    ///
    /// # Panics
    ///
    /// If `time` is zero.
    pub fn sudden_death(time: Duration) -> TimeControl {
        TimeControl::fischer(time, Duration::ZERO)
    }

    /// The whole game in `time`, with `increment` added after each move.
    ///
    /// # Panics
    ///
    /// If `time` is zero.
    pub fn fischer(time: Duration, increment: Duration) -> TimeControl {
        TimeControl::new(vec![Stage::rest(time, increment)]).expect("a time above zero")
    }

    /// The stages, in order.
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// Each player's time at the start of the game.
    pub fn initial(&self) -> Duration {
        self.stages[0].time
    }

    /// The stage of the move a player makes after `made` moves, and how
    /// many moves (this one included) remain until that stage's control,
    /// `None` in a stage for the rest of the game.
    fn locate(&self, made: u32) -> (usize, Option<u32>) {
        let made = u64::from(made);
        let mut start = 0u64;
        for (i, s) in self.stages.iter().enumerate() {
            let Some(m) = s.moves else {
                return (i, None);
            };
            let end = start + u64::from(m);
            if made < end {
                return (i, Some((end - made) as u32));
            }
            start = end;
        }
        // Past every stage: the last one (which has a move count) repeats.
        let last = self.stages.len() - 1;
        let m = u64::from(self.stages[last].moves.unwrap_or(1));
        let into = (made - start) % m;
        (last, Some((m - into) as u32))
    }

    /// The moves, counting the next one, that a player who has made
    /// `made` moves still has to make before the next control; `None`
    /// once the rest of the game is in one stage.
    pub fn moves_to_go(&self, made: u32) -> Option<u32> {
        self.locate(made).1
    }

    /// The increment of the move a player makes after `made` moves.
    pub fn increment(&self, made: u32) -> Duration {
        self.stages[self.locate(made).0].increment
    }

    /// The time a player who had made `made` moves gets after making one
    /// more: the stage's increment, and the next stage's time when this
    /// move reaches a control.
    pub fn credit(&self, made: u32) -> Duration {
        let (stage, to_go) = self.locate(made);
        let mut credit = self.stages[stage].increment;
        if to_go == Some(1) {
            let next = self.locate(made.saturating_add(1)).0;
            credit = credit.saturating_add(self.stages[next].time);
        }
        credit
    }
}

/// What running out of time (a flag) does: a switch of the clock.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum FlagRule {
    /// A flag loses, whatever the position (TÜDAF).
    #[default]
    Lose,
    /// A flag loses, except that the game is a draw when the other side
    /// has no way to win ([`Position::cannot_win`]).
    DrawIfNoWin,
}

impl FlagRule {
    /// Both rules, the default first.
    pub const ALL: [FlagRule; 2] = [FlagRule::Lose, FlagRule::DrawIfNoWin];

    /// The rule's name: `lose`, `draw-if-no-win`.
    pub const fn name(self) -> &'static str {
        match self {
            FlagRule::Lose => "lose",
            FlagRule::DrawIfNoWin => "draw-if-no-win",
        }
    }

    /// The outcome when `flagged` runs out of time in `pos`: a time
    /// forfeit, won by the other side or drawn.
    pub fn outcome(self, pos: &Position, flagged: Color) -> Outcome {
        let other = flagged.opponent();
        if self == FlagRule::DrawIfNoWin && pos.cannot_win(other) {
            Outcome::draw(Termination::TimeForfeit)
        } else {
            Outcome::win(other, Termination::TimeForfeit)
        }
    }
}

impl fmt::Display for FlagRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Position {
    /// Whether `color` has no way to win this game by any series of legal
    /// moves, as far as the rules decide it exactly: it has no piece left.
    ///
    /// Captures are compulsory, so any piece can win when the other side
    /// runs its pieces into it; a side with a piece therefore always has
    /// some way to win, and this test is exact (docs/RULES.md, "Time
    /// controls"). A side to move without pieces has lost on the board;
    /// the case arises for the side not to move in a set-up position.
    pub fn cannot_win(&self, color: Color) -> bool {
        self.pieces(color).is_empty()
    }
}

/// A game clock: the time control, the flag rule, each player's time
/// left and the time each player had left after each of its moves. It is
/// owned by a [`Game`](crate::Game), which runs it: the side to move's
/// clock runs while the game goes on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameClock {
    control: TimeControl,
    flag_rule: FlagRule,
    left: [Duration; 2],
    made: [u32; 2],
    /// The time left of the player of each move, after the move (its
    /// increment included), in the order of the moves.
    after: Vec<Duration>,
    flagged: Option<Color>,
}

impl GameClock {
    /// A clock at the start: both players have the control's initial time.
    pub fn new(control: TimeControl, flag_rule: FlagRule) -> GameClock {
        let t = control.initial();
        GameClock {
            control,
            flag_rule,
            left: [t, t],
            made: [0, 0],
            after: Vec::new(),
            flagged: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// What a flag does.
    pub fn flag_rule(&self) -> FlagRule {
        self.flag_rule
    }

    /// `color`'s time left.
    pub fn left(&self, color: Color) -> Duration {
        self.left[color.index()]
    }

    /// The player whose time ran out, if one did.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// The moves `color` makes, its next one included, before its next
    /// control; `None` in a stage for the rest of the game.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        self.control.moves_to_go(self.made[color.index()])
    }

    /// The increment of `color`'s next move.
    pub fn increment(&self, color: Color) -> Duration {
        self.control.increment(self.made[color.index()])
    }

    /// The time each move's player had left after it (its increment
    /// included), in the order of the moves made on this clock.
    pub fn times(&self) -> &[Duration] {
        &self.after
    }

    /// `color` thought for `elapsed`: its time goes down, and when
    /// nothing is left its flag falls. Returns whether it did.
    pub(crate) fn spend(&mut self, color: Color, elapsed: Duration) -> bool {
        let left = &mut self.left[color.index()];
        if elapsed >= *left {
            *left = Duration::ZERO;
            self.flagged = Some(color);
            return true;
        }
        *left -= elapsed;
        false
    }

    /// `color` made a move: its increment (and a new stage's time) is
    /// added, or its time left is `given`.
    pub(crate) fn moved(&mut self, color: Color, given: Option<Duration>) {
        let i = color.index();
        let credit = self.control.credit(self.made[i]);
        self.made[i] = self.made[i].saturating_add(1);
        self.left[i] = given.unwrap_or_else(|| self.left[i].saturating_add(credit));
        self.after.push(self.left[i]);
    }

    /// Takes back `color`'s last move: both clocks show what they did
    /// when that move's player started thinking (after the moves before
    /// it), and a fallen flag is raised again.
    pub(crate) fn unmoved(&mut self, color: Color) {
        let i = color.index();
        self.made[i] = self.made[i].saturating_sub(1);
        self.after.pop();
        let k = self.after.len();
        let initial = self.control.initial();
        self.left[i] = if k >= 2 { self.after[k - 2] } else { initial };
        let other = color.opponent().index();
        if k >= 1 {
            self.left[other] = self.after[k - 1];
        } else if self.made[other] == 0 {
            self.left[other] = initial;
        }
        self.flagged = None;
    }

    /// `color`'s flag falls: nothing is left (a time forfeit recorded
    /// without the time it took).
    pub(crate) fn fall(&mut self, color: Color) {
        self.left[color.index()] = Duration::ZERO;
        self.flagged = Some(color);
    }

    /// Raises a fallen flag (the game was reopened); the time left stays
    /// at zero until a move is taken back.
    pub(crate) fn raise_flag(&mut self) {
        self.flagged = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn stages_are_checked() {
        let st = |moves, time, inc| Stage {
            moves,
            time: s(time),
            increment: s(inc),
        };
        assert_eq!(TimeControl::new(vec![]), Err(TimeControlError::Empty));
        assert_eq!(
            TimeControl::new(vec![st(Some(0), 60, 0)]),
            Err(TimeControlError::NoMoves { stage: 0 })
        );
        assert_eq!(
            TimeControl::new(vec![st(None, 0, 2)]),
            Err(TimeControlError::NoTime { stage: 0 })
        );
        assert_eq!(
            TimeControl::new(vec![st(Some(40), 60, 0), st(None, 0, 0)]),
            Err(TimeControlError::NoTime { stage: 1 })
        );
        assert_eq!(
            TimeControl::new(vec![st(None, 60, 0), st(None, 60, 0)]),
            Err(TimeControlError::AfterRest { stage: 1 })
        );
        assert!(TimeControl::new(vec![st(Some(40), 60, 0), st(None, 0, 5)]).is_ok());
        for e in [
            TimeControlError::Empty,
            TimeControlError::NoMoves { stage: 0 },
            TimeControlError::NoTime { stage: 0 },
            TimeControlError::NoTime { stage: 1 },
            TimeControlError::AfterRest { stage: 1 },
        ] {
            let text = e.to_string();
            assert!(text.starts_with(|c: char| c.is_lowercase()) && !text.ends_with('.'));
        }
    }

    #[test]
    fn moves_in_a_time_repeat_and_hand_over_to_the_rest() {
        let repeat = TimeControl::new(vec![Stage {
            moves: Some(40),
            time: s(5400),
            increment: Duration::ZERO,
        }])
        .unwrap();
        assert_eq!(repeat.moves_to_go(0), Some(40));
        assert_eq!(repeat.moves_to_go(39), Some(1));
        assert_eq!(repeat.moves_to_go(40), Some(40));
        assert_eq!(repeat.moves_to_go(u32::MAX), Some(40 - (u32::MAX % 40)));
        // The 40th move brings the next 90 minutes.
        assert_eq!(repeat.credit(38), Duration::ZERO);
        assert_eq!(repeat.credit(39), s(5400));
        assert_eq!(repeat.credit(79), s(5400));
        let two = TimeControl::new(vec![
            Stage {
                moves: Some(40),
                time: s(5400),
                increment: s(30),
            },
            Stage::rest(s(1800), s(30)),
        ])
        .unwrap();
        assert_eq!(two.credit(0), s(30));
        assert_eq!(two.credit(39), s(1830));
        assert_eq!(two.credit(40), s(30));
        assert_eq!(two.moves_to_go(40), None);
    }

    #[test]
    fn the_clock_runs_down_adds_increments_and_flags() {
        let mut c = GameClock::new(TimeControl::fischer(s(10), s(2)), FlagRule::Lose);
        assert!(!c.spend(Color::White, s(3)));
        c.moved(Color::White, None);
        assert_eq!(c.left(Color::White), s(9));
        assert!(!c.spend(Color::Black, s(1)));
        c.moved(Color::Black, Some(s(4)));
        assert_eq!(c.left(Color::Black), s(4));
        assert_eq!(c.times(), &[s(9), s(4)]);
        assert!(c.spend(Color::White, s(9)));
        assert_eq!(c.left(Color::White), Duration::ZERO);
        assert_eq!(c.flagged(), Some(Color::White));
        // Taking back Black's move: White shows 9 s again, Black 10 s.
        c.unmoved(Color::Black);
        assert_eq!(c.flagged(), None);
        assert_eq!((c.left(Color::White), c.left(Color::Black)), (s(9), s(10)));
        c.unmoved(Color::White);
        assert_eq!((c.left(Color::White), c.left(Color::Black)), (s(10), s(10)));
        assert!(c.times().is_empty());
    }

    #[test]
    fn a_flag_draws_only_when_the_other_side_has_nothing() {
        let mut setup = crate::Setup::empty(Color::White);
        setup.put(
            crate::Square::A2,
            crate::Piece::new(Color::White, crate::Role::Man),
        );
        let pos = Position::from_setup(setup).unwrap();
        assert!(pos.cannot_win(Color::Black));
        assert!(!pos.cannot_win(Color::White));
        assert_eq!(
            FlagRule::DrawIfNoWin.outcome(&pos, Color::White),
            Outcome::draw(Termination::TimeForfeit)
        );
        assert_eq!(
            FlagRule::Lose.outcome(&pos, Color::White),
            Outcome::win(Color::Black, Termination::TimeForfeit)
        );
        let start = Position::start();
        for rule in FlagRule::ALL {
            assert_eq!(
                rule.outcome(&start, Color::Black),
                Outcome::win(Color::White, Termination::TimeForfeit)
            );
        }
    }
}
