//! `tama.Board`: a game in progress.

use std::sync::{Arc, OnceLock};

use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tama_api::BoardReport;
use tama_core::{
    perft_divide, perft_parallel, Color, Game, Move, Outcome, PlayError, Position, Rules, Square,
};
use tama_notation::pdn::termination_from_tag;
use tama_notation::svg::{board_svg, SvgOptions};
use tama_notation::{parse_move, write_fen, write_rules};

use crate::actions;
use crate::encode;
use crate::errors::{move_error, IllegalMoveError};
use crate::json::to_py;
use crate::moves::PyMoveList;
use crate::mv::{position_from_text, rules_from_text, PyMove, PyOutcome, Reduced};

/// A pickled board: start position, rules, moves, ending off the board.
type BoardState = (String, String, Vec<String>, Option<(String, Option<bool>)>);

fn color_of(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

fn ended(result: Result<Outcome, tama_core::GameOverError>) -> PyResult<PyOutcome> {
    result
        .map(|o| PyOutcome::from_outcome(&o))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A game in progress: the rules, the start position and the moves played.
///
/// `Board()` is the start position under Armenian rules; `Board(fen,
/// rules="turkish")` sets up a position (position text as in docs/NOTATION.md,
/// e.g. `"W:Wc3,d4:Bc6,e6"`) under a rules text (a preset, `armenian`,
/// `turkish` or `armenian-orthogonal`, then switches that differ, e.g.
/// `"armenian,promotion=midway"`).
///
/// Moves are pushed as `Move` objects or move text (`board.push("c3-c4")`)
/// and taken back with `pop()`; `outcome()` knows every ending on the
/// board, threefold repetition included, and those off it (`resign`,
/// `agree_draw`, `adjudicate`, `lose_on_time`). `to_array()`,
/// `Move.index()` and `move_from_index` encode positions and moves for
/// machine learning; `tama.Engine` searches a board. Bad input raises
/// `FenError`, `RulesError`, `MoveTextError` or `IllegalMoveError` (all
/// `ValueError`).
#[pyclass(module = "tama", name = "Board")]
pub struct PyBoard {
    /// The game and what the board keeps per move played, shared with
    /// copies until one of them changes (copy-on-write): `copy()` costs
    /// the same however long the game.
    history: Arc<History>,
    /// The legal moves of the current position, once asked for.
    legal: OnceLock<Arc<[Move]>>,
    /// Or those `pop` put back (a plain field: setting a `OnceLock`
    /// costs more than the rest of `pop`). At most one of the two is set.
    restored: Option<Arc<[Move]>>,
}

/// The part of a board that grows with the game.
#[derive(Clone)]
struct History {
    game: Game,
    /// The legal moves of each earlier position (if they were asked for),
    /// one per move played: `pop` puts them back.
    earlier: Vec<Option<Arc<[Move]>>>,
    /// The `Move` object `push` returned for each move played (`None`
    /// for moves replayed from a pickle): `pop` returns it again.
    played: Vec<Option<MoveObject>>,
}

/// A `Move` object a board keeps; a copy is a new reference to it.
struct MoveObject(Py<PyMove>);

impl Clone for MoveObject {
    fn clone(&self) -> MoveObject {
        Python::attach(|py| MoveObject(self.0.clone_ref(py)))
    }
}

impl Clone for PyBoard {
    fn clone(&self) -> PyBoard {
        PyBoard {
            history: Arc::clone(&self.history),
            legal: self.legal.clone(),
            restored: self.restored.clone(),
        }
    }
}

impl PyBoard {
    /// A board playing `game`.
    pub(crate) fn from_game(game: Game) -> PyBoard {
        let n = game.moves().len();
        PyBoard {
            history: Arc::new(History {
                game,
                earlier: vec![None; n],
                played: vec![None; n],
            }),
            legal: OnceLock::new(),
            restored: None,
        }
    }

    /// The game played on the board.
    pub(crate) fn game(&self) -> &Game {
        &self.history.game
    }

    /// The history to change, copied first if a copy of the board shares
    /// it.
    fn history_mut(&mut self) -> &mut History {
        Arc::make_mut(&mut self.history)
    }

    /// The legal moves of the current position (generated once per
    /// position).
    pub(crate) fn legal(&self) -> &Arc<[Move]> {
        if let Some(legal) = &self.restored {
            return legal;
        }
        self.legal
            .get_or_init(|| crate::legal::generate(self.position(), &self.rules()))
    }

    /// Plays a move, checked against the cached legal moves (so they are
    /// not generated again, see `Game::play_listed`).
    fn play_legal(&mut self, mv: &Move, object: Option<MoveObject>) -> PyResult<()> {
        let legal = match self.restored.take().or_else(|| self.legal.take()) {
            Some(legal) => legal,
            None => crate::legal::generate(self.position(), &self.rules()),
        };
        let history = self.history_mut();
        match history.game.play_listed(mv, &legal) {
            Ok(()) => {
                history.earlier.push(Some(legal));
                history.played.push(object);
                Ok(())
            }
            Err(e) => {
                self.restored = Some(legal);
                Err(match e {
                    PlayError::Illegal(_) => IllegalMoveError::new_err(format!(
                        "illegal move {}: not legal in {}",
                        self.wrap(*mv).text(),
                        write_fen(self.position())
                    )),
                    PlayError::GameOver(_) => IllegalMoveError::new_err(e.to_string()),
                })
            }
        }
    }

    /// The outcome, from the cached legal moves.
    fn current_outcome(&self) -> Option<Outcome> {
        self.game().outcome_listed(self.legal())
    }

    fn position(&self) -> &Position {
        self.game().position()
    }

    fn rules(&self) -> Rules {
        *self.game().rules()
    }

    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::new(mv, *self.position(), self.rules())
    }

    /// The legal move a Python value names: a `Move` or move text.
    pub(crate) fn resolve(&self, value: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = value.cast::<PyMove>() {
            let mv = m.get().mv;
            if !self.legal().contains(&mv) {
                return Err(IllegalMoveError::new_err(format!(
                    "illegal move {}: not legal in {}",
                    m.get().text(),
                    write_fen(self.position())
                )));
            }
            return Ok(mv);
        }
        if let Ok(text) = value.extract::<String>() {
            return parse_move(&text, self.position(), &self.rules()).map_err(|e| move_error(&e));
        }
        Err(PyTypeError::new_err(format!(
            "expected a Move or move text, got {}",
            value.get_type().name()?
        )))
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen = None, rules = "armenian"))]
    fn py_new(fen: Option<&str>, rules: &str) -> PyResult<PyBoard> {
        let rules = rules_from_text(rules)?;
        let start = match fen {
            Some(text) => position_from_text(text)?,
            None => Position::start(),
        };
        Ok(PyBoard::from_game(Game::from_position(rules, start)))
    }

    /// The position text (FEN) of the current position.
    #[getter]
    fn fen(&self) -> String {
        write_fen(self.position())
    }

    /// The rules text of the board's rules (`"armenian"`, …).
    #[getter]
    fn rules_text(&self) -> String {
        write_rules(&self.rules())
    }

    /// The side to move: `True` (`tama.WHITE`) or `False` (`tama.BLACK`).
    #[getter]
    fn turn(&self) -> bool {
        self.position().turn() == Color::White
    }

    /// The legal moves of the current position, in generation order: a
    /// `MoveList` (a read-only sequence of `Move`, made only for the moves
    /// looked at).
    #[getter]
    fn legal_moves(&self) -> PyMoveList {
        PyMoveList::new(Arc::clone(self.legal()), *self.position(), self.rules())
    }

    /// The moves played since the board was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        let rules = self.rules();
        self.game()
            .moves()
            .iter()
            .zip(self.game().positions())
            .map(|(&m, &p)| PyMove::new(m, p, rules))
            .collect()
    }

    /// The position text of the position the board was set up with.
    #[getter]
    fn starting_fen(&self) -> String {
        write_fen(self.game().start())
    }

    /// Reads move text in the current position without playing it.
    ///
    /// Raises `MoveTextError` (not move text) or `IllegalMoveError` (no
    /// legal move, or several, match).
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        let mv = parse_move(text, self.position(), &self.rules()).map_err(|e| move_error(&e))?;
        Ok(self.wrap(mv))
    }

    /// Plays a move (a `Move` or move text) and returns it as a `Move`
    /// (the object given, when it was made for this position). The move
    /// is checked against the position's legal moves, generated once per
    /// position and kept; the end of the game is found from them too.
    ///
    /// Raises `IllegalMoveError` when it is not legal (the board is
    /// unchanged), `MoveTextError` for text that is not move text.
    fn push<'py>(&mut self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyMove>> {
        let (m, played) = match r#move.cast::<PyMove>() {
            // A `Move` made for this position comes back as it is (its
            // legality is checked as it is played).
            Ok(given)
                if given.get().pos == *self.position() && given.get().rules == self.rules() =>
            {
                (given.get().mv, given.clone())
            }
            _ => {
                let m = self.resolve(r#move)?;
                (m, Bound::new(r#move.py(), self.wrap(m))?)
            }
        };
        self.play_legal(&m, Some(MoveObject(played.clone().unbind())))?;
        Ok(played)
    }

    /// Takes back the last move and returns it; `IndexError` when no move
    /// was played.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        if self.game().moves().is_empty() {
            return Err(PyIndexError::new_err(
                "pop from a board with no moves played",
            ));
        }
        let history = self.history_mut();
        let m = history.game.undo();
        let earlier = history.earlier.pop().flatten();
        let object = history.played.pop().flatten();
        self.legal.take();
        self.restored = earlier;
        match (object, m) {
            (Some(object), _) => Ok(object.0.into_bound(py)),
            (None, Some(m)) => Bound::new(py, self.wrap(m)),
            (None, None) => Err(PyIndexError::new_err(
                "pop from a board with no moves played",
            )),
        }
    }

    /// The outcome when the game is over, else `None`: on the board (no
    /// legal move, threefold repetition, one piece each when the rules say
    /// so) or off it (`resign`, `agree_draw`, `adjudicate`,
    /// `lose_on_time`). `pop()` takes back the last move and any ending.
    fn outcome(&self) -> Option<PyOutcome> {
        self.current_outcome().map(|o| PyOutcome::from_outcome(&o))
    }

    /// `color` (`True` White, `False` Black) resigns: the other side wins.
    /// Returns the outcome; `ValueError` when the game is already over.
    fn resign(&mut self, color: bool) -> PyResult<PyOutcome> {
        ended(self.history_mut().game.resign(color_of(color)))
    }

    /// The players agree to a draw (see `resign`).
    fn agree_draw(&mut self) -> PyResult<PyOutcome> {
        ended(self.history_mut().game.agree_draw())
    }

    /// An arbiter (a match runner, say) ends the game: a win for `winner`
    /// (`True` White, `False` Black) or a draw for `None` (see `resign`).
    #[pyo3(signature = (winner = None))]
    fn adjudicate(&mut self, winner: Option<bool>) -> PyResult<PyOutcome> {
        ended(self.history_mut().game.adjudicate(winner.map(color_of)))
    }

    /// `color` ran out of time and loses (see `resign`).
    fn lose_on_time(&mut self, color: bool) -> PyResult<PyOutcome> {
        ended(self.history_mut().game.lose_on_time(color_of(color)))
    }

    /// Cancels an ending off the board (resignation, agreement,
    /// adjudication, time) and returns it, or `None` if there was none.
    fn reopen(&mut self) -> Option<PyOutcome> {
        self.history_mut()
            .game
            .reopen()
            .map(|o| PyOutcome::from_outcome(&o))
    }

    /// Whether `outcome()` is not `None`.
    fn is_game_over(&self) -> bool {
        self.current_outcome().is_some()
    }

    /// How many times the current position has occurred, this time
    /// included.
    fn repetitions(&self) -> usize {
        self.game().repetitions()
    }

    /// Pickling (for `multiprocessing`, say): the start position, rules,
    /// the moves as text and an ending off the board (termination text
    /// and winner), if any.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, BoardState> {
        let restore = py.get_type::<PyBoard>().getattr("_restore")?;
        let moves = self.move_stack().iter().map(PyMove::text).collect();
        let ended = match (self.game().outcome(), self.game().board_outcome()) {
            (Some(o), None) => Some((
                o.termination.description().to_string(),
                o.winner.map(|c| c == Color::White),
            )),
            _ => None,
        };
        Ok((
            restore,
            (
                self.starting_fen(),
                write_rules(&self.rules()),
                moves,
                ended,
            ),
        ))
    }

    /// Rebuilds a pickled board.
    #[staticmethod]
    #[pyo3(signature = (fen, rules, moves, ended = None))]
    fn _restore(
        fen: &str,
        rules: &str,
        moves: Vec<String>,
        ended: Option<(String, Option<bool>)>,
    ) -> PyResult<PyBoard> {
        let mut board = PyBoard::py_new(Some(fen), rules)?;
        for text in moves {
            let mv =
                parse_move(&text, board.position(), &board.rules()).map_err(|e| move_error(&e))?;
            board.play_legal(&mv, None)?;
        }
        if let Some((termination, winner)) = ended {
            let termination = termination_from_tag(&termination)
                .ok_or_else(|| PyValueError::new_err(format!("unknown ending `{termination}`")))?;
            let outcome = Outcome {
                winner: winner.map(color_of),
                termination,
            };
            board
                .history_mut()
                .game
                .end(outcome)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        Ok(board)
    }

    /// A copy with the same position and move history. The history is
    /// shared until either board changes, so a copy costs the same
    /// however long the game.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Counts the leaves of the move tree `depth` plies deep (unique moves,
    /// as in docs/RULES.md), with the GIL released. `threads` > 1 splits the
    /// root moves over that many threads.
    ///
    /// `depth` 0 to 64 and `threads` 1 to 256 (as `tama perft`); a deep
    /// count cannot be interrupted.
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(&self, py: Python<'_>, depth: u32, threads: usize) -> PyResult<u64> {
        if depth > 64 {
            return Err(PyValueError::new_err(format!(
                "depth {depth} out of range: expected 0 to 64"
            )));
        }
        if !(1..=256).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads {threads} out of range: expected 1 to 256"
            )));
        }
        let pos = *self.position();
        let rules = self.rules();
        Ok(py.detach(|| perft_parallel(&pos, &rules, depth, threads)))
    }

    /// perft below each legal move: a dict from `Move` to the leaves
    /// `depth - 1` plies after it (as `tama perft --divide`), with the GIL
    /// released. Same ranges as `perft`; `depth` at least 1.
    #[pyo3(signature = (depth, threads = 1))]
    fn perft_divide<'py>(
        &self,
        py: Python<'py>,
        depth: u32,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        if !(1..=64).contains(&depth) {
            return Err(PyValueError::new_err(format!(
                "depth {depth} out of range: expected 1 to 64"
            )));
        }
        if !(1..=256).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads {threads} out of range: expected 1 to 256"
            )));
        }
        let pos = *self.position();
        let rules = self.rules();
        let counts = py.detach(|| perft_divide(&pos, &rules, depth, threads));
        let d = PyDict::new(py);
        for (mv, n) in counts {
            d.set_item(Py::new(py, self.wrap(mv))?, n)?;
        }
        Ok(d)
    }

    /// The piece on a square (`"c3"`): `"w"`/`"b"` for men, `"W"`/`"B"`
    /// for kings, or `None` for an empty square.
    fn piece_at(&self, square: &str) -> PyResult<Option<String>> {
        let sq: Square = square
            .parse()
            .map_err(|_| PyValueError::new_err(format!("unknown square `{square}`")))?;
        Ok(self.position().piece_at(sq).map(|p| p.char().to_string()))
    }

    /// The position as a NumPy array of planes, `float32`, shape `(5, 8,
    /// 8)`, indexed `[plane, rank, file]` with `[:, 0, 0]` = a1 and `[:, 7,
    /// 7]` = h8, always from White's side (not flipped for the side to
    /// move). Planes: 0 white men, 1 white kings, 2 black men, 3 black
    /// kings (1.0 where such a piece stands), 4 side to move (all 1.0 when
    /// White is to move, all 0.0 when Black is).
    fn to_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        encode::planes(py, self.position())
    }

    /// The legal move with index `index` (see `Move.index`). When several
    /// legal captures share start and end square (they take different
    /// pieces), the first in generation order is returned;
    /// `moves_from_index` gives them all. Raises `IllegalMoveError` when
    /// no legal move has that index, `ValueError` outside `0..4096`.
    fn move_from_index(&self, index: usize) -> PyResult<PyMove> {
        encode::check_index(index)?;
        let pos = self.position();
        self.legal()
            .iter()
            .find(|m| encode::move_index(m) == index)
            .map(|&m| self.wrap(m))
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "no legal move has index {index} ({}) in {}",
                    encode::index_text(index),
                    write_fen(pos)
                ))
            })
    }

    /// Every legal move with index `index` (usually zero or one).
    fn moves_from_index(&self, index: usize) -> PyResult<Vec<PyMove>> {
        encode::check_index(index)?;
        Ok(self
            .legal()
            .iter()
            .filter(|m| encode::move_index(m) == index)
            .map(|&m| self.wrap(m))
            .collect())
    }

    /// A NumPy `bool` array of shape `(4096,)`: `True` at the index of
    /// every legal move (a mask for a policy network's output).
    fn legal_move_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        encode::mask(py, self.legal())
    }

    /// The action of a legal move (a `Move` or move text): a number below
    /// `ACTION_SPACE`, unique among the legal moves of the position (see
    /// the package documentation, "Actions"). Raises `IllegalMoveError` for
    /// a move that is not legal here, `ValueError` for one of the rare
    /// captures without an action.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = self.resolve(r#move)?;
        actions::ActionTable::new(self.legal())
            .action(&mv)
            .ok_or_else(|| actions::no_action(&self.wrap(mv).text()))
    }

    /// The legal move with action `action`. Raises `IllegalMoveError` when
    /// no legal move has it, `ValueError` outside `0..ACTION_SPACE`.
    fn move_from_action(&self, action: usize) -> PyResult<PyMove> {
        if action >= actions::ACTION_SPACE {
            return Err(PyValueError::new_err(format!(
                "action {action} out of range: expected 0 to {}",
                actions::ACTION_SPACE - 1
            )));
        }
        actions::ActionTable::new(self.legal())
            .find(action)
            .map(|m| self.wrap(m))
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "no legal move has action {action} (slot {}, {}) in {}",
                    action / 4096,
                    encode::index_text(action % 4096),
                    write_fen(self.position())
                ))
            })
    }

    /// The actions of the legal moves, in the order of `legal_moves`.
    fn legal_actions(&self) -> Vec<usize> {
        let table = actions::ActionTable::new(self.legal());
        self.legal()
            .iter()
            .filter_map(|m| table.action(m))
            .collect()
    }

    /// A NumPy `bool` array of shape `(ACTION_SPACE,)`: `True` at the
    /// action of every legal move (the mask of a policy's output).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        actions::mask(py, self.legal())
    }

    /// The position as an SVG diagram (Jupyter draws it).
    fn _repr_svg_(&self) -> String {
        board_svg(self.position(), &SvgOptions::default())
    }

    /// The position as an SVG diagram; `flipped` draws it from Black's side
    /// and `lastmove` draws an arrow for a move of the previous position.
    #[pyo3(signature = (flipped = false, lastmove = None))]
    fn svg(&self, flipped: bool, lastmove: Option<PyRef<'_, PyMove>>) -> String {
        let mut opts = SvgOptions {
            flip: flipped,
            ..SvgOptions::default()
        };
        if let Some(m) = lastmove {
            let path = m.pos.path(&m.rules, &m.mv);
            opts.arrows.push(tama_notation::svg::Arrow {
                path: path.squares().to_vec(),
                captured: m.mv.captures(),
            });
        }
        board_svg(self.position(), &opts)
    }

    /// Boards are equal when they hold the same position (pieces and side
    /// to move) under the same rules, whatever the moves that led there
    /// (as python-chess compares boards). A board changes, so it is not
    /// hashable (`__hash__` is `None`); `board.fen` and `board.rules_text`
    /// are keys that stay.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| {
            let o = o.borrow();
            o.position() == self.position() && o.rules() == self.rules()
        })
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// The text board as `tama show` draws it.
    fn __str__(&self) -> String {
        tama_notation::diagram::text_board(self.position())
    }

    fn __repr__(&self) -> String {
        format!(
            "Board('{}', rules='{}')",
            self.fen(),
            write_rules(&self.rules())
        )
    }

    /// The board as a dict: the keys of `tama show --json` (`fen`,
    /// `turn`, `board`: eight strings from rank 8 down to rank 1, `.` for
    /// an empty square), plus `rules` and `moves` (the legal moves as
    /// `tama moves --json` writes them).
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let shown = serde_json::to_value(BoardReport::new(self.position()))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let d = to_py(py, &shown)?.cast_into::<PyDict>()?;
        d.set_item("rules", write_rules(&self.rules()))?;
        let moves: Vec<Bound<'py, PyAny>> = self
            .legal()
            .iter()
            .map(|&m| self.wrap(m).to_json(py))
            .collect::<PyResult<_>>()?;
        d.set_item("moves", moves)?;
        Ok(d)
    }
}
