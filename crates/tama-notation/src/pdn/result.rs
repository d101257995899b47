//! The result of a game and its two written forms.

use core::fmt;
use core::str::FromStr;

use tama_core::{Color, Outcome};

/// The result of a game, as the `Result` tag and the movetext's last token
/// give it.
///
/// It has two written forms: the usual one (`1-0`, `0-1`, `1/2-1/2`, `*`),
/// which this crate writes, and the draughts points form (`2-0`, `0-2`,
/// `1-1`, `0-0`), which it also reads. `0-0` (no points awarded) is read as
/// [`GameResult::Unknown`].
///
/// ```
/// use tama_notation::pdn::GameResult;
///
/// let r: GameResult = "2-0".parse().unwrap();
/// assert_eq!(r, GameResult::WhiteWins);
/// assert_eq!(r.as_str(), "1-0");
/// assert_eq!(GameResult::Draw.as_points_str(), "1-1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameResult {
    /// White won: `1-0` (`2-0`).
    WhiteWins,
    /// Black won: `0-1` (`0-2`).
    BlackWins,
    /// A draw: `1/2-1/2` (`1-1`).
    Draw,
    /// Unknown, or the game goes on: `*` (`0-0`).
    #[default]
    Unknown,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 4] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ];

    /// The written (canonical) form: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The draughts points form: `2-0`, `0-2`, `1-1` or `0-0`.
    pub const fn as_points_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "2-0",
            GameResult::BlackWins => "0-2",
            GameResult::Draw => "1-1",
            GameResult::Unknown => "0-0",
        }
    }

    /// The result a finished game's outcome gives.
    pub const fn from_outcome(outcome: Outcome) -> GameResult {
        match outcome.winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// Reads either written form.
    pub(crate) fn from_token(s: &str) -> Option<GameResult> {
        Some(match s {
            "1-0" | "2-0" => GameResult::WhiteWins,
            "0-1" | "0-2" => GameResult::BlackWins,
            "1/2-1/2" | "1-1" => GameResult::Draw,
            "*" | "0-0" => GameResult::Unknown,
            _ => return None,
        })
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        GameResult::from_outcome(outcome)
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not a game result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseResultError {
    /// The text, as given.
    pub text: String,
}

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a result: expected 1-0, 0-1, 1/2-1/2 or * (or 2-0, 0-2, 1-1, 0-0)",
            self.text
        )
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_token(s.trim()).ok_or_else(|| ParseResultError {
            text: s.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Termination;

    #[test]
    fn both_forms_read_back() {
        for r in GameResult::ALL {
            assert_eq!(r.as_str().parse::<GameResult>(), Ok(r));
            assert_eq!(r.as_points_str().parse::<GameResult>(), Ok(r));
        }
        assert!("1-2".parse::<GameResult>().is_err());
        let o = Outcome::win(Color::Black, Termination::NoLegalMoves);
        assert_eq!(GameResult::from(o), GameResult::BlackWins);
    }
}
