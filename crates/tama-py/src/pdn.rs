//! `tama.pdn`: reading and writing PDN game records.
//!
//! The Rust side gives a reader that yields, per game, either a `Game` or
//! the `PdnError` instance for that game (not raised); the Python module
//! `tama.pdn` decides what to do with errors (`read(..., errors=...)`).

use std::fs::File;
use std::io::{Cursor, Read};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tama_core::{Game, Position, Rules};
use tama_notation::pdn::{GameResult, Line, Node, PdnGame, PdnReader};

use crate::board::PyBoard;
use crate::errors::pdn_error;
use crate::json::{from_py, to_py};
use crate::mv::PyMove;

type Source = Box<dyn Read + Send + Sync>;

/// A streaming reader over a PDN text or file: only the game being read is
/// in memory. Use `tama.pdn.read`.
#[pyclass(module = "tama.pdn", name = "Reader")]
pub struct PyPdnReader {
    inner: Option<PdnReader<Source>>,
}

/// The `OSError` of a file that cannot be read, naming it as Python's
/// own `open` does (`FileNotFoundError: [Errno 2] No such file or
/// directory: 'games.pdn'`): the error number picks the subclass.
pub(crate) fn file_error(e: &std::io::Error, path: &std::path::Path) -> PyErr {
    let text = e.to_string();
    // The io::Error text ends in "(os error N)": Python adds its own
    // "[Errno N]".
    let message = text
        .rsplit_once(" (os error")
        .map_or(text.as_str(), |(m, _)| m)
        .to_string();
    match e.raw_os_error() {
        Some(code) => pyo3::exceptions::PyOSError::new_err((
            code,
            message,
            path.to_string_lossy().into_owned(),
        )),
        None => pyo3::exceptions::PyOSError::new_err(format!("{}: {message}", path.display())),
    }
}

#[pymethods]
impl PyPdnReader {
    /// A reader over PDN text.
    #[staticmethod]
    fn from_text(text: String) -> PyPdnReader {
        let source: Source = Box::new(Cursor::new(text.into_bytes()));
        PyPdnReader {
            inner: Some(PdnReader::new(source)),
        }
    }

    /// A reader over PDN bytes (UTF-8; a bad byte is reported as the
    /// game's error, with its place).
    #[staticmethod]
    fn from_bytes(data: Vec<u8>) -> PyPdnReader {
        let source: Source = Box::new(Cursor::new(data));
        PyPdnReader {
            inner: Some(PdnReader::new(source)),
        }
    }

    /// A reader over the file at `path` (`OSError` naming the file when it
    /// cannot be opened: `FileNotFoundError`, `PermissionError`, …).
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<PyPdnReader> {
        let file = File::open(&path).map_err(|e| file_error(&e, &path))?;
        let source: Source = Box::new(file);
        Ok(PyPdnReader {
            inner: Some(PdnReader::new(source)),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game (a `Game`), or the `PdnError` of a game that cannot
    /// be read (returned, not raised); `StopIteration` at the end.
    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(reader) = self.inner.as_mut() else {
            return Ok(None);
        };
        // Reading and replaying a game needs no Python objects: let other
        // threads run meanwhile.
        let next = py.detach(|| reader.next());
        match next {
            None => {
                self.inner = None;
                Ok(None)
            }
            Some(Ok(game)) => Ok(Some(Bound::new(py, PyPdnGame { game })?.into_any())),
            Some(Err(e)) => Ok(Some(pdn_error(&e).into_value(py).into_bound(py).into_any())),
        }
    }
}

/// One move of a game record with what is written around it.
#[pyclass(module = "tama.pdn", name = "Node", frozen, get_all)]
pub struct PyNode {
    /// The move.
    #[pyo3(name = "move")]
    mv: PyMove,
    /// Comments written before the move.
    comments_before: Vec<String>,
    /// Comments written after the move.
    comments_after: Vec<String>,
    /// Numeric annotation glyphs (`$1` → 1).
    nags: Vec<u16>,
    /// The move's annotation mark (`!`, `?!`, …) or `None`.
    annotation: Option<String>,
    /// Alternatives to this move, each a list of nodes starting from the
    /// position before it.
    variations: Vec<Vec<Py<PyNode>>>,
}

#[pymethods]
impl PyNode {
    fn __repr__(&self) -> String {
        format!("Node('{}')", self.mv.text())
    }
}

fn line_nodes(py: Python<'_>, line: &Line, rules: &Rules) -> PyResult<Vec<Py<PyNode>>> {
    let mut pos = *line.start();
    let mut out = Vec::with_capacity(line.len());
    for node in line.nodes() {
        out.push(Py::new(py, node_to_py(py, node, pos, rules)?)?);
        pos = pos.play_unchecked(&node.mv());
    }
    Ok(out)
}

fn node_to_py(py: Python<'_>, node: &Node, pos: Position, rules: &Rules) -> PyResult<PyNode> {
    Ok(PyNode {
        mv: PyMove::new(node.mv(), pos, *rules),
        comments_before: node.comments_before().to_vec(),
        comments_after: node.comments_after().to_vec(),
        nags: node.nags().iter().map(|&n| u16::from(n)).collect(),
        annotation: node.annotation().map(|a| a.to_string()),
        variations: node
            .variations()
            .iter()
            .map(|v| line_nodes(py, v, rules))
            .collect::<PyResult<_>>()?,
    })
}

/// A game record: tags, the start position and rules, the main line with
/// comments and variations, and the result.
///
/// `str(game)` and `to_pdn()` give the canonical PDN text, which
/// `tama.pdn.read` reads back to an equal game; `to_json()` gives the JSON
/// form of `tama pdn json`, which `Game.from_json` reads.
#[pyclass(module = "tama.pdn", name = "Game", frozen)]
pub struct PyPdnGame {
    game: PdnGame,
}

#[pymethods]
impl PyPdnGame {
    /// Every tag as written, in order, structural ones (`Result`,
    /// `GameType`, `Rules`, `FEN`, `SetUp`) included.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let json = serde_json::to_value(&self.game).map_err(json_err)?;
        let d = PyDict::new(py);
        if let Some(tags) = json.get("tags").and_then(|t| t.as_object()) {
            for (k, v) in tags {
                d.set_item(k, v.as_str().unwrap_or_default())?;
            }
        }
        Ok(d)
    }

    /// The value of one tag, or `None`.
    fn tag(&self, name: &str) -> Option<String> {
        self.game.tag(name)
    }

    /// The rules text (`"armenian"`, …).
    #[getter]
    fn rules(&self) -> String {
        tama_notation::write_rules(self.game.rules())
    }

    /// The position text of the start position.
    #[getter]
    fn fen(&self) -> String {
        tama_notation::write_fen(self.game.start())
    }

    /// The result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.game.result().as_str()
    }

