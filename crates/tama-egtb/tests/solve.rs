//! The tables against an independent brute-force solver, symmetry,
//! determinism, verification and interrupted runs.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use tama_core::{Bitboard, Color, Position, Rules, Setup};
use tama_egtb::{
    generate, table_path, verify_dir, Error, GenOptions, Layout, Material, Plan, Progress,
    Tablebase, Verdict, Wdl,
};
use tama_notation::write_fen;

/// Every position of `m` (White to move as "us", then the same with
/// Black to move), men on ranks 2-7 only.
fn positions_of(m: Material) -> Vec<Position> {
    let mut out = Vec::new();
    let kinds: Vec<(Color, bool)> = std::iter::empty()
        .chain(std::iter::repeat_n(
            (Color::White, false),
            m.us_men as usize,
        ))
        .chain(std::iter::repeat_n(
            (Color::White, true),
            m.us_kings as usize,
        ))
        .chain(std::iter::repeat_n(
            (Color::Black, false),
            m.them_men as usize,
        ))
        .chain(std::iter::repeat_n(
            (Color::Black, true),
            m.them_kings as usize,
        ))
        .collect();
    let mut squares = vec![0u8; kinds.len()];
    fn rec(kinds: &[(Color, bool)], at: usize, squares: &mut Vec<u8>, out: &mut Vec<Position>) {
        if at == kinds.len() {
            for turn in [Color::White, Color::Black] {
                let mut s = Setup::empty(turn);
                for (k, &sq) in kinds.iter().zip(squares.iter()) {
                    let bit = Bitboard(1 << sq);
                    match k.0 {
                        Color::White => s.white |= bit,
                        Color::Black => s.black |= bit,
                    }
                    if k.1 {
                        s.kings |= bit;
                    }
                }
                if turn == Color::Black {
                    // Material is "side to move first": swap the colours.
                    s = Setup {
                        white: s.black,
                        black: s.white,
                        kings: s.kings,
                        turn,
                    };
                }
                out.push(Position::from_setup(s).unwrap());
            }
            return;
        }
        for sq in 0..64u8 {
            let man = !kinds[at].1;
            if man && !(8..56).contains(&sq) {
                continue;
            }
            if squares[..at].contains(&sq) {
                continue;
            }
            // Identical pieces in increasing square order.
            if at > 0 && kinds[at - 1] == kinds[at] && squares[at - 1] >= sq {
                continue;
            }
            squares[at] = sq;
            rec(kinds, at + 1, squares, out);
        }
    }
    rec(&kinds, 0, &mut squares, &mut out);
    out
}

/// A plain multiply-xor hasher: the test hashes millions of positions.
#[derive(Default, Clone, Copy)]
struct Fast;

struct FastHasher(u64);

impl std::hash::BuildHasher for Fast {
    type Hasher = FastHasher;
    fn build_hasher(&self) -> FastHasher {
        FastHasher(0)
    }
}

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    fn write_isize(&mut self, x: isize) {
        self.write_u64(x as u64);
    }
}

/// Distance-to-win values of every position reachable from `seeds`, by
/// plain iteration over `legal_moves`: a position is won in `p` when a
/// move leads to a loss in `p - 1`, lost in `p` when every move leads to
/// a win decided before; the rest are draws.
fn brute_force(rules: &Rules, seeds: Vec<Position>) -> HashMap<Position, (Wdl, u32), Fast> {
    let mut index: HashMap<Position, usize, Fast> = HashMap::default();
    let mut all = Vec::new();
    let mut children: Vec<Vec<usize>> = Vec::new();
    for p in seeds {
        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(p) {
            e.insert(all.len());
            all.push(p);
        }
    }
    let mut next = 0;
    while next < all.len() {
        let p = all[next];
        let mut kids = Vec::new();
        for mv in p.legal_moves(rules).iter() {
            let c = p.play_unchecked(mv);
            let n = all.len();
            let i = *index.entry(c).or_insert(n);
            if i == n {
                all.push(c);
            }
            kids.push(i);
        }
        children.push(kids);
        next += 1;
    }
    let mut value: Vec<Option<(Wdl, u32)>> = vec![None; all.len()];
    for (i, p) in all.iter().enumerate() {
        if children[i].is_empty() {
            value[i] = Some((Wdl::Loss, 0));
        } else if p.is_draw_one_each(rules) {
            value[i] = Some((Wdl::Draw, 0));
        }
    }
    // Values decided in this pass have distance `ply`, so reading them in
    // place sees only earlier passes' decisions where it matters.
    let mut open: Vec<usize> = (0..all.len()).filter(|&i| value[i].is_none()).collect();
    let mut ply = 1;
    loop {
        let before = open.len();
        open.retain(|&i| {
            let kids = &children[i];
            if kids.iter().any(|&c| value[c] == Some((Wdl::Loss, ply - 1))) {
                value[i] = Some((Wdl::Win, ply));
                false
            } else if kids
                .iter()
                .all(|&c| matches!(value[c], Some((Wdl::Win, d)) if d < ply))
            {
                value[i] = Some((Wdl::Loss, ply));
                false
            } else {
                true
            }
        });
        if open.len() == before && ply > 2 {
            break;
        }
        ply += 1;
    }
    all.into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or((Wdl::Draw, 0))))
        .collect()
}

