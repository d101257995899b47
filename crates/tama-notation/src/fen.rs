//! Position text (FEN): `W:Wa2,b2,Kd4:Ba7,Kh8` (docs/NOTATION.md, "Position text").
//!
//! ```
//! use tama_core::{Color, Position, Square};
//! use tama_notation::{parse_fen, write_fen, Fen};
//!
//! let fen: Fen = "w:bkh8,a7 : wa2,b2,kd4 :H3:F12.".parse().unwrap();
//! assert_eq!(fen.position.turn(), Color::White);
//! assert!(fen.position.kings().contains(Square::D4));
//! assert_eq!((fen.halfmove_clock, fen.fullmove_number), (Some(3), Some(12)));
//! assert_eq!(fen.to_string(), "W:Wa2,b2,Kd4:Ba7,Kh8:H3:F12");
//! assert_eq!(write_fen(&fen.position), "W:Wa2,b2,Kd4:Ba7,Kh8");
//!
//! let err = parse_fen("W:Wa2,i9:Bh7").unwrap_err();
//! assert_eq!(err.to_string(), "column 7: unknown square `i9`");
//! ```
//!
//! Reading accepts lower-case letters, spaces around tokens, a trailing
//! `.`, the two colour sections in either order or missing (a missing
//! section means no pieces of that colour), and the lidraughts counters
//! `:H<n>` (half-move clock) and `:F<n>` (full-move number) in any order
//! after the side to move. Writing is canonical: upper-case letters, White
//! before Black, squares in board order `a1, b1, …, h1, a2, …`, and the
//! counters only when they were given.

use core::fmt;
use core::str::FromStr;

use tama_core::{Color, Piece, Position, Role, Setup, SetupProblem, Square};

use crate::rules_text::column_of;

/// A position read from position text, with the optional lidraughts-style
/// counters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Fen {
    /// The position.
    pub position: Position,
    /// The half-move clock (`:H<n>`), when given.
    pub halfmove_clock: Option<u32>,
    /// The full-move number (`:F<n>`), when given.
    pub fullmove_number: Option<u32>,
}

impl Fen {
    /// A position without counters.
    pub const fn new(position: Position) -> Fen {
        Fen {
            position,
            halfmove_clock: None,
            fullmove_number: None,
        }
    }
}

impl From<Position> for Fen {
    fn from(position: Position) -> Fen {
        Fen::new(position)
    }
}

/// What is wrong with a position text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FenErrorKind {
    /// The text is empty (or only spaces and a `.`).
    Empty,
    /// The text does not start with the side to move (`W` or `B`).
    MissingTurn,
    /// The first section is neither `W` nor `B`.
    UnknownTurn,
    /// A section that is not `W…`, `B…`, `H<n>` or `F<n>`.
    UnknownSection,
    /// Nothing between two `:`, or after the last one.
    EmptySection,
    /// A section (`W`, `B`, `H` or `F`) given twice.
    DuplicateSection,
    /// Nothing between two `,` of a colour section, or after the last one.
    EmptyPiece,
    /// A piece on a square that is not `a1` … `h8`.
    UnknownSquare,
    /// A square listed twice (in one colour section or in both).
    DuplicateSquare,
    /// More than 16 pieces of this colour; the token is the 17th.
    TooManyPieces(Color),
    /// A man of this colour on its own promotion rank (it would be a king).
    ManOnPromotionRank(Color),
    /// A counter (`H` or `F`) without a number that fits in 32 bits.
    BadCounter,
}

/// A position text that could not be read.
///
/// `Display` gives the column and the token: `column 7: unknown square
/// `i9``.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// The 1-based character column of the offending token.
    pub column: usize,
    /// The offending token, as written (may be empty for
    /// [`FenErrorKind::Empty`], [`FenErrorKind::MissingTurn`],
    /// [`FenErrorKind::EmptySection`] and [`FenErrorKind::EmptyPiece`]).
    pub token: String,
}

