//! The puzzle trainer of `tama puzzle`, for the page: tama-puzzle's model
//! (the file's reader, the attempt with its retry and hints, the score,
//! the rating and the choice of the next puzzle) behind three classes, so
//! the page keeps no rule of the trainer of its own (docs/PUZZLES.md).
//!
//! - `PuzzleSet`: the puzzles of a puzzle file's text; each as JSON, the
//!   choice of the unseen one nearest a rating, an attempt at one.
//! - `PuzzleAttempt`: one attempt, move by move (move text in, move
//!   objects out).
//! - `PuzzleRating`: the solver's rating, kept as the text of the
//!   terminal's rating file.

use std::collections::HashSet;

use tama_api::{PuzzleHint, PuzzleReport, PuzzleStep, PuzzleTags};
use tama_notation::{move_json, parse_move, write_fen, write_rules, MoveJson};
use tama_puzzle::rating::Rating;
use tama_puzzle::trainer::{choose, Attempt, Hint, Step};
use tama_puzzle::{file::parse_puzzles, theme, Label, Puzzle};
use wasm_bindgen::prelude::*;

use crate::error::Error;

/// The puzzles of one file.
#[wasm_bindgen]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
}

/// The moves of `line`, played in turn from the position `pos`, as move
/// objects.
fn moves_json(
    mut pos: tama_core::Position,
    rules: &tama_core::Rules,
    line: &[tama_core::Move],
) -> Vec<MoveJson> {
    let mut out = Vec::new();
    for mv in line {
        out.push(move_json(&pos, rules, mv));
        pos = pos.play_unchecked(mv);
    }
    out
}

/// A plain answer as a JSON value (writing plain data cannot fail).
fn value<T: serde::Serialize>(answer: &T) -> serde_json::Value {
    serde_json::to_value(answer).unwrap_or(serde_json::Value::Null)
}

impl PuzzleSet {
    /// The puzzles of a puzzle file's text.
    pub(crate) fn read(text: &str) -> Result<PuzzleSet, Error> {
        let puzzles = parse_puzzles(text.as_bytes()).map_err(|e| {
            let error = Error::new("PdnError", format!("puzzle file: {}", e.message));
            if e.line > 0 {
                error.on_line(e.line)
            } else {
                error
            }
        })?;
        Ok(PuzzleSet { puzzles })
    }

    fn get(&self, index: usize) -> Result<&Puzzle, Error> {
        self.puzzles.get(index).ok_or_else(|| {
            Error::range(format!(
                "invalid puzzle index {index}: the file has {}",
                self.puzzles.len()
            ))
        })
    }

    /// The puzzle at `index` as the page shows it.
    pub(crate) fn puzzle_value(&self, index: usize) -> Result<serde_json::Value, Error> {
        let p = self.get(index)?;
        let themes = theme::write(&p.themes);
        Ok(value(&PuzzleReport {
            id: p.id.clone(),
            fen: write_fen(&p.start),
            rules: write_rules(&p.rules),
            label: p.difficulty.label().to_string(),
            rating: p.rating(),
            themes: themes.split_whitespace().map(str::to_owned).collect(),
            source: p.source.kind(),
            tags: PuzzleTags {
                PuzzleId: p.id.clone(),
                Difficulty: p.difficulty.to_string(),
                Themes: themes.clone(),
                Source: p.source.to_string(),
            },
            solution: moves_json(p.start, &p.rules, &p.solution),
        }))
    }

    /// The next puzzle: among those of `label` (any when `None`) whose id
    /// is not in `seen`, the one whose rating is nearest `rating`.
    pub(crate) fn next(
        &self,
        rating: f64,
        label: Option<&str>,
        seen: &[String],
    ) -> Result<Option<usize>, Error> {
        let label = match label {
            None | Some("" | "any") => None,
            Some(text) => Some(
                text.parse::<Label>()
                    .map_err(|e| Error::new("TypeError", e.to_string()))?,
            ),
        };
        let seen: HashSet<String> = seen.iter().cloned().collect();
        Ok(choose(&self.puzzles, rating, label, &seen))
    }
}

