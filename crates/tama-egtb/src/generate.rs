//! The generator: retrograde analysis of one unit (a material and its
//! swap), level by level in plies.
//!
//! 1. *Initialise* (forward, once per position): no legal move is a loss
//!    in 0; one piece each under `draw-one-each` is a draw; captures and
//!    promotions lead into finished tables, whose values give the best
//!    win through them (`ext_win`), the slowest loss through them
//!    (`ext_max`) and whether some of them is not a win for the opponent
//!    (`blocked`: the position cannot be lost); quiet moves stay in the
//!    unit and are counted.
//! 2. *Levels* `p = 1, 2, …`: positions lost in `p - 1` make their
//!    predecessors won in `p`; positions won in `p - 1` take one from their
//!    predecessors' counts, and a position whose count reaches zero and is
//!    not blocked is lost in `max(p - 1, ext_max) + 1`; positions whose
//!    best capture wins in `p` are won in `p`. Predecessors come from
//!    un-moving the opponent's pieces (quiet moves only) and keeping the
//!    results that had no capture.
//! 3. Whatever is left is a draw (cycles: repetition).
//!
//! Every level is a pass over all positions whose decisions depend only on
//! earlier levels, so the result does not depend on the number of threads.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use tama_core::{MoveList, Rules};
use tama_search::{TableKind, Wdl};

use crate::file::{
    encode_table, fill_skipped, write_atomically, TableData, TableInfo, DECODE_LIMIT,
};
use crate::file::{rules_dir, table_path};
use crate::retro::{analyse, Start, Tally};
use crate::tablebase::{Decode, Tablebase};
use crate::threads::for_chunks;
use crate::wdl::{wdl_from_distance, wdl_path, write_wdl};
use crate::working_state::{Cells, LevelCtx, Packed, Storage, Wide, FINAL_CAPTURE};
use crate::{Error, Material, Plan, Unit};

/// Where generation has got to, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A unit starts; `positions` entries in all its tables.
    Start {
        /// The unit.
        unit: Unit,
        /// Entries to solve.
        positions: u64,
    },
    /// Entries initialised so far.
    Init {
        /// The unit.
        unit: Unit,
        /// Entries done.
        done: u64,
    },
    /// A level (ply) of the retrograde analysis finished.
    Level {
        /// The unit.
        unit: Unit,
        /// The level.
        ply: u32,
        /// Entries decided so far.
        decided: u64,
    },
    /// The unit's files are written.
    Done(UnitReport),
    /// The unit's files were already present and sound.
    Skipped(Unit),
    /// The unit's distance files were present and sound, and its
    /// win/draw/loss files were made from them (`bytes` written).
    Converted {
        /// The unit.
        unit: Unit,
        /// Bytes written (both files).
        bytes: u64,
    },
}

/// Settings of a generation run.
#[derive(Clone, Copy, Default)]
pub struct GenOptions<'a> {
    /// Worker threads (0 or 1: one).
    pub threads: usize,
    /// Stops the run when set (checked often); the run then fails with
    /// [`Error::Interrupted`] and leaves no finished-looking file.
    pub stop: Option<&'a AtomicBool>,
    /// Called with progress, from any thread.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Write only the distance tables, not the win/draw/loss tables
    /// beside them.
    pub distance_only: bool,
    /// The layout of the working state (the same files either way).
    pub layout: Layout,
    /// Finished tables the unit depends on are decompressed whole, one
    /// or two bytes an entry, unless they have more entries than this;
    /// larger ones are probed block by block (slower, but 6-piece units
    /// whose crowning moves lead into other 6-piece tables of billions of
    /// entries then fit 16 GB). `None`: `DECODE_LIMIT` (2^28 entries).
    pub decode_limit: Option<u64>,
}

/// The generator's working state per entry of the unit being solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// 2 bytes an entry; the slowest loss through captures is looked up
    /// again when needed. The default.
    #[default]
    Packed,
    /// 8 bytes an entry, everything kept (the layout before the packed
    /// one; kept to check that both give the same files).
    Wide,
}

impl Layout {
    /// Bytes of working state an entry.
    pub fn bytes_per_entry(self) -> usize {
        match self {
            Layout::Packed => <Packed as Storage>::BYTES,
            Layout::Wide => <Wide as Storage>::BYTES,
        }
    }
}

