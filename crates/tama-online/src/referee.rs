//! The referee: one live game between two people, as a pure, synchronous
//! state machine over tama-core's [`Game`] and its [`GameClock`].
//!
//! It reads no clock of its own: every call is given the server's time
//! (`now`, in [`Millis`]), so a test decides every instant. Every call that
//! changes the game appends numbered [`Entry`]s to its log; a refused one
//! changes nothing and says why ([`RefereeError`]).

use core::fmt;
use core::time::Duration;

use tama_core::{
    Color, FlagRule, Game, GameClock, Outcome, Position, Rules, Termination, TimeControl,
};
use tama_notation::{parse_move, write_move};

use crate::event::{Entry, Event, Millis, Proposal};

/// The lag compensation a player earns with each move, in milliseconds.
pub const LAG_QUOTA_GAIN: Millis = 100;
/// The most lag compensation a player can have saved up, in
/// milliseconds: no single move is compensated more than this.
pub const LAG_QUOTA_MAX: Millis = 500;
/// The lag compensation each player starts with, in milliseconds.
pub const LAG_QUOTA_START: Millis = 300;
/// How long a player may be gone (no request, no open stream) before the
/// other may claim the win or a draw, in milliseconds.
pub const GONE_LIMIT: Millis = 30_000;
/// How long each player has for their first move (from the game's start,
/// or from White's first move for Black) before the server calls the
/// game off, in milliseconds (lichess aborts such games too).
pub const NO_START_LIMIT: Millis = 30_000;
/// The longest move text accepted, in bytes.
pub const MAX_MOVE_TEXT: usize = 128;

/// How a game is played: the rules, the start position and the clock
/// (none: no time limit).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// The rules.
    pub rules: Rules,
    /// The position the game starts from.
    pub start: Position,
    /// The time control, if the game is played on a clock.
    pub control: Option<TimeControl>,
}

impl Settings {
    /// A game of `rules` from the start position, on a clock of `control`
    /// if given.
    pub fn new(rules: Rules, control: Option<TimeControl>) -> Settings {
        Settings {
            rules,
            start: Position::start(),
            control,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// It goes on.
    Started,
    /// It was called off before both players moved.
    Aborted,
    /// It is over.
    Over(Outcome),
}

/// What a player asks of the referee.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// Play a move given as move text (docs/NOTATION.md: `c3xe7`, or the
    /// whole path `c3xc5xe5xe7`), with the lag the server measured for
    /// the player (half its round trip), in milliseconds.
    Move {
        /// The move text.
        text: String,
        /// The measured lag.
        lag: Millis,
    },
    /// Resign.
    Resign,
    /// Call the game off (only before both players have moved).
    Abort,
    /// Propose (or accept the other's proposal) with `true`, decline
    /// the other's with `false`.
    Answer(Proposal, bool),
    /// Claim the win: the other player has been gone for
    /// [`GONE_LIMIT`].
    ClaimVictory,
    /// Claim a draw: the other player has been gone for [`GONE_LIMIT`].
    ClaimDraw,
}

/// Why the referee refused an action; the game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RefereeError {
    /// The game is over (or aborted).
    GameOver,
    /// The game goes on, and this needs it over (a rematch).
    NotOver,
    /// The other player is to move.
    NotYourTurn,
    /// The move text is not move text, or names no legal move; the
    /// message says which.
    BadMove(String),
    /// Both players have moved: the game can no longer be aborted.
    TooLateToAbort,
    /// The player has no move to take back.
    NothingToTakeBack,
    /// The player already proposed this.
    AlreadyProposed(Proposal),
    /// There is no proposal of the other player to decline.
    NoProposal(Proposal),
    /// The other player is not gone (long enough).
    OpponentNotGone,
    /// A rematch was already agreed.
    RematchDone,
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefereeError::GameOver => f.write_str("the game is over"),
            RefereeError::NotOver => f.write_str("the game is not over"),
            RefereeError::NotYourTurn => f.write_str("it is not your turn"),
            RefereeError::BadMove(m) => write!(f, "{m}"),
            RefereeError::TooLateToAbort => {
                f.write_str("both players have moved: the game can no longer be aborted")
            }
            RefereeError::NothingToTakeBack => f.write_str("you have no move to take back"),
            RefereeError::AlreadyProposed(p) => write!(f, "you already proposed a {}", p.name()),
            RefereeError::NoProposal(p) => write!(f, "there is no {} proposal to answer", p.name()),
            RefereeError::OpponentNotGone => f.write_str("your opponent is not gone"),
            RefereeError::RematchDone => f.write_str("the rematch is already agreed"),
        }
    }
}

