//! The weights built into the program, one file per preset that has them
//! (`weights/<preset>.tev` beside this file).

use std::sync::{Arc, OnceLock};

use tama_core::Preset;

use super::Weights;

/// The embedded weights files, by preset.
const FILES: [(Preset, &[u8]); 0] = [];

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
}
