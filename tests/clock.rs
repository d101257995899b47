//! Clocks through the command line: `tama play --clock` (the clocks shown,
//! a flag, save and load of the times), `tama pdn` keeping them, and
//! `tama match --tc` / `tama sprt --tc` on a clock.

use std::io::{BufRead, Read};
use std::time::Duration;

use serde_json::Value;
use tama_core::{Color, Termination};
use tama_notation::pdn::{PdnGame, PdnReader, TIME_CONTROL_TAG};

use crate::cli::{tama, tama_with_input};

fn read_game(text: &str) -> PdnGame {
    PdnReader::new(text.as_bytes())
        .next()
        .expect("a game")
        .unwrap_or_else(|e| panic!("the saved game reads back ({e}):\n{text}"))
}

/// Snapshots of transcripts with the times left (which depend on how fast
/// the machine is) and the engine's evaluations filtered out.
fn assert_transcript(name: &str, transcript: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"\d+:\d\d:\d\d(\.\d)?", "[time]");
    settings.add_filter(r"\[\s+\[time\] \|\s+\[time\]\]", "[clocks]");
    settings.add_filter(r"eval [^;)]+", "eval [eval]");
    settings.add_filter(r"; line [^)\n]*\)", "; line [line])");
    settings.add_filter(r"\d{4}\.\d\d\.\d\d", "[date]");
    settings.bind(|| insta::assert_snapshot!(name, transcript));
}

#[test]
fn play_on_a_clock_shows_saves_and_loads_the_times() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("clock.pdn");
    let file_arg = file.display().to_string();
    let script = format!("c3c4\nc4c5\nsave {file_arg}\nquit\n");
    let (code, out, err) = tama_with_input(&["play", "--clock", "5m+3s", "--depth", "2"], &script);
    assert_eq!(code, 0, "{err}");
    let transcript = out.replace(&file_arg, "<FILE>");
    assert_transcript("play_on_a_clock", &transcript);

    // The record has the time control and both clocks after each move.
    let text = std::fs::read_to_string(&file).unwrap();
    let pdn = read_game(&text);
    assert_eq!(pdn.tag(TIME_CONTROL_TAG).as_deref(), Some("300+3"));
    let nodes = pdn.main_line().nodes();
    assert_eq!(nodes.len(), 4);
    for (i, node) in nodes.iter().enumerate() {
        let comment = node.comments_after().join(" ");
        let running = if i % 2 == 0 { " B" } else { "W" };
        assert!(comment.starts_with("[%clock "), "{comment}");
        assert!(comment.contains(running), "{comment}");
    }
    let game = pdn.to_game().expect("the record is a game");
    let clock = game.clock().expect("on a clock");
    assert_eq!(clock.times().len(), 4);
    // Each player thought less than its increment: more than 5 minutes.
    for c in [Color::White, Color::Black] {
        assert!(
            clock.left(c) > Duration::from_secs(300),
            "{:?}",
            clock.left(c)
        );
    }

    // `load` reads the times back and `save -` writes them again.
    let (code, out, err) = tama_with_input(
        &["play", "--depth", "2"],
        &format!("load {file_arg}\nsave -\nquit\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Loaded a game of 4 moves."), "{out}");
    let again = out
        .split("save -\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").find(|part| part.contains("1. c3-c4")))
        .expect("the record was printed");
    let moves = text
        .split("\n\n")
        .find(|part| part.contains("1. c3-c4"))
        .unwrap();
    assert_eq!(again.trim(), moves.trim());

    // `tama pdn fmt` keeps them, and `tama pdn check` finds nothing wrong.
    let (code, formatted, err) = tama(&["pdn", "fmt", &file_arg]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(formatted, text);
    let (code, out, err) = tama(&["pdn", "check", &file_arg]);
    assert_eq!(code, 0, "{out}{err}");
}

/// A standard input whose lines come slowly, like a person's.
struct Slow<'a> {
    lines: std::str::Lines<'a>,
    pause: Duration,
    buffer: Vec<u8>,
    at: usize,
}

