//! `cargo xtask ballots --check | --build`: the ballot files of
//! `data/ballots/` (docs/BALLOTS.md). `--check` runs `tama ballots check
//! --research K` on each file (legal, distinct, within the window, and K
//! ballots searched again with their recorded search give their recorded
//! values); `--build` makes them again with the published settings
//! (`tama ballots build`). xtask only runs the release `tama`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::cmd::project_root;

/// The presets with ballots, and their plies.
pub const PRESETS: [&str; 3] = ["armenian", "turkish", "armenian-orthogonal"];
/// The plies of the published ballots.
pub const PLIES: [u32; 3] = [2, 3, 4];

/// The settings of the published files (docs/BALLOTS.md), as options of
/// `tama ballots build` (the window per preset is in [`window`]).
const SETTINGS: [&str; 12] = [
    "--nodes",
    "1000000",
    "--hash",
    "16",
    "--screen-nodes",
    "20000",
    "--screen-margin",
    "50",
    "--max",
    "200",
    "--seed",
    "1",
];

/// The window of a preset's ballots, in centi-men.
fn window(_preset: &str) -> u32 {
    // The deep values cluster within ±0.25 men for all three presets,
    // with a gap beyond (docs/BALLOTS.md).
    25
}

/// Arguments of `cargo xtask ballots`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Check every file of data/ballots/.
    #[arg(long, conflicts_with = "build", required_unless_present = "build")]
    pub check: bool,
    /// Ballots searched again per file with --check.
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub research: u32,
    /// Build the published files again (all, or those of --rules).
    #[arg(long)]
    pub build: bool,
    /// Only this preset's files (with --build).
    #[arg(long, value_name = "PRESET", requires = "build")]
    pub rules: Option<String>,
    /// Threads of each build (the files do not depend on them).
    #[arg(long, value_name = "T", default_value_t = 2)]
    pub threads: u32,
}

/// The file of a preset's ballots of `plies` plies.
pub fn ballot_file(preset: &str, plies: u32) -> PathBuf {
    project_root()
        .join("data")
        .join("ballots")
        .join(format!("{preset}-{plies}ply.pdn"))
}

/// Runs `cargo xtask ballots`.
pub fn run(args: Args) -> Result<()> {
    let tama = crate::tama::build_release()?;
    if args.build {
        return build(&tama, &args);
    }
    let dir = project_root().join("data").join("ballots");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdn"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("no ballot files in {}", dir.display());
    }
    let mut failed = Vec::new();
    for file in &files {
        let ran = crate::tama::command(&tama)
            .args(["ballots", "check", "--research"])
            .arg(args.research.to_string())
            .arg(file)
            .run();
        if ran.is_err() {
            failed.push(file.display().to_string());
        }
    }
    if !failed.is_empty() {
        bail!("ballot files with problems: {}", failed.join(", "));
    }
    println!("{} ballot files checked", files.len());
    Ok(())
}

/// Builds the published files again.
fn build(tama: &Path, args: &Args) -> Result<()> {
    let presets: Vec<&str> = match &args.rules {
        Some(r) if PRESETS.contains(&r.as_str()) => vec![r.as_str()],
        Some(r) => bail!(
            "no ballots for `{r}`: expected one of {}",
            PRESETS.join(", ")
        ),
        None => PRESETS.to_vec(),
    };
    for preset in presets {
        for plies in PLIES {
            crate::tama::command(tama)
                .args(["ballots", "build", "--rules", preset, "--plies"])
                .arg(plies.to_string())
                .arg("--window")
                .arg(window(preset).to_string())
                .args(SETTINGS)
                .arg("--threads")
                .arg(args.threads.to_string())
                .arg("--out")
                .arg(ballot_file(preset, plies))
                .run()?;
        }
    }
    Ok(())
}
