//! `tama bench`: the search signature.

use tama_api::BenchReport;
use tama_arena::bench;

use crate::common::write_json;
use crate::error::{CmdResult, EXIT_OK};
use crate::io::Io;

/// Search the fixed bench positions to a fixed depth with one thread and
/// print the total node count (the search's signature), time and speed.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  tama bench\n  tama bench --depth 8 --json")]
pub struct Args {
    /// Search depth in plies (1 to 30).
    #[arg(long, value_name = "D", default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: u32,
    /// Print one JSON object: `{"nodes", "seconds", "nps", "depth", "positions"}`.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tama bench`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let out = &mut *io.out;
    let r = bench::run(args.depth);
    let seconds = r.time.as_secs_f64();
    let nps = r.nps().round() as u64;
    if args.json {
        let value = BenchReport {
            nodes: r.nodes,
            seconds: (seconds * 1e6).round() / 1e6,
            nps,
            depth: args.depth,
            positions: r.positions.len(),
        };
        write_json(out, &value)?;
    } else {
        writeln!(
            out,
            "bench depth {}: {} positions, {} nodes in {seconds:.3} s ({nps} nodes/s)",
            args.depth,
            r.positions.len(),
            r.nodes
        )?;
    }
    Ok(EXIT_OK)
}
