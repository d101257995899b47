//! `tama.Board`, `tama.Move` and `tama.Outcome`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tama_core::{perft_parallel, Color, Game, Move, Outcome, Position, Rules, Square};
use tama_notation::svg::{board_svg, SvgOptions};
use tama_notation::{
    move_json, parse_fen, parse_move, parse_rules, write_fen, write_move, write_rules,
};

use crate::encode;
use crate::errors::{fen_error, move_error, rules_error, IllegalMoveError};
use crate::json::to_py;

/// What `__reduce__` returns: a function and its arguments.
type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

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
#[pyclass(module = "tama", name = "Move", frozen)]
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
    /// `Board.move_from_index` turns it back into a legal move.
    fn index(&self) -> usize {
        encode::move_index(&self.mv)
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
    fn to_json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
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
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
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
#[derive(Clone)]
pub struct PyBoard {
    pub(crate) game: Game,
}

impl PyBoard {
    fn position(&self) -> &Position {
        self.game.position()
    }

    fn rules(&self) -> Rules {
        *self.game.rules()
    }

    fn wrap(&self, mv: Move) -> PyMove {
        PyMove::new(mv, *self.position(), self.rules())
    }

    /// The legal move a Python value names: a `Move` or move text.
    pub(crate) fn resolve(&self, value: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = value.cast::<PyMove>() {
            let mv = m.get().mv;
            if !self.position().is_legal(&self.rules(), &mv) {
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
        Ok(PyBoard {
            game: Game::from_position(rules, start),
        })
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

    /// The legal moves of the current position, in generation order.
    #[getter]
    fn legal_moves(&self) -> Vec<PyMove> {
        let pos = *self.position();
        let rules = self.rules();
        pos.legal_moves(&rules)
            .iter()
            .map(|&m| PyMove::new(m, pos, rules))
            .collect()
    }

    /// The moves played since the board was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        let rules = self.rules();
        self.game
            .moves()
            .iter()
            .zip(self.game.positions())
            .map(|(&m, &p)| PyMove::new(m, p, rules))
            .collect()
    }

    /// The position text of the position the board was set up with.
    #[getter]
    fn starting_fen(&self) -> String {
        write_fen(self.game.start())
    }

    /// Reads move text in the current position without playing it.
    ///
    /// Raises `MoveTextError` (not move text) or `IllegalMoveError` (no
    /// legal move, or several, match).
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        let mv = parse_move(text, self.position(), &self.rules()).map_err(|e| move_error(&e))?;
        Ok(self.wrap(mv))
    }

    /// Plays a move (a `Move` or move text) and returns it as a `Move`.
    ///
    /// Raises `IllegalMoveError` when it is not legal (the board is
    /// unchanged), `MoveTextError` for text that is not move text.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let m = self.resolve(r#move)?;
        let played = self.wrap(m);
        self.game
            .play(&m)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        Ok(played)
    }

    /// Takes back the last move and returns it; `IndexError` when no move
    /// was played.
    fn pop(&mut self) -> PyResult<PyMove> {
        let m = self
            .game
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from a board with no moves played"))?;
        Ok(self.wrap(m))
    }

    /// The outcome when the game is over, else `None`: on the board (no
    /// legal move, threefold repetition, one piece each when the rules say
    /// so) or off it (`resign`, `agree_draw`, `adjudicate`,
    /// `lose_on_time`). `pop()` takes back the last move and any ending.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(|o| PyOutcome::from_outcome(&o))
    }

    /// `color` (`True` White, `False` Black) resigns: the other side wins.
    /// Returns the outcome; `ValueError` when the game is already over.
    fn resign(&mut self, color: bool) -> PyResult<PyOutcome> {
        ended(self.game.resign(color_of(color)))
    }

    /// The players agree to a draw (see `resign`).
    fn agree_draw(&mut self) -> PyResult<PyOutcome> {
        ended(self.game.agree_draw())
    }

    /// An arbiter (a match runner, say) ends the game: a win for `winner`
    /// (`True` White, `False` Black) or a draw for `None` (see `resign`).
    #[pyo3(signature = (winner = None))]
    fn adjudicate(&mut self, winner: Option<bool>) -> PyResult<PyOutcome> {
        ended(self.game.adjudicate(winner.map(color_of)))
    }

    /// `color` ran out of time and loses (see `resign`).
    fn lose_on_time(&mut self, color: bool) -> PyResult<PyOutcome> {
        ended(self.game.lose_on_time(color_of(color)))
    }

    /// Cancels an ending off the board (resignation, agreement,
    /// adjudication, time) and returns it, or `None` if there was none.
    fn reopen(&mut self) -> Option<PyOutcome> {
        self.game.reopen().map(|o| PyOutcome::from_outcome(&o))
    }

    /// Whether `outcome()` is not `None`.
    fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// How many times the current position has occurred, this time
    /// included.
    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// Pickling (for `multiprocessing`, say): the start position, rules
    /// and the moves as text. An ending off the board (`resign`, …) is not
    /// kept.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String, String, Vec<String>)> {
        let restore = py.get_type::<PyBoard>().getattr("_restore")?;
        let moves = self.move_stack().iter().map(PyMove::text).collect();
        Ok((
            restore,
            (self.starting_fen(), write_rules(&self.rules()), moves),
        ))
    }

    /// Rebuilds a pickled board.
    #[staticmethod]
    fn _restore(fen: &str, rules: &str, moves: Vec<String>) -> PyResult<PyBoard> {
        let mut board = PyBoard::py_new(Some(fen), rules)?;
        for text in moves {
            let mv =
                parse_move(&text, board.position(), &board.rules()).map_err(|e| move_error(&e))?;
            board
                .game
                .play(&mv)
                .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        }
        Ok(board)
    }

    /// A copy with the same position and move history.
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
        pos.legal_moves(&self.rules())
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
            .position()
            .legal_moves(&self.rules())
            .iter()
            .filter(|m| encode::move_index(m) == index)
            .map(|&m| self.wrap(m))
            .collect())
    }

    /// A NumPy `bool` array of shape `(4096,)`: `True` at the index of
    /// every legal move (a mask for a policy network's output).
    fn legal_move_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        encode::mask(py, &self.position().legal_moves(&self.rules()))
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

    /// The text board as `tama show` draws it.
    fn __str__(&self) -> String {
        text_board(self.position())
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
        let pos = self.position();
        let d = PyDict::new(py);
        d.set_item("fen", self.fen())?;
        d.set_item("turn", pos.turn().name())?;
        let rows: Vec<String> = (0..8u8)
            .rev()
            .map(|rank| {
                (0..8u8)
                    .map(|file| {
                        Square::from_coords(file, rank)
                            .and_then(|sq| pos.piece_at(sq))
                            .map_or('.', |p| p.char())
                    })
                    .collect()
            })
            .collect();
        d.set_item("board", rows)?;
        d.set_item("rules", write_rules(&self.rules()))?;
        let moves: Vec<Bound<'py, PyAny>> = self
            .legal_moves()
            .iter()
            .map(|m| m.to_json(py))
            .collect::<PyResult<_>>()?;
        d.set_item("moves", moves)?;
        Ok(d)
    }
}

/// The ASCII board of `tama show`.
pub(crate) fn text_board(pos: &Position) -> String {
    let mut s = String::with_capacity(400);
    s.push_str("    a b c d e f g h\n  +-----------------+\n");
    for rank in (0..8u8).rev() {
        s.push_str(&format!("{} |", rank + 1));
        for file in 0..8u8 {
            let c = Square::from_coords(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |p| p.char());
            s.push(' ');
            s.push(c);
        }
        s.push_str(&format!(" | {}\n", rank + 1));
    }
    s.push_str("  +-----------------+\n    a b c d e f g h\n");
    let side = if pos.turn() == Color::White {
        "White"
    } else {
        "Black"
    };
    s.push_str(side);
    s.push_str(" to move");
    s
}
