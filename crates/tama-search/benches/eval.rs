//! The static evaluations on quiet positions of varied games: the classic
//! terms, and the learned evaluation (base classic, the embedded turkish
//! weights) with the men folded into the edge region tables and with the
//! loop over the men.
//!
//! `cargo bench -p tama-search --bench eval`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tama_core::{Position, Preset, Rules};
use tama_search::learned::{self, LearnedEval, MAN};
use tama_search::Evaluator;

/// Quiet positions of 64 games, each move chosen by a fixed rule of the
/// game's number and ply (no randomness to seed).
fn positions(rules: &Rules) -> Vec<Position> {
    let mut out = Vec::new();
    for game in 0..64usize {
        let mut p = Position::start();
        for ply in 0..120usize {
            let moves = p.legal_moves(rules);
            if moves.is_empty() {
                break;
            }
            if !p.has_capture() {
                out.push(p);
            }
            let pick = (game * 31 + ply * 17 + ply * ply) % moves.len();
            p = p.play_unchecked(&moves[pick]);
        }
    }
    out
}

fn eval_bench(c: &mut Criterion) {
    let rules = Rules::TURKISH;
    let weights = learned::embedded(Preset::Turkish).expect("turkish weights are embedded");
    let folded = LearnedEval::new(Arc::clone(&weights));
    assert!(folded.men_folded());
    // A man's weight too large to fold: the same work as the loop over
    // the men, with other values.
    let mut big = (*weights).clone();
    big.set(MAN, [16000, -16000]);
    let looped = LearnedEval::new(Arc::new(big));
    assert!(!looped.men_folded());
    let evaluators = [
        ("classic", Evaluator::default()),
        (
            "learned, men folded",
            Evaluator::default().with_learned(vec![folded]),
        ),
        (
            "learned, men looped",
            Evaluator::default().with_learned(vec![looped]),
        ),
    ];
    let positions = positions(&rules);
    let mut group = c.benchmark_group("evaluate turkish");
    group.throughput(Throughput::Elements(positions.len() as u64));
    for (name, eval) in &evaluators {
        group.bench_function(*name, |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|p| eval.evaluate(black_box(p), &rules) as i64)
                    .sum::<i64>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, eval_bench);
criterion_main!(benches);
