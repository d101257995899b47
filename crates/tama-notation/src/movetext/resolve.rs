//! The meaning of move text in a position: [`MoveText::resolve`] and its
//! errors, [`parse_move`], [`write_move`].

use core::fmt;

use tama_core::{reach, Color, Move, Piece, Position, Role, Rules, Square};

use super::canonical::canonical;
use super::syntax::{MoveText, MoveTextError};

impl MoveText {
    /// The canonical text of `mv` in `pos` (see the [module docs](crate::movetext));
    /// the same as [`write_move`], without the annotation.
    pub fn from_move(pos: &Position, rules: &Rules, mv: &Move) -> MoveText {
        if !mv.is_capture() {
            return canonical(pos, rules, &[], mv, false).0;
        }
        let legal = pos.legal_moves(rules);
        canonical(pos, rules, &legal, mv, false).0
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
            None => {
                let legal_from_square: Vec<String> = legal
                    .iter()
                    .filter(|m| m.from() == self.from())
                    .map(|m| canonical(pos, rules, &legal, m, false).0.to_string())
                    .collect();
                let reason = self.illegality(pos, rules, &legal, legal_from_square.is_empty());
                Err(ResolveError::Illegal {
                    text,
                    legal_from_square,
                    legal_count: legal.len(),
                    reason,
                })
            }
        }
    }

    /// Which rule this text, matching no legal move, breaks.
    fn illegality(
        &self,
        pos: &Position,
        rules: &Rules,
        legal: &[Move],
        none_from_square: bool,
    ) -> Illegality {
        let (from, to) = (self.from(), self.to());
        let turn = pos.turn();
        if legal.is_empty() {
            return Illegality::NoLegalMove;
        }
        let piece = match pos.piece_at(from) {
            Some(p) if p.color == turn => p,
            occupant => return Illegality::NoOwnPiece { turn, occupant },
        };
        let step = self.len == 2;
        let would_be_quiet = || {
            step && pos
                .quiet_moves(rules)
                .iter()
                .any(|m| m.from() == from && m.to() == to)
        };
        if legal[0].is_capture() && (none_from_square || would_be_quiet()) {
            return Illegality::CaptureCompulsory {
                captures: legal
                    .iter()
                    .map(|m| canonical(pos, rules, legal, m, false).0.to_string())
                    .collect(),
            };
        }
        if !step || self.capture {
            return Illegality::Other;
        }
        let forward = i16::from(turn.forward());
        let ranks = i16::from(to.rank()) - i16::from(from.rank());
        if piece.role == Role::Man && ranks * forward < 0 {
            return Illegality::ManBackward;
        }
        if piece.role == Role::King && !legal[0].is_capture() {
            if let Some(at) = reach::king_move_blocker(rules, from, to, pos.occupied()) {
                return Illegality::Blocked { at };
            }
        }
        Illegality::Other
    }
}

/// Why a move text names no legal move: the rule it breaks, as far as the
/// position tells.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Illegality {
    /// The side to move has no legal move at all (the game is over).
    NoLegalMove,
    /// The start square holds no piece of the side to move.
    NoOwnPiece {
        /// The side to move.
        turn: Color,
        /// The piece on the start square (the opponent's), if any.
        occupant: Option<Piece>,
    },
    /// A capture is compulsory: the text names a quiet move that would be
    /// legal without a capture, or a piece that has none.
    CaptureCompulsory {
        /// The canonical texts of all legal moves (all captures), in move
        /// generation order.
        captures: Vec<String>,
    },
    /// A man moving backward (men move forward and sideways only).
    ManBackward,
    /// A king's move through an occupied square.
    Blocked {
        /// The first occupied square on the way.
        at: Square,
    },
    /// The piece on the start square cannot move this way: the error lists
    /// the moves it has.
    Other,
}

/// How many captures a "capture is compulsory" message names before `…`.
const SHOWN_CAPTURES: usize = 4;

