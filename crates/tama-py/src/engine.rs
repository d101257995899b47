//! `tama.Engine`, `tama.Score` and `tama.Line`: the search from Python.
//!
//! The search runs with the GIL released, so other Python threads keep
//! running; the engine sits behind a mutex (a second search on the same
//! engine waits for the first) and `stop()` reaches a running search
//! through the engine's stop handle without taking that mutex.

use std::cell::Cell;
use std::ops::RangeInclusive;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use pyo3::IntoPyObjectExt;
use tama_api::bounds;
use tama_core::{Game, Position, Rules};
use tama_search::options::{self, OptionValue};
use tama_search::{
    Engine, EngineConfig, Info, InfoKind, LimitBounds, Limits, Score, ScoreKind, SearchResult,
    StopHandle,
};

use crate::board::PyBoard;
use crate::json::to_py;
use crate::mv::PyMove;

/// A search score from the point of view of the side to move: centi-men
/// (`cm`, hundredths of a man), or a forced win or loss in a number of
/// plies (`win`, `loss`); the two others are `None`. `str(score)` is
/// `+0.35`, `win in 7` or `loss in 4`.
#[pyclass(module = "tama", name = "Score", frozen)]
#[derive(Clone)]
pub struct PyScore {
    score: Score,
}

#[pymethods]
impl PyScore {
    /// The evaluation in centi-men, or `None` for a win or a loss.
    #[getter]
    fn cm(&self) -> Option<i32> {
        match self.score.kind() {
            ScoreKind::CentiMen(cm) => Some(cm),
            _ => None,
        }
    }

    /// Plies to a forced win of the side to move, or `None`.
    #[getter]
    fn win(&self) -> Option<u32> {
        match self.score.kind() {
            ScoreKind::Win(n) => Some(n),
            _ => None,
        }
    }

    /// Plies to a forced loss of the side to move, or `None`.
    #[getter]
    fn loss(&self) -> Option<u32> {
        match self.score.kind() {
            ScoreKind::Loss(n) => Some(n),
            _ => None,
        }
    }

    /// The score as one ordered number: centi-men, or ±(30000 − plies)
    /// for wins and losses.
    #[getter]
    fn raw(&self) -> i32 {
        self.score.raw()
    }

    /// The JSON form of `tama analyse --json`: `{"cm": 35}`, `{"win": 7}`
    /// or `{"loss": 4}`.
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        // The score's own serde form, the one every front end prints.
        let value =
            serde_json::to_value(self.score).map_err(|e| PyValueError::new_err(e.to_string()))?;
        to_py(py, &value)
    }

    fn __str__(&self) -> String {
        self.score.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Score('{}')", self.score)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyScore>()
            .is_ok_and(|o| o.get().score == self.score)
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.score.raw().unsigned_abs()) ^ u64::from(self.score.raw() < 0)
    }

    fn __lt__(&self, other: PyRef<'_, PyScore>) -> bool {
        self.score < other.score
    }

    fn __le__(&self, other: PyRef<'_, PyScore>) -> bool {
        self.score <= other.score
    }

    fn __gt__(&self, other: PyRef<'_, PyScore>) -> bool {
        self.score > other.score
    }

    fn __ge__(&self, other: PyRef<'_, PyScore>) -> bool {
        self.score >= other.score
    }
}

/// One line of an analysis: the score, the iteration it comes from
/// (`depth`, and `partial` when that iteration was stopped before it
/// completed), and the principal variation (`pv`, Move objects from the
/// analysed position; `pv[0]` is `move`).
#[pyclass(module = "tama", name = "Line", frozen, get_all)]
pub struct PyLine {
    /// The line's first move.
    #[pyo3(name = "move")]
    mv: PyMove,
    /// The score for the side to move.
    score: PyScore,
    /// The principal variation, starting with `move`.
    pv: Vec<PyMove>,
    /// The iteration the line comes from, in plies: the last completed
    /// one, or the one the search stopped in when it had found its best
    /// move there (then `partial`); 0 for a forced move, which is returned
    /// without a search.
    depth: u32,
    /// Whether iteration `depth` was stopped before it completed: the
    /// move and line are the best of the root moves it had searched, not
    /// a completed iteration's (`bestmove … depth 7 (partial)` in `tama
    /// analyse`). Always `False` for the lines given to `info`.
    partial: bool,
    /// The deepest ply reached.
    seldepth: u32,
    /// Nodes searched in all.
    nodes: u64,
    /// Seconds the search took.
    time: f64,
    /// 1 for the best line, 2 for the second best, ….
    multipv: usize,
}

