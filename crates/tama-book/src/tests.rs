use super::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn config(dir: &Path, name: &str, positions: usize, threads: usize) -> BuildConfig {
    BuildConfig {
        settings: Settings {
            nodes: 300,
            batch: 2,
            ..Settings::new(Preset::Armenian)
        },
        positions,
        threads,
        out: dir.join(name),
        save_every: Duration::ZERO,
    }
}

fn run(c: &BuildConfig) -> Report {
    build(c, &AtomicBool::new(false), |_| {}).unwrap()
}

#[test]
fn a_build_is_the_same_bytes_for_a_seed_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let one = config(dir.path(), "one.tbk", 9, 1);
    let two = config(dir.path(), "two.tbk", 9, 2);
    let r = run(&one);
    assert!(r.positions >= 9 && !r.stopped, "{r:?}");
    run(&two);
    let (a, b) = (
        std::fs::read(&one.out).unwrap(),
        std::fs::read(&two.out).unwrap(),
    );
    assert_eq!(a, b);
    // The book reads back, for its rules only, and its moves are legal.
    let book = read_book(&one.out, Some(Preset::Armenian)).unwrap();
    assert_eq!(book.entries().len(), r.entries);
    let rules = Preset::Armenian.rules();
    let start = Position::start();
    let moves = book.moves(&start, &rules);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| start.is_legal(&rules, &m.mv)));
    let e = read_book(&one.out, Some(Preset::Turkish)).unwrap_err();
    assert!(
        e.to_string()
            .ends_with("book is for armenian rules, not turkish (at byte 10)"),
        "{e}"
    );
    // Another seed: the same searches, ties broken otherwise; a valid book.
    let mut other = config(dir.path(), "seed.tbk", 9, 2);
    other.settings.seed = 7;
    run(&other);
    assert!(read_book(&other.out, None).is_ok());
}

#[test]
fn a_resumed_build_gives_the_book_of_an_uninterrupted_one() {
    let dir = tempfile::tempdir().unwrap();
    let whole = config(dir.path(), "whole.tbk", 11, 2);
    run(&whole);
    // Stopped after two batches: the state is saved, no book file.
    let part = config(dir.path(), "part.tbk", 11, 1);
    let stop = AtomicBool::new(false);
    let mut batches = 0;
    let r = build(&part, &stop, |_| {
        batches += 1;
        if batches == 2 {
            stop.store(true, Ordering::Relaxed);
        }
    })
    .unwrap();
    assert!(r.stopped && r.positions < 11, "{r:?}");
    assert!(!part.out.exists());
    assert!(state_path(&part.out).exists());
    // A state file is never read as a book.
    assert!(read_book(&state_path(&part.out), None).is_err());
    // Resumed with two threads: the same bytes.
    let mut resumed = part.clone();
    resumed.threads = 2;
    let mut seen_resume = false;
    build(&resumed, &AtomicBool::new(false), |p| {
        seen_resume = p.resumed
    })
    .unwrap();
    assert!(seen_resume);
    assert_eq!(
        std::fs::read(&part.out).unwrap(),
        std::fs::read(&whole.out).unwrap()
    );
    // A larger target goes on from the finished state: as a direct build.
    let mut more = part.clone();
    more.positions = 15;
    run(&more);
    let mut direct = config(dir.path(), "direct.tbk", 15, 2);
    direct.threads = 2;
    run(&direct);
    assert_eq!(
        std::fs::read(&more.out).unwrap(),
        std::fs::read(&direct.out).unwrap()
    );
}

#[test]
fn a_state_of_other_settings_or_damaged_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let c = config(dir.path(), "b.tbk", 5, 1);
    run(&c);
    let mut other = c.clone();
    other.settings.nodes = 400;
    let e = build(&other, &AtomicBool::new(false), |_| {}).unwrap_err();
    assert!(e.to_string().contains("other settings"), "{e}");
    let state = state_path(&c.out);
    let mut bytes = std::fs::read(&state).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 0x10;
    std::fs::write(&state, &bytes).unwrap();
    let e = build(&c, &AtomicBool::new(false), |_| {}).unwrap_err();
    assert!(e.to_string().contains("checksum mismatch"), "{e}");
    let mut bad = c.clone();
    bad.settings.shard = (2, 2);
    assert!(build(&bad, &AtomicBool::new(false), |_| {}).is_err());
}

#[test]
fn shards_split_the_root_moves_and_merge_into_one_book() {
    let dir = tempfile::tempdir().unwrap();
    let mut books = Vec::new();
    for i in 0..2 {
        let mut c = config(dir.path(), &format!("s{i}.tbk"), 5, 1);
        c.settings.shard = (i, 2);
        run(&c);
        books.push(read_book(&c.out, None).unwrap());
    }
    let rules = Preset::Armenian.rules();
    let start = Position::start();
    let roots: Vec<Vec<_>> = books
        .iter()
        .map(|b| b.moves(&start, &rules).into_iter().map(|m| m.mv).collect())
        .collect();
    assert!(roots[0].iter().all(|m| !roots[1].contains(m)), "{roots:?}");
    let merged = merge(&books).unwrap();
    assert_eq!(
        merged.moves(&start, &rules).len(),
        roots[0].len() + roots[1].len()
    );
    let s = stats(&merged);
    assert_eq!(s.root_moves, roots[0].len() + roots[1].len());
    assert!(s.max_depth >= 1 && s.reachable <= s.positions + 1, "{s:?}");
    let turkish = Book::from_entries(Preset::Turkish, Vec::new());
    assert!(merge(&[merged, turkish]).is_err());
}

#[test]
fn the_engine_plays_a_built_book_along_its_lines() {
    use std::sync::Arc;
    use tama_search::{Engine, EngineConfig, Limits, SearchResult};
    let dir = tempfile::tempdir().unwrap();
    let c = config(dir.path(), "e.tbk", 9, 2);
    run(&c);
    // As an embedded book is read: the file's bytes as 'static.
    let bytes: &'static [u8] = Box::leak(std::fs::read(&c.out).unwrap().into_boxed_slice());
    let book = Arc::new(Book::from_bytes(bytes, Some(Preset::Armenian)).unwrap());
    let mut config = EngineConfig {
        hash_mib: 4,
        book: Some(Arc::clone(&book)),
        ..EngineConfig::default()
    };
    config.search.book = true;
    config.search.book_margin = 0;
    let mut engine = Engine::new(config);
    let rules = Preset::Armenian.rules();
    let mut pos = Position::start();
    let mut from_book = 0;
    for _ in 0..12 {
        let r = engine.search(&pos, &[], &rules, &Limits::nodes(2000), |_| {});
        let SearchResult::Move(b) = r else { break };
        assert!(pos.is_legal(&rules, &b.mv));
        let moves = book.moves(&pos, &rules);
        match moves.first() {
            // Margin 0: a move of the best value (of equals, by weight).
            Some(best) => {
                assert_eq!((b.score, b.nodes, b.depth), (best.value, 0, 0));
                assert!(moves.iter().any(|m| m.mv == b.mv && m.value == best.value));
                from_book += 1;
            }
            None => assert!(b.nodes > 0),
        }
        pos = pos.play_unchecked(&b.mv);
    }
    assert!(from_book >= 2, "{from_book}");
}
