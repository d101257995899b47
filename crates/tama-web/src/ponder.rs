//! Pondering: the engine thinks on the opponent's time. `POST
//! /api/ponder` starts a search of the position after the opponent's
//! predicted move, with no time limit until it is hit (`Limits::ponder`);
//! `POST /api/ponder/{id}/hit` says the predicted move was played: the
//! same search goes on under the clock's budget and its move is the
//! answer (as `POST /api/engine-move`'s); `POST /api/ponder/{id}/stop`
//! (a miss) stops it. A job holds a search slot while it searches (at
//! most [`PONDER_SEARCH_TIME`]); jobs are few ([`MAX_PONDER_JOBS`]) and
//! expire ([`PONDER_TTL`]).

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use tama_api::EngineMove;
use tama_notation::write_fen;
use tokio::sync::oneshot;

use crate::error::ApiError;
use crate::input;
use crate::ponder_jobs::{Job, MAX_PONDER_JOBS, PONDER_SEARCH_TIME, PONDER_TTL};
use crate::slots::AppState;

/// The body of `POST /api/ponder`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PonderRequest {
    fen: Option<String>,
    rules: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// The opponent's predicted move, played after `moves`.
    ponder: Option<String>,
    movetime: Option<u64>,
    depth: Option<u32>,
    clock: Option<tama_api::ClockRequest>,
    /// Whether the engine plays from its opening book (default true).
    book: Option<bool>,
}

/// `POST /api/ponder`: starts pondering; answers `{"id", "fen"}` (the
/// position searched).
pub async fn start(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PonderStarted>, ApiError> {
    let req: PonderRequest = input::json_body(body)?;
    let text = req
        .ponder
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("missing field `ponder`"))?;
    let mut game = tama_api::request::game(req.fen.as_deref(), req.rules.as_deref(), &req.moves)?;
    let mut limits =
        tama_api::search::engine_move_limits(req.movetime, req.depth, req.clock.as_ref())?;
    limits.ponder = true;
    if let Some(outcome) = game.outcome() {
        return Err(ApiError::bad_request(format!(
            "invalid ponder: the game is over ({outcome})"
        )));
    }
    let rules = *game.rules();
    let before = *game.position();
    let mv = tama_api::request::one_move(text, &before, &rules, "ponder")?;
    game.play(&mv)
        .map_err(|e| ApiError::bad_request(format!("invalid ponder: {e}")))?;
    if let Some(outcome) = game.outcome() {
        return Err(ApiError::bad_request(format!(
            "invalid ponder: the game is over after {text} ({outcome})"
        )));
    }
    let jobs = state.ponder_jobs();
    jobs.expire(Instant::now(), PONDER_TTL);
    if jobs.len() >= MAX_PONDER_JOBS {
        return Err(ApiError::status(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("too many ponder jobs: at most {MAX_PONDER_JOBS}; stop one first"),
        ));
    }
    let mut lease = state
        .lease_for(game.rules(), req.book.unwrap_or(true))
        .ok_or_else(|| state.busy_error())?;
    let stop = lease.engine().stop_handle();
    // Cleared here, before the thread starts: a hit or a miss told before
    // the search begins is not lost.
    stop.reset();
    let (tx, rx) = oneshot::channel();
    let id = jobs.next.fetch_add(1, Ordering::SeqCst) + 1;
    let fen = write_fen(game.position());
    let searched = game.clone();
    let closing = state.clone();
    let s = stop.clone();
    let running = Arc::new(Mutex::new(true));
    let ended = Arc::clone(&running);
    std::thread::Builder::new()
        .name("tama-ponder".to_string())
        .spawn(move || {
            let positions = searched.positions();
            let history = &positions[..positions.len().saturating_sub(1)];
            let result = lease.engine().search_signalled(
                searched.position(),
                history,
                searched.rules(),
                &limits,
                |_| {
                    // A shutdown that began before the search did.
                    if closing.is_closing() {
                        s.stop();
                    }
                },
            );
            // Marked ended before the engine goes back to the pool.
            *ended.lock().unwrap_or_else(|e| e.into_inner()) = false;
            drop(lease);
            let _ = tx.send(result);
        })
        .map_err(|e| {
            ApiError::status(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("cannot start the search thread: {e}"),
            )
        })?;
    jobs.lock().insert(
        id,
        Job {
            game,
            stop,
            running,
            result: rx,
            started: Instant::now(),
        },
    );
    // The search stops after a while, and the job expires, if neither
    // its hit nor its miss comes.
    let expiring = state.clone();
    tokio::spawn(async move {
        tokio::time::sleep(PONDER_SEARCH_TIME).await;
        let jobs = expiring.ponder_jobs();
        jobs.stop_searches(Instant::now(), PONDER_SEARCH_TIME);
        tokio::time::sleep(PONDER_TTL.saturating_sub(PONDER_SEARCH_TIME)).await;
        jobs.expire(Instant::now(), PONDER_TTL);
    });
    tracing::debug!(id, "ponder started");
    Ok(Json(PonderStarted {
        id: id.to_string(),
        fen,
    }))
}

