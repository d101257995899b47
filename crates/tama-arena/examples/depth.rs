//! Depth reached and speed from a position within a time limit:
//!
//! ```text
//! cargo run --release -p tama-arena --example depth -- [SPEC] [MS] [HASH_MIB]
//! ```
//!
//! SPEC is a player description as in `PlayerKind::parse` (default
//! `full`; e.g. `full,-ext`), MS the time in milliseconds (default 1000).
//! Searches the start position with one thread and prints every
//! completed iteration.

use std::time::Duration;

use tama_arena::PlayerKind;
use tama_core::{Position, Rules};
use tama_search::{Engine, InfoKind, Limits, SearchResult};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("full", String::as_str);
    let ms: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let hash: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(16);
    let PlayerKind::Engine(mut config) = PlayerKind::parse(spec).expect("a valid spec") else {
        eprintln!("error: SPEC must describe the engine");
        std::process::exit(2);
    };
    config.hash_mib = hash;
    let mut engine = Engine::new(*config);
    let limits = Limits::movetime(Duration::from_millis(ms));
    let r = engine.search(&Position::start(), &[], &Rules::ARMENIAN, &limits, |i| {
        if i.kind == InfoKind::Iteration {
            println!(
                "depth {:2} seldepth {:2} nodes {:>10} time {:>7.3} s nps {:>8} score {}",
                i.depth,
                i.seldepth,
                i.nodes,
                i.time.as_secs_f64(),
                i.nps,
                i.score
            );
        }
    });
    if let SearchResult::Move(b) = r {
        println!(
            "{spec}: depth {} in {} ms, {} nodes, {:.0} nodes/s",
            b.depth,
            ms,
            b.nodes,
            b.nodes as f64 / b.time.as_secs_f64()
        );
    }
}
