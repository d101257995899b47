//! Move text: `a3-a4`, `c3xe5`, `c3xc5xe5` (NOTATION.md, "Move text").
//!
//! Notation is syntax; meaning needs a position. [`MoveText`] is what was
//! written (squares, separator, annotation) and is read without a position;
//! [`MoveText::resolve`] finds the one legal move it names in a position.
//! [`parse_move`] does both, [`write_move`] writes the canonical form.
//!
//! ```
//! use tama_core::{Rules, Square};
//! use tama_notation::{parse_fen, parse_move, write_move, Annotation, MoveText};
//!
//! // Syntax only: any case, `-`, `x`, `:` or no separator, strength marks.
//! let text: MoveText = "C3xC5:e5!?".parse().unwrap();
//! assert_eq!(text.squares(), &[Square::C3, Square::C5, Square::E5]);
//! assert_eq!(text.annotation(), Some(Annotation::Interesting));
//! assert_eq!(text.to_string(), "c3xc5xe5!?");
//!
//! // Meaning: resolve against a position.
//! let pos = parse_fen("B:Wd2,c4,b3,c2:BKd1").unwrap().position;
//! let rules = Rules::ARMENIAN;
//! let mv = parse_move("d1xd4xb4xb2xf2", &pos, &rules).unwrap();
//! assert_eq!(mv.capture_count(), 4);
//! // Start and end square are enough when no other legal move shares them.
//! assert_eq!(write_move(&pos, &rules, &mv), "d1xf2");
//!
//! let err = parse_move("d1-d3", &pos, &rules).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "illegal move d1-d3: the legal moves from d1 are d1xd2, d1xe2, d1xf2, d1xg2, d1xh2"
//! );
//! ```
//!
//! # Reading
//!
//! The first written square is the start square and the last one the end
//! square. A capture may give any subset of its landing squares in between,
//! in order: the text names a legal move when the written squares lie, in
//! order, on some capture path with that move's effect
//! ([`Position::paths`]). The separator does not decide: `c3-e3` may name a
//! capture and `a3xa4` a quiet move, since capturing is compulsory and the
//! squares alone always tell which kind of move is meant.
//!
//! # Writing
//!
//! A quiet move is `from-to`. A capture is `fromxto` when no other legal
//! move has the same start and end square; otherwise it is written with
//! one square per jump (PDN 3.0): the landing square where the capture
//! changes direction, and, where two captures follow in one direction, the
//! square right behind the first captured piece. Should even that match
//! more than one legal move, every landing square of a path is written.
//! Every written form is checked to read back to the same move.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use tama_core::{Bitboard, Move, Position, Rules, Square};

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
    squares: [Square; MAX_SQUARES],
    len: u8,
    capture: bool,
    annotation: Option<Annotation>,
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

    /// The canonical text of `mv` in `pos` (see the [module docs](self));
    /// the same as [`write_move`], without the annotation.
    pub fn from_move(pos: &Position, rules: &Rules, mv: &Move) -> MoveText {
        if !mv.is_capture() {
            return canonical(pos, rules, &[], mv, false).0;
        }
        let legal = pos.legal_moves(rules);
        canonical(pos, rules, &legal, mv, false).0
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

    /// Whether this text can name `mv` in `pos`: same start and end square
    /// and, for a capture, the written squares in between lie in order on
    /// some capture path with `mv`'s effect. Other legal moves are not
    /// considered (see [`MoveText::resolve`]).
    pub fn matches(&self, pos: &Position, rules: &Rules, mv: &Move) -> bool {
        if self.from() != mv.from() || self.to() != mv.to() {
            return false;
        }
        if self.len == 2 {
            return true;
        }
        mv.is_capture()
            && pos
                .paths(rules, mv)
                .iter()
                .any(|path| self.lies_on(path.squares()))
    }

    /// Whether the written intermediate squares are a subsequence of the
    /// intermediate landing squares of `path` (start and end already match).
    fn lies_on(&self, path: &[Square]) -> bool {
        let written = &self.squares()[1..self.len as usize - 1];
        let landings = path.get(1..path.len().saturating_sub(1)).unwrap_or(&[]);
        let mut rest = landings.iter();
        written.iter().all(|sq| rest.any(|l| l == sq))
    }

    /// The one legal move of `pos` this text names.
    ///
    /// # Errors
    ///
    /// [`ResolveError::Illegal`] when no legal move matches (with the legal
    /// moves from the written start square), [`ResolveError::Ambiguous`]
    /// when several do (with each one's canonical text).
    pub fn resolve(&self, pos: &Position, rules: &Rules) -> Result<Move, ResolveError> {
        let legal = pos.legal_moves(rules);
        let mut found: Option<Move> = None;
        let mut more: Vec<Move> = Vec::new();
        for mv in legal.iter() {
            if self.matches(pos, rules, mv) {
                match found {
                    None => found = Some(*mv),
                    Some(_) => more.push(*mv),
                }
            }
        }
        let text = self.with_annotation(None).to_string();
        match found {
            Some(mv) if more.is_empty() => Ok(mv),
            Some(first) => Err(ResolveError::Ambiguous {
                text,
                candidates: core::iter::once(first)
                    .chain(more)
                    .map(|m| canonical(pos, rules, &legal, &m, false).0.to_string())
                    .collect(),
            }),
            None => Err(ResolveError::Illegal {
                text,
                legal_from_square: legal
                    .iter()
                    .filter(|m| m.from() == self.from())
                    .map(|m| canonical(pos, rules, &legal, m, false).0.to_string())
                    .collect(),
                legal_count: legal.len(),
            }),
        }
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

/// A move text that names no legal move, or more than one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ResolveError {
    /// No legal move matches.
    ///
    /// `Display`: `illegal move c3-c5: c3 can move to c4, b4, d4`, or `…:
    /// no piece of the side to move can move from c3`.
    Illegal {
        /// The move text, normalized, without its annotation.
        text: String,
        /// The canonical texts of the legal moves from the text's start
        /// square, in move generation order (empty when there are none).
        legal_from_square: Vec<String>,
        /// How many legal moves the position has.
        legal_count: usize,
    },
    /// More than one legal move matches.
    ///
    /// `Display`: `ambiguous move d1xd2: could be d1xd4xb4xb2xd2, …`.
    Ambiguous {
        /// The move text, normalized, without its annotation.
        text: String,
        /// The canonical texts of the matching moves.
        candidates: Vec<String>,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Illegal {
                text,
                legal_from_square,
                legal_count,
            } => {
                write!(f, "illegal move {text}: ")?;
                let from = text.get(..2).unwrap_or(text);
                if *legal_count == 0 {
                    return f.write_str("the side to move has no legal move");
                }
                if legal_from_square.is_empty() {
                    return write!(f, "no piece of the side to move can move from {from}");
                }
                let prefix = format!("{from}-");
                let quiet: Option<Vec<&str>> = legal_from_square
                    .iter()
                    .map(|t| t.strip_prefix(&prefix))
                    .collect();
                if let Some(targets) = quiet {
                    write!(f, "{from} can move to {}", targets.join(", "))
                } else if let [only] = legal_from_square.as_slice() {
                    write!(f, "the legal move from {from} is {only}")
                } else {
                    write!(
                        f,
                        "the legal moves from {from} are {}",
                        legal_from_square.join(", ")
                    )
                }
            }
            ResolveError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "ambiguous move {text}: could be {}",
                    candidates.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for ResolveError {}

/// A move text that could not be read or resolved ([`parse_move`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseMoveError {
    /// The text is not move text.
    Syntax(MoveTextError),
    /// The text names no legal move, or several.
    Resolve(ResolveError),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax(e) => e.fmt(f),
            ParseMoveError::Resolve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseMoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseMoveError::Syntax(e) => Some(e),
            ParseMoveError::Resolve(e) => Some(e),
        }
    }
}

