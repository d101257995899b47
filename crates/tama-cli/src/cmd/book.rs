//! `tama book`: build, probe, summarise and merge opening books
//! (docs/BOOK.md), over the tama-book crate.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tama_api::{BookMoveReport, BookMoves, BookStats};
use tama_book::{read_book, Book, BuildConfig, Settings};
use tama_core::{Position, Preset, Rules};
use tama_notation::movetext::write_move;

use crate::common::{parse_rules_arg, parse_shard, write_json, PositionArgs};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::interrupt::EXIT_INTERRUPTED;
use crate::io::Io;
use crate::progress::relayed;

/// Opening books: build one from self-play (drop-out expansion), look up a
/// position, summarise a book, merge the books of shards.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama book build --rules turkish --out turkish.tbk --positions 8000 --threads 2\n  tama book probe --book turkish.tbk --rules turkish --fen 'W:Wa3,c3,e3,g3:Bb6,d6,f6,h6'\n  tama book stats --book turkish.tbk --json\n  tama book stats --rules turkish\n  tama book merge --out armenian.tbk s0.tbk s1.tbk"
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: BookCommand,
}

/// The subcommands of `tama book`.
#[derive(Debug, clap::Subcommand)]
pub enum BookCommand {
    /// Build (or go on building) a book by drop-out expansion over the
    /// engine's searches. The build saves its state to OUT.state as it
    /// goes; Ctrl-C stops it at the end of a batch with the state saved.
    /// Run the same command again to resume, or with a larger --positions
    /// to extend a finished book. OUT is written only when the book is
    /// complete.
    Build(BuildArgs),
    /// The book's moves in a position, best first, with values and weights.
    Probe(ProbeArgs),
    /// Entries, positions, and the depth of the book's lines.
    Stats(StatsArgs),
    /// Join the books of the shards of a build into one.
    Merge(MergeArgs),
}

/// `tama book build`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama book build --rules turkish --out turkish.tbk --positions 8000 --threads 2\n  tama book build --rules armenian --out a0.tbk --positions 5000 --shard 0/4 --threads 4\n\nThe book depends on --rules, --nodes, --lines, --batch, --ply-cost, --deviation-cost,\n--seed, --hash and --shard (not on --threads); a resumed or extended build must\nuse the same ones."
)]
pub struct BuildArgs {
    /// The rules: a preset (`armenian`, `turkish`, `armenian-orthogonal`).
    #[arg(long, value_name = "PRESET")]
    pub rules: Option<String>,
    /// The book file to write (its state file is OUT.state).
    #[arg(long, value_name = "OUT")]
    pub out: PathBuf,
    /// Stop once the book has this many positions.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub positions: u64,
    /// Nodes of each position's search.
    #[arg(long, value_name = "N", default_value_t = tama_book::DEFAULT_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Moves ranked by each search: the most book moves a position gets.
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=16))]
    pub lines: u32,
    /// Expansions chosen per batch (the book depends on it; threads do
    /// not).
    #[arg(long, value_name = "B", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub batch: u32,
    /// The cost of one ply in the expansion priority.
    #[arg(long, value_name = "C", default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub ply_cost: u32,
    /// The cost of one centi-man of deviation from the best move.
    #[arg(long, value_name = "C", default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub deviation_cost: u32,
    /// The seed: breaks ties between equal priorities.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Transposition table of each search, in MiB.
    #[arg(long, value_name = "MB", default_value_t = tama_api::bounds::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u32).range(tama_api::bounds::hash_mib()))]
    pub hash: u32,
    /// Search threads (the book does not depend on them).
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u32).range(tama_api::bounds::threads()))]
    pub threads: u32,
    /// This process's part of the root's moves: shard I of N (from 0);
    /// `tama book merge` joins the shards' books.
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    pub shard: String,
}

/// `tama book probe`.
#[derive(Debug, clap::Args)]
pub struct ProbeArgs {
    /// The book file (default: the book built into the program for the
    /// rules, if any).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// The position and rules.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print JSON: `{"fen", "moves": [{"move", "value", "weight", "leaf"}]}`.
    #[arg(long)]
    pub json: bool,
}

