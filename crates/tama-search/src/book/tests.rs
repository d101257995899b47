use super::*;
use crate::{Engine, EngineConfig, Limits};
use tama_core::{Bitboard, Square};

const RULES: Rules = Rules::ARMENIAN;

/// A book of the start position's moves, valued 0, −10, −20, …, and of
/// the position after the first move's replies.
fn small_book() -> Book {
    let start = Position::start();
    let mut entries = Vec::new();
    for (i, mv) in start.legal_moves(&RULES).iter().enumerate() {
        let v = Score::centi_men(-10 * i as i32);
        entries.push(Entry::new(&start, &RULES, mv, v, 1 + i as u16).unwrap());
    }
    let next = start.play_unchecked(&start.legal_moves(&RULES)[0]);
    for mv in next.legal_moves(&RULES).iter().take(2) {
        entries.push(
            Entry::new(&next, &RULES, mv, Score::DRAW, 5)
                .unwrap()
                .leaf(),
        );
    }
    Book::from_entries(Preset::Armenian, entries)
}

#[test]
fn a_book_round_trips_through_its_bytes() {
    let book = small_book();
    let bytes = book.to_bytes();
    let back = Book::from_bytes(&bytes, Some(Preset::Armenian)).unwrap();
    assert_eq!(back, book);
    assert_eq!(back.to_bytes(), bytes);
    let start = Position::start();
    let moves = back.moves(&start, &RULES);
    assert_eq!(moves.len(), start.legal_moves(&RULES).len());
    assert_eq!(moves[0].value, Score::DRAW);
    assert!(moves.windows(2).all(|w| w[0].value >= w[1].value));
    let next = start.play_unchecked(&start.legal_moves(&RULES)[0]);
    assert!(back.moves(&next, &RULES).iter().all(|m| m.leaf));
    // Other rules: no moves.
    assert!(back.moves(&start, &Rules::TURKISH).is_empty());
}

#[test]
fn every_move_code_resolves_to_its_move() {
    // Captures with the same from and to but other captured squares get
    // other codes: a king's captures in random positions.
    let mut seen = 0;
    let mut pos = Position::start();
    for ply in 0..60 {
        let moves = pos.legal_moves(&RULES);
        if moves.is_empty() {
            break;
        }
        for mv in moves.iter() {
            let code = move_code(&pos, &RULES, mv).unwrap();
            assert_eq!(resolve_code(&pos, &RULES, code), Some(*mv));
            seen += 1;
        }
        pos = pos.play_unchecked(&moves[ply % moves.len()]);
    }
    assert!(seen > 100);
    // A move that is not legal has no code.
    let start = Position::start();
    let bogus = Move::quiet(Square::A1, Square::H8, false);
    assert_eq!(move_code(&start, &RULES, &bogus), None);
    let capture = Move::new(Square::A3, Square::A5, Bitboard(1 << 32), false);
    assert_eq!(move_code(&start, &RULES, &capture), None);
}

/// The error of reading `bytes`.
fn refused(bytes: &[u8]) -> BookError {
    Book::from_bytes(bytes, None).unwrap_err()
}

