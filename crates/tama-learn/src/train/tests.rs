use super::*;
use crate::format::GameResult;
use tama_core::{Position, Role};
use tama_search::learned::Base;

/// Quiet positions of random games, labelled with a material-only score
/// (100 a man, 300 a king, for the side to move) and no result weight.
fn material_data(n: usize, seed: u64) -> Vec<Record> {
    let rules = Rules::TURKISH;
    let mut rng = seed;
    let mut out = Vec::new();
    while out.len() < n {
        let mut p = Position::start();
        let mut first = true;
        for ply in 0..160u16 {
            let moves = p.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            if !p.has_capture() {
                let count = |c, r| p.pieces_of(c, r).count() as i32;
                let white = 100 * (count(Color::White, Role::Man) - count(Color::Black, Role::Man))
                    + 300 * (count(Color::White, Role::King) - count(Color::Black, Role::King));
                let stm = if p.turn() == Color::White {
                    white
                } else {
                    -white
                };
                out.push(Record {
                    position: p,
                    score: stm as i16,
                    ply,
                    result: GameResult::Draw,
                    exact: false,
                    game_start: first,
                    proven: false,
                });
                first = false;
            }
            rng = mix(rng);
            p = p.play_unchecked(&moves[(rng % moves.len() as u64) as usize]);
        }
    }
    out
}

#[test]
fn recovers_a_material_evaluation() {
    let data = material_data(6000, 3);
    let config = TrainConfig {
        epochs: 6,
        result_weight: 0.0,
        scale: Some(200.0),
        eval_scale: Some(200.0),
        base: Base::None,
        ..TrainConfig::default()
    };
    let mut losses = Vec::new();
    let trained = train(&data, &Rules::TURKISH, &config, |e| losses.push(*e)).unwrap();
    // Epoch 0 (the starting weights), then six.
    assert_eq!(losses.len(), 7);
    assert_eq!(
        losses.iter().map(|e| e.epoch).collect::<Vec<_>>(),
        (0..7).collect::<Vec<_>>()
    );
    assert_eq!(trained.epochs, losses);
    assert!(trained.held_out_positions > 200 && trained.train_positions > 4000);
    // The held-out loss falls to the target's own entropy (the search
    // scores are the target here, so they are the bar).
    assert!(losses[6].held_out_loss <= losses[1].held_out_loss + 1e-9);
    assert_eq!(trained.final_held_out_loss, losses[6].held_out_int_loss);
    assert!(
        trained.final_held_out_loss < trained.search_held_out_loss + 0.002,
        "{} vs {}",
        trained.final_held_out_loss,
        trained.search_held_out_loss
    );
    // The integer evaluation gives the material score within a few
    // centi-men on positions of other games.
    let eval = LearnedEval::new(Arc::new(trained.weights.clone()));
    let test = material_data(500, 99);
    let err: f64 = test
        .iter()
        .map(|r| (eval.evaluate(&r.position) - r.score as i32).abs() as f64)
        .sum::<f64>()
        / test.len() as f64;
    assert!(err < 12.0, "mean error {err}");
}

#[test]
fn learns_a_term_it_did_not_start_with() {
    // Material plus 40 centi-men per man on the sixth rank or beyond:
    // the region tables must learn what material does not say.
    let mut data = material_data(6000, 5);
    let bonus = |p: &Position| {
        let adv = |c: Color, mask: u64| (p.pieces_of(c, Role::Man).0 & mask).count_ones() as i32;
        let white = 40 * (adv(Color::White, !0u64 << 40) - adv(Color::Black, !0u64 >> 40));
        if p.turn() == Color::White {
            white
        } else {
            -white
        }
    };
    for r in &mut data {
        r.score += bonus(&r.position) as i16;
    }
    let config = TrainConfig {
        epochs: 8,
        result_weight: 0.0,
        scale: Some(200.0),
        eval_scale: Some(200.0),
        base: Base::None,
        ..TrainConfig::default()
    };
    let trained = train(&data, &Rules::TURKISH, &config, |_| {}).unwrap();
    let eval = LearnedEval::new(Arc::new(trained.weights));
    let mut test = material_data(500, 77);
    for r in &mut test {
        r.score += bonus(&r.position) as i16;
    }
    let advanced: Vec<_> = test.iter().filter(|r| bonus(&r.position) != 0).collect();
    assert!(advanced.len() > 50);
    let err: f64 = advanced
        .iter()
        .map(|r| (eval.evaluate(&r.position) - r.score as i32).abs() as f64)
        .sum::<f64>()
        / advanced.len() as f64;
    assert!(err < 20.0, "mean error {err}");
}

#[test]
fn fits_the_scale_of_scores_to_results() {
    // Results drawn with White's chance σ(score / 300).
    let mut data = material_data(4000, 11);
    let mut rng = 1u64;
    for r in &mut data {
        let white = white_score(r);
        rng = mix(rng);
        let u = (rng >> 11) as f64 / (1u64 << 53) as f64;
        r.result = if u < sigmoid(white / 300.0) {
            GameResult::WhiteWon
        } else {
            GameResult::BlackWon
        };
    }
    let k = fit_scale(&data);
    assert!((200.0..=420.0).contains(&k), "{k}");
}

