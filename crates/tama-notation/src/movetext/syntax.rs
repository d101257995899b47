//! The syntax of move text: [`MoveText`] and its parser, without a
//! position.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use tama_core::Square;

use crate::rules_text::column_of;

/// The most squares a move text holds: the start square and one landing
/// square for each of at most 16 captured pieces.
pub const MAX_SQUARES: usize = 17;

/// A strength mark after a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Annotation {
    /// `!`, a good move (NAG `$1`).
    Good,
    /// `?`, a mistake (NAG `$2`).
    Mistake,
    /// `!!`, a brilliant move (NAG `$3`).
    Brilliant,
    /// `??`, a blunder (NAG `$4`).
    Blunder,
    /// `!?`, an interesting move (NAG `$5`).
    Interesting,
    /// `?!`, a dubious move (NAG `$6`).
    Dubious,
}

impl Annotation {
    /// Every annotation, in NAG order.
    pub const ALL: [Annotation; 6] = [
        Annotation::Good,
        Annotation::Mistake,
        Annotation::Brilliant,
        Annotation::Blunder,
        Annotation::Interesting,
        Annotation::Dubious,
    ];

    /// The mark as written: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Interesting => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The mark for a text, if it is one of the six.
    pub fn from_mark(mark: &str) -> Option<Annotation> {
        Annotation::ALL.into_iter().find(|a| a.as_str() == mark)
    }

    /// The numeric annotation glyph (`$1` … `$6`) of the mark.
    pub const fn nag(self) -> u8 {
        self as u8 + 1
    }

    /// The mark for a numeric annotation glyph `$1` … `$6`.
    pub fn from_nag(nag: u8) -> Option<Annotation> {
        Annotation::ALL
            .get(usize::from(nag).checked_sub(1)?)
            .copied()
    }
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Move text as written, without a position: 2 to 17 squares, whether it
/// was written as a capture (`x` or `:`), and an optional [`Annotation`].
///
/// Fixed-size and `Copy`. `Display` writes it normalized: lower-case
/// squares joined by `x` for a capture or `-` otherwise, then the mark.
#[derive(Clone, Copy)]
pub struct MoveText {
    pub(super) squares: [Square; MAX_SQUARES],
    pub(super) len: u8,
    pub(super) capture: bool,
    pub(super) annotation: Option<Annotation>,
}

impl MoveText {
    /// Move text with these squares (start square first), or `None` when
    /// there are fewer than 2 or more than [`MAX_SQUARES`].
    pub fn new(squares: &[Square], capture: bool) -> Option<MoveText> {
        if !(2..=MAX_SQUARES).contains(&squares.len()) {
            return None;
        }
        let mut text = MoveText {
            squares: [Square::A1; MAX_SQUARES],
            len: squares.len() as u8,
            capture,
            annotation: None,
        };
        text.squares[..squares.len()].copy_from_slice(squares);
        Some(text)
    }

    /// The same text with this annotation.
    #[must_use]
    pub const fn with_annotation(mut self, annotation: Option<Annotation>) -> MoveText {
        self.annotation = annotation;
        self
    }

    /// The written squares, start square first.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// The start square.
    pub fn from(&self) -> Square {
        self.squares[0]
    }

    /// The end square (the last written square).
    pub fn to(&self) -> Square {
        self.squares[self.len as usize - 1]
    }

    /// Whether it was written as a capture (with `x` or `:`).
    pub const fn is_capture(&self) -> bool {
        self.capture
    }

    /// The strength mark, if any.
    pub const fn annotation(&self) -> Option<Annotation> {
        self.annotation
    }
}

impl PartialEq for MoveText {
    fn eq(&self, other: &MoveText) -> bool {
        self.squares() == other.squares()
            && self.capture == other.capture
            && self.annotation == other.annotation
    }
}

impl Eq for MoveText {}

impl Hash for MoveText {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.squares().hash(state);
        self.capture.hash(state);
        self.annotation.hash(state);
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { "x" } else { "-" };
        for (i, sq) in self.squares().iter().enumerate() {
            if i > 0 {
                f.write_str(sep)?;
            }
            write!(f, "{sq}")?;
        }
        if let Some(a) = self.annotation {
            f.write_str(a.as_str())?;
        }
        Ok(())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveText({self})")
    }
}

/// What is wrong with a move text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveTextErrorKind {
    /// The text is empty (or only spaces).
    Empty,
    /// Something other than a square where a square must stand (the token
    /// is empty at the end of the text).
    ExpectedSquare,
    /// A file letter and rank digits that are not a square (`i9`, `a0`).
    UnknownSquare,
    /// A character that is neither a separator (`-`, `x`, `:`) nor the start
    /// of a square after a square.
    UnexpectedCharacter,
    /// Only one square.
    TooFewSquares,
    /// More than [`MAX_SQUARES`] squares; the token is the first extra one.
    TooManySquares,
    /// Strength marks other than `!`, `?`, `!!`, `??`, `!?`, `?!`.
    UnknownAnnotation,
}

