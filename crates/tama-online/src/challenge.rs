//! Challenges, in lichess's shape: open ones (whoever accepts first
//! plays), ones to a player (who accepts or declines; the creator may
//! cancel), and games against the engine at once.

use std::collections::HashMap;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use serde_json::{json, Value};
use tama_core::{Preset, Rules, TimeControl};

use crate::api::engine::engine_player;
use crate::api::limits::{Kind, Peer};
use crate::api::{bad, internal, status, ApiError, St};
use crate::referee::Settings;
use crate::store::{ChallengeRow, GameRow};
use crate::token::{is_id, new_id};

/// The fields of a request, from JSON (one level of objects flattened to
/// `clock.limit`; `null`s left out, as lichess's clients send them) or a
/// form.
pub(crate) fn fields(
    headers: &HeaderMap,
    body: &Bytes,
) -> Result<HashMap<String, String>, ApiError> {
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
                        if !v2.is_null() {
                            out.insert(format!("{k}.{k2}"), plain(&v2));
                        }
                    }
                }
                Value::Null => {}
                other => {
                    out.insert(k, plain(&other));
                }
            }
        }
    } else {
        let text = std::str::from_utf8(body).map_err(|_| bad("the form is not UTF-8"))?;
        for pair in text.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            out.insert(unescape(k), unescape(v));
        }
    }
    Ok(out)
}

/// A form value's `+` and `%XX` escapes undone (bad escapes kept as they
/// are).
fn unescape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let digits = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match digits.and_then(|d| u8::from_str_radix(d, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether a form or JSON field says yes.
fn truthy(f: &HashMap<String, String>, key: &str) -> bool {
    f.get(key).is_some_and(|v| v == "true" || v == "1")
}

/// The settings and the colour of a challenge or seek: `variant` (or
/// `rules`), `clock.limit` and `clock.increment` in seconds (or, for a
/// seek, `time` in minutes and `increment` in seconds), `fen`, `color`.
pub(crate) fn settings_of(
    f: &HashMap<String, String>,
    minutes: bool,
) -> Result<(Settings, String), ApiError> {
    if truthy(f, "rated") {
        return Err(bad(
            "rated games are not played here (every game is casual)",
        ));
    }
    if f.contains_key("days") {
        return Err(bad("correspondence games (days) are not played here"));
    }
    let rules = match f
        .get("variant")
        .or_else(|| f.get("rules"))
        .map(String::as_str)
    {
        None | Some("standard") => Rules::default(),
        Some(name) => match Preset::ALL.into_iter().find(|p| p.name() == name) {
            Some(p) => p.rules(),
            None => tama_notation::parse_rules(name).map_err(|e| bad(format!("variant: {e}")))?,
        },
    };
    let number = |k: &str| -> Result<Option<f64>, ApiError> {
        f.get(k)
            .map(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| bad(format!("{k}: not a number of seconds")))
            })
            .transpose()
    };
    let (limit, inc) = if minutes {
        (number("time")?.map(|m| m * 60.0), number("increment")?)
    } else {
        (number("clock.limit")?, number("clock.increment")?)
    };
    let control = match (limit, inc) {
        (None, None) => None,
        (limit, inc) => {
            let (limit, inc) = (limit.unwrap_or(0.0), inc.unwrap_or(0.0));
            if !(1.0..=10_800.0).contains(&limit) || inc > 180.0 {
                return Err(bad(
                    "clock.limit must be 1 to 10800 s, clock.increment 0 to 180 s",
                ));
            }
            Some(TimeControl::fischer(
                Duration::from_secs_f64(limit),
                Duration::from_secs_f64(inc),
            ))
        }
    };
    let color = f.get("color").map_or("random", String::as_str);
    if !["white", "black", "random"].contains(&color) {
        return Err(bad("color must be white, black or random"));
    }
    let mut settings = Settings::new(rules, control);
    if let Some(fen) = f.get("fen").filter(|t| !t.is_empty()) {
        settings.start =
            tama_notation::parse_position(fen).map_err(|e| bad(format!("fen: {e}")))?;
    }
    Ok((settings, color.to_string()))
}

/// The page of a game or challenge on the host the request named.
pub(crate) fn page_url(headers: &HeaderMap, id: &str) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".:-[]".contains(&b))
        })
        .unwrap_or("localhost");
    format!("http://{host}/{id}")
}

/// The JSON of a challenge, in lichess's shape.
pub(crate) fn challenge_json(c: &ChallengeRow, url: &str, status: &str) -> Value {
    let control = match &c.settings.control {
        Some(t) => json!({
            "type": "clock",
            "limit": t.initial().as_secs(),
            "increment": t.increment(0).as_secs(),
            "show": tama_notation::time_control::write_time_control_tag(t),
        }),
        None => json!({ "type": "unlimited" }),
    };
    json!({
        "id": c.id,
        "url": url,
        "status": status,
        "challenger": { "id": c.creator, "name": c.creator },
        "destUser": c.dest.as_ref().map(|d| json!({ "id": d, "name": d })),
        "variant": { "key": tama_notation::write_rules(&c.settings.rules) },
        "rated": false,
        "speed": speed(&c.settings),
        "timeControl": control,
        "color": c.color,
        "finalColor": c.color,
    })
}

