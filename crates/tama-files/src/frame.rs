//! The frame of the workspace's binary files: eight bytes of magic, a
//! version (`u16`), the format's own header and body, and an FNV-1a
//! checksum (`u64`) of every byte before it. All numbers are
//! little-endian. Opening books (`TAMABOOK`), a book build's state
//! (`TAMABKST`), learned weights (`TAMAEVAL`), self-play data
//! (`TAMADATA`) and endgame tables (`TAMAEGTB`, which end with a second
//! magic after the checksum) are framed so.
//!
//! [`FrameWriter`] writes a frame; [`FrameReader`] reads one and reports
//! every problem with the byte offset where it is ([`FrameError`]), which
//! each format turns into its own error.

use core::fmt;

use crate::fnv1a;

/// The bytes of a frame, written in order; [`finish`](FrameWriter::finish)
/// adds the checksum.
#[derive(Clone, Debug)]
pub struct FrameWriter {
    out: Vec<u8>,
}

impl FrameWriter {
    /// A frame of format `magic`, version `version`.
    pub fn new(magic: [u8; 8], version: u16) -> FrameWriter {
        FrameWriter::with_capacity(magic, version, 0)
    }

    /// The same, with room for `capacity` more bytes.
    pub fn with_capacity(magic: [u8; 8], version: u16, capacity: usize) -> FrameWriter {
        let mut out = Vec::with_capacity(10 + capacity + 8);
        out.extend_from_slice(&magic);
        out.extend_from_slice(&version.to_le_bytes());
        FrameWriter { out }
    }

    /// Adds a byte.
    pub fn u8(&mut self, v: u8) -> &mut FrameWriter {
        self.out.push(v);
        self
    }

    /// Adds a `u16`.
    pub fn u16(&mut self, v: u16) -> &mut FrameWriter {
        self.bytes(&v.to_le_bytes())
    }

    /// Adds an `i16`.
    pub fn i16(&mut self, v: i16) -> &mut FrameWriter {
        self.bytes(&v.to_le_bytes())
    }

    /// Adds a `u32`.
    pub fn u32(&mut self, v: u32) -> &mut FrameWriter {
        self.bytes(&v.to_le_bytes())
    }

    /// Adds a `u64`.
    pub fn u64(&mut self, v: u64) -> &mut FrameWriter {
        self.bytes(&v.to_le_bytes())
    }

    /// Adds bytes as they are.
    pub fn bytes(&mut self, bytes: &[u8]) -> &mut FrameWriter {
        self.out.extend_from_slice(bytes);
        self
    }

    /// Adds a short name: its length in one byte, then its bytes.
    ///
    /// # Panics
    ///
    /// If `name` is longer than 255 bytes (the formats' names are preset
    /// names, a few bytes long).
    pub fn name(&mut self, name: &str) -> &mut FrameWriter {
        let len = u8::try_from(name.len()).expect("a frame's name is at most 255 bytes");
        self.u8(len).bytes(name.as_bytes())
    }

    /// The number of bytes written so far (magic and version included).
    pub fn len(&self) -> usize {
        self.out.len()
    }

    /// Whether nothing is written: never, the magic is always there.
    pub fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// The whole frame: the bytes written and their checksum.
    pub fn finish(mut self) -> Vec<u8> {
        let sum = fnv1a(&self.out);
        self.out.extend_from_slice(&sum.to_le_bytes());
        self.out
    }
}

/// What is wrong with a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrameErrorKind {
    /// The file does not start with the format's magic.
    Magic {
        /// The magic of the format asked for.
        expected: [u8; 8],
    },
    /// Another version of the format.
    Version {
        /// The file's version.
        found: u16,
        /// The version this build reads.
        expected: u16,
    },
    /// The file ends inside the named field.
    Truncated {
        /// The field.
        what: &'static str,
    },
    /// The named field is not UTF-8 text.
    Text {
        /// The field.
        what: &'static str,
    },
    /// The checksum does not match the bytes before it.
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// Bytes after the end of the frame.
    Trailing {
        /// How many.
        extra: u64,
    },
}

