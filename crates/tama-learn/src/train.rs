//! The trainer: logistic regression of the learned evaluation's weights.
//!
//! The model is [`tama_search::learned`]'s: White's value `E` of a
//! position is the sum over its features of `value × (mg × s + eg × (1 −
//! s))`, `s` the share of the middlegame (pieces / 32), plus with base
//! classic ([`Base::Classic`], the default) the classic evaluation's
//! White value `C`, computed once per position by the engine's own
//! default [`Evaluator`]. With base classic the weights start at zero, so
//! the untrained model is the classic evaluation and the patterns learn
//! what it misses; with base none they start from 100 a man and 300 a
//! king. Each position's target is a blend of its game's result and
//! `σ(score / K)` of its search score, `K` the scale that best turns the
//! data's search scores into results (the result alone where it is exact
//! or the score a proven win or loss). The prediction is `σ(E / K_e)`,
//! `K_e` the scale at which the classic evaluation's values best predict
//! the training targets (both fitted unless given): a static evaluation
//! is a blunter predictor than a search score, and with `K` in its place
//! part of the correction would only rescale the classic values. The loss is the cross-entropy
//! between target and prediction, minimised by stochastic gradient
//! descent with per-weight step sizes (AdaGrad), one position at a time
//! in a seeded random order. The games are split once: one in ten (by a
//! hash of the seed and the game's number) is held out and only measured.
//! The weights are rounded to sixteenths of a centi-man at the end; the
//! report of each epoch (and of epoch 0, before training) also gives the
//! held-out loss of the rounded weights through the engine's integer
//! evaluation, which at epoch 0 with base classic is the classic
//! evaluation's own.

use core::fmt;
use std::sync::Arc;

use tama_core::{Color, Rules};
use tama_search::learned::{
    features, phase, Base, LearnedEval, Weights, FEATURES, KING, MAN, PHASE_MAX, SCALE,
};
use tama_search::Evaluator;

use crate::format::Record;

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Seed of the held-out split and of the order of positions.
    pub seed: u64,
    /// Weight of the game's result in the target (0 to 1); the search
    /// score has the rest.
    pub result_weight: f64,
    /// One game in this many is held out (0: none).
    pub held_out_one_in: u64,
    /// AdaGrad's step size, in centi-men.
    pub learning_rate: f64,
    /// The scale `K` of the targets in centi-men (`σ(score / K)`);
    /// `None`: fitted to the data's search scores and results.
    pub scale: Option<f64>,
    /// The scale of the predictions (`σ(E / K_e)`), in centi-men; `None`:
    /// fitted to the classic evaluation's values against the training
    /// targets, so that the classic evaluation is at its best on the
    /// loss and the learned values stay on its scale (a static evaluation
    /// predicts results less sharply than a search score, so its `K` is
    /// larger).
    pub eval_scale: Option<f64>,
    /// L2 regularisation of the region and king-square weights (each step
    /// also pulls them towards 0 by this share of their value times the
    /// step size).
    pub l2: f64,
    /// What the patterns are added to: the classic evaluation (they learn
    /// a correction, starting from zero) or nothing.
    pub base: Base,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 10,
            seed: 1,
            result_weight: 0.5,
            held_out_one_in: 10,
            learning_rate: 4.0,
            scale: None,
            eval_scale: None,
            l2: 0.0,
            base: Base::Classic,
        }
    }
}

/// The losses after one epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch (0: the starting weights, before training).
    pub epoch: usize,
    /// Mean cross-entropy over the training positions during the epoch
    /// (at epoch 0, of the starting weights).
    pub train_loss: f64,
    /// Mean cross-entropy over the held-out positions after the epoch
    /// (NaN when none is held out).
    pub held_out_loss: f64,
    /// The same for the weights rounded and evaluated by the engine
    /// (integer arithmetic, base included, clamped as in the search).
    pub held_out_int_loss: f64,
}

/// What training produced.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The weights, rounded.
    pub weights: Weights,
    /// The scale `K` of the targets, in centi-men.
    pub scale: f64,
    /// The scale `K_e` of the predictions, in centi-men.
    pub eval_scale: f64,
    /// Every epoch's losses, from epoch 0 (before training).
    pub epochs: Vec<EpochReport>,
    /// Positions trained on.
    pub train_positions: usize,
    /// Positions held out.
    pub held_out_positions: usize,
    /// The held-out loss of the rounded weights through the engine's
    /// integer evaluation (NaN when none is held out).
    pub final_held_out_loss: f64,
    /// The held-out loss of the search scores themselves (NaN when none
    /// is held out).
    pub search_held_out_loss: f64,
    /// The held-out loss of the classic evaluation (tama-search's
    /// default [`Evaluator`]), the bar a learned
    /// evaluation has to pass (NaN when none is held out).
    pub classic_held_out_loss: f64,
}

