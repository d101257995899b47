//! Opening books for Armenian and Turkish draughts (docs/BOOK.md): built
//! from the engine's self-play searches by Lincke's drop-out expansion
//! ([`build`]), read from and written to files ([`read_book`],
//! [`write_book`]), joined ([`merge`]) and summarised ([`stats`]).
//!
//! The format, the reader and the engine's use of a book are
//! `tama_search::book`'s (the engine plays from a book, and tama-search
//! is below this crate); this crate adds what needs files, threads and
//! the search: building, and the summaries of `tama book`.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tama_book::{build, BuildConfig, Settings};
//! use tama_core::{Position, Preset};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let config = BuildConfig {
//!     settings: Settings { nodes: 300, ..Settings::new(Preset::Turkish) },
//!     positions: 6,
//!     threads: 2,
//!     out: dir.path().join("turkish.tbk"),
//!     save_every: std::time::Duration::from_secs(60),
//! };
//! let report = build(&config, &AtomicBool::new(false), |_| {}).unwrap();
//! assert!(report.positions >= 6);
//! let book = tama_book::read_book(&config.out, Some(Preset::Turkish)).unwrap();
//! assert!(!book.moves(&Position::start(), &Preset::Turkish.rules()).is_empty());
//! ```
#![deny(missing_docs)]

mod build;
mod settings;
mod state;
mod tree;

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;

pub use build::{build, state_path, BuildConfig, Progress, Report};
pub use settings::{BuildError, Settings, DEFAULT_NODES};
use tama_core::{Position, Preset};
pub use tama_search::book::{read_book, Book, BookError, BookFileError, BookMove, Entry};

/// Writes `book` to `path`, whole or not at all (a temporary file renamed
/// over the name).
///
/// # Errors
///
/// [`BookFileError::Io`] when a step of the writing fails.
pub fn write_book(path: &Path, book: &Book) -> Result<(), BookFileError> {
    let bytes = book.to_bytes();
    let io = |p: &Path, source| BookFileError::Io {
        path: p.to_path_buf(),
        source,
    };
    tama_files::write_atomically(path, |f| f.write_all(&bytes).map_err(|e| io(path, e)), io)
}

/// The books of several shards of one build as one book: every entry of
/// each; an entry found in several (a position both reached) is taken
/// from the book where it weighs most (the first such).
///
/// # Errors
///
/// When the books are for different presets (the message names both), or
/// there is none.
pub fn merge(books: &[Book]) -> Result<Book, String> {
    let preset = books.first().ok_or("no book to merge")?.preset();
    let mut best: HashMap<(u64, u16), Entry> = HashMap::new();
    for b in books {
        if b.preset() != preset {
            return Err(format!("books for {preset} and {} rules", b.preset()));
        }
        for e in b.entries() {
            let slot = best.entry((e.key, e.code)).or_insert(*e);
            if e.weight > slot.weight {
                *slot = *e;
            }
        }
    }
    Ok(Book::from_entries(preset, best.into_values().collect()))
}

/// What `tama book stats` says of a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// The rules.
    pub preset: Preset,
    /// Entries in the file.
    pub entries: usize,
    /// Positions (distinct keys) in the file.
    pub positions: usize,
    /// Positions reached from the start by book moves (with the start).
    pub reachable: usize,
    /// Book moves from the start position.
    pub root_moves: usize,
    /// The longest line of book moves from the start, in plies.
    pub max_depth: usize,
    /// The number of reachable positions at each ply (a position counted
    /// at the first ply it is reached).
    pub by_ply: Vec<usize>,
}

/// A book's statistics: counts, and the lines from the start position
/// found by following its moves (each position once, breadth first).
pub fn stats(book: &Book) -> Stats {
    let rules = book.preset().rules();
    let start = Position::start();
    let keys: HashSet<u64> = book.entries().iter().map(|e| e.key).collect();
    let mut seen: HashSet<u64> = HashSet::from([start.hash()]);
    let mut layer = vec![start];
    let mut by_ply = Vec::new();
    while !layer.is_empty() {
        by_ply.push(layer.len());
        let mut next = Vec::new();
        for pos in &layer {
            for m in book.moves(pos, &rules) {
                let child = pos.play_unchecked(&m.mv);
                if keys.contains(&child.hash()) && seen.insert(child.hash()) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    Stats {
        preset: book.preset(),
        entries: book.entries().len(),
        positions: keys.len(),
        reachable: by_ply.iter().sum(),
        root_moves: book.moves(&start, &rules).len(),
        max_depth: by_ply.len().saturating_sub(1),
        by_ply,
    }
}

#[cfg(test)]
mod tests;
