//! `tama tactics`: prints positions with one winning move, picked from the
//! endgame tablebases by [`tama_egtb::tactics`], as the lines of
//! `tests/data/tactics.txt` (`FEN | rules | winning move | note`) that
//! `tests/engine.rs` searches with every evaluation.

use std::path::PathBuf;

use tama_egtb::tactics::{pick_tactics, TacticsSearch};
use tama_egtb::Tablebase;
use tama_notation::{write_fen, write_move};

use crate::common::parse_rules_arg;
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Print tablebase positions won by exactly one move.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama tactics --dir tables/armenian --rules armenian
  tama tactics --dir tables/turkish --rules turkish --count 20 --max-plies 9

Each line is a win for the side to move with exactly one winning move,
no capture at the root and the win --min-plies to --max-plies deep; half
of them (as far as they turn up) won by a sacrifice.

Exit codes: 0 the positions were printed, 1 fewer were found than asked,
2 bad input (rules, unreadable tables).")]
pub struct Args {
    /// The tablebase directory of the rules (`tables/armenian`).
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// The rules of the tables, written into each line as given.
    #[arg(long, value_name = "RULES")]
    pub rules: String,
    /// Positions to print.
    #[arg(long, default_value_t = TacticsSearch::default().count)]
    pub count: usize,
    /// The least distance to the win, in plies.
    #[arg(long, default_value_t = TacticsSearch::default().min_plies)]
    pub min_plies: u32,
    /// The greatest distance to the win, in plies (the suite's test
    /// searches to depth 12: every win it holds ends inside the horizon).
    #[arg(long, default_value_t = TacticsSearch::default().max_plies)]
    pub max_plies: u32,
    /// Seed of the random placements.
    #[arg(long, default_value_t = TacticsSearch::default().seed)]
    pub seed: u64,
}

/// Runs `tama tactics`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let rules = parse_rules_arg(Some(&args.rules))?;
    let tb = Tablebase::open(&args.dir, &rules).map_err(|e| {
        CliError::usage(format!(
            "{}: cannot open the tables: {e}",
            args.dir.display()
        ))
    })?;
    let search = TacticsSearch {
        count: args.count,
        min_plies: args.min_plies,
        max_plies: args.max_plies,
        seed: args.seed,
        ..TacticsSearch::default()
    };
    let tactics = pick_tactics(&tb, &search).map_err(CliError::usage)?;
    for t in &tactics.found {
        writeln!(
            io.out,
            "{} | {} | {} | {}, win in {} plies{}",
            write_fen(&t.position),
            args.rules,
            write_move(&t.position, &rules, &t.winning_move),
            t.material,
            t.plies,
            if t.sacrifice { ", sacrifice" } else { "" }
        )?;
    }
    let sacrifices = tactics.found.iter().filter(|t| t.sacrifice).count();
    writeln!(
        io.err,
        "{} positions ({sacrifices} won by a sacrifice) from {} random placements",
        tactics.found.len(),
        tactics.tried
    )?;
    if tactics.found.len() < args.count {
        return Err(CliError::check_failed(if tactics.tried == 0 {
            format!("{}: no tables of 4 or more pieces", args.dir.display())
        } else {
            format!(
                "only {} positions in {} tries",
                tactics.found.len(),
                tactics.tried
            )
        }));
    }
    Ok(EXIT_OK)
}
