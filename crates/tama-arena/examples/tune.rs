//! Tunes the evaluation weights on positions from self-play games
//! (Texel's method: minimise the squared error between the game result and
//! a logistic function of the static evaluation, by local search).
//!
//! ```text
//! # 1. play games and write quiet positions with their results
//! cargo run --release -p tama-arena --example tune -- gen positions.txt 2000 3000
//! # 2. tune, starting from the shipped weights
//! cargo run --release -p tama-arena --example tune -- tune positions.txt
//! ```
//!
//! `gen FILE GAMES NODES` plays GAMES games (random 8-ply openings, both
//! sides the engine at NODES nodes per move) on two threads.

use std::io::{BufRead, Write};
use std::sync::Mutex;

use tama_arena::{MatchConfig, Player, PlayerKind};
use tama_core::{Bitboard, Color, Position, Rules, Setup};
use tama_search::params::{EvalParams, Tuning};
use tama_search::{EngineConfig, EvalOptions, Evaluator, Limits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => {
            let file = &args[1];
            let games: usize = args[2].parse().expect("games");
            let nodes: u64 = args[3].parse().expect("nodes");
            generate(file, games, nodes);
        }
        Some("tune") => tune(&args[1]),
        _ => eprintln!("usage: tune gen FILE GAMES NODES | tune tune FILE"),
    }
}

/// Whether neither side could capture now.
fn quiet(pos: &Position) -> bool {
    if pos.has_capture() {
        return false;
    }
    let mut s = pos.to_setup();
    s.turn = s.turn.opponent();
    !Position::from_setup(s).expect("valid").has_capture()
}

fn generate(file: &str, games: usize, nodes: u64) {
    let rules = Rules::ARMENIAN;
    let player = Player::new(
        "self",
        PlayerKind::parse("full,hash=4").unwrap(),
        Limits::nodes(nodes),
    );
    let config = MatchConfig {
        rules,
        openings: tama_arena::random_openings(&rules, games / 2, 8, 0x5eed),
        concurrency: 2,
        ..MatchConfig::default()
    };
    let out = Mutex::new(std::io::BufWriter::new(
        std::fs::File::create(file).expect("create"),
    ));
    let count = Mutex::new(0usize);
    tama_arena::play_match(&player, &player, &config, |g| {
        // White's result: 1, 0.5, 0.
        let white = match g.outcome.winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        let mut pos = *g.game.start();
        let mut lines = Vec::new();
        for (i, mv) in g.game.moves().iter().enumerate() {
            if i >= g.opening_plies && quiet(&pos) {
                let s = pos.to_setup();
                lines.push(format!(
                    "{:x} {:x} {:x} {} {}",
                    s.white.0,
                    s.black.0,
                    s.kings.0,
                    u8::from(s.turn == Color::Black),
                    white
                ));
            }
            pos = pos.play_unchecked(mv);
        }
        let mut out = out.lock().unwrap();
        for l in lines {
            writeln!(out, "{l}").unwrap();
        }
        let mut c = count.lock().unwrap();
        *c += 1;
        if c.is_multiple_of(50) {
            eprintln!("{} games", *c);
        }
    })
    .expect("in-process players do not fail");
}

/// The indices in `EvalParams::WEIGHTS` of the weights the tuner fits
/// (`Tuning::Free`); the others are fixed or mirror a fitted one.
fn free_weights() -> Vec<usize> {
    EvalParams::WEIGHTS
        .iter()
        .enumerate()
        .filter(|(_, w)| w.tuning == Tuning::Free)
        .map(|(i, _)| i)
        .collect()
}

/// The values of the weights `free`.
fn get(p: &EvalParams, free: &[usize]) -> Vec<i32> {
    let values = p.values();
    free.iter().map(|&i| values[i]).collect()
}

/// Sets the weights `free` to `v`, and the mirrored ones with them.
fn set(p: &mut EvalParams, free: &[usize], v: &[i32]) {
    for (&i, &x) in free.iter().zip(v) {
        if let Some(w) = p.weight_mut(i) {
            *w = x;
        }
    }
    p.tie_mirrors();
}

fn load(file: &str) -> Vec<(Position, f64)> {
    let f = std::io::BufReader::new(std::fs::File::open(file).expect("open"));
    f.lines()
        .map(|l| {
            let l = l.unwrap();
            let p: Vec<&str> = l.split_whitespace().collect();
            let hex = |s: &str| u64::from_str_radix(s, 16).unwrap();
            let turn = if p[3] == "1" {
                Color::Black
            } else {
                Color::White
            };
            let setup = Setup {
                white: Bitboard(hex(p[0])),
                black: Bitboard(hex(p[1])),
                kings: Bitboard(hex(p[2])),
                turn,
            };
            let white: f64 = p[4].parse().unwrap();
            let result = if turn == Color::White {
                white
            } else {
                1.0 - white
            };
            (Position::from_setup(setup).unwrap(), result)
        })
        .collect()
}

/// The evaluation terms to tune: all, minus those named in `TUNE_OFF`
/// (comma-separated: `centre,mobility`; the options `eval_centre`, …).
fn options() -> EvalOptions {
    let mut config = EngineConfig {
        eval: EvalOptions::ALL,
        ..EngineConfig::default()
    };
    for name in std::env::var("TUNE_OFF").unwrap_or_default().split(',') {
        if !name.is_empty() {
            if let Err(e) = config.set_option(&format!("eval_{name}"), "false") {
                eprintln!("TUNE_OFF: {e}");
            }
        }
    }
    config.eval
}

fn loss(data: &[(Position, f64)], params: &EvalParams, k: f64) -> f64 {
    let eval = Evaluator::new(*params, options());
    let rules = Rules::ARMENIAN;
    let sum: f64 = data
        .iter()
        .map(|(pos, r)| {
            let e = eval.evaluate(pos, &rules) as f64;
            let p = 1.0 / (1.0 + (-k * e / 100.0).exp());
            (r - p).powi(2)
        })
        .sum();
    sum / data.len() as f64
}

fn tune(file: &str) {
    let data = load(file);
    eprintln!("{} positions", data.len());
    let mut params = EvalParams::DEFAULT;
    // Fit the scale first.
    let mut k = 1.0;
    let mut best = loss(&data, &params, k);
    for cand in (5..=40).map(|i| i as f64 * 0.1) {
        let l = loss(&data, &params, cand);
        if l < best {
            best = l;
            k = cand;
        }
    }
    eprintln!("k = {k:.2}, loss {best:.6}");
    let free = free_weights();
    let mut v = get(&params, &free);
    let steps = [16, 4, 1];
    for &step in &steps {
        let mut improved = true;
        let mut pass = 0;
        while improved && pass < 30 {
            improved = false;
            pass += 1;
            for i in 0..v.len() {
                for dir in [step, -step] {
                    let mut w = v.clone();
                    w[i] += dir;
                    let mut p = params;
                    set(&mut p, &free, &w);
                    let l = loss(&data, &p, k);
                    if l < best {
                        best = l;
                        v = w;
                        params = p;
                        improved = true;
                        break;
                    }
                }
            }
            eprintln!("step {step} pass {pass}: loss {best:.6}");
        }
    }
    for (&i, x) in free.iter().zip(&v) {
        println!("{} = {x}", EvalParams::WEIGHTS[i].name);
    }
    println!("{params:?}");
}