impl std::fmt::Debug for GenOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GenOptions")
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl GenOptions<'_> {
    fn report(&self, p: Progress) {
        if let Some(f) = self.progress {
            f(p);
        }
    }

    fn check_stop(&self) -> Result<(), Error> {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }
}

/// What solving one unit produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitReport {
    /// The unit.
    pub unit: Unit,
    /// Entries solved (both tables).
    pub positions: u64,
    /// The deepest level reached.
    pub levels: u32,
    /// Bytes written (both distance files).
    pub bytes: u64,
    /// Bytes of the win/draw/loss files written (0 with
    /// [`GenOptions::distance_only`]).
    pub wdl_bytes: u64,
}

/// Solves every unit of `plan` (or only those containing a material of
/// `only`) for `rules`, writing the tables to `root/<rules text>/`. Units
/// whose files are present and sound are skipped, so an interrupted run
/// resumes.
///
/// # Errors
///
/// I/O errors, a missing dependency (with `only`), or
/// [`Error::Interrupted`].
pub fn generate(
    root: &Path,
    rules: &Rules,
    plan: &Plan,
    only: Option<&[Material]>,
    opts: &GenOptions<'_>,
) -> Result<Vec<UnitReport>, Error> {
    let dir = rules_dir(root, rules);
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let mut reports = Vec::new();
    for unit in plan.units() {
        if let Some(only) = only {
            if !only.iter().any(|m| m.unit() == unit) {
                continue;
            }
        }
        if unit_is_done(&dir, rules, unit, TableKind::Distance) {
            if opts.distance_only || unit_is_done(&dir, rules, unit, TableKind::Wdl) {
                opts.report(Progress::Skipped(unit));
            } else {
                let mut bytes = 0;
                for m in unit.members() {
                    opts.check_stop()?;
                    bytes += wdl_from_distance(&dir, m, opts.threads.max(1))?;
                }
                opts.report(Progress::Converted { unit, bytes });
            }
            continue;
        }
        let report = generate_unit(&dir, rules, unit, opts)?;
        opts.report(Progress::Done(report));
        reports.push(report);
    }
    Ok(reports)
}

/// Whether every file of `unit` of `kind` is present, undamaged and for
/// `rules`.
fn unit_is_done(dir: &Path, rules: &Rules, unit: Unit, kind: TableKind) -> bool {
    let text = tama_notation::write_rules(rules);
    unit.members().into_iter().all(|m| {
        let path = match kind {
            TableKind::Distance => table_path(dir, m),
            TableKind::Wdl => wdl_path(dir, m),
        };
        TableData::read(&path)
            .is_ok_and(|t| t.info.rules == text && t.info.material == m && t.info.kind == kind)
    })
}

/// Solves one unit whose dependencies are in `dir`, and writes its files
/// there.
///
/// # Errors
///
/// [`Error::MissingDependency`], I/O errors, [`Error::Interrupted`].
pub fn generate_unit(
    dir: &Path,
    rules: &Rules,
    unit: Unit,
    opts: &GenOptions<'_>,
) -> Result<UnitReport, Error> {
    let limit = opts.decode_limit.unwrap_or(DECODE_LIMIT);
    let tb = Tablebase::open_exact(dir, rules, Decode::Whole { limit })?;
    for dep in unit.dependencies() {
        for m in dep.members() {
            if !tb.has(m, TableKind::Distance) {
                return Err(Error::MissingDependency {
                    dir: dir.to_path_buf(),
                    material: m.to_string(),
                });
            }
        }
    }
    let report = match opts.layout {
        Layout::Packed => solve::<Packed>(dir, rules, unit, &tb, opts)?,
        Layout::Wide => solve::<Wide>(dir, rules, unit, &tb, opts)?,
    };
    Ok(report)
}

