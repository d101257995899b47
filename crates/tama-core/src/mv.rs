//! Moves, move lists and capture paths.

use core::fmt;
use core::ops::Deref;

use crate::{Bitboard, Square};

/// A move, identified by its effect: from, to, the set of captured squares
/// and whether the moving man is crowned.
///
/// Two capture paths with the same effect are the same move (docs/RULES.md,
/// "Identity of a move"). The path itself is not stored: it is recovered
/// from the position with [`Position::path`](crate::Position::path) when a
/// move is written out. A `Move` is 16 bytes and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    captures: Bitboard,
    from: Square,
    to: Square,
    promotes: bool,
}

impl Move {
    /// A quiet (non-capturing) move.
    #[inline]
    pub const fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        Move {
            captures: Bitboard::EMPTY,
            from,
            to,
            promotes,
        }
    }

    /// A move with the given effect. `captures` empty means a quiet move.
    #[inline]
    pub const fn new(from: Square, to: Square, captures: Bitboard, promotes: bool) -> Move {
        Move {
            captures,
            from,
            to,
            promotes,
        }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The squares of the pieces this move captures (empty for a quiet move).
    #[inline]
    pub const fn captures(self) -> Bitboard {
        self.captures
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captures.any()
    }

    /// How many pieces the move captures.
    #[inline]
    pub const fn capture_count(self) -> u32 {
        self.captures.count()
    }

    /// Whether the moving man becomes a king.
    #[inline]
    pub const fn promotes(self) -> bool {
        self.promotes
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)?;
        if self.is_capture() {
            f.write_str(" [")?;
            for (i, sq) in self.captures.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{sq}")?;
            }
            f.write_str("]")?;
        }
        if self.promotes {
            f.write_str(" +K")?;
        }
        Ok(())
    }
}

/// How many moves a [`MoveList`] holds without allocating.
///
/// Quiet moves are bounded by 16 kings × 27 queen steps = 432, but kings
/// block each other and real positions stay far below that: a king has at
/// most 27 targets, and the most mobile positions seen in random and engine
/// games have fewer than 150 moves. Capture moves (unique by effect) are
/// far fewer in practice, but flying kings make their true worst case hard
/// to bound. Positions beyond the inline capacity are still handled
/// correctly: the list spills into a heap vector.
pub const MOVE_LIST_INLINE: usize = 256;

/// A list of moves: a stack array of [`MOVE_LIST_INLINE`] moves that spills
/// to the heap only for pathological positions.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    inline: [Move; MOVE_LIST_INLINE],
    spill: Vec<Move>,
}

const NULL_MOVE: Move = Move::quiet(Square::A1, Square::A1, false);

impl MoveList {
    /// An empty list (no allocation).
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            inline: [NULL_MOVE; MOVE_LIST_INLINE],
            spill: Vec::new(),
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if self.len < MOVE_LIST_INLINE {
            self.inline[self.len] = mv;
            self.len += 1;
        } else {
            self.push_slow(mv);
        }
    }

    #[cold]
    fn push_slow(&mut self, mv: Move) {
        if self.spill.is_empty() {
            self.spill.extend_from_slice(&self.inline);
        }
        self.spill.push(mv);
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` returns true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        if self.spilled() {
            self.spill.retain(|m| keep(m));
            self.len = self.spill.len();
            if self.len <= MOVE_LIST_INLINE {
                self.inline[..self.len].copy_from_slice(&self.spill);
                self.spill.clear();
            }
        } else {
            let mut w = 0;
            for r in 0..self.len {
                let m = self.inline[r];
                if keep(&m) {
                    self.inline[w] = m;
                    w += 1;
                }
            }
            self.len = w;
        }
    }

    #[inline]
    fn spilled(&self) -> bool {
        self.len > MOVE_LIST_INLINE
    }

    /// The moves as a mutable slice (for ordering them).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        if self.spilled() {
            &mut self.spill
        } else {
            &mut self.inline[..self.len]
        }
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.spilled() {
            &self.spill
        } else {
            &self.inline[..self.len]
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The squares a move visits: its start square, then each landing square
/// in order (a quiet move has two squares). At most 1 + 16 squares, since a
/// move captures at most the 16 pieces of a side.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Path {
    squares: [Square; 17],
    len: u8,
}

impl Path {
    pub(crate) fn new(from: Square) -> Path {
        Path {
            squares: [from; 17],
            len: 1,
        }
    }

    pub(crate) fn push(&mut self, sq: Square) {
        if (self.len as usize) < self.squares.len() {
            self.squares[self.len as usize] = sq;
            self.len += 1;
        }
    }

    pub(crate) fn pop(&mut self) {
        if self.len > 1 {
            self.len -= 1;
        }
    }

    /// The squares, start square first.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

impl Deref for Path {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        self.squares()
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.squares()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small() {
        assert_eq!(core::mem::size_of::<Move>(), 16);
    }

    #[test]
    fn move_list_spills_past_inline_capacity() {
        let mut list = MoveList::new();
        let total = MOVE_LIST_INLINE + 40;
        for i in 0..total {
            let from = Square::new((i % 64) as u8).unwrap();
            let to = Square::new((i / 64) as u8).unwrap();
            list.push(Move::quiet(from, to, false));
        }
        assert_eq!(list.len(), total);
        assert_eq!(
            list[MOVE_LIST_INLINE + 1].from(),
            Square::new(((MOVE_LIST_INLINE + 1) % 64) as u8).unwrap()
        );
        list.retain(|m| m.to() == Square::A1);
        assert_eq!(list.len(), 64);
        assert!(list.iter().all(|m| m.to() == Square::A1));
        list.clear();
        assert!(list.is_empty());
    }
}
