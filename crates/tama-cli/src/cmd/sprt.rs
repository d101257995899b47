//! `tama sprt`: a sequential probability ratio test between two players, a
//! front end over tama-arena's [`play_sprt`](tama_arena::play_sprt) (the
//! statistics, the paired games and the stop at the bounds are there).
//!
//! The players are two player specs, searched in this process (one change
//! against the other, such as `full,-tempo` against `full`), or two `tama`
//! programs asked for each move with `tama analyse --json` (tama-arena's
//! external-engine player; `cargo xtask sprt --base REV` builds them).
//! Openings are a file's (`--openings`, such as a ballot file of
//! data/ballots/) or random but balanced start sequences, each played once
//! with each colour; player A is the one tested for an improvement.
//!
//! With `--state FILE` the counts of the completed pairs are kept in FILE
//! after each pair (written whole, then renamed over the old one), and a
//! run of the same test started again goes on from them: a long test can
//! span sessions or machines.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tama_arena::{
    play_sprt_from, random_openings, Adjudication, ExternalEngine, Limits, MatchConfig, Player,
    PlayerKind, PlayerSpec, Sprt, SprtOutcome, SprtStatus, TablesChoice, Verdict,
};
use tama_core::Rules;
use tama_notation::time_control::write_time_control;

use crate::cmd::match_cmd::rules_and_openings;
use crate::common::{parse_time_control_arg, read_weights, FlagArg};
use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;

/// Openings of the test: this many, of this many random plies, from this
/// seed (the same for every run, so two runs play the same games).
const OPENINGS: usize = 200;
const OPENING_PLIES: usize = 8;
const OPENING_SEED: u64 = 0x5eed_5e9f;
/// The time per move without `--movetime` or `--tc`.
const DEFAULT_MOVETIME_MS: u64 = 50;

/// Play two players until an SPRT accepts or rejects A's improvement.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama sprt --a full,-tempo --b full --movetime 50
  tama sprt --rules turkish --movetime 100 --a full,eval_file=t.tev --b full,eval=classic --elo1 50
  tama sprt --a full,-tempo --b full --tc 5s+0.05s
  tama sprt --a-exe target/release/tama --b-exe base/tama --elo1 5
  tama sprt --a full,-tempo --b full --openings data/ballots/turkish-4ply.pdn
  tama sprt --a full --b full,naive_time_split=30 --tc 5s+0.05s --state tm.json

Without --tc each move gets --movetime (50 ms by default). With --tc each
player has its own clock (a program is given, per move, the time the
engine's own plan would take); the losses on time are reported.

The test is a GSPRT on pentanomial pair counts with logistic Elo. A line
per finished pair shows the counts, the Elo with its 95% interval and the
LLR; the verdict ends the run. With --state the counts are saved after each
pair and a stopped test, run again with the same options, goes on from them
(the games under way when it stopped are played again).

Exit codes: 0 the test ran (whatever its verdict), 2 bad input (a player
spec, bounds, rules).")]
pub struct Args {
    /// Player A, the change: a player spec (`full,-tempo`,
    /// `full,king=400`; `tama match --list-options`).
    #[arg(long, value_name = "SPEC", requires = "b", conflicts_with_all = ["a_exe", "b_exe"])]
    pub a: Option<String>,
    /// Player B, the reference (with `--a`).
    #[arg(long, value_name = "SPEC", requires = "a")]
    pub b: Option<String>,
    /// Player A as a `tama` program, asked for each move.
    #[arg(
        long,
        value_name = "FILE",
        requires = "b_exe",
        required_unless_present = "a"
    )]
    pub a_exe: Option<PathBuf>,
    /// Player B as a `tama` program (with `--a-exe`).
    #[arg(long, value_name = "FILE", requires = "a_exe")]
    pub b_exe: Option<PathBuf>,
    /// The Elo difference of the null hypothesis (the change is no better).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// The Elo difference of the alternative (the change gains this much).
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// Milliseconds per move for both players (default 50).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Play on a clock instead: each player gets this time control
    /// (`5s+0.05s`, `20s`; docs/NOTATION.md).
    #[arg(long, value_name = "CONTROL", conflicts_with = "movetime")]
    pub tc: Option<String>,
    /// What running out of time does under --tc.
    #[arg(long, value_enum, value_name = "RULE", default_value_t = FlagArg::Lose, requires = "tc")]
    pub flag: FlagArg,
    /// Games played at the same time.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: u32,
    /// Stop after this many games even without a verdict.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(2..))]
    pub max_games: u32,
    /// Rules of the games. Default: the rules of the --openings games,
    /// else `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
    /// Openings: a ballot file of data/ballots/ (docs/BALLOTS.md), or any
    /// file `tama match --openings` reads; each opening is played with
    /// both colours, in turn, as long as the test goes on. Default: 200
    /// random balanced openings of 8 plies.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Type-I error rate of the test (accepting a change that is not one).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Type-II error rate of the test (rejecting a real improvement).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Games longer than this many plies are adjudicated as draws.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Keep the counts of the completed pairs in this file (JSON), and go
    /// on from them when it exists: the same test, stopped and run again,
    /// resumes (a file of another test is refused).
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
}