/// `tama book stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// The book file (default: the book built into the program for
    /// --rules, as `tama book probe` takes it).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// The rules whose built-in book to summarise without --book: a preset
    /// (`armenian`, `turkish`, `armenian-orthogonal`; default armenian).
    #[arg(long, value_name = "PRESET", conflicts_with = "book")]
    pub rules: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `tama book merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The book file to write.
    #[arg(long, value_name = "OUT")]
    pub out: PathBuf,
    /// The shards' books.
    #[arg(required = true, value_name = "BOOK")]
    pub books: Vec<PathBuf>,
}

/// Runs `tama book`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    match &args.command {
        BookCommand::Build(a) => build(a, io),
        BookCommand::Probe(a) => probe(a, io),
        BookCommand::Stats(a) => stats(a, io),
        BookCommand::Merge(a) => merge(a, io),
    }
}

/// The preset of `rules`, or a usage error: books are per preset.
pub fn preset_of(rules: &Rules) -> Result<Preset, CliError> {
    rules.preset().ok_or_else(|| {
        CliError::usage(
            "opening books are for the presets only (armenian, turkish, armenian-orthogonal)",
        )
    })
}

/// Reads a book file for `preset`, the error naming the file.
pub fn open(path: &Path, preset: Option<Preset>) -> Result<Book, CliError> {
    read_book(path, preset).map_err(CliError::usage)
}

/// The book of `--book FILE`, else the embedded one of the rules' preset.
pub fn book_for(file: Option<&Path>, rules: &Rules) -> Result<Option<Arc<Book>>, CliError> {
    match file {
        Some(f) => Ok(Some(Arc::new(open(f, Some(preset_of(rules)?))?))),
        None => Ok(rules
            .preset()
            .and_then(tama_search::book::embedded::embedded)),
    }
}

fn build(a: &BuildArgs, io: &mut Io<'_>) -> CmdResult {
    let rules = parse_rules_arg(a.rules.as_deref())?;
    let preset = preset_of(&rules)?;
    let config = BuildConfig {
        settings: Settings {
            preset,
            nodes: a.nodes,
            lines: a.lines,
            batch: a.batch,
            ply_cost: a.ply_cost,
            deviation_cost: a.deviation_cost,
            seed: a.seed,
            hash_mib: a.hash,
            shard: {
                let s = parse_shard(&a.shard)?;
                (s.index(), s.count())
            },
        },
        positions: a.positions as usize,
        threads: a.threads as usize,
        out: a.out.clone(),
        save_every: Duration::from_secs(60),
    };
    // Ctrl-C ends the build at the end of its batch, with the state saved.
    let stop = io.interrupt.flag();
    writeln!(
        io.err,
        "building {} to {} positions; Ctrl-C stops it with the state saved in {}",
        a.out.display(),
        a.positions,
        tama_book::state_path(&a.out).display()
    )?;
    let result = relayed(&mut *io.err, |relay| {
        let mut last = 0;
        tama_book::build(&config, stop, |p| {
            // About twenty progress lines per build, and the first.
            let step = (p.target / 20).max(1);
            if p.positions / step != last / step || last == 0 {
                last = p.positions;
                let secs = p.elapsed.as_secs_f64();
                relay.line(format_args!(
                    "{}/{} positions{}, {} searches, {:.0} s ({:.2} searches/s)",
                    p.positions,
                    p.target,
                    if p.resumed { " (resumed)" } else { "" },
                    p.searches,
                    secs,
                    p.searches as f64 / secs.max(1e-9)
                ));
            }
        })
    })?;
    let report = result.map_err(|e| CliError::usage(e.to_string()))?;
    if report.stopped {
        writeln!(
            io.err,
            "stopped: {} of {} positions, saved in {}; the same command goes on from there",
            report.positions,
            a.positions,
            tama_book::state_path(&a.out).display()
        )?;
        return Ok(EXIT_INTERRUPTED);
    }
    writeln!(
        io.out,
        "{} positions, {} entries written to {} in {:.1} s ({} searches)",
        report.positions,
        report.entries,
        a.out.display(),
        report.elapsed.as_secs_f64(),
        report.searches
    )?;
    Ok(EXIT_OK)
}

/// The book's moves of `pos` as JSON objects (tama-api's
/// [`BookMoveReport`], as `GET /api/book` and the JavaScript package give
/// them).
pub fn moves_json(book: &Book, pos: &Position, rules: &Rules) -> Vec<BookMoveReport> {
    BookMoveReport::list(book, pos, rules)
}

/// Writes the book's moves of `pos` as text, one a line: `book c3-d4
/// 0.12 weight 5` (`leaf` when the book ends after it).
pub fn write_moves_text(
    out: &mut dyn Write,
    book: &Book,
    pos: &Position,
    rules: &Rules,
) -> Result<(), CliError> {
    for m in book.moves(pos, rules) {
        write!(
            out,
            "book {} {} weight {}",
            write_move(pos, rules, &m.mv),
            m.value,
            m.weight
        )?;
        writeln!(out, "{}", if m.leaf { " leaf" } else { "" })?;
    }
    Ok(())
}

