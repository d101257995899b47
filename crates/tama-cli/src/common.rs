//! Options shared by several subcommands, and their conversion to library
//! values.

use clap::Args;
use tama_core::{Position, Rules};
use tama_notation::fen::parse_fen;
use tama_notation::rules_text::parse_rules;

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

/// Parses an optional `--rules` value.
pub fn parse_rules_arg(text: Option<&str>) -> Result<Rules, CliError> {
    match text {
        None => Ok(Rules::ARMENIAN),
        Some(text) => {
            parse_rules(text).map_err(|e| CliError::usage(format!("invalid --rules: {e}")))
        }
    }
}

/// Writes one JSON value and a newline.
pub fn write_json(out: &mut dyn std::io::Write, value: &serde_json::Value) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| CliError::usage(format!("json: {e}")))?;
    writeln!(out)?;
    Ok(())
}
