//! The Board API (in the shape of lichess's) as an axum `Router`: guest
//! tokens, open challenges, moves and the other actions, the game stream
//! (NDJSON) and the PDN export. docs/ONLINE.md describes it.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tama_core::{Color, Preset, Rules, TimeControl};
use tama_notation::write_line;
use tokio::sync::broadcast;

use crate::event::{Millis, Proposal};
use crate::recover::{color_of, commit, pdn, recover, status_word, RecoverError};
use crate::referee::{Action, Referee, Settings, Status};
use crate::store::{ChallengeRow, GameRow, Store};
use crate::token::{constant_time_eq, is_id, new_id, Token};

/// The cookie that carries a guest token for the page (HttpOnly; it
/// authorises the WebSocket only, never a POST, so that another site's
/// page cannot act with it).
pub const COOKIE_NAME: &str = "tama_guest";
/// The largest request body of the API, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;
/// How often the server's own timer looks at the running clocks.
const TICK: Duration = Duration::from_millis(100);

/// The server's time source: milliseconds since the UNIX epoch for a real
/// server, anything a test chooses.
pub type Now = Arc<dyn Fn() -> Millis + Send + Sync>;

/// The system clock as a [`Now`].
pub fn system_now() -> Now {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    })
}

/// A live game in memory: its row, referee, and change signal.
pub(crate) struct Live {
    row: GameRow,
    referee: tokio::sync::Mutex<Referee>,
    changed: broadcast::Sender<()>,
}

/// The live games of a server, its store and its clock.
pub struct Online {
    store: Store,
    now: Now,
    games: Mutex<HashMap<String, Arc<Live>>>,
}

/// An API error: a status and a lower-case message, answered as
/// `{"error": …}`.
#[derive(Debug)]
pub struct ApiError(StatusCode, String);

impl ApiError {
    /// An error of `status` saying `message`.
    pub fn new(status: StatusCode, message: &str) -> ApiError {
        ApiError(status, message.to_string())
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.1
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.0
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.into())
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!("online: {e}");
    ApiError(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server failed; try again".into(),
    )
}

impl Online {
    /// Opens the store at `url`, brings its live games back, and starts
    /// the timer that flags running clocks (on the current tokio runtime).
    ///
    /// # Errors
    ///
    /// [`RecoverError`] when the store cannot be opened or a live game
    /// does not replay.
    pub async fn open(url: &str, now: Now) -> Result<Arc<Online>, RecoverError> {
        let store = Store::open(url).await.map_err(RecoverError::Store)?;
        let mut games = HashMap::new();
        for (row, referee) in recover(&store, now()).await? {
            games.insert(row.id.clone(), Arc::new(Live::new(row, referee)));
        }
        let online = Arc::new(Online {
            store,
            now,
            games: Mutex::new(games),
        });
        let weak = Arc::downgrade(&online);
        tokio::spawn(async move {
            let mut beats = 0u32;
            loop {
                tokio::time::sleep(TICK).await;
                let Some(online) = weak.upgrade() else { return };
                online.tick().await;
                beats = beats.wrapping_add(1);
                if beats.is_multiple_of(20) {
                    if let Err(e) = online.store.set_alive((online.now)()).await {
                        tracing::warn!("online: {e}");
                    }
                }
            }
        });
        Ok(online)
    }

    fn live(&self, id: &str) -> Option<Arc<Live>> {
        self.games.lock().ok()?.get(id).cloned()
    }

    pub(crate) fn live_or_404(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        self.live(id)
            .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {id} goes on")))
    }

    /// The server's time now.
    pub(crate) fn now(&self) -> Millis {
        (self.now)()
    }

    /// The player of a bearer token or of the `tama_guest` cookie, `None`
    /// when the request has neither.
    pub(crate) async fn player_if_any(
        &self,
        headers: &HeaderMap,
    ) -> Result<Option<String>, ApiError> {
        if headers.contains_key(header::AUTHORIZATION) {
            return self.player(headers).await.map(Some);
        }
        let cookie = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .find_map(|c| {
                c.trim()
                    .strip_prefix(COOKIE_NAME)
                    .and_then(|r| r.strip_prefix('='))
            });
        let Some(text) = cookie else { return Ok(None) };
        let mut h = HeaderMap::new();
        let bearer = format!("Bearer {text}");
        let value = header::HeaderValue::from_str(&bearer)
            .map_err(|_| ApiError(StatusCode::UNAUTHORIZED, "no valid token".into()))?;
        h.insert(header::AUTHORIZATION, value);
        self.player(&h).await.map(Some)
    }

