use super::*;

fn config(games: u64, threads: usize, shard: (u64, u64)) -> GenConfig<'static> {
    GenConfig {
        rules: Rules::ARMENIAN,
        games,
        seed: 7,
        shard,
        limit: SearchLimit::Nodes(300),
        threads,
        engine: EngineConfig::default(),
        egtb: None,
    }
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn same_bytes_whatever_the_threads_and_shards() {
    let games = GAMES_PER_FILE + 6;
    let one = tempfile::tempdir().unwrap();
    let mut seen = Vec::new();
    let report = generate(one.path(), &config(games, 1, (0, 1)), |p| seen.push(*p)).unwrap();
    assert_eq!(report.files_written, 2);
    assert_eq!(report.games, games);
    assert_eq!(seen.last().unwrap().games_done, games);
    assert_eq!(seen.last().unwrap().positions, report.positions);
    let reference = files(one.path());
    assert_eq!(
        reference.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(),
        ["chunk-000000.tdat", "chunk-000001.tdat"]
    );

    // Two threads.
    let two = tempfile::tempdir().unwrap();
    generate(two.path(), &config(games, 2, (0, 1)), |_| {}).unwrap();
    assert_eq!(files(two.path()), reference);

    // Two shards into one directory, the second first.
    let shards = tempfile::tempdir().unwrap();
    let r1 = generate(shards.path(), &config(games, 2, (1, 2)), |_| {}).unwrap();
    assert_eq!((r1.files_written, r1.games), (1, 6));
    generate(shards.path(), &config(games, 1, (0, 2)), |_| {}).unwrap();
    assert_eq!(files(shards.path()), reference);

    // What the files hold: quiet positions of distinct games, labelled.
    let mut starts = 0;
    let mut total = 0;
    for (_, bytes) in &reference {
        let (header, records) = read_data(bytes).unwrap();
        assert_eq!(header.rules, Rules::ARMENIAN);
        assert_eq!(header.limit, SearchLimit::Nodes(300));
        for r in &records {
            assert!(!r.position.has_capture());
            starts += r.game_start as usize;
        }
        total += records.len();
    }
    assert_eq!(total as u64, report.positions);
    assert!(starts as u64 >= games - 2, "{starts}");
    assert!(total as u64 > games * 10, "{total}");
}

#[test]
fn resumes_and_refuses_foreign_or_damaged_files() {
    let games = 3;
    let dir = tempfile::tempdir().unwrap();
    let first = generate(dir.path(), &config(games, 1, (0, 1)), |_| {}).unwrap();
    assert_eq!(first.files_written, 1);
    let again = generate(dir.path(), &config(games, 1, (0, 1)), |_| {}).unwrap();
    assert_eq!(
        (again.files_written, again.files_kept, again.games),
        (0, 1, 0)
    );

    // Another seed: the file is not this run's.
    let other = GenConfig {
        seed: 8,
        ..config(games, 1, (0, 1))
    };
    let err = generate(dir.path(), &other, |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("chunk-000000.tdat: made by another run"),
        "{err}"
    );

    // A damaged file is named, not overwritten.
    let path = dir.path().join(file_name(0));
    let mut bytes = fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 4;
    fs::write(&path, &bytes).unwrap();
    let err = generate(dir.path(), &config(games, 1, (0, 1)), |_| {})
        .unwrap_err()
        .to_string();
    assert!(err.contains("data file is damaged"), "{err}");
    assert!(err.ends_with("(remove it to generate it again)"), "{err}");

    let err = generate(dir.path(), &config(games, 1, (2, 2)), |_| {}).unwrap_err();
    assert_eq!(
        err.to_string(),
        "shard 2/2: the index must be below the count"
    );
}

/// With tables, a game ends at its first quiet position they cover, and
/// that position (only it) carries the tables' exact result.
#[test]
fn games_end_in_the_tables_with_their_exact_result() {
    let rules = Rules::TURKISH;
    let tables = tempfile::tempdir().unwrap();
    let opts = tama_egtb::GenOptions {
        threads: 2,
        ..tama_egtb::GenOptions::default()
    };
    tama_egtb::generate(tables.path(), &rules, &tama_egtb::Plan::new(3), None, &opts).unwrap();
    let tb = Tablebase::open(tables.path(), &rules).unwrap();
    assert_eq!(tb.max_pieces(), 3);

    let out = tempfile::tempdir().unwrap();
    let config = GenConfig {
        rules,
        games: 24,
        seed: 11,
        shard: (0, 1),
        limit: SearchLimit::Nodes(300),
        threads: 2,
        engine: EngineConfig::default(),
        egtb: Some(&tb),
    };
    let report = generate(out.path(), &config, |_| {}).unwrap();
    assert_eq!(report.games, 24);

    let mut records = Vec::new();
    for (_, bytes) in files(out.path()) {
        let (header, r) = read_data(&bytes).unwrap();
        assert_eq!(header.egtb_pieces, 3);
        records.extend(r);
    }
    // Split into games: each starts at a record marked `game_start`.
    let mut games: Vec<Vec<Record>> = Vec::new();
    for r in records {
        if r.game_start || games.is_empty() {
            games.push(Vec::new());
        }
        games.last_mut().unwrap().push(r);
    }
    let mut ended_in_tables = 0;
    for game in &games {
        let (last, before) = game.split_last().unwrap();
        for r in before {
            assert!(!r.exact, "only a game's last position can be exact");
            assert!(
                r.position.occupied().count() > 3,
                "the game went on inside the tables"
            );
        }
        if last.position.occupied().count() > 3 {
            assert!(!last.exact);
            continue;
        }
        assert!(
            last.exact,
            "a covered quiet position ends the game as exact"
        );
        let value = tb.probe(&last.position).unwrap().expect("covered");
        let turn = last.position.turn();
        let (winner, score) = match value.wdl {
            Wdl::Win => (Some(turn), PROVEN_SCORE),
            Wdl::Loss => (Some(turn.opponent()), -PROVEN_SCORE),
            Wdl::Draw => (None, 0),
        };
        assert_eq!(last.score, score);
        for r in game {
            assert_eq!(
                r.result,
                GameResult::from_winner(winner),
                "the game's result is the tables'"
            );
        }
        ended_in_tables += 1;
    }
    assert!(
        ended_in_tables > 0,
        "no game of the sample reached the tables"
    );
}