const SECTIONS: &str = "`W` or `B` followed by pieces, `H<n>` or `F<n>`";

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        let token = &self.token;
        match self.kind {
            FenErrorKind::Empty => f.write_str(
                "empty position text: expected the side to move and the pieces, such as \
                 `W:Wa2,b2:Ba7`",
            ),
            FenErrorKind::MissingTurn if token.is_empty() => {
                f.write_str("missing side to move: the text must start with `W:` or `B:`")
            }
            FenErrorKind::MissingTurn => write!(
                f,
                "missing side to move before `{token}`: the text must start with `W:` or `B:`"
            ),
            FenErrorKind::UnknownTurn => {
                write!(f, "unknown side to move `{token}`: expected `W` or `B`")
            }
            FenErrorKind::UnknownSection => {
                write!(f, "unexpected `{token}`: expected a section {SECTIONS}")
            }
            FenErrorKind::EmptySection => {
                write!(f, "empty section: expected {SECTIONS} after `:`")
            }
            FenErrorKind::DuplicateSection => write!(f, "section `{token}` given twice"),
            FenErrorKind::EmptyPiece => {
                f.write_str("empty piece: expected a square such as `a2` or a king such as `Kd4`")
            }
            FenErrorKind::UnknownSquare => write!(f, "unknown square `{token}`"),
            FenErrorKind::DuplicateSquare => write!(f, "square `{token}` listed twice"),
            FenErrorKind::TooManyPieces(color) => {
                write!(f, "more than 16 {color} pieces: `{token}` is the 17th")
            }
            FenErrorKind::ManOnPromotionRank(color) => write!(
                f,
                "{color} man on `{token}`, its own promotion rank (a king is written `K{token}`)"
            ),
            FenErrorKind::BadCounter => write!(
                f,
                "invalid counter `{token}`: expected `H` or `F` followed by a number"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// One piece as written, for mapping setup problems back to the text.
struct Entry<'a> {
    color: Color,
    square: Square,
    token: &'a str,
}

/// Reads a position text (see the [module docs](self) for what is
/// accepted).
///
/// # Errors
///
/// [`FenError`] with the offending token and its column: empty text, a
/// missing or unknown side to move, an unknown, empty or repeated section,
/// an unknown square, a square listed twice (also across colours), more
/// than 16 pieces of one colour, a man on its own promotion rank, a bad
/// counter. When several problems are found, the one furthest left is
/// reported.
pub fn parse_fen(text: &str) -> Result<Fen, FenError> {
    let error = |kind, token: &str| FenError {
        kind,
        column: column_of(text, token),
        token: token.to_string(),
    };
    let mut body = text.trim();
    if let Some(stripped) = body.strip_suffix('.') {
        body = stripped.trim_end();
    }
    if body.is_empty() {
        return Err(FenError {
            kind: FenErrorKind::Empty,
            column: 1,
            token: String::new(),
        });
    }
    let mut sections = body.split(':');
    let first = sections.next().unwrap_or(body).trim();
    let turn = if first.eq_ignore_ascii_case("w") {
        Color::White
    } else if first.eq_ignore_ascii_case("b") {
        Color::Black
    } else if first.is_empty() {
        return Err(FenError {
            kind: FenErrorKind::MissingTurn,
            column: column_of(text, first),
            token: String::new(),
        });
    } else if first.starts_with(['W', 'w', 'B', 'b']) {
        return Err(error(FenErrorKind::MissingTurn, first));
    } else {
        return Err(error(FenErrorKind::UnknownTurn, first));
    };

    let mut setup = Setup::empty(turn);
    let mut entries: Vec<Entry<'_>> = Vec::new();
    let mut seen_color = [false; 2];
    let mut halfmove_clock = None;
    let mut fullmove_number = None;
    for section in sections {
        let section = section.trim();
        let Some(letter) = section.chars().next() else {
            return Err(FenError {
                kind: FenErrorKind::EmptySection,
                column: column_of(text, section),
                token: String::new(),
            });
        };
        let (head, rest) = section.split_at(letter.len_utf8());
        let color = match letter.to_ascii_uppercase() {
            'W' => Color::White,
            'B' => Color::Black,
            'H' | 'F' => {
                let slot = if letter.eq_ignore_ascii_case(&'H') {
                    &mut halfmove_clock
                } else {
                    &mut fullmove_number
                };
                if slot.is_some() {
                    return Err(error(FenErrorKind::DuplicateSection, head));
                }
                let n = rest
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| error(FenErrorKind::BadCounter, section))?;
                *slot = Some(n);
                continue;
            }
            _ => return Err(error(FenErrorKind::UnknownSection, section)),
        };
        if core::mem::replace(&mut seen_color[color.index()], true) {
            return Err(error(FenErrorKind::DuplicateSection, head));
        }
        if rest.trim().is_empty() {
            continue;
        }
        for piece in rest.split(',') {
            let token = piece.trim();
            if token.is_empty() {
                return Err(FenError {
                    kind: FenErrorKind::EmptyPiece,
                    column: column_of(text, token),
                    token: String::new(),
                });
            }
            let (role, name) = match token.strip_prefix(['K', 'k']) {
                Some(name) => (Role::King, name.trim_start()),
                None => (Role::Man, token),
            };
            let square: Square = name.parse().map_err(|_| {
                if name.is_empty() {
                    error(FenErrorKind::UnknownSquare, token)
                } else {
                    error(FenErrorKind::UnknownSquare, name)
                }
            })?;
            if (setup.white | setup.black).contains(square) {
                return Err(error(FenErrorKind::DuplicateSquare, token));
            }
            setup.put(square, Piece::new(color, role));
            entries.push(Entry {
                color,
                square,
                token,
            });
        }
    }

    let position = Position::from_setup(setup).map_err(|e| {
        e.problems
            .iter()
            .filter_map(|problem| setup_error(text, &entries, problem))
            .min_by_key(|e| e.column)
            .unwrap_or_else(|| FenError {
                kind: FenErrorKind::UnknownSection,
                column: 1,
                token: text.to_string(),
            })
    })?;
    Ok(Fen {
        position,
        halfmove_clock,
        fullmove_number,
    })
}