#[wasm_bindgen]
impl PuzzleSet {
    /// The puzzles of a puzzle file's text (docs/PUZZLES.md, "The
    /// file"); throws `PdnError` with the line of the file's first
    /// problem.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<PuzzleSet, JsValue> {
        Ok(PuzzleSet::read(text)?)
    }

    /// How many puzzles the file has.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.puzzles.len()
    }

    /// The puzzle at `index` as JSON: `{id, fen, rules, label, rating,
    /// themes, source, tags, solution}` (`themes` the theme words, or
    /// `["none"]`; `source` its kind; `tags` the record's puzzle tags; the
    /// solution as move objects); throws `RangeError` for an index
    /// outside the file.
    #[wasm_bindgen(js_name = puzzleJson)]
    pub fn puzzle_json(&self, index: usize) -> Result<String, JsValue> {
        Ok(self.puzzle_value(index)?.to_string())
    }

    /// The index of the puzzle named `id`, if the file has it.
    #[wasm_bindgen(js_name = indexOf)]
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.puzzles.iter().position(|p| p.id == id)
    }

    /// The index of the next puzzle for a solver of `rating`: of the
    /// difficulty `label` (`easy`, `medium`, `hard`, `expert`; any when
    /// absent or `any`), not in `seen` (ids), the one whose rating is
    /// nearest (the first in the file on a tie); `undefined` when none is
    /// left. Throws `TypeError` for an unknown label.
    pub fn choose(
        &self,
        rating: f64,
        label: Option<String>,
        seen: Vec<String>,
    ) -> Result<Option<usize>, JsValue> {
        Ok(self.next(rating, label.as_deref(), &seen)?)
    }

    /// A new attempt at the puzzle at `index`; throws `RangeError` for
    /// an index outside the file.
    pub fn attempt(&self, index: usize) -> Result<PuzzleAttempt, JsValue> {
        Ok(PuzzleAttempt {
            attempt: Attempt::new(self.get(index)?.clone()),
        })
    }
}

/// One attempt at a puzzle.
#[wasm_bindgen]
pub struct PuzzleAttempt {
    attempt: Attempt,
}

impl PuzzleAttempt {
    /// Plays the solver's move text: what it led to.
    pub(crate) fn step(&mut self, text: &str) -> Result<serde_json::Value, Error> {
        let pos = self.attempt.position();
        let rules = self.attempt.puzzle().rules;
        let mv = parse_move(text, &pos, &rules).map_err(|e| Error::move_text(&e))?;
        let step = match self.attempt.play(mv) {
            Step::Correct { reply } => {
                let after = pos.play_unchecked(&mv);
                PuzzleStep {
                    step: "correct",
                    reply: reply.map(|r| move_json(&after, &rules, &r)),
                }
            }
            Step::Wrong => PuzzleStep {
                step: "wrong",
                reply: None,
            },
            Step::Over => PuzzleStep {
                step: "over",
                reply: None,
            },
        };
        Ok(value(&step))
    }

    /// The next hint.
    pub(crate) fn next_hint(&mut self) -> Option<serde_json::Value> {
        let pos = self.attempt.position();
        let rules = self.attempt.puzzle().rules;
        Some(value(&match self.attempt.hint()? {
            Hint::Piece(square) => PuzzleHint::Piece {
                piece: square.to_string(),
            },
            Hint::Move(mv) => PuzzleHint::Move {
                mv: move_json(&pos, &rules, &mv),
            },
        }))
    }
}

#[wasm_bindgen]
impl PuzzleAttempt {
    /// Plays the solver's move (move text, a legal move of the position
    /// the solver is to move in; after a wrong move this is the retry):
    /// JSON `{step, reply}`, `step` `"correct"` (`reply` the opponent's
    /// answer as a move object, `null` when the puzzle is played out),
    /// `"wrong"` (the move is not played) or `"over"`. Throws
    /// `MoveTextError` or `IllegalMoveError`.
    pub fn play(&mut self, text: &str) -> Result<String, JsValue> {
        Ok(self.step(text)?.to_string())
    }

    /// Tries again after a wrong move; `false` when the last move was not
    /// wrong.
    pub fn retry(&mut self) -> bool {
        self.attempt.retry()
    }

    /// The next hint as JSON: `{"piece": square}`, then `{"move": move
    /// object}`; after a wrong move, a retry first. `undefined` once the
    /// attempt is over.
    pub fn hint(&mut self) -> Option<String> {
        self.next_hint().map(|v| v.to_string())
    }

    /// Gives up: the moves of the solution from the solver's position to
    /// the end, as a JSON array of move objects (empty once played out).
    #[wasm_bindgen(js_name = showSolution)]
    pub fn show_solution(&mut self) -> String {
        let pos = self.attempt.position();
        let rules = self.attempt.puzzle().rules;
        value(&moves_json(pos, &rules, self.attempt.show_solution())).to_string()
    }

