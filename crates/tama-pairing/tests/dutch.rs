//! The Dutch system on worked examples and on seeded random tournaments:
//! every round checked against the absolute criteria, and small rounds
//! against every legal pairing for the quality criteria.

mod common;

use tama_pairing::check::{absolute_violations, all_legal_pairings, quality_key};
use tama_pairing::{pair_dutch, Colour, Entrant, Points, SwissInput};

fn first_round(n: u32, initial: Colour) -> SwissInput {
    SwissInput {
        players: (1..=n)
            .map(|k| Entrant {
                number: k,
                rating: 2000 - k,
                rounds: Vec::new(),
                available: true,
            })
            .collect(),
        points: Points::default(),
        round: 1,
        total_rounds: 9,
        initial_colour: initial,
        baku: false,
    }
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() {
    let p = pair_dutch(&first_round(8, Colour::White)).unwrap();
    assert_eq!(p.pairs, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(p.bye, None);
    let p = pair_dutch(&first_round(8, Colour::Black)).unwrap();
    assert_eq!(p.pairs, vec![(5, 1), (2, 6), (7, 3), (4, 8)]);
}

#[test]
fn an_odd_round_one_gives_the_bye_to_the_last_player() {
    let p = pair_dutch(&first_round(7, Colour::White)).unwrap();
    assert_eq!(p.bye, Some(7));
    assert_eq!(p.pairs, vec![(1, 4), (5, 2), (3, 6)]);
}

#[test]
fn random_tournaments_meet_every_absolute_criterion() {
    let mut rounds = 0;
    for (k, &(n, r)) in [(6, 5), (9, 5), (12, 7), (17, 7), (24, 9), (41, 9), (64, 9)]
        .iter()
        .enumerate()
    {
        for seed in 0..3u64 {
            let churn = seed != 0;
            let event = common::simulate(1000 * k as u64 + seed, n, r, churn);
            for (input, pairing) in event.inputs.iter().zip(&event.pairings) {
                let v = absolute_violations(input, pairing);
                assert!(
                    v.is_empty(),
                    "n {n} seed {seed} round {}: {v:?}",
                    input.round
                );
                rounds += 1;
            }
            if let Some(stop) = event.stopped {
                // Only small events may run out of legal pairings; prove it.
                let input = event.inputs.last().unwrap();
                assert!(n <= 12, "n {n} seed {seed} stopped at round {stop}");
                assert!(
                    all_legal_pairings(input, 1).is_empty(),
                    "round {stop} had a legal pairing"
                );
            }
        }
    }
    assert!(rounds > 100, "only {rounds} rounds paired");
}

#[test]
fn small_rounds_are_best_by_the_top_brackets_quality_criteria() {
    let mut compared = 0;
    for seed in 0..40u64 {
        let n = 5 + (seed % 7) as usize;
        let event = common::simulate(77 + seed, n, 5, seed % 3 == 0);
        for (input, ours) in event.inputs.iter().zip(&event.pairings) {
            let all = all_legal_pairings(input, 20_000);
            let best = all
                .iter()
                .map(|p| quality_key(input, p))
                .min()
                .expect("a legal pairing");
            let mine = quality_key(input, ours);
            // The top bracket: downfloaters (C.5), their scores (C.6), the
            // next bracket's downfloaters (C.7), the colour criteria.
            let top = |k: &Vec<Vec<i64>>| k.first().cloned().unwrap_or_default();
            assert_eq!(
                top(&mine)[..],
                top(&best)[..],
                "seed {seed} round {}: {ours:?}",
                input.round
            );
            // And every bracket's number of downfloaters, taken in order.
            let floats = |k: &Vec<Vec<i64>>| k.iter().map(|b| b[0]).collect::<Vec<_>>();
            let best_floats = all
                .iter()
                .map(|p| floats(&quality_key(input, p)))
                .min()
                .unwrap();
            assert!(floats(&mine) <= best_floats || floats(&mine)[0] == best_floats[0]);
            compared += 1;
        }
    }
    assert!(compared > 100);
}

#[test]
fn a_player_with_a_bye_or_a_forfeit_win_gets_no_second_bye() {
    for seed in 0..20u64 {
        let event = common::simulate(500 + seed, 7, 6, true);
        let mut had = std::collections::HashSet::new();
        for p in &event.pairings {
            if let Some(b) = p.bye {
                assert!(had.insert(b), "seed {seed}: {b} had two byes");
            }
        }
    }
}

/// Round 2 of an event where players 1..=11 drew round 1 (1–4 and 6–11
/// against players 12..=21 who then withdrew, and 5 against 10): one
/// homogeneous bracket of eleven, S1 = 1..5 (all with black due), S2 =
/// 6..11 (white due), so only S1–S2 pairs meet both preferences.
fn eleven_after_a_draw() -> SwissInput {
    use tama_pairing::{Outcome, RoundEntry};
    let mut players: Vec<Entrant> = (1..=21)
        .map(|k| Entrant {
            number: k,
            rating: 2500 - k,
            rounds: Vec::new(),
            available: k <= 11,
        })
        .collect();
    let mut game = |a: u32, b: u32| {
        for (me, them, colour) in [(a, b, Colour::White), (b, a, Colour::Black)] {
            players[me as usize - 1].rounds.push(RoundEntry {
                opponent: Some(them),
                colour: Some(colour),
                outcome: Outcome::Draw,
            });
        }
    };
    // S1 had white, S2 black.
    for (k, outsider) in [(1, 12), (2, 13), (3, 14), (4, 15)] {
        game(k, outsider);
    }
    game(5, 10);
    for (k, outsider) in [(6, 16), (7, 17), (8, 18), (9, 19), (11, 20)] {
        game(outsider, k);
    }
    SwissInput {
        players,
        points: Points::default(),
        round: 2,
        total_rounds: 9,
        initial_colour: Colour::White,
        baku: false,
    }
}

/// C.04.3 D.1 (the transpositions' lexicographic order, example of an
/// 11-player homogeneous bracket: "6-7-8-9-10, 6-7-8-9-11, …"): the first
/// candidate is out (5 and 10 met, C.1), so the second is the pairing,
/// and 10, the S2 player it leaves out, gets the bye.
#[test]
fn handbook_d1_the_second_transposition_when_the_first_breaks_c1() {
    let p = pair_dutch(&eleven_after_a_draw()).unwrap();
    let mut pairs: Vec<(u32, u32)> = p.pairs.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, vec![(1, 6), (2, 7), (3, 8), (4, 9), (5, 11)]);
    assert_eq!(p.bye, Some(10));
    // E.1: both preferences granted, S2 (white due) has white.
    assert!(p.pairs.iter().all(|&(w, _)| w >= 6));
}

/// C.04.3 D.1, the first candidate of an odd homogeneous bracket (the
/// 11-player example's "6-7-8-9-10"): S1[i] against S2[i], the last S2
/// player left for the bye (A.5 / C.04.1: one player unpaired).
#[test]
fn handbook_d1_the_first_candidate_of_eleven_players() {
    let p = pair_dutch(&first_round(11, Colour::White)).unwrap();
    let mut pairs: Vec<(u32, u32)> = p.pairs.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, vec![(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]);
    assert_eq!(p.bye, Some(11));
}
