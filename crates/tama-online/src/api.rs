//! The server of live games: [`Online`] holds the live games, the store,
//! the clock and the operator's [`Options`]; its routes (the Board API in
//! lichess's shape, the event stream, the lobby, the WebSocket) are in
//! the modules beside this one. docs/ONLINE.md describes them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tama_core::Color;
use tokio::sync::broadcast;

use crate::api::limits::{Buckets, Limited, Options};
use crate::event::Millis;
use crate::recover::{commit, recover, RecoverError};
use crate::referee::{Action, Referee, Status};
use crate::store::{GameRow, Store};
use crate::token::new_id;

/// The cookie that carries a guest token for the page (HttpOnly).
pub const COOKIE_NAME: &str = "tama_guest";
/// The cookie (readable by the page's script) whose value the page sends
/// back in the [`CSRF_HEADER`] of a request authorised by the
/// [`COOKIE_NAME`] cookie.
pub const CSRF_COOKIE: &str = "tama_csrf";
/// The header of the page's state-changing requests.
pub const CSRF_HEADER: &str = "x-tama-csrf";
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

/// The live games of a server, its store, its clock and its limits.
pub struct Online {
    store: Store,
    now: Now,
    options: Options,
    games: Mutex<HashMap<String, Arc<Live>>>,
    buckets: Buckets,
    pub(crate) inbox: crate::api::inbox::Inbox,
    pub(crate) lobby: crate::api::lobby::Lobby,
    pub(crate) engines: crate::api::engine::Engines,
}

/// An API error: a status and a lower-case message, answered as
/// `{"error": …}` (with more fields for some, such as a rate limit's).
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    extra: Option<Value>,
    retry: Option<u64>,
}

impl ApiError {
    /// An error of `status` saying `message`.
    pub fn new(status: StatusCode, message: &str) -> ApiError {
        ApiError {
            status,
            message: message.to_string(),
            extra: None,
            retry: None,
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The JSON body.
    pub fn body(&self) -> Value {
        match &self.extra {
            Some(v) => v.clone(),
            None => json!({ "error": self.message }),
        }
    }
}

impl From<Limited> for ApiError {
    fn from(l: Limited) -> ApiError {
        let body = l.body();
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: body["error"]
                .as_str()
                .unwrap_or("too many requests")
                .to_string(),
            retry: body["retry_after"].as_u64(),
            extra: Some(body),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, Json(self.body())).into_response();
        if let Some(v) = self
            .retry
            .and_then(|s| HeaderValue::from_str(&s.to_string()).ok())
        {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        r
    }
}

pub(crate) fn bad(message: impl Into<String>) -> ApiError {
    ApiError {
        status: StatusCode::BAD_REQUEST,
        message: message.into(),
        extra: None,
        retry: None,
    }
}

pub(crate) fn status(status: StatusCode, message: impl Into<String>) -> ApiError {
    ApiError {
        status,
        message: message.into(),
        extra: None,
        retry: None,
    }
}

pub(crate) fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!("online: {e}");
    status(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server failed; try again",
    )
}

impl Online {
    /// Opens the store at `url` with the default [`Options`] (see
    /// [`Online::open_with`]).
    ///
    /// # Errors
    ///
    /// [`RecoverError`] when the store cannot be opened or a live game
    /// does not replay.
    pub async fn open(url: &str, now: Now) -> Result<Arc<Online>, RecoverError> {
        Online::open_with(url, now, Options::default()).await
    }

