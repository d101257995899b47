//! Hostile clients: floods answered 429 naming the limit, cross-site
//! requests with the cookie, expired tokens; nothing changes and other
//! games go on. On SQLite, and on Postgres when it is given.

mod common;

use axum::http::StatusCode;
use common::{server, Call, Db};

async fn floods_are_limited_and_change_nothing(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (id, w, b) = srv.game(r#"{"color": "white"}"#).await;
    let (other, ow, ob) = srv.game(r#"{"color": "white"}"#).await;
    let mv = |g: &str, m: &str| format!("/api/board/game/{g}/move/{m}");
    assert_eq!(srv.post(&mv(&id, "c3-c4"), &w).await.0, StatusCode::OK);
    // Black floods its game with moves out of turn: refused, then limited.
    let mut limited = None;
    for _ in 0..40 {
        let (s, v) = srv.post(&mv(&id, "c3-c4"), &w).await;
        if s == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(v);
            break;
        }
        assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    }
    let v = limited.expect("a flood of moves is limited");
    assert_eq!(v["limit"], "moves");
    assert_eq!(v["scope"], "identity");
    assert!(v["retry_after"].as_u64().unwrap() >= 1, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("too many moves"),
        "{v}"
    );
    let (s, _, headers) = srv
        .send(Call {
            uri: &mv(&id, "c3-c4"),
            token: Some(&w),
            ..Call::default()
        })
        .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert!(headers.contains_key("retry-after"));
    // Nothing of it reached the game; its opponent and the other game go on.
    assert_eq!(srv.state(&id).await["moves"], "c3-c4");
    assert_eq!(srv.post(&mv(&id, "f6-f5"), &b).await.0, StatusCode::OK);
    assert_eq!(srv.post(&mv(&other, "c3-c4"), &ow).await.0, StatusCode::OK);
    assert_eq!(srv.post(&mv(&other, "f6-f5"), &ob).await.0, StatusCode::OK);
    // The bucket refills on the server's clock.
    srv.advance(5_000);
    assert_eq!(srv.post(&mv(&id, "d3-d4"), &w).await.0, StatusCode::OK);
    assert_eq!(srv.state(&id).await["moves"], "c3-c4 f6-f5 d3-d4");

    // Challenges: at most 20 at once per player.
    let c = srv.guest().await;
    let mut statuses = Vec::new();
    for _ in 0..21 {
        let (s, v, _) = srv
            .send(Call {
                uri: "/api/challenge/open",
                token: Some(&c),
                ..Call::default()
            })
            .await;
        statuses.push((s, v["limit"].clone()));
    }
    assert!(statuses[..20].iter().all(|(s, _)| *s == StatusCode::OK));
    assert_eq!(
        statuses[20],
        (StatusCode::TOO_MANY_REQUESTS, "challenges".into())
    );

    // Guest tokens: at most 30 at once per address; another address is
    // not affected.
    let mut last = StatusCode::OK;
    for _ in 0..31 {
        last = srv.guest_from("192.0.2.7:1").await.0;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
    let (s, v) = srv.guest_from("192.0.2.7:2").await;
    assert_eq!(
        (s, v["scope"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("address"))
    );
    assert_eq!(srv.guest_from("192.0.2.8:1").await.0, StatusCode::OK);
}

async fn cookies_need_the_csrf_proof_and_tokens_expire(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (s, v, headers) = srv
        .send(Call {
            uri: "/api/guest",
            ..Call::default()
        })
        .await;
    assert_eq!(s, StatusCode::OK);
    let cookies: Vec<String> = headers
        .get_all("set-cookie")
        .iter()
        .map(|c| c.to_str().unwrap().to_string())
        .collect();
    assert!(cookies.iter().any(|c| c.starts_with("tama_guest=")
        && c.contains("HttpOnly")
        && c.contains("SameSite=Strict")));
    assert!(cookies
        .iter()
        .any(|c| c.starts_with("tama_csrf=") && !c.contains("HttpOnly")));
    let token = v["token"].as_str().unwrap();
    let csrf = v["csrf"].as_str().unwrap();
    let cookie = format!("tama_guest={token}; tama_csrf={csrf}");
    let c = cookie.as_str();
    let open = |headers| Call {
        uri: "/api/challenge/open",
        headers,
        ..Call::default()
    };
    // Another site's form: the browser sends the cookie, not the proof.
    let h = [("cookie", c), ("origin", "http://evil.example")];
    let (s, v, _) = srv.send(open(&h)).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    // A wrong proof, and the right proof from another origin.
    let h = [("cookie", c), ("x-tama-csrf", "0000")];
    assert_eq!(srv.send(open(&h)).await.0, StatusCode::FORBIDDEN);
    let h = [
        ("cookie", c),
        ("x-tama-csrf", csrf),
        ("origin", "http://evil.example"),
    ];
    assert_eq!(srv.send(open(&h)).await.0, StatusCode::FORBIDDEN);
    // The page itself: its origin, the proof.
    let h = [
        ("cookie", c),
        ("x-tama-csrf", csrf),
        ("origin", "http://example.test"),
    ];
    let (s, v, _) = srv.send(open(&h)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // A forged token, then the real one once expired.
    let forged = format!("{}0", &token[..token.len() - 1]);
    let forged = if forged == token {
        format!("{}1", &token[..token.len() - 1])
    } else {
        forged
    };
    assert_eq!(
        srv.post("/api/challenge/open", &forged).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        srv.post("/api/challenge/open", token).await.0,
        StatusCode::OK
    );
    srv.advance(366 * 24 * 3_600_000);
    let (s, v) = srv.post("/api/challenge/open", token).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert!(v["error"].as_str().unwrap().contains("expired"), "{v}");
}

#[tokio::test]
async fn floods_on_sqlite() {
    floods_are_limited_and_change_nothing(Db::Sqlite).await;
}

#[tokio::test]
async fn floods_on_postgres() {
    floods_are_limited_and_change_nothing(Db::Postgres).await;
}

#[tokio::test]
async fn csrf_and_expiry_on_sqlite() {
    cookies_need_the_csrf_proof_and_tokens_expire(Db::Sqlite).await;
}

#[tokio::test]
async fn csrf_and_expiry_on_postgres() {
    cookies_need_the_csrf_proof_and_tokens_expire(Db::Postgres).await;
}
