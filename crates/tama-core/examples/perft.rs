//! Counts perft from the start position: `cargo run --release -p tama-core --example perft -- 6 armenian`.

use std::time::Instant;

use tama_core::{perft, Position, Preset};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let preset = match args.next().as_deref() {
        Some("turkish") => Preset::Turkish,
        Some("armenian-orthogonal") => Preset::ArmenianOrthogonal,
        _ => Preset::Armenian,
    };
    let start = Instant::now();
    let nodes = perft(&Position::start(), &preset.rules(), depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{preset} perft {depth}: {nodes} leaves in {secs:.3} s ({:.1} M/s)",
        nodes as f64 / secs / 1e6
    );
}