/// Solves `unit` with working state stored as `S` says and writes its
/// files.
fn solve<S: Storage>(
    dir: &Path,
    rules: &Rules,
    unit: Unit,
    tb: &Tablebase,
    opts: &GenOptions<'_>,
) -> Result<UnitReport, Error> {
    let mut work: Vec<Cells<S>> = unit.members().into_iter().map(Cells::new).collect();
    let total: u64 = work.iter().map(|w| w.ix().size()).sum();
    opts.report(Progress::Start {
        unit,
        positions: total,
    });
    let threads = opts.threads.max(1);
    let max_assigned = AtomicU32::new(0);
    let done = AtomicU64::new(0);

    // 1. Initialise.
    for w in &work {
        for_chunks(w.ix().size() as usize, threads, |range| {
            opts.check_stop()?;
            let mut list = MoveList::new();
            let mut tally = Tally::default();
            for i in range.clone() {
                let pos = w.ix().board(i as u64).position();
                let start = analyse(tb, rules, w.material(), &pos, &mut list)?;
                if let Start::Open(o) = start {
                    if let Some(d) = o.ext_win {
                        tally.max = tally.max.max(d);
                    } else if o.internal == 0 && !o.blocked {
                        tally.max = tally.max.max(o.ext_max + 1);
                    }
                }
                w.start(i, &start);
            }
            max_assigned.fetch_max(tally.max, Ordering::Relaxed);
            let d = done.fetch_add(range.len() as u64, Ordering::Relaxed) + range.len() as u64;
            opts.report(Progress::Init { unit, done: d });
            Ok::<(), Error>(())
        })?;
    }

    // 2. Levels.
    let inconsistent = AtomicBool::new(false);
    let ctx = LevelCtx {
        tb,
        rules,
        inconsistent: &inconsistent,
    };
    let decided = AtomicU64::new(
        work.iter()
            .map(|w| {
                (0..w.ix().size() as usize)
                    .filter(|&i| w.decided(i))
                    .count() as u64
            })
            .sum(),
    );
    let mut ply = 1u32;
    while ply <= max_assigned.load(Ordering::Relaxed) + 1 {
        opts.check_stop()?;
        for (t, w) in work.iter().enumerate() {
            let pred = &work[if work.len() == 1 { 0 } else { 1 - t }];
            for_chunks(w.ix().size() as usize, threads, |range| {
                opts.check_stop()?;
                let mut tally = Tally::default();
                for i in range {
                    w.level(pred, i, ply, &ctx, &mut tally)?;
                }
                max_assigned.fetch_max(tally.max, Ordering::Relaxed);
                decided.fetch_add(tally.decided, Ordering::Relaxed);
                Ok::<(), Error>(())
            })?;
        }
        opts.report(Progress::Level {
            unit,
            ply,
            decided: decided.load(Ordering::Relaxed),
        });
        ply += 1;
    }
    if inconsistent.load(Ordering::Relaxed) {
        return Err(Error::format(
            dir,
            format!("internal error solving {unit}: move counts and predecessors disagree"),
        ));
    }

    // 3. Write, one table at a time, each table's state turned into its
    // codes in place.
    let rules_text = tama_notation::write_rules(rules);
    let mut bytes = 0;
    let mut wdl_bytes = 0;
    while !work.is_empty() {
        let w = work.remove(0);
        let material = w.material();
        let mut codes = w.finish();
        let info = summarise(
            &rules_text,
            material,
            codes.iter().map(|&c| c & !FINAL_CAPTURE),
        );
        fill_skipped(&mut codes);
        let encoded = encode_table(&info, &codes, threads);
        bytes += encoded.len() as u64;
        write_atomically(&table_path(dir, material), &encoded, opts.stop)?;
        drop(encoded);
        if !opts.distance_only {
            wdl_bytes += write_wdl(dir, &info, &codes, threads, opts.stop)?;
        }
    }
    Ok(UnitReport {
        unit,
        positions: total,
        levels: ply - 1,
        bytes,
        wdl_bytes,
    })
}

fn summarise(rules: &str, material: Material, codes: impl Iterator<Item = u16>) -> TableInfo {
    let mut info = TableInfo {
        kind: TableKind::Distance,
        rules: rules.to_string(),
        material,
        positions: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        longest_win: 0,
        longest_win_index: u64::MAX,
    };
    for (i, c) in codes.enumerate() {
        info.positions += 1;
        let v = crate::value::decode(c);
        match v.wdl {
            Wdl::Win => {
                info.wins += 1;
                if v.distance > info.longest_win {
                    info.longest_win = v.distance;
                    info.longest_win_index = i as u64;
                }
            }
            Wdl::Draw => info.draws += 1,
            Wdl::Loss => info.losses += 1,
        }
    }
    info
}
