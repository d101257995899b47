//! Game review: the engine's verdict on every move of a game.
//!
//! For each move the position before it is searched; when the engine
//! prefers another move, the position after the move played is searched
//! too, so that the move played has a score of its own. The difference
//! between the best move's score and the played move's is the move's
//! *loss*; a loss of [`MISTAKE_LOSS`] centi-men makes a mistake (`?`), one
//! of [`BLUNDER_LOSS`] a blunder (`??`). Each verdict also has the comment
//! `tama analyse --pdn` writes after the move (see
//! [`MoveReview::comment`]).
//!
//! This is the one home of those thresholds and that text: the CLI's
//! `tama analyse --pdn` and the web server's `/api/review` stream both call
//! [`review`].
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tama_core::{Position, Rules};
//! use tama_search::review::{review, Mark};
//! use tama_search::{Engine, EngineConfig, Limits};
//!
//! let rules = Rules::ARMENIAN;
//! let start = Position::start();
//! let first = start.legal_moves(&rules)[0];
//! let mut engine = Engine::new(EngineConfig { hash_mib: 1, ..EngineConfig::default() });
//! let mut seen = 0;
//! let verdicts = review(&mut engine, &rules, &start, &[first], &Limits::depth(3), &AtomicBool::new(false), |p| {
//!     seen = p.done;
//! })
//! .expect("not stopped");
//! assert_eq!(seen, 1);
//! let v = verdicts[0].as_ref().expect("the start position has moves");
//! assert_eq!(v.played, first);
//! assert!(v.loss() >= 0);
//! let text = v.comment(&rules, |_, mv| format!("{mv:?}"));
//! assert!(!text.is_empty());
//! assert!(matches!(v.mark(), None | Some(Mark::Mistake | Mark::Blunder)));
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tama_core::{Color, Move, Position, Rules};

use crate::{Engine, Limits, Score, SearchResult};

/// A move that loses at least this much (centi-men) against the engine's
/// best move is a mistake (`?`).
pub const MISTAKE_LOSS: i32 = 50;

/// A move that loses at least this much (centi-men) is a blunder (`??`).
pub const BLUNDER_LOSS: i32 = 150;

/// The search time per position of a review given no other limit
/// (`tama analyse --pdn`, `/api/review`).
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(200);

/// How many moves of the engine's line a comment shows.
pub const COMMENT_LINE_MOVES: usize = 8;

/// The mark of a bad move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Lost at least [`MISTAKE_LOSS`]: `?`.
    Mistake,
    /// Lost at least [`BLUNDER_LOSS`]: `??`.
    Blunder,
}

impl Mark {
    /// The mark for a move that loses `loss` centi-men against the
    /// engine's best move, `None` below [`MISTAKE_LOSS`].
    pub fn for_loss(loss: i32) -> Option<Mark> {
        if loss >= BLUNDER_LOSS {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE_LOSS {
            Some(Mark::Mistake)
        } else {
            None
        }
    }

    /// `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The engine's verdict on one move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// The move's index in the game (0 = the first move).
    pub ply: usize,
    /// The position the move was played in.
    pub position: Position,
    /// The move played.
    pub played: Move,
    /// The engine's best move in `position`.
    pub best: Move,
    /// The best move's score, for the side to move in `position`.
    pub best_score: Score,
    /// The engine's line from `position`, starting with `best`.
    pub pv: Vec<Move>,
    /// The move played's score, for the side to move in `position`: the
    /// best score when it is the best move, else from a search after it
    /// (a win or loss in one ply, or a draw, when it ends the game).
    pub played_score: Score,
}

impl MoveReview {
    /// How much worse the move played is than the best move, in
    /// centi-men (a win or loss counts as a very large value); never
    /// negative: when the search after the move played scores it above the
    /// search before it did (two searches, one ply apart), it lost nothing.
    pub fn loss(&self) -> i32 {
        self.best_score
            .raw()
            .saturating_sub(self.played_score.raw())
            .max(0)
    }

    /// The move's mark: none when it is the engine's choice, else by its
    /// [`loss`](MoveReview::loss).
    pub fn mark(&self) -> Option<Mark> {
        if self.best == self.played {
            None
        } else {
            Mark::for_loss(self.loss())
        }
    }

    /// A score of this move's position from White's side.
    pub fn white(&self, score: Score) -> Score {
        match self.position.turn() {
            Color::White => score,
            Color::Black => -score,
        }
    }

    /// The comment `tama analyse --pdn` puts after the move:
    /// `+0.35 best c3-c4 +0.50 line c3-c4 f6-f5 …`: the evaluation after
    /// the move played from White's side, then, when the engine preferred
    /// another move, that move and its evaluation, then the first
    /// [`COMMENT_LINE_MOVES`] moves of the engine's line. `write` writes
    /// a move in the position it is played in (the notation crate's
    /// `write_move`).
    pub fn comment(
        &self,
        rules: &Rules,
        mut write: impl FnMut(&Position, &Move) -> String,
    ) -> String {
        let pos = &self.position;
        let mut text = self.white(self.played_score).to_string();
        if self.best != self.played {
            text.push_str(" best ");
            text.push_str(&write(pos, &self.best));
            text.push(' ');
            text.push_str(&self.white(self.best_score).to_string());
        }
        let line = self.line(rules, &mut write);
        if !line.is_empty() {
            text.push_str(" line ");
            text.push_str(&line.join(" "));
        }
        text
    }

