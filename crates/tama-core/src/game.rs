//! A game: a start position, the moves played, and the outcome.

use core::fmt;
use core::time::Duration;

use crate::clock::GameClock;
use crate::{Color, IllegalMoveError, Move, MoveList, Position, Repetitions, Rules};

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// The side to move has no legal move (blocked, or no pieces left) and
    /// loses.
    NoLegalMoves,
    /// The same position occurred for the third time (`draw-repetition`).
    Repetition,
    /// Each side has a single piece left (`draw-one-each`).
    OnePieceEach,
    /// The players agreed to a draw.
    Agreement,
    /// A player resigned.
    Resignation,
    /// The game was stopped and scored by an arbiter (for example a match
    /// adjudicating an over-long game).
    Adjudication,
    /// A player ran out of time: a loss, or a draw when the other side
    /// has no way to win and the clock's [`FlagRule`](crate::FlagRule)
    /// says so.
    TimeForfeit,
}

impl Termination {
    /// A short lower-case description.
    pub const fn description(self) -> &'static str {
        match self {
            Termination::NoLegalMoves => "no legal move",
            Termination::Repetition => "threefold repetition",
            Termination::OnePieceEach => "one piece each",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
        }
    }

    /// Every termination, the board's first.
    pub const ALL: [Termination; 7] = [
        Termination::NoLegalMoves,
        Termination::Repetition,
        Termination::OnePieceEach,
        Termination::Agreement,
        Termination::Resignation,
        Termination::Adjudication,
        Termination::TimeForfeit,
    ];

    /// Whether the board itself ends the game this way (no legal move,
    /// repetition, one piece each), as opposed to a decision of the
    /// players or an arbiter.
    pub const fn is_on_board(self) -> bool {
        matches!(
            self,
            Termination::NoLegalMoves | Termination::Repetition | Termination::OnePieceEach
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The result of a finished game.
///
/// Written `white wins (no legal move)`, `draw (threefold repetition)`;
/// with the `serde` feature `{"winner": "white" | "black" | null,
/// "termination": "no legal move"}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Color, termination: Termination) -> Outcome {
        Outcome {
            winner: Some(winner),
            termination,
        }
    }

    /// A draw.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            winner: None,
            termination,
        }
    }
}

/// `white wins (no legal move)`, `draw (threefold repetition)`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(winner) => write!(f, "{winner} wins ({})", self.termination),
            None => write!(f, "draw ({})", self.termination),
        }
    }
}

/// The outcome a position has on the board by itself, ignoring history:
/// a loss for the side to move without legal moves, or a draw by
/// `draw-one-each`.
pub fn position_outcome(pos: &Position, rules: &Rules) -> Option<Outcome> {
    let mut scratch = MoveList::new();
    outcome_given(pos, rules, pos.count_moves(rules, &mut scratch) > 0)
}

/// [`position_outcome`] when whether the side to move has a legal move
/// is already known.
fn outcome_given(pos: &Position, rules: &Rules, has_moves: bool) -> Option<Outcome> {
    if !has_moves {
        return Some(Outcome::win(
            pos.turn().opponent(),
            Termination::NoLegalMoves,
        ));
    }
    if pos.is_draw_one_each(rules) {
        return Some(Outcome::draw(Termination::OnePieceEach));
    }
    None
}

impl Position {
    /// Whether the rules end the game here as a draw because each side has
    /// one piece left (`draw-one-each`; docs/RULES.md). This is the one
    /// test of that rule: the search, the tablebases and PDN replay call
    /// it. (A side to move without a legal move has lost first:
    /// [`position_outcome`] checks that before this.)
    ///
    /// ```
    /// use tama_core::{Color, Piece, Position, Role, Rules, Setup, Square};
    ///
    /// let mut s = Setup::empty(Color::White);
    /// s.put(Square::A1, Piece::new(Color::White, Role::King));
    /// s.put(Square::H8, Piece::new(Color::Black, Role::King));
    /// let pos = Position::from_setup(s).unwrap();
    /// assert!(pos.is_draw_one_each(&Rules::TURKISH));
    /// assert!(!pos.is_draw_one_each(&Rules::ARMENIAN));
    /// ```
    #[inline]
    pub fn is_draw_one_each(&self, rules: &Rules) -> bool {
        rules.draw_one_each
            && self.pieces(Color::White).count() == 1
            && self.pieces(Color::Black).count() == 1
    }
}

