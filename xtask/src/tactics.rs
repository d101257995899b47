//! `cargo xtask tactics`: picks the positions of `tests/data/tactics.txt`
//! from the endgame tablebases. Each is a win for the side to move with
//! exactly one winning move, no capture at the root, and a win a few
//! moves deep; the tablebases' values make the answer exact, and the
//! positions come from no engine or training data. Half of them (as far
//! as they turn up) are won by a sacrifice: the one winning move lets the
//! opponent capture.
//!
//! The lines are printed (`FEN | rules | winning move | note`) for
//! `tests/engine.rs` to search with every evaluation.

use anyhow::{bail, Context, Result};
use tama_core::{Bitboard, Color, Position, Rules, Setup};
use tama_egtb::{Material, Tablebase, Wdl};
use tama_notation::{parse_rules, write_fen, write_move};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tablebase directory of the rules (`tables/armenian`).
    #[arg(long, value_name = "DIR")]
    dir: std::path::PathBuf,
    /// The rules of the tables (a preset).
    #[arg(long, value_name = "RULES")]
    rules: String,
    /// Positions to print.
    #[arg(long, default_value_t = 40)]
    count: usize,
    /// The least distance to the win, in plies.
    #[arg(long, default_value_t = 7)]
    min_plies: u32,
    /// The greatest distance to the win, in plies (the suite's test
    /// searches to depth 12: every win it holds ends inside the horizon).
    #[arg(long, default_value_t = 11)]
    max_plies: u32,
    /// Seed of the random positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// xorshift64: the random placements.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random placement of `m` (seen from `turn`); men off the first and
/// last ranks.
fn place(m: Material, turn: Color, rng: &mut Rng) -> Option<Position> {
    let mut s = Setup::empty(turn);
    let groups = [
        (turn, false, m.us_men),
        (turn, true, m.us_kings),
        (turn.opponent(), false, m.them_men),
        (turn.opponent(), true, m.them_kings),
    ];
    for (colour, king, n) in groups {
        for _ in 0..n {
            let sq = loop {
                let sq = rng.below(64) as u32;
                let taken = (s.white | s.black).0 & (1 << sq) != 0;
                if !taken && (king || (8..56).contains(&sq)) {
                    break sq;
                }
            };
            let bit = Bitboard(1 << sq);
            match colour {
                Color::White => s.white |= bit,
                Color::Black => s.black |= bit,
            }
            if king {
                s.kings |= bit;
            }
        }
    }
    Position::from_setup(s).ok()
}

/// Runs `cargo xtask tactics`.
pub fn run(args: Args) -> Result<()> {
    let rules: Rules = parse_rules(&args.rules).map_err(|e| anyhow::anyhow!("--rules: {e}"))?;
    let tb = Tablebase::open(&args.dir, &rules)
        .with_context(|| format!("{}: cannot open the tables", args.dir.display()))?;
    let materials: Vec<Material> = tb
        .materials()
        .filter(|m| m.pieces() >= 4 && m.us_kings + m.us_men > 0 && m.them_kings + m.them_men > 0)
        .collect();
    if materials.is_empty() {
        bail!("{}: no tables of 4 or more pieces", args.dir.display());
    }
    let mut rng = Rng(args.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (mut sacrifices, mut others) = (Vec::new(), Vec::new());
    let want = args.count;
    let mut tried = 0u64;
    while sacrifices.len() + others.len().min(want - want / 2) < want {
        tried += 1;
        if tried > 50_000_000 {
            bail!(
                "only {} positions in 50 M tries",
                sacrifices.len() + others.len()
            );
        }
        let m = materials[rng.below(materials.len() as u64) as usize];
        let turn = if rng.next() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = place(m, turn, &mut rng) else {
            continue;
        };
        if pos.has_capture() {
            continue;
        }
        let Some(answer) = tb.probe_answer(&pos)? else {
            continue;
        };
        let Some(d) = answer.known_distance().filter(|_| answer.wdl == Wdl::Win) else {
            continue;
        };
        if d < args.min_plies || d > args.max_plies {
            continue;
        }
        let moves = pos.legal_moves(&rules);
        if moves.len() < 3 {
            continue;
        }
        let mut winning = Vec::new();
        for mv in moves.iter() {
            let child = pos.play_unchecked(mv);
            if tb.probe_wdl(&child)? == Some(Wdl::Loss) {
                winning.push(*mv);
            }
        }
        let [mv] = winning[..] else { continue };
        let sacrifice = pos.play_unchecked(&mv).has_capture();
        let line = format!(
            "{} | {} | {} | {m}, win in {d} plies{}",
            write_fen(&pos),
            args.rules,
            write_move(&pos, &rules, &mv),
            if sacrifice { ", sacrifice" } else { "" }
        );
        if sacrifice && sacrifices.len() < want / 2 {
            sacrifices.push(line);
        } else if !sacrifice {
            others.push(line);
        }
    }
    others.truncate(want - sacrifices.len());
    eprintln!(
        "{} positions ({} won by a sacrifice) from {tried} random placements",
        sacrifices.len() + others.len(),
        sacrifices.len()
    );
    for line in sacrifices.iter().chain(&others) {
        println!("{line}");
    }
    Ok(())
}
