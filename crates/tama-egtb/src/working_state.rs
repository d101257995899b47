//! The generator's working state of one table: one algorithm (the
//! initial state and the level step, see `generate.rs` and `retro.rs`)
//! over two ways of storing an entry's state ([`Storage`]):
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
use crate::retro::{analyse, for_each_pred, Start, Tally};
use crate::tablebase::Tablebase;
use crate::value::{loss, win};
use crate::{Error, Material};

/// What the level step needs besides the tables being solved.
pub(crate) struct LevelCtx<'a> {
    pub tb: &'a Tablebase,
    pub rules: &'a Rules,
    pub inconsistent: &'a AtomicBool,
}

/// How an entry's state is stored in one atomic word: what the initial
/// state is, and what the level step reads from a word and writes to it.
pub(crate) trait Storage: Sync {
    /// Bytes of working state an entry.
    const BYTES: usize;
    /// Losses decided through the count must be shorter than this.
    const DISTANCE_LIMIT: u32;
    /// The layout's name, for errors.
    const NAME: &'static str;
    /// The stored word.
    type Word: Copy + Eq;
    /// The atomic cell holding a word.
    type Cell: Atomic<Word = Self::Word>;
    /// The word of a fresh entry.
    const ZERO: Self::Word;
    /// What a quiet move refuted takes from a word (one of its count).
    const ONE_MOVE: Self::Word;

    /// The initial word of a position.
    fn start(s: &Start) -> Self::Word;
    /// The value code, if decided (a one-each draw may have a code of its
    /// own that is no level's frontier).
    fn decided(w: Self::Word) -> Option<u16>;
    /// Undecided with a capture or promotion that wins: at which level.
    fn seed(w: Self::Word) -> Option<u32>;
    /// Undecided without a capture pending: a predecessor's result can
    /// decide it.
    fn open(w: Self::Word) -> bool;
    /// Open and possibly lost: its count is kept.
    fn losable(w: Self::Word) -> bool;
    /// The count of quiet moves not yet refuted.
    fn count(w: Self::Word) -> u32;
    /// The slowest loss through captures and promotions, where kept.
    fn ext_max(w: Self::Word) -> Option<u32>;
    /// `w` decided as `code` (its capture mark kept).
    fn with_code(w: Self::Word, code: u16) -> Self::Word;
    /// The final code, with [`FINAL_CAPTURE`] added where a capture is
    /// pending (undecided entries are draws).
    fn final_code(w: Self::Word) -> u16;
}

/// An atomic word (relaxed ordering throughout: every decision of a level
/// depends only on earlier levels, which the threads' join orders).
pub(crate) trait Atomic: Sync + Send {
    /// The word.
    type Word;
    /// A cell holding `w`.
    fn new(w: Self::Word) -> Self;
    /// The word.
    fn get(&self) -> Self::Word;
    /// Sets the word.
    fn set(&self, w: Self::Word);
    /// Replaces `from` by `to`; whether the cell held `from`.
    fn replace(&self, from: Self::Word, to: Self::Word) -> bool;
    /// Subtracts `w`; the word before.
    fn take(&self, w: Self::Word) -> Self::Word;
    /// The word of a cell no longer shared.
    fn into_word(self) -> Self::Word;
}

