//! PDN: reading game records into their JSON form, writing them back, and
//! a board's game as a record.

use std::collections::BTreeMap;

use tama_notation::pdn::{PdnError, PdnGame, PdnReader};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::error::Error;

fn pdn_error(e: &PdnError) -> Error {
    Error::new("PdnError", e.to_string()).at(Some(e.line), e.column)
}

/// Every game of a PDN text in the JSON form of docs/NOTATION.md (the
/// objects `tama pdn json` prints and `POST /api/pdn/json` answers): a
/// JSON array with one object per game; a game that cannot be read is
/// `{"error", "line", "column"}` in its place, so one bad game does not
/// hide the others.
pub fn pdn_to_json(text: &str) -> String {
    // Text in memory cannot fail to be read, and a record's JSON form is
    // plain data: neither step can fail.
    let games = tama_api::pdn::games(text.as_bytes()).unwrap_or_default();
    serde_json::to_string(&games).unwrap_or_else(|_| "[]".to_owned())
}

/// A game record from its JSON form, written as canonical PDN (`tama pdn
/// fmt`): the page keeps its game tree (variations, comments, marks) in
/// that form and exports it through here.
///
/// # Errors
///
/// `PdnError` naming the problem (a move that is not legal where it
/// stands, a bad tag, JSON of another shape).
pub fn pdn_from_json(json: &str) -> Result<String, Error> {
    let game: PdnGame = serde_json::from_str(json)
        .map_err(|e| Error::new("PdnError", format!("invalid game record JSON: {e}")))?;
    Ok(game.to_pdn())
}

/// Every game of a PDN text in canonical form; the first game that cannot
/// be read is an error.
fn format_pdn(text: &str) -> Result<String, Error> {
    let mut out = String::new();
    for game in PdnReader::new(text.as_bytes()) {
        let game = game.map_err(|e| pdn_error(&e))?;
        out.push_str(&game.to_pdn());
    }
    Ok(out)
}

/// The first game of a PDN text, as a board at the end of its main line.
fn board_of_pdn(text: &str) -> Result<Board, Error> {
    let game = match PdnReader::new(text.as_bytes()).next() {
        Some(Ok(game)) => game,
        Some(Err(e)) => return Err(pdn_error(&e)),
        None => return Err(Error::new("PdnError", "no game in the PDN text")),
    };
    let game = game
        .to_game()
        .map_err(|e| Error::new("PdnError", e.to_string()))?;
    Ok(Board::from_game(game))
}

/// The game of `board` as a record with `tags` (name → value; structural
/// tags such as `Result` and `FEN` come from the game itself).
fn board_pdn(board: &Board, tags: &BTreeMap<String, String>) -> Result<String, Error> {
    let record = PdnGame::from_game(
        board.game(),
        tags.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .map_err(|e| Error::new("PdnError", e.to_string()))?;
    Ok(record.to_pdn())
}

/// Every game of a PDN text as a JSON array (see [`pdn_to_json`]).
#[wasm_bindgen(js_name = pdnToJson)]
pub fn pdn_to_json_js(text: &str) -> String {
    pdn_to_json(text)
}

/// Canonical PDN from a game record's JSON form; throws `PdnError`.
#[wasm_bindgen(js_name = pdnFromJson)]
pub fn pdn_from_json_js(json: &str) -> Result<String, JsValue> {
    Ok(pdn_from_json(json)?)
}

/// Every game of a PDN text in canonical form; throws `PdnError` (with
/// `line` and `column`) at the first game that cannot be read.
#[wasm_bindgen(js_name = pdnFormat)]
pub fn pdn_format_js(text: &str) -> Result<String, JsValue> {
    Ok(format_pdn(text)?)
}

#[wasm_bindgen]
impl Board {
    /// The first game of a PDN text, at the end of its main line; throws
    /// `PdnError`.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(text: &str) -> Result<Board, JsValue> {
        Ok(board_of_pdn(text)?)
    }

    /// The board's game as PDN, with `tags` (a JSON object of tag names
    /// and values); throws `PdnError` for a tag the record refuses.
    #[wasm_bindgen(js_name = pdn)]
    pub fn pdn_js(&self, tags: &str) -> Result<String, JsValue> {
        let tags: BTreeMap<String, String> = if tags.trim().is_empty() {
            BTreeMap::new()
        } else {
            serde_json::from_str(tags)
                .map_err(|e| Error::new("TypeError", format!("invalid tags: {e}")))?
        };
        Ok(board_pdn(self, &tags)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"t\"]\n[Result \"*\"]\n\n1. c3-c4 f6-f5 2. c4-c5 *\n";

    #[test]
    fn a_game_round_trips_through_its_json_form() {
        let json = pdn_to_json(GAME);
        let games: serde_json::Value = serde_json::from_str(&json).unwrap();
        let first = games[0].to_string();
        let pdn = pdn_from_json(&first).unwrap();
        assert_eq!(pdn, format_pdn(GAME).unwrap());
        assert!(pdn.contains("1. c3-c4 f6-f5 2. c4-c5 *"), "{pdn}");
    }

    #[test]
    fn a_bad_game_is_reported_in_its_place() {
        let json = pdn_to_json("1. c3-c6 *\n\n1. c3-c4 *\n");
        let games: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(games.as_array().unwrap().len(), 2);
        assert!(games[0]["error"].as_str().unwrap().contains("c3-c6"));
        assert_eq!(games[0]["line"], 1);
        assert!(games[1]["moves"].is_array());
        let e = format_pdn("1. c3-c6 *").unwrap_err();
        assert_eq!(e.name(), "PdnError");
    }

    #[test]
    fn a_board_is_written_and_read_back() {
        let mut board = Board::create(None, "turkish").unwrap();
        board.play("c3-c4").unwrap();
        let tags = BTreeMap::from([("White".to_owned(), "Ani".to_owned())]);
        let pdn = board_pdn(&board, &tags).unwrap();
        assert!(pdn.contains("[White \"Ani\"]"), "{pdn}");
        let back = board_of_pdn(&pdn).unwrap();
        assert_eq!(back.fen(), board.fen());
        assert_eq!(back.rules_text(), "turkish");
        assert_eq!(board_of_pdn("").unwrap_err().name(), "PdnError");
    }
}