/// A move text that could not be read.
///
/// `Display` gives the column and what is wrong: `column 4: unknown square
/// `i9``.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveTextError {
    /// What is wrong.
    pub kind: MoveTextErrorKind,
    /// The 1-based character column of the offending token.
    pub column: usize,
    /// The offending token, as written.
    pub token: String,
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        let token = &self.token;
        match self.kind {
            MoveTextErrorKind::Empty => {
                f.write_str("empty move text: expected a move such as `c3-c4` or `c3xe3`")
            }
            MoveTextErrorKind::ExpectedSquare if token.is_empty() => {
                f.write_str("expected a square (a1 to h8), found the end of the move")
            }
            MoveTextErrorKind::ExpectedSquare => {
                write!(f, "expected a square (a1 to h8), found `{token}`")
            }
            MoveTextErrorKind::UnknownSquare => write!(f, "unknown square `{token}`"),
            MoveTextErrorKind::UnexpectedCharacter => write!(
                f,
                "unexpected `{token}`: expected `-`, `x` or `:` and the next square"
            ),
            MoveTextErrorKind::TooFewSquares => write!(
                f,
                "a move needs a start and an end square, found only `{token}`"
            ),
            MoveTextErrorKind::TooManySquares => write!(
                f,
                "too many squares: a move visits at most {MAX_SQUARES} (`{token}` is one more)"
            ),
            MoveTextErrorKind::UnknownAnnotation => write!(
                f,
                "unknown annotation `{token}`: expected one of !, ?, !!, ??, !?, ?!"
            ),
        }
    }
}

impl std::error::Error for MoveTextError {}

impl FromStr for MoveText {
    type Err = MoveTextError;

    /// Reads move text: squares in any case, separated by `-`, `x`, `:` or
    /// nothing, then an optional strength mark. Spaces around the whole
    /// text and before the mark are ignored.
    ///
    /// # Errors
    ///
    /// [`MoveTextError`] with the column of the offending token.
    fn from_str(s: &str) -> Result<MoveText, MoveTextError> {
        let error = |kind, token: &str| MoveTextError {
            kind,
            column: column_of(s, token),
            token: token.to_string(),
        };
        let trimmed = s.trim();
        if trimmed.is_empty() {
            return Err(MoveTextError {
                kind: MoveTextErrorKind::Empty,
                column: 1,
                token: String::new(),
            });
        }
        let unmarked = trimmed.trim_end_matches(['!', '?']);
        let marks = &trimmed[unmarked.len()..];
        let annotation = if marks.is_empty() {
            None
        } else {
            Some(
                Annotation::from_mark(marks)
                    .ok_or_else(|| error(MoveTextErrorKind::UnknownAnnotation, marks))?,
            )
        };
        let body = unmarked.trim_end();
        if body.is_empty() {
            return Err(error(MoveTextErrorKind::ExpectedSquare, marks));
        }

        let mut squares = [Square::A1; MAX_SQUARES];
        let mut len = 0usize;
        let mut capture = false;
        let mut rest = body;
        loop {
            // A square: one letter, then the digits after it.
            let mut chars = rest.chars();
            let Some(letter) = chars.next() else {
                return Err(error(MoveTextErrorKind::ExpectedSquare, rest));
            };
            if !letter.is_ascii_alphabetic() {
                let token = &rest[..letter.len_utf8()];
                return Err(error(MoveTextErrorKind::ExpectedSquare, token));
            }
            let digits = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| i + 1);
            let token = &rest[..digits];
            if digits == 1 {
                return Err(error(MoveTextErrorKind::ExpectedSquare, token));
            }
            let square: Square = token
                .parse()
                .map_err(|_| error(MoveTextErrorKind::UnknownSquare, token))?;
            if len == MAX_SQUARES {
                return Err(error(MoveTextErrorKind::TooManySquares, token));
            }
            squares[len] = square;
            len += 1;
            rest = &rest[digits..];
            // A separator, or the next square directly.
            match rest.chars().next() {
                None => break,
                Some('-') => rest = &rest[1..],
                Some('x' | 'X' | ':') => {
                    capture = true;
                    rest = &rest[1..];
                }
                Some(c) if c.is_ascii_alphabetic() => {}
                Some(c) => {
                    let token = &rest[..c.len_utf8()];
                    return Err(error(MoveTextErrorKind::UnexpectedCharacter, token));
                }
            }
        }
        if len < 2 {
            return Err(error(MoveTextErrorKind::TooFewSquares, body));
        }
        Ok(MoveText {
            squares,
            len: len as u8,
            capture,
            annotation,
        })
    }
}