impl std::error::Error for RefereeError {}

/// One live game, refereed: see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Referee {
    settings: Settings,
    game: Game,
    aborted: bool,
    log: Vec<Entry>,
    /// When the running clock started (the last move, takeback or resume).
    since: Millis,
    /// The draw and takeback proposals standing, by proposer; the
    /// rematch one too once the game is over.
    standing: [[bool; 3]; 2],
    quota: [Millis; 2],
    seen: [Millis; 2],
    rematch: Option<String>,
}

fn slot(p: Proposal) -> usize {
    match p {
        Proposal::Draw => 0,
        Proposal::Takeback => 1,
        Proposal::Rematch => 2,
    }
}

impl Referee {
    /// A game starting at `now`.
    pub fn new(settings: Settings, now: Millis) -> Referee {
        let mut game = Game::from_position(settings.rules, settings.start);
        if let Some(control) = &settings.control {
            game.set_clock(Some(GameClock::new(control.clone(), FlagRule::Lose)));
        }
        Referee {
            settings,
            game,
            aborted: false,
            log: Vec::new(),
            since: now,
            standing: [[false; 3]; 2],
            quota: [LAG_QUOTA_START; 2],
            seen: [now; 2],
            rematch: None,
        }
    }

    /// The game of `settings` started at `created`, rebuilt from its
    /// log, as it was when its last entry was written.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] when the log does not follow from the settings
    /// (numbers out of order, an illegal move, an event that the game
    /// refuses): a damaged store.
    pub fn replay(
        settings: Settings,
        created: Millis,
        log: &[Entry],
    ) -> Result<Referee, ReplayError> {
        let mut r = Referee::new(settings, created);
        for entry in log {
            if entry.n != r.log.len() as u64 + 1 {
                return Err(ReplayError { n: entry.n });
            }
            r.apply(entry.clone())
                .map_err(|_| ReplayError { n: entry.n })?;
        }
        Ok(r)
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The game (its moves, position and clock).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every entry so far, numbered from 1.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The number of the last entry (0 before any).
    pub fn last(&self) -> u64 {
        self.log.len() as u64
    }

    /// The entries after number `n`.
    pub fn since(&self, n: u64) -> &[Entry] {
        let from = usize::try_from(n).unwrap_or(usize::MAX).min(self.log.len());
        &self.log[from..]
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        if self.aborted {
            return Status::Aborted;
        }
        match self.game.outcome() {
            Some(o) => Status::Over(o),
            None => Status::Started,
        }
    }

    /// Whether `color` has a standing proposal of `what`.
    pub fn proposed(&self, color: Color, what: Proposal) -> bool {
        self.standing[color.index()][slot(what)]
    }

    /// The next game's id, once a rematch was agreed.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// Whether the clocks run: a game on a clock runs them once both
    /// players have made a move, until it ends.
    pub fn clock_running(&self) -> bool {
        self.game.clock().is_some()
            && self.game.moves().len() >= 2
            && self.status() == Status::Started
    }

    /// Both clocks at `now` (the running one charged the time since its
    /// player's turn began), in milliseconds; `None` without a clock.
    pub fn clocks(&self, now: Millis) -> Option<[u64; 2]> {
        let clock = self.game.clock()?;
        let mut left = [Color::White, Color::Black].map(|c| ms(clock.left(c)));
        if self.clock_running() {
            let turn = self.game.position().turn().index();
            left[turn] = left[turn].saturating_sub(now.saturating_sub(self.since));
        }
        Some(left)
    }

    /// When the running clock's flag falls on the server's own timer (its
    /// time left, and the lag compensation its player could still get);
    /// `None` when no clock runs.
    pub fn deadline(&self) -> Option<Millis> {
        if !self.clock_running() {
            return None;
        }
        let turn = self.game.position().turn();
        let left = ms(self.game.clock()?.left(turn));
        Some(
            self.since
                .saturating_add(left)
                .saturating_add(self.quota[turn.index()]),
        )
    }

    /// `color` was seen at `now` (a request, an open stream): it is not
    /// gone. Not an event.
    pub fn touch(&mut self, color: Color, now: Millis) {
        let seen = &mut self.seen[color.index()];
        *seen = (*seen).max(now);
    }

    /// Whether `color` has been gone for [`GONE_LIMIT`] at `now`.
    pub fn gone(&self, color: Color, now: Millis) -> bool {
        now.saturating_sub(self.seen[color.index()]) >= GONE_LIMIT
    }

    /// The server's own timer: at `now`, flags the running clock if its
    /// time (and the compensation it could still get) is spent, and calls
    /// the game off when a first move has not come within
    /// [`NO_START_LIMIT`]. Returns whether the game ended.
    pub fn tick(&mut self, now: Millis) -> bool {
        if self.status() == Status::Started
            && self.game.moves().len() < 2
            && now.saturating_sub(self.since) >= NO_START_LIMIT
        {
            let by = self.game.position().turn();
            self.push(now, Event::NoStart { by });
            return true;
        }
        match self.deadline() {
            Some(d) if now >= d => {
                let turn = self.game.position().turn();
                let outcome = FlagRule::Lose.outcome(self.game.position(), turn);
                self.push(now, Event::End { outcome });
                true
            }
            _ => false,
        }
    }

    /// The server came back at `now` after being down since `down_since`
    /// (its last sign of life): the running clock starts again at `now`,
    /// charged only what its player thought before the server went down.
    pub fn resume(&mut self, down_since: Millis, now: Millis) {
        if self.status() != Status::Started {
            return;
        }
        self.push(
            now,
            Event::Resume {
                down_ms: now.saturating_sub(down_since.max(self.since)),
            },
        );
    }

    /// `color` acts at `now`. The new entries are at the end of the log
    /// ([`Referee::since`]). A flag that fell before the action is
    /// recorded first, whatever the action; a refused action changes
    /// nothing else.
    ///
    /// # Errors
    ///
    /// [`RefereeError`] saying why the action is refused.
    pub fn act(&mut self, color: Color, action: Action, now: Millis) -> Result<(), RefereeError> {
        self.touch(color, now);
        // The server's timer first: a flag that fell before the action.
        self.tick(now);
        if let Status::Over(_) | Status::Aborted = self.status() {
            return match action {
                Action::Answer(Proposal::Rematch, yes) if !self.aborted => {
                    self.answer_rematch(color, yes, now)
                }
                _ => Err(RefereeError::GameOver),
            };
        }
        let other = color.opponent();
        match action {
            Action::Move { text, lag } => self.play(color, &text, lag, now),
            Action::Resign => {
                let outcome = Outcome::win(other, Termination::Resignation);
                self.push(now, Event::End { outcome });
                Ok(())
            }
            Action::Abort => {
                if self.game.moves().len() >= 2 {
                    return Err(RefereeError::TooLateToAbort);
                }
                self.push(now, Event::Abort { by: color });
                Ok(())
            }
            Action::Answer(Proposal::Rematch, _) => Err(RefereeError::NotOver),
            Action::Answer(what, false) => {
                if !self.proposed(other, what) {
                    return Err(RefereeError::NoProposal(what));
                }
                self.push(now, Event::Decline { what, by: color });
                Ok(())
            }
            Action::Answer(what, true) => {
                if self.proposed(color, what) {
                    return Err(RefereeError::AlreadyProposed(what));
                }
                if !self.proposed(other, what) {
                    if what == Proposal::Takeback {
                        self.takeback_plies(color)
                            .ok_or(RefereeError::NothingToTakeBack)?;
                    }
                    self.push(now, Event::Offer { what, by: color });
                } else if what == Proposal::Draw {
                    let outcome = Outcome::draw(Termination::Agreement);
                    self.push(now, Event::End { outcome });
                } else {
                    let plies = self
                        .takeback_plies(other)
                        .ok_or(RefereeError::NothingToTakeBack)?;
                    self.push(now, Event::Takeback { by: other, plies });
                }
                Ok(())
            }
            Action::ClaimVictory | Action::ClaimDraw => {
                if !self.gone(other, now) {
                    return Err(RefereeError::OpponentNotGone);
                }
                let outcome = if action == Action::ClaimVictory {
                    Outcome::win(color, Termination::Adjudication)
                } else {
                    Outcome::draw(Termination::Adjudication)
                };
                self.push(now, Event::End { outcome });
                Ok(())
            }
        }
    }

    /// Rematch proposals, once the game is over.
    fn answer_rematch(&mut self, color: Color, yes: bool, now: Millis) -> Result<(), RefereeError> {
        let what = Proposal::Rematch;
        let other = color.opponent();
        if self.rematch.is_some() {
            return Err(RefereeError::RematchDone);
        }
        if !yes {
            if !self.proposed(other, what) {
                return Err(RefereeError::NoProposal(what));
            }
            self.push(now, Event::Decline { what, by: color });
        } else if self.proposed(color, what) {
            return Err(RefereeError::AlreadyProposed(what));
        } else {
            // When the other proposed too, the rematch is wanted: the next
            // game's id is the server's to give ([`Referee::agree_rematch`]).
            self.push(now, Event::Offer { what, by: color });
        }
        Ok(())
    }

    /// Whether both players want a rematch and none was made yet: the
    /// server then creates the next game and calls
    /// [`Referee::agree_rematch`] with its id.
    pub fn rematch_wanted(&self) -> bool {
        self.rematch.is_none()
            && self.proposed(Color::White, Proposal::Rematch)
            && self.proposed(Color::Black, Proposal::Rematch)
    }

    /// Records the next game, `id`, at `now` (see
    /// [`Referee::rematch_wanted`]).
    pub fn agree_rematch(&mut self, id: &str, now: Millis) {
        if self.rematch.is_none() {
            self.push(now, Event::Rematch { id: id.to_string() });
        }
    }

    /// How many moves a takeback for `color` takes back: its last move,
    /// and the reply to it if there was one; `None` when it has none.
    fn takeback_plies(&self, color: Color) -> Option<u8> {
        let moves = self.game.moves().len();
        let turn = self.game.position().turn();
        let plies: u8 = if turn == color { 2 } else { 1 };
        (moves >= usize::from(plies)).then_some(plies)
    }

    fn play(
        &mut self,
        color: Color,
        text: &str,
        lag: Millis,
        now: Millis,
    ) -> Result<(), RefereeError> {
        if self.game.position().turn() != color {
            return Err(RefereeError::NotYourTurn);
        }
        if text.len() > MAX_MOVE_TEXT {
            return Err(RefereeError::BadMove(format!(
                "move text of {} bytes: at most {MAX_MOVE_TEXT}",
                text.len()
            )));
        }
        let pos = *self.game.position();
        let rules = self.settings.rules;
        let mv =
            parse_move(text, &pos, &rules).map_err(|e| RefereeError::BadMove(e.to_string()))?;
        let canonical = write_move(&pos, &rules, &mv);
        let mut scratch = self.game.clone();
        let mut lag_ms = 0;
        if self.clock_running() {
            let thought = now.saturating_sub(self.since);
            lag_ms = lag.min(self.quota[color.index()]).min(thought);
            if scratch
                .tick(Duration::from_millis(thought - lag_ms))
                .is_some()
            {
                // Out of time even with the compensation: the flag falls.
                let outcome = FlagRule::Lose.outcome(&pos, color);
                self.push(now, Event::End { outcome });
                return Ok(());
            }
        }
        scratch
            .play(&mv)
            .map_err(|e| RefereeError::BadMove(e.to_string()))?;
        let left = scratch
            .clock()
            .map(|c| [Color::White, Color::Black].map(|c2| ms(c.left(c2))));
        self.push(
            now,
            Event::Move {
                text: canonical,
                white_ms: left.map(|l| l[0]),
                black_ms: left.map(|l| l[1]),
                lag_ms,
            },
        );
        if let Some(outcome) = self.game.outcome() {
            self.push(now, Event::End { outcome });
        }
        Ok(())
    }

    /// Appends `event` at `now` and applies it.
    fn push(&mut self, now: Millis, event: Event) {
        let entry = Entry {
            n: self.last() + 1,
            at: now,
            event,
        };
        // An event the referee decided always applies.
        let applied = self.apply(entry);
        debug_assert!(applied.is_ok(), "{applied:?}");
    }

    /// Applies one entry (decided now or read back from a store).
    fn apply(&mut self, entry: Entry) -> Result<(), ()> {
        let at = entry.at;
        match &entry.event {
            Event::Move {
                text,
                white_ms,
                black_ms,
                lag_ms,
            } => {
                let mover = self.game.position().turn();
                let mv =
                    parse_move(text, self.game.position(), &self.settings.rules).map_err(|_| ())?;
                let left = match mover {
                    Color::White => white_ms,
                    Color::Black => black_ms,
                };
                match (self.game.clock(), left) {
                    (Some(_), Some(l)) => self
                        .game
                        .play_with_time_left(&mv, Duration::from_millis(*l)),
                    _ => self.game.play(&mv),
                }
                .map_err(|_| ())?;
                let q = &mut self.quota[mover.index()];
                *q = (q.saturating_sub(*lag_ms) + LAG_QUOTA_GAIN).min(LAG_QUOTA_MAX);
                self.since = at;
                // A move answers the other's proposals (no) and ends every
                // takeback proposal.
                let other = mover.opponent().index();
                self.standing[other][slot(Proposal::Draw)] = false;
                self.standing[0][slot(Proposal::Takeback)] = false;
                self.standing[1][slot(Proposal::Takeback)] = false;
            }
            Event::Offer { what, by } => self.standing[by.index()][slot(*what)] = true,
            Event::Decline { what, by } => {
                self.standing[by.opponent().index()][slot(*what)] = false;
            }
            Event::Takeback { plies, .. } => {
                for _ in 0..*plies {
                    self.game.undo().ok_or(())?;
                }
                self.standing = [[false; 3]; 2];
                self.since = at;
            }
            Event::End { outcome } => {
                if self.game.outcome().is_none() {
                    self.game.end(*outcome).map_err(|_| ())?;
                }
                self.standing = [[false; 3]; 2];
            }
            Event::Abort { .. } | Event::NoStart { .. } => {
                self.aborted = true;
                self.standing = [[false; 3]; 2];
            }
            Event::Rematch { id } => self.rematch = Some(id.clone()),
            Event::Resume { down_ms } => {
                // The turn began later by the time the server was down.
                self.since = self.since.saturating_add(*down_ms);
                self.seen = [at; 2];
            }
        }
        self.log.push(entry);
        Ok(())
    }
}

/// A log that does not rebuild a game: the number of the first entry at
/// fault.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReplayError {
    /// The entry's number.
    pub n: u64,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game's event {} does not follow from those before",
            self.n
        )
    }
}

impl std::error::Error for ReplayError {}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}