#[test]
fn refuses_no_data_and_custom_rules() {
    let config = TrainConfig::default();
    assert_eq!(
        train(&[], &Rules::ARMENIAN, &config, |_| {}).unwrap_err(),
        TrainError::NoData
    );
    let custom = Rules {
        draw_one_each: true,
        ..Rules::ARMENIAN
    };
    assert_eq!(
        train(&material_data(10, 1), &custom, &config, |_| {}).unwrap_err(),
        TrainError::NotPreset
    );
}

/// Positions of `material_data` scored by the classic evaluation plus
/// 40 centi-men a man on the sixth rank or beyond (for the side to move),
/// results drawn from σ(score / 200).
fn classic_plus_bonus(n: usize, seed: u64) -> Vec<Record> {
    let classic = Evaluator::default();
    let mut data = material_data(n, seed);
    let mut rng = seed;
    for r in &mut data {
        let p = &r.position;
        let adv = |c: Color, mask: u64| (p.pieces_of(c, Role::Man).0 & mask).count_ones() as i32;
        let white = 40 * (adv(Color::White, !0u64 << 40) - adv(Color::Black, !0u64 >> 40));
        let bonus = if p.turn() == Color::White {
            white
        } else {
            -white
        };
        r.score = (classic.evaluate(p, &Rules::TURKISH) + bonus) as i16;
        rng = mix(rng);
        let u = (rng >> 11) as f64 / (1u64 << 53) as f64;
        r.result = if u < sigmoid(white_score(r) / 200.0) {
            GameResult::WhiteWon
        } else {
            GameResult::BlackWon
        };
    }
    data
}

#[test]
fn base_classic_starts_as_the_classic_evaluation() {
    let data = classic_plus_bonus(3000, 8);
    let config = TrainConfig {
        epochs: 1,
        scale: Some(200.0),
        ..TrainConfig::default()
    };
    assert_eq!(config.base, Base::Classic);
    let trained = train(&data, &Rules::TURKISH, &config, |_| {}).unwrap();
    let start = trained.epochs[0];
    assert_eq!(start.epoch, 0);
    // Exactly, not nearly: zero weights on top of the classic terms.
    assert_eq!(start.held_out_int_loss, trained.classic_held_out_loss);
    assert_eq!(start.held_out_loss, trained.classic_held_out_loss);
    assert_eq!(trained.weights.base(), Base::Classic);
    // Base none starts from material alone: another loss.
    let none = TrainConfig {
        base: Base::None,
        ..config
    };
    let trained = train(&data, &Rules::TURKISH, &none, |_| {}).unwrap();
    assert_ne!(
        trained.epochs[0].held_out_int_loss,
        trained.classic_held_out_loss
    );
    assert_eq!(trained.weights.base(), Base::None);
}

#[test]
fn base_classic_recovers_a_correction_better_than_base_none() {
    let data = classic_plus_bonus(6000, 5);
    // Test positions of other games where the bonus counts.
    let plain = Evaluator::default();
    let test: Vec<Record> = classic_plus_bonus(3000, 71)
        .into_iter()
        .filter(|r| plain.evaluate(&r.position, &Rules::TURKISH) != r.score as i32)
        .collect();
    assert!(test.len() > 200, "{}", test.len());
    let error = |base: Base| {
        let config = TrainConfig {
            epochs: 6,
            result_weight: 0.0,
            scale: Some(200.0),
            eval_scale: Some(200.0),
            base,
            ..TrainConfig::default()
        };
        let trained = train(&data, &Rules::TURKISH, &config, |_| {}).unwrap();
        assert!(trained.final_held_out_loss < trained.epochs[0].held_out_int_loss);
        let eval =
            Evaluator::default().with_learned(vec![LearnedEval::new(Arc::new(trained.weights))]);
        test.iter()
            .map(|r| (eval.evaluate(&r.position, &Rules::TURKISH) - r.score as i32).abs() as f64)
            .sum::<f64>()
            / test.len() as f64
    };
    let classic = error(Base::Classic);
    let none = error(Base::None);
    // The classic evaluation alone is off by the bonus.
    let untrained = test
        .iter()
        .map(|r| (plain.evaluate(&r.position, &Rules::TURKISH) - r.score as i32).abs() as f64)
        .sum::<f64>()
        / test.len() as f64;
    assert!(untrained >= 40.0, "{untrained}");
    assert!(classic < untrained / 2.0, "{classic} vs {untrained}");
    assert!(classic < none, "base classic {classic}, base none {none}");
}

#[test]
fn the_evaluation_scale_is_fitted_to_the_classic_values() {
    // Search scores twice the classic value (for the side to move): the
    // classic value predicts σ(score / 150) best at K_e = 75.
    let classic = Evaluator::default();
    let mut data = material_data(3000, 4);
    for r in &mut data {
        r.score = (2 * classic.evaluate(&r.position, &Rules::TURKISH)) as i16;
    }
    let config = TrainConfig {
        epochs: 1,
        result_weight: 0.0,
        scale: Some(150.0),
        ..TrainConfig::default()
    };
    let trained = train(&data, &Rules::TURKISH, &config, |_| {}).unwrap();
    assert_eq!(trained.scale, 150.0);
    assert!(
        (70.0..=80.0).contains(&trained.eval_scale),
        "{}",
        trained.eval_scale
    );
    // Given, it is used as given.
    let given = TrainConfig {
        eval_scale: Some(300.0),
        ..config
    };
    let trained = train(&data, &Rules::TURKISH, &given, |_| {}).unwrap();
    assert_eq!(trained.eval_scale, 300.0);
}
