//! The `tama` program as a library: [`run`] takes the arguments and the
//! three standard streams, so the whole command line can be driven and
//! tested in-process. `main.rs` only connects it to the real process.
//!
//! Each subcommand lives in its own module under `cmd/` with its own clap
//! `Args` and `pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult`: it
//! converts the options to validated library values, calls the libraries
//! and writes the results through the [`Io`] context. Exit codes: 0
//! success, 1 a check failed or the output could not be written, 2 bad
//! input or usage, 130 a long job stopped by Ctrl-C with its work saved
//! ([`interrupt`]).

// Bad input ends in a `CliError`; a panic is for broken invariants only,
// with an `expect` that says which.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod board;
pub mod cli;
pub mod cmd;
pub mod common;
pub mod error;
pub mod interrupt;
pub mod io;
pub mod line_edit;
pub mod progress;
pub mod terminal;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::Parser;

use crate::io::Io;

/// Runs `tama` with `args` (the first one is the program name), reading
/// standard input from `input` and writing to `out` and `err`, none of them
/// a terminal, so the output is the same everywhere. Returns the exit code:
/// 0 success, 1 a check failed, 2 bad input or usage.
pub fn run<I, T>(
    args: I,
    input: &mut (dyn BufRead + Send),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with(args, &mut Io::new(input, out, err))
}

/// Like [`run`], with the whole I/O context: `main` passes the real
/// streams and what it found out about them
/// ([`Terminal::detect`](terminal::Terminal::detect)), for boards in colour
/// and live progress lines.
pub fn run_with<I, T>(args: I, io: &mut Io<'_>) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // clap renders help and version for stdout (exit 0) and usage
            // errors for stderr (exit 2).
            let text = e.render().to_string();
            if e.use_stderr() {
                let _ = writeln!(io.err, "{}", one_line(&text));
                return error::EXIT_USAGE;
            }
            let _ = write!(io.out, "{text}");
            return error::EXIT_OK;
        }
    };
    match cli::run(cli, io) {
        Ok(code) => code,
        Err(e) if e.pipe_closed => error::EXIT_OK,
        Err(e) => {
            let _ = io.out.flush();
            let _ = writeln!(io.err, "error: {e}");
            e.code
        }
    }
}

/// A usage error of clap on one line, as every error of the program is:
/// its message and tips joined, then where to read the usage (`error:
/// unexpected argument '--x' found; try `tama play --help``).
fn one_line(rendered: &str) -> String {
    let (message, usage) = match rendered.split_once("\nUsage:") {
        Some((message, usage)) => (message, Some(usage)),
        None => (rendered, None),
    };
    let mut line = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect::<Vec<_>>()
        .join(" ");
    // `Usage: tama book build [OPTIONS] --out <OUT>`: the command is the
    // words before the first option or argument.
    let command: Vec<&str> = usage
        .unwrap_or("")
        .split_whitespace()
        .take_while(|w| !w.starts_with(['[', '<', '-']))
        .collect();
    match command.is_empty() {
        true => line.push_str("; try `--help`"),
        false => line.push_str(&format!("; try `{} --help`", command.join(" "))),
    }
    line
}

#[cfg(test)]
mod tests {
    #[test]
    fn usage_errors_are_one_line() {
        for args in [
            &["tama", "play", "--nosuch"][..],
            &["tama", "book", "build"],
            &["tama", "perft", "x"],
            &["tama", "nosuch"],
        ] {
            let mut input = std::io::empty();
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let code = crate::run(args, &mut input, &mut out, &mut err);
            let err = String::from_utf8(err).unwrap();
            assert_eq!(code, crate::error::EXIT_USAGE, "{args:?}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(
                err.starts_with("error: ") && err.contains("--help`"),
                "{err}"
            );
        }
    }
}
