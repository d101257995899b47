//! The player's event stream, challenges to a player, the lobby's seeks,
//! a player gone, games whose first move never comes, and the engine as
//! an opponent within its budget. On SQLite, and on Postgres when given.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::{server, server_with, Call, Db};
use serde_json::Value;
use tama_online::limits::Options;

async fn events_and_challenges(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (a, b) = (srv.guest().await, srv.guest().await);
    let (_, account, _) = srv
        .send(Call {
            method: "GET",
            uri: "/api/account",
            token: Some(&b),
            ..Call::default()
        })
        .await;
    let b_id = account["id"].as_str().unwrap().to_string();
    let mut a_events = srv.lines("/api/stream/event", Some(&a)).await;
    let mut b_events = srv.lines("/api/stream/event", Some(&b)).await;
    // A challenge to B: both hear of it; B declines.
    let body = r#"{"clock.limit": 60, "clock.increment": 1, "color": "white", "rated": null}"#;
    let (s, v, _) = srv
        .send(Call {
            uri: &format!("/api/challenge/{b_id}"),
            token: Some(&a),
            body,
            json: true,
            ..Call::default()
        })
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let first = v["id"].as_str().unwrap().to_string();
    for stream in [&mut a_events, &mut b_events] {
        let e = stream.next().await;
        assert_eq!(
            (e["type"].as_str(), e["challenge"]["id"].as_str()),
            (Some("challenge"), Some(first.as_str()))
        );
    }
    // Only B may accept or decline; only A cancels.
    let c = srv.guest().await;
    assert_eq!(
        srv.post(&format!("/api/challenge/{first}/accept"), &c)
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        srv.post(&format!("/api/challenge/{first}/cancel"), &b)
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        srv.post(&format!("/api/challenge/{first}/decline"), &b)
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(a_events.next().await["type"], "challengeDeclined");
    assert_eq!(b_events.next().await["type"], "challengeDeclined");
    // A second one, cancelled by A.
    let (_, v, _) = srv
        .send(Call {
            uri: &format!("/api/challenge/{b_id}"),
            token: Some(&a),
            ..Call::default()
        })
        .await;
    let second = v["id"].as_str().unwrap().to_string();
    assert_eq!(a_events.next().await["type"], "challenge");
    assert_eq!(b_events.next().await["type"], "challenge");
    assert_eq!(
        srv.post(&format!("/api/challenge/{second}/cancel"), &a)
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(b_events.next().await["type"], "challengeCanceled");
    assert_eq!(a_events.next().await["type"], "challengeCanceled");
    assert_eq!(
        srv.post(&format!("/api/challenge/{second}/accept"), &b)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    // A third, accepted: gameStart for both, then gameFinish.
    let (_, v, _) = srv
        .send(Call {
            uri: &format!("/api/challenge/{b_id}"),
            token: Some(&a),
            body: "color=black",
            ..Call::default()
        })
        .await;
    let game = v["id"].as_str().unwrap().to_string();
    a_events.next().await;
    b_events.next().await;
    assert_eq!(
        srv.post(&format!("/api/challenge/{game}/accept"), &b)
            .await
            .0,
        StatusCode::OK
    );
    let start = b_events.next().await;
    assert_eq!(start["type"], "gameStart");
    assert_eq!(start["game"]["gameId"], game.as_str());
    assert_eq!(start["game"]["color"], "white");
    assert_eq!(start["game"]["isMyTurn"], true);
    assert_eq!(a_events.next().await["game"]["color"], "black");
    // A new stream lists the games that go on.
    let again = srv.first_line("/api/stream/event", Some(&a)).await;
    assert_eq!(
        (again["type"].as_str(), again["game"]["id"].as_str()),
        (Some("gameStart"), Some(game.as_str()))
    );
    assert_eq!(
        srv.post(&format!("/api/board/game/{game}/resign"), &a)
            .await
            .0,
        StatusCode::OK
    );
    let end = b_events.next().await;
    assert_eq!(end["type"], "gameFinish");
    assert_eq!(end["game"]["status"]["name"], "resign");
    assert_eq!(end["game"]["winner"], "white");
    assert_eq!(a_events.next().await["type"], "gameFinish");
    // No token, no stream.
    let (s, _, _) = srv
        .send(Call {
            method: "GET",
            uri: "/api/stream/event",
            ..Call::default()
        })
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

async fn the_lobby(db: Db) {
    let Some(srv) = server(db).await else { return };
    let (a, b, c) = (srv.guest().await, srv.guest().await, srv.guest().await);
    let mut list = srv.lines("/api/lobby/seeks", None).await;
    assert_eq!(list.next().await["seeks"], Value::Array(Vec::new()));
    let seek_of = |token: String, body: &'static str| {
        let app = srv.app.clone();
        tokio::spawn(async move {
            use tower::ServiceExt;
            let req = axum::http::Request::post("/api/board/seek")
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(axum::body::Body::from(body))
                .unwrap();
            let resp = app.oneshot(req).await.unwrap();
            assert_eq!(resp.status(), StatusCode::OK);
            let bytes = http_body_util::BodyExt::collect(resp.into_body())
                .await
                .unwrap()
                .to_bytes();
            let text = String::from_utf8(bytes.to_vec()).unwrap();
            let last = text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap()
                .to_string();
            serde_json::from_str::<Value>(&last).unwrap()
        })
    };
    // A seeks 3+2 as White: the list shows it live.
    let a_seek = seek_of(a.clone(), "time=3&increment=2&variant=turkish&color=white");
    let shown = list.next().await;
    let seeks = shown["seeks"].as_array().unwrap();
    assert_eq!(seeks.len(), 1);
    assert_eq!(seeks[0]["clock"]["limit"], 180);
    assert_eq!(seeks[0]["variant"]["key"], "turkish");
    // B seeks the same: paired at once, A White.
    let b_seek = seek_of(b.clone(), "time=3&increment=2&variant=turkish&color=random");
    let (ga, gb) = (a_seek.await.unwrap(), b_seek.await.unwrap());
    assert_eq!(ga["type"], "gameStart");
    assert_eq!(ga["id"], gb["id"]);
    assert_eq!(list.next().await["seeks"], Value::Array(Vec::new()));
    let game = ga["id"].as_str().unwrap();
    assert_eq!(
        srv.post(&format!("/api/board/game/{game}/move/c3-c4"), &a)
            .await
            .0,
        StatusCode::OK
    );
    // C seeks, then gives up (closes the request): the seek goes.
    let c_seek = seek_of(c.clone(), "time=5&increment=0");
    let id = list.next().await["seeks"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        srv.post(&format!("/api/lobby/seek/{id}/accept"), &c)
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    c_seek.abort();
    assert_eq!(list.next().await["seeks"], Value::Array(Vec::new()));
    assert_eq!(
        srv.post(&format!("/api/lobby/seek/{id}/accept"), &b)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    // C seeks again and A takes it from the list.
    let c_seek = seek_of(c.clone(), "time=5&increment=0&color=black");
    let id = list.next().await["seeks"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (s, v) = srv.post(&format!("/api/lobby/seek/{id}/accept"), &a).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(c_seek.await.unwrap()["id"], v["id"]);
    // A bad seek is refused.
    let (s, _, _) = srv
        .send(Call {
            uri: "/api/board/seek",
            token: Some(&a),
            body: "time=-1",
            ..Call::default()
        })
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

async fn gone_players_and_games_never_started(db: Db) {
    let Some(srv) = server(db).await else { return };
    // Nobody moves: the server calls the game off after 30 s.
    let (id, _w, _b) = srv.game(r#"{"color": "white"}"#).await;
    srv.advance(31_000);
    let mut status = Value::Null;
    for _ in 0..100 {
        status = srv.state(&id).await["status"].clone();
        if status != "started" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, "aborted");
    // Black leaves after the first moves: White may claim once Black was
    // gone 30 s, not before.
    let (id, w, b) = srv.game(r#"{"color": "white"}"#).await;
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/move/c3-c4"), &w)
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/move/f6-f5"), &b)
            .await
            .0,
        StatusCode::OK
    );
    let (s, v) = srv
        .post(&format!("/api/board/game/{id}/claim-victory"), &w)
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("your opponent is not gone"))
    );
    srv.advance(20_000);
    assert_eq!(
        srv.post(&format!("/api/board/game/{id}/move/d3-d4"), &w)
            .await
            .0,
        StatusCode::OK
    );
    srv.advance(11_000);
    let (s, v) = srv
        .post(&format!("/api/board/game/{id}/claim-victory/"), &w)
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let state = srv.state(&id).await;
    assert_eq!(
        (state["status"].as_str(), state["winner"].as_str()),
        (Some("timeout"), Some("white"))
    );
}

async fn the_engine_plays_within_its_budget(db: Db) {
    let options = Options {
        engine_budget: 1,
        ..Options::default()
    };
    let Some(srv) = server_with(db, options).await else {
        return;
    };
    // Three games where the engine (level 1) moves first, at once.
    let mut games = Vec::new();
    for level in ["1", "2", "1"] {
        let t = srv.guest().await;
        let body = format!(
            r#"{{"level": {level}, "color": "black", "clock": {{"limit": 60, "increment": 0}}, "variant": "armenian"}}"#
        );
        let (s, v, _) = srv
            .send(Call {
                uri: "/api/challenge/ai",
                token: Some(&t),
                body: &body,
                json: true,
                ..Call::default()
            })
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["player"], "black");
        games.push((v["id"].as_str().unwrap().to_string(), t));
    }
    let full = srv
        .first_line(&format!("/api/board/game/stream/{}", games[0].0), None)
        .await;
    assert_eq!(full["white"]["aiLevel"], 1);
    // Each gets the engine's move; never more than one search at once.
    for (id, token) in &games {
        let mut moves = String::new();
        for _ in 0..200 {
            moves = srv.state(id).await["moves"].as_str().unwrap().to_string();
            if !moves.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(moves.split(' ').count(), 1, "{id}: {moves}");
        // The person answers, and the engine replies.
        let state = srv.state(id).await;
        let legal = legal_reply(&state);
        assert_eq!(
            srv.post(&format!("/api/board/game/{id}/move/{legal}"), token)
                .await
                .0,
            StatusCode::OK
        );
        for _ in 0..200 {
            if srv.state(id).await["moves"]
                .as_str()
                .unwrap()
                .split(' ')
                .count()
                == 3
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(
            srv.state(id).await["moves"]
                .as_str()
                .unwrap()
                .split(' ')
                .count(),
            3
        );
        // The engine is never gone.
        let (s, v) = srv
            .post(&format!("/api/board/game/{id}/claim-victory"), token)
            .await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("the engine is never gone"))
        );
    }
    let stats = srv.online.engine_stats();
    assert_eq!((stats.budget, stats.peak, stats.running), (1, 1, 0));
    assert!(stats.done >= 6, "{stats:?}");
    // Bad levels are refused.
    let t = srv.guest().await;
    let (s, _, _) = srv
        .send(Call {
            uri: "/api/challenge/ai",
            token: Some(&t),
            body: "level=11",
            ..Call::default()
        })
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

/// A legal move of Black after the moves of `state`.
fn legal_reply(state: &Value) -> String {
    use tama_core::{Game, Rules};
    let mut game = Game::new(Rules::default());
    for text in state["moves"].as_str().unwrap().split(' ') {
        let mv = tama_notation::parse_move(text, game.position(), game.rules()).unwrap();
        game.play(&mv).unwrap();
    }
    let mv = game.legal_moves()[0];
    tama_notation::write_move(game.position(), game.rules(), &mv)
}

macro_rules! on_both {
    ($suite:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $suite(Db::Sqlite).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            $suite(Db::Postgres).await;
        }
    };
}

on_both!(events_and_challenges, events_on_sqlite, events_on_postgres);
on_both!(the_lobby, lobby_on_sqlite, lobby_on_postgres);
on_both!(
    gone_players_and_games_never_started,
    gone_on_sqlite,
    gone_on_postgres
);
on_both!(
    the_engine_plays_within_its_budget,
    engine_on_sqlite,
    engine_on_postgres
);
