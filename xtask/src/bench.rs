//! `cargo xtask bench`: criterion benchmarks with a summary, and the search
//! signature of `tama bench`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::{bail, Context, Result};
use serde::Deserialize;

use crate::cmd::{self, cargo, project_root};
use crate::table::{Align, Table};
use crate::tama;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Save the results as criterion baseline NAME.
    #[arg(long, value_name = "NAME", value_parser = baseline_name)]
    save: Option<String>,
    /// Compare the results with criterion baseline NAME (saved earlier with
    /// `--save NAME`).
    #[arg(long, value_name = "NAME", value_parser = baseline_name, conflicts_with = "save")]
    baseline: Option<String>,
    /// Instead of running criterion, check that the node count of
    /// `tama bench --json` equals the one in xtask/bench-signature.txt.
    #[arg(long, conflicts_with_all = ["save", "baseline", "record"])]
    check: bool,
    /// Instead of running criterion, write the node count of
    /// `tama bench --json` to xtask/bench-signature.txt.
    #[arg(long, conflicts_with_all = ["save", "baseline"])]
    record: bool,
}

/// Criterion keeps each baseline in a folder of that name next to `new`.
fn baseline_name(name: &str) -> Result<String, String> {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !name.starts_with('.');
    if !plain {
        return Err("use letters, digits, '-', '_' and '.' (not first)".to_owned());
    }
    if ["new", "change", "report"].contains(&name) {
        return Err(format!("`{name}` is a name criterion uses itself"));
    }
    Ok(name.to_owned())
}

pub fn run(args: Args) -> Result<()> {
    if args.check {
        match check_signature()? {
            Some(nodes) => println!("bench signature ok: {nodes} nodes"),
            None => println!("skipped: tama bench not available yet"),
        }
        Ok(())
    } else if args.record {
        record_signature()
    } else {
        run_criterion(args.save.as_deref(), args.baseline.as_deref())
    }
}

// ---------------------------------------------------------------------------
// Search signature

const SIGNATURE_FILE: &str = "xtask/bench-signature.txt";

/// What `tama bench --json` prints (other fields are ignored).
#[derive(Debug, Deserialize)]
struct BenchReport {
    nodes: u64,
}

/// Runs `tama bench --json` and returns its node count, or `None` while
/// `tama` has no `bench` subcommand.
fn current_signature() -> Result<Option<u64>> {
    let exe = tama::build_release()?;
    if !tama::has_subcommand(&exe, "bench")? {
        return Ok(None);
    }
    let (stdout, _) = tama::command(&exe)
        .args(["bench", "--json"])
        .capture_stdout()?;
    let report: BenchReport = tama::parse_json_output(&stdout)
        .context("`tama bench --json` printed no JSON object with a \"nodes\" count")?;
    Ok(Some(report.nodes))
}

fn parse_signature_file(text: &str) -> Result<u64> {
    let text = text.trim();
    text.parse()
        .with_context(|| format!("{SIGNATURE_FILE} should hold one integer, found `{text}`"))
}

/// Checks the signature; `Ok(None)` means skipped (no `tama bench` yet).
pub fn check_signature() -> Result<Option<u64>> {
    let Some(nodes) = current_signature()? else {
        return Ok(None);
    };
    let path = project_root().join(SIGNATURE_FILE);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => bail!(
            "{SIGNATURE_FILE} is missing: `tama bench` now gives {nodes} nodes; \
             record it with `cargo xtask bench --record` and commit the file"
        ),
        Err(error) => return Err(error).with_context(|| format!("cannot read {}", path.display())),
    };
    let expected = parse_signature_file(&text)?;
    if nodes != expected {
        bail!(
            "bench signature changed: {SIGNATURE_FILE} says {expected} nodes, \
             `tama bench` gives {nodes}; if the change of search behaviour is \
             intended, run `cargo xtask bench --record` and commit the file"
        );
    }
    Ok(Some(nodes))
}

