//! Functions over many boards at once: one NumPy array filled in Rust,
//! without a Python loop.

use pyo3::prelude::*;
use tama_core::Position;

use crate::actions::{self, ACTION_SPACE};
use crate::board::PyBoard;
use crate::encode;

/// The current positions of `boards`, borrowed one at a time.
fn positions(boards: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    let mut out = Vec::with_capacity(boards.len().unwrap_or(0));
    for item in boards.try_iter()? {
        let item = item?;
        let board = item.cast::<PyBoard>()?;
        out.push(*board.borrow().game().position());
    }
    Ok(out)
}

/// The planes of many boards in one NumPy array: `float32`, shape `(n,
/// 5, 8, 8)`, entry `i` equal to `boards[i].to_array()`. `boards` is any
/// iterable of `Board`.
#[pyfunction]
pub(crate) fn boards_to_array<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let positions = positions(boards)?;
    encode::planes_batch(py, &positions)
}

/// The legal-action masks of many boards in one NumPy array: `bool`,
/// shape `(n, ACTION_SPACE)`, row `i` equal to
/// `boards[i].legal_action_mask()`.
#[pyfunction]
pub(crate) fn legal_action_masks<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut legal = Vec::new();
    for item in boards.try_iter()? {
        let item = item?;
        let board = item.cast::<PyBoard>()?;
        legal.push(std::sync::Arc::clone(board.borrow().legal()));
    }
    let n = legal.len();
    encode::bool_array_with(py, n * ACTION_SPACE, &[n, ACTION_SPACE], |bytes| {
        for (moves, row) in legal.iter().zip(bytes.chunks_exact_mut(ACTION_SPACE)) {
            actions::fill_mask(moves, row);
        }
    })
}
