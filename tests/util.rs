//! Conversions between tama-core and the reference generator; the seeded
//! generator and random positions come from tama-test-support.

use tama_core::{Color, KingReversal, Move, Position, Promotion, Removal, Role, Rules, Square};
pub use tama_test_support::positions::{random_game, random_setup};
pub use tama_test_support::Rng;

use crate::reference::{self, Board, RColor, RMove, RRole, RRules};

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