    /// Opens the store at `url`, brings its live games back, and starts
    /// the timer that flags running clocks, aborts games whose first
    /// moves never come, and lets the engine move (on the current tokio
    /// runtime).
    ///
    /// # Errors
    ///
    /// [`RecoverError`] when the store cannot be opened or a live game
    /// does not replay.
    pub async fn open_with(
        url: &str,
        now: Now,
        options: Options,
    ) -> Result<Arc<Online>, RecoverError> {
        let store = Store::open(url).await.map_err(RecoverError::Store)?;
        let mut games = HashMap::new();
        for (row, referee) in recover(&store, now()).await? {
            games.insert(row.id.clone(), Arc::new(Live::new(row, referee)));
        }
        let online = Arc::new(Online {
            store,
            now,
            engines: crate::api::engine::Engines::new(options.engine_budget),
            options,
            games: Mutex::new(games),
            buckets: Buckets::default(),
            inbox: crate::api::inbox::Inbox::default(),
            lobby: crate::api::lobby::Lobby::default(),
        });
        online.start_engines();
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
                if beats.is_multiple_of(600) {
                    online.buckets.prune(&online.options.limits, online.now());
                    online.forget_finished();
                }
            }
        });
        Ok(online)
    }

    /// The operator's options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn buckets(&self) -> &Buckets {
        &self.buckets
    }

    pub(crate) fn live(&self, id: &str) -> Option<Arc<Live>> {
        self.games.lock().ok()?.get(id).cloned()
    }

    pub(crate) fn live_or_404(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        self.live(id)
            .ok_or_else(|| status(StatusCode::NOT_FOUND, format!("no game {id} goes on")))
    }

    /// Every game in memory.
    pub(crate) fn all_live(&self) -> Vec<Arc<Live>> {
        match self.games.lock() {
            Ok(g) => g.values().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The server's time now.
    pub(crate) fn now(&self) -> Millis {
        (self.now)()
    }

    /// Creates the game `row` (from the open challenge `challenge` when
    /// given: `false` when someone took it first), keeps it live and
    /// tells both players.
    pub(crate) async fn start_game(
        &self,
        row: GameRow,
        challenge: Option<&str>,
    ) -> Result<bool, ApiError> {
        if !self
            .store
            .add_game(&row, challenge)
            .await
            .map_err(internal)?
        {
            return Ok(false);
        }
        let referee = Referee::new(row.settings.clone(), row.created);
        let live = Arc::new(Live::new(row, referee));
        if let Ok(mut g) = self.games.lock() {
            g.insert(live.row.id.clone(), live.clone());
        }
        self.inbox.game_start(&live, self.now()).await;
        self.engine_turn(&live);
        Ok(true)
    }

    /// `color` acts in `live` (refused unless the game's last event is
    /// `after`, when given); a rematch both want is created.
    pub(crate) async fn act_on(
        &self,
        live: &Arc<Live>,
        color: Color,
        action: Action,
        after: Option<u64>,
    ) -> Result<(), ApiError> {
        let claim = matches!(action, Action::ClaimVictory | Action::ClaimDraw);
        if claim && Online::against_engine(live, color) {
            return Err(bad("the engine is never gone"));
        }
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
    async fn rematch(&self, live: &Arc<Live>) -> Result<(), ApiError> {
        let id = new_id().map_err(internal)?;
        let row = GameRow {
            id: id.clone(),
            players: [live.row.players[1].clone(), live.row.players[0].clone()],
            settings: live.row.settings.clone(),
            created: self.now(),
            status: "started".into(),
        };
        self.start_game(row, None).await?;
        self.change(live, |r, now| {
            r.agree_rematch(&id, now);
            Ok(())
        })
        .await
    }

    /// The server's timer: flags every running clock whose time is up and
    /// aborts the games whose first moves did not come in time.
    async fn tick(&self) {
        for live in self.all_live() {
            let _ = self
                .change(&live, |r, now| {
                    r.tick(now);
                    Ok(())
                })
                .await;
        }
    }

    /// Drops from memory the games over for more than 10 minutes (their
    /// record stays in the store).
    fn forget_finished(&self) {
        let now = self.now();
        if let Ok(mut g) = self.games.lock() {
            g.retain(|_, live| match live.referee.try_lock() {
                Ok(r) => {
                    r.status() == Status::Started
                        || r.log()
                            .last()
                            .is_none_or(|e| now.saturating_sub(e.at) < 600_000)
                }
                Err(_) => true,
            });
        }
    }

    /// Runs `f` on the game at the server's time, commits its new events,
    /// then tells the watchers (and the players, when it ends); on a
    /// store failure the game is as before.
    pub(crate) async fn change(
        &self,
        live: &Arc<Live>,
        f: impl FnOnce(&mut Referee, Millis) -> Result<(), ApiError>,
    ) -> Result<(), ApiError> {
        let mut r = live.referee.lock().await;
        let saved = r.clone();
        let result = f(&mut r, (self.now)());
        if r.last() == saved.last() {
            return result;
        }
        let (before, moves, was) = (saved.last(), saved.game().moves().len(), saved.status());
        if let Err(e) = commit(&self.store, &live.row, &r, before, moves, was).await {
            *r = saved;
            return Err(internal(e));
        }
        let _ = live.changed.send(());
        let ended = was == Status::Started && r.status() != Status::Started;
        drop(r);
        if ended {
            self.inbox.game_finish(live, self.now()).await;
        }
        self.engine_turn(live);
        result
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

pub mod engine;
pub(crate) mod inbox;
pub mod limits;
pub(crate) mod lobby;
