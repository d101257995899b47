//! Shared helpers: a small seeded PRNG, conversions between tama-core and
//! the reference generator, and random positions.

use tama_core::{
    Bitboard, Color, KingReversal, Move, Piece, Position, Promotion, Removal, Role, Rules, Setup,
    Square,
};

use crate::reference::{self, Board, RColor, RMove, RRole, RRules};

/// splitmix64: small, seeded, good enough to pick moves and squares.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p` percent.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

pub fn to_ref_rules(r: &Rules) -> RRules {
    RRules {
        man_diagonal: r.man_diagonal,
        king_diagonal: r.king_diagonal,
        removal_end_of_move: r.removal == Removal::EndOfMove,
        king_reversal_allowed: r.king_reversal == KingReversal::Allowed,
        promotion_midway: r.promotion == Promotion::Midway,
    }
}

pub fn to_board(pos: &Position) -> (Board, RColor) {
    let mut board: Board = [None; 64];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            let c = match p.color {
                Color::White => RColor::White,
                Color::Black => RColor::Black,
            };
            let r = match p.role {
                Role::Man => RRole::Man,
                Role::King => RRole::King,
            };
            board[sq.index()] = Some((c, r));
        }
    }
    let turn = match pos.turn() {
        Color::White => RColor::White,
        Color::Black => RColor::Black,
    };
    (board, turn)
}

pub fn to_ref_move(m: &Move) -> RMove {
    RMove {
        from: m.from().index() as u8,
        to: m.to().index() as u8,
        captures: m.captures().0,
        promotes: m.promotes(),
    }
}

/// The legal moves of both generators, as sorted reference moves.
pub fn both_move_sets(pos: &Position, rules: &Rules) -> (Vec<RMove>, Vec<RMove>) {
    let mut fast: Vec<RMove> = pos.legal_moves(rules).iter().map(to_ref_move).collect();
    fast.sort();
    let (board, turn) = to_board(pos);
    let mut slow = reference::legal_moves(&board, turn, &to_ref_rules(rules));
    slow.sort();
    (fast, slow)
}

/// Every position along one random game from the start, at most
/// `max_plies` long.
pub fn random_game(rng: &mut Rng, rules: &Rules, max_plies: usize) -> Vec<Position> {
    let mut pos = Position::start();
    let mut out = vec![pos];
    for _ in 0..max_plies {
        let moves = pos.legal_moves(rules);
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        out.push(pos);
    }
    out
}

/// A random valid setup: up to `max_per_side` pieces a side, each a king
/// with probability `king_percent`; men never on their own last rank.
pub fn random_setup(rng: &mut Rng, max_per_side: usize, king_percent: u64) -> Position {
    let turn = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    let mut setup = Setup::empty(turn);
    let mut occupied = Bitboard::EMPTY;
    for color in Color::ALL {
        let n = rng.below(max_per_side + 1);
        for _ in 0..n {
            let Some(sq) = Square::new(rng.below(64) as u8) else {
                continue;
            };
            if occupied.contains(sq) {
                continue;
            }
            let mut role = if rng.chance(king_percent) {
                Role::King
            } else {
                Role::Man
            };
            if sq.rank() == color.promotion_rank() {
                role = Role::King;
            }
            occupied.insert(sq);
            setup.put(sq, Piece::new(color, role));
        }
    }
    Position::from_setup(setup).expect("random setups are valid by construction")
}