/// A frame that was refused: the problem and the byte offset where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameError {
    /// What is wrong.
    pub kind: FrameErrorKind,
    /// The offset in bytes from the start of the file.
    pub offset: u64,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            FrameErrorKind::Magic { expected } => write!(
                f,
                "not a {} file (no such magic)",
                String::from_utf8_lossy(expected).trim_end_matches('\0')
            )?,
            FrameErrorKind::Version { found, expected } => {
                write!(f, "version {found}, this program reads version {expected}")?
            }
            FrameErrorKind::Truncated { what } => write!(f, "the file ends in the {what}")?,
            FrameErrorKind::Text { what } => write!(f, "the {what} is not text")?,
            FrameErrorKind::Checksum { .. } => {
                f.write_str("checksum mismatch (the file is damaged)")?
            }
            FrameErrorKind::Trailing { extra } => {
                write!(f, "{extra} bytes after the end of the file's data")?
            }
        }
        write!(f, " (at byte {})", self.offset)
    }
}

impl std::error::Error for FrameError {}

/// A frame read from its start: each field in order, with the offset of
/// the first problem.
#[derive(Clone, Debug)]
pub struct FrameReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> FrameReader<'a> {
    /// Checks the magic and the version of `bytes`; reading goes on after
    /// them.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Magic`] at 0, [`FrameErrorKind::Version`] at 8,
    /// or [`FrameErrorKind::Truncated`] in either.
    pub fn open(
        bytes: &'a [u8],
        magic: [u8; 8],
        version: u16,
    ) -> Result<FrameReader<'a>, FrameError> {
        let mut r = FrameReader { bytes, at: 0 };
        if bytes.get(..8).is_some_and(|m| m != magic)
            || bytes.len() < 8 && !magic.starts_with(bytes)
        {
            return Err(r.error(FrameErrorKind::Magic { expected: magic }));
        }
        r.take(8, "magic")?;
        let found = r.u16("version")?;
        if found != version {
            r.at = 8;
            return Err(r.error(FrameErrorKind::Version {
                found,
                expected: version,
            }));
        }
        Ok(r)
    }

    /// The error `kind` at the current offset.
    pub fn error(&self, kind: FrameErrorKind) -> FrameError {
        FrameError {
            kind,
            offset: self.at as u64,
        }
    }

    /// The offset of the next byte to read.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The bytes not read yet (the checksum included).
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// The whole file.
    pub fn all(&self) -> &'a [u8] {
        self.bytes
    }

    /// The next `n` bytes (`what` names them in an error).
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`] where the file ends first.
    pub fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], FrameError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(self.error(FrameErrorKind::Truncated { what }));
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], FrameError> {
        let s = self.take(N, what)?;
        let mut a = [0; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    /// The next byte.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`].
    pub fn u8(&mut self, what: &'static str) -> Result<u8, FrameError> {
        Ok(self.array::<1>(what)?[0])
    }

    /// The next `u16`.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`].
    pub fn u16(&mut self, what: &'static str) -> Result<u16, FrameError> {
        self.array(what).map(u16::from_le_bytes)
    }

    /// The next `i16`.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`].
    pub fn i16(&mut self, what: &'static str) -> Result<i16, FrameError> {
        self.array(what).map(i16::from_le_bytes)
    }

    /// The next `u32`.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`].
    pub fn u32(&mut self, what: &'static str) -> Result<u32, FrameError> {
        self.array(what).map(u32::from_le_bytes)
    }

    /// The next `u64`.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`].
    pub fn u64(&mut self, what: &'static str) -> Result<u64, FrameError> {
        self.array(what).map(u64::from_le_bytes)
    }

    /// The next short name ([`FrameWriter::name`]).
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`], or [`FrameErrorKind::Text`] at the
    /// name's first byte.
    pub fn name(&mut self, what: &'static str) -> Result<&'a str, FrameError> {
        let len = self.u8(what)?;
        let start = self.at;
        let bytes = self.take(usize::from(len), what)?;
        core::str::from_utf8(bytes).map_err(|_| FrameError {
            kind: FrameErrorKind::Text { what },
            offset: start as u64,
        })
    }

    /// Reads the checksum, which must be the last eight bytes, and checks
    /// it against every byte before it.
    ///
    /// # Errors
    ///
    /// [`FrameErrorKind::Truncated`], [`FrameErrorKind::Trailing`] (at the
    /// first extra byte) or [`FrameErrorKind::Checksum`] (at the checksum).
    pub fn checksum(&mut self) -> Result<(), FrameError> {
        self.checksum_then(0)
    }

    /// Like [`checksum`](FrameReader::checksum), with `after` more bytes
    /// of the format after the checksum (read them with
    /// [`take`](FrameReader::take)).
    ///
    /// # Errors
    ///
    /// As [`checksum`](FrameReader::checksum).
    pub fn checksum_then(&mut self, after: usize) -> Result<(), FrameError> {
        let end = self.at + 8 + after;
        if self.bytes.len() > end {
            return Err(FrameError {
                kind: FrameErrorKind::Trailing {
                    extra: (self.bytes.len() - end) as u64,
                },
                offset: end as u64,
            });
        }
        let at = self.at;
        let computed = fnv1a(&self.bytes[..at]);
        let stored = self.u64("checksum")?;
        if stored != computed {
            return Err(FrameError {
                kind: FrameErrorKind::Checksum { stored, computed },
                offset: at as u64,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAGIC: [u8; 8] = *b"TESTFILE";

    fn sample() -> Vec<u8> {
        let mut w = FrameWriter::new(MAGIC, 3);
        w.name("armenian")
            .u8(1)
            .u16(2)
            .i16(-3)
            .u32(4)
            .u64(5)
            .bytes(b"xy");
        assert_eq!(w.len(), 10 + 9 + 1 + 2 + 2 + 4 + 8 + 2);
        w.finish()
    }

    #[test]
    fn reads_what_it_wrote() {
        let bytes = sample();
        let mut r = FrameReader::open(&bytes, MAGIC, 3).unwrap();
        assert_eq!(r.name("rules").unwrap(), "armenian");
        assert_eq!(r.u8("a").unwrap(), 1);
        assert_eq!(r.u16("b").unwrap(), 2);
        assert_eq!(r.i16("c").unwrap(), -3);
        assert_eq!(r.u32("d").unwrap(), 4);
        assert_eq!(r.u64("e").unwrap(), 5);
        assert_eq!(r.take(2, "f").unwrap(), b"xy");
        assert_eq!(r.remaining(), 8);
        r.checksum().unwrap();
        assert_eq!(r.remaining(), 0);
    }

    fn refusal(bytes: &[u8]) -> FrameError {
        let mut r = match FrameReader::open(bytes, MAGIC, 3) {
            Ok(r) => r,
            Err(e) => return e,
        };
        (|| {
            r.name("rules")?;
            r.take(19, "body")?;
            r.checksum()
        })()
        .unwrap_err()
    }

    #[test]
    fn every_problem_names_its_offset() {
        let good = sample();
        let kind = |b: &[u8]| {
            let e = refusal(b);
            (e.kind, e.offset)
        };
        let mut other = good.clone();
        other[0] = b'X';
        assert_eq!(kind(&other), (FrameErrorKind::Magic { expected: MAGIC }, 0));
        assert_eq!(
            kind(b"TEST"),
            (FrameErrorKind::Truncated { what: "magic" }, 0)
        );
        assert_eq!(
            kind(b"NOPE"),
            (FrameErrorKind::Magic { expected: MAGIC }, 0)
        );
        let mut v = good.clone();
        v[8] = 9;
        assert_eq!(
            kind(&v),
            (
                FrameErrorKind::Version {
                    found: 9,
                    expected: 3
                },
                8
            )
        );
        assert_eq!(
            kind(&good[..15]),
            (FrameErrorKind::Truncated { what: "rules" }, 11)
        );
        let mut text = good.clone();
        text[12] = 0xff;
        assert_eq!(kind(&text), (FrameErrorKind::Text { what: "rules" }, 11));
        assert_eq!(
            kind(&good[..good.len() - 3]),
            (
                FrameErrorKind::Truncated { what: "checksum" },
                good.len() as u64 - 8
            )
        );
        let mut long = good.clone();
        long.extend_from_slice(b"!!");
        assert_eq!(
            kind(&long),
            (FrameErrorKind::Trailing { extra: 2 }, good.len() as u64)
        );
        let mut damaged = good.clone();
        damaged[25] ^= 1;
        let e = refusal(&damaged);
        assert!(matches!(e.kind, FrameErrorKind::Checksum { .. }), "{e}");
        assert_eq!(e.offset, good.len() as u64 - 8);
        assert_eq!(
            e.to_string(),
            format!(
                "checksum mismatch (the file is damaged) (at byte {})",
                good.len() - 8
            )
        );
    }

    #[test]
    fn a_checksum_may_be_followed_by_the_formats_end() {
        let mut bytes = sample();
        bytes.extend_from_slice(b"END!");
        let mut r = FrameReader::open(&bytes, MAGIC, 3).unwrap();
        r.take(bytes.len() - 10 - 12, "body").unwrap();
        r.checksum_then(4).unwrap();
        assert_eq!(r.take(4, "end").unwrap(), b"END!");
    }
}
