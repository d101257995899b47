//! `tama puzzle check`.

use std::path::PathBuf;

use tama_egtb::Tablebase;
use tama_puzzle::{selfplay, tablebase, Source};

use super::{load, rules_and_preset};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Check the solutions of a puzzle file.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Tablebase puzzles are checked against --tables (skipped, and said so,
without it), self-play puzzles by the search that found them. Exit codes:
0 every puzzle checked passed, 1 one failed, 2 bad input.")]
pub struct Args {
    /// The rules. Default: `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// The puzzle file (default: the built-in puzzles of the rules).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The tablebases for the tablebase puzzles.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Check only every N-th puzzle (1: all).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
}

/// Runs `tama puzzle check`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let (rules, preset) = rules_and_preset(args.rules.as_deref())?;
    let puzzles = load(args.file.as_deref(), &rules, preset)?;
    let tb = match &args.tables {
        Some(dir) => Some(Tablebase::open(dir, &rules).map_err(|e| {
            CliError::usage(format!("{}: cannot open the tables: {e}", dir.display()))
        })?),
        None => None,
    };
    let mut engine = tama_puzzle::difficulty::engine();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for p in puzzles.iter().step_by(args.every as usize) {
        let verdict = match (&p.source, &tb) {
            (Source::Tablebase { .. }, Some(tb)) => tablebase::check(tb, p),
            (Source::Tablebase { .. }, None) => {
                skipped += 1;
                continue;
            }
            (Source::SelfPlay { .. }, _) => selfplay::check(&mut engine, p),
        };
        match verdict {
            Ok(()) => passed += 1,
            Err(e) => {
                failed += 1;
                writeln!(io.err, "{}: {e}", p.id)?;
            }
        }
    }
    writeln!(io.out, "{passed} passed, {failed} failed, {skipped} not checked (tablebase puzzles without --tables)")?;
    if failed > 0 {
        return Err(CliError::check_failed(format!(
            "{failed} puzzles failed their check"
        )));
    }
    Ok(EXIT_OK)
}
