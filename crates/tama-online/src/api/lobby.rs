//! The lobby: seeks (lichess's `POST /api/board/seek`), a list of them
//! that updates live (`GET /api/lobby/seeks`, NDJSON), and taking one
//! (`POST /api/lobby/seek/{id}/accept`).
//!
//! A seek lives as long as its request: the answer sends an empty line
//! every 7 s until a game starts (then a last line, `{"type":
//! "gameStart", "id": …}`, and the end); a client that closes it takes
//! its seek away. Two seeks of the same rules, clock and start whose
//! colours fit are paired at once, as on lichess.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use serde_json::{json, Value};
use tokio::sync::{broadcast, oneshot};

use crate::api::inbox::ndjson;
use crate::api::limits::{Kind, Peer};
use crate::api::{internal, status, ApiError, Online, St};
use crate::challenge::{fields, settings_of, speed};
use crate::referee::Settings;
use crate::store::GameRow;
use crate::token::new_id;

/// The most seeks open at once (more are refused with 503).
pub const MAX_SEEKS: usize = 10_000;

struct Seek {
    id: String,
    player: String,
    color: String,
    settings: Settings,
    created: u64,
    /// Told the game's id when the seek is taken.
    taken: Option<oneshot::Sender<String>>,
}

/// The open seeks and their change signal.
pub(crate) struct Lobby {
    seeks: Mutex<Vec<Seek>>,
    changed: broadcast::Sender<Arc<str>>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            seeks: Mutex::new(Vec::new()),
            changed: broadcast::channel(16).0,
        }
    }
}

fn seek_json(s: &Seek) -> Value {
    json!({
        "id": s.id,
        "player": s.player,
        "color": s.color,
        "variant": { "key": tama_notation::write_rules(&s.settings.rules) },
        "clock": s.settings.control.as_ref().map(|c| json!({
            "limit": c.initial().as_secs(),
            "increment": c.increment(0).as_secs(),
        })),
        "speed": speed(&s.settings),
        "createdAt": s.created,
    })
}

impl Lobby {
    /// The list's line: `{"type": "seeks", "seeks": [...]}`.
    fn list(&self) -> String {
        let seeks: Vec<Value> = self
            .seeks
            .lock()
            .map(|s| s.iter().map(seek_json).collect())
            .unwrap_or_default();
        json!({ "type": "seeks", "seeks": seeks }).to_string()
    }

    fn changed(&self) {
        let _ = self.changed.send(Arc::from(self.list()));
    }

    /// Takes seek `id` away (taken or given up); `None` when it is gone.
    fn take(&self, id: &str) -> Option<Seek> {
        let seek = {
            let mut seeks = self.seeks.lock().ok()?;
            let i = seeks.iter().position(|s| s.id == id)?;
            seeks.remove(i)
        };
        self.changed();
        Some(seek)
    }
}

/// Takes the seek away when its request ends.
struct Leave(Arc<Online>, String);

impl Drop for Leave {
    fn drop(&mut self) {
        let _ = self.0.lobby.take(&self.1);
    }
}

/// Whether the colours of two seeks fit (one of them may be either).
fn colors_fit(a: &str, b: &str) -> bool {
    a == "random" || b == "random" || a != b
}

/// Starts the game of seek `seek` (its creator's) and `player`'s, who
/// asked `color` (`random`: either).
async fn pair(o: &Online, seek: Seek, player: String, color: &str) -> Result<String, ApiError> {
    let seeker_white = match (seek.color.as_str(), color) {
        ("white", _) | ("random", "black") => true,
        ("black", _) | ("random", "white") => false,
        _ => crate::token::coin().map_err(internal)?,
    };
    let players = if seeker_white {
        [seek.player.clone(), player]
    } else {
        [player, seek.player.clone()]
    };
    let id = new_id().map_err(internal)?;
    let row = GameRow {
        id: id.clone(),
        players,
        settings: seek.settings.clone(),
        created: o.now(),
        status: "started".into(),
    };
    o.start_game(row, None).await?;
    if let Some(tx) = seek.taken {
        let _ = tx.send(id.clone());
    }
    Ok(id)
}

/// `POST /api/board/seek`: `time` (minutes), `increment` (seconds),
/// `variant`, `color`, as a form or JSON.
pub(crate) async fn seek(
    State(o): St,
    peer: Peer,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let player = o.player(&headers).await?;
    o.limit(Kind::Seeks, Some(&player), &peer)?;
    let (settings, color) = settings_of(&fields(&headers, &body)?, true)?;
    // A fitting seek of another player: the game starts at once.
    let fitting = o.lobby.seeks.lock().ok().and_then(|seeks| {
        seeks
            .iter()
            .find(|s| s.player != player && s.settings == settings && colors_fit(&s.color, &color))
            .map(|s| s.id.clone())
    });
    if let Some(taken) = fitting.and_then(|id| o.lobby.take(&id)) {
        let id = pair(&o, taken, player, &color).await?;
        let line = json!({ "type": "gameStart", "id": id }).to_string();
        let (tx, rx) = broadcast::channel(1);
        drop(tx);
        return Ok(ndjson(vec![line], rx, ()));
    }
    let id = new_id().map_err(internal)?;
    let (taken_tx, taken_rx) = oneshot::channel();
    {
        let mut seeks = o.lobby.seeks.lock().map_err(internal)?;
        if seeks.len() >= MAX_SEEKS {
            return Err(status(StatusCode::SERVICE_UNAVAILABLE, "the lobby is full"));
        }
        seeks.push(Seek {
            id: id.clone(),
            player,
            color,
            settings,
            created: o.now(),
            taken: Some(taken_tx),
        });
    }
    o.lobby.changed();
    // The answer's lines: the game's start once the seek is taken, then
    // the end.
    let (tx, rx) = broadcast::channel::<Arc<str>>(2);
    let leave = Leave(o.clone(), id);
    tokio::spawn(async move {
        if let Ok(game) = taken_rx.await {
            let _ = tx.send(Arc::from(
                json!({ "type": "gameStart", "id": game }).to_string(),
            ));
        }
    });
    Ok(ndjson(Vec::new(), rx, leave))
}

/// `GET /api/lobby/seeks`: the seeks now, then the list again after each
/// change (NDJSON).
pub(crate) async fn list(State(o): St) -> Response {
    let rx = o.lobby.changed.subscribe();
    ndjson(vec![o.lobby.list()], rx, ())
}

/// `POST /api/lobby/seek/{id}/accept`: takes a seek; the game starts.
pub(crate) async fn accept(
    State(o): St,
    Path(id): Path<String>,
    peer: Peer,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let player = o.player(&headers).await?;
    o.limit(Kind::Seeks, Some(&player), &peer)?;
    let mine = o
        .lobby
        .seeks
        .lock()
        .map_err(internal)?
        .iter()
        .any(|s| s.id == id && s.player == player);
    if mine {
        return Err(crate::api::bad("you cannot take your own seek"));
    }
    let seek = o
        .lobby
        .take(&id)
        .ok_or_else(|| status(StatusCode::NOT_FOUND, format!("no seek {id}")))?;
    let game = pair(&o, seek, player, "random").await?;
    Ok(Json(json!({ "ok": true, "id": game })))
}
