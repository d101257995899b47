//! Threefold repetition: the one place that counts how often a position
//! occurred in a game.

use crate::{Color, Position, Role};

/// Whether `before` may occur again after the game went on to `after` (one
/// legal move later): no piece was captured, no man was crowned and no man
/// stepped forward.
///
/// Men never move backward, so a man's step forward (straight or
/// diagonally) can never be undone; a capture removes a piece for good and
/// a crowned man never becomes a man again. A king's move and a man's
/// sideways step can be undone. For a legal move `mv` this equals
/// [`Position::is_reversible`]; it needs only the two positions, so a
/// history of positions is enough.
pub fn is_reversible_step(before: &Position, after: &Position) -> bool {
    if before.occupied().count() != after.occupied().count() {
        return false;
    }
    Color::ALL.iter().all(|&c| {
        let moved = before.pieces_of(c, Role::Man) ^ after.pieces_of(c, Role::Man);
        match (moved.first(), moved.last()) {
            (None, _) => true,
            (Some(a), Some(b)) => moved.count() == 2 && a.rank() == b.rank(),
            (Some(_), None) => false,
        }
    })
}

/// One recorded position: where its run of reversible moves starts and how
/// often it occurred in that run so far, counting itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    run_start: usize,
    count: u32,
}

/// The positions of a game, oldest first, with how often each occurred:
/// the repetition tracker that [`Game`](crate::Game), PDN replay and the
/// engine's game history all use.
///
/// A position can only occur again within the run of reversible moves it
/// belongs to (see [`is_reversible_step`]), so the tracker looks back no
/// further than the last capture, crowning or man's step forward. Positions
/// are compared exactly (pieces and side to move), the Zobrist hash first.
/// [`push`](Repetitions::push) costs one comparison per position since the
/// last occurrence (at most the run); [`count`](Repetitions::count) and
/// [`pop`](Repetitions::pop) cost nothing.
///
/// Each position pushed must follow the one before it by a legal move;
/// the counts of any other sequence are unspecified (but never panic).
///
/// ```
/// use tama_core::{Color, Piece, Position, Repetitions, Role, Setup, Square};
///
/// let mut s = Setup::empty(Color::White);
/// s.put(Square::A1, Piece::new(Color::White, Role::King));
/// s.put(Square::H8, Piece::new(Color::Black, Role::King));
/// let start = Position::from_setup(s).unwrap();
///
/// // Both kings step out and back, twice.
/// let mut reps = Repetitions::new(start);
/// let mut pos = start;
/// for _ in 0..2 {
///     for (from, to) in [("a1", "a2"), ("h8", "g8"), ("a2", "a1"), ("g8", "h8")] {
///         let mv = pos.legal_moves(&tama_core::Rules::ARMENIAN)
///             .iter()
///             .copied()
///             .find(|m| m.from().to_string() == from && m.to().to_string() == to)
///             .unwrap();
///         pos = pos.play_unchecked(&mv);
///         reps.push(pos);
///     }
/// }
/// assert_eq!(reps.count(), 3);
/// assert!(reps.is_threefold());
/// reps.pop();
/// assert_eq!(reps.count(), 2); // the position before the last move
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Repetitions {
    positions: Vec<Position>,
    entries: Vec<Entry>,
}

impl Repetitions {
    /// A tracker holding `start`, the first position of the game.
    pub fn new(start: Position) -> Repetitions {
        let mut r = Repetitions::empty();
        r.push(start);
        r
    }

    /// A tracker with no position yet.
    pub const fn empty() -> Repetitions {
        Repetitions {
            positions: Vec::new(),
            entries: Vec::new(),
        }
    }

