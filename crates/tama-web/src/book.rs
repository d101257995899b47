//! `GET /api/book`: the opening book's moves for a position, with their
//! values and weights (tama-api's [`BookMoves`], as `tama book probe
//! --json` writes each move), from the books built into the program or
//! given to the server (`tama serve --book`).

use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;
use tama_api::BookMoves;
use tama_core::Preset;
use tama_search::book::embedded;

use crate::error::ApiError;
use crate::AppState;

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
    State(state): State<AppState>,
    query: Result<Query<BookQuery>, QueryRejection>,
) -> Result<Json<BookMoves>, ApiError> {
    let Query(q) = query?;
    let moves = tama_api::request::split_moves(q.moves.as_deref());
    let game = tama_api::request::game(q.fen.as_deref(), q.rules.as_deref(), &moves)?;
    let rules = *game.rules();
    // A finished game (a repetition) has no moves to play, book or not.
    let book = match game.outcome() {
        None => match state.given_book(rules.preset()) {
            Some(given) => Some(Arc::clone(given)),
            None => rules.preset().and_then(embedded::embedded),
        },
        Some(_) => None,
    };
    Ok(Json(BookMoves::new(
        book.as_deref(),
        game.position(),
        &rules,
    )))
}

/// The presets with a book (`/config.json`'s `"books"`): the embedded
/// ones and those given to the server, in the order of [`Preset::ALL`].
pub(crate) fn presets(state: &AppState) -> Vec<&'static str> {
    let embedded = embedded::presets();
    Preset::ALL
        .into_iter()
        .filter(|&p| embedded.contains(&p) || state.given_book(Some(p)).is_some())
        .map(Preset::name)
        .collect()
}

/// The bytes served at `path` when it is `books/<preset>.tbk` of a book
/// given to the server (the browser's engine reads its book there).
pub(crate) fn served_file(state: &AppState, path: &str) -> Option<axum::body::Bytes> {
    let name = path.strip_prefix("books/")?.strip_suffix(".tbk")?;
    let preset = Preset::ALL.into_iter().find(|p| p.name() == name)?;
    state.given_file(preset)
}
