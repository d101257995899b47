//! Bitboard helpers the evaluation needs beyond tama-core's move
//! generation: capture threats and move counts for either side, whoever is
//! to move.

use tama_core::{Color, Position, Rules};

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;
const FILE_AB: u64 = FILE_A | (FILE_A << 1);
const FILE_GH: u64 = FILE_H | (FILE_H >> 1);

/// Directions: north, east, south, west, then north-east, north-west,
/// south-east, south-west.
const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
/// Whether the direction runs towards higher square indices.
const POSITIVE: [bool; 8] = [true, true, false, false, true, true, false, false];

const fn make_rays() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (df, dr) = STEPS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
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

/// `RAYS[d][sq]`: squares from `sq` (exclusive) to the edge in direction `d`.
static RAYS: [[u64; 64]; 8] = make_rays();

/// The squares a slider on `sq` reaches along direction `d`, up to and
/// including the first occupied square.
#[inline(always)]
fn ray_attacks(d: usize, sq: usize, occ: u64) -> u64 {
    let ray = RAYS[d][sq];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let first = if POSITIVE[d] {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    } as usize;
    ray & !RAYS[d][first]
}

/// The squares a king on `sq` reaches with quiet moves or sees (first
/// blocker included), orthogonally and optionally diagonally.
#[inline]
pub(crate) fn king_reach(sq: usize, occ: u64, diagonal: bool) -> u64 {
    let mut bb = ray_attacks(0, sq, occ)
        | ray_attacks(1, sq, occ)
        | ray_attacks(2, sq, occ)
        | ray_attacks(3, sq, occ);
    if diagonal {
        bb |= ray_attacks(4, sq, occ)
            | ray_attacks(5, sq, occ)
            | ray_attacks(6, sq, occ)
            | ray_attacks(7, sq, occ);
    }
    bb
}

/// One square forward for `color`'s men.
#[inline(always)]
pub(crate) fn forward(color: Color, bb: u64) -> u64 {
    match color {
        Color::White => bb << 8,
        Color::Black => bb >> 8,
    }
}

/// One square backward for `color`'s men.
#[inline(always)]
pub(crate) fn backward(color: Color, bb: u64) -> u64 {
    match color {
        Color::White => bb >> 8,
        Color::Black => bb << 8,
    }
}

/// The pieces of the opponent of `color` that `color` could jump right
/// now if it were its turn (first jumps only).
#[inline]
pub(crate) fn threatened(pos: &Position, color: Color) -> u64 {
    let own = pos.pieces(color).0;
    let enemy = pos.pieces(color.opponent()).0;
    let occ = own | enemy;
    let empty = !occ;
    let kings = pos.kings().0;
    let men = own & !kings;
    // A man on s jumps the piece on s+8 (White) landing on s+16.
    let mut victims = forward(color, men) & enemy & backward(color, empty);
    // Sideways: an east victim is on s+1 with s+2 empty, a west one on s-1
    // with s-2 empty.
    victims |= ((men & !FILE_GH) << 1) & enemy & (empty >> 1);
    victims |= ((men & !FILE_AB) >> 1) & enemy & (empty << 1);
    let mut ks = own & kings;
    while ks != 0 {
        let sq = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        for d in 0..4 {
            let ray = RAYS[d][sq];
            let blockers = ray & occ;
            if blockers == 0 {
                continue;
            }
            let victim = if POSITIVE[d] {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            } as usize;
            if enemy & (1u64 << victim) == 0 {
                continue;
            }
            let beyond = RAYS[d][victim];
            if beyond == 0 {
                continue;
            }
            let next = if POSITIVE[d] {
                beyond.trailing_zeros()
            } else {
                63 - beyond.leading_zeros()
            };
            if occ & (1u64 << next) == 0 {
                victims |= 1u64 << victim;
            }
        }
    }
    victims
}

/// The number of quiet moves of `color`'s men, and the number of squares
/// `color`'s kings reach (quiet targets).
#[inline]
pub(crate) fn mobility(pos: &Position, rules: &Rules, color: Color) -> (u32, u32) {
    let own = pos.pieces(color).0;
    let occ = pos.occupied().0;
    let empty = !occ;
    let kings = pos.kings().0;
    let men = own & !kings;
    let mut n = (forward(color, men) & empty).count_ones()
        + (((men & !FILE_H) << 1) & empty).count_ones()
        + (((men & !FILE_A) >> 1) & empty).count_ones();
    if rules.man_diagonal {
        let f = forward(color, men);
        n += (((f & !FILE_H) << 1) & empty).count_ones()
            + (((f & !FILE_A) >> 1) & empty).count_ones();
    }
    let mut k = 0;
    let mut ks = own & kings;
    while ks != 0 {
        let sq = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        k += (king_reach(sq, occ, rules.king_diagonal) & empty).count_ones();
    }
    (n, k)
}

