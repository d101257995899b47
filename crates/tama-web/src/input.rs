//! Reading request bodies; their fields (the game, the limits, the
//! clock) are read by tama-api (`tama_api::request`, `tama_api::search`),
//! whose errors answer 400 through [`ApiError`]'s `From`.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use serde::de::DeserializeOwned;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
