//! Probe speed in probes per second of wall time and of this process's CPU
//! time (the CPU figure is the fair one on a loaded machine).
//!
//! `cargo run --release -p tama-egtb --example probe_speed -- DIR [RULES] [blocks|memory|wdl] [THREADS]`
//!
//! - `blocks` (the default): distance tables probed block by block.
//! - `memory`: distance tables opened with `Tablebase::open_in_memory`
//!   (each decompressed whole on first use; the first pass over the
//!   positions warms them, and is not timed).
//! - `wdl`: every win/draw/loss table loaded first with
//!   `Tablebase::load_wdl` on THREADS threads (default 2; the load is
//!   timed and printed), then `Tablebase::probe_wdl`.
//!
//! Rows: `random`, random positions of the largest tables' materials
//! (those with a capture pending answered from their captures);
//! `stored`, those of them with no capture pending (one lookup each);
//! `children`, the positions after every legal move of 20,000 of them;
//! `quiet`, those children with no capture pending (the search's probes);
//! with `wdl`, `random, batches` and `stored, batches`, the same positions
//! through `Tablebase::probe_wdl_batch`.

use std::time::Instant;

use tama_core::{Bitboard, Color, Position, Setup};
use tama_egtb::Tablebase;

/// This process's user + system CPU time in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks: f64 = fields.get(11).and_then(|u| u.parse().ok()).unwrap_or(0.0)
        + fields.get(12).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map(String::as_str).unwrap_or("tables");
    let rules = tama_notation::parse_rules(args.get(2).map(String::as_str).unwrap_or("armenian"))
        .expect("rules");
    let mode = args.get(3).map_or("blocks", String::as_str);
    let threads: usize = args.get(4).and_then(|t| t.parse().ok()).unwrap_or(2);
    let tb = if mode == "memory" {
        Tablebase::open_in_memory(dir, &rules).expect("open")
    } else {
        Tablebase::open(dir, &rules).expect("open")
    };
    let wdl = mode == "wdl";
    if wdl {
        let (t, c) = (Instant::now(), cpu_seconds());
        let (tables, bytes) = tb.load_wdl(threads).expect("load");
        println!(
            "loaded {tables} win/draw/loss tables, {:.1} MB in memory, in {:.2} s wall, {:.2} s CPU ({threads} threads)",
            bytes as f64 / 1e6,
            t.elapsed().as_secs_f64(),
            cpu_seconds() - c
        );
    }
    let probe = |p: &Position| -> bool {
        if wdl {
            matches!(tb.probe_wdl(p), Ok(Some(_)))
        } else {
            matches!(tb.probe(p), Ok(Some(_)))
        }
    };
    let materials: Vec<_> = tb
        .materials()
        .filter(|m| m.pieces() == tb.max_pieces())
        .collect();
    let mut xorshift = tama_test_support::Rng::xorshift(0x9e37_79b9_7f4a_7c15);
    let mut rng = move || xorshift.next_u64();
    let mut positions = Vec::new();
    while positions.len() < 200_000 {
        let m = materials[(rng() % materials.len() as u64) as usize];
        let mut s = Setup::empty(Color::White);
        let groups = [
            (true, false, m.us_men),
            (true, true, m.us_kings),
            (false, false, m.them_men),
            (false, true, m.them_kings),
        ];
        for (white, king, n) in groups {
            for _ in 0..n {
                loop {
                    let sq = (rng() % 64) as u32;
                    if (s.white | s.black).0 & (1 << sq) != 0 || (!king && !(8..56).contains(&sq)) {
                        continue;
                    }
                    let bit = Bitboard(1 << sq);
                    if white {
                        s.white |= bit
                    } else {
                        s.black |= bit
                    }
                    if king {
                        s.kings |= bit
                    }
                    break;
                }
            }
        }
        positions.push(Position::from_setup(s).expect("valid"));
    }
    let children: Vec<Position> = positions
        .iter()
        .take(20_000)
        .flat_map(|p| {
            p.legal_moves(&rules)
                .iter()
                .map(|m| p.play_unchecked(m))
                .collect::<Vec<_>>()
        })
        .collect();
    // What the engine asks: positions with no capture pending.
    let quiet: Vec<Position> = children
        .iter()
        .filter(|p| !p.has_capture())
        .copied()
        .collect();
    // The random positions the tables store (no capture pending): one
    // lookup each, as the search's probes.
    let stored: Vec<Position> = positions
        .iter()
        .filter(|p| !p.has_capture())
        .copied()
        .collect();
    let rows = [
        ("random", &positions, false),
        ("stored", &stored, false),
        ("children", &children, false),
        ("quiet", &quiet, false),
        ("random, batches", &positions, true),
        ("stored, batches", &stored, true),
    ];
    for (name, set, batch) in rows {
        if batch && !wdl {
            continue;
        }
        let mut out = vec![None; set.len()];
        let mut pass = || -> u64 {
            if batch {
                tb.probe_wdl_batch(set, &mut out).expect("probe");
                out.iter().filter(|w| w.is_some()).count() as u64
            } else {
                set.iter().map(|p| u64::from(probe(p))).sum()
            }
        };
        // Warm: every table read, blocks touched once.
        pass();
        // Passes for at least a second: the CPU time counts in ticks of
        // 10 ms, so shorter rows would be coarse.
        let (t, c) = (Instant::now(), cpu_seconds());
        let (mut rounds, mut found) = (0, 0u64);
        while rounds < 5 || t.elapsed().as_secs_f64() < 1.0 {
            found += pass();
            rounds += 1;
        }
        let n = (rounds * set.len()) as f64;
        let wall = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - c;
        println!(
            "{name:<16} {:>9} probes ({found} covered): {:>6.2} M/s wall, {:>6.2} M/s of CPU time",
            n as u64,
            n / wall / 1e6,
            if cpu > 0.0 { n / cpu / 1e6 } else { f64::NAN }
        );
    }
}
