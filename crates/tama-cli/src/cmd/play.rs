//! `tama play`: an interactive game in the terminal, against the engine,
//! between two people at one keyboard, or engine against engine.
//!
//! The session reads one line at a time from standard input, so it can be
//! scripted through a pipe (end of input quits cleanly). By job:
//! `command` reads a typed line into a [`Command`] (a pure function),
//! `session` carries commands out on the game (a `tama_core::Game`, which
//! also knows resignations and agreed draws) and the engine, `view` draws
//! the board, `record` saves and loads PDN, `text` writes moves, scores and
//! endings for people. This module holds the options and the engine
//! levels.

mod command;
mod record;
mod session;
mod text;
mod view;

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::ValueEnum;
use tama_core::Color;
use tama_notation::fen::parse_fen;
use tama_search::Limits;

use crate::common::PositionArgs;
use crate::error::{CmdResult, EXIT_OK};
use crate::terminal::{StyleArgs, Terminal};

pub use command::Command;
pub use session::Session;

/// The options of `tama play` (its help text is the doc comment of
/// [`Command::Play`](crate::cli::Command::Play)).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  tama play
  tama play --color black --level 8
  tama play --fen 'W:Wc3,d4,Ke1:Bc6,e6,Kh8' --rules turkish --movetime 2000
  tama play --color none --depth 6
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
    /// Let the engine think this many milliseconds per move.
    #[arg(long, value_name = "MS", group = "strength", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// Let the engine search to this depth (plies, 1 to 60): the same move
    /// every time.
    #[arg(long, value_name = "D", group = "strength", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: Option<u32>,
    /// Transposition table size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,
    /// Search threads.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Draw the board from Black's side (the default when you play Black).
    #[arg(long)]
    pub flip: bool,
    #[command(flatten)]
    pub style: StyleArgs,
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
    /// Whether a person plays each colour, indexed by [`Color::index`].
    pub fn humans(self) -> [bool; 2] {
        match self {
            Players::White => [true, false],
            Players::Black => [false, true],
            Players::Both => [true, true],
            Players::None => [false, false],
        }
    }
}

/// How strongly the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A level from 1 to 10 (see [`Strength::limits`]).
    Level(u8),
    /// A fixed depth.
    Depth(u32),
    /// A fixed time per move.
    Movetime(Duration),
}

/// The default level: depth 8 or 0.4 s per move, quick enough to feel
/// responsive and still a fair opponent.
pub const DEFAULT_LEVEL: u8 = 5;

/// Depth and time per move of each level (index 0 is level 1).
const LEVELS: [(Option<u32>, u64); 10] = [
    (Some(1), 100),
    (Some(2), 100),
    (Some(3), 150),
    (Some(5), 250),
    (Some(8), 400),
    (Some(11), 700),
    (Some(14), 1000),
    (None, 2000),
    (None, 4000),
    (None, 8000),
];

impl Strength {
    /// The search limits of a move.
    pub fn limits(self) -> Limits {
        match self {
            Strength::Level(n) => {
                let (depth, ms) = LEVELS[usize::from(n.clamp(1, 10)) - 1];
                Limits {
                    depth,
                    movetime: Some(Duration::from_millis(ms)),
                    ..Limits::default()
                }
            }
            Strength::Depth(d) => Limits::depth(d),
            Strength::Movetime(t) => Limits::movetime(t),
        }
    }

    /// A short description: `level 5`, `depth 6`, `500 ms`.
    pub fn describe(self) -> String {
        match self {
            Strength::Level(n) => format!("level {n}"),
            Strength::Depth(d) => format!("depth {d}"),
            Strength::Movetime(t) => format!("{} ms", t.as_millis()),
        }
    }

    /// What a level means: `depth 8, 400 ms per move`.
    pub fn explain(self) -> String {
        let limits = self.limits();
        match (limits.depth, limits.movetime) {
            (Some(d), Some(t)) => format!("depth {d}, at most {} ms per move", t.as_millis()),
            (Some(d), None) => format!("depth {d} per move"),
            (None, Some(t)) => format!("{} ms per move", t.as_millis()),
            (None, None) => "no limit".to_string(),
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
pub fn run(args: &Args, input: &mut dyn BufRead, out: &mut dyn Write, term: Terminal) -> CmdResult {
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
    let humans = args.color.humans();
    let flip = args.flip || args.color == Players::Black;
    let mut session = Session::new(
        session::Config {
            rules,
            start,
            first_move_number,
            humans,
            flip,
            strength: args.strength(),
            hash_mib: args.hash as usize,
            threads: args.threads as usize,
            style: args.style.style(term),
            term,
        },
        out,
    );
    session.run(input)?;
    Ok(EXIT_OK)
}

/// The colour whose turn it is named for people.
fn side_name(color: Color) -> &'static str {
    crate::board::color_name(color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        let mut last = (0, 0);
        for n in 1..=10u8 {
            let l = Strength::Level(n).limits();
            let ms = l.movetime.unwrap().as_millis();
            let depth = l.depth.unwrap_or(u32::MAX);
            assert!(depth >= last.0 && ms >= last.1, "level {n}");
            last = (depth, ms);
        }
        assert_eq!(
            Strength::Level(5).explain(),
            "depth 8, at most 400 ms per move"
        );
        assert!(Strength::Depth(3).limits().is_deterministic());
    }
}