/// What `--state` keeps: the test it is of and its counts so far.
#[derive(Debug, serde::Serialize, serde::Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct SavedTest {
    /// The format's version (1).
    tama_sprt_state: u32,
    /// The test: players, pace, rules, openings, bounds (`test_id`).
    test: String,
    /// The completed pairs by A's points: 0, ½, 1, 1½, 2.
    pairs: [u32; 5],
}

/// The identity of a test for `--state`: everything that decides what
/// its games and counts mean (not the concurrency nor the game limit).
fn test_id(args: &Args, rules: &Rules, pace: &str) -> String {
    let players = match (&args.a, &args.b, &args.a_exe, &args.b_exe) {
        (Some(a), Some(b), _, _) => format!("a={a} b={b}"),
        (_, _, Some(a), Some(b)) => format!("a-exe={} b-exe={}", a.display(), b.display()),
        _ => String::new(),
    };
    let openings = args
        .openings
        .as_deref()
        .map_or_else(|| "random".to_owned(), |p| p.display().to_string());
    let flag = match args.tc {
        Some(_) => format!(" flag={:?}", args.flag),
        None => String::new(),
    };
    format!(
        "{players}; {pace}{flag}; rules {}; openings {openings}; max-plies {}; elo0={} elo1={} alpha={} beta={}",
        tama_notation::rules_text::write_rules(rules),
        args.max_plies,
        args.elo0,
        args.elo1,
        args.alpha,
        args.beta
    )
}

/// The counts saved in `file` for test `id`: none when the file does not
/// exist.
fn read_state(file: &Path, id: &str) -> Result<[u32; 5], CliError> {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok([0; 5]),
        Err(e) => {
            return Err(CliError::usage(format!(
                "cannot read {}: {e}",
                file.display()
            )))
        }
    };
    let saved: SavedTest = serde_json::from_str(&text).map_err(|e| {
        CliError::usage(format!(
            "{}: not a state file of `tama sprt`: {e}",
            file.display()
        ))
    })?;
    if saved.tama_sprt_state != 1 {
        return Err(CliError::usage(format!(
            "{}: state version {}, this program reads version 1",
            file.display(),
            saved.tama_sprt_state
        )));
    }
    if saved.test != id {
        return Err(CliError::usage(format!(
            "{}: the state of another test ({}), not of this one ({id}); give another --state file",
            file.display(),
            saved.test
        )));
    }
    Ok(saved.pairs)
}

/// Saves the counts: written whole to a file beside `file`, then renamed
/// over it, so that a stop leaves the old counts or the new ones.
fn write_state(file: &Path, id: &str, pairs: [u32; 5]) -> Result<(), CliError> {
    let saved = SavedTest {
        tama_sprt_state: 1,
        test: id.to_owned(),
        pairs,
    };
    let mut text = serde_json::to_string_pretty(&saved).expect("the state serialises");
    text.push('\n');
    let cannot =
        |p: &Path, e: std::io::Error| CliError::usage(format!("cannot write {}: {e}", p.display()));
    tama_files::write_atomically(
        file,
        |f| std::io::Write::write_all(f, text.as_bytes()).map_err(|e| cannot(file, e)),
        cannot,
    )
}

