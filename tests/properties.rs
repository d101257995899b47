//! Invariants along random games: the incremental hash, and perft under
//! the colour-flip and left-right mirrors.

use tama_core::{perft, Position, Rules};

use crate::util::{random_game, random_setup, Rng};

#[test]
fn incremental_hash_equals_recomputed_hash() {
    let mut rng = Rng::new(0xa5a5);
    for rules in Rules::all_move_combinations() {
        for _ in 0..4 {
            for pos in random_game(&mut rng, &rules, 200) {
                assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}");
                for mv in pos.legal_moves(&rules).iter() {
                    let next = pos.play_unchecked(mv);
                    assert_eq!(next.hash(), next.compute_hash(), "{pos:?} {mv:?}");
                }
            }
        }
    }
}

fn mirrors_keep_perft(pos: &Position, rules: &Rules, depth: u32) {
    let n = perft(pos, rules, depth);
    assert_eq!(
        perft(&pos.flip_colors(), rules, depth),
        n,
        "colour flip of {pos:?}"
    );
    assert_eq!(
        perft(&pos.flip_horizontal(), rules, depth),
        n,
        "left-right mirror of {pos:?}"
    );
}

#[test]
fn perft_is_unchanged_by_mirrors() {
    let mut rng = Rng::new(0x0f1f);
    for rules in Rules::all_move_combinations() {
        let game = random_game(&mut rng, &rules, 120);
        for pos in game.iter().step_by(7) {
            mirrors_keep_perft(pos, &rules, 3);
        }
        for _ in 0..8 {
            mirrors_keep_perft(&random_setup(&mut rng, 8, 50), &rules, 3);
        }
    }
}
