//! A request's game: the position text (`fen`), the rules (`rules`) and
//! the moves played from it (`moves`), read into a `tama_core::Game` the
//! same way by every front end, with one error that names the field and,
//! for text, the column.
//!
//! ```
//! use tama_api::GameSpec;
//!
//! let spec: GameSpec = serde_json::from_str(r#"{"moves": ["c3-c4", "f6-f5"]}"#).unwrap();
//! assert_eq!(spec.game().unwrap().moves().len(), 2);
//!
//! let bad = GameSpec { moves: vec!["c3-c4".into(), "c4-c5".into()], ..GameSpec::default() };
//! let e = bad.game().unwrap_err();
//! assert_eq!(e.field, "moves[1]");
//! assert!(e.to_string().starts_with("invalid moves[1]: "));
//! ```

use core::fmt;

use tama_core::{Game, Move, Position, Rules};
use tama_notation::{parse_fen, parse_move, parse_rules, FenError, ParseMoveError};

use crate::bounds::MAX_HISTORY;

/// What kind of input a [`RequestError`] is about; front ends name their
/// error classes after it (the JavaScript package's `FenError`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A body or request that is not of the expected shape.
    Shape,
    /// Position text (FEN) that cannot be read.
    Fen,
    /// Rules text that cannot be read.
    Rules,
    /// Text that is not move text.
    MoveText,
    /// Move text that names no legal move, or several, or a move after
    /// the end of the game.
    IllegalMove,
    /// A number outside its range, or too many of something.
    Range,
}

/// A request that cannot be served: the field it is about (`fen`,
/// `moves[3]`, `clock.white`, `multipv`), the message naming the problem
/// (`invalid moves[3]: …`), and the 1-based column in the field's text
/// when the field is text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    /// The kind of input.
    pub kind: ErrorKind,
    /// The field, as the request names it.
    pub field: String,
    /// The whole message, naming the field and the problem.
    pub message: String,
    /// The problem alone, as the reader of the field's text words it
    /// (the message without `invalid moves[3]: `).
    pub detail: String,
    /// Where in the field's text (1-based), for text that cannot be read.
    pub column: Option<usize>,
    /// The position text's own error, for [`ErrorKind::Fen`]: its kind
    /// and token, which a front end may word in its reader's language.
    pub fen_error: Option<Box<FenError>>,
}

impl RequestError {
    /// An error of `kind` about `field`.
    pub fn new(kind: ErrorKind, field: impl Into<String>, message: impl Into<String>) -> Self {
        let message = message.into();
        RequestError {
            kind,
            field: field.into(),
            detail: message.clone(),
            message,
            column: None,
            fen_error: None,
        }
    }

    /// An error about the text of `field`: the message is `invalid
    /// {field}: {detail}`.
    pub fn invalid(kind: ErrorKind, field: &str, detail: impl fmt::Display) -> Self {
        let detail = detail.to_string();
        RequestError {
            kind,
            field: field.to_owned(),
            message: format!("invalid {field}: {detail}"),
            detail,
            column: None,
            fen_error: None,
        }
    }

    /// A number of `field` outside its range.
    pub fn range(field: impl Into<String>, message: impl Into<String>) -> Self {
        RequestError::new(ErrorKind::Range, field, message)
    }

