//! Options shared by several subcommands, and their conversion to library
//! values.

use std::path::{Path, PathBuf};

use clap::Args;
use tama_core::{FlagRule, Position, Rules, TimeControl};
use tama_egtb::{Tablebase, TablebaseSet};
use tama_files::Shard;
use tama_notation::rules_text::write_rules;
use tama_notation::time_control::parse_time_control;
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
        // A request's blank field is the default; a flag given with
        // nothing after it is a mistake on the command line.
        if self.fen.as_deref().is_some_and(|t| t.trim().is_empty()) {
            return Err(CliError::usage(
                "invalid --fen: empty position text (leave out --fen for the start position)",
            ));
        }
        tama_api::request::position(self.fen.as_deref()).map_err(flag_error)
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
    /// The tables as an engine oracle, or `None` without `--egtb`, their
    /// win/draw/loss tables loaded now; a line on `err` says how many, in
    /// how much memory and time. `rules`: the rules the tables must cover
    /// (`None` when each game names its own, as in a PDN file or a
    /// server).
    pub fn oracle(
        &self,
        rules: Option<&Rules>,
        err: &mut dyn std::io::Write,
    ) -> Result<Option<Oracle>, CliError> {
        let Some(dir) = self.egtb.as_deref() else {
            return Ok(None);
        };
        let (oracle, loaded) = open_oracle(dir, rules)?;
        writeln!(err, "{loaded}")?;
        Ok(Some(oracle))
    }
}

/// What [`open_oracle`] loaded into memory.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The directory.
    pub dir: PathBuf,
    /// Win/draw/loss tables loaded.
    pub tables: usize,
    /// Bytes of memory they take.
    pub bytes: usize,
    /// Time taken to load them.
    pub time: std::time::Duration,
}

impl std::fmt::Display for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tables {}: {} win/draw/loss tables loaded in {:.2} s ({:.1} MB in memory)",
            self.dir.display(),
            self.tables,
            self.time.as_secs_f64(),
            self.bytes as f64 / 1e6
        )
    }
}

/// Opens the tablebase directory `dir`: a root with one directory per
/// rules (what `tama egtb gen` writes), or one rules directory. A
/// directory without tables (for `rules`, when given) is an error: a typo
/// would otherwise silently play without tables. Every win/draw/loss
/// table (those the search probes) is loaded into memory now, on all
/// the machine's threads, rather than on its first probe; a damaged one
/// is an error.
pub fn open_oracle(dir: &Path, rules: Option<&Rules>) -> Result<(Oracle, Loaded), CliError> {
    let bad = |e: String| CliError::usage(format!("invalid --egtb {}: {e}", dir.display()));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = std::time::Instant::now();
    let set = TablebaseSet::open(dir).map_err(|e| bad(e.to_string()))?;
    let (oracle, (tables, bytes)) = match rules {
        None if set.max_pieces() > 0 => {
            let loaded = set.load_wdl(threads).map_err(|e| bad(e.to_string()))?;
            (set.into_oracle(), loaded)
        }
        Some(r) if set.get(r).is_some() => {
            let loaded = set.load_wdl(threads).map_err(|e| bad(e.to_string()))?;
            (set.into_oracle(), loaded)
        }
        _ => {
            let rules = rules.copied().unwrap_or(Rules::ARMENIAN);
            let tb = Tablebase::open(dir, &rules).map_err(|e| bad(e.to_string()))?;
            if tb.max_pieces() == 0 {
                return Err(bad(format!(
                    "no tablebase files for the rules `{}` there (tama egtb gen writes them)",
                    write_rules(&rules)
                )));
            }
            let loaded = tb.load_wdl(threads).map_err(|e| bad(e.to_string()))?;
            (tb.into_oracle(), loaded)
        }
    };
    let loaded = Loaded {
        dir: dir.to_path_buf(),
        tables,
        bytes,
        time: start.elapsed(),
    };
    Ok((oracle, loaded))
}

/// Reads `--shard I/N`.
pub fn parse_shard(text: &str) -> Result<Shard, CliError> {
    text.parse()
        .map_err(|e| CliError::usage(format!("invalid --{e}")))
}

