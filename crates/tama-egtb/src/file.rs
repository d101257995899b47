//! The table file: header, block index, zstd blocks, checksum trailer.
//!
//! All integers little-endian:
//!
//! ```text
//! magic        8 bytes  "TAMAEGTB"
//! version      u32      2
//! rules        u16 length + UTF-8 rules text (canonical, e.g. "armenian")
//! material     u16 length + UTF-8 material text (e.g. "KMvK")
//! positions    u64      entries in the table
//! wins draws losses  3 × u64  counts for the side to move
//! longest win  u32 distance (0 if none) + u64 index (u64::MAX if none)
//! width        u8       bytes per value code (1 or 2); 0 in a
//!                       win/draw/loss file (2 bits a value)
//! block size   u32      values per block (the last may be shorter)
//! blocks       u32      number of blocks
//! offsets      (blocks + 1) × u64, block i is data[off[i]..off[i+1]]
//! data         the zstd-compressed blocks (one frame each)
//! checksum     u64      FNV-1a of every byte before it
//! end magic    8 bytes  "TAMAEND\0"
//! ```
//!
//! A block holds its value codes as bytes; with width 2 the low bytes of
//! the block come first, then the high bytes. Entries of positions with a
//! capture pending are *not stored*: they hold a copy of a neighbouring
//! entry's code (which is what makes the files small, these positions'
//! values being the least regular), and the prober answers them from
//! their captures. The header's counts and longest win are over every
//! position, these included.
//!
//! A *win/draw/loss* file (`.wdl`, width 0) has the same layout with 2
//! bits a value (`0` draw, `1` win, `2` loss; `3` never appears), four
//! values a byte from the lowest bits up, in blocks of
//! [`WDL_BLOCK_VALUES`]; its header's counts and longest win are those of
//! the distance table it was made from.
//!
//! A file is written through `tama_files::write_atomically` (a synced
//! `NAME.tmp` renamed over the name), so a file with the final name is
//! always complete; the trailer makes truncation visible, and a reader
//! checks the checksum before it answers, so a damaged file gives an
//! error, never a wrong value.
//!
//! The memory map of a table file here is the workspace's only `unsafe`
//! code (tests/tidy.rs keeps it so). It is sound because table files are
//! only ever replaced by a rename, never changed in place.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use tama_files::{fnv1a, tmp_path};

use tama_core::Rules;
use tama_notation::write_rules;
use tama_search::TableKind;

use crate::{Error, Material};

const MAGIC: &[u8; 8] = b"TAMAEGTB";
const END_MAGIC: &[u8; 8] = b"TAMAEND\0";
/// The format version written and read.
/// The default `GenOptions::decode_limit`: 2^28 entries, more than any
/// table of up to 5 pieces (the largest has 134 million), fewer than the
/// large 6-piece ones; tables up to it are written in blocks that
/// decompress whole.
pub const DECODE_LIMIT: u64 = 1 << 28;

