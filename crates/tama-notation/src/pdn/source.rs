//! A buffered byte source that tracks line and column and checks UTF-8 as
//! it goes.
//!
//! Columns count characters: every valid UTF-8 sequence is one column, and
//! so is every byte of an invalid sequence. The first invalid sequence since
//! the last [`Source::take_invalid`] is remembered with its position, so the
//! parser can report it without decoding tokens twice.

use std::io::{self, Read};

/// A 1-based line and column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Pos {
    pub line: usize,
    pub col: usize,
}

const BUF_SIZE: usize = 64 * 1024;

pub(crate) struct Source<R> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    eof: bool,
    io_error: Option<io::Error>,
    line: usize,
    col: usize,
    /// Continuation bytes still expected by the UTF-8 decoder.
    need: u8,
    /// Allowed range of the next continuation byte.
    lo: u8,
    hi: u8,
    /// Position and lead byte of the sequence being decoded.
    seq_pos: Pos,
    seq_byte: u8,
    /// The first invalid sequence since the last `take_invalid`.
    invalid: Option<(Pos, u8)>,
    /// Bytes consumed since `begin_capture`, when capturing.
    capture: Option<Vec<u8>>,
    capture_limit: usize,
    capture_overflow: bool,
    /// Bytes consumed since `reset_count`.
    count: usize,
}

impl<R: Read> Source<R> {
    pub(crate) fn new(inner: R) -> Source<R> {
        Source {
            inner,
            buf: vec![0; BUF_SIZE].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            io_error: None,
            line: 1,
            col: 1,
            need: 0,
            lo: 0x80,
            hi: 0xbf,
            seq_pos: Pos::default(),
            seq_byte: 0,
            invalid: None,
            capture: None,
            capture_limit: usize::MAX,
            capture_overflow: false,
            count: 0,
        }
    }

