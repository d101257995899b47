//! Errors of reading a game record, each with a line and column.

use core::fmt;

use tama_core::Termination;

use super::GameResult;
use crate::movetext::{MoveTextError, ResolveError};

/// A game record that could not be read: where, and what is wrong.
///
/// `Display` gives `line L, column C: message`, with a message meant for a
/// person, e.g. `line 12, column 7: illegal move c3-c5: c3 can move to c4,
/// b4, d4`. Lines and columns are 1-based; columns count characters. An
/// error with line 0 has no place in a text (it came from a game built in
/// memory or read from JSON), and `Display` shows the message alone.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PdnError {
    /// The 1-based line.
    pub line: usize,
    /// The 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

impl PdnError {
    pub(crate) fn new(line: usize, column: usize, kind: PdnErrorKind) -> PdnError {
        PdnError { line, column, kind }
    }

    /// The message without the position.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for PdnError {}

/// What is wrong with a game record.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// The input could not be read (the message of the I/O error).
    Io(String),
    /// A byte sequence that is not UTF-8 (its first byte).
    InvalidUtf8(u8),
    /// A character that cannot stand here.
    UnexpectedChar(char),
    /// A word that is neither a move number, a move nor a result.
    UnexpectedToken(String),
    /// A token longer than the reader accepts.
    TooLong {
        /// What kind of token (`comment`, `tag value`, …).
        what: &'static str,
        /// The limit in bytes.
        limit: usize,
    },
    /// A malformed tag (the message says how).
    BadTag(String),
    /// A tag given twice.
    DuplicateTag(String),
    /// A tag whose value this program cannot use.
    BadTagValue {
        /// The tag name.
        tag: String,
        /// Why.
        message: String,
    },
    /// A `{` without its `}`.
    UnterminatedComment,
    /// A `(` without its `)`.
    UnterminatedVariation,
    /// A `)` without a `(`.
    UnmatchedClose,
    /// `( )` with no move in it.
    EmptyVariation,
    /// A variation, NAG or strength mark before the first move of a line.
    BeforeFirstMove(&'static str),
    /// A `$` not followed by a number from 0 to 255.
    BadNag(String),
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH).
    TooDeep(usize),
    /// The movetext ends without a result token.
    MissingResult {
        /// Whether a new game's tags follow (else the input ended).
        next_game: bool,
    },
    /// A word that looks like a move but is not move text.
    BadMove {
        /// The word.
        token: String,
        /// Why it is not move text.
        error: MoveTextError,
    },
    /// A move that no legal move matches, or several do.
    Resolve(ResolveError),
    /// A move after the game ended on the board.
    GameOver(Termination),
    /// The `Result` tag and the result token differ.
    ResultTagMismatch {
        /// The result token.
        token: GameResult,
        /// The `Result` tag.
        tag: GameResult,
    },
    /// The game ended on the board with another result than the one given.
    ResultMismatch {
        /// The result given.
        given: GameResult,
        /// The result the final position gives.
        expected: GameResult,
        /// Why the game is over, e.g. `White has no legal move`.
        reason: String,
    },
    /// A game larger than [`MAX_GAME_BYTES`](super::MAX_GAME_BYTES).
    GameTooLarge(usize),
    /// The text holds no game (where exactly one was expected).
    NoGame,
    /// The text holds more than one game (where exactly one was expected).
    ExtraGame,
    /// A game given as JSON that does not make a game record (the message
    /// says why).
    Json(String),
}

impl fmt::Display for PdnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PdnErrorKind as K;
        match self {
            K::Io(m) => write!(f, "read error: {m}"),
            K::InvalidUtf8(b) => write!(
                f,
                "invalid UTF-8 (byte 0x{b:02x}): game records must be UTF-8 text"
            ),
            K::UnexpectedChar(c) => write!(f, "unexpected character `{}`", c.escape_debug()),
            K::UnexpectedToken(t) => write!(
                f,
                "unexpected `{}`: not a move number, a move (like c3-c4) or a result",
                t.escape_debug()
            ),
            K::TooLong { what, limit } => write!(f, "{what} longer than {limit} bytes"),
            K::BadTag(m) => write!(f, "bad tag: {m}"),
            K::DuplicateTag(n) => write!(f, "tag {n} is given twice"),
            K::BadTagValue { tag, message } => write!(f, "bad {tag} tag: {message}"),
            K::UnterminatedComment => f.write_str("comment `{` is never closed with `}`"),
            K::UnterminatedVariation => f.write_str("variation `(` is never closed with `)`"),
            K::UnmatchedClose => f.write_str("`)` without an open variation"),
            K::EmptyVariation => f.write_str("empty variation: `(` … `)` holds no move"),
            K::BeforeFirstMove(what) => write!(
                f,
                "{what} before the first move of the line (it belongs after a move)"
            ),
            K::BadNag(t) => write!(f, "bad NAG `{t}`: expected `$` and a number from 0 to 255"),
            K::TooDeep(n) => write!(f, "variations nested deeper than {n} levels"),
            K::MissingResult { next_game: true } => f.write_str(
                "the game has no result token (1-0, 0-1, 1/2-1/2 or *) before the next game",
            ),
            K::MissingResult { next_game: false } => f.write_str(
                "the input ends before the game's result token (1-0, 0-1, 1/2-1/2 or *)",
            ),
            K::BadMove { token, error } => write!(
                f,
                "`{}` is not a move: {}",
                token.escape_debug(),
                without_column(&error.to_string())
            ),
            K::Resolve(e) => write!(f, "{e}"),
            K::GameOver(t) => write!(f, "the game was already over ({t}) before this move"),
            K::ResultTagMismatch { token, tag } => write!(
                f,
                "result {token} does not match the Result tag \"{tag}\""
            ),
            K::ResultMismatch {
                given,
                expected,
                reason,
            } => write!(
                f,
                "result {given} does not agree with the final position: {reason}, so the result is {expected}"
            ),
            K::GameTooLarge(n) => write!(f, "game record larger than {n} bytes"),
            K::NoGame => f.write_str("no game in the text"),
            K::ExtraGame => f.write_str("more than one game in the text"),
            K::Json(m) => f.write_str(m),
        }
    }
}

/// The message of an error whose `Display` starts with `column N: ` (the
/// column is given as a place in the file instead).
pub(crate) fn without_column(msg: &str) -> String {
    if let Some(rest) = msg.strip_prefix("column ") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            if let Some(tail) = rest[digits..].strip_prefix(": ") {
                return tail.to_string();
            }
        }
    }
    msg.to_string()
}
