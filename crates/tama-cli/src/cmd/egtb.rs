//! `tama egtb`: generate, probe, verify and summarise endgame tablebases.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use tama_api::{PlanUnit, TableCheck, TableMove, TablePlan, TableProbe, TableStatsRow, Tables};
use tama_egtb::{
    generate, stats_dir, verify_only, GenOptions, Layout, Material, OracleValue, Plan, Progress,
    TableKind, Tablebase, Verdict, Wdl,
};
use tama_notation::movetext::write_move;
use tama_notation::{write_fen, write_rules};

use crate::common::{parse_rules_arg, write_json, PositionArgs};
use crate::error::{CliError, CmdResult, EXIT_CHECK_FAILED, EXIT_OK};
use crate::interrupt::EXIT_INTERRUPTED;
use crate::io::Io;
use crate::progress::relayed;
use crate::terminal::Terminal;

/// Endgame tablebases: every position of up to N pieces solved.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama egtb plan --pieces 4\n  tama egtb gen --rules turkish --pieces 4 --dir tables --threads 2\n  tama egtb probe --dir tables --rules turkish --fen 'W:WKd4,e5:Ba7'\n  tama egtb verify --dir tables\n  tama egtb stats --dir tables --json"
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: EgtbCommand,
}

/// The `egtb` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum EgtbCommand {
    /// Solve every table up to N pieces (resumes: finished, sound files are
    /// skipped; Ctrl-C stops it keeping the finished tables).
    Gen(GenArgs),
    /// The value of a position and of every legal move (exit code 1 when
    /// the position is not in the tables).
    Probe(ProbeArgs),
    /// Check every checksum, every stored distance against its successors,
    /// and every win/draw/loss file against its distance file.
    Verify(VerifyArgs),
    /// Positions, wins, draws, losses and the longest win of each table.
    Stats(StatsArgs),
    /// The tables and their dependencies, in waves of independent tables.
    Plan(PlanArgs),
}

/// `tama egtb gen`.
#[derive(Debug, clap::Args)]
pub struct GenArgs {
    /// The rules (default `armenian`).
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// Solve every table with up to this many pieces (2 to 6).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=6))]
    pub pieces: u32,
    /// The directory of the tables (a sub-directory per rules is made).
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// Worker threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Solve only the tables of these materials (e.g. `KMvK`; the material
    /// with the other side to move is solved with it); their dependencies
    /// must exist.
    #[arg(long, value_name = "SIGNATURE", num_args = 1..)]
    pub only: Vec<String>,
    /// Write only the distance tables (`.egtb`), not the win/draw/loss
    /// tables (`.wdl`) the search probes.
    #[arg(long)]
    pub distance_only: bool,
    /// The generator's working state: `packed` (2 bytes an entry) or
    /// `wide` (8 bytes, the former layout); the files are the same.
    #[arg(long, value_name = "LAYOUT", default_value = "packed", value_parser = ["packed", "wide"])]
    pub layout: String,
}

/// `tama egtb probe`.
#[derive(Debug, clap::Args)]
pub struct ProbeArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The directory of the tables.
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `tama egtb verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The directory of the tables (every rules sub-directory is checked).
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// Worker threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Print one JSON object per file.
    #[arg(long)]
    pub json: bool,
    /// Check only the files of these materials' units (e.g. `KKMMvKM`).
    #[arg(long, value_name = "SIGNATURE", num_args = 1..)]
    pub only: Vec<String>,
}

/// `tama egtb stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// The directory of the tables.
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// Print one JSON array.
    #[arg(long)]
    pub json: bool,
}

/// `tama egtb plan`.
#[derive(Debug, clap::Args)]
pub struct PlanArgs {
    /// Plan every table with up to this many pieces (2 to 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pub pieces: u32,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tama egtb`; `gen` reports its progress on `err`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let out = &mut *io.out;
    match &args.command {
        EgtbCommand::Gen(a) => run_gen(a, out, &mut *io.err, io.term, io.interrupt.flag()),
        EgtbCommand::Probe(a) => run_probe(a, out),
        EgtbCommand::Verify(a) => run_verify(a, out),
        EgtbCommand::Stats(a) => run_stats(a, out),
        EgtbCommand::Plan(a) => run_plan(a, out),
    }
}

