//! Win/draw/loss tables: 2 bits a position, made from the distance
//! tables, probed from memory.
//!
//! A distance table's codes (skipped entries already filled with a
//! neighbour's code, see [`crate::file::fill_skipped`]) map entry by entry
//! to win, draw or loss, so a win/draw/loss file made while solving and one
//! made later from the distance file are the same bytes, and checking one
//! against the other covers every entry, the skipped ones included.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use tama_search::{TableKind, Wdl};

use crate::file::{encode_wdl, write_atomically, TableData, TableInfo};
use crate::index::Indexer;
use crate::threads::for_chunks;
use crate::{Error, Material};

/// The 2-bit value of a draw.
pub(crate) const DRAW: u8 = 0;
/// The 2-bit value of a win for the side to move.
pub(crate) const WIN: u8 = 1;
/// The 2-bit value of a loss for the side to move.
pub(crate) const LOSS: u8 = 2;

/// The 2-bit value of a distance code (`0` draw, odd win, even loss).
#[inline]
pub(crate) fn of_code(code: u16) -> u8 {
    if code == 0 {
        DRAW
    } else if code % 2 == 1 {
        WIN
    } else {
        LOSS
    }
}

/// The value of a 2-bit value (`3` never passes [`TableData::decode_wdl`]).
#[inline]
pub(crate) fn to_wdl(v: u8) -> Wdl {
    match v {
        WIN => Wdl::Win,
        LOSS => Wdl::Loss,
        _ => Wdl::Draw,
    }
}

/// Distance codes packed 2 bits each, four a byte, lowest bits first.
pub(crate) fn pack(codes: &[u16]) -> Vec<u8> {
    codes
        .chunks(4)
        .map(|q| {
            q.iter()
                .enumerate()
                .fold(0u8, |b, (k, &c)| b | of_code(c) << (2 * k))
        })
        .collect()
}

/// The file of `material`'s win/draw/loss table in a rules directory.
pub fn wdl_path(rules_dir: &Path, material: Material) -> PathBuf {
    rules_dir.join(format!(
        "{material}.{}",
        crate::file::extension(TableKind::Wdl)
    ))
}

