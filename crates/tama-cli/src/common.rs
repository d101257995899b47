//! Options shared by several subcommands, and their conversion to library
//! values.

use std::path::{Path, PathBuf};

use clap::Args;
use tama_core::{Position, Rules};
use tama_egtb::{Tablebase, TablebaseSet};
use tama_notation::fen::parse_fen;
use tama_notation::rules_text::{parse_rules, write_rules};
use tama_search::Oracle;

use crate::error::CliError;

/// `--fen` and `--rules`.
#[derive(Debug, Clone, Args)]
pub struct PositionArgs {
    /// The position as position text (FEN), e.g. `W:Wa2,b2,Kd4:Ba7,Kh8`.
    /// Default: the start position.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The rules: a preset with optional switches, e.g. `armenian`,
    /// `turkish`, `armenian,promotion=midway`. Default: `armenian`.
    #[arg(long, value_name = "SPEC")]
    pub rules: Option<String>,
}

impl PositionArgs {
    /// The position (start position without `--fen`).
    pub fn position(&self) -> Result<Position, CliError> {
        match &self.fen {
            None => Ok(Position::start()),
            Some(text) => parse_fen(text)
                .map(|fen| fen.position)
                .map_err(|e| CliError::usage(format!("invalid --fen: {e}"))),
        }
    }

    /// The rules (`armenian` without `--rules`).
    pub fn rules(&self) -> Result<Rules, CliError> {
        parse_rules_arg(self.rules.as_deref())
    }
}

/// `--egtb DIR`: endgame tablebases for the engine.
#[derive(Debug, Clone, Default, Args)]
pub struct EgtbArgs {
    /// Endgame tablebases for the engine: a directory `tama egtb gen`
    /// wrote. The engine plays covered positions perfectly and reports
    /// table scores (`"tb"` and `"distance"` in JSON). Default: the
    /// `TAMA_EGTB` environment variable, if set.
    #[arg(long, value_name = "DIR", env = "TAMA_EGTB")]
    pub egtb: Option<PathBuf>,
}

impl EgtbArgs {
    /// The tables as an engine oracle, or `None` without `--egtb`.
    /// `rules`: the rules the tables must cover (`None` when each game
    /// names its own, as in a PDN file or a server).
    pub fn oracle(&self, rules: Option<&Rules>) -> Result<Option<Oracle>, CliError> {
        self.egtb
            .as_deref()
            .map(|dir| open_oracle(dir, rules))
            .transpose()
    }
}

/// Opens the tablebase directory `dir`: a root with one directory per
/// rules (what `tama egtb gen` writes), or one rules directory. A
/// directory without tables (for `rules`, when given) is an error: a typo
/// would otherwise silently play without tables.
pub fn open_oracle(dir: &Path, rules: Option<&Rules>) -> Result<Oracle, CliError> {
    let bad = |e: String| CliError::usage(format!("invalid --egtb {}: {e}", dir.display()));
    let set = TablebaseSet::open(dir).map_err(|e| bad(e.to_string()))?;
    match rules {
        None if set.max_pieces() > 0 => Ok(set.into_oracle()),
        Some(r) if set.get(r).is_some() => Ok(set.into_oracle()),
        _ => {
            let rules = rules.copied().unwrap_or(Rules::ARMENIAN);
            let tb = Tablebase::open(dir, &rules).map_err(|e| bad(e.to_string()))?;
            if tb.max_pieces() == 0 {
                return Err(bad(format!(
                    "no tablebase files for the rules `{}` there (tama egtb gen writes them)",
                    write_rules(&rules)
                )));
            }
            Ok(tb.into_oracle())
        }
    }
}

/// Parses an optional `--rules` value.
pub fn parse_rules_arg(text: Option<&str>) -> Result<Rules, CliError> {
    match text {
        None => Ok(Rules::ARMENIAN),
        Some(text) => {
            parse_rules(text).map_err(|e| CliError::usage(format!("invalid --rules: {e}")))
        }
    }
}

/// Writes one value as JSON on one line.
pub fn write_json<T: serde::Serialize + ?Sized>(
    out: &mut dyn std::io::Write,
    value: &T,
) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| CliError::usage(format!("json: {e}")))?;
    writeln!(out)?;
    Ok(())
}

/// Reads a weights file of the learned evaluation for `rules` (`eval_file=`,
/// `--eval-file`); a file for other rules, of another version or damaged
/// is refused with its name and the reason.
pub fn read_weights(
    path: &Path,
    rules: &Rules,
) -> Result<std::sync::Arc<tama_search::learned::Weights>, CliError> {
    let bytes =
        std::fs::read(path).map_err(|e| CliError::usage(format!("{}: {e}", path.display())))?;
    tama_search::learned::Weights::from_bytes(&bytes, rules)
        .map(std::sync::Arc::new)
        .map_err(|e| CliError::usage(format!("{}: {e}", path.display())))
}