    /// A tracker holding `positions`, oldest first, each following the one
    /// before by a legal move.
    pub fn from_positions<'a>(positions: impl IntoIterator<Item = &'a Position>) -> Repetitions {
        let mut r = Repetitions::empty();
        for p in positions {
            r.push(*p);
        }
        r
    }

    /// Records the next position of the game.
    pub fn push(&mut self, pos: Position) {
        let len = self.positions.len();
        let run_start = match (self.positions.last(), self.entries.last()) {
            (Some(prev), Some(e)) if is_reversible_step(prev, &pos) => e.run_start,
            _ => len,
        };
        let count = self.previous_count(&pos, run_start, len) + 1;
        self.positions.push(pos);
        self.entries.push(Entry { run_start, count });
    }

    /// How often `pos` occurred in `run_start..end`: the count of its
    /// latest occurrence there.
    fn previous_count(&self, pos: &Position, run_start: usize, end: usize) -> u32 {
        let key = pos.hash();
        (run_start..end)
            .rev()
            .find(|&i| self.positions[i].hash() == key && self.positions[i] == *pos)
            .map_or(0, |i| self.entries[i].count)
    }

    /// Takes back the last position; returns it, or `None` when empty.
    pub fn pop(&mut self) -> Option<Position> {
        self.entries.pop();
        self.positions.pop()
    }

    /// Keeps the first `len` positions (for leaving a variation).
    pub fn truncate(&mut self, len: usize) {
        self.positions.truncate(len);
        self.entries.truncate(len);
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// How many positions are recorded.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position is recorded.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions, oldest first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The last position.
    pub fn last(&self) -> Option<&Position> {
        self.positions.last()
    }

    /// How many times the last position occurred, counting itself (0 when
    /// empty).
    pub fn count(&self) -> usize {
        self.entries.last().map_or(0, |e| e.count as usize)
    }

    /// How many times position `i` had occurred when it was reached,
    /// counting itself; `None` when `i` is out of range.
    pub fn count_at(&self, i: usize) -> Option<usize> {
        self.entries.get(i).map(|e| e.count as usize)
    }

    /// Whether the last position occurred for the third time (or more):
    /// a draw under `draw-repetition`.
    pub fn is_threefold(&self) -> bool {
        self.count() >= 3
    }

    /// The positions that can still occur again: those since the last
    /// irreversible move, the last position included (empty when empty).
    pub fn repeatable(&self) -> &[Position] {
        match self.entries.last() {
            Some(e) => &self.positions[e.run_start..],
            None => &[],
        }
    }

    /// How many times `next` would have occurred if it were pushed now,
    /// counting itself, without recording it: `3` means playing into it
    /// repeats a position for the third time.
    pub fn count_if_pushed(&self, next: &Position) -> usize {
        let len = self.positions.len();
        let run_start = match (self.positions.last(), self.entries.last()) {
            (Some(prev), Some(e)) if is_reversible_step(prev, next) => e.run_start,
            _ => len,
        };
        self.previous_count(next, run_start, len) as usize + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, Piece, Rules, Setup, Square};

    fn position(turn: Color, pieces: &[(Square, Color, Role)]) -> Position {
        let mut s = Setup::empty(turn);
        for &(sq, c, r) in pieces {
            s.put(sq, Piece::new(c, r));
        }
        Position::from_setup(s).unwrap()
    }

    fn find(pos: &Position, rules: &Rules, from: Square, to: Square) -> Move {
        *pos.legal_moves(rules)
            .iter()
            .find(|m| m.from() == from && m.to() == to)
            .unwrap()
    }

    /// The naive count: every earlier equal position after the last
    /// irreversible move (decided by the moves themselves).
    fn naive_count(positions: &[Position], moves: &[Move]) -> usize {
        let current = positions[positions.len() - 1];
        let mut count = 1;
        for i in (0..moves.len()).rev() {
            if !positions[i].is_reversible(&moves[i]) {
                break;
            }
            if positions[i] == current {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn kings_shuffling_repeat_and_pop_restores() {
        use Square as S;
        let rules = Rules::ARMENIAN;
        let start = position(
            Color::White,
            &[
                (S::A1, Color::White, Role::King),
                (S::H8, Color::Black, Role::King),
            ],
        );
        let mut reps = Repetitions::new(start);
        assert_eq!(reps.count(), 1);
        let cycle = [
            (S::A1, S::A2),
            (S::H8, S::G8),
            (S::A2, S::A1),
            (S::G8, S::H8),
        ];
        let mut pos = start;
        let mut counts = Vec::new();
        for _ in 0..2 {
            for (f, t) in cycle {
                pos = pos.play_unchecked(&find(&pos, &rules, f, t));
                reps.push(pos);
                counts.push(reps.count());
            }
        }
        assert_eq!(counts, [1, 1, 1, 2, 2, 2, 2, 3]);
        assert!(reps.is_threefold());
        assert_eq!(reps.repeatable().len(), 9);
        assert_eq!(reps.count_at(4), Some(2));
        assert_eq!(reps.count_at(9), None);
        let last = reps.pop();
        assert_eq!(last, Some(start));
        assert_eq!(reps.count(), 2);
        // Pushing the start again gives three once more.
        assert_eq!(reps.count_if_pushed(&start), 3);
        assert_eq!(reps.len(), 8);
        reps.truncate(1);
        assert_eq!(reps.count(), 1);
        reps.clear();
        assert!(reps.is_empty());
        assert_eq!(reps.count(), 0);
        assert_eq!(reps.pop(), None);
        assert!(reps.repeatable().is_empty());
    }

    #[test]
    fn irreversible_steps() {
        use Square as S;
        let rules = Rules::ARMENIAN;
        let pos = position(
            Color::White,
            &[
                (S::C3, Color::White, Role::Man),
                (S::E4, Color::White, Role::Man),
                (S::E5, Color::Black, Role::Man),
                (S::B7, Color::White, Role::Man),
                (S::A1, Color::White, Role::King),
                (S::H5, Color::Black, Role::King),
            ],
        );
        // A capture is compulsory here (e4xe6); look at the moves on a
        // board without it too.
        for mv in pos.legal_moves(&rules).iter() {
            let after = pos.play_unchecked(mv);
            assert_eq!(is_reversible_step(&pos, &after), pos.is_reversible(mv));
            assert!(!is_reversible_step(&pos, &after), "{mv:?} captures");
        }
        let quiet = position(
            Color::White,
            &[
                (S::C3, Color::White, Role::Man),
                (S::B7, Color::White, Role::Man),
                (S::A1, Color::White, Role::King),
                (S::H5, Color::Black, Role::King),
            ],
        );
        let kinds = [
            (S::C3, S::D3, true),  // sideways
            (S::C3, S::C4, false), // forward
            (S::C3, S::D4, false), // diagonally forward
            (S::B7, S::B8, false), // crowned
            (S::A1, S::A2, true),  // a king's move
        ];
        for (f, t, reversible) in kinds {
            let mv = find(&quiet, &rules, f, t);
            let after = quiet.play_unchecked(&mv);
            assert_eq!(is_reversible_step(&quiet, &after), reversible, "{f}-{t}");
            assert_eq!(quiet.is_reversible(&mv), reversible, "{f}-{t}");
        }
    }

    #[test]
    fn a_capture_ends_the_run() {
        use Square as S;
        let rules = Rules::ARMENIAN;
        // Kings shuffle, then White captures: nothing before can recur.
        let start = position(
            Color::White,
            &[
                (S::A1, Color::White, Role::King),
                (S::H8, Color::Black, Role::King),
                (S::D5, Color::Black, Role::Man),
            ],
        );
        let mut reps = Repetitions::new(start);
        let mut pos = start;
        for (f, t) in [(S::A1, S::B1), (S::H8, S::H7), (S::B1, S::B5)] {
            pos = pos.play_unchecked(&find(&pos, &rules, f, t));
            reps.push(pos);
        }
        assert_eq!(reps.repeatable().len(), 4);
        // Black's king must go somewhere; then b5xd5... (the king captures
        // along the rank).
        pos = pos.play_unchecked(&find(&pos, &rules, S::H7, S::H6));
        reps.push(pos);
        let capture = pos.legal_moves(&rules)[0];
        assert!(capture.is_capture());
        pos = pos.play_unchecked(&capture);
        reps.push(pos);
        assert_eq!(reps.repeatable(), &[pos]);
        assert_eq!(reps.count(), 1);
    }

    use tama_test_support::Rng;

    #[test]
    fn agrees_with_a_naive_count_along_random_games() {
        let starts = [
            "start",
            // Kings and a few men: long reversible runs.
            "kings",
            // Two kings each.
            "only kings",
        ];
        let mut rng = Rng::xorshift(0x2545_f491_4f6c_dd1d);
        let mut threefolds = 0;
        for rules in Rules::all_move_combinations() {
            for which in starts {
                for _ in 0..6 {
                    let start = if which == "start" {
                        Position::start()
                    } else if which == "only kings" {
                        use Square as S;
                        position(
                            Color::White,
                            &[
                                (S::A1, Color::White, Role::King),
                                (S::B3, Color::White, Role::King),
                                (S::H8, Color::Black, Role::King),
                                (S::G6, Color::Black, Role::King),
                            ],
                        )
                    } else {
                        use Square as S;
                        position(
                            Color::White,
                            &[
                                (S::B1, Color::White, Role::King),
                                (S::C3, Color::White, Role::Man),
                                (S::G8, Color::Black, Role::King),
                                (S::F6, Color::Black, Role::Man),
                                (S::H6, Color::Black, Role::Man),
                            ],
                        )
                    };
                    let mut positions = vec![start];
                    let mut moves = Vec::new();
                    let mut reps = Repetitions::new(start);
                    let mut pos = start;
                    for _ in 0..120 {
                        let legal = pos.legal_moves(&rules);
                        if legal.is_empty() {
                            break;
                        }
                        // Often the move that undoes our previous one (a
                        // king's move or a man's sideways step): positions
                        // repeat.
                        let back = moves.len().checked_sub(2).and_then(|i| {
                            let prev: Move = moves[i];
                            legal
                                .iter()
                                .copied()
                                .find(|m| m.from() == prev.to() && m.to() == prev.from())
                        });
                        let mv = match back {
                            Some(m) if rng.below(4) != 0 => m,
                            _ => legal[rng.below(legal.len())],
                        };
                        let before = pos;
                        pos = pos.play_unchecked(&mv);
                        assert_eq!(is_reversible_step(&before, &pos), before.is_reversible(&mv));
                        let predicted = reps.count_if_pushed(&pos);
                        positions.push(pos);
                        moves.push(mv);
                        reps.push(pos);
                        let naive = naive_count(&positions, &moves);
                        assert_eq!(reps.count(), naive);
                        assert_eq!(predicted, naive);
                        if naive >= 3 {
                            threefolds += 1;
                        }
                        // Now and then take back a few moves and check
                        // again.
                        if rng.below(10) == 0 {
                            let back = rng.below(4).min(moves.len());
                            for _ in 0..back {
                                reps.pop();
                                positions.pop();
                                moves.pop();
                            }
                            pos = positions[positions.len() - 1];
                            assert_eq!(reps.count(), naive_count(&positions, &moves));
                        }
                        assert_eq!(reps.positions(), &positions[..]);
                    }
                }
            }
        }
        // The games did repeat positions, or the test proves little.
        assert!(threefolds > 50, "only {threefolds} threefold repetitions");
    }
}
