//! Checking tables against their successors, and their statistics.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tama_core::{Color, MoveList, Rules};
use tama_notation::{parse_rules, write_fen};
use tama_search::{OracleValue, Wdl};

use crate::file::{Kind, TableData, TableInfo};
use crate::index::Indexer;
use crate::par::for_chunks;
use crate::probe::{is_stored, Tablebase, EXTENSION};
use crate::value::{decode, Best};
use crate::wdl::{compare_with_distance, to_wdl};
use crate::{Error, Material};

/// A stored value that its successors contradict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The entry's index in its table.
    pub index: u64,
    /// The position (White to move, as stored).
    pub fen: String,
    /// The stored value.
    pub stored: OracleValue,
    /// The value its successors give (`None`: a successor is not covered).
    pub expected: Option<OracleValue>,
}

/// The result of checking one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every entry agrees with its successors.
    Sound {
        /// Entries checked.
        positions: u64,
    },
    /// The file cannot be read: damaged, truncated, wrong header.
    Damaged(String),
    /// An entry disagrees with its successors (the lowest such index).
    Wrong(Mismatch),
}

/// The check of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileCheck {
    /// The file.
    pub path: PathBuf,
    /// The material, from its name.
    pub material: Material,
    /// The kind of file, from its extension.
    pub kind: Kind,
    /// The verdict.
    pub verdict: Verdict,
}

/// The value `pos` must have given its successors' values in `tb`.
pub(crate) fn expected_value(
    tb: &Tablebase,
    pos: &tama_core::Position,
    list: &mut MoveList,
) -> Result<Option<OracleValue>, Error> {
    let rules = *tb.rules();
    pos.generate_moves(&rules, list);
    if list.is_empty() {
        return Ok(Some(OracleValue {
            wdl: Wdl::Loss,
            distance: 0,
        }));
    }
    if rules.draw_one_each
        && pos.pieces(Color::White).count() == 1
        && pos.pieces(Color::Black).count() == 1
    {
        return Ok(Some(OracleValue {
            wdl: Wdl::Draw,
            distance: 0,
        }));
    }
    let mut best = Best::default();
    for mv in list.iter() {
        match tb.probe(&pos.play_unchecked(mv))? {
            Some(v) => best.add(v),
            None => return Ok(None),
        }
    }
    Ok(best.value())
}

/// Checks every entry of `m`'s table against the values of its successors
/// (the table's own and those of the tables its captures and promotions
/// lead into).
///
/// # Errors
///
/// When the table or one it depends on cannot be read.
pub fn verify_table(tb: &Tablebase, m: Material, threads: usize) -> Result<Verdict, Error> {
    let Some(table) = tb.table(m)? else {
        return Err(Error::format(tb.dir(), format!("no table {m}")));
    };
    let size = table.indexer.size();
    let first: Mutex<Option<Mismatch>> = Mutex::new(None);
    for_chunks(size as usize, threads, |range| {
        let mut list = MoveList::new();
        for i in range {
            let pos = table.indexer.board(i as u64).position();
            if !is_stored(&pos, tb.rules()) {
                continue;
            }
            let stored = decode(
                tb.code_at(table, i as u64)
                    .map_err(|w| Error::format(tb.dir(), w))?,
            );
            let expected = expected_value(tb, &pos, &mut list)?;
            if expected != Some(stored) {
                let mut f = first.lock().unwrap_or_else(|p| p.into_inner());
                if f.as_ref().is_none_or(|f| f.index > i as u64) {
                    *f = Some(Mismatch {
                        index: i as u64,
                        fen: write_fen(&pos),
                        stored,
                        expected,
                    });
                }
                // Stop this chunk; other chunks may still find a lower
                // index, which is kept.
                return Ok(());
            }
        }
        Ok::<(), Error>(())
    })?;
    Ok(
        match first.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(m) => Verdict::Wrong(m),
            None => Verdict::Sound { positions: size },
        },
    )
}