/// The outcome on the board at the end of a game's `history`: that of
/// [`position_outcome`] for the last position, else a draw by threefold
/// repetition (under `draw-repetition`). `None` for an empty history.
pub fn history_outcome(history: &Repetitions, rules: &Rules) -> Option<Outcome> {
    let current = history.last()?;
    position_outcome(current, rules).or_else(|| repetition_outcome(history, rules))
}

/// A draw by threefold repetition at the end of `history`, when the rules
/// have it.
fn repetition_outcome(history: &Repetitions, rules: &Rules) -> Option<Outcome> {
    (rules.draw_repetition && history.is_threefold())
        .then_some(Outcome::draw(Termination::Repetition))
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The move is not legal in the current position.
    Illegal(IllegalMoveError),
    /// The game is already over (on the board or off it).
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(e) => write!(f, "{e}"),
            PlayError::GameOver(o) => write!(f, "the game is already over ({})", o.termination),
        }
    }
}

impl std::error::Error for PlayError {}

/// An ending refused because the game is already over; holds how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameOverError(pub Outcome);

impl fmt::Display for GameOverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the game is already over ({})", self.0.termination)
    }
}

impl std::error::Error for GameOverError {}

/// A game: the rules, a start position, the moves played from it, the
/// history needed for repetition, and how the game ended.
///
/// A game ends on the board (no legal move, threefold repetition, one
/// piece each: [`Game::outcome`] sees it after the move) or off it, by a
/// call: [`Game::resign`], [`Game::agree_draw`], [`Game::adjudicate`],
/// [`Game::lose_on_time`]. Once over, it refuses moves and further endings.
/// [`Game::undo`] takes back the last move and reopens a game that ended
/// either way; [`Game::reopen`] cancels an off-board ending alone.
///
/// ```
/// use tama_core::{Color, Game, Outcome, Rules, Termination};
///
/// let mut game = Game::new(Rules::ARMENIAN);
/// let first = game.legal_moves()[0];
/// game.play(&first).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
///
/// // Black resigns: the game is over and refuses moves.
/// game.resign(Color::Black).unwrap();
/// assert_eq!(game.outcome(), Some(Outcome::win(Color::White, Termination::Resignation)));
/// let reply = game.position().legal_moves(game.rules())[0];
/// assert!(game.play(&reply).is_err());
///
/// // Taking back White's move reopens it.
/// game.undo();
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.position(), game.start());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Position,
    history: Repetitions,
    moves: Vec<Move>,
    /// How the game ended off the board, if it did.
    ended: Option<Outcome>,
    /// The game clock, if the game is played on one.
    clock: Option<GameClock>,
}

/// Two games are equal when they have the same rules, start position,
/// moves, off-board ending and clock (their positions follow from those).
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.start == other.start
            && self.moves == other.moves
            && self.ended == other.ended
            && self.clock == other.clock
    }
}

impl Eq for Game {}

