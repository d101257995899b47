//! Differential test: tama-core's bitboard generator against the simple
//! array-board reference generator, on thousands of positions from random
//! games and random setups, for every combination of switches.

use tama_core::{perft, reach, Bitboard, Color, Position, Role, Rules, Square};

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

/// tama-core's rule primitives (`reach`, what an evaluation asks about
/// either side) against the reference's moves of each piece, for both
/// colours whoever is to move: which pieces can capture, the quiet moves
/// of men and of each king, crowning steps.
#[test]
fn reach_primitives_agree_for_both_colours_and_every_switch_combination() {
    let mut rng = Rng::new(0x5eed_0004);
    let mut sources_seen = 0;
    for rules in Rules::all_move_combinations() {
        let rr = to_ref_rules(&rules);
        let mut positions = random_game(&mut rng, &rules, 120);
        for i in 0..120 {
            positions.push(random_setup(&mut rng, [4, 8, 16][i % 3], [10, 40][i % 2]));
        }
        for pos in positions {
            let (board, _) = to_board(&pos);
            let occ = pos.occupied();
            for color in Color::ALL {
                let mut sources = Bitboard::EMPTY;
                let mut man_moves = 0;
                let mut man_targets = Bitboard::EMPTY;
                let mut crowning = Bitboard::EMPTY;
                let mut king_moves = 0;
                for sq in pos.pieces(color) {
                    if !reference::captures_from(&board, sq.index() as u8, &rr).is_empty() {
                        sources.insert(sq);
                    }
                    let quiet = reference::quiet_moves_from(&board, sq.index() as u8, &rr);
                    let to = |m: &reference::RMove| Square::new(m.to).expect("a square");
                    if pos.kings().contains(sq) {
                        let tos: Bitboard = quiet.iter().map(to).collect();
                        assert_eq!(reach::king_steps(&rules, sq, occ), tos, "{pos:?} {rules:?}");
                        king_moves += quiet.len() as u32;
                    } else {
                        man_moves += quiet.len() as u32;
                        man_targets |= quiet.iter().map(to).collect::<Bitboard>();
                        crowning |= quiet.iter().filter(|m| m.promotes).map(to).collect();
                    }
                }
                let what = format!("{color:?} in {pos:?} under {rules:?}");
                assert_eq!(pos.capture_sources(color), sources, "{what}");
                assert_eq!(pos.capture_victims(color).any(), sources.any(), "{what}");
                let men = pos.pieces_of(color, Role::Man);
                let steps = reach::man_steps(&rules, color, men, !occ);
                assert_eq!(steps.targets(), man_targets, "{what}");
                assert_eq!(
                    pos.quiet_move_counts(&rules, color),
                    (man_moves, king_moves),
                    "{what}"
                );
                assert_eq!(
                    pos.has_quiet_move(&rules, color),
                    man_moves + king_moves > 0,
                    "{what}"
                );
                assert_eq!(pos.crowning_steps(&rules, color), crowning, "{what}");
                sources_seen += sources.count();
            }
        }
    }
    assert!(sources_seen > 2_000, "only {sources_seen} capturing pieces");
}
