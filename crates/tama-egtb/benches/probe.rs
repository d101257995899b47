//! Probe speed from warm memory.
//!
//! Uses the tables in `$TAMA_EGTB_DIR` (e.g. the 4-piece armenian tables
//! from `tama egtb gen --pieces 4 --dir DIR`); without it, generates the
//! 3-piece armenian tables into a temporary directory first.
//!
//! - `probe/random`: positions drawn at random from every table, so
//!   nearly every probe decompresses a block (the worst case);
//! - `probe/children`: the positions after each legal move of random
//!   positions, as a search asks them (neighbouring entries, cached
//!   blocks).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tama_core::{Bitboard, Color, Position, Rules, Setup};
use tama_egtb::{generate, GenOptions, Plan, Tablebase};

use tama_test_support::Rng;

/// Random positions covered by `tb`.
fn random_positions(tb: &Tablebase, n: usize, rng: &mut Rng) -> Vec<Position> {
    let materials: Vec<_> = tb.materials().collect();
    let mut out = Vec::new();
    while out.len() < n {
        let m = materials[(rng.next_u64() % materials.len() as u64) as usize];
        let mut s = Setup::empty(Color::White);
        let put = |s: &mut Setup, white: bool, king: bool, rng: &mut Rng| loop {
            let sq = (rng.next_u64() % 64) as u32;
            let bit = Bitboard(1 << sq);
            if (s.white | s.black).0 & bit.0 != 0 || (!king && !(8..56).contains(&sq)) {
                continue;
            }
            if white {
                s.white |= bit;
            } else {
                s.black |= bit;
            }
            if king {
                s.kings |= bit;
            }
            return;
        };
        for _ in 0..m.us_men {
            put(&mut s, true, false, rng);
        }
        for _ in 0..m.us_kings {
            put(&mut s, true, true, rng);
        }
        for _ in 0..m.them_men {
            put(&mut s, false, false, rng);
        }
        for _ in 0..m.them_kings {
            put(&mut s, false, true, rng);
        }
        if let Ok(p) = Position::from_setup(s) {
            if tb.probe(&p).ok().flatten().is_some() {
                out.push(p);
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let rules = Rules::ARMENIAN;
    let _tmp;
    let dir = match std::env::var_os("TAMA_EGTB_DIR") {
        Some(d) => std::path::PathBuf::from(d),
        None => {
            let t = tempfile::tempdir().expect("a temporary directory");
            generate(
                t.path(),
                &rules,
                &Plan::new(3),
                None,
                &GenOptions::default(),
            )
            .expect("generate");
            let path = t.path().to_path_buf();
            _tmp = t;
            path
        }
    };
    let tb = Tablebase::open(&dir, &rules).expect("open");
    let mut rng = Rng::xorshift(0x1234_5678_9abc_def1);
    let positions = random_positions(&tb, 10_000, &mut rng);
    let children: Vec<Position> = positions
        .iter()
        .take(1000)
        .flat_map(|p| {
            p.legal_moves(&rules)
                .iter()
                .map(|m| p.play_unchecked(m))
                .collect::<Vec<_>>()
        })
        .filter(|p| tb.probe(p).ok().flatten().is_some())
        .collect();
    let mut g = c.benchmark_group("probe");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("random", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(tb.probe(black_box(p)).ok());
            }
        })
    });
    g.throughput(Throughput::Elements(children.len() as u64));
    g.bench_function("children", |b| {
        b.iter(|| {
            for p in &children {
                black_box(tb.probe(black_box(p)).ok());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