/// `bytes` with its checksum made right again (to reach the entry checks).
fn resum(mut bytes: Vec<u8>) -> Vec<u8> {
    let n = bytes.len() - 8;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes[..n] {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes[n..].copy_from_slice(&h.to_le_bytes());
    bytes
}

#[test]
fn a_damaged_book_is_refused_with_the_problem_and_its_offset() {
    let good = small_book().to_bytes();
    // Header: 8 magic, 2 version, 1 + 8 "armenian", 4 count = 23.
    let first = 23;

    let mut b = good.clone();
    b[0] = b'X';
    let e = refused(&b);
    assert_eq!((e.kind.clone(), e.offset), (BookErrorKind::Magic, 0));
    assert_eq!(
        e.to_string(),
        "book file: not a book file (no TAMABOOK magic) (at byte 0)"
    );

    let mut b = good.clone();
    b[8] = 2;
    let e = refused(&b);
    assert_eq!((e.kind.clone(), e.offset), (BookErrorKind::Version(2), 8));
    assert_eq!(
        e.to_string(),
        "book file: version 2, this program reads version 1 (at byte 8)"
    );

    let e = refused(&good[..good.len() - 3]);
    assert!(matches!(e.kind, BookErrorKind::Truncated { .. }), "{e}");
    assert_eq!(e.offset as usize, good.len() - 3);
    assert!(e.to_string().contains("truncated"), "{e}");
    for cut in [0, 5, 9, 12, first + 1] {
        let e = refused(&good[..cut]);
        assert!(
            matches!(e.kind, BookErrorKind::Truncated { .. }),
            "{cut}: {e}"
        );
    }

    let mut b = good.clone();
    b.push(0);
    assert!(matches!(refused(&b).kind, BookErrorKind::Trailing { .. }));

    let mut b = good.clone();
    b[first + 20] ^= 1;
    let e = refused(&b);
    assert_eq!(
        (e.kind.clone(), e.offset as usize),
        (BookErrorKind::Checksum, good.len() - 8)
    );

    // Entries 0 and 1 swapped: entry 1 is out of order.
    let mut b = good.clone();
    let (x, y) = (first, first + ENTRY);
    let e0: Vec<u8> = b[x..y].to_vec();
    let e1: Vec<u8> = b[y..y + ENTRY].to_vec();
    b[x..y].copy_from_slice(&e1);
    b[y..y + ENTRY].copy_from_slice(&e0);
    let e = refused(&resum(b));
    assert_eq!(
        (e.kind.clone(), e.offset as usize),
        (BookErrorKind::Unsorted { index: 1 }, y)
    );
    assert_eq!(
        e.to_string(),
        format!("book file: entry 1 is not sorted after entry 0 (at byte {y})")
    );

    let mut b = good.clone();
    let e0: Vec<u8> = b[x..y].to_vec();
    b[y..y + ENTRY].copy_from_slice(&e0);
    let e = refused(&resum(b));
    assert_eq!(e.kind, BookErrorKind::Duplicate { index: 1 });

    let mut b = good.clone();
    b[first + 15] = 1;
    let e = refused(&resum(b));
    assert!(
        matches!(e.kind, BookErrorKind::BadEntry { index: 0, .. }),
        "{e}"
    );
    assert_eq!(e.offset as usize, first + 14);

    let mut b = good.clone();
    b[first + 12] = 0;
    b[first + 13] = 0;
    let e = refused(&resum(b));
    assert_eq!(
        e.to_string(),
        format!("book file: entry 0: weight 0 (at byte {})", first + 12)
    );

    // Rules: unknown, and another preset than asked for.
    let mut b = good.clone();
    b[11] = b'x';
    let e = refused(&resum(b));
    assert_eq!(e.kind, BookErrorKind::UnknownRules("xrmenian".into()));
    let e = Book::from_bytes(&good, Some(Preset::Turkish)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "book file: book is for armenian rules, not turkish (at byte 10)"
    );

    assert_eq!(
        refused(b"").kind,
        BookErrorKind::Truncated {
            expected: 8,
            found: 0
        }
    );
    assert_eq!(refused(b"PK\x03\x04 zip file").kind, BookErrorKind::Magic);
}

const ENTRY: usize = format::ENTRY_BYTES;

#[test]
fn an_entry_with_a_move_not_legal_is_ignored() {
    let start = Position::start();
    let legal = start.legal_moves(&RULES)[3];
    let good = Entry::new(&start, &RULES, &legal, Score::centi_men(-50), 1).unwrap();
    // a1-h8 from the start: no such move; a capture code that resolves
    // to nothing; a key collision is the same case.
    let bad = [
        Entry {
            code: (Square::A1.index() | Square::H8.index() << 6) as u16,
            value: 300,
            ..good
        },
        Entry {
            code: good.code | 1 << 12,
            value: 200,
            ..good
        },
    ];
    let book = Book::from_entries(Preset::Armenian, [good, bad[0], bad[1]].to_vec());
    let moves = book.moves(&start, &RULES);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].mv, legal);
    for r in 0..50 {
        assert_eq!(book.choose(&start, &RULES, 1000, r).unwrap().mv, legal);
    }
}