/// Writes the win/draw/loss file of a table from its distance codes
/// (filled, as written to the distance file) and its header; the bytes
/// written.
pub(crate) fn write_wdl(
    dir: &Path,
    info: &TableInfo,
    codes: &[u16],
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<u64, Error> {
    let info = TableInfo {
        kind: TableKind::Wdl,
        ..info.clone()
    };
    let bytes = encode_wdl(&info, &pack(codes), threads);
    write_atomically(&wdl_path(dir, info.material), &bytes, stop)?;
    Ok(bytes.len() as u64)
}

/// Makes `material`'s win/draw/loss file from its distance file in `dir`;
/// the bytes written.
///
/// # Errors
///
/// When the distance file is missing or damaged, or the new file cannot be
/// written.
pub fn wdl_from_distance(dir: &Path, material: Material, threads: usize) -> Result<u64, Error> {
    let path = crate::table_path(dir, material);
    let data = TableData::read(&path)?;
    if data.info.kind != TableKind::Distance {
        return Err(Error::format(&path, "not a distance table"));
    }
    let codes = data
        .decode_all()
        .map_err(|w| Error::format(&path, w))?
        .to_vec();
    write_wdl(dir, &data.info, &codes, threads, None)
}

/// One win/draw/loss table in memory: 2 bits an entry, indexed directly,
/// and a summary of 2 bits a block of [`BLOCK`] entries that answers for
/// the blocks whose entries all have one value.
///
/// A random probe of a 5-piece set reads one byte from hundreds of
/// megabytes, which misses every cache: a read from main memory. The
/// summary is 64 times smaller (7.5 MB for the armenian 5-piece set),
/// so it mostly stays in the processor's last-level cache, and most
/// blocks are uniform (a block is 64 neighbouring entries, which differ
/// only in where the last group's pieces stand; positions with a capture
/// pending are filled with a neighbour's value): those probes never go to
/// main memory.
pub(crate) struct WdlTable {
    pub indexer: Indexer,
    packed: Values,
    summary: Vec<u8>,
}

/// Entries a summary block: 16 bytes of 2-bit values.
pub(crate) const BLOCK: u64 = 64;

/// The summary value of a block whose entries differ.
const MIXED: u8 = 3;

/// The summary of packed 2-bit values: per block of [`BLOCK`] entries,
/// the value all of them share, or [`MIXED`]; four blocks a byte, lowest
/// bits first. The last block counts as mixed when the table ends inside
/// it.
pub(crate) fn summarize(packed: &[u8], entries: u64) -> Vec<u8> {
    let bytes = (BLOCK / 4) as usize;
    let blocks = entries.div_ceil(BLOCK) as usize;
    let mut summary = vec![0u8; blocks.div_ceil(4)];
    for (b, chunk) in packed.chunks(bytes).take(blocks).enumerate() {
        let first = chunk[0] & 3;
        let whole = (b as u64 + 1) * BLOCK <= entries;
        let v = if whole && chunk.iter().all(|&x| x == first * 0x55) {
            first
        } else {
            MIXED
        };
        summary[b / 4] |= v << ((b % 4) * 2);
    }
    summary
}

/// The memory of a table's values: anonymous pages the kernel is asked to
/// back with huge pages where it can (Linux's `MADV_HUGEPAGE`), or a
/// plain vector where such a mapping cannot be made. A random probe of
/// a 5-piece set (479 MB) misses the processor's address cache (TLB)
/// with 4 KiB pages; with 2 MiB pages it mostly does not (measured on
/// this project's 2-core VM: a dependent read of a 512 MB array 328 ns
/// with 4 KiB pages, 223 ns with huge pages).
enum Values {
    Mapped(memmap2::MmapMut),
    Heap(Vec<u8>),
}

impl Values {
    /// `len` zero bytes.
    fn zeroed(len: usize) -> Values {
        match memmap2::MmapMut::map_anon(len) {
            Ok(map) => {
                // Advice only: without huge pages the table works the same.
                #[cfg(target_os = "linux")]
                let _ = map.advise(memmap2::Advice::HugePage);
                Values::Mapped(map)
            }
            Err(_) => Values::Heap(vec![0; len]),
        }
    }

    #[inline]
    fn bytes(&self) -> &[u8] {
        match self {
            Values::Mapped(m) => m,
            Values::Heap(v) => v,
        }
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        match self {
            Values::Mapped(m) => m,
            Values::Heap(v) => v,
        }
    }
}

impl WdlTable {
    /// Reads, checks and decompresses `material`'s file.
    pub fn load(
        path: &Path,
        material: Material,
        rules: &str,
        threads: usize,
    ) -> Result<WdlTable, String> {
        let data = TableData::read(path).map_err(|e| match e {
            Error::Format { what, .. } => what,
            Error::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        })?;
        if data.info.kind != TableKind::Wdl {
            return Err("not a win/draw/loss table".to_string());
        }
        if data.info.rules != rules {
            return Err(format!(
                "the table is for rules `{}`, not `{rules}`",
                data.info.rules
            ));
        }
        if data.info.material != material {
            return Err(format!("the header says {}", data.info.material));
        }
        let indexer = Indexer::new(material);
        if indexer.size() != data.info.positions {
            return Err("wrong number of positions".to_string());
        }
        let mut packed = Values::zeroed(data.wdl_bytes());
        data.decode_wdl_into(threads, packed.bytes_mut())?;
        let summary = summarize(packed.bytes(), indexer.size());
        Ok(WdlTable {
            indexer,
            packed,
            summary,
        })
    }

    /// The 2-bit value at `idx` (below the table's size): from the
    /// summary when its block is uniform, else from the values.
    #[inline]
    pub fn get(&self, idx: u64) -> u8 {
        let b = idx / BLOCK;
        let s = (self.summary[(b >> 2) as usize] >> ((b & 3) * 2)) & 3;
        if s != MIXED {
            return s;
        }
        (self.packed.bytes()[(idx >> 2) as usize] >> ((idx & 3) * 2)) & 3
    }

    /// Bytes of memory the values and their summary take.
    pub fn bytes(&self) -> usize {
        self.packed.bytes().len() + self.summary.len()
    }
}

/// The first entry where a win/draw/loss table and the distance table of
/// the same material disagree: its index, the 2-bit value and the distance
/// code. `Ok(None)` when they agree everywhere.
#[cfg(test)]
pub(crate) fn compare_with_distance(
    wdl_file: &Path,
    distance_file: &Path,
    threads: usize,
) -> Result<Option<(u64, u8, u16)>, Error> {
    let d = TableData::read(distance_file)?;
    if d.info.kind != TableKind::Distance {
        return Err(Error::format(distance_file, "not a distance table"));
    }
    let codes = d
        .decode_all()
        .map_err(|e| Error::format(distance_file, e))?;
    compare_with_codes(wdl_file, &d.info, |i| codes.get(i).unwrap_or(0), threads)
}

/// [`compare_with_distance`] against a distance table already decoded:
/// its header `info` and its code at each index, `code(i)`.
pub(crate) fn compare_with_codes(
    wdl_file: &Path,
    info: &TableInfo,
    code: impl Fn(usize) -> u16 + Sync,
    threads: usize,
) -> Result<Option<(u64, u8, u16)>, Error> {
    let w = TableData::read(wdl_file)?;
    if w.info.kind != TableKind::Wdl {
        return Err(Error::format(wdl_file, "not a win/draw/loss table"));
    }
    let same = TableInfo {
        kind: TableKind::Distance,
        ..w.info.clone()
    };
    if same != *info {
        return Err(Error::format(
            wdl_file,
            "its header differs from the distance table's",
        ));
    }
    let packed = w
        .decode_wdl(threads)
        .map_err(|e| Error::format(wdl_file, e))?;
    let first = std::sync::atomic::AtomicU64::new(u64::MAX);
    let found = std::sync::Mutex::new(None);
    let _ = for_chunks(w.info.positions as usize, threads, |range| {
        for i in range {
            let v = (packed[i >> 2] >> ((i & 3) * 2)) & 3;
            let code = code(i);
            if v != of_code(code) {
                let at = first.fetch_min(i as u64, std::sync::atomic::Ordering::Relaxed);
                if at > i as u64 {
                    let mut f = found.lock().unwrap_or_else(|p| p.into_inner());
                    if f.is_none_or(|(j, _, _)| j > i as u64) {
                        *f = Some((i as u64, v, code));
                    }
                }
                return Ok::<(), ()>(());
            }
        }
        Ok(())
    });
    Ok(found.into_inner().unwrap_or_else(|p| p.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::captures::is_stored;
    use crate::file::encode_table;
    use crate::file::{rules_dir, table_path};
    use crate::tablebase::Tablebase;
    use crate::verify::{verify_dir, verify_wdl, Verdict};
    use crate::{generate, GenOptions, Plan};
    use tama_core::Rules;
    use tama_search::TableKind;

    fn tables(rules: &Rules, pieces: u32) -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        let opts = GenOptions {
            threads: 2,
            ..GenOptions::default()
        };
        generate(tmp.path(), rules, &Plan::new(pieces), None, &opts).unwrap();
        tmp
    }

    /// A damaged file, a value 3 and a wrong entry are each caught.
    #[test]
    fn damaged_or_wrong_wdl_files_are_refused_or_found() {
        let rules = Rules::ARMENIAN;
        let tmp = tables(&rules, 3);
        let dir = rules_dir(tmp.path(), &rules);
        let m: Material = "KMvK".parse().unwrap();
        let path = wdl_path(&dir, m);
        let good = std::fs::read(&path).unwrap();
        let data = TableData::read(&table_path(&dir, m)).unwrap();
        let codes = data.decode_all().unwrap().to_vec();
        let info = TableInfo {
            kind: TableKind::Wdl,
            ..data.info.clone()
        };
        drop(data);

        // One flipped bit: the checksum refuses the file.
        let mut bad = good.clone();
        let n = bad.len();
        bad[n / 2] ^= 4;
        std::fs::write(&path, &bad).unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let pos = Indexer::new(m).board(1000).position();
        let err = tb.probe_wdl(&pos).unwrap_err().to_string();
        assert!(
            err.contains("KMvK.wdl") && err.contains("checksum"),
            "{err}"
        );
        let checks = verify_dir(tmp.path(), 2, &mut |_| {}).unwrap();
        let failed: Vec<_> = checks
            .iter()
            .filter(|c| !matches!(c.verdict, Verdict::Sound { .. }))
            .collect();
        assert_eq!(failed.len(), 1, "{failed:?}");
        assert_eq!((failed[0].material, failed[0].kind), (m, TableKind::Wdl));

        // A value that is no win, draw or loss, with a sound checksum.
        let mut packed = pack(&codes);
        packed[7] |= 0b11 << 4;
        std::fs::write(&path, encode_wdl(&info, &packed, 1)).unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let err = tb.load_wdl(1).unwrap_err().to_string();
        assert!(err.contains("no win, draw or loss"), "{err}");

        // One stored entry changed to another valid value: verification
        // names it.
        let at = (5000..codes.len())
            .find(|&i| is_stored(&Indexer::new(m).board(i as u64).position(), &rules))
            .unwrap();
        let mut wrong = codes.clone();
        wrong[at] = if of_code(codes[at]) == DRAW { 1 } else { 0 };
        std::fs::write(&path, encode_wdl(&info, &pack(&wrong), 1)).unwrap();
        match verify_wdl(&dir, m, 2).unwrap() {
            Verdict::Wrong(w) => {
                assert_eq!(w.index, at as u64);
                assert_eq!(w.expected.map(|e| e.wdl), Some(to_wdl(of_code(codes[at]))));
            }
            v => panic!("{v:?}"),
        }
        // A header that is not the distance table's is refused too.
        let other = TableInfo {
            wins: info.wins + 1,
            ..info.clone()
        };
        std::fs::write(&path, encode_wdl(&other, &pack(&codes), 1)).unwrap();
        assert!(verify_wdl(&dir, m, 1).is_err());
        // A distance file under the win/draw/loss name is refused.
        std::fs::write(&path, encode_table(&data_info(&info), &codes, 1)).unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        assert!(tb.load_wdl(1).is_err());

        // Restored from the distance file: the same bytes as generated.
        wdl_from_distance(&dir, m, 2).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), good);
    }

    /// A unit whose distance files are sound but whose win/draw/loss files
    /// are missing gets them from the distance files, the same bytes, and
    /// is not solved again.
    #[test]
    fn gen_makes_missing_wdl_files_from_the_distance_files() {
        let rules = Rules::ARMENIAN;
        let tmp = tables(&rules, 2);
        let dir = rules_dir(tmp.path(), &rules);
        let m: Material = "KvM".parse().unwrap();
        let before = std::fs::read(wdl_path(&dir, m)).unwrap();
        std::fs::remove_file(wdl_path(&dir, m)).unwrap();
        let events = std::sync::Mutex::new(Vec::new());
        let progress = |p: crate::Progress| events.lock().unwrap().push(p);
        let opts = GenOptions {
            progress: Some(&progress),
            ..GenOptions::default()
        };
        let reports = generate(tmp.path(), &rules, &Plan::new(2), None, &opts).unwrap();
        assert!(reports.is_empty(), "nothing solved again");
        let converted: Vec<_> = events
            .lock()
            .unwrap()
            .iter()
            .filter_map(|p| match p {
                crate::Progress::Converted { unit, .. } => Some(*unit),
                _ => None,
            })
            .collect();
        assert_eq!(converted, [m.unit()]);
        assert_eq!(std::fs::read(wdl_path(&dir, m)).unwrap(), before);
    }

    fn data_info(info: &TableInfo) -> TableInfo {
        TableInfo {
            kind: TableKind::Distance,
            ..info.clone()
        }
    }
}

