//! Encodings for machine learning: the position as planes and moves as
//! indices into a fixed move space.
//!
//! The move space has 4096 entries, `from * 64 + to` with squares numbered
//! `a1 = 0, b1 = 1, …, h8 = 63` (rank-major). Every legal move has an index;
//! a quiet move's index names it alone, and so does a capture's unless
//! another legal capture has the same start and end squares (it then takes
//! other pieces; such moves are rare and `moves_from_index` lists them).
//!
//! Why not from-square × direction × distance (64 × 4 × 7 = 1792 entries,
//! enough for every quiet move on an orthogonal board): a capture changes
//! direction on the way and ends on any square, and identifying it by its
//! first jump would merge every capture that parts after that jump (very
//! common with men). Start × end square names every quiet move and
//! separates captures by where they end; the only merges left are captures
//! with the same start and end that take different pieces: kings' loops
//! such as `c1xc3xg3xg1` and `c1xc4xg4xg1`. Along 200 random games of each
//! preset (about 12,000 positions each) 40 of 160,000–250,000 legal moves
//! shared an index, in 19–20 positions.

use pyo3::exceptions::{PyImportError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use tama_core::{Color, Move, MoveList, Position, Role, Square};

/// The number of move indices.
pub(crate) const MOVE_SPACE: usize = 64 * 64;

/// The number of planes of `to_array`.
pub(crate) const PLANES: usize = 5;

/// A move's index: `from * 64 + to`.
pub(crate) fn move_index(mv: &Move) -> usize {
    mv.from().index() * 64 + mv.to().index()
}

/// `ValueError` for an index outside the move space.
pub(crate) fn check_index(index: usize) -> PyResult<()> {
    if index < MOVE_SPACE {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "move index {index} out of range: expected 0 to {}",
            MOVE_SPACE - 1
        )))
    }
}

/// `from c3 to c4` for an index in range.
pub(crate) fn index_text(index: usize) -> String {
    let sq = |i: usize| {
        u8::try_from(i)
            .ok()
            .and_then(Square::new)
            .map_or_else(|| "?".to_string(), |s| s.to_string())
    };
    format!("from {} to {}", sq(index / 64), sq(index % 64))
}

fn numpy(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("numpy").map_err(|e| {
        PyImportError::new_err(format!(
            "the array encodings need NumPy (pip install numpy): {e}"
        ))
    })
}

/// The planes of one position as `f32` values in `[plane][rank][file]`
/// order, written into `out` (length `PLANES * 64`).
pub(crate) fn write_planes(pos: &Position, out: &mut [f32]) {
    out.fill(0.0);
    let boards = [
        pos.pieces_of(Color::White, Role::Man),
        pos.pieces_of(Color::White, Role::King),
        pos.pieces_of(Color::Black, Role::Man),
        pos.pieces_of(Color::Black, Role::King),
    ];
    for (plane, bb) in boards.iter().enumerate() {
        for sq in bb.iter() {
            // Square index is rank * 8 + file: the same order as the plane.
            out[plane * 64 + sq.index()] = 1.0;
        }
    }
    if pos.turn() == Color::White {
        out[4 * 64..5 * 64].fill(1.0);
    }
}

/// `numpy.ndarray` of `float32`, shape `(5, 8, 8)`.
pub(crate) fn planes<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyAny>> {
    let mut values = [0f32; PLANES * 64];
    write_planes(pos, &mut values);
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    let np = numpy(py)?;
    let buf = PyByteArray::new(py, &bytes);
    np.call_method1("frombuffer", (buf, "float32"))?
        .call_method1("reshape", ((PLANES, 8, 8),))
}

/// `numpy.ndarray` of `bool`, shape `(4096,)`, true at legal indices.
pub(crate) fn mask<'py>(py: Python<'py>, moves: &MoveList) -> PyResult<Bound<'py, PyAny>> {
    let mut bytes = vec![0u8; MOVE_SPACE];
    for mv in moves.iter() {
        bytes[move_index(mv)] = 1;
    }
    let np = numpy(py)?;
    let buf = PyByteArray::new(py, &bytes);
    np.call_method1("frombuffer", (buf, "bool"))
}
