//! Random tournaments for the tests and the benchmark: seeded, with
//! requested byes, late entries, withdrawals and forfeits, every round
//! paired by tama's Dutch system.

#![allow(dead_code)]

use tama_pairing::{
    pair_dutch, Colour, Entrant, Outcome, PairingError, Player, Points, RoundEntry, RoundPairing,
    SwissInput,
};
use tama_test_support::Rng;

/// One simulated event: the players with their rounds, and each round's
/// input and pairing.
pub struct Event {
    pub players: Vec<Player>,
    pub inputs: Vec<SwissInput>,
    pub pairings: Vec<RoundPairing>,
    /// The round that could not be paired, if the event stopped early.
    pub stopped: Option<u32>,
}

/// Simulates `n` players over `rounds` rounds. With `churn`, some players
/// enter late (absent at first), some withdraw, some ask for half-point
/// byes, and some games are forfeited.
pub fn simulate(seed: u64, n: usize, rounds: u32, churn: bool) -> Event {
    let mut rng = Rng::new(seed);
    let mut players: Vec<Player> = (1..=n as u32)
        .map(|k| Player {
            number: k,
            name: format!("Player {k}"),
            rating: 2400u32.saturating_sub(10 * k).max(100),
            ..Player::default()
        })
        .collect();
    let enters: Vec<u32> = (0..n)
        .map(|_| {
            if churn && rng.chance(10) {
                1 + rng.below(2) as u32 + 1
            } else {
                1
            }
        })
        .collect();
    let leaves: Vec<u32> = (0..n)
        .map(|_| {
            if churn && rng.chance(8) {
                2 + rng.below(rounds as usize) as u32
            } else {
                u32::MAX
            }
        })
        .collect();
    let mut inputs = Vec::new();
    let mut pairings = Vec::new();
    for r in 1..=rounds {
        let mut available = vec![true; n];
        let mut absent_outcome = vec![Outcome::ZeroBye; n];
        for i in 0..n {
            if r < enters[i] || r >= leaves[i] {
                available[i] = false;
            } else if churn && rng.chance(4) {
                available[i] = false;
                absent_outcome[i] = Outcome::HalfBye;
            }
        }
        let input = SwissInput {
            players: players
                .iter()
                .enumerate()
                .map(|(i, p)| Entrant {
                    number: p.number,
                    rating: p.rating,
                    rounds: p.rounds.clone(),
                    available: available[i],
                })
                .collect(),
            points: Points::default(),
            round: r,
            total_rounds: rounds,
            initial_colour: if seed.is_multiple_of(2) {
                Colour::White
            } else {
                Colour::Black
            },
            baku: false,
        };
        let pairing = match pair_dutch(&input) {
            Ok(p) => p,
            Err(PairingError::Unpairable { .. }) => {
                inputs.push(input);
                return Event {
                    players,
                    inputs,
                    pairings,
                    stopped: Some(r),
                };
            }
            Err(e) => panic!("seed {seed} n {n} round {r}: {e}"),
        };
        let mut entries: Vec<RoundEntry> =
            absent_outcome.iter().map(|&o| RoundEntry::bye(o)).collect();
        for &(w, b) in &pairing.pairs {
            let (wi, bi) = (w as usize - 1, b as usize - 1);
            let roll = rng.below(100);
            let forfeit = churn && roll < 3;
            let white = if forfeit {
                if rng.chance(50) {
                    Outcome::ForfeitWin
                } else {
                    Outcome::ForfeitLoss
                }
            } else {
                let edge = (players[wi].rating as i64 - players[bi].rating as i64) / 20;
                let x = rng.below(100) as i64;
                if x < 40 + edge {
                    Outcome::Win
                } else if x < 70 + edge {
                    Outcome::Draw
                } else {
                    Outcome::Loss
                }
            };
            entries[wi] = RoundEntry {
                opponent: Some(b),
                colour: Some(Colour::White),
                outcome: white,
            };
            entries[bi] = RoundEntry {
                opponent: Some(w),
                colour: Some(Colour::Black),
                outcome: white.reversed(),
            };
        }
        if let Some(b) = pairing.bye {
            entries[b as usize - 1] = RoundEntry::bye(Outcome::PairingBye);
        }
        for (p, e) in players.iter_mut().zip(entries) {
            p.rounds.push(e);
        }
        inputs.push(input);
        pairings.push(pairing);
    }
    Event {
        players,
        inputs,
        pairings,
        stopped: None,
    }
}