impl Read for Slow<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Slow<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.buffer.len() {
            if let Some(line) = self.lines.next() {
                std::thread::sleep(self.pause);
                self.buffer = format!("{line}\n").into_bytes();
                self.at = 0;
            }
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

#[test]
fn a_flag_falls_while_a_person_thinks() {
    // White has 100 ms and takes 400 ms for its first line: its flag
    // falls while it thinks, before the move arrives.
    let mut input = Slow {
        lines: "c3c4\nsave -\nquit".lines(),
        pause: Duration::from_millis(400),
        buffer: Vec::new(),
        at: 0,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = ["tama", "play", "--color", "both", "--clock", "100ms"];
    let code = tama_cli::run(argv, &mut input, &mut out, &mut err);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    let flag = out.find("Game over (0-1): White ran out of time; Black wins.");
    let refused = out.find("The game is over (time forfeit)");
    assert!(
        flag.is_some() && refused.is_some() && flag < refused,
        "{out}"
    );
    let pdn = read_game(out.split("save -\n").nth(1).expect("saved"));
    assert_eq!(pdn.tag("Termination").as_deref(), Some("time forfeit"));
    assert_eq!(pdn.tag(TIME_CONTROL_TAG).as_deref(), Some("0.1"));
    let game = pdn.to_game().unwrap();
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::TimeForfeit)
    );
    assert_eq!(game.clock().and_then(|c| c.flagged()), Some(Color::White));
}

#[test]
fn bad_clocks_are_refused_on_one_line() {
    let (code, _, err) = tama(&["play", "--clock", "5m+3"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: invalid --clock `5m+3`: column 4: `3` has no unit: expected h, m, s or ms after it\n"
    );
    let (code, _, err) = tama(&["play", "--clock", "5m", "--movetime", "100"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = tama(&["play", "--flag", "lose"]);
    assert_eq!(code, 2, "--flag needs --clock: {err}");
    let (code, _, err) = tama(&["match", "--tc", "0s"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: invalid --tc `0s`: column 1: the first stage needs a time above zero\n"
    );
    let (code, _, err) = tama(&["match", "--tc", "1s", "--movetime", "10"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = tama(&["sprt", "--a", "full", "--b", "full", "--tc", "100"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: invalid --tc `100`: column 1: `100` has no unit: expected h, m, s or ms after it; \
         for 100 ms per move use --movetime 100\n"
    );
}

#[test]
fn a_match_on_a_clock_reports_losses_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.pdn");
    let file_arg = file.display().to_string();
    let (code, out, err) = tama(&[
        "match",
        "--games",
        "2",
        "--tc",
        "1s+0.01s",
        "--max-plies",
        "30",
        "--random-plies",
        "2",
        "--json",
        "--pdn",
        &file_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["a"], "full 1s+0.01s (A)");
    assert_eq!(v["tc"], "1s+0.01s");
    let lost = |k: &str| v["losses_on_time"][k].as_u64().expect("a count");
    let forfeits = v["endings"]["time forfeit"].as_u64().unwrap_or(0);
    assert_eq!(lost("a") + lost("b"), forfeits, "{v}");
    let text = std::fs::read_to_string(&file).unwrap();
    let games: Vec<PdnGame> = PdnReader::new(text.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.tag(TIME_CONTROL_TAG).as_deref(), Some("1+0.01"));
        let game = g.to_game().expect("a match game reads back");
        let clock = game.clock().expect("on a clock");
        // The two opening moves are not timed, the others are.
        assert_eq!(clock.times().len(), game.moves().len() - 2);
        let nodes = g.main_line().nodes();
        assert_eq!(nodes[1].comments_after(), ["end of opening"]);
        assert!(nodes[2].comments_after()[0].starts_with("[%clock "));
    }
    // The text summary says it beside the score; without --tc it does
    // not.
    let (code, out, err) = tama(&[
        "match",
        "--games",
        "2",
        "--tc",
        "1s+0.01s",
        "--max-plies",
        "20",
    ]);
    assert_eq!(code, 0, "{err}");
    let score = out
        .lines()
        .position(|l| l.starts_with("Score of A: "))
        .expect("a score");
    let line = out.lines().nth(score + 1).unwrap();
    assert!(line.starts_with("Losses on time (1s+0.01s): A "), "{out}");
    let (_, out, _) = tama(&["match", "--games", "2", "--depth", "1", "--max-plies", "10"]);
    assert!(!out.contains("Losses on time"), "{out}");
}

#[test]
fn an_sprt_on_a_clock_reports_losses_on_time() {
    let (code, out, err) = tama(&[
        "sprt",
        "--a",
        "full",
        "--b",
        "full,-lmr",
        "--tc",
        "1s+0.01s",
        "--max-games",
        "2",
        "--max-plies",
        "20",
        "--concurrency",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("time control 1s+0.01s)"), "{out}");
    assert!(out.contains("\nlosses on time: A "), "{out}");
    let (code, out, err) = tama(&[
        "sprt",
        "--a",
        "full",
        "--b",
        "full,-lmr",
        "--movetime",
        "5",
        "--max-games",
        "2",
        "--max-plies",
        "10",
        "--concurrency",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 ms per move)"), "{out}");
    assert!(!out.contains("losses on time"), "{out}");
}