impl Game {
    /// A game from the start position.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Position::start())
    }

    /// A game from a set-up position.
    pub fn from_position(rules: Rules, start: Position) -> Game {
        Game {
            rules,
            start,
            history: Repetitions::new(start),
            moves: Vec::new(),
            ended: None,
            clock: None,
        }
    }

    /// This game played on `clock` from now on (a clock set before the
    /// first move times every move). The side to move's clock runs while
    /// the game goes on: [`Game::tick`] charges it the time its player
    /// thought, and each move adds its increment.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tama_core::{Color, FlagRule, Game, GameClock, Outcome, Rules, Termination, TimeControl};
    ///
    /// let control = TimeControl::fischer(Duration::from_secs(60), Duration::from_secs(1));
    /// let mut game = Game::new(Rules::TURKISH).with_clock(GameClock::new(control, FlagRule::Lose));
    /// assert_eq!(game.running_clock(), Some(Color::White));
    /// // White thinks 5 seconds, then moves: 55 s plus the increment.
    /// assert_eq!(game.tick(Duration::from_secs(5)), None);
    /// let first = game.legal_moves()[0];
    /// game.play(&first).unwrap();
    /// assert_eq!(game.clock().unwrap().left(Color::White), Duration::from_secs(56));
    /// // Black's flag falls.
    /// let flag = game.tick(Duration::from_secs(61));
    /// assert_eq!(flag, Some(Outcome::win(Color::White, Termination::TimeForfeit)));
    /// assert_eq!(game.outcome(), flag);
    /// ```
    #[must_use]
    pub fn with_clock(mut self, clock: GameClock) -> Game {
        self.clock = Some(clock);
        self
    }

    /// Puts the game on `clock`, or off any clock with `None` (see
    /// [`Game::with_clock`]).
    pub fn set_clock(&mut self, clock: Option<GameClock>) {
        self.clock = clock;
    }

    /// The game clock, if the game has one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The side whose clock runs: the side to move, while a game on a
    /// clock goes on; `None` without a clock or once the game is over.
    pub fn running_clock(&self) -> Option<Color> {
        self.clock.as_ref()?;
        self.outcome().is_none().then(|| self.position().turn())
    }

    /// The side to move thought for `elapsed` more: its clock goes down by
    /// that much. When its time runs out, its flag falls and the game
    /// ends as the clock's [`FlagRule`](crate::FlagRule) says (a time
    /// forfeit). Returns the outcome when the game is over, whether now
    /// or before (nothing is charged then); `None` while it goes on, and
    /// always without a clock.
    pub fn tick(&mut self, elapsed: Duration) -> Option<Outcome> {
        if let Some(o) = self.outcome() {
            return Some(o);
        }
        let turn = self.position().turn();
        let clock = self.clock.as_mut()?;
        if !clock.spend(turn, elapsed) {
            return None;
        }
        let outcome = clock.flag_rule().outcome(self.position(), turn);
        self.ended = Some(outcome);
        Some(outcome)
    }

    /// [`Game::play`] with the time its player has left after the move
    /// given (as a record of the game tells it) instead of computed. The
    /// time is ignored without a clock.
    ///
    /// # Errors
    ///
    /// As [`Game::play`].
    pub fn play_with_time_left(&mut self, mv: &Move, left: Duration) -> Result<(), PlayError> {
        self.play_timed(mv, Some(left))
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.last().unwrap_or(&self.start)
    }

    /// Every position of the game, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        self.history.positions()
    }

    /// The repetition tracker of the game's positions.
    pub fn history(&self) -> &Repetitions {
        &self.history
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves in the current position (none once the game is
    /// over on the board by having none; after any other ending the
    /// board's moves, which [`Game::play`] refuses).
    pub fn legal_moves(&self) -> MoveList {
        self.position().legal_moves(&self.rules)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game is over (on the board or by
    /// a call), [`PlayError::Illegal`] when the move is not legal in the
    /// current position; the game is unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        self.play_timed(mv, None)
    }

    fn play_timed(&mut self, mv: &Move, left: Option<Duration>) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let next = self
            .position()
            .play(&self.rules, mv)
            .map_err(PlayError::Illegal)?;
        self.push(next, mv, left);
        Ok(())
    }

    /// Records a move checked by the caller, and its clock.
    fn push(&mut self, next: Position, mv: &Move, left: Option<Duration>) {
        let turn = self.position().turn();
        self.history.push(next);
        self.moves.push(*mv);
        if let Some(clock) = &mut self.clock {
            clock.moved(turn, left);
        }
    }

    /// [`Game::play`] for a caller that already holds the legal moves of
    /// the current position: `legal` is that list, as
    /// [`Game::legal_moves`] gives it. The same checks and the same
    /// result, without generating the moves again (twice: once to see
    /// whether the game is over, once to check `mv`). A `legal` that is
    /// not the position's list leaves the game unspecified (but never
    /// unsafe): a move of it is played as if it were legal.
    ///
    /// ```
    /// use tama_core::{Game, Rules};
    ///
    /// let mut game = Game::new(Rules::TURKISH);
    /// let legal = game.legal_moves();
    /// game.play_listed(&legal[0], &legal).unwrap();
    /// assert_eq!(game.moves(), &[legal[0]]);
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Game::play`]: [`PlayError::GameOver`] when the game is over,
    /// [`PlayError::Illegal`] when `mv` is not in `legal`; the game is
    /// unchanged.
    pub fn play_listed(&mut self, mv: &Move, legal: &[Move]) -> Result<(), PlayError> {
        if let Some(o) = self.outcome_listed(legal) {
            return Err(PlayError::GameOver(o));
        }
        if !legal.contains(mv) {
            return Err(PlayError::Illegal(IllegalMoveError { mv: *mv }));
        }
        let next = self.position().play_unchecked(mv);
        self.push(next, mv, None);
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start (the
    /// game is then unchanged). The game goes on from the position before
    /// the move, also when it had ended (on the board or by a call). On a
    /// clock, both clocks show again what they did when the move's player
    /// started thinking.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.history.pop();
        self.ended = None;
        let turn = self.position().turn();
        if let Some(clock) = &mut self.clock {
            clock.unmoved(turn);
        }
        Some(mv)
    }

    /// Cancels an ending by resignation, agreement, adjudication or time
    /// (not one on the board); returns it, or `None` if there was none.
    /// After a flag the clock keeps its zero: the next [`Game::tick`]
    /// ends the game again.
    pub fn reopen(&mut self) -> Option<Outcome> {
        if let Some(clock) = &mut self.clock {
            clock.raise_flag();
        }
        self.ended.take()
    }

    /// How many times the current position has occurred (same pieces, same
    /// side to move), counting this time. Only positions since the last
    /// irreversible move (a capture, a crowning or a man's step forward)
    /// can repeat.
    pub fn repetitions(&self) -> usize {
        self.history.count()
    }

    /// The outcome, if the game is over: ended by a call
    /// ([`Game::resign`] …), or on the board: no legal move, threefold
    /// repetition (`draw-repetition`), or one piece each
    /// (`draw-one-each`).
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended.or_else(|| self.board_outcome())
    }

    /// [`Game::outcome`] for a caller that already holds the legal moves
    /// of the current position (`legal`, as [`Game::legal_moves`] gives
    /// them): the same answer without generating them again.
    pub fn outcome_listed(&self, legal: &[Move]) -> Option<Outcome> {
        self.ended.or_else(|| {
            outcome_given(self.position(), &self.rules, !legal.is_empty())
                .or_else(|| repetition_outcome(&self.history, &self.rules))
        })
    }

    /// The outcome on the board alone, ignoring an ending by a call.
    pub fn board_outcome(&self) -> Option<Outcome> {
        history_outcome(&self.history, &self.rules)
    }

    /// Ends the game off the board with `outcome` (whose termination should
    /// be an off-board one; any is accepted) and returns it. On a clock, a
    /// time forfeit that the side to move does not win is its flag: its
    /// time left becomes zero.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] with the earlier outcome when the game is over.
    pub fn end(&mut self, outcome: Outcome) -> Result<Outcome, GameOverError> {
        if let Some(o) = self.outcome() {
            return Err(GameOverError(o));
        }
        // On a clock, a time forfeit of the side to move is its flag.
        let turn = self.position().turn();
        if let Some(clock) = &mut self.clock {
            if outcome.termination == Termination::TimeForfeit && outcome.winner != Some(turn) {
                clock.fall(turn);
            }
        }
        self.ended = Some(outcome);
        Ok(outcome)
    }

    /// `color` resigns: the other side wins.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] when the game is already over.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        self.end(Outcome::win(color.opponent(), Termination::Resignation))
    }

    /// The players agree to a draw.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] when the game is already over.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameOverError> {
        self.end(Outcome::draw(Termination::Agreement))
    }

    /// An arbiter (a match runner, say) stops the game and scores it: a
    /// win for `winner`, or a draw for `None`.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] when the game is already over.
    pub fn adjudicate(&mut self, winner: Option<Color>) -> Result<Outcome, GameOverError> {
        self.end(Outcome {
            winner,
            termination: Termination::Adjudication,
        })
    }

    /// `color` ran out of time: the other side wins.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] when the game is already over.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        self.end(Outcome::win(color.opponent(), Termination::TimeForfeit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Piece, Role, Setup, Square};

    fn kings_position(turn: Color) -> Position {
        let mut s = Setup::empty(turn);
        s.put(Square::A1, Piece::new(Color::White, Role::King));
        s.put(Square::H8, Piece::new(Color::Black, Role::King));
        Position::from_setup(s).unwrap()
    }

    fn find(game: &Game, from: Square, to: Square) -> Move {
        *game
            .legal_moves()
            .iter()
            .find(|m| m.from() == from && m.to() == to)
            .unwrap()
    }

    #[test]
    fn threefold_repetition_draws() {
        let mut game = Game::from_position(Rules::ARMENIAN, kings_position(Color::White));
        let cycle = [
            (Square::A1, Square::A2),
            (Square::H8, Square::G8),
            (Square::A2, Square::A1),
            (Square::G8, Square::H8),
        ];
        for round in 0..2 {
            for (i, (f, t)) in cycle.iter().enumerate() {
                assert_eq!(game.outcome(), None, "round {round} move {i}");
                let mv = find(&game, *f, *t);
                game.play(&mv).unwrap();
            }
        }
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.outcome(), Some(Outcome::draw(Termination::Repetition)));
        let no_rep = Rules {
            draw_repetition: false,
            ..Rules::ARMENIAN
        };
        let mut replay = Game::from_position(no_rep, *game.start());
        for mv in game.moves() {
            replay.play(mv).unwrap();
        }
        assert_eq!(replay.outcome(), None);
    }

    #[test]
    fn men_stepping_sideways_can_repeat() {
        let mut s = Setup::empty(Color::White);
        s.put(Square::A3, Piece::new(Color::White, Role::Man));
        s.put(Square::H6, Piece::new(Color::Black, Role::Man));
        s.put(Square::A8, Piece::new(Color::Black, Role::Man));
        let mut game = Game::from_position(Rules::TURKISH, Position::from_setup(s).unwrap());
        let cycle = [
            (Square::A3, Square::B3),
            (Square::H6, Square::G6),
            (Square::B3, Square::A3),
            (Square::G6, Square::H6),
        ];
        for _ in 0..2 {
            for (f, t) in cycle {
                assert_eq!(game.outcome(), None);
                let mv = find(&game, f, t);
                game.play(&mv).unwrap();
            }
        }
        assert_eq!(game.outcome(), Some(Outcome::draw(Termination::Repetition)));
    }

    #[test]
    fn no_moves_loses_and_one_each_draws() {
        let mut s = Setup::empty(Color::Black);
        s.put(Square::A2, Piece::new(Color::White, Role::Man));
        let pos = Position::from_setup(s).unwrap();
        let game = Game::from_position(Rules::ARMENIAN, pos);
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Color::White, Termination::NoLegalMoves))
        );
        let mut s = Setup::empty(Color::White);
        s.put(Square::A2, Piece::new(Color::White, Role::Man));
        s.put(Square::H7, Piece::new(Color::Black, Role::King));
        let pos = Position::from_setup(s).unwrap();
        assert_eq!(Game::from_position(Rules::ARMENIAN, pos).outcome(), None);
        assert_eq!(
            Game::from_position(Rules::TURKISH, pos).outcome(),
            Some(Outcome::draw(Termination::OnePieceEach))
        );
    }

    #[test]
    fn illegal_move_leaves_game_unchanged() {
        let mut game = Game::new(Rules::ARMENIAN);
        let bogus = Move::quiet(Square::A2, Square::A4, false);
        assert!(game.play(&bogus).is_err());
        assert!(game.moves().is_empty());
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn off_board_endings() {
        type Call = fn(&mut Game) -> Result<Outcome, GameOverError>;
        let calls: [(Call, Outcome); 6] = [
            (
                |g| g.resign(Color::White),
                Outcome::win(Color::Black, Termination::Resignation),
            ),
            (
                |g| g.resign(Color::Black),
                Outcome::win(Color::White, Termination::Resignation),
            ),
            (|g| g.agree_draw(), Outcome::draw(Termination::Agreement)),
            (
                |g| g.adjudicate(Some(Color::Black)),
                Outcome::win(Color::Black, Termination::Adjudication),
            ),
            (
                |g| g.adjudicate(None),
                Outcome::draw(Termination::Adjudication),
            ),
            (
                |g| g.lose_on_time(Color::White),
                Outcome::win(Color::Black, Termination::TimeForfeit),
            ),
        ];
        for (call, expected) in calls {
            let mut game = Game::new(Rules::ARMENIAN);
            let first = game.legal_moves()[0];
            game.play(&first).unwrap();
            assert_eq!(call(&mut game), Ok(expected));
            assert_eq!(game.outcome(), Some(expected));
            assert_eq!(game.board_outcome(), None);
            assert!(!expected.termination.is_on_board());
            // Over: no move, no second ending.
            let reply = game.legal_moves()[0];
            assert_eq!(game.play(&reply), Err(PlayError::GameOver(expected)));
            assert_eq!(game.agree_draw(), Err(GameOverError(expected)));
            assert_eq!(game.moves().len(), 1);
            // `reopen` cancels the ending and keeps the moves.
            let mut reopened = game.clone();
            assert_eq!(reopened.reopen(), Some(expected));
            assert_eq!(reopened.reopen(), None);
            assert_eq!(reopened.outcome(), None);
            reopened.play(&reply).unwrap();
            // `undo` takes the move back and reopens the game.
            assert_eq!(game.undo(), Some(first));
            assert_eq!(game.outcome(), None);
            assert_eq!(game.position(), game.start());
            // At the start, `undo` changes nothing, not even an ending.
            game.end(expected).unwrap();
            assert_eq!(game.undo(), None);
            assert_eq!(game.outcome(), Some(expected));
        }
    }

    #[test]
    fn board_endings_refuse_moves_and_undo_reopens() {
        let mut game = Game::from_position(Rules::ARMENIAN, kings_position(Color::White));
        let cycle = [
            (Square::A1, Square::A2),
            (Square::H8, Square::G8),
            (Square::A2, Square::A1),
            (Square::G8, Square::H8),
        ];
        for _ in 0..2 {
            for (f, t) in cycle {
                let mv = find(&game, f, t);
                game.play(&mv).unwrap();
            }
        }
        let draw = Outcome::draw(Termination::Repetition);
        assert_eq!(game.outcome(), Some(draw));
        assert!(draw.termination.is_on_board());
        let next = find(&game, Square::A1, Square::A2);
        assert_eq!(game.play(&next), Err(PlayError::GameOver(draw)));
        assert_eq!(game.resign(Color::White), Err(GameOverError(draw)));
        assert_eq!(game.reopen(), None);
        game.undo();
        assert_eq!(game.outcome(), None);
        assert_eq!(game.repetitions(), 2);
        // An illegal move is refused as illegal.
        let bogus = Move::quiet(Square::A1, Square::H2, false);
        assert!(matches!(game.play(&bogus), Err(PlayError::Illegal(_))));
    }

    #[test]
    fn play_listed_and_outcome_listed_agree_with_play_and_outcome() {
        // Two games in step, one played by `play`, one by `play_listed`
        // with the list of `legal_moves`: the same results and outcomes,
        // through every ending on the board.
        let mut rng = tama_test_support::Rng::xorshift(0x2545_f491_4f6c_dd1d);
        let mut below = |n: usize| rng.below(n);
        let mut seen = Vec::new();
        let endgame = kings_position(Color::White);
        let variants = Rules::all_move_combinations().flat_map(|r| {
            [false, true].map(|one_each| Rules {
                draw_one_each: one_each,
                draw_repetition: true,
                ..r
            })
        });
        for rules in variants {
            for start in [Position::start(), endgame] {
                for _ in 0..4 {
                    let mut a = Game::from_position(rules, start);
                    let mut b = a.clone();
                    for _ in 0..300 {
                        let legal = b.legal_moves();
                        assert_eq!(b.outcome_listed(&legal), a.outcome());
                        if let Some(o) = a.outcome() {
                            seen.push(o.termination);
                            // Over: both refuse a move (when the board has one).
                            if let Some(mv) = legal.first() {
                                assert_eq!(b.play_listed(mv, &legal), a.play(mv));
                                assert!(b.play_listed(mv, &legal).is_err());
                            }
                            break;
                        }
                        // A move that is never legal is refused as illegal.
                        let bogus = Move::quiet(Square::A1, Square::A1, false);
                        assert_eq!(
                            b.play_listed(&bogus, &legal),
                            Err(PlayError::Illegal(IllegalMoveError { mv: bogus }))
                        );
                        // Kings alone pick among their first two moves, so
                        // that positions repeat.
                        let choices = if start == endgame { 2 } else { legal.len() };
                        let mv = legal[below(choices.min(legal.len()))];
                        assert_eq!(b.play_listed(&mv, &legal), a.play(&mv));
                        assert_eq!(a.positions(), b.positions());
                        assert_eq!(a.repetitions(), b.repetitions());
                    }
                }
            }
        }
        for t in [
            Termination::NoLegalMoves,
            Termination::OnePieceEach,
            Termination::Repetition,
        ] {
            assert!(seen.contains(&t), "no game ended by {t}");
        }
    }

    #[test]
    fn terminations_are_listed_once() {
        for (i, t) in Termination::ALL.iter().enumerate() {
            assert_eq!(t.is_on_board(), i < 3, "{t}");
            assert!(Termination::ALL[..i]
                .iter()
                .all(|u| u.description() != t.description()));
        }
    }

    #[test]
    fn random_play_takebacks_and_endings_keep_the_game_consistent() {
        let mut rng = tama_test_support::Rng::xorshift(0x9e37_79b9_7f4a_7c15);
        let mut below = |n: usize| rng.below(n);
        let mut endings = 0;
        for rules in Rules::all_move_combinations() {
            let mut game = Game::new(rules);
            for _ in 0..150 {
                match below(12) {
                    0 => {
                        game.undo();
                    }
                    1 => {
                        let before = game.outcome();
                        let r = game.resign(Color::ALL[below(2)]);
                        assert_eq!(r.is_err(), before.is_some());
                        endings += usize::from(r.is_ok());
                    }
                    2 => {
                        game.reopen();
                    }
                    _ => {
                        let legal = game.legal_moves();
                        let over = game.outcome();
                        if legal.is_empty() {
                            assert!(over.is_some());
                            continue;
                        }
                        let mv = legal[below(legal.len())];
                        match (game.play(&mv), over) {
                            (Ok(()), None) => {}
                            (Err(PlayError::GameOver(o)), Some(p)) => assert_eq!(o, p),
                            (r, o) => panic!("play gave {r:?} with outcome {o:?}"),
                        }
                    }
                }
                // The positions are the start and the moves played from it.
                let mut pos = *game.start();
                assert_eq!(game.positions().len(), game.moves().len() + 1);
                for (i, mv) in game.moves().iter().enumerate() {
                    assert_eq!(game.positions()[i], pos);
                    pos = pos.play_unchecked(mv);
                }
                assert_eq!(game.position(), &pos);
                assert_eq!(
                    game.repetitions(),
                    Repetitions::from_positions(game.positions()).count()
                );
            }
        }
        assert!(endings > 10, "{endings} resignations");
    }
}

#[cfg(test)]
mod clock_tests {
    use super::*;
    use crate::{FlagRule, GameClock, Piece, Role, Setup, Square, TimeControl};

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn clocked(rules: Rules, start: Position, rule: FlagRule) -> Game {
        let control = TimeControl::fischer(s(60), s(2));
        Game::from_position(rules, start).with_clock(GameClock::new(control, rule))
    }

    #[test]
    fn moves_tick_and_take_back_with_the_clock() {
        let mut game = clocked(Rules::ARMENIAN, Position::start(), FlagRule::Lose);
        let mut plain = Game::new(Rules::ARMENIAN);
        assert_ne!(game, plain);
        for i in 0..6u64 {
            assert_eq!(game.tick(s(i + 1)), None);
            let legal = game.legal_moves();
            if i % 2 == 0 {
                game.play(&legal[0]).unwrap();
            } else {
                game.play_listed(&legal[0], &legal).unwrap();
            }
            plain.play(&legal[0]).unwrap();
        }
        let clock = game.clock().unwrap();
        // White thought 1 + 3 + 5 s, Black 2 + 4 + 6 s; 3 increments each.
        assert_eq!(clock.left(Color::White), s(60 - 9 + 6));
        assert_eq!(clock.left(Color::Black), s(60 - 12 + 6));
        assert_eq!(clock.times().len(), 6);
        assert_eq!(clock.times()[0], s(61));
        // Without a clock, ticking does nothing.
        assert_eq!(plain.tick(s(1000)), None);
        assert_eq!(plain.running_clock(), None);
        // Taking back Black's last move: Black thinks again from what it
        // had after its move before, White shows what it had after its
        // last move.
        game.undo();
        let clock = game.clock().unwrap();
        assert_eq!(clock.left(Color::Black), clock.times()[3]);
        assert_eq!(clock.left(Color::White), clock.times()[4]);
        assert_eq!(game.running_clock(), Some(Color::Black));
        while game.undo().is_some() {}
        let clock = game.clock().unwrap();
        assert_eq!(
            (clock.left(Color::White), clock.left(Color::Black)),
            (s(60), s(60))
        );
        // A recorded time replaces the computed one.
        let first = game.legal_moves()[0];
        game.play_with_time_left(&first, s(42)).unwrap();
        assert_eq!(game.clock().unwrap().left(Color::White), s(42));
        assert_eq!(game.clock().unwrap().times(), &[s(42)]);
    }

    #[test]
    fn random_ticks_moves_and_takebacks_keep_the_clocks_consistent() {
        // Along random games: each move adds its stage's credit to what
        // its player had left, the record has one time per move, a flag
        // ends the game, and every take-back gives back the clocks as
        // they were when the move's player started thinking.
        let mut rng = tama_test_support::Rng::xorshift(0x1357_9bdf_2468_ace0);
        let mut below = |n: usize| rng.below(n);
        let ms = Duration::from_millis;
        let control = TimeControl::new(vec![
            crate::Stage {
                moves: Some(3),
                time: s(20),
                increment: ms(500),
            },
            crate::Stage::rest(s(10), s(1)),
        ])
        .unwrap();
        let lefts = |g: &Game| {
            let c = g.clock().unwrap();
            [c.left(Color::White), c.left(Color::Black)]
        };
        let mut flags = 0;
        for _ in 0..30 {
            let mut game = Game::new(Rules::TURKISH)
                .with_clock(GameClock::new(control.clone(), FlagRule::Lose));
            let mut starts: Vec<[Duration; 2]> = Vec::new();
            let mut turn_start = lefts(&game);
            for _ in 0..150 {
                match below(8) {
                    0 => {
                        if game.undo().is_some() {
                            turn_start = starts.pop().unwrap();
                            assert_eq!(lefts(&game), turn_start);
                        }
                    }
                    1..=3 => {
                        let turn = game.position().turn();
                        let before = lefts(&game)[turn.index()];
                        let over = game.outcome();
                        let t = ms(below(9000) as u64);
                        let after = game.tick(t);
                        if over.is_some() {
                            assert_eq!(after, over);
                        } else if t >= before {
                            flags += 1;
                            let lost = Outcome::win(turn.opponent(), Termination::TimeForfeit);
                            assert_eq!(after, Some(lost));
                            assert_eq!(lefts(&game)[turn.index()], Duration::ZERO);
                        } else {
                            assert_eq!(after, None);
                            assert_eq!(lefts(&game)[turn.index()], before - t);
                        }
                    }
                    _ => {
                        let legal = game.legal_moves();
                        if game.outcome().is_some() {
                            continue;
                        }
                        let turn = game.position().turn();
                        let made = game.positions()[..game.moves().len()]
                            .iter()
                            .filter(|p| p.turn() == turn)
                            .count() as u32;
                        let before = lefts(&game)[turn.index()];
                        game.play(&legal[below(legal.len())]).unwrap();
                        let now = lefts(&game)[turn.index()];
                        assert_eq!(now, before + control.credit(made));
                        starts.push(turn_start);
                        turn_start = lefts(&game);
                    }
                }
                let clock = game.clock().unwrap();
                assert_eq!(clock.times().len(), game.moves().len());
                if game.outcome().is_none() {
                    assert_eq!(clock.flagged(), None);
                    assert_eq!(game.running_clock(), Some(game.position().turn()));
                }
            }
        }
        assert!(flags > 5, "{flags} flags");
    }

    #[test]
    fn a_flag_ends_the_game_and_refuses_moves() {
        let mut game = clocked(Rules::TURKISH, Position::start(), FlagRule::DrawIfNoWin);
        assert_eq!(game.tick(s(59)), None);
        let lost = Outcome::win(Color::Black, Termination::TimeForfeit);
        assert_eq!(game.tick(s(1)), Some(lost));
        assert_eq!(game.outcome(), Some(lost));
        assert_eq!(game.running_clock(), None);
        assert_eq!(game.clock().unwrap().flagged(), Some(Color::White));
        // Once over, nothing more is charged.
        assert_eq!(game.tick(s(5)), Some(lost));
        let mv = game.legal_moves()[0];
        assert_eq!(game.play(&mv), Err(PlayError::GameOver(lost)));
        // Reopened, the zero stays: the next tick flags again.
        assert_eq!(game.reopen(), Some(lost));
        assert_eq!(game.clock().unwrap().flagged(), None);
        assert_eq!(game.tick(Duration::ZERO), Some(lost));
    }

    #[test]
    fn a_flag_is_a_draw_when_the_other_side_has_nothing_and_the_rule_says_so() {
        // Black has no piece: White, to move, cannot lose on the board.
        let mut setup = Setup::empty(Color::White);
        setup.put(Square::A2, Piece::new(Color::White, Role::Man));
        let pos = Position::from_setup(setup).unwrap();
        let mut draw = clocked(Rules::ARMENIAN, pos, FlagRule::DrawIfNoWin);
        assert_eq!(
            draw.tick(s(60)),
            Some(Outcome::draw(Termination::TimeForfeit))
        );
        let mut lose = clocked(Rules::ARMENIAN, pos, FlagRule::Lose);
        assert_eq!(
            lose.tick(s(60)),
            Some(Outcome::win(Color::Black, Termination::TimeForfeit))
        );
    }
}
