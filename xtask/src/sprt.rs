//! `cargo xtask sprt`: the engine at a git revision against the working
//! tree, game after game, until a sequential probability ratio test
//! accepts or rejects the change.
//!
//! Both engines are `tama` binaries built in release mode (the base one in
//! a temporary git worktree). The driver keeps the game itself (rules,
//! repetition, adjudication) and asks the side to move's binary for one
//! move at a time with `tama analyse --fen … --movetime … --json`, so any
//! two revisions that have that command can play each other. Openings are
//! random but balanced start sequences, each played once with each colour.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use tama_arena::{elo_from_score, random_openings, Opening};
use tama_core::{Game, Rules};
use tama_notation::fen::write_fen;
use tama_notation::movetext::parse_move;

use crate::cmd::{cargo, format_duration, project_root, Cmd};

/// Arguments of `cargo xtask sprt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The git revision to compare the working tree against.
    #[arg(long, value_name = "REV")]
    pub base: String,
    /// The Elo difference of the null hypothesis (the change is no better).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// The Elo difference of the alternative (the change gains this much).
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// Milliseconds per move for both engines.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    pub tc: u64,
    /// Games played at the same time.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub concurrency: usize,
    /// Stop after this many games even without a verdict.
    #[arg(long, default_value_t = 20_000)]
    pub max_games: usize,
    /// Rules of the games.
    #[arg(long, default_value = "armenian")]
    pub rules: String,
    /// Type-I and type-II error rates of the test.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// See `--alpha`.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Games longer than this many plies are adjudicated as draws.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
}

/// Wins, draws and losses of the new engine.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game and its per-game variance.
    fn mean_var(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.5, 0.0);
        }
        let m = (self.wins as f64 + 0.5 * self.draws as f64) / n;
        let var = (self.wins as f64 * (1.0 - m).powi(2)
            + self.draws as f64 * (0.5 - m).powi(2)
            + self.losses as f64 * m.powi(2))
            / n;
        (m, var)
    }
}

/// The expected score of a player `elo` points stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`) for the
/// games so far, in the normal approximation of the trinomial model.
pub fn llr(t: &Tally, elo0: f64, elo1: f64) -> f64 {
    let (m, var) = t.mean_var();
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (expected_score(elo0), expected_score(elo1));
    t.games() as f64 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
}

