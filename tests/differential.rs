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

/// tama-core's backward moves (`reach::quiet_unmoves`, through
/// `Position::for_each_unmove`) against its move generator, for every
/// switch combination: every un-move, taken back, gives a position where
/// it is a quiet move that leads here again; every quiet, non-crowning
/// move is found among the un-moves of the position it leads to.
#[test]
fn unmoves_are_the_quiet_moves_played_backward_for_every_switch_combination() {
    let mut rng = Rng::new(0x5eed_0005);
    let mut unmoves_seen = 0;
    let mut king_unmoves = 0;
    for rules in Rules::all_move_combinations() {
        let mut positions = random_game(&mut rng, &rules, 100);
        for i in 0..100 {
            positions.push(random_setup(
                &mut rng,
                [3, 8, 16][i % 3],
                [0, 30, 80][i % 3],
            ));
        }
        for pos in positions {
            let what = format!("{pos:?} under {rules:?}");
            let mut unmoves = Vec::new();
            pos.for_each_unmove(&rules, |mv| unmoves.push(mv));
            for mv in &unmoves {
                let before = pos.unplay(mv).expect("an un-move can be taken back");
                assert_eq!(before.turn(), pos.turn().opponent(), "{what}");
                assert!(
                    before.quiet_moves(&rules).contains(mv),
                    "{mv:?} is no quiet move before {what}"
                );
                assert_eq!(before.play_unchecked(mv), pos, "{mv:?} in {what}");
                king_unmoves += u32::from(pos.kings().contains(mv.to()));
            }
            let mut distinct = unmoves.clone();
            distinct.sort_by_key(|m| (m.from(), m.to()));
            distinct.dedup();
            assert_eq!(distinct.len(), unmoves.len(), "an un-move twice: {what}");
            unmoves_seen += unmoves.len();
            for mv in pos.quiet_moves(&rules).iter().filter(|m| !m.promotes()) {
                let after = pos.play_unchecked(mv);
                let mut found = false;
                after.for_each_unmove(&rules, |u| found |= u == *mv);
                assert!(found, "{mv:?} of {what} is no un-move of its result");
            }
        }
    }
    assert!(unmoves_seen > 50_000, "only {unmoves_seen} un-moves");
    assert!(king_unmoves > 5_000, "only {king_unmoves} kings' un-moves");
}