/// Runs `tama sprt`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let sprt = Sprt::new(args.elo0, args.elo1, args.alpha, args.beta).map_err(CliError::usage)?;
    let (rules, from_file) = rules_and_openings(args.rules.as_deref(), args.openings.as_deref())?;
    let clock = match &args.tc {
        // `--tc` was once the time per move in milliseconds.
        Some(text) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            let e = parse_time_control_arg("tc", text).expect_err("a number without a unit");
            return Err(CliError::usage(format!(
                "{}; for {text} ms per move use --movetime {text}",
                e.message
            )));
        }
        Some(text) => Some(parse_time_control_arg("tc", text)?),
        None => None,
    };
    let movetime = args.movetime.unwrap_or(DEFAULT_MOVETIME_MS);
    let (limits, pace) = match &clock {
        Some(tc) => (
            Limits::default(),
            format!("time control {}", write_time_control(tc)),
        ),
        None => (
            Limits::movetime(Duration::from_millis(movetime)),
            format!("{movetime} ms per move"),
        ),
    };
    let (a, b) = players(args, &rules, limits)?;
    let started = Instant::now();
    let (lower, upper) = sprt.bounds();
    writeln!(
        io.out,
        "SPRT of {} against {}: elo0={} elo1={} alpha={} beta={}, LLR bounds [{lower:.2}, {upper:.2}]",
        a.name, b.name, args.elo0, args.elo1, args.alpha, args.beta
    )?;
    writeln!(
        io.out,
        "(GSPRT on pentanomial pair counts, logistic Elo; {pace})"
    )?;
    let found = match from_file {
        Some(list) => {
            let file = args.openings.as_deref().unwrap_or(Path::new("")).display();
            writeln!(io.out, "{} openings of {file}", list.len())?;
            list
        }
        None => {
            let found = random_openings(&rules, OPENINGS, OPENING_PLIES, OPENING_SEED);
            writeln!(
                io.out,
                "{} balanced openings of {OPENING_PLIES} random plies",
                found.len()
            )?;
            found
        }
    };
    let id = test_id(args, &rules, &pace);
    let before = match &args.state {
        Some(file) => {
            let before = read_state(file, &id)?;
            // Written now, so that a file that cannot be written is told
            // before any game.
            write_state(file, &id, before)?;
            let done: u32 = before.iter().sum();
            if done > 0 {
                writeln!(
                    io.out,
                    "resumed from {}: {} games ({done} pairs) before",
                    file.display(),
                    2 * done
                )?;
            }
            before
        }
        None => [0; 5],
    };
    // The openings go on after those of the pairs counted before; the
    // game limit counts them.
    let done = before.iter().sum::<u32>() as usize;
    let pairs = (args.max_games as usize).div_ceil(2).saturating_sub(done);
    let config = MatchConfig {
        rules,
        openings: found
            .iter()
            .cycle()
            .skip(done % found.len().max(1))
            .take(pairs)
            .cloned()
            .collect(),
        concurrency: args.concurrency as usize,
        max_plies: args.max_plies,
        adjudication: Adjudication::NONE,
        clock: clock.clone(),
        flag_rule: args.flag.into(),
    };
    if found.is_empty() {
        return Err(CliError::check_failed("no balanced openings found"));
    }
    // The games run on the match's threads; their statuses come back here
    // to be written (and saved).
    let (tx, rx) = mpsc::channel::<SprtStatus>();
    let outcome = std::thread::scope(|s| {
        let games = s.spawn(move || {
            play_sprt_from(&a, &b, &config, &sprt, before, |status| {
                // The receiver outlives the games: a send cannot fail.
                let _ = tx.send(*status);
            })
        });
        for status in rx {
            if let Some(file) = &args.state {
                write_state(file, &id, status.pairs)?;
            }
            writeln!(io.out, "{}", status_line(&status))?;
            io.out.flush()?;
        }
        games
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            .map_err(CliError::usage)
    })?;
    write_summary(io, &outcome, started.elapsed(), clock.is_some())?;
    Ok(EXIT_OK)
}

