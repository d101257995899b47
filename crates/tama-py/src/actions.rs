//! Actions for learning: a number for every legal move of a position,
//! unique within the position, in a fixed space of `ACTION_SPACE` numbers.
//!
//! `action = slot * 4096 + from * 64 + to`, squares numbered `a1 = 0, b1 =
//! 1, …, h8 = 63`. `slot` is 0 for every move whose start and end squares
//! no other legal move shares: every quiet move (quiet moves and captures
//! are never legal together, and one quiet move joins two squares) and
//! almost every capture. Captures that share start and end squares (they
//! take different pieces: kings' loops such as `c1xc3xg3xg1` and
//! `c1xc4xg4xg1`) get slots 0, 1, 2, … in the order of their captured
//! squares as a 64-bit set (then not crowned before crowned). So the
//! first 4096 actions are `Move.index()` (`from * 64 + to`), and a move's
//! action is its index whenever the index is unique.
//!
//! There are `SLOTS` (8) slots. Along 1,800 random games of the three
//! presets (113,814 positions) 130 positions had captures sharing both
//! ends: 126 two, 7 three, one four. A position with more than `SLOTS`
//! such captures would give the extra ones no action: the mask leaves
//! them out, so an agent never picks them, and every action still names
//! exactly one move.

use pyo3::prelude::*;
use tama_core::Move;

use crate::encode;

/// Slots per start-and-end-square pair.
pub(crate) const SLOTS: usize = 8;

/// The number of actions.
pub(crate) const ACTION_SPACE: usize = SLOTS * 64 * 64;

/// `from * 64 + to`.
fn ends(mv: &Move) -> usize {
    mv.from().index() * 64 + mv.to().index()
}

/// The order of moves that share both ends.
fn key(mv: &Move) -> (u64, bool) {
    (mv.captures().0, mv.promotes())
}

/// The slots of the legal moves of one position.
pub(crate) struct ActionTable<'a> {
    moves: &'a [Move],
    /// Whether any two captures share their ends (rare: then slots are
    /// computed per move).
    shared: bool,
}

impl<'a> ActionTable<'a> {
    /// The table of `moves`, the legal moves of one position.
    pub(crate) fn new(moves: &'a [Move]) -> ActionTable<'a> {
        // Quiet moves and captures are never legal together: a list that
        // starts with a quiet move has no capture to share ends with.
        if moves.len() < 2 || !moves[0].is_capture() {
            return ActionTable {
                moves,
                shared: false,
            };
        }
        let mut seen = [0u64; 64];
        let mut shared = false;
        for mv in moves.iter().filter(|m| m.is_capture()) {
            let (f, t) = (mv.from().index(), mv.to().index());
            if seen[f] & (1 << t) != 0 {
                shared = true;
                break;
            }
            seen[f] |= 1 << t;
        }
        ActionTable { moves, shared }
    }

    /// The slot of `mv` (one of the moves).
    fn slot(&self, mv: &Move) -> usize {
        if !self.shared || !mv.is_capture() {
            return 0;
        }
        let k = key(mv);
        self.moves
            .iter()
            .filter(|m| ends(m) == ends(mv) && key(m) < k)
            .count()
    }

    /// The action of `mv`, or `None` when its slot is past `SLOTS`.
    pub(crate) fn action(&self, mv: &Move) -> Option<usize> {
        let slot = self.slot(mv);
        (slot < SLOTS).then(|| slot * 4096 + ends(mv))
    }

    /// The move with action `action`, if any.
    pub(crate) fn find(&self, action: usize) -> Option<Move> {
        let (slot, index) = (action / 4096, action % 4096);
        self.moves
            .iter()
            .find(|m| ends(m) == index && self.slot(m) == slot)
            .copied()
    }
}

/// `ValueError` for a legal capture (`text`) without an action.
pub(crate) fn no_action(text: &str) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(format!(
        "the capture {text} has no action: more than {SLOTS} legal captures share its start and end squares"
    ))
}

/// `numpy.ndarray` of `bool`, shape `(ACTION_SPACE,)`, true at the action
/// of each move.
pub(crate) fn mask<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyAny>> {
    encode::bool_array_with(py, ACTION_SPACE, &[ACTION_SPACE], |bytes| {
        fill_mask(moves, bytes);
    })
}

/// Sets `out[action] = 1` for each move (`out` has `ACTION_SPACE` bytes,
/// cleared by the caller).
pub(crate) fn fill_mask(moves: &[Move], out: &mut [u8]) {
    let table = ActionTable::new(moves);
    for mv in moves {
        if let Some(a) = table.action(mv) {
            out[a] = 1;
        }
    }
}
