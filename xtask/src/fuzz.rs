//! `cargo xtask fuzz`: runs the cargo-fuzz targets of `fuzz/` one after
//! another, each for a fixed time in a single process, and summarises
//! executions, coverage and corpus growth per target.
//!
//! The targets are built once, without a sanitizer by default: the
//! workspace forbids `unsafe` code, so AddressSanitizer could only find
//! bugs in dependencies, and it makes the targets four to five times
//! slower (the PDN and `play` targets allocate large buffers per input).
//! Debug assertions and overflow checks stay on, and `--sanitizer address`
//! brings ASan back. New inputs go to `fuzz/corpus/<target>`, which is
//! checked in (minimised with `--minimize`); `fuzz/regressions/<target>`
//! holds the inputs of fixed bugs and seeds the run too. The stable test
//! `fuzz_replay` (tests/fuzz_replay.rs) replays both folders under plain
//! `cargo test`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::ValueEnum;

use crate::cmd::{describe_status, format_duration, project_root, thousands, Cmd};
use crate::table::{Align, Table};

/// The fuzz targets, in the order they run (`fuzz/fuzz_targets/<name>.rs`).
pub const TARGETS: [&str; 5] = ["fen", "rules", "movetext", "pdn", "play"];

/// Seconds per target of the CI smoke run.
pub const SMOKE_SECONDS: u64 = 15;

/// The longest one input may run before libFuzzer reports it as a hang.
const TIMEOUT_SECONDS: u64 = 10;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// How long to fuzz each target, in seconds.
    #[arg(long, value_name = "N", default_value_t = 600,
          value_parser = clap::value_parser!(u64).range(1..))]
    seconds: u64,
    /// The sanitizer to build with (changing it rebuilds everything).
    #[arg(long, value_enum, default_value_t = Sanitizer::None)]
    sanitizer: Sanitizer,
    /// Afterwards, minimise each target's corpus with `cargo fuzz cmin`.
    #[arg(long)]
    minimize: bool,
    /// The targets to run (default: all of them).
    #[arg(value_name = "TARGET", value_parser = clap::builder::PossibleValuesParser::new(TARGETS))]
    targets: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Sanitizer {
    /// No sanitizer: coverage, debug assertions and overflow checks only.
    None,
    /// AddressSanitizer.
    Address,
}

impl Sanitizer {
    fn name(self) -> &'static str {
        match self {
            Sanitizer::None => "none",
            Sanitizer::Address => "address",
        }
    }
}

/// What libFuzzer reported about one run.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Report {
    /// Coverage (edges), features and corpus size when the corpus was
    /// loaded.
    start: Option<Status>,
    /// The same at the last status line.
    end: Option<Status>,
    execs: Option<u64>,
    execs_per_sec: Option<u64>,
    new_units: Option<u64>,
    slowest_secs: Option<u64>,
    peak_rss_mb: Option<u64>,
    /// Where libFuzzer wrote a crashing, hanging or leaking input.
    artifact: Option<String>,
}

/// The numbers of a libFuzzer status line
/// (`#4096 pulse cov: 330 ft: 923 corp: 207/2696b ...`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Status {
    cov: u64,
    ft: u64,
    corpus: u64,
}

impl Report {
    /// Takes in one line of libFuzzer's output.
    fn add_line(&mut self, line: &str) {
        let line = line.trim();
        if let Some(stat) = line.strip_prefix("stat::") {
            let Some((name, value)) = stat.split_once(':') else {
                return;
            };
            let Ok(value) = value.trim().parse::<u64>() else {
                return;
            };
            let slot = match name {
                "number_of_executed_units" => &mut self.execs,
                "average_exec_per_sec" => &mut self.execs_per_sec,
                "new_units_added" => &mut self.new_units,
                "slowest_unit_time_sec" => &mut self.slowest_secs,
                "peak_rss_mb" => &mut self.peak_rss_mb,
                _ => return,
            };
            *slot = Some(value);
        } else if line.starts_with('#') {
            if let Some(status) = parse_status(line) {
                if line.contains("INITED") {
                    self.start = Some(status);
                }
                self.end = Some(status);
            }
        } else if let Some(rest) = line.split_once("Test unit written to ").map(|(_, r)| r) {
            self.artifact = Some(rest.trim().to_owned());
        }
    }
}

/// The coverage, features and corpus size of a status line.
fn parse_status(line: &str) -> Option<Status> {
    let mut words = line.split_whitespace();
    let mut status = Status::default();
    let mut seen = 0;
    while let Some(word) = words.next() {
        let slot = match word {
            "cov:" => &mut status.cov,
            "ft:" => &mut status.ft,
            "corp:" => &mut status.corpus,
            _ => continue,
        };
        let value = words.next()?;
        let number = value.split('/').next()?;
        *slot = number.parse().ok()?;
        seen += 1;
    }
    (seen == 3).then_some(status)
}

