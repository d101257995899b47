//! `cargo xtask puzzles --check`: every committed puzzle of every preset
//! (`data/puzzles/<preset>.pdn`) checked, the tablebase puzzles against
//! the tables of up to 4 pieces (generated with `tama egtb gen` into
//! `target/puzzle-tables` when not there yet, about two to six minutes a
//! preset on two threads), the self-play puzzles by the search that found
//! them (`tama puzzle check`). The default test run checks a sample.

use std::path::PathBuf;

use anyhow::{bail, Result};

use crate::cmd::{project_root, target_dir, thousands};
use crate::tama::{build_release, command};

const PRESETS: [&str; 3] = ["armenian", "turkish", "armenian-orthogonal"];

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Check every puzzle (the only mode).
    #[arg(long)]
    pub check: bool,
    /// The tables to check with (default: target/puzzle-tables, made when
    /// missing).
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Threads for the tables' generation.
    #[arg(long, default_value_t = 2)]
    pub threads: u32,
}

pub fn run(args: Args) -> Result<()> {
    if !args.check {
        bail!("nothing to do: give --check");
    }
    let exe = build_release()?;
    let tables = match args.tables {
        Some(dir) => dir,
        None => target_dir()?.join("puzzle-tables"),
    };
    for preset in PRESETS {
        if !tables.join(preset).is_dir() {
            command(&exe)
                .args(["egtb", "gen", "--pieces", "4", "--rules", preset])
                .arg("--dir")
                .arg(&tables)
                .args(["--threads", &args.threads.to_string()])
                .run()?;
        }
        let file = project_root()
            .join("data/puzzles")
            .join(format!("{preset}.pdn"));
        let took = command(&exe)
            .args(["puzzle", "check", "--rules", preset, "--file"])
            .arg(&file)
            .arg("--tables")
            .arg(&tables)
            .run()?;
        let bytes = std::fs::metadata(&file).map_or(0, |m| m.len());
        println!(
            "{preset}: every puzzle checked in {:.1} s ({} bytes)",
            took.as_secs_f64(),
            thousands(bytes)
        );
    }
    Ok(())
}
