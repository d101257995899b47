//! The Python exceptions and the conversions from the libraries' errors.
//!
//! Every exception is a `ValueError` subclass carrying the library's own
//! message (which names the problem and where it is), plus the place as
//! attributes (`column`, and `line` for PDN) where the library gives one.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{create_exception, PyErr};
use tama_notation::pdn::PdnError as RsPdnError;
use tama_notation::{FenError as RsFenError, ParseMoveError, RulesError as RsRulesError};

create_exception!(
    tama,
    FenError,
    PyValueError,
    "A position text (FEN) that cannot be read; `column` is where (1-based)."
);
create_exception!(
    tama,
    MoveTextError,
    PyValueError,
    "A move text that is not move text; `column` is where (1-based)."
);
create_exception!(
    tama,
    RulesError,
    PyValueError,
    "A rules text that cannot be read; `column` is where (1-based)."
);
create_exception!(
    tama,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal (or is ambiguous) in the position."
);
create_exception!(
    tama,
    PdnError,
    PyValueError,
    "A PDN game record that cannot be read; `line` and `column` say where (1-based; 0 when the game has no text)."
);

/// An exception instance with extra attributes set on it.
fn with_attrs(err: PyErr, attrs: &[(&str, usize)]) -> PyErr {
    Python::attach(|py| {
        let value = err.value(py);
        for (name, v) in attrs {
            // Setting an attribute on a fresh exception instance cannot
            // fail; if it ever did, the message alone is still right.
            let _ = value.setattr(*name, *v);
        }
    });
    err
}

pub(crate) fn fen_error(e: &RsFenError) -> PyErr {
    with_attrs(
        FenError::new_err(format!("position text: {e}")),
        &[("column", e.column)],
    )
}

pub(crate) fn rules_error(e: &RsRulesError) -> PyErr {
    with_attrs(
        RulesError::new_err(format!("rules text: {e}")),
        &[("column", e.column)],
    )
}

pub(crate) fn move_error(e: &ParseMoveError) -> PyErr {
    match e {
        ParseMoveError::Syntax(s) => with_attrs(
            MoveTextError::new_err(format!("move text: {s}")),
            &[("column", s.column)],
        ),
        ParseMoveError::Resolve(r) => IllegalMoveError::new_err(r.to_string()),
    }
}

pub(crate) fn pdn_error(e: &RsPdnError) -> PyErr {
    with_attrs(
        PdnError::new_err(e.to_string()),
        &[("line", e.line), ("column", e.column)],
    )
}

/// Registers the exception classes on the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("MoveTextError", py.get_type::<MoveTextError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("PdnError", py.get_type::<PdnError>())?;
    Ok(())
}
