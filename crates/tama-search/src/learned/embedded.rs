//! The weights built into the program, one file per preset that has them
//! (`weights/<preset>.tev` beside this file).

use std::sync::{Arc, OnceLock};

use tama_core::Preset;

use super::Weights;

/// The embedded weights files, by preset, each base classic and trained
/// for 6 epochs on self-play games of 1,000 nodes a move that end with
/// the ≤5-piece tables' exact result (docs/TRAINING.md):
///
/// - `armenian.tev`, a second generation: 12.33 M positions of 230,400
///   games, two thirds played with the classic evaluation, the last
///   third with the first generation's weights; step 1; +64.9 Elo
///   (95 %: +17.6 … +114.7) against the first generation at 100 ms a
///   move, an SPRT that accepted after 130 games; +128.6 Elo (95 %:
///   +107.7 … +150.3) against the classic evaluation in 1,000 games
///   (the first generation: +69.4).
/// - `turkish.tev`, a second generation: 11.19 M positions of 153,600
///   games, the first half played with the classic evaluation, the
///   second with the first generation's weights; step 4; +197.4 Elo
///   (95 %: +176.7 … +218.1) in 1,000 games at 100 ms a move (the first
///   generation: +64.3).
const FILES: [(Preset, &[u8]); 2] = [
    (Preset::Armenian, include_bytes!("weights/armenian.tev")),
    (Preset::Turkish, include_bytes!("weights/turkish.tev")),
];

/// The weights built into the program for `preset`, if it has some
/// (read once, then shared).
///
/// # Panics
///
/// When an embedded file does not read (a test reads each one).
pub fn embedded(preset: Preset) -> Option<Arc<Weights>> {
    static CACHE: OnceLock<Vec<(Preset, Arc<Weights>)>> = OnceLock::new();
    let all = CACHE.get_or_init(|| {
        FILES
            .iter()
            .map(|&(p, bytes)| {
                let w = Weights::from_bytes(bytes, &p.rules()).expect("embedded weights read");
                (p, Arc::new(w))
            })
            .collect()
    });
    all.iter()
        .find(|(p, _)| *p == preset)
        .map(|(_, w)| Arc::clone(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_file_reads_for_its_preset() {
        for (preset, _) in FILES {
            assert_eq!(embedded(preset).unwrap().preset(), preset);
        }
        let with: Vec<Preset> = FILES.iter().map(|f| f.0).collect();
        for preset in Preset::ALL {
            assert_eq!(embedded(preset).is_some(), with.contains(&preset));
        }
    }

    /// `eval=learned`, the default, without a weights file uses the
    /// embedded weights of the rules' preset, and the classic evaluation
    /// for rules without.
    #[test]
    fn learned_uses_the_embedded_weights_of_its_preset() {
        use crate::{Engine, EngineConfig};
        use tama_core::{MoveList, Position, Rules};
        let learned = Engine::new(EngineConfig::from_settings(["eval=learned"]).unwrap());
        let default = Engine::default();
        let classic = Engine::new(EngineConfig::from_settings(["eval=classic"]).unwrap());
        let mut differs = std::collections::HashMap::new();
        for (preset, _) in FILES {
            let rules = preset.rules();
            // Quiet positions of a fixed playout.
            let mut pos = Position::start();
            let mut list = MoveList::new();
            for ply in 0..60u32 {
                if !pos.has_capture() {
                    assert_eq!(
                        default.evaluate(&pos, &rules),
                        learned.evaluate(&pos, &rules)
                    );
                    let d = learned.evaluate(&pos, &rules) != classic.evaluate(&pos, &rules);
                    *differs.entry(preset).or_insert(0) += u32::from(d);
                }
                pos.generate_moves(&rules, &mut list);
                let moves = list.as_slice();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(&moves[(ply as usize * 7) % moves.len()]);
            }
        }
        for (preset, _) in FILES {
            assert!(
                differs[&preset] > 5,
                "{preset:?}: {:?}",
                differs.get(&preset)
            );
        }
        let other = Rules {
            draw_one_each: !Rules::TURKISH.draw_one_each,
            ..Rules::TURKISH
        };
        let start = Position::start();
        assert_eq!(
            learned.evaluate(&start, &other),
            classic.evaluate(&start, &other)
        );
    }
}