/// Maps a setup problem to the piece of the text that causes it.
fn setup_error(text: &str, entries: &[Entry<'_>], problem: &SetupProblem) -> Option<FenError> {
    let (kind, entry) = match *problem {
        SetupProblem::BothColors(sq) => (
            FenErrorKind::DuplicateSquare,
            entries.iter().filter(|e| e.square == sq).nth(1)?,
        ),
        SetupProblem::TooManyPieces(color, _) => (
            FenErrorKind::TooManyPieces(color),
            entries.iter().filter(|e| e.color == color).nth(16)?,
        ),
        SetupProblem::ManOnPromotionRank(color, sq) => (
            FenErrorKind::ManOnPromotionRank(color),
            entries
                .iter()
                .find(|e| e.color == color && e.square == sq)?,
        ),
        // Every listed piece has a colour.
        SetupProblem::KingWithoutColor(_) => return None,
    };
    Some(FenError {
        kind,
        column: column_of(text, entry.token),
        token: entry.token.to_string(),
    })
}

/// Reads a position text and keeps only the position (the counters, if
/// any, are dropped).
///
/// # Errors
///
/// As [`parse_fen`].
pub fn parse_position(text: &str) -> Result<Position, FenError> {
    parse_fen(text).map(|fen| fen.position)
}

/// Writes a position canonically: `W:Wa2,b2,Kd4:Ba7,Kh8`.
///
/// ```
/// use tama_core::Position;
/// use tama_notation::write_fen;
///
/// assert_eq!(
///     write_fen(&Position::start()),
///     "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3\
///      :Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
/// );
/// ```
pub fn write_fen(pos: &Position) -> String {
    let mut out = String::with_capacity(8 + 4 * pos.occupied().count() as usize);
    out.push(pos.turn().letter());
    for color in Color::ALL {
        out.push(':');
        out.push(color.letter());
        for (i, sq) in pos.pieces(color).iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if pos.kings().contains(sq) {
                out.push('K');
            }
            out.push_str(&sq.to_string());
        }
    }
    out
}

impl FromStr for Fen {
    type Err = FenError;

    /// As [`parse_fen`].
    fn from_str(s: &str) -> Result<Fen, FenError> {
        parse_fen(s)
    }
}

