//! `tama play`: an interactive game in the terminal, against the engine,
//! between two people at one keyboard, or engine against engine.
//!
//! The session reads one line at a time from standard input, so it can be
//! scripted through a pipe (end of input quits cleanly). By job:
//! `command` reads a typed line into a [`Command`] (a pure function),
//! `clock` reads the lines on a thread and runs the game clocks,
//! `session` carries commands out on the game (a `tama_core::Game`, which
//! also knows resignations and agreed draws) and the engine, `view` draws
//! the board, `record` saves and loads PDN, `thinking` asks the engine (moves,
//! hints, evaluations, draw offers), `text` writes moves, scores and
//! endings for people. This module holds the options and the engine
//! levels.

mod clock;
mod command;
mod record;
mod session;
mod strength;
mod text;
mod thinking;
mod view;

use std::time::Duration;

use clap::ValueEnum;
use tama_notation::fen::parse_fen;
use tama_search::EngineConfig;

use crate::common::{parse_time_control_arg, EgtbArgs, EvalArgs, FlagArg, PositionArgs};
use crate::error::{CmdResult, EXIT_OK};
use crate::io::Io;
use crate::terminal::StyleArgs;

pub use command::Command;
pub use session::Session;
pub use strength::{Strength, DEFAULT_LEVEL};

/// The options of `tama play` (its help text is the doc comment of
/// [`Command::Play`](crate::cli::Command::Play)).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama play
  tama play --color black --level 8
  tama play --fen 'W:Wc3,d4,Ke1:Bc6,e6,Kh8' --rules turkish --movetime 2000
  tama play --color none --depth 6
  tama play --clock 5m+3s --color black
  tama play --clock 10m+5s --ponder
  printf 'c3c4\\nundo\\nsave game.pdn\\nquit\\n' | tama play --depth 2

Levels: 1 to 10 limit the engine's depth and time per move (1: depth 1,
5: depth 8 or 0.4 s, 10: 8 s). --depth gives the same move every time.

Exit codes: 0 the session ended (quit, end of input), 2 bad input or usage
(invalid position, rules or option).")]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Who the people at the keyboard play: `white`, `black`, `both` (two
    /// people, no engine) or `none` (watch the engine play itself).
    #[arg(long, value_enum, default_value_t = Players::White, value_name = "SIDE")]
    pub color: Players,
    /// The engine's strength, 1 (weakest) to 10. Default: 5.
    #[arg(long, value_name = "N", group = "strength", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Play on a clock: both players get this time control (`5m+3s`,
    /// `45m`, `40/90m:30m`; docs/NOTATION.md). The clocks are shown and
    /// run while their player thinks; the engine manages its own time.
    #[arg(long, value_name = "CONTROL", conflicts_with = "movetime")]
    pub clock: Option<String>,
    /// What running out of time does with --clock: `lose` (TÜDAF), or
    /// `draw-if-no-win` (a draw when the other side has no way to win).
    #[arg(long, value_enum, value_name = "RULE", default_value_t = FlagArg::Lose, requires = "clock")]
    pub flag: FlagArg,
    /// Let the engine think on your time: after its move it searches the
    /// position after the reply it expects, and when you play that reply
    /// it goes on from there (it uses a core of its own while you think).
    #[arg(long)]
    pub ponder: bool,
    /// Let the engine think this many milliseconds per move.
    #[arg(long, value_name = "MS", group = "strength", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Let the engine search to this depth (plies, 1 to 60): the same move
    /// every time once out of the book.
    #[arg(long, value_name = "D", group = "strength", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// The engine's opening book: `on` (the one built in for the rules,
    /// if any), `off`, or a book file (`tama book build`). Book moves
    /// within 0.10 men of the best are played at random by weight.
    #[arg(long, value_name = "on|off|FILE", default_value = "on")]
    pub book: String,
    /// Transposition table size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = tama_api::bounds::DEFAULT_HASH_MIB, value_parser = clap::value_parser!(u32).range(tama_api::bounds::hash_mib()))]
    pub hash: u32,
    /// Search threads.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Draw the board from Black's side (the default when you play Black).
    #[arg(long)]
    pub flip: bool,
    #[command(flatten)]
    pub style: StyleArgs,
    #[command(flatten)]
    pub egtb: EgtbArgs,
    #[command(flatten)]
    pub eval: EvalArgs,
}

/// Who plays from the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Players {
    /// You play White, the engine Black.
    White,
    /// You play Black, the engine White.
    Black,
    /// Two people, no engine.
    Both,
    /// The engine plays both sides.
    None,
}

impl Players {
    /// Whether a person plays each colour, indexed by [`Color::index`](tama_core::Color::index).
    pub fn humans(self) -> [bool; 2] {
        match self {
            Players::White => [true, false],
            Players::Black => [false, true],
            Players::Both => [true, true],
            Players::None => [false, false],
        }
    }
}

impl Args {
    /// The engine's strength from `--level`, `--depth` or `--movetime`.
    pub fn strength(&self) -> Strength {
        if let Some(d) = self.depth {
            Strength::Depth(d)
        } else if let Some(ms) = self.movetime {
            Strength::Movetime(Duration::from_millis(ms))
        } else {
            Strength::Level(self.level.unwrap_or(DEFAULT_LEVEL))
        }
    }
}

/// Runs `tama play`, reading the player's lines from `input`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    let term = io.term;
    let start = args.position.position()?;
    let rules = args.position.rules()?;
    // The position text's move number, if it has one, numbers the moves.
    let first_move_number = args
        .position
        .fen
        .as_deref()
        .and_then(|text| parse_fen(text).ok())
        .and_then(|fen| fen.fullmove_number)
        .map_or(1, |n| n.max(1) as usize);
    let clock = match &args.clock {
        Some(text) => Some((parse_time_control_arg("clock", text)?, args.flag.into())),
        None => None,
    };
    let humans = args.color.humans();
    let flip = args.flip || args.color == Players::Black;
    let mut engine = EngineConfig {
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        oracle: args.egtb.oracle(Some(&rules), &mut *io.err)?,
        ..EngineConfig::default()
    };
    args.eval.apply(&mut engine, Some(&rules))?;
    engine.search.ponder = args.ponder;
    match args.book.as_str() {
        "on" => engine.search.book = true,
        "off" => engine.search.book = false,
        file => {
            engine.book = crate::cmd::book::book_for(Some(std::path::Path::new(file)), &rules)?;
            engine.search.book = true;
        }
    }
    let mut session = Session::new(
        session::Config {
            rules,
            start,
            first_move_number,
            humans,
            flip,
            strength: args.strength(),
            engine,
            style: args.style.style(term),
            term,
            clock,
        },
        &mut *io.out,
    );
    // On a terminal the lines are edited (history, arrows, completion);
    // a pipe or a file is read as it is.
    let mut editor = if term.stdin && term.stdout {
        crate::line_edit::Terminal::new()
    } else {
        None
    };
    session.run(
        &mut *io.input,
        editor
            .as_mut()
            .map(|e| e as &mut dyn crate::line_edit::LineEditor),
    )?;
    Ok(EXIT_OK)
}
