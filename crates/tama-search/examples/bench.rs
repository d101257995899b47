//! Prints the search signature: `cargo run --release -p tama-search --example bench -- [DEPTH]`.
fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(tama_search::bench::DEFAULT_DEPTH);
    let r = tama_search::bench::run(depth);
    for (i, (n, mv)) in r.positions.iter().enumerate() {
        println!("position {i:2}: {n:>10} nodes, best {mv:?}");
    }
    println!(
        "bench depth {depth}: {} nodes in {:.3} s ({:.0} nodes/s)",
        r.nodes,
        r.time.as_secs_f64(),
        r.nps()
    );
}