    /// `color` acts in `live` (refused unless the game's last event is
    /// `after`, when given); a rematch both want is created.
    pub(crate) async fn act_on(
        &self,
        live: &Live,
        color: Color,
        action: Action,
        after: Option<u64>,
    ) -> Result<(), ApiError> {
        let mut wanted = false;
        self.change(live, |r, now| {
            if after.is_some_and(|a| a != r.last()) {
                return Err(bad("the game has moved on: resume from its last event"));
            }
            let result = r.act(color, action, now).map_err(|e| bad(e.to_string()));
            wanted = r.rematch_wanted();
            result
        })
        .await?;
        if wanted {
            self.rematch(live).await?;
        }
        Ok(())
    }

    /// Creates the rematch of `live` (colours swapped) and records it.
    async fn rematch(&self, live: &Live) -> Result<(), ApiError> {
        let id = new_id().map_err(internal)?;
        let now = self.now();
        let row = GameRow {
            id: id.clone(),
            players: [live.row.players[1].clone(), live.row.players[0].clone()],
            settings: live.row.settings.clone(),
            created: now,
            status: "started".into(),
        };
        self.store.add_game(&row, None).await.map_err(internal)?;
        let referee = Referee::new(row.settings.clone(), now);
        if let Ok(mut g) = self.games.lock() {
            g.insert(id.clone(), Arc::new(Live::new(row, referee)));
        }
        self.change(live, |r, now| {
            r.agree_rematch(&id, now);
            Ok(())
        })
        .await
    }

    /// Flags every running clock whose time is up.
    async fn tick(&self) {
        let all: Vec<Arc<Live>> = match self.games.lock() {
            Ok(g) => g.values().cloned().collect(),
            Err(_) => return,
        };
        for live in all {
            let _ = self
                .change(&live, |r, now| {
                    r.tick(now);
                    Ok(())
                })
                .await;
        }
    }

    /// Runs `f` on the game at the server's time, commits its new events,
    /// then tells the watchers; on a store failure the game is as before.
    async fn change(
        &self,
        live: &Live,
        f: impl FnOnce(&mut Referee, Millis) -> Result<(), ApiError>,
    ) -> Result<(), ApiError> {
        let mut r = live.referee.lock().await;
        let saved = r.clone();
        let result = f(&mut r, (self.now)());
        if r.last() != saved.last() {
            let (before, moves, was) = (saved.last(), saved.game().moves().len(), saved.status());
            if let Err(e) = commit(&self.store, &live.row, &r, before, moves, was).await {
                *r = saved;
                return Err(internal(e));
            }
            let _ = live.changed.send(());
        }
        result
    }

    async fn player(&self, headers: &HeaderMap) -> Result<String, ApiError> {
        let unauthorized = || ApiError(StatusCode::UNAUTHORIZED, "no valid token".into());
        let text = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .ok_or_else(unauthorized)?;
        let token = Token::parse(text.trim()).ok_or_else(unauthorized)?;
        let secret = self
            .store
            .token_secret(&token.id)
            .await
            .map_err(internal)?
            .ok_or_else(unauthorized)?;
        if constant_time_eq(secret.as_bytes(), token.secret.as_bytes()) {
            Ok(token.id)
        } else {
            Err(unauthorized())
        }
    }
}

impl Live {
    pub(crate) fn row(&self) -> &GameRow {
        &self.row
    }

    pub(crate) fn referee(&self) -> &tokio::sync::Mutex<Referee> {
        &self.referee
    }

    pub(crate) fn subscribe(&self) -> broadcast::Receiver<()> {
        self.changed.subscribe()
    }

    fn new(row: GameRow, referee: Referee) -> Live {
        Live {
            row,
            referee: tokio::sync::Mutex::new(referee),
            changed: broadcast::channel(64).0,
        }
    }
}

pub(crate) type St = State<Arc<Online>>;

pub(crate) async fn guest(State(o): St) -> Result<Response, ApiError> {
    let token = Token::new().map_err(internal)?;
    o.store
        .add_token(&token.id, &token.secret, (o.now)())
        .await
        .map_err(internal)?;
    let cookie = format!(
        "{COOKIE_NAME}={}; HttpOnly; SameSite=Strict; Path=/; Max-Age=31536000",
        token.text()
    );
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(json!({ "token": token.text(), "id": token.id })),
    )
        .into_response())
}

