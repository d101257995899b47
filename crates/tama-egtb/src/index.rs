//! Combinatorial position indexing per material, with the left-right
//! mirror folded out.
//!
//! Tables hold positions with White to move (a position with Black to move
//! is turned over first: colours swapped, board flipped top to bottom). The
//! pieces fall into four groups, indexed in this order: White men, Black
//! men, White kings, Black kings. Men stand on ranks 2–7 (the 48-square
//! "men domain": a man on its own first rank cannot arise in a game, one on
//! its last rank would be a king); kings anywhere. A group of `k` pieces is
//! numbered by the colex rank of its squares among the squares of its
//! domain not taken by earlier groups, so every number names a placement
//! and the table has no holes.
//!
//! The first non-empty group (the *lead*) also carries the mirror: a
//! position is stored as itself when the rank of its lead squares is at
//! most the rank of their mirror image, else mirrored. Lead sets that are
//! their own mirror image keep both orientations (a small redundancy that
//! keeps the map simple). Only canonical lead sets are numbered.

use std::sync::OnceLock;

use tama_core::{Bitboard, Position, Setup};

use crate::Material;

/// Binomial coefficients `C(n, k)` for `n <= 64`, `k <= 8`.
static BINOM: [[u64; 9]; 65] = {
    let mut t = [[0u64; 9]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 8 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)`.
#[inline]
pub(crate) fn binom(n: u32, k: u32) -> u64 {
    if k > 8 || n > 64 {
        return 0;
    }
    BINOM[n as usize][k as usize]
}

/// Ranks 2 to 7: where men may stand in the tables.
pub(crate) const MEN_DOMAIN: u64 = 0x00ff_ffff_ffff_ff00;

/// The most pieces in one group that the index supports.
pub const MAX_GROUP: u32 = 8;

/// A board with White to move, as three masks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    pub white: u64,
    pub black: u64,
    pub kings: u64,
}

impl Board {
    /// The pieces of `pos` seen from its side to move, turned over when
    /// Black is to move.
    #[inline]
    pub fn normalized(pos: &Position) -> Board {
        let us = pos.pieces(pos.turn()).0;
        let them = pos.pieces(pos.turn().opponent()).0;
        let kings = pos.kings().0;
        match pos.turn() {
            tama_core::Color::White => Board {
                white: us,
                black: them,
                kings,
            },
            tama_core::Color::Black => Board {
                white: us.swap_bytes(),
                black: them.swap_bytes(),
                kings: kings.swap_bytes(),
            },
        }
    }

    /// The colour flip: the position seen from the other side (still with
    /// White, the former Black, "to move" in the returned masks).
    #[inline]
    pub fn flipped(self) -> Board {
        Board {
            white: self.black.swap_bytes(),
            black: self.white.swap_bytes(),
            kings: self.kings.swap_bytes(),
        }
    }

    /// The left-right mirror image.
    #[inline]
    pub fn mirrored(self) -> Board {
        Board {
            white: mirror(self.white),
            black: mirror(self.black),
            kings: mirror(self.kings),
        }
    }

    /// The position with White to move.
    ///
    /// # Panics
    ///
    /// When the masks overlap (never for boards built by an indexer).
    pub fn position(self) -> Position {
        Position::from_setup(Setup {
            white: Bitboard(self.white),
            black: Bitboard(self.black),
            kings: Bitboard(self.kings),
            turn: tama_core::Color::White,
        })
        .expect("indexed boards are valid positions")
    }

    #[inline]
    fn groups(self) -> [u64; 4] {
        [
            self.white & !self.kings,
            self.black & !self.kings,
            self.white & self.kings,
            self.black & self.kings,
        ]
    }
}

/// Mirrors a mask left to right (file a ↔ file h).
#[inline]
pub(crate) fn mirror(x: u64) -> u64 {
    Bitboard(x).flip_horizontal().0
}

/// The colex rank of a set of compressed square numbers given as a mask.
#[inline]
fn rank_mask(mut m: u64) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while m != 0 {
        let c = m.trailing_zeros();
        r += binom(c, i);
        i += 1;
        m &= m - 1;
    }
    r
}

/// The set of `k` compressed numbers with colex rank `r`, as a mask.
#[inline]
fn unrank_mask(mut r: u64, k: u32, n: u32) -> u64 {
    let mut m = 0u64;
    let mut hi = n;
    for i in (1..=k).rev() {
        // The largest c below `hi` with C(c, i) <= r, by bisection:
        // C(i - 1, i) = 0 <= r always holds.
        let mut lo = i - 1;
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if binom(mid, i) <= r {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        r -= binom(lo, i);
        m |= 1 << lo;
        hi = lo;
    }
    m
}

/// Squeezes the squares of `group` to numbers 0.. among the squares of
/// `free` (a superset of `group`), in board order.
#[inline]
fn compress(group: u64, free: u64) -> u64 {
    let mut out = 0u64;
    let mut g = group;
    while g != 0 {
        let s = g.trailing_zeros();
        let below = free & ((1u64 << s) - 1);
        out |= 1 << below.count_ones();
        g &= g - 1;
    }
    out
}

/// The inverse of [`compress`]: number `i` becomes the `i`-th square of
/// `free`.
#[inline]
fn expand(numbers: u64, free: u64) -> u64 {
    let mut out = 0u64;
    let mut n = numbers;
    while n != 0 {
        let i = n.trailing_zeros();
        out |= 1 << select(free, i);
        n &= n - 1;
    }
    out
}

/// The square of the `i`-th set bit of `x` (0-based).
#[inline]
fn select(mut x: u64, mut i: u32) -> u32 {
    let mut base = 0;
    loop {
        let byte = x & 0xff;
        let c = byte.count_ones();
        if i < c {
            let mut b = byte;
            for _ in 0..i {
                b &= b - 1;
            }
            return base + b.trailing_zeros();
        }
        i -= c;
        x >>= 8;
        base += 8;
    }
}

/// The numbering of canonical lead sets: `k` squares of a domain whose
/// rank is at most that of their mirror image.
struct LeadTable {
    /// Dense number of each rank, `u32::MAX` for non-canonical sets.
    dense: Vec<u32>,
    /// Rank of each dense number.
    ranks: Vec<u32>,
}

impl LeadTable {
    fn build(domain: u64, k: u32) -> LeadTable {
        let n = domain.count_ones();
        let total = binom(n, k) as usize;
        let mut dense = vec![u32::MAX; total];
        let mut ranks = Vec::with_capacity(total / 2 + 64);
        for (r, slot) in dense.iter_mut().enumerate() {
            let set = expand(unrank_mask(r as u64, k, n), domain);
            let m = rank_mask(compress(mirror(set), domain));
            if r as u64 <= m {
                *slot = ranks.len() as u32;
                ranks.push(r as u32);
            }
        }
        LeadTable { dense, ranks }
    }

    fn get(men: bool, k: u32) -> &'static LeadTable {
        static TABLES: [[OnceLock<LeadTable>; MAX_GROUP as usize + 1]; 2] =
            [const { [const { OnceLock::new() }; MAX_GROUP as usize + 1] }; 2];
        let domain = if men { MEN_DOMAIN } else { !0 };
        TABLES[usize::from(men)][k as usize].get_or_init(|| LeadTable::build(domain, k))
    }
}

/// The index of one material's table.
pub(crate) struct Indexer {
    counts: [u32; 4],
    lead: usize,
    lead_table: &'static LeadTable,
    /// Number of placements of each group given the earlier ones (1 for
    /// empty groups and the lead).
    sizes: [u64; 4],
    size: u64,
}

impl Indexer {
    /// The indexer of `m`, White being the side to move.
    ///
    /// # Panics
    ///
    /// When a group has more than [`MAX_GROUP`] pieces or `m` has no table.
    pub fn new(m: Material) -> Indexer {
        let counts = [
            u32::from(m.us_men),
            u32::from(m.them_men),
            u32::from(m.us_kings),
            u32::from(m.them_kings),
        ];
        assert!(counts.iter().all(|&c| c <= MAX_GROUP), "group too large");
        let lead = counts
            .iter()
            .position(|&c| c > 0)
            .expect("a material with a table has pieces");
        let lead_table = LeadTable::get(lead < 2, counts[lead]);
        let mut sizes = [1u64; 4];
        let mut men_before = 0;
        let mut all_before = 0;
        for g in 0..4 {
            let free = if g < 2 {
                48 - men_before
            } else {
                64 - all_before
            };
            if g != lead {
                sizes[g] = binom(free, counts[g]);
            }
            if g < 2 {
                men_before += counts[g];
            }
            all_before += counts[g];
        }
        let size = lead_table.ranks.len() as u64 * sizes.iter().product::<u64>();
        Indexer {
            counts,
            lead,
            lead_table,
            sizes,
            size,
        }
    }

    /// Positions in the table.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The lead group's squares of `b`.
    #[inline]
    fn lead_squares(&self, b: Board) -> u64 {
        b.groups()[self.lead]
    }

    /// Whether `b`'s men stand where the table has men (ranks 2–7).
    #[inline]
    pub fn men_in_domain(b: Board) -> bool {
        (b.white | b.black) & !b.kings & !MEN_DOMAIN == 0
    }

    /// The stored orientation of `b`: itself or its mirror image.
    #[inline]
    pub fn canonical(&self, b: Board) -> Board {
        // Squeezing squares into the domain keeps their order, and the colex
        // order of two sets is the numeric order of their masks, so the rank
        // comparison of the lead table is a plain comparison here.
        let lead = self.lead_squares(b);
        if lead <= mirror(lead) {
            b
        } else {
            b.mirrored()
        }
    }

    /// Whether `b` and its mirror image are separate entries (the lead set
    /// is its own mirror image); otherwise they share one.
    #[inline]
    pub fn lead_symmetric(&self, b: Board) -> bool {
        let lead = self.lead_squares(b);
        lead == mirror(lead)
    }

    /// The index of a canonical board of this material (see
    /// [`Indexer::canonical`]); men must be in the men domain.
    #[inline]
    pub fn index(&self, b: Board) -> u64 {
        let groups = b.groups();
        let mut men_occ = 0u64;
        let mut all_occ = 0u64;
        let mut idx = 0u64;
        for (g, &sq) in groups.iter().enumerate() {
            let (dom, occ) = if g < 2 {
                (MEN_DOMAIN, men_occ)
            } else {
                (!0, all_occ)
            };
            let r = rank_mask(compress(sq, dom & !occ));
            if g == self.lead {
                idx = u64::from(self.lead_table.dense[r as usize]);
            } else {
                idx = idx * self.sizes[g] + r;
            }
            if g < 2 {
                men_occ |= sq;
            }
            all_occ |= sq;
        }
        idx
    }

    /// The board of an index below [`Indexer::size`].
    pub fn board(&self, mut idx: u64) -> Board {
        let mut ranks = [0u64; 4];
        for g in (0..4).rev() {
            if g == self.lead {
                ranks[g] = u64::from(self.lead_table.ranks[idx as usize]);
            } else {
                ranks[g] = idx % self.sizes[g];
                idx /= self.sizes[g];
            }
        }
        let mut groups = [0u64; 4];
        let mut men_occ = 0u64;
        let mut all_occ = 0u64;
        for g in 0..4 {
            let (dom, occ) = if g < 2 {
                (MEN_DOMAIN, men_occ)
            } else {
                (!0, all_occ)
            };
            let free = dom & !occ;
            let k = self.counts[g];
            let sq = if k == 0 {
                0
            } else {
                expand(unrank_mask(ranks[g], k, free.count_ones()), free)
            };
            groups[g] = sq;
            if g < 2 {
                men_occ |= sq;
            }
            all_occ |= sq;
        }
        Board {
            white: groups[0] | groups[2],
            black: groups[1] | groups[3],
            kings: groups[2] | groups[3],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        for k in 1..=3 {
            let n = 20;
            for r in 0..binom(n, k) {
                assert_eq!(rank_mask(unrank_mask(r, k, n)), r);
            }
        }
    }

    #[test]
    fn every_index_round_trips_and_is_canonical() {
        for text in [
            "KvK", "MvK", "KvM", "MvM", "KMvK", "KvKM", "MMvK", "KvMM", "MvMM",
        ] {
            let m: Material = text.parse().unwrap();
            let ix = Indexer::new(m);
            let mut seen = std::collections::HashSet::new();
            for i in 0..ix.size() {
                let b = ix.board(i);
                assert_eq!(ix.canonical(b), b, "{text} {i}");
                assert_eq!(ix.index(b), i, "{text} {i}");
                assert_eq!(Material::of(&b.position()), m);
                assert!(seen.insert(b));
                // The mirror image maps to the same entry unless the lead
                // set is symmetric.
                let mb = b.mirrored();
                if !ix.lead_symmetric(b) {
                    assert_eq!(ix.index(ix.canonical(mb)), i);
                }
            }
        }
    }

    #[test]
    fn sizes_halve_the_placements() {
        let ix = Indexer::new("KvK".parse().unwrap());
        // 64 * 63 placements, lead king on files a-d (32 squares) * 63.
        assert_eq!(ix.size(), 32 * 63);
        let ix = Indexer::new("MvK".parse().unwrap());
        assert_eq!(ix.size(), 24 * 63);
    }
}