pub const FORMAT_VERSION: u32 = 2;
/// Values per compressed block of a distance file probed from its
/// blocks while other tables are generated (more entries than
/// [`DECODE_LIMIT`], 6 pieces and more). Measured on turkish
/// `KMvKKK` (57 million entries): 1,024 values take 0.197 byte an entry
/// and 2.0 µs to decompress, 4,096 take 0.150 and 4.6 µs, 8,192 take 0.137
/// and 7.5 µs.
pub(crate) const BLOCK_VALUES: usize = 4096;
/// Values per block of a distance file that generation and verification
/// decompress whole (at most [`DECODE_LIMIT`] entries: every table
/// up to 5 pieces), probed from its blocks only at the root of a search.
/// Measured on turkish `KMMvKM` (96.8 million entries, 0.123 byte an
/// entry in blocks of 4,096 at level 9): 16,384 values 0.107 (level 9)
/// and 0.094 (level 19), 65,536 values 0.103 and 0.087, 262,144 values
/// 0.085 at level 19.
pub(crate) const WHOLE_BLOCK_VALUES: usize = 1 << 16;
/// Values per block of a win/draw/loss file (64 KB of 2-bit values):
/// such files are decompressed whole, so the block only bounds the
/// work of one thread; larger blocks compress better (turkish
/// `KMMvKM.wdl`: 3.45 MB in blocks of 65,536 values at level 9, 3.03 MB at
/// level 19, 2.83 MB in blocks of 262,144 values at level 19).
pub(crate) const WDL_BLOCK_VALUES: usize = 1 << 18;
/// The zstd level of the blocks probed during generation: 9 compresses
/// about 30 MB/s at 0.150 byte an entry where 19 manages 4 MB/s at
/// 0.140, on `KMvKKK`.
const FAST_LEVEL: i32 = 9;
/// The zstd level of the files decompressed whole (win/draw/loss files,
/// distance files up to [`DECODE_LIMIT`] entries): 19, about
/// 0.35 µs of CPU an entry to compress (paid once, in parallel), the
/// same speed to decompress as level 9, 15 % smaller files.
const SMALL_LEVEL: i32 = 19;

/// The block size and zstd level of a distance file of `entries`
/// entries: the larger ones are probed from their blocks while the
/// tables that crown into them are generated, so their blocks stay
/// small and fast to compress.
pub(crate) fn distance_packing(entries: u64) -> (usize, i32) {
    if entries <= DECODE_LIMIT {
        (WHOLE_BLOCK_VALUES, SMALL_LEVEL)
    } else {
        (BLOCK_VALUES, FAST_LEVEL)
    }
}

/// The file extension of a table of `kind`: `egtb` for a distance table
/// (every position's value and distance to win: what generation,
/// verification and the root of a search use), `wdl` for a win/draw/loss
/// table (2 bits a position: what the search probes, from memory).
pub(crate) const fn extension(kind: TableKind) -> &'static str {
    match kind {
        TableKind::Distance => "egtb",
        TableKind::Wdl => "wdl",
    }
}

/// The directory that holds the tables of `rules` under `root`:
/// `root/<rules text>` (e.g. `tables/armenian`).
pub(crate) fn rules_dir(root: &Path, rules: &Rules) -> PathBuf {
    root.join(write_rules(rules))
}

/// The distance table file of `material` in a rules directory
/// (`KMvK.egtb`).
pub fn table_path(rules_dir: &Path, material: Material) -> PathBuf {
    rules_dir.join(format!("{material}.{}", extension(TableKind::Distance)))
}

/// The summary fields of a table's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// The kind of file (from its value width).
    pub kind: TableKind,
    /// The rules text the table was made for.
    pub rules: String,
    /// The material (side to move first).
    pub material: Material,
    /// Entries (positions after the mirror fold).
    pub positions: u64,
    /// Entries won for the side to move.
    pub wins: u64,
    /// Entries drawn.
    pub draws: u64,
    /// Entries lost for the side to move.
    pub losses: u64,
    /// The longest win in plies (0 when there is no win).
    pub longest_win: u32,
    /// The index of a position with the longest win (`u64::MAX` if none).
    pub longest_win_index: u64,
}

/// The mark of an entry with a capture pending in the codes given to
/// [`fill_skipped`].
pub(crate) const SKIPPED: u16 = 0x8000;

/// Replaces the code of every entry marked [`SKIPPED`] by its block's
/// previous stored code (or the next one at the block's start), so long
/// runs form where the values are irregular; the codes of the others
/// (below `SKIPPED`) are kept. The blocks are those of the file
/// ([`distance_packing`]).
pub(crate) fn fill_skipped(codes: &mut [u16]) {
    let (block_values, _) = distance_packing(codes.len() as u64);
    for block in codes.chunks_mut(block_values) {
        let first = block.iter().find(|&&c| c & SKIPPED == 0);
        let mut prev = first.map_or(0, |&c| c);
        for c in block.iter_mut() {
            if *c & SKIPPED != 0 {
                *c = prev;
            } else {
                prev = *c;
            }
        }
    }
}

