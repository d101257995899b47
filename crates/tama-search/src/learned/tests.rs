use super::*;
use crate::Evaluator;
use tama_core::{Preset, Rules};
use tama_files::fnv1a as checksum;

use tama_test_support::positions::quiet_positions;
use tama_test_support::Rng;

/// The generator of these tests' weights and positions.
fn rng(seed: u64) -> Rng {
    Rng::lcg(seed, 1_442_695_040_888_963_407)
}

/// Weights with every entry random (in ±`max`).
fn random_weights(preset: Preset, seed: u64, max: u64) -> Weights {
    let mut rng = rng(seed);
    let mut w = Weights::zero(preset);
    for i in 0..FEATURES {
        let a = (rng.next_u64() % (2 * max + 1)) as i64 - max as i64;
        let b = (rng.next_u64() % (2 * max + 1)) as i64 - max as i64;
        w.set(i, [a as i16, b as i16]);
    }
    w
}

/// The weights with a man worth 1,000 centi-men in the middlegame and
/// −1,000 in the endgame: eight men of an edge region's table then leave
/// the `i16` range, so the evaluation loops over the men.
fn too_large_to_fold(mut w: Weights) -> Weights {
    w.set(MAN, [16000, -16000]);
    w
}

/// Quiet positions from random games.
fn random_positions(rules: &Rules, n: usize, seed: u64) -> Vec<Position> {
    quiet_positions(&mut rng(seed), rules, n, 150)
}

#[test]
fn symmetric_under_colour_flip_and_mirror() {
    // The loop over the men, and the men folded into the edges.
    for ((preset, rules), max) in [
        (Preset::Armenian, Rules::ARMENIAN),
        (Preset::Turkish, Rules::TURKISH),
    ]
    .into_iter()
    .flat_map(|r| [(r, 2000), (r, 300)])
    {
        let w = random_weights(preset, 7, max);
        let eval = if max == 300 {
            LearnedEval::new(Arc::new(w))
        } else {
            LearnedEval::new(Arc::new(too_large_to_fold(w)))
        };
        assert_eq!(eval.men_folded(), max == 300);
        let mut nonzero = 0;
        for p in random_positions(&rules, 400, 3) {
            let v = eval.evaluate(&p);
            nonzero += (v != 0) as usize;
            // The flipped position is the same one for the other side: the
            // side to move's value is the same (White's value negated).
            assert_eq!(v, eval.evaluate(&p.flip_colors()), "{p:?}");
            assert_eq!(v, eval.evaluate(&p.flip_horizontal()), "{p:?}");
        }
        // Random weights give positions values: the checks are not empty.
        assert!(nonzero > 350, "{nonzero}");
    }
}

/// The value of `p` for the side to move by the definition: every
/// feature's count times its weights, blended by the phase.
fn reference_value(w: &Weights, p: &Position) -> (i64, Vec<i64>) {
    let mut dense = vec![0i64; FEATURES];
    features(p, |i, v| dense[i] += v as i64);
    let (mut mg, mut eg) = (0i64, 0i64);
    for (i, &x) in dense.iter().enumerate() {
        mg += x * w.get(i)[0] as i64;
        eg += x * w.get(i)[1] as i64;
    }
    let ph = phase(p) as i64;
    let white = (mg * ph + eg * (32 - ph)) / (32 * SCALE as i64);
    let stm = if p.turn() == Color::White {
        white
    } else {
        -white
    };
    (stm, dense)
}

#[test]
fn evaluation_is_the_blended_sum_of_features() {
    let w = too_large_to_fold(random_weights(Preset::Armenian, 11, 2000));
    let eval = LearnedEval::new(Arc::new(w.clone()));
    assert!(!eval.men_folded());
    for p in random_positions(&Rules::ARMENIAN, 200, 5) {
        let (value, dense) = reference_value(&w, &p);
        assert_eq!(eval.evaluate(&p) as i64, value);
        // White's and Black's readings cancel on the features of a
        // colour-symmetric count: men minus men.
        let men = |c| (p.pieces(c).0 & !p.kings().0).count_ones() as i64;
        assert_eq!(dense[MAN], men(Color::White) - men(Color::Black));
    }
}