/// The two players: in-process specs (`--a`, `--b`) or programs (`--a-exe`,
/// `--b-exe`).
fn players(args: &Args, rules: &Rules, limits: Limits) -> Result<(Player, Player), CliError> {
    match (&args.a, &args.b, &args.a_exe, &args.b_exe) {
        (Some(a), Some(b), _, _) => Ok((
            spec_player(a, rules, limits)?,
            spec_player(b, rules, limits)?,
        )),
        (_, _, Some(a), Some(b)) => {
            let external = |exe: &PathBuf| {
                let kind = PlayerKind::External(ExternalEngine::new(exe));
                Player::new(exe.display().to_string(), kind, limits)
            };
            Ok((external(a), external(b)))
        }
        _ => Err(CliError::usage("give --a and --b, or --a-exe and --b-exe")),
    }
}

/// A player from its spec: the engine's options, its own limits and a
/// weights file (`eval_file=FILE`, read here); tables are `tama match`'s
/// (`egtb=DIR`), not this test's.
fn spec_player(spec: &str, rules: &Rules, limits: Limits) -> Result<Player, CliError> {
    let bad = |e: String| CliError::usage(format!("`{spec}`: {e}"));
    let parsed = PlayerSpec::parse(spec).map_err(bad)?;
    if parsed.tables != TablesChoice::Match {
        return Err(bad(
            "tables (`egtb=`) are for `tama match`; an SPRT compares engines without them".into(),
        ));
    }
    let mut kind = parsed.kind;
    if let (Some(file), PlayerKind::Engine(config)) = (&parsed.eval_file, &mut kind) {
        config.eval_weights = Some(read_weights(file, Some(rules))?);
    }
    Ok(Player::new(parsed.label, kind, parsed.limits.or(limits)))
}

/// The games, the counts, the Elo and the verdict.
fn write_summary(
    io: &mut Io<'_>,
    outcome: &SprtOutcome,
    took: Duration,
    on_clock: bool,
) -> Result<(), CliError> {
    let result = &outcome.result;
    let status = &outcome.status;
    let out = &mut *io.out;
    writeln!(out)?;
    // A resumed test played only some of its games in this run; the
    // counted line has them all.
    let run = if status.games() as usize > result.games.len() {
        " this run"
    } else {
        ""
    };
    writeln!(
        out,
        "games{run} {}  W/D/L {}/{}/{} (A's)",
        result.games.len(),
        result.wins,
        result.draws,
        result.losses
    )?;
    if on_clock {
        let [a, b] = result.time_losses();
        writeln!(out, "losses on time{run}: A {a}, B {b}")?;
    }
    writeln!(out, "counted: {}", status_line(status))?;
    writeln!(
        out,
        "elo {:+.1}  95% [{:+.1}, {:+.1}]  ({:.1} s)",
        shown(status.elo.elo),
        shown(status.elo.lower),
        shown(status.elo.upper),
        took.as_secs_f64()
    )?;
    let verdict = match status.verdict {
        Some(Verdict::H1) => "H1 accepted: the change is an improvement",
        Some(Verdict::H0) => "H0 accepted: the change is not an improvement",
        None => "none yet (game limit reached)",
    };
    writeln!(out, "verdict: {verdict}")?;
    Ok(())
}

/// One status line: games, pentanomial counts, Elo, LLR.
fn status_line(s: &SprtStatus) -> String {
    let [p0, p1, p2, p3, p4] = s.pairs;
    let e = shown;
    format!(
        "games {:>5}  pairs [{p0} {p1} {p2} {p3} {p4}]  elo {:+.1} [{:+.1}, {:+.1}]  llr {:+.2}",
        s.games(),
        e(s.elo.elo),
        e(s.elo.lower),
        e(s.elo.upper),
        e(s.llr)
    )
}

/// `x`, a negative zero made positive (`+ 0.0`) so that it prints as 0.
fn shown(x: f64) -> f64 {
    x + 0.0
}
