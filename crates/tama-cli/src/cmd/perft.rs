//! `tama perft`: count the leaves of the move tree.

use std::time::Instant;

use tama_api::{PerftMove, PerftReport};
use tama_core::{perft_divide, perft_parallel};
use tama_notation::movetext::write_move;

use crate::common::{write_json, PositionArgs};
use crate::error::CmdResult;
use crate::io::Io;

/// Count the leaves of the legal-move tree DEPTH plies deep.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama perft 6\n  tama perft 5 --rules turkish --divide\n  tama perft 7 --threads 2 --json"
)]
pub struct Args {
    /// How many plies deep to count (0 to 64).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Also count below each legal move.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Print one JSON object: `{"depth", "nodes", "seconds", "nps"}` (and
    /// `"moves"` with `--divide`).
    #[arg(long)]
    pub json: bool,
}

/// Runs `tama perft`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let out = &mut *io.out;
    let pos = args.position.position()?;
    let rules = args.position.rules()?;
    let threads = args.threads as usize;
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let d = perft_divide(&pos, &rules, args.depth.max(1), threads);
        let moves: Vec<(String, u64)> = d
            .iter()
            .map(|(mv, n)| (write_move(&pos, &rules, mv), *n))
            .collect();
        let total = if args.depth == 0 {
            1
        } else {
            moves.iter().map(|(_, n)| n).sum()
        };
        (total, Some(moves))
    } else {
        (perft_parallel(&pos, &rules, args.depth, threads), None)
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds).round() as u64
    } else {
        0
    };
    if args.json {
        let report = PerftReport {
            depth: args.depth,
            nodes,
            seconds: (seconds * 1e6).round() / 1e6,
            nps,
            moves: divide.as_ref().map(|moves| {
                moves
                    .iter()
                    .map(|(m, n)| PerftMove {
                        mv: m.clone(),
                        nodes: *n,
                    })
                    .collect()
            }),
        };
        write_json(out, &report)?;
    } else {
        if let Some(moves) = &divide {
            for (m, n) in moves {
                writeln!(out, "{m}: {n}")?;
            }
            writeln!(out)?;
        }
        writeln!(
            out,
            "depth {}: {nodes} nodes in {seconds:.3} s ({nps} nodes/s)",
            args.depth
        )?;
    }
    Ok(crate::error::EXIT_OK)
}