#[test]
fn men_folded_into_the_edge_regions_give_the_same_value() {
    for (preset, rules) in [
        (Preset::Armenian, Rules::ARMENIAN),
        (Preset::Turkish, Rules::TURKISH),
    ] {
        // Weights of ±300 fit the folded tables.
        let w = random_weights(preset, 13, 300);
        let eval = LearnedEval::new(Arc::new(w.clone()));
        assert!(eval.men_folded());
        for p in random_positions(&rules, 400, 17) {
            assert_eq!(eval.evaluate(&p) as i64, reference_value(&w, &p).0, "{p:?}");
        }
    }
    // The shipped weights are folded (the faster evaluation is the one
    // the engine uses).
    for preset in Preset::ALL {
        if let Some(w) = embedded(preset) {
            let eval = LearnedEval::new(Arc::clone(&w));
            assert!(eval.men_folded(), "{preset}");
            for p in random_positions(&preset.rules(), 100, 19) {
                assert_eq!(eval.evaluate(&p) as i64, reference_value(&w, &p).0);
            }
        }
    }
}

#[test]
fn region_indices_stay_in_their_tables() {
    for p in random_positions(&Rules::TURKISH, 300, 9) {
        features(&p, |i, _| assert!(i < FEATURES));
        let mut regions = 0;
        features(&p, |i, _| regions += (i < KING_SQUARE) as usize);
        // 21 regions read from each side.
        assert_eq!(regions, 42);
    }
}

#[test]
fn material_weights_value_material() {
    let mut w = Weights::zero(Preset::Turkish);
    w.set(MAN, [100 * SCALE as i16, 100 * SCALE as i16]);
    w.set(KING, [300 * SCALE as i16, 300 * SCALE as i16]);
    let eval = LearnedEval::new(Arc::new(w));
    let pos = tama_core::Position::from_setup(tama_core::Setup {
        white: tama_core::Bitboard(0b1111 << 8),
        black: tama_core::Bitboard(1 << 50),
        kings: tama_core::Bitboard(1 << 50),
        turn: Color::Black,
    })
    .unwrap();
    // Black to move, a king against four men: 300 - 400.
    assert_eq!(eval.evaluate(&pos), -100);
    let pos = pos.flip_horizontal().pass();
    assert_eq!(eval.evaluate(&pos), 100);
}

#[test]
fn file_round_trips_and_refuses_damage() {
    let w = random_weights(Preset::Turkish, 1, 2000);
    let bytes = w.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes, &Rules::TURKISH), Ok(w.clone()));
    assert_eq!(
        Weights::from_bytes(&bytes, &Rules::ARMENIAN),
        Err(WeightsError::WrongRules {
            file: "turkish".into(),
            wanted: "armenian".into()
        })
    );
    let custom = Rules {
        draw_one_each: false,
        ..Rules::TURKISH
    };
    let err = Weights::from_bytes(&bytes, &custom).unwrap_err();
    assert_eq!(
        err.to_string(),
        "weights file is for turkish rules, not custom"
    );

    // One weight changed: the checksum catches it.
    let mut bad = bytes.clone();
    bad[100] ^= 1;
    assert!(matches!(
        Weights::read(&bad),
        Err(WeightsError::Checksum { .. })
    ));
    // Another version.
    let mut bad = bytes.clone();
    bad[8] = 9;
    assert_eq!(Weights::read(&bad), Err(WeightsError::Version(9)));
    assert_eq!(
        Weights::read(&bad).unwrap_err().to_string(),
        "weights file version 9, this program reads version 2"
    );
    // Cut short, not a weights file, bytes after the end.
    assert_eq!(
        Weights::read(&bytes[..bytes.len() - 3]),
        Err(WeightsError::Truncated("checksum"))
    );
    assert_eq!(
        Weights::read(&bytes[..40]),
        Err(WeightsError::Truncated("weights"))
    );
    assert_eq!(Weights::read(b"TAMADATA....."), Err(WeightsError::Magic));
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(Weights::read(&long), Err(WeightsError::TrailingBytes(1)));
    // An unknown preset name (the checksum is not reached).
    let mut bad = bytes;
    bad[11] = b'X';
    assert!(matches!(
        Weights::read(&bad),
        Err(WeightsError::UnknownRules(_))
    ));
}

/// The engine's evaluator with `weights` for their preset.
fn engine_eval(weights: Weights) -> Evaluator {
    Evaluator::default().with_learned(vec![LearnedEval::new(Arc::new(weights))])
}

#[test]
fn base_classic_with_zero_weights_is_the_classic_evaluation() {
    let classic = Evaluator::default();
    for (preset, rules) in [
        (Preset::Armenian, Rules::ARMENIAN),
        (Preset::Turkish, Rules::TURKISH),
    ] {
        let zero = engine_eval(Weights::zero(preset).with_base(Base::Classic));
        let none = engine_eval(Weights::zero(preset));
        let mut differ = 0;
        for p in random_positions(&rules, 500, 13) {
            assert_eq!(
                zero.evaluate(&p, &rules),
                classic.evaluate(&p, &rules),
                "{p:?}"
            );
            // Base none with zero weights is 0 everywhere, not the classic value.
            assert_eq!(none.evaluate(&p, &rules), 0);
            differ += (classic.evaluate(&p, &rules) != 0) as usize;
        }
        assert!(differ > 400, "{differ}");
    }
}