/// Why training could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainError {
    /// No positions.
    NoData,
    /// The rules are no preset (weights files name a preset).
    NotPreset,
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::NoData => f.write_str("no positions to train on"),
            TrainError::NotPreset => f.write_str(
                "the data's rules are no preset (armenian, turkish, armenian-orthogonal)",
            ),
        }
    }
}

impl std::error::Error for TrainError {}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn cross_entropy(target: f64, p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// White's search score of a record, in centi-men.
fn white_score(r: &Record) -> f64 {
    let s = r.score as f64;
    if r.position.turn() == Color::White {
        s
    } else {
        -s
    }
}

/// The scale `K` (centi-men, 50 to 1000 by 10) whose `σ(score / K)` best
/// predicts the results of positions that are not proven.
pub fn fit_scale(records: &[Record]) -> f64 {
    let data: Vec<(f64, f64)> = records
        .iter()
        .filter(|r| !r.proven && !r.exact)
        .map(|r| (white_score(r), r.result.white_score()))
        .collect();
    best_scale(&data)
}

/// The scale `K` (centi-men, 50 to 1000 by 10) whose `σ(value / K)` has
/// the least cross-entropy against the targets of `(value, target)`
/// pairs (250 when there are none).
fn best_scale(data: &[(f64, f64)]) -> f64 {
    if data.is_empty() {
        return 250.0;
    }
    (5..=100)
        .map(|k| k as f64 * 10.0)
        .map(|k| {
            let loss: f64 = data
                .iter()
                .map(|&(s, t)| cross_entropy(t, sigmoid(s / k)))
                .sum();
            (loss, k)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(250.0, |(_, k)| k)
}

/// One position prepared: its features, middlegame share, target and
/// White's classic value.
struct Sample {
    start: u32,
    len: u16,
    mid: f32,
    target: f32,
    classic: f32,
}

/// `stm`, a value for the side to move of `r`'s position, for White.
fn for_white(r: &Record, stm: i32) -> f64 {
    if r.position.turn() == Color::White {
        stm as f64
    } else {
        -stm as f64
    }
}

/// The weights rounded to the file's units.
fn rounded(w: &[[f32; 2]], preset: tama_core::Preset, base: Base) -> Weights {
    let mut weights = Weights::zero(preset).with_base(base);
    for (f, [a, b]) in w.iter().enumerate() {
        let q = |v: f32| {
            (v * SCALE as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        weights.set(f, [q(*a), q(*b)]);
    }
    weights
}

/// Trains weights for `rules` on `records`; `report` hears after each
/// epoch.
///
/// # Errors
///
/// [`TrainError`]: no records, or rules that are no preset.
pub fn train(
    records: &[Record],
    rules: &Rules,
    config: &TrainConfig,
    mut report: impl FnMut(&EpochReport),
) -> Result<Trained, TrainError> {
    let preset = rules.preset().ok_or(TrainError::NotPreset)?;
    if records.is_empty() {
        return Err(TrainError::NoData);
    }
    let k = config.scale.unwrap_or_else(|| fit_scale(records));
    let lambda = config.result_weight.clamp(0.0, 1.0);
    let classic = Evaluator::default();

    // Features of every position, flattened; the split by game.
    let mut feats: Vec<(u32, i32)> = Vec::with_capacity(records.len() * 60);
    let mut samples = Vec::with_capacity(records.len());
    let (mut train_idx, mut held_idx) = (Vec::new(), Vec::new());
    let mut game = 0u64;
    for (i, r) in records.iter().enumerate() {
        if r.game_start && i > 0 {
            game += 1;
        }
        let start = feats.len() as u32;
        features(&r.position, |f, v| feats.push((f as u32, v)));
        let result = r.result.white_score();
        let target = if r.proven || r.exact {
            result
        } else {
            lambda * result + (1.0 - lambda) * sigmoid(white_score(r) / k)
        };
        samples.push(Sample {
            start,
            len: (feats.len() as u32 - start) as u16,
            mid: phase(&r.position) as f32 / PHASE_MAX as f32,
            target: target as f32,
            classic: for_white(r, classic.evaluate(&r.position, rules)) as f32,
        });
        let held = config.held_out_one_in > 0
            && mix(config.seed ^ mix(game)).is_multiple_of(config.held_out_one_in);
        if held {
            held_idx.push(i);
        } else {
            train_idx.push(i);
        }
    }

    // The predictions' scale: the classic evaluation's best on the
    // training positions, unless given.
    let ke = config.eval_scale.unwrap_or_else(|| {
        let data: Vec<(f64, f64)> = train_idx
            .iter()
            .map(|&i| (samples[i].classic as f64, samples[i].target as f64))
            .collect();
        best_scale(&data)
    });
    let on_classic = config.base == Base::Classic;
    let mut w = vec![[0f32; 2]; FEATURES];
    if config.base == Base::None {
        w[MAN] = [100.0; 2];
        w[KING] = [300.0; 2];
    }
    let mut g2 = vec![[1e-8f32; 2]; FEATURES];
    let value = |w: &[[f32; 2]], s: &Sample| -> f64 {
        let mut e = if on_classic { s.classic } else { 0.0 };
        for &(f, x) in &feats[s.start as usize..s.start as usize + s.len as usize] {
            let [a, b] = w[f as usize];
            e += x as f32 * (a * s.mid + b * (1.0 - s.mid));
        }
        e as f64
    };
    let held_loss = |w: &[[f32; 2]]| -> f64 {
        let sum: f64 = held_idx
            .iter()
            .map(|&i| {
                let s = &samples[i];
                cross_entropy(s.target as f64, sigmoid(value(w, s) / ke))
            })
            .sum();
        sum / held_idx.len() as f64
    };
    // The engine's evaluation of the rounded weights (classic terms from
    // the same default evaluator as the base values).
    let engine = |w: &[[f32; 2]]| {
        let learned = LearnedEval::new(Arc::new(rounded(w, preset, config.base)));
        Evaluator::default().with_learned(vec![learned])
    };
    let mean = |f: &dyn Fn(&Record, &Sample) -> f64| -> f64 {
        held_idx
            .iter()
            .map(|&i| f(&records[i], &samples[i]))
            .sum::<f64>()
            / held_idx.len() as f64
    };
    let int_loss = |w: &[[f32; 2]]| -> f64 {
        let eval = engine(w);
        mean(&|r, s| {
            let white = for_white(r, eval.evaluate(&r.position, rules));
            cross_entropy(s.target as f64, sigmoid(white / ke))
        })
    };
    let lr = config.learning_rate as f32;
    let l2 = (config.l2 / ke) as f32;
    let mut rng = mix(config.seed ^ 0x0074_7261_696e);
    let mut order = train_idx.clone();
    let start_loss = train_idx
        .iter()
        .map(|&i| {
            let s = &samples[i];
            cross_entropy(s.target as f64, sigmoid(value(&w, s) / ke))
        })
        .sum::<f64>()
        / train_idx.len().max(1) as f64;
    let e = EpochReport {
        epoch: 0,
        train_loss: start_loss,
        held_out_loss: held_loss(&w),
        held_out_int_loss: int_loss(&w),
    };
    report(&e);
    let mut epochs = vec![e];
    for epoch in 1..=config.epochs {
        for i in (1..order.len()).rev() {
            rng = mix(rng);
            order.swap(i, (rng % (i as u64 + 1)) as usize);
        }
        let mut loss = 0f64;
        for &i in &order {
            let s = &samples[i];
            let p = sigmoid(value(&w, s) / ke);
            loss += cross_entropy(s.target as f64, p);
            let g = ((p - s.target as f64) / ke) as f32;
            for &(f, x) in &feats[s.start as usize..s.start as usize + s.len as usize] {
                let f = f as usize;
                let gx = g * x as f32;
                let decay = if f < MAN { l2 } else { 0.0 };
                for (ph, share) in [(0, s.mid), (1, 1.0 - s.mid)] {
                    let grad = gx * share + decay * w[f][ph] * share;
                    if grad != 0.0 {
                        g2[f][ph] += grad * grad;
                        w[f][ph] -= lr * grad / g2[f][ph].sqrt();
                    }
                }
            }
        }
        let e = EpochReport {
            epoch,
            train_loss: loss / order.len().max(1) as f64,
            held_out_loss: held_loss(&w),
            held_out_int_loss: int_loss(&w),
        };
        report(&e);
        epochs.push(e);
    }

    let weights = rounded(&w, preset, config.base);
    let final_held_out_loss = epochs.last().map_or(f64::NAN, |e| e.held_out_int_loss);
    let search_held_out_loss =
        mean(&|r, s| cross_entropy(s.target as f64, sigmoid(white_score(r) / k)));
    let classic_held_out_loss = mean(&|r, s| {
        let white = for_white(r, classic.evaluate(&r.position, rules));
        cross_entropy(s.target as f64, sigmoid(white / ke))
    });
    Ok(Trained {
        weights,
        scale: k,
        eval_scale: ke,
        epochs,
        train_positions: train_idx.len(),
        held_out_positions: held_idx.len(),
        final_held_out_loss,
        search_held_out_loss,
        classic_held_out_loss,
    })
}

#[cfg(test)]
mod tests;
