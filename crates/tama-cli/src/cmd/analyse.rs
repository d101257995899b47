//! `tama analyse`: search a position and print the engine's lines.

use std::io::Write;
use std::time::Duration;

use tama_api::Report;
use tama_search::{Engine, EngineConfig, InfoKind, Limits};

use crate::cmd::{analyse_pdn, book};
use crate::common::{write_json, EgtbArgs, EvalArgs, PositionArgs};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use crate::terminal::Terminal;

/// Search a position: the opening book's moves for it when there are some
/// (`book MOVE VALUE weight W`, or a `{"type": "book"}` JSON line), one
/// line per completed iteration (and per line with `--multipv`), then the
/// best move.
///
/// Without a limit the search runs for one second.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama analyse --depth 10\n  tama analyse --pdn games.pdn --game 2 --movetime 300 -o annotated.pdn\n  tama analyse --fen 'W:Wc3,d4:Bc6,e6' --movetime 500 --multipv 3\n  tama analyse --nodes 1000000 --json\n  tama analyse --rules turkish --book turkish.tbk --depth 12"
)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Search to this depth (plies, 1 to 120).
    #[arg(long, value_name = "D", group = "limit", value_parser = clap::value_parser!(u32).range(1..=i64::from(tama_api::bounds::MAX_ANALYSIS_DEPTH)))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds. Without --depth, --movetime or
    /// --nodes the search stops after one second.
    #[arg(long, value_name = "MS", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Show the K best moves (1 to 64).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(tama_api::bounds::MAX_MULTIPV)))]
    pub multipv: u32,
    /// Search threads (1 to 256).
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u32).range(tama_api::bounds::threads()))]
    pub threads: u32,
    /// Transposition table size in MiB (1 to 65536).
    #[arg(long, value_name = "MB", default_value_t = tama_api::bounds::ANALYSIS_HASH_MIB, value_parser = clap::value_parser!(u32).range(tama_api::bounds::hash_mib()))]
    pub hash: u32,
    /// Print JSON lines: `{"type":"info",…}` per line, then
    /// `{"type":"bestmove",…}` (or `{"type":"gameover",…}`).
    #[arg(long, conflicts_with = "pdn")]
    pub json: bool,
    /// Analyse every move of the games in this PDN file instead of one
    /// position, and print them back as PDN with the evaluation and best
    /// line as comments and `?` (mistake) / `??` (blunder) marks. Without a
    /// limit each position gets 200 ms.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "multipv"])]
    pub pdn: Option<std::path::PathBuf>,
    /// With `--pdn`: only the game with this number (1 = the first).
    #[arg(long, value_name = "N", requires = "pdn", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
    /// With `--pdn`: write the annotated games to this file instead of
    /// standard output.
    #[arg(short, long, value_name = "OUT", requires = "pdn")]
    pub output: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub egtb: EgtbArgs,
    #[command(flatten)]
    pub eval: EvalArgs,
    /// An opening book whose moves for the position are shown before the
    /// search (default: the book built into the program for the rules, if
    /// any). The search itself never stops at the book.
    #[arg(long, value_name = "FILE", conflicts_with = "pdn")]
    pub book: Option<std::path::PathBuf>,
}

impl Args {
    /// `--depth`, `--nodes` and `--movetime` (possibly none).
    fn limits(&self) -> Limits {
        Limits::given(
            self.depth,
            self.nodes,
            self.movetime.map(Duration::from_millis),
        )
    }
}

/// The default search time when no limit is given.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// Runs `tama analyse --pdn`: annotates the games of a PDN file.
fn run_pdn(
    args: &Args,
    file: &std::path::Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
    term: Terminal,
) -> CmdResult {
    if args.position.rules.is_some() {
        return Err(CliError::usage(
            "--rules does not apply with --pdn: each game's Rules tag decides",
        ));
    }
    let limits = args
        .limits()
        .or(Limits::movetime(tama_search::review::DEFAULT_MOVETIME));
    let mut config = EngineConfig {
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        oracle: args.egtb.oracle(None, err)?,
        ..EngineConfig::default()
    };
    args.eval.apply(&mut config, None)?;
    let mut engine = Engine::new(config);
    let job = analyse_pdn::Job {
        file,
        game: args.game.map(|g| g as usize),
        limits,
    };
    match &args.output {
        None => analyse_pdn::run(&job, &mut engine, out, err, term),
        Some(path) => {
            let mut buf = Vec::new();
            let code = analyse_pdn::run(&job, &mut engine, &mut buf, err, term)?;
            std::fs::write(path, buf)
                .map_err(|e| CliError::usage(format!("cannot write {}: {e}", path.display())))?;
            Ok(code)
        }
    }
}

/// Runs `tama analyse`; with `--pdn`, per-game problems go to `err`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    if let Some(file) = &args.pdn {
        return run_pdn(args, file, &mut *io.out, &mut *io.err, io.term);
    }
    let out = &mut *io.out;
    let pos = args.position.position()?;
    let rules = args.position.rules()?;
    let limits = args.limits().or(Limits::movetime(DEFAULT_MOVETIME));
    let mut config = EngineConfig {
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        multipv: args.multipv as usize,
        oracle: args.egtb.oracle(Some(&rules), &mut *io.err)?,
        ..EngineConfig::default()
    };
    args.eval.apply(&mut config, Some(&rules))?;
    // Analysis is a search: the book's moves are shown, not played.
    config.search.book = false;
    if let Some(book) = book::book_for(args.book.as_deref(), &rules)? {
        let moves = tama_api::BookMoves::new(Some(&book), &pos, &rules);
        if !moves.moves.is_empty() && args.json {
            write_json(out, &moves)?;
        } else if !moves.moves.is_empty() {
            book::write_moves_text(out, &book, &pos, &rules)?;
        }
    }
    let mut engine = Engine::new(config);
    let mut failure: Option<CliError> = None;
    let result = engine.search(&pos, &[], &rules, &limits, |info| {
        if info.kind != InfoKind::Iteration || failure.is_some() {
            return;
        }
        if let Err(e) = write_report(out, &Report::info(&pos, &rules, info), args.json) {
            failure = Some(e);
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    write_report(out, &Report::result(&pos, &rules, &result), args.json)?;
    Ok(EXIT_OK)
}

/// Writes one line of the analysis: its JSON object or its text.
fn write_report(out: &mut dyn Write, report: &Report, json: bool) -> Result<(), CliError> {
    if json {
        write_json(out, report)
    } else {
        writeln!(out, "{report}")?;
        Ok(())
    }
}
