//! The generator's working state of one table: two layouts of the same
//! algorithm (see `generate.rs` and `retro.rs`).
//!
//! - [`Wide`], 8 bytes an entry: the value code, the best win and the
//!   slowest loss through captures and promotions, flags and the count
//!   of quiet moves, all in one word.
//! - [`Packed`], 2 bytes an entry: only what the levels need. A position
//!   that can still be lost needs its count; one that cannot (a capture
//!   or promotion that is not a win for the opponent) needs no count, and
//!   if one of them wins, only the level at which it does; the slowest
//!   loss through captures is computed again, from the finished tables,
//!   on the rare occasion that the count reaches zero. Both give the same
//!   files (tested), and `Packed` is the default: it is what makes the
//!   largest 6-piece units fit 16 GB.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, Ordering};

use tama_core::{MoveList, Rules};

use crate::index::Indexer;
use crate::probe::Tablebase;
use crate::retro::{analyse, for_each_pred, Start, Tally};
use crate::value::{loss, win};
use crate::{Error, Material};

/// What the level step needs besides the tables being solved.
pub(crate) struct LevelCtx<'a> {
    pub tb: &'a Tablebase,
    pub rules: &'a Rules,
    pub inconsistent: &'a AtomicBool,
}

/// One table's working state.
pub(crate) trait Cells: Sync + Sized {
    /// Bytes of working state an entry.
    const BYTES: usize;
    /// Every entry zero, for `m`.
    fn new(m: Material) -> Self;
    /// The material.
    fn material(&self) -> Material;
    /// Its index.
    fn ix(&self) -> &Indexer;
    /// Stores entry `i`'s initial state.
    fn start(&self, i: usize, s: &Start);
    /// Whether entry `i` is decided (for progress).
    fn decided(&self, i: usize) -> bool;
    /// Level `ply` for entry `i`: the capture seed, and the entry's
    /// predecessors (in `pred`) if it was decided at `ply - 1`.
    fn level(
        &self,
        pred: &Self,
        i: usize,
        ply: u32,
        ctx: &LevelCtx<'_>,
        tally: &mut Tally,
    ) -> Result<(), Error>;
    /// The final codes, each with [`FINAL_CAPTURE`] added where a capture
    /// is pending (not stored in the file).
    fn finish(self) -> Vec<u16>;
}

/// Marks an entry with a capture pending in [`Cells::finish`]'s codes.
pub(crate) const FINAL_CAPTURE: u16 = crate::file::SKIPPED;

/// Marks a one-piece-each draw (wide layout).
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

const EXT_WIN_SHIFT: u32 = 16;
const EXT_MAX_SHIFT: u32 = 32;
const FLAGS_SHIFT: u32 = 48;
const COUNT_SHIFT: u32 = 56;
const ONE_MOVE: u64 = 1 << COUNT_SHIFT;

/// The 8-byte layout: one word per entry, so a predecessor update costs
/// one memory access. Fields, low bits first: the value code (16 bits),
/// the best win through a capture or promotion (`ext_win`, 16), the
/// slowest loss through one (`ext_max`, 16), flags (8) and the count of
/// quiet moves not yet refuted (8). The count is on top so that a
/// decrement can never borrow from another field.
pub(crate) struct Wide {
    material: Material,
    ix: Indexer,
    cells: Vec<AtomicU64>,
}

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

impl Wide {
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

impl Cells for Wide {
    const BYTES: usize = 8;