/// The directories under `root` (and `root` itself) that hold tables,
/// each with the rules read from its first table's header.
///
/// # Errors
///
/// When `root` cannot be listed, or a table's header names rules that
/// cannot be read.
pub fn table_dirs(root: &Path) -> Result<Vec<(PathBuf, Rules)>, Error> {
    let mut dirs = vec![root.to_path_buf()];
    let mut subs: Vec<PathBuf> = fs::read_dir(root)
        .map_err(|e| Error::io(root, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    subs.sort();
    dirs.extend(subs);
    let mut out = Vec::new();
    for dir in dirs {
        let files = table_files(&dir)?;
        if files.is_empty() {
            continue;
        }
        // The rules come from the first readable header.
        let mut rules = None;
        for (path, _, _) in files {
            if let Ok(t) = TableData::read(&path) {
                let r = parse_rules(&t.info.rules)
                    .map_err(|e| Error::format(&path, format!("rules in header: {e}")))?;
                rules = Some(r);
                break;
            }
        }
        // When every file is damaged the verdicts say so; the rules
        // do not matter then.
        let rules = rules.unwrap_or(Rules::ARMENIAN);
        out.push((dir, rules));
    }
    Ok(out)
}

/// The table files of one directory with their materials and kinds,
/// sorted by material, the distance file first.
fn table_files(dir: &Path) -> Result<Vec<(PathBuf, Material, Kind)>, Error> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).map_err(|e| Error::io(dir, e))? {
        let path = e.map_err(|e| Error::io(dir, e))?.path();
        let kind = match path.extension().and_then(|e| e.to_str()) {
            Some(EXTENSION) => Kind::Distance,
            Some(x) if x == Kind::Wdl.extension() => Kind::Wdl,
            _ => continue,
        };
        if let Some(m) = path
            .file_stem()
            .and_then(|s| s.to_str())
            .and_then(|s| s.parse().ok())
        {
            out.push((path, m, kind));
        }
    }
    out.sort_by_key(|&(_, m, k): &(PathBuf, Material, Kind)| (m.pieces(), m, k));
    Ok(out)
}

/// Checks a win/draw/loss file against the distance file of its material
/// in the same directory, entry by entry (the distance file's own check is
/// [`verify_table`]).
///
/// # Errors
///
/// When either file cannot be read or is damaged, or the distance file is
/// missing.
pub fn verify_wdl(dir: &Path, m: Material, threads: usize) -> Result<Verdict, Error> {
    let wdl_file = crate::wdl_path(dir, m);
    let distance_file = crate::table_path(dir, m);
    if !distance_file.exists() {
        return Err(Error::format(
            &wdl_file,
            "no distance table to check it against",
        ));
    }
    Ok(
        match compare_with_distance(&wdl_file, &distance_file, threads)? {
            None => Verdict::Sound {
                positions: Indexer::new(m).size(),
            },
            Some((index, v, code)) => Verdict::Wrong(Mismatch {
                index,
                fen: write_fen(&Indexer::new(m).board(index).position()),
                stored: OracleValue {
                    wdl: to_wdl(v),
                    distance: 0,
                },
                expected: Some(decode(code)),
            }),
        },
    )
}

/// Checks every table under `root` (see [`table_dirs`]): checksums and
/// headers of every file, then every entry against its successors.
/// `each` is called with every file's check as it completes.
///
/// # Errors
///
/// When `root` cannot be listed.
pub fn verify_dir(
    root: &Path,
    threads: usize,
    each: &mut dyn FnMut(&FileCheck),
) -> Result<Vec<FileCheck>, Error> {
    verify_only(root, threads, None, each)
}

