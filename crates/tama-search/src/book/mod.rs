//! Opening books (docs/BOOK.md): the [`Book`] of one preset, read from the
//! bytes of a book file ([`format`](mod@format)) and asked for the moves of a position,
//! and the book the engine plays from at the root of a search (options
//! `book` and `book_margin`).
//!
//! A book is a sorted list of 16-byte entries, each a position's Zobrist
//! key ([`Position::hash`]), one of its moves, the move's value and its
//! weight, in the spirit of Polyglot's books. The move is stored as a
//! *code* (from, to, and its rank among the legal moves with that from and
//! to), so it is only ever resolved against the position's legal moves: an
//! entry whose move is not legal there (a damaged file, a key collision)
//! is ignored, never played.
//!
//! ```
//! use tama_core::{Position, Preset, Rules};
//! use tama_search::book::{Book, Entry};
//! use tama_search::Score;
//!
//! let start = Position::start();
//! let mv = start.legal_moves(&Rules::ARMENIAN)[0];
//! let entry = Entry::new(&start, &Rules::ARMENIAN, &mv, Score::centi_men(12), 3).unwrap();
//! let book = Book::from_entries(Preset::Armenian, vec![entry]);
//! let bytes = book.to_bytes();
//! let back = Book::from_bytes(&bytes, Some(Preset::Armenian)).unwrap();
//! let moves = back.moves(&start, &Rules::ARMENIAN);
//! assert_eq!(moves.len(), 1);
//! assert_eq!((moves[0].mv, moves[0].value, moves[0].weight), (mv, Score::centi_men(12), 3));
//! ```

pub mod embedded;
mod file;
pub mod format;

use std::sync::Arc;

use tama_core::{Move, Position, Preset, Rules};

pub use file::{read_book, BookFileError};
pub use format::{BookError, BookErrorKind};

use crate::clock::Instant;
use crate::progress::{BestMove, RootLine, SearchResult};
use crate::score::Score;

/// The flag of an entry whose move leaves the book: its value is a
/// search's, not a line of the book below it (docs/BOOK.md).
pub const FLAG_LEAF: u8 = 1;

/// One entry of a book: a position's key and one of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The position's Zobrist key ([`Position::hash`]).
    pub key: u64,
    /// The move's code ([`move_code`]).
    pub code: u16,
    /// The move's value for the side to move, as [`Score::raw`].
    pub value: i16,
    /// How much the move is played: at least 1.
    pub weight: u16,
    /// [`FLAG_LEAF`] or 0.
    pub flags: u8,
}

impl Entry {
    /// The entry of `mv` in `pos` (a book line continues after it), or
    /// `None` when `mv` is not legal there.
    pub fn new(
        pos: &Position,
        rules: &Rules,
        mv: &Move,
        value: Score,
        weight: u16,
    ) -> Option<Entry> {
        Some(Entry {
            key: pos.hash(),
            code: move_code(pos, rules, mv)?,
            value: value
                .raw()
                .clamp(i32::from(i16::MIN) + 1, i32::from(i16::MAX)) as i16,
            weight: weight.max(1),
            flags: 0,
        })
    }

    /// The same entry marked as leaving the book ([`FLAG_LEAF`]).
    #[must_use]
    pub fn leaf(self) -> Entry {
        Entry {
            flags: self.flags | FLAG_LEAF,
            ..self
        }
    }
}

/// The code of a legal move: `from | to << 6 | rank << 12`, where `rank`
/// is the move's place among the legal moves from `from` to `to` ordered
/// by their captured squares (0 for a quiet move). `None` when `mv` is
/// not legal in `pos` or has a rank above 15.
pub fn move_code(pos: &Position, rules: &Rules, mv: &Move) -> Option<u16> {
    let moves = pos.legal_moves(rules);
    if !moves.contains(mv) {
        return None;
    }
    let rank = moves
        .iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
        .filter(|m| (m.captures().0, m.promotes()) < (mv.captures().0, mv.promotes()))
        .count();
    (rank < 16).then(|| (mv.from().index() | mv.to().index() << 6 | rank << 12) as u16)
}

/// The legal move of `pos` with this code, if there is one.
pub fn resolve_code(pos: &Position, rules: &Rules, code: u16) -> Option<Move> {
    let (from, to, rank) = (code & 63, (code >> 6) & 63, usize::from(code >> 12));
    let moves = pos.legal_moves(rules);
    let mut same: Vec<Move> = moves
        .iter()
        .filter(|m| m.from().index() == usize::from(from) && m.to().index() == usize::from(to))
        .copied()
        .collect();
    same.sort_by_key(|m| (m.captures().0, m.promotes()));
    same.get(rank).copied()
}

/// A move of the book in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move (legal in the position asked about).
    pub mv: Move,
    /// Its value for the side to move.
    pub value: Score,
    /// How much it is played (at least 1).
    pub weight: u16,
    /// Whether the book ends after it (its value is a search's).
    pub leaf: bool,
}

/// An opening book for one preset: its entries, sorted by key and move
/// code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    preset: Preset,
    entries: Vec<Entry>,
}

impl Book {
    /// A book of these entries (sorted here; of two entries with the same
    /// key and move code the first is kept).
    pub fn from_entries(preset: Preset, mut entries: Vec<Entry>) -> Book {
        entries.sort_by_key(|e| (e.key, e.code));
        entries.dedup_by_key(|e| (e.key, e.code));
        for e in &mut entries {
            e.weight = e.weight.max(1);
            e.flags &= FLAG_LEAF;
        }
        Book { preset, entries }
    }