/// Serialises a distance table, compressing blocks on `threads`
/// threads. `codes` are the value codes in index order (the skipped
/// entries already filled, see [`fill_skipped`]).
pub(crate) fn encode_table(info: &TableInfo, codes: &[u16], threads: usize) -> Vec<u8> {
    let width: u8 = if codes.iter().all(|&c| c <= 0xff) {
        1
    } else {
        2
    };
    let (block_values, level) = distance_packing(codes.len() as u64);
    let chunks: Vec<&[u16]> = codes.chunks(block_values).collect();
    let blocks = compress_all(&chunks, threads, level, |chunk: &[u16]| {
        let mut raw: Vec<u8> = chunk.iter().map(|&c| c as u8).collect();
        if width == 2 {
            raw.extend(chunk.iter().map(|&c| (c >> 8) as u8));
        }
        raw
    });
    assemble(info, width, block_values, &blocks)
}

/// Serialises a win/draw/loss table from its values packed 2 bits each
/// (see [`crate::wdl::pack`]).
pub(crate) fn encode_wdl(info: &TableInfo, packed: &[u8], threads: usize) -> Vec<u8> {
    let chunks: Vec<&[u8]> = packed.chunks(WDL_BLOCK_VALUES / 4).collect();
    let blocks = compress_all(&chunks, threads, SMALL_LEVEL, <[u8]>::to_vec);
    assemble(info, 0, WDL_BLOCK_VALUES, &blocks)
}

/// Compresses every chunk (made raw bytes by `raw`) at zstd `level` on
/// `threads` threads.
fn compress_all<T: Sync>(
    chunks: &[&[T]],
    threads: usize,
    level: i32,
    raw: impl Fn(&[T]) -> Vec<u8> + Sync,
) -> Vec<Vec<u8>> {
    let mut blocks: Vec<Vec<u8>> = vec![Vec::new(); chunks.len()];
    let per = chunks.len().div_ceil(threads.max(1)).max(1);
    let raw = &raw;
    std::thread::scope(|s| {
        for (outs, ins) in blocks.chunks_mut(per).zip(chunks.chunks(per)) {
            s.spawn(move || {
                for (o, i) in outs.iter_mut().zip(ins) {
                    // Compressing a buffer in memory fails only on
                    // allocation failure.
                    *o = zstd::bulk::compress(&raw(i), level)
                        .expect("zstd compresses a buffer in memory");
                }
            });
        }
    });
    blocks
}

/// The file: header, block index, blocks, checksum, end magic.
fn assemble(info: &TableInfo, width: u8, block_values: usize, blocks: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    for text in [info.rules.as_str(), &info.material.to_string()] {
        out.extend_from_slice(&(text.len() as u16).to_le_bytes());
        out.extend_from_slice(text.as_bytes());
    }
    for n in [info.positions, info.wins, info.draws, info.losses] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    out.extend_from_slice(&info.longest_win.to_le_bytes());
    out.extend_from_slice(&info.longest_win_index.to_le_bytes());
    out.push(width);
    out.extend_from_slice(&(block_values as u32).to_le_bytes());
    out.extend_from_slice(&(blocks.len() as u32).to_le_bytes());
    let mut off = 0u64;
    out.extend_from_slice(&off.to_le_bytes());
    for b in blocks {
        off += b.len() as u64;
        out.extend_from_slice(&off.to_le_bytes());
    }
    for b in blocks {
        out.extend_from_slice(b);
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(END_MAGIC);
    out
}

/// Writes a table file whole or not at all
/// ([`tama_files::write_atomically`]), checking `stop` between chunks of 1 MiB.
pub(crate) fn write_atomically(
    path: &Path,
    bytes: &[u8],
    stop: Option<&AtomicBool>,
) -> Result<(), Error> {
    tama_files::write_atomically(
        path,
        |f| {
            for chunk in bytes.chunks(1 << 20) {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return Err(Error::Interrupted);
                }
                f.write_all(chunk)
                    .map_err(|e| Error::io(tmp_path(path), e))?;
            }
            Ok(())
        },
        |p, e| Error::io(p, e),
    )
}

