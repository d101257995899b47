//! The API, through the router in this process where a test needs no
//! socket (axum's testing way: `tower::ServiceExt::oneshot` on
//! `tama_web::router`), and against a real server on a free loopback port
//! where it does: streams read event by event, busy slots, a client that
//! leaves, shutdown, raw HTTP (a declared length over the limit, a chunked
//! body, garbage). The server is reached with `ureq` (the `load` example's
//! client too), wrapped here to fail the test on a broken connection; the
//! raw HTTP tests write and read their own bytes on a `TcpStream`.

use std::io::{BufRead, BufReader, Lines, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tama_web::{spawn, AppState, Config, RunningServer};
use tower::ServiceExt;

fn config(threads: usize) -> Config {
    Config {
        port: 0,
        threads,
        hash_mib: 1,
        ..Config::default()
    }
}

fn server(threads: usize) -> RunningServer {
    spawn(config(threads)).expect("the test server starts")
}

/// The router in this process, with a runtime of its own to answer on.
struct InProcess {
    router: axum::Router,
    runtime: tokio::runtime::Runtime,
}

fn in_process(threads: usize) -> InProcess {
    in_process_with(&config(threads))
}

fn in_process_with(config: &Config) -> InProcess {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    let router = tama_web::router(AppState::new(config));
    InProcess { router, runtime }
}

/// An answer: status, headers (names in lower case) and body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    /// The first value of header `name` (lower case).
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body's JSON, or the test fails showing the answer.
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?} {}", self.status, self.text()))
    }
}

/// The (name, value) pairs of header lines, each ending in CRLF.
fn header_lines(extra: &str) -> impl Iterator<Item = (&str, &str)> {
    extra.split("\r\n").filter(|l| !l.is_empty()).map(|line| {
        let (name, value) = line.split_once(':').expect("a header line");
        (name.trim(), value.trim())
    })
}

/// The headers of a response, names in lower case.
fn headers_of(headers: &axum::http::HeaderMap) -> Vec<(String, String)> {
    headers
        .iter()
        .map(|(n, v)| (n.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
        .collect()
}

/// The client of a real server: a new connection for each request, as a
/// test's requests are independent; error statuses are answers, not
/// errors; a read that waits 30 s fails.
fn agent() -> ureq::Agent {
    let config = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_idle_connections(0)
        .timeout_per_read(Some(Duration::from_secs(30)))
        .build();
    ureq::Agent::new_with_config(config)
}

/// The whole of a response from the server.
fn answer(mut response: ureq::http::Response<ureq::Body>) -> Answer {
    let body = response
        .body_mut()
        .with_config()
        .limit(u64::MAX)
        .read_to_vec()
        .expect("the whole body");
    Answer {
        status: response.status().as_u16(),
        headers: headers_of(response.headers()),
        body,
    }
}

/// Where a test's requests go: a server's address or the router in this
/// process.
trait Target: Copy {
    /// One request (`extra`: header lines, each ending in CRLF) and its
    /// answer; the test fails when there is none.
    fn send(self, method: &str, path: &str, extra: &str, body: &[u8]) -> Answer;
}

impl Target for SocketAddr {
    fn send(self, method: &str, path: &str, extra: &str, body: &[u8]) -> Answer {
        let mut request = ureq::http::Request::builder()
            .method(method)
            .uri(format!("http://{self}{path}"));
        for (name, value) in header_lines(extra) {
            request = request.header(name, value);
        }
        let response = if body.is_empty() && !matches!(method, "POST" | "PUT" | "PATCH") {
            agent().run(request.body(()).expect("a valid request"))
        } else {
            agent().run(request.body(body.to_vec()).expect("a valid request"))
        };
        answer(response.expect("an HTTP answer"))
    }
}

impl Target for &InProcess {
    fn send(self, method: &str, path: &str, extra: &str, body: &[u8]) -> Answer {
        let mut request = axum::http::Request::builder().method(method).uri(path);
        for (name, value) in header_lines(extra) {
            request = request.header(name, value);
        }
        let request = request
            .body(axum::body::Body::from(body.to_vec()))
            .expect("a valid request");
        self.runtime.block_on(async {
            let response = self
                .router
                .clone()
                .oneshot(request)
                .await
                .expect("an answer");
            let status = response.status().as_u16();
            let headers = headers_of(response.headers());
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("the whole body")
                .to_vec();
            Answer {
                status,
                headers,
                body,
            }
        })
    }
}

/// A raw connection to the server, for the tests that write their own
/// bytes (no Nagle delay, reads time out after 30 s).
fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("connect");
    stream.set_nodelay(true).expect("nodelay");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a read timeout");
    stream
}

/// Reads the status line and the headers (names in lower case) of a raw
/// answer.
fn read_head(reader: &mut impl BufRead) -> (u16, Vec<(String, String)>) {
    let mut line = String::new();
    reader.read_line(&mut line).expect("a status line");
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line {line:?}"));
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).expect("a header line");
        let Some((name, value)) = line.trim_end().split_once(':') else {
            break;
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    (status, headers)
}

fn request_with(to: impl Target, method: &str, path: &str, extra: &str, body: &[u8]) -> Answer {
    to.send(method, path, extra, body)
}

fn get(to: impl Target, path: &str) -> Answer {
    request_with(to, "GET", path, "", b"")
}

fn post(to: impl Target, path: &str, body: &Value) -> Answer {
    request_with(
        to,
        "POST",
        path,
        "Content-Type: application/json\r\n",
        body.to_string().as_bytes(),
    )
}

fn post_raw(to: impl Target, path: &str, body: &[u8]) -> Answer {
    request_with(to, "POST", path, "", body)
}

/// An open Server-Sent Events stream whose data are JSON, read line by
/// line as the server sends them.
struct Events(Lines<BufReader<ureq::BodyReader<'static>>>);

impl Events {
    /// Opens `path`; returns the stream, or the error answer.
    fn open(addr: SocketAddr, path: &str) -> Result<Events, Answer> {
        let response = agent()
            .get(format!("http://{addr}{path}"))
            .header("Accept", "text/event-stream")
            .call()
            .expect("an HTTP answer");
        if response.status() != 200 {
            return Err(answer(response));
        }
        let content_type = response.headers().get("content-type");
        assert!(
            content_type.is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream")),
            "{path}: not an event stream: {content_type:?}"
        );
        let reader = response.into_body().into_reader();
        Ok(Events(BufReader::new(reader).lines()))
    }

    /// The next event (name and JSON data), skipping keep-alive comments;
    /// `None` when the stream ends.
    fn next(&mut self) -> Option<(String, Value)> {
        let mut name = String::from("message");
        let mut data = String::new();
        loop {
            let line = self.0.next()?.expect("a readable stream");
            if let Some(v) = line.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim());
            } else if line.is_empty() && !data.is_empty() {
                let value = serde_json::from_str(&data).expect("event data is JSON");
                return Some((name, value));
            } else if line.is_empty() {
                name = String::from("message"); // a comment's block
            }
        }
    }

    /// Every event up to the end of the stream.
    fn all(mut self) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        while let Some(e) = self.next() {
            out.push(e);
        }
        out
    }
}

