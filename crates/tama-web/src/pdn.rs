//! The PDN endpoints: `POST /api/pdn/check` and `POST /api/pdn/json`
//! (request body: PDN text).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use tama_api::pdn::{PdnCheck, PdnGameError, PdnGameJson};
use tama_notation::pdn::{PdnError, PdnReader};

use crate::error::ApiError;

/// `POST /api/pdn/check`: `{"games": N, "invalid": M, "problems": [{"line",
/// "column", "message"}, …]}` (the object of `tama pdn check --json`,
/// without the file names).
pub async fn check(body: Result<Bytes, BytesRejection>) -> Result<Json<PdnCheck>, ApiError> {
    let body = body?;
    Ok(Json(tama_api::pdn::check(&body).map_err(unreadable)?))
}

/// The body could not be read as text.
fn unreadable(e: PdnError) -> ApiError {
    ApiError::bad_request(format!("cannot read the PDN: {}", e.message()))
}

/// The answer of `POST /api/pdn/json`.
#[derive(serde::Serialize)]
pub struct Games {
    games: Vec<PdnGameJson>,
}

/// `POST /api/pdn/json`: `{"games": [game, …]}` with each game in the PDN
/// JSON form (the objects `tama pdn json` prints, one per game), or
/// `{"error", "line", "column"}` for a game that cannot be read.
pub async fn to_json(body: Result<Bytes, BytesRejection>) -> Result<Json<Games>, ApiError> {
    let body = body?;
    let games = tama_api::pdn::games(&body).map_err(unreadable)?;
    Ok(Json(Games { games }))
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
                let body = PdnGameError::of(&e);
                return (StatusCode::BAD_REQUEST, Json(body)).into_response();
            }
        }
    }
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], out).into_response()
}
