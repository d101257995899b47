//! The load tester of `tama serve`: load and resource figures of the
//! server, measured from this machine (BENCHMARKS.md).
//!
//! ```text
//! cargo web-load [--clients 64] [--seconds 10] [--games 1000] [--url URL]
//! # the alias of: cargo run --release -p tama-web --example load -- …
//! ```
//!
//! Starts the server in a child process of its own (the same server as
//! `tama serve --port 0 --threads 2`: two search slots of 16 MiB) unless
//! `--url` names a running server, then, each phase bounded in time or
//! count and sending only to the loopback address:
//!
//! 1. `moves`: N clients, each on one keep-alive connection, post the start
//!    position to `/api/moves` for T seconds: requests/s, p50/p99 latency;
//! 2. `play`: the same with `/api/play` and a random legal first move;
//! 3. `analyses`: two unlimited analyses run while one client times
//!    `/api/moves` for T seconds; then both clients disconnect and the time
//!    until both search slots are free again is measured;
//! 4. `games`: G games played through `/api/play` with random legal moves
//!    (the moves from `/api/moves`) until the game ends (or 400 plies),
//!    with the server's resident memory before and after;
//! 5. the page weight: every file under `crates/tama-web/assets`, fetched
//!    with `Accept-Encoding: gzip`, bytes on the wire.
//!
//! The HTTP client is `ureq`, the one the API tests use: one agent per
//! client thread, so one keep-alive connection each; analysis streams are
//! read as they arrive and closed by dropping them.

use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Parser;
use serde_json::{json, Value};
use tama_test_support::Rng;

/// Load `tama serve` from this machine: N clients against /api/moves and
/// /api/play for T seconds (requests/s, p50/p99), latency while 2
/// analyses run, memory over G games, page weight.
#[derive(Debug, Parser)]
#[command(name = "cargo web-load", bin_name = "cargo web-load", about, long_about = None)]
struct Args {
    /// Concurrent clients of the `moves` and `play` phases.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=1024))]
    clients: u32,
    /// Seconds of each timed phase.
    #[arg(long, value_name = "T", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    seconds: u64,
    /// Games of the memory phase (0: skip it).
    #[arg(long, value_name = "G", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    games: u32,
    /// A running server to load instead of starting one (loopback only;
    /// the memory phase needs the server's process and is skipped).
    #[arg(long, value_name = "URL")]
    url: Option<String>,
    /// Be the server: what the load tester starts in its child process.
    #[arg(long, hide = true)]
    serve: bool,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let result = if args.serve { serve() } else { run(&args) };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The child process: the server, its address on the first line, until
/// standard input closes (the parent ended or stopped it).
fn serve() -> Result<()> {
    let server = tama_web::spawn(tama_web::Config {
        port: 0,
        threads: 2,
        hash_mib: 16,
        ..tama_web::Config::default()
    })?;
    println!("http://{}/", server.addr());
    let mut sink = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut sink);
    server.shutdown();
    Ok(())
}

fn run(args: &Args) -> Result<()> {
    let mut server = match &args.url {
        Some(url) => Server::external(url)?,
        None => Server::start()?,
    };
    let result = phases(args, &server);
    server.stop();
    result
}

fn phases(args: &Args, server: &Server) -> Result<()> {
    let addr = server.addr;
    let seconds = Duration::from_secs(args.seconds);
    println!(
        "server {addr}; load from this machine: {}",
        load_average().unwrap_or_else(|| "unknown".into())
    );
    if let Some(kib) = server.pid.and_then(rss_kib) {
        println!(
            "server memory (RSS) at start: {:.1} MiB (hash tables are reserved, filled as searches use them)",
            kib as f64 / 1024.0
        );
    }
    let start = post_once(addr, "/api/moves", &json!({}))?;
    let first_moves: Vec<String> = texts(&start["moves"]);
    if first_moves.is_empty() {
        bail!("the start position has no moves: {start}");
    }

    let moves_body = json!({}).to_string();
    let r = hammer(addr, args.clients as usize, seconds, |_, _| {
        ("/api/moves", moves_body.clone())
    })?;
    r.print("moves (start position)", args.clients);

    let r = hammer(addr, args.clients as usize, seconds, |client, n| {
        let mv = &first_moves[(client * 7919 + n) % first_moves.len()];
        ("/api/play", json!({ "move": mv }).to_string())
    })?;
    r.print("play (a first move)", args.clients);

    analyses_phase(addr, seconds)?;

    if args.games > 0 {
        match server.pid {
            Some(pid) => games_phase(addr, pid, args.games as usize)?,
            None => println!("games: skipped (the server was not started here)"),
        }
    }
    page_weight(addr)?;
    println!(
        "load at the end: {}",
        load_average().unwrap_or_else(|| "unknown".into())
    );
    Ok(())
}