/// Whether the side to move has a quiet move (it is assumed to have no
/// capture). A side without any move loses.
#[inline]
pub(crate) fn has_quiet_move(pos: &Position, rules: &Rules) -> bool {
    let color = pos.turn();
    let own = pos.pieces(color).0;
    let occ = pos.occupied().0;
    let empty = !occ;
    let kings = pos.kings().0;
    let men = own & !kings;
    let f = forward(color, men);
    if f & empty != 0 || ((men & !FILE_H) << 1) & empty != 0 || ((men & !FILE_A) >> 1) & empty != 0
    {
        return true;
    }
    if rules.man_diagonal && ((((f & !FILE_H) << 1) | ((f & !FILE_A) >> 1)) & empty) != 0 {
        return true;
    }
    let mut ks = own & kings;
    while ks != 0 {
        let sq = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        if king_reach(sq, occ, rules.king_diagonal) & empty != 0 {
            return true;
        }
    }
    false
}

/// Whether the side to move has a man that can be crowned with a quiet
/// move.
#[inline]
pub(crate) fn can_crown(pos: &Position, rules: &Rules) -> bool {
    let color = pos.turn();
    let seventh = match color {
        Color::White => 0xffu64 << 48,
        Color::Black => 0xffu64 << 8,
    };
    let men = pos.pieces(color).0 & !pos.kings().0 & seventh;
    if men == 0 {
        return false;
    }
    let empty = !pos.occupied().0;
    let f = forward(color, men);
    let mut to = f & empty;
    if rules.man_diagonal {
        to |= (((f & !FILE_H) << 1) | ((f & !FILE_A) >> 1)) & empty;
    }
    to != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::{Piece, Role, Setup, Square};

    fn pos(white: &[(Square, Role)], black: &[(Square, Role)], turn: Color) -> Position {
        let mut s = Setup::empty(turn);
        for &(sq, r) in white {
            s.put(sq, Piece::new(Color::White, r));
        }
        for &(sq, r) in black {
            s.put(sq, Piece::new(Color::Black, r));
        }
        Position::from_setup(s).unwrap()
    }

    #[test]
    fn threats_agree_with_has_capture() {
        // Random-ish positions from play: whenever it is a side's turn,
        // `threatened(pos, turn) != 0` must equal `has_capture()`.
        let rules = Rules::ARMENIAN;
        let mut state = 0x1234_5678u64;
        for _ in 0..200 {
            let mut p = Position::start();
            for _ in 0..60 {
                let moves = p.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                assert_eq!(threatened(&p, p.turn()) != 0, p.has_capture(), "{p:?}");
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                p = p.play_unchecked(&moves[(state >> 33) as usize % moves.len()]);
            }
        }
    }

    #[test]
    fn king_threats_and_mobility() {
        let p = pos(
            &[(Square::D1, Role::King)],
            &[
                (Square::D5, Role::Man),
                (Square::D6, Role::Man),
                (Square::A1, Role::King),
            ],
            Color::Black,
        );
        // The king cannot jump d5 (d6 stands behind it) nor a1 (nothing
        // beyond the edge): nothing is threatened.
        assert_eq!(threatened(&p, Color::White), 0);
        let p = pos(
            &[(Square::D1, Role::King)],
            &[(Square::D5, Role::Man), (Square::B1, Role::King)],
            Color::Black,
        );
        assert_eq!(
            threatened(&p, Color::White),
            Square::D5.bit() | Square::B1.bit()
        );
        let (men, king) = mobility(&p, &Rules::ARMENIAN, Color::White);
        assert_eq!(men, 0);
        // d2-d4 (3), c1 (1), e1-h1 (4), diagonals c2,b3,a4 and e2..h5 (3+4).
        assert_eq!(king, 15);
        let (_, king) = mobility(&p, &Rules::TURKISH, Color::White);
        assert_eq!(king, 8);
    }
}
