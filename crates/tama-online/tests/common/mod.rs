//! A server in process for the API tests, on SQLite and, when
//! `TAMA_TEST_POSTGRES_URL` names one, on Postgres (each server in a
//! schema of its own, so that tests running at once do not share games).

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tama_online::api::Online;
use tama_online::limits::Options;
use tama_online::store::sqlite_url;
use tower::ServiceExt;

/// The databases to run on: SQLite always, Postgres when given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// The Postgres URL of the tests, `None` (and the test skipped) when not
/// set; required under `CI=true`.
pub fn postgres_url() -> Option<String> {
    let url = std::env::var("TAMA_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty());
    if url.is_none() {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI needs TAMA_TEST_POSTGRES_URL (crates/tama-online/ci-postgres.sh)"
        );
        eprintln!("note: TAMA_TEST_POSTGRES_URL is not set; the Postgres run is skipped");
    }
    url
}

/// A fresh schema on the Postgres of `url`, as a URL whose connections
/// use it.
pub async fn fresh_schema(url: &str) -> String {
    let schema = format!("t_{}", tama_online::token::new_id().unwrap().to_lowercase());
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&pool)
        .await
        .unwrap();
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20search_path%3D{schema}")
}

pub struct Server {
    pub app: Router,
    pub online: Arc<Online>,
    pub time: Arc<AtomicU64>,
    pub url: String,
    _dir: tempfile::TempDir,
}

/// A server on `db` with `options` and a clock the test moves; `None`
/// when `db` is Postgres and none is given.
pub async fn server_with(db: Db, options: Options) -> Option<Server> {
    let dir = tempfile::tempdir().unwrap();
    let url = match db {
        Db::Sqlite => sqlite_url(&dir.path().join("online.sqlite")),
        Db::Postgres => fresh_schema(&postgres_url()?).await,
    };
    let time = Arc::new(AtomicU64::new(1_000_000));
    let t = time.clone();
    let online = Online::open_with(&url, Arc::new(move || t.load(Ordering::SeqCst)), options)
        .await
        .unwrap();
    Some(Server {
        app: online.router(),
        online,
        time,
        url,
        _dir: dir,
    })
}

pub async fn server(db: Db) -> Option<Server> {
    server_with(db, Options::default()).await
}

/// One request's parts.
pub struct Call<'a> {
    pub method: &'a str,
    pub uri: &'a str,
    pub token: Option<&'a str>,
    pub body: &'a str,
    pub json: bool,
    pub headers: &'a [(&'a str, &'a str)],
    pub from: &'a str,
}

impl Default for Call<'_> {
    fn default() -> Self {
        Call {
            method: "POST",
            uri: "/",
            token: None,
            body: "",
            json: false,
            headers: &[],
            from: "10.0.0.1:5000",
        }
    }
}

impl Server {
    pub fn advance(&self, ms: u64) {
        self.time.fetch_add(ms, Ordering::SeqCst);
    }

    pub async fn send(&self, c: Call<'_>) -> (StatusCode, Value, axum::http::HeaderMap) {
        let mut req = Request::builder()
            .method(c.method)
            .uri(c.uri)
            .header("host", "example.test");
        if let Some(t) = c.token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if c.json {
            req = req.header("content-type", "application/json");
        }
        for (k, v) in c.headers {
            req = req.header(*k, *v);
        }
        let mut req = req.body(Body::from(c.body.to_string())).unwrap();
        let addr: SocketAddr = c.from.parse().unwrap();
        req.extensions_mut().insert(ConnectInfo(addr));
        let resp = self.app.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let headers = resp.headers().clone();
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        let v = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, v, headers)
    }

    pub async fn post(&self, uri: &str, token: &str) -> (StatusCode, Value) {
        let (s, v, _) = self
            .send(Call {
                uri,
                token: Some(token),
                ..Call::default()
            })
            .await;
        (s, v)
    }

    pub async fn guest_from(&self, from: &str) -> (StatusCode, Value) {
        let (s, v, _) = self
            .send(Call {
                uri: "/api/guest",
                from,
                ..Call::default()
            })
            .await;
        (s, v)
    }

    pub async fn guest(&self) -> String {
        let (s, v) = self.guest_from("10.9.9.9:1").await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["token"].as_str().unwrap().to_string()
    }

    /// The first line of a stream.
    pub async fn first_line(&self, uri: &str, token: Option<&str>) -> Value {
        let mut lines = self.lines(uri, token).await;
        lines.next().await
    }

    /// The lines of an NDJSON stream, as they come.
    pub async fn lines(&self, uri: &str, token: Option<&str>) -> Lines {
        let mut req = Request::get(uri).header("host", "example.test");
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        let resp = self
            .app
            .clone()
            .oneshot(req.body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{uri}");
        Lines {
            body: resp.into_body(),
            buf: Vec::new(),
        }
    }

    /// A game between two new guests, the first White; (id, white, black).
    pub async fn game(&self, body: &str) -> (String, String, String) {
        let (a, b) = (self.guest().await, self.guest().await);
        let (s, v, _) = self
            .send(Call {
                uri: "/api/challenge/open",
                token: Some(&a),
                body,
                json: true,
                ..Call::default()
            })
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let (s, _) = self.post(&format!("/api/challenge/{id}/accept"), &b).await;
        assert_eq!(s, StatusCode::OK);
        (id, a, b)
    }

    /// The `state` of the game's `gameFull`.
    pub async fn state(&self, id: &str) -> Value {
        self.first_line(&format!("/api/board/game/stream/{id}"), None)
            .await["state"]
            .clone()
    }
}

pub struct Lines {
    body: Body,
    buf: Vec<u8>,
}

impl Lines {
    /// The next line that is not empty (panics after 20 s).
    pub async fn next(&mut self) -> Value {
        let wait = std::time::Duration::from_secs(20);
        loop {
            if let Some(i) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                if line.len() > 1 {
                    return serde_json::from_slice(&line).unwrap();
                }
                continue;
            }
            let frame = tokio::time::timeout(wait, self.body.frame())
                .await
                .expect("a line within 20 s")
                .expect("the stream goes on")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                self.buf.extend_from_slice(&data);
            }
        }
    }
}
