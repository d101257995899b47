//! `cargo xtask ci`: every check CI runs, in order, stopping at the first
//! failure, with a summary of the steps and their durations.

use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};

use crate::cmd::{cargo, format_duration, project_root};
use crate::table::{Align, Table};
use crate::{bench, fuzz, snapshots, wasm};

#[derive(Debug, clap::Args)]
pub struct Args {}

/// How a step that did not fail ended.
enum Outcome {
    Done,
    Skipped(String),
}

type Step = fn(&mut TestTally) -> Result<Outcome>;

/// The steps, in the order they run.
const STEPS: &[(&str, Step)] = &[
    ("fmt", fmt),
    ("clippy", clippy),
    ("test", test),
    ("wasm", wasm),
    ("snapshots", snapshots),
    ("doc", doc),
    ("bench-build", bench_build),
    ("bench-signature", bench_signature),
    ("fuzz-smoke", fuzz_smoke),
];

fn fmt(_: &mut TestTally) -> Result<Outcome> {
    cargo().args(["fmt", "--all", "--", "--check"]).run()?;
    Ok(Outcome::Done)
}

fn clippy(_: &mut TestTally) -> Result<Outcome> {
    cargo()
        .args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])
        .run()?;
    Ok(Outcome::Done)
}

fn test(tally: &mut TestTally) -> Result<Outcome> {
    snapshots::check_test_command().run_streaming(|line| tally.add_line(line))?;
    Ok(Outcome::Done)
}

/// The WebAssembly module and the JavaScript package: built, tested with
/// Node, packed and installed. Skipped where Debian's web toolchain is not
/// installed, except under `CI=true`, where `.ci/run` installs it.
fn wasm(tally: &mut TestTally) -> Result<Outcome> {
    // The page of `tama serve` and the static bundle embed the committed
    // module: it must be built from these sources.
    wasm::check_stamp()?;
    if let Err(missing) = wasm::tools() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            return Err(missing);
        }
        println!("skipped: {missing:#}");
        return Ok(Outcome::Skipped(
            "the WebAssembly toolchain is not installed".to_owned(),
        ));
    }
    let package = wasm::build()?;
    let node = wasm::test(&package)?;
    tally.passed += node.passed;
    tally.failed += node.failed;
    tally.ignored += node.skipped;
    tally.runs += 1;
    println!("package: {}", package.tarball.display());
    Ok(Outcome::Done)
}

fn snapshots(_: &mut TestTally) -> Result<Outcome> {
    snapshots::ensure_none_pending(project_root())?;
    Ok(Outcome::Done)
}

fn doc(_: &mut TestTally) -> Result<Outcome> {
    cargo()
        .args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings")
        .run()?;
    Ok(Outcome::Done)
}

/// The benches compile and link. Built with the test profile (optimised,
/// as the tests just built it), not the bench profile's whole-program
/// optimisation, which took 8.5 of CI's minutes and checks nothing more;
/// `cargo xtask bench` runs them in their own profile.
fn bench_build(_: &mut TestTally) -> Result<Outcome> {
    cargo()
        .args(["build", "--workspace", "--benches", "--profile", "test"])
        .run()?;
    Ok(Outcome::Done)
}

fn bench_signature(_: &mut TestTally) -> Result<Outcome> {
    match bench::check_signature()? {
        Some(nodes) => {
            println!("bench signature ok: {nodes} nodes");
            Ok(Outcome::Done)
        }
        None => {
            let reason = "tama bench not available yet";
            println!("skipped: {reason}");
            Ok(Outcome::Skipped(reason.to_owned()))
        }
    }
}

/// A short run of every fuzz target (new inputs thrown away), so that a
/// crash a fuzzer finds fails CI. Skipped where cargo-fuzz is missing,
/// except under `CI=true`, where `.ci/run` installs it; `cargo test` has
/// already replayed the checked-in corpora.
fn fuzz_smoke(_: &mut TestTally) -> Result<Outcome> {
    match fuzz::smoke()? {
        None => Ok(Outcome::Done),
        Some(reason) if std::env::var("CI").is_ok_and(|v| v == "true") => Err(anyhow!(reason)),
        Some(reason) => Ok(Outcome::Skipped(reason)),
    }
}

/// Test counts summed over the `test result:` lines of libtest.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct TestTally {
    passed: u64,
    failed: u64,
    ignored: u64,
    runs: u64,
}

impl TestTally {
    /// Adds the counts of a line like
    /// `test result: ok. 5 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s`.
    fn add_line(&mut self, line: &str) {
        let Some(rest) = line.trim().strip_prefix("test result: ") else {
            return;
        };
        let Some((_, counts)) = rest.split_once(". ") else {
            return;
        };
        for part in counts.split(';') {
            let mut words = part.split_whitespace();
            let (Some(count), Some(what)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(count) = count.parse::<u64>() else {
                continue;
            };
            match what {
                "passed" => self.passed += count,
                "failed" => self.failed += count,
                "ignored" => self.ignored += count,
                _ => {}
            }
        }
        self.runs += 1;
    }
}

pub fn run(Args {}: Args) -> Result<()> {
    let start = Instant::now();
    let mut tally = TestTally::default();
    let mut rows: Vec<(&str, String, Option<Duration>)> = Vec::new();
    let mut failure = None;
    for (i, (name, step)) in STEPS.iter().enumerate() {
        if failure.is_some() {
            rows.push((name, "not run".to_owned(), None));
            continue;
        }
        println!();
        println!("==> [{}/{}] {name}", i + 1, STEPS.len());
        let step_start = Instant::now();
        let result = step(&mut tally);
        let elapsed = step_start.elapsed();
        match result {
            Ok(Outcome::Done) => rows.push((name, "ok".to_owned(), Some(elapsed))),
            Ok(Outcome::Skipped(reason)) => {
                rows.push((name, format!("skipped: {reason}"), Some(elapsed)));
            }
            Err(error) => {
                rows.push((name, "FAILED".to_owned(), Some(elapsed)));
                failure = Some((*name, error));
            }
        }
    }

    let mut table = Table::new(&[
        ("step", Align::Left),
        ("result", Align::Left),
        ("time", Align::Right),
    ]);
    for (name, result, elapsed) in rows {
        table.row(vec![
            name.to_owned(),
            result,
            elapsed.map(format_duration).unwrap_or_default(),
        ]);
    }
    table.row(vec![
        "total".to_owned(),
        String::new(),
        format_duration(start.elapsed()),
    ]);
    println!();
    println!("ci summary:");
    print!("{table}");
    if tally.runs > 0 {
        println!(
            "tests: {} passed, {} failed, {} skipped",
            tally.passed, tally.failed, tally.ignored
        );
    }
    match failure {
        None => Ok(()),
        Some((name, error)) => Err(anyhow!("ci failed at step `{name}`: {error:#}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_libtest_results() {
        let mut tally = TestTally::default();
        for line in [
            "running 3 tests",
            "test a ... ok",
            "test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s",
            "",
            "test result: FAILED. 4 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.25s",
            "test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
            "test result: something else",
        ] {
            tally.add_line(line);
        }
        assert_eq!(
            tally,
            TestTally {
                passed: 7,
                failed: 2,
                ignored: 1,
                runs: 3,
            }
        );
    }

    #[test]
    fn steps_run_in_the_documented_order() {
        let names: Vec<&str> = STEPS.iter().map(|(name, _)| *name).collect();
        assert_eq!(
            names,
            [
                "fmt",
                "clippy",
                "test",
                "wasm",
                "snapshots",
                "doc",
                "bench-build",
                "bench-signature",
                "fuzz-smoke"
            ]
        );
    }
}