macro_rules! atomic {
    ($atomic:ty, $word:ty) => {
        impl Atomic for $atomic {
            type Word = $word;
            fn new(w: $word) -> Self {
                <$atomic>::new(w)
            }
            #[inline]
            fn get(&self) -> $word {
                self.load(Ordering::Relaxed)
            }
            fn set(&self, w: $word) {
                self.store(w, Ordering::Relaxed);
            }
            #[inline]
            fn replace(&self, from: $word, to: $word) -> bool {
                self.compare_exchange(from, to, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            }
            #[inline]
            fn take(&self, w: $word) -> $word {
                self.fetch_sub(w, Ordering::Relaxed)
            }
            fn into_word(self) -> $word {
                self.into_inner()
            }
        }
    };
}

atomic!(AtomicU16, u16);
atomic!(AtomicU64, u64);

/// One table's working state, stored as `S` says.
pub(crate) struct Cells<S: Storage> {
    material: Material,
    ix: Indexer,
    cells: Vec<S::Cell>,
}

impl<S: Storage> Cells<S> {
    /// Every entry zero, for `m`.
    pub fn new(material: Material) -> Cells<S> {
        let ix = Indexer::new(material);
        let n = ix.size() as usize;
        Cells {
            material,
            ix,
            cells: (0..n).map(|_| S::Cell::new(S::ZERO)).collect(),
        }
    }

    /// The material.
    pub fn material(&self) -> Material {
        self.material
    }

    /// Its index.
    pub fn ix(&self) -> &Indexer {
        &self.ix
    }

    /// Stores entry `i`'s initial state.
    pub fn start(&self, i: usize, s: &Start) {
        self.cells[i].set(S::start(s));
    }

    /// Whether entry `i` is decided (for progress).
    pub fn decided(&self, i: usize) -> bool {
        S::decided(self.cells[i].get()).is_some()
    }

    /// Sets entry `j` to `code` while it is open; whether this call did.
    #[inline]
    fn decide(&self, j: usize, code: u16) -> bool {
        let cell = &self.cells[j];
        let mut old = cell.get();
        while S::open(old) {
            if cell.replace(old, S::with_code(old, code)) {
                return true;
            }
            old = cell.get();
        }
        false
    }

    /// Level `ply` for entry `i`: the capture seed, and the entry's
    /// predecessors (in `pred`) if it was decided at `ply - 1`.
    pub fn level(
        &self,
        pred: &Cells<S>,
        i: usize,
        ply: u32,
        ctx: &LevelCtx<'_>,
        tally: &mut Tally,
    ) -> Result<(), Error> {
        let cell = &self.cells[i];
        let w = cell.get();
        let Some(code) = S::decided(w) else {
            // Seeds are odd levels, where only a quiet win in the same ply
            // changes an entry besides its own seed: either way win(ply).
            if S::seed(w) == Some(ply) && cell.replace(w, S::with_code(w, win(ply))) {
                tally.assigned(ply);
            }
            return Ok(());
        };
        let d = ply - 1;
        let lost = d.is_multiple_of(2);
        let frontier = if lost { loss(d) } else { win(d) };
        if code != frontier {
            return Ok(());
        }
        for_each_pred(ctx.rules, &self.ix, &pred.ix, i, &mut |j| {
            // Positions with a capture pending are never open, so no
            // capture test is needed here.
            let cell = &pred.cells[j];
            let old = cell.get();
            if !S::open(old) {
                return Ok(());
            }
            if lost {
                if pred.decide(j, win(ply)) {
                    tally.assigned(ply);
                }
            } else if S::losable(old) {
                // Within this level a losable entry changes only through
                // this count, and to a loss once it reaches zero.
                let old = cell.take(S::ONE_MOVE);
                let count = S::count(old);
                if !S::losable(old) || count == 0 {
                    ctx.inconsistent.store(true, Ordering::Relaxed);
                } else if count == 1 {
                    // The slowest loss through captures and promotions,
                    // kept or looked up again in the finished tables (all
                    // of them wins for the opponent, or the entry would
                    // not be losable).
                    let ext_max = match S::ext_max(old) {
                        Some(e) => e,
                        None => {
                            let pos = pred.ix.board(j as u64).position();
                            let mut list = MoveList::new();
                            match analyse(ctx.tb, ctx.rules, pred.material, &pos, &mut list)? {
                                Start::Open(o) => o.ext_max,
                                _ => 0,
                            }
                        }
                    };
                    let dist = d.max(ext_max) + 1;
                    if dist >= S::DISTANCE_LIMIT {
                        return Err(Error::Unsupported(format!(
                            "{} (a loss in {dist} plies: the {} layout holds distances below {})",
                            pred.material,
                            S::NAME,
                            S::DISTANCE_LIMIT
                        )));
                    }
                    if pred.decide(j, loss(dist)) {
                        tally.assigned(dist);
                    }
                }
            }
            Ok(())
        })
    }

    /// The final codes, each with [`FINAL_CAPTURE`] added where a capture
    /// is pending (not stored in the file).
    pub fn finish(self) -> Vec<u16> {
        self.cells
            .into_iter()
            .map(|c| S::final_code(c.into_word()))
            .collect()
    }
}

/// Marks an entry with a capture pending in [`Cells::finish`]'s codes.
pub(crate) const FINAL_CAPTURE: u16 = crate::file::SKIPPED;

/// The 8-byte layout: one word per entry, so a predecessor update costs
/// one memory access. Fields, low bits first: the value code (16 bits),
/// the best win through a capture or promotion (`ext_win`, 16), the
/// slowest loss through one (`ext_max`, 16), flags (8) and the count of
/// quiet moves not yet refuted (8). The count is on top so that a
/// decrement can never borrow from another field.
pub(crate) struct Wide;

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

#[inline]
fn value_of(cell: u64) -> u16 {
    cell as u16
}

#[inline]
fn flags_of(cell: u64) -> u8 {
    (cell >> FLAGS_SHIFT) as u8
}

impl Storage for Wide {
    const BYTES: usize = 8;
    const DISTANCE_LIMIT: u32 = u16::MAX as u32 - 2;
    const NAME: &'static str = "wide";
    type Word = u64;
    type Cell = AtomicU64;
    const ZERO: u64 = 0;
    const ONE_MOVE: u64 = 1 << COUNT_SHIFT;

    fn start(s: &Start) -> u64 {
        match *s {
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
        }
    }

    #[inline]
    fn decided(w: u64) -> Option<u16> {
        let v = value_of(w);
        (v != UNKNOWN && v != CAPTURE_PENDING).then_some(v)
    }

    #[inline]
    fn seed(w: u64) -> Option<u32> {
        let ext_win = u32::from((w >> EXT_WIN_SHIFT) as u16);
        (Wide::decided(w).is_none() && ext_win != 0).then_some(ext_win)
    }

    #[inline]
    fn open(w: u64) -> bool {
        value_of(w) == UNKNOWN
    }

    #[inline]
    fn losable(w: u64) -> bool {
        flags_of(w) & BLOCKED == 0
    }

    #[inline]
    fn count(w: u64) -> u32 {
        (w >> COUNT_SHIFT) as u32
    }

    #[inline]
    fn ext_max(w: u64) -> Option<u32> {
        Some(u32::from((w >> EXT_MAX_SHIFT) as u16))
    }

    #[inline]
    fn with_code(w: u64, code: u16) -> u64 {
        (w & !0xffff) | u64::from(code)
    }

    fn final_code(w: u64) -> u16 {
        let code = match value_of(w) {
            TERMINAL_DRAW | CAPTURE_PENDING => 0,
            c => c,
        };
        code | if flags_of(w) & CAPTURE != 0 {
            FINAL_CAPTURE
        } else {
            0
        }
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
pub(crate) struct Packed;

const P_CAPTURE: u16 = 0x8000;
const P_VALUE: u16 = 0x7fff;
const P_UNDECIDED: u16 = 0x1000;
const P_PENDING: u16 = 0x1000;
const P_BLOCKED: u16 = 0x2000;
const P_LOSABLE: u16 = 0x4000;
const P_COUNT: u16 = 0x3fff;

impl Storage for Packed {
    const BYTES: usize = 2;
    const DISTANCE_LIMIT: u32 = P_UNDECIDED as u32;
    const NAME: &'static str = "packed";
    type Word = u16;
    type Cell = AtomicU16;
    const ZERO: u16 = 0;
    const ONE_MOVE: u16 = 1;

    fn start(s: &Start) -> u16 {
        match *s {
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
        }
    }

    #[inline]
    fn decided(w: u16) -> Option<u16> {
        let v = w & P_VALUE;
        (v < P_UNDECIDED).then_some(v)
    }

    #[inline]
    fn seed(w: u16) -> Option<u32> {
        let v = w & P_VALUE;
        (v & !0xfff == P_PENDING).then_some(u32::from(v & 0xfff))
    }

    #[inline]
    fn open(w: u16) -> bool {
        w & P_CAPTURE == 0 && w >= P_UNDECIDED
    }

    #[inline]
    fn losable(w: u16) -> bool {
        w & P_CAPTURE == 0 && w >= P_LOSABLE
    }

    #[inline]
    fn count(w: u16) -> u32 {
        u32::from(w & P_COUNT)
    }

    #[inline]
    fn ext_max(_: u16) -> Option<u32> {
        None
    }

    #[inline]
    fn with_code(w: u16, code: u16) -> u16 {
        (w & P_CAPTURE) | code
    }

    fn final_code(w: u16) -> u16 {
        let code = Packed::decided(w).unwrap_or(0);
        code | if w & P_CAPTURE != 0 { FINAL_CAPTURE } else { 0 }
    }
}
