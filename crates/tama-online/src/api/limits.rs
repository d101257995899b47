//! The operator's limits and rate limits per identity and per address.
//!
//! Each kind of request ([`Kind`]) has two token buckets a caller draws
//! from: one for the player (the token's public id) and one for the
//! network address. A bucket holds `burst` requests and refills at
//! `per_minute`; an empty one answers 429 with a JSON body naming the
//! limit (`{"error": …, "limit": "moves", "scope": "identity",
//! "retry_after": 2}`) and a `Retry-After` header. The buckets run on the
//! server's clock ([`Now`](crate::api::Now)), so a test decides when they
//! refill.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::api::Online;
use crate::event::Millis;

/// What a rate limit counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// New guest tokens (per address only).
    Guests,
    /// Seeks in the lobby.
    Seeks,
    /// Challenges: open, to a player, to the engine.
    Challenges,
    /// Moves and the other actions in a game.
    Moves,
    /// WebSocket messages.
    Messages,
}

impl Kind {
    /// The word of the 429 body's `limit`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Guests => "guests",
            Kind::Seeks => "seeks",
            Kind::Challenges => "challenges",
            Kind::Moves => "moves",
            Kind::Messages => "messages",
        }
    }
}

/// A token bucket's size and refill.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rate {
    /// Requests allowed at once.
    pub burst: u32,
    /// Requests regained a minute.
    pub per_minute: u32,
}

impl Rate {
    /// `burst` at once, `per_minute` regained a minute.
    pub const fn new(burst: u32, per_minute: u32) -> Rate {
        Rate { burst, per_minute }
    }

    fn per_second(self) -> f64 {
        f64::from(self.per_minute) / 60.0
    }
}

/// The rate limits of each kind: per identity, per address (`None`: no
/// limit).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RateLimits {
    /// Each kind's limits, per identity then per address.
    pub rates: HashMap<Kind, (Option<Rate>, Option<Rate>)>,
}

impl Default for RateLimits {
    /// Loose enough for people and for programs that play at full speed,
    /// tight enough to stop floods (docs/ONLINE.md lists them).
    fn default() -> RateLimits {
        let rates = [
            (Kind::Guests, (None, Some(Rate::new(30, 30)))),
            (
                Kind::Seeks,
                (Some(Rate::new(10, 12)), Some(Rate::new(60, 60))),
            ),
            (
                Kind::Challenges,
                (Some(Rate::new(20, 12)), Some(Rate::new(100, 120))),
            ),
            (
                Kind::Moves,
                (Some(Rate::new(30, 600)), Some(Rate::new(600, 12_000))),
            ),
            (
                Kind::Messages,
                (Some(Rate::new(40, 600)), Some(Rate::new(800, 12_000))),
            ),
        ];
        RateLimits {
            rates: rates.into_iter().collect(),
        }
    }
}

impl RateLimits {
    /// No rate limits at all (a load benchmark's server).
    pub fn none() -> RateLimits {
        RateLimits {
            rates: HashMap::new(),
        }
    }
}

/// The operator's settings of the live games.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// Rate limits.
    pub limits: RateLimits,
    /// How long a guest token is valid after it was made, in ms.
    pub token_ttl: Millis,
    /// Searches of the engine as an opponent that may run at once; more
    /// wait in a queue (`tama serve --online-engines`).
    pub engine_budget: usize,
    /// Take the client's address from the last `X-Forwarded-For` entry
    /// (behind a reverse proxy; never otherwise: a client could forge it).
    pub trust_proxy: bool,
    /// Origins (`https://host`) besides the server's own that may open the
    /// WebSocket and send the page's requests.
    pub origins: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            limits: RateLimits::default(),
            token_ttl: 365 * 24 * 3_600_000,
            engine_budget: 1,
            trust_proxy: false,
            origins: Vec::new(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    level: f64,
    at: Millis,
}

/// The buckets of every caller.
#[derive(Default)]
pub(crate) struct Buckets {
    map: Mutex<HashMap<(Kind, bool, String), Bucket>>,
}

