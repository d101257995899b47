//! `cargo xtask perft`: checks `tama perft` against the reference table.

use std::num::NonZeroUsize;
use std::time::Instant;

use anyhow::{bail, Result};
use clap::ValueEnum;
use serde::Deserialize;

use crate::cmd::{format_duration, thousands};
use crate::table::{Align, Table};
use crate::tama;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Also run the deepest rows (armenian depth 7, turkish depth 9): slow.
    #[arg(long)]
    deep: bool,
    /// Only check this rule set (default: both).
    #[arg(long, value_enum, value_name = "RULES")]
    rules: Option<Rules>,
    /// Threads for `tama perft` (default: the available parallelism).
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Rules {
    Armenian,
    Turkish,
}

impl Rules {
    fn name(self) -> &'static str {
        match self {
            Rules::Armenian => "armenian",
            Rules::Turkish => "turkish",
        }
    }

    /// Perft from the start position, index 0 is depth 1 (docs/RULES.md,
    /// "Reference numbers").
    fn reference(self) -> &'static [u64] {
        match self {
            Rules::Armenian => &ARMENIAN,
            Rules::Turkish => &TURKISH,
        }
    }

    /// The deepest depth checked by default; `--deep` adds one more.
    fn default_depth(self) -> usize {
        match self {
            Rules::Armenian => 6,
            Rules::Turkish => 8,
        }
    }
}

const ARMENIAN: [u64; 7] = [
    22,
    484,
    12_174,
    268_670,
    6_280_482,
    135_963_566,
    3_039_217_438,
];

const TURKISH: [u64; 9] = [
    8,
    64,
    708,
    7_538,
    85_090,
    931_312,
    10_782_308,
    123_285_642,
    1_454_012_156,
];

/// The runs to make: (rules, depth, expected nodes).
fn plan(rules: Option<Rules>, deep: bool) -> Vec<(Rules, usize, u64)> {
    let sets = match rules {
        Some(rules) => vec![rules],
        None => vec![Rules::Armenian, Rules::Turkish],
    };
    let mut plan = Vec::new();
    for rules in sets {
        let table = rules.reference();
        let max = (rules.default_depth() + usize::from(deep)).min(table.len());
        for depth in 1..=max {
            plan.push((rules, depth, table[depth - 1]));
        }
    }
    plan
}

/// What `tama perft --json` prints.
#[derive(Debug, Deserialize)]
struct PerftReport {
    depth: usize,
    nodes: u64,
    seconds: f64,
    /// Nodes per second; computed from nodes and seconds when absent.
    nps: Option<f64>,
}

impl PerftReport {
    fn mnps(&self) -> f64 {
        let nps = match self.nps {
            Some(nps) => nps,
            None if self.seconds > 0.0 => self.nodes as f64 / self.seconds,
            None => 0.0,
        };
        nps / 1e6
    }
}

pub fn run(args: Args) -> Result<()> {
    let threads = match args.threads {
        Some(n) => n.get(),
        // `tama perft` takes at most 256 threads.
        None => std::thread::available_parallelism().map_or(1, |n| n.get().min(256)),
    };
    let exe = tama::build_release()?;

    let mut table = Table::new(&[
        ("rules", Align::Left),
        ("depth", Align::Right),
        ("expected", Align::Right),
        ("got", Align::Right),
        ("ok", Align::Left),
        ("seconds", Align::Right),
        ("Mnps", Align::Right),
    ]);
    let mut mismatches = Vec::new();
    let start = Instant::now();
    for (rules, depth, expected) in plan(args.rules, args.deep) {
        let result = tama::command(&exe)
            .arg("perft")
            .arg(depth.to_string())
            .args(["--rules", rules.name(), "--json", "--threads"])
            .arg(threads.to_string())
            .capture_stdout()
            .and_then(|(stdout, _)| tama::parse_json_output::<PerftReport>(&stdout));
        let report = match result {
            Ok(report) => report,
            Err(error) => {
                print!("{table}");
                return Err(
                    error.context(format!("perft {depth} with rules {} failed", rules.name()))
                );
            }
        };
        if report.depth != depth {
            bail!(
                "`tama perft {depth}` reported depth {} instead of {depth}",
                report.depth
            );
        }
        let ok = report.nodes == expected;
        if !ok {
            mismatches.push(format!(
                "{} depth {depth}: expected {}, got {}",
                rules.name(),
                thousands(expected),
                thousands(report.nodes)
            ));
        }
        table.row(vec![
            rules.name().to_owned(),
            depth.to_string(),
            thousands(expected),
            thousands(report.nodes),
            if ok { "ok" } else { "MISMATCH" }.to_owned(),
            format!("{:.3}", report.seconds),
            format!("{:.2}", report.mnps()),
        ]);
    }
    println!();
    print!("{table}");
    println!(
        "perft: {} runs with {threads} threads in {}",
        plan(args.rules, args.deep).len(),
        format_duration(start.elapsed())
    );
    if !mismatches.is_empty() {
        bail!(
            "{} perft count(s) differ from docs/RULES.md:\n  {}",
            mismatches.len(),
            mismatches.join("\n  ")
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_plan_stops_at_armenian_6_and_turkish_8() {
        let runs = plan(None, false);
        assert_eq!(runs.len(), 6 + 8);
        assert_eq!(runs[5], (Rules::Armenian, 6, 135_963_566));
        assert_eq!(runs.last(), Some(&(Rules::Turkish, 8, 123_285_642)));
    }

    #[test]
    fn deep_plan_adds_the_last_rows() {
        let runs = plan(None, true);
        assert_eq!(runs.len(), 7 + 9);
        assert!(runs.contains(&(Rules::Armenian, 7, 3_039_217_438)));
        assert!(runs.contains(&(Rules::Turkish, 9, 1_454_012_156)));
        let turkish = plan(Some(Rules::Turkish), false);
        assert!(turkish.iter().all(|(rules, _, _)| *rules == Rules::Turkish));
        assert_eq!(turkish.len(), 8);
    }

    #[test]
    fn parses_the_perft_report() {
        let report: PerftReport = tama::parse_json_output(
            r#"{"depth": 4, "nodes": 268670, "seconds": 0.012, "nps": 22389166}"#,
        )
        .unwrap();
        assert_eq!(report.depth, 4);
        assert_eq!(report.nodes, 268_670);
        assert!((report.mnps() - 22.389_166).abs() < 1e-9);
    }
}
