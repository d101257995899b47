//! Who is asking: bearer tokens (programs), the guest cookie (the page)
//! with its proof against cross-site requests, and new guest tokens.
//!
//! A state-changing request authorised by the `tama_guest` cookie must
//! carry the `X-Tama-CSRF` header with the value of the `tama_csrf`
//! cookie (the double-submit pattern: another site's page can neither
//! read that cookie nor send that header without the browser asking this
//! server first), and its `Origin`, when the browser sends one, must be
//! this server's (or one the operator allows). Both cookies are
//! `SameSite=Strict`. A bearer token needs neither: a browser never sends
//! one on its own.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::api::limits::{Kind, Peer};
use crate::api::{internal, status, ApiError, Online, St, COOKIE_NAME, CSRF_COOKIE, CSRF_HEADER};
use crate::token::{constant_time_eq, secret_hash, Token};

/// The value of cookie `name`, if the request has it.
pub(crate) fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| {
            c.trim()
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix('='))
        })
}

/// Whether a browser's `Origin` (when there is one) is this server or one
/// the operator allows.
pub(crate) fn origin_allowed(o: &Online, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if o.options().origins.iter().any(|a| a == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.split_once("://").map(|p| p.1);
    matches!((origin_host, host), (Some(a), Some(b)) if a == b)
}

fn unauthorized(message: &str) -> ApiError {
    status(StatusCode::UNAUTHORIZED, message)
}

impl Online {
    /// The player of a token's text: checked against the stored digest of
    /// its secret in constant time, and refused once expired.
    async fn check(&self, text: &str) -> Result<String, ApiError> {
        let token = Token::parse(text.trim()).ok_or_else(|| unauthorized("no valid token"))?;
        let (hash, created) = self
            .store()
            .token(&token.id)
            .await
            .map_err(internal)?
            .ok_or_else(|| unauthorized("no valid token"))?;
        if !constant_time_eq(hash.as_bytes(), secret_hash(&token.secret).as_bytes()) {
            return Err(unauthorized("no valid token"));
        }
        if self.now().saturating_sub(created) > self.options().token_ttl {
            return Err(unauthorized(
                "the token has expired: get a new one with POST /api/guest",
            ));
        }
        Ok(token.id)
    }

    /// The player of the request: its bearer token, else its guest cookie
    /// (which needs the proof against cross-site requests when `changes`);
    /// `None` when it has neither.
    async fn identify(
        &self,
        headers: &HeaderMap,
        changes: bool,
    ) -> Result<Option<String>, ApiError> {
        if let Some(auth) = headers.get(header::AUTHORIZATION) {
            let text = auth
                .to_str()
                .ok()
                .and_then(|v| v.strip_prefix("Bearer "))
                .ok_or_else(|| unauthorized("no valid token"))?;
            return self.check(text).await.map(Some);
        }
        let Some(text) = cookie(headers, COOKIE_NAME) else {
            return Ok(None);
        };
        if changes {
            let forbidden = || {
                status(
                    StatusCode::FORBIDDEN,
                    "a request authorised by the cookie needs the X-Tama-CSRF header \
                     (the tama_csrf cookie's value) and this server's Origin",
                )
            };
            let proof = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok());
            let expected = cookie(headers, CSRF_COOKIE);
            match (proof, expected) {
                (Some(p), Some(e))
                    if !e.is_empty() && constant_time_eq(p.as_bytes(), e.as_bytes()) => {}
                _ => return Err(forbidden()),
            }
            if !origin_allowed(self, headers) {
                return Err(forbidden());
            }
        }
        self.check(text).await.map(Some)
    }

    /// The player of a state-changing request (401 without one).
    pub(crate) async fn player(&self, headers: &HeaderMap) -> Result<String, ApiError> {
        self.identify(headers, true)
            .await?
            .ok_or_else(|| unauthorized("no valid token"))
    }

    /// The player of a reading request or a WebSocket, `None` when the
    /// request has no token.
    pub(crate) async fn player_if_any(
        &self,
        headers: &HeaderMap,
    ) -> Result<Option<String>, ApiError> {
        self.identify(headers, false).await
    }
}

/// `POST /api/guest`: a new guest token (`{"token", "id", "csrf"}`), also
/// set in the HttpOnly `tama_guest` cookie, with the `tama_csrf` cookie
/// for the page's requests.
pub(crate) async fn guest(axum::extract::State(o): St, peer: Peer) -> Result<Response, ApiError> {
    o.limit(Kind::Guests, None, &peer)?;
    let token = Token::new().map_err(internal)?;
    let csrf = Token::new().map_err(internal)?.secret;
    o.store()
        .add_token(&token.id, &token.secret, o.now())
        .await
        .map_err(internal)?;
    let age = o.options().token_ttl / 1000;
    let cookie = format!(
        "{COOKIE_NAME}={}; HttpOnly; SameSite=Strict; Path=/; Max-Age={age}",
        token.text()
    );
    let proof = format!("{CSRF_COOKIE}={csrf}; SameSite=Strict; Path=/; Max-Age={age}");
    let mut response =
        Json(json!({ "token": token.text(), "id": token.id, "csrf": csrf })).into_response();
    for c in [cookie, proof] {
        if let Ok(v) = header::HeaderValue::from_str(&c) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    Ok(response)
}

/// `GET /api/account`: the caller's id (`{"id", "username"}`, as
/// lichess's account has them).
pub(crate) async fn account(
    axum::extract::State(o): St,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let id = o
        .player_if_any(&headers)
        .await?
        .ok_or_else(|| unauthorized("no valid token"))?;
    Ok(Json(json!({ "id": id, "username": id, "title": null })))
}
