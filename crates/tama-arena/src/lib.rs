//! Engine-versus-engine matches for the tama engine: paired openings,
//! adjudication, W/D/L and Elo estimates with their 95% intervals, the
//! SPRT on pentanomial pair counts, other `tama` builds as players, a plain
//! material-only reference player, and the fixed search signature of
//! `tama bench`.
//!
//! The engine itself is [`tama_search`]; this crate only plays it. Each
//! opening is played twice, once with each player as White, which cancels
//! most of the bias of an unbalanced opening. Games run on several threads;
//! a callback hears about each finished game. A finished game keeps what a
//! PDN writer needs: the start position, the moves, the result and why the
//! game ended.
//!
//! ```
//! use tama_arena::{play_match, random_openings, MatchConfig, Player, PlayerKind};
//! use tama_core::Rules;
//! use tama_search::Limits;
//!
//! let a = Player::new("depth 3", PlayerKind::parse("full").unwrap(), Limits::depth(3));
//! let b = Player::new("plain 1", PlayerKind::Baseline, Limits::depth(1));
//! let config = MatchConfig {
//!     openings: random_openings(&Rules::ARMENIAN, 1, 4, 7),
//!     max_plies: 60,
//!     concurrency: 1,
//!     ..MatchConfig::default()
//! };
//! let result = play_match(&a, &b, &config, |_game| {}).unwrap();
//! assert_eq!(result.games.len(), 2);
//! assert_eq!(result.wins + result.draws + result.losses, 2);
//! assert!(result.elo().lower <= result.elo().upper);
//! ```
//!
//! - [`PlayerKind::parse`] reads a player description (`full,-lmr,king=400`,
//!   or `baseline`).
//! - [`play_match`] plays the games ([`MatchConfig`], [`Adjudication`]) and
//!   returns a [`MatchResult`] with its [`Elo`] estimates (per game, and per
//!   pair of games: the pentanomial model).
//! - [`Sprt`] is the sequential probability ratio test on pentanomial
//!   pair counts (fishtest's GSPRT in logistic Elo), and [`play_sprt`]
//!   plays a match until it decides.
//! - [`ExternalEngine`] is another `tama` binary as a player (driven per
//!   move through `tama analyse --json`), to compare builds.
//! - [`random_openings`] gives reproducible balanced openings, and
//!   [`endgame_openings`] endgames of a few pieces reached by self-play.
//! - [`build_ballots`] makes ballots, the published sets of balanced
//!   openings of `data/ballots/` (docs/BALLOTS.md): the distinct positions
//!   a few plies from the start whose deterministic deep search finds them
//!   near equal; [`write_ballots`], [`read_ballots`] and [`check_ballots`]
//!   write, read and check their files.
//! - [`baseline::Baseline`] is the plain alpha-beta reference player.
//! - [`bench`](mod@bench) is the fixed list of positions whose node count
//!   is the search signature.
#![deny(missing_docs)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

mod ballots;
pub mod baseline;
pub mod bench;
mod elo;
mod external;
mod openings;
mod play;
mod player;
mod results;
mod sprt;

pub use ballots::{
    build_ballots, check_ballots, enumerate_positions, read_ballots, write_ballots, Ballot,
    BallotError, BallotProblem, BallotProgress, BallotSearch, BallotSet, BallotSettings,
    BuildReport, RecordedBallot, MAX_BALLOT_PLIES,
};
pub use elo::{elo_from_pentanomial, elo_from_score, Elo};
pub use external::ExternalEngine;
pub use openings::{endgame_openings, random_openings, Opening};
pub use play::{play_match, play_match_until, Adjudication, MatchConfig, MatchError};
pub use player::{
    read_weights, without, Player, PlayerKind, PlayerSpec, TablesChoice, MAX_PLAYER_DEPTH,
};
pub use results::{GameRecord, MatchResult, PairCounter, PonderCount};
pub use sprt::{
    play_sprt, play_sprt_from, score_from_elo, Sprt, SprtError, SprtOutcome, SprtStatus, Verdict,
};
/// The limits of a player's moves (tama-search's, re-exported: a
/// [`Player`] holds them).
pub use tama_search::Limits;