/// The bytes of a table file.
enum Bytes {
    /// Mapped from the file: the operating system pages in the blocks
    /// probes touch, and shares them between processes.
    Mapped(memmap2::Mmap),
    /// Read into memory (where the file cannot be mapped).
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// Maps `file` read-only.
#[allow(unsafe_code)]
fn map(file: &fs::File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: a mapping is undefined behaviour if the file changes under
    // it. Tables are never changed in place: `write_atomically` writes a
    // new file and renames it over the old name, so a mapping keeps the
    // old, unchanged file. A file edited in place by another program is
    // outside this guarantee, as the crate's documentation says.
    unsafe { memmap2::Mmap::map(file) }
}

/// Every value code of a table, decompressed: one byte per entry where
/// every code fits one.
pub(crate) enum Codes {
    /// Codes below 256.
    Narrow(Vec<u8>),
    /// Wider codes.
    Wide(Vec<u16>),
}

impl Codes {
    /// The code at `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u16> {
        match self {
            Codes::Narrow(v) => v.get(i).map(|&c| u16::from(c)),
            Codes::Wide(v) => v.get(i).copied(),
        }
    }

    /// The codes as a vector of `u16`, taking the decoded ones.
    pub fn into_wide(self) -> Vec<u16> {
        match self {
            Codes::Narrow(v) => v.iter().map(|&c| u16::from(c)).collect(),
            Codes::Wide(v) => v,
        }
    }

    /// The codes as a vector.
    pub fn to_vec(&self) -> Vec<u16> {
        match self {
            Codes::Narrow(v) => v.iter().map(|&c| u16::from(c)).collect(),
            Codes::Wide(v) => v.clone(),
        }
    }
}

