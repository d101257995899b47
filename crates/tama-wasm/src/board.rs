//! `Board`: a game over `tama_core::Game`, as the JavaScript package's
//! `Board` uses it.

use tama_core::{perft, Color, Game, Move, Position, Rules};
use tama_notation::{legal_moves_json, move_json, parse_move, write_fen, write_rules, MoveJson};
use wasm_bindgen::prelude::*;

use crate::error::Error;

/// The deepest perft a board counts: depth 8 of the start position is
/// 123 M leaves in turkish and billions in armenian, seconds to minutes
/// in a browser; beyond that a page would seem dead.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// A game: the rules, the start position and the moves played, with every
/// ending of `tama_core::Game`. Moves and answers are text and JSON in the
/// forms of docs/NOTATION.md: a move is the object `{"move", "from", "to",
/// "path", "captures", "promotes"}` that `tama moves --json` prints.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Board {
    game: Game,
}

/// A JSON value as text (the module's answers are JSON strings; the
/// package parses them).
fn json<T: serde::Serialize>(value: &T) -> String {
    // Serialising these plain data types to a string cannot fail.
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// Position text, or the start position (absent or blank).
pub(crate) fn position_of(fen: Option<&str>) -> Result<Position, Error> {
    tama_api::request::position(fen).map_err(Error::request)
}

/// Rules text (`armenian` when blank).
pub(crate) fn rules_of(text: &str) -> Result<Rules, Error> {
    tama_api::request::rules(Some(text)).map_err(Error::request)
}

/// The game from `fen` with `moves` (move text) played under `rules`.
pub(crate) fn game_of(fen: Option<&str>, rules: &str, moves: &[String]) -> Result<Game, Error> {
    tama_api::request::game(fen, Some(rules), moves).map_err(Error::request)
}

impl Board {
    /// A board at `fen` (the start position when `None` or empty) under
    /// `rules` (rules text: a preset and switches).
    ///
    /// # Errors
    ///
    /// `FenError` or `RulesError`, with the column.
    pub fn create(fen: Option<&str>, rules: &str) -> Result<Board, Error> {
        let rules = rules_of(rules)?;
        let start = position_of(fen)?;
        Ok(Board {
            game: Game::from_position(rules, start),
        })
    }

    /// A board with `game` on it.
    pub fn from_game(game: Game) -> Board {
        Board { game }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to change (its clock, its ending).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Plays move text; returns the move object of the move played.
    ///
    /// # Errors
    ///
    /// `MoveTextError` (not move text), `IllegalMoveError` (no legal move
    /// or several match, or the game is over); the board is unchanged.
    pub fn play(&mut self, text: &str) -> Result<MoveJson, Error> {
        let pos = *self.game.position();
        let rules = *self.game.rules();
        if let Some(outcome) = self.game.outcome() {
            return Err(Error::new(
                "IllegalMoveError",
                format!("illegal move {}: the game is over ({outcome})", text.trim()),
            ));
        }
        let mv: Move = parse_move(text, &pos, &rules).map_err(|e| Error::move_text(&e))?;
        self.game
            .play(&mv)
            .map_err(|e| Error::new("IllegalMoveError", e.to_string()))?;
        Ok(move_json(&pos, &rules, &mv))
    }

    /// A board set up from eight rows of the diagram's characters (rank 8
    /// first: `w`/`b` men, `W`/`B` kings, `.` empty), as
    /// [`Board::report_json`] gives them, with `turn` (`"white"` or
    /// `"black"`) to move, under `rules`.
    ///
    /// # Errors
    ///
    /// `FenError` for rows that cannot be read or a placement that is not
    /// a position (naming every problem), `RulesError`, or `TypeError` for
    /// a turn that is not a colour.
    pub fn from_rows(rows: &[String], turn: &str, rules: &str) -> Result<Board, Error> {
        let rules = rules_of(rules)?;
        let turn = color_of(turn)?;
        let setup = tama_notation::diagram::setup_from_rows(rows, turn)
            .map_err(|e| Error::new("FenError", e.to_string()))?;
        let start =
            Position::from_setup(setup).map_err(|e| Error::new("FenError", e.to_string()))?;
        Ok(Board {
            game: Game::from_position(rules, start),
        })
    }

    /// Counts the leaves of the move tree to `depth` plies.
    ///
    /// # Errors
    ///
    /// `RangeError` for a depth over 12 (the crate's `MAX_PERFT_DEPTH`).
    pub fn perft(&self, depth: u32) -> Result<u64, Error> {
        if depth > MAX_PERFT_DEPTH {
            return Err(Error::range(format!(
                "invalid perft depth {depth}: expected 0 to {MAX_PERFT_DEPTH}"
            )));
        }
        Ok(perft(self.game.position(), self.game.rules(), depth))
    }
}

#[wasm_bindgen]
impl Board {
    /// A board at `fen` (the start position when absent or empty) under
    /// `rules`; throws `FenError` or `RulesError`.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, rules: Option<String>) -> Result<Board, JsValue> {
        Ok(Board::create(
            fen.as_deref(),
            rules.as_deref().unwrap_or(""),
        )?)
    }

    /// A board from `fen` with `moves` (move text) played; throws as
    /// `push` does, naming the move (`moves[3]: …`).
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(
        fen: Option<String>,
        rules: Option<String>,
        moves: Vec<String>,
    ) -> Result<Board, JsValue> {
        let game = game_of(fen.as_deref(), rules.as_deref().unwrap_or(""), &moves)?;
        Ok(Board { game })
    }

    /// A board set up from eight rows (rank 8 first) of `w`, `b`, `W`,
    /// `B` and `.`, with `turn` to move; throws `FenError` naming every
    /// problem of the placement.
    #[wasm_bindgen(js_name = fromRows)]
    pub fn from_rows_js(
        rows: Vec<String>,
        turn: &str,
        rules: Option<String>,
    ) -> Result<Board, JsValue> {
        Ok(Board::from_rows(
            &rows,
            turn,
            rules.as_deref().unwrap_or(""),
        )?)
    }

    /// The current position as `tama show --json` writes it: `{"fen",
    /// "turn", "board"}`, the board as eight rows from rank 8 down.
    #[wasm_bindgen(js_name = reportJson)]
    pub fn report_json(&self) -> String {
        json(&tama_api::BoardReport::new(self.game.position()))
    }

    /// A copy of the board.
    pub fn copy(&self) -> Board {
        self.clone()
    }

    /// The position text (FEN) of the current position.
    pub fn fen(&self) -> String {
        write_fen(self.game.position())
    }

    /// The position text of the start position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        write_fen(self.game.start())
    }

    /// The rules text, canonical (`armenian`, `turkish,draw-one-each=no`).
    #[wasm_bindgen(js_name = rulesText)]
    pub fn rules_text(&self) -> String {
        write_rules(self.game.rules())
    }

    /// The side to move: `"white"` or `"black"`.
    pub fn turn(&self) -> String {
        match self.game.position().turn() {
            Color::White => "white".to_owned(),
            Color::Black => "black".to_owned(),
        }
    }

    /// The legal moves as a JSON array of move objects, sorted by move
    /// text (`tama moves --json`). Empty once the game is over.
    #[wasm_bindgen(js_name = legalMovesJson)]
    pub fn legal_moves_json(&self) -> String {
        if self.game.outcome().is_some() {
            return "[]".to_owned();
        }
        json(&legal_moves_json(self.game.position(), self.game.rules()))
    }

    /// Plays move text and returns the move object (JSON) of the move.
    #[wasm_bindgen(js_name = push)]
    pub fn push(&mut self, text: &str) -> Result<String, JsValue> {
        Ok(json(&self.play(text)?))
    }

    /// Takes back the last move (and any ending); its move object (JSON),
    /// or `undefined` when no move was played.
    pub fn pop(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        Some(json(&move_json(
            self.game.position(),
            self.game.rules(),
            &mv,
        )))
    }

    /// The moves played, as a JSON array of move objects, each in the
    /// position it was played from.
    #[wasm_bindgen(js_name = historyJson)]
    pub fn history_json(&self) -> String {
        let rules = *self.game.rules();
        let moves: Vec<MoveJson> = self
            .game
            .moves()
            .iter()
            .zip(self.game.positions())
            .map(|(m, p)| move_json(p, &rules, m))
            .collect();
        json(&moves)
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The outcome as JSON (`{"winner": "white" | "black" | null,
    /// "termination": "no legal move"}`), or `undefined` while the game
    /// goes on.
    #[wasm_bindgen(js_name = outcomeJson)]
    pub fn outcome_json(&self) -> Option<String> {
        self.game.outcome().map(|o| json(&o))
    }

    /// How often the current position has occurred (for threefold
    /// repetition).
    pub fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// `color` (`"white"` or `"black"`) resigns; the outcome as JSON.
    pub fn resign(&mut self, color: &str) -> Result<String, JsValue> {
        let color = color_of(color)?;
        Ok(ended(self.game.resign(color))?)
    }

    /// The players agree to a draw; the outcome as JSON.
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) -> Result<String, JsValue> {
        Ok(ended(self.game.agree_draw())?)
    }

    /// `color`'s time ran out; the outcome as JSON.
    #[wasm_bindgen(js_name = loseOnTime)]
    pub fn lose_on_time(&mut self, color: &str) -> Result<String, JsValue> {
        let color = color_of(color)?;
        Ok(ended(self.game.lose_on_time(color))?)
    }

    /// Leaves of the move tree to `depth` plies (0 to 12); throws
    /// `RangeError` beyond. A number: exact below 2^53.
    #[wasm_bindgen(js_name = perft)]
    pub fn perft_js(&self, depth: u32) -> Result<f64, JsValue> {
        Ok(self.perft(depth)? as f64)
    }

    /// The board as text: eight ranks from 8 down to 1 (`w`/`b` men,
    /// `W`/`B` kings, `.` empty squares) framed by the files and ranks,
    /// and the side to move.
    pub fn text(&self) -> String {
        tama_notation::diagram::text_board(self.game.position())
    }

    /// The board as an SVG diagram (from Black's side when `flipped`).
    pub fn svg(&self, flipped: bool) -> String {
        let options = tama_notation::svg::SvgOptions {
            flip: flipped,
            ..Default::default()
        };
        tama_notation::svg::board_svg(self.game.position(), &options)
    }
}

