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

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

use tama_core::{Color, MoveList, Rules};
use tama_search::Wdl;

use crate::file::{encode_table, fill_skipped, write_atomically, TableData, TableInfo};
use crate::index::{Board, Indexer, MEN_DOMAIN};
use crate::par::for_chunks;
use crate::probe::{rules_dir, table_path, Tablebase};
use crate::value::{loss, win};
use crate::{Error, Material, Plan, Unit};

/// Marks a one-piece-each draw during generation.
const TERMINAL_DRAW: u16 = u16::MAX;
/// Marks a position with a capture pending whose value is not known yet
/// (a win through a capture, seeded at its level, or a draw). No quiet
/// move leaves it, so the predecessor step must leave it alone, and this
/// mark (not `UNKNOWN`) makes it do so without testing for captures.
const CAPTURE_PENDING: u16 = u16::MAX - 1;
/// Value of a position not decided yet.
const UNKNOWN: u16 = 0;
/// The position has a capture or promotion that is not a win for the
/// opponent, so it cannot be lost.
const BLOCKED: u8 = 1;
/// The position has a capture pending: its entry is not stored in the file.
const CAPTURE: u8 = 2;

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
    /// Bytes written (both files).
    pub bytes: u64,
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
        if unit_is_done(&dir, rules, unit) {
            opts.report(Progress::Skipped(unit));
            continue;
        }
        let report = generate_unit(&dir, rules, unit, opts)?;
        opts.report(Progress::Done(report));
        reports.push(report);
    }
    Ok(reports)
}

/// Whether every file of `unit` is present, undamaged and for `rules`.
fn unit_is_done(dir: &Path, rules: &Rules, unit: Unit) -> bool {
    let text = tama_notation::write_rules(rules);
    unit.members().into_iter().all(|m| {
        TableData::read(&table_path(dir, m))
            .is_ok_and(|t| t.info.rules == text && t.info.material == m)
    })
}

/// The working state of one table of the unit: one word per entry, so a
/// predecessor update costs one memory access. Fields, low bits first:
/// the value code (16 bits), the best win through a capture or promotion
/// (`ext_win`, 16), the slowest loss through one (`ext_max`, 16), flags
/// (8) and the count of quiet moves not yet refuted (8). The count is on
/// top so that a decrement can never borrow from another field.
struct Work {
    material: Material,
    ix: Indexer,
    cells: Vec<AtomicU64>,
}

const EXT_WIN_SHIFT: u32 = 16;
const EXT_MAX_SHIFT: u32 = 32;
const FLAGS_SHIFT: u32 = 48;
const COUNT_SHIFT: u32 = 56;
const ONE_MOVE: u64 = 1 << COUNT_SHIFT;

#[inline]
fn value_of(cell: u64) -> u16 {
    cell as u16
}

#[inline]
fn ext_win_of(cell: u64) -> u32 {
    u32::from((cell >> EXT_WIN_SHIFT) as u16)
}

#[inline]
fn ext_max_of(cell: u64) -> u32 {
    u32::from((cell >> EXT_MAX_SHIFT) as u16)
}

#[inline]
fn flags_of(cell: u64) -> u8 {
    (cell >> FLAGS_SHIFT) as u8
}

#[inline]
fn with_value(cell: u64, value: u16) -> u64 {
    (cell & !0xffff) | u64::from(value)
}

