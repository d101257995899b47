//! Plays an engine match and prints W/D/L and Elo.
//!
//! ```text
//! cargo run --release -p tama-arena --example match -- \
//!     --a full --b baseline --movetime 50 --openings 100 --plies 8 --concurrency 2
//! ```
//!
//! Players are described as in `PlayerKind::parse`: `baseline`, `full`,
//! `full,-lmr`, `full,-eval`, `full,king=250`, …
//! Per-move limits: `--movetime MS`, `--depth D`, `--nodes N` (for both
//! players, or `--a-…`/`--b-…` for one of them: `--b-depth 4`), or a clock:
//! `--tc 10s+0.1s` (a time control, docs/NOTATION.md). Other options: `--rules turkish`,
//! `--seed S`, `--max-plies N`, `--quiet`.

use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use tama_arena::{Adjudication, MatchConfig, Player, PlayerKind};
use tama_core::TimeControl;
use tama_core::{Color, Preset};
use tama_notation::time_control::parse_time_control;
use tama_search::Limits;

struct Opts {
    a: String,
    b: String,
    a_limits: Limits,
    b_limits: Limits,
    tc: Option<TimeControl>,
    openings: usize,
    plies: usize,
    concurrency: usize,
    seed: u64,
    max_plies: u32,
    preset: Preset,
    quiet: bool,
}

fn parse() -> Result<Opts, String> {
    let mut o = Opts {
        a: "full".into(),
        b: "baseline".into(),
        a_limits: Limits::default(),
        b_limits: Limits::default(),
        tc: None,
        openings: 50,
        plies: 8,
        concurrency: 2,
        seed: 1,
        max_plies: 300,
        preset: Preset::Armenian,
        quiet: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    let num = |s: Option<&String>| -> Result<u64, String> {
        s.ok_or("missing value")?
            .parse::<u64>()
            .map_err(|e| e.to_string())
    };
    while i < args.len() {
        let arg = args[i].as_str();
        let val = args.get(i + 1);
        i += 2;
        let (who, key) = match arg.strip_prefix("--a-") {
            Some(k) => (1, k),
            None => match arg.strip_prefix("--b-") {
                Some(k) => (2, k),
                None => (3, arg.trim_start_matches("--")),
            },
        };
        let mut set_limit = |f: &dyn Fn(&mut Limits)| {
            if who & 1 != 0 {
                f(&mut o.a_limits);
            }
            if who & 2 != 0 {
                f(&mut o.b_limits);
            }
        };
        match key {
            "movetime" => {
                let ms = num(val)?;
                set_limit(&|l| l.movetime = Some(Duration::from_millis(ms)));
            }
            "depth" => {
                let d = num(val)? as u32;
                set_limit(&|l| l.depth = Some(d));
            }
            "nodes" => {
                let n = num(val)?;
                set_limit(&|l| l.nodes = Some(n));
            }
            "a" if who == 3 => o.a = val.ok_or("missing value")?.clone(),
            "b" if who == 3 => o.b = val.ok_or("missing value")?.clone(),
            "tc" => {
                let v = val.ok_or("missing value")?;
                o.tc = Some(parse_time_control(v).map_err(|e| format!("--tc: {e}"))?);
            }
            "openings" => o.openings = num(val)? as usize,
            "plies" => o.plies = num(val)? as usize,
            "concurrency" => o.concurrency = num(val)? as usize,
            "seed" => o.seed = num(val)?,
            "max-plies" => o.max_plies = num(val)? as u32,
            "rules" => {
                o.preset = match val.map(String::as_str) {
                    Some("armenian") => Preset::Armenian,
                    Some("turkish") => Preset::Turkish,
                    Some("armenian-orthogonal") => Preset::ArmenianOrthogonal,
                    _ => return Err("--rules: armenian, turkish or armenian-orthogonal".into()),
                }
            }
            "quiet" => {
                o.quiet = true;
                i -= 1;
            }
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let kind = |s: &str| PlayerKind::parse(s);
    let (ka, kb) = match (kind(&o.a), kind(&o.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let a = Player::new(o.a.clone(), ka, o.a_limits);
    let b = Player::new(o.b.clone(), kb, o.b_limits);
    let rules = o.preset.rules();
    let t0 = Instant::now();
    let openings = tama_arena::random_openings(&rules, o.openings, o.plies, o.seed);
    let config = MatchConfig {
        rules,
        openings,
        concurrency: o.concurrency,
        max_plies: o.max_plies,
        adjudication: Adjudication::default(),
        clock: o.tc.clone(),
        ..MatchConfig::default()
    };
    let (w, d, l) = (AtomicU32::new(0), AtomicU32::new(0), AtomicU32::new(0));
    let total = config.openings.len() * 2;
    let result = tama_arena::play_match(&a, &b, &config, |g| {
        let s = g.score_a();
        if s > 0.75 {
            w.fetch_add(1, Ordering::Relaxed);
        } else if s < 0.25 {
            l.fetch_add(1, Ordering::Relaxed);
        } else {
            d.fetch_add(1, Ordering::Relaxed);
        }
        if !o.quiet {
            let (w, d, l) = (
                w.load(Ordering::Relaxed),
                d.load(Ordering::Relaxed),
                l.load(Ordering::Relaxed),
            );
            eprintln!(
                "game {:3}/{total}: {} {} ({}, {} plies) | A +{w} ={d} -{l}",
                g.index + 1,
                g.result_tag(),
                match g.outcome.winner {
                    Some(Color::White) => format!("{} wins", g.white),
                    Some(Color::Black) => format!("{} wins", g.black),
                    None => "draw".to_string(),
                },
                g.outcome.termination,
                g.game.moves().len()
            );
        }
    })
    .expect("in-process players do not fail");
    let plies: usize = result.games.iter().map(|g| g.game.moves().len()).sum();
    println!(
        "{} vs {}: {} games, +{} ={} -{}, score {:.1}%, Elo {} (pentanomial {} {:?}), avg {:.0} plies, {:.0} s",
        result.a,
        result.b,
        result.games.len(),
        result.wins,
        result.draws,
        result.losses,
        100.0 * result.score(),
        result.elo(),
        result.elo_pentanomial(),
        result.pentanomial(),
        plies as f64 / result.games.len().max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
