//! `GET /api/book`: the opening book's moves for a position, with their
//! values and weights (tama-report's [`BookMoves`], as `tama book probe
//! --json` writes each move), from the books built into the program.

use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::Json;
use serde::Deserialize;
use tama_report::BookMoves;
use tama_search::book::embedded;

use crate::error::ApiError;
use crate::input;

/// The query of `GET /api/book`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BookQuery {
    fen: Option<String>,
    rules: Option<String>,
    moves: Option<String>,
}

/// `GET /api/book?rules=…&fen=…&moves=…`: `{"preset", "moves"}`, the
/// book's moves of the position best first; none when the rules' preset
/// has no book (or the rules are no preset) or the position is not in
/// it, or the game is over.
pub(crate) async fn book(
    query: Result<Query<BookQuery>, QueryRejection>,
) -> Result<Json<BookMoves>, ApiError> {
    let Query(q) = query?;
    let moves = input::split_moves(q.moves.as_deref());
    let game = input::game(q.fen.as_deref(), q.rules.as_deref(), &moves)?;
    let rules = *game.rules();
    // A finished game (a repetition) has no moves to play, book or not.
    let book = match game.outcome() {
        None => rules.preset().and_then(embedded::embedded),
        Some(_) => None,
    };
    Ok(Json(BookMoves::new(
        book.as_deref(),
        game.position(),
        &rules,
    )))
}

/// The presets with a book (`/config.json`'s `"books"`).
pub(crate) fn presets() -> Vec<&'static str> {
    embedded::presets()
        .into_iter()
        .map(tama_core::Preset::name)
        .collect()
}
