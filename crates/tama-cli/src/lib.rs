//! The `tama` program as a library: [`run`] takes the arguments and the
//! three standard streams, so the whole command line can be driven and
//! tested in-process. `main.rs` only connects it to the real process.
//!
//! Each subcommand lives in its own module under `cmd/` with its own clap
//! `Args`, converts them to validated library values and prints the
//! results. Exit codes: 0 success, 1 a check failed, 2 bad input or usage.

// Bad input ends in a `CliError`; a panic is for broken invariants only,
// with an `expect` that says which.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod board;
pub mod cli;
pub mod cmd;
pub mod common;
pub mod error;
pub mod terminal;

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::Parser;

/// Runs `tama` with `args` (the first one is the program name), reading
/// standard input from `input` and writing to `out` and `err`. Returns the
/// exit code: 0 success, 1 a check failed, 2 bad input or usage.
pub fn run<I, T>(args: I, input: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    run_with(args, input, out, err, terminal::Terminal::NONE)
}

/// Like [`run`], for streams that may be terminals (`main` passes
/// [`Terminal::detect`](terminal::Terminal::detect)): boards in colour,
/// live progress lines. [`run`] treats no stream as a terminal, so its
/// output is the same everywhere.
pub fn run_with<I, T>(
    args: I,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    term: terminal::Terminal,
) -> u8
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
                let _ = write!(err, "{text}");
                return error::EXIT_USAGE;
            }
            let _ = write!(out, "{text}");
            return error::EXIT_OK;
        }
    };
    match cli::run(cli, input, out, &mut *err, term) {
        Ok(code) => code,
        Err(e) => {
            let _ = out.flush();
            let _ = writeln!(err, "error: {e}");
            e.code
        }
    }
}
