//! `GET /api/analyse`: a search streamed as Server-Sent Events.
//!
//! Each analysis takes one search slot (an engine from the pool) and runs
//! on its own thread. The events go through a channel to the response
//! stream; when the client goes away the stream is dropped, which stops
//! the search, and the slot is free again once the thread has returned
//! its engine.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::sse::{Event, KeepAlive, KeepAliveStream, Sse};
use futures_core::Stream;
use serde::Deserialize;
use serde_json::Value;
use tama_search::{InfoKind, Limits, SearchResult, StopHandle};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::input;
use crate::json::{bestmove_json, gameover_json, info_json};
use crate::state::AppState;

/// The most lines an analysis may ask for (`multipv`).
pub const MAX_MULTIPV: u32 = 64;

/// The deepest analysis the API accepts (`depth`).
pub const MAX_DEPTH: u32 = 120;

/// The query of `GET /api/analyse`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalyseQuery {
    fen: Option<String>,
    rules: Option<String>,
    moves: Option<String>,
    movetime: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    multipv: Option<u32>,
}

impl AnalyseQuery {
    fn limits(&self) -> Result<Limits, ApiError> {
        if let Some(d) = self.depth {
            if !(1..=MAX_DEPTH).contains(&d) {
                return Err(ApiError::bad_request(format!(
                    "invalid depth {d}: expected 1 to {MAX_DEPTH}"
                )));
            }
        }
        if self.movetime == Some(0) {
            return Err(ApiError::bad_request(
                "invalid movetime 0: expected at least 1 millisecond",
            ));
        }
        if self.nodes == Some(0) {
            return Err(ApiError::bad_request(
                "invalid nodes 0: expected at least 1",
            ));
        }
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        };
        Ok(if limits == Limits::default() {
            // No limit: until the client goes away.
            Limits {
                infinite: true,
                ..limits
            }
        } else {
            limits
        })
    }
}

/// `GET /api/analyse`.
pub(crate) async fn analyse(
    State(state): State<AppState>,
    query: Result<Query<AnalyseQuery>, QueryRejection>,
) -> Result<Sse<KeepAliveStream<AnalysisStream>>, ApiError> {
    let Query(q) = query?;
    let moves = input::split_moves(q.moves.as_deref());
    let game = input::game(q.fen.as_deref(), q.rules.as_deref(), &moves)?;
    let limits = q.limits()?;
    let multipv = q.multipv.unwrap_or(1);
    if !(1..=MAX_MULTIPV).contains(&multipv) {
        return Err(ApiError::bad_request(format!(
            "invalid multipv {multipv}: expected 1 to {MAX_MULTIPV}"
        )));
    }
    let mut lease = state.lease().ok_or_else(|| state.busy_error())?;
    let stop = lease.engine().stop_handle();
    let running = Arc::new(Mutex::new(true));
    let (tx, rx) = mpsc::unbounded_channel::<Event>();
    let thread_running = Arc::clone(&running);
    let thread_stop = stop.clone();
    let thread_state = state.clone();
    let spawned = std::thread::Builder::new()
        .name("tama-analyse".to_string())
        .spawn(move || {
            let engine = lease.engine();
            engine.set_multipv(multipv as usize);
            let pos = *game.position();
            let rules = *game.rules();
            let result = engine.search_game(&game, &limits, |info| {
                // A client that left before the search began (which clears
                // the stop flag) is noticed here, at the first report.
                if tx.is_closed() || thread_state.is_closing() {
                    thread_stop.stop();
                } else if info.kind == InfoKind::Iteration {
                    let _ = tx.send(event("info", &info_json(&pos, &rules, info)));
                }
            });
            let last = match &result {
                SearchResult::Move(best) => bestmove_json(&pos, &rules, best),
                SearchResult::GameOver(outcome) => gameover_json(outcome),
            };
            let _ = tx.send(event("bestmove", &last));
            // Mark the search finished before the engine goes back to the
            // pool, so that a late disconnect cannot stop the next search
            // of this engine.
            *thread_running.lock().unwrap_or_else(|e| e.into_inner()) = false;
            drop(lease);
        });
    if let Err(e) = spawned {
        return Err(ApiError::status(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot start the search thread: {e}"),
        ));
    }
    tracing::debug!(multipv, ?limits, "analysis started");
    let stream = AnalysisStream { rx, stop, running };
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(10))))
}

fn event(name: &str, data: &Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// The event stream of one analysis; dropping it (the client went away)
/// stops the search.
pub struct AnalysisStream {
    rx: mpsc::UnboundedReceiver<Event>,
    stop: StopHandle,
    running: Arc<Mutex<bool>>,
}

impl std::fmt::Debug for AnalysisStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalysisStream").finish_non_exhaustive()
    }
}

impl Stream for AnalysisStream {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx).map(|e| e.map(Ok))
    }
}

impl Drop for AnalysisStream {
    fn drop(&mut self) {
        let running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if *running {
            self.stop.stop();
            tracing::debug!("analysis client gone: search stopped");
        }
    }
}
