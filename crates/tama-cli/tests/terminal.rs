//! `tama play` on a real terminal and on pipes, as a process: on a
//! pseudo-terminal (util-linux `script`) the Up arrow brings the last line
//! back; on a pipe the same bytes are read as they are; a pipe closed by
//! its reader (`| head`) ends the command quietly.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

const FEN: &str = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6";

/// Types `keys` one group at a time (a pause between them, as a person
/// types) into `tama play --color both` run on a pseudo-terminal; returns
/// what the terminal showed.
fn on_a_terminal(keys: &[&str]) -> String {
    let mut child = Command::new("script")
        .args([
            "-qfec",
            &format!("{} play --color both", env!("CARGO_BIN_EXE_tama")),
            "/dev/null",
        ])
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux script runs");
    let mut stdin = child.stdin.take().expect("piped");
    for group in keys {
        std::thread::sleep(Duration::from_millis(500));
        stdin.write_all(group.as_bytes()).expect("typed");
        stdin.flush().expect("typed");
    }
    std::thread::sleep(Duration::from_millis(500));
    drop(stdin);
    let out = child.wait_with_output().expect("tama ends");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_up_arrow_brings_the_last_line_back_on_a_terminal_only() {
    let shown = on_a_terminal(&["fen\r", "\x1b[A\r", "quit\r"]);
    assert_eq!(shown.matches(FEN).count(), 2, "fen twice:\n{shown}");
    assert!(!shown.contains("neither a move nor a command"), "{shown}");

    // On a pipe nothing changes: the escape is a line like any other.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args(["play", "--color", "both"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tama starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(b"fen\n\x1b[A\nquit\n").expect("written");
    drop(stdin);
    let out = child.wait_with_output().expect("tama ends");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches(FEN).count(), 1, "{text}");
    assert!(
        text.contains("White> \x1b[A\n`\x1b[A` is neither a move nor a command"),
        "{text}"
    );
}

#[test]
fn a_pipe_closed_by_its_reader_ends_the_command_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.pdn");
    let game = "[Event \"x\"]\n\n1. c3-c4 f6-f5 *\n\n";
    std::fs::write(&file, game.repeat(20_000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tama"))
        .args(["pdn", "json"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tama starts");
    // `| head -1`: one line read, then the pipe closed.
    let mut lines = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    lines.read_line(&mut first).unwrap();
    assert!(first.starts_with('{'), "{first}");
    drop(lines);
    let out = child.wait_with_output().expect("tama ends");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}