#[test]
fn base_classic_adds_the_patterns_to_the_classic_value_symmetrically() {
    let classic = Evaluator::default();
    for (preset, rules) in [
        (Preset::Armenian, Rules::ARMENIAN),
        (Preset::Turkish, Rules::TURKISH),
    ] {
        let w = random_weights(preset, 21, 2000).with_base(Base::Classic);
        let patterns = LearnedEval::new(Arc::new(w.clone()));
        let eval = engine_eval(w);
        let mut changed = 0;
        for p in random_positions(&rules, 400, 17) {
            let v = eval.evaluate(&p, &rules);
            assert_eq!(v, classic.evaluate(&p, &rules) + patterns.evaluate(&p));
            changed += (v != classic.evaluate(&p, &rules)) as usize;
            assert_eq!(v, eval.evaluate(&p.flip_colors(), &rules), "{p:?}");
            assert_eq!(v, eval.evaluate(&p.flip_horizontal(), &rules), "{p:?}");
        }
        assert!(changed > 350, "{changed}");
    }
}

/// `bytes` with the checksum made right again after an edit.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let n = bytes.len() - 8;
    let sum = checksum(&bytes[..n]);
    bytes[n..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn version_2_files_keep_the_base_and_refuse_another_classic_evaluation() {
    let w = random_weights(Preset::Armenian, 4, 2000).with_base(Base::Classic);
    let bytes = w.to_bytes();
    let read = Weights::from_bytes(&bytes, &Rules::ARMENIAN).unwrap();
    assert_eq!(read, w);
    assert_eq!(read.base(), Base::Classic);
    let none = Weights::zero(Preset::Armenian);
    assert_eq!(Weights::read(&none.to_bytes()).unwrap().base(), Base::None);
    // Version, name, base, fingerprint.
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 2);
    let at = 11 + "armenian".len();
    assert_eq!(bytes[at], 1);
    let fingerprint = u64::from_le_bytes(bytes[at + 1..at + 9].try_into().unwrap());
    assert_eq!(fingerprint, Evaluator::default().classic_fingerprint());
    assert_eq!(none.to_bytes()[at + 1..at + 9], [0; 8]);

    // Trained on another classic evaluation (a checksum that matches).
    let mut other = bytes.clone();
    other[at + 1] ^= 0x40;
    let other = resealed(other);
    let err = Weights::from_bytes(&other, &Rules::ARMENIAN).unwrap_err();
    assert!(matches!(err, WeightsError::OtherClassic { .. }), "{err:?}");
    assert!(
        err.to_string()
            .starts_with("weights file was trained on another classic evaluation"),
        "{err}"
    );
    // The fingerprint counts only with base classic.
    let mut bytes_none = none.to_bytes();
    bytes_none[at + 1] = 7;
    assert!(Weights::read(&resealed(bytes_none)).is_ok());
    // An unknown base.
    let mut bad = bytes.clone();
    bad[at] = 2;
    assert_eq!(
        Weights::read(&resealed(bad)),
        Err(WeightsError::UnknownBase(2))
    );
    // Version 1 (no base) is another version, refused.
    let mut v1 = bytes.clone();
    v1[8] = 1;
    let err = Weights::read(&resealed(v1)).unwrap_err();
    assert_eq!(err, WeightsError::Version(1));
    assert_eq!(
        err.to_string(),
        "weights file version 1, this program reads version 2"
    );
    // Damage and other rules are still caught with base classic.
    let mut bad = bytes.clone();
    bad[200] ^= 4;
    assert!(matches!(
        Weights::read(&bad),
        Err(WeightsError::Checksum { .. })
    ));
    assert!(matches!(
        Weights::from_bytes(&bytes, &Rules::TURKISH),
        Err(WeightsError::WrongRules { .. })
    ));
}

#[test]
fn the_classic_fingerprint_follows_weights_and_switches() {
    let default = Evaluator::default().classic_fingerprint();
    assert_eq!(default, Evaluator::default().classic_fingerprint());
    let mut params = crate::params::EvalParams::DEFAULT;
    params.tempo += 1;
    let changed = Evaluator::new(params, crate::EvalOptions::DEFAULT);
    assert_ne!(changed.classic_fingerprint(), default);
    let no_tempo = crate::EvalOptions {
        tempo: false,
        ..crate::EvalOptions::DEFAULT
    };
    let switched = Evaluator::new(crate::params::EvalParams::DEFAULT, no_tempo);
    assert_ne!(switched.classic_fingerprint(), default);
}
