//! Puzzles for Armenian and Turkish draughts (docs/PUZZLES.md): positions
//! where exactly one move wins, with the whole solution, a measured
//! difficulty, the themes the code detects and where the puzzle came from.
//!
//! - [`Puzzle`], [`Difficulty`], [`Theme`], [`Source`]: what a puzzle is.
//! - [`file`](mod@file): the puzzle file (one PDN game per puzzle), read with the
//!   problem and its line named, written atomically.
//! - [`tablebase`]: puzzles picked from the endgame tables, their
//!   solutions computed and checked by the tables (exact).
//! - [`selfplay`]: puzzles from the middlegames of self-play games, where a
//!   deterministic search says one move wins and every other does not (a
//!   search's verdict, not a proof).
//! - [`difficulty`]: how deep the engine must search to find the move,
//!   and how many levels of play miss it.
//! - [`theme`]: sacrifice, promotion, king hunt.
//! - [`trainer`]: solving one puzzle move by move, with hints and a
//!   retry after a wrong move, its score, and the choice of the next
//!   puzzle; [`rating`]: the solver's local rating. The web page's
//!   puzzle mode follows the same rules.
//! - [`embedded`]: the puzzles built into the program.
//!
//! **The model and the builder.** Without its default feature `native`
//! the crate is the model alone: [`Puzzle`] and its tags, the file's text
//! ([`file::parse_puzzles`], [`file::to_text`]), the [`trainer`], the
//! [`rating`] and [`embedded`]. It does no I/O, starts no thread and
//! depends on tama-core and tama-notation only, so it builds for
//! `wasm32-unknown-unknown`. `native` adds the builders ([`tablebase`],
//! [`selfplay`], `difficulty::measure`) and files on disk (puzzle files
//! by path, the rating file).
//!
//! ```
//! use tama_core::Preset;
//!
//! let puzzles = tama_puzzle::embedded::puzzles(Preset::Turkish).unwrap();
//! for p in puzzles.iter().take(3) {
//!     // The solver moves first and last; every solver move is the only
//!     // winning one.
//!     assert_eq!(p.solution.len() % 2, 1);
//!     assert_eq!(p.themes, tama_puzzle::theme::detect(&p.start, &p.solution));
//! }
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod difficulty;
pub mod embedded;
pub mod file;
pub mod rating;
#[cfg(feature = "native")]
pub mod selfplay;
#[cfg(feature = "native")]
pub mod tablebase;
pub mod theme;
pub mod trainer;

use std::fmt;
use std::str::FromStr;

use tama_core::{Color, Move, Position, Rules};

pub use difficulty::{Difficulty, Label};
pub use file::FileError;
#[cfg(feature = "native")]
pub use file::{read_puzzles, write_puzzles};
pub use theme::Theme;

/// One puzzle: a position, its rules and the line that wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A name unique in its file (`armenian-t0042`).
    pub id: String,
    /// The rules the puzzle is played under.
    pub rules: Rules,
    /// The position; the side to move is the solver.
    pub start: Position,
    /// The solution: the solver's moves and the opponent's replies in
    /// turn, the solver's first and last (an odd number of moves). Every
    /// solver move is the only winning move of its position; each reply
    /// is the opponent's best defence (docs/PUZZLES.md, "The solution").
    pub solution: Vec<Move>,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// The themes of the solution ([`theme::detect`]), in [`Theme`]
    /// order; empty when none applies.
    pub themes: Vec<Theme>,
    /// Where it came from.
    pub source: Source,
}

impl Puzzle {
    /// The side that solves the puzzle (the side to move at the start).
    pub fn solver(&self) -> Color {
        self.start.turn()
    }

    /// The position before each move of the solution, then the one after
    /// the last: `solution.len() + 1` positions.
    pub fn positions(&self) -> Vec<Position> {
        let mut out = vec![self.start];
        for mv in &self.solution {
            let next = out[out.len() - 1].play_unchecked(mv);
            out.push(next);
        }
        out
    }

    /// The solver's moves of the solution.
    pub fn solver_moves(&self) -> impl Iterator<Item = &Move> + '_ {
        self.solution.iter().step_by(2)
    }

    /// The puzzle's rating ([`Difficulty::rating`]).
    pub fn rating(&self) -> u32 {
        self.difficulty.rating()
    }
}

/// Where a puzzle came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Picked from the endgame tables: exact.
    Tablebase {
        /// The material, seen from the solver (`KKvK`).
        material: Material,
        /// The tables' distance to the win at the start, in plies.
        plies: u32,
    },
    /// A position of a self-play game; the search's verdict.
    SelfPlay {
        /// The run's seed (the openings and the games follow from it).
        seed: u64,
        /// The game's number in the run, from 0.
        game: u32,
        /// The position's ply in the game (from the opening's start).
        ply: u32,
    },
}

