//! Errors with the library's messages, named by their class.

use std::fmt;

use tama_core::Color;
use tama_notation::{FenError, FenErrorKind, ParseMoveError};
use wasm_bindgen::JsValue;

/// What went wrong, as the JavaScript package reports it: the class
/// (`name`, e.g. `FenError`) and the library's message, which names the
/// problem and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    name: &'static str,
    message: String,
    /// Where in the text (1-based), for text that cannot be read.
    column: Option<usize>,
    /// The line of a PDN text (1-based).
    line: Option<usize>,
    /// What else the page needs to say it in its own words: for a
    /// `FenError`, `kind` (the problem's word, [`fen_kind`]), `token` (the
    /// text at the column) and, for the problems of one side, `color`.
    details: Vec<(&'static str, String)>,
}

/// The word of a position text's problem, as the JavaScript `FenError`
/// carries it in `kind` (the page's catalogue has a text for each, so the
/// message is said in the page's language), and the side it is about.
fn fen_kind(kind: FenErrorKind) -> (&'static str, Option<Color>) {
    match kind {
        FenErrorKind::Empty => ("empty", None),
        FenErrorKind::MissingTurn => ("missing-turn", None),
        FenErrorKind::UnknownTurn => ("unknown-turn", None),
        FenErrorKind::UnknownSection => ("unknown-section", None),
        FenErrorKind::EmptySection => ("empty-section", None),
        FenErrorKind::DuplicateSection => ("duplicate-section", None),
        FenErrorKind::EmptyPiece => ("empty-piece", None),
        FenErrorKind::UnknownSquare => ("unknown-square", None),
        FenErrorKind::DuplicateSquare => ("duplicate-square", None),
        FenErrorKind::TooManyPieces(c) => ("too-many-pieces", Some(c)),
        FenErrorKind::ManOnPromotionRank(c) => ("man-on-promotion-rank", Some(c)),
        FenErrorKind::BadCounter => ("bad-counter", None),
    }
}

impl Error {
    /// An error of class `name` (one of the package's error classes, or a
    /// JavaScript built-in such as `RangeError`).
    pub(crate) fn new(name: &'static str, message: impl Into<String>) -> Error {
        Error {
            name,
            message: message.into(),
            column: None,
            line: None,
            details: Vec::new(),
        }
    }

    /// The same error, placed at `line` and `column` of its text.
    pub(crate) fn at(mut self, line: Option<usize>, column: usize) -> Error {
        self.line = line;
        self.column = Some(column);
        self
    }

    /// The same error, placed on `line` of its text (a whole line).
    pub(crate) fn on_line(mut self, line: usize) -> Error {
        self.line = Some(line);
        self
    }

    /// Position text that cannot be read.
    pub(crate) fn fen(e: &FenError) -> Error {
        let mut error = Error::new("FenError", format!("position text: {e}")).at(None, e.column);
        let (kind, color) = fen_kind(e.kind);
        error.details.push(("kind", kind.to_owned()));
        error.details.push(("token", e.token.clone()));
        if let Some(color) = color {
            let word = match color {
                Color::White => "white",
                Color::Black => "black",
            };
            error.details.push(("color", word.to_owned()));
        }
        error
    }

    /// Move text that is not move text (`MoveTextError`) or names no legal
    /// move, or several (`IllegalMoveError`).
    pub(crate) fn move_text(e: &ParseMoveError) -> Error {
        match e {
            ParseMoveError::Syntax(s) => {
                Error::new("MoveTextError", format!("move text: {s}")).at(None, s.column)
            }
            ParseMoveError::Resolve(r) => Error::new("IllegalMoveError", r.to_string()),
        }
    }

    /// A request's field that cannot be read, worded as the package words
    /// its errors: `position text: …`, `rules text: …`, `move text: …`,
    /// the field first for a move of a list (`moves[3]: move text: …`).
    pub(crate) fn request(e: tama_api::RequestError) -> Error {
        use tama_api::ErrorKind;
        if let Some(fen) = &e.fen_error {
            return Error::fen(fen);
        }
        let (name, text) = match e.kind {
            ErrorKind::Fen => ("FenError", format!("position text: {}", e.detail)),
            ErrorKind::Rules => ("RulesError", format!("rules text: {}", e.detail)),
            ErrorKind::MoveText => ("MoveTextError", format!("move text: {}", e.detail)),
            ErrorKind::IllegalMove => ("IllegalMoveError", e.detail),
            ErrorKind::Range => ("RangeError", e.message),
            ErrorKind::Shape => ("TypeError", e.message),
        };
        let text = match e.field.strip_prefix("moves") {
            Some(index) if index.starts_with('[') => format!("{}: {text}", e.field),
            _ => text,
        };
        let error = Error::new(name, text);
        match e.column {
            Some(c) => error.at(None, c),
            None => error,
        }
    }

    /// A number outside its range.
    pub(crate) fn range(message: impl Into<String>) -> Error {
        Error::new("RangeError", message)
    }

    /// The class: `FenError`, `MoveTextError`, `RulesError`,
    /// `IllegalMoveError`, `PdnError`, `RangeError` or `TypeError`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where in the text the problem is (1-based), when the input was text.
    pub fn column(&self) -> Option<usize> {
        self.column
    }

    /// The detail `key` (`kind`, `token`, `color` of a `FenError`).
    #[cfg(test)]
    pub(crate) fn detail(&self, key: &str) -> Option<&str> {
        self.details
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

impl std::error::Error for Error {}

/// A JavaScript `Error` with the class's name, the message, the `line`
/// and `column` where the text had them, and the details (`kind`,
/// `token`, `color`).
impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        let js = js_sys::Error::new(&e.message);
        js.set_name(e.name);
        let js = JsValue::from(js);
        for (key, value) in [("line", e.line), ("column", e.column)] {
            if let Some(v) = value {
                // Setting a property of a fresh Error object cannot fail.
                let _ = js_sys::Reflect::set(&js, &key.into(), &(v as f64).into());
            }
        }
        for (key, value) in &e.details {
            let _ = js_sys::Reflect::set(&js, &(*key).into(), &value.as_str().into());
        }
        js
    }
}

#[cfg(test)]
mod tests {
    use crate::Board;

    #[test]
    fn a_position_texts_problem_carries_its_kind_token_and_side() {
        let e = Board::create(Some("W:Wc3,z9:Bb6"), "").unwrap_err();
        assert_eq!(e.name(), "FenError");
        assert_eq!(e.column(), Some(7));
        assert_eq!(e.detail("kind"), Some("unknown-square"));
        assert_eq!(e.detail("token"), Some("z9"));
        assert_eq!(e.detail("color"), None);
        let e = Board::create(Some("W:Wc3,b8:Bb6"), "").unwrap_err();
        assert_eq!(e.detail("kind"), Some("man-on-promotion-rank"));
        assert_eq!(e.detail("color"), Some("white"));
        let e = Board::create(Some("X:Wc3"), "").unwrap_err();
        assert_eq!(e.detail("kind"), Some("unknown-turn"));
        // Other classes have no details.
        let e = Board::create(None, "armenian,removal=sometimes").unwrap_err();
        assert_eq!(e.detail("kind"), None);
    }
}
