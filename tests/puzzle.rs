//! `tama puzzle` driven through its standard input and output, and a
//! sample of the committed puzzles checked: the tablebase ones of one
//! material against tables generated here, some self-play ones by the
//! search (`cargo xtask puzzles --check` checks them all).

use std::path::Path;

use tama_core::{Preset, Rules};
use tama_notation::write_move;
use tama_puzzle::rating::Rating;
use tama_puzzle::{embedded, selfplay, tablebase, Puzzle, Source};

use crate::cli::tama_with_input;

/// The solver moves of a puzzle's solution as move text, one a line.
fn solver_lines(p: &Puzzle) -> String {
    let positions = p.positions();
    let mut s = String::new();
    for (i, mv) in p.solution.iter().enumerate().step_by(2) {
        s.push_str(&write_move(&positions[i], &p.rules, mv));
        s.push('\n');
    }
    s
}

/// A built-in turkish puzzle of at least `moves` solution moves.
fn a_puzzle(moves: usize) -> Puzzle {
    embedded::puzzles(Preset::Turkish)
        .unwrap()
        .into_iter()
        .find(|p| p.solution.len() >= moves)
        .expect("a built-in puzzle that long")
}

fn run(args: &[&str], rating: &Path, input: &str) -> (u8, String, String) {
    let mut all = vec!["puzzle"];
    all.extend_from_slice(args);
    all.extend(["--rating-file", rating.to_str().unwrap()]);
    tama_with_input(&all, input)
}

#[test]
fn solving_a_puzzle_moves_the_rating_up_and_a_wrong_move_down() {
    let dir = tempfile::tempdir().unwrap();
    let rating = dir.path().join("rating.txt");
    let p = a_puzzle(3);
    let args = ["--rules", "turkish", "--id", p.id.as_str(), "--count", "1"];
    let (code, out, err) = run(&args, &rating, &format!("nonsense\n{}", solver_lines(&p)));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("Puzzle {} (", p.id)), "{out}");
    assert!(out.contains("to move and win."), "{out}");
    assert!(out.contains("Not a move here"), "{out}");
    assert!(out.contains("Correct. "), "{out}");
    assert!(out.contains("Solved!"), "{out}");
    assert!(out.contains("Rating: 1000 -> "), "{out}");
    let after = Rating::load(&rating).unwrap();
    assert!(after.rating > 1000.0 && after.played == 1 && after.solved == 1);

    // A wrong first move: failed (a retry may follow), the rating down.
    let wrong = p
        .start
        .legal_moves(&p.rules)
        .iter()
        .copied()
        .find(|m| *m != p.solution[0])
        .unwrap();
    let text = format!("{}\n", write_move(&p.start, &p.rules, &wrong));
    let (code, out, _) = run(&args, &rating, &text);
    assert_eq!(code, 0);
    assert!(out.contains(" does not win. Try again"), "{out}");
    let again = Rating::load(&rating).unwrap();
    assert!(again.rating < after.rating && again.played == 2 && again.solved == 1);
}

#[test]
fn hints_solution_skip_and_quit() {
    let dir = tempfile::tempdir().unwrap();
    let rating = dir.path().join("r/rating.txt");
    let p = a_puzzle(1);
    let from = p.solution[0].from();
    let args = ["--rules", "turkish", "--id", p.id.as_str(), "--count", "1"];
    let (code, out, _) = run(&args, &rating, "hint\nhint\nsolution\n");
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("Hint: move the piece on {from}.")),
        "{out}"
    );
    let first = write_move(&p.start, &p.rules, &p.solution[0]);
    assert!(out.contains(&format!("Hint: play {first}.")), "{out}");
    assert!(out.contains(&format!("Solution: {first}")), "{out}");
    assert!(Rating::load(&rating).unwrap().rating < 1000.0);

    // Skipped before a move: not rated; then quit.
    let fresh = dir.path().join("fresh.txt");
    let (code, out, _) = run(
        &["--rules", "turkish", "--id", p.id.as_str()],
        &fresh,
        "skip\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Skipped (not rated)."), "{out}");
    assert_eq!(
        out.matches("Puzzle ").count(),
        2,
        "the next puzzle, then quit: {out}"
    );
    assert!(!fresh.exists());
}