/// The server under load.
struct Server {
    addr: SocketAddr,
    pid: Option<u32>,
    child: Option<Child>,
}

impl Server {
    /// This program again as the server, in a process of its own.
    fn start() -> Result<Server> {
        let exe = std::env::current_exe().context("cannot find this program")?;
        println!(
            "$ {} --serve (the server: two search slots, 16 MiB hash each)",
            exe.display()
        );
        let mut child = Command::new(&exe)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start {}", exe.display()))?;
        let stdout = child.stdout.take().context("no stdout")?;
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line)?;
        let pid = child.id();
        let mut server = Server::external(line.trim())
            .with_context(|| format!("unexpected first line {line:?}"))?;
        server.pid = Some(pid);
        server.child = Some(child);
        Ok(server)
    }

    fn external(url: &str) -> Result<Server> {
        let hostport = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let addr = hostport
            .to_socket_addrs()?
            .next()
            .with_context(|| format!("no address for {url}"))?;
        if !addr.ip().is_loopback() {
            bail!("{url} is not a loopback address: load is only sent to this machine");
        }
        Ok(Server {
            addr,
            pid: None,
            child: None,
        })
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// An answer: its status and whole body.
type Answer = (u16, ureq::http::HeaderMap, Vec<u8>);

/// A client with one keep-alive connection to the server (an agent that
/// keeps at most one idle connection), failing on any status but 200.
struct Conn {
    agent: ureq::Agent,
    base: String,
}

impl Conn {
    fn open(addr: SocketAddr) -> Result<Conn> {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_idle_connections(1)
            .max_idle_connections_per_host(1)
            .timeout_per_read(Some(Duration::from_secs(30)))
            .build();
        Ok(Conn {
            agent: ureq::Agent::new_with_config(config),
            base: format!("http://{addr}"),
        })
    }

    fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Result<Answer> {
        let (head, mut body) = response?.into_parts();
        let body = body.with_config().limit(u64::MAX).read_to_vec()?;
        Ok((head.status.as_u16(), head.headers, body))
    }

    fn post_json(&mut self, path: &str, body: &str) -> Result<Answer> {
        let request = self.agent.post(format!("{}{path}", self.base));
        Conn::answer(
            request
                .header("Content-Type", "application/json")
                .send(body),
        )
    }

    /// A GET with the given `Accept-Encoding` (`""`: none).
    fn get(&mut self, path: &str, accept_encoding: &str) -> Result<Answer> {
        let request = self.agent.get(format!("{}{path}", self.base));
        Conn::answer(request.header("Accept-Encoding", accept_encoding).call())
    }

    /// Posts and checks only the status (the load loops: the client's
    /// parsing would compete with the server for the same cores).
    fn post_status(&mut self, path: &str, body: &str) -> Result<()> {
        let (status, _, answer) = self.post_json(path, body)?;
        if status != 200 {
            let text = String::from_utf8_lossy(&answer);
            bail!("{path} {body}: status {status}: {text}");
        }
        Ok(())
    }

    fn post(&mut self, path: &str, body: &str) -> Result<Value> {
        let (status, _, answer) = self.post_json(path, body)?;
        let value: Value = serde_json::from_slice(&answer)
            .with_context(|| format!("{path}: answer is not JSON"))?;
        if status != 200 {
            bail!("{path} {body}: status {status}: {value}");
        }
        Ok(value)
    }
}

fn post_once(addr: SocketAddr, path: &str, body: &Value) -> Result<Value> {
    Conn::open(addr)?.post(path, &body.to_string())
}

/// Groups the digits of a count by thousands: `21,899`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn texts(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m["move"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Latencies and counts of a timed phase.
struct Report {
    requests: usize,
    elapsed: Duration,
    latencies_us: Vec<u32>,
}

impl Report {
    fn percentile(&self, p: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies_us.len() - 1) as f64 * p).round() as usize;
        f64::from(self.latencies_us[i]) / 1000.0
    }

    fn print(&self, what: &str, clients: u32) {
        println!(
            "{what}: {clients} clients, {} requests in {:.1} s: {} req/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            thousands(self.requests as u64),
            self.elapsed.as_secs_f64(),
            thousands((self.requests as f64 / self.elapsed.as_secs_f64()) as u64),
            self.percentile(0.50),
            self.percentile(0.99),
            self.percentile(1.0),
        );
    }
}