    fn new(material: Material) -> Wide {
        let ix = Indexer::new(material);
        let n = ix.size() as usize;
        Wide {
            material,
            ix,
            cells: (0..n).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn material(&self) -> Material {
        self.material
    }

    fn ix(&self) -> &Indexer {
        &self.ix
    }

    fn start(&self, i: usize, s: &Start) {
        let cell = match *s {
            Start::Lost => u64::from(loss(0)),
            Start::TerminalDraw => u64::from(TERMINAL_DRAW),
            Start::Open(o) => {
                let mut value = UNKNOWN;
                let mut ext_win_field = 0u16;
                if let Some(w) = o.ext_win {
                    ext_win_field = w as u16;
                } else if o.internal == 0 && !o.blocked {
                    value = loss(o.ext_max + 1);
                }
                if value == UNKNOWN && o.capture {
                    value = CAPTURE_PENDING;
                }
                u64::from(value)
                    | u64::from(ext_win_field) << EXT_WIN_SHIFT
                    | u64::from(o.ext_max as u16) << EXT_MAX_SHIFT
                    | u64::from(
                        if o.blocked { BLOCKED } else { 0 } | if o.capture { CAPTURE } else { 0 },
                    ) << FLAGS_SHIFT
                    | u64::from(o.internal) << COUNT_SHIFT
            }
        };
        self.cells[i].store(cell, Ordering::Relaxed);
    }

    fn decided(&self, i: usize) -> bool {
        !matches!(
            value_of(self.cells[i].load(Ordering::Relaxed)),
            UNKNOWN | CAPTURE_PENDING
        )
    }

    fn level(
        &self,
        pred: &Wide,
        i: usize,
        ply: u32,
        ctx: &LevelCtx<'_>,
        tally: &mut Tally,
    ) -> Result<(), Error> {
        let cell = self.cells[i].load(Ordering::Relaxed);
        let code = value_of(cell);
        if (code == UNKNOWN || code == CAPTURE_PENDING) && ext_win_of(cell) == ply {
            if self.decide(i, code, win(ply)) {
                tally.assigned(ply);
            }
            return Ok(());
        }
        let d = ply - 1;
        let lost = d.is_multiple_of(2);
        let frontier = if lost { loss(d) } else { win(d) };
        if code != frontier {
            return Ok(());
        }
        for_each_pred(ctx.rules, &self.ix, &pred.ix, i, &mut |j| {
            // Positions with a capture pending are marked `CAPTURE_PENDING`
            // or decided from the start, so the value test below skips them.
            let cell = &pred.cells[j];
            if value_of(cell.load(Ordering::Relaxed)) != UNKNOWN {
                return Ok(());
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
                    ctx.inconsistent.store(true, Ordering::Relaxed);
                } else if count == 1 && flags_of(old) & BLOCKED == 0 {
                    let dist = d.max(ext_max_of(old)) + 1;
                    if pred.decide(j, UNKNOWN, loss(dist)) {
                        tally.assigned(dist);
                    }
                }
            }
            Ok(())
        })
    }

    fn finish(self) -> Vec<u16> {
        self.cells
            .into_iter()
            .map(|c| {
                let c = c.into_inner();
                let code = match value_of(c) {
                    TERMINAL_DRAW | CAPTURE_PENDING => 0,
                    c => c,
                };
                code | if flags_of(c) & CAPTURE != 0 {
                    FINAL_CAPTURE
                } else {
                    0
                }
            })
            .collect()
    }
}

/// The 2-byte layout. The top bit marks a position with a capture pending
/// (never a predecessor; not stored in the file); the other 15 bits are:
///
/// | value | meaning |
/// |---|---|
/// | `0..0x1000` | decided: the value code (`0`: the one-each draw) |
/// | `0x1000 + d` | undecided, cannot be lost; a capture or promotion wins in `d` |
/// | `0x2000` | undecided, cannot be lost, no capture or promotion wins |
/// | `0x4000 + c` | undecided, `c` quiet moves not yet refuted |
///
/// So every distance is below 4,096 plies (generation fails otherwise).
pub(crate) struct Packed {
    material: Material,
    ix: Indexer,
    cells: Vec<AtomicU16>,
}

const P_CAPTURE: u16 = 0x8000;
const P_VALUE: u16 = 0x7fff;
const P_UNDECIDED: u16 = 0x1000;
const P_PENDING: u16 = 0x1000;
const P_BLOCKED: u16 = 0x2000;
const P_LOSABLE: u16 = 0x4000;
const P_COUNT: u16 = 0x3fff;

impl Packed {
    /// Sets entry `j` (no capture pending) to `to` while it is undecided;
    /// whether this call did.
    #[inline]
    fn decide_undecided(&self, j: usize, to: u16) -> bool {
        let cell = &self.cells[j];
        let mut old = cell.load(Ordering::Relaxed);
        while old & P_CAPTURE == 0 && old >= P_UNDECIDED {
            match cell.compare_exchange_weak(old, to, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => old = now,
            }
        }
        false
    }
}

impl Cells for Packed {
    const BYTES: usize = 2;