fn wait_for(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn free_slots(to: impl Target) -> u64 {
    get(to, "/api/health").json()["free_slots"]
        .as_u64()
        .unwrap()
}

fn move_texts(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn health() {
    let s = in_process(2);
    let a = get(&s, "/api/health");
    assert_eq!(a.status, 200);
    let v = a.json();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["slots"], 2);
    assert_eq!(v["free_slots"], 2);
}

#[test]
fn moves_of_the_start_position_and_of_a_capture() {
    let s = in_process(1);
    let a = post(&s, "/api/moves", &json!({}));
    assert_eq!(a.status, 200);
    assert_eq!(a.header("content-type"), Some("application/json"));
    let v = a.json();
    assert_eq!(
        v["fen"],
        tama_notation::write_fen(&tama_core::Position::start())
    );
    let texts = move_texts(&v["moves"]);
    assert_eq!(texts.len(), 22);
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted);
    assert_eq!(v["outcome"], Value::Null);

    // An empty body is the start position too.
    let b = post_raw(&s, "/api/moves", b"");
    assert_eq!(b.json()["moves"], v["moves"]);

    let v = post(&s, "/api/moves", &json!({"fen": "W:Wc3:Bc4,d5"})).json();
    assert_eq!(
        v["moves"],
        json!([{"move":"c3xe5","from":"c3","to":"e5","path":["c3","c5","e5"],"captures":["c4","d5"],"promotes":false}])
    );
    // Turkish rules: men also move sideways; same number as the library says.
    let v = post(&s, "/api/moves", &json!({"rules": "turkish"})).json();
    let pos = tama_core::Position::start();
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        pos.legal_moves(&tama_core::Rules::TURKISH).len()
    );
}

#[test]
fn outcomes_follow_the_history() {
    let s = in_process(1);
    // No legal move: White has no piece that can move.
    let v = post(
        &s,
        "/api/moves",
        &json!({"fen": "W:Wa2:Ba3,a4,b2,b3,c2,Kh8"}),
    )
    .json();
    assert!(v["moves"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(
        v["outcome"],
        json!({"winner": "black", "termination": "no legal move"})
    );

    // Kings shuffling back and forth: the start position a third time.
    let fen = "W:WKa1,a2:BKh8,h7";
    let cycle = ["a1-b1", "h8-g8", "b1-a1", "g8-h8"];
    let moves: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    let v = post(&s, "/api/moves", &json!({"fen": fen, "moves": &moves[..7]})).json();
    assert_eq!(v["outcome"], Value::Null);
    let v = post(&s, "/api/moves", &json!({"fen": fen, "moves": moves})).json();
    assert_eq!(
        v["outcome"],
        json!({"winner": null, "termination": "threefold repetition"})
    );
    // The same through /api/play.
    let v = post(
        &s,
        "/api/play",
        &json!({"fen": fen, "moves": &moves[..7], "move": "g8h8"}),
    )
    .json();
    assert_eq!(v["outcome"]["termination"], "threefold repetition");
    // And no move after the end.
    let a = post(
        &s,
        "/api/play",
        &json!({"fen": fen, "moves": moves, "move": "a1-b1"}),
    );
    assert_eq!(a.status, 400);
    assert!(a.json()["error"].as_str().unwrap().contains("game is over"));
}

#[test]
fn play_reads_every_move_form() {
    let s = in_process(1);
    let v = post(&s, "/api/play", &json!({"move": "c3-c4"})).json();
    assert_eq!(v["move"]["move"], "c3-c4");
    assert_eq!(v["move"]["path"], json!(["c3", "c4"]));
    assert!(v["fen"].as_str().unwrap().starts_with("B:"));
    assert_eq!(v["outcome"], Value::Null);

    let v = post(&s, "/api/play", &json!({"move": "c3c4"})).json();
    assert_eq!(v["move"]["move"], "c3-c4");

    let fen = "B:Wd2,c4,b3,c2:BKd1";
    let v = post(
        &s,
        "/api/play",
        &json!({"fen": fen, "rules": "armenian,removal=end-of-move", "move": "d1xd4xb4xb2"}),
    )
    .json();
    assert_eq!(v["move"]["move"], "d1xb2");
    assert_eq!(v["move"]["captures"], json!(["d2", "c4", "b3"]));

    // The move played after a history.
    let v = post(
        &s,
        "/api/play",
        &json!({"moves": ["c3-c4", "f6-f5"], "move": "c4-c5"}),
    )
    .json();
    assert_eq!(v["move"]["from"], "c4");
    // The answer's FEN is the position the same history reaches.
    let w = post(
        &s,
        "/api/moves",
        &json!({"moves": ["c3-c4", "f6-f5", "c4-c5"]}),
    )
    .json();
    assert_eq!(v["fen"], w["fen"]);
}

#[test]
fn bad_input_is_400_with_a_column_where_one_applies() {
    let s = in_process(1);
    let cases: Vec<(&str, Value, &str, Option<u64>)> = vec![
        (
            "/api/moves",
            json!({"fen": "W:Wa2,i9"}),
            "unknown square `i9`",
            Some(7),
        ),
        (
            "/api/moves",
            json!({"rules": "armenian,promotion=never"}),
            "invalid rules",
            Some(20),
        ),
        (
            "/api/moves",
            json!({"fenn": "W:Wa2"}),
            "unknown field `fenn`",
            Some(7),
        ),
        (
            "/api/moves",
            json!({"moves": ["c3-c4", "zz"]}),
            "invalid moves[1]",
            Some(1),
        ),
        (
            "/api/moves",
            json!({"moves": ["c3-c5"]}),
            "invalid moves[0]",
            None,
        ),
        ("/api/play", json!({}), "missing field `move`", None),
        (
            "/api/play",
            json!({"move": "c3-c5"}),
            "c3 can move to",
            None,
        ),
        ("/api/play", json!({"move": "c3-"}), "invalid move", Some(4)),
        (
            "/api/play",
            json!({"move": 7}),
            "invalid JSON body",
            Some(9),
        ),
        (
            "/api/engine-move",
            json!({"movetime": 0}),
            "invalid movetime 0",
            None,
        ),
        (
            "/api/engine-move",
            json!({"depth": 1000}),
            "invalid depth 1000",
            None,
        ),
    ];
    for (path, body, message, column) in cases {
        let a = post(&s, path, &body);
        assert_eq!(a.status, 400, "{path} {body}: {}", a.text());
        let v = a.json();
        let error = v["error"].as_str().unwrap();
        assert!(error.contains(message), "{path} {body}: {error}");
        assert_eq!(v["column"].as_u64(), column, "{path} {body}: {v}");
    }
    let a = post_raw(&s, "/api/moves", b"{\"fen\": ");
    assert_eq!(a.status, 400);
    assert!(a.json()["error"]
        .as_str()
        .unwrap()
        .starts_with("invalid JSON body"));
    // The rules text's column is reported by the rules reader.
    let a = post(
        &s,
        "/api/moves",
        &json!({"rules": "armenian,promotion=never"}),
    );
    let expected = tama_notation::parse_rules("armenian,promotion=never").unwrap_err();
    assert_eq!(a.json()["column"], expected.column);
}

#[test]
fn unknown_paths_and_methods_are_json_errors() {
    let s = in_process(1);
    for path in ["/api/nope", "/nope.js", "/js/nope.js"] {
        let a = get(&s, path);
        assert_eq!(a.status, 404, "{path}");
        assert!(a.json()["error"].as_str().unwrap().contains(path));
    }
    let a = request_with(&s, "PUT", "/api/play", "", b"");
    assert_eq!(a.status, 405);
    assert!(a.json()["error"].as_str().unwrap().contains("PUT"));
    let a = get(&s, "/api/moves");
    assert_eq!(a.status, 405);
}

#[test]
fn a_body_over_the_limit_is_413() {
    let s = server(1);
    // The length alone is enough for the server to refuse: it answers
    // without reading the body.
    let mut conn = connect(s.addr());
    let head = format!(
        "POST /api/pdn/check HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        tama_web::BODY_LIMIT + 1
    );
    conn.write_all(head.as_bytes()).unwrap();
    conn.write_all(b"[Event \"x\"]").unwrap();
    let mut reader = BufReader::new(conn);
    let (status, _) = read_head(&mut reader);
    assert_eq!(status, 413);

    // A chunked body that grows past the limit is cut off too.
    let mut conn = connect(s.addr());
    conn.write_all(
        b"POST /api/pdn/json HTTP/1.1\r\nHost: test\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n",
    )
    .unwrap();
    let chunk = vec![b' '; 64 * 1024];
    let mut sent = 0;
    while sent <= tama_web::BODY_LIMIT {
        if conn
            .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .and_then(|()| conn.write_all(&chunk))
            .and_then(|()| conn.write_all(b"\r\n"))
            .is_err()
        {
            break; // the server answered and closed
        }
        sent += chunk.len();
    }
    let _ = conn.write_all(b"0\r\n\r\n");
    let mut reader = BufReader::new(conn);
    let (status, headers) = read_head(&mut reader);
    assert_eq!(status, 413);
    assert!(headers
        .iter()
        .any(|(n, v)| n == "content-type" && v == "application/json"));
    // The server still serves.
    assert_eq!(get(s.addr(), "/api/health").status, 200);
}

#[test]
fn analyse_streams_info_then_one_bestmove() {
    let s = server(1);
    let events = Events::open(s.addr(), "/api/analyse?depth=5&multipv=2")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    let (last, infos) = events.split_last().unwrap();
    assert_eq!(last.0, "bestmove");
    assert_eq!(last.1["type"], "bestmove");
    assert_eq!(last.1["depth"], 5);
    let legal = move_texts(&post(s.addr(), "/api/moves", &json!({})).json()["moves"]);
    assert!(legal.contains(&last.1["move"].as_str().unwrap().to_string()));
    assert!(!infos.is_empty());
    for (name, info) in infos {
        assert_eq!(name, "info");
        assert_eq!(info["type"], "info");
        assert!(info["score"].is_object() && info["pv"].is_array(), "{info}");
    }
    // Both lines of every depth, 1 to 5.
    for depth in 1..=5 {
        for line in 1..=2 {
            assert!(
                infos
                    .iter()
                    .any(|(_, i)| i["depth"] == depth && i["multipv"] == line),
                "depth {depth} line {line}"
            );
        }
    }
    // The slot is free again.
    wait_for("the slot to free", || free_slots(s.addr()) == 1);
}

#[test]
fn analyse_of_a_finished_game_and_with_history() {
    let s = server(1);
    let events = Events::open(
        s.addr(),
        "/api/analyse?fen=W:Wa2:Ba3,a4,b2,b3,c2,Kh8&depth=3",
    )
    .map_err(|a| a.text())
    .unwrap()
    .all();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].0, "bestmove");
    assert_eq!(
        events[0].1,
        json!({"type": "gameover", "winner": "black", "termination": "no legal move"})
    );
    // After a history of moves (comma-separated), the analysed position
    // is the one they reach: the best move is legal there.
    let events = Events::open(s.addr(), "/api/analyse?moves=c3-c4,f6-f5&nodes=2000")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    let best = events.last().unwrap().1["move"]
        .as_str()
        .unwrap()
        .to_string();
    let legal = post(
        s.addr(),
        "/api/moves",
        &json!({"moves": ["c3-c4", "f6-f5"]}),
    )
    .json();
    assert!(move_texts(&legal["moves"]).contains(&best), "{best}");
}