    /// Where the attempt stands: `solving`, `wrong`, `retrying`,
    /// `solved`, `solved-after` or `shown`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> String {
        self.attempt.status().name().to_owned()
    }

    /// The moves of the solution played so far (the opponent's replies
    /// included).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> usize {
        self.attempt.played().len()
    }

    /// The hint shown for the current move: 0 none, 1 the piece, 2 the
    /// move.
    #[wasm_bindgen(getter, js_name = hintLevel)]
    pub fn hint_level(&self) -> u8 {
        self.attempt.hint_level()
    }

    /// Whether a hint was asked for.
    #[wasm_bindgen(getter)]
    pub fn hinted(&self) -> bool {
        self.attempt.hinted()
    }

    /// The score for the rating once decided (1, ½ after a hint, 0 after
    /// a wrong move or the solution shown); `undefined` while open.
    #[wasm_bindgen(getter)]
    pub fn score(&self) -> Option<f64> {
        self.attempt.score()
    }

    /// The score if the solver left now: the decided one, else 0 after a
    /// move or a hint; `undefined` (not rated) before either.
    #[wasm_bindgen(getter, js_name = scoreOnLeaving)]
    pub fn score_on_leaving(&self) -> Option<f64> {
        self.attempt.score_on_leaving()
    }

    /// The puzzle's rating.
    #[wasm_bindgen(getter)]
    pub fn rating(&self) -> u32 {
        self.attempt.puzzle().rating()
    }
}

/// The solver's rating: Elo from 1,000 (docs/PUZZLES.md, "The rating").
#[wasm_bindgen]
pub struct PuzzleRating {
    rating: Rating,
}

impl PuzzleRating {
    /// A rating from its counts, checked as the rating file is.
    pub(crate) fn of(rating: f64, played: u32, solved: u32) -> Result<PuzzleRating, Error> {
        let text = Rating {
            rating,
            played,
            solved,
        }
        .to_text();
        PuzzleRating::read(&text)
    }

    /// A rating from the rating file's text.
    pub(crate) fn read(text: &str) -> Result<PuzzleRating, Error> {
        let rating = Rating::from_text(text)
            .map_err(|e| Error::new("TypeError", format!("puzzle rating: {e}")))?;
        Ok(PuzzleRating { rating })
    }
}