impl fmt::Display for Fen {
    /// The canonical text, then `:H<n>` and `:F<n>` when present.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_fen(&self.position))?;
        if let Some(h) = self.halfmove_clock {
            write!(f, ":H{h}")?;
        }
        if let Some(n) = self.fullmove_number {
            write!(f, ":F{n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::{Bitboard, Rules};

    fn err(text: &str) -> FenError {
        match parse_fen(text) {
            Ok(fen) => panic!("{text:?} was read as {fen}"),
            Err(e) => e,
        }
    }

    fn check(text: &str, kind: FenErrorKind, column: usize, token: &str, message: &str) {
        let e = err(text);
        assert_eq!(
            (e.kind, e.column, e.token.as_str()),
            (kind, column, token),
            "{text}"
        );
        assert_eq!(e.to_string(), message, "{text}");
    }

    #[test]
    fn start_position_round_trips() {
        let text = write_fen(&Position::start());
        assert_eq!(parse_position(&text), Ok(Position::start()));
    }

    #[test]
    fn canonical_form() {
        let fen = parse_fen("W:Wa2,b2,Kd4:Ba7,Kh8").unwrap();
        assert_eq!(fen.halfmove_clock, None);
        assert_eq!(fen.to_string(), "W:Wa2,b2,Kd4:Ba7,Kh8");
        let empty = parse_fen("B").unwrap();
        assert_eq!(empty.to_string(), "B:W:B");
        assert_eq!(empty.position.occupied(), Bitboard::EMPTY);
        assert_eq!(parse_fen("B:W:B"), Ok(empty));
    }

    #[test]
    fn lenient_forms() {
        let canonical = parse_fen("W:Wa2,b2,Kd4:Ba7,Kh8").unwrap();
        for text in [
            "w:wa2,b2,kd4:ba7,kh8",
            "W:WA2,B2,KD4:BA7,KH8",
            "  W : W a2 , b2 , Kd4 : B a7 , K h8  ",
            "W:Wa2,b2,Kd4:Ba7,Kh8.",
            "W:Wa2,b2,Kd4:Ba7,Kh8 . ",
            "W:Ba7,Kh8:Wa2,b2,Kd4",
            "W:WKd4,b2,a2:BKh8,a7",
        ] {
            assert_eq!(parse_fen(text), Ok(canonical), "{text}");
        }
        let only_white = parse_fen("B:Wc3").unwrap();
        assert_eq!(only_white.to_string(), "B:Wc3:B");
        let only_black = parse_fen("W:Bc3").unwrap();
        assert_eq!(only_black.to_string(), "W:W:Bc3");
        let counted = parse_fen("W:Wa2:Bh7:H12:F30").unwrap();
        assert_eq!(counted.halfmove_clock, Some(12));
        assert_eq!(counted.fullmove_number, Some(30));
        assert_eq!(counted.to_string(), "W:Wa2:Bh7:H12:F30");
        let reordered = parse_fen("W:f30:h12:Bh7:Wa2").unwrap();
        assert_eq!(reordered, counted);
        let only_f = parse_fen("W:Wa2:Bh7:F1").unwrap();
        assert_eq!(only_f.to_string(), "W:Wa2:Bh7:F1");
    }

    #[test]
    fn rejections_name_token_and_column() {
        check(
            "",
            FenErrorKind::Empty,
            1,
            "",
            "column 1: empty position text: expected the side to move and the pieces, such as \
             `W:Wa2,b2:Ba7`",
        );
        check(" . ", FenErrorKind::Empty, 1, "", &err("").to_string());
        check(
            "W:Wa2,i9:Bh7",
            FenErrorKind::UnknownSquare,
            7,
            "i9",
            "column 7: unknown square `i9`",
        );
        check(
            "W:Wa2,Ka9",
            FenErrorKind::UnknownSquare,
            8,
            "a9",
            "column 8: unknown square `a9`",
        );
        check(
            "W:Wa2,K",
            FenErrorKind::UnknownSquare,
            7,
            "K",
            "column 7: unknown square `K`",
        );
        check(
            "W:Wa2,b3,a2",
            FenErrorKind::DuplicateSquare,
            10,
            "a2",
            "column 10: square `a2` listed twice",
        );
        check(
            "W:Wa2,b3:Bc7,Kb3",
            FenErrorKind::DuplicateSquare,
            14,
            "Kb3",
            "column 14: square `Kb3` listed twice",
        );
        check(
            "W:Wa2:Ba2",
            FenErrorKind::DuplicateSquare,
            8,
            "a2",
            "column 8: square `a2` listed twice",
        );
        check(
            "W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3,b3",
            FenErrorKind::TooManyPieces(Color::White),
            52,
            "a3",
            "column 52: more than 16 white pieces: `a3` is the 17th",
        );
        check(
            "W:Wc4,Ka8,b8:Bh7",
            FenErrorKind::ManOnPromotionRank(Color::White),
            11,
            "b8",
            "column 11: white man on `b8`, its own promotion rank (a king is written `Kb8`)",
        );
        check(
            "B:Wa2:Bc3,d1",
            FenErrorKind::ManOnPromotionRank(Color::Black),
            11,
            "d1",
            "column 11: black man on `d1`, its own promotion rank (a king is written `Kd1`)",
        );
        check(
            "Wa2,b2:Bh7",
            FenErrorKind::MissingTurn,
            1,
            "Wa2,b2",
            "column 1: missing side to move before `Wa2,b2`: the text must start with `W:` or \
             `B:`",
        );
        check(
            ":Wa2:Bh7",
            FenErrorKind::MissingTurn,
            1,
            "",
            "column 1: missing side to move: the text must start with `W:` or `B:`",
        );
        check(
            "X:Wa2",
            FenErrorKind::UnknownTurn,
            1,
            "X",
            "column 1: unknown side to move `X`: expected `W` or `B`",
        );
        check(
            "W:Wa2:Qh7",
            FenErrorKind::UnknownSection,
            7,
            "Qh7",
            "column 7: unexpected `Qh7`: expected a section `W` or `B` followed by pieces, \
             `H<n>` or `F<n>`",
        );
        check(
            "W:Wa2::Bh7",
            FenErrorKind::EmptySection,
            7,
            "",
            "column 7: empty section: expected `W` or `B` followed by pieces, `H<n>` or `F<n>` \
             after `:`",
        );
        check(
            "W:Wa2:Bh7:",
            FenErrorKind::EmptySection,
            11,
            "",
            &err("W:Wa2:Bh7:").to_string(),
        );
        check(
            "W:Wa2:Bh7:wb2",
            FenErrorKind::DuplicateSection,
            11,
            "w",
            "column 11: section `w` given twice",
        );
        check(
            "W:Wa2,,b2",
            FenErrorKind::EmptyPiece,
            7,
            "",
            "column 7: empty piece: expected a square such as `a2` or a king such as `Kd4`",
        );
        check(
            "W:Wa2:Bh7:Hx",
            FenErrorKind::BadCounter,
            11,
            "Hx",
            "column 11: invalid counter `Hx`: expected `H` or `F` followed by a number",
        );
        check(
            "W:Wa2:H1:H2",
            FenErrorKind::DuplicateSection,
            10,
            "H",
            "column 10: section `H` given twice",
        );
        check(
            "W:W:F99999999999",
            FenErrorKind::BadCounter,
            5,
            "F99999999999",
            &err("W:W:F99999999999").to_string(),
        );
    }

    #[test]
    fn leftmost_setup_problem_is_reported() {
        // Black has 17 pieces and White a man on rank 8; the man comes first.
        let e = err("W:Wa8:Ba2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4");
        assert_eq!(e.kind, FenErrorKind::ManOnPromotionRank(Color::White));
        assert_eq!(e.column, 4);
        let e = err("W:Ba2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:Wa8");
        assert_eq!(e.kind, FenErrorKind::TooManyPieces(Color::Black));
        assert_eq!(e.token, "a4");
    }

    #[test]
    fn columns_count_characters() {
        let e = err("W:Wé2,a2");
        assert_eq!(
            (e.kind, e.column, e.token.as_str()),
            (FenErrorKind::UnknownSquare, 4, "é2")
        );
        let e = err("W:Wé2:Bä,a9");
        assert_eq!((e.kind, e.column), (FenErrorKind::UnknownSquare, 4));
        let e = err("W:Wa2:Bäa,a9");
        assert_eq!(
            (e.kind, e.column, e.token.as_str()),
            (FenErrorKind::UnknownSquare, 8, "äa")
        );
        let e = err("ü");
        assert_eq!((e.kind, e.column), (FenErrorKind::UnknownTurn, 1));
        let e = err("W:ü:Bh7,h9");
        assert_eq!(
            (e.kind, e.column, e.token.as_str()),
            (FenErrorKind::UnknownSection, 3, "ü")
        );
        let e = err("W:Bh7:Wa2,Kñ3,a9");
        assert_eq!(
            (e.kind, e.column, e.token.as_str()),
            (FenErrorKind::UnknownSquare, 12, "ñ3")
        );
    }

    #[test]
    fn never_panics_on_odd_input() {
        let alphabet = [
            'W', 'B', 'K', 'H', 'F', ':', ',', '.', ' ', 'a', 'h', '1', '8', '9', 'é', 'x', '0',
        ];
        // Every string of up to 4 symbols, plus a sample of longer ones.
        let mut rng = tama_test_support::Rng::xorshift(0x1234_5678);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            let len = (next() % 12) as usize;
            let s: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            if let Ok(fen) = parse_fen(&s) {
                assert_eq!(parse_fen(&fen.to_string()), Ok(fen), "{s}");
            } else if let Err(e) = parse_fen(&s) {
                assert!(
                    e.column >= 1 && e.column <= s.chars().count() + 1,
                    "{s}: {e}"
                );
            }
        }
    }

    #[test]
    fn positions_from_games_round_trip() {
        for rules in [Rules::ARMENIAN, Rules::TURKISH, Rules::ARMENIAN_ORTHOGONAL] {
            let mut pos = Position::start();
            for ply in 0..200 {
                let text = write_fen(&pos);
                assert_eq!(parse_position(&text), Ok(pos), "{text}");
                assert_eq!(parse_position(&text.to_lowercase()), Ok(pos), "{text}");
                let moves = pos.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(&moves[(ply * 7 + 3) % moves.len()]);
            }
        }
    }
}