/// The fields of a challenge, from JSON or a form.
fn fields(headers: &HeaderMap, body: &Bytes) -> Result<HashMap<String, String>, ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let mut out = HashMap::new();
    if json {
        let v: Value = serde_json::from_slice(body).map_err(|e| bad(format!("bad JSON: {e}")))?;
        let Value::Object(map) = v else {
            return Err(bad("the body must be a JSON object"));
        };
        for (k, v) in map {
            match v {
                Value::Object(inner) => {
                    for (k2, v2) in inner {
                        out.insert(format!("{k}.{k2}"), plain(&v2));
                    }
                }
                other => {
                    out.insert(k, plain(&other));
                }
            }
        }
    } else {
        let text = std::str::from_utf8(body).map_err(|_| bad("the form is not UTF-8"))?;
        for pair in text.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            out.insert(k.replace("%2E", "."), v.replace('+', " "));
        }
    }
    Ok(out)
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn settings_of(f: &HashMap<String, String>) -> Result<(Settings, String), ApiError> {
    let rules = match f.get("variant").or_else(|| f.get("rules")) {
        None => Rules::default(),
        Some(name) => match Preset::ALL.into_iter().find(|p| p.name() == name) {
            Some(p) => p.rules(),
            None => tama_notation::parse_rules(name).map_err(|e| bad(format!("variant: {e}")))?,
        },
    };
    let secs = |k: &str| -> Result<Option<u64>, ApiError> {
        f.get(k)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| bad(format!("{k}: not a whole number of seconds")))
            })
            .transpose()
    };
    let control = match (secs("clock.limit")?, secs("clock.increment")?) {
        (None, None) => None,
        (limit, inc) => {
            let (limit, inc) = (limit.unwrap_or(0), inc.unwrap_or(0));
            if limit == 0 || limit > 3 * 3600 || inc > 180 {
                return Err(bad(
                    "clock.limit must be 1 to 10800 s, clock.increment 0 to 180 s",
                ));
            }
            Some(TimeControl::fischer(
                Duration::from_secs(limit),
                Duration::from_secs(inc),
            ))
        }
    };
    let color = f.get("color").map_or("random", String::as_str);
    if !["white", "black", "random"].contains(&color) {
        return Err(bad("color must be white, black or random"));
    }
    Ok((Settings::new(rules, control), color.to_string()))
}

pub(crate) async fn open_challenge(
    State(o): St,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let creator = o.player(&headers).await?;
    let (settings, color) = settings_of(&fields(&headers, &body)?)?;
    let id = new_id().map_err(internal)?;
    let row = ChallengeRow {
        id: id.clone(),
        creator,
        color,
        settings,
        created: (o.now)(),
    };
    o.store.add_challenge(&row).await.map_err(internal)?;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".:-[]".contains(&b))
        })
        .unwrap_or("localhost");
    Ok(Json(json!({
        "id": id,
        "url": format!("http://{host}/{id}"),
        "status": "created",
    })))
}

pub(crate) async fn accept(
    State(o): St,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let player = o.player(&headers).await?;
    let not_found = || ApiError(StatusCode::NOT_FOUND, format!("no open challenge {id}"));
    if !is_id(&id) {
        return Err(not_found());
    }
    let c = o
        .store
        .open_challenge(&id)
        .await
        .map_err(internal)?
        .ok_or_else(not_found)?;
    if c.creator == player {
        return Err(bad("you cannot accept your own challenge"));
    }
    let creator_white = match c.color.as_str() {
        "white" => true,
        "black" => false,
        _ => crate::token::coin().map_err(internal)?,
    };
    let players = if creator_white {
        [c.creator, player]
    } else {
        [player, c.creator]
    };
    let now = (o.now)();
    let row = GameRow {
        id: id.clone(),
        players,
        settings: c.settings,
        created: now,
        status: "started".into(),
    };
    if !o.store.add_game(&row, Some(&id)).await.map_err(internal)? {
        return Err(not_found());
    }
    let referee = Referee::new(row.settings.clone(), now);
    if let Ok(mut g) = o.games.lock() {
        g.insert(id.clone(), Arc::new(Live::new(row, referee)));
    }
    Ok(Json(json!({ "ok": true, "id": id })))
}

/// The game `id` and the caller's colour in it.
async fn seat(o: &Online, id: &str, headers: &HeaderMap) -> Result<(Arc<Live>, Color), ApiError> {
    let player = o.player(headers).await?;
    let live = o
        .live(id)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {id} goes on")))?;
    let color = color_of(&live.row, &player)
        .ok_or_else(|| ApiError(StatusCode::FORBIDDEN, "you do not play in this game".into()))?;
    Ok((live, color))
}

