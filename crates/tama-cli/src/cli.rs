//! The command line: the subcommands and their dispatch.
//!
//! Every subcommand's module has `pub fn run(args: &Args, io: &mut Io<'_>)
//! -> CmdResult`: a new subcommand is one variant here and one line in
//! [`run`].

use clap::{Parser, Subcommand};

use crate::cmd;
use crate::error::CmdResult;
use crate::io::Io;

/// Play and analyse Armenian draughts (Tama).
///
/// Rules default to `armenian`; positions default to the start position.
#[derive(Debug, Parser)]
#[command(name = "tama", version, about, long_about = None)]
#[command(
    after_help = "Examples:\n  tama show\n  tama moves --fen 'W:Wd6:Bd7,f8,a1'\n  tama perft 6 --threads 2\n  tama play --level 5\n  tama match --games 20 --depth 6 --b full,-lmr\n\nExit codes: 0 success, 1 a check failed or the output could not be written, 2 bad input or usage."
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
    /// Draw a position in the terminal, or as an SVG diagram.
    ///
    /// On a terminal the board has Unicode pieces on coloured squares
    /// (`○ ●` men, `◎ ◉` kings); otherwise, or with `NO_COLOR` set, plain
    /// ASCII (`w b` men, `W B` kings, `.` empty).
    Show(cmd::show::Args),
    /// Check, rewrite or convert PDN game records.
    Pdn(cmd::pdn::Args),
    /// Search a position with the engine.
    Analyse(cmd::analyse::Args),
    /// Print the search signature (node count over fixed positions).
    Bench(cmd::bench::Args),
    /// Play a game in the terminal: against the engine, two people, or
    /// engine against engine.
    ///
    /// Type moves in any move-text form (`c3-c4`, `c3c4`, `c3 c4`,
    /// `d1xd4xb4`, or just the start and end square of a capture: `d1xb2`)
    /// or a command: help, moves, undo, hint, eval, flip, new, load
    /// FILE|FEN, save FILE, level N, draw, resign, quit. Evaluations are
    /// from White's side (+ is good for White, in men). The end of input
    /// quits, so a session can be scripted through a pipe.
    Play(cmd::play::Args),
    /// Play an engine-versus-engine match between two settings.
    ///
    /// Each opening is played twice, once with A as White and once with B.
    /// A setting is `full` (the engine as shipped) or `baseline` (a plain
    /// alpha-beta reference), then comma-separated changes: search
    /// features `-tt -aspiration -lmr -killers -history -ext -qthreats
    /// -qpromo -rfp -nmp -lmp -futility` (or `+name`), evaluation terms
    /// `-advancement -centre -formation -mobility -promotion -threats
    /// -endgame -tempo -eval`, any engine option as `NAME=VALUE`
    /// (`hash=MIB`, `threads=N`, `king=CM`, `lmr_min_depth=4`, …; see
    /// `--list-options`), and `depth=D`, `movetime=MS`, `nodes=N` for this
    /// player only.
    Match(cmd::match_cmd::Args),
    /// Endgame tablebases: generate, probe, verify, stats, plan.
    Egtb(cmd::egtb::Args),
    /// Serve the web board (play and analyse in a browser) and its JSON API.
    Serve(cmd::serve::Args),
    /// Write the web board as static files (the engine runs in the
    /// browser; works offline).
    WebBundle(cmd::web_bundle::Args),
    /// Run the engine over the Hub protocol (for pydraughts and Hub GUIs).
    Hub(cmd::hub::Args),
    /// Self-play positions for training the learned evaluation.
    Datagen(cmd::datagen::Args),
    /// Train the learned evaluation on `tama datagen` data.
    Train(cmd::train::Args),
    /// Play two players until a sequential probability ratio test
    /// (pentanomial, tama-arena) accepts or rejects A's improvement.
    Sprt(cmd::sprt::Args),
    /// Print tablebase positions with exactly one winning move (the lines
    /// of tests/data/tactics.txt).
    Tactics(cmd::tactics::Args),
    /// Opening books: build (drop-out expansion over self-play searches),
    /// probe, stats, merge.
    Book(cmd::book::Args),
    /// Ballots, published sets of balanced openings (data/ballots/,
    /// docs/BALLOTS.md): build, check.
    Ballots(cmd::ballots::Args),
    /// Solve puzzles (one winning move, from the tablebases and from
    /// self-play) with hints and a local rating; build or check a puzzle
    /// file.
    Puzzle(cmd::puzzle::Args),
    /// Pair the next round of a Swiss tournament by FIDE's Dutch system
    /// (`-p`), or check every round of one (`-c`): a TRF file in,
    /// JaVaFo's output out.
    Swiss(cmd::swiss::Args),
    /// Run a tournament as its arbiter: create, add players, pair a
    /// round (Swiss or round robin), enter results or games, standings
    /// with tie-breaks, crosstable, HTML page, TRF and PDN export.
    Tournament(cmd::tournament::Args),
}

/// Runs the chosen subcommand with the I/O context `io` (its streams and
/// terminal facts; see [`Io`]).
pub fn run(cli: Cli, io: &mut Io<'_>) -> CmdResult {
    match cli.command {
        Command::Perft(args) => cmd::perft::run(&args, io),
        Command::Moves(args) => cmd::moves::run(&args, io),
        Command::Show(args) => cmd::show::run(&args, io),
        Command::Pdn(args) => cmd::pdn::run(&args, io),
        Command::Analyse(args) => cmd::analyse::run(&args, io),
        Command::Bench(args) => cmd::bench::run(&args, io),
        Command::Play(args) => cmd::play::run(&args, io),
        Command::Match(args) => cmd::match_cmd::run(&args, io),
        Command::Egtb(args) => cmd::egtb::run(&args, io),
        Command::Serve(args) => cmd::serve::run(&args, io),
        Command::WebBundle(args) => cmd::web_bundle::run(&args, io),
        Command::Hub(args) => cmd::hub::run(&args, io),
        Command::Datagen(args) => cmd::datagen::run(&args, io),
        Command::Train(args) => cmd::train::run(&args, io),
        Command::Sprt(args) => cmd::sprt::run(&args, io),
        Command::Tactics(args) => cmd::tactics::run(&args, io),
        Command::Book(args) => cmd::book::run(&args, io),
        Command::Ballots(args) => cmd::ballots::run(&args, io),
        Command::Puzzle(args) => cmd::puzzle::run(&args, io),
        Command::Swiss(args) => cmd::swiss::run(&args, io),
        Command::Tournament(args) => cmd::tournament::run(&args, io),
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
