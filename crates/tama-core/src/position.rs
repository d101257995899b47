//! Set-up data, validated positions, making moves and Zobrist hashing.

use core::fmt;

use crate::{Bitboard, Color, Move, Piece, Role, Square};

/// Plain placement data that may or may not be a legal position.
///
/// A `Setup` becomes a [`Position`] only through [`Position::from_setup`],
/// which reports every problem it finds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Squares holding White pieces.
    pub white: Bitboard,
    /// Squares holding Black pieces.
    pub black: Bitboard,
    /// Squares holding kings (of either colour).
    pub kings: Bitboard,
    /// The side to move.
    pub turn: Color,
}

impl Setup {
    /// An empty board with `turn` to move.
    pub const fn empty(turn: Color) -> Setup {
        Setup {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
            turn,
        }
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        match piece.color {
            Color::White => self.white.insert(sq),
            Color::Black => self.black.insert(sq),
        }
        if piece.role == Role::King {
            self.kings.insert(sq);
        }
    }

    /// Empties `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.white.remove(sq);
        self.black.remove(sq);
        self.kings.remove(sq);
    }

    /// Every problem that keeps this setup from being a position, in board
    /// order. Empty when it is valid.
    pub fn problems(&self) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        for sq in self.white & self.black {
            problems.push(SetupProblem::BothColors(sq));
        }
        for sq in self.kings - (self.white | self.black) {
            problems.push(SetupProblem::KingWithoutColor(sq));
        }
        for color in Color::ALL {
            let pieces = match color {
                Color::White => self.white,
                Color::Black => self.black,
            };
            if pieces.count() > 16 {
                problems.push(SetupProblem::TooManyPieces(color, pieces.count()));
            }
            let last = Bitboard::rank(color.promotion_rank());
            for sq in (pieces & last) - self.kings {
                problems.push(SetupProblem::ManOnPromotionRank(color, sq));
            }
        }
        problems
    }
}

/// One reason a [`Setup`] is not a valid position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetupProblem {
    /// The square holds both a White and a Black piece.
    BothColors(Square),
    /// The square is marked as a king but holds no piece.
    KingWithoutColor(Square),
    /// A side has more than 16 pieces (the count is given).
    TooManyPieces(Color, u32),
    /// A man stands on its own promotion rank (it would be a king).
    ManOnPromotionRank(Color, Square),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::BothColors(sq) => write!(f, "{sq} holds a white and a black piece"),
            SetupProblem::KingWithoutColor(sq) => write!(f, "{sq} is a king of no colour"),
            SetupProblem::TooManyPieces(c, n) => {
                write!(f, "{c} has {n} pieces, more than 16")
            }
            SetupProblem::ManOnPromotionRank(c, sq) => {
                write!(
                    f,
                    "{c} man on {sq}, its own promotion rank (it would be a king)"
                )
            }
        }
    }
}

/// A setup that is not a valid position, with every problem found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupError {
    /// The problems, at least one.
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// A valid position: the pieces of both sides, the side to move, and the
/// Zobrist hash kept up to date by [`Position::play_unchecked`].
///
/// A `Position` is 40 bytes and `Copy`; making a move returns a new one
/// (copy-make).
///
/// ```
/// use tama_core::{Position, Rules};
///
/// let pos = Position::start();
/// let moves = pos.legal_moves(&Rules::ARMENIAN);
/// assert_eq!(moves.len(), 22);
/// let next = pos.play_unchecked(&moves[0]);
/// assert_eq!(next.hash(), next.compute_hash());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) kings: Bitboard,
    pub(crate) turn: Color,
    pub(crate) hash: u64,
}

impl Position {
    /// The start position: White men on ranks 2 and 3, Black men on ranks
    /// 6 and 7, White to move.
    pub fn start() -> Position {
        let setup = Setup {
            white: Bitboard::rank(1) | Bitboard::rank(2),
            black: Bitboard::rank(5) | Bitboard::rank(6),
            kings: Bitboard::EMPTY,
            turn: Color::White,
        };
        Position::from_setup_unchecked(setup)
    }

