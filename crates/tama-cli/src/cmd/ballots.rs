//! `tama ballots`: build and check ballots, the published sets of balanced
//! openings (docs/BALLOTS.md), over tama-arena's builder.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use tama_arena::{
    build_ballots, check_ballots, read_ballots, write_ballots, BallotProgress, BallotSearch,
    BallotSettings, BuildReport, MAX_BALLOT_PLIES,
};

use crate::common::parse_rules_arg;
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use crate::progress::relayed;

/// Ballots: sets of balanced openings, each a position a few plies from
/// the start that a deep search finds near equal.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama ballots build --rules turkish --plies 3 --out data/ballots/turkish-3ply.pdn --threads 2\n  tama ballots check data/ballots/turkish-3ply.pdn --research 4\n  tama match --openings data/ballots/turkish-3ply.pdn --movetime 50"
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: BallotsCommand,
}

/// The subcommands of `tama ballots`.
#[derive(Debug, clap::Subcommand)]
pub enum BallotsCommand {
    /// Build a ballot file: the distinct positions after N plies (mirror
    /// images once), in a seeded order, screened by a cheap search, then
    /// deep-searched; those within the window are kept, up to --max.
    Build(BuildArgs),
    /// Check a ballot file: every ballot legal, the positions distinct,
    /// each value within its window; with --research, some ballots
    /// searched again must give their recorded values.
    Check(CheckArgs),
}

/// `tama ballots build`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama ballots build --rules armenian --plies 4 --out armenian-4ply.pdn --threads 2\n  tama ballots build --rules turkish --plies 2 --out t.pdn --window 15 --nodes 200000\n\nThe file depends on --rules, --plies, --window, --nodes, --hash, --screen-nodes,\n--screen-margin, --max and --seed, not on --threads. Progress goes to standard\nerror; the file is written whole or not at all."
)]
pub struct BuildArgs {
    /// The rules: a preset (`armenian`, `turkish`, `armenian-orthogonal`)
    /// with optional switches. Default: `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// Plies from the start position.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_BALLOT_PLIES as i64))]
    pub plies: u32,
    /// The file to write (PDN).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The window: keep a ballot whose deep value is within ± this many
    /// centi-men.
    #[arg(long, value_name = "CM", default_value_t = 25, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub window: u32,
    /// Nodes of the deep search (one thread, an empty table each time).
    #[arg(long, value_name = "N", default_value_t = 300_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Transposition table of each search, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = tama_api::bounds::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u32).range(tama_api::bounds::hash_mib()))]
    pub hash: u32,
    /// Nodes of the screening search.
    #[arg(long, value_name = "N", default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub screen_nodes: u64,
    /// The screen passes positions within the window widened by this many
    /// centi-men.
    #[arg(long, value_name = "CM", default_value_t = 50, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub screen_margin: u32,
    /// At most this many ballots (the first found in the seed's order).
    #[arg(long, value_name = "K", default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max: u32,
    /// The seed of the order in which positions are tried.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads, each searching other positions (the file does not depend
    /// on them).
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=16))]
    pub threads: u32,
}

/// `tama ballots check`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama ballots check data/ballots/armenian-3ply.pdn\n  tama ballots check data/ballots/turkish-4ply.pdn --research 4\n\nExit codes: 0 all good, 1 problems (each printed as FILE:LINE: ...), 2 an\nunreadable file."
)]
pub struct CheckArgs {
    /// The ballot file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Search this many ballots (spread over the file) again with their
    /// recorded search and compare the values.
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub research: u32,
}

/// Runs `tama ballots`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    match &args.command {
        BallotsCommand::Build(a) => build(a, io),
        BallotsCommand::Check(a) => check(a, io),
    }
}

