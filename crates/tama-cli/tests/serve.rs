//! `tama serve` as a real process: the first line is the address, the
//! server answers, and Ctrl-C (SIGINT) ends it cleanly with an analysis
//! stream open and logs written to standard error.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the server if the test fails half-way.
struct Reap(std::process::Child);

impl Drop for Reap {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_prints_its_address_and_stops_on_ctrl_c() {
    let child = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args([
            "serve",
            "--port",
            "0",
            "--threads",
            "1",
            "--hash",
            "1",
            "--no-online",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tama starts");
    let mut child = Reap(child);
    let child = &mut child.0;
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line
        .trim()
        .strip_prefix("tama serve: http://")
        .and_then(|u| u.strip_suffix('/'))
        .unwrap_or_else(|| panic!("first line: {line:?}"))
        .to_string();
    assert!(url.starts_with("127.0.0.1:"), "{url}");

    // An analysis without a limit stays open.
    let mut stream = TcpStream::connect(&url).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
        .write_all(b"GET /api/analyse HTTP/1.1\r\nHost: t\r\n\r\n")
        .unwrap();
    let mut first = [0u8; 64];
    let n = stream.read(&mut first).unwrap();
    assert!(first[..n].starts_with(b"HTTP/1.1 200"));

    // Ctrl-C.
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            Instant::now() < deadline,
            "tama serve did not stop on SIGINT"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exit.success(), "{exit:?}");
    // The open stream ended with its bestmove event.
    let mut rest = String::new();
    let _ = stream.read_to_string(&mut rest);
    assert!(rest.contains("event: bestmove"), "{rest}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("shutting down"), "{err}");
}
