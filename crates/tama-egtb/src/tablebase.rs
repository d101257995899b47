//! A directory of tables for one set of rules: which files it holds, and
//! each table loaded on first use and shared by threads. Probing is in
//! `probe.rs` (one position), `batch.rs` (many) and `root.rs` (the moves
//! of a position).
//!
//! The directory is listed into lazy per-material slots of both kinds of
//! table. It opens two ways, [`Tablebase::open`] (distance tables read
//! block by block) and [`Tablebase::open_in_memory`] (each decompressed
//! whole on first use), over one `open_exact` with a `Decode` that
//! generation and verification use too; [`Tablebase::load_wdl`] loads the
//! win/draw/loss tables into memory for the search.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use tama_core::Rules;
use tama_notation::write_rules;
use tama_search::TableKind;

use crate::distance_table::DistanceTable;
use crate::file::{extension, rules_dir, table_path};
use crate::wdl::{wdl_path, WdlTable};
use crate::{Error, Material};

/// Slots for materials with at most 7 pieces in each group.
const SLOT_LIMIT: u8 = 8;

fn slot_of(m: Material) -> Option<usize> {
    let parts = [m.us_men, m.us_kings, m.them_men, m.them_kings];
    if parts.iter().any(|&p| p >= SLOT_LIMIT) {
        return None;
    }
    Some(
        parts
            .iter()
            .fold(0usize, |acc, &p| acc * SLOT_LIMIT as usize + p as usize),
    )
}

/// How the distance tables are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decode {
    /// Block by block, through a per-thread cache of decompressed blocks.
    Blocks,
    /// Each table decompressed whole on first use (for reading every
    /// entry, or probing hundreds of millions of times), unless it has
    /// more entries than `limit`: generation's bound on the memory of its
    /// dependencies.
    Whole {
        /// The most entries of a table decompressed whole.
        limit: u64,
    },
}

/// A directory of tables for one set of rules.
///
/// Opening lists the directory; each table is read (and its checksum
/// checked) the first time a probe needs it. Probing is safe from many
/// threads at once; each thread keeps a small cache of decompressed
/// blocks. [`Tablebase::probe_wdl`] is what a search asks,
/// [`Tablebase::probe`] gives the distance too where a distance table is
/// present, and [`Tablebase::best_move`] and [`Tablebase::rank_moves`]
/// the moves of a position.
///
/// ```no_run
/// use tama_core::Rules;
/// use tama_egtb::Tablebase;
/// use tama_notation::parse_position;
///
/// let tb = Tablebase::open("tables", &Rules::ARMENIAN)?;
/// let pos = parse_position("W:WKd4:Ba7").unwrap();
/// if let Some(v) = tb.probe(&pos)? {
///     println!("{:?} in {} plies", v.wdl, v.distance);
/// }
/// // The engine's hook:
/// let oracle = tb.into_oracle();
/// # Ok::<(), tama_egtb::Error>(())
/// ```
pub struct Tablebase {
    dir: PathBuf,
    rules: Rules,
    rules_text: String,
    present: Vec<bool>,
    materials: BTreeSet<Material>,
    max_pieces: u32,
    slots: Vec<OnceLock<Result<Box<DistanceTable>, String>>>,
    /// Which win/draw/loss files are present, by slot.
    wdl_present: Vec<bool>,
    /// The win/draw/loss tables, each decompressed whole on first use.
    wdl_slots: Vec<OnceLock<Result<WdlTable, String>>>,
    decode: Decode,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("dir", &self.dir)
            .field("rules", &self.rules_text)
            .field("tables", &self.materials.len())
            .finish()
    }
}

impl Tablebase {
    /// Opens the tables of `rules` in `dir`: in `dir/<rules text>` when
    /// that directory exists (the layout `tama egtb gen` writes), else in
    /// `dir` itself. No table is read yet; distance tables are read block
    /// by block.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the directory cannot be listed.
    pub fn open(dir: impl AsRef<Path>, rules: &Rules) -> Result<Tablebase, Error> {
        let sub = rules_dir(dir.as_ref(), rules);
        let dir = if sub.is_dir() { &sub } else { dir.as_ref() };
        Tablebase::open_exact(dir, rules, Decode::Blocks)
    }

    /// Opens the tables like [`Tablebase::open`], but each distance table
    /// is decompressed whole into memory when first used instead of block
    /// by block: the fastest distance probes (no decompression, one memory
    /// read), for about one byte of memory per entry of every table used
    /// (1.9 GB for all turkish tables up to 5 pieces).
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when the directory cannot be listed.
    pub fn open_in_memory(dir: impl AsRef<Path>, rules: &Rules) -> Result<Tablebase, Error> {
        let sub = rules_dir(dir.as_ref(), rules);
        let dir = if sub.is_dir() { &sub } else { dir.as_ref() };
        Tablebase::open_exact(dir, rules, Decode::Whole { limit: u64::MAX })
    }

