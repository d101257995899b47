//! Solving one puzzle move by move (what `tama puzzle` runs in the
//! terminal), and choosing the next puzzle for a rating.

use std::collections::HashSet;

use tama_core::{Move, Position, Square};

use crate::{Label, Puzzle};

/// One attempt at a puzzle.
#[derive(Clone, Debug)]
pub struct Attempt<'a> {
    puzzle: &'a Puzzle,
    positions: Vec<Position>,
    ply: usize,
    hints: u32,
    failed: bool,
}

/// What a move of the solver led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The right move; the opponent answers with `reply`, or the puzzle is
    /// solved (`reply` none).
    Correct {
        /// The opponent's reply, played.
        reply: Option<Move>,
    },
    /// Another move: the puzzle is failed; `expected` was the move.
    Wrong {
        /// The solution's move.
        expected: Move,
    },
}

/// A hint: first the piece to move, then the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The square of the piece to move.
    Piece(Square),
    /// The move.
    Move(Move),
}

impl<'a> Attempt<'a> {
    /// A new attempt at `puzzle`.
    pub fn new(puzzle: &'a Puzzle) -> Attempt<'a> {
        Attempt {
            puzzle,
            positions: puzzle.positions(),
            ply: 0,
            hints: 0,
            failed: false,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }

    /// The position the solver is to move in (the last one once solved).
    pub fn position(&self) -> Position {
        self.positions[self.ply]
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Move] {
        &self.puzzle.solution[..self.ply]
    }

    /// Whether the whole solution has been played.
    pub fn is_solved(&self) -> bool {
        !self.failed && self.ply == self.puzzle.solution.len()
    }

    /// Whether the attempt failed (a wrong move, or the solution shown).
    pub fn is_failed(&self) -> bool {
        self.failed
    }

    /// Whether the solver has moved.
    pub fn has_moved(&self) -> bool {
        self.ply > 0
    }

    /// Plays the solver's `mv` (a legal move of [`Attempt::position`]).
    /// Once the solution is played out, or the attempt failed, nothing
    /// changes and the answer is `Correct` without a reply.
    pub fn play(&mut self, mv: Move) -> Step {
        let Some(&expected) = self.puzzle.solution.get(self.ply) else {
            return Step::Correct { reply: None };
        };
        if self.failed {
            return Step::Correct { reply: None };
        }
        if mv != expected {
            self.failed = true;
            return Step::Wrong { expected };
        }
        self.ply += 1;
        let reply = self.puzzle.solution.get(self.ply).copied();
        if reply.is_some() {
            self.ply += 1;
        }
        Step::Correct { reply }
    }

    /// The next hint: the piece, then the move; `None` once the solution
    /// is played out.
    pub fn hint(&mut self) -> Option<Hint> {
        let mv = *self.puzzle.solution.get(self.ply)?;
        self.hints += 1;
        Some(if self.hints == 1 {
            Hint::Piece(mv.from())
        } else {
            Hint::Move(mv)
        })
    }

    /// Gives up: the attempt fails; the rest of the solution from here.
    pub fn give_up(&mut self) -> &'a [Move] {
        self.failed = true;
        &self.puzzle.solution[self.ply..]
    }

    /// The score for the rating (docs/PUZZLES.md): 1 solved without a
    /// hint, ½ with one, 0 failed; `None` while it goes on, or for a
    /// puzzle left before any move.
    pub fn score(&self) -> Option<f64> {
        if self.failed {
            Some(0.0)
        } else if self.is_solved() {
            Some(if self.hints == 0 { 1.0 } else { 0.5 })
        } else if self.has_moved() || self.hints > 0 {
            Some(0.0)
        } else {
            None
        }
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
    fn an_attempt_follows_the_solution() {
        let p = puzzle("a", 3);
        let mut a = Attempt::new(&p);
        assert_eq!(a.score(), None);
        assert_eq!(a.hint(), Some(Hint::Piece(p.solution[0].from())));
        assert_eq!(a.hint(), Some(Hint::Move(p.solution[0])));
        assert_eq!(
            a.play(p.solution[0]),
            Step::Correct {
                reply: Some(p.solution[1])
            }
        );
        assert_eq!(a.position(), p.positions()[2]);
        assert_eq!(a.play(p.solution[2]), Step::Correct { reply: None });
        assert!(a.is_solved());
        assert_eq!(a.score(), Some(0.5));
        // Played out: no hint, a move changes nothing.
        assert_eq!(a.hint(), None);
        assert_eq!(a.play(p.solution[0]), Step::Correct { reply: None });
        assert_eq!(a.score(), Some(0.5));

        let mut b = Attempt::new(&p);
        let other = p.start.legal_moves(&p.rules)[1];
        assert_eq!(
            b.play(other),
            Step::Wrong {
                expected: p.solution[0]
            }
        );
        assert_eq!(b.score(), Some(0.0));
        let mut c = Attempt::new(&p);
        assert_eq!(c.give_up(), &p.solution[..]);
        assert_eq!(c.score(), Some(0.0));
        let mut d = Attempt::new(&p);
        d.play(p.solution[0]);
        d.play(p.solution[2]);
        assert_eq!(d.score(), Some(1.0));
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