/// `cargo ...` of the toolchain that runs xtask, allowed the nightly
/// flags cargo-fuzz passes (`RUSTC_BOOTSTRAP=1`: the stable compiler
/// builds the coverage-instrumented targets, so no nightly toolchain has
/// to be downloaded), building into `fuzz/target`.
fn fuzz_cargo() -> Cmd {
    Cmd::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .env("RUSTC_BOOTSTRAP", "1")
        .env_remove("CARGO_TARGET_DIR")
}

/// Why fuzzing cannot run here, if it cannot: no cargo-fuzz (`.ci/run`
/// installs it).
pub fn missing_tools() -> Result<Option<String>> {
    let fuzz = fuzz_cargo().args(["fuzz", "--version"]).probe()?;
    if !fuzz.status.success() {
        return Ok(Some(
            "cargo-fuzz is not installed (`cargo install cargo-fuzz`)".to_owned(),
        ));
    }
    Ok(None)
}

fn fuzz_dir() -> PathBuf {
    project_root().join("fuzz")
}

/// How many files a folder holds (0 when it does not exist).
fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .count()
    })
}

/// One target's run: the report and how it ended.
struct Outcome {
    target: &'static str,
    report: Report,
    elapsed: Duration,
    corpus_files: usize,
    failure: Option<String>,
}

/// Builds every target, then fuzzes each of `targets` for `seconds`.
/// New inputs go to `fuzz/corpus/<target>`, or to a temporary folder when
/// `keep_corpus` is false (the checked-in corpus then only seeds the run).
fn fuzz_all(
    targets: &[&'static str],
    seconds: u64,
    sanitizer: Sanitizer,
    keep_corpus: bool,
) -> Result<Vec<Outcome>> {
    fuzz_cargo()
        .args(["fuzz", "build", "--sanitizer", sanitizer.name()])
        .run()
        .context("cannot build the fuzz targets")?;
    // The runs' outputs when the corpus is not kept, removed at the end.
    let scratch = tempfile::Builder::new()
        .prefix("tama-fuzz-smoke-")
        .tempdir()
        .context("cannot create a temporary directory")?;
    let mut outcomes = Vec::new();
    for &target in targets {
        let corpus = fuzz_dir().join("corpus").join(target);
        let regressions = fuzz_dir().join("regressions").join(target);
        let output = if keep_corpus {
            corpus.clone()
        } else {
            let dir = scratch.path().join(target);
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            dir
        };
        let mut cmd = fuzz_cargo()
            .args(["fuzz", "run", "--sanitizer", sanitizer.name(), target])
            .arg(&output);
        for seeds in [&corpus, &regressions] {
            if seeds != &output && seeds.is_dir() {
                cmd = cmd.arg(seeds);
            }
        }
        let cmd = cmd.args([
            "--".to_owned(),
            format!("-max_total_time={seconds}"),
            format!("-timeout={TIMEOUT_SECONDS}"),
            "-print_final_stats=1".to_owned(),
        ]);
        println!();
        println!("==> fuzz {target} for {seconds} s");
        let mut report = Report::default();
        let start = Instant::now();
        let status = cmd.run_streaming_stderr(|line| report.add_line(line))?;
        let failure = (!status.success()).then(|| {
            let mut why = format!("libFuzzer ended with {}", describe_status(status));
            if let Some(artifact) = &report.artifact {
                why.push_str(&format!("; input saved as {artifact}"));
            }
            why
        });
        outcomes.push(Outcome {
            target,
            report,
            elapsed: start.elapsed(),
            corpus_files: count_files(&corpus),
            failure,
        });
    }
    Ok(outcomes)
}

fn summary(outcomes: &[Outcome]) -> Table {
    let mut table = Table::new(&[
        ("target", Align::Left),
        ("time", Align::Right),
        ("execs", Align::Right),
        ("exec/s", Align::Right),
        ("cov", Align::Right),
        ("new cov", Align::Right),
        ("ft", Align::Right),
        ("corpus", Align::Right),
        ("new units", Align::Right),
        ("files", Align::Right),
        ("slowest", Align::Right),
        ("rss", Align::Right),
        ("result", Align::Left),
    ]);
    let num = |n: Option<u64>| n.map(thousands).unwrap_or_else(|| "?".to_owned());
    for o in outcomes {
        let r = &o.report;
        let new_cov = match (r.start, r.end) {
            (Some(s), Some(e)) => format!("+{}", e.cov.saturating_sub(s.cov)),
            _ => "?".to_owned(),
        };
        table.row(vec![
            o.target.to_owned(),
            format_duration(o.elapsed),
            num(r.execs),
            num(r.execs_per_sec),
            num(r.end.map(|s| s.cov)),
            new_cov,
            num(r.end.map(|s| s.ft)),
            num(r.end.map(|s| s.corpus)),
            num(r.new_units),
            o.corpus_files.to_string(),
            r.slowest_secs
                .map_or_else(|| "?".to_owned(), |s| format!("{s} s")),
            r.peak_rss_mb
                .map_or_else(|| "?".to_owned(), |mb| format!("{mb} MB")),
            if o.failure.is_some() { "FAILED" } else { "ok" }.to_owned(),
        ]);
    }
    table
}

/// Fails with every failure of `outcomes`, after the summary.
fn check(outcomes: &[Outcome]) -> Result<()> {
    let failures: Vec<String> = outcomes
        .iter()
        .filter_map(|o| o.failure.as_ref().map(|f| format!("{}: {f}", o.target)))
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        bail!(
            "{} fuzz target(s) failed:\n  {}\nreproduce with `RUSTC_BOOTSTRAP=1 cargo fuzz run -s none TARGET INPUT`; add the input to fuzz/regressions/TARGET once fixed",
            failures.len(),
            failures.join("\n  ")
        )
    }
}

