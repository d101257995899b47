//! Python bindings of tama (the `tama` package, module `tama._tama`).
//!
//! The Python API lives in `python/tama/` (re-exports, the `tama.pdn`
//! module, type stubs); this crate holds the classes: `Board` (board.rs),
//! `Move`, `Outcome` (mv.rs), `MoveList` (moves.rs), `Engine`, `Score`, `Line` (engine.rs), the PDN
//! `Game`, `Node` and reader (pdn.rs), the array encodings (encode.rs), the legal moves generated into a reused list (legal.rs), actions (actions.rs), functions over many boards (batch.rs), the batched environment `VecEnv` (vecenv.rs) and
//! the exceptions (errors.rs). Build it with maturin
//! (`pip install ./crates/tama-py`); `cargo build` alone checks it.

#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod actions;
mod batch;
mod board;
mod encode;
mod engine;
mod errors;
mod json;
mod legal;
mod moves;
mod mv;
mod pdn;
mod vecenv;

use pyo3::prelude::*;

/// The Rust extension module behind the `tama` package.
#[pymodule]
fn _tama(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::PyBoard>()?;
    m.add_class::<mv::PyMove>()?;
    m.add_class::<moves::PyMoveList>()?;
    m.add_class::<mv::PyOutcome>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::PyScore>()?;
    m.add_class::<engine::PyLine>()?;
    m.add_class::<pdn::PyPdnGame>()?;
    m.add_class::<pdn::PyNode>()?;
    m.add_class::<pdn::PyPdnReader>()?;
    m.add_class::<vecenv::PyVecEnv>()?;
    errors::register(m)?;
    m.add("MOVE_SPACE", encode::MOVE_SPACE)?;
    m.add("PLANES", encode::PLANES)?;
    m.add("ACTION_SPACE", actions::ACTION_SPACE)?;
    m.add_function(wrap_pyfunction!(batch::boards_to_array, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_action_masks, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