#[test]
fn bad_input_is_one_message_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let rating = dir.path().join("rating.txt");
    let file = dir.path().join("bad.pdn");
    let text = std::str::from_utf8(embedded::text(Preset::Turkish)).unwrap();
    let end = text.match_indices("\n\n[Event").nth(1).unwrap().0 + 2;
    let damaged = text[..end].replacen("[Themes \"", "[Themes \"fork ", 2);
    std::fs::write(&file, damaged).unwrap();
    let (code, _, err) = run(
        &["--file", file.to_str().unwrap(), "--rules", "turkish"],
        &rating,
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: ") && err.contains("line 1") && err.contains("fork"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // A file of other rules than --rules.
    let turkish = dir.path().join("turkish.pdn");
    std::fs::write(&turkish, embedded::text(Preset::Turkish)).unwrap();
    let (code, _, err) = run(&["--file", turkish.to_str().unwrap()], &rating, "");
    assert_eq!(code, 2);
    assert!(
        err.contains("is for the rules `turkish`, not `armenian`"),
        "{err}"
    );
    let (code, _, err) = run(&["--rules", "turkish", "--id", "nope"], &rating, "");
    assert_eq!((code, err.as_str()), (2, "error: no puzzle `nope`\n"));
    std::fs::write(&rating, "not a rating\n").unwrap();
    let (code, _, err) = run(&["--rules", "turkish"], &rating, "");
    assert_eq!(code, 2);
    assert!(err.contains("rating.txt: line 1"), "{err}");
}

#[test]
fn every_preset_has_its_thousand_puzzles_from_both_sources() {
    for preset in Preset::ALL {
        let puzzles = embedded::puzzles(preset).unwrap();
        assert!(
            puzzles.len() >= 1000,
            "{}: {}",
            preset.name(),
            puzzles.len()
        );
        let tables = puzzles
            .iter()
            .filter(|p| p.source.kind() == "tablebase")
            .count();
        assert!(tables > 0 && tables < puzzles.len(), "{}", preset.name());
        assert!(embedded::text(preset).len() < 1 << 20);
        // In the writer's form: the file is what `tama puzzle build` wrote.
        let text = tama_puzzle::file::to_text(&puzzles).unwrap();
        assert!(
            text.as_bytes() == embedded::text(preset),
            "{}",
            preset.name()
        );
    }
}

/// The tablebase puzzles of `KKvKK` checked against the tables of up to 3
/// pieces and `KKvKK`, generated here (a few seconds); some self-play
/// puzzles checked by the search.
#[test]
fn a_sample_of_the_committed_puzzles_passes_its_check() {
    let rules = Rules::TURKISH;
    let puzzles = embedded::puzzles(Preset::Turkish).unwrap();
    let material: tama_egtb::Material = "KKvKK".parse().unwrap();
    let sample: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| matches!(p.source, Source::Tablebase { material: m, .. } if m.to_string() == material.to_string()))
        .take(12)
        .collect();
    assert!(!sample.is_empty());
    let dir = tempfile::tempdir().unwrap();
    let opts = tama_egtb::GenOptions {
        threads: 2,
        ..tama_egtb::GenOptions::default()
    };
    tama_egtb::generate(dir.path(), &rules, &tama_egtb::Plan::new(3), None, &opts).unwrap();
    tama_egtb::generate(
        dir.path(),
        &rules,
        &tama_egtb::Plan::new(4),
        Some(&[material]),
        &opts,
    )
    .unwrap();
    let tb = tama_egtb::Tablebase::open(dir.path(), &rules).unwrap();
    for p in &sample {
        tablebase::check(&tb, p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
    let mut engine = tama_puzzle::difficulty::engine();
    for p in puzzles
        .iter()
        .filter(|p| p.source.kind() == "self-play")
        .take(4)
    {
        selfplay::check(&mut engine, p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
}
