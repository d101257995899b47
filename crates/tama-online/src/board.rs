//! The Board API's game routes: moves and the other actions, the game
//! stream (NDJSON: `gameFull`, then `gameState` after each event, and
//! `opponentGone` for a player whose opponent left), the PDN export.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tama_core::Color;
use tama_notation::write_line;
use tokio::sync::broadcast;

use crate::api::inbox::KEEP_ALIVE;
use crate::api::limits::{Kind, Peer};
use crate::api::{bad, internal, status, ApiError, Live, Online, St};
use crate::event::{Millis, Proposal};
use crate::recover::{color_of, pdn, status_word};
use crate::referee::{Action, Referee, Status};
use crate::token::is_id;

/// The game `id` and the caller's colour in it, once the caller is
/// within the rate limit of moves.
async fn seat(
    o: &Online,
    id: &str,
    headers: &HeaderMap,
    peer: &Peer,
) -> Result<(Arc<Live>, Color), ApiError> {
    let player = o.player(headers).await?;
    o.limit(Kind::Moves, Some(&player), peer)?;
    let live = o.live_or_404(id)?;
    let color = color_of(live.row(), &player)
        .ok_or_else(|| status(StatusCode::FORBIDDEN, "you do not play in this game"))?;
    Ok((live, color))
}

async fn act(
    o: &Online,
    id: &str,
    headers: &HeaderMap,
    peer: &Peer,
    action: Action,
) -> Result<Json<Value>, ApiError> {
    let (live, color) = seat(o, id, headers, peer).await?;
    o.act_on(&live, color, action, None).await?;
    Ok(Json(json!({ "ok": true })))
}

/// `POST /api/board/game/{id}/move/{move}`.
pub(crate) async fn play(
    State(o): St,
    Path((id, mv)): Path<(String, String)>,
    peer: Peer,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    act(&o, &id, &headers, &peer, Action::Move { text: mv, lag: 0 }).await
}

/// `POST /api/board/game/{id}/{resign|abort|claim-victory|claim-draw}`.
pub(crate) async fn simple(
    State(o): St,
    Path((id, what)): Path<(String, String)>,
    peer: Peer,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let action = match what.as_str() {
        "resign" => Action::Resign,
        "abort" => Action::Abort,
        "claim-victory" => Action::ClaimVictory,
        "claim-draw" => Action::ClaimDraw,
        _ => return Err(status(StatusCode::NOT_FOUND, "no such action")),
    };
    act(&o, &id, &headers, &peer, action).await
}

/// `POST /api/board/game/{id}/{draw|takeback|rematch}/{yes|no}`.
pub(crate) async fn answer(
    State(o): St,
    Path((id, what, yes)): Path<(String, String, String)>,
    peer: Peer,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let what = match what.as_str() {
        "draw" => Proposal::Draw,
        "takeback" => Proposal::Takeback,
        "rematch" => Proposal::Rematch,
        _ => return Err(status(StatusCode::NOT_FOUND, "no such action")),
    };
    let yes = match yes.as_str() {
        "yes" | "accept" | "true" => true,
        "no" | "decline" | "false" => false,
        _ => return Err(bad("answer yes or no")),
    };
    act(&o, &id, &headers, &peer, Action::Answer(what, yes)).await
}

/// The `gameState` object: moves so far, clocks, status.
fn game_state(r: &Referee, now: Millis) -> Value {
    let g = r.game();
    let moves = write_line(g.start(), g.rules(), g.moves()).join(" ");
    let clocks = r.clocks(now).unwrap_or([0, 0]);
    let inc = r.settings().control.as_ref().map_or(0, |c| {
        u64::try_from(c.increment(0).as_millis()).unwrap_or(0)
    });
    let mut state = json!({
        "type": "gameState",
        "moves": moves,
        "wtime": clocks[0],
        "btime": clocks[1],
        "winc": inc,
        "binc": inc,
        "status": status_word(r.status()),
        "wdraw": r.proposed(Color::White, Proposal::Draw),
        "bdraw": r.proposed(Color::Black, Proposal::Draw),
        "wtakeback": r.proposed(Color::White, Proposal::Takeback),
        "btakeback": r.proposed(Color::Black, Proposal::Takeback),
        "n": r.last(),
    });
    if let Status::Over(o) = r.status() {
        if let Some(w) = o.winner {
            state["winner"] = json!(w);
        }
    }
    state
}

