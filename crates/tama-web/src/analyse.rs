//! `GET /api/analyse`: a search streamed as Server-Sent Events.
//!
//! Each analysis takes one search slot (an engine from the pool) and runs
//! on its own thread. The events go through a channel to the response
//! stream (`stream.rs`); when the client goes away the stream is dropped,
//! which stops the search, and the slot is free again once the thread has
//! returned its engine.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde::Deserialize;
use tama_api::Report;
use tama_search::{InfoKind, Limits};

use crate::error::ApiError;
use crate::slots::AppState;
use crate::stream::{self, SseResponse};

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
        // No limit: until the client goes away.
        let bounds = tama_api::bounds::ANALYSIS_BOUNDS;
        Ok(
            tama_api::search::limits(self.depth, self.nodes, self.movetime, None, bounds)?
                .or(Limits::INFINITE),
        )
    }
}

/// `GET /api/analyse`.
pub(crate) async fn analyse(
    State(state): State<AppState>,
    query: Result<Query<AnalyseQuery>, QueryRejection>,
) -> Result<SseResponse, ApiError> {
    let Query(q) = query?;
    let moves = tama_api::request::split_moves(q.moves.as_deref());
    let game = tama_api::request::game(q.fen.as_deref(), q.rules.as_deref(), &moves)?;
    let limits = q.limits()?;
    let multipv = tama_api::search::multipv(q.multipv)?;
    let mut lease = state.lease().ok_or_else(|| state.busy_error())?;
    let stop = lease.engine().stop_handle();
    let (tx, events) = stream::channel(stop.clone());
    tracing::debug!(multipv, ?limits, "analysis started");
    stream::spawn("tama-analyse", events, move || {
        let engine = lease.engine();
        engine.set_multipv(multipv as usize);
        // An analysis is a search, also with a limit: the book's moves
        // are `GET /api/book`'s.
        engine.set_book(false);
        let pos = *game.position();
        let rules = *game.rules();
        let result = engine.search_game(&game, &limits, |info| {
            // A client that left before the search began (which clears
            // the stop flag) is noticed here, at the first report.
            if tx.is_closed() || state.is_closing() {
                stop.stop();
            } else if info.kind == InfoKind::Iteration {
                tx.send("info", &Report::info(&pos, &rules, info));
            }
        });
        // The slot is free before the client hears the end, so a request
        // it makes on reading `bestmove` finds the engine back in the pool.
        drop(lease);
        tx.send("bestmove", &Report::result(&pos, &rules, &result));
        tx.finish();
    })
}
