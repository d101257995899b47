//! The WebSocket of a game (for the page): every numbered event, a resume
//! from the last one a client saw, and the players' actions.
//!
//! `GET /api/board/game/{id}/ws?since=N` upgrades (a browser's Origin
//! must be the server's own). The server sends each entry after `N` as
//! one text frame (`{"n": 5, "at": …, "type": "move", …}`), then each
//! new one as it is committed: a client that reconnects with the last
//! `n` it saw misses none and sees none twice. A player (bearer token
//! or the `tama_guest` cookie) sends actions as JSON: `{"t": "move",
//! "move": "c3-c4", "after": 4}` (`after`: refused unless the game's
//! last event is that one, so that a move resent after a reconnect is
//! not played twice), `{"t": "resign"}`, `{"t": "abort"}`, `{"t":
//! "draw" | "takeback" | "rematch", "yes": true}`, `{"t":
//! "claim-victory"}`, `{"t": "claim-draw"}`; a refused one is answered
//! `{"t": "error", "error": …}`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde_json::{json, Value};
use tama_core::Color;
use tokio::sync::broadcast;

use crate::api::limits::{Kind, Peer};
use crate::api::{ApiError, Live, Online};
use crate::auth::origin_allowed;
use crate::event::Proposal;
use crate::recover::color_of;
use crate::referee::Action;

/// The largest message (and frame) a client may send, in bytes.
pub const MAX_MESSAGE: usize = 4096;

/// The query of the upgrade.
#[derive(serde::Deserialize)]
pub(crate) struct Since {
    #[serde(default)]
    since: u64,
}

/// Refused messages in a row after which the socket is closed.
const MAX_REFUSED: u32 = 50;

pub(crate) async fn upgrade(
    State(o): State<Arc<Online>>,
    Path(id): Path<String>,
    Query(q): Query<Since>,
    peer: Peer,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !origin_allowed(&o, &headers) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "another site's page cannot open this",
        ));
    }
    let live = o.live_or_404(&id)?;
    let player = o.player_if_any(&headers).await?;
    let color = player.as_deref().and_then(|p| color_of(live.row(), p));
    let who = Who {
        player,
        color,
        peer,
    };
    Ok(ws
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| session(o, live, who, q.since, socket)))
}

/// Who is on a socket.
struct Who {
    player: Option<String>,
    color: Option<Color>,
    peer: Peer,
}

async fn session(o: Arc<Online>, live: Arc<Live>, who: Who, since: u64, mut socket: WebSocket) {
    let color = who.color;
    let mut rx = live.subscribe();
    let mut sent = since;
    let mut refused = 0u32;
    loop {
        let batch: Vec<String> = {
            let mut r = live.referee().lock().await;
            if let Some(c) = color {
                r.touch(c, o.now());
            }
            let batch = r
                .since(sent)
                .iter()
                .filter_map(|e| serde_json::to_string(e).ok())
                .collect();
            sent = sent.max(r.last());
            batch
        };
        for text in batch {
            if socket.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(text))) => {
                    let limited = o.limit(Kind::Messages, who.player.as_deref(), &who.peer);
                    let done = match limited {
                        Err(l) => Err(ApiError::from(l)),
                        Ok(()) => handle(&o, &live, color, text.as_str()).await,
                    };
                    if let Err(e) = done {
                        refused += 1;
                        let mut reply = e.body();
                        reply["t"] = json!("error");
                        if refused > MAX_REFUSED
                            || socket.send(Message::Text(reply.to_string().into())).await.is_err()
                        {
                            let _ = socket.send(Message::Close(Some(CloseFrame {
                                code: close_code::POLICY,
                                reason: "too many refused messages".into(),
                            }))).await;
                            return;
                        }
                    } else {
                        refused = 0;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            changed = rx.recv() => {
                if let Err(broadcast::error::RecvError::Closed) = changed {
                    return;
                }
            }
            () = tokio::time::sleep(Duration::from_secs(10)) => {}
        }
    }
}

async fn handle(
    o: &Online,
    live: &Arc<Live>,
    color: Option<Color>,
    text: &str,
) -> Result<(), ApiError> {
    let bad = |m: &str| ApiError::new(StatusCode::BAD_REQUEST, m);
    let color = color.ok_or_else(|| bad("watchers cannot act"))?;
    let v: Value = serde_json::from_str(text).map_err(|_| bad("a message is a JSON object"))?;
    let yes = v["yes"].as_bool().unwrap_or(true);
    let action = match v["t"].as_str().unwrap_or("") {
        "move" => Action::Move {
            text: v["move"].as_str().unwrap_or("").to_string(),
            lag: 0,
        },
        "resign" => Action::Resign,
        "abort" => Action::Abort,
        "claim-victory" => Action::ClaimVictory,
        "claim-draw" => Action::ClaimDraw,
        "draw" => Action::Answer(Proposal::Draw, yes),
        "takeback" => Action::Answer(Proposal::Takeback, yes),
        "rematch" => Action::Answer(Proposal::Rematch, yes),
        _ => return Err(bad("unknown message type")),
    };
    let after = v["after"].as_u64();
    o.act_on(live, color, action, after).await
}