fn player_json(player: &str) -> Value {
    match crate::api::engine::engine_level(player) {
        Some(level) => json!({ "aiLevel": level }),
        None => json!({ "id": player, "name": player, "rating": null }),
    }
}

/// What one turn of the stream's loop sends next.
enum Next {
    Line(String),
    Done,
}

/// `GET /api/board/game/stream/{id}`: anyone may watch; a player's open
/// stream counts as the player being there.
pub(crate) async fn stream(
    State(o): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let live = o.live_or_404(&id)?;
    let me = match o.player_if_any(&headers).await? {
        Some(p) => color_of(live.row(), &p),
        None => None,
    };
    let rx = live.subscribe();
    let first = {
        let mut r = live.referee().lock().await;
        if let Some(c) = me {
            r.touch(c, o.now());
        }
        let state = game_state(&r, o.now());
        let control = r.settings().control.as_ref();
        json!({
            "type": "gameFull",
            "id": live.row().id,
            "variant": { "key": tama_notation::write_rules(&r.settings().rules) },
            "speed": crate::challenge::speed(r.settings()),
            "clock": control.map(|c| json!({
                "initial": u64::try_from(c.initial().as_millis()).unwrap_or(0),
                "increment": u64::try_from(c.increment(0).as_millis()).unwrap_or(0),
            })),
            "rated": false,
            "createdAt": live.row().created,
            "white": player_json(&live.row().players[0]),
            "black": player_json(&live.row().players[1]),
            "initialFen": tama_notation::write_fen(&r.settings().start),
            "state": state,
        })
    };
    // State: the first line, the change signal, whether the game ended,
    // whether the opponent was last said to be gone.
    let start = (Some(first.to_string()), rx, false, false);
    let body = futures_util::stream::unfold(start, move |(first, mut rx, ended, gone)| {
        let (live, o) = (live.clone(), o.clone());
        async move {
            if let Some(first) = first {
                let line = Bytes::from(first + "\n");
                return Some((Ok::<_, Infallible>(line), (None, rx, false, gone)));
            }
            if ended {
                return None;
            }
            let next = match tokio::time::timeout(KEEP_ALIVE, rx.recv()).await {
                Err(_) => {
                    // Nothing new: the player is still there; tell them
                    // when their opponent left or came back.
                    let mut r = live.referee().lock().await;
                    match me {
                        Some(c) if r.status() == Status::Started => {
                            r.touch(c, o.now());
                            let now_gone =
                                !Online::against_engine(&live, c) && r.gone(c.opponent(), o.now());
                            if now_gone == gone {
                                Next::Line(String::new())
                            } else {
                                let mut v = json!({ "type": "opponentGone", "gone": now_gone });
                                if now_gone {
                                    v["claimWinInSeconds"] = json!(0);
                                }
                                return Some((
                                    Ok(Bytes::from(format!("{v}\n"))),
                                    (None, rx, false, now_gone),
                                ));
                            }
                        }
                        _ => Next::Line(String::new()),
                    }
                }
                Ok(Err(broadcast::error::RecvError::Closed)) => Next::Done,
                Ok(_) => {
                    let r = live.referee().lock().await;
                    let state = game_state(&r, o.now());
                    let over = r.status() != Status::Started;
                    return Some((
                        Ok(Bytes::from(format!("{state}\n"))),
                        (None, rx, over, gone),
                    ));
                }
            };
            match next {
                Next::Line(text) => Some((Ok(Bytes::from(text + "\n")), (None, rx, false, gone))),
                Next::Done => None,
            }
        }
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response())
}

/// `GET /game/export/{id}`: the game's PDN, live or finished.
pub(crate) async fn export(State(o): St, Path(id): Path<String>) -> Result<Response, ApiError> {
    let text = if let Some(live) = o.live(&id) {
        let r = live.referee().lock().await;
        pdn(live.row(), &r)
    } else if is_id(&id) {
        o.store()
            .pdn(&id)
            .await
            .map_err(internal)?
            .ok_or_else(|| status(StatusCode::NOT_FOUND, format!("no game {id}")))?
    } else {
        return Err(status(StatusCode::NOT_FOUND, format!("no game {id}")));
    };
    Ok(([(header::CONTENT_TYPE, "application/x-chess-pgn")], text).into_response())
}