/// A move text that names no legal move, or more than one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ResolveError {
    /// No legal move matches.
    ///
    /// `Display` names the rule broken ([`Illegality`]) and what is legal
    /// instead: `illegal move c3-c5: c3 can move to c4, d4, b4`, `illegal
    /// move c3-c4: a capture is compulsory (d4xd6, d4xf4)`, `illegal move
    /// d5-d6: there is no white piece on d5`.
    Illegal {
        /// The move text, normalized, without its annotation.
        text: String,
        /// The canonical texts of the legal moves from the text's start
        /// square, in move generation order (empty when there are none).
        legal_from_square: Vec<String>,
        /// How many legal moves the position has.
        legal_count: usize,
        /// The rule the text breaks.
        reason: Illegality,
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
                reason,
                ..
            } => {
                write!(f, "illegal move {text}: ")?;
                let from = text.get(..2).unwrap_or(text);
                match reason {
                    Illegality::NoLegalMove => f.write_str("the side to move has no legal move"),
                    Illegality::NoOwnPiece {
                        turn,
                        occupant: None,
                    } => write!(f, "there is no {} piece on {from}", turn.name()),
                    Illegality::NoOwnPiece {
                        turn,
                        occupant: Some(p),
                    } => write!(
                        f,
                        "{from} holds a {} {}, and {} is to move",
                        p.color.name(),
                        role_name(p.role),
                        turn.name()
                    ),
                    Illegality::CaptureCompulsory { captures } => {
                        f.write_str("a capture is compulsory (")?;
                        for (i, c) in captures.iter().take(SHOWN_CAPTURES).enumerate() {
                            if i > 0 {
                                f.write_str(", ")?;
                            }
                            f.write_str(c)?;
                        }
                        if captures.len() > SHOWN_CAPTURES {
                            f.write_str(", …")?;
                        }
                        f.write_str(")")
                    }
                    Illegality::ManBackward => {
                        f.write_str("a man never moves backward; ")?;
                        moves_from(f, from, legal_from_square)
                    }
                    Illegality::Blocked { at } => {
                        write!(f, "{at} is in the way; ")?;
                        moves_from(f, from, legal_from_square)
                    }
                    Illegality::Other => moves_from(f, from, legal_from_square),
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

/// `man` or `king`.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Man => "man",
        Role::King => "king",
    }
}

/// What the piece on `from` can do: `c3 can move to c4, d4`, `the legal
/// move from d6 is d6xd8`, `the piece on a2 has no legal move`.
fn moves_from(f: &mut fmt::Formatter<'_>, from: &str, legal: &[String]) -> fmt::Result {
    if legal.is_empty() {
        return write!(f, "the piece on {from} has no legal move");
    }
    let prefix = format!("{from}-");
    let quiet: Option<Vec<&str>> = legal.iter().map(|t| t.strip_prefix(&prefix)).collect();
    if let Some(targets) = quiet {
        write!(f, "{from} can move to {}", targets.join(", "))
    } else if let [only] = legal {
        write!(f, "the legal move from {from} is {only}")
    } else {
        write!(f, "the legal moves from {from} are {}", legal.join(", "))
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
/// [module docs](crate::movetext)); [`parse_move`] reads it back to the same move.
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

/// The canonical texts of a line of `moves` played one after another from
/// `pos` (a principal variation, a game), each written in the position it
/// is played in; the line stops before the first move that is not legal
/// there.
///
/// ```
/// use tama_core::{Position, Rules};
/// use tama_notation::movetext::{parse_move, write_line};
///
/// let pos = Position::start();
/// let rules = Rules::ARMENIAN;
/// let first = parse_move("c3-c4", &pos, &rules).unwrap();
/// let reply = parse_move("b6b5", &pos.play_unchecked(&first), &rules).unwrap();
/// assert_eq!(write_line(&pos, &rules, &[first, reply]), ["c3-c4", "b6-b5"]);
/// // Played again, c3-c4 is no longer legal: the line ends there.
/// assert_eq!(write_line(&pos, &rules, &[first, reply, first]).len(), 2);
/// ```
pub fn write_line(pos: &Position, rules: &Rules, moves: &[Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut texts = Vec::with_capacity(moves.len());
    for mv in moves {
        if !pos.is_legal(rules, mv) {
            break;
        }
        texts.push(write_move(&pos, rules, mv));
        pos = pos.play_unchecked(mv);
    }
    texts
}