fn opts(threads: usize) -> GenOptions<'static> {
    GenOptions {
        threads,
        ..GenOptions::default()
    }
}

/// The tables of up to 3 pieces for `rules`, generated once per test run.
fn tables(rules: Rules) -> &'static Path {
    static DIRS: OnceLock<Mutex<HashMap<String, &'static Path>>> = OnceLock::new();
    let name = tama_notation::write_rules(&rules);
    let mut dirs = DIRS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    dirs.entry(name.clone()).or_insert_with(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("egtb-{}", std::process::id()))
            .join(&name);
        let _ = std::fs::remove_dir_all(&dir);
        generate(&dir, &rules, &Plan::new(3), None, &opts(2)).unwrap();
        Box::leak(dir.into_boxed_path())
    })
}

/// The directory holding the files of `rules`' tables.
fn files(rules: Rules) -> std::path::PathBuf {
    tables(rules).join(tama_notation::write_rules(&rules))
}

fn check_against_brute_force(rules: Rules, materials: &[&str]) {
    let tb = Tablebase::open(tables(rules), &rules).unwrap();
    let seeds: Vec<Position> = materials
        .iter()
        .flat_map(|m| positions_of(m.parse().unwrap()))
        .collect();
    let truth = brute_force(&rules, seeds);
    let mut checked = 0;
    for (pos, (wdl, d)) in &truth {
        if Material::of(pos).them() == 0 {
            continue;
        }
        let v = tb
            .probe(pos)
            .unwrap()
            .unwrap_or_else(|| panic!("{pos:?} not covered"));
        assert_eq!((v.wdl, v.distance), (*wdl, *d), "{}", write_fen(pos));
        // The same position turned over, and mirrored, has the same value.
        assert_eq!(tb.probe(&pos.flip_colors()).unwrap(), Some(v));
        assert_eq!(tb.probe(&pos.flip_horizontal()).unwrap(), Some(v));
        checked += 1;
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn two_piece_tables_agree_with_brute_force_under_every_preset() {
    for rules in [Rules::ARMENIAN, Rules::TURKISH, Rules::ARMENIAN_ORTHOGONAL] {
        check_against_brute_force(rules, &["KvK", "KvM", "MvK", "MvM"]);
    }
}

#[test]
fn armenian_king_and_man_against_king_agrees_with_brute_force() {
    check_against_brute_force(Rules::ARMENIAN, &["KMvK"]);
}

#[test]
fn armenian_two_kings_against_king_agrees_with_brute_force() {
    check_against_brute_force(Rules::ARMENIAN, &["KKvK"]);
}

#[test]
fn turkish_two_men_against_king_agrees_with_brute_force() {
    check_against_brute_force(Rules::TURKISH, &["MMvK", "KvMM"]);
}

#[test]
fn orthogonal_man_against_two_kings_agrees_with_brute_force() {
    check_against_brute_force(Rules::ARMENIAN_ORTHOGONAL, &["MvKK"]);
}

#[test]
fn every_table_passes_verification() {
    for rules in [Rules::ARMENIAN, Rules::TURKISH] {
        let checks = verify_dir(tables(rules), 2, &mut |_| {}).unwrap();
        // Each table twice: its distance file and its win/draw/loss file.
        assert_eq!(checks.len(), 2 * (2 + 4 + 10), "{rules:?}");
        for c in checks {
            assert!(matches!(c.verdict, Verdict::Sound { .. }), "{c:?}");
        }
    }
}

/// Copies the tables of `rules` to a fresh directory.
fn copy_tables(rules: Rules) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let to = tmp.path().join(tama_notation::write_rules(&rules));
    std::fs::create_dir_all(&to).unwrap();
    for e in std::fs::read_dir(files(rules)).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
    }
    tmp
}