#[test]
fn analyse_rejects_bad_parameters() {
    let s = in_process(1);
    let cases = [
        ("/api/analyse?multipv=0", "invalid multipv 0", None),
        ("/api/analyse?multipv=65", "invalid multipv 65", None),
        ("/api/analyse?depth=500", "invalid depth 500", None),
        ("/api/analyse?movetime=0", "invalid movetime 0", None),
        ("/api/analyse?depth=x", "invalid query", None),
        ("/api/analyse?colour=white", "invalid query", None),
        ("/api/analyse?fen=W:Wa2,i9", "unknown square", Some(7)),
        ("/api/analyse?moves=c3-c5", "invalid moves[0]", None),
    ];
    for (path, message, column) in cases {
        let a = get(&s, path);
        assert_eq!(a.status, 400, "{path}");
        let v = a.json();
        assert!(
            v["error"].as_str().unwrap().contains(message),
            "{path}: {v}"
        );
        assert_eq!(v["column"].as_u64(), column, "{path}");
    }
    assert_eq!(free_slots(&s), 1);
}

#[test]
fn busy_slots_get_503_and_a_disconnect_frees_the_slot() {
    let s = server(1);
    // Without a limit the analysis runs until the client goes away.
    let mut first = Events::open(s.addr(), "/api/analyse")
        .map_err(|a| a.text())
        .unwrap();
    let (name, _) = first.next().unwrap();
    assert_eq!(name, "info");
    assert_eq!(free_slots(s.addr()), 0);

    let busy = Events::open(s.addr(), "/api/analyse?depth=2")
        .err()
        .unwrap();
    assert_eq!(busy.status, 503);
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
    let busy = post(s.addr(), "/api/engine-move", &json!({"depth": 1}));
    assert_eq!(busy.status, 503);
    // Other requests are served meanwhile.
    assert_eq!(post(s.addr(), "/api/moves", &json!({})).status, 200);

    // The client disconnects: the search stops and the slot is free again.
    drop(first);
    wait_for("the slot to free after a disconnect", || {
        free_slots(s.addr()) == 1
    });
    let events = Events::open(s.addr(), "/api/analyse?depth=2")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    assert_eq!(events.last().unwrap().0, "bestmove");
}