    /// The comments written before the first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.game.comments().to_vec()
    }

    /// The main line as `Node` objects (move, comments, NAGs, variations).
    #[getter]
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<PyNode>>> {
        line_nodes(py, self.game.main_line(), self.game.rules())
    }

    /// The moves of the main line.
    #[getter]
    fn moves(&self) -> Vec<PyMove> {
        let rules = *self.game.rules();
        let line = self.game.main_line();
        let mut pos = *line.start();
        line.moves()
            .map(|m| {
                let wrapped = PyMove::new(m, pos, rules);
                pos = pos.play_unchecked(&m);
                wrapped
            })
            .collect()
    }

    /// A `Board` at the end of the main line, with its moves as history
    /// and the game's ending (an ending off the board comes from the
    /// result and the `Termination` tag).
    fn board(&self) -> PyBoard {
        if let Ok(game) = self.game.to_game() {
            return PyBoard::from_game(game);
        }
        // The result does not fit the board (a record written by hand):
        // the moves alone.
        let mut game = Game::from_position(*self.game.rules(), *self.game.start());
        for m in self.game.moves() {
            if game.play(&m).is_err() {
                break;
            }
        }
        PyBoard::from_game(game)
    }

    /// The canonical PDN text, ending with a blank line.
    fn to_pdn(&self) -> String {
        self.game.to_pdn()
    }

    /// The JSON form (as a dict) of `tama pdn json`.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(&self.game).map_err(json_err)?;
        to_py(py, &value)
    }

    /// Reads the JSON form: a dict or a JSON text. Raises `PdnError` when
    /// it is not a valid game.
    #[staticmethod]
    fn from_json(value: &Bound<'_, PyAny>) -> PyResult<PyPdnGame> {
        let parsed = if let Ok(text) = value.extract::<String>() {
            serde_json::from_str::<PdnGame>(&text)
        } else {
            serde_json::from_value::<PdnGame>(from_py(value)?)
        };
        parsed
            .map(|game| PyPdnGame { game })
            .map_err(|e| crate::errors::PdnError::new_err(format!("JSON game: {e}")))
    }

    /// A game record of a board's moves from its start position, with
    /// free-form `tags` (e.g. `{"White": "tama", "Event": "self-play"}`).
    /// The result is the board's outcome when the game is over (an ending
    /// off the board also writes a `Termination` tag), else `result`
    /// (`"*"` by default). `ValueError` for a tag PDN cannot hold or a
    /// `result` that disagrees with the board's outcome.
    #[staticmethod]
    #[pyo3(signature = (board, tags = None, result = None))]
    fn from_board(
        board: PyRef<'_, PyBoard>,
        tags: Option<Bound<'_, PyDict>>,
        result: Option<&str>,
    ) -> PyResult<PyPdnGame> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(tags) = tags {
            for (k, v) in tags.iter() {
                pairs.push((k.extract()?, v.str()?.to_string()));
            }
        }
        let mut game = PdnGame::from_game(
            board.game(),
            pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )
        .map_err(|e| PyValueError::new_err(format!("tag: {e}")))?;
        if let Some(text) = result {
            let r: GameResult = text
                .parse()
                .map_err(|e| PyValueError::new_err(format!("result: {e}")))?;
            if board.game().outcome().is_some() && r != game.result() {
                return Err(PyValueError::new_err(format!(
                    "result {text} disagrees with the board's outcome {}",
                    game.result().as_str()
                )));
            }
            game.set_result(r);
        }
        Ok(PyPdnGame { game })
    }

    fn __str__(&self) -> String {
        self.game.to_pdn()
    }

    fn __repr__(&self) -> String {
        let name = |t: &str| self.game.tag(t).unwrap_or_else(|| "?".to_string());
        format!(
            "Game(White='{}', Black='{}', moves={}, result='{}')",
            name("White"),
            name("Black"),
            self.game.main_line().len(),
            self.game.result().as_str()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPdnGame>()
            .is_ok_and(|o| o.get().game == self.game)
    }
}

fn json_err(e: serde_json::Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}
