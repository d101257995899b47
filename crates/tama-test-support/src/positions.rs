//! Random games and positions for property and differential tests.

use tama_core::{Bitboard, Color, Piece, Position, Role, Rules, Setup, Square};

use crate::Rng;

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

/// At least `n` positions without a capture to make: every such position
/// along random games of at most `max_plies` from the start, in order,
/// game after game until there are `n`.
pub fn quiet_positions(rng: &mut Rng, rules: &Rules, n: usize, max_plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = Position::start();
        for _ in 0..max_plies {
            let moves = p.legal_moves(rules);
            if moves.is_empty() {
                break;
            }
            if !p.has_capture() {
                out.push(p);
            }
            p = p.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
    out
}

/// A random valid setup: up to `max_per_side` pieces a side, each a king
/// with a chance of `king_percent` in a hundred; men never on their own
/// last rank.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_legal_and_seeded() {
        let rules = Rules::ARMENIAN;
        let game = random_game(&mut Rng::new(5), &rules, 40);
        assert_eq!(game[0], Position::start());
        for pair in game.windows(2) {
            assert!(pair[0]
                .legal_moves(&rules)
                .iter()
                .any(|m| pair[0].play_unchecked(m) == pair[1]));
        }
        assert_eq!(game, random_game(&mut Rng::new(5), &rules, 40));
        assert_ne!(game, random_game(&mut Rng::new(6), &rules, 40));
    }

    #[test]
    fn quiet_positions_have_no_capture() {
        let rules = Rules::TURKISH;
        let quiet = quiet_positions(&mut Rng::new(3), &rules, 300, 100);
        assert!(quiet.len() >= 300);
        assert!(quiet.iter().all(|p| !p.has_capture()));
    }

    #[test]
    fn setups_keep_their_bounds() {
        let mut rng = Rng::new(9);
        for _ in 0..200 {
            let p = random_setup(&mut rng, 3, 0);
            for color in Color::ALL {
                let pieces = Square::all()
                    .filter(|&sq| p.piece_at(sq).is_some_and(|pc| pc.color == color))
                    .count();
                assert!(pieces <= 3);
            }
        }
    }
}
