//! The forms of the web front's answers: a page, JSON the pages read, a script or style.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// A script or a style, compiled in (browsers may keep it five minutes).
pub async fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        body,
    )
        .into_response()
}

/// A page, never kept.
pub fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// JSON a page reads, never kept.
pub fn json(body: String) -> Response {
    json_with(StatusCode::OK, body)
}

/// The same, with a status.
pub fn json_with(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}
