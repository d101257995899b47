//! `tama puzzle build`.

use std::path::PathBuf;

use tama_egtb::Tablebase;
use tama_puzzle::{selfplay, tablebase, write_puzzles};

use super::rules_and_preset;
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Generate puzzles into a file.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Tablebase puzzles need --tables (a directory `tama egtb gen` wrote);
self-play puzzles need nothing. The same options give the same file. The
file is written at the end, whole (an interrupted build leaves none).")]
pub struct Args {
    /// The rules of the puzzles. Default: `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// The puzzle file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The tablebases to pick puzzles from (none without it).
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Tablebase puzzles wanted.
    #[arg(long, default_value_t = tablebase::Settings::default().count)]
    pub count: usize,
    /// Random placements the tablebase picker tries at most (shared by
    /// its three distance bands).
    #[arg(long, default_value_t = tablebase::Settings::default().max_tries)]
    pub max_tries: u64,
    /// The least distance to the win of a tablebase puzzle, in plies.
    #[arg(long, default_value_t = tablebase::Settings::default().min_plies)]
    pub min_plies: u32,
    /// The greatest distance to the win of a tablebase puzzle, in plies.
    #[arg(long, default_value_t = tablebase::Settings::default().max_plies)]
    pub max_plies: u32,
    /// Self-play puzzles wanted (0: none).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub self_play: usize,
    /// Self-play games to play at most.
    #[arg(long, default_value_t = selfplay::Settings::default().games)]
    pub games: u32,
    /// The self-play players' nodes per move.
    #[arg(long, default_value_t = selfplay::Settings::default().game_nodes)]
    pub game_nodes: u64,
    /// Seed of the tablebase picker and of the self-play openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `tama puzzle build`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let (rules, preset) = rules_and_preset(args.rules.as_deref())?;
    let name = preset.map_or("custom", |p| p.name());
    let mut puzzles = Vec::new();
    if let Some(dir) = &args.tables {
        let tb = Tablebase::open_in_memory(dir, &rules).map_err(|e| {
            CliError::usage(format!("{}: cannot open the tables: {e}", dir.display()))
        })?;
        let settings = tablebase::Settings {
            count: args.count,
            min_plies: args.min_plies,
            max_plies: args.max_plies,
            seed: args.seed,
            max_tries: args.max_tries,
        };
        let start = std::time::Instant::now();
        writeln!(io.err, "picking {} positions from the tables…", args.count)?;
        let err = &mut *io.err;
        let found = tablebase::generate(&tb, &settings, &format!("{name}-t"), |p| {
            let secs = start.elapsed().as_secs_f64();
            let _ = match p {
                tablebase::Progress::Picked { min_plies, max_plies, found, tried } => writeln!(
                    err,
                    "tablebase: {found} positions won in {min_plies} to {max_plies} plies from {tried} placements, {secs:.0} s"
                ),
                tablebase::Progress::Measured { done, total } if done % 100 == 0 || done == total => {
                    writeln!(err, "tablebase: {done}/{total} measured, {secs:.0} s")
                }
                tablebase::Progress::Measured { .. } => Ok(()),
            };
        })
        .map_err(CliError::usage)?;
        writeln!(
            io.err,
            "tablebase: {} puzzles in {:.1} s",
            found.len(),
            start.elapsed().as_secs_f64()
        )?;
        puzzles.extend(found);
    }
    if args.self_play > 0 {
        let settings = selfplay::Settings {
            count: args.self_play,
            games: args.games,
            seed: args.seed,
            game_nodes: args.game_nodes,
        };
        let start = std::time::Instant::now();
        let err = &mut *io.err;
        let found = selfplay::generate(&rules, &settings, &format!("{name}-s"), |games, found| {
            if games % 10 == 0 {
                let _ = writeln!(
                    err,
                    "self-play: {games} games, {found} puzzles, {:.0} s",
                    start.elapsed().as_secs_f64()
                );
            }
        });
        writeln!(
            io.err,
            "self-play: {} puzzles in {:.1} s",
            found.len(),
            start.elapsed().as_secs_f64()
        )?;
        puzzles.extend(found);
    }
    write_puzzles(&args.out, &puzzles).map_err(CliError::usage)?;
    writeln!(
        io.out,
        "{} puzzles written to {}",
        puzzles.len(),
        args.out.display()
    )?;
    Ok(EXIT_OK)
}
