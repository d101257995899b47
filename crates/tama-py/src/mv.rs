//! `tama.Move` and `tama.Outcome`, and reading rules and position text.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tama_core::{Color, Move, Outcome, Position, Rules, Square};
use tama_notation::pdn::GameResult;
use tama_notation::{
    move_json, parse_fen, parse_move, parse_rules, write_fen, write_move, write_rules,
};

use crate::encode;
use crate::errors::{fen_error, move_error, rules_error};
use crate::json::to_py;

/// What `__reduce__` returns: a function and its arguments.
pub(crate) type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// Reads a rules text (`armenian`, `turkish,draw-one-each=no`, …).
pub(crate) fn rules_from_text(text: &str) -> PyResult<Rules> {
    parse_rules(text).map_err(|e| rules_error(&e))
}

/// Reads a position text (FEN).
pub(crate) fn position_from_text(text: &str) -> PyResult<Position> {
    parse_fen(text)
        .map(|f| f.position)
        .map_err(|e| fen_error(&e))
}

/// A move of a position, identified by its effect: where the piece starts
/// and ends, which pieces it captures and whether it is crowned.
///
/// `str(move)` is the canonical move text (`c3-c4`, `d4xd6xf6`); two moves
/// are equal when they have the same effect. A move remembers the position
/// it was made for, so that its text and path can be written.
#[pyclass(module = "tama", name = "Move", frozen, freelist = 4096)]
#[derive(Clone)]
pub struct PyMove {
    pub(crate) mv: Move,
    pub(crate) pos: Position,
    pub(crate) rules: Rules,
}

impl PyMove {
    pub(crate) fn new(mv: Move, pos: Position, rules: Rules) -> PyMove {
        PyMove { mv, pos, rules }
    }

    /// The canonical move text.
    pub(crate) fn text(&self) -> String {
        write_move(&self.pos, &self.rules, &self.mv)
    }
}

#[pymethods]
impl PyMove {
    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMove>().is_ok_and(|o| o.get().mv == self.mv)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.mv.hash(&mut h);
        h.finish()
    }

    /// The start square, then every landing square (a quiet move has two).
    #[getter]
    fn path(&self) -> Vec<String> {
        self.pos
            .path(&self.rules, &self.mv)
            .iter()
            .map(Square::to_string)
            .collect()
    }

    /// The squares of the captured pieces, in the order the path jumps
    /// them (empty for a quiet move).
    #[getter]
    fn captures(&self) -> Vec<String> {
        move_json(&self.pos, &self.rules, &self.mv).captures
    }

    /// Whether the moving man becomes a king.
    #[getter]
    fn promotes(&self) -> bool {
        self.mv.promotes()
    }

    /// Whether the move captures.
    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// The start square (`"c3"`).
    #[getter(from_square)]
    fn start_square(&self) -> String {
        self.mv.from().to_string()
    }

    /// The end square (`"c4"`).
    #[getter(to_square)]
    fn end_square(&self) -> String {
        self.mv.to().to_string()
    }

    /// The move's place in the fixed move space of 4096 entries:
    /// `from * 64 + to`, squares numbered `a1 = 0, b1 = 1, …, h8 = 63`.
    /// `Board.move_from_index` turns it back into a legal move. Not unique:
    /// captures with the same start and end squares that take different
    /// pieces share it (rare; `Board.moves_from_index` lists them). For a
    /// number unique to each legal move use `action()`.
    fn index(&self) -> usize {
        encode::move_index(&self.mv)
    }

    /// The move's action in its position: a number below `ACTION_SPACE`,
    /// unique among the position's legal moves (see `Board.action`).
    fn action(&self) -> PyResult<usize> {
        let moves = crate::legal::generate(&self.pos, &self.rules);
        crate::actions::ActionTable::new(&moves)
            .action(&self.mv)
            .ok_or_else(|| crate::actions::no_action(&self.text()))
    }

    /// Pickling: the position text, rules text and move text, read back
    /// by `parse_move` on unpickling.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String, String, String)> {
        let restore = py.get_type::<PyMove>().getattr("_restore")?;
        Ok((
            restore,
            (write_fen(&self.pos), write_rules(&self.rules), self.text()),
        ))
    }

    /// Rebuilds a pickled move.
    #[staticmethod]
    fn _restore(fen: &str, rules: &str, text: &str) -> PyResult<PyMove> {
        let rules = rules_from_text(rules)?;
        let pos = position_from_text(fen)?;
        let mv = parse_move(text, &pos, &rules).map_err(|e| move_error(&e))?;
        Ok(PyMove::new(mv, pos, rules))
    }

    /// The JSON form, as `tama moves --json` writes it: `{"move", "from",
    /// "to", "path", "captures", "promotes"}`.
    pub(crate) fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(move_json(&self.pos, &self.rules, &self.mv))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_py(py, &value)
    }
}

/// How a game ended: `termination` (on the board `"no_legal_moves"`,
/// `"repetition"`, `"one_piece_each"`; off it `"resignation"`,
/// `"agreement"`, `"adjudication"`, `"time_forfeit"`) and `winner` (`True`
/// White, `False` Black, `None` a draw).
#[pyclass(module = "tama", name = "Outcome", frozen, get_all)]
#[derive(Clone)]
pub struct PyOutcome {
    /// Why the game ended, in snake case.
    pub termination: String,
    /// `True` when White won, `False` when Black won, `None` for a draw.
    pub winner: Option<bool>,
}

impl PyOutcome {
    pub(crate) fn from_outcome(o: &Outcome) -> PyOutcome {
        PyOutcome {
            termination: snake_case(&format!("{:?}", o.termination)),
            winner: o.winner.map(|c| c == Color::White),
        }
    }
}

/// `NoLegalMoves` → `no_legal_moves`.
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[pymethods]
impl PyOutcome {
    /// The result as PDN writes it: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => GameResult::WhiteWins,
            Some(false) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
        .as_str()
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination='{}', winner={winner})",
            self.termination
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyOutcome>().is_ok_and(|o| {
            let o = o.get();
            o.termination == self.termination && o.winner == self.winner
        })
    }
}
