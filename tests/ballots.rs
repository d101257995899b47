//! The published ballots of `data/ballots/` (docs/BALLOTS.md) and the
//! `tama ballots` command. Searching ballots again with their recorded
//! deep search is `cargo xtask ballots --check` (a million nodes each:
//! too slow for a debug build's test run).

use std::path::{Path, PathBuf};

use tama_arena::{check_ballots, read_ballots};
use tama_core::{Position, Preset};

use crate::cli::tama;

/// The published files: every preset at 2, 3 and 4 plies.
fn published() -> Vec<(Preset, usize, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/ballots");
    let mut files = Vec::new();
    for preset in Preset::ALL {
        for plies in [2, 3, 4] {
            let name = format!("{}-{plies}ply.pdn", preset.name());
            files.push((preset, plies, dir.join(name)));
        }
    }
    files
}

#[test]
fn committed_ballots_are_legal_distinct_and_within_their_window() {
    for (preset, plies, file) in published() {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let ballots = read_ballots(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // Legal, of the plies of their id, distinct (mirror images too),
        // within their window: the check of `tama ballots check`.
        let problems = check_ballots(&ballots, 0, |_| {});
        assert!(problems.is_empty(), "{}: {problems:?}", file.display());
        assert!(
            (20..=200).contains(&ballots.len()),
            "{}: {} ballots",
            file.display(),
            ballots.len()
        );
        for (k, b) in ballots.iter().enumerate() {
            assert_eq!(b.rules, preset.rules(), "{}", file.display());
            assert_eq!(b.plies, plies);
            assert_eq!(b.opening.moves.len(), plies);
            assert_eq!(b.opening.start, Position::start());
            assert_eq!(b.id, format!("{plies}-ply #{}", k + 1));
            // The window of the docs, the search recorded with it.
            assert_eq!(b.window, 25, "{}", file.display());
            assert_eq!(b.search.to_string(), "nodes 1000000, hash 16");
            assert!(b.value.abs() <= b.window);
        }
        // The header says the same.
        assert!(
            text.contains("within ±0.25 men")
                && text.contains(&format!("{} ballots", ballots.len())),
            "{}",
            file.display()
        );
    }
}

#[test]
fn the_check_command_finds_problems_and_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.pdn");
    let out_s = out.to_str().unwrap();
    let (code, stdout, err) = tama(&[
        "ballots",
        "build",
        "--rules",
        "turkish",
        "--plies",
        "1",
        "--out",
        out_s,
        "--nodes",
        "2000",
        "--screen-nodes",
        "300",
        "--window",
        "40",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("ballots within ±40 centi-men written to"),
        "{stdout}"
    );
    assert!(stdout.contains("8 lines, 4 distinct positions"), "{stdout}");
    assert!(
        err.contains("8 lines of 1 plies, 4 distinct positions"),
        "{err}"
    );
    let (code, stdout, err) = tama(&["ballots", "check", out_s, "--research", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.ends_with("ballots, all good, 2 searched again\n"),
        "{stdout}"
    );
    // A value outside the window: exit 1, the file and line named.
    let text = std::fs::read_to_string(&out).unwrap();
    let bad = dir.path().join("bad.pdn");
    std::fs::write(
        &bad,
        text.replacen("[Window \"0.40\"]", "[Window \"0.00\"]", 1),
    )
    .unwrap();
    let (code, stdout, err) = tama(&["ballots", "check", bad.to_str().unwrap()]);
    let value_zero = text.split("[Value \"").nth(1).unwrap().starts_with("+0.00");
    if !value_zero {
        assert_eq!(code, 1, "{stdout}{err}");
        assert!(
            stdout.contains("bad.pdn:8: ballot 1-ply #1 has the value"),
            "{stdout}"
        );
        assert!(err.contains("1 problems in"), "{err}");
    }
    // An unreadable tag: exit 2, one message with file and line.
    std::fs::write(&bad, text.replacen("[Search \"nodes", "[Search \"knots", 1)).unwrap();
    let (code, _, err) = tama(&["ballots", "check", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.pdn:8: invalid search `knots 2000, hash 16`"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = tama(&["ballots", "check", "no/such/file.pdn"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read no/such/file.pdn"), "{err}");
    let (code, _, err) = tama(&["ballots", "build", "--plies", "9", "--out", out_s]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_match_and_an_sprt_play_a_ballot_file_with_both_colours() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/ballots/turkish-2ply.pdn");
    let file = file.to_str().unwrap();
    // No --rules: the file's.
    let (code, stdout, err) = tama(&[
        "match",
        "--openings",
        file,
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "12",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("2 games (1 openings, each with both colours), rules turkish"),
        "{stdout}"
    );
    // Other rules than the file's: one clear error naming the line.
    let (code, _, err) = tama(&["match", "--openings", file, "--rules", "armenian"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("turkish-2ply.pdn:8: game 1 uses the rules `turkish`, the match `armenian`"),
        "{err}"
    );
    let (code, stdout, err) = tama(&[
        "sprt",
        "--a",
        "full,depth=1",
        "--b",
        "full,depth=1",
        "--openings",
        file,
        "--max-games",
        "2",
        "--max-plies",
        "12",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("openings of "), "{stdout}");
    assert!(stdout.contains("games 2"), "{stdout}");
}
