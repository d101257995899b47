//! The books built into the program, one file per preset that has one
//! (`books/<preset>.tbk` beside this file, at most 2 MB each), with the
//! feature `books` (on by default; the WebAssembly module leaves it off
//! and is given a book by its page). To ship another book, copy it beside
//! this file and add its row to `FILES` (docs/BOOK.md, "The shipped
//! books").

use std::sync::{Arc, OnceLock};

use tama_core::Preset;

use super::Book;

/// The embedded book files, by preset.
#[cfg(feature = "books")]
const FILES: &[(Preset, &[u8])] = &[
    (Preset::Armenian, include_bytes!("books/armenian.tbk")),
    (Preset::Turkish, include_bytes!("books/turkish.tbk")),
    (
        Preset::ArmenianOrthogonal,
        include_bytes!("books/armenian-orthogonal.tbk"),
    ),
];

/// Without the feature `books`, none.
#[cfg(not(feature = "books"))]
const FILES: &[(Preset, &[u8])] = &[];

/// The largest embedded book, in bytes.
pub const MAX_BYTES: usize = 2 << 20;

/// Reads the embedded files of `files` for their presets.
///
/// # Panics
///
/// When a file does not read or is over [`MAX_BYTES`] (a test reads
/// each one).
fn read_all(files: &[(Preset, &[u8])]) -> Vec<(Preset, Arc<Book>)> {
    files
        .iter()
        .map(|&(p, bytes)| {
            assert!(bytes.len() <= MAX_BYTES, "embedded book over 2 MB");
            let book = Book::from_bytes(bytes, Some(p)).expect("embedded book reads");
            (p, Arc::new(book))
        })
        .collect()
}

/// The book built into the program for `preset`, if it has one (read
/// once, then shared).
///
/// # Panics
///
/// When an embedded file does not read (a test reads each one).
pub fn embedded(preset: Preset) -> Option<Arc<Book>> {
    static CACHE: OnceLock<Vec<(Preset, Arc<Book>)>> = OnceLock::new();
    CACHE
        .get_or_init(|| read_all(FILES))
        .iter()
        .find(|(p, _)| *p == preset)
        .map(|(_, b)| Arc::clone(b))
}

/// The presets with an embedded book.
pub fn presets() -> Vec<Preset> {
    FILES.iter().map(|(p, _)| *p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Entry;
    use crate::Score;
    use tama_core::Position;

    #[test]
    fn every_embedded_file_reads_for_its_preset() {
        for &(preset, bytes) in FILES {
            assert!(bytes.len() <= MAX_BYTES, "{preset}");
            assert_eq!(embedded(preset).unwrap().preset(), preset);
        }
        for preset in Preset::ALL {
            assert_eq!(embedded(preset).is_some(), presets().contains(&preset));
        }
    }

    #[test]
    fn the_embedding_reads_a_book_given_as_static_bytes() {
        // What a row of FILES does, with a book made here and leaked to
        // 'static as `include_bytes!` gives it.
        let rules = Preset::Turkish.rules();
        let start = Position::start();
        let entries = start
            .legal_moves(&rules)
            .iter()
            .enumerate()
            .map(|(i, mv)| Entry::new(&start, &rules, mv, Score::centi_men(i as i32), 1).unwrap())
            .collect();
        let bytes: &'static [u8] = Box::leak(
            Book::from_entries(Preset::Turkish, entries)
                .to_bytes()
                .into_boxed_slice(),
        );
        let files = [(Preset::Turkish, bytes)];
        let read = read_all(&files);
        assert_eq!(read.len(), 1);
        let moves = read[0].1.moves(&start, &rules);
        assert_eq!(moves.len(), start.legal_moves(&rules).len());
        assert!(read[0].1.moves(&start, &Rules::ARMENIAN).is_empty());
    }

    #[test]
    #[should_panic(expected = "embedded book reads")]
    fn a_damaged_embedded_book_is_caught_by_the_test_of_the_files() {
        let files: [(Preset, &[u8]); 1] = [(Preset::Armenian, b"TAMABOOK\x09\x00")];
        read_all(&files);
    }

    use tama_core::Rules;
}