#[test]
fn concurrent_analyses() {
    let s = server(2);
    let addr = s.addr();
    let threads: Vec<_> = ["depth=6", "depth=6&multipv=3&rules=turkish"]
        .iter()
        .map(|q| {
            let path = format!("/api/analyse?{q}");
            std::thread::spawn(move || {
                Events::open(addr, &path)
                    .map_err(|a| a.text())
                    .unwrap()
                    .all()
            })
        })
        .collect();
    for t in threads {
        let events = t.join().unwrap();
        let last = &events.last().unwrap().1;
        assert_eq!(last["type"], "bestmove");
        assert_eq!(last["depth"], 6);
    }
    wait_for("both slots to free", || free_slots(addr) == 2);
}

#[test]
fn engine_move_plays_a_legal_move() {
    let s = in_process(1);
    // Out of the book (`"book": false`): a search.
    let v = post(&s, "/api/engine-move", &json!({"depth": 3, "book": false})).json();
    assert_eq!(v.get("book"), None, "{v}");
    let legal = move_texts(&post(&s, "/api/moves", &json!({})).json()["moves"]);
    let mv = v["move"]["move"].as_str().unwrap().to_string();
    assert!(legal.contains(&mv), "{v}");
    let after = post(&s, "/api/play", &json!({"move": mv})).json();
    assert_eq!(v["fen"], after["fen"]);
    assert_eq!(v["depth"], 3);
    assert!(v["score"].is_object() && v["pv"][0] == json!(mv), "{v}");

    let v = post(
        &s,
        "/api/engine-move",
        &json!({"fen": "W:Wa2:Ba3,a4,b2,b3,c2,Kh8", "movetime": 50}),
    )
    .json();
    assert_eq!(v["move"], Value::Null);
    assert_eq!(v["outcome"]["winner"], "black");
    assert_eq!(free_slots(&s), 1);
}

/// The book's moves of the position asked about, as `GET /api/book?…`
/// answers them (status 200 asserted).
fn book_moves(to: impl Target, query: &str) -> Value {
    let a = get(to, &format!("/api/book?{query}"));
    assert_eq!(a.status, 200, "{query}: {}", a.text());
    a.json()
}

#[test]
fn the_book_gives_legal_moves_best_first_and_none_out_of_it() {
    let s = in_process(1);
    let v = book_moves(&s, "rules=armenian");
    assert_eq!(v["preset"], "armenian");
    let moves = v["moves"].as_array().unwrap();
    assert!(moves.len() >= 2, "{v}");
    let legal = post(&s, "/api/moves", &json!({})).json()["moves"].clone();
    let mut last = i64::MAX;
    for m in moves {
        // The move object of `/api/moves`, a value, a weight and a leaf flag.
        assert!(legal.as_array().unwrap().contains(&m["move"]), "{m}");
        let cm = m["value"]["cm"]
            .as_i64()
            .expect("a book value in centi-men");
        assert!(cm <= last, "best first: {v}");
        last = cm;
        assert!(m["weight"].as_u64().unwrap() >= 1, "{m}");
        assert!(m["leaf"].is_boolean(), "{m}");
    }
    // The same position given as a FEN, and after a book move with `moves`.
    let fen = post(&s, "/api/moves", &json!({})).json()["fen"]
        .as_str()
        .unwrap()
        .to_string();
    let q = format!(
        "rules=armenian&fen={}",
        fen.replace(':', "%3A").replace(',', "%2C")
    );
    assert_eq!(book_moves(&s, &q), v);
    let first = moves[0]["move"]["move"].as_str().unwrap();
    let after = book_moves(&s, &format!("rules=armenian&moves={first}"));
    assert!(!after["moves"].as_array().unwrap().is_empty(), "{after}");
    // Out of the book, rules that are no preset, a finished game: no
    // moves.
    let out = book_moves(&s, "rules=armenian&fen=W%3AWc3%3ABf6");
    assert_eq!(
        out,
        json!({"type": "book", "fen": "W:Wc3:Bf6", "preset": "armenian", "moves": []})
    );
    // Each of the other presets has a book of its own, of moves legal
    // under its rules.
    for preset in ["turkish", "armenian-orthogonal"] {
        let t = book_moves(&s, &format!("rules={preset}"));
        assert_eq!(t["preset"], preset);
        let moves = t["moves"].as_array().unwrap();
        assert!(moves.len() >= 2, "{t}");
        let legal = post(&s, "/api/moves", &json!({"rules": preset})).json()["moves"].clone();
        for m in moves {
            assert!(
                legal.as_array().unwrap().contains(&m["move"]),
                "{preset}: {m}"
            );
        }
    }
    let t = book_moves(&s, "rules=turkish");
    assert_eq!(t["moves"][0]["move"]["move"], "a3-a4", "{t}");
    let custom = book_moves(&s, "rules=armenian%2Cremoval%3Dend-of-move");
    assert_eq!(
        (&custom["type"], &custom["preset"]),
        (&json!("book"), &json!(null))
    );
    assert_eq!(custom["moves"], json!([]));
    let over = book_moves(&s, "fen=W%3AWa2%3ABa3%2Ca4%2Cb2%2Cb3%2Cc2%2CKh8");
    assert_eq!(over["moves"], json!([]));
}

/// `tama serve --book`: a book given to the server is the one its
/// engine plays, `/api/book` shows, `/config.json` lists and the browser's
/// engine fetches, for its preset only.
#[test]
fn a_book_given_to_the_server_replaces_the_embedded_one() {
    use tama_core::{Position, Preset, Rules};
    use tama_search::book::{Book, Entry};
    let start = Position::start();
    let legal = start.legal_moves(&Rules::TURKISH);
    // A move the embedded turkish book does not begin with.
    let mv = *legal.last().unwrap();
    let entry = Entry::new(
        &start,
        &Rules::TURKISH,
        &mv,
        tama_search::Score::centi_men(7),
        3,
    );
    let book = Book::from_entries(Preset::Turkish, vec![entry.unwrap()]);
    let s = in_process_with(&Config {
        books: vec![std::sync::Arc::new(book.clone())],
        ..config(1)
    });
    let text = tama_notation::write_move(&start, &Rules::TURKISH, &mv);
    let shown = book_moves(&s, "rules=turkish");
    assert_eq!(shown["preset"], "turkish");
    assert_eq!(shown["moves"].as_array().unwrap().len(), 1, "{shown}");
    assert_eq!(shown["moves"][0]["move"]["move"], text.as_str());
    assert_eq!(shown["moves"][0]["value"]["cm"], 7);
    assert_eq!(shown["moves"][0]["weight"], 3);
    let played = post(
        &s,
        "/api/engine-move",
        &json!({"rules": "turkish", "movetime": 50}),
    );
    assert_eq!(played.status, 200, "{}", played.text());
    let played = played.json();
    assert_eq!(played["move"]["move"], text.as_str(), "{played}");
    assert_eq!(played["book"], true, "{played}");
    let file = get(&s, "/books/turkish.tbk");
    assert_eq!(file.status, 200);
    assert_eq!(file.body, book.to_bytes());
    // Other presets keep the embedded books.
    let armenian = book_moves(&s, "rules=armenian");
    assert_eq!(armenian, book_moves(&in_process(1), "rules=armenian"));
    assert_eq!(
        get(&s, "/books/armenian.tbk").body,
        get(&in_process(1), "/books/armenian.tbk").body
    );
    let listed = get(&s, "/config.json").json()["books"].clone();
    assert!(
        listed.as_array().unwrap().contains(&json!("turkish")),
        "{listed}"
    );
}