impl From<MoveTextError> for ParseMoveError {
    fn from(e: MoveTextError) -> ParseMoveError {
        ParseMoveError::Syntax(e)
    }
}

impl From<ResolveError> for ParseMoveError {
    fn from(e: ResolveError) -> ParseMoveError {
        ParseMoveError::Resolve(e)
    }
}

/// Reads move text and resolves it in `pos`: the one legal move it names.
///
/// ```
/// use tama_core::{Position, Rules, Square};
/// use tama_notation::parse_move;
///
/// let mv = parse_move("c3c4", &Position::start(), &Rules::ARMENIAN).unwrap();
/// assert_eq!((mv.from(), mv.to()), (Square::C3, Square::C4));
/// ```
///
/// # Errors
///
/// [`ParseMoveError::Syntax`] when the text is not move text,
/// [`ParseMoveError::Resolve`] when it names no legal move or several.
pub fn parse_move(text: &str, pos: &Position, rules: &Rules) -> Result<Move, ParseMoveError> {
    let text: MoveText = text.parse()?;
    Ok(text.resolve(pos, rules)?)
}

/// Writes a legal move of `pos` in canonical form (see the
/// [module docs](self)); [`parse_move`] reads it back to the same move.
///
/// ```
/// use tama_core::{Position, Rules};
/// use tama_notation::{parse_fen, write_move};
///
/// let pos = Position::start();
/// let mv = pos.legal_moves(&Rules::ARMENIAN)[0];
/// assert_eq!(write_move(&pos, &Rules::ARMENIAN, &mv), "a3-a4");
///
/// let pos = parse_fen("W:Wc6:Bc7,d8,b8,e7").unwrap().position;
/// let texts: Vec<String> = pos
///     .legal_moves(&Rules::ARMENIAN)
///     .iter()
///     .map(|mv| write_move(&pos, &Rules::ARMENIAN, mv))
///     .collect();
/// assert_eq!(texts, ["c6xe8", "c6xa8"]);
/// ```
///
/// A move that is not legal in `pos` is written as `from-to` or `fromxto`.
pub fn write_move(pos: &Position, rules: &Rules, mv: &Move) -> String {
    MoveText::from_move(pos, rules, mv).to_string()
}