/// The outcome of an ending off the board as JSON, or why the game could
/// not end so (it is already over).
fn ended(result: Result<tama_core::Outcome, tama_core::GameOverError>) -> Result<String, Error> {
    result
        .map(|outcome| json(&outcome))
        .map_err(|e| Error::new("IllegalMoveError", e.to_string()))
}

fn color_of(text: &str) -> Result<Color, Error> {
    match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(Error::new(
            "TypeError",
            format!("invalid color {text:?}: expected \"white\" or \"black\""),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_played_and_taken_back() {
        let mut board = Board::create(None, "armenian").unwrap();
        let played = board.play("c3-c4").unwrap();
        assert_eq!(played.text, "c3-c4");
        assert_eq!(board.turn(), "black");
        assert_eq!(board.ply(), 1);
        assert!(board.pop().unwrap().contains("\"c3-c4\""));
        assert_eq!(board.fen(), write_fen(&Position::start()));
        assert_eq!(board.pop(), None);
    }

    #[test]
    fn bad_input_is_named_by_its_class() {
        assert_eq!(
            Board::create(Some("W:Wz9"), "").unwrap_err().name(),
            "FenError"
        );
        let e = Board::create(None, "armenian,removal=sometimes").unwrap_err();
        assert_eq!(e.name(), "RulesError");
        assert!(e.column().is_some());
        let mut board = Board::create(None, "").unwrap();
        assert_eq!(board.play("c3-").unwrap_err().name(), "MoveTextError");
        assert_eq!(board.play("c3-c6").unwrap_err().name(), "IllegalMoveError");
        assert_eq!(board.perft(13).unwrap_err().name(), "RangeError");
        assert_eq!(color_of("red").unwrap_err().name(), "TypeError");
        let e = game_of(None, "", &["c3-c4".into(), "c3-c4".into()]).unwrap_err();
        assert!(e.message().starts_with("moves[1]: "), "{e}");
    }

    #[test]
    fn a_board_is_set_up_from_its_reports_rows() {
        let board = Board::create(Some("B:WKd1,c3:Bd3,Kh8"), "turkish").unwrap();
        let report: serde_json::Value = serde_json::from_str(&board.report_json()).unwrap();
        let rows: Vec<String> = serde_json::from_value(report["board"].clone()).unwrap();
        let again = Board::from_rows(&rows, "black", "turkish").unwrap();
        assert_eq!(again.fen(), board.fen());
        let mut bad = rows.clone();
        bad[0] = "w.......".to_owned(); // a white man on its promotion rank
        let e = Board::from_rows(&bad, "white", "").unwrap_err();
        assert_eq!(e.name(), "FenError");
        assert!(e.message().contains("a8"), "{e}");
        assert_eq!(
            Board::from_rows(&rows, "green", "").unwrap_err().name(),
            "TypeError"
        );
    }

    #[test]
    fn an_ended_game_refuses_moves_until_taken_back() {
        // White's man takes the last black piece.
        let mut board = Board::create(Some("W:Wc3:Bc4"), "armenian").unwrap();
        board.play("c3xc5").unwrap();
        assert!(board.outcome_json().unwrap().contains("\"white\""));
        assert_eq!(board.legal_moves_json(), "[]");
        board.pop().unwrap();
        assert_eq!(board.outcome_json(), None);
    }
}
