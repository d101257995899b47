//! Reading request bodies and the common fields: the position (`fen`),
//! the rules (`rules`) and the moves played from it (`moves`).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use serde::de::DeserializeOwned;
use std::time::Duration;

use tama_core::{Game, Position, Rules};
use tama_notation::{parse_fen, parse_move, parse_rules, ParseMoveError};
use tama_search::{LimitBounds, Limits};

use crate::error::ApiError;

/// Parses a JSON request body; an empty body is read as `{}`.
///
/// # Errors
///
/// The body could not be read (413 when over the limit), or is not JSON
/// of the expected shape (400 with the column, for one-line bodies the
/// column in the body).
pub fn json_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let body = body?;
    let text: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &body
    };
    serde_json::from_slice(text).map_err(|e| {
        let message = format!("invalid JSON body: {e}");
        if e.line() <= 1 {
            ApiError::at_column(message, e.column())
        } else {
            ApiError::bad_request(message)
        }
    })
}

/// The position text, or the start position.
///
/// # Errors
///
/// 400 with the FEN reader's message and column.
pub fn position(fen: Option<&str>) -> Result<Position, ApiError> {
    match fen {
        None => Ok(Position::start()),
        Some(text) => parse_fen(text)
            .map(|f| f.position)
            .map_err(|e| ApiError::at_column(format!("invalid fen: {e}"), e.column)),
    }
}

/// The rules text, or `armenian`.
///
/// # Errors
///
/// 400 with the rules reader's message and column.
pub fn rules(text: Option<&str>) -> Result<Rules, ApiError> {
    match text {
        None => Ok(Rules::ARMENIAN),
        Some(text) => parse_rules(text)
            .map_err(|e| ApiError::at_column(format!("invalid rules: {e}"), e.column)),
    }
}

/// Reads one move text in `pos`; `what` names it in the error
/// (`move`, `moves[3]`).
///
/// # Errors
///
/// 400: not move text (with the column in the move text), or no legal
/// move, or several.
pub fn one_move(
    text: &str,
    pos: &Position,
    rules: &Rules,
    what: &str,
) -> Result<tama_core::Move, ApiError> {
    parse_move(text, pos, rules).map_err(|e| match &e {
        ParseMoveError::Syntax(s) => ApiError::at_column(format!("invalid {what}: {e}"), s.column),
        ParseMoveError::Resolve(_) => ApiError::bad_request(format!("invalid {what}: {e}")),
    })
}

/// The game from `fen` (or the start position) with `moves` played, under
/// `rules`: its position is the one a request is about, its earlier
/// positions count for repetition.
///
/// # Errors
///
/// 400 naming the field: a bad `fen`, `rules` or move (`moves[i]`, with
/// `i` from 0), or a move after the game has ended.
pub fn game(
    fen: Option<&str>,
    rules_text: Option<&str>,
    moves: &[String],
) -> Result<Game, ApiError> {
    let start = position(fen)?;
    let rules = rules(rules_text)?;
    if moves.len() > crate::MAX_HISTORY {
        return Err(ApiError::bad_request(format!(
            "too many moves: {} (at most {})",
            moves.len(),
            crate::MAX_HISTORY
        )));
    }
    let mut game = Game::from_position(rules, start);
    for (i, text) in moves.iter().enumerate() {
        let what = format!("moves[{i}]");
        if let Some(outcome) = game.outcome() {
            return Err(ApiError::bad_request(format!(
                "invalid {what}: the game is over ({outcome})"
            )));
        }
        let mv = one_move(text, game.position(), &rules, &what)?;
        game.play(&mv)
            .map_err(|e| ApiError::bad_request(format!("invalid {what}: {e}")))?;
    }
    Ok(game)
}

/// The search limits of a request's `depth`, `nodes` and `movetime`
/// (milliseconds), checked against `bounds` ([`Limits::checked`]); none
/// given is unlimited, so the caller adds its default with `or`.
///
/// # Errors
///
/// 400 with the [`LimitError`](tama_search::LimitError) naming the field
/// and its range.
pub fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    bounds: LimitBounds,
) -> Result<Limits, ApiError> {
    Limits::checked(depth, nodes, movetime.map(Duration::from_millis), bounds)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}

/// The longest time a clock field may give: a day.
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;

/// The `clock` field of an engine request, in milliseconds: each side's
/// time left and increment, and the moves to the next control.
#[derive(Clone, Copy, Debug, Default, serde::Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClockField {
    /// White's time left.
    pub white: u64,
    /// Black's time left.
    pub black: u64,
    /// White's increment per move.
    #[serde(default)]
    pub white_increment: u64,
    /// Black's increment per move.
    #[serde(default)]
    pub black_increment: u64,
    /// Moves to the next control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

