//! Direction and ray tables, computed at compile time by `const fn`.

/// Directions, orthogonal ones first: north (+rank), east (+file), south,
/// west, then the diagonals north-east, north-west, south-east, south-west.
/// For the orthogonal ones, `(d + 2) & 3` is the opposite direction.
pub(crate) const NORTH: usize = 0;
pub(crate) const EAST: usize = 1;
pub(crate) const SOUTH: usize = 2;
pub(crate) const WEST: usize = 3;

/// File and rank steps of each direction.
const STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// Whether a direction runs towards higher square indices (so the nearest
/// square of a ray is its lowest set bit).
pub(crate) const POSITIVE: [bool; 8] = [true, true, false, false, true, true, false, false];

/// The opposite of an orthogonal direction.
#[inline]
pub(crate) const fn reverse(dir: usize) -> usize {
    (dir + 2) & 3
}

const fn make_rays() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (df, dr) = STEPS[d];
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            let mut bb = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                bb |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[d][sq] = bb;
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in
/// direction `d`.
pub(crate) static RAYS: [[u64; 64]; 8] = make_rays();

/// Neighbour of each square in each direction, or `64` off the board.
const fn make_neighbours() -> [[u8; 64]; 8] {
    let mut n = [[64u8; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (df, dr) = STEPS[d];
            let f = (sq % 8) as i8 + df;
            let r = (sq / 8) as i8 + dr;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                n[d][sq] = (r * 8 + f) as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    n
}

/// `NEIGHBOUR[d][sq]`: the adjacent square in direction `d`, or 64.
pub(crate) static NEIGHBOUR: [[u8; 64]; 8] = make_neighbours();

/// The nearest occupied square on the ray from `sq` in direction `d`.
#[inline(always)]
pub(crate) fn nearest(d: usize, blockers: u64) -> u32 {
    if POSITIVE[d] {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    }
}

/// The square of the nearest piece on the ray from `sq` in direction `d`
/// over `occ`, if that piece is one of `jumpable`: the piece a king on `sq`
/// would jump first in that direction.
#[inline(always)]
pub(crate) fn ray_victim(d: usize, sq: usize, occ: u64, jumpable: u64) -> Option<usize> {
    let blockers = RAYS[d][sq] & occ;
    if blockers == 0 {
        return None;
    }
    let victim = nearest(d, blockers) as usize;
    (jumpable & (1u64 << victim) != 0).then_some(victim)
}

/// The squares a slider on `sq` reaches in direction `d` over `occ`,
/// including the first occupied square.
#[inline(always)]
pub(crate) fn ray_attacks(d: usize, sq: usize, occ: u64) -> u64 {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        ray
    } else {
        ray ^ RAYS[d][nearest(d, blockers) as usize]
    }
}

/// The empty squares a queen-like slider on `sq` reaches over `occ`
/// (orthogonally, and diagonally too when `diagonal`).
#[inline(always)]
pub(crate) fn slider_targets(sq: usize, occ: u64, diagonal: bool) -> u64 {
    let mut t = ray_attacks(0, sq, occ)
        | ray_attacks(1, sq, occ)
        | ray_attacks(2, sq, occ)
        | ray_attacks(3, sq, occ);
    if diagonal {
        t |= ray_attacks(4, sq, occ)
            | ray_attacks(5, sq, occ)
            | ray_attacks(6, sq, occ)
            | ray_attacks(7, sq, occ);
    }
    t & !occ
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_neighbours() {
        // a1 north: a2..a8.
        assert_eq!(RAYS[NORTH][0], 0x0101_0101_0101_0100);
        assert_eq!(RAYS[WEST][0], 0);
        assert_eq!(NEIGHBOUR[EAST][7], 64);
        assert_eq!(NEIGHBOUR[SOUTH][8], 0);
        for d in 0..4 {
            assert_eq!(reverse(reverse(d)), d);
            for (sq, &n) in NEIGHBOUR[d].iter().enumerate() {
                if n < 64 {
                    assert_eq!(NEIGHBOUR[reverse(d)][n as usize] as usize, sq);
                }
            }
        }
    }

    #[test]
    fn slider_stops_at_blockers() {
        // Slider on d4 (27), blockers d6 (43) and b4 (25).
        let occ = (1u64 << 43) | (1u64 << 25) | (1u64 << 27);
        let t = slider_targets(27, occ, false);
        assert!(t & (1 << 35) != 0); // d5
        assert!(t & (1 << 43) == 0); // d6 occupied
        assert!(t & (1 << 51) == 0); // d7 behind
        assert!(t & (1 << 26) != 0); // c4
        assert!(t & (1 << 24) == 0); // a4 behind b4
        assert_eq!(t.count_ones(), 1 + 1 + 3 + 4);
    }
}