#[wasm_bindgen]
impl PuzzleRating {
    /// A new solver's rating (1,000, nothing played).
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)] // a JavaScript constructor
    pub fn new() -> PuzzleRating {
        PuzzleRating {
            rating: Rating::default(),
        }
    }

    /// The rating of a rating file's text (`tama puzzle rating 1`, then
    /// `rating`, `played` and `solved`); throws `TypeError` naming the
    /// line for damaged text.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str) -> Result<PuzzleRating, JsValue> {
        Ok(PuzzleRating::read(text)?)
    }

    /// The rating of its counts (a rating of 0 to 4,000, no more solved
    /// than played); throws `TypeError` otherwise.
    #[wasm_bindgen(js_name = fromCounts)]
    pub fn from_counts(rating: f64, played: u32, solved: u32) -> Result<PuzzleRating, JsValue> {
        Ok(PuzzleRating::of(rating, played, solved)?)
    }

    /// The rating file's text.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self) -> String {
        self.rating.to_text()
    }

    /// The rating.
    #[wasm_bindgen(getter)]
    pub fn rating(&self) -> f64 {
        self.rating.rating
    }

    /// Rated puzzles played.
    #[wasm_bindgen(getter)]
    pub fn played(&self) -> u32 {
        self.rating.played
    }

    /// Of them, solved.
    #[wasm_bindgen(getter)]
    pub fn solved(&self) -> u32 {
        self.rating.solved
    }

    /// Records a score (0, ½ or 1) against a puzzle of rating `puzzle`;
    /// returns the change. Throws `RangeError` for a score outside 0 to 1.
    pub fn record(&mut self, puzzle: u32, score: f64) -> Result<f64, JsValue> {
        if !(0.0..=1.0).contains(&score) {
            return Err(Error::range(format!("invalid score {score}: expected 0 to 1")).into());
        }
        Ok(self.rating.record(puzzle, score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> PuzzleSet {
        let text = tama_puzzle::embedded::text(tama_core::Preset::Turkish);
        PuzzleSet::read(std::str::from_utf8(text).unwrap()).unwrap()
    }

    #[test]
    fn a_puzzle_is_solved_move_by_move_from_its_json() {
        let set = set();
        let first = set.next(1000.0, None, &[]).unwrap().unwrap();
        let p = set.puzzle_value(first).unwrap();
        let solution: Vec<String> = p["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(solution.len() % 2, 1);
        assert_eq!(p["tags"]["PuzzleId"], p["id"]);
        let mut a = set.attempt(first).unwrap();
        for (i, mv) in solution.iter().enumerate().step_by(2) {
            let step = a.step(mv).unwrap();
            assert_eq!(step["step"], "correct");
            match solution.get(i + 1) {
                Some(reply) => assert_eq!(step["reply"]["move"], reply.as_str()),
                None => assert!(step["reply"].is_null()),
            }
        }
        assert_eq!((a.status(), a.score()), ("solved".to_owned(), Some(1.0)));
        assert_eq!(a.ply(), solution.len());
    }

    #[test]
    fn a_wrong_move_is_retried_and_hinted() {
        let set = set();
        let i = set.next(1000.0, Some("easy"), &[]).unwrap().unwrap();
        let p = set.puzzle_value(i).unwrap();
        let right = p["solution"][0]["move"].as_str().unwrap().to_owned();
        let pos = tama_notation::parse_fen(p["fen"].as_str().unwrap())
            .unwrap()
            .position;
        let rules = tama_core::Preset::Turkish.rules();
        let wrong = pos
            .legal_moves(&rules)
            .iter()
            .map(|m| tama_notation::write_move(&pos, &rules, m))
            .find(|t| *t != right)
            .unwrap();
        let mut a = set.attempt(i).unwrap();
        assert_eq!(a.score_on_leaving(), None);
        assert_eq!(a.step(&wrong).unwrap()["step"], "wrong");
        assert_eq!((a.status(), a.score()), ("wrong".to_owned(), Some(0.0)));
        let hint = a.next_hint().unwrap();
        assert_eq!(a.status(), "retrying");
        assert_eq!(hint["piece"], p["solution"][0]["from"]);
        assert_eq!(a.next_hint().unwrap()["move"]["move"], right.as_str());
        assert_eq!(a.step("c3-").unwrap_err().name(), "MoveTextError");
        let rest: serde_json::Value = serde_json::from_str(&a.show_solution()).unwrap();
        assert_eq!(rest, p["solution"]);
        assert_eq!(a.status(), "shown");
        assert_eq!(a.step(&right).unwrap()["step"], "over");
    }

    #[test]
    fn the_choice_follows_the_rating_and_skips_the_seen() {
        let set = set();
        let low = set.next(800.0, None, &[]).unwrap().unwrap();
        let high = set.next(2300.0, None, &[]).unwrap().unwrap();
        let rating = |i| set.puzzle_value(i).unwrap()["rating"].as_u64().unwrap();
        assert!(rating(low) < rating(high));
        let id = set.puzzle_value(low).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(set.index_of(&id), Some(low));
        let again = set.next(800.0, None, &[id]).unwrap().unwrap();
        assert_ne!(again, low);
        let hard = set.next(800.0, Some("hard"), &[]).unwrap().unwrap();
        assert_eq!(set.puzzle_value(hard).unwrap()["label"], "hard");
        assert_eq!(
            set.next(800.0, Some("tricky"), &[]).unwrap_err().name(),
            "TypeError"
        );
        assert_eq!(
            PuzzleSet::read("1. c3-c4 *\n").err().map(|e| e.name()),
            Some("PdnError")
        );
    }

    #[test]
    fn the_rating_is_the_terminals_file() {
        let mut r = PuzzleRating::new();
        assert_eq!(r.rating(), tama_puzzle::rating::START);
        let change = r.rating.record(1000, 1.0);
        assert!((change - 20.0).abs() < 1e-9);
        let back = PuzzleRating::read(&r.to_text()).unwrap();
        assert_eq!((back.played(), back.solved()), (1, 1));
        assert!(PuzzleRating::of(1500.0, 3, 2).is_ok());
        assert!(PuzzleRating::of(1500.0, 1, 2).is_err());
        assert!(PuzzleRating::of(-1.0, 0, 0).is_err());
        assert_eq!(
            PuzzleRating::read("rating 1").err().map(|e| e.name()),
            Some("TypeError")
        );
    }
}