    /// Validates a setup.
    ///
    /// # Errors
    ///
    /// [`SetupError`] listing every problem: a square with both colours, a
    /// king without a piece, more than 16 pieces of a side, a man on its own
    /// promotion rank.
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        let problems = setup.problems();
        if problems.is_empty() {
            Ok(Position::from_setup_unchecked(setup))
        } else {
            Err(SetupError { problems })
        }
    }

    fn from_setup_unchecked(setup: Setup) -> Position {
        let mut pos = Position {
            by_color: [setup.white, setup.black],
            kings: setup.kings,
            turn: setup.turn,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The placement data of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            white: self.by_color[0],
            black: self.by_color[1],
            kings: self.kings,
            turn: self.turn,
        }
    }

    /// The side to move.
    #[inline]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of all kings.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The squares of all men.
    #[inline]
    pub const fn men(&self) -> Bitboard {
        Bitboard(self.occupied().0 & !self.kings.0)
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub const fn pieces_of(&self, color: Color, role: Role) -> Bitboard {
        let p = self.by_color[color as usize].0;
        match role {
            Role::Man => Bitboard(p & !self.kings.0),
            Role::King => Bitboard(p & self.kings.0),
        }
    }

    /// The occupied squares.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// The Zobrist hash, kept up to date incrementally.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (equals [`Position::hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for sq in self.pieces(color) {
                let role = if self.kings.contains(sq) {
                    Role::King
                } else {
                    Role::Man
                };
                h ^= zobrist::piece(color, role, sq);
            }
        }
        if self.turn == Color::Black {
            h ^= zobrist::SIDE;
        }
        h
    }

    /// The same position with the other side to move (a "null move", as
    /// searches use to test whether a position is good even without the
    /// move). Not a legal move in the game.
    ///
    /// ```
    /// use tama_core::{Color, Position};
    ///
    /// let passed = Position::start().pass();
    /// assert_eq!(passed.turn(), Color::Black);
    /// assert_eq!(passed.hash(), passed.compute_hash());
    /// assert_eq!(passed.pass(), Position::start());
    /// ```
    #[inline]
    #[must_use]
    pub fn pass(&self) -> Position {
        let mut pos = *self;
        pos.turn = self.turn.opponent();
        pos.hash ^= zobrist::SIDE;
        pos
    }

    /// Plays a move that is known to be legal here, returning the new
    /// position. The hash is updated incrementally.
    ///
    /// Playing a move that is not legal gives an unspecified (but valid
    /// memory-wise) result; use [`Position::play`] to check first.
    #[inline]
    #[must_use]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let us = self.turn as usize;
        let them = us ^ 1;
        let from = mv.from();
        let to = mv.to();
        let mut pos = *self;
        let was_king = self.kings.contains(from);
        let mut hash = self.hash ^ zobrist::SIDE;
        let from_role = if was_king { Role::King } else { Role::Man };
        let to_role = if was_king || mv.promotes() {
            Role::King
        } else {
            Role::Man
        };
        hash ^= zobrist::piece(self.turn, from_role, from);
        hash ^= zobrist::piece(self.turn, to_role, to);
        pos.by_color[us].0 = (pos.by_color[us].0 & !from.bit()) | to.bit();
        let caps = mv.captures();
        if caps.any() {
            let them_color = self.turn.opponent();
            for sq in caps {
                let role = if self.kings.contains(sq) {
                    Role::King
                } else {
                    Role::Man
                };
                hash ^= zobrist::piece(them_color, role, sq);
            }
            pos.by_color[them].0 &= !caps.0;
            pos.kings.0 &= !caps.0;
        }
        pos.kings.0 &= !from.bit();
        if to_role == Role::King {
            pos.kings.0 |= to.bit();
        }
        pos.turn = self.turn.opponent();
        pos.hash = hash;
        pos
    }

    /// Whether playing `mv` here could be undone by later moves, so the
    /// position before it may occur again: a quiet king move, or a man's
    /// sideways step. Captures and men's forward steps never come back.
    #[inline]
    pub fn is_reversible(&self, mv: &Move) -> bool {
        !mv.is_capture() && (self.kings.contains(mv.from()) || mv.from().rank() == mv.to().rank())
    }

    /// Like [`Position::play_unchecked`] but leaves the hash stale: for
    /// perft, whose positions never leave the counting loop.
    #[inline]
    pub(crate) fn play_board_only(&self, mv: &Move) -> Position {
        let us = self.turn as usize;
        let from = mv.from().bit();
        let to = mv.to().bit();
        let caps = mv.captures().0;
        let mut pos = *self;
        pos.by_color[us].0 = (pos.by_color[us].0 & !from) | to;
        pos.by_color[us ^ 1].0 &= !caps;
        let was_king = self.kings.0 & from != 0;
        pos.kings.0 &= !(caps | from);
        if was_king || mv.promotes() {
            pos.kings.0 |= to;
        }
        pos.turn = self.turn.opponent();
        pos
    }

    /// The position with colours swapped and the board turned over (rank
    /// `r` becomes rank `7 - r`): an equivalent position for the other side.
    #[must_use]
    pub fn flip_colors(&self) -> Position {
        Position::from_setup_unchecked(Setup {
            white: self.by_color[1].flip_vertical(),
            black: self.by_color[0].flip_vertical(),
            kings: self.kings.flip_vertical(),
            turn: self.turn.opponent(),
        })
    }

    /// The position mirrored left to right (file `a` becomes file `h`).
    #[must_use]
    pub fn flip_horizontal(&self) -> Position {
        Position::from_setup_unchecked(Setup {
            white: self.by_color[0].flip_horizontal(),
            black: self.by_color[1].flip_horizontal(),
            kings: self.kings.flip_horizontal(),
            turn: self.turn,
        })
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

/// Zobrist keys, generated at compile time with splitmix64.
pub mod zobrist {
    use crate::{Color, Role, Square};

    const fn splitmix(state: u64) -> (u64, u64) {
        let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (state, z ^ (z >> 31))
    }

    const fn make_keys() -> ([[u64; 64]; 4], u64) {
        let mut keys = [[0u64; 64]; 4];
        let mut state = 0x7a6d_615f_7461_6d61; // "tama_tama"-ish seed
        let mut i = 0;
        while i < 4 {
            let mut sq = 0;
            while sq < 64 {
                let (s, k) = splitmix(state);
                state = s;
                keys[i][sq] = k;
                sq += 1;
            }
            i += 1;
        }
        let (_, side) = splitmix(state);
        (keys, side)
    }

    const KEYS: ([[u64; 64]; 4], u64) = make_keys();
    static PIECE: [[u64; 64]; 4] = KEYS.0;

    /// The key XORed in when Black is to move.
    pub const SIDE: u64 = KEYS.1;

    /// The key of `color`'s piece of `role` on `sq`.
    #[inline(always)]
    pub fn piece(color: Color, role: Role, sq: Square) -> u64 {
        PIECE[color.index() * 2 + role.index()][sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_layout() {
        let pos = Position::start();
        assert_eq!(pos.pieces(Color::White).count(), 16);
        assert_eq!(pos.pieces(Color::Black).count(), 16);
        assert_eq!(
            pos.piece_at(Square::C3),
            Some(Piece::new(Color::White, Role::Man))
        );
        assert_eq!(
            pos.piece_at(Square::H7),
            Some(Piece::new(Color::Black, Role::Man))
        );
        assert_eq!(pos.piece_at(Square::D1), None);
        assert_eq!(pos.turn(), Color::White);
        assert_eq!(pos.hash(), pos.compute_hash());
    }

    #[test]
    fn setup_reports_every_problem() {
        let mut setup = Setup::empty(Color::White);
        setup.white.insert(Square::A8); // man on own promotion rank
        setup.white.insert(Square::B2);
        setup.black.insert(Square::B2); // both colours
        setup.kings.insert(Square::C5); // king of no colour
        let err = Position::from_setup(setup).unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                SetupProblem::BothColors(Square::B2),
                SetupProblem::KingWithoutColor(Square::C5),
                SetupProblem::ManOnPromotionRank(Color::White, Square::A8),
            ]
        );
        let mut crowded = Setup::empty(Color::Black);
        crowded.black = Bitboard::rank(2) | Bitboard::rank(3) | Bitboard::from(Square::A5);
        assert_eq!(
            Position::from_setup(crowded).unwrap_err().problems,
            vec![SetupProblem::TooManyPieces(Color::Black, 17)]
        );
    }

    #[test]
    fn flips_are_involutions() {
        let pos = Position::start();
        assert_eq!(pos.flip_colors().flip_colors(), pos);
        assert_eq!(pos.flip_horizontal().flip_horizontal(), pos);
        assert_eq!(pos.flip_colors().turn(), Color::Black);
    }
}
