//! Project automation for tama, run as `cargo xtask <command>`.
//!
//! Each subcommand lives in its own module and exposes an `Args` struct and a
//! `run` function. Helpers shared by several subcommands (printing tables,
//! the line diff) live in their own modules too; running commands and
//! building the `tama` binary come from `xtask-util`, which the commands in
//! crates of their own (`cargo egtb-shard`) share. Every external command is
//! printed before it runs, together with how long it took, and every failure
//! ends with a non-zero exit code and a reason.

mod bench;
mod ci;
mod diff;
mod fuzz;
mod perft;
mod snapshots;
mod sprt;
mod table;
mod tactics;
mod wasm;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use xtask_util::{cmd, tama};

/// Project automation for tama.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run every check CI runs: fmt, clippy, tests, snapshots, docs, benches
    /// compile, bench signature.
    Ci(ci::Args),
    /// Build `tama` in release mode and compare perft counts with the
    /// reference table of docs/RULES.md.
    Perft(perft::Args),
    /// Run the criterion benchmarks and summarise them, or check the search
    /// signature of `tama bench`.
    Bench(bench::Args),
    /// Run the snapshot tests and check, review or accept pending snapshots
    /// (no cargo-insta needed).
    Snapshots(snapshots::Args),
    /// Play two player specs, or the working tree against a git revision,
    /// until a sequential probability ratio test (pentanomial, tama-arena)
    /// accepts or rejects the change.
    Sprt(sprt::Args),
    /// Run the cargo-fuzz targets one at a time (nightly and cargo-fuzz
    /// needed) and summarise executions, coverage and corpus growth.
    Fuzz(fuzz::Args),
    /// Pick positions with one winning move from the endgame tablebases
    /// and print them as lines of tests/data/tactics.txt.
    Tactics(tactics::Args),
    /// Build the WebAssembly module and the JavaScript package (Debian's
    /// cargo-web toolchain), pack it with npm and print the tarball's path;
    /// `--test` runs its Node tests.
    Wasm(wasm::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ci(args) => ci::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Snapshots(args) => snapshots::run(args),
        Command::Sprt(args) => sprt::run(args),
        Command::Fuzz(args) => fuzz::run(args),
        Command::Tactics(args) => tactics::run(args),
        Command::Wasm(args) => wasm::run(args),
    };
    xtask_util::exit_code(result)
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