async fn act(
    o: &Online,
    id: &str,
    headers: &HeaderMap,
    action: Action,
) -> Result<Json<Value>, ApiError> {
    let (live, color) = seat(o, id, headers).await?;
    o.change(&live, |r, now| {
        r.act(color, action, now).map_err(|e| bad(e.to_string()))
    })
    .await?;
    Ok(Json(json!({ "ok": true })))
}

pub(crate) async fn play(
    State(o): St,
    Path((id, mv)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    act(&o, &id, &headers, Action::Move { text: mv, lag: 0 }).await
}

pub(crate) async fn simple(
    State(o): St,
    Path((id, what)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let action = match what.as_str() {
        "resign" => Action::Resign,
        "abort" => Action::Abort,
        "claim-victory" => Action::ClaimVictory,
        "claim-draw" => Action::ClaimDraw,
        _ => return Err(ApiError(StatusCode::NOT_FOUND, "no such action".into())),
    };
    act(&o, &id, &headers, action).await
}

pub(crate) async fn answer(
    State(o): St,
    Path((id, what, yes)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let what = match what.as_str() {
        "draw" => Proposal::Draw,
        "takeback" => Proposal::Takeback,
        "rematch" => Proposal::Rematch,
        _ => return Err(ApiError(StatusCode::NOT_FOUND, "no such action".into())),
    };
    let yes = match yes.as_str() {
        "yes" | "accept" | "true" => true,
        "no" | "decline" | "false" => false,
        _ => return Err(bad("answer yes or no")),
    };
    act(&o, &id, &headers, Action::Answer(what, yes)).await
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

pub(crate) async fn stream(State(o): St, Path(id): Path<String>) -> Result<Response, ApiError> {
    let live = o
        .live(&id)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {id} goes on")))?;
    let rx = live.changed.subscribe();
    let first = {
        let r = live.referee.lock().await;
        let state = game_state(&r, (o.now)());
        let control = r.settings().control.as_ref();
        json!({
            "type": "gameFull",
            "id": live.row.id,
            "variant": { "key": tama_notation::write_rules(&r.settings().rules) },
            "clock": control.map(|c| json!({
                "initial": u64::try_from(c.initial().as_millis()).unwrap_or(0),
                "increment": u64::try_from(c.increment(0).as_millis()).unwrap_or(0),
            })),
            "rated": false,
            "createdAt": live.row.created,
            "white": { "id": live.row.players[0] },
            "black": { "id": live.row.players[1] },
            "initialFen": tama_notation::write_fen(&r.settings().start),
            "state": state,
        })
    };
    let now = o.now.clone();
    // State: the first line, the change signal, whether the game ended.
    let start = (Some(first), rx, false);
    let body = futures_util::stream::unfold(start, move |(first, mut rx, ended)| {
        let live = live.clone();
        let now = now.clone();
        async move {
            if let Some(first) = first {
                let line = Bytes::from(format!("{first}\n"));
                return Some((Ok::<_, Infallible>(line), (None, rx, false)));
            }
            if ended {
                return None;
            }
            match tokio::time::timeout(Duration::from_secs(7), rx.recv()).await {
                // Nothing new: a keep-alive line, as lichess sends.
                Err(_) => Some((Ok(Bytes::from_static(b"\n")), (None, rx, false))),
                Ok(Err(broadcast::error::RecvError::Closed)) => None,
                Ok(_) => {
                    let r = live.referee.lock().await;
                    let state = game_state(&r, now());
                    let over = r.status() != Status::Started;
                    Some((Ok(Bytes::from(format!("{state}\n"))), (None, rx, over)))
                }
            }
        }
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(body),
    )
        .into_response())
}

pub(crate) async fn export(State(o): St, Path(id): Path<String>) -> Result<Response, ApiError> {
    let text = if let Some(live) = o.live(&id) {
        let r = live.referee.lock().await;
        pdn(&live.row, &r)
    } else if is_id(&id) {
        o.store
            .pdn(&id)
            .await
            .map_err(internal)?
            .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no game {id}")))?
    } else {
        return Err(ApiError(StatusCode::NOT_FOUND, format!("no game {id}")));
    };
    Ok(([(header::CONTENT_TYPE, "application/x-chess-pgn")], text).into_response())
}