/// Parses an optional `--rules` value.
pub fn parse_rules_arg(text: Option<&str>) -> Result<Rules, CliError> {
    tama_api::request::rules(text).map_err(flag_error)
}

/// A request field's error as a usage error naming the flag (`invalid
/// --fen: …`).
fn flag_error(e: tama_api::RequestError) -> CliError {
    CliError::usage(format!("invalid --{}: {}", e.field, e.detail))
}

/// Parses a time control given as `--NAME` (`5m+3s`, docs/NOTATION.md):
/// `invalid --tc `5m+3`: column 4: …`.
pub fn parse_time_control_arg(name: &str, text: &str) -> Result<TimeControl, CliError> {
    parse_time_control(text).map_err(|e| CliError::usage(format!("invalid --{name} `{text}`: {e}")))
}

/// What a flag (running out of time) does: `--flag`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FlagArg {
    /// The player out of time loses, whatever the position (TÜDAF).
    #[default]
    Lose,
    /// The player out of time loses, unless the other side has no way to
    /// win (no piece left): then the game is a draw.
    DrawIfNoWin,
}

impl From<FlagArg> for FlagRule {
    fn from(f: FlagArg) -> FlagRule {
        match f {
            FlagArg::Lose => FlagRule::Lose,
            FlagArg::DrawIfNoWin => FlagRule::DrawIfNoWin,
        }
    }
}

/// Writes one value as JSON on one line.
pub fn write_json<T: serde::Serialize + ?Sized>(
    out: &mut dyn std::io::Write,
    value: &T,
) -> Result<(), CliError> {
    // A failed write is an I/O failure (serde_json hands its error back).
    serde_json::to_writer(&mut *out, value).map_err(|e| {
        if e.is_io() {
            CliError::io(&e.into())
        } else {
            CliError::usage(format!("json: {e}"))
        }
    })?;
    writeln!(out)?;
    Ok(())
}

/// Reads a weights file of the learned evaluation for `rules` (`eval_file=`,
/// `--eval-file`; `None`: for the preset it names); a file for other
/// rules, of another version or damaged is refused with its name and the
/// reason.
pub fn read_weights(
    path: &Path,
    rules: Option<&Rules>,
) -> Result<std::sync::Arc<tama_search::learned::Weights>, CliError> {
    tama_arena::read_weights(path, rules).map_err(CliError::usage)
}

/// `--eval` and `--eval-file`: the engine's static evaluation.
#[derive(Debug, Clone, Default, Args)]
pub struct EvalArgs {
    /// The evaluation: `learned` (the default: patterns trained on
    /// self-play, alone or as a correction added to the classic terms, for
    /// the presets with weights; other rules keep the classic one) or
    /// `classic` (hand-written terms only).
    #[arg(long, value_name = "KIND", value_parser = clap::builder::PossibleValuesParser::new(tama_search::EvalKind::ALL.map(|(name, _)| name)))]
    pub eval: Option<String>,
    /// A weights file of the learned evaluation (`tama train` writes
    /// one), used for its preset instead of the embedded weights; implies
    /// `--eval learned`. A damaged file, one of another version or, with
    /// `--rules`, of other rules is refused.
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<PathBuf>,
}

impl EvalArgs {
    /// Sets the evaluation of `config`. `rules`: the rules the weights
    /// must be for (`None` when each game names its own: the file's
    /// preset decides where it applies).
    pub fn apply(
        &self,
        config: &mut tama_search::EngineConfig,
        rules: Option<&Rules>,
    ) -> Result<(), CliError> {
        use tama_search::EvalKind;
        if let Some(name) = &self.eval {
            config.eval_kind = EvalKind::ALL
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, kind)| *kind)
                .ok_or_else(|| CliError::usage(format!("invalid --eval `{name}`")))?;
        }
        if let Some(file) = &self.eval_file {
            if config.eval_kind == EvalKind::Classic && self.eval.is_some() {
                return Err(CliError::usage(
                    "--eval-file needs the learned evaluation, not --eval classic",
                ));
            }
            config.eval_kind = EvalKind::Learned;
            config.eval_weights = Some(read_weights(file, rules)?);
        }
        Ok(())
    }
}