impl Source {
    /// The word of the source's kind: `tablebase` or `self-play`.
    pub fn kind(&self) -> &'static str {
        match self {
            Source::Tablebase { .. } => "tablebase",
            Source::SelfPlay { .. } => "self-play",
        }
    }
}

/// The material of a tablebase puzzle's start, seen from the solver:
/// kings (`K`) and men (`M`) of the solver, `v`, the other side's, as the
/// endgame tables name it (`KMvK`; read in either case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    /// The solver's kings.
    pub us_kings: u8,
    /// The solver's men.
    pub us_men: u8,
    /// The other side's kings.
    pub them_kings: u8,
    /// The other side's men.
    pub them_men: u8,
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |kings: u8, men: u8| "K".repeat(kings.into()) + &"M".repeat(men.into());
        write!(
            f,
            "{}v{}",
            side(self.us_kings, self.us_men),
            side(self.them_kings, self.them_men)
        )
    }
}

impl FromStr for Material {
    type Err = String;

    fn from_str(text: &str) -> Result<Material, String> {
        let bad = || format!("`{text}` is not a material such as KMvK");
        let lower = text.to_ascii_lowercase();
        let (us, them) = lower.split_once('v').ok_or_else(bad)?;
        let side = |s: &str| -> Option<(u8, u8)> {
            let kings = s.bytes().take_while(|&c| c == b'k').count();
            let men = s[kings..].bytes().take_while(|&c| c == b'm').count();
            (kings + men == s.len() && kings + men <= 12).then_some((kings as u8, men as u8))
        };
        let ((us_kings, us_men), (them_kings, them_men)) =
            side(us).zip(side(them)).ok_or_else(bad)?;
        if us_kings + us_men == 0 || them_kings + them_men == 0 {
            return Err(bad());
        }
        Ok(Material {
            us_kings,
            us_men,
            them_kings,
            them_men,
        })
    }
}

/// `tablebase material=KKvK plies=9`, `self-play seed=1 game=12 ply=40`:
/// the value of the `Source` tag.
impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Tablebase { material, plies } => {
                write!(f, "tablebase material={material} plies={plies}")
            }
            Source::SelfPlay { seed, game, ply } => {
                write!(f, "self-play seed={seed} game={game} ply={ply}")
            }
        }
    }
}

/// The `key=value` words after the first word of a tag value, each key
/// once, all of `keys` and no other.
pub(crate) fn fields<'a>(
    words: impl Iterator<Item = &'a str>,
    keys: &[&str],
) -> Result<Vec<&'a str>, String> {
    let mut values: Vec<Option<&str>> = vec![None; keys.len()];
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!("`{word}` is not key=value"));
        };
        let Some(i) = keys.iter().position(|k| *k == key) else {
            return Err(format!("unknown field `{key}`"));
        };
        if values[i].replace(value).is_some() {
            return Err(format!("field `{key}` given twice"));
        }
    }
    keys.iter()
        .zip(values)
        .map(|(k, v)| v.ok_or_else(|| format!("field `{k}` missing")))
        .collect()
}

/// A number field's value.
pub(crate) fn number<T: FromStr>(key: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("field `{key}`: `{text}` is not a number in range"))
}

impl FromStr for Source {
    type Err = String;

    fn from_str(s: &str) -> Result<Source, String> {
        let mut words = s.split_whitespace();
        match words.next() {
            Some("tablebase") => {
                let v = fields(words, &["material", "plies"])?;
                let material = v[0].parse().map_err(|e| format!("field `material`: {e}"))?;
                Ok(Source::Tablebase {
                    material,
                    plies: number("plies", v[1])?,
                })
            }
            Some("self-play") => {
                let v = fields(words, &["seed", "game", "ply"])?;
                Ok(Source::SelfPlay {
                    seed: number("seed", v[0])?,
                    game: number("game", v[1])?,
                    ply: number("ply", v[2])?,
                })
            }
            Some(other) => Err(format!("unknown source `{other}` (tablebase or self-play)")),
            None => Err("empty source".to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_read_back_what_they_write() {
        for s in [
            Source::Tablebase {
                material: "KKvK".parse().unwrap(),
                plies: 9,
            },
            Source::SelfPlay {
                seed: 7,
                game: 12,
                ply: 40,
            },
        ] {
            assert_eq!(s.to_string().parse::<Source>(), Ok(s));
        }
        for bad in [
            "",
            "book",
            "tablebase material=KKvK",
            "tablebase material=KKvK plies=x",
            "tablebase material=KxvK plies=1",
            "tablebase material=vK plies=1",
            "tablebase material=MKvK plies=1",
            "self-play seed=1 game=2 ply=3 ply=4",
            "self-play seed=1 game=2 ply=3 colour=4",
        ] {
            assert!(bad.parse::<Source>().is_err(), "{bad}");
        }
    }
}