#[test]
fn the_book_refuses_bad_input_with_json() {
    let s = in_process(1);
    for (query, message) in [
        ("rules=chess", "invalid rules"),
        ("fen=W%3AWz9", "invalid fen"),
        ("moves=c3-c9", "invalid moves[0]"),
        ("depth=3", "invalid query"),
    ] {
        let a = get(&s, &format!("/api/book?{query}"));
        assert_eq!(a.status, 400, "{query}: {}", a.text());
        let error = a.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(message), "{query}: {error}");
    }
    assert_eq!(post(&s, "/api/book", &json!({})).status, 405);
}

#[test]
fn the_engine_plays_from_the_book_unless_told_not_to() {
    let s = in_process(1);
    let book = book_moves(&s, "rules=armenian");
    let in_book: Vec<Value> = book["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].clone())
        .collect();
    let v = post(&s, "/api/engine-move", &json!({"depth": 6})).json();
    assert_eq!(v["book"], true, "{v}");
    assert_eq!(
        (v["depth"].as_u64(), v["nodes"].as_u64()),
        (Some(0), Some(0)),
        "{v}"
    );
    assert!(in_book.contains(&v["move"]), "{v}");
    let v = post(&s, "/api/engine-move", &json!({"depth": 2, "book": false})).json();
    assert_eq!((v.get("book"), v["depth"].as_u64()), (None, Some(2)), "{v}");
    assert!(v["nodes"].as_u64().unwrap() > 0, "{v}");
    let a = post(&s, "/api/engine-move", &json!({"book": "yes"}));
    assert_eq!(a.status, 400, "{}", a.text());
    // An analysis with a limit is a search all the same, on the engine
    // that just played from the book.
    drop(s);
    let s = server(1);
    let events = Events::open(s.addr(), "/api/analyse?depth=3")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    let (last, infos) = events.split_last().unwrap();
    assert_eq!(
        (last.0.as_str(), &last.1["depth"]),
        ("bestmove", &json!(3)),
        "{:?}",
        last
    );
    assert_eq!(last.1.get("book"), None, "{:?}", last);
    assert!(!infos.is_empty());
    let v = post(s.addr(), "/api/engine-move", &json!({"movetime": 100})).json();
    assert_eq!(v["book"], true, "{v}");
    let events = Events::open(s.addr(), "/api/analyse?depth=2")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    assert_eq!(events.last().unwrap().1["depth"], 2);
}

#[test]
fn engine_move_on_a_clock_keeps_within_it() {
    let s = in_process(1);
    let started = Instant::now();
    let a = post(
        &s,
        "/api/engine-move",
        &json!({"rules": "turkish", "moves": ["c3-c4"], "book": false,
                "clock": {"white": 60000, "black": 300, "white_increment": 0, "black_increment": 0}}),
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    assert!(v["move"]["move"].is_string(), "{v}");
    // 300 ms left: the engine's own time budget is a fraction of it.
    assert!(
        started.elapsed() < Duration::from_millis(1000),
        "{:?}",
        started.elapsed()
    );
    // A clock and a depth together: whichever ends the search first.
    let v = post(
        &s,
        "/api/engine-move",
        &json!({"depth": 2, "book": false,
                "clock": {"white": 600000, "black": 600000, "moves_to_go": 20}}),
    )
    .json();
    assert_eq!(v["depth"], 2, "{v}");
    let cases = [
        (json!({"clock": {"white": 1}}), "missing field `black`"),
        (
            json!({"clock": {"white": -1, "black": 1}}),
            "invalid JSON body",
        ),
        (
            json!({"clock": {"white": 1, "black": 1, "byoyomi": 5}}),
            "unknown field `byoyomi`",
        ),
        (
            json!({"clock": {"white": 86400001u64, "black": 1}}),
            "invalid clock.white 86400001",
        ),
        (
            json!({"clock": {"white": 1, "black": 1, "moves_to_go": 0}}),
            "invalid clock.moves_to_go 0",
        ),
        (json!({"clock": "3m+2s"}), "invalid JSON body"),
    ];
    for (body, message) in cases {
        let a = post(&s, "/api/engine-move", &body);
        assert_eq!(a.status, 400, "{body}: {}", a.text());
        let error = a.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(message), "{body}: {error}");
    }
    assert_eq!(free_slots(&s), 1);
}

#[test]
fn a_ponder_hit_keeps_the_search_and_answers_the_engine_move() {
    let s = server(1);
    let a = post(
        s.addr(),
        "/api/ponder",
        // The book off: the position is in the turkish book, whose move
        // would answer at once.
        &json!({"rules": "turkish", "moves": ["c3-c4"], "ponder": "f6-f5", "movetime": 150, "book": false}),
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    let id = v["id"].as_str().unwrap().to_string();
    let after = post(
        s.addr(),
        "/api/play",
        &json!({"rules": "turkish", "moves": ["c3-c4"], "move": "f6-f5"}),
    )
    .json();
    assert_eq!(
        v["fen"], after["fen"],
        "the position after the predicted move"
    );
    // The movetime counts from the hit: longer than it, the search goes on.
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(free_slots(s.addr()), 0, "the ponder search holds its slot");
    let busy = post(s.addr(), "/api/engine-move", &json!({"depth": 1}));
    assert_eq!(busy.status, 503);
    let hit_at = Instant::now();
    let a = post(s.addr(), &format!("/api/ponder/{id}/hit"), &json!({}));
    assert_eq!(a.status, 200, "{}", a.text());
    let took = hit_at.elapsed();
    assert!(took < Duration::from_millis(1500), "{took:?}");
    let v = a.json();
    let mv = v["move"]["move"].as_str().unwrap().to_string();
    let legal = move_texts(
        &post(
            s.addr(),
            "/api/moves",
            &json!({"rules": "turkish", "moves": ["c3-c4", "f6-f5"]}),
        )
        .json()["moves"],
    );
    assert!(legal.contains(&mv), "{v}");
    assert!(v["depth"].as_u64().unwrap() >= 1, "{v}");
    assert_eq!(free_slots(s.addr()), 1);
    // A job is hit once.
    let a = post(s.addr(), &format!("/api/ponder/{id}/hit"), &json!({}));
    assert_eq!(a.status, 404);
    assert!(a.json()["error"]
        .as_str()
        .unwrap()
        .contains("no ponder job"));
}

#[test]
fn a_ponder_search_that_ends_before_the_hit_is_held_for_it() {
    let s = in_process(1);
    // A depth limit ends the search before the hit: the slot is free, the
    // answer waits for the hit.
    let v = post(
        &s,
        "/api/ponder",
        &json!({"moves": ["c3-c4"], "ponder": "f6-f5", "depth": 3, "book": false,
                "clock": {"white": 60000, "black": 60000}}),
    )
    .json();
    let id = v["id"].as_str().unwrap().to_string();
    wait_for("the ponder search to end", || free_slots(&s) == 1);
    let v = post(&s, &format!("/api/ponder/{id}/hit"), &json!({})).json();
    assert_eq!(v["depth"], 3, "{v}");
    assert!(v["move"]["move"].is_string(), "{v}");
    // A miss of a search that has ended stops nothing else: the engine
    // back in the pool searches for another request meanwhile.
    let v = post(
        &s,
        "/api/ponder",
        &json!({"moves": ["c3-c4"], "ponder": "f6-f5", "depth": 1, "book": false}),
    )
    .json();
    let id = v["id"].as_str().unwrap().to_string();
    wait_for("the ponder search to end", || free_slots(&s) == 1);
    let router = s.router.clone();
    let handle = s.runtime.spawn(async move {
        let request = axum::http::Request::post("/api/engine-move")
            .body(axum::body::Body::from(r#"{"depth": 11, "book": false}"#))
            .unwrap();
        let answer = router.oneshot(request).await.unwrap();
        let body = axum::body::to_bytes(answer.into_body(), usize::MAX)
            .await
            .unwrap();
        serde_json::from_slice::<Value>(&body).unwrap()
    });
    wait_for("the engine move to take the slot", || free_slots(&s) == 0);
    assert_eq!(
        post(&s, &format!("/api/ponder/{id}/stop"), &json!({})).status,
        200
    );
    let v = s.runtime.block_on(handle).unwrap();
    assert_eq!(v["depth"], 11, "the engine move was not stopped: {v}");
}

#[test]
fn a_ponder_miss_stops_the_search_and_bad_requests_are_refused() {
    let s = in_process(1);
    let v = post(
        &s,
        "/api/ponder",
        &json!({"moves": ["c3-c4"], "ponder": "f6-f5", "book": false,
                "clock": {"white": 60000, "black": 60000}}),
    )
    .json();
    let id = v["id"].as_str().unwrap().to_string();
    assert_eq!(free_slots(&s), 0);
    // One slot: a second ponder is refused.
    let busy = post(
        &s,
        "/api/ponder",
        &json!({"moves": ["c3-c4"], "ponder": "f6-f5"}),
    );
    assert_eq!(busy.status, 503, "{}", busy.text());
    let a = post(&s, &format!("/api/ponder/{id}/stop"), &json!({}));
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(a.json(), json!({"stopped": true}));
    assert_eq!(free_slots(&s), 1);
    for path in [
        format!("/api/ponder/{id}/hit"),
        format!("/api/ponder/{id}/stop"),
        "/api/ponder/nope/hit".to_string(),
    ] {
        let a = post(&s, &path, &json!({}));
        assert_eq!(a.status, 404, "{path}: {}", a.text());
        assert!(a.json()["error"].is_string());
    }
    let cases = [
        (json!({"moves": ["c3-c4"]}), "missing field `ponder`"),
        (
            json!({"moves": ["c3-c4"], "ponder": "f6-f3"}),
            "invalid ponder",
        ),
        (
            json!({"moves": ["c3-c4"], "ponder": "f6-"}),
            "invalid ponder",
        ),
        (json!({"ponder": "f6-f5"}), "invalid ponder"),
        (
            json!({"moves": ["c3-c4"], "ponder": "f6-f5", "movetime": 0}),
            "invalid movetime 0",
        ),
        (
            json!({"moves": ["c3-c4"], "ponder": "f6-f5", "clock": {"white": 1}}),
            "missing field `black`",
        ),
        (
            json!({"fen": "W:Wa2:Ba3,a4,b2,b3,c2,Kh8", "ponder": "a2-a3"}),
            "the game is over",
        ),
        (
            json!({"fen": "B:Wc3:Bc4", "ponder": "c4xc2"}),
            "the game is over after c4xc2",
        ),
        (
            json!({"moves": ["c3-c4"], "ponder": "f6-f5", "wait": 1}),
            "unknown field `wait`",
        ),
    ];
    for (body, message) in cases {
        let a = post(&s, "/api/ponder", &body);
        assert_eq!(a.status, 400, "{body}: {}", a.text());
        let error = a.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(message), "{body}: {error}");
    }
    assert_eq!(get(&s, "/api/ponder").status, 405);
    assert_eq!(free_slots(&s), 1);
}

const GAME: &str = r#"[Event "Test"]
[Result "*"]

1. h3-h4 {a quiet start} b6-b5 2. f3-f4 ( 2. a3-a4 ) 2... g6-g5 *
"#;

#[test]
fn pdn_check_json_and_fmt() {
    let s = in_process(1);
    let bad = "[Result \"*\"]\n\n1. c3-c5 *\n";
    let both = format!("{GAME}\n{bad}");
    let v = post_raw(&s, "/api/pdn/check", both.as_bytes()).json();
    assert_eq!(v["games"], 2);
    assert_eq!(v["invalid"], 1);
    let problem = &v["problems"][0];
    assert_eq!(problem["line"], 8);
    assert_eq!(problem["column"], 4);
    assert!(problem["message"].as_str().unwrap().contains("c3-c5"));

    let v = post_raw(&s, "/api/pdn/json", both.as_bytes()).json();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let game: tama_notation::pdn::PdnGame = GAME.parse().unwrap();
    assert_eq!(games[0], serde_json::to_value(&game).unwrap());
    assert_eq!(games[1]["line"], 8);
    assert!(games[1]["error"].is_string());

    let a = post_raw(&s, "/api/pdn/fmt", GAME.as_bytes());
    assert_eq!(a.status, 200);
    assert_eq!(a.text(), game.to_pdn());
    let a = post_raw(&s, "/api/pdn/fmt", both.as_bytes());
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["line"], 8);
}

#[test]
fn the_page_is_served_compressed() {
    let s = in_process(1);
    let a = get(&s, "/");
    assert_eq!(a.status, 200);
    assert_eq!(a.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(a.body, tama_web::assets::find("index.html").unwrap().bytes);
    for asset in tama_web::assets::ASSETS {
        let a = get(&s, &format!("/{}", asset.path));
        assert_eq!(a.status, 200, "{}", asset.path);
        assert_eq!(a.header("content-type"), Some(asset.content_type));
        assert_eq!(a.body, asset.bytes, "{}", asset.path);
    }
    let a = request_with(&s, "GET", "/", "Accept-Encoding: gzip\r\n", b"");
    assert_eq!(a.header("content-encoding"), Some("gzip"));
    assert!(a.body.starts_with(&[0x1f, 0x8b]));
}

/// The page learns here that the server's engine answers; every answer is
/// cross-origin isolated (the browser's engine then stops in place).
#[test]
fn the_page_config_names_the_servers_engine() {
    let s = in_process(3);
    let a = get(&s, "/config.json");
    assert_eq!(a.status, 200);
    let v: Value = serde_json::from_slice(&a.body).unwrap();
    assert_eq!(
        v,
        json!({"engine": "server", "threads": 3, "tablebases": false, "books": ["armenian", "turkish", "armenian-orthogonal"]})
    );
    for path in ["/", "/api/health", "/tama/index.js", "/nope"] {
        let a = get(&s, path);
        assert_eq!(
            a.header("cross-origin-opener-policy"),
            Some("same-origin"),
            "{path}"
        );
        assert_eq!(
            a.header("cross-origin-embedder-policy"),
            Some("require-corp"),
            "{path}"
        );
    }
}

#[test]
fn garbage_never_stops_the_server() {
    let s = server(1);
    let addr = s.addr();
    let mut rng = tama_test_support::Rng::xorshift(0x9e37_79b9_7f4a_7c15);
    let text_alphabet = b"WBKwbk:,.-x0123456789abcdefghij HF\"{}[]\\\x00\xff";
    let mut statuses = std::collections::BTreeSet::new();
    for i in 0..300 {
        let len = (rng.next_u64() % 40) as usize;
        let junk = String::from_utf8_lossy(&rng.bytes(len, text_alphabet)).into_owned();
        let (path, body) = match i % 6 {
            0 => ("/api/moves", json!({"fen": junk}).to_string().into_bytes()),
            1 => (
                "/api/moves",
                json!({"rules": junk}).to_string().into_bytes(),
            ),
            2 => ("/api/play", json!({"move": junk}).to_string().into_bytes()),
            3 => (
                "/api/play",
                json!({"moves": [junk], "move": "c3-c4"})
                    .to_string()
                    .into_bytes(),
            ),
            4 => ("/api/pdn/check", rng.bytes(len * 8, text_alphabet)),
            _ => ("/api/moves", rng.bytes(len, text_alphabet)),
        };
        let a = post_raw(addr, path, &body);
        assert!(
            a.status == 200 || a.status == 400,
            "{path} {:?}: {} {}",
            String::from_utf8_lossy(&body),
            a.status,
            a.text()
        );
        statuses.insert(a.status);
        assert!(a.json().is_object());
    }
    assert!(statuses.contains(&400));
    // Broken HTTP, a deeply nested body, and an analysis query of junk.
    for raw in [
        &b"\x00\x01\x02garbage\r\n\r\n"[..],
        b"GET / HTTP/9.9\r\n\r\n",
        b"POST /api/moves HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        b"GET /api/analyse?fen=%ff%fe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    ] {
        let mut conn = connect(addr);
        let _ = conn.write_all(raw);
        let _ = conn.shutdown(std::net::Shutdown::Write);
        let mut sink = Vec::new();
        let _ = conn.read_to_end(&mut sink);
    }
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(post_raw(addr, "/api/moves", deep.as_bytes()).status, 400);
    assert_eq!(get(addr, "/api/health").json()["status"], "ok");
    assert_eq!(post(addr, "/api/moves", &json!({})).status, 200);
}

#[test]
fn shutdown_ends_open_analyses() {
    let s = server(1);
    let addr = s.addr();
    let mut events = Events::open(addr, "/api/analyse")
        .map_err(|a| a.text())
        .unwrap();
    assert_eq!(events.next().unwrap().0, "info");
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        s.shutdown();
        let _ = done_tx.send(());
    });
    // The stream ends with its bestmove event, then the server stops.
    let rest: Vec<_> = std::iter::from_fn(|| events.next()).collect();
    assert_eq!(rest.last().unwrap().0, "bestmove");
    done_rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the server shuts down with an analysis open");
}

#[test]
fn rules_lists_the_switches_and_presets_of_the_libraries() {
    use tama_core::Preset;
    use tama_notation::Switch;
    let s = in_process(1);
    let a = get(&s, "/api/rules");
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    let switches = v["switches"].as_array().unwrap();
    assert_eq!(switches.len(), Switch::ALL.len());
    for (json, switch) in switches.iter().zip(Switch::ALL) {
        assert_eq!(json["name"], switch.name());
        assert_eq!(json["values"], json!(switch.values()));
        assert_eq!(json["description"], switch.description());
    }
    let presets = v["presets"].as_array().unwrap();
    assert_eq!(presets.len(), Preset::ALL.len());
    for (json, preset) in presets.iter().zip(Preset::ALL) {
        assert_eq!(json["name"], preset.name());
        for switch in Switch::ALL {
            assert_eq!(
                json["switches"][switch.name()],
                switch.get(&preset.rules()),
                "{preset} {switch}"
            );
        }
    }
    // Without `rules`, the default; with it, that text in canonical form.
    assert_eq!(v["rules"]["text"], "armenian");
    let a = get(
        &s,
        "/api/rules?rules=Armenian,%20man-diagonal=no,king-diagonal=no,draw-one-each=yes,promotion=midway",
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let r = &a.json()["rules"];
    assert_eq!(r["text"], "turkish,promotion=midway");
    assert_eq!(r["preset"], "turkish");
    assert_eq!(r["switches"]["promotion"], "midway");
    assert_eq!(r["switches"]["man-diagonal"], "no");
    let bad = get(&s, "/api/rules?rules=armenian,foo=yes");
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"]
        .as_str()
        .unwrap()
        .contains("unknown switch"));
    assert_eq!(bad.json()["column"], 10);
    assert_eq!(get(&s, "/api/rules?colour=white").status, 400);
}

#[test]
fn levels_are_the_engine_levels_and_each_is_a_valid_engine_move() {
    use tama_search::Level;
    let s = server(1);
    let a = get(s.addr(), "/api/levels");
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    assert_eq!(v["default"], Level::DEFAULT.level);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), Level::ALL.len());
    for (json, level) in levels.iter().zip(Level::ALL) {
        assert_eq!(
            *json,
            json!({"level": level.level, "depth": level.depth, "movetime_ms": level.movetime_ms})
        );
    }
    // The weakest level's limits are accepted by the engine move.
    let first = &levels[0];
    let a = post(
        s.addr(),
        "/api/engine-move",
        &json!({"depth": first["depth"], "movetime": first["movetime_ms"]}),
    );
    assert_eq!(a.status, 200, "{}", a.text());
    assert!(a.json()["move"].is_object());
}

