//! `tama.MoveList`: the legal moves of a position as a read-only sequence
//! over the Rust list. `Move` objects are made only for the moves a
//! program looks at (`list[i]`, iteration), so `len(board.legal_moves)`
//! or one random pick costs one move generation and no Python object per
//! move. Iteration makes all of them at once, into a Python list.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyList, PySlice};
use tama_core::{Move, Position, Rules};

use crate::actions;
use crate::mv::PyMove;

/// The legal moves of a position: a read-only sequence of `Move` (length,
/// indexing, slicing, iteration, `in`), in generation order.
///
/// It is a view of the moves as the position had them: pushing a move on
/// the board does not change a list taken before. `list(moves)` makes a
/// plain list. `actions()` and `mask()` give the moves' action numbers
/// (see `Board.action`).
#[pyclass(module = "tama", name = "MoveList", frozen, sequence, freelist = 64)]
pub struct PyMoveList {
    moves: Arc<[Move]>,
    pos: Position,
    rules: Rules,
}

impl PyMoveList {
    /// The list of `moves`, the legal moves of `pos`.
    pub(crate) fn new(moves: Arc<[Move]>, pos: Position, rules: Rules) -> PyMoveList {
        PyMoveList { moves, pos, rules }
    }

    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::new(mv, self.pos, self.rules)
    }

    /// A Python list of a `Move` for each move, in order.
    fn objects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.moves.iter().map(|&mv| self.wrap(mv)))
    }

    fn index(&self, i: isize) -> PyResult<usize> {
        let n = self.moves.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if (0..n).contains(&j) {
            Ok(j as usize)
        } else {
            Err(PyIndexError::new_err(format!(
                "move index {i} out of range for {n} moves"
            )))
        }
    }
}

#[pymethods]
impl PyMoveList {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// `moves[i]` is a `Move` (negative `i` from the end); `moves[a:b:c]`
    /// a list of them.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(i) = key.extract::<isize>() {
            let mv = self.moves[self.index(i)?];
            return Ok(Bound::new(py, self.wrap(mv))?.into_any());
        }
        if let Ok(slice) = key.cast::<PySlice>() {
            let ind = slice.indices(self.moves.len() as isize)?;
            let mut items = Vec::with_capacity(ind.slicelength);
            let mut i = ind.start;
            for _ in 0..ind.slicelength {
                items.push(self.wrap(self.moves[i as usize]));
                i += ind.step;
            }
            return Ok(PyList::new(py, items)?.into_any());
        }
        Err(PyTypeError::new_err(format!(
            "move list indices must be integers or slices, not {}",
            key.get_type().name()?
        )))
    }

    /// Iteration makes every `Move` at once, into a Python list, and
    /// iterates over that: one call into Rust per list instead of one per
    /// move.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.objects(py)?.try_iter()
    }

    fn __contains__(&self, value: &Bound<'_, PyAny>) -> bool {
        value
            .cast::<PyMove>()
            .is_ok_and(|m| m.get().pos == self.pos && self.moves.contains(&m.get().mv))
    }

    /// Equal to another `MoveList` or any sequence with equal moves in the
    /// same order (a `list` of `Move`, say).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.cast::<PyMoveList>() {
            return Ok(o.get().moves == self.moves);
        }
        let Ok(n) = other.len() else {
            return Ok(false);
        };
        if n != self.moves.len() {
            return Ok(false);
        }
        for (i, mv) in self.moves.iter().enumerate() {
            let item = other.get_item(i)?;
            if !item.cast::<PyMove>().is_ok_and(|m| m.get().mv == *mv) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn __repr__(&self) -> String {
        let texts: Vec<String> = self
            .moves
            .iter()
            .map(|m| format!("'{}'", self.wrap(*m).text()))
            .collect();
        format!("MoveList([{}])", texts.join(", "))
    }

    /// Pickles as a plain list of the moves.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Vec<PyMove>,))> {
        let list = py.get_type::<PyList>().into_any();
        Ok((list, (self.moves.iter().map(|&m| self.wrap(m)).collect(),)))
    }

    /// The action number of each move, in list order (see `Board.action`);
    /// `-1` for a move without one (see `ACTION_SPACE`).
    fn actions(&self) -> Vec<i64> {
        let table = actions::ActionTable::new(&self.moves);
        self.moves
            .iter()
            .map(|m| table.action(m).map_or(-1, |a| a as i64))
            .collect()
    }

    /// The legal-action mask: a NumPy `bool` array of shape
    /// `(ACTION_SPACE,)`, `True` at each move's action.
    fn mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        actions::mask(py, &self.moves)
    }
}
