//! Checking the distance tables of one unit from memory, the fast path of
//! `tama egtb verify`.
//!
//! The unit's tables (a material and its swap, which quiet moves connect)
//! are decompressed whole into arrays of codes, two bytes an entry. A
//! first pass gives every entry with a capture pending (not stored: its
//! code in the file is a copy of a neighbour's) the value its captures
//! give, from the finished tables they lead to; a second pass checks every
//! stored entry against its successors, the quiet ones read straight from
//! the other table's array (one index computation, one memory read), the
//! crownings probed in the tables they lead to (decompressed whole by the
//! [`Tablebase`] on first use). No allocation per entry; both passes run
//! on `threads` threads.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use tama_core::{MoveList, Position, Rules};
use tama_search::{OracleValue, Wdl};

use crate::captures::is_stored;
use crate::index::{Board, Indexer};
use crate::tablebase::Tablebase;
use crate::threads::{for_chunks, for_slices};
use crate::value::{code_of, decode, Best};
use crate::{Error, Material};

/// The code of an entry whose captures lead to a table that is missing.
const UNCOVERED: u16 = u16::MAX;

/// A table of the unit under test in memory: every entry's code, those
/// with a capture pending replaced by the value their captures give.
pub(crate) struct Resolved {
    pub indexer: Indexer,
    pub codes: Vec<u16>,
}

/// An entry its successors contradict.
#[derive(Debug)]
pub(crate) struct Wrong {
    /// Its index.
    pub index: u64,
    /// Its stored code.
    pub stored: u16,
    /// The value its successors give (`None`: one is not covered).
    pub expected: Option<OracleValue>,
}

impl Resolved {
    /// `m`'s table from its stored `codes`, the entries with a capture
    /// pending given their value from the tables of `tb`.
    ///
    /// # Errors
    ///
    /// When a table a capture leads to cannot be read.
    pub fn new(
        tb: &Tablebase,
        m: Material,
        mut codes: Vec<u16>,
        threads: usize,
    ) -> Result<Resolved, Error> {
        let indexer = Indexer::new(m);
        let rules = *tb.rules();
        for_slices(&mut codes, threads, |start, chunk| {
            let mut list = MoveList::new();
            for (k, code) in chunk.iter_mut().enumerate() {
                let pos = indexer.board((start + k) as u64).position();
                if is_stored(&pos, &rules) {
                    continue;
                }
                pos.generate_moves(&rules, &mut list);
                *code = children(tb, &pos, &list, |_| None)?
                    .and_then(code_of)
                    .unwrap_or(UNCOVERED);
            }
            Ok::<(), Error>(())
        })?;
        Ok(Resolved { indexer, codes })
    }

    /// The value of the position `b` (White to move, in this table).
    #[inline]
    fn value(&self, b: Board) -> Option<OracleValue> {
        if !Indexer::men_in_domain(b) {
            return None;
        }
        let idx = self.indexer.index(self.indexer.canonical(b));
        match self.codes.get(idx as usize) {
            Some(&UNCOVERED) | None => None,
            Some(&c) => Some(decode(c)),
        }
    }
}

/// The value of `pos` from its moves `list` (not empty): a quiet,
/// non-crowning move's child (Black to move) through `quiet` when it
/// answers, every other child probed in `tb`. `None` when a child is not
/// covered.
#[inline]
fn children(
    tb: &Tablebase,
    pos: &Position,
    list: &MoveList,
    quiet: impl Fn(&Position) -> Option<Option<OracleValue>>,
) -> Result<Option<OracleValue>, Error> {
    let mut best = Best::default();
    for mv in list.iter() {
        let child = pos.play_unchecked(mv);
        let looked_up = if mv.is_capture() || mv.promotes() {
            None
        } else {
            quiet(&child)
        };
        let v = match looked_up {
            Some(v) => v,
            None => tb.probe_distance(&child)?,
        };
        match v {
            Some(v) => best.add(v),
            None => return Ok(None),
        }
    }
    Ok(best.value())
}

/// The value `pos` (stored, White to move) must have: lost without a
/// move, drawn with one piece each under `draw-one-each`, else from its
/// successors, the quiet ones looked up in `sibling` (the table they lead
/// to; `None` when it is missing).
fn expected(
    tb: &Tablebase,
    rules: &Rules,
    sibling: Option<&Resolved>,
    pos: &Position,
    list: &mut MoveList,
) -> Result<Option<OracleValue>, Error> {
    pos.generate_moves(rules, list);
    if list.is_empty() {
        return Ok(Some(OracleValue::counted(Wdl::Loss, 0)));
    }
    if pos.is_draw_one_each(rules) {
        return Ok(Some(OracleValue::counted(Wdl::Draw, 0)));
    }
    children(tb, pos, list, |child| {
        Some(sibling.and_then(|s| s.value(Board::normalized(child))))
    })
}

/// The lowest entry of `own` whose stored code its successors contradict
/// (`None`: every entry agrees). Quiet moves lead into `sibling` (the
/// unit's other table, or `own` when the material is its own swap;
/// `None` when that table is missing), crownings into the tables of `tb`.
///
/// # Errors
///
/// When a table a crowning leads to cannot be read.
pub(crate) fn check(
    tb: &Tablebase,
    own: &Resolved,
    sibling: Option<&Resolved>,
    threads: usize,
) -> Result<Option<Wrong>, Error> {
    let rules = *tb.rules();
    let lowest = AtomicU64::new(u64::MAX);
    let first: Mutex<Option<Wrong>> = Mutex::new(None);
    for_chunks(own.codes.len(), threads, |range| {
        if range.start as u64 > lowest.load(Ordering::Relaxed) {
            return Ok(());
        }
        let mut list = MoveList::new();
        for i in range {
            let pos = own.indexer.board(i as u64).position();
            if !is_stored(&pos, &rules) {
                continue;
            }
            let stored = own.codes[i];
            let expected = expected(tb, &rules, sibling, &pos, &mut list)?;
            if expected != Some(decode(stored)) {
                lowest.fetch_min(i as u64, Ordering::Relaxed);
                let mut f = first.lock().unwrap_or_else(|p| p.into_inner());
                if f.as_ref().is_none_or(|f| f.index > i as u64) {
                    *f = Some(Wrong {
                        index: i as u64,
                        stored,
                        expected,
                    });
                }
                // Later entries of this chunk cannot be lower.
                return Ok(());
            }
        }
        Ok::<(), Error>(())
    })?;
    Ok(first.into_inner().unwrap_or_else(|p| p.into_inner()))
}
