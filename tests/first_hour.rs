//! Issue 47, "a player's first hour": what a new user hit, each through
//! the program's input and output (line editing on a terminal and closed
//! pipes are in crates/tama-cli/tests/terminal.rs).

use serde_json::Value;
use tama_core::Preset;
use tama_notation::write_move;
use tama_puzzle::{embedded, rating::Rating};

use crate::cli::{tama, tama_with_input};

/// On a clock, one clock: the prompt's (the board shows none to stand
/// still beside it); the intro does not promise the level's time per
/// move; a takeback gives the time back and says so.
#[test]
fn a_clock_is_shown_once_and_a_takeback_gives_the_time_back() {
    let (code, out, err) = tama_with_input(
        &["play", "--clock", "5m+3s", "--level", "5"],
        "c3c4\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains("400 ms"),
        "the level's time is not the engine's on a clock:\n{out}"
    );
    assert!(
        out.contains("depth 8 at most, its time from its clock"),
        "{out}"
    );
    assert!(out.contains("On a clock of 5m+3s each"), "{out}");
    for line in out
        .lines()
        .filter(|l| l.contains("White: ") || l.contains("Black: "))
    {
        assert!(!line.contains("0:0"), "a clock beside the board: {line}");
    }
    let undo = out.split("White> undo\n").nth(1).expect("undo typed");
    assert!(undo.starts_with("Took back c3-c4 "), "{undo}");
    assert!(
        undo.contains(
            "The clocks are back to where they were before c3-c4: [  0:05:00 |   0:05:00]."
        ),
        "{undo}"
    );
    assert!(undo.contains("[  0:05:00 |   0:05:00] White> "), "{undo}");
}

/// The best move comes with the iteration it is from: the last completed
/// one, whose line it heads, or the next, stopped part-way (said so).
#[test]
fn the_best_move_names_the_iteration_it_comes_from() {
    let mut partial_with_another_move = 0;
    for nodes in (12_000..=40_000).step_by(4_000) {
        let (code, out, err) = tama(&["analyse", "--nodes", &nodes.to_string(), "--json"]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let (best, infos) = lines.split_last().unwrap();
        let last = infos.last().expect("an iteration");
        let depth = best["depth"].as_u64().unwrap();
        if best.get("partial") == Some(&Value::Bool(true)) {
            assert_eq!(depth, last["depth"].as_u64().unwrap() + 1, "{nodes}: {out}");
            if best["move"] != last["pv"][0] {
                partial_with_another_move += 1;
            }
        } else {
            assert_eq!(depth, last["depth"].as_u64().unwrap(), "{nodes}: {out}");
            assert_eq!(best["move"], last["pv"][0], "{nodes}: {out}");
        }
        assert_eq!(best["pv"][0], best["move"], "{nodes}: {out}");
        // The text says the same.
        let (_, text, _) = tama(&["analyse", "--nodes", &nodes.to_string()]);
        let bestmove = text.lines().last().unwrap();
        let partial = if best.get("partial").is_some() {
            " (partial)"
        } else {
            ""
        };
        assert!(
            bestmove.contains(&format!(" depth {depth}{partial} pv ")),
            "{bestmove}"
        );
    }
    assert!(
        partial_with_another_move > 0,
        "some limit stops an iteration after a new best move"
    );
}

/// The terminal's puzzles are the page's: a wrong move can be retried,
/// the answer is not given away twice, no `themes: none`, and a new
/// solver is set an easy puzzle first.
#[test]
fn puzzles_allow_a_retry_and_start_easy() {
    let dir = tempfile::tempdir().unwrap();
    let rating = dir.path().join("rating.txt");
    let rating_arg = rating.to_str().unwrap();
    let (code, out, err) = tama_with_input(
        &[
            "puzzle",
            "--rules",
            "turkish",
            "--count",
            "1",
            "--rating-file",
            rating_arg,
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Puzzle turkish-") && out.contains("(easy, "),
        "{out}"
    );
    assert!(out.contains("Your rating: 1000"), "{out}");
    assert!(!out.contains("themes: none"), "{out}");

    let p = embedded::puzzles(Preset::Turkish)
        .unwrap()
        .into_iter()
        .find(|p| p.solution.len() == 1 && p.start.legal_moves(&p.rules).len() > 1)
        .unwrap();
    let right = write_move(&p.start, &p.rules, &p.solution[0]);
    let wrong = p
        .start
        .legal_moves(&p.rules)
        .iter()
        .find(|m| **m != p.solution[0])
        .copied()
        .unwrap();
    let wrong = write_move(&p.start, &p.rules, &wrong);
    let (code, out, err) = tama_with_input(
        &[
            "puzzle",
            "--rules",
            "turkish",
            "--id",
            &p.id,
            "--count",
            "1",
            "--rating-file",
            rating_arg,
        ],
        &format!("{wrong}\n{right}\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("{wrong} does not win. Try again")),
        "{out}"
    );
    assert_eq!(
        out.matches(&right).count(),
        0,
        "the answer is not given away:\n{out}"
    );
    assert!(out.contains("Played out, after a wrong move"), "{out}");
    let after = Rating::load(&rating).unwrap();
    assert!(
        after.rating < 1000.0 && after.played == 1 && after.solved == 0,
        "{after:?}"
    );
}

#[test]
fn the_smaller_things() {
    // A file that cannot be read has no summary of 0 games.
    let (code, out, err) = tama(&["pdn", "check", "nosuch.pdn"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("nosuch.pdn"), "{err}");
    // `book stats` takes the built-in book as `probe` does.
    let (code, out, err) = tama(&["book", "stats", "--rules", "turkish"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("rules       turkish"), "{out}");
    // Usage errors are one line.
    let (code, _, err) = tama(&["play", "--nosuch"]);
    assert_eq!((code, err.lines().count()), (2, 1), "{err}");
    // --help says how long a search without a limit runs.
    let (_, help, _) = tama(&["analyse", "--help"]);
    assert!(help.contains("the search stops after one second"), "{help}");
}

/// Every file error names the file.
#[test]
fn file_errors_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.pdn");
    std::fs::write(&bad, "garbage\0").unwrap();
    let bad = bad.to_str().unwrap();
    let (_, out, _) = tama_with_input(&["play", "--color", "both"], &format!("load {bad}\nquit\n"));
    assert!(
        out.contains(&format!("Cannot load: {bad}: line 1")),
        "{out}"
    );
    let (code, _, err) = tama(&["puzzle", "--file", "nosuch.pdn"]);
    assert_eq!(code, 2);
    assert_eq!(err.matches("nosuch.pdn").count(), 1, "named once: {err}");
    for args in [
        &["analyse", "--book", "nosuch.tbk", "--depth", "1"][..],
        &["book", "stats", "--book", "nosuch.tbk"],
        &["pdn", "fmt", "nosuch.pdn"],
        &["analyse", "--pdn", "nosuch.pdn"],
        &["puzzle", "--file", bad],
    ] {
        let (code, _, err) = tama(args);
        let file = args.iter().find(|a| a.contains('.')).unwrap();
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(file), "{args:?}: {err}");
    }
}
