//! A set of squares in one `u64`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::Square;

/// A set of squares: bit `i` stands for the square with index `i`
/// (`a1 = 0` … `h8 = 63`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// File `a`.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// File `h`.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 1.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// Rank 8.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    /// The squares of file `file` (`0` = a … `7` = h); empty when out of range.
    pub const fn file(file: u8) -> Bitboard {
        if file < 8 {
            Bitboard(Self::FILE_A.0 << file)
        } else {
            Bitboard::EMPTY
        }
    }

    /// The squares of rank `rank` (`0` = rank 1 … `7` = rank 8); empty when
    /// out of range.
    pub const fn rank(rank: u8) -> Bitboard {
        if rank < 8 {
            Bitboard(Self::RANK_1.0 << (8 * rank))
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.bit())
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !sq.bit())
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= sq.bit();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !sq.bit();
    }

    /// The lowest square in the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The highest square in the set, if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(63 - self.0.leading_zeros()))
        }
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The set mirrored top to bottom (rank `r` to rank `7 - r`).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set mirrored left to right (file `f` to file `7 - f`).
    #[inline]
    #[must_use]
    pub const fn flip_horizontal(self) -> Bitboard {
        let k1 = 0x5555_5555_5555_5555u64;
        let k2 = 0x3333_3333_3333_3333u64;
        let k4 = 0x0f0f_0f0f_0f0f_0f0fu64;
        let mut x = self.0;
        x = ((x >> 1) & k1) | ((x & k1) << 1);
        x = ((x >> 2) & k2) | ((x & k2) << 2);
        x = ((x >> 4) & k4) | ((x & k4) << 4);
        Bitboard(x)
    }

    /// An iterator over the squares, lowest first.
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(63 - self.0.leading_zeros());
            self.0 &= !sq.bit();
            Some(sq)
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as an 8×8 grid, rank 8 on top: `x` for a member, `.`
    /// otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_index_unchecked(rank * 8 + file);
                let c = if self.contains(sq) { 'x' } else { '.' };
                if file > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Bitboard::from(Square::A1).with(Square::C3);
        let b = Bitboard::from(Square::C3).with(Square::H8);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![Square::C3]);
        assert_eq!((a | b).count(), 3);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), vec![Square::A1]);
        assert_eq!((a ^ b).count(), 2);
        assert_eq!(a.first(), Some(Square::A1));
        assert_eq!(b.last(), Some(Square::H8));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(
            (a | b).iter().rev().collect::<Vec<_>>(),
            vec![Square::H8, Square::C3, Square::A1]
        );
    }

    #[test]
    fn mirrors_match_square_mirrors() {
        let bb: Bitboard = [Square::A1, Square::B2, Square::G7, Square::E3]
            .into_iter()
            .collect();
        let v: Bitboard = bb.iter().map(Square::flip_vertical).collect();
        let h: Bitboard = bb.iter().map(Square::flip_horizontal).collect();
        assert_eq!(bb.flip_vertical(), v);
        assert_eq!(bb.flip_horizontal(), h);
    }

    #[test]
    fn debug_draws_a_grid() {
        let text = format!("{:?}", Bitboard::from(Square::H8));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[1], ". . . . . . . x");
        assert_eq!(lines[8], ". . . . . . . .");
    }
}
