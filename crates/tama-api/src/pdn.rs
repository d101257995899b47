//! What the programs answer about a PDN text: the check (`tama pdn check
//! --json`, `POST /api/pdn/check`), each game in its JSON form or the
//! problem in its place (`tama pdn json`, `POST /api/pdn/json`, the
//! package's `pdnToJson`), and one game's problem (`POST /api/pdn/fmt`).

use serde::Serialize;
use tama_notation::pdn::{PdnError, PdnErrorKind, PdnGame, PdnReader};

/// A game that cannot be read, where it stands in its text: `{"error",
/// "line", "column"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PdnGameError {
    /// What is wrong.
    pub error: String,
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based).
    pub column: usize,
}

impl PdnGameError {
    /// The problem of a game that cannot be read.
    pub fn of(e: &PdnError) -> Self {
        PdnGameError {
            error: e.message(),
            line: e.line,
            column: e.column,
        }
    }
}

/// One game of a PDN text: its JSON form (docs/NOTATION.md), or the
/// problem in its place, so one bad game does not hide the others.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PdnGameJson {
    /// A game that was read.
    Game(Box<PdnGame>),
    /// A game that could not be read.
    Error(PdnGameError),
}

/// One problem of a check: `{"file"?, "line", "column", "message"}` (the
/// file where the check read several).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PdnProblem {
    /// The file, when the check read files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A check's result: `{"games", "invalid", "problems"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PdnCheck {
    /// Games read, good and bad.
    pub games: usize,
    /// Games that could not be read.
    pub invalid: usize,
    /// Their problems, in order.
    pub problems: Vec<PdnProblem>,
}

impl PdnCheck {
    /// Counts one game of `file` (`None` for a text without a file):
    /// good, or bad with its problem. A read error of the input itself
    /// is not a game: it is returned for the caller to report.
    ///
    /// # Errors
    ///
    /// The input could not be read ([`PdnErrorKind::Io`]).
    pub fn add(
        &mut self,
        game: Result<PdnGame, PdnError>,
        file: Option<&str>,
    ) -> Result<(), PdnError> {
        match game {
            Ok(_) => self.games += 1,
            Err(e) if matches!(e.kind, PdnErrorKind::Io(_)) => return Err(e),
            Err(e) => {
                self.games += 1;
                self.invalid += 1;
                self.problems.push(PdnProblem {
                    file: file.map(str::to_owned),
                    line: e.line,
                    column: e.column,
                    message: e.message(),
                });
            }
        }
        Ok(())
    }
}

/// Checks every game of a PDN text.
///
/// # Errors
///
/// The text could not be read ([`PdnErrorKind::Io`]).
pub fn check(text: &[u8]) -> Result<PdnCheck, PdnError> {
    let mut result = PdnCheck::default();
    for game in PdnReader::new(text) {
        result.add(game, None)?;
    }
    Ok(result)
}

/// Every game of a PDN text in its JSON form, or its problem in its
/// place.
///
/// # Errors
///
/// The text could not be read ([`PdnErrorKind::Io`]).
pub fn games(text: &[u8]) -> Result<Vec<PdnGameJson>, PdnError> {
    PdnReader::new(text)
        .map(|game| match game {
            Ok(game) => Ok(PdnGameJson::Game(Box::new(game))),
            Err(e) if matches!(e.kind, PdnErrorKind::Io(_)) => Err(e),
            Err(e) => Ok(PdnGameJson::Error(PdnGameError::of(&e))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Event \"a\"]\n1. c3-c4 f6-f5 *\n\n[Event \"b\"]\n1. c3-c9 *\n";

    #[test]
    fn a_check_counts_the_games_and_places_each_problem() {
        let c = check(TWO.as_bytes()).unwrap();
        assert_eq!((c.games, c.invalid, c.problems.len()), (2, 1, 1));
        assert_eq!(
            (c.problems[0].line, c.problems[0].file.as_deref()),
            (5, None)
        );
        let json = serde_json::to_string(&c).unwrap();
        assert!(
            json.starts_with(r#"{"games":2,"invalid":1,"problems":[{"line":5,"column":"#),
            "{json}"
        );
    }

    #[test]
    fn a_bad_game_stands_in_its_place() {
        let g = games(TWO.as_bytes()).unwrap();
        assert!(matches!(g[0], PdnGameJson::Game(_)));
        let json = serde_json::to_string(&g[1]).unwrap();
        assert!(
            json.starts_with(r#"{"error":""#) && json.contains(r#""line":5,"column":"#),
            "{json}"
        );
    }
}