    /// Opens the tables in exactly `dir`, reading distance tables as
    /// `decode` says.
    pub(crate) fn open_exact(
        dir: &Path,
        rules: &Rules,
        decode: Decode,
    ) -> Result<Tablebase, Error> {
        let mut present = vec![false; (SLOT_LIMIT as usize).pow(4)];
        let mut wdl_present = present.clone();
        let mut materials = BTreeSet::new();
        for entry in fs::read_dir(dir).map_err(|e| Error::io(dir, e))? {
            let entry = entry.map_err(|e| Error::io(dir, e))?;
            let path = entry.path();
            let ext = path.extension().and_then(|e| e.to_str());
            let kind = [TableKind::Distance, TableKind::Wdl]
                .into_iter()
                .find(|&k| ext == Some(extension(k)));
            let Some(kind) = kind else {
                continue;
            };
            let Some(m) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.parse::<Material>().ok())
            else {
                continue;
            };
            if let Some(slot) = slot_of(m) {
                match kind {
                    TableKind::Distance => present[slot] = true,
                    TableKind::Wdl => wdl_present[slot] = true,
                }
                materials.insert(m);
            }
        }
        let max_pieces = materials.iter().map(|m| m.pieces()).max().unwrap_or(0);
        let slots = (0..present.len()).map(|_| OnceLock::new()).collect();
        let wdl_slots = (0..present.len()).map(|_| OnceLock::new()).collect();
        Ok(Tablebase {
            dir: dir.to_path_buf(),
            rules: *rules,
            rules_text: write_rules(rules),
            present,
            materials,
            max_pieces,
            slots,
            wdl_present,
            wdl_slots,
            decode,
        })
    }

    /// The directory the tables are read from.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The rules of the tables.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The materials with a table file of either kind.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.materials.iter().copied()
    }

    /// Whether the table of `m` of the given kind is present.
    pub fn has(&self, m: Material, kind: TableKind) -> bool {
        slot_of(m).is_some_and(|s| match kind {
            TableKind::Distance => self.present[s],
            TableKind::Wdl => self.wdl_present[s],
        })
    }

    /// The most pieces of any present table.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Loads every win/draw/loss table now (each decompressed on
    /// `threads` threads), so that no probe waits for one; the number of
    /// tables and the bytes of memory they take.
    ///
    /// # Errors
    ///
    /// When a file cannot be read or is damaged.
    pub fn load_wdl(&self, threads: usize) -> Result<(usize, usize), Error> {
        let mut tables = 0;
        let mut bytes = 0;
        for &m in &self.materials {
            if let Some(t) = self.wdl_table_with(m, threads)? {
                tables += 1;
                bytes += t.bytes();
            }
        }
        Ok((tables, bytes))
    }

    /// The win/draw/loss table of `m`, loaded on first use; `None` when
    /// its file is not present.
    #[inline]
    pub(crate) fn wdl_table(&self, m: Material) -> Result<Option<&WdlTable>, Error> {
        self.wdl_table_with(m, 1)
    }

    /// [`Tablebase::wdl_table`], decompressed on `threads` threads when
    /// it is loaded now.
    #[inline]
    fn wdl_table_with(&self, m: Material, threads: usize) -> Result<Option<&WdlTable>, Error> {
        let Some(slot) = slot_of(m).filter(|&s| self.wdl_present[s]) else {
            return Ok(None);
        };
        let loaded = self.wdl_slots[slot]
            .get_or_init(|| WdlTable::load(&wdl_path(&self.dir, m), m, &self.rules_text, threads));
        match loaded {
            Ok(t) => Ok(Some(t)),
            Err(what) => Err(Error::format(wdl_path(&self.dir, m), what.clone())),
        }
    }

    /// The win/draw/loss table of `m` if it is present and already loaded
    /// without error: what a probe may read without waiting.
    #[inline]
    pub(crate) fn loaded_wdl_table(&self, m: Material) -> Option<&WdlTable> {
        slot_of(m)
            .filter(|&s| self.wdl_present[s])
            .and_then(|s| self.wdl_slots[s].get())
            .and_then(|t| t.as_ref().ok())
    }

    /// The distance table of `m`, read on first use; `None` when its file
    /// is not present.
    pub(crate) fn distance_table(&self, m: Material) -> Result<Option<&DistanceTable>, Error> {
        let Some(slot) = slot_of(m).filter(|&s| self.present[s]) else {
            return Ok(None);
        };
        let path = table_path(&self.dir, m);
        let loaded = self.slots[slot]
            .get_or_init(|| DistanceTable::read(&path, m, &self.rules_text).map(Box::new));
        match loaded {
            Ok(t) => Ok(Some(t)),
            Err(what) => Err(Error::format(path, what.clone())),
        }
    }

    /// The code at `idx` of `m`'s distance `table`, from the whole table
    /// or its block as the tablebase was opened to read them.
    ///
    /// # Errors
    ///
    /// [`Error::Format`] naming the file, when the table is damaged.
    pub(crate) fn code_at(&self, table: &DistanceTable, idx: u64) -> Result<u16, Error> {
        let whole = match self.decode {
            Decode::Blocks => false,
            Decode::Whole { limit } => table.data.info.positions <= limit,
        };
        table
            .code(idx, whole)
            .map_err(|what| Error::format(table_path(&self.dir, table.data.info.material), what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{generate, GenOptions, Plan};

    fn material(text: &str) -> Material {
        text.parse().expect("a material")
    }

    #[test]
    fn opening_lists_the_tables_of_either_kind_and_nothing_else() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::TURKISH;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(2),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let dir = rules_dir(tmp.path(), &rules);
        // Files that are not tables are left alone: the temporary file of
        // an interrupted write among them.
        for junk in ["notes.txt", "XYZ.egtb", "KvKKKKKKKK.egtb"] {
            fs::write(dir.join(junk), b"junk").unwrap();
        }
        let unfinished = tama_files::tmp_path(&table_path(&dir, material("KKvK")));
        fs::write(unfinished, b"junk").unwrap();
        fs::remove_file(wdl_path(&dir, material("MvK"))).unwrap();
        fs::remove_file(table_path(&dir, material("KvM"))).unwrap();

        // The root and the rules directory open the same tables.
        for at in [tmp.path(), dir.as_path()] {
            let tb = Tablebase::open(at, &rules).unwrap();
            assert_eq!(tb.dir(), dir);
            assert_eq!(tb.rules(), &rules);
            assert_eq!(tb.max_pieces(), 2);
            let listed: Vec<String> = tb.materials().map(|m| m.to_string()).collect();
            assert_eq!(listed.len(), 4, "{listed:?}");
            assert!(tb.has(material("KvK"), TableKind::Distance));
            assert!(tb.has(material("KvK"), TableKind::Wdl));
            assert!(tb.has(material("MvK"), TableKind::Distance));
            assert!(!tb.has(material("MvK"), TableKind::Wdl));
            assert!(!tb.has(material("KvM"), TableKind::Distance));
            assert!(tb.has(material("KvM"), TableKind::Wdl));
            assert!(!tb.has(material("KKvK"), TableKind::Distance));
            let shown = format!("{tb:?}");
            assert!(
                shown.contains("turkish") && shown.contains("tables: 4"),
                "{shown}"
            );
        }
        // Tables of other rules in the same root are not these.
        let other = Tablebase::open(tmp.path(), &Rules::ARMENIAN).unwrap();
        assert_eq!(other.max_pieces(), 0);
        assert_eq!(other.materials().count(), 0);
    }

    #[test]
    fn a_directory_that_cannot_be_listed_is_an_io_error() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let missing = tmp.path().join("missing");
        let opened = [
            Tablebase::open(&missing, &Rules::ARMENIAN),
            Tablebase::open_in_memory(&missing, &Rules::ARMENIAN),
        ];
        for result in opened {
            match result {
                Err(Error::Io { path, .. }) => assert_eq!(path, missing),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn tables_load_once_and_name_their_file_when_damaged() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::TURKISH;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(2),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let dir = rules_dir(tmp.path(), &rules);
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        let kvk = material("KvK");
        // Nothing is loaded before it is asked for; then it stays loaded.
        assert!(tb.loaded_wdl_table(kvk).is_none());
        let first = tb.wdl_table(kvk).unwrap().expect("present") as *const WdlTable;
        let loaded = tb.loaded_wdl_table(kvk).expect("loaded") as *const WdlTable;
        assert_eq!(first, loaded);
        assert!(tb.wdl_table(material("KKvK")).unwrap().is_none());
        let (tables, bytes) = tb.load_wdl(2).unwrap();
        assert_eq!(tables, 4);
        assert!(bytes > 0);
        // The codes of a distance table are the same block by block and
        // whole.
        let whole = Tablebase::open_exact(&dir, &rules, Decode::Whole { limit: u64::MAX }).unwrap();
        let blocks = Tablebase::open_exact(&dir, &rules, Decode::Blocks).unwrap();
        let (a, b) = (
            whole.distance_table(kvk).unwrap().unwrap(),
            blocks.distance_table(kvk).unwrap().unwrap(),
        );
        for i in 0..a.indexer.size() {
            assert_eq!(whole.code_at(a, i).unwrap(), blocks.code_at(b, i).unwrap());
        }
        assert!(whole.code_at(a, a.indexer.size()).is_err());

        // A damaged file gives an error naming it, every time it is asked
        // for, and never a table.
        fs::write(table_path(&dir, kvk), b"damaged").unwrap();
        fs::write(wdl_path(&dir, kvk), b"damaged").unwrap();
        let tb = Tablebase::open(tmp.path(), &rules).unwrap();
        for _ in 0..2 {
            let err = tb.distance_table(kvk).err().expect("damaged").to_string();
            assert!(err.contains("KvK.egtb"), "{err}");
            let err = tb.wdl_table(kvk).err().expect("damaged").to_string();
            assert!(err.contains("KvK.wdl"), "{err}");
        }
        assert!(tb.loaded_wdl_table(kvk).is_none());
        assert!(tb.load_wdl(1).is_err());
    }
}