#[pymethods]
impl PyLine {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(PyMove::text).collect();
        format!(
            "Line(multipv={}, depth={}{}, score='{}', pv='{}')",
            self.multipv,
            self.depth,
            if self.partial { ", partial=True" } else { "" },
            self.score.score,
            pv.join(" ")
        )
    }
}

/// Wraps the moves of a principal variation, each with its position.
fn pv_moves(root: &Position, rules: &Rules, pv: &[tama_core::Move]) -> Vec<PyMove> {
    let mut pos = *root;
    let mut out = Vec::with_capacity(pv.len());
    for mv in pv {
        if !pos.is_legal(rules, mv) {
            break;
        }
        out.push(PyMove::new(*mv, pos, *rules));
        pos = pos.play_unchecked(mv);
    }
    out
}

/// The search engine: iterative deepening alpha-beta with a transposition
/// table of `hash_mib` MiB (1 to 65536) and `threads` search threads (1 to
/// 256). Other options of the engine's registry (`Engine.options()`) are
/// keywords: `Engine(lmr=False, king=400)`. `book` is `True` (the opening
/// book built in for the board's rules, the default), `False`, or a book
/// file of `tama book build` (a `str` or `pathlib.Path`), played for its
/// own rules.
///
/// `analyse(board, depth=…, movetime=…, nodes=…, multipv=…)` returns the
/// best lines, `play(board, …)` the best move. Give at least one limit;
/// `movetime` is in seconds. The search runs without holding the GIL and
/// `stop()`, called from another thread, ends the running search early
/// (it returns its best result so far).
#[pyclass(module = "tama", name = "Engine", frozen)]
pub struct PyEngine {
    engine: Mutex<Engine>,
    stop: StopHandle,
}

/// The limits from the keyword arguments (`movetime` in seconds), checked
/// by [`Limits::checked`] against what the engine bounds.
fn limits(depth: Option<u32>, movetime: Option<f64>, nodes: Option<u64>) -> PyResult<Limits> {
    let movetime = movetime
        .map(|t| {
            Duration::try_from_secs_f64(t).map_err(|_| {
                PyValueError::new_err(format!("movetime {t}: expected a number of seconds"))
            })
        })
        .transpose()?;
    let l = Limits::checked(depth, nodes, movetime, LimitBounds::ENGINE)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if l.is_unlimited() {
        return Err(PyValueError::new_err(
            "no search limit: give depth, movetime (seconds) or nodes",
        ));
    }
    Ok(l)
}

/// `value` if it is in `range` (one of tama-api's bounds).
fn in_range(name: &str, value: usize, range: RangeInclusive<i64>) -> PyResult<usize> {
    let (min, max) = range.into_inner();
    if i64::try_from(value).is_ok_and(|v| (min..=max).contains(&v)) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "{name} {value} out of range: expected {min} to {max}"
        )))
    }
}

/// The text of an option value given from Python (bool, int, float, str).
fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() {
        return Ok(value.extract::<bool>()?.to_string());
    }
    if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>() {
        return Ok(value.str()?.to_string());
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_string());
    }
    // A path (`os.PathLike`), for `book=FILE`.
    if let Ok(path) = value.extract::<std::path::PathBuf>() {
        return Ok(path.to_string_lossy().into_owned());
    }
    Err(PyValueError::new_err(format!(
        "an option value must be a bool, int, float, str or path, not {}",
        value.get_type().name()?
    )))
}