fn egtb_error(e: tama_egtb::Error) -> CliError {
    CliError::usage(e)
}

/// Value text: `win in 7`, `loss in 0`, `draw`.
fn value_text(v: Option<OracleValue>) -> String {
    match v {
        None => "not in the tables".to_string(),
        Some(v) if v.wdl == Wdl::Draw => v.wdl.to_string(),
        Some(v) => format!("{} in {}", v.wdl, v.distance),
    }
}

/// The materials of `--only`.
fn parse_only(only: &[String]) -> Result<Vec<Material>, CliError> {
    only.iter()
        .map(|s| {
            s.parse::<Material>()
                .map_err(|e| CliError::usage(format!("--only: {e}")))
        })
        .collect()
}

/// Solves the tables of `args`; `stop` (Ctrl-C) ends it at the next
/// check, keeping the tables finished before it and leaving no
/// finished-looking file of the one in progress.
fn run_gen(
    args: &GenArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    term: Terminal,
    stop: &AtomicBool,
) -> CmdResult {
    let rules = parse_rules_arg(args.rules.as_deref())?;
    let only = parse_only(&args.only)?;
    for m in &only {
        if m.pieces() > args.pieces {
            return Err(CliError::usage(format!(
                "--only: {m} has {} pieces, more than --pieces {}",
                m.pieces(),
                args.pieces
            )));
        }
    }
    let plan = Plan::new(args.pieces);
    let units: Vec<_> = plan
        .units()
        .filter(|u| only.is_empty() || only.iter().any(|m| m.unit() == *u))
        .collect();
    let live = term.stderr && term.ansi;
    let start = Instant::now();
    // The tables are solved on their own thread while this one writes the
    // progress to `err`: live bars on a terminal, otherwise a line as each
    // table starts and ends.
    let (result, lines) = relayed(err, |relay| {
        let bars = MultiProgress::with_draw_target(if live {
            relay.bars()
        } else {
            ProgressDrawTarget::hidden()
        });
        let overall = bars.add(ProgressBar::new(units.len() as u64));
        overall.set_style(
            ProgressStyle::with_template(
                "{prefix:>8} [{bar:30}] {pos}/{len} tables {elapsed_precise}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        overall.set_prefix("all");
        let unit_style = ProgressStyle::with_template("{prefix:>8} [{bar:30}] {percent:>3}% {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
        let current: Mutex<Option<ProgressBar>> = Mutex::new(None);
        let started = Mutex::new(Instant::now());
        let lines: Mutex<Vec<String>> = Mutex::new(Vec::new());
        let progress = |p: Progress| {
            let mut cur = current.lock().unwrap_or_else(|e| e.into_inner());
            match p {
                Progress::Start { unit, positions } => {
                    *started.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
                    let bar = bars.add(ProgressBar::new(positions));
                    bar.set_style(unit_style.clone());
                    bar.set_prefix(unit.to_string());
                    bar.set_message("initialising");
                    if !live {
                        relay.line(format_args!("solving {unit}: {positions} positions"));
                    }
                    *cur = Some(bar);
                }
                Progress::Init { done, .. } => {
                    if let Some(b) = cur.as_ref() {
                        b.set_position(done);
                    }
                }
                Progress::Level { ply, decided, .. } => {
                    if let Some(b) = cur.as_ref() {
                        b.set_position(decided);
                        b.set_message(format!("ply {ply}"));
                    }
                }
                Progress::Done(r) => {
                    if let Some(b) = cur.take() {
                        b.finish_and_clear();
                    }
                    overall.inc(1);
                    let secs = started
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .elapsed()
                        .as_secs_f64();
                    let line = format!(
                        "{}: {} positions, {} plies, {} bytes, {} bytes win/draw/loss, {:.2} s",
                        r.unit, r.positions, r.levels, r.bytes, r.wdl_bytes, secs
                    );
                    if !live {
                        relay.line(&line);
                    }
                    lines.lock().unwrap_or_else(|e| e.into_inner()).push(line);
                }
                Progress::Converted { unit, bytes } => {
                    overall.inc(1);
                    lines
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(format!(
                        "{unit}: win/draw/loss files made from the distance files, {bytes} bytes"
                    ));
                }
                Progress::Skipped(unit) => {
                    overall.inc(1);
                    lines
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(format!("{unit}: already solved"));
                }
            }
        };
        let opts = GenOptions {
            threads: args.threads as usize,
            stop: Some(stop),
            progress: Some(&progress),
            distance_only: args.distance_only,
            layout: if args.layout == "wide" {
                Layout::Wide
            } else {
                Layout::Packed
            },
            decode_limit: None,
        };
        let result = generate(
            &args.dir,
            &rules,
            &plan,
            (!only.is_empty()).then_some(&only[..]),
            &opts,
        );
        overall.finish_and_clear();
        (
            result,
            lines.into_inner().unwrap_or_else(|e| e.into_inner()),
        )
    })?;
    for line in lines {
        writeln!(out, "{line}")?;
    }
    if let Err(tama_egtb::Error::Interrupted) = result {
        writeln!(
            err,
            "stopped: the tables finished before it are in {}; the same command goes on from there",
            args.dir.display()
        )?;
        return Ok(EXIT_INTERRUPTED);
    }
    let reports = result.map_err(egtb_error)?;
    let positions: u64 = reports.iter().map(|r| r.positions).sum();
    writeln!(
        out,
        "solved {} tables ({} positions) for {} in {:.2} s",
        reports.len(),
        positions,
        write_rules(&rules),
        start.elapsed().as_secs_f64()
    )?;
    Ok(EXIT_OK)
}

/// Answer text: `win in 7 (distance table)`, `win (win/draw/loss
/// table)`, `not in the tables`.
fn answer_text(v: Option<OracleValue>) -> String {
    match v {
        None => value_text(None),
        Some(v) => {
            let value = match v.kind {
                TableKind::Distance => value_text(Some(v)),
                TableKind::Wdl => v.wdl.to_string(),
            };
            format!("{value} ({})", kind_text(v.kind))
        }
    }
}

fn kind_text(k: TableKind) -> &'static str {
    match k {
        TableKind::Distance => "distance table",
        TableKind::Wdl => "win/draw/loss table",
    }
}

fn run_probe(args: &ProbeArgs, out: &mut dyn Write) -> CmdResult {
    let pos = args.position.position()?;
    let rules = args.position.rules()?;
    let tb = Tablebase::open(&args.dir, &rules).map_err(egtb_error)?;
    let value = tb.probe(&pos).map_err(egtb_error)?;
    let moves = tb.rank_moves(&pos).map_err(egtb_error)?;
    if args.json {
        let probe = TableProbe {
            fen: write_fen(&pos),
            rules: write_rules(&rules),
            value,
            moves: moves
                .iter()
                .map(|m| TableMove {
                    mv: write_move(&pos, &rules, &m.mv),
                    value: m.after,
                })
                .collect(),
            // The report's fields: "tb", "distance" (from a distance
            // table), "tbkind".
            tables: Tables::new(value.as_ref(), 0),
        };
        write_json(out, &probe)?;
    } else {
        writeln!(out, "{}: {}", write_fen(&pos), answer_text(value))?;
        for m in &moves {
            writeln!(
                out,
                "  {:<14} {}",
                write_move(&pos, &rules, &m.mv),
                answer_text(m.value())
            )?;
        }
    }
    Ok(if value.is_some() {
        EXIT_OK
    } else {
        EXIT_CHECK_FAILED
    })
}

/// One JSON object as a line's text.
fn json_line<T: serde::Serialize>(value: &T) -> String {
    // Plain data: writing it cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

fn run_verify(args: &VerifyArgs, out: &mut dyn Write) -> CmdResult {
    let mut failed = Vec::new();
    let mut write_err = None;
    let only = parse_only(&args.only)?;
    let only = (!only.is_empty()).then_some(&only[..]);
    let checks = verify_only(&args.dir, args.threads as usize, only, &mut |c| {
        let line = match &c.verdict {
            Verdict::Sound { positions } => {
                if args.json {
                    json_line(&TableCheck::sound(c.path.display().to_string(), *positions))
                } else {
                    format!("ok {} ({positions} positions)", c.path.display())
                }
            }
            Verdict::Damaged(what) => {
                failed.push(what.to_string());
                if args.json {
                    json_line(&TableCheck::damaged(
                        c.path.display().to_string(),
                        what.to_string(),
                    ))
                } else {
                    format!("DAMAGED {what}")
                }
            }
            Verdict::Wrong(m) => {
                let what = format!(
                    "{}: position {} ({}) stored {}, its successors give {}",
                    c.path.display(),
                    m.index,
                    m.fen,
                    value_text(Some(m.stored)),
                    value_text(m.expected)
                );
                let line = if args.json {
                    json_line(&TableCheck::wrong(
                        c.path.display().to_string(),
                        m.index,
                        m.fen.clone(),
                        m.stored,
                        m.expected,
                    ))
                } else {
                    format!("WRONG {what}")
                };
                failed.push(what);
                line
            }
        };
        if let Err(e) = writeln!(out, "{line}") {
            write_err.get_or_insert(e);
        }
    })
    .map_err(egtb_error)?;
    if let Some(e) = write_err {
        return Err(e.into());
    }
    if checks.is_empty() {
        return Err(CliError::usage(format!(
            "{}: no tables found",
            args.dir.display()
        )));
    }
    match failed.first() {
        None => Ok(EXIT_OK),
        Some(first) => Err(CliError::check_failed(format!(
            "{} of {} tables failed: {first}",
            failed.len(),
            checks.len()
        ))),
    }
}

fn run_stats(args: &StatsArgs, out: &mut dyn Write) -> CmdResult {
    let stats = stats_dir(&args.dir).map_err(egtb_error)?;
    if stats.is_empty() {
        return Err(CliError::usage(format!(
            "{}: no tables found",
            args.dir.display()
        )));
    }
    if args.json {
        let list: Vec<_> = stats
            .iter()
            .map(|s| TableStatsRow {
                rules: s.info.rules.clone(),
                material: s.info.material.to_string(),
                kind: s.info.kind.name(),
                positions: s.info.positions,
                wins: s.info.wins,
                draws: s.info.draws,
                losses: s.info.losses,
                longest_win: s.info.longest_win,
                longest_win_fen: s.longest_win_fen.clone(),
                bytes: s.bytes,
            })
            .collect();
        write_json(out, &list)?;
        return Ok(EXIT_OK);
    }
    writeln!(
        out,
        "{:<22} {:<8} {:<8} {:>10} {:>7} {:>7} {:>7} {:>8} {:>9}  example of the longest win",
        "rules", "table", "kind", "positions", "win%", "draw%", "loss%", "longest", "bytes"
    )?;
    for s in &stats {
        let pct = |n: u64| 100.0 * n as f64 / s.info.positions.max(1) as f64;
        writeln!(
            out,
            "{:<22} {:<8} {:<8} {:>10} {:>7.2} {:>7.2} {:>7.2} {:>8} {:>9}  {}",
            s.info.rules,
            s.info.material.to_string(),
            s.info.kind.name(),
            s.info.positions,
            pct(s.info.wins),
            pct(s.info.draws),
            pct(s.info.losses),
            s.info.longest_win,
            s.bytes,
            s.longest_win_fen.as_deref().unwrap_or("-")
        )?;
    }
    Ok(EXIT_OK)
}

fn run_plan(args: &PlanArgs, out: &mut dyn Write) -> CmdResult {
    let plan = Plan::new(args.pieces);
    if args.json {
        let waves: Vec<_> = plan
            .waves
            .iter()
            .map(|w| {
                w.iter()
                    .map(|u| PlanUnit {
                        unit: u.to_string(),
                        entries: u.entries(),
                        tables: u.members().iter().map(|m| m.to_string()).collect(),
                        depends_on: plan.dependencies[u].iter().map(|d| d.to_string()).collect(),
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        write_json(
            out,
            &TablePlan {
                pieces: args.pieces,
                waves,
            },
        )?;
        return Ok(EXIT_OK);
    }
    for (i, wave) in plan.waves.iter().enumerate() {
        writeln!(out, "wave {}:", i + 1)?;
        for u in wave {
            let tables: Vec<String> = u.members().iter().map(|m| m.to_string()).collect();
            let deps: Vec<String> = plan.dependencies[u].iter().map(|d| d.to_string()).collect();
            writeln!(
                out,
                "  {:<16} needs {}",
                tables.join(" "),
                if deps.is_empty() {
                    "-".to_string()
                } else {
                    deps.join(" ")
                }
            )?;
        }
    }
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    fn tama(args: &[&str]) -> (u8, String, String) {
        let mut argv = vec!["tama", "egtb"];
        argv.extend_from_slice(args);
        let mut input: &[u8] = b"";
        let mut out = Vec::new();
        let mut err = Vec::new();
        let code = crate::run(argv, &mut input, &mut out, &mut err);
        (
            code,
            String::from_utf8(out).expect("utf-8"),
            String::from_utf8(err).expect("utf-8"),
        )
    }

    fn gen(dir: &Path, rules: &str, pieces: &str) -> (u8, String, String) {
        let dir = dir.to_str().expect("utf-8 path");
        tama(&[
            "gen",
            "--rules",
            rules,
            "--pieces",
            pieces,
            "--dir",
            dir,
            "--threads",
            "2",
        ])
    }

    /// The files of `dir` and its folders, sorted, with their sizes.
    fn files(dir: &Path) -> Vec<(String, u64)> {
        let mut all = Vec::new();
        let mut todo = vec![dir.to_path_buf()];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).expect("list") {
                let e = e.expect("entry");
                let meta = e.metadata().expect("metadata");
                if meta.is_dir() {
                    todo.push(e.path());
                } else {
                    let name = e
                        .path()
                        .strip_prefix(dir)
                        .expect("inside")
                        .display()
                        .to_string();
                    all.push((name, meta.len()));
                }
            }
        }
        all.sort();
        all
    }

    #[test]
    fn ctrl_c_keeps_the_finished_tables_and_the_same_command_goes_on() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().to_str().expect("utf-8 path");
        let (code, _, err) = gen(tmp.path(), "armenian", "2");
        assert_eq!(code, 0, "{err}");
        let two = files(tmp.path());
        assert!(!two.is_empty());
        // Three pieces, with Ctrl-C already pressed: the first check stops
        // it, with exit code 130, one line saying how to go on, the
        // two-piece tables untouched and no file of a three-piece one.
        let stop = std::sync::atomic::AtomicBool::new(true);
        let argv = [
            "tama", "egtb", "gen", "--rules", "armenian", "--pieces", "3", "--dir", dir,
        ];
        let mut input: &[u8] = b"";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut io = crate::io::Io::new(&mut input, &mut out, &mut err)
            .with_interrupt(crate::interrupt::Interrupt::Flag(&stop));
        let code = crate::run_with(argv, &mut io);
        let err = String::from_utf8(err).expect("utf-8");
        assert_eq!(code, crate::interrupt::EXIT_INTERRUPTED, "{err}");
        assert!(
            err.ends_with(&format!(
                "stopped: the tables finished before it are in {dir}; the same command goes on from there\n"
            )),
            "{err}"
        );
        let out = String::from_utf8(out).expect("utf-8");
        assert!(
            !out.contains("tables ("),
            "no summary of a finished run: {out}"
        );
        assert!(out.contains("KvK: already solved"), "{out}");
        assert_eq!(files(tmp.path()), two);
        // The same command without the stop skips the two-piece tables.
        let (code, out, err) = gen(tmp.path(), "armenian", "3");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("KvK: already solved"), "{out}");
        // Nine units in all (gen_probe_verify_stats_and_resume), three
        // of them with two pieces.
        assert!(out.contains("solved 6 tables"), "{out}");
    }

    #[test]
    fn gen_probe_verify_stats_and_resume() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().to_str().expect("utf-8 path");
        let (code, out, err) = gen(tmp.path(), "armenian", "3");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("solved 9 tables"), "{out}");
        assert!(out.contains("KMvK: 187488 positions"), "{out}");
        // A second run finds everything done.
        let (code, out, _) = gen(tmp.path(), "armenian", "3");
        assert_eq!(code, 0);
        assert!(
            out.contains("KMvK: already solved") && out.contains("solved 0 tables"),
            "{out}"
        );

        // Two kings against one: the quickest win, and each move's value
        // for the side that plays it.
        let (code, out, _) = tama(&["probe", "--dir", dir, "--fen", "W:WKd1,Ka3:BKa1"]);
        assert_eq!(code, 0);
        let first = out.lines().next().expect("a line");
        assert_eq!(first, "W:WKd1,Ka3:BKa1: win in 13 (distance table)");
        assert!(
            out.lines()
                .nth(1)
                .expect("moves")
                .ends_with("win in 13 (distance table)"),
            "{out}"
        );
        let (code, out, _) = tama(&["probe", "--dir", dir, "--fen", "W:WKd1,Ka3:BKa1", "--json"]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["tb"], "win");
        assert_eq!(v["distance"], 13);
        assert_eq!(v["tbkind"], "distance");
        assert_eq!(v["value"]["wdl"], "win");
        // The child values are for the opponent: the best move leaves a
        // loss in 12.
        assert_eq!(v["moves"][0]["value"]["wdl"], "loss");
        assert_eq!(v["moves"][0]["value"]["distance"], 12);
        assert!(v["moves"].as_array().is_some_and(|m| !m.is_empty()));
        // Not covered: four pieces.
        let (code, out, _) = tama(&["probe", "--dir", dir, "--fen", "W:WKd1,Ka3:BKa1,Kh8"]);
        assert_eq!(code, 1);
        assert!(out.contains("not in the tables"), "{out}");

        let (code, out, err) = tama(&["verify", "--dir", dir, "--threads", "2"]);
        assert_eq!(code, 0, "{err}");
        // 16 distance files and 16 win/draw/loss files.
        assert_eq!(
            out.lines().filter(|l| l.starts_with("ok ")).count(),
            32,
            "{out}"
        );
        assert!(out.contains("KMvK.wdl"), "{out}");

        let (code, out, _) = tama(&["stats", "--dir", dir]);
        assert_eq!(code, 0);
        let kkvk = out
            .lines()
            .find(|l| l.contains(" KKvK "))
            .expect("KKvK row");
        assert!(kkvk.contains("63488") && kkvk.contains("W:"), "{kkvk}");
        let (code, out, _) = tama(&["stats", "--dir", dir, "--json"]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        // Each table's two files.
        assert_eq!(v.as_array().map(Vec::len), Some(32));
        assert_eq!(v[0]["kind"], "distance");
        assert_eq!(v[1]["kind"], "wdl");

        // Damage one file: verify fails with exit 1 naming it.
        let file = tmp.path().join("armenian").join("MMvM.egtb");
        let mut bytes = std::fs::read(&file).expect("read");
        let n = bytes.len();
        bytes[n / 3] ^= 1;
        std::fs::write(&file, bytes).expect("write");
        let (code, _, err) = tama(&["verify", "--dir", dir]);
        assert_eq!(code, 1);
        assert!(
            err.starts_with("error: 3 of 32 tables failed") && err.contains("MMvM.egtb"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
        // gen notices the damaged unit and solves it again.
        let (code, out, _) = gen(tmp.path(), "armenian", "3");
        assert_eq!(code, 0);
        assert!(out.contains("solved 1 tables"), "{out}");
        let (code, _, _) = tama(&["verify", "--dir", dir]);
        assert_eq!(code, 0);
    }

    #[test]
    fn probe_says_which_kind_of_table_answered() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().to_str().expect("utf-8 path");
        let (code, _, err) = gen(tmp.path(), "turkish", "3");
        assert_eq!(code, 0, "{err}");
        // Only the win/draw/loss files left: they answer, without a
        // distance.
        let sub = tmp.path().join("turkish");
        for e in std::fs::read_dir(&sub).expect("list") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "egtb") {
                std::fs::remove_file(p).expect("remove");
            }
        }
        let args = [
            "probe",
            "--dir",
            dir,
            "--rules",
            "turkish",
            "--fen",
            "W:WKd4,Ke4:Ba7",
        ];
        let (code, out, _) = tama(&args);
        assert_eq!(code, 0, "{out}");
        assert!(
            out.lines()
                .next()
                .expect("a line")
                .ends_with(": win (win/draw/loss table)"),
            "{out}"
        );
        let mut json_args = args.to_vec();
        json_args.push("--json");
        let (code, out, _) = tama(&json_args);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["tbkind"], "wdl");
        assert_eq!(v["tb"], "win");
        assert_eq!(v["distance"], serde_json::Value::Null);
        assert_eq!(v["value"]["tbkind"], "wdl");
        // Four pieces: not covered.
        let (code, out, _) = tama(&[
            "probe",
            "--dir",
            dir,
            "--rules",
            "turkish",
            "--fen",
            "W:WKd4,Ke4:Ba7,Kh8",
        ]);
        assert_eq!(code, 1);
        assert!(out.contains("not in the tables"), "{out}");
        // verify: a win/draw/loss file without its distance file fails.
        let (code, _, err) = tama(&["verify", "--dir", dir]);
        assert_eq!(code, 1);
        assert!(err.contains("no distance table"), "{err}");
    }

    #[test]
    fn gen_only_needs_the_dependencies() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().to_str().expect("utf-8 path");
        let (code, _, err) = tama(&["gen", "--pieces", "3", "--dir", dir, "--only", "KMvK"]);
        assert_eq!(code, 2);
        assert!(
            err.contains("is missing") && err.lines().count() == 1,
            "{err}"
        );
        let (code, _, err) = tama(&["gen", "--pieces", "2", "--dir", dir, "--only", "KMvK"]);
        assert_eq!(code, 2);
        assert!(err.contains("more than --pieces"), "{err}");
        let (code, _, err) = tama(&["gen", "--pieces", "2", "--dir", dir, "--only", "KXvK"]);
        assert_eq!(code, 2);
        assert!(err.contains("invalid material signature"), "{err}");
        let (code, out, _) = tama(&[
            "gen", "--rules", "turkish", "--pieces", "2", "--dir", dir, "--only", "KvK",
        ]);
        assert_eq!(code, 0);
        assert!(out.contains("solved 1 tables"), "{out}");
        assert!(tmp.path().join("turkish").join("KvK.egtb").exists());
    }

    #[test]
    fn plan_lists_waves() {
        let (code, out, _) = tama(&["plan", "--pieces", "3"]);
        assert_eq!(code, 0);
        assert!(out.starts_with("wave 1:\n  KvK "), "{out}");
        assert!(out.contains("KMvK KvKM        needs KvK KKvK MvK"), "{out}");
        let (code, out, _) = tama(&["plan", "--pieces", "4", "--json"]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        let units: usize = v["waves"]
            .as_array()
            .expect("waves")
            .iter()
            .map(|w| w.as_array().map_or(0, Vec::len))
            .sum();
        // 2 + 4 + 10 + 19 tables make 3 + 6 + 12 + ... units.
        assert!(units > 20, "{units}");
        let (code, _, err) = tama(&["plan", "--pieces", "1"]);
        assert_eq!(code, 2, "{err}");
    }

    #[test]
    fn missing_directory_is_bad_input() {
        let (code, _, err) = tama(&[
            "probe",
            "--dir",
            "/nonexistent/tables",
            "--fen",
            "W:WKa1:BKh8",
        ]);
        assert_eq!(code, 2);
        assert!(err.contains("/nonexistent/tables"), "{err}");
        let (code, _, _) = tama(&["verify", "--dir", "/nonexistent/tables"]);
        assert_eq!(code, 2);
        let (code, _, _) = tama(&["stats", "--dir", "/nonexistent/tables"]);
        assert_eq!(code, 2);
    }
}
