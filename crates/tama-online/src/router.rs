//! The routes of the Board API, the event stream, the lobby and the
//! WebSocket on one [`Online`].

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::api::{inbox, lobby};
use crate::api::{Online, BODY_LIMIT};
use crate::{auth, board, challenge, ws};

impl Online {
    /// The live games' routes on this server. Serve them with the
    /// client's address (`into_make_service_with_connect_info`) for the
    /// rate limits per address.
    pub fn router(self: &Arc<Online>) -> Router {
        Router::new()
            .route("/api/guest", post(auth::guest))
            .route("/api/account", get(auth::account))
            .route("/api/stream/event", get(inbox::stream))
            .route("/api/challenge/open", post(challenge::open))
            .route("/api/challenge/ai", post(challenge::ai))
            .route("/api/challenge/{user}", post(challenge::to_player))
            .route("/api/challenge/{id}/{what}", post(challenge::answer))
            .route("/api/board/seek", post(lobby::seek))
            .route("/api/lobby/seeks", get(lobby::list))
            .route("/api/lobby/seek/{id}/accept", post(lobby::accept))
            .route("/api/board/game/stream/{id}", get(board::stream))
            .route("/api/board/game/{id}/ws", get(ws::upgrade))
            .route("/api/board/game/{id}/move/{mv}", post(board::play))
            .route("/api/board/game/{id}/{action}", post(board::simple))
            // berserk's claim_victory ends its path with a slash.
            .route("/api/board/game/{id}/{action}/", post(board::simple))
            .route("/api/board/game/{id}/{what}/{answer}", post(board::answer))
            .route("/game/export/{id}", get(board::export))
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .with_state(self.clone())
    }
}
