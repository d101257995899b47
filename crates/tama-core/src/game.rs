//! A game: a start position, the moves played, and the outcome.

use core::fmt;

use crate::{Color, IllegalMoveError, Move, MoveList, Position, Rules};

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
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
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

/// The outcome a position has on the board by itself, ignoring history:
/// a loss for the side to move without legal moves, or a draw by
/// `draw-one-each`.
pub fn position_outcome(pos: &Position, rules: &Rules) -> Option<Outcome> {
    let mut scratch = MoveList::new();
    if pos.count_moves(rules, &mut scratch) == 0 {
        return Some(Outcome::win(
            pos.turn().opponent(),
            Termination::NoLegalMoves,
        ));
    }
    if rules.draw_one_each
        && pos.pieces(Color::White).count() == 1
        && pos.pieces(Color::Black).count() == 1
    {
        return Some(Outcome::draw(Termination::OnePieceEach));
    }
    None
}

/// A game: the rules, a start position and the moves played from it, with
/// the history needed for repetition.
///
/// ```
/// use tama_core::{Game, Rules};
///
/// let mut game = Game::new(Rules::ARMENIAN);
/// let first = game.legal_moves()[0];
/// game.play(&first).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
/// game.undo();
/// assert_eq!(game.position(), game.start());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Position,
    positions: Vec<Position>,
    moves: Vec<Move>,
}

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
            positions: vec![start],
            moves: Vec::new(),
        }
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
        self.positions.last().unwrap_or(&self.start)
    }

    /// Every position of the game, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> MoveList {
        self.position().legal_moves(&self.rules)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when the move is not legal in the current
    /// position; the game is unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<(), IllegalMoveError> {
        let next = self.position().play(&self.rules, mv)?;
        self.positions.push(next);
        self.moves.push(*mv);
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred (same pieces, same
    /// side to move), counting this time. Only positions since the last
    /// irreversible move (a capture or a man's step forward) can repeat.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let mut count = 1;
        for (i, mv) in self.moves.iter().enumerate().rev() {
            let before = &self.positions[i];
            if !before.is_reversible(mv) {
                break;
            }
            if before.hash() == current.hash() && before == current {
                count += 1;
            }
        }
        count
    }

    /// The outcome, if the game is over on the board: no legal move,
    /// threefold repetition (`draw-repetition`), or one piece each
    /// (`draw-one-each`).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = position_outcome(self.position(), &self.rules) {
            return Some(o);
        }
        if self.rules.draw_repetition && self.repetitions() >= 3 {
            return Some(Outcome::draw(Termination::Repetition));
        }
        None
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
}
