//! One distance table as the prober reads it: the file checked against
//! the material and rules it should hold, and its value codes read block
//! by block through a small per-thread cache of decompressed blocks, or
//! all decompressed at once for the readers of every entry (generation,
//! verification).

use std::cell::RefCell;
use std::path::Path;
use std::sync::OnceLock;

use tama_search::TableKind;

use crate::file::{Codes, TableData};
use crate::index::Indexer;
use crate::{Error, Material};

/// One loaded distance table.
pub(crate) struct DistanceTable {
    pub data: TableData,
    pub indexer: Indexer,
    /// Every code, decompressed on the first [`DistanceTable::code`] that
    /// asks for the whole table.
    whole: OnceLock<Result<Codes, String>>,
}

impl DistanceTable {
    /// Reads the distance table of `m` for the rules `rules_text` from
    /// `path` and checks that it is one (its checksum, rules, material,
    /// kind and size); the error says what is wrong with the file.
    pub fn read(path: &Path, m: Material, rules_text: &str) -> Result<DistanceTable, String> {
        let data = TableData::read(path).map_err(|e| match e {
            Error::Format { what, .. } => what,
            Error::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        })?;
        if data.info.rules != rules_text {
            return Err(format!(
                "the table is for rules `{}`, not `{rules_text}`",
                data.info.rules
            ));
        }
        if data.info.material != m {
            return Err(format!("the header says {}", data.info.material));
        }
        if data.info.kind != TableKind::Distance {
            return Err("not a distance table".to_string());
        }
        let indexer = Indexer::new(m);
        if indexer.size() != data.info.positions {
            return Err("wrong number of positions".to_string());
        }
        Ok(DistanceTable {
            data,
            indexer,
            whole: OnceLock::new(),
        })
    }

    /// The value code at `idx`: from the table decompressed whole when
    /// `whole` (decompressing it on first use), else from its block,
    /// decompressed unless this thread has it cached.
    ///
    /// # Errors
    ///
    /// When `idx` is outside the table or its block is damaged.
    pub fn code(&self, idx: u64, whole: bool) -> Result<u16, String> {
        if idx >= self.data.info.positions {
            return Err(format!("index {idx} out of range"));
        }
        if whole {
            let codes = self.whole.get_or_init(|| self.data.decode_all());
            let codes = codes.as_ref().map_err(Clone::clone)?;
            codes
                .get(idx as usize)
                .ok_or_else(|| format!("index {idx} out of range"))
        } else {
            self.cached_code(idx)
        }
    }

    /// The code at `idx` (in range) through this thread's block cache.
    fn cached_code(&self, idx: u64) -> Result<u16, String> {
        let per_block = self.data.block_values() as u64;
        let block = idx / per_block;
        let within = (idx % per_block) as usize;
        let uid = self.data.uid;
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            let slot = (block
                .wrapping_add(uid.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                >> (64 - CACHE_SLOTS.trailing_zeros())) as usize;
            if cache.keys[slot] != (uid, block + 1) {
                let BlockCache { keys, blocks } = &mut *cache;
                // A block that fails to decode is not cached as valid.
                keys[slot] = (0, 0);
                self.data.decode_block(block as usize, &mut blocks[slot])?;
                keys[slot] = (uid, block + 1);
            }
            let bytes = &cache.blocks[slot];
            let code = if self.data.width() == 1 {
                bytes.get(within).map(|&b| u16::from(b))
            } else {
                // Low bytes, then high bytes.
                let half = bytes.len() / 2;
                bytes
                    .get(within)
                    .zip(bytes.get(half + within))
                    .filter(|_| within < half)
                    .map(|(&l, &h)| u16::from_le_bytes([l, h]))
            };
            code.ok_or_else(|| format!("index {idx} out of range"))
        })
    }
}

/// Slots of the per-thread block cache (direct-mapped): up to 8 MB of
/// decompressed blocks a thread (64 blocks of 65,536 values of 2 bytes).
const CACHE_SLOTS: usize = 64;

/// A thread's decompressed blocks, each slot keyed by the table's unique
/// number and the block's number plus one (`(0, 0)`: empty).
struct BlockCache {
    keys: [(u64, u64); CACHE_SLOTS],
    blocks: Vec<Vec<u8>>,
}

thread_local! {
    static CACHE: RefCell<BlockCache> = RefCell::new(BlockCache {
        keys: [(0, 0); CACHE_SLOTS],
        blocks: vec![Vec::new(); CACHE_SLOTS],
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use tama_core::Rules;
    use tama_notation::write_rules;

    use crate::file::{rules_dir, table_path};
    use crate::{generate, GenOptions, Plan};

    #[test]
    fn blocks_and_whole_tables_read_the_same_codes() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let rules = Rules::ARMENIAN;
        generate(
            tmp.path(),
            &rules,
            &Plan::new(3),
            None,
            &GenOptions::default(),
        )
        .unwrap();
        let dir = rules_dir(tmp.path(), &rules);
        for m in ["KvK", "KKvK", "MvK", "KvKM"] {
            let m: Material = m.parse().unwrap();
            let t = DistanceTable::read(&table_path(&dir, m), m, &write_rules(&rules)).unwrap();
            let all = t.data.decode_all().unwrap().into_wide();
            assert_eq!(all.len() as u64, t.indexer.size());
            // Through the cache, in an order that leaves and revisits
            // blocks, then from the whole table.
            let n = all.len() as u64;
            for i in (0..n).step_by(7).chain((0..n).rev().step_by(5)) {
                assert_eq!(t.code(i, false), Ok(all[i as usize]), "{m} at {i}");
            }
            for (i, &code) in all.iter().enumerate() {
                assert_eq!(t.code(i as u64, true), Ok(code), "{m} at {i}");
            }
            // Outside the table: an error, not a panic.
            for whole in [false, true] {
                assert_eq!(t.code(n, whole), Err(format!("index {n} out of range")));
                assert!(t.code(u64::MAX, whole).is_err());
            }
        }
    }

    #[test]
    fn a_file_that_is_not_the_table_asked_for_is_refused() {
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
        let kvk: Material = "KvK".parse().unwrap();
        let file = table_path(&dir, kvk);
        let read = |m: &str, rules: &str| {
            DistanceTable::read(&file, m.parse().unwrap(), rules)
                .err()
                .unwrap_or_default()
        };
        assert_eq!(read("KvK", "turkish"), "");
        assert_eq!(
            read("KvK", "armenian"),
            "the table is for rules `turkish`, not `armenian`"
        );
        assert_eq!(read("MvK", "turkish"), "the header says KvK");
        // A win/draw/loss file of the same material is not a distance table.
        let wdl_file = crate::wdl::wdl_path(&dir, kvk);
        let err = DistanceTable::read(&wdl_file, kvk, "turkish").err();
        assert_eq!(err.as_deref(), Some("not a distance table"));
        // A missing or damaged file says why.
        let missing = DistanceTable::read(&dir.join("none.egtb"), kvk, "turkish").err();
        assert!(missing.is_some_and(|e| e.contains("No such file")));
        std::fs::write(&file, b"not a table").unwrap();
        let damaged = read("KvK", "turkish");
        assert!(damaged.contains("bad magic"), "{damaged}");
    }
}
