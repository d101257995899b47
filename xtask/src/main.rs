//! Project automation for tama, run as `cargo xtask <command>`.
//!
//! xtask only runs programs (cargo, git, the `tama` binary, Slurm's
//! tools): it depends on no crate of the product (tests/tidy.rs checks it),
//! so what plays or picks positions is a `tama` subcommand (`tama sprt`,
//! `tama tactics`). Each subcommand lives in its own module and exposes an
//! `Args` struct and a `run` function. Helpers shared by several
//! subcommands live in their own modules too: running commands (`cmd`),
//! building and talking to `tama` (`tama`), printing tables, the line
//! diff, the local Slurm of `egtb-shard` (`slurm`). Every external command
//! is printed before it runs, together with how long it took, and every
//! failure ends with a non-zero exit code and a reason.

mod ballots;
mod bench;
mod ci;
mod cmd;
mod diff;
mod fuzz;
mod perft;
mod puzzles;
mod shard;
mod slurm;
mod snapshots;
mod sprt;
mod table;
mod tama;
mod wasm;
mod web_bundle;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Build `tama` from the working tree and at a git revision and play
    /// them with `tama sprt` until its sequential probability ratio test
    /// accepts or rejects the change.
    Sprt(sprt::Args),
    /// Check the ballot files of data/ballots/ (`--check`: legal, distinct,
    /// within their window, a few searched again) or build them again
    /// with the published settings (`--build`); docs/BALLOTS.md.
    Ballots(ballots::Args),
    /// Run the cargo-fuzz targets one at a time (cargo-fuzz needed; the
    /// stable toolchain builds them) and summarise executions, coverage and corpus growth.
    Fuzz(fuzz::Args),
    /// Solve the tablebases once in one process and once wave by wave,
    /// each unit its own process (a Slurm job array per wave, or local
    /// processes), and compare the files byte for byte.
    EgtbShard(shard::Args),
    /// Build the WebAssembly module and the JavaScript package (Debian's
    /// cargo-web toolchain), pack it with npm and print the tarball's path;
    /// `--test` runs its Node tests.
    Wasm(wasm::Args),
    /// Write the web board as a static site (`tama web-bundle`) and print
    /// its size, raw and compressed; the last line is the folder.
    WebBundle(web_bundle::Args),
    /// Check every committed puzzle (`--check`): the tablebase ones
    /// against the tables of up to 4 pieces, the self-play ones by the
    /// search.
    Puzzles(puzzles::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ci(args) => ci::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Snapshots(args) => snapshots::run(args),
        Command::Sprt(args) => sprt::run(args),
        Command::Ballots(args) => ballots::run(args),
        Command::Fuzz(args) => fuzz::run(args),
        Command::EgtbShard(args) => shard::run(args),
        Command::Wasm(args) => wasm::run(args),
        Command::WebBundle(args) => web_bundle::run(args),
        Command::Puzzles(args) => puzzles::run(args),
    };
    exit_code(result)
}

/// The exit code of a run: success, or the error and its causes written to
/// standard error (one line each) and failure.
fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            for cause in error.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
            ExitCode::FAILURE
        }
    }
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
