//! The PDN endpoints: `POST /api/pdn/check` and `POST /api/pdn/json`
//! (request body: PDN text).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tama_notation::pdn::{PdnErrorKind, PdnReader};

use crate::error::ApiError;

/// `POST /api/pdn/check`: `{"games": N, "invalid": M, "problems": [{"line",
/// "column", "message"}, …]}` (the object of `tama pdn check --json`,
/// without the file names).
pub async fn check(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let body = body?;
    let (mut games, mut invalid) = (0usize, 0usize);
    let mut problems = Vec::new();
    for game in PdnReader::new(&body[..]) {
        games += 1;
        if let Err(e) = game {
            invalid += 1;
            problems.push(json!({
                "line": e.line,
                "column": e.column,
                "message": e.message(),
            }));
        }
    }
    Ok(Json(json!({
        "games": games,
        "invalid": invalid,
        "problems": problems,
    })))
}

/// `POST /api/pdn/json`: `{"games": [game, …]}` with each game in the PDN
/// JSON form (the objects `tama pdn json` prints, one per game), or
/// `{"error", "line", "column"}` for a game that cannot be read.
pub async fn to_json(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let body = body?;
    let mut games = Vec::new();
    for game in PdnReader::new(&body[..]) {
        let value = match game {
            Ok(game) => serde_json::to_value(&game).map_err(|e| {
                ApiError::status(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("cannot write the game as JSON: {e}"),
                )
            })?,
            Err(e) if matches!(e.kind, PdnErrorKind::Io(_)) => {
                return Err(ApiError::bad_request(format!(
                    "cannot read the PDN: {}",
                    e.message()
                )))
            }
            Err(e) => json!({
                "error": e.message(),
                "line": e.line,
                "column": e.column,
            }),
        };
        games.push(value);
    }
    Ok(Json(json!({ "games": games })))
}

/// `POST /api/pdn/fmt`: the games in canonical PDN (`tama pdn fmt`), as
/// `text/plain`; the first game that cannot be read gets 400 with
/// `{"error", "line", "column"}`.
pub async fn fmt(body: Result<Bytes, BytesRejection>) -> Response {
    let body = match body {
        Ok(b) => b,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let mut out = String::new();
    for game in PdnReader::new(&body[..]) {
        match game {
            Ok(game) => out.push_str(&game.to_pdn()),
            Err(e) => {
                let body = json!({
                    "error": e.message(),
                    "line": e.line,
                    "column": e.column,
                });
                return (StatusCode::BAD_REQUEST, Json(body)).into_response();
            }
        }
    }
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], out).into_response()
}
