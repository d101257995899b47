//! What the puzzle trainer answers the page (through the JavaScript
//! package): a puzzle as it is shown, a step of an attempt, a hint.

use serde::Serialize;
use tama_notation::MoveJson;

/// A puzzle's record tags.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[allow(non_snake_case)] // the PDN tags' own names
pub struct PuzzleTags {
    /// `PuzzleId`.
    pub PuzzleId: String,
    /// `Difficulty`.
    pub Difficulty: String,
    /// `Themes`.
    pub Themes: String,
    /// `Source`.
    pub Source: String,
}

/// A puzzle as the page shows it: `{id, fen, rules, label, rating,
/// themes, source, tags, solution}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleReport {
    /// The puzzle's id.
    pub id: String,
    /// The start position's text.
    pub fen: String,
    /// The rules text.
    pub rules: String,
    /// The difficulty's label (`easy` … `expert`).
    pub label: String,
    /// The puzzle's rating.
    pub rating: u32,
    /// The theme words (`["none"]` without any).
    pub themes: Vec<String>,
    /// Where it comes from (its kind).
    pub source: &'static str,
    /// The record's puzzle tags.
    pub tags: PuzzleTags,
    /// The solution, as move objects.
    pub solution: Vec<MoveJson>,
}

/// What a solver's move led to: `{"step": "correct" | "wrong" | "over",
/// "reply"}`, the reply the opponent's answer (`null` when none).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleStep {
    /// `correct`, `wrong` or `over`.
    pub step: &'static str,
    /// The opponent's answer to a correct move.
    pub reply: Option<MoveJson>,
}

/// A hint: the piece to move (`{"piece": "c3"}`), then the move
/// (`{"move": {move object}}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PuzzleHint {
    /// The square of the piece to move.
    Piece {
        /// The square.
        piece: String,
    },
    /// The move.
    Move {
        /// The move object.
        #[serde(rename = "move")]
        mv: MoveJson,
    },
}
