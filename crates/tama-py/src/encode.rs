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
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyTuple};
use tama_core::{Color, Move, Position, Role, Square};

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

/// NumPy's `ndarray` type and the two element types, looked up once.
struct Numpy {
    ndarray: Py<PyAny>,
    float32: Py<PyAny>,
    bool_: Py<PyAny>,
}

static NUMPY: PyOnceLock<Numpy> = PyOnceLock::new();

fn numpy(py: Python<'_>) -> PyResult<&Numpy> {
    NUMPY.get_or_try_init(py, || {
        let np = py.import("numpy").map_err(|e| {
            PyImportError::new_err(format!(
                "the array encodings need NumPy (pip install numpy): {e}"
            ))
        })?;
        let dtype = np.getattr("dtype")?;
        Ok(Numpy {
            ndarray: np.getattr("ndarray")?.unbind(),
            float32: dtype.call1(("float32",))?.unbind(),
            bool_: dtype.call1(("bool",))?.unbind(),
        })
    })
}

/// An array of `shape` over `buffer` (a `bytearray` it keeps: writable and
/// the caller's own).
fn array<'py>(
    py: Python<'py>,
    buffer: Bound<'py, PyByteArray>,
    shape: &[usize],
    float: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let dtype = if float { &np.float32 } else { &np.bool_ };
    let shape = PyTuple::new(py, shape)?;
    np.ndarray.bind(py).call1((shape, dtype.bind(py), buffer))
}

/// The bytes of `1.0f32`.
const ONE: [u8; 4] = 1.0f32.to_ne_bytes();

/// The planes of one position as `float32` bytes in `[plane][rank][file]`
/// order, written into `out` (length `PLANES * 64 * 4`, zeroed).
pub(crate) fn write_plane_bytes(pos: &Position, out: &mut [u8]) {
    let boards = [
        pos.pieces_of(Color::White, Role::Man),
        pos.pieces_of(Color::White, Role::King),
        pos.pieces_of(Color::Black, Role::Man),
        pos.pieces_of(Color::Black, Role::King),
    ];
    for (plane, bb) in boards.iter().enumerate() {
        for sq in bb.iter() {
            // Square index is rank * 8 + file: the same order as the plane.
            let at = (plane * 64 + sq.index()) * 4;
            out[at..at + 4].copy_from_slice(&ONE);
        }
    }
    if pos.turn() == Color::White {
        for chunk in out[4 * 256..5 * 256].chunks_exact_mut(4) {
            chunk.copy_from_slice(&ONE);
        }
    }
}

/// `numpy.ndarray` of `float32`, shape `(5, 8, 8)`.
pub(crate) fn planes<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyAny>> {
    let buf = PyByteArray::new_with(py, PLANES * 64 * 4, |bytes| {
        write_plane_bytes(pos, bytes);
        Ok(())
    })?;
    array(py, buf, &[PLANES, 8, 8], true)
}

/// `numpy.ndarray` of `float32`, shape `(len(positions), 5, 8, 8)`: the
/// planes of many positions in one array.
pub(crate) fn planes_batch<'py>(
    py: Python<'py>,
    positions: &[Position],
) -> PyResult<Bound<'py, PyAny>> {
    const SIZE: usize = PLANES * 64 * 4;
    let buf = PyByteArray::new_with(py, positions.len() * SIZE, |bytes| {
        for (pos, out) in positions.iter().zip(bytes.chunks_exact_mut(SIZE)) {
            write_plane_bytes(pos, out);
        }
        Ok(())
    })?;
    array(py, buf, &[positions.len(), PLANES, 8, 8], true)
}

/// `numpy.ndarray` of `bool` with `shape`, its bytes written by `fill`
/// (zeroed before).
pub(crate) fn bool_array_with<'py>(
    py: Python<'py>,
    len: usize,
    shape: &[usize],
    fill: impl FnOnce(&mut [u8]),
) -> PyResult<Bound<'py, PyAny>> {
    let buf = PyByteArray::new_with(py, len, |bytes| {
        fill(bytes);
        Ok(())
    })?;
    array(py, buf, shape, false)
}

/// `numpy.ndarray` of `bool`, shape `(4096,)`, true at legal indices.
pub(crate) fn mask<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyAny>> {
    bool_array_with(py, MOVE_SPACE, &[MOVE_SPACE], |bytes| {
        for mv in moves.iter() {
            bytes[move_index(mv)] = 1;
        }
    })
}
