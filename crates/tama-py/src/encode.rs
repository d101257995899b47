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

use numpy::ndarray::{Array4, ArrayView3, ShapeError};
use numpy::{PyArray3, PyArray4};
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

/// NumPy's `ndarray` type and its `bool` element type, looked up once.
struct Numpy {
    ndarray: Py<PyAny>,
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
            bool_: dtype.call1(("bool",))?.unbind(),
        })
    })
}

/// A `bool` array of `shape` over `buffer` (a `bytearray` it keeps:
/// writable and the caller's own).
fn bool_array<'py>(
    py: Python<'py>,
    buffer: Bound<'py, PyByteArray>,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let shape = PyTuple::new(py, shape)?;
    np.ndarray
        .bind(py)
        .call1((shape, np.bool_.bind(py), buffer))
}

/// The planes of one position in `[plane][rank][file]` order, written
/// into `out` (length `PLANES * 64`, zeroed).
pub(crate) fn write_planes(pos: &Position, out: &mut [f32]) {
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

fn shape_error(e: ShapeError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// `numpy.ndarray` of `float32`, shape `(5, 8, 8)`: the planes written on
/// the stack, then copied into an array made through NumPy's C API (one
/// call, no Python constructor).
pub(crate) fn planes<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyAny>> {
    numpy(py)?; // a clear ImportError without NumPy
    let mut planes = [0f32; PLANES * 64];
    write_planes(pos, &mut planes);
    let view = ArrayView3::from_shape((PLANES, 8, 8), &planes[..]).map_err(shape_error)?;
    Ok(PyArray3::from_array(py, &view).into_any())
}

/// `numpy.ndarray` of `float32`, shape `(len(positions), 5, 8, 8)`: the
/// planes of many positions in one array (NumPy takes the Rust buffer
/// without copying it).
pub(crate) fn planes_batch<'py>(
    py: Python<'py>,
    positions: &[Position],
) -> PyResult<Bound<'py, PyAny>> {
    numpy(py)?; // a clear ImportError without NumPy
    const SIZE: usize = PLANES * 64;
    let mut planes = vec![0f32; positions.len() * SIZE];
    for (pos, out) in positions.iter().zip(planes.chunks_exact_mut(SIZE)) {
        write_planes(pos, out);
    }
    let array =
        Array4::from_shape_vec((positions.len(), PLANES, 8, 8), planes).map_err(shape_error)?;
    Ok(PyArray4::from_owned_array(py, array).into_any())
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
    bool_array(py, buf, shape)
}

/// `numpy.ndarray` of `bool`, shape `(4096,)`, true at legal indices.
pub(crate) fn mask<'py>(py: Python<'py>, moves: &[Move]) -> PyResult<Bound<'py, PyAny>> {
    bool_array_with(py, MOVE_SPACE, &[MOVE_SPACE], |bytes| {
        for mv in moves.iter() {
            bytes[move_index(mv)] = 1;
        }
    })
}
