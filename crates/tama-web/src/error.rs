//! API errors: a status and a JSON body `{"error": "…", "column": …}`.

use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An error answer of the API: the status, a one-line message, and the
/// 1-based column in the offending text where one applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, in lower case, naming the field or parameter.
    pub message: String,
    /// The 1-based character column in the offending text, if any.
    pub column: Option<usize>,
}

impl ApiError {
    /// A 400 Bad Request.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            column: None,
        }
    }

    /// A 400 Bad Request pointing at a column of the offending text.
    pub fn at_column(message: impl Into<String>, column: usize) -> ApiError {
        ApiError {
            column: Some(column),
            ..ApiError::bad_request(message)
        }
    }

    /// Any status with a message.
    pub fn status(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            column: None,
        }
    }

    /// 413: the body is over [`BODY_LIMIT`](crate::BODY_LIMIT).
    pub fn from_status_too_large() -> ApiError {
        ApiError::status(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "request body too large: the limit is {} KiB",
                crate::BODY_LIMIT / 1024
            ),
        )
    }

    /// 503: every search slot is busy.
    pub fn busy(slots: usize) -> ApiError {
        let noun = if slots == 1 { "slot is" } else { "slots are" };
        ApiError::status(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the engine is busy: all {slots} search {noun} in use; stop an analysis or \
                 try again later (start the server with more --threads for more)"
            ),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = tama_api::ErrorBody {
            error: self.message,
            column: self.column,
        };
        (self.status, Json(body)).into_response()
    }
}

/// 400 with the request error's message and column.
impl From<tama_api::RequestError> for ApiError {
    fn from(e: tama_api::RequestError) -> ApiError {
        ApiError {
            column: e.column,
            ..ApiError::bad_request(e.message)
        }
    }
}

impl From<BytesRejection> for ApiError {
    fn from(r: BytesRejection) -> ApiError {
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "request body too large: the limit is {} KiB",
                crate::BODY_LIMIT / 1024
            )
        } else {
            format!(
                "cannot read the request body: {}",
                r.body_text().to_lowercase()
            )
        };
        ApiError::status(status, message)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> ApiError {
        ApiError::bad_request(format!("invalid query: {}", r.body_text()))
    }
}

/// 404 for an unknown path.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::status(
        StatusCode::NOT_FOUND,
        format!("no such page: {}", uri.path()),
    )
}

/// 405 for a known path with another method.
pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::status(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {}", uri.path()),
    )
}
