//! `cargo egtb-shard` (alias in `.cargo/config.toml`): proves that
//! sharding the tablebase generation gives the same files as one run
//! (docs/EGTB.md, "Beyond one machine"). A crate of its own beside
//! `xtask`, as cargo keeps its `xtask-*` commands: the sharding driver in
//! `shard`, starting and stopping a local Slurm in `slurm`.

mod shard;
mod slurm;

use std::process::ExitCode;

use clap::Parser;
use xtask_util::{cmd, tama};

/// Solve the tablebases once in one process and once wave by wave, each
/// unit its own process (a Slurm job array per wave, or local processes),
/// and compare the files byte for byte.
#[derive(Debug, Parser)]
#[command(name = "cargo egtb-shard", bin_name = "cargo egtb-shard", version, about, long_about = None)]
struct Cli {
    #[command(flatten)]
    args: shard::Args,
}

fn main() -> ExitCode {
    xtask_util::exit_code(shard::run(Cli::parse().args))
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
