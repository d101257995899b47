//! `cargo xtask sprt`: a sequential probability ratio test between two
//! players, a front end over tama-arena's [`play_sprt`] (the statistics,
//! the paired games and the stop at the bounds are there).
//!
//! - `--a SPEC --b SPEC`: two player specs of the working tree, played in
//!   this process (one change against the other, such as `full,-tempo`
//!   against `full`);
//! - `--base REV`: the working tree's `tama` against the one of a git
//!   revision, both built in release mode (the base one in a temporary
//!   git worktree) and asked for each move with `tama analyse --json`
//!   (tama-arena's external-engine player).
//!
//! Openings are random but balanced start sequences, each played once with
//! each colour; the first player (A, or the working tree) is the one
//! tested for an improvement.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use tama_arena::{
    play_sprt, random_openings, read_weights, Adjudication, ExternalEngine, Limits, MatchConfig,
    Player, PlayerKind, PlayerSpec, Sprt, SprtStatus, TablesChoice, Verdict,
};

use crate::cmd::{cargo, format_duration, project_root, Cmd};

/// Arguments of `cargo xtask sprt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Player A, the change: a player spec of the working tree
    /// (`full,-tempo`, `full,king=400`; `tama match --list-options`).
    #[arg(long, value_name = "SPEC", requires = "b", conflicts_with = "base")]
    pub a: Option<String>,
    /// Player B, the reference (with `--a`).
    #[arg(long, value_name = "SPEC", requires = "a")]
    pub b: Option<String>,
    /// The git revision whose `tama` the working tree's plays against.
    #[arg(long, value_name = "REV", required_unless_present = "a")]
    pub base: Option<String>,
    /// The Elo difference of the null hypothesis (the change is no better).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// The Elo difference of the alternative (the change gains this much).
    #[arg(long, default_value_t = 5.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// Milliseconds per move for both players.
    #[arg(long, value_name = "MS", default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    pub tc: u64,
    /// Games played at the same time.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub concurrency: usize,
    /// Stop after this many games even without a verdict.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(2..))]
    pub max_games: u32,
    /// Rules of the games.
    #[arg(long, default_value = "armenian")]
    pub rules: String,
    /// Type-I error rate of the test (accepting a change that is not one).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Type-II error rate of the test (rejecting a real improvement).
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Games longer than this many plies are adjudicated as draws.
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
}

/// Runs `cargo xtask sprt`.
pub fn run(args: Args) -> Result<()> {
    let sprt = Sprt::new(args.elo0, args.elo1, args.alpha, args.beta)?;
    let rules =
        tama_notation::rules_text::parse_rules(&args.rules).map_err(|e| anyhow!("--rules: {e}"))?;
    let limits = Limits::movetime(Duration::from_millis(args.tc));
    let (a, b) = match (&args.a, &args.b, &args.base) {
        (Some(a), Some(b), _) => {
            let player = |s: &str| player(s, &rules, limits).map_err(|e| anyhow!("`{s}`: {e}"));
            (player(a)?, player(b)?)
        }
        (_, _, Some(rev)) => {
            let new = crate::tama::build_release()?;
            let base = build_base(rev)?;
            let external = |exe: PathBuf| PlayerKind::External(ExternalEngine::new(exe));
            println!("new:  {} (working tree)", new.display());
            println!("base: {} ({rev})", base.display());
            (
                Player::new("working tree", external(new), limits),
                Player::new(rev.as_str(), external(base), limits),
            )
        }
        _ => return Err(anyhow!("give --a and --b, or --base")),
    };
    let started = Instant::now();
    let (lower, upper) = sprt.bounds();
    println!(
        "SPRT of {} against {}: elo0={} elo1={} alpha={} beta={}, LLR bounds [{lower:.2}, {upper:.2}]",
        a.name, b.name, args.elo0, args.elo1, args.alpha, args.beta
    );
    println!(
        "(GSPRT on pentanomial pair counts, logistic Elo; {} ms per move)",
        args.tc
    );
    let found = random_openings(&rules, 200, 8, 0x5eed_5e9f);
    println!("{} balanced openings of 8 random plies", found.len());
    let pairs = (args.max_games as usize).div_ceil(2);
    let config = MatchConfig {
        rules,
        openings: found.iter().cycle().take(pairs).cloned().collect(),
        concurrency: args.concurrency,
        max_plies: args.max_plies,
        adjudication: Adjudication::NONE,
    };
    if config.openings.is_empty() {
        return Err(anyhow!("no balanced openings found"));
    }
    let outcome = play_sprt(&a, &b, &config, &sprt, |s| println!("{}", line(s)))?;
    let result = &outcome.result;
    println!();
    println!(
        "games {}  W/D/L {}/{}/{} (A's)",
        result.games.len(),
        result.wins,
        result.draws,
        result.losses
    );
    println!("counted: {}", line(&outcome.status));
    println!(
        "elo {:+.1}  95% [{:+.1}, {:+.1}]  ({})",
        shown(outcome.status.elo.elo),
        shown(outcome.status.elo.lower),
        shown(outcome.status.elo.upper),
        format_duration(started.elapsed())
    );
    println!(
        "verdict: {}",
        match outcome.status.verdict {
            Some(Verdict::H1) => "H1 accepted: the change is an improvement",
            Some(Verdict::H0) => "H0 accepted: the change is not an improvement",
            None => "none yet (game limit reached)",
        }
    );
    Ok(())
}

/// A player of the working tree from its spec: the engine's options, its
/// own limits and a weights file (`eval_file=FILE`, read here); tables are
/// `tama match`'s (`egtb=DIR`), not this test's.
fn player(spec: &str, rules: &tama_core::Rules, limits: Limits) -> Result<Player, String> {
    let spec = PlayerSpec::parse(spec)?;
    if spec.tables != TablesChoice::Match {
        return Err(
            "tables (`egtb=`) are for `tama match`; an SPRT compares engines without them".into(),
        );
    }
    let mut kind = spec.kind;
    if let (Some(file), PlayerKind::Engine(config)) = (&spec.eval_file, &mut kind) {
        config.eval_weights = Some(read_weights(file, Some(rules))?);
    }
    Ok(Player::new(spec.label, kind, spec.limits.or(limits)))
}

/// One status line: games, pentanomial counts, Elo, LLR.
fn line(s: &SprtStatus) -> String {
    let [p0, p1, p2, p3, p4] = s.pairs;
    let e = shown;
    format!(
        "games {:>5}  pairs [{p0} {p1} {p2} {p3} {p4}]  elo {:+.1} [{:+.1}, {:+.1}]  llr {:+.2}",
        s.games(),
        e(s.elo.elo),
        e(s.elo.lower),
        e(s.elo.upper),
        e(s.llr)
    )
}

/// `x`, a negative zero made positive (`+ 0.0`) so that it prints as 0.
fn shown(x: f64) -> f64 {
    x + 0.0
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
