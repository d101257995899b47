//! The book file (`.tbk`, version 1; docs/BOOK.md): a header, sorted
//! 16-byte entries, a checksum. Reading checks everything and names the
//! problem and its byte offset; writing is the exact inverse.

use core::fmt;
use tama_files::fnv1a;

use tama_core::Preset;

use super::Entry;

/// The first eight bytes of a book file.
pub const MAGIC: [u8; 8] = *b"TAMABOOK";
/// The version this program reads and writes.
pub const VERSION: u16 = 1;
/// The size of one entry in bytes.
pub const ENTRY_BYTES: usize = 16;

/// What is wrong with a book file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookErrorKind {
    /// The file does not start with `TAMABOOK`.
    Magic,
    /// Another version of the format.
    Version(u16),
    /// The rules field names no preset.
    UnknownRules(String),
    /// The book is for other rules than asked for.
    RulesMismatch {
        /// The book's preset.
        book: Preset,
        /// The preset asked for.
        wanted: Preset,
    },
    /// The file ends before the header, the entries or the checksum do.
    Truncated {
        /// The length the header promises.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// Bytes after the checksum.
    Trailing {
        /// The length the header promises.
        expected: u64,
        /// The file's length.
        found: u64,
    },
    /// An entry is not after the one before it (key, then move code).
    Unsorted {
        /// The entry's number.
        index: usize,
    },
    /// Two entries hold the same move of the same position.
    Duplicate {
        /// The entry's number.
        index: usize,
    },
    /// An entry's reserved bits are not zero, or its weight is zero.
    BadEntry {
        /// The entry's number.
        index: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// The checksum does not match the bytes.
    Checksum,
}

/// A book file that was refused: the problem and the byte offset where
/// it is. Displays as `book file: entry 3 is not sorted after entry 2 (at
/// byte 82)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// What is wrong.
    pub kind: BookErrorKind,
    /// The offset in bytes from the start of the file.
    pub offset: u64,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("book file: ")?;
        match &self.kind {
            BookErrorKind::Magic => f.write_str("not a book file (no TAMABOOK magic)")?,
            BookErrorKind::Version(v) => {
                write!(f, "version {v}, this program reads version {VERSION}")?
            }
            BookErrorKind::UnknownRules(r) => write!(f, "unknown rules `{r}`")?,
            BookErrorKind::RulesMismatch { book, wanted } => {
                write!(f, "book is for {book} rules, not {wanted}")?
            }
            BookErrorKind::Truncated { expected, found } => {
                write!(f, "truncated: {found} bytes, the header needs {expected}")?
            }
            BookErrorKind::Trailing { expected, found } => {
                write!(f, "{found} bytes, {} after the checksum", found - expected)?
            }
            BookErrorKind::Unsorted { index } => write!(
                f,
                "entry {index} is not sorted after entry {}",
                index.saturating_sub(1)
            )?,
            BookErrorKind::Duplicate { index } => {
                write!(f, "entry {index} repeats the move of the entry before it")?
            }
            BookErrorKind::BadEntry { index, what } => write!(f, "entry {index}: {what}")?,
            BookErrorKind::Checksum => f.write_str("checksum mismatch (the file is damaged)")?,
        }
        write!(f, " (at byte {})", self.offset)
    }
}

impl std::error::Error for BookError {}

/// The length of the header for `preset`.
fn header_len(preset: Preset) -> usize {
    8 + 2 + 1 + preset.name().len() + 4
}

