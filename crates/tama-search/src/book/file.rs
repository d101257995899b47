//! Book files: reading one from a path, with an error that names the
//! file (option `book=FILE` of every front end, `tama book`).

use std::path::{Path, PathBuf};

use tama_core::Preset;

use super::{Book, BookError};

/// A book file that could not be read or written.
#[derive(Debug)]
pub enum BookFileError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a sound book (or not for the rules asked for).
    Book {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        error: BookError,
    },
}

impl std::fmt::Display for BookFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookFileError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            BookFileError::Book { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for BookFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookFileError::Io { source, .. } => Some(source),
            BookFileError::Book { error, .. } => Some(error),
        }
    }
}

/// Reads the book file at `path`; with `preset`, refuses a book for other
/// rules.
///
/// # Errors
///
/// [`BookFileError`] naming the file: it cannot be read, or the problem
/// and byte offset of [`BookError`].
pub fn read_book(path: &Path, preset: Option<Preset>) -> Result<Book, BookFileError> {
    let bytes = std::fs::read(path).map_err(|source| BookFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Book::from_bytes(&bytes, preset).map_err(|error| BookFileError::Book {
        path: path.to_path_buf(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Entry;
    use crate::Score;
    use tama_core::{Position, Rules};

    #[test]
    fn a_book_file_reads_and_a_missing_or_damaged_one_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let start = Position::start();
        let mv = start.legal_moves(&Rules::TURKISH)[0];
        let entry = Entry::new(&start, &Rules::TURKISH, &mv, Score::centi_men(5), 1).unwrap();
        let good = dir.join("good.tbk");
        std::fs::write(
            &good,
            Book::from_entries(Preset::Turkish, vec![entry]).to_bytes(),
        )
        .unwrap();
        assert_eq!(
            read_book(&good, Some(Preset::Turkish)).unwrap().preset(),
            Preset::Turkish
        );

        let other = read_book(&good, Some(Preset::Armenian))
            .unwrap_err()
            .to_string();
        assert!(
            other.starts_with(&format!("{}: ", good.display())),
            "{other}"
        );
        assert!(other.contains("turkish"), "{other}");

        let missing = dir.join("missing.tbk");
        let e = read_book(&missing, None).unwrap_err();
        assert!(matches!(e, BookFileError::Io { .. }), "{e:?}");
        assert!(e.to_string().starts_with(&missing.display().to_string()));

        let damaged = dir.join("damaged.tbk");
        std::fs::write(&damaged, b"not a book").unwrap();
        let e = read_book(&damaged, None).unwrap_err();
        assert!(matches!(e, BookFileError::Book { .. }), "{e:?}");
    }
}
