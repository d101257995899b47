//! Time keeping and memory of the engine, measured:
//!
//! - **overshoot**: searches with a `movetime` of 10 ms and of 100 ms from
//!   varied positions (random games of every preset, one thread, the
//!   default hash); the time each search took minus the limit, in ms;
//! - **stop**: infinite searches stopped from another thread after a
//!   random delay; the time from `stop()` to the search's return;
//! - **memory**: the peak resident memory (`VmHWM`) of a process that
//!   creates an engine with a 16, 64 or 256 MiB hash table and searches
//!   for one second, as `tama analyse --hash N` does.
//!
//! ```text
//! cargo run --release -p tama-search --example timing
//! cargo run --release -p tama-search --example timing -- overshoot --searches 200
//! cargo run --release -p tama-search --example timing -- stop memory
//! ```
//!
//! Sections: `overshoot`, `stop`, `memory` (default: all three).
//! `--searches N` sets the searches per time limit (default 1000),
//! `--trials N` the stop trials (default 200). Linux only for `memory`.

use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tama_core::{position_outcome, Position, Preset, Rules};
use tama_search::{Engine, EngineConfig, Limits, SearchResult};

use tama_test_support::Rng;

/// `count` positions with at least two legal moves (a single move is
/// returned at once, whatever the limit), taken from random games of
/// every preset, in turn.
fn positions(count: usize, seed: u64) -> Vec<(Position, Rules)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    let mut preset = 0;
    while out.len() < count {
        let rules = Preset::ALL[preset % Preset::ALL.len()].rules();
        preset += 1;
        let plies = 4 + rng.below(80);
        let mut pos = Position::start();
        for _ in 0..plies {
            let moves = pos.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        if position_outcome(&pos, &rules).is_none() && pos.legal_moves(&rules).len() >= 2 {
            out.push((pos, rules));
        }
    }
    out
}

