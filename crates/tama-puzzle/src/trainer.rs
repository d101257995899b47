//! The trainer: solving one puzzle move by move, and choosing the next
//! puzzle for a rating. `tama puzzle` runs it in the terminal, and the
//! web page's puzzle mode follows the same rules (docs/PUZZLES.md, "The
//! trainer"):
//!
//! - a wrong move fails the puzzle for the rating, but the solver may try
//!   again from the same position (a retry) and still play it out;
//! - a hint shows the piece to move, a second one the move; after each
//!   right move the next hint starts again from the piece;
//! - the score is 1 for a puzzle solved without a wrong move or a hint,
//!   ½ with a hint, 0 after a wrong move or when the solution was asked
//!   for, and 0 when the solver leaves after a move or a hint; a puzzle
//!   left before either is not rated;
//! - the next puzzle is the unseen one whose rating is nearest the
//!   solver's.
//!
//! The model does no I/O: it builds for `wasm32-unknown-unknown`.

use std::collections::HashSet;

use tama_core::{Move, Position, Square};

use crate::{Label, Puzzle};

/// Where an attempt stands. [`Status::name`] gives the words the web
/// page uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// No wrong move yet; the solver is to move.
    Solving,
    /// The solver's last move was wrong: the position stays where it was;
    /// a move, a hint or [`Attempt::retry`] tries again.
    Wrong,
    /// Trying again after a wrong move: the puzzle is failed for the
    /// rating, but may still be played out.
    Retrying,
    /// Played out without a wrong move.
    Solved,
    /// Played out after a wrong move.
    SolvedAfter,
    /// The solution was asked for.
    Shown,
}

impl Status {
    /// `solving`, `wrong`, `retrying`, `solved`, `solved-after`, `shown`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solving => "solving",
            Status::Wrong => "wrong",
            Status::Retrying => "retrying",
            Status::Solved => "solved",
            Status::SolvedAfter => "solved-after",
            Status::Shown => "shown",
        }
    }

    /// Whether the attempt is over: played out, or the solution shown.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Solved | Status::SolvedAfter | Status::Shown)
    }
}

/// One attempt at a puzzle.
#[derive(Clone, Debug)]
pub struct Attempt {
    puzzle: Puzzle,
    positions: Vec<Position>,
    ply: usize,
    status: Status,
    /// The hint shown for the current move: 0 none, 1 the piece, 2 the
    /// move.
    hint_level: u8,
    hinted: bool,
}

/// What a move of the solver led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The right move; the opponent answers with `reply`, or the puzzle is
    /// played out (`reply` none; [`Attempt::status`] says whether it
    /// counts as solved).
    Correct {
        /// The opponent's reply, played.
        reply: Option<Move>,
    },
    /// Another move: it is not played; the solver may try again.
    Wrong,
    /// The attempt is over: nothing changes.
    Over,
}

/// A hint: first the piece to move, then the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The square of the piece to move.
    Piece(Square),
    /// The move.
    Move(Move),
}

