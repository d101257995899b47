//! Differential test: tama-core's bitboard generator against the simple
//! array-board reference generator, on thousands of positions from random
//! games and random setups, for every combination of switches.

use tama_core::{perft, Position, Rules};

use crate::reference;
use crate::util::{both_move_sets, random_game, random_setup, to_board, to_ref_rules, Rng};

fn check(pos: &Position, rules: &Rules, what: &str) {
    let (fast, slow) = both_move_sets(pos, rules);
    assert_eq!(
        fast, slow,
        "{what}: move sets differ\nposition: {pos:?}\nrules: {rules:?}"
    );
}

#[test]
fn random_games_agree_for_every_switch_combination() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut checked = 0;
    for rules in Rules::all_move_combinations() {
        for game in 0..12 {
            for pos in random_game(&mut rng, &rules, 160) {
                check(&pos, &rules, &format!("random game {game}"));
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000, "only {checked} positions checked");
}

#[test]
fn random_setups_agree_for_every_switch_combination() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut checked = 0;
    let mut with_captures = 0;
    for rules in Rules::all_move_combinations() {
        for i in 0..400 {
            // Vary the density and the share of kings.
            let max = [3, 6, 10, 16][i % 4];
            let kings = [0, 20, 50, 90][(i / 4) % 4];
            let pos = random_setup(&mut rng, max, kings);
            check(&pos, &rules, &format!("random setup {i}"));
            checked += 1;
            if pos.has_capture() {
                with_captures += 1;
            }
        }
    }
    assert_eq!(checked, 32 * 400);
    assert!(
        with_captures > 2_000,
        "only {with_captures} capture positions"
    );
}

#[test]
fn perft_agrees_on_king_rich_setups() {
    let mut rng = Rng::new(0x5eed_0003);
    for rules in Rules::all_move_combinations() {
        for _ in 0..6 {
            let pos = random_setup(&mut rng, 6, 60);
            let (board, turn) = to_board(&pos);
            let slow = reference::perft(&board, turn, &to_ref_rules(&rules), 3);
            assert_eq!(
                perft(&pos, &rules, 3),
                slow,
                "perft 3 of {pos:?} under {rules:?}"
            );
        }
    }
}
