//! Writes seeded random tournaments (paired by tama's Dutch system, with
//! byes, forfeits, withdrawals and late entries) as TRF files, to check
//! them with another pairing engine: `write_events DIR SIZE... [--seeds N]`.

#[path = "../tests/common/mod.rs"]
mod common;

use tama_pairing::trf::Tournament;
use tama_pairing::{Colour, Points};

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(args.first().cloned().unwrap_or_else(|| ".".into()));
    let seeds: u64 = args
        .iter()
        .position(|a| a == "--seeds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let sizes: Vec<usize> = args.iter().skip(1).map_while(|a| a.parse().ok()).collect();
    std::fs::create_dir_all(&dir)?;
    for &n in &sizes {
        for seed in 0..seeds {
            let rounds = 9;
            let event = common::simulate(seed * 7919 + n as u64, n, rounds, true);
            let played = event.pairings.len() as u32;
            let t = Tournament {
                headers: vec![("012".into(), format!("Random {n} seed {seed}"))],
                players: event.players,
                total_rounds: Some(played.max(1)),
                initial_colour: Some(if (seed * 7919 + n as u64).is_multiple_of(2) {
                    Colour::White
                } else {
                    Colour::Black
                }),
                points: Points::default(),
                baku: false,
                extra: Vec::new(),
            };
            std::fs::write(dir.join(format!("n{n}-s{seed}.trf")), t.write())?;
        }
    }
    Ok(())
}