impl Work {
    fn new(material: Material) -> Work {
        let ix = Indexer::new(material);
        let n = ix.size() as usize;
        Work {
            material,
            ix,
            cells: (0..n).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Sets the value of entry `i` if it is still `from`; whether it was.
    #[inline]
    fn decide(&self, i: usize, from: u16, to: u16) -> bool {
        let cell = &self.cells[i];
        let mut old = cell.load(Ordering::Relaxed);
        while value_of(old) == from {
            match cell.compare_exchange_weak(
                old,
                with_value(old, to),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(now) => old = now,
            }
        }
        false
    }
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
    let tb = Tablebase::open_decoded(dir, rules)?;
    for dep in unit.dependencies() {
        for m in dep.members() {
            if !tb.has(m) {
                return Err(Error::MissingDependency {
                    dir: dir.to_path_buf(),
                    material: m.to_string(),
                });
            }
        }
    }
    let work: Vec<Work> = unit.members().into_iter().map(Work::new).collect();
    let total: u64 = work.iter().map(|w| w.ix.size()).sum();
    opts.report(Progress::Start {
        unit,
        positions: total,
    });
    let threads = opts.threads.max(1);
    let max_assigned = AtomicU32::new(0);
    let done = AtomicU64::new(0);

    // 1. Initialise.
    for w in &work {
        for_chunks(w.ix.size() as usize, threads, |range| {
            opts.check_stop()?;
            let mut list = MoveList::new();
            let mut tally = Tally::default();
            for i in range.clone() {
                init_one(&tb, rules, w, i, &mut list, &mut tally)?;
            }
            max_assigned.fetch_max(tally.max, Ordering::Relaxed);
            let d = done.fetch_add(range.len() as u64, Ordering::Relaxed) + range.len() as u64;
            opts.report(Progress::Init { unit, done: d });
            Ok::<(), Error>(())
        })?;
    }

    // 2. Levels.
    let inconsistent = AtomicBool::new(false);
    let decided = AtomicU64::new(
        work.iter()
            .flat_map(|w| w.cells.iter())
            .filter(|c| {
                !matches!(
                    value_of(c.load(Ordering::Relaxed)),
                    UNKNOWN | CAPTURE_PENDING
                )
            })
            .count() as u64,
    );
    let mut ply = 1u32;
    while ply <= max_assigned.load(Ordering::Relaxed) + 1 {
        opts.check_stop()?;
        for (t, w) in work.iter().enumerate() {
            let pred = &work[if work.len() == 1 { 0 } else { 1 - t }];
            for_chunks(w.ix.size() as usize, threads, |range| {
                opts.check_stop()?;
                let mut tally = Tally::default();
                for i in range {
                    level_one(rules, w, pred, i, ply, &mut tally, &inconsistent);
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

    // 3. Write.
    let rules_text = tama_notation::write_rules(rules);
    let mut bytes = 0;
    for w in &work {
        let mut codes: Vec<u16> = w
            .cells
            .iter()
            .map(|c| match value_of(c.load(Ordering::Relaxed)) {
                TERMINAL_DRAW | CAPTURE_PENDING => 0,
                c => c,
            })
            .collect();
        let info = summarise(&rules_text, w.material, &codes);
        fill_skipped(&mut codes, |i| {
            flags_of(w.cells[i].load(Ordering::Relaxed)) & CAPTURE != 0
        });
        let encoded = encode_table(&info, &codes, threads);
        bytes += encoded.len() as u64;
        write_atomically(&table_path(dir, w.material), &encoded, opts.stop)?;
    }
    Ok(UnitReport {
        unit,
        positions: total,
        levels: ply - 1,
        bytes,
    })
}

fn summarise(rules: &str, material: Material, codes: &[u16]) -> TableInfo {
    let mut info = TableInfo {
        rules: rules.to_string(),
        material,
        positions: codes.len() as u64,
        wins: 0,
        draws: 0,
        losses: 0,
        longest_win: 0,
        longest_win_index: u64::MAX,
    };
    for (i, &c) in codes.iter().enumerate() {
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

/// What one thread decided in a chunk: the greatest distance assigned and
/// the number of entries decided (merged into the shared counters once per
/// chunk, so threads do not contend on them).
#[derive(Default)]
struct Tally {
    max: u32,
    decided: u64,
}

impl Tally {
    fn assigned(&mut self, distance: u32) {
        self.max = self.max.max(distance);
        self.decided += 1;
    }
}

fn init_one(
    tb: &Tablebase,
    rules: &Rules,
    w: &Work,
    i: usize,
    list: &mut MoveList,
    tally: &mut Tally,
) -> Result<(), Error> {
    let pos = w.ix.board(i as u64).position();
    pos.generate_moves(rules, list);
    if list.is_empty() {
        w.cells[i].store(u64::from(loss(0)), Ordering::Relaxed);
        return Ok(());
    }
    if rules.draw_one_each
        && pos.pieces(Color::White).count() == 1
        && pos.pieces(Color::Black).count() == 1
    {
        w.cells[i].store(u64::from(TERMINAL_DRAW), Ordering::Relaxed);
        return Ok(());
    }
    // Captures are compulsory: either every move captures or none does.
    let capture = list.iter().next().is_some_and(|mv| mv.is_capture());
    let mut internal = 0u32;
    let mut ext_win = u32::MAX;
    let mut ext_max = 0u32;
    let mut blocked = false;
    for mv in list.iter() {
        if mv.is_capture() || mv.promotes() {
            let child = pos.play_unchecked(mv);
            let v = tb.probe(&child)?.ok_or_else(|| Error::MissingDependency {
                dir: tb.dir().to_path_buf(),
                material: Material::of(&child).to_string(),
            })?;
            match v.wdl {
                Wdl::Loss => {
                    ext_win = ext_win.min(v.distance + 1);
                    blocked = true;
                }
                Wdl::Draw => blocked = true,
                Wdl::Win => ext_max = ext_max.max(v.distance),
            }
        } else {
            internal += 1;
        }
    }
    let internal =
        u8::try_from(internal).map_err(|_| Error::Unsupported(w.material.to_string()))?;
    let mut value = UNKNOWN;
    let mut ext_win_field = 0u16;
    if ext_win != u32::MAX {
        ext_win_field = ext_win as u16;
        tally.max = tally.max.max(ext_win);
    } else if internal == 0 && !blocked {
        value = loss(ext_max + 1);
        tally.max = tally.max.max(ext_max + 1);
    }
    if value == UNKNOWN && capture {
        value = CAPTURE_PENDING;
    }
    let cell = u64::from(value)
        | u64::from(ext_win_field) << EXT_WIN_SHIFT
        | u64::from(ext_max as u16) << EXT_MAX_SHIFT
        | u64::from(if blocked { BLOCKED } else { 0 } | if capture { CAPTURE } else { 0 })
            << FLAGS_SHIFT
        | u64::from(internal) << COUNT_SHIFT;
    w.cells[i].store(cell, Ordering::Relaxed);
    Ok(())
}

/// Level `ply` for entry `i` of `w`: the capture seed, and the entry's
/// predecessors (in `pred`) if it was decided at `ply - 1`.
fn level_one(
    rules: &Rules,
    w: &Work,
    pred: &Work,
    i: usize,
    ply: u32,
    tally: &mut Tally,
    inconsistent: &AtomicBool,
) {
    let cell = w.cells[i].load(Ordering::Relaxed);
    let code = value_of(cell);
    if (code == UNKNOWN || code == CAPTURE_PENDING) && ext_win_of(cell) == ply {
        if w.decide(i, code, win(ply)) {
            tally.assigned(ply);
        }
        return;
    }
    let d = ply - 1;
    let lost = d.is_multiple_of(2);
    let frontier = if lost { loss(d) } else { win(d) };
    if code != frontier {
        return;
    }
    let c = w.ix.board(i as u64);
    let mut apply = |x: Board| {
        // Positions with a capture pending are marked `CAPTURE_PENDING`
        // or decided from the start, so the value test below skips them.
        if pred.ix.canonical(x) != x {
            return;
        }
        let j = pred.ix.index(x) as usize;
        let cell = &pred.cells[j];
        if value_of(cell.load(Ordering::Relaxed)) != UNKNOWN {
            return;
        }
        if lost {
            if pred.decide(j, UNKNOWN, win(ply)) {
                tally.assigned(ply);
            }
        } else {
            // Within this level values change only from `UNKNOWN` to a
            // loss, through this count, so the test above still holds.
            let old = cell.fetch_sub(ONE_MOVE, Ordering::Relaxed);
            let count = old >> COUNT_SHIFT;
            if count == 0 {
                inconsistent.store(true, Ordering::Relaxed);
            } else if count == 1 && flags_of(old) & BLOCKED == 0 {
                let dist = d.max(ext_max_of(old)) + 1;
                if pred.decide(j, UNKNOWN, loss(dist)) {
                    tally.assigned(dist);
                }
            }
        }
    };
    unmoves(rules, c.flipped(), &mut apply);
    if !w.ix.lead_symmetric(c) {
        unmoves(rules, c.mirrored().flipped(), &mut apply);
    }
}

/// Calls `f` with every board from which a quiet, non-crowning move of
/// White leads to `y` (White having just moved; the result has White to
/// move). Whether the move was legal there (no capture pending) is the
/// caller's check.
pub(crate) fn unmoves(rules: &Rules, y: Board, f: &mut impl FnMut(Board)) {
    const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAG: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let occ = y.white | y.black;
    let mut movers = y.white;
    while movers != 0 {
        let s = movers.trailing_zeros() as i8;
        movers &= movers - 1;
        let (file, rank) = (s % 8, s / 8);
        let sbit = 1u64 << s;
        let king = y.kings & sbit != 0;
        let moved = |o: i8| {
            let obit = 1u64 << o;
            Board {
                white: y.white ^ sbit ^ obit,
                black: y.black,
                kings: if king { y.kings ^ sbit ^ obit } else { y.kings },
            }
        };
        if king {
            let diag: &[(i8, i8)] = if rules.king_diagonal { &DIAG } else { &[] };
            for &(df, dr) in ORTHO.iter().chain(diag) {
                let (mut tf, mut tr) = (file + df, rank + dr);
                while (0..8).contains(&tf) && (0..8).contains(&tr) {
                    let o = tr * 8 + tf;
                    if occ & (1u64 << o) != 0 {
                        break;
                    }
                    f(moved(o));
                    tf += df;
                    tr += dr;
                }
            }
        } else {
            // A White man came from below (forward step), beside (sideways)
            // or diagonally below; never from rank 1.
            const MAN: [(i8, i8); 5] = [(0, -1), (-1, 0), (1, 0), (-1, -1), (1, -1)];
            let origins = if rules.man_diagonal {
                &MAN[..]
            } else {
                &MAN[..3]
            };
            for &(df, dr) in origins {
                let (tf, tr) = (file + df, rank + dr);
                if !(0..8).contains(&tf) || !(0..8).contains(&tr) {
                    continue;
                }
                let o = tr * 8 + tf;
                let obit = 1u64 << o;
                if occ & obit != 0 || MEN_DOMAIN & obit == 0 {
                    continue;
                }
                f(moved(o));
            }
        }
    }
}

/// The files of a unit in `dir`.
pub fn unit_files(dir: &Path, unit: Unit) -> Vec<PathBuf> {
    unit.members()
        .into_iter()
        .map(|m| table_path(dir, m))
        .collect()
}
