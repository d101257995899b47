//! Ctrl-C on a long job, as a person presses it: `tama book build` as a
//! real process gets SIGINT, ends with exit code 130 and its state
//! saved, and the same command goes on from it; a second Ctrl-C ends it at
//! once.
#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Kills the build if the test fails half-way.
struct Reap(Child);

impl Drop for Reap {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `tama book build` of a turkish book to `out`, its standard error's
/// lines arriving on the receiver.
fn start(out: &Path, positions: &str, nodes: &str, batch: &str) -> (Reap, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args(["book", "build", "--rules", "turkish", "--threads", "1"])
        .arg("--out")
        .arg(out)
        .args(["--positions", positions, "--nodes", nodes, "--batch", batch])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tama starts");
    let stderr: ChildStderr = child.stderr.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (Reap(child), rx)
}

/// The next line containing `what` (the lines before it are skipped).
fn wait_for(rx: &Receiver<String>, what: &str) -> String {
    loop {
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(line) if line.contains(what) => return line,
            Ok(_) => {}
            Err(e) => panic!("no line with {what:?}: {e}"),
        }
    }
}

fn ctrl_c(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Waits for the process (two minutes at most) and returns its exit code.
fn exit_code(child: &mut Child) -> Option<i32> {
    for _ in 0..1200 {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("still running two minutes after Ctrl-C");
}

#[test]
fn ctrl_c_stops_a_book_build_with_its_state_saved_and_it_goes_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("t.tbk");
    let state = dir.path().join("t.tbk.state");
    let (mut child, lines) = start(&out, "100000", "3000", "4");
    // The first line comes once Ctrl-C is caught; then a batch or two.
    let first = wait_for(&lines, "Ctrl-C");
    assert!(first.contains("100000 positions"), "{first}");
    wait_for(&lines, " searches");
    ctrl_c(&child.0);
    assert_eq!(exit_code(&mut child.0), Some(130));
    let stopped = wait_for(&lines, "stopped:");
    let saved: usize = stopped
        .strip_prefix("stopped: ")
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stopped}"));
    assert!(saved > 1, "{stopped}");
    assert!(
        stopped.ends_with(&format!(
            "of 100000 positions, saved in {}; the same command goes on from there",
            state.display()
        )),
        "{stopped}"
    );
    assert!(state.exists());
    assert!(!out.exists(), "no book file before the target");

    // Going on to a few positions more: it resumes, and writes the book.
    let more = (saved + 4).to_string();
    let (mut child, lines) = start(&out, &more, "3000", "4");
    let resumed = wait_for(&lines, " searches");
    assert!(resumed.contains("(resumed)"), "{resumed}");
    assert_eq!(exit_code(&mut child.0), Some(0));
    assert!(out.exists());
}

#[test]
fn a_second_ctrl_c_ends_the_build_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("t.tbk");
    // A first batch of minutes: only the second Ctrl-C can end it soon.
    let (mut child, lines) = start(&out, "100000", "5000000", "64");
    wait_for(&lines, "Ctrl-C");
    ctrl_c(&child.0);
    std::thread::sleep(Duration::from_millis(300));
    ctrl_c(&child.0);
    assert_eq!(exit_code(&mut child.0), Some(130));
    // Every line, to the end of its standard error.
    let rest: Vec<String> = lines.iter().collect();
    assert!(
        rest.iter().all(|l| !l.contains("stopped:")),
        "it quit at once, without the batch's end: {rest:?}"
    );
    assert!(!out.exists());
}
