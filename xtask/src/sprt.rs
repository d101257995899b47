//! `cargo xtask sprt --base REV`: the working tree's `tama` against the
//! one of a git revision, both built in release mode (the base one in a
//! temporary git worktree), played by `tama sprt --a-exe NEW --b-exe BASE`
//! (the test, the openings and the players are there: xtask only builds
//! and runs programs). Every other argument goes to `tama sprt` as it is;
//! without `--openings` among them, the preset's ballot file
//! (`data/ballots/<preset>-<N>ply.pdn`, docs/BALLOTS.md, `--ballot N`,
//! 4 plies by default) is added, so every test plays the same published
//! balanced openings.

use std::path::PathBuf;

use anyhow::{Context, Result};

use crate::cmd::{cargo, project_root, Cmd};

/// Arguments of `cargo xtask sprt`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The git revision whose `tama` the working tree's plays against.
    #[arg(long, value_name = "REV")]
    pub base: String,
    /// The plies of the preset's ballot file played as openings (2, 3 or
    /// 4), unless the options give `--openings`; 0 for `tama sprt`'s own
    /// random openings.
    #[arg(long, value_name = "PLIES", default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=4))]
    pub ballot: u32,
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
    let openings = ballot_openings(&args.rest, args.ballot)?;
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
        .args(&openings)
        .args(&args.rest)
        .run()?;
    Ok(())
}

/// The options `--openings FILE` of the preset's ballot file of `plies`
/// plies, unless `rest` (the options of `tama sprt`) already gives
/// openings or `plies` is 0. The preset is `--rules`' (armenian without
/// one); rules with switches have no ballots.
fn ballot_openings(rest: &[String], plies: u32) -> Result<Vec<String>> {
    let given = |name: &str| {
        let eq = format!("{name}=");
        rest.iter().enumerate().find_map(|(i, a)| {
            if a == name {
                Some(rest.get(i + 1).cloned().unwrap_or_default())
            } else {
                a.strip_prefix(&eq).map(str::to_string)
            }
        })
    };
    if plies == 0 || given("--openings").is_some() {
        return Ok(Vec::new());
    }
    let rules = given("--rules").unwrap_or_else(|| "armenian".to_string());
    if !crate::ballots::PRESETS.contains(&rules.as_str()) {
        anyhow::bail!(
            "no ballots for the rules `{rules}`: give --openings FILE or --ballot 0 (random openings)"
        );
    }
    if !crate::ballots::PLIES.contains(&plies) {
        anyhow::bail!("no {plies}-ply ballots: --ballot 2, 3 or 4 (or 0 for random openings)");
    }
    let file = crate::ballots::ballot_file(&rules, plies);
    if !file.is_file() {
        anyhow::bail!("the ballot file {} is missing", file.display());
    }
    Ok(vec!["--openings".into(), file.display().to_string()])
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

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_preset_ballot_is_added_unless_openings_are_given() {
        let file = |p: &str, n| crate::ballots::ballot_file(p, n).display().to_string();
        let added = ballot_openings(&strings(&["--movetime", "100"]), 4).unwrap();
        assert_eq!(added, ["--openings".to_string(), file("armenian", 4)]);
        let added = ballot_openings(&strings(&["--rules", "turkish"]), 3).unwrap();
        assert_eq!(added, ["--openings".to_string(), file("turkish", 3)]);
        let added = ballot_openings(&strings(&["--rules=armenian-orthogonal"]), 2).unwrap();
        assert_eq!(
            added,
            ["--openings".to_string(), file("armenian-orthogonal", 2)]
        );
        assert!(ballot_openings(&strings(&["--openings", "x.pdn"]), 4)
            .unwrap()
            .is_empty());
        assert!(ballot_openings(&strings(&[]), 0).unwrap().is_empty());
        let e = ballot_openings(&strings(&["--rules", "armenian,removal=end"]), 4).unwrap_err();
        assert!(e.to_string().contains("no ballots for the rules"), "{e}");
    }
}