/// lichess's speed of a clock: its estimated game time.
pub(crate) fn speed(s: &Settings) -> &'static str {
    let Some(t) = &s.control else {
        return "correspondence";
    };
    let total = t.initial().as_secs() + 40 * t.increment(0).as_secs();
    match total {
        0..30 => "ultraBullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

/// Creates a challenge of the caller's, to `dest` when given.
async fn create(
    o: &crate::api::Online,
    headers: &HeaderMap,
    peer: &Peer,
    body: &Bytes,
    dest: Option<String>,
) -> Result<Json<Value>, ApiError> {
    let creator = o.player(headers).await?;
    o.limit(Kind::Challenges, Some(&creator), peer)?;
    let (settings, color) = settings_of(&fields(headers, body)?, false)?;
    if let Some(d) = &dest {
        if *d == creator {
            return Err(bad("you cannot challenge yourself"));
        }
        if o.store().token(d).await.map_err(internal)?.is_none() {
            return Err(status(StatusCode::NOT_FOUND, format!("no player {d}")));
        }
    }
    let id = new_id().map_err(internal)?;
    let row = ChallengeRow {
        id: id.clone(),
        creator,
        color,
        settings,
        created: o.now(),
        dest,
    };
    o.store().add_challenge(&row).await.map_err(internal)?;
    let url = page_url(headers, &id);
    let mut answer = challenge_json(&row, &url, "created");
    o.inbox.challenge(&row, &answer, "challenge");
    answer["challenge"] = answer.clone();
    Ok(Json(answer))
}

/// `POST /api/challenge/open`.
pub(crate) async fn open(
    State(o): St,
    peer: Peer,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    create(&o, &headers, &peer, &body, None).await
}

/// `POST /api/challenge/{user}`: a challenge to one player.
pub(crate) async fn to_player(
    State(o): St,
    Path(user): Path<String>,
    peer: Peer,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let valid = user.len() == 16 && user.bytes().all(|b| b.is_ascii_hexdigit());
    if !valid {
        return Err(status(StatusCode::NOT_FOUND, format!("no player {user}")));
    }
    create(&o, &headers, &peer, &body, Some(user)).await
}

/// `POST /api/challenge/ai`: a game against the engine at `level` (1 to
/// 10, the page's levels), started at once.
pub(crate) async fn ai(
    State(o): St,
    peer: Peer,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let player = o.player(&headers).await?;
    o.limit(Kind::Challenges, Some(&player), &peer)?;
    let f = fields(&headers, &body)?;
    let level = match f.get("level") {
        None => 5,
        Some(l) => l
            .parse::<u8>()
            .ok()
            .filter(|l| (1..=10).contains(l))
            .ok_or_else(|| bad("level must be 1 to 10"))?,
    };
    let (settings, color) = settings_of(&f, false)?;
    let human_white = match color.as_str() {
        "white" => true,
        "black" => false,
        _ => crate::token::coin().map_err(internal)?,
    };
    let engine = engine_player(level);
    let players = if human_white {
        [player, engine]
    } else {
        [engine, player]
    };
    let id = new_id().map_err(internal)?;
    let row = GameRow {
        id: id.clone(),
        players,
        settings,
        created: o.now(),
        status: "started".into(),
    };
    let answer = json!({
        "id": id,
        "url": page_url(&headers, &id),
        "variant": { "key": tama_notation::write_rules(&row.settings.rules) },
        "speed": speed(&row.settings),
        "rated": false,
        "fen": tama_notation::write_fen(&row.settings.start),
        "player": if human_white { "white" } else { "black" },
        "turns": 0,
        "source": "ai",
        "status": { "id": 20, "name": "started" },
        "createdAt": row.created,
        "level": level,
    });
    o.start_game(row, None).await?;
    Ok(Json(answer))
}

/// `POST /api/challenge/{id}/accept`, `…/decline`, `…/cancel`.
pub(crate) async fn answer(
    State(o): St,
    Path((id, what)): Path<(String, String)>,
    peer: Peer,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let player = o.player(&headers).await?;
    o.limit(Kind::Challenges, Some(&player), &peer)?;
    let not_found = || status(StatusCode::NOT_FOUND, format!("no open challenge {id}"));
    if !is_id(&id) || !["accept", "decline", "cancel"].contains(&what.as_str()) {
        return Err(not_found());
    }
    let c = o
        .store()
        .open_challenge(&id)
        .await
        .map_err(internal)?
        .ok_or_else(not_found)?;
    let url = page_url(&headers, &id);
    match what.as_str() {
        "cancel" => {
            if c.creator != player {
                return Err(status(
                    StatusCode::FORBIDDEN,
                    "only its creator cancels a challenge",
                ));
            }
            if !o
                .store()
                .close_challenge(&id, "canceled")
                .await
                .map_err(internal)?
            {
                return Err(not_found());
            }
            let body = challenge_json(&c, &url, "canceled");
            o.inbox.challenge(&c, &body, "challengeCanceled");
            return Ok(Json(json!({ "ok": true })));
        }
        "decline" => {
            if c.dest.as_deref() != Some(player.as_str()) {
                return Err(status(
                    StatusCode::FORBIDDEN,
                    "only the player challenged declines a challenge",
                ));
            }
            if !o
                .store()
                .close_challenge(&id, "declined")
                .await
                .map_err(internal)?
            {
                return Err(not_found());
            }
            let mut body = challenge_json(&c, &url, "declined");
            body["declineReason"] = json!("I'm not accepting challenges at the moment.");
            o.inbox.challenge(&c, &body, "challengeDeclined");
            return Ok(Json(json!({ "ok": true })));
        }
        _ => {}
    }
    if c.creator == player {
        return Err(bad("you cannot accept your own challenge"));
    }
    if c.dest.as_ref().is_some_and(|d| *d != player) {
        return Err(status(
            StatusCode::FORBIDDEN,
            "this challenge is for another player",
        ));
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
    let row = GameRow {
        id: id.clone(),
        players,
        settings: c.settings,
        created: o.now(),
        status: "started".into(),
    };
    if !o.start_game(row, Some(&id)).await? {
        return Err(not_found());
    }
    Ok(Json(json!({ "ok": true, "id": id })))
}
