//! The retrograde step shared by both layouts of the generator's state
//! (`working_state.rs`): how a position starts (its captures and promotions
//! looked up in the finished tables, its quiet moves counted) and the
//! predecessors of an entry (un-moves).

use tama_core::{reach, Bitboard, Color, MoveList, Position, Rules};
use tama_search::Wdl;

use crate::index::{Board, Indexer, MEN_DOMAIN};
use crate::tablebase::Tablebase;
use crate::{Error, Material};

/// What one thread decided in a chunk: the greatest distance assigned and
/// the number of entries decided (merged into the shared counters once per
/// chunk, so threads do not contend on them).
#[derive(Default)]
pub(crate) struct Tally {
    pub max: u32,
    pub decided: u64,
}

impl Tally {
    pub fn assigned(&mut self, distance: u32) {
        self.max = self.max.max(distance);
        self.decided += 1;
    }
}

/// How a position starts the retrograde analysis.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Start {
    /// No legal move: lost in 0.
    Lost,
    /// One piece each under `draw-one-each`.
    TerminalDraw,
    /// Anything else.
    Open(Open),
}

/// The moves of a position that is neither lost at once nor a one-each
/// draw.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open {
    /// Quiet, non-crowning moves (they stay in the unit).
    pub internal: u8,
    /// The quickest win through a capture or promotion.
    pub ext_win: Option<u32>,
    /// The slowest loss through a capture or promotion.
    pub ext_max: u32,
    /// A capture or promotion is not a win for the opponent: the position
    /// cannot be lost.
    pub blocked: bool,
    /// A capture is pending (every move captures).
    pub capture: bool,
}

/// Looks at every move of `pos` (of material `m`, White to move): the
/// captures and promotions in the finished tables of `tb`, the quiet moves
/// counted.
pub(crate) fn analyse(
    tb: &Tablebase,
    rules: &Rules,
    m: Material,
    pos: &Position,
    list: &mut MoveList,
) -> Result<Start, Error> {
    pos.generate_moves(rules, list);
    if list.is_empty() {
        return Ok(Start::Lost);
    }
    if pos.is_draw_one_each(rules) {
        return Ok(Start::TerminalDraw);
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
            let v = tb
                .probe_distance(&child)?
                .ok_or_else(|| Error::MissingDependency {
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
    let internal = u8::try_from(internal).map_err(|_| Error::Unsupported(m.to_string()))?;
    if ext_max + 1 >= MAX_DISTANCE || ext_win != u32::MAX && ext_win >= MAX_DISTANCE {
        return Err(Error::Unsupported(format!(
            "{m} (a distance over {MAX_DISTANCE} plies)"
        )));
    }
    Ok(Start::Open(Open {
        internal,
        ext_win: (ext_win != u32::MAX).then_some(ext_win),
        ext_max,
        blocked,
        capture,
    }))
}

/// Distances the generator handles: below 4,096 plies.
const MAX_DISTANCE: u32 = 4096;

/// Calls `f` with the index in `pred_ix` of every predecessor of entry `i`
/// of `ix`: the positions from which a quiet move of the other side leads
/// to it, that are stored in that orientation. (Those with a capture
/// pending are among them; the caller's state marks them.)
pub(crate) fn for_each_pred(
    rules: &Rules,
    ix: &Indexer,
    pred_ix: &Indexer,
    i: usize,
    f: &mut impl FnMut(usize) -> Result<(), Error>,
) -> Result<(), Error> {
    let c = ix.board(i as u64);
    let mut result = Ok(());
    let mut apply = |x: Board| {
        if result.is_err() || pred_ix.canonical(x) != x {
            return;
        }
        result = f(pred_ix.index(x) as usize);
    };
    unmoves(rules, c.flipped(), &mut apply);
    if !ix.lead_symmetric(c) {
        unmoves(rules, c.mirrored().flipped(), &mut apply);
    }
    result
}

/// Calls `f` with every board from which a quiet, non-crowning move of
/// White leads to `y` (White having just moved; the result has White to
/// move): tama-core's [`reach::quiet_unmoves`], less a man's moves from
/// outside [`MEN_DOMAIN`] (its first rank, where the tables hold no man).
/// Whether the move was legal there (no capture pending) is the caller's
/// check.
pub(crate) fn unmoves(rules: &Rules, y: Board, f: &mut impl FnMut(Board)) {
    let occ = Bitboard(y.white | y.black);
    reach::quiet_unmoves(
        rules,
        Color::White,
        Bitboard(y.white),
        Bitboard(y.kings),
        occ,
        |mv| {
            let (from, to) = (mv.from().bit(), mv.to().bit());
            let king = y.kings & to != 0;
            if !king && from & MEN_DOMAIN == 0 {
                return;
            }
            f(Board {
                white: y.white ^ from ^ to,
                black: y.black,
                kings: if king { y.kings ^ from ^ to } else { y.kings },
            });
        },
    );
}