/// Too many requests: the kind, whether per identity (else per address),
/// and the seconds until one is allowed again.
#[derive(Debug)]
pub struct Limited {
    kind: Kind,
    identity: bool,
    rate: Rate,
    retry: u64,
}

impl Limited {
    /// The kind of limit.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    fn message(&self) -> String {
        let who = if self.identity {
            "this player"
        } else {
            "this address"
        };
        format!(
            "too many {} from {who}: at most {} at once and {} a minute; try again in {} s",
            self.kind.name(),
            self.rate.burst,
            self.rate.per_minute,
            self.retry
        )
    }

    /// The JSON body of the refusal.
    pub fn body(&self) -> serde_json::Value {
        json!({
            "error": self.message(),
            "limit": self.kind.name(),
            "scope": if self.identity { "identity" } else { "address" },
            "retry_after": self.retry,
        })
    }
}

impl IntoResponse for Limited {
    fn into_response(self) -> Response {
        let mut r = (StatusCode::TOO_MANY_REQUESTS, Json(self.body())).into_response();
        if let Ok(v) = HeaderValue::from_str(&self.retry.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        r
    }
}

impl Buckets {
    fn take(&self, key: (Kind, bool, String), rate: Rate, now: Millis) -> Result<(), Limited> {
        let Ok(mut map) = self.map.lock() else {
            return Ok(());
        };
        let burst = f64::from(rate.burst);
        let b = map.entry(key.clone()).or_insert(Bucket {
            level: burst,
            at: now,
        });
        let elapsed = now.saturating_sub(b.at) as f64 / 1000.0;
        b.level = (b.level + elapsed * rate.per_second()).min(burst);
        b.at = now;
        if b.level >= 1.0 {
            b.level -= 1.0;
            return Ok(());
        }
        let wait = if rate.per_second() > 0.0 {
            ((1.0 - b.level) / rate.per_second()).ceil()
        } else {
            3600.0
        };
        Err(Limited {
            kind: key.0,
            identity: key.1,
            rate,
            retry: wait.clamp(1.0, 86_400.0) as u64,
        })
    }

    /// Forgets the buckets that are full again (idle callers).
    pub(crate) fn prune(&self, limits: &RateLimits, now: Millis) {
        let Ok(mut map) = self.map.lock() else { return };
        map.retain(|(kind, identity, _), b| {
            let Some(rate) = limits
                .rates
                .get(kind)
                .and_then(|r| if *identity { r.0 } else { r.1 })
            else {
                return false;
            };
            let elapsed = now.saturating_sub(b.at) as f64 / 1000.0;
            b.level + elapsed * rate.per_second() < f64::from(rate.burst)
        });
    }
}

/// The network address of a request: the peer's IP, or the last entry of
/// `X-Forwarded-For` when the operator trusts a proxy.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Peer(pub String);

impl FromRequestParts<Arc<Online>> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<Online>,
    ) -> Result<Peer, Self::Rejection> {
        if state.options().trust_proxy {
            let forwarded = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .rfind(|v| !v.is_empty());
            if let Some(ip) = forwarded {
                return Ok(Peer(ip.chars().take(64).collect()));
            }
        }
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "local".to_string(), |c| c.0.ip().to_string());
        Ok(Peer(ip))
    }
}

impl Online {
    /// Draws one `kind` request for `player` (when known) and `peer`.
    ///
    /// # Errors
    ///
    /// [`Limited`] when either bucket is empty (then neither is drawn
    /// from further).
    pub(crate) fn limit(
        &self,
        kind: Kind,
        player: Option<&str>,
        peer: &Peer,
    ) -> Result<(), Limited> {
        let Some(&(per_id, per_addr)) = self.options().limits.rates.get(&kind) else {
            return Ok(());
        };
        let now = self.now();
        if let Some(rate) = per_addr {
            self.buckets()
                .take((kind, false, peer.0.clone()), rate, now)?;
        }
        if let (Some(rate), Some(p)) = (per_id, player) {
            self.buckets()
                .take((kind, true, p.to_string()), rate, now)?;
        }
        Ok(())
    }
}