#[test]
fn verification_fails_on_a_flipped_byte() {
    let tmp = copy_tables(Rules::ARMENIAN);
    // MMvM: no other table depends on it.
    let file = table_path(&tmp.path().join("armenian"), "MMvM".parse().unwrap());
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    let checks = verify_dir(tmp.path(), 1, &mut |_| {}).unwrap();
    let bad: Vec<_> = checks
        .iter()
        .filter(|c| !matches!(c.verdict, Verdict::Sound { .. }))
        .collect();
    // The damaged file, the other table of its unit, whose quiet moves
    // lead into it, and its win/draw/loss file, checked against it; every
    // message names the damaged file.
    assert_eq!(bad.len(), 3, "{bad:?}");
    for c in &bad {
        let Verdict::Damaged(what) = &c.verdict else {
            panic!("{c:?}")
        };
        assert!(
            what.contains("MMvM.egtb") && what.contains("checksum"),
            "{what}"
        );
    }
    // Probing it reports the damage instead of answering.
    let tb = Tablebase::open(tmp.path(), &Rules::ARMENIAN).unwrap();
    let pos = tama_notation::parse_position("W:Wb2,e2:Bb6").unwrap();
    assert!(tb.probe(&pos).is_err());
    // A truncated file too.
    let file = table_path(&tmp.path().join("armenian"), "KvK".parse().unwrap());
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let tb = Tablebase::open(tmp.path(), &Rules::ARMENIAN).unwrap();
    assert!(tb
        .probe(&tama_notation::parse_position("W:WKa1:BKh8").unwrap())
        .is_err());
}

#[test]
fn regenerating_gives_identical_bytes_with_any_thread_count() {
    let tmp = tempfile::tempdir().unwrap();
    generate(tmp.path(), &Rules::ARMENIAN, &Plan::new(3), None, &opts(1)).unwrap();
    let mut n = 0;
    for e in std::fs::read_dir(files(Rules::ARMENIAN)).unwrap() {
        let p = e.unwrap().path();
        let again = tmp.path().join("armenian").join(p.file_name().unwrap());
        assert_eq!(
            std::fs::read(&p).unwrap(),
            std::fs::read(&again).unwrap(),
            "{p:?}"
        );
        n += 1;
    }
    assert_eq!(n, 32);
}

/// The 2-byte working state gives the files of the 8-byte one: every
/// table up to 3 pieces of both presets, and the 4-piece `KKvKK`. The
/// wide run also reads its dependencies block by block (a decode limit
/// of 0), as generation does for tables over the limit.
#[test]
fn the_packed_layout_gives_the_files_of_the_wide_one() {
    for rules in [Rules::ARMENIAN, Rules::TURKISH] {
        let tmp = tempfile::tempdir().unwrap();
        let wide = GenOptions {
            threads: 2,
            layout: Layout::Wide,
            decode_limit: Some(0),
            ..GenOptions::default()
        };
        generate(tmp.path(), &rules, &Plan::new(3), None, &wide).unwrap();
        let mut n = 0;
        for e in std::fs::read_dir(files(rules)).unwrap() {
            let p = e.unwrap().path();
            let other = tmp
                .path()
                .join(tama_notation::write_rules(&rules))
                .join(p.file_name().unwrap());
            assert!(
                std::fs::read(&p).unwrap() == std::fs::read(&other).unwrap(),
                "{p:?}"
            );
            n += 1;
        }
        assert_eq!(n, 32);
        if rules == Rules::ARMENIAN {
            let only = ["KKvKK".parse().unwrap()];
            let packed = tempfile::tempdir().unwrap();
            for (dir, layout) in [(tmp.path(), Layout::Wide), (packed.path(), Layout::Packed)] {
                let o = GenOptions {
                    threads: 2,
                    layout,
                    ..GenOptions::default()
                };
                generate(dir, &rules, &Plan::new(3), None, &o).unwrap();
                generate(dir, &rules, &Plan::new(4), Some(&only), &o).unwrap();
            }
            for ext in ["egtb", "wdl"] {
                let name = format!("armenian/KKvKK.{ext}");
                let a = std::fs::read(tmp.path().join(&name)).unwrap();
                let b = std::fs::read(packed.path().join(&name)).unwrap();
                assert!(a == b, "{name}");
            }
        }
    }
}