    /// The same error at `column` of the field's text.
    #[must_use]
    pub fn at(mut self, column: usize) -> Self {
        self.column = Some(column);
        self
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RequestError {}

/// An error as the servers answer it: `{"error": "…"}`, with `"column"`
/// where the error is in a field's text.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ErrorBody {
    /// What is wrong, naming the field.
    pub error: String,
    /// Where in the field's text (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl ErrorBody {
    /// An error with no column.
    pub fn new(error: impl Into<String>) -> Self {
        ErrorBody {
            error: error.into(),
            column: None,
        }
    }
}

impl From<&RequestError> for ErrorBody {
    fn from(e: &RequestError) -> Self {
        ErrorBody {
            error: e.message.clone(),
            column: e.column,
        }
    }
}

/// The game a request is about: a position (the start position when
/// absent or blank), the rules (`armenian` when absent or blank) and the
/// moves played from it. Text fields are read without their surrounding
/// white space; a column still counts from the start of what was sent.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub struct GameSpec {
    /// Position text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Rules text: a preset and switches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Move texts, played in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

impl GameSpec {
    /// The game: its position is the one the request is about, its
    /// earlier positions count for repetition.
    ///
    /// # Errors
    ///
    /// A bad `fen`, `rules` or move (`moves[i]`, `i` from 0), a move after
    /// the end of the game, or more than [`MAX_HISTORY`] moves.
    pub fn game(&self) -> Result<Game, RequestError> {
        game(self.fen.as_deref(), self.rules.as_deref(), &self.moves)
    }
}

/// `text` without surrounding white space, and how many characters were
/// cut in front; `None` when nothing is left.
fn trimmed(text: &str) -> Option<(&str, usize)> {
    let start = text.trim_start();
    let cut = text[..text.len() - start.len()].chars().count();
    let t = start.trim_end();
    (!t.is_empty()).then_some((t, cut))
}

/// The position text, or the start position (absent or blank).
///
/// # Errors
///
/// [`ErrorKind::Fen`] with the reader's message and column.
pub fn position(fen: Option<&str>) -> Result<Position, RequestError> {
    match fen.and_then(trimmed) {
        None => Ok(Position::start()),
        Some((text, cut)) => parse_fen(text).map(|f| f.position).map_err(|e| {
            let column = e.column + cut;
            let mut error = RequestError::invalid(ErrorKind::Fen, "fen", &e).at(column);
            error.fen_error = Some(Box::new(FenError { column, ..e }));
            error
        }),
    }
}

/// The rules text, or `armenian` (absent or blank).
///
/// # Errors
///
/// [`ErrorKind::Rules`] with the reader's message and column.
pub fn rules(text: Option<&str>) -> Result<Rules, RequestError> {
    match text.and_then(trimmed) {
        None => Ok(Rules::ARMENIAN),
        Some((text, cut)) => parse_rules(text)
            .map_err(|e| RequestError::invalid(ErrorKind::Rules, "rules", &e).at(e.column + cut)),
    }
}

/// Reads one move text in `pos`; `field` names it in the error (`move`,
/// `moves[3]`).
///
/// # Errors
///
/// [`ErrorKind::MoveText`] (with the column in the move text) or
/// [`ErrorKind::IllegalMove`]: no legal move, or several.
pub fn one_move(
    text: &str,
    pos: &Position,
    rules: &Rules,
    field: &str,
) -> Result<Move, RequestError> {
    parse_move(text, pos, rules).map_err(|e| match &e {
        ParseMoveError::Syntax(s) => {
            RequestError::invalid(ErrorKind::MoveText, field, s).at(s.column)
        }
        ParseMoveError::Resolve(_) => RequestError::invalid(ErrorKind::IllegalMove, field, &e),
    })
}

/// The game from `fen` (or the start position) with `moves` played, under
/// `rules` (or `armenian`).
///
/// # Errors
///
/// As [`GameSpec::game`].
pub fn game(
    fen: Option<&str>,
    rules_text: Option<&str>,
    moves: &[String],
) -> Result<Game, RequestError> {
    let start = position(fen)?;
    let rules = rules(rules_text)?;
    if moves.len() > MAX_HISTORY {
        return Err(RequestError::range(
            "moves",
            format!("too many moves: {} (at most {MAX_HISTORY})", moves.len()),
        ));
    }
    let mut game = Game::from_position(rules, start);
    for (i, text) in moves.iter().enumerate() {
        let field = format!("moves[{i}]");
        if let Some(outcome) = game.outcome() {
            return Err(RequestError::invalid(
                ErrorKind::IllegalMove,
                &field,
                format_args!("the game is over ({outcome})"),
            ));
        }
        let mv = one_move(text, game.position(), &rules, &field)?;
        game.play(&mv)
            .map_err(|e| RequestError::invalid(ErrorKind::IllegalMove, &field, e))?;
    }
    Ok(game)
}

/// Splits a list of moves given as one text (a query parameter): move
/// texts separated by commas or white space.
pub fn split_moves(text: Option<&str>) -> Vec<String> {
    text.map(|t| {
        t.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_split_on_commas_and_spaces() {
        assert_eq!(
            split_moves(Some("c3-c4, f6-f5 d3xd5,,")),
            ["c3-c4", "f6-f5", "d3xd5"]
        );
        assert!(split_moves(Some("")).is_empty());
        assert!(split_moves(None).is_empty());
    }

    #[test]
    fn a_game_names_the_bad_field() {
        let ok = game(None, None, &["c3-c4".into(), "f6-f5".into()]).unwrap();
        assert_eq!(ok.moves().len(), 2);
        let e = game(None, None, &["c3-c4".into(), "c4-c5".into()]).unwrap_err();
        assert!(e.message.starts_with("invalid moves[1]: "), "{e}");
        assert_eq!(
            (e.kind, e.field.as_str(), e.column),
            (ErrorKind::IllegalMove, "moves[1]", None)
        );
        let e = game(None, None, &["c3-".into()]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MoveText);
        assert!(e.column.is_some());
        let e = game(None, Some("armenian,"), &[]).unwrap_err();
        assert!(e.message.starts_with("invalid rules: "), "{e}");
        assert_eq!((e.kind, e.field.as_str()), (ErrorKind::Rules, "rules"));
        assert!(e.column.is_some());
        let e = game(Some("W:Wa2:Ba3,a4,b2,b3,c2,Kh8"), None, &["a2-a3".into()]).unwrap_err();
        assert!(e.message.contains("the game is over (black wins"), "{e}");
        let many = vec!["c3-c4".to_string(); MAX_HISTORY + 1];
        assert_eq!(game(None, None, &many).unwrap_err().kind, ErrorKind::Range);
    }

    #[test]
    fn blank_text_is_the_default_and_columns_count_what_was_sent() {
        assert_eq!(position(Some("  ")).unwrap(), Position::start());
        assert_eq!(rules(Some("")).unwrap(), Rules::ARMENIAN);
        assert_eq!(rules(Some(" turkish ")).unwrap(), Rules::TURKISH);
        let plain = position(Some("W:Wz9")).unwrap_err();
        let padded = position(Some("   W:Wz9")).unwrap_err();
        assert_eq!(plain.kind, ErrorKind::Fen);
        assert_eq!(plain.fen_error.as_ref().unwrap().token, "z9");
        assert_eq!(padded.fen_error.unwrap().column, padded.column.unwrap());
        assert_eq!(padded.column.unwrap(), plain.column.unwrap() + 3);
    }

    #[test]
    fn a_spec_reads_from_json_with_every_field_optional() {
        let spec: GameSpec = serde_json::from_str("{}").unwrap();
        assert_eq!(spec, GameSpec::default());
        assert_eq!(spec.game().unwrap().position(), &Position::start());
        let spec: GameSpec =
            serde_json::from_str(r#"{"rules": "turkish", "moves": ["c3-c4"]}"#).unwrap();
        let g = spec.game().unwrap();
        assert_eq!(g.rules(), &Rules::TURKISH);
        assert_eq!(
            serde_json::to_string(&spec).unwrap(),
            r#"{"rules":"turkish","moves":["c3-c4"]}"#
        );
    }
}