/// The bytes of a book file holding `entries` (which must be sorted by
/// key, then move code, without repeats: [`Book::from_entries`] sorts).
///
/// [`Book::from_entries`]: super::Book::from_entries
pub(crate) fn write(preset: Preset, entries: &[Entry]) -> Vec<u8> {
    let name = preset.name().as_bytes();
    let mut out = Vec::with_capacity(header_len(preset) + entries.len() * ENTRY_BYTES + 8);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(name.len() as u8);
    out.extend_from_slice(name);
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for e in entries {
        out.extend_from_slice(&e.key.to_le_bytes());
        out.extend_from_slice(&e.code.to_le_bytes());
        out.extend_from_slice(&e.value.to_le_bytes());
        out.extend_from_slice(&e.weight.to_le_bytes());
        out.push(e.flags);
        out.push(0);
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a book file, checking in order: magic, version, rules, length,
/// checksum, then every entry (reserved bits, weight, order).
pub(crate) fn read(bytes: &[u8]) -> Result<(Preset, Vec<Entry>), BookError> {
    let err = |kind, offset: usize| BookError {
        kind,
        offset: offset as u64,
    };
    let truncated = |expected: usize| {
        err(
            BookErrorKind::Truncated {
                expected: expected as u64,
                found: bytes.len() as u64,
            },
            bytes.len(),
        )
    };
    if bytes.len() < 8 {
        return Err(if MAGIC.starts_with(bytes) {
            truncated(8)
        } else {
            err(BookErrorKind::Magic, 0)
        });
    }
    if bytes[..8] != MAGIC {
        return Err(err(BookErrorKind::Magic, 0));
    }
    let version = u16::from_le_bytes(
        bytes
            .get(8..10)
            .ok_or(truncated(10))?
            .try_into()
            .unwrap_or_default(),
    );
    if version != VERSION {
        return Err(err(BookErrorKind::Version(version), 8));
    }
    let len = usize::from(*bytes.get(10).ok_or(truncated(11))?);
    let name = bytes.get(11..11 + len).ok_or(truncated(11 + len))?;
    let name = String::from_utf8_lossy(name).into_owned();
    let preset = Preset::ALL
        .into_iter()
        .find(|p| p.name() == name)
        .ok_or_else(|| err(BookErrorKind::UnknownRules(name.clone()), 10))?;
    let at = 11 + len;
    let count = bytes
        .get(at..at + 4)
        .ok_or(truncated(at + 4))?
        .try_into()
        .map(u32::from_le_bytes)
        .unwrap_or_default() as usize;
    let first = at + 4;
    let expected = first + count * ENTRY_BYTES + 8;
    if bytes.len() < expected {
        return Err(truncated(expected));
    }
    if bytes.len() > expected {
        return Err(err(
            BookErrorKind::Trailing {
                expected: expected as u64,
                found: bytes.len() as u64,
            },
            expected,
        ));
    }
    let sum_at = expected - 8;
    let stored = u64::from_le_bytes(bytes[sum_at..].try_into().unwrap_or_default());
    if stored != fnv1a(&bytes[..sum_at]) {
        return Err(err(BookErrorKind::Checksum, sum_at));
    }
    let mut entries: Vec<Entry> = Vec::with_capacity(count);
    for (index, raw) in bytes[first..sum_at].chunks_exact(ENTRY_BYTES).enumerate() {
        let offset = first + index * ENTRY_BYTES;
        let word = |i: usize| u16::from_le_bytes([raw[i], raw[i + 1]]);
        let e = Entry {
            key: u64::from_le_bytes(raw[..8].try_into().unwrap_or_default()),
            code: word(8),
            value: word(10) as i16,
            weight: word(12),
            flags: raw[14],
        };
        if raw[15] != 0 || e.flags & !super::FLAG_LEAF != 0 {
            let what = "reserved bits set";
            return Err(err(BookErrorKind::BadEntry { index, what }, offset + 14));
        }
        if e.weight == 0 {
            let what = "weight 0";
            return Err(err(BookErrorKind::BadEntry { index, what }, offset + 12));
        }
        if let Some(prev) = entries.last() {
            match (prev.key, prev.code).cmp(&(e.key, e.code)) {
                core::cmp::Ordering::Less => {}
                core::cmp::Ordering::Equal => {
                    return Err(err(BookErrorKind::Duplicate { index }, offset))
                }
                core::cmp::Ordering::Greater => {
                    return Err(err(BookErrorKind::Unsorted { index }, offset))
                }
            }
        }
        entries.push(e);
    }
    Ok((preset, entries))
}
