//! Tables of several rule sets under one root directory, for front ends
//! whose rules change from request to request (a server, PDN files whose
//! games each name their rules).

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tama_core::{Position, Rules};
use tama_notation::rules_text::parse_rules;
use tama_search::{EndgameOracle, Oracle, OracleValue};

use crate::error::Error;
use crate::tablebase::Tablebase;

/// Every rules directory under a root (`root/armenian`,
/// `root/turkish`, … as `tama egtb gen` writes them), each opened as a
/// [`Tablebase`]; probes go to the tables of the rules they name.
///
/// ```no_run
/// use tama_egtb::TablebaseSet;
///
/// let set = TablebaseSet::open("tables")?;
/// assert!(set.rules().count() >= 1);
/// let oracle = set.into_oracle();
/// # Ok::<(), tama_egtb::Error>(())
/// ```
#[derive(Debug)]
pub struct TablebaseSet {
    root: PathBuf,
    tables: HashMap<Rules, Arc<Tablebase>>,
    max_pieces: u32,
}

impl TablebaseSet {
    /// Opens every subdirectory of `root` whose name is a rules text and
    /// that holds at least one table. No table is read yet.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] when `root` or one of its rules directories cannot
    /// be listed.
    pub fn open(root: impl AsRef<Path>) -> Result<TablebaseSet, Error> {
        let root = root.as_ref();
        let mut tables = HashMap::new();
        for entry in fs::read_dir(root).map_err(|e| Error::io(root, e))? {
            let entry = entry.map_err(|e| Error::io(root, e))?;
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            let Some(rules) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| parse_rules(n).ok())
            else {
                continue;
            };
            let tb = Tablebase::open(root, &rules)?;
            if tb.max_pieces() > 0 {
                tables.insert(rules, Arc::new(tb));
            }
        }
        let max_pieces = tables.values().map(|t| t.max_pieces()).max().unwrap_or(0);
        Ok(TablebaseSet {
            root: root.to_path_buf(),
            tables,
            max_pieces,
        })
    }

    /// The root directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The rules that have tables.
    pub fn rules(&self) -> impl Iterator<Item = &Rules> + '_ {
        self.tables.keys()
    }

    /// The tables of `rules`, if any.
    pub fn get(&self, rules: &Rules) -> Option<&Tablebase> {
        self.tables.get(rules).map(|t| &**t)
    }

    /// The most pieces any table covers (0 with no tables).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Loads every win/draw/loss table of every rules now (see
    /// [`Tablebase::load_wdl`]), so that no probe of the search waits for
    /// one; the number of tables and the bytes of memory they take.
    ///
    /// # Errors
    ///
    /// When a file cannot be read or is damaged.
    pub fn load_wdl(&self, threads: usize) -> Result<(usize, usize), Error> {
        let mut total = (0, 0);
        for tb in self.tables.values() {
            let (tables, bytes) = tb.load_wdl(threads)?;
            total = (total.0 + tables, total.1 + bytes);
        }
        Ok(total)
    }

    /// The set as an engine oracle.
    pub fn into_oracle(self) -> Oracle {
        Oracle::new(self)
    }
}

impl EndgameOracle for TablebaseSet {
    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn probe(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        let tb = self.tables.get(rules)?;
        if pos.occupied().count() > tb.max_pieces() {
            return None;
        }
        EndgameOracle::probe(&**tb, pos, rules)
    }

    fn probe_in_search(&self, pos: &Position, rules: &Rules) -> Option<OracleValue> {
        let tb = self.tables.get(rules)?;
        if pos.occupied().count() > tb.max_pieces() {
            return None;
        }
        EndgameOracle::probe_in_search(&**tb, pos, rules)
    }

    fn name(&self) -> String {
        format!(
            "egtb {} ({} rule sets)",
            self.root.display(),
            self.tables.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, GenOptions};
    use crate::material::Plan;
    use tama_search::Wdl;

    #[test]
    fn probes_go_to_the_tables_of_their_rules() {
        let root = tempfile::tempdir().expect("temp dir");
        let opts = GenOptions {
            threads: 1,
            stop: None,
            progress: None,
            ..GenOptions::default()
        };
        generate(root.path(), &Rules::TURKISH, &Plan::new(2), None, &opts).expect("turkish");
        // A stray file and a directory that is no rules text are ignored.
        fs::write(root.path().join("README"), "x").expect("write");
        fs::create_dir(root.path().join("not rules")).expect("mkdir");
        let set = TablebaseSet::open(root.path()).expect("open");
        assert_eq!(set.rules().copied().collect::<Vec<_>>(), [Rules::TURKISH]);
        assert_eq!(set.max_pieces(), 2);
        let single = Tablebase::open(root.path(), &Rules::TURKISH).expect("open one");

        // A king against a man: the set answers as the turkish tables do,
        // and nothing under rules it has no tables for.
        let pos = tama_notation::fen::parse_fen("W:WKd4:Bc6")
            .expect("fen")
            .position;
        let value = EndgameOracle::probe(&set, &pos, &Rules::TURKISH).expect("covered");
        assert_eq!(Some(value), single.probe(&pos).expect("probe"));
        assert_ne!(value.wdl, Wdl::Loss);
        assert_eq!(EndgameOracle::probe(&set, &pos, &Rules::ARMENIAN), None);
        // More pieces than the tables: not covered.
        let big = tama_notation::fen::parse_fen("W:WKd4,a2:Bc6")
            .expect("fen")
            .position;
        assert_eq!(EndgameOracle::probe(&set, &big, &Rules::TURKISH), None);
    }

    #[test]
    fn a_missing_root_is_an_error_naming_it() {
        let err = TablebaseSet::open("/nonexistent/tama-egtb-root").unwrap_err();
        assert!(
            err.to_string().contains("/nonexistent/tama-egtb-root"),
            "{err}"
        );
    }
}
