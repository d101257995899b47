//! The Board API in process: a whole game between two guest tokens, and
//! what an attacker or a broken client gets.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tama_online::api::Online;
use tama_online::store::sqlite_url;
use tower::ServiceExt;

mod common;
use common::Db;

struct Server {
    app: Router,
    time: Arc<AtomicU64>,
    _dir: tempfile::TempDir,
}

async fn server(db: Db) -> Option<Server> {
    let dir = tempfile::tempdir().unwrap();
    let url = match db {
        Db::Sqlite => sqlite_url(&dir.path().join("online.sqlite")),
        Db::Postgres => common::fresh_schema(&common::postgres_url()?).await,
    };
    let time = Arc::new(AtomicU64::new(1_000_000));
    let t = time.clone();
    let online = Online::open(&url, Arc::new(move || t.load(Ordering::SeqCst)))
        .await
        .unwrap();
    Some(Server {
        app: online.router(),
        time,
        _dir: dir,
    })
}

impl Server {
    async fn call(
        &self,
        method: &str,
        uri: &str,
        token: Option<&str>,
        body: &str,
        json: bool,
    ) -> (StatusCode, String) {
        let mut req = Request::builder()
            .method(method)
            .uri(uri)
            .header("host", "example.test");
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if json {
            req = req.header("content-type", "application/json");
        }
        let resp = self
            .app
            .clone()
            .oneshot(req.body(Body::from(body.to_string())).unwrap())
            .await
            .unwrap();
        let status = resp.status();
        let bytes = resp.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn post(&self, uri: &str, token: &str) -> (StatusCode, Value) {
        let (s, text) = self.call("POST", uri, Some(token), "", false).await;
        (s, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn guest(&self) -> String {
        let (s, text) = self.call("POST", "/api/guest", None, "", false).await;
        assert_eq!(s, StatusCode::OK);
        let v: Value = serde_json::from_str(&text).unwrap();
        v["token"].as_str().unwrap().to_string()
    }

    /// The first line of the game stream (gameFull).
    async fn full(&self, id: &str) -> Value {
        let req = Request::get(format!("/api/board/game/stream/{id}"))
            .body(Body::empty())
            .unwrap();
        let resp = self.app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        let mut body = resp.into_body();
        let frame = body.frame().await.unwrap().unwrap();
        let bytes = frame.into_data().unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    /// A game between two new guests, White first; returns (id, white, black).
    async fn game(&self, body: &str, json: bool) -> (String, String, String) {
        let (a, b) = (self.guest().await, self.guest().await);
        let (s, text) = self
            .call("POST", "/api/challenge/open", Some(&a), body, json)
            .await;
        assert_eq!(s, StatusCode::OK, "{text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        let id = v["id"].as_str().unwrap().to_string();
        assert_eq!(v["url"], format!("http://example.test/{id}"));
        let (s, _) = self.post(&format!("/api/challenge/{id}/accept"), &b).await;
        assert_eq!(s, StatusCode::OK);
        // Whoever opens it first plays: the second is refused.
        let c = self.guest().await;
        let (s, _) = self.post(&format!("/api/challenge/{id}/accept"), &c).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        (id, a, b)
    }
}

async fn a_whole_game_between_two_tokens(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (id, w, b) = srv
        .game(
            r#"{"clock": {"limit": 60, "increment": 2}, "variant": "turkish", "color": "white"}"#,
            true,
        )
        .await;
    let full = srv.full(&id).await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["clock"]["initial"], 60_000);
    assert_eq!(full["variant"]["key"], "turkish");
    assert_eq!(full["state"]["status"], "started");
    for (token, mv) in [(&w, "c3-c4"), (&b, "f6-f5"), (&w, "d3d4"), (&b, "h6-h5")] {
        srv.time.fetch_add(1_500, Ordering::SeqCst);
        let (s, v) = srv
            .post(&format!("/api/board/game/{id}/move/{mv}"), token)
            .await;
        assert_eq!(s, StatusCode::OK, "{mv}: {v}");
    }
    // Draw offered and declined, then Black resigns.
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/draw/yes"), &w)
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(srv.full(&id).await["state"]["wdraw"], true);
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/draw/no"), &b)
            .await
            .0,
        StatusCode::OK
    );
    let state = &srv.full(&id).await["state"];
    assert_eq!(state["moves"], "c3-c4 f6-f5 d3-d4 h6-h5");
    assert_eq!(state["wdraw"], false);
    // 62 s after the first moves, 1.5 s thought, 2 s added.
    assert_eq!(state["wtime"], 62_500);
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/resign"), &b)
            .await
            .0,
        StatusCode::OK
    );
    let state = &srv.full(&id).await["state"];
    assert_eq!(state["status"], "resign");
    assert_eq!(state["winner"], "white");
    let (s, pdn) = srv
        .call("GET", &format!("/game/export/{id}"), None, "", false)
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        pdn.contains("[TimeControl \"60+2\"]") && pdn.contains("%clock") && pdn.contains("1-0"),
        "{pdn}"
    );
    // Nothing more is accepted.
    let (s, v) = srv
        .post(&format!("/api/board/game/{id}/move/a3-a4"), &w)
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"], "the game is over");
}

async fn the_server_flags_a_clock_nobody_moves_on(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (id, w, b) = srv
        .game(
            "clock.limit=10&clock.increment=0&variant=armenian&color=white",
            false,
        )
        .await;
    srv.post(&format!("/api/board/game/{id}/move/c3-c4"), &w)
        .await;
    srv.post(&format!("/api/board/game/{id}/move/f6-f5"), &b)
        .await;
    srv.time.fetch_add(60_000, Ordering::SeqCst);
    // The server's timer runs every 100 ms; wait for it (at most 10 s).
    let mut status = String::new();
    for _ in 0..100 {
        status = srv.full(&id).await["state"]["status"]
            .as_str()
            .unwrap()
            .to_string();
        if status != "started" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(status, "outoftime");
    assert_eq!(srv.full(&id).await["state"]["winner"], "black");
}

async fn attackers_and_bad_input_change_nothing(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (id, w, b) = srv.game(r#"{"color": "white"}"#, true).await;
    let other = srv.guest().await;
    let mv = |m: &str| format!("/api/board/game/{id}/move/{m}");
    // Another's game, a forged token, no token.
    assert_eq!(
        srv.post(&mv("c3-c4"), &other).await.0,
        StatusCode::FORBIDDEN
    );
    let forged = format!(
        "{}{}",
        &w[..w.len() - 1],
        if w.ends_with('0') { '1' } else { '0' }
    );
    assert_eq!(
        srv.post(&mv("c3-c4"), &forged).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        srv.post(&mv("c3-c4"), "nonsense").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        srv.call("POST", &mv("c3-c4"), None, "", false).await.0,
        StatusCode::UNAUTHORIZED
    );
    // Out of turn, illegal, not move text.
    assert_eq!(srv.post(&mv("f6-f5"), &b).await.0, StatusCode::BAD_REQUEST);
    let (s, v) = srv.post(&mv("c3-c6"), &w).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("illegal"), "{v}");
    assert_eq!(srv.post(&mv("zz%00"), &w).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(
        srv.post(&mv(&"a".repeat(300)), &w).await.0,
        StatusCode::BAD_REQUEST
    );
    // Unknown games, actions and answers.
    assert_eq!(
        srv.post("/api/board/game/nosuchgm/move/c3-c4", &w).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/explode"), &w)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/draw/maybe"), &w)
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        srv.post("/api/challenge/..%2F..%2Fx/accept", &w).await.0,
        StatusCode::NOT_FOUND
    );
    // Bad and oversized challenges.
    for body in [
        r#"{"clock": {"limit": -5}}"#,
        r#"{"variant": "chess"}"#,
        r#"{"color": "green"}"#,
        "[1]",
        "{",
    ] {
        let (s, _) = srv
            .call("POST", "/api/challenge/open", Some(&w), body, true)
            .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    }
    let huge = format!(r#"{{"variant": "{}"}}"#, "x".repeat(100_000));
    let (s, _) = srv
        .call("POST", "/api/challenge/open", Some(&w), &huge, true)
        .await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    // Nothing of it reached the game.
    let state = &srv.full(&id).await["state"];
    assert_eq!(state["moves"], "");
    assert_eq!(state["n"], 0);
    // Accepting one's own challenge is refused.
    let (s, text) = srv
        .call("POST", "/api/challenge/open", Some(&w), "", false)
        .await;
    assert_eq!(s, StatusCode::OK);
    let cid = serde_json::from_str::<Value>(&text).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        srv.post(&format!("/api/challenge/{cid}/accept"), &w)
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
}

macro_rules! on_both {
    ($suite:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test]
        async fn $sqlite() {
            $suite(Db::Sqlite).await;
        }

        #[tokio::test]
        async fn $postgres() {
            $suite(Db::Postgres).await;
        }
    };
}

on_both!(
    a_whole_game_between_two_tokens,
    game_on_sqlite,
    game_on_postgres
);
on_both!(
    the_server_flags_a_clock_nobody_moves_on,
    flag_on_sqlite,
    flag_on_postgres
);
on_both!(
    attackers_and_bad_input_change_nothing,
    attackers_on_sqlite,
    attackers_on_postgres
);
