//! The routes of the Board API and the WebSocket on one [`Online`].

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::api::{self, Online, BODY_LIMIT};
use crate::ws;

impl Online {
    /// The Board API's routes on this server.
    pub fn router(self: &Arc<Online>) -> Router {
        Router::new()
            .route("/api/guest", post(api::guest))
            .route("/api/challenge/open", post(api::open_challenge))
            .route("/api/challenge/{id}/accept", post(api::accept))
            .route("/api/board/game/stream/{id}", get(api::stream))
            .route("/api/board/game/{id}/ws", get(ws::upgrade))
            .route("/api/board/game/{id}/move/{mv}", post(api::play))
            .route("/api/board/game/{id}/{action}", post(api::simple))
            .route("/api/board/game/{id}/{what}/{answer}", post(api::answer))
            .route("/game/export/{id}", get(api::export))
            .layer(DefaultBodyLimit::max(BODY_LIMIT))
            .with_state(self.clone())
    }
}