fn record_signature() -> Result<()> {
    let Some(nodes) = current_signature()? else {
        bail!("cannot record a signature: `tama` has no `bench` subcommand yet");
    };
    let path = project_root().join(SIGNATURE_FILE);
    fs::write(&path, format!("{nodes}\n"))
        .with_context(|| format!("cannot write {}", path.display()))?;
    println!("recorded bench signature {nodes} in {SIGNATURE_FILE}");
    Ok(())
}

// ---------------------------------------------------------------------------
// Criterion

/// Criterion's `benchmark.json` (the fields used here).
#[derive(Debug, Deserialize)]
struct BenchmarkId {
    full_id: String,
    #[serde(default)]
    throughput: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Throughput {
    Elements(u64),
    Bytes(u64),
    BytesDecimal(u64),
}

/// Reads criterion's serialized `Throughput` enum (`{"Elements": 42}`);
/// unknown variants are ignored.
fn parse_throughput(value: &serde_json::Value) -> Option<Throughput> {
    let map = value.as_object()?;
    let (kind, count) = map.iter().next()?;
    let count = count.as_u64()?;
    match kind.as_str() {
        "Elements" => Some(Throughput::Elements(count)),
        "Bytes" => Some(Throughput::Bytes(count)),
        "BytesDecimal" => Some(Throughput::BytesDecimal(count)),
        _ => None,
    }
}

/// The median point estimate (nanoseconds per iteration) of an
/// `estimates.json`.
fn parse_median_ns(json: &str) -> Result<f64> {
    let value: serde_json::Value = serde_json::from_str(json)?;
    value["median"]["point_estimate"]
        .as_f64()
        .context("no median.point_estimate")
}

#[derive(Debug, Clone, PartialEq)]
struct BenchResult {
    id: String,
    median_ns: f64,
    throughput: Option<Throughput>,
    baseline_ns: Option<f64>,
}

fn load_result(dir: &Path, baseline: Option<&str>) -> Result<BenchResult> {
    let read = |path: PathBuf| {
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))
    };
    let id: BenchmarkId = serde_json::from_str(&read(dir.join("new/benchmark.json"))?)
        .with_context(|| format!("cannot parse {}/new/benchmark.json", dir.display()))?;
    let median_ns = parse_median_ns(&read(dir.join("new/estimates.json"))?)
        .with_context(|| format!("cannot parse {}/new/estimates.json", dir.display()))?;
    let baseline_ns = match baseline {
        Some(name) => {
            let path = dir.join(name).join("estimates.json");
            if path.is_file() {
                Some(
                    parse_median_ns(&read(path.clone())?)
                        .with_context(|| format!("cannot parse {}", path.display()))?,
                )
            } else {
                None
            }
        }
        None => None,
    };
    Ok(BenchResult {
        id: id.full_id,
        median_ns,
        throughput: id.throughput.as_ref().and_then(parse_throughput),
        baseline_ns,
    })
}

/// Benchmark folders under `dir`: those with a `new/benchmark.json`.
fn find_benchmarks(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            let path = entry.path();
            if path.join("new").join("benchmark.json").is_file() {
                found.push(path.clone());
            }
            find_benchmarks(&path, found)?;
        }
    }
    Ok(())
}

fn modified_since(path: &Path, since: SystemTime) -> bool {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|time| time >= since)
}

fn run_criterion(save: Option<&str>, baseline: Option<&str>) -> Result<()> {
    let criterion_dir = cmd::target_dir()?.join("criterion");
    // Results older than this run (stale or filtered-out benchmarks) are not
    // shown; the slack covers file systems with coarse timestamps.
    let started = SystemTime::now() - Duration::from_secs(2);

    // `--bench '*'` selects only the bench targets: libtest harnesses of
    // libraries and binaries would reject criterion's options.
    let mut bench = cargo().args(["bench", "--workspace", "--bench", "*"]);
    if let Some(name) = save {
        bench = bench.args(["--", "--save-baseline", name]);
    } else if let Some(name) = baseline {
        bench = bench.args(["--", "--baseline", name]);
    }
    bench.run()?;

    let mut dirs = Vec::new();
    if criterion_dir.is_dir() {
        find_benchmarks(&criterion_dir, &mut dirs)
            .with_context(|| format!("cannot read {}", criterion_dir.display()))?;
    }
    dirs.retain(|dir| modified_since(&dir.join("new/estimates.json"), started));
    if dirs.is_empty() {
        bail!(
            "no criterion results from this run under {}",
            criterion_dir.display()
        );
    }
    let mut results = dirs
        .iter()
        .map(|dir| load_result(dir, baseline))
        .collect::<Result<Vec<_>>>()?;
    results.sort_by(|a, b| a.id.cmp(&b.id));

    println!();
    print!("{}", summary(&results, baseline));
    if let Some(name) = save {
        println!(
            "saved as baseline `{name}`; compare later with `cargo xtask bench --baseline {name}`"
        );
    }
    Ok(())
}

