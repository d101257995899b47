//! The WebSocket: numbered events, a resume that loses and doubles
//! nothing, actions, watchers, and what a foreign page or a huge message
//! gets.

use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use serde_json::Value;
use tama_online::api::{system_now, Online};
use tama_online::store::sqlite_url;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

mod common;
use common::Db;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn post(app: &axum::Router, uri: &str, token: Option<&str>, body: &str) -> Value {
    let mut req = Request::post(uri).header("host", "t");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let resp = app
        .clone()
        .oneshot(req.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap_or(Value::Null)
}

async fn connect(
    addr: &str,
    id: &str,
    since: u64,
    token: Option<&str>,
    origin: Option<&str>,
) -> Result<Socket, String> {
    let mut req = format!("ws://{addr}/api/board/game/{id}/ws?since={since}")
        .into_client_request()
        .unwrap();
    if let Some(t) = token {
        req.headers_mut()
            .insert("authorization", format!("Bearer {t}").parse().unwrap());
    }
    if let Some(o) = origin {
        req.headers_mut().insert("origin", o.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req)
        .await
        .map(|(s, _)| s)
        .map_err(|e| e.to_string())
}

async fn next(ws: &mut Socket) -> Value {
    loop {
        match ws.next().await.unwrap().unwrap() {
            Message::Text(t) => return serde_json::from_str(t.as_str()).unwrap(),
            _ => continue,
        }
    }
}

async fn events_resume_without_loss_or_double(db: Db) {
    let dir = tempfile::tempdir().unwrap();
    let url = match db {
        Db::Sqlite => sqlite_url(&dir.path().join("o.sqlite")),
        Db::Postgres => {
            let Some(url) = common::postgres_url() else {
                return;
            };
            common::fresh_schema(&url).await
        }
    };
    let online = Online::open(&url, system_now()).await.unwrap();
    let app = online.router();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let served = app.clone();
    tokio::spawn(async move { axum::serve(listener, served).await });

    let w = post(&app, "/api/guest", None, "").await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let b = post(&app, "/api/guest", None, "").await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let id = post(&app, "/api/challenge/open", Some(&w), "color=white").await["id"]
        .as_str()
        .unwrap()
        .to_string();
    post(&app, &format!("/api/challenge/{id}/accept"), Some(&b), "").await;

    // White plays over the socket and sees event 1.
    let mut ws = connect(&addr, &id, 0, Some(&w), Some(&format!("http://{addr}")))
        .await
        .unwrap();
    ws.send(Message::Text(
        r#"{"t":"move","move":"c3-c4","after":0}"#.into(),
    ))
    .await
    .unwrap();
    let e = next(&mut ws).await;
    assert_eq!(
        (e["n"].as_u64(), e["type"].as_str(), e["move"].as_str()),
        (Some(1), Some("move"), Some("c3-c4"))
    );
    // A resent move (same `after`) is refused, not played twice.
    ws.send(Message::Text(
        r#"{"t":"move","move":"d3-d4","after":0}"#.into(),
    ))
    .await
    .unwrap();
    assert_eq!(next(&mut ws).await["t"], "error");
    drop(ws);

    // Black moves and offers a draw while White is away.
    post(
        &app,
        &format!("/api/board/game/{id}/move/f6-f5"),
        Some(&b),
        "",
    )
    .await;
    post(
        &app,
        &format!("/api/board/game/{id}/draw/yes"),
        Some(&b),
        "",
    )
    .await;
    let mut ws = connect(&addr, &id, 1, Some(&w), None).await.unwrap();
    let (e2, e3) = (next(&mut ws).await, next(&mut ws).await);
    assert_eq!((e2["n"].as_u64(), e3["n"].as_u64()), (Some(2), Some(3)));
    assert_eq!(e3["type"], "offer");
    // A watcher sees the same events, and cannot act.
    let mut watcher = connect(&addr, &id, 0, None, None).await.unwrap();
    let ns: Vec<u64> = [
        next(&mut watcher).await,
        next(&mut watcher).await,
        next(&mut watcher).await,
    ]
    .iter()
    .map(|e| e["n"].as_u64().unwrap())
    .collect();
    assert_eq!(ns, [1, 2, 3]);
    watcher
        .send(Message::Text(r#"{"t":"resign"}"#.into()))
        .await
        .unwrap();
    assert_eq!(next(&mut watcher).await["error"], "watchers cannot act");
    // White declines over the socket: event 4, seen by both.
    ws.send(Message::Text(r#"{"t":"draw","yes":false}"#.into()))
        .await
        .unwrap();
    assert_eq!(next(&mut ws).await["n"], 4);
    assert_eq!(next(&mut watcher).await["type"], "decline");
    // Bad messages are answered and change nothing.
    for bad in [
        "nonsense",
        r#"{"t":"explode"}"#,
        r#"{"t":"move","move":"c3-c9"}"#,
    ] {
        ws.send(Message::Text(bad.into())).await.unwrap();
        assert_eq!(next(&mut ws).await["t"], "error", "{bad}");
    }
    // A flood: every message answered, the later ones with the limit.
    for _ in 0..45 {
        ws.send(Message::Text(r#"{"t":"explode"}"#.into()))
            .await
            .unwrap();
    }
    let mut limits = 0;
    for _ in 0..45 {
        let e = next(&mut ws).await;
        assert_eq!(e["t"], "error");
        if e["limit"] == "messages" {
            limits += 1;
        }
    }
    assert!(limits > 0, "no message was limited");
    // A message over the limit closes the socket.
    let huge = format!(r#"{{"t":"move","move":"{}"}}"#, "a".repeat(10_000));
    let _ = ws.send(Message::Text(huge.into())).await;
    let closed = loop {
        match ws.next().await {
            None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break true,
            Some(Ok(Message::Text(t))) => panic!("answered {t}"),
            Some(Ok(_)) => {}
        }
    };
    assert!(closed);
    // Another site's page is refused.
    let err = connect(&addr, &id, 0, Some(&w), Some("http://evil.example"))
        .await
        .unwrap_err();
    assert!(err.contains("403"), "{err}");
    let _ = Arc::strong_count(&online);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_on_sqlite() {
    events_resume_without_loss_or_double(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_on_postgres() {
    events_resume_without_loss_or_double(Db::Postgres).await;
}
