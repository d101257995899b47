//! Errors with the library's messages, named by their class.

use std::fmt;

use tama_notation::ParseMoveError;
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
        }
    }

    /// The same error, placed at `line` and `column` of its text.
    pub(crate) fn at(mut self, line: Option<usize>, column: usize) -> Error {
        self.line = line;
        self.column = Some(column);
        self
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
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

impl std::error::Error for Error {}

/// A JavaScript `Error` with the class's name, the message, and the
/// `line` and `column` where the text had them.
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
        js
    }
}
