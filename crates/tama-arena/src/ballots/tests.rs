use super::*;

/// Tiny settings: quick even in a debug build.
fn tiny(rules: Rules, plies: usize) -> BallotSettings {
    BallotSettings {
        search: BallotSearch {
            nodes: 3_000,
            hash_mib: 1,
        },
        screen_nodes: 500,
        max: 6,
        window: 30,
        ..BallotSettings::new(rules, plies)
    }
}

#[test]
fn enumeration_counts_lines_and_distinct_positions() {
    // Perft from the start: 8 and 64 lines in Turkish draughts, 22 and 484
    // in Armenian draughts.
    let (lines, list) = enumerate_positions(&Rules::TURKISH, 1);
    assert_eq!((lines, list.len()), (8, 4));
    let (lines, list) = enumerate_positions(&Rules::TURKISH, 2);
    assert_eq!(lines, 64);
    let (lines, armenian) = enumerate_positions(&Rules::ARMENIAN, 2);
    assert_eq!(lines, 484);
    for list in [&list, &armenian] {
        let keys: HashSet<u64> = list.iter().map(|o| mirror_key(&o.position())).collect();
        assert_eq!(keys.len(), list.len());
        assert!(list.iter().all(|o| o.moves.len() == 2));
    }
    // Transpositions and mirror images: far fewer positions than lines,
    // and at least half the lines (a position is at most its own line and
    // its mirror image's, bar transpositions).
    assert!(
        armenian.len() < 484 && armenian.len() >= 100,
        "{}",
        armenian.len()
    );
}

#[test]
fn a_build_depends_on_its_settings_not_on_threads() {
    let settings = tiny(Rules::TURKISH, 2);
    let one = build_ballots(&settings, 1, |_| {}).unwrap();
    let three = build_ballots(&settings, 3, |_| {}).unwrap();
    assert_eq!(one, three);
    assert!(!one.ballots.is_empty() && one.ballots.len() <= 6);
    let mut numbers = Vec::new();
    for b in &one.ballots {
        assert!(b.value.abs() <= 30);
        assert_eq!(b.opening.moves.len(), 2);
        numbers.push(b.number);
        // The recorded value is the deep search's, found again.
        let game = game_of(&Rules::TURKISH, &b.opening);
        let mut engine = settings.search.engine();
        assert_eq!(settings.search.value(&mut engine, &game), Some(b.value));
    }
    assert_eq!(numbers, (1..=one.ballots.len()).collect::<Vec<_>>());
    // A batch at a time until enough are kept.
    assert_eq!(one.report.screened % BATCH, 0);
    assert!(one.report.deep.len() <= one.report.screened);
    // Another seed tries the positions in another order.
    let other = BallotSettings {
        seed: 2,
        ..settings
    };
    assert_ne!(seeded_order(64, 1), seeded_order(64, 2));
    let again = build_ballots(&other, 2, |_| {}).unwrap();
    assert_eq!(again, build_ballots(&other, 1, |_| {}).unwrap());
}

#[test]
fn a_written_set_reads_back_and_checks_clean() {
    let set = build_ballots(&tiny(Rules::ARMENIAN, 1), 2, |_| {}).unwrap();
    let text = write_ballots(&set);
    assert!(
        text.starts_with("% tama ballots: armenian, 1 plies"),
        "{text}"
    );
    assert!(text.contains("[Window \"0.30\"]"), "{text}");
    let read = read_ballots(&text).unwrap();
    assert_eq!(read.len(), set.ballots.len());
    for (r, b) in read.iter().zip(&set.ballots) {
        assert_eq!(r.opening, b.opening);
        assert_eq!(r.value, b.value);
        assert_eq!((r.window, r.plies), (30, 1));
        assert_eq!(r.search, set.settings.search);
    }
    let mut searched = 0;
    assert_eq!(check_ballots(&read, 3, |k| searched = k), []);
    assert_eq!(searched, 3.min(read.len()));
}

#[test]
fn the_check_finds_each_kind_of_problem() {
    let set = build_ballots(&tiny(Rules::TURKISH, 2), 1, |_| {}).unwrap();
    let read = read_ballots(&write_ballots(&set)).unwrap();
    assert!(read.len() >= 2);
    // A repeated ballot; a value outside its window; a value searched
    // again that differs; a different number of plies; other rules.
    let mut bad = read.clone();
    bad.push(read[0].clone());
    bad[1].value = 31;
    bad[0].value += 1;
    bad[0].window += 1;
    let problems = check_ballots(&bad, 1, |_| {});
    let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 3, "{text:?}");
    // In the order of the ballots, then the searches.
    assert!(
        text[0].contains("2-ply #2 has the value +0.31, outside its window ±0.30"),
        "{text:?}"
    );
    assert!(
        text[1].contains("is the position of ballot 2-ply #1"),
        "{text:?}"
    );
    assert!(
        text[2].contains("searched again (nodes 3000, hash 1) gives"),
        "{text:?}"
    );
    let mut other = read.clone();
    other[1].plies = 3;
    other[1].rules = Rules::ARMENIAN;
    let text: Vec<String> = check_ballots(&other, 0, |_| {})
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(text[0].contains("uses the rules `armenian`"), "{text:?}");
    assert!(
        text[1].contains("has 2 moves, its id says 3 plies"),
        "{text:?}"
    );
}

#[test]
fn unreadable_files_are_errors_with_a_line() {
    let set = build_ballots(&tiny(Rules::TURKISH, 1), 1, |_| {}).unwrap();
    let text = write_ballots(&set);
    let e = read_ballots("% nothing\n").unwrap_err();
    assert_eq!(e.to_string(), "line 1: no ballots (PDN games) in the file");
    let broken = text.replacen("[Value \"", "[Value \"x", 1);
    let e = read_ballots(&broken).unwrap_err();
    assert!(e.message.starts_with("invalid Value `x"), "{e}");
    assert_eq!(e.line, 8, "{e}\n{broken}");
    let e = read_ballots(&text.replacen("[Search", "[Other", 1)).unwrap_err();
    assert_eq!(e.message, "a game without the `Search` tag");
    let e = read_ballots(&text.replacen("1. ", "1. a1-a8 ", 1)).unwrap_err();
    assert!(e.message.contains("a1-a8"), "{e}");
}

#[test]
fn settings_out_of_range_are_refused() {
    let ok = tiny(Rules::TURKISH, 1);
    for (bad, word) in [
        (
            BallotSettings {
                plies: 0,
                ..ok.clone()
            },
            "plies 0",
        ),
        (
            BallotSettings {
                plies: 6,
                ..ok.clone()
            },
            "plies 6",
        ),
        (
            BallotSettings {
                window: -1,
                ..ok.clone()
            },
            "window -1",
        ),
        (
            BallotSettings {
                max: 0,
                ..ok.clone()
            },
            "maximum 0",
        ),
        (
            BallotSettings {
                screen_nodes: 0,
                ..ok.clone()
            },
            "node count 0",
        ),
    ] {
        let e = build_ballots(&bad, 1, |_| {}).unwrap_err();
        assert!(e.to_string().contains(word), "{e}");
    }
}