    /// Reads a book file's bytes; with `rules`, refuses a book of another
    /// preset.
    ///
    /// # Errors
    ///
    /// [`BookError`]: the problem (magic, version, rules, length,
    /// checksum, an entry out of order or malformed) and its byte offset.
    pub fn from_bytes(bytes: &[u8], rules: Option<Preset>) -> Result<Book, BookError> {
        let (preset, entries) = format::read(bytes)?;
        match rules {
            Some(wanted) if wanted != preset => Err(BookError {
                kind: BookErrorKind::RulesMismatch {
                    book: preset,
                    wanted,
                },
                offset: 10,
            }),
            _ => Ok(Book { preset, entries }),
        }
    }

    /// The bytes of the book file.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::write(self.preset, &self.entries)
    }

    /// The preset the book is for.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// Every entry, sorted by key and move code.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries of the position with key `key`.
    pub fn entries_of(&self, key: u64) -> &[Entry] {
        let lo = self.entries.partition_point(|e| e.key < key);
        let hi = self.entries.partition_point(|e| e.key <= key);
        &self.entries[lo..hi]
    }

    /// The book's moves in `pos`, best value first (then the heavier, then
    /// by move code); none when `rules` are not the book's preset. An
    /// entry whose move is not legal in `pos` is left out.
    pub fn moves(&self, pos: &Position, rules: &Rules) -> Vec<BookMove> {
        if rules.preset() != Some(self.preset) {
            return Vec::new();
        }
        let mut out: Vec<(BookMove, u16)> = self
            .entries_of(pos.hash())
            .iter()
            .filter_map(|e| {
                let mv = resolve_code(pos, rules, e.code)?;
                let m = BookMove {
                    mv,
                    value: Score::from_raw(i32::from(e.value)),
                    weight: e.weight,
                    leaf: e.flags & FLAG_LEAF != 0,
                };
                Some((m, e.code))
            })
            .collect();
        out.sort_by(|(a, ca), (b, cb)| {
            b.value
                .cmp(&a.value)
                .then(b.weight.cmp(&a.weight))
                .then(ca.cmp(cb))
        });
        out.into_iter().map(|(m, _)| m).collect()
    }

    /// The move to play in `pos`: among the book's moves whose value is
    /// within `margin` centi-men of the best (decisive values only when
    /// equal to it), one at random by weight, `random` a uniformly random
    /// number. `None` when the book has no move here.
    pub fn choose(
        &self,
        pos: &Position,
        rules: &Rules,
        margin: i32,
        random: u64,
    ) -> Option<BookMove> {
        choose_among(&self.moves(pos, rules), margin, random)
    }
}

/// The choice of [`Book::choose`] among `moves` (best first).
fn choose_among(moves: &[BookMove], margin: i32, random: u64) -> Option<BookMove> {
    let best = moves.first()?.value;
    let near: Vec<&BookMove> = moves
        .iter()
        .filter(|m| {
            if best.is_decisive() || m.value.is_decisive() {
                m.value == best
            } else {
                best.raw() - m.value.raw() <= margin.max(0)
            }
        })
        .collect();
    let total: u64 = near.iter().map(|m| u64::from(m.weight)).sum();
    let mut pick = random % total.max(1);
    for m in &near {
        if pick < u64::from(m.weight) {
            return Some(**m);
        }
        pick -= u64::from(m.weight);
    }
    near.first().map(|m| **m)
}

/// The book the engine consults for `rules` with option `book` on: the
/// configured one when it is for these rules' preset, else the embedded
/// one of the preset, if any.
pub(crate) fn for_rules(given: Option<&Arc<Book>>, rules: &Rules) -> Option<Arc<Book>> {
    let preset = rules.preset()?;
    match given {
        Some(b) if b.preset == preset => Some(Arc::clone(b)),
        _ => embedded::embedded(preset),
    }
}

/// A random number for the book's choice (from the standard library's
/// randomly keyed hasher, with a counter so that two calls differ).
pub(crate) fn random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// The engine's book move at the root, with option `book` on (`given`
/// the configured book, `margin` the option `book_margin`): the
/// result returned without a search (depth 0, no nodes; the lines are
/// the book's moves, best first, as many as `multipv`), or `None` when
/// the book has no legal move here.
pub(crate) fn root_result(
    given: Option<&Arc<Book>>,
    margin: i32,
    multipv: usize,
    root: &Position,
    legal: &[Move],
    rules: &Rules,
    start: Instant,
) -> Option<SearchResult> {
    let book = for_rules(given, rules)?;
    let moves = book.moves(root, rules);
    // `moves` holds legal moves only; checked again, as the engine never
    // plays a move its move generator did not give.
    let chosen = choose_among(&moves, margin, random())?;
    if !legal.contains(&chosen.mv) {
        return None;
    }
    let mut lines: Vec<RootLine> = moves
        .iter()
        .filter(|m| m.mv != chosen.mv)
        .map(|m| RootLine {
            mv: m.mv,
            score: m.value,
            pv: vec![m.mv],
            tb: None,
        })
        .collect();
    lines.insert(
        0,
        RootLine {
            mv: chosen.mv,
            score: chosen.value,
            pv: vec![chosen.mv],
            tb: None,
        },
    );
    lines.truncate(multipv.max(1));
    Some(SearchResult::Move(BestMove {
        mv: chosen.mv,
        score: chosen.value,
        pv: vec![chosen.mv],
        lines,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        time: start.elapsed(),
        interrupted: false,
        partial: false,
        tb: None,
        tbhits: 0,
        book: true,
    }))
}

#[cfg(test)]
mod tests;