    fn new(material: Material) -> Packed {
        let ix = Indexer::new(material);
        let n = ix.size() as usize;
        Packed {
            material,
            ix,
            cells: (0..n).map(|_| AtomicU16::new(0)).collect(),
        }
    }

    fn material(&self) -> Material {
        self.material
    }

    fn ix(&self) -> &Indexer {
        &self.ix
    }

    fn start(&self, i: usize, s: &Start) {
        let cell = match *s {
            Start::Lost => loss(0),
            Start::TerminalDraw => 0,
            Start::Open(o) => {
                let flag = if o.capture { P_CAPTURE } else { 0 };
                flag | if let Some(w) = o.ext_win {
                    P_PENDING | w as u16
                } else if o.internal == 0 && !o.blocked {
                    loss(o.ext_max + 1)
                } else if o.blocked {
                    P_BLOCKED
                } else {
                    P_LOSABLE | o.internal as u16
                }
            }
        };
        self.cells[i].store(cell, Ordering::Relaxed);
    }

    fn decided(&self, i: usize) -> bool {
        self.cells[i].load(Ordering::Relaxed) & P_VALUE < P_UNDECIDED
    }

    fn level(
        &self,
        pred: &Packed,
        i: usize,
        ply: u32,
        ctx: &LevelCtx<'_>,
        tally: &mut Tally,
    ) -> Result<(), Error> {
        let cell = self.cells[i].load(Ordering::Relaxed);
        let value = cell & P_VALUE;
        if value >= P_UNDECIDED {
            if value & !0xfff == P_PENDING && u32::from(value & 0xfff) == ply {
                // Only this entry's own seed changes it at an odd level
                // besides a quiet win in the same ply: either way win(ply).
                let flag = cell & P_CAPTURE;
                if self.cells[i]
                    .compare_exchange(cell, flag | win(ply), Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
                {
                    tally.assigned(ply);
                }
            }
            return Ok(());
        }
        let d = ply - 1;
        let lost = d.is_multiple_of(2);
        let frontier = if lost { loss(d) } else { win(d) };
        if value != frontier {
            return Ok(());
        }
        let mut list = MoveList::new();
        for_each_pred(ctx.rules, &self.ix, &pred.ix, i, &mut |j| {
            let cell = &pred.cells[j];
            let old = cell.load(Ordering::Relaxed);
            if old & P_CAPTURE != 0 || old < P_UNDECIDED {
                return Ok(());
            }
            if lost {
                if pred.decide_undecided(j, win(ply)) {
                    tally.assigned(ply);
                }
            } else if old >= P_LOSABLE {
                // Within this level a losable entry changes only through
                // this count, and to a loss once it reaches zero.
                let old = cell.fetch_sub(1, Ordering::Relaxed);
                let count = old & P_COUNT;
                if old < P_LOSABLE || count == 0 {
                    ctx.inconsistent.store(true, Ordering::Relaxed);
                } else if count == 1 {
                    // The slowest loss through captures and promotions,
                    // from the finished tables (all of them wins for the
                    // opponent, or the entry would not be losable).
                    let pos = pred.ix.board(j as u64).position();
                    let ext_max = match analyse(ctx.tb, ctx.rules, pred.material, &pos, &mut list)?
                    {
                        Start::Open(o) => o.ext_max,
                        _ => 0,
                    };
                    let dist = d.max(ext_max) + 1;
                    if dist >= u32::from(P_UNDECIDED) {
                        return Err(Error::Unsupported(format!(
                            "{} (a loss in {dist} plies: the packed layout holds distances below 4096)",
                            pred.material
                        )));
                    }
                    if cell
                        .compare_exchange(
                            P_LOSABLE,
                            loss(dist),
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        )
                        .is_ok()
                    {
                        tally.assigned(dist);
                    }
                }
            }
            Ok(())
        })
    }

    fn finish(self) -> Vec<u16> {
        // In place: the states become the codes in the same memory.
        self.cells
            .into_iter()
            .map(|c| {
                let c = c.into_inner();
                let value = c & P_VALUE;
                let code = if value < P_UNDECIDED { value } else { 0 };
                code | if c & P_CAPTURE != 0 { FINAL_CAPTURE } else { 0 }
            })
            .collect()
    }
}
