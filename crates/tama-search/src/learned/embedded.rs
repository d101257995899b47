//! The weights built into the program, one file per preset that has them
//! (`weights/<preset>.tev` beside this file).

use std::sync::{Arc, OnceLock};

use tama_core::Preset;

use super::Weights;

/// The embedded weights files, by preset. `turkish.tev`: base classic,
/// trained on 5.29 M positions of 76,800 self-play games (1,000 nodes a
/// move, the ≤5-piece tables for exact endings), 6 epochs, step 4; +117 ±
/// 44 Elo against the classic evaluation in 200 games at 100 ms a move
/// (docs/TRAINING.md).
const FILES: [(Preset, &[u8]); 1] = [(Preset::Turkish, include_bytes!("weights/turkish.tev"))];

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

    /// `eval=learned` without a weights file uses the embedded weights of
    /// the rules' preset, and the classic evaluation for rules without.
    #[test]
    fn learned_uses_the_embedded_weights_of_its_preset() {
        use crate::{Engine, EngineConfig};
        use tama_core::{MoveList, Position, Rules};
        let learned = Engine::new(EngineConfig::from_settings(["eval=learned"]).unwrap());
        let classic = Engine::default();
        let mut differs = std::collections::HashMap::new();
        for (preset, _) in FILES {
            let rules = preset.rules();
            // Quiet positions of a fixed playout.
            let mut pos = Position::start();
            let mut list = MoveList::new();
            for ply in 0..60u32 {
                if !pos.has_capture() {
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