/// The direction of one orthogonal or diagonal step from `a` towards `b`.
fn step(a: Square, b: Square) -> (i8, i8) {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    (df.signum(), dr.signum())
}

/// The PDN 3.0 form of a capture path: the start square, then for each
/// jump but the last either its landing square (when the next jump turns)
/// or the square right behind its captured piece (when the next jump goes
/// on in the same direction), then the end square. This is itself a path
/// with the same effect, which is returned.
fn pdn_path(path: &[Square], captures: Bitboard) -> Vec<Square> {
    let jumps = path.len().saturating_sub(1);
    let mut taken = Bitboard::EMPTY;
    let mut victims = Vec::with_capacity(jumps);
    let mut dirs = Vec::with_capacity(jumps);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let d = step(a, b);
        let mut sq = a.offset(d.0, d.1);
        let mut victim = None;
        while let Some(s) = sq {
            if s == b {
                break;
            }
            if captures.contains(s) && !taken.contains(s) {
                victim = Some(s);
                break;
            }
            sq = s.offset(d.0, d.1);
        }
        if let Some(v) = victim {
            taken.insert(v);
        }
        victims.push(victim);
        dirs.push(d);
    }
    let mut out = path.to_vec();
    for i in 1..jumps {
        if dirs[i - 1] == dirs[i] {
            let (df, dr) = dirs[i - 1];
            if let Some(behind) = victims[i - 1].and_then(|v| v.offset(df, dr)) {
                out[i] = behind;
            }
        }
    }
    out
}