impl Attempt {
    /// A new attempt at `puzzle`.
    pub fn new(puzzle: Puzzle) -> Attempt {
        Attempt {
            positions: puzzle.positions(),
            puzzle,
            ply: 0,
            status: Status::Solving,
            hint_level: 0,
            hinted: false,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Where the attempt stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The position the solver is to move in (the last one once played
    /// out).
    pub fn position(&self) -> Position {
        self.positions[self.ply]
    }

    /// The moves of the solution played so far.
    pub fn played(&self) -> &[Move] {
        &self.puzzle.solution[..self.ply]
    }

    /// The moves of the solution not played yet.
    pub fn rest(&self) -> &[Move] {
        &self.puzzle.solution[self.ply..]
    }

    /// Whether the solver has moved (a wrong move counts).
    pub fn has_moved(&self) -> bool {
        self.ply > 0 || self.status != Status::Solving
    }

    /// Whether a hint was given.
    pub fn hinted(&self) -> bool {
        self.hinted
    }

    /// The hint shown for the current move: 0 none, 1 the piece, 2 the
    /// move.
    pub fn hint_level(&self) -> u8 {
        self.hint_level
    }

    /// Plays the solver's `mv`, a legal move of [`Attempt::position`];
    /// after a wrong move, this is the retry.
    pub fn play(&mut self, mv: Move) -> Step {
        self.retry();
        if self.status.is_over() {
            return Step::Over;
        }
        let Some(&expected) = self.puzzle.solution.get(self.ply) else {
            return Step::Over;
        };
        if mv != expected {
            self.status = Status::Wrong;
            return Step::Wrong;
        }
        self.ply += 1;
        self.hint_level = 0;
        let reply = self.puzzle.solution.get(self.ply).copied();
        if reply.is_some() {
            self.ply += 1;
        }
        if self.ply == self.puzzle.solution.len() {
            self.status = match self.status {
                Status::Solving => Status::Solved,
                _ => Status::SolvedAfter,
            };
        }
        Step::Correct { reply }
    }

    /// Tries again after a wrong move; `false` when the last move was not
    /// wrong (nothing changes).
    pub fn retry(&mut self) -> bool {
        if self.status == Status::Wrong {
            self.status = Status::Retrying;
            return true;
        }
        false
    }

    /// The next hint for the current move: the piece, then the move (and
    /// the move again); after a wrong move, a retry first. `None` once the
    /// attempt is over.
    pub fn hint(&mut self) -> Option<Hint> {
        self.retry();
        if self.status.is_over() {
            return None;
        }
        let mv = *self.puzzle.solution.get(self.ply)?;
        self.hint_level = (self.hint_level + 1).min(2);
        self.hinted = true;
        Some(if self.hint_level == 1 {
            Hint::Piece(mv.from())
        } else {
            Hint::Move(mv)
        })
    }

    /// Shows the solution: the attempt is over (and failed, unless it was
    /// played out already: then nothing changes); the moves from the
    /// current position to the end.
    pub fn show_solution(&mut self) -> &[Move] {
        if !matches!(self.status, Status::Solved | Status::SolvedAfter) {
            self.status = Status::Shown;
            self.hint_level = 0;
        }
        self.rest()
    }

    /// The score the attempt has earned for the rating, once it is
    /// decided: 1 solved, ½ solved after a hint, 0 after a wrong move or
    /// the solution shown; `None` while no wrong move was made and the
    /// puzzle goes on.
    pub fn score(&self) -> Option<f64> {
        match self.status {
            Status::Solving => None,
            Status::Solved if self.hinted => Some(0.5),
            Status::Solved => Some(1.0),
            Status::Wrong | Status::Retrying | Status::SolvedAfter | Status::Shown => Some(0.0),
        }
    }

    /// The score when the solver leaves the puzzle now: its
    /// [`score`](Attempt::score) if decided, else 0 after a move or a hint
    /// and `None` (not rated) before either.
    pub fn score_on_leaving(&self) -> Option<f64> {
        self.score()
            .or_else(|| (self.has_moved() || self.hinted).then_some(0.0))
    }
}

/// The next puzzle for a solver of `rating`: among those not in `done`
/// and of the `label` if one is given, the one whose rating is nearest,
/// the first in the list on a tie.
pub fn choose(
    puzzles: &[Puzzle],
    rating: f64,
    label: Option<Label>,
    done: &HashSet<String>,
) -> Option<usize> {
    puzzles
        .iter()
        .enumerate()
        .filter(|(_, p)| !done.contains(&p.id))
        .filter(|(_, p)| label.is_none_or(|l| p.difficulty.label() == l))
        .min_by(|(i, a), (j, b)| {
            let da = (f64::from(a.rating()) - rating).abs();
            let db = (f64::from(b.rating()) - rating).abs();
            da.total_cmp(&db).then(i.cmp(j))
        })
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Difficulty, Source};
    use tama_core::Rules;
    use tama_notation::parse_fen;

    fn puzzle(id: &str, depth: u32) -> Puzzle {
        let rules = Rules::TURKISH;
        let start = parse_fen("W:Wc3,h2:Bc5").unwrap().position;
        let a = start.legal_moves(&rules)[0];
        let after = start.play_unchecked(&a);
        let b = after.legal_moves(&rules)[0];
        let c = after.play_unchecked(&b).legal_moves(&rules)[0];
        Puzzle {
            id: id.to_string(),
            rules,
            start,
            solution: vec![a, b, c],
            difficulty: Difficulty {
                depth: Some(depth),
                nodes: 1,
                failed: 0,
                levels: 7,
            },
            themes: vec![],
            source: Source::SelfPlay {
                seed: 1,
                game: 0,
                ply: 0,
            },
        }
    }

    #[test]
    fn an_attempt_follows_the_solution_with_hints() {
        let p = puzzle("a", 3);
        let mut a = Attempt::new(p.clone());
        assert_eq!((a.score(), a.score_on_leaving()), (None, None));
        assert_eq!(a.hint(), Some(Hint::Piece(p.solution[0].from())));
        assert_eq!(a.score_on_leaving(), Some(0.0));
        assert_eq!(a.hint(), Some(Hint::Move(p.solution[0])));
        assert_eq!(a.hint(), Some(Hint::Move(p.solution[0])));
        assert_eq!(
            a.play(p.solution[0]),
            Step::Correct {
                reply: Some(p.solution[1])
            }
        );
        assert_eq!(a.position(), p.positions()[2]);
        // After a right move the hints start again from the piece.
        assert_eq!(a.hint_level(), 0);
        assert_eq!(a.hint(), Some(Hint::Piece(p.solution[2].from())));
        assert_eq!(a.play(p.solution[2]), Step::Correct { reply: None });
        assert_eq!(a.status(), Status::Solved);
        assert_eq!(a.score(), Some(0.5));
        // Played out: no hint, a move changes nothing.
        assert_eq!(a.hint(), None);
        assert_eq!(a.play(p.solution[0]), Step::Over);
        assert_eq!(a.show_solution(), &[] as &[Move]);
        assert_eq!((a.status(), a.score()), (Status::Solved, Some(0.5)));

        let mut d = Attempt::new(p.clone());
        d.play(p.solution[0]);
        assert_eq!((d.score(), d.score_on_leaving()), (None, Some(0.0)));
        d.play(p.solution[2]);
        assert_eq!(d.score(), Some(1.0));
    }

    #[test]
    fn a_wrong_move_fails_the_puzzle_but_the_solver_tries_again() {
        let p = puzzle("a", 3);
        let other = p.start.legal_moves(&p.rules)[1];
        let mut a = Attempt::new(p.clone());
        assert_eq!(a.play(other), Step::Wrong);
        assert_eq!((a.status(), a.score()), (Status::Wrong, Some(0.0)));
        assert_eq!(a.position(), p.start, "the wrong move is not played");
        assert!(a.retry());
        assert!(!a.retry());
        assert_eq!(a.status(), Status::Retrying);
        assert_eq!(a.play(other), Step::Wrong);
        // A move after a wrong one is the retry.
        assert!(matches!(a.play(p.solution[0]), Step::Correct { .. }));
        assert_eq!(a.play(p.solution[2]), Step::Correct { reply: None });
        assert_eq!((a.status(), a.score()), (Status::SolvedAfter, Some(0.0)));

        // A hint after a wrong move retries too; then the solution.
        let mut b = Attempt::new(p.clone());
        b.play(other);
        assert_eq!(b.hint(), Some(Hint::Piece(p.solution[0].from())));
        assert_eq!(b.status(), Status::Retrying);
        assert_eq!(b.show_solution(), &p.solution[..]);
        assert_eq!((b.status(), b.score()), (Status::Shown, Some(0.0)));
        assert_eq!(b.play(p.solution[0]), Step::Over);
        let names: Vec<&str> = [Status::Solving, Status::SolvedAfter]
            .iter()
            .map(|s| s.name())
            .collect();
        assert_eq!(names, ["solving", "solved-after"]);
    }

    #[test]
    fn the_nearest_puzzle_is_chosen() {
        let ps = [puzzle("a", 1), puzzle("b", 8), puzzle("c", 12)];
        let mut done = HashSet::new();
        let r = f64::from(ps[1].rating());
        assert_eq!(choose(&ps, r, None, &done), Some(1));
        done.insert("b".to_string());
        assert_eq!(choose(&ps, r, None, &done), Some(2));
        assert_eq!(choose(&ps, r, Some(Label::Easy), &done), Some(0));
        assert_eq!(choose(&ps, r, Some(Label::Medium), &done), None);
    }
}