fn summary(results: &[BenchResult], baseline: Option<&str>) -> Table {
    let change_header = baseline.map(|name| format!("vs {name}"));
    let mut columns = vec![
        ("benchmark", Align::Left),
        ("median", Align::Right),
        ("throughput", Align::Right),
    ];
    if let Some(header) = &change_header {
        columns.push((header.as_str(), Align::Right));
    }
    let mut table = Table::new(&columns);
    for result in results {
        let mut row = vec![
            result.id.clone(),
            format_time_ns(result.median_ns),
            result
                .throughput
                .map(|t| format_throughput(t, result.median_ns))
                .unwrap_or_default(),
        ];
        if baseline.is_some() {
            row.push(match result.baseline_ns {
                Some(base) if base > 0.0 => {
                    format!("{:+.2}%", (result.median_ns - base) / base * 100.0)
                }
                _ => "n/a".to_owned(),
            });
        }
        table.row(row);
    }
    table
}

/// Four significant digits or so, as criterion prints them.
fn short(value: f64) -> String {
    if value < 10.0 {
        format!("{value:.3}")
    } else if value < 100.0 {
        format!("{value:.2}")
    } else if value < 1000.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.0}")
    }
}

fn format_time_ns(ns: f64) -> String {
    if ns < 1.0 {
        format!("{} ps", short(ns * 1e3))
    } else if ns < 1e3 {
        format!("{} ns", short(ns))
    } else if ns < 1e6 {
        format!("{} µs", short(ns / 1e3))
    } else if ns < 1e9 {
        format!("{} ms", short(ns / 1e6))
    } else {
        format!("{} s", short(ns / 1e9))
    }
}

fn scaled(per_second: f64, base: f64, units: [&str; 5]) -> String {
    let mut value = per_second;
    let mut unit = 0;
    while value >= base && unit < units.len() - 1 {
        value /= base;
        unit += 1;
    }
    format!("{} {}", short(value), units[unit])
}