/// A short game whose tenth move, h5-g5, gives three men away.
const REVIEW_MOVES: &str =
    "a3-b4,e6-e5,f3-g4,g6-h5,b4-c5,c6xc4,c3xc5,e5-f5,d3-c3,h5-g5,g4xc8,d7-e6";

#[test]
fn review_streams_progress_verdicts_and_a_summary() {
    let s = server(1);
    let events = Events::open(
        s.addr(),
        &format!("/api/review?moves={REVIEW_MOVES}&depth=3"),
    )
    .map_err(|a| a.text())
    .unwrap()
    .all();
    let total = REVIEW_MOVES.split(',').count();
    assert_eq!(
        events[0],
        ("progress".to_string(), json!({"done": 0, "total": total}))
    );
    let (last, rest) = events[1..].split_last().unwrap();
    assert_eq!(last.0, "summary");
    // Each move: its verdict, then the progress.
    assert_eq!(rest.len(), 2 * total);
    let mut marks = [[0, 0], [0, 0]];
    for (ply, pair) in rest.chunks(2).enumerate() {
        let (name, v) = &pair[0];
        assert_eq!(name, "move");
        assert_eq!(
            pair[1],
            (
                "progress".to_string(),
                json!({"done": ply + 1, "total": total})
            )
        );
        assert_eq!(v["ply"], ply);
        assert_eq!(v["move"], REVIEW_MOVES.split(',').nth(ply).unwrap());
        assert_eq!(v["side"], if ply % 2 == 0 { "white" } else { "black" });
        let comment = v["comment"].as_str().unwrap();
        // The evaluation after the move from White's side, then the best
        // move where it is another one.
        assert!(
            comment.starts_with('+') || comment.starts_with('-'),
            "{comment}"
        );
        let best = v["best"].as_str().unwrap();
        assert_eq!(comment.contains(" best "), best != v["move"], "{comment}");
        assert_eq!(v["pv"][0], best);
        let loss = v["loss"].as_i64().unwrap();
        let mark = v["mark"].as_str();
        if best == v["move"] {
            assert_eq!(mark, None);
        } else {
            let expected = if loss >= 150 {
                Some("??")
            } else if loss >= 50 {
                Some("?")
            } else {
                None
            };
            assert_eq!(mark, expected, "{v}");
        }
        if let Some(m) = mark {
            marks[ply % 2][usize::from(m == "??")] += 1;
        }
        if ply == 9 {
            assert_eq!(mark, Some("??"), "h5-g5 is a blunder: {v}");
        }
    }
    let summary = &last.1;
    for (k, side) in ["white", "black"].iter().enumerate() {
        assert_eq!(summary[side]["mistakes"], marks[k][0], "{summary}");
        assert_eq!(summary[side]["blunders"], marks[k][1], "{summary}");
    }
    wait_for("the slot to free", || free_slots(s.addr()) == 1);
    // The same game and limits give the same review (the slot's table is
    // cleared first).
    let again = Events::open(
        s.addr(),
        &format!("/api/review?moves={REVIEW_MOVES}&depth=3"),
    )
    .map_err(|a| a.text())
    .unwrap()
    .all();
    assert_eq!(again, events);
}