/// [`verify_dir`] for the files of the units of `only` (every file with
/// `None`): what a job that solved one unit checks.
///
/// # Errors
///
/// When `root` cannot be listed.
pub fn verify_only(
    root: &Path,
    threads: usize,
    only: Option<&[Material]>,
    each: &mut dyn FnMut(&FileCheck),
) -> Result<Vec<FileCheck>, Error> {
    let mut out = Vec::new();
    for (dir, rules) in table_dirs(root)? {
        for (path, material, kind) in table_files(&dir)? {
            if only.is_some_and(|o| !o.iter().any(|m| m.unit() == material.unit())) {
                continue;
            }
            // A fresh set per table: every table it reaches is decompressed
            // whole, and dropped after.
            let verdict = match match kind {
                Kind::Distance => Tablebase::open_decoded(&dir, &rules)
                    .and_then(|tb| verify_table(&tb, material, threads)),
                Kind::Wdl => verify_wdl(&dir, material, threads),
            } {
                Ok(v) => v,
                Err(e) => Verdict::Damaged(e.to_string()),
            };
            let check = FileCheck {
                path,
                material,
                kind,
                verdict,
            };
            each(&check);
            out.push(check);
        }
    }
    Ok(out)
}

/// The statistics of one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// The file.
    pub path: PathBuf,
    /// Its header.
    pub info: TableInfo,
    /// The file size in bytes.
    pub bytes: u64,
    /// A position with the longest win (White to move), if any win.
    pub longest_win_fen: Option<String>,
}

/// The statistics of every table under `root`, read from the headers.
///
/// # Errors
///
/// When a directory cannot be listed or a file is damaged.
pub fn stats_dir(root: &Path) -> Result<Vec<TableStats>, Error> {
    let mut out = Vec::new();
    for (dir, rules) in table_dirs(root)? {
        let tb = Tablebase::open_exact(&dir, &rules)?;
        for (path, m, _) in table_files(&dir)? {
            let data = TableData::read(&path)?;
            let info = data.info.clone();
            let longest_win_fen = tb
                .position_at(m, info.longest_win_index)
                .map(|p| write_fen(&p));
            out.push(TableStats {
                path,
                bytes: data.file_len() as u64,
                info,
                longest_win_fen,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::encode_table;
    use crate::{generate, table_path, GenOptions, Plan};

    /// A table whose checksum is right but one value is wrong fails
    /// verification, naming the entry.
    #[test]
    fn a_wrong_value_is_found_and_named() {
        let tmp = tempfile::tempdir().unwrap();
        let rules = Rules::ARMENIAN;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(2),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let dir = tmp.path().join("armenian");
        let m: Material = "KvK".parse().unwrap();
        let tb = Tablebase::open_exact(&dir, &rules).unwrap();
        let table = tb.table(m).unwrap().unwrap();
        let codes = table.data.decode_all().unwrap().to_vec();
        let info = table.data.info.clone();
        // The first stored entry from 100 on (positions with a capture
        // pending are not stored, so changing them changes nothing).
        let at = (100..codes.len())
            .find(|&i| is_stored(&table.indexer.board(i as u64).position(), &rules))
            .unwrap();
        let mut codes = codes;
        drop(tb);
        // Call a draw a win in 1, or a win a draw.
        codes[at] = if codes[at] == 0 { 1 } else { 0 };
        std::fs::write(table_path(&dir, m), encode_table(&info, &codes, 1)).unwrap();
        let tb = Tablebase::open_exact(&dir, &rules).unwrap();
        match verify_table(&tb, m, 2).unwrap() {
            Verdict::Wrong(w) => {
                assert_eq!(w.index, at as u64);
                assert_eq!(Some(w.stored), Some(decode(codes[at])));
                assert_ne!(w.expected, Some(w.stored));
                assert!(w.fen.starts_with("W:"), "{}", w.fen);
            }
            v => panic!("{v:?}"),
        }
        // Only that table fails, and its win/draw/loss file (made from the
        // right value) disagrees with it at the same entry: no 2-piece
        // table depends on another (a capture ends the game).
        let checks = verify_dir(tmp.path(), 1, &mut |_| {}).unwrap();
        let wrong: Vec<_> = checks
            .iter()
            .filter(|c| !matches!(c.verdict, Verdict::Sound { .. }))
            .collect();
        assert_eq!(wrong.len(), 2, "{wrong:?}");
        for w in &wrong {
            assert_eq!(w.material, m);
            assert!(matches!(&w.verdict, Verdict::Wrong(x) if x.index == at as u64));
        }
    }
}
