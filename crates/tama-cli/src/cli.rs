//! The command line: the subcommands and their dispatch.

use clap::{Parser, Subcommand};

use crate::cmd;
use std::io::{BufRead, Write};

use crate::error::CmdResult;

/// Play and analyse Armenian draughts (Tama).
///
/// Rules default to `armenian`; positions default to the start position.
#[derive(Debug, Parser)]
#[command(name = "tama", version, about, long_about = None)]
#[command(
    after_help = "Examples:\n  tama show\n  tama moves --fen 'W:Wd6:Bd7,f8,a1'\n  tama perft 6 --threads 2\n\nExit codes: 0 success, 1 a check failed, 2 bad input or usage."
)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaves of the move tree (perft).
    Perft(cmd::perft::Args),
    /// List the legal moves of a position.
    Moves(cmd::moves::Args),
    /// Draw a position.
    Show(cmd::show::Args),
    /// Check, rewrite or convert PDN game records.
    Pdn(cmd::pdn::Args),
}

/// Runs the chosen subcommand. `input` is standard input (for commands
/// that read it), `out` standard output.
pub fn run(cli: Cli, input: &mut dyn BufRead, out: &mut dyn Write) -> CmdResult {
    let _ = &input;
    let out = &mut *out;
    match cli.command {
        Command::Perft(args) => cmd::perft::run(&args, out),
        Command::Moves(args) => cmd::moves::run(&args, out),
        Command::Show(args) => cmd::show::run(&args, out),
        Command::Pdn(args) => cmd::pdn::run(&args, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }
}