fn option_value(py: Python<'_>, v: OptionValue) -> PyResult<Bound<'_, PyAny>> {
    match v {
        OptionValue::Bool(b) => b.into_bound_py_any(py),
        OptionValue::Int(n) => n.into_bound_py_any(py),
        OptionValue::Real(x) => x.into_bound_py_any(py),
        OptionValue::Choice(w) => w.into_bound_py_any(py),
    }
}

thread_local! {
    /// The address of the engine whose search runs a Python `info`
    /// callback on this thread (0: none). Using that engine from the
    /// callback would wait for the search that is waiting for the callback.
    static IN_CALLBACK: Cell<usize> = const { Cell::new(0) };
}

/// A progress report as a `Line`.
fn info_line(info: &Info, root: &Position, rules: &Rules) -> Option<PyLine> {
    let first = *info.pv.first()?;
    Some(PyLine {
        mv: PyMove::new(first, *root, *rules),
        score: PyScore { score: info.score },
        pv: pv_moves(root, rules, &info.pv),
        depth: info.depth,
        partial: false,
        seldepth: info.seldepth,
        nodes: info.nodes,
        time: info.time.as_secs_f64(),
        multipv: info.multipv,
    })
}

impl PyEngine {
    fn address(&self) -> usize {
        std::ptr::from_ref(self) as usize
    }

    /// Runs `f` on the engine with the GIL released, once the engine is
    /// free (a running search ends first). `RuntimeError` when called from
    /// an `info` callback of this engine's own search.
    fn with_engine<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Engine) -> R + Send,
    ) -> PyResult<R> {
        if IN_CALLBACK.with(Cell::get) == self.address() {
            return Err(PyRuntimeError::new_err(
                "cannot use an engine from inside an info callback of its own search",
            ));
        }
        Ok(py.detach(|| {
            let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
            f(&mut engine)
        }))
    }

    /// Runs a search on a copy of the board's game with the GIL released,
    /// calling `info` (with the GIL) after each completed iteration.
    fn run(
        &self,
        py: Python<'_>,
        game: Game,
        limits: Limits,
        multipv: usize,
        info: Option<Py<PyAny>>,
        analysis: bool,
    ) -> PyResult<SearchResult> {
        let multipv = in_range("multipv", multipv, 1..=i64::from(bounds::MAX_MULTIPV))?;
        let root = *game.position();
        let rules = *game.rules();
        let me = self.address();
        let mut failure: Option<PyErr> = None;
        let result = self.with_engine(py, |engine| {
            engine.set_multipv(multipv);
            // An analysis is a search: the book (option `book`) is for
            // `play` only.
            let book = engine.config().search.book;
            if analysis {
                engine.set_book(false);
            }
            let result = engine.search_game(&game, &limits, |report| {
                if report.kind != InfoKind::Iteration || failure.is_some() {
                    return;
                }
                // After each iteration: Python's signal handlers (Ctrl-C
                // stops the search with KeyboardInterrupt), then `info`.
                Python::attach(|py| {
                    let mut called = py.check_signals();
                    if let (Ok(()), Some(callback)) = (&called, info.as_ref()) {
                        if let Some(line) = info_line(report, &root, &rules) {
                            let outer = IN_CALLBACK.with(|c| c.replace(me));
                            called = Py::new(py, line)
                                .and_then(|l| callback.call1(py, (l,)))
                                .map(drop);
                            IN_CALLBACK.with(|c| c.set(outer));
                        }
                    }
                    if let Err(e) = called {
                        failure = Some(e);
                        self.stop.stop();
                    }
                });
            });
            engine.set_book(book);
            result
        })?;
        match failure {
            Some(e) => Err(e),
            None => Ok(result),
        }
    }
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (hash_mib = 16, threads = 1, **options))]
    fn py_new(
        hash_mib: usize,
        threads: usize,
        options: Option<Bound<'_, PyDict>>,
    ) -> PyResult<PyEngine> {
        let mut config = EngineConfig {
            hash_mib: in_range("hash_mib", hash_mib, bounds::hash_mib())?,
            threads: in_range("threads", threads, bounds::threads())?,
            ..EngineConfig::default()
        };
        if let Some(options) = options {
            for (name, value) in options.iter() {
                let name: String = name.extract()?;
                config
                    .set_option(&name, &option_text(&value)?)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
            }
        }
        let engine = Engine::new(config);
        let stop = engine.stop_handle();
        Ok(PyEngine {
            engine: Mutex::new(engine),
            stop,
        })
    }

    /// Searches the board's position (its move history counts for
    /// repetitions) and returns the best `multipv` lines, best first; an
    /// empty list when the game is already over. The board is not changed.
    ///
    /// Limits: `depth` (plies), `movetime` (seconds), `nodes`; the search
    /// ends at the first one reached. With one thread and no `movetime`,
    /// a fresh (or `clear()`ed) engine gives the same result every time.
    ///
    /// `info`, if given, is called with a `Line` for each line of each
    /// completed iteration, from the searching thread; an exception raised
    /// in it stops the search and is raised by `analyse`. Ctrl-C
    /// (`KeyboardInterrupt`) stops a search at the end of an iteration.
    #[pyo3(signature = (board, *, depth = None, movetime = None, nodes = None, multipv = 1, info = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
        multipv: usize,
        info: Option<Py<PyAny>>,
    ) -> PyResult<Vec<PyLine>> {
        let limits = limits(depth, movetime, nodes)?;
        let game = board.game().clone();
        drop(board);
        let root = *game.position();
        let rules = *game.rules();
        let SearchResult::Move(best) = self.run(py, game, limits, multipv, info, true)? else {
            return Ok(Vec::new());
        };
        let time = best.time.as_secs_f64();
        Ok(best
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let mut pv = pv_moves(&root, &rules, &line.pv);
                if pv.is_empty() {
                    pv.push(PyMove::new(line.mv, root, rules));
                }
                PyLine {
                    mv: PyMove::new(line.mv, root, rules),
                    score: PyScore { score: line.score },
                    pv,
                    depth: best.depth,
                    partial: best.partial,
                    seldepth: best.seldepth,
                    nodes: best.nodes,
                    time,
                    multipv: i + 1,
                }
            })
            .collect())
    }

    /// The move the engine plays in the board's position, or `None` when
    /// the game is over: from the opening book built in for the rules
    /// when the position is in it (option `book`, on by default; `analyse`
    /// always searches). Limits as for `analyse`. The board is not changed.
    #[pyo3(signature = (board, *, depth = None, movetime = None, nodes = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Option<PyMove>> {
        let limits = limits(depth, movetime, nodes)?;
        let game = board.game().clone();
        drop(board);
        let root = *game.position();
        let rules = *game.rules();
        let result = self.run(py, game, limits, 1, None, false)?;
        Ok(result.best_move().map(|m| PyMove::new(m, root, rules)))
    }

    /// Sets an engine option by name (see `Engine.options()`): a bool, int,
    /// float or its text. `ValueError` names the option and its range when
    /// the name or value is bad. Waits for a running search.
    fn set_option(&self, py: Python<'_>, name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = option_text(value)?;
        self.with_engine(py, |engine| engine.set_option(name, &text))?
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The value of an engine option (`ValueError` for an unknown name).
    fn option<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        let value = self.with_engine(py, |engine| engine.config().option(name))?;
        let value = value
            .ok_or_else(|| PyValueError::new_err(format!("unknown engine option `{name}`")))?;
        option_value(py, value)
    }

    /// Every engine option of the registry: a list of dicts with `name`,
    /// `aliases`, `group`, `type` (`"bool"`, `"int"`, `"real"`,
    /// `"choice"`), `min`, `max` (`None` for bools and choices), `default`
    /// and `description`: the JSON of `tama match --list-options --json`. They can be
    /// given to the constructor as keywords (`Engine(lmr=False, king=400)`)
    /// or set with `set_option`.
    #[staticmethod]
    fn options(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        let list = serde_json::to_value(options::all())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        to_py(py, &list)
    }

    /// Asks the running search (from another thread) to stop; it returns
    /// its best result so far within about a thousand nodes. No effect
    /// when no search is running: a search clears the request as it
    /// starts.
    fn stop(&self) {
        self.stop.stop();
    }

    /// Forgets everything learnt (transposition table, move ordering):
    /// the engine then behaves like a new one. Waits for a running search.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.with_engine(py, Engine::clear)
    }

    /// The static evaluation of the board's position for the side to move.
    fn evaluate(&self, py: Python<'_>, board: PyRef<'_, PyBoard>) -> PyResult<PyScore> {
        let pos = *board.game().position();
        let rules = *board.game().rules();
        drop(board);
        let score = self.with_engine(py, |engine| engine.evaluate(&pos, &rules))?;
        Ok(PyScore { score })
    }

    fn __repr__(&self) -> String {
        let config = self
            .engine
            .try_lock()
            .map(|e| (e.config().hash_mib, e.config().threads));
        match config {
            Ok((h, t)) => format!("Engine(hash_mib={h}, threads={t})"),
            Err(_) => "Engine(<searching>)".to_string(),
        }
    }
}
