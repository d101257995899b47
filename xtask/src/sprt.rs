//! `cargo xtask sprt --base REV`: the working tree's `tama` against the
//! one of a git revision, both built in release mode (the base one in a
//! temporary git worktree), played by `tama sprt --a-exe NEW --b-exe BASE`
//! (the test, the openings and the players are there: xtask only builds
//! and runs programs). Every other argument goes to `tama sprt` as it is.

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::cmd::{cargo, project_root, Cmd};

/// Arguments of `cargo xtask sprt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The git revision whose `tama` the working tree's plays against.
    #[arg(long, value_name = "REV")]
    pub base: String,
    /// Options of `tama sprt` (`--movetime 100` or `--tc 5s+0.05s`, `--elo1 5 --rules turkish`; see
    /// `tama sprt --help`), after `--` or as they are.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "TAMA SPRT OPTIONS"
    )]
    pub rest: Vec<String>,
}

/// Runs `cargo xtask sprt`.
pub fn run(args: Args) -> Result<()> {
    let new = crate::tama::build_release()?;
    let base = build_base(&args.base)?;
    println!("new:  {} (working tree)", new.display());
    println!("base: {} ({})", base.display(), args.base);
    crate::tama::command(&new)
        .arg("sprt")
        .arg("--a-exe")
        .arg(&new)
        .arg("--b-exe")
        .arg(&base)
        .args(&args.rest)
        .run()?;
    Ok(())
}

/// Builds `tama` at `rev` in a temporary worktree and returns the binary
/// (copied out of the worktree's target directory).
fn build_base(rev: &str) -> Result<PathBuf> {
    let root = project_root();
    let scratch = tempfile::Builder::new()
        .prefix("tama-sprt-base-")
        .tempdir()
        .context("a temporary directory for the base worktree")?;
    let tree = scratch.path().join("tree");
    Cmd::new("git")
        .args(["worktree", "add", "--detach"])
        .arg(&tree)
        .arg(rev)
        .run()
        .with_context(|| format!("checking out {rev}"))?;
    let target = root.join("target").join("sprt-base");
    let build = cargo()
        .args(["build", "--release", "-p", "tama-cli", "--manifest-path"])
        .arg(tree.join("Cargo.toml"))
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
        .arg(&tree)
        .run()
        .ok();
    result
}
