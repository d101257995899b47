//! Rules of Armenian draughts (Tama) and its orthogonal relatives.
//!
//! `tama-core` knows the board, the pieces, every rule switch of the rules
//! (`docs/RULES.md` in the repository), legal move generation, games with
//! every way they end, threefold repetition, Zobrist hashing and perft. It
//! does no I/O and never prints; text formats live in `tama-notation`, the
//! engine in `tama-search`.
//!
//! ```
//! use tama_core::{Position, Rules, Game, perft};
//!
//! // The start position has 22 legal moves under the default rules.
//! let pos = Position::start();
//! assert_eq!(pos.legal_moves(&Rules::ARMENIAN).len(), 22);
//!
//! // Play a game to its end by always taking the first legal move.
//! let mut game = Game::new(Rules::ARMENIAN);
//! while game.outcome().is_none() && game.moves().len() < 400 {
//!     let mv = game.legal_moves()[0];
//!     game.play(&mv).expect("generated moves are legal");
//! }
//!
//! // perft counts the leaves of the move tree.
//! assert_eq!(perft(&pos, &Rules::TURKISH, 2), 64);
//! ```
//!
//! # Board
//!
//! Squares are named like chess squares (`a1` … `h8`) and all 64 are used.
//! A [`Bitboard`] holds one bit per square (`a1` is bit 0, `h8` bit 63).
//! A [`Position`] is two colour bitboards, a king bitboard, the side to move
//! and a Zobrist hash; it is built from a [`Setup`] through validation.
//!
//! # Moves
//!
//! A [`Move`] is its effect: from, to, the captured squares and whether a
//! man is crowned. Capture paths with the same effect are one move; the
//! path for display comes from [`Position::path`].
//!
//! # Games
//!
//! A [`Game`] is the rules, a start position and the moves played, with
//! their [`Repetitions`] (the one threefold-repetition tracker, which PDN
//! replay and engines use too). [`Game::outcome`] reports every ending as
//! an [`Outcome`]: a [`Termination`] and the winner, on the board (no legal
//! move, threefold repetition, one piece each) or off it
//! ([`Game::resign`], [`Game::agree_draw`], [`Game::adjudicate`],
//! [`Game::lose_on_time`]).
//!
//! # Clocks
//!
//! A [`TimeControl`] (sudden death, Fischer increment, moves in a time, in
//! [`Stage`]s) and a [`GameClock`] that a [`Game`] owns
//! ([`Game::with_clock`]): the caller measures how long a player thought
//! and hands it to [`Game::tick`]; a flag ends the game as the clock's
//! [`FlagRule`] says.
#![deny(missing_docs)]
// Library code returns errors; a panic is for broken invariants only, with
// an `expect` that says which.
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

mod attacks;
mod bitboard;
mod clock;
mod game;
mod movegen;
mod mv;
mod perft;
mod position;
pub mod reach;
mod repetition;
mod rules;
#[cfg(feature = "serde")]
mod serde_impl;
mod square;

pub use bitboard::{Bitboard, Squares};
pub use clock::{FlagRule, GameClock, Stage, TimeControl, TimeControlError};
pub use game::{
    history_outcome, position_outcome, Game, GameOverError, Outcome, PlayError, Termination,
};
pub use movegen::IllegalMoveError;
pub use mv::{Move, MoveList, Path, MOVE_LIST_INLINE};
pub use perft::{perft, perft_divide, perft_parallel};
pub use position::{zobrist, Position, Setup, SetupError, SetupProblem};
pub use repetition::{is_reversible_step, Repetitions};
pub use rules::{KingReversal, Preset, Promotion, Removal, Rules};
pub use square::{Color, ParseSquareError, Piece, Role, Square};
