//! The position endpoints: health, legal moves, playing a move, and the
//! engine's move.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use tama_api::{EngineMove, Levels};
use tama_core::Outcome;
use tama_notation::{legal_moves_json, move_json, write_fen, MoveJson};
use tama_search::SearchResult;

use crate::error::ApiError;
use crate::input;
use crate::slots::AppState;

/// `GET /api/health`.
pub async fn health(State(state): State<AppState>) -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        slots: state.slots(),
        free_slots: state.free_slots(),
    })
}

/// The answer of `GET /api/health`.
#[derive(Debug, serde::Serialize)]
pub struct Health {
    status: &'static str,
    version: &'static str,
    slots: usize,
    free_slots: usize,
}

/// `GET /api/levels`: the engine's levels of play (tama-api's
/// [`Levels`], as `tama play --level` has them), each with its depth
/// (`null`: none) and time per move, for `POST /api/engine-move`; and the
/// default level.
pub async fn levels() -> Json<Levels> {
    Json(Levels::default())
}

/// The body of `POST /api/moves`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesRequest {
    fen: Option<String>,
    rules: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
}

/// `POST /api/moves`: the legal moves and the outcome of a position.
pub async fn moves(body: Result<Bytes, BytesRejection>) -> Result<Json<MovesAnswer>, ApiError> {
    let req: MovesRequest = input::json_body(body)?;
    let game = tama_api::request::game(req.fen.as_deref(), req.rules.as_deref(), &req.moves)?;
    let pos = game.position();
    let outcome = game.outcome();
    let moves = if outcome.is_some() {
        Vec::new()
    } else {
        legal_moves_json(pos, game.rules())
    };
    // Written straight from typed values: no intermediate JSON tree on
    // the busiest endpoint.
    Ok(Json(MovesAnswer {
        fen: write_fen(pos),
        moves,
        outcome,
    }))
}

/// The answer of `POST /api/moves`.
#[derive(Debug, Serialize)]
pub struct MovesAnswer {
    fen: String,
    moves: Vec<MoveJson>,
    outcome: Option<Outcome>,
}

/// The answer of `POST /api/play`.
#[derive(Debug, Serialize)]
pub struct PlayAnswer {
    #[serde(rename = "move")]
    mv: MoveJson,
    fen: String,
    outcome: Option<Outcome>,
}

/// The body of `POST /api/play`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    fen: Option<String>,
    rules: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(rename = "move")]
    mv: Option<String>,
}

/// `POST /api/play`: plays one move.
pub async fn play(body: Result<Bytes, BytesRejection>) -> Result<Json<PlayAnswer>, ApiError> {
    let req: PlayRequest = input::json_body(body)?;
    let text = req
        .mv
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("missing field `move`"))?;
    let mut game = tama_api::request::game(req.fen.as_deref(), req.rules.as_deref(), &req.moves)?;
    if let Some(outcome) = game.outcome() {
        return Err(ApiError::bad_request(format!(
            "invalid move: the game is over ({outcome})",
        )));
    }
    let rules = *game.rules();
    let before = *game.position();
    let mv = tama_api::request::one_move(text, &before, &rules, "move")?;
    let obj = move_json(&before, &rules, &mv);
    game.play(&mv)
        .map_err(|e| ApiError::bad_request(format!("invalid move: {e}")))?;
    Ok(Json(PlayAnswer {
        mv: obj,
        fen: write_fen(game.position()),
        outcome: game.outcome(),
    }))
}

/// The body of `POST /api/engine-move`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineMoveRequest {
    fen: Option<String>,
    rules: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    movetime: Option<u64>,
    depth: Option<u32>,
    clock: Option<tama_api::ClockRequest>,
    /// Whether the engine plays from its opening book (default true).
    book: Option<bool>,
}

/// `POST /api/engine-move`: the engine chooses and plays a move; in a
/// position of its opening book a book move, without a search (`"book":
/// true`, depth and nodes 0), unless the request says `"book": false`.
pub async fn engine_move(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<EngineMove>, ApiError> {
    let req: EngineMoveRequest = input::json_body(body)?;
    let mut game = tama_api::request::game(req.fen.as_deref(), req.rules.as_deref(), &req.moves)?;
    let limits = tama_api::search::engine_move_limits(req.movetime, req.depth, req.clock.as_ref())?;
    if let Some(outcome) = game.outcome() {
        return Ok(Json(EngineMove::play(
            &mut game,
            &SearchResult::GameOver(outcome),
        )));
    }
    let mut lease = state
        .lease_for(game.rules(), req.book.unwrap_or(true))
        .ok_or_else(|| state.busy_error())?;
    let answer = tokio::task::spawn_blocking(move || {
        let result = lease.engine().search_game(&game, &limits, |_| {});
        drop(lease);
        EngineMove::play(&mut game, &result)
    })
    .await
    .map_err(|e| {
        ApiError::status(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("the search failed: {e}"),
        )
    })?;
    Ok(Json(answer))
}
