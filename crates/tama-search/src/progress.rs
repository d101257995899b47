//! What a search reports: progress ([`Info`]) while it runs, and the
//! result ([`SearchResult`]) at the end. The driver (`engine.rs`) and the
//! search (`root.rs`) both build these.

use std::time::Duration;

use tama_core::{Move, Outcome};

use crate::oracle::OracleValue;
use crate::score::Score;

/// Why progress is being reported.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum InfoKind {
    /// An iteration is complete; this is its line number `multipv`.
    Iteration,
    /// A new best move was found during an iteration (depth not complete).
    NewBest,
}

/// Progress of a search, passed to the progress callback.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// Why this is reported.
    pub kind: InfoKind,
    /// The iteration depth, in plies.
    pub depth: u32,
    /// The deepest ply reached (selective depth).
    pub seldepth: u32,
    /// The line number, 1 for the best (multi-PV).
    pub multipv: usize,
    /// The score of the line for the side to move at the root.
    pub score: Score,
    /// The score is only a lower bound (the line failed high).
    pub lower_bound: bool,
    /// The score is only an upper bound (the line failed low).
    pub upper_bound: bool,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table use, in permille.
    pub hashfull: u32,
    /// The principal variation, starting with the root move.
    pub pv: Vec<Move>,
    /// The endgame oracle's value of the line's root move for the side to
    /// move at the root, when the oracle (or the rules) decide the position
    /// it leads to.
    pub tb: Option<OracleValue>,
    /// Endgame oracle answers so far, all threads.
    pub tbhits: u64,
}

/// One analysed root move.
#[derive(Clone, Debug, PartialEq)]
pub struct RootLine {
    /// The root move.
    pub mv: Move,
    /// Its score for the side to move at the root.
    pub score: Score,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
    /// The endgame oracle's value of `mv` for the side to move, when the
    /// oracle (or the rules) decide the position it leads to.
    pub tb: Option<OracleValue>,
}

/// The outcome of a search that found a move.
#[derive(Clone, Debug, PartialEq)]
pub struct BestMove {
    /// The move to play.
    pub mv: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
    /// Every line searched (multi-PV), best first; `lines[0]` is the best
    /// move's.
    pub lines: Vec<RootLine>,
    /// The iteration the move and its line come from: the deepest
    /// completed one, or the one after it when the search stopped inside
    /// it after finding the move there (then `partial`); 0 when the move
    /// was forced or decided by the endgame oracle and returned at once.
    pub depth: u32,
    /// Whether iteration `depth` was stopped before it completed: the
    /// move, score and line are the best it found in the root moves it
    /// searched, not a completed iteration's.
    pub partial: bool,
    /// The selective depth of the best line.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Whether the search was ended by a stop request or a limit before its
    /// last iteration completed.
    pub interrupted: bool,
    /// The endgame oracle's value of `mv` for the side to move, when the
    /// oracle (or the rules) decide the position it leads to: then `score`
    /// is the oracle's too (win or loss with its distance, or a draw).
    pub tb: Option<OracleValue>,
    /// Endgame oracle answers during the search, all threads.
    pub tbhits: u64,
    /// Whether `mv` came from the opening book without a search (then
    /// `depth` and `nodes` are 0 and the lines are the book's moves).
    pub book: bool,
}

/// What a search returns.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchResult {
    /// The best move found, with its analysis.
    Move(BestMove),
    /// The game is already over at the root: no legal move (the side to
    /// move lost), or a draw by rule.
    GameOver(Outcome),
}

impl SearchResult {
    /// The best move, if the game is not over.
    pub fn best_move(&self) -> Option<Move> {
        match self {
            SearchResult::Move(b) => Some(b.mv),
            SearchResult::GameOver(_) => None,
        }
    }

    /// The outcome, if the game is over.
    pub fn game_over(&self) -> Option<Outcome> {
        match self {
            SearchResult::Move(_) => None,
            SearchResult::GameOver(o) => Some(*o),
        }
    }
}