/// The answer of `POST /api/ponder`: the job's id and the position it
/// searches.
#[derive(Debug, serde::Serialize)]
pub struct PonderStarted {
    id: String,
    fen: String,
}

/// The answer of `POST /api/ponder/{id}/stop`: `{"stopped": true}`.
#[derive(Debug, serde::Serialize)]
pub struct PonderStopped {
    stopped: bool,
}

/// `POST /api/ponder/{id}/hit`: the predicted move was played; the
/// search goes on under its budget and the engine's move is the answer
/// (as `POST /api/engine-move`'s, for the game after the predicted move).
pub async fn hit(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<EngineMove>, ApiError> {
    let job = state.ponder_jobs().take(&id)?;
    job.signal(true);
    let result = job.result.await.map_err(|_| {
        ApiError::status(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the ponder search ended without a result",
        )
    })?;
    let mut game = job.game;
    Ok(Json(EngineMove::play(&mut game, &result)))
}

/// `POST /api/ponder/{id}/stop`: the predicted move was not played (a
/// miss): the search stops and the slot is free again.
pub async fn stop(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<PonderStopped>, ApiError> {
    let job = state.ponder_jobs().take(&id)?;
    job.signal(false);
    // The slot is back once the search has stopped (about a millisecond).
    let _ = job.result.await;
    Ok(Json(PonderStopped { stopped: true }))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tama_core::Game;

    use super::*;
    use crate::ponder_jobs::Jobs;

    #[test]
    fn old_jobs_expire_and_unknown_ones_are_404() {
        let jobs = Jobs::default();
        let (_tx, rx) = oneshot::channel();
        let stop = tama_search::Engine::new(tama_search::EngineConfig {
            hash_mib: 1,
            ..Default::default()
        })
        .stop_handle();
        let started = Instant::now();
        jobs.lock().insert(
            1,
            Job {
                game: Game::new(tama_core::Rules::ARMENIAN),
                stop: stop.clone(),
                running: Arc::new(Mutex::new(true)),
                result: rx,
                started,
            },
        );
        assert_eq!(jobs.expire(started + Duration::from_secs(5), PONDER_TTL), 0);
        assert_eq!(jobs.len(), 1);
        assert_eq!(
            jobs.stop_searches(started + Duration::from_secs(5), PONDER_SEARCH_TIME),
            0
        );
        assert!(!stop.is_stopped());
        assert_eq!(
            jobs.stop_searches(started + PONDER_SEARCH_TIME, PONDER_SEARCH_TIME),
            1
        );
        assert!(stop.is_stopped(), "the search stops, the job stays");
        assert_eq!(jobs.len(), 1);
        stop.reset();
        assert_eq!(jobs.expire(started + PONDER_TTL, PONDER_TTL), 1);
        assert_eq!(jobs.len(), 0);
        assert!(stop.is_stopped());
        let e = jobs.take("1").err().unwrap();
        assert_eq!(e.status, StatusCode::NOT_FOUND);
        assert_eq!(jobs.take("x").err().unwrap().status, StatusCode::NOT_FOUND);
    }
}