#[test]
fn an_interrupted_run_leaves_no_finished_looking_file_and_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let stop = AtomicBool::new(false);
    let started = Mutex::new(Vec::new());
    let progress = |p: Progress| {
        if let Progress::Start { unit, .. } = p {
            let mut s = started.lock().unwrap();
            s.push(unit);
            // Stop while solving the fourth unit.
            if s.len() == 4 {
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    let o = GenOptions {
        threads: 2,
        stop: Some(&stop),
        progress: Some(&progress),
        ..GenOptions::default()
    };
    let err = generate(tmp.path(), &Rules::ARMENIAN, &Plan::new(3), None, &o).unwrap_err();
    assert!(matches!(err, Error::Interrupted), "{err}");
    let dir = tmp.path().join("armenian");
    let interrupted = started.lock().unwrap()[3];
    for m in interrupted.members() {
        assert!(!table_path(&dir, m).exists(), "{m} looks finished");
    }
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let ext = p.extension().unwrap();
        assert!(ext == "egtb" || ext == "wdl", "left behind: {p:?}");
    }
    // A second run skips the finished units and completes the rest.
    let skipped = Mutex::new(Vec::new());
    let progress = |p: Progress| {
        if let Progress::Skipped(u) = p {
            skipped.lock().unwrap().push(u);
        }
    };
    let o = GenOptions {
        threads: 2,
        stop: None,
        progress: Some(&progress),
        ..GenOptions::default()
    };
    generate(tmp.path(), &Rules::ARMENIAN, &Plan::new(3), None, &o).unwrap();
    assert_eq!(skipped.lock().unwrap().len(), 3);
    for e in std::fs::read_dir(files(Rules::ARMENIAN)).unwrap() {
        let p = e.unwrap().path();
        let again = dir.join(p.file_name().unwrap());
        assert_eq!(
            std::fs::read(&p).unwrap(),
            std::fs::read(&again).unwrap(),
            "{p:?}"
        );
    }
}

#[test]
fn positions_outside_the_tables_are_not_covered() {
    let tb = Tablebase::open(tables(Rules::ARMENIAN), &Rules::ARMENIAN).unwrap();
    let probe = |fen: &str| {
        tb.probe(&tama_notation::parse_position(fen).unwrap())
            .unwrap()
    };
    // A White man on its own first rank: no game reaches it.
    assert_eq!(probe("W:Wa1:BKh8"), None);
    assert_eq!(probe("B:Wa1:BKh8"), None);
    // A Black man on rank 8.
    assert_eq!(probe("W:WKa1:Bh8"), None);
    // Four pieces: beyond the tables.
    assert_eq!(probe("W:WKa1,Kb1:BKh8,Kg8"), None);
    // Only the side to move has pieces: cannot arise.
    assert_eq!(probe("W:WKa1:B"), None);
    // The side to move has no pieces: lost.
    assert_eq!(
        probe("B:WKa1:B").map(|v| (v.wdl, v.distance)),
        Some((Wdl::Loss, 0))
    );
    // A position with a man on its first rank is not in the tables, but
    // one with every man on ranks 2-7 is.
    assert!(probe("W:Wa2:BKh8").is_some());
}

#[test]
fn the_oracle_answers_only_for_its_rules() {
    use tama_search::EndgameOracle;
    let tb = Tablebase::open(tables(Rules::TURKISH), &Rules::TURKISH).unwrap();
    let pos = tama_notation::parse_position("W:WKd4:Ba7").unwrap();
    assert_eq!(EndgameOracle::probe(&tb, &pos, &Rules::ARMENIAN), None);
    let v = EndgameOracle::probe(&tb, &pos, &Rules::TURKISH).unwrap();
    // One piece each is a draw under Turkish rules.
    assert_eq!(v.wdl, Wdl::Draw);
    assert_eq!(tb.max_pieces(), 3);
}