fn build(a: &BuildArgs, io: &mut Io<'_>) -> CmdResult {
    let rules = parse_rules_arg(a.rules.as_deref())?;
    let settings = BallotSettings {
        rules,
        plies: a.plies as usize,
        window: a.window as i32,
        search: BallotSearch {
            nodes: a.nodes,
            hash_mib: a.hash as usize,
        },
        screen_nodes: a.screen_nodes,
        screen_margin: a.screen_margin as i32,
        max: a.max as usize,
        seed: a.seed,
    };
    let started = Instant::now();
    let mut total = 0;
    let set = relayed(&mut *io.err, |relay| {
        build_ballots(&settings, a.threads as usize, |p| match p {
            BallotProgress::Enumerated { lines, positions } => {
                total = positions;
                relay.line(format_args!(
                    "{lines} lines of {} plies, {positions} distinct positions ({:.1} s)",
                    settings.plies,
                    started.elapsed().as_secs_f64()
                ));
            }
            // Every 256 positions, and the last batch.
            BallotProgress::Searched {
                screened,
                deep,
                kept,
            } if screened % 256 == 0 || kept >= settings.max || screened >= total => {
                relay.line(format_args!(
                    "{screened} screened, {deep} searched deep, {kept} kept ({:.0} s)",
                    started.elapsed().as_secs_f64()
                ))
            }
            BallotProgress::Searched { .. } => {}
        })
    })?
    .map_err(CliError::usage)?;
    let text = write_ballots(&set);
    let failed = |_: &Path, e| CliError::usage(format!("{}: {e}", a.out.display()));
    tama_files::write_atomically(
        &a.out,
        |f| f.write_all(text.as_bytes()).map_err(|e| failed(&a.out, e)),
        failed,
    )?;
    let r = &set.report;
    writeln!(
        io.out,
        "{} ballots within ±{} centi-men written to {} in {:.1} s",
        set.ballots.len(),
        settings.window,
        a.out.display(),
        started.elapsed().as_secs_f64()
    )?;
    writeln!(
        io.out,
        "{} lines, {} distinct positions, {} screened, {} searched deep ({})",
        r.lines,
        r.positions,
        r.screened,
        r.deep.len(),
        settings.search
    )?;
    writeln!(io.out, "deep values: {}", distribution(r))?;
    Ok(EXIT_OK)
}

/// How the deep values spread: counts by absolute value.
fn distribution(r: &BuildReport) -> String {
    const EDGES: [i32; 6] = [10, 25, 50, 100, 200, i32::MAX];
    let mut counts = [0usize; EDGES.len()];
    let mut decided = 0;
    for v in &r.deep {
        match v {
            Some(v) => counts[EDGES.iter().position(|&e| v.abs() <= e).unwrap_or(5)] += 1,
            None => decided += 1,
        }
    }
    let mut parts = Vec::new();
    let mut low = 0;
    for (edge, n) in EDGES.iter().zip(counts) {
        parts.push(if *edge == i32::MAX {
            format!(">{low} {n}")
        } else {
            format!("{low}-{edge} {n}")
        });
        low = *edge;
    }
    parts.push(format!("won/lost {decided}"));
    format!("|cm| {}", parts.join(", "))
}

fn check(a: &CheckArgs, io: &mut Io<'_>) -> CmdResult {
    let file = a.file.display();
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
    let ballots = read_ballots(&text)
        .map_err(|p| CliError::usage(format!("{file}:{}: {}", p.line, p.message)))?;
    let research = a.research as usize;
    let problems = relayed(&mut *io.err, |relay| {
        check_ballots(&ballots, research, |k| {
            relay.line(format_args!("searched {k}/{}", research.min(ballots.len())));
        })
    })?;
    for p in &problems {
        writeln!(io.out, "{file}:{}: {}", p.line, p.message)?;
    }
    let searched = if research > 0 {
        format!(", {} searched again", research.min(ballots.len()))
    } else {
        String::new()
    };
    if problems.is_empty() {
        writeln!(
            io.out,
            "{file}: {} ballots, all good{searched}",
            ballots.len()
        )?;
        Ok(EXIT_OK)
    } else {
        Err(CliError::check_failed(format!(
            "{file}: {} problems in {} ballots{searched}",
            problems.len(),
            ballots.len()
        )))
    }
}
