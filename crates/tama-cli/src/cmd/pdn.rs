//! `tama pdn`: check, rewrite and convert PDN game records.

use std::fs::File;
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use clap::Subcommand;
use tama_notation::pdn::{PdnError, PdnErrorKind, PdnReader};

use crate::error::{CliError, CmdResult, EXIT_CHECK_FAILED, EXIT_USAGE};
use crate::io::Io;

/// Check, rewrite or convert PDN game records (`-` reads standard input).
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama pdn check games.pdn more.pdn\n  tama pdn fmt games.pdn -o clean.pdn\n  tama pdn json games.pdn\n\nExit codes: 0 every game valid, 1 some game invalid, 2 a file cannot be read."
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: PdnCommand,
}

/// The `tama pdn` subcommands.
#[derive(Debug, Subcommand)]
pub enum PdnCommand {
    /// Check every game: print `FILE:LINE:COLUMN: message` for each
    /// invalid one, then a summary.
    #[command(
        after_help = "Examples:\n  tama pdn check games.pdn\n  tama pdn check --json a.pdn b.pdn\n\nExit codes: 0 all games valid, 1 some game invalid, 2 a file cannot be read."
    )]
    Check {
        /// The files to check.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Print one JSON object instead: `{"games": N, "invalid": M,
        /// "problems": [{"file", "line", "column", "message"}, …]}`.
        #[arg(long)]
        json: bool,
    },
    /// Rewrite a file in canonical form. Games with errors are reported on
    /// standard error and copied through unchanged (exit code 1).
    #[command(
        after_help = "Examples:\n  tama pdn fmt games.pdn\n  tama pdn fmt games.pdn -o games.pdn\n\nExit codes: 0 every game rewritten, 1 some game copied through with errors, 2 a file cannot be read or written."
    )]
    Fmt {
        /// The file to rewrite.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Where to write (default: standard output). May be FILE itself.
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
    },
    /// Print each game as one JSON object per line. A game with an error
    /// gives `{"error": …, "line": …, "column": …}` (exit code 1).
    #[command(
        after_help = "Examples:\n  tama pdn json games.pdn > games.jsonl\n\nExit codes: 0 every game converted, 1 some game had errors (an error object is written for it), 2 a file cannot be read."
    )]
    Json {
        /// The file to convert.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// Runs `tama pdn`: standard input is read for the file `-`; per-game
/// problems of `fmt` and `json` go to `err`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let Io {
        input, out, err, ..
    } = io;
    let (input, out, err) = (&mut **input, &mut **out, &mut **err);
    match &args.command {
        PdnCommand::Check { files, json } => check_files(files, *json, input, out, err),
        PdnCommand::Fmt { file, output } => fmt(file, output.as_deref(), input, out, err),
        PdnCommand::Json { file } => json(file, input, out, err),
    }
}

fn open<'a>(path: &Path, input: &'a mut dyn BufRead) -> io::Result<Box<dyn Read + 'a>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(input))
    } else {
        Ok(Box::new(File::open(path)?))
    }
}

fn name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn located(file: &str, e: &PdnError) -> String {
    format!("{file}:{}:{}: {}", e.line, e.column, e.message())
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn check_files(
    files: &[PathBuf],
    as_json: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> CmdResult {
    let mut check = tama_api::pdn::PdnCheck::default();
    let mut unreadable = false;
    let mut read = 0usize;
    for path in files {
        let file = name(path);
        let reader = match open(path, &mut *input) {
            Ok(r) => {
                read += 1;
                r
            }
            Err(e) => {
                writeln!(err, "error: cannot read {file}: {e}")?;
                unreadable = true;
                continue;
            }
        };
        for game in PdnReader::new(reader) {
            let shown = check.problems.len();
            if let Err(e) = check.add(game, Some(&file)) {
                writeln!(err, "error: cannot read {file}: {}", e.message())?;
                unreadable = true;
            }
            if !as_json {
                for p in &check.problems[shown..] {
                    writeln!(out, "{file}:{}:{}: {}", p.line, p.column, p.message)?;
                }
            }
        }
    }
    let (games, bad) = (check.games, check.invalid);
    if as_json {
        crate::common::write_json(out, &check)?;
    } else if read > 0 {
        // A file that could not be read has no games to count: the
        // summary is of the files read, and there is none without them.
        writeln!(out, "{}, {bad} with errors", plural(games, "game"))?;
    }
    Ok(if unreadable {
        EXIT_USAGE
    } else if bad > 0 {
        EXIT_CHECK_FAILED
    } else {
        crate::error::EXIT_OK
    })
}

/// Trailing white space removed.
fn trim_end(bytes: &[u8]) -> &[u8] {
    let n = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &bytes[..n]
}

fn fmt(
    path: &Path,
    output: Option<&Path>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> CmdResult {
    let file = name(path);
    let reader =
        open(path, input).map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
    match output {
        None => fmt_to(&file, reader, out, err),
        Some(target) => {
            // Write beside the target and rename at the end, so that the
            // target may be the input itself and is never left half written.
            tama_files::write_atomically(
                target,
                |f| {
                    let mut w = BufWriter::new(f);
                    let code = fmt_to(&file, reader, &mut w, err)?;
                    w.flush()?;
                    Ok(code)
                },
                |p, e| CliError::usage(format!("cannot write {}: {e}", p.display())),
            )
        }
    }
}

fn fmt_to(
    file: &str,
    input: Box<dyn Read + '_>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> CmdResult {
    let mut reader = PdnReader::new(input).keep_text(true);
    let mut bad = 0usize;
    while let Some(record) = reader.next_record() {
        match record.game {
            Ok(game) => out.write_all(game.to_pdn().as_bytes())?,
            Err(e) if matches!(e.kind, PdnErrorKind::Io(_)) => {
                return Err(CliError::usage(format!(
                    "cannot read {file}: {}",
                    e.message()
                )));
            }
            Err(e) => {
                bad += 1;
                let note = if record.text_complete {
                    "copied unchanged"
                } else {
                    "too large: copied only in part"
                };
                writeln!(err, "{} ({note})", located(file, &e))?;
                if let Some(text) = &record.text {
                    out.write_all(trim_end(text))?;
                    out.write_all(b"\n\n")?;
                }
            }
        }
    }
    Ok(if bad > 0 {
        EXIT_CHECK_FAILED
    } else {
        crate::error::EXIT_OK
    })
}

fn json(
    path: &Path,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> CmdResult {
    let file = name(path);
    let reader =
        open(path, input).map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
    let mut bad = 0usize;
    for game in PdnReader::new(reader) {
        match game {
            Ok(game) => {
                serde_json::to_writer(&mut *out, &game)
                    .map_err(|e| CliError::usage(format!("json: {e}")))?;
            }
            Err(e) if matches!(e.kind, PdnErrorKind::Io(_)) => {
                return Err(CliError::usage(format!(
                    "cannot read {file}: {}",
                    e.message()
                )));
            }
            Err(e) => {
                bad += 1;
                writeln!(err, "{}", located(&file, &e))?;
                serde_json::to_writer(&mut *out, &tama_api::pdn::PdnGameError::of(&e))
                    .map_err(|e| CliError::usage(format!("json: {e}")))?;
            }
        }
        writeln!(out)?;
    }
    Ok(if bad > 0 {
        EXIT_CHECK_FAILED
    } else {
        crate::error::EXIT_OK
    })
}
