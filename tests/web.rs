//! The web API gives the same objects as the CLI: `GET /api/analyse` and
//! `tama analyse --json`, `POST /api/moves` and `tama moves --json`.

use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::Value;

use crate::cli::tama;

/// A GET or POST with `Connection: close`; returns status and the body
/// with any chunked framing removed.
fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    write!(
        conn,
        "{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    conn.read_to_string(&mut raw).unwrap();
    let (head, mut rest) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return (status, rest.to_string());
    }
    let mut body = String::new();
    loop {
        let (size, after) = rest.split_once("\r\n").unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            return (status, body);
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
}

/// A server on a free port with one search slot and a table of
/// `hash_mib` MiB (a fresh one-thread engine: deterministic at a fixed
/// depth).
fn one_slot(hash_mib: usize) -> tama_web::RunningServer {
    tama_web::spawn(tama_web::Config {
        port: 0,
        threads: 1,
        hash_mib,
        ..Default::default()
    })
    .unwrap()
}

/// The fields of an analysis object that do not depend on timing.
fn timeless(mut v: Value) -> Value {
    let obj = v.as_object_mut().unwrap();
    obj.remove("nps");
    obj.remove("time_ms");
    v
}

#[test]
fn analyse_events_are_the_cli_json_lines() {
    // A fresh one-thread engine with the same table size searching to a
    // fixed depth is deterministic, so the two must agree exactly.
    let server = one_slot(64);
    let fen = "W:Wa2,b3,c3,d3,e3,f3:Ba6,b6,c6,d6,e6,Kh8";
    let (code, out, err) = tama(&[
        "analyse",
        "--fen",
        fen,
        "--depth",
        "5",
        "--multipv",
        "2",
        "--hash",
        "64",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let cli: Vec<Value> = out
        .lines()
        .map(|l| timeless(serde_json::from_str(l).unwrap()))
        .collect();

    let path = format!("/api/analyse?fen={fen}&depth=5&multipv=2");
    let (status, body) = http(server.addr(), "GET", &path, "");
    assert_eq!(status, 200, "{body}");
    let web: Vec<Value> = body
        .split("\n\n")
        .filter_map(|event| {
            event
                .lines()
                .find_map(|l| l.strip_prefix("data:"))
                .map(|d| timeless(serde_json::from_str(d.trim()).unwrap()))
        })
        .collect();
    assert_eq!(web.len(), cli.len(), "{body}");
    assert_eq!(web, cli);
    assert_eq!(web.last().unwrap()["type"], "bestmove");
}

#[test]
fn moves_are_the_cli_move_objects() {
    let server = one_slot(1);
    for (fen, rules) in [
        ("B:Wd2,c4,b3,c2:BKd1", "armenian"),
        ("W:Wc3,d4,e3:Bc5,d5,e6,Kh8", "turkish"),
        ("W:Wd6:Bd7,f8,Ka1", "armenian,promotion=midway"),
    ] {
        let (code, out, err) = tama(&["moves", "--fen", fen, "--rules", rules, "--json"]);
        assert_eq!(code, 0, "{err}");
        let cli: Value = serde_json::from_str(&out).unwrap();
        let body = serde_json::json!({"fen": fen, "rules": rules}).to_string();
        let (status, answer) = http(server.addr(), "POST", "/api/moves", &body);
        assert_eq!(status, 200, "{answer}");
        let web: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(web["moves"], cli, "{fen} {rules}");
        assert!(!cli.as_array().unwrap().is_empty());
    }
}

#[test]
fn review_events_are_the_cli_annotations() {
    // `GET /api/review` and `tama analyse --pdn` both call
    // `tama_search::review`; with a fresh one-thread engine of the same
    // table size at a fixed depth they must agree exactly.
    let server = one_slot(16);
    let moves = [
        "a3-b4", "e6-e5", "f3-g4", "g6-h5", "b4-c5", "c6xc4", "c3xc5", "e5-f5", "d3-c3", "h5-g5",
        "g4xc8", "d7-e6",
    ];
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("game.pdn");
    let mut movetext = String::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        movetext.push_str(&format!("{}. {} ", i + 1, pair.join(" ")));
    }
    std::fs::write(
        &input,
        format!("[Event \"Review\"]\n[Result \"*\"]\n\n{movetext}*\n"),
    )
    .unwrap();
    let (code, out, err) = tama(&[
        "analyse",
        "--pdn",
        input.to_str().unwrap(),
        "--depth",
        "4",
        "--hash",
        "16",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let game: tama_notation::pdn::PdnGame = out.parse().unwrap_or_else(|e| panic!("{e}\n{out}"));
    let cli: Vec<(Value, Value)> = game
        .main_line()
        .nodes()
        .iter()
        .map(|node| {
            let comment = node.comments_after().last().expect("a comment").to_string();
            let mark = node.annotation().map(|a| a.to_string());
            (Value::from(comment), serde_json::json!(mark))
        })
        .collect();

    let path = format!("/api/review?moves={}&depth=4", moves.join(","));
    let (status, body) = http(server.addr(), "GET", &path, "");
    assert_eq!(status, 200, "{body}");
    let web: Vec<(Value, Value)> = body
        .split("\n\n")
        .filter(|event| event.contains("event: move"))
        .map(|event| {
            let data = event.lines().find_map(|l| l.strip_prefix("data:")).unwrap();
            let v: Value = serde_json::from_str(data.trim()).unwrap();
            (v["comment"].clone(), v["mark"].clone())
        })
        .collect();
    assert_eq!(web.len(), moves.len(), "{body}");
    assert_eq!(web, cli);
    // The game has a blunder, so the comparison covers marks too.
    assert!(web.iter().any(|(_, mark)| mark == "??"), "{body}");
}

/// With tables, the engine's answers say which kind of table decided the
/// score (`"tbkind"`), in the analysis events and the engine's move.
#[test]
fn the_engine_says_which_kind_of_table_answered() {
    let tmp = tempfile::tempdir().unwrap();
    let opts = tama_egtb::GenOptions {
        threads: 2,
        ..Default::default()
    };
    let rules = tama_core::Rules::TURKISH;
    tama_egtb::generate(tmp.path(), &rules, &tama_egtb::Plan::new(3), None, &opts).unwrap();
    let set = tama_egtb::TablebaseSet::open(tmp.path()).unwrap();
    assert!(set.load_wdl(2).unwrap().0 > 0);
    let server = tama_web::spawn(tama_web::Config {
        port: 0,
        threads: 1,
        hash_mib: 16,
        oracle: Some(set.into_oracle()),
        ..Default::default()
    })
    .unwrap();
    // Two kings against one: every root move is in the distance tables.
    let fen = "W:WKd4,Ke5:BKa8";
    let path = format!("/api/analyse?fen={fen}&rules=turkish&depth=3");
    let (status, body) = http(server.addr(), "GET", &path, "");
    assert_eq!(status, 200, "{body}");
    let last = body
        .split("\n\n")
        .filter_map(|e| e.lines().find_map(|l| l.strip_prefix("data:")))
        .last()
        .unwrap();
    let best: Value = serde_json::from_str(last.trim()).unwrap();
    assert_eq!(best["type"], "bestmove", "{best}");
    assert_eq!(best["tbkind"], "distance", "{best}");
    assert!(
        best["tb"].is_string() && best["distance"].is_u64(),
        "{best}"
    );

    let req = format!(r#"{{"fen":"{fen}","rules":"turkish","depth":3}}"#);
    let (status, body) = http(server.addr(), "POST", "/api/engine-move", &req);
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["tbkind"], "distance", "{v}");
    assert_eq!(v["tb"], best["tb"], "{v}");
    // Without tables, none of these fields.
    let plain = one_slot(16);
    let (_, body) = http(plain.addr(), "POST", "/api/engine-move", &req);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v.get("tbkind").is_none() && v.get("tb").is_none(), "{v}");
}

/// A search slot is back in the pool by the time its stream ends: a client
/// that asks for the engine's move on reading `bestmove` (or a review's
/// `summary`) is served, not told the engine is busy.
#[test]
fn a_slot_is_free_once_its_stream_has_ended() {
    let server = one_slot(16);
    let req = r#"{"rules":"turkish","depth":1,"book":false}"#;
    let streams = [
        ("/api/analyse?rules=turkish&depth=1", "bestmove"),
        ("/api/review?rules=turkish&moves=c3c4&depth=1", "summary"),
    ];
    for round in 0..25 {
        for (path, last) in streams {
            let (status, body) = http(server.addr(), "GET", path, "");
            assert_eq!(status, 200, "{body}");
            assert!(body.contains(&format!("event: {last}")), "{body}");
            let (status, body) = http(server.addr(), "POST", "/api/engine-move", req);
            assert_eq!(status, 200, "after {path}, round {round}: {body}");
        }
    }
}