/// The `q`-quantile of sorted values (nearest rank).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn summary(values: &mut [f64]) -> String {
    values.sort_by(f64::total_cmp);
    format!(
        "median {:+.2}  p90 {:+.2}  p99 {:+.2}  worst {:+.2}  (best {:+.2})",
        quantile(values, 0.5),
        quantile(values, 0.9),
        quantile(values, 0.99),
        values[values.len() - 1],
        values[0]
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn overshoot(searches: usize) {
    println!("## Time-limit overshoot (elapsed - movetime, ms; one thread, default hash)");
    println!();
    for limit_ms in [10, 100] {
        let limit = Duration::from_millis(limit_ms);
        let mut engine = Engine::new(EngineConfig::default());
        let mut over = Vec::with_capacity(searches);
        let mut depths = Vec::with_capacity(searches);
        for (pos, rules) in positions(searches, 0x7133 + limit_ms) {
            let t0 = Instant::now();
            let result = engine.search(&pos, &[], &rules, &Limits::movetime(limit), |_| {});
            let elapsed = t0.elapsed();
            over.push(ms(elapsed) - ms(limit));
            if let SearchResult::Move(b) = result {
                depths.push(b.depth);
            }
        }
        depths.sort_unstable();
        println!(
            "movetime {limit_ms:>3} ms, {} searches: {}; median depth {}",
            over.len(),
            summary(&mut over),
            depths.get(depths.len() / 2).copied().unwrap_or(0)
        );
    }
    println!();
}

fn stop_latency(trials: usize) {
    println!("## Stop latency (stop() from another thread -> search returns, ms)");
    println!();
    for threads in [1, 2] {
        let mut rng = Rng::new(0x5709 + threads as u64);
        let mut engine = Engine::new(EngineConfig {
            threads,
            ..EngineConfig::default()
        });
        let mut latencies = Vec::with_capacity(trials);
        for (pos, rules) in positions(trials, 0x570b) {
            let stop = engine.stop_handle();
            let delay = Duration::from_micros(rng.below(50_000) as u64);
            let (started_tx, started_rx) = mpsc::channel();
            let (done_tx, done_rx) = mpsc::channel();
            let worker = std::thread::spawn(move || {
                let limits = Limits {
                    infinite: true,
                    ..Limits::default()
                };
                let result = engine.search(&pos, &[], &rules, &limits, |_| {
                    let _ = started_tx.send(());
                });
                let _ = done_tx.send(result);
                engine
            });
            // The stop flag is cleared when a search starts: wait for its
            // first iteration.
            if started_rx.recv_timeout(Duration::from_secs(10)).is_err() {
                eprintln!("a search reported no iteration");
            }
            std::thread::sleep(delay);
            let t0 = Instant::now();
            stop.stop();
            let returned = done_rx.recv_timeout(Duration::from_secs(10));
            let latency = t0.elapsed();
            match returned {
                Ok(_) => latencies.push(ms(latency)),
                Err(_) => eprintln!("a stopped search did not return within 10 s"),
            }
            engine = worker.join().expect("the search thread does not panic");
        }
        println!(
            "{threads} thread{}, {} trials (delay 0-50 ms after the first iteration): {}",
            if threads == 1 { "" } else { "s" },
            latencies.len(),
            summary(&mut latencies)
        );
    }
    println!();
}

/// The peak resident memory of this process, in KiB.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Child process: an engine with `mib` MiB of hash searching the start
/// position for a second; prints the peak memory.
fn memory_child(mib: usize) -> ExitCode {
    let mut engine = Engine::new(EngineConfig {
        hash_mib: mib,
        ..EngineConfig::default()
    });
    let limits = Limits::movetime(Duration::from_secs(1));
    let result = engine.search(&Position::start(), &[], &Rules::ARMENIAN, &limits, |_| {});
    let nodes = match result {
        SearchResult::Move(b) => b.nodes,
        SearchResult::GameOver(_) => 0,
    };
    match peak_kib() {
        Some(kib) => {
            println!("{kib} {nodes}");
            ExitCode::SUCCESS
        }
        None => ExitCode::FAILURE,
    }
}

fn memory() {
    println!("## Peak memory (VmHWM of a process searching 1 s with an engine of N MiB hash)");
    println!();
    let Ok(exe) = std::env::current_exe() else {
        println!("cannot find this program to run it again");
        return;
    };
    for mib in [16, 64, 256] {
        let out = std::process::Command::new(&exe)
            .args(["--memory-child", &mib.to_string()])
            .output();
        let text = out
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok());
        let fields: Vec<u64> = text
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        match fields[..] {
            [kib, nodes] => println!(
                "hash {mib:>3} MiB: peak {:.1} MiB ({nodes} nodes searched)",
                kib as f64 / 1024.0
            ),
            _ => println!("hash {mib:>3} MiB: no measurement (needs /proc/self/status)"),
        }
    }
    println!();
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, mib] = &args[..] {
        if flag == "--memory-child" {
            return match mib.parse() {
                Ok(mib) => memory_child(mib),
                Err(_) => ExitCode::FAILURE,
            };
        }
    }
    let mut searches = 1000;
    let mut trials = 200;
    let mut sections = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut number = |name: &str| match it.next().map(|v| v.parse::<usize>()) {
            Some(Ok(n)) if n > 0 => Ok(n),
            _ => Err(format!("{name} needs a positive number")),
        };
        let parsed = match a.as_str() {
            "--searches" => number("--searches").map(|n| searches = n),
            "--trials" => number("--trials").map(|n| trials = n),
            "overshoot" | "stop" | "memory" => {
                sections.push(a.clone());
                Ok(())
            }
            other => Err(format!(
                "unknown argument `{other}` (sections: overshoot, stop, memory; --searches N, --trials N)"
            )),
        };
        if let Err(e) = parsed {
            eprintln!("timing: {e}");
            return ExitCode::from(2);
        }
    }
    if sections.is_empty() {
        sections = vec!["overshoot".into(), "stop".into(), "memory".into()];
    }
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    println!(
        "# tama-search timing ({cores} cores, load average {} at start)",
        load.join(" ")
    );
    println!();
    for s in &sections {
        match s.as_str() {
            "overshoot" => overshoot(searches),
            "stop" => stop_latency(trials),
            _ => memory(),
        }
    }
    ExitCode::SUCCESS
}