    /// The engine's line in move text, up to [`COMMENT_LINE_MOVES`] moves
    /// (and only while they are legal).
    fn line(
        &self,
        rules: &Rules,
        write: &mut impl FnMut(&Position, &Move) -> String,
    ) -> Vec<String> {
        let mut p = self.position;
        let mut words = Vec::new();
        for mv in self.pv.iter().take(COMMENT_LINE_MOVES) {
            if !p.is_legal(rules, mv) {
                break;
            }
            words.push(write(&p, mv));
            p = p.play_unchecked(mv);
        }
        words
    }
}

/// Where a review is, reported after each move (see [`review`]).
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// The move just judged (its index in the game).
    pub ply: usize,
    /// How many moves are judged so far.
    pub done: usize,
    /// How many moves the game has.
    pub total: usize,
    /// The verdict on the move, `None` when its position already ended
    /// the game (by repetition, for example) and the engine had nothing
    /// to say.
    pub review: Option<&'a MoveReview>,
}

/// The review was stopped (see [`review`]'s `stop`) before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the review was stopped")
    }
}

impl std::error::Error for Stopped {}

/// Reviews the game that plays `moves` from `start` under `rules`: one
/// verdict per move (`None` where the position before the move had
/// already ended the game), each searched under `limits`. `progress` is
/// called after each move. The moves must be legal (the game as a PDN
/// reader or [`tama_core::Game`] accepted it).
///
/// The engine's table is kept from one search to the next (and from an
/// earlier review): with one thread and a depth or node limit, a fresh or
/// [`clear`](Engine::clear)ed engine gives the same verdicts every time.
///
/// # Errors
///
/// [`Stopped`] once `stop` is set (checked between searches and at each
/// iteration of a search, which it then ends).
pub fn review(
    engine: &mut Engine,
    rules: &Rules,
    start: &Position,
    moves: &[Move],
    limits: &Limits,
    stop: &AtomicBool,
    mut progress: impl FnMut(&Progress<'_>),
) -> Result<Vec<Option<MoveReview>>, Stopped> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    for (i, mv) in moves.iter().enumerate() {
        positions.push(positions[i].play_unchecked(mv));
    }
    let mut verdicts = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        let verdict = judge(engine, &positions, i, *mv, rules, limits, stop)?;
        progress(&Progress {
            ply: i,
            done: i + 1,
            total: moves.len(),
            review: verdict.as_ref(),
        });
        verdicts.push(verdict);
    }
    Ok(verdicts)
}

/// Searches the position before move `i` and, when the engine prefers
/// another move, the one after it.
fn judge(
    engine: &mut Engine,
    positions: &[Position],
    i: usize,
    played: Move,
    rules: &Rules,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<Option<MoveReview>, Stopped> {
    let before = &positions[i];
    let SearchResult::Move(best) = search(engine, before, &positions[..i], rules, limits, stop)?
    else {
        return Ok(None);
    };
    let played_score = if best.mv == played {
        best.score
    } else {
        let after = &positions[i + 1];
        match search(engine, after, &positions[..=i], rules, limits, stop)? {
            SearchResult::Move(reply) => -reply.score,
            SearchResult::GameOver(outcome) => match outcome.winner {
                Some(w) if w == before.turn() => Score::win_in(1),
                Some(_) => Score::loss_in(1),
                None => Score::DRAW,
            },
        }
    };
    Ok(Some(MoveReview {
        ply: i,
        position: *before,
        played,
        best: best.mv,
        best_score: best.score,
        pv: best.pv,
        played_score,
    }))
}

/// One search that ends early, and reports [`Stopped`], once `stop` is set.
fn search(
    engine: &mut Engine,
    root: &Position,
    history: &[Position],
    rules: &Rules,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<SearchResult, Stopped> {
    if stop.load(Ordering::Relaxed) {
        return Err(Stopped);
    }
    let handle = engine.stop_handle();
    // A review judges moves by searches: a book move's value is no search.
    let book = engine.config().search.book;
    engine.set_book(false);
    let result = engine.search(root, history, rules, limits, |_| {
        // The engine clears its own stop flag when a search starts, so a
        // stop requested just before is noticed here.
        if stop.load(Ordering::Relaxed) {
            handle.stop();
        }
    });
    engine.set_book(book);
    if stop.load(Ordering::Relaxed) {
        return Err(Stopped);
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_the_search_after_it_scores_higher_lost_nothing() {
        let rules = Rules::ARMENIAN;
        let position = Position::start();
        let moves = position.legal_moves(&rules);
        let review = |best: Score, played: Score| MoveReview {
            ply: 0,
            position,
            played: moves[1],
            best: moves[0],
            best_score: best,
            pv: vec![moves[0]],
            played_score: played,
        };
        let above = review(Score::centi_men(10), Score::centi_men(25));
        assert_eq!((above.loss(), above.mark()), (0, None));
        let below = review(Score::centi_men(10), Score::centi_men(10 - BLUNDER_LOSS));
        assert_eq!(below.loss(), BLUNDER_LOSS);
        assert_eq!(below.mark(), Some(Mark::Blunder));
    }
}