fn probe(a: &ProbeArgs, io: &mut Io<'_>) -> CmdResult {
    let pos = a.position.position()?;
    let rules = a.position.rules()?;
    let Some(book) = book_for(a.book.as_deref(), &rules)? else {
        return Err(CliError::usage(
            "no book: give --book FILE (no book is built into this program for these rules)",
        ));
    };
    if a.json {
        write_json(io.out, &BookMoves::new(Some(&book), &pos, &rules))?;
    } else if book.moves(&pos, &rules).is_empty() {
        writeln!(io.out, "no book moves")?;
    } else {
        write_moves_text(io.out, &book, &pos, &rules)?;
    }
    Ok(EXIT_OK)
}

fn stats(a: &StatsArgs, io: &mut Io<'_>) -> CmdResult {
    let book = match &a.book {
        Some(file) => Arc::new(open(file, None)?),
        None => {
            let rules = parse_rules_arg(a.rules.as_deref())?;
            book_for(None, &rules)?.ok_or_else(|| {
                CliError::usage(
                    "no book: give --book FILE (no book is built into this program for these rules)",
                )
            })?
        }
    };
    let s = tama_book::stats(&book);
    if a.json {
        let report = BookStats {
            rules: s.preset.name(),
            entries: s.entries,
            positions: s.positions,
            reachable: s.reachable,
            root_moves: s.root_moves,
            max_depth: s.max_depth,
            by_ply: s.by_ply,
        };
        write_json(io.out, &report)?;
    } else {
        writeln!(io.out, "rules       {}", s.preset)?;
        writeln!(io.out, "entries     {}", s.entries)?;
        writeln!(
            io.out,
            "positions   {} ({} reached from the start)",
            s.positions, s.reachable
        )?;
        writeln!(io.out, "root moves  {}", s.root_moves)?;
        writeln!(io.out, "max depth   {} plies", s.max_depth)?;
        let plies: Vec<String> = s.by_ply.iter().map(usize::to_string).collect();
        writeln!(io.out, "by ply      {}", plies.join(" "))?;
    }
    Ok(EXIT_OK)
}

fn merge(a: &MergeArgs, io: &mut Io<'_>) -> CmdResult {
    let books = a
        .books
        .iter()
        .map(|p| open(p, None))
        .collect::<Result<Vec<_>, _>>()?;
    let book = tama_book::merge(&books).map_err(CliError::usage)?;
    tama_book::write_book(&a.out, &book).map_err(CliError::usage)?;
    writeln!(
        io.out,
        "{} entries from {} books written to {}",
        book.entries().len(),
        books.len(),
        a.out.display()
    )?;
    Ok(EXIT_OK)
}
