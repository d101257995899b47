//! `GET /api/review`: a whole game's review streamed as Server-Sent
//! Events: the engine's verdict, mark and comment for every move, as
//! `tama analyse --pdn` writes them (both call `tama_search::review`).
//!
//! A review takes one search slot for its whole length and runs on its
//! own thread; the client going away stops it (between two searches or
//! inside one).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde::Deserialize;
use tama_api::{ReviewMove, ReviewProgress, ReviewSummary};
use tama_search::review::{self, DEFAULT_MOVETIME};
use tama_search::Limits;

use crate::error::ApiError;
use crate::slots::AppState;
use crate::stream::{self, SseResponse};
use tama_api::bounds::ENGINE_MOVE_BOUNDS;

/// The query of `GET /api/review`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReviewQuery {
    fen: Option<String>,
    rules: Option<String>,
    moves: Option<String>,
    movetime: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
}

impl ReviewQuery {
    /// The limits of each search (200 ms a position when none is given).
    fn limits(&self) -> Result<Limits, ApiError> {
        let limits = tama_api::search::limits(
            self.depth,
            self.nodes,
            self.movetime,
            None,
            ENGINE_MOVE_BOUNDS,
        )?;
        Ok(limits.or(Limits::movetime(DEFAULT_MOVETIME)))
    }
}

/// `GET /api/review`: `progress` events, a `move` event per move, then a
/// `summary` (or an `error` when the server shuts down first).
pub(crate) async fn review(
    State(state): State<AppState>,
    query: Result<Query<ReviewQuery>, QueryRejection>,
) -> Result<SseResponse, ApiError> {
    let Query(q) = query?;
    let moves = tama_api::request::split_moves(q.moves.as_deref());
    let game = tama_api::request::game(q.fen.as_deref(), q.rules.as_deref(), &moves)?;
    let limits = q.limits()?;
    let mut lease = state.lease().ok_or_else(|| state.busy_error())?;
    let (tx, events) = stream::channel(lease.engine().stop_handle());
    tracing::debug!(moves = moves.len(), ?limits, "review started");
    stream::spawn("tama-review", events, move || {
        let engine = lease.engine();
        // As a fresh engine, so that the same game and limits give the
        // same review (and the same as `tama analyse --pdn`).
        engine.set_multipv(1);
        engine.clear();
        let rules = *game.rules();
        let total = game.moves().len();
        let mut summary = ReviewSummary::default();
        tx.send("progress", &ReviewProgress { done: 0, total });
        let result = review::review(
            engine,
            &rules,
            game.start(),
            game.moves(),
            &limits,
            tx.cancelled(),
            |p| {
                if tx.is_closed() || state.is_closing() {
                    // The search that just ended may have been cut short:
                    // nothing more is sent, and the next search is not
                    // started.
                    tx.cancelled()
                        .store(true, std::sync::atomic::Ordering::SeqCst);
                    return;
                }
                if let Some(v) = p.review {
                    summary.count(v);
                    tx.send("move", &ReviewMove::new(v, &rules));
                }
                let progress = ReviewProgress {
                    done: p.done,
                    total: p.total,
                };
                tx.send("progress", &progress);
            },
        );
        // The slot is free before the client hears the end (as in an
        // analysis).
        drop(lease);
        if state.is_closing() {
            tx.send(
                "error",
                &tama_api::ErrorBody::new("the server is shutting down"),
            );
        } else if result.is_ok() {
            tx.send("summary", &summary);
        }
        tx.finish();
    })
}
