//! The PDN endpoints: `POST /api/pdn/check` and `POST /api/pdn/json`
//! (request body: PDN text).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
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
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
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