    /// Makes at least `n` bytes available when the input has them.
    #[cold]
    fn fill(&mut self, n: usize) {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        while self.end - self.start < n && !self.eof {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(k) => self.end += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                }
            }
        }
    }

    /// The next byte, without consuming it.
    #[inline]
    pub(crate) fn peek(&mut self) -> Option<u8> {
        if self.start < self.end {
            return Some(self.buf[self.start]);
        }
        self.fill(1);
        (self.start < self.end).then(|| self.buf[self.start])
    }

    /// Skips a UTF-8 byte order mark at the current place (the start of
    /// the input), without counting it as a column.
    pub(crate) fn skip_bom(&mut self) {
        if self.end - self.start < 3 {
            self.fill(3);
        }
        if self.buf[self.start..self.end].starts_with(&[0xef, 0xbb, 0xbf]) {
            self.start += 3;
        }
    }

    /// The byte after the next one, without consuming anything.
    pub(crate) fn peek2(&mut self) -> Option<u8> {
        if self.end - self.start < 2 {
            self.fill(2);
        }
        (self.end - self.start >= 2).then(|| self.buf[self.start + 1])
    }

    /// Consumes and returns the next byte.
    #[inline]
    pub(crate) fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.start += 1;
        self.count += 1;
        if let Some(cap) = &mut self.capture {
            if cap.len() < self.capture_limit {
                cap.push(b);
            } else {
                self.capture_overflow = true;
            }
        }
        self.decode(b);
        Some(b)
    }

    #[inline]
    fn decode(&mut self, b: u8) {
        if self.need > 0 {
            if (self.lo..=self.hi).contains(&b) {
                self.need -= 1;
                self.lo = 0x80;
                self.hi = 0xbf;
                return;
            }
            self.need = 0;
            self.mark_invalid();
        }
        let here = Pos {
            line: self.line,
            col: self.col,
        };
        if b == b'\n' {
            self.line += 1;
            self.col = 1;
            return;
        }
        self.col += 1;
        if b < 0x80 {
            return;
        }
        let (need, lo, hi) = match b {
            0xc2..=0xdf => (1, 0x80, 0xbf),
            0xe0 => (2, 0xa0, 0xbf),
            0xe1..=0xec | 0xee..=0xef => (2, 0x80, 0xbf),
            0xed => (2, 0x80, 0x9f),
            0xf0 => (3, 0x90, 0xbf),
            0xf1..=0xf3 => (3, 0x80, 0xbf),
            0xf4 => (3, 0x80, 0x8f),
            _ => (0, 0, 0),
        };
        self.seq_pos = here;
        self.seq_byte = b;
        if need == 0 {
            self.mark_invalid();
        } else {
            self.need = need;
            self.lo = lo;
            self.hi = hi;
        }
    }

    fn mark_invalid(&mut self) {
        if self.invalid.is_none() {
            self.invalid = Some((self.seq_pos, self.seq_byte));
        }
    }

    /// The first invalid UTF-8 sequence seen since the last call (its
    /// position and first byte). A sequence cut short by the end of the
    /// input counts once the input has ended.
    pub(crate) fn take_invalid(&mut self) -> Option<(Pos, u8)> {
        if self.need > 0 && self.peek().is_none() {
            self.need = 0;
            self.mark_invalid();
        }
        self.invalid.take()
    }

    /// The position of the next byte.
    #[inline]
    pub(crate) fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    /// Takes the I/O error that ended the input, if any.
    pub(crate) fn take_io_error(&mut self) -> Option<io::Error> {
        self.io_error.take()
    }

    /// Starts recording consumed bytes (up to `limit`), dropping any
    /// earlier recording.
    pub(crate) fn begin_capture(&mut self, limit: usize) {
        let mut cap = self.capture.take().unwrap_or_default();
        cap.clear();
        self.capture = Some(cap);
        self.capture_limit = limit;
        self.capture_overflow = false;
    }

    /// Stops recording; returns the bytes and whether all of them fitted.
    pub(crate) fn end_capture(&mut self) -> (Vec<u8>, bool) {
        let cap = self.capture.take().unwrap_or_default();
        (cap, !self.capture_overflow)
    }

    /// Whether bytes are being recorded.
    pub(crate) fn capturing(&self) -> bool {
        self.capture.is_some()
    }

    /// Bytes consumed since the last `reset_count`.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Restarts the byte count.
    pub(crate) fn reset_count(&mut self) {
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn consume(bytes: &[u8]) -> (Pos, Option<(Pos, u8)>) {
        let mut s = Source::new(bytes);
        while s.bump().is_some() {}
        (s.pos(), s.take_invalid())
    }

    #[test]
    fn columns_count_characters() {
        let (end, bad) = consume("ab\nԱրամ x".as_bytes());
        assert_eq!(end, Pos { line: 2, col: 7 });
        assert_eq!(bad, None);
    }

    #[test]
    fn invalid_bytes_are_located() {
        let (_, bad) = consume(b"ab\ncd\xe9f");
        assert_eq!(bad, Some((Pos { line: 2, col: 3 }, 0xe9)));
        let (_, bad) = consume(b"x\xff");
        assert_eq!(bad, Some((Pos { line: 1, col: 2 }, 0xff)));
        let (_, bad) = consume(b"xy\xe2\x82");
        assert_eq!(bad, Some((Pos { line: 1, col: 3 }, 0xe2)));
        let (_, bad) = consume(b"\xed\xa0\x80");
        assert_eq!(bad, Some((Pos { line: 1, col: 1 }, 0xed)));
    }

    #[test]
    fn peek2_across_refills() {
        let data = vec![b'a'; BUF_SIZE * 2 + 3];
        let mut s = Source::new(&data[..]);
        let mut n = 0;
        while s.peek().is_some() {
            if n + 1 < data.len() {
                assert_eq!(s.peek2(), Some(b'a'));
            } else {
                assert_eq!(s.peek2(), None);
            }
            s.bump();
            n += 1;
        }
        assert_eq!(n, data.len());
    }
}
