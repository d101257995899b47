//! Fixed-depth searches of the bench positions, one thread, fresh table.
//!
//! `cargo bench -p tama-arena`

use criterion::{criterion_group, criterion_main, Criterion};
use tama_arena::bench;
use tama_core::{Position, Rules};
use tama_search::{Engine, EngineConfig, Limits, SearchResult};

fn search_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let positions = bench::positions_with_history();
    let mut engine = Engine::new(EngineConfig {
        hash_mib: 16,
        ..EngineConfig::default()
    });
    // The signature at a small depth must not change between runs.
    let signature = bench::run(6).nodes;
    assert_eq!(
        signature,
        bench::run(6).nodes,
        "search is not deterministic"
    );
    group.bench_function("bench positions depth 8", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for (pos, history) in &positions {
                engine.clear();
                let r = engine.search(pos, history, &Rules::ARMENIAN, &Limits::depth(8), |_| {});
                if let SearchResult::Move(best) = r {
                    nodes += best.nodes;
                }
            }
            nodes
        })
    });
    group.bench_function("start position depth 10", |b| {
        b.iter(|| {
            engine.clear();
            engine
                .search(
                    &Position::start(),
                    &[],
                    &Rules::ARMENIAN,
                    &Limits::depth(10),
                    |_| {},
                )
                .best_move()
        })
    });
    group.finish();
}

criterion_group!(benches, search_bench);
criterion_main!(benches);
