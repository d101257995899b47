//! What a whole-game review reports: the verdict on each move
//! ([`ReviewMove`]), where the review is ([`ReviewProgress`]) and the
//! mistakes and blunders of each side at its end ([`ReviewSummary`]). The
//! web server streams them (`GET /api/review`) and the WebAssembly engine
//! calls back with them, so the page reads one shape from either engine.
//!
//! ```
//! use tama_core::{Position, Rules};
//! use tama_notation::parse_move;
//! use tama_api::{ReviewMove, ReviewSummary};
//! use tama_search::review::review;
//! use tama_search::{Engine, EngineConfig, Limits};
//!
//! let rules = Rules::TURKISH;
//! let start = Position::start();
//! let mv = parse_move("c3-c4", &start, &rules).unwrap();
//! let mut engine = Engine::new(EngineConfig { hash_mib: 1, ..EngineConfig::default() });
//! let stop = std::sync::atomic::AtomicBool::new(false);
//! let mut summary = ReviewSummary::default();
//! let mut events = Vec::new();
//! review(&mut engine, &rules, &start, &[mv], &Limits::depth(2), &stop, |p| {
//!     if let Some(v) = p.review {
//!         summary.count(v);
//!         events.push(ReviewMove::new(v, &rules));
//!     }
//! })
//! .unwrap();
//! assert_eq!(events[0].mv, "c3-c4");
//! let json = serde_json::to_string(&summary).unwrap();
//! assert!(json.starts_with(r#"{"white":{"mistakes":"#), "{json}");
//! ```

use serde::Serialize;
use tama_core::{Color, Move, Position, Rules};
use tama_notation::{write_line, write_move};
use tama_search::review::{Mark, MoveReview};
use tama_search::Score;

/// The verdict on one move of a review (the `move` event): the move
/// played and its score, the engine's best move, its score and line, what
/// the move lost, its mark (`?` or `??`) and the comment `tama analyse
/// --pdn` writes after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewMove {
    /// The move's index in the game (0: the first move).
    pub ply: usize,
    /// The move played, in move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// The side that played it.
    pub side: Color,
    /// The move played's score, for `side`.
    pub played_score: Score,
    /// The engine's best move.
    pub best: String,
    /// The best move's score, for `side`.
    pub best_score: Score,
    /// The engine's line from the position, in move text.
    pub pv: Vec<String>,
    /// What the move lost against the best move, in centi-men.
    pub loss: i32,
    /// `?` (a mistake), `??` (a blunder), or `null`.
    pub mark: Option<&'static str>,
    /// The comment of `tama analyse --pdn`.
    pub comment: String,
}

impl ReviewMove {
    /// The event of verdict `v` under `rules`.
    pub fn new(v: &MoveReview, rules: &Rules) -> ReviewMove {
        let write = |pos: &Position, mv: &Move| write_move(pos, rules, mv);
        ReviewMove {
            ply: v.ply,
            mv: write(&v.position, &v.played),
            side: v.position.turn(),
            played_score: v.played_score,
            best: write(&v.position, &v.best),
            best_score: v.best_score,
            pv: write_line(&v.position, rules, &v.pv),
            loss: v.loss(),
            mark: v.mark().map(Mark::symbol),
            comment: v.comment(rules, write),
        }
    }
}

/// Where a review is: moves judged so far out of the game's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewProgress {
    /// Moves judged.
    pub done: usize,
    /// Moves in the game.
    pub total: usize,
}

/// One side's count of marked moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideTally {
    /// Moves marked `?`.
    pub mistakes: usize,
    /// Moves marked `??`.
    pub blunders: usize,
}

/// The end of a review: each side's mistakes and blunders
/// (`{"white": {"mistakes": 1, "blunders": 0}, "black": {…}}`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ReviewSummary {
    /// White's marked moves.
    pub white: SideTally,
    /// Black's marked moves.
    pub black: SideTally,
}

impl ReviewSummary {
    /// Counts verdict `v` for the side that played it.
    pub fn count(&mut self, v: &MoveReview) {
        let side = match v.position.turn() {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        };
        match v.mark() {
            Some(Mark::Mistake) => side.mistakes += 1,
            Some(Mark::Blunder) => side.blunders += 1,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_notation::parse_fen;
    use tama_search::review::review;
    use tama_search::{Engine, EngineConfig, Limits};

    /// Each verdict becomes a `move` event with every field, and the
    /// summary counts its mark for the side that played.
    #[test]
    fn a_verdict_becomes_an_event_and_is_counted() {
        let rules = Rules::ARMENIAN;
        let start = parse_fen("W:Wd4,h2:Bd5,d7,a7").unwrap().position;
        let moves = start.legal_moves(&rules);
        let played = moves[0];
        let mut engine = Engine::new(EngineConfig {
            hash_mib: 1,
            ..EngineConfig::default()
        });
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut summary = ReviewSummary::default();
        let mut events = Vec::new();
        review(
            &mut engine,
            &rules,
            &start,
            &[played],
            &Limits::depth(4),
            &stop,
            |p| {
                if let Some(v) = p.review {
                    summary.count(v);
                    events.push(ReviewMove::new(v, &rules));
                }
            },
        )
        .unwrap();
        assert_eq!(events.len(), 1);
        let e = &events[0];
        assert_eq!(e.mv, write_move(&start, &rules, &played));
        assert_eq!(e.side, Color::White);
        assert_eq!(e.pv.first(), Some(&e.best));
        assert!(e.comment.starts_with(&e.played_score.to_string()[..1]));
        let marked = usize::from(e.mark.is_some());
        assert_eq!(summary.white.mistakes + summary.white.blunders, marked);
        assert_eq!(summary.black, SideTally::default());
        let json = serde_json::to_value(e).unwrap();
        for key in [
            "ply",
            "move",
            "side",
            "played_score",
            "best",
            "best_score",
            "pv",
            "loss",
            "mark",
            "comment",
        ] {
            assert!(json.get(key).is_some(), "{key} missing from {json}");
        }
    }
}