/// The canonical text of `mv` among the legal moves `legal` of `pos`, and,
/// when `want_path` is set, a path of `mv` on which every written square
/// lies (otherwise the path may be empty). `legal` is not used for a quiet
/// move.
pub(crate) fn canonical(
    pos: &Position,
    rules: &Rules,
    legal: &[Move],
    mv: &Move,
    want_path: bool,
) -> (MoveText, Vec<Square>) {
    let short = [mv.from(), mv.to()];
    let text = |squares: &[Square]| {
        MoveText::new(squares, mv.is_capture()).unwrap_or_else(|| {
            MoveText::new(&short, mv.is_capture()).unwrap_or(MoveText {
                squares: [mv.from(); MAX_SQUARES],
                len: 2,
                capture: mv.is_capture(),
                annotation: None,
            })
        })
    };
    if !mv.is_capture() {
        return (text(&short), short.to_vec());
    }
    let rivals: Vec<Move> = legal
        .iter()
        .filter(|m| *m != mv && m.from() == mv.from() && m.to() == mv.to())
        .copied()
        .collect();
    if rivals.is_empty() && !want_path {
        return (text(&short), Vec::new());
    }
    let paths: Vec<Vec<Square>> = pos
        .paths(rules, mv)
        .iter()
        .map(|p| p.squares().to_vec())
        .collect();
    let Some(first) = paths.first() else {
        // Not a legal capture here: nothing better than start and end.
        return (text(&short), short.to_vec());
    };
    // The PDN form of a path, if it is itself a path of the move (it always
    // is; the check keeps the written squares on the returned path).
    let pdn = |p: &Vec<Square>| {
        let q = pdn_path(p, mv.captures());
        if paths.contains(&q) {
            q
        } else {
            p.clone()
        }
    };
    if rivals.is_empty() {
        return (text(&short), pdn(first));
    }
    let unique = |t: &MoveText| !rivals.iter().any(|r| t.matches(pos, rules, r));
    for p in &paths {
        let q = pdn(p);
        let t = text(&q);
        if unique(&t) {
            return (t, q);
        }
    }
    for p in &paths {
        let t = text(p);
        if unique(&t) {
            return (t, p.clone());
        }
    }
    // Unreachable for legal moves: a full path determines the captures.
    (text(first), first.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_fen, parse_rules};

    fn pos(fen: &str) -> Position {
        parse_fen(fen).unwrap().position
    }

    fn texts(fen: &str, rules: &str) -> Vec<String> {
        let pos = pos(fen);
        let rules = parse_rules(rules).unwrap();
        let mut v: Vec<String> = pos
            .legal_moves(&rules)
            .iter()
            .map(|m| write_move(&pos, &rules, m))
            .collect();
        v.sort();
        v
    }

    fn syntax_err(text: &str) -> (MoveTextErrorKind, usize, String) {
        let e = text.parse::<MoveText>().unwrap_err();
        (e.kind, e.column, e.to_string())
    }

    #[test]
    fn reads_every_separator_and_case() {
        let expected = MoveText::new(&[Square::A3, Square::A4], false).unwrap();
        for s in ["a3-a4", "a3a4", "A3-A4", " a3a4 ", "A3a4"] {
            assert_eq!(s.parse::<MoveText>(), Ok(expected), "{s}");
        }
        let capture = MoveText::new(&[Square::C3, Square::C5, Square::E5], true).unwrap();
        for s in ["c3xc5xe5", "c3:c5:e5", "C3XC5XE5", "c3xc5-e5", "c3c5xe5"] {
            assert_eq!(s.parse::<MoveText>(), Ok(capture), "{s}");
        }
        assert_eq!(
            "c3-c5-e5".parse::<MoveText>().unwrap().to_string(),
            "c3-c5-e5"
        );
        assert_eq!("C3:E5".parse::<MoveText>().unwrap().to_string(), "c3xe5");
        for a in Annotation::ALL {
            let t: MoveText = format!("a3-a4{}", a.as_str()).parse().unwrap();
            assert_eq!(t.annotation(), Some(a));
            assert_eq!(t.to_string(), format!("a3-a4{a}"));
            assert_eq!(Annotation::from_nag(a.nag()), Some(a));
            let spaced: MoveText = format!("a3-a4 {}", a.as_str()).parse().unwrap();
            assert_eq!(spaced, t);
        }
        assert_eq!(Annotation::from_nag(0), None);
        assert_eq!(Annotation::from_nag(7), None);
        let long = (0..17)
            .map(|i| Square::new(i).unwrap().to_string())
            .collect::<Vec<_>>()
            .join("x");
        assert_eq!(long.parse::<MoveText>().unwrap().squares().len(), 17);
    }

    #[test]
    fn syntax_errors_name_the_column() {
        assert_eq!(
            syntax_err(""),
            (
                MoveTextErrorKind::Empty,
                1,
                "column 1: empty move text: expected a move such as `c3-c4` or `c3xe3`".into()
            )
        );
        assert_eq!(
            syntax_err("c3-i9"),
            (
                MoveTextErrorKind::UnknownSquare,
                4,
                "column 4: unknown square `i9`".into()
            )
        );
        assert_eq!(syntax_err("c3-c10").0, MoveTextErrorKind::UnknownSquare);
        assert_eq!(syntax_err("c3-c0").1, 4);
        assert_eq!(
            syntax_err("c3x"),
            (
                MoveTextErrorKind::ExpectedSquare,
                4,
                "column 4: expected a square (a1 to h8), found the end of the move".into()
            )
        );
        assert_eq!(
            syntax_err("c3--c4"),
            (
                MoveTextErrorKind::ExpectedSquare,
                4,
                "column 4: expected a square (a1 to h8), found `-`".into()
            )
        );
        assert_eq!(
            syntax_err("c3 c4"),
            (
                MoveTextErrorKind::UnexpectedCharacter,
                3,
                "column 3: unexpected ` `: expected `-`, `x` or `:` and the next square".into()
            )
        );
        assert_eq!(
            syntax_err("c3"),
            (
                MoveTextErrorKind::TooFewSquares,
                1,
                "column 1: a move needs a start and an end square, found only `c3`".into()
            )
        );
        assert_eq!(
            syntax_err("c3-c4!!!"),
            (
                MoveTextErrorKind::UnknownAnnotation,
                6,
                "column 6: unknown annotation `!!!`: expected one of !, ?, !!, ??, !?, ?!".into()
            )
        );
        assert_eq!(syntax_err("!?").0, MoveTextErrorKind::ExpectedSquare);
        let long = (0..18)
            .map(|i| Square::new(i).unwrap().to_string())
            .collect::<Vec<_>>()
            .join("x");
        assert_eq!(
            syntax_err(&long),
            (
                MoveTextErrorKind::TooManySquares,
                52,
                "column 52: too many squares: a move visits at most 17 (`b3` is one more)".into()
            )
        );
        // Columns count characters; non-ASCII never panics.
        assert_eq!(syntax_err("é3-c4").0, MoveTextErrorKind::ExpectedSquare);
        assert_eq!(syntax_err("c3-é4").1, 4);
        assert_eq!(syntax_err("c3é4").1, 3);
        assert_eq!(syntax_err("ñ").1, 1);
        assert_eq!(syntax_err("c3-c4ß").1, 6);
    }

    #[test]
    fn rules_md_positions() {
        // RULES.md writes the bystanders a1, b1 and d1 as black men, which
        // would stand on their own promotion rank; here they are kings,
        // which changes nothing for White's captures.
        let cases: [(&str, &str, &[&str]); 9] = [
            ("W:Wd6:Bd7,f8,Ka1", "armenian", &["d6xd8"]),
            ("W:Wd6:Bd7,f8,Ka1", "promotion=midway", &["d6xg8", "d6xh8"]),
            ("W:Wc6:Bc7,d8,b8,e7", "armenian", &["c6xa8", "c6xe8"]),
            (
                "W:WKd1:Bd3,d6,b4,f4",
                "armenian",
                &["d1xa4", "d1xd7", "d1xd8", "d1xg4", "d1xh4"],
            ),
            (
                "W:We4:Bd4,f4,e5,e3,d5",
                "armenian",
                &["e4xc4", "e4xe6", "e4xg4"],
            ),
            (
                "W:Wc3,Kh1:Bc4,c6,Kb1,Kd1,a5",
                "armenian",
                &["h1xd6", "h1xe6", "h1xf6", "h1xg6", "h1xh6"],
            ),
            (
                "B:Wd2,c4,b3,c2:BKd1",
                "armenian",
                &["d1xd2", "d1xe2", "d1xf2", "d1xg2", "d1xh2"],
            ),
            (
                "B:Wd2,c4,b3,c2:BKd1",
                "removal=end-of-move",
                &["d1xb1", "d1xb2"],
            ),
            (
                "W:WKd1:Bd3,d6,b4,f4",
                "king-reversal=allowed",
                &["d1xa4", "d1xg4", "d1xh4"],
            ),
        ];
        for (fen, rules, expected) in cases {
            assert_eq!(texts(fen, rules), expected, "{fen} {rules}");
        }
        let rev = pos("W:WKd1:Bd3,d6,b4,f4");
        let rules = parse_rules("king-reversal=allowed").unwrap();
        let moves = rev.legal_moves(&rules);
        assert_eq!(moves.len(), 3);
        assert!(moves.iter().all(|m| m.capture_count() == 3));

        // The long forms RULES.md writes read back to the same moves.
        let p = pos("W:Wd6:Bd7,f8,Ka1");
        let midway = parse_rules("promotion=midway").unwrap();
        let mv = parse_move("d6xd8xg8", &p, &midway).unwrap();
        assert!(mv.promotes() && mv.capture_count() == 2);
        let p = pos("B:Wd2,c4,b3,c2:BKd1");
        for end in ["d2", "e2", "f2", "g2", "h2"] {
            let long = format!("d1xd4xb4xb2x{end}");
            let mv = parse_move(&long, &p, &Rules::ARMENIAN).unwrap();
            assert_eq!(mv.capture_count(), 4);
            assert_eq!(write_move(&p, &Rules::ARMENIAN, &mv), format!("d1x{end}"));
            // Any subset of the landing squares, in order.
            for sub in ["d1xb4x", "d1xd4x", "d1xb2x", "d1xd4xb2x", "d1:d4b4b2-"] {
                assert_eq!(
                    parse_move(&format!("{sub}{end}"), &p, &Rules::ARMENIAN),
                    Ok(mv)
                );
            }
            // Out of order, or a square off every path: illegal.
            for bad in ["d1xb4xd4x", "d1xc4x", "d1xd3xb4x"] {
                let e = parse_move(&format!("{bad}{end}"), &p, &Rules::ARMENIAN).unwrap_err();
                assert!(matches!(
                    e,
                    ParseMoveError::Resolve(ResolveError::Illegal { .. })
                ));
            }
        }
    }

    #[test]
    fn separators_do_not_decide() {
        let p = Position::start();
        let r = Rules::ARMENIAN;
        assert_eq!(parse_move("c3xc4", &p, &r), parse_move("c3-c4", &p, &r));
        let p = pos("W:Wc6:Bc7,d8,b8,e7");
        assert_eq!(parse_move("c6-a8", &p, &r), parse_move("c6xa8", &p, &r));
        assert_eq!(parse_move("c6-c8-a8", &p, &r), parse_move("c6xa8", &p, &r));
    }

    #[test]
    fn illegal_messages() {
        let p = Position::start();
        let r = Rules::ARMENIAN;
        let e = parse_move("c3-c5", &p, &r).unwrap_err();
        assert_eq!(
            e.to_string(),
            "illegal move c3-c5: c3 can move to c4, d4, b4"
        );
        let ParseMoveError::Resolve(ResolveError::Illegal {
            legal_from_square,
            legal_count,
            ..
        }) = e
        else {
            panic!("{e:?}")
        };
        assert_eq!(legal_from_square, ["c3-c4", "c3-d4", "c3-b4"]);
        assert_eq!(legal_count, 22);
        assert_eq!(
            parse_move("c2-c3!", &p, &r).unwrap_err().to_string(),
            "illegal move c2-c3: no piece of the side to move can move from c2"
        );
        assert_eq!(
            parse_move("C6C5", &p, &r).unwrap_err().to_string(),
            "illegal move c6-c5: no piece of the side to move can move from c6"
        );
        let p = pos("W:Wc6,a2:Bc7,d8,b8,e7");
        assert_eq!(
            parse_move("a2-a3", &p, &r).unwrap_err().to_string(),
            "illegal move a2-a3: no piece of the side to move can move from a2"
        );
        assert_eq!(
            parse_move("c6xc8", &p, &r).unwrap_err().to_string(),
            "illegal move c6xc8: the legal moves from c6 are c6xe8, c6xa8"
        );
        let p = pos("W:Wd6:Bd7,f8,Ka1");
        assert_eq!(
            parse_move("d6-d7", &p, &r).unwrap_err().to_string(),
            "illegal move d6-d7: the legal move from d6 is d6xd8"
        );
        let blocked = pos("W:Wa7:BKa8,b7,c7,b8");
        assert_eq!(
            parse_move("a7-a8", &blocked, &r).unwrap_err().to_string(),
            "illegal move a7-a8: the side to move has no legal move"
        );
        assert!(matches!(
            parse_move("a7-a9", &blocked, &r),
            Err(ParseMoveError::Syntax(_))
        ));
    }

    /// Every legal move reads back from its canonical text; returns the
    /// texts of the moves that share start and end square with another.
    fn check_rivals(p: &Position, r: &Rules) -> Vec<String> {
        let moves = p.legal_moves(r);
        let mut long = Vec::new();
        for m in moves.iter() {
            let rivals = moves
                .iter()
                .filter(|o| o.from() == m.from() && o.to() == m.to())
                .count();
            let text = write_move(p, r, m);
            assert_eq!(parse_move(&text, p, r), Ok(*m), "{text}");
            if rivals > 1 {
                let short = format!("{}x{}", m.from(), m.to());
                let e = parse_move(&short, p, r).unwrap_err();
                let ParseMoveError::Resolve(ResolveError::Ambiguous { candidates, .. }) = &e else {
                    panic!("{e:?}")
                };
                assert_eq!(candidates.len(), rivals);
                assert!(candidates.contains(&text));
                assert_eq!(
                    e.to_string(),
                    format!("ambiguous move {short}: could be {}", candidates.join(", "))
                );
                long.push(text);
            } else {
                assert_eq!(text.len(), 5, "{text}");
            }
        }
        long.sort();
        long
    }

    #[test]
    fn shared_start_and_end_are_written_in_full() {
        // h1 takes f1, then e2 or b2 on the way up, then g5: both end on h5.
        let p = pos("W:WKh1,Ka4:BKf1,b2,e2,g5,a6,e6,f6");
        let r = Rules::ARMENIAN;
        assert_eq!(check_rivals(&p, &r), ["h1xb1xb5xh5", "h1xe1xe5xh5"]);
        assert_eq!(
            parse_move("h1xh5", &p, &r).unwrap_err().to_string(),
            "ambiguous move h1xh5: could be h1xb1xb5xh5, h1xe1xe5xh5"
        );
        // One written landing square is enough to tell them apart.
        let via_e = parse_move("h1xe5xh5", &p, &r).unwrap();
        assert!(via_e.captures().contains(Square::E2));
        let via_b = parse_move("h1xb1xh5", &p, &r).unwrap();
        assert!(via_b.captures().contains(Square::B2));
        assert_eq!(parse_move("h1xb5xh5", &p, &r), Ok(via_b));
        // b3 is a landing square of a shorter capture only.
        assert!(parse_move("h1xb3xh5", &p, &r).is_err());
    }

    #[test]
    fn two_captures_in_one_direction_write_the_square_behind() {
        // The king goes down the g file over g5 and g2: PDN writes g4, the
        // square right behind g5, whatever square it landed on.
        let p = pos("W:WKh1,Kd5:BKg1,b2,g2,a3,g5,f6");
        let r = Rules::ARMENIAN;
        let long = check_rivals(&p, &r);
        assert_eq!(long, ["h1xa1xa6xg6xg4xg1", "h1xb1xb6xg6xg4xg1"]);
        let mv = parse_move(&long[0], &p, &r).unwrap();
        assert_eq!(parse_move("h1xa1xa6xg6xg3xg1", &p, &r), Ok(mv));
        let j = crate::move_json(&p, &r, &mv);
        assert_eq!(j.path, ["h1", "a1", "a6", "g6", "g4", "g1"]);
        assert_eq!(j.captures, ["g1", "a3", "f6", "g5", "g2"]);
    }

    #[test]
    fn pdn_path_rules() {
        use Square as S;
        let caps: Bitboard = [S::A3, S::A6].into_iter().collect();
        assert_eq!(
            pdn_path(&[S::A1, S::A5, S::A8], caps),
            [S::A1, S::A4, S::A8]
        );
        // A turn keeps the landing square.
        let caps: Bitboard = [S::A3, S::C5].into_iter().collect();
        assert_eq!(
            pdn_path(&[S::A1, S::A5, S::D5], caps),
            [S::A1, S::A5, S::D5]
        );
        // A man's jumps land right behind anyway.
        let caps: Bitboard = [S::C4, S::C6].into_iter().collect();
        assert_eq!(
            pdn_path(&[S::C3, S::C5, S::C7], caps),
            [S::C3, S::C5, S::C7]
        );
    }

    #[test]
    fn text_api() {
        let t = MoveText::new(&[Square::C3, Square::E5], true)
            .unwrap()
            .with_annotation(Some(Annotation::Blunder));
        assert_eq!(t.to_string(), "c3xe5??");
        assert_eq!(format!("{t:?}"), "MoveText(c3xe5??)");
        assert_eq!(
            (t.from(), t.to(), t.is_capture()),
            (Square::C3, Square::E5, true)
        );
        assert!(MoveText::new(&[Square::C3], true).is_none());
        assert!(MoveText::new(&[Square::C3; 18], true).is_none());
        let p = Position::start();
        let mv = p.legal_moves(&Rules::ARMENIAN)[0];
        assert_eq!(
            MoveText::from_move(&p, &Rules::ARMENIAN, &mv).to_string(),
            "a3-a4"
        );
    }
}