/// The bounds of the test: accept H0 at or below the first, H1 at or above
/// the second.
pub fn bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Runs `cargo xtask sprt`.
pub fn run(args: Args) -> Result<()> {
    if args.elo1 <= args.elo0 {
        bail!("--elo1 must be larger than --elo0");
    }
    let rules =
        tama_notation::rules_text::parse_rules(&args.rules).map_err(|e| anyhow!("--rules: {e}"))?;
    let started = Instant::now();
    let new = crate::tama::build_release()?;
    let base = build_base(&args.base)?;
    println!("base: {} ({})", base.display(), args.base);
    println!("new:  {} (working tree)", new.display());
    let (lower, upper) = bounds(args.alpha, args.beta);
    println!(
        "SPRT elo0={} elo1={} alpha={} beta={}: bounds [{lower:.2}, {upper:.2}], {} ms per move",
        args.elo0, args.elo1, args.alpha, args.beta, args.tc
    );
    let openings = random_openings(&rules, 200, 8, 0x5eed_5e9f);
    println!("{} balanced openings of 8 random plies", openings.len());
    if openings.is_empty() {
        bail!("no balanced openings found");
    }
    let state = Mutex::new(Tally::default());
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let verdict = Mutex::new(None::<&'static str>);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.max(1) {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.max_games {
                        break;
                    }
                    let opening = &openings[(i / 2) % openings.len()];
                    let new_is_white = i.is_multiple_of(2);
                    let score = match play_game(&new, &base, new_is_white, opening, &rules, &args) {
                        Ok(s) => s,
                        Err(e) => {
                            eprintln!("game {}: {e:#}", i + 1);
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    };
                    let mut t = state.lock().unwrap_or_else(|e| e.into_inner());
                    match score {
                        s if s > 0.75 => t.wins += 1,
                        s if s < 0.25 => t.losses += 1,
                        _ => t.draws += 1,
                    }
                    let l = llr(&t, args.elo0, args.elo1);
                    let (m, _) = t.mean_var();
                    println!(
                        "games {:>5}  +{} ={} -{}  score {:.3}  elo {:+.1}  llr {l:+.2}",
                        t.games(),
                        t.wins,
                        t.draws,
                        t.losses,
                        m,
                        elo_from_score(m)
                    );
                    let mut v = verdict.lock().unwrap_or_else(|e| e.into_inner());
                    if v.is_none() && l >= upper {
                        *v = Some("H1 accepted: the change is an improvement");
                        stop.store(true, Ordering::Relaxed);
                    } else if v.is_none() && l <= lower {
                        *v = Some("H0 accepted: the change is not an improvement");
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let t = state.into_inner().unwrap_or_else(|e| e.into_inner());
    let (m, var) = t.mean_var();
    let n = t.games().max(1) as f64;
    let se = (var / n).sqrt();
    println!();
    println!(
        "games {}  W/D/L {}/{}/{}  score {:.3}",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        m
    );
    println!(
        "elo {:+.1}  95% [{:+.1}, {:+.1}]  llr {:+.2}  ({})",
        elo_from_score(m),
        elo_from_score(m - 1.96 * se),
        elo_from_score(m + 1.96 * se),
        llr(&t, args.elo0, args.elo1),
        format_duration(started.elapsed())
    );
    match verdict.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(v) => println!("verdict: {v}"),
        None => println!("verdict: none yet (game limit reached or stopped)"),
    }
    Ok(())
}

/// Builds `tama` at `rev` in a temporary worktree and returns the binary.
fn build_base(rev: &str) -> Result<PathBuf> {
    let root = project_root();
    let dir = std::env::temp_dir().join(format!("tama-sprt-base-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).ok();
    }
    Cmd::new("git")
        .args(["worktree", "add", "--detach"])
        .arg(&dir)
        .arg(rev)
        .run()
        .with_context(|| format!("checking out {rev}"))?;
    let target = root.join("target").join("sprt-base");
    let build = cargo()
        .args(["build", "--release", "-p", "tama-cli", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .run();
    let exe = target.join("release").join("tama");
    let copy = root.join("target").join("sprt-base-tama");
    let result = build.and_then(|_| {
        std::fs::copy(&exe, &copy).with_context(|| format!("copying {}", exe.display()))?;
        Ok(copy)
    });
    Cmd::new("git")
        .args(["worktree", "remove", "--force"])
        .arg(&dir)
        .run()
        .ok();
    result
}

/// Plays one game; returns the new engine's score (1, ½ or 0).
fn play_game(
    new: &Path,
    base: &Path,
    new_is_white: bool,
    opening: &Opening,
    rules: &Rules,
    args: &Args,
) -> Result<f64> {
    let mut game = Game::from_position(*rules, opening.start);
    for mv in &opening.moves {
        game.play(mv).map_err(|e| anyhow!("opening: {e}"))?;
    }
    let rules_text = tama_notation::rules_text::write_rules(rules);
    let tc = args.tc.to_string();
    while game.outcome().is_none() && game.moves().len() < args.max_plies {
        let pos = *game.position();
        let white_to_move = pos.turn() == tama_core::Color::White;
        let exe = if white_to_move == new_is_white {
            new
        } else {
            base
        };
        let fen = write_fen(&pos);
        // One process per move, run quietly (no command echo).
        let output = std::process::Command::new(exe)
            .args(["analyse", "--fen", &fen, "--rules", &rules_text])
            .args(["--movetime", &tc, "--hash", "16", "--json"])
            .output()
            .with_context(|| format!("cannot start {}", exe.display()))?;
        if !output.status.success() {
            bail!(
                "{} failed on {fen}: {}",
                exe.display(),
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        let out = String::from_utf8_lossy(&output.stdout);
        let best = out
            .lines()
            .rev()
            .find_map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).ok()?;
                (v["type"] == "bestmove").then(|| v["move"].as_str().map(str::to_string))?
            })
            .ok_or_else(|| anyhow!("{} gave no best move for {fen}", exe.display()))?;
        let mv = parse_move(&best, &pos, rules).map_err(|e| anyhow!("{}: {e}", exe.display()))?;
        game.play(&mv).map_err(|e| anyhow!("{e}"))?;
    }
    Ok(match game.outcome().and_then(|o| o.winner) {
        Some(w) if (w == tama_core::Color::White) == new_is_white => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llr_has_the_sign_of_the_evidence() {
        let good = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let bad = Tally {
            wins: 20,
            draws: 20,
            losses: 60,
        };
        assert!(llr(&good, 0.0, 5.0) > 0.0);
        assert!(llr(&bad, 0.0, 5.0) < 0.0);
        assert_eq!(llr(&Tally::default(), 0.0, 5.0), 0.0);
        let (lo, hi) = bounds(0.05, 0.05);
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
        // Strong evidence crosses the upper bound.
        let lots = Tally {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert!(llr(&lots, 0.0, 5.0) > hi);
    }
}