#[cfg(test)]
mod summary_tests {
    use super::*;

    /// The summary names each uniform block's value, marks every other
    /// block mixed (the last, partial one too), and a lookup through it
    /// reads every entry's own value.
    #[test]
    fn the_summary_answers_for_uniform_blocks_only() {
        // 5 blocks and 10 entries: all wins, all losses, one draw among
        // wins, all draws, all wins, then a partial block of wins.
        let entries = 5 * BLOCK + 10;
        let mut codes = vec![1u16; entries as usize];
        for c in &mut codes[BLOCK as usize..2 * BLOCK as usize] {
            *c = 2;
        }
        codes[2 * BLOCK as usize + 17] = 0;
        for c in &mut codes[3 * BLOCK as usize..4 * BLOCK as usize] {
            *c = 0;
        }
        let packed = pack(&codes);
        let summary = summarize(&packed, entries);
        let of = |b: u64| (summary[(b / 4) as usize] >> ((b % 4) * 2)) & 3;
        assert_eq!(
            (0..6).map(of).collect::<Vec<_>>(),
            [WIN, LOSS, MIXED, DRAW, WIN, MIXED]
        );
        let mut values = Values::zeroed(packed.len());
        values.bytes_mut().copy_from_slice(&packed);
        let table = WdlTable {
            indexer: Indexer::new("KvK".parse().unwrap()),
            packed: values,
            summary,
        };
        for i in 0..entries {
            assert_eq!(table.get(i), of_code(codes[i as usize]), "entry {i}");
        }
    }
}
