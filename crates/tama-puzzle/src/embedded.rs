//! The puzzles built into the program: `data/puzzles/<preset>.pdn` of the
//! repository, one file per preset, so `tama puzzle` needs nothing to
//! download.

use tama_core::Preset;

use crate::file::{parse_puzzles, FileError};
use crate::Puzzle;

/// The files' bytes, by preset.
const FILES: [(Preset, &[u8]); 3] = [
    (
        Preset::Armenian,
        include_bytes!("../../../data/puzzles/armenian.pdn"),
    ),
    (
        Preset::Turkish,
        include_bytes!("../../../data/puzzles/turkish.pdn"),
    ),
    (
        Preset::ArmenianOrthogonal,
        include_bytes!("../../../data/puzzles/armenian-orthogonal.pdn"),
    ),
];

/// The text of the built-in puzzle file of `preset`.
pub fn text(preset: Preset) -> &'static [u8] {
    FILES
        .iter()
        .find(|(p, _)| *p == preset)
        .map_or(&[], |(_, bytes)| bytes)
}

/// The built-in puzzles of `preset`.
///
/// # Errors
///
/// The file's first problem (a build from a damaged checkout).
pub fn puzzles(preset: Preset) -> Result<Vec<Puzzle>, FileError> {
    parse_puzzles(text(preset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_its_file_and_its_rules() {
        for preset in Preset::ALL {
            let puzzles = puzzles(preset).unwrap();
            assert!(puzzles.iter().all(|p| p.rules == preset.rules()));
        }
    }
}