#[test]
fn review_of_a_game_without_moves_and_from_a_position() {
    let s = server(1);
    let events = Events::open(s.addr(), "/api/review?depth=2")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].1, json!({"done": 0, "total": 0}));
    assert_eq!(events[1].0, "summary");
    // The one move, a forced capture that ends the game.
    let events = Events::open(s.addr(), "/api/review?fen=W:Wd4:Bd5&moves=d4xd6&nodes=5000")
        .map_err(|a| a.text())
        .unwrap()
        .all();
    let verdict = &events[1].1;
    assert_eq!(events[1].0, "move");
    assert_eq!(verdict["move"], "d4xd6");
    assert_eq!(verdict["best"], "d4xd6");
    assert_eq!(verdict["mark"], Value::Null);
}

#[test]
fn review_rejects_bad_parameters_and_busy_slots() {
    let s = server(1);
    let cases = [
        ("/api/review?depth=0", "invalid depth 0", None),
        ("/api/review?depth=61", "invalid depth 61", None),
        ("/api/review?movetime=0", "invalid movetime 0", None),
        ("/api/review?movetime=30001", "invalid movetime 30001", None),
        ("/api/review?nodes=0", "invalid nodes 0", None),
        ("/api/review?multipv=2", "invalid query", None),
        ("/api/review?fen=W:Wa2,i9", "unknown square", Some(7)),
        ("/api/review?moves=c3-c4,c4-c6", "invalid moves[1]", None),
        ("/api/review?rules=armenian,x=1", "invalid rules", Some(10)),
    ];
    for (path, message, column) in cases {
        let a = Events::open(s.addr(), path).err().expect("an error answer");
        assert_eq!(a.status, 400, "{path}");
        let v = a.json();
        assert!(
            v["error"].as_str().unwrap().contains(message),
            "{path}: {v}"
        );
        assert_eq!(v["column"].as_u64(), column, "{path}");
    }
    assert_eq!(free_slots(s.addr()), 1);
    let mut running = Events::open(s.addr(), "/api/analyse")
        .map_err(|a| a.text())
        .unwrap();
    assert_eq!(running.next().unwrap().0, "info");
    let busy = Events::open(s.addr(), "/api/review?depth=2&moves=c3-c4")
        .err()
        .unwrap();
    assert_eq!(busy.status, 503);
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
}