pub fn run(args: Args) -> Result<()> {
    if let Some(reason) = missing_tools()? {
        bail!("cannot fuzz: {reason}");
    }
    let targets: Vec<&'static str> = if args.targets.is_empty() {
        TARGETS.to_vec()
    } else {
        TARGETS
            .iter()
            .copied()
            .filter(|t| args.targets.iter().any(|a| a == t))
            .collect()
    };
    let outcomes = fuzz_all(&targets, args.seconds, args.sanitizer, true)?;
    if args.minimize {
        for &target in &targets {
            let before = count_files(&fuzz_dir().join("corpus").join(target));
            fuzz_cargo()
                .args(["fuzz", "cmin", "--sanitizer", args.sanitizer.name(), target])
                .run()?;
            let after = count_files(&fuzz_dir().join("corpus").join(target));
            println!("{target}: corpus minimised from {before} to {after} files");
        }
    }
    println!();
    println!("fuzz summary ({} s per target):", args.seconds);
    print!("{}", summary(&outcomes));
    check(&outcomes)
}

/// The CI smoke run: every target for [`SMOKE_SECONDS`], new inputs
/// thrown away. `Ok(Some(reason))` when it was skipped because the tools
/// are missing.
pub fn smoke() -> Result<Option<String>> {
    if let Some(reason) = missing_tools()? {
        println!("skipped: {reason}");
        return Ok(Some(reason));
    }
    let outcomes = fuzz_all(&TARGETS, SMOKE_SECONDS, Sanitizer::None, false)?;
    println!();
    println!("fuzz smoke summary ({SMOKE_SECONDS} s per target):");
    print!("{}", summary(&outcomes));
    check(&outcomes)?;
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_the_files_of_fuzz_targets() {
        let mut files: Vec<String> = std::fs::read_dir(fuzz_dir().join("fuzz_targets"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut targets = TARGETS.map(str::to_owned).to_vec();
        targets.sort();
        assert_eq!(files, targets);
    }

    #[test]
    fn reads_libfuzzer_output() {
        let mut r = Report::default();
        for line in [
            "INFO: Running with entropic power schedule (0xFF, 100).",
            "#944\tINITED cov: 3095 ft: 14897 corp: 745/783Kb exec/s: 472 rss: 289Mb",
            "#2048\tpulse  cov: 3099 ft: 14924 corp: 755/806Kb lim: 4913 exec/s: 682 rss: 394Mb",
            "#2051\tNEW    cov: 3100 ft: 14930 corp: 756/807Kb lim: 4913 exec/s: 683 rss: 394Mb L: 42/4913 MS: 1 ChangeBit-",
            "#47764\tDONE   cov: 3230 ft: 17001 corp: 1210/1651Kb lim: 4913 exec/s: 783 rss: 408Mb",
            "Done 47764 runs in 61 second(s)",
            "stat::number_of_executed_units: 47764",
            "stat::average_exec_per_sec:     783",
            "stat::new_units_added:          1169",
            "stat::slowest_unit_time_sec:    0",
            "stat::peak_rss_mb:              408",
        ] {
            r.add_line(line);
        }
        assert_eq!(
            r,
            Report {
                start: Some(Status {
                    cov: 3095,
                    ft: 14897,
                    corpus: 745
                }),
                end: Some(Status {
                    cov: 3230,
                    ft: 17001,
                    corpus: 1210
                }),
                execs: Some(47_764),
                execs_per_sec: Some(783),
                new_units: Some(1169),
                slowest_secs: Some(0),
                peak_rss_mb: Some(408),
                artifact: None,
            }
        );
        r.add_line("artifact_prefix='/w/fuzz/artifacts/pdn/'; Test unit written to /w/fuzz/artifacts/pdn/crash-0a1b");
        assert_eq!(
            r.artifact.as_deref(),
            Some("/w/fuzz/artifacts/pdn/crash-0a1b")
        );
        assert_eq!(parse_status("#1 pulse cov: 3"), None);
    }
}