impl ClockField {
    /// The engine's clock, every value checked.
    ///
    /// # Errors
    ///
    /// 400 naming the field (`clock.white`) and its range.
    pub fn checked(&self) -> Result<tama_search::Clock, ApiError> {
        for (name, v) in [
            ("white", self.white),
            ("black", self.black),
            ("white_increment", self.white_increment),
            ("black_increment", self.black_increment),
        ] {
            if v > MAX_CLOCK_MS {
                return Err(ApiError::bad_request(format!(
                    "invalid clock.{name} {v}: expected 0 to {MAX_CLOCK_MS} milliseconds"
                )));
            }
        }
        if self.moves_to_go == Some(0) {
            return Err(ApiError::bad_request(
                "invalid clock.moves_to_go 0: expected at least 1",
            ));
        }
        Ok(tama_search::Clock {
            white: Duration::from_millis(self.white),
            black: Duration::from_millis(self.black),
            white_increment: Duration::from_millis(self.white_increment),
            black_increment: Duration::from_millis(self.black_increment),
            moves_to_go: self.moves_to_go,
        })
    }
}

/// Splits the `moves` query parameter: move texts separated by commas or
/// spaces.
pub fn split_moves(text: Option<&str>) -> Vec<String> {
    text.map(|t| {
        t.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}

/// The longest engine move the API accepts (`movetime`).
pub const MAX_ENGINE_MOVETIME_MS: u64 = 30_000;

/// The deepest engine move the API accepts (`depth`).
pub const MAX_ENGINE_DEPTH: u32 = 60;

/// The engine's default time per move when the request gives no limit.
const DEFAULT_ENGINE_MOVETIME_MS: u64 = 1000;

/// The bounds of the engine's searches for a game (engine-move, ponder,
/// review).
pub(crate) const ENGINE_BOUNDS: LimitBounds = LimitBounds {
    depth: MAX_ENGINE_DEPTH,
    movetime: Some(Duration::from_millis(MAX_ENGINE_MOVETIME_MS)),
};

/// The limits of an engine request: `movetime`, `depth` and `clock`
/// (the engine budgets its own time from it); none is 1 s.
pub(crate) fn engine_limits(
    movetime: Option<u64>,
    depth: Option<u32>,
    clock: Option<&ClockField>,
) -> Result<Limits, ApiError> {
    let default = Limits::movetime(Duration::from_millis(DEFAULT_ENGINE_MOVETIME_MS));
    let mut limits = limits(depth, None, movetime, ENGINE_BOUNDS)?;
    limits.clock = clock.map(ClockField::checked).transpose()?;
    Ok(limits.or(default))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_split_on_commas_and_spaces() {
        assert_eq!(
            split_moves(Some("c3-c4, f6-f5 d3xd5,,")),
            ["c3-c4", "f6-f5", "d3xd5"]
        );
        assert!(split_moves(Some("")).is_empty());
        assert!(split_moves(None).is_empty());
    }

    #[test]
    fn a_game_names_the_bad_move() {
        let ok = game(None, None, &["c3-c4".into(), "f6-f5".into()]).unwrap();
        assert_eq!(ok.moves().len(), 2);
        let e = game(None, None, &["c3-c4".into(), "c4-c5".into()]).unwrap_err();
        assert!(e.message.starts_with("invalid moves[1]: "), "{}", e.message);
        assert_eq!(e.column, None);
        let e = game(None, Some("armenian,"), &[]).unwrap_err();
        assert!(e.message.starts_with("invalid rules: "), "{}", e.message);
        assert!(e.column.is_some());
        // A move after the end of the game.
        let e = game(Some("W:Wa2:Ba3,a4,b2,b3,c2,Kh8"), None, &["a2-a3".into()]).unwrap_err();
        assert!(
            e.message.contains("the game is over (black wins"),
            "{}",
            e.message
        );
    }

    #[test]
    fn empty_bodies_are_empty_objects() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Body {
            fen: Option<String>,
        }
        let b: Body = json_body(Ok(Bytes::from_static(b" \n"))).unwrap();
        assert_eq!(b.fen, None);
        let e = json_body::<Body>(Ok(Bytes::from_static(b"{\"x\":1}"))).unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
        assert_eq!(e.column, Some(4));
    }

    #[test]
    fn limits_out_of_range_are_a_bad_request_naming_the_field() {
        let engine = LimitBounds {
            depth: 60,
            movetime: Some(Duration::from_secs(30)),
        };
        let ok = limits(Some(5), Some(100), Some(250), engine).unwrap();
        assert_eq!(ok.movetime, Some(Duration::from_millis(250)));
        let e = limits(None, None, Some(30_001), engine).unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
        assert_eq!(
            e.message,
            "invalid movetime 30001: expected 1 to 30000 milliseconds"
        );
        assert!(limits(None, None, Some(30_001), LimitBounds::ENGINE).is_ok());
    }
}