/// A table opened for reading: its header and compressed blocks.
pub(crate) struct TableData {
    pub info: TableInfo,
    bytes: Bytes,
    width: usize,
    block_values: usize,
    offsets_at: usize,
    data_at: usize,
    /// A process-wide unique number for the block cache.
    pub uid: u64,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    path: &'a Path,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], Error> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| Error::format(self.path, "truncated header"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u16(&mut self) -> Result<u16, Error> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Result<u32, Error> {
        let mut a = [0u8; 4];
        a.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(a))
    }
    fn u64(&mut self) -> Result<u64, Error> {
        let mut a = [0u8; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
    fn text(&mut self) -> Result<String, Error> {
        let n = self.u16()? as usize;
        let b = self.take(n)?;
        String::from_utf8(b.to_vec())
            .map_err(|_| Error::format(self.path, "header text is not UTF-8"))
    }
}

impl TableData {
    /// Reads and checks a table file: magic, version, trailer and
    /// checksum, header consistency.
    /// The file is memory-mapped (read into memory where it cannot be).
    pub fn read(path: &Path) -> Result<TableData, Error> {
        let file = fs::File::open(path).map_err(|e| Error::io(path, e))?;
        let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
        let bytes = match map(&file) {
            Ok(m) if len > 0 => Bytes::Mapped(m),
            _ => Bytes::Owned(fs::read(path).map_err(|e| Error::io(path, e))?),
        };
        TableData::parse(path, bytes)
    }

    /// Checks and parses the bytes of a table file.
    fn parse(path: &Path, bytes: Bytes) -> Result<TableData, Error> {
        if bytes.len() < 32 || &bytes[..8] != MAGIC {
            return Err(Error::format(path, "not a tama endgame table (bad magic)"));
        }
        let n = bytes.len();
        if &bytes[n - 8..] != END_MAGIC {
            return Err(Error::format(path, "truncated table (no end marker)"));
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[n - 16..n - 8]);
        if fnv1a(&bytes[..n - 16]) != u64::from_le_bytes(sum) {
            return Err(Error::format(
                path,
                "checksum mismatch: the file is damaged",
            ));
        }
        let body = &bytes[..n - 16];
        let mut r = Reader {
            bytes: body,
            at: 8,
            path,
        };
        let version = r.u32()?;
        if version != FORMAT_VERSION {
            return Err(Error::format(
                path,
                format!("format version {version}, this program reads {FORMAT_VERSION}"),
            ));
        }
        let rules = r.text()?;
        let material_text = r.text()?;
        let material: Material = material_text
            .parse()
            .map_err(|e| Error::format(path, format!("header: {e}")))?;
        let positions = r.u64()?;
        let wins = r.u64()?;
        let draws = r.u64()?;
        let losses = r.u64()?;
        let longest_win = r.u32()?;
        let longest_win_index = r.u64()?;
        let width = r.take(1)?[0] as usize;
        let block_values = r.u32()? as usize;
        let n_blocks = r.u32()? as usize;
        if width > 2 || block_values == 0 || width == 0 && !block_values.is_multiple_of(4) {
            return Err(Error::format(path, "unsupported value width or block size"));
        }
        if (positions as usize).div_ceil(block_values) != n_blocks {
            return Err(Error::format(
                path,
                "block count does not match the positions",
            ));
        }
        let offsets_at = r.at;
        r.take((n_blocks + 1) * 8)?;
        let data_at = r.at;
        let body_len = (body.len() - data_at) as u64;
        let data = TableData {
            info: TableInfo {
                kind: if width == 0 {
                    TableKind::Wdl
                } else {
                    TableKind::Distance
                },
                rules,
                material,
                positions,
                wins,
                draws,
                losses,
                longest_win,
                longest_win_index,
            },
            width,
            block_values,
            offsets_at,
            data_at,
            uid: next_uid(),
            bytes,
        };
        let mut prev = 0;
        for i in 0..=n_blocks {
            let off = data.offset(i);
            if off < prev || off > body_len {
                return Err(Error::format(path, "bad block index"));
            }
            prev = off;
        }
        Ok(data)
    }

    fn offset(&self, i: usize) -> u64 {
        let at = self.offsets_at + i * 8;
        let mut a = [0u8; 8];
        a.copy_from_slice(&self.bytes[at..at + 8]);
        u64::from_le_bytes(a)
    }

    /// Decompresses block `i` into `out` (resized to its length): the
    /// raw value bytes, [`TableData::width`] per value (low bytes first).
    pub fn decode_block(&self, i: usize, out: &mut Vec<u8>) -> Result<(), String> {
        thread_local! {
            static ZSTD: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> =
                const { std::cell::RefCell::new(None) };
        }
        let start = self.data_at + self.offset(i) as usize;
        let end = self.data_at + self.offset(i + 1) as usize;
        let values = self
            .block_values
            .min(self.info.positions as usize - i * self.block_values);
        out.resize(self.raw_len(values), 0);
        let n = ZSTD.with(|z| {
            let mut z = z.borrow_mut();
            if z.is_none() {
                *z = Some(zstd::bulk::Decompressor::new().map_err(|e| format!("zstd: {e}"))?);
            }
            let z = z.as_mut().ok_or("zstd: no decompressor")?;
            z.decompress_to_buffer(&self.bytes[start..end], out.as_mut_slice())
                .map_err(|e| format!("block {i}: {e}"))
        })?;
        if n != out.len() {
            return Err(format!("block {i}: wrong decompressed size"));
        }
        Ok(())
    }

    /// The raw bytes of `values` values.
    fn raw_len(&self, values: usize) -> usize {
        if self.width == 0 {
            values.div_ceil(4)
        } else {
            values * self.width
        }
    }

    /// Every value of a win/draw/loss table, 2 bits each (four a byte,
    /// lowest bits first), decompressed on `threads` threads straight into
    /// place; fails on a distance table, a damaged block or a value `3`.
    pub fn decode_wdl(&self, threads: usize) -> Result<Vec<u8>, String> {
        let mut packed = vec![0u8; self.wdl_bytes()];
        self.decode_wdl_into(threads, &mut packed)?;
        Ok(packed)
    }

    /// Bytes of a win/draw/loss table's values, 2 bits each.
    pub fn wdl_bytes(&self) -> usize {
        (self.info.positions as usize).div_ceil(4)
    }

    /// [`TableData::decode_wdl`] into `packed`, [`TableData::wdl_bytes`]
    /// long.
    pub fn decode_wdl_into(&self, threads: usize, packed: &mut [u8]) -> Result<(), String> {
        if self.width != 0 {
            return Err("not a win/draw/loss table".to_string());
        }
        let n = self.info.positions as usize;
        if packed.len() != n.div_ceil(4) {
            return Err("wrong output size".to_string());
        }
        let per_block = self.block_values / 4;
        let blocks: Vec<(usize, &mut [u8])> = packed.chunks_mut(per_block).enumerate().collect();
        let work = std::sync::Mutex::new(blocks.into_iter());
        let error = std::sync::Mutex::new(None);
        let run = || {
            let mut buf = Vec::new();
            loop {
                let next = work.lock().unwrap_or_else(|p| p.into_inner()).next();
                let Some((i, out)) = next else { return };
                let result = self.decode_block(i, &mut buf).and_then(|()| {
                    if buf.len() != out.len() {
                        return Err(format!("block {i}: wrong decompressed size"));
                    }
                    if buf.iter().any(|&b| b & (b >> 1) & 0x55 != 0) {
                        return Err(format!("block {i}: a value that is no win, draw or loss"));
                    }
                    out.copy_from_slice(&buf);
                    Ok(())
                });
                if let Err(e) = result {
                    error
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .get_or_insert(e);
                    return;
                }
            }
        };
        std::thread::scope(|s| {
            for _ in 1..threads.max(1) {
                s.spawn(run);
            }
            run();
        });
        if let Some(e) = error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        // The bits past the last value are zero.
        let tail = n % 4;
        if tail != 0 && packed.last().is_some_and(|&b| b >> (2 * tail) != 0) {
            return Err("bits after the last value are set".to_string());
        }
        Ok(())
    }

    /// Every value code of a distance table, in index order.
    pub fn decode_all(&self) -> Result<Codes, String> {
        if self.width == 0 {
            return Err("a win/draw/loss table has no distances".to_string());
        }
        let n = self.info.positions as usize;
        let mut buf = Vec::new();
        let blocks = 0..n.div_ceil(self.block_values);
        if self.width == 1 {
            let mut codes = Vec::with_capacity(n);
            for b in blocks {
                self.decode_block(b, &mut buf)?;
                codes.extend_from_slice(&buf);
            }
            Ok(Codes::Narrow(codes))
        } else {
            let mut codes = Vec::with_capacity(n);
            for b in blocks {
                self.decode_block(b, &mut buf)?;
                let (lo, hi) = buf.split_at(buf.len() / 2);
                codes.extend(lo.iter().zip(hi).map(|(&l, &h)| u16::from_le_bytes([l, h])));
            }
            Ok(Codes::Wide(codes))
        }
    }

    /// Values per block (the last block may hold fewer).
    pub fn block_values(&self) -> usize {
        self.block_values
    }

    /// Bytes per value code (1 or 2).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The file's size in bytes.
    pub fn file_len(&self) -> usize {
        self.bytes.len()
    }
}

fn next_uid() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