fn format_throughput(throughput: Throughput, median_ns: f64) -> String {
    if median_ns <= 0.0 {
        return String::new();
    }
    let per_second = |count: u64| count as f64 * 1e9 / median_ns;
    match throughput {
        Throughput::Elements(n) => scaled(
            per_second(n),
            1000.0,
            ["elem/s", "Kelem/s", "Melem/s", "Gelem/s", "Telem/s"],
        ),
        Throughput::Bytes(n) => scaled(
            per_second(n),
            1024.0,
            ["B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s"],
        ),
        Throughput::BytesDecimal(n) => scaled(
            per_second(n),
            1000.0,
            ["B/s", "KB/s", "MB/s", "GB/s", "TB/s"],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ESTIMATES: &str = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1180.5,"upper_bound":1220.1},"point_estimate":1200.25,"standard_error":10.2},"median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1150.0,"upper_bound":1190.0},"point_estimate":1170.5,"standard_error":9.1},"median_abs_dev":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":3.0},"point_estimate":2.0,"standard_error":0.5},"slope":null,"std_dev":{"confidence_interval":{"confidence_level":0.95,"lower_bound":50.0,"upper_bound":90.0},"point_estimate":70.0,"standard_error":10.0}}"#;

    const BENCHMARK: &str = r#"{"group_id":"perft","function_id":"armenian","value_str":"4","throughput":{"Elements":268670},"full_id":"perft/armenian/4","directory_name":"perft/armenian/4","title":"perft/armenian/4"}"#;

    #[test]
    fn reads_the_median() {
        assert_eq!(parse_median_ns(ESTIMATES).unwrap(), 1170.5);
        assert!(parse_median_ns(r#"{"mean":{}}"#).is_err());
        assert!(parse_median_ns("not json").is_err());
    }

    #[test]
    fn reads_the_benchmark_id_and_throughput() {
        let id: BenchmarkId = serde_json::from_str(BENCHMARK).unwrap();
        assert_eq!(id.full_id, "perft/armenian/4");
        assert_eq!(
            id.throughput.as_ref().and_then(parse_throughput),
            Some(Throughput::Elements(268_670))
        );
        let plain: BenchmarkId =
            serde_json::from_str(r#"{"full_id":"movegen","throughput":null}"#).unwrap();
        assert_eq!(plain.throughput.as_ref().and_then(parse_throughput), None);
        let bytes = serde_json::json!({"BytesDecimal": 10});
        assert_eq!(parse_throughput(&bytes), Some(Throughput::BytesDecimal(10)));
        assert_eq!(parse_throughput(&serde_json::json!({"Other": 1})), None);
    }

    #[test]
    fn loads_results_from_criterion_folders() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let bench = dir.join("perft/armenian/4");
        fs::create_dir_all(bench.join("new")).unwrap();
        fs::create_dir_all(bench.join("main")).unwrap();
        fs::create_dir_all(dir.join("report")).unwrap();
        fs::write(bench.join("new/benchmark.json"), BENCHMARK).unwrap();
        fs::write(bench.join("new/estimates.json"), ESTIMATES).unwrap();
        fs::write(bench.join("main/benchmark.json"), BENCHMARK).unwrap();
        fs::write(
            bench.join("main/estimates.json"),
            ESTIMATES.replace("1170.5", "1000.0"),
        )
        .unwrap();

        let mut found = Vec::new();
        find_benchmarks(dir, &mut found).unwrap();
        assert_eq!(found, vec![bench.clone()]);
        let result = load_result(&bench, Some("main")).unwrap();
        assert_eq!(result.id, "perft/armenian/4");
        assert_eq!(result.median_ns, 1170.5);
        assert_eq!(result.baseline_ns, Some(1000.0));
        assert_eq!(
            load_result(&bench, Some("other")).unwrap().baseline_ns,
            None
        );

        let table = summary(&[result], Some("main")).to_string();
        assert!(table.contains("vs main"), "{table}");
        assert!(table.contains("+17.05%"), "{table}");
        assert!(table.contains("1.171 µs"), "{table}");
        assert!(table.contains("229.5 Gelem/s"), "{table}");
    }

    #[test]
    fn human_units() {
        assert_eq!(format_time_ns(0.5741), "574.1 ps");
        assert_eq!(format_time_ns(12.345), "12.35 ns");
        assert_eq!(format_time_ns(1170.5), "1.171 µs");
        assert_eq!(format_time_ns(25_300_000.0), "25.30 ms");
        assert_eq!(format_time_ns(3.2e9), "3.200 s");
        assert_eq!(
            format_throughput(Throughput::Elements(500), 1e9),
            "500.0 elem/s"
        );
        assert_eq!(
            format_throughput(Throughput::Elements(2_000_000), 1e9),
            "2.000 Melem/s"
        );
        assert_eq!(
            format_throughput(Throughput::Bytes(1 << 20), 1e9),
            "1.000 MiB/s"
        );
        assert_eq!(
            format_throughput(Throughput::BytesDecimal(1_500), 1e9),
            "1.500 KB/s"
        );
    }

    #[test]
    fn signature_file_holds_one_integer() {
        assert_eq!(parse_signature_file("123456\n").unwrap(), 123_456);
        assert!(parse_signature_file("").is_err());
        assert!(parse_signature_file("12 34").is_err());
    }

    #[test]
    fn baseline_names() {
        assert!(baseline_name("main").is_ok());
        assert!(baseline_name("v0.1-before_tt").is_ok());
        assert!(baseline_name("").is_err());
        assert!(baseline_name("../x").is_err());
        assert!(baseline_name("new").is_err());
    }
}