/// `clients` threads, each on one connection, sending `request(client, n)`
/// for `time`.
fn hammer<F>(addr: SocketAddr, clients: usize, time: Duration, request: F) -> Result<Report>
where
    F: Fn(usize, usize) -> (&'static str, String) + Sync,
{
    let start = Instant::now();
    let deadline = start + time;
    let results: Vec<Result<Vec<u32>>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients)
            .map(|client| {
                let request = &request;
                s.spawn(move || -> Result<Vec<u32>> {
                    let mut conn = Conn::open(addr)?;
                    let mut lat = Vec::new();
                    let mut n = 0;
                    while Instant::now() < deadline {
                        let (path, body) = request(client, n);
                        let t = Instant::now();
                        conn.post_status(path, &body)?;
                        lat.push(t.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                        n += 1;
                    }
                    Ok(lat)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| bail!("a client panicked")))
            .collect()
    });
    let elapsed = start.elapsed();
    let mut latencies_us = Vec::new();
    for r in results {
        latencies_us.extend(r?);
    }
    latencies_us.sort_unstable();
    Ok(Report {
        requests: latencies_us.len(),
        elapsed,
        latencies_us,
    })
}

/// An open analysis stream, read up to the end of its first event; the
/// connection closes when it is dropped.
fn open_analysis(addr: SocketAddr) -> Result<impl BufRead> {
    let response = ureq::get(format!("http://{addr}/api/analyse"))
        .header("Accept", "text/event-stream")
        .call()?;
    let mut events = BufReader::new(response.into_body().into_reader());
    let (mut line, mut data) = (String::new(), false);
    loop {
        line.clear();
        if events.read_line(&mut line)? == 0 {
            bail!("/api/analyse: no event");
        }
        data |= line.starts_with("data:");
        if data && line.trim_end().is_empty() {
            return Ok(events);
        }
    }
}

fn free_slots(conn: &mut Conn) -> Result<u64> {
    let v: Value = serde_json::from_slice(&conn.get("/api/health", "")?.2)?;
    v["free_slots"]
        .as_u64()
        .context("no free_slots in /api/health")
}

fn analyses_phase(addr: SocketAddr, time: Duration) -> Result<()> {
    let mut health = Conn::open(addr)?;
    let slots = free_slots(&mut health)?;
    let streams = (0..2)
        .map(|_| open_analysis(addr))
        .collect::<Result<Vec<_>>>()?;
    let r = hammer(addr, 1, time, |_, _| ("/api/moves", "{}".to_string()))?;
    r.print("moves while 2 analyses run", 1);
    let left = Instant::now();
    drop(streams);
    let deadline = left + Duration::from_secs(10);
    while free_slots(&mut health)? < slots {
        if Instant::now() > deadline {
            bail!("the search slots were not freed 10 s after the clients left");
        }
        std::thread::sleep(Duration::from_micros(500));
    }
    println!(
        "analyses stopped: both slots free {:.1} ms after the clients disconnected (polled every 0.5 ms)",
        left.elapsed().as_secs_f64() * 1000.0
    );
    Ok(())
}

/// The resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}

/// The most plies of one random game.
const MAX_PLIES: usize = 400;

fn games_phase(addr: SocketAddr, pid: u32, games: usize) -> Result<()> {
    let before = rss_kib(pid);
    let next = Arc::new(AtomicUsize::new(0));
    let plies = Arc::new(AtomicUsize::new(0));
    let ended = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let mut checkpoints = Vec::new();
    std::thread::scope(|s| -> Result<()> {
        let handles: Vec<_> = (0..8)
            .map(|client| {
                let (next, plies, ended, failed) = (&next, &plies, &ended, &failed);
                s.spawn(move || -> Result<()> {
                    let mut conn = Conn::open(addr)?;
                    let mut rng = Rng::xorshift(0x2545_f491_4f6c_dd1d_u64 ^ (client as u64 + 1));
                    while next.fetch_add(1, Ordering::Relaxed) < games {
                        if failed.load(Ordering::Relaxed) {
                            break;
                        }
                        let r = play_game(&mut conn, &mut rng);
                        match r {
                            Ok((n, over)) => {
                                plies.fetch_add(n, Ordering::Relaxed);
                                ended.fetch_add(usize::from(over), Ordering::Relaxed);
                            }
                            Err(e) => {
                                failed.store(true, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        while handles.iter().any(|h| !h.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            checkpoints.push((next.load(Ordering::Relaxed).min(games), rss_kib(pid)));
        }
        for h in handles {
            h.join().unwrap_or_else(|_| bail!("a client panicked"))?;
        }
        Ok(())
    })?;
    let after = rss_kib(pid);
    let kib =
        |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
    println!(
        "games: {games} random games through /api/moves + /api/play, 8 clients ({} plies, {} ended on the board, any other stopped at {MAX_PLIES} plies) in {:.1} s",
        thousands(plies.load(Ordering::Relaxed) as u64),
        ended.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64()
    );
    let peak = checkpoints.iter().filter_map(|c| c.1).max();
    println!(
        "server memory (RSS): before {}, after {}, peak while playing {}",
        kib(before),
        kib(after),
        kib(peak)
    );
    for (done, rss) in checkpoints.iter().step_by((checkpoints.len() / 5).max(1)) {
        println!("  after ~{done} games started: {}", kib(*rss));
    }
    Ok(())
}

/// Plays one random game; returns its plies and whether it ended on the
/// board.
fn play_game(conn: &mut Conn, rng: &mut Rng) -> Result<(usize, bool)> {
    let mut fen: Option<String> = None;
    for ply in 0..MAX_PLIES {
        let body = match &fen {
            Some(f) => json!({ "fen": f }),
            None => json!({}),
        };
        let v = conn.post("/api/moves", &body.to_string())?;
        if !v["outcome"].is_null() {
            return Ok((ply, true));
        }
        let moves = texts(&v["moves"]);
        let mv = rng.pick(&moves);
        let v = conn.post(
            "/api/play",
            &json!({ "fen": v["fen"], "move": mv }).to_string(),
        )?;
        if !v["outcome"].is_null() {
            return Ok((ply + 1, true));
        }
        fen = v["fen"].as_str().map(str::to_string);
    }
    Ok((MAX_PLIES, false))
}

fn page_weight(addr: SocketAddr) -> Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut files = Vec::new();
    collect(&dir, &dir, &mut files)?;
    files.sort();
    let mut conn = Conn::open(addr)?;
    let (mut raw, mut wire) = (0usize, 0usize);
    for path in &files {
        // Without its gzip feature, ureq hands the body over as it came.
        let (status, headers, body) = conn.get(&format!("/{path}"), "gzip")?;
        if status != 200 {
            println!("  /{path}: status {status} (not served)");
            continue;
        }
        let gzip = headers.get("content-encoding").is_some_and(|v| v == "gzip");
        let size = std::fs::metadata(dir.join(path))?.len() as usize;
        raw += size;
        wire += body.len();
        println!(
            "  /{path}: {size} bytes, {} on the wire{}",
            body.len(),
            if gzip { " (gzip)" } else { "" }
        );
    }
    println!(
        "page weight: {} files, {:.1} KB raw, {:.1} KB gzip-compressed on the wire",
        files.len(),
        raw as f64 / 1000.0,
        wire as f64 / 1000.0
    );
    Ok(())
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(root, &path, out)?;
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

/// `uptime`'s load averages, from `/proc/loadavg`.
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let parts: Vec<&str> = text.split_whitespace().take(3).collect();
    Some(format!("load average {}", parts.join(", ")))
}
