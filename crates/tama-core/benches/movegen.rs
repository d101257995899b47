//! Move generation, make-move and perft benchmarks.
//!
//! Positions are reached from the start by fixed move indices, so the
//! benchmark needs no text parsing. Each perft bench asserts its node
//! count, so a wrong generator cannot post a fast time.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use tama_core::{perft, MoveList, Position, Rules};

/// A position reached by taking the move with index `i % len` at ply `i`.
fn walk(rules: &Rules, plies: usize) -> Position {
    let mut pos = Position::start();
    for i in 0..plies {
        let moves = pos.legal_moves(rules);
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(&moves[(i * 7 + 3) % moves.len()]);
    }
    pos
}

fn bench_movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for (name, rules) in [("armenian", Rules::ARMENIAN), ("turkish", Rules::TURKISH)] {
        let positions: Vec<Position> = (0..64).map(|p| walk(&rules, p)).collect();
        let total: u64 = positions
            .iter()
            .map(|p| p.legal_moves(&rules).len() as u64)
            .sum();
        group.throughput(Throughput::Elements(total));
        group.bench_function(BenchmarkId::new("generate", name), |b| {
            let mut list = MoveList::new();
            b.iter(|| {
                let mut n = 0;
                for pos in &positions {
                    pos.generate_moves(&rules, &mut list);
                    n += list.len();
                }
                black_box(n)
            })
        });
        group.bench_function(BenchmarkId::new("make", name), |b| {
            let lists: Vec<MoveList> = positions.iter().map(|p| p.legal_moves(&rules)).collect();
            b.iter(|| {
                let mut h = 0u64;
                for (pos, list) in positions.iter().zip(&lists) {
                    for mv in list.iter() {
                        h ^= pos.play_unchecked(mv).hash();
                    }
                }
                black_box(h)
            })
        });
    }
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, rules, depth, expected) in [
        ("armenian", Rules::ARMENIAN, 5, 6_280_482u64),
        ("turkish", Rules::TURKISH, 7, 10_782_308),
    ] {
        group.throughput(Throughput::Elements(expected));
        group.bench_function(BenchmarkId::new(name, depth), |b| {
            b.iter(|| {
                let n = perft(&Position::start(), &rules, black_box(depth));
                assert_eq!(n, expected);
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_movegen, bench_perft);
criterion_main!(benches);
