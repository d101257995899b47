//! `tama train`: fit the learned evaluation's weights to data.

use std::path::PathBuf;
use std::time::Instant;

use tama_learn::{load, train, TrainConfig};
use tama_search::learned::Base;

use crate::error::{CliError, CmdResult, EXIT_OK};
use crate::io::Io;
use crate::progress::relayed;

/// Train the learned evaluation on data files of `tama datagen` and write
/// a weights file (docs/TRAINING.md).
///
/// With `--base classic` (the default) the patterns learn a correction
/// added to the classic evaluation, starting from zero (the untrained
/// weights are the classic evaluation); with `--base none` they are the
/// whole evaluation. One game in ten is held out; the loss (cross-entropy
/// between the prediction and the target: the result blended with the
/// search score) is printed per epoch, from epoch 0 (before training), for
/// the training and the held-out positions, and the held-out loss of the
/// rounded weights through the engine's integer evaluation.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  tama train --data data/turkish --out turkish.tev\n  tama train --data data/a data/b --out armenian.tev --epochs 20 --seed 2\n  tama train --data data/armenian --out patterns.tev --base none"
)]
pub struct Args {
    /// Data directories (their `.tdat` files) or files.
    #[arg(long, value_name = "DIR", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The weights file to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, value_name = "E", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub epochs: u64,
    /// Seed of the held-out split and of the order of positions.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Weight of the game result in the target, 0 to 1 (the search score
    /// has the rest).
    #[arg(long, value_name = "W", default_value_t = 0.5)]
    pub result_weight: f64,
    /// The step size (AdaGrad), in centi-men.
    #[arg(long, value_name = "R", default_value_t = 4.0)]
    pub learning_rate: f64,
    /// L2 regularisation of the region and square weights (0: none).
    #[arg(long, value_name = "L", default_value_t = 0.0)]
    pub l2: f64,
    /// What the patterns are added to: `classic` (the classic evaluation:
    /// they learn a correction) or `none` (the patterns alone).
    #[arg(long, value_name = "BASE", default_value = "classic", value_parser = clap::builder::PossibleValuesParser::new(Base::ALL.map(|(name, _)| name)))]
    pub base: String,
}

/// Runs `tama train`.
pub fn run(args: &Args, io: &mut Io<'_>) -> CmdResult {
    if !(0.0..=1.0).contains(&args.result_weight) {
        return Err(CliError::usage("--result-weight must be within 0 and 1"));
    }
    if !(args.l2 >= 0.0 && args.l2.is_finite()) {
        return Err(CliError::usage("--l2 must be 0 or more"));
    }
    let base = Base::ALL
        .into_iter()
        .find(|(name, _)| *name == args.base)
        .map(|(_, b)| b)
        .ok_or_else(|| CliError::usage(format!("unknown --base {:?}", args.base)))?;
    let start = Instant::now();
    let data = load(&args.data).map_err(|e| CliError::usage(e.to_string()))?;
    let read = start.elapsed().as_secs_f64();
    writeln!(
        io.out,
        "{} positions from {} files in {read:.1} s",
        data.records.len(),
        data.files.len()
    )?;
    let config = TrainConfig {
        epochs: args.epochs as usize,
        seed: args.seed,
        result_weight: args.result_weight,
        learning_rate: args.learning_rate,
        l2: args.l2,
        base,
        ..TrainConfig::default()
    };
    let started = Instant::now();
    let trained = relayed(&mut *io.err, |relay| {
        train(&data.records, &data.rules, &config, |e| {
            relay.line(format_args!(
                "epoch {}: train loss {:.5}, held-out loss {:.5}, integer {:.5} ({:.1} s)",
                e.epoch,
                e.train_loss,
                e.held_out_loss,
                e.held_out_int_loss,
                started.elapsed().as_secs_f64()
            ))
        })
    })?
    .map_err(|e| CliError::usage(e.to_string()))?;
    let bytes = trained.weights.to_bytes();
    let failed = |_: &std::path::Path, e| CliError::usage(format!("{}: {e}", args.out.display()));
    tama_files::write_atomically(
        &args.out,
        |f| std::io::Write::write_all(f, &bytes).map_err(|e| failed(&args.out, e)),
        failed,
    )?;
    for e in &trained.epochs {
        writeln!(
            io.out,
            "epoch {:>3}: train loss {:.5}  held-out loss {:.5}  integer {:.5}",
            e.epoch, e.train_loss, e.held_out_loss, e.held_out_int_loss
        )?;
    }
    writeln!(
        io.out,
        "{} training and {} held-out positions, scale {} centi-men (targets), {} (evaluations); held-out loss of the integer weights {:.5} (classic evaluation {:.5}, search scores {:.5})",
        trained.train_positions,
        trained.held_out_positions,
        trained.scale,
        trained.eval_scale,
        trained.final_held_out_loss,
        trained.classic_held_out_loss,
        trained.search_held_out_loss
    )?;
    writeln!(
        io.out,
        "wrote {} ({} bytes, {} rules, base {}) in {:.1} s",
        args.out.display(),
        bytes.len(),
        trained.weights.preset(),
        trained.weights.base(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(EXIT_OK)
}
