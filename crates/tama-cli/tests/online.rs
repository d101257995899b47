//! Live games survive `kill -9`: `tama serve` on a SQLite file, moves
//! played over HTTP, the server killed, the same command again, and the
//! game goes on from its last move.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Kills the server if the test fails half-way.
struct Reap(Child);

impl Drop for Reap {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tama serve` on `database`; returns it and its address.
fn start(database: &str) -> (Reap, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args(["serve", "--port", "0", "--threads", "1", "--hash", "1"])
        .args(["--database", database])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tama starts");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("tama serve: http://")
        .and_then(|u| u.strip_suffix('/'))
        .unwrap_or_else(|| panic!("first line: {line:?}"))
        .to_string();
    (Reap(child), addr)
}

/// One request; the status and body.
fn call(addr: &str, method: &str, path: &str, token: Option<&str>) -> (u16, String) {
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        conn,
        "{method} {path} HTTP/1.1\r\nHost: t\r\n{auth}Content-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    conn.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |p| p.1)
        .to_string();
    (status, body)
}

fn field(body: &str, name: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("{body}"));
    v[name]
        .as_str()
        .unwrap_or_else(|| panic!("{body}"))
        .to_string()
}

#[test]
fn live_games_go_on_after_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("online.sqlite").display()
    );
    let (mut server, addr) = start(&db);
    let white = field(&call(&addr, "POST", "/api/guest", None).1, "token");
    let black = field(&call(&addr, "POST", "/api/guest", None).1, "token");
    let (s, body) = call(&addr, "POST", "/api/challenge/open?x=1", Some(&white));
    assert_eq!(s, 200, "{body}");
    let id = field(&body, "id");
    assert_eq!(
        call(
            &addr,
            "POST",
            &format!("/api/challenge/{id}/accept"),
            Some(&black)
        )
        .0,
        200
    );
    // The challenge left the colour to chance.
    let (s, _) = call(
        &addr,
        "POST",
        &format!("/api/board/game/{id}/move/c3-c4"),
        Some(&white),
    );
    let (first, second) = if s == 200 {
        (&white, &black)
    } else {
        (&black, &white)
    };
    if s != 200 {
        assert_eq!(
            call(
                &addr,
                "POST",
                &format!("/api/board/game/{id}/move/c3-c4"),
                Some(first)
            )
            .0,
            200
        );
    }
    assert_eq!(
        call(
            &addr,
            "POST",
            &format!("/api/board/game/{id}/move/f6-f5"),
            Some(second)
        )
        .0,
        200
    );

    // kill -9, and the same command again.
    server.0.kill().unwrap();
    server.0.wait().unwrap();
    let (_server, addr) = start(&db);
    let (s, pdn) = call(&addr, "GET", &format!("/game/export/{id}"), None);
    assert_eq!(s, 200);
    assert!(pdn.contains("1. c3-c4 f6-f5") && pdn.contains("*"), "{pdn}");
    assert_eq!(
        call(
            &addr,
            "POST",
            &format!("/api/board/game/{id}/move/d3-d4"),
            Some(first)
        )
        .0,
        200
    );
    assert_eq!(
        call(
            &addr,
            "POST",
            &format!("/api/board/game/{id}/resign"),
            Some(second)
        )
        .0,
        200
    );
    let (_, pdn) = call(&addr, "GET", &format!("/game/export/{id}"), None);
    assert!(
        pdn.contains("2. d3-d4") && pdn.contains("resignation"),
        "{pdn}"
    );
}
