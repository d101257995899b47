//! Prints the search signature:
//!
//! ```text
//! cargo run --release -p tama-arena --example bench -- [DEPTH] [SPEC]
//! ```
//!
//! SPEC describes the engine as in `PlayerKind::parse` (default `full`;
//! e.g. `full,-lmr` to see how much larger the tree is without
//! reductions). Only the default engine's count is the signature.

use tama_arena::PlayerKind;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args
        .first()
        .and_then(|d| d.parse().ok())
        .unwrap_or(tama_arena::bench::DEFAULT_DEPTH);
    let spec = args.get(1).map_or("full", String::as_str);
    let mut config = match PlayerKind::parse(spec) {
        Ok(PlayerKind::Engine(config)) => *config,
        Ok(_) => {
            eprintln!("error: SPEC must describe the engine");
            std::process::exit(2);
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    if !spec.contains("hash=") {
        // The table size of `tama bench`.
        config.hash_mib = 16;
    }
    let r = tama_arena::bench::run_with(config, depth);
    for (i, (n, mv)) in r.positions.iter().enumerate() {
        println!("position {i:2}: {n:>10} nodes, best {mv:?}");
    }
    println!(
        "bench depth {depth} {spec}: {} nodes in {:.3} s ({:.0} nodes/s)",
        r.nodes,
        r.time.as_secs_f64(),
        r.nps()
    );
}