#[test]
fn a_review_stops_when_its_client_leaves() {
    let s = server(1);
    // Thirty seconds a position: only a stop ends it soon.
    let mut review = Events::open(
        s.addr(),
        &format!("/api/review?moves={REVIEW_MOVES}&movetime=30000"),
    )
    .map_err(|a| a.text())
    .unwrap();
    assert_eq!(review.next().unwrap().0, "progress");
    assert_eq!(free_slots(s.addr()), 0);
    drop(review);
    wait_for("the slot to free after a disconnect", || {
        free_slots(s.addr()) == 1
    });
}

#[test]
fn shutdown_ends_open_reviews() {
    let s = server(1);
    let addr = s.addr();
    let mut events = Events::open(
        addr,
        &format!("/api/review?moves={REVIEW_MOVES}&movetime=30000"),
    )
    .map_err(|a| a.text())
    .unwrap();
    assert_eq!(events.next().unwrap().0, "progress");
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        s.shutdown();
        let _ = done_tx.send(());
    });
    let rest: Vec<_> = std::iter::from_fn(|| events.next()).collect();
    let last = rest.last().expect("an event before the end");
    assert_eq!(last.0, "error");
    assert!(last.1["error"].as_str().unwrap().contains("shutting down"));
    assert!(rest.iter().all(|(name, _)| name != "summary"));
    done_rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the server shuts down with a review open");
}
