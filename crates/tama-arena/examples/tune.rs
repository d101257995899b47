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
use tama_search::params::EvalParams;
use tama_search::{EvalOptions, Evaluator, Limits};

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
        let mut pos = g.start;
        let mut lines = Vec::new();
        for (i, mv) in g.moves.iter().enumerate() {
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
    });
}

/// A view of the tunable weights as a flat vector.
fn get(p: &EvalParams) -> Vec<i32> {
    let mut v = vec![p.king];
    v.extend_from_slice(&p.man_rank[1..7]);
    v.extend_from_slice(&p.man_file[0..4]);
    v.extend_from_slice(&[
        p.man_backed,
        p.man_paired,
        p.man_edge,
        p.mobility,
        p.king_mobility,
        p.promote_now,
        p.promote_threat,
        p.threatened,
        p.tempo,
        p.endgame_advantage,
    ]);
    v
}

fn set(p: &mut EvalParams, v: &[i32]) {
    p.king = v[0];
    p.man_rank[1..7].copy_from_slice(&v[1..7]);
    p.man_file[0..4].copy_from_slice(&v[7..11]);
    for f in 0..4 {
        p.man_file[7 - f] = p.man_file[f];
    }
    [
        p.man_backed,
        p.man_paired,
        p.man_edge,
        p.mobility,
        p.king_mobility,
        p.promote_now,
        p.promote_threat,
        p.threatened,
        p.tempo,
        p.endgame_advantage,
    ] = v[11..21].try_into().unwrap();
}

const NAMES: [&str; 21] = [
    "king",
    "rank1",
    "rank2",
    "rank3",
    "rank4",
    "rank5",
    "rank6",
    "fileA",
    "fileB",
    "fileC",
    "fileD",
    "backed",
    "paired",
    "edge",
    "mobility",
    "king_mobility",
    "promote_now",
    "promote_threat",
    "threatened",
    "tempo",
    "endgame_advantage",
];

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
/// (comma-separated: `centre,mobility`).
fn options() -> EvalOptions {
    let mut o = EvalOptions::ALL;
    for name in std::env::var("TUNE_OFF").unwrap_or_default().split(',') {
        match name {
            "advancement" => o.advancement = false,
            "centre" => o.centre = false,
            "formation" => o.formation = false,
            "mobility" => o.mobility = false,
            "promotion" => o.promotion = false,
            "threats" => o.threats = false,
            "endgame" => o.endgame = false,
            "tempo" => o.tempo = false,
            _ => {}
        }
    }
    o
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
    let mut v = get(&params);
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
                    set(&mut p, &w);
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
    for (n, x) in NAMES.iter().zip(&v) {
        println!("{n} = {x}");
    }
    println!("{params:?}");
}
