//! `GET /api/stream/event`: each player's stream of what concerns them,
//! in lichess's shape (NDJSON): `gameStart` and `gameFinish` for their
//! games, `challenge`, `challengeCanceled` and `challengeDeclined` for
//! the challenges they made or were sent. On connecting, a `gameStart`
//! for each of their games that goes on.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tama_core::Color;
use tokio::sync::broadcast;

use crate::api::engine::engine_level;
use crate::api::{status, ApiError, Live, St};
use crate::event::Millis;
use crate::recover::status_word;
use crate::referee::Status;
use crate::store::ChallengeRow;

/// How often a stream with nothing new sends an empty line (as lichess).
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(7);

/// The players' event channels (made when a player's stream opens,
/// forgotten when nobody listens).
#[derive(Default)]
pub(crate) struct Inbox {
    senders: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
}

impl Inbox {
    fn send(&self, player: &str, line: &Value) {
        let Ok(mut map) = self.senders.lock() else {
            return;
        };
        if let Some(tx) = map.get(player) {
            if tx.send(Arc::from(line.to_string())).is_err() {
                map.remove(player);
            }
        }
    }

    fn subscribe(&self, player: &str) -> Option<broadcast::Receiver<Arc<str>>> {
        let mut map = self.senders.lock().ok()?;
        map.retain(|_, tx| tx.receiver_count() > 0);
        Some(
            map.entry(player.to_string())
                .or_insert_with(|| broadcast::channel(64).0)
                .subscribe(),
        )
    }

    /// Tells both players (and their streams) that `live` started.
    pub(crate) async fn game_start(&self, live: &Live, now: Millis) {
        for color in [Color::White, Color::Black] {
            let player = &live.row().players[color.index()];
            let game = game_json(live, color, now).await;
            self.send(player, &json!({ "type": "gameStart", "game": game }));
        }
    }

    /// Tells both players that `live` is over.
    pub(crate) async fn game_finish(&self, live: &Live, now: Millis) {
        for color in [Color::White, Color::Black] {
            let player = &live.row().players[color.index()];
            let game = game_json(live, color, now).await;
            self.send(player, &json!({ "type": "gameFinish", "game": game }));
        }
    }

    /// Tells the creator and the player challenged of `c`: `kind` is
    /// `challenge`, `challengeCanceled` or `challengeDeclined`.
    pub(crate) fn challenge(&self, c: &ChallengeRow, body: &Value, kind: &str) {
        let line = json!({ "type": kind, "challenge": body });
        self.send(&c.creator, &line);
        if let Some(d) = &c.dest {
            self.send(d, &line);
        }
    }
}

/// The `game` object of `gameStart` and `gameFinish` for `color`'s
/// player.
async fn game_json(live: &Live, color: Color, now: Millis) -> Value {
    let row = live.row();
    let r = live.referee().lock().await;
    let g = r.game();
    let opponent = &row.players[color.opponent().index()];
    let last = g.moves().len().checked_sub(1).map_or(String::new(), |i| {
        let pos = &g.positions()[i];
        tama_notation::write_move(pos, g.rules(), &g.moves()[i])
    });
    let seconds = r.clocks(now).map(|c| c[color.index()] / 1000);
    let mut game = json!({
        "gameId": row.id,
        "fullId": row.id,
        "id": row.id,
        "color": color,
        "fen": tama_notation::write_fen(g.position()),
        "hasMoved": g.moves().iter().enumerate().any(|(i, _)| {
            g.positions()[i].turn() == color
        }),
        "isMyTurn": r.status() == Status::Started && g.position().turn() == color,
        "lastMove": last,
        "opponent": {
            "id": opponent,
            "username": opponent,
            "ai": engine_level(opponent),
        },
        "rated": false,
        "secondsLeft": seconds,
        "source": if engine_level(opponent).is_some() { "ai" } else { "friend" },
        "speed": crate::challenge::speed(r.settings()),
        "status": { "name": status_word(r.status()) },
        "variant": { "key": tama_notation::write_rules(&r.settings().rules) },
        "compat": { "bot": false, "board": true },
    });
    if let Status::Over(o) = r.status() {
        if let Some(w) = o.winner {
            game["winner"] = json!(w);
        }
    }
    game
}

/// An NDJSON answer: the `first` lines, then each line of `rx` as it
/// comes, an empty line every 7 s when nothing does; `hold` is kept for
/// as long as the answer is being sent (its drop says the client left).
pub(crate) fn ndjson<H: Send + 'static>(
    first: Vec<String>,
    rx: broadcast::Receiver<Arc<str>>,
    hold: H,
) -> Response {
    let start = (first.into_iter(), rx, hold);
    let body = futures_util::stream::unfold(start, |(mut first, mut rx, hold)| async move {
        if let Some(line) = first.next() {
            return Some((
                Ok::<_, Infallible>(Bytes::from(line + "\n")),
                (first, rx, hold),
            ));
        }
        loop {
            match tokio::time::timeout(KEEP_ALIVE, rx.recv()).await {
                Err(_) => return Some((Ok(Bytes::from_static(b"\n")), (first, rx, hold))),
                Ok(Ok(line)) => {
                    let text = Bytes::from(format!("{line}\n"));
                    return Some((Ok(text), (first, rx, hold)));
                }
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
                Ok(Err(broadcast::error::RecvError::Closed)) => return None,
            }
        }
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response()
}

/// `GET /api/stream/event`.
pub(crate) async fn stream(
    axum::extract::State(o): St,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let player = o
        .player_if_any(&headers)
        .await?
        .ok_or_else(|| status(StatusCode::UNAUTHORIZED, "no valid token"))?;
    let rx = o
        .inbox
        .subscribe(&player)
        .ok_or_else(|| status(StatusCode::SERVICE_UNAVAILABLE, "try again"))?;
    let mut first = Vec::new();
    let now = o.now();
    for live in o.all_live() {
        let Some(color) = crate::recover::color_of(live.row(), &player) else {
            continue;
        };
        if live.referee().lock().await.status() != Status::Started {
            continue;
        }
        let game = game_json(&live, color, now).await;
        first.push(json!({ "type": "gameStart", "game": game }).to_string());
    }
    Ok(ndjson(first, rx, ()))
}