#[test]
fn the_margin_chooses_among_the_near_moves_by_weight() {
    let book = small_book();
    let start = Position::start();
    let moves = book.moves(&start, &RULES);
    // Margin 0: the best alone.
    for r in 0..100 {
        assert_eq!(book.choose(&start, &RULES, 0, r).unwrap().mv, moves[0].mv);
    }
    // Margin 10: the two best (values 0 and −10, weights 1 and 2), in
    // proportion to their weights.
    let mut count = [0; 2];
    for r in 0..300 {
        let m = book.choose(&start, &RULES, 10, r).unwrap().mv;
        let i = moves.iter().position(|b| b.mv == m).unwrap();
        count[i] += 1;
    }
    assert_eq!(count, [100, 200]);
}

fn engine(book: Option<Book>, on: bool) -> Engine {
    let mut config = EngineConfig {
        hash_mib: 4,
        book: book.map(Arc::new),
        ..EngineConfig::default()
    };
    config.search.book = on;
    config.search.book_margin = 0;
    Engine::new(config)
}

#[test]
fn the_engine_plays_the_book_move_and_only_with_the_option_on() {
    let start = Position::start();
    let book = small_book();
    let best = book.moves(&start, &RULES)[0];
    let limits = Limits::depth(3);
    let mut e = engine(Some(book.clone()), true);
    let r = e.search(&start, &[], &RULES, &limits, |_| {});
    let SearchResult::Move(b) = r else {
        panic!("{r:?}")
    };
    assert_eq!(
        (b.mv, b.score, b.depth, b.nodes, b.book),
        (best.mv, best.value, 0, 0, true)
    );
    // Off: a search, the same as without a book.
    let mut off = engine(Some(book.clone()), false);
    let mut none = engine(None, false);
    let a = off.search(&start, &[], &RULES, &limits, |_| {});
    let n = none.search(&start, &[], &RULES, &limits, |_| {});
    assert_eq!(a.best_move(), n.best_move());
    assert!(matches!(a, SearchResult::Move(ref b) if b.nodes > 0 && !b.book));
    // On, out of the book (or for other rules): a search. The other
    // rules are no preset, so that no book built into the program is
    // theirs either.
    let out = start.play_unchecked(&start.legal_moves(&RULES)[5]);
    let r = e.search(&out, &[], &RULES, &limits, |_| {});
    assert!(matches!(r, SearchResult::Move(ref b) if b.nodes > 0));
    let other = Rules {
        draw_repetition: false,
        ..RULES
    };
    assert_eq!(other.preset(), None);
    let r = e.search(&start, &[], &other, &limits, |_| {});
    assert!(matches!(r, SearchResult::Move(ref b) if b.nodes > 0));
    // Infinite analysis never stops at the book.
    let inf = Limits {
        infinite: true,
        ..Limits::depth(2)
    };
    let r = e.search(&start, &[], &RULES, &inf, |_| {});
    assert!(matches!(r, SearchResult::Move(ref b) if b.nodes > 0));
}

#[test]
fn the_engine_never_plays_an_illegal_book_move() {
    // A book whose only entry for the start position is a move that is
    // not legal there: the engine searches instead.
    let start = Position::start();
    let legal = start.legal_moves(&RULES)[0];
    let good = Entry::new(&start, &RULES, &legal, Score::DRAW, 1).unwrap();
    let bogus = Entry {
        code: (Square::A1.index() | Square::H8.index() << 6) as u16,
        ..good
    };
    let book = Book::from_entries(Preset::Armenian, vec![bogus]);
    let mut e = engine(Some(book), true);
    let r = e.search(&start, &[], &RULES, &Limits::depth(2), |_| {});
    let SearchResult::Move(b) = r else { panic!() };
    assert!(b.nodes > 0);
    assert!(start.is_legal(&RULES, &b.mv));
}
