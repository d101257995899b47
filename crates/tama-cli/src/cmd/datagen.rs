//! `tama datagen`: self-play positions for training the learned evaluation.

use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tama_egtb::Tablebase;
use tama_learn::format::SearchLimit;
use tama_learn::generate::GAMES_PER_FILE;
use tama_learn::{generate, GenConfig, GenReport, Progress};
use tama_search::EngineConfig;

use crate::common::{parse_rules_arg, parse_shard, EvalArgs};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use crate::progress::relayed;

/// Play self-play games and record their quiet positions with the search
/// score, the ply and the game's result (docs/TRAINING.md).
///
/// The run is cut into files of 64 games (`chunk-NNNNNN.tdat` in DIR);
/// `--shard I/N` makes the files whose number is I modulo N, so N
/// processes (a Slurm array, a Kubernetes Indexed Job) writing into one
/// directory make the same bytes as one run. A run that stopped takes up
/// again from its finished files.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama datagen --rules turkish --games 1000 --out data/turkish\n  tama datagen --games 100000 --out data/a --shard 3/16 --seed 1 --nodes 5000\n  tama datagen --rules turkish --games 500 --out data/t --egtb tables"
)]
pub struct Args {
    /// The rules (a preset with optional switches). Default: `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// Games in the whole run (every shard).
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The directory of the data files (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// This process's part of the run: shard I of N (from 0).
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    pub shard: String,
    /// The run's seed: the same seed makes the same games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Nodes searched per move (default 5000).
    #[arg(long, value_name = "K", conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth searched per move, instead of a node count.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: Option<u32>,
    /// Endgame tablebases: a game that reaches them ends with their exact
    /// result.
    #[arg(long, value_name = "DIR")]
    pub egtb: Option<PathBuf>,
    /// Threads, each playing whole games (the files do not depend on it).
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// An engine setting for the games' searches, `NAME=VALUE` (repeat
    /// for several), e.g. `hash=64` or `lmr=false`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub settings: Vec<String>,
    /// The games' evaluation (the default, learned, takes the embedded
    /// weights; `--eval-file FILE`, weights of a training run, for a next
    /// generation without rebuilding; `--eval classic` for a first one).
    #[command(flatten)]
    pub eval: EvalArgs,
}

/// Runs `tama datagen`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let rules = parse_rules_arg(args.rules.as_deref())?;
    let shard = parse_shard(&args.shard)?;
    let shard = (u64::from(shard.index()), u64::from(shard.count()));
    let mut engine = EngineConfig::from_settings(args.settings.iter().map(String::as_str))
        .map_err(|e| CliError::usage(format!("--set {e}")))?;
    args.eval.apply(&mut engine, Some(&rules))?;
    let egtb = match &args.egtb {
        Some(dir) => Some(
            Tablebase::open(dir, &rules).map_err(|e| CliError::usage(format!("--egtb: {e}")))?,
        ),
        None => None,
    };
    let limit = match (args.nodes, args.depth) {
        (_, Some(d)) => SearchLimit::Depth(d),
        (n, None) => SearchLimit::Nodes(n.unwrap_or(5000)),
    };
    let config = GenConfig {
        rules,
        games: args.games,
        seed: args.seed,
        shard,
        limit,
        threads: args.threads as usize,
        engine,
        egtb: egtb.as_ref(),
    };
    let live = io.term.stderr && io.term.ansi;
    let start = Instant::now();
    let result = relayed(&mut *io.err, |relay| {
        let bar = ProgressBar::with_draw_target(
            None,
            if live {
                relay.bars()
            } else {
                ProgressDrawTarget::hidden()
            },
        );
        bar.set_style(
            ProgressStyle::with_template(
                "[{bar:30}] {pos}/{len} games {msg} {elapsed_precise} (eta {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        let mut last_file = 0;
        let report = generate(&args.out, &config, |p: &Progress| {
            bar.set_length(p.games_total);
            bar.set_position(p.games_done);
            bar.set_message(format!("{} positions", p.positions));
            let file = p.games_done / GAMES_PER_FILE;
            if !live && (file != last_file || p.games_done == p.games_total) {
                last_file = file;
                relay.line(format_args!(
                    "{}/{} games, {} positions",
                    p.games_done, p.games_total, p.positions
                ));
            }
        });
        bar.finish_and_clear();
        report
    })?;
    let report: GenReport = result.map_err(|e| CliError::usage(e.to_string()))?;
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        io.out,
        "{} games, {} positions, {} files written, {} kept, in {secs:.1} s ({:.0} positions/s)",
        report.games,
        report.positions,
        report.files_written,
        report.files_kept,
        report.positions as f64 / secs.max(1e-9)
    )?;
    Ok(EXIT_OK)
}
