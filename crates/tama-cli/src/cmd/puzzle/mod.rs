//! `tama puzzle`: solve puzzles in the terminal (the default), build a
//! puzzle file, check one. The puzzles, their files, the generators, the
//! checks and the rating are `tama_puzzle`'s; this is the command line
//! over them (docs/PUZZLES.md).

mod build;
mod check;
mod measure;
mod solve;

use std::path::{Path, PathBuf};

use tama_core::{Preset, Rules};
use tama_puzzle::{read_puzzles, Puzzle};

use crate::common::parse_rules_arg;
use crate::error::{CliError, CmdResult};
use crate::io::Io;

/// The options of `tama puzzle`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_help = "\
Examples:
  tama puzzle
  tama puzzle --rules turkish --difficulty hard
  tama puzzle --file my-puzzles.pdn --rating-file rating.txt
  tama puzzle build --rules turkish --out turkish.pdn --tables tables --count 1000 --self-play 100
  tama puzzle check --rules armenian --tables tables

Type a move (move text: c3-c4, d1xb2) or a command: hint (the piece,
then the move), solution, skip, quit, help. The end of input quits.

Exit codes: 0 success, 1 a check failed, 2 bad input or usage.")]
pub struct Args {
    /// Build or check a puzzle file instead of solving.
    #[command(subcommand)]
    pub action: Option<Action>,
    #[command(flatten)]
    pub solve: solve::SolveArgs,
}

/// The subcommands of `tama puzzle`.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Generate puzzles from the tablebases and from self-play into a
    /// puzzle file.
    Build(build::Args),
    /// Check every puzzle of a file: by the tablebases, or by the search.
    Check(check::Args),
    /// Measure the difficulty of every puzzle of a file again.
    Measure(measure::Args),
}

/// Runs `tama puzzle`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    match &args.action {
        Some(Action::Build(a)) => build::run(a, io),
        Some(Action::Check(a)) => check::run(a, io),
        Some(Action::Measure(a)) => measure::run(a, io),
        None => solve::run(&args.solve, io),
    }
}

/// The rules of `--rules` (`armenian` without it); only a preset has
/// built-in puzzles.
fn rules_and_preset(text: Option<&str>) -> Result<(Rules, Option<Preset>), CliError> {
    let rules = parse_rules_arg(text)?;
    let preset = Preset::ALL.into_iter().find(|p| p.rules() == rules);
    Ok((rules, preset))
}

/// The puzzles of `--file`, or the built-in ones of the rules' preset;
/// all of them must be of `rules`.
fn load(
    file: Option<&Path>,
    rules: &Rules,
    preset: Option<Preset>,
) -> Result<Vec<Puzzle>, CliError> {
    let puzzles = match (file, preset) {
        // A problem of the whole file (line 0) names it already.
        (Some(path), _) => read_puzzles(path).map_err(|e| match e.line {
            0 => CliError::usage(e),
            _ => CliError::usage(format!("{}: {e}", path.display())),
        })?,
        (None, Some(p)) => tama_puzzle::embedded::puzzles(p)
            .map_err(|e| CliError::usage(format!("the built-in {} puzzles: {e}", p.name())))?,
        (None, None) => {
            return Err(CliError::usage(
                "only the presets (armenian, turkish, armenian-orthogonal) have built-in puzzles; give --file",
            ))
        }
    };
    if let Some(other) = puzzles.iter().find(|p| p.rules != *rules) {
        return Err(CliError::usage(format!(
            "puzzle `{}` is for the rules `{}`, not `{}` (give --rules)",
            other.id,
            tama_notation::write_rules(&other.rules),
            tama_notation::write_rules(rules)
        )));
    }
    Ok(puzzles)
}

/// The rating file: `--rating-file`, else `tama/puzzle-rating.txt` in the
/// user's data directory (`$XDG_DATA_HOME`, `~/.local/share`, or
/// `%APPDATA%`).
fn rating_path(given: Option<&PathBuf>) -> Result<PathBuf, CliError> {
    if let Some(p) = given {
        return Ok(p.clone());
    }
    let env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = env("XDG_DATA_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".local/share")))
        .or_else(|| env("APPDATA"))
        .ok_or_else(|| {
            CliError::usage("no data directory for the rating (no HOME); give --rating-file")
        })?;
    Ok(dir.join("tama").join("puzzle-rating.txt"))
}
