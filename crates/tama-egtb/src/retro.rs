//! The retrograde step shared by both layouts of the generator's state
//! (`cells.rs`): how a position starts (its captures and promotions
//! looked up in the finished tables, its quiet moves counted) and the
//! predecessors of an entry (un-moves).

use tama_core::{Color, MoveList, Position, Rules};
use tama_search::Wdl;

use crate::index::{Board, Indexer, MEN_DOMAIN};
use crate::probe::Tablebase;
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
    if rules.draw_one_each
        && pos.pieces(Color::White).count() == 1
        && pos.pieces(Color::Black).count() == 1
    {
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
