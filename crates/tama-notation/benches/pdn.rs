//! Reading and validating a 10,000-game PDN file (random games of both
//! presets, built in memory). Target: at least 20,000 games per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tama_core::Rules;
use tama_notation::pdn::PdnReader;
use tama_test_support::pdn::random_plain_game;
use tama_test_support::Rng;

const GAMES: usize = 10_000;

fn database() -> String {
    let mut rng = Rng::new(0x7a6d_615f_7064_6e00);
    let mut text = String::new();
    for i in 0..GAMES {
        let rules = if i % 2 == 0 {
            Rules::ARMENIAN
        } else {
            Rules::TURKISH
        };
        text.push_str(&random_plain_game(&mut rng, rules, 120).to_pdn());
    }
    text
}

fn read_database(c: &mut Criterion) {
    let text = database();
    let valid = PdnReader::new(text.as_bytes())
        .filter(Result::is_ok)
        .count();
    assert_eq!(valid, GAMES, "every generated game is valid");
    let plies: usize = PdnReader::new(text.as_bytes())
        .map(|g| g.unwrap().main_line().len())
        .sum();
    eprintln!(
        "pdn bench: {GAMES} games, {plies} moves, {} bytes",
        text.len()
    );
    let mut group = c.benchmark_group("pdn");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES as u64));
    group.bench_function("read_validate_10k_games", |b| {
        b.iter(|| {
            let n = PdnReader::new(text.as_bytes())
                .filter(Result::is_ok)
                .count();
            assert_eq!(n, GAMES);
        })
    });
    group.finish();
}

criterion_group!(benches, read_database);
criterion_main!(benches);
