//! Database addresses (`DATABASE_URL`): which database one names, and how to show it.

use super::error::StoreError;

/// Where the database lives when `DATABASE_URL` is not set: `primeclimb.db` in the
/// directory the program is started from.
pub const DEFAULT_URL: &str = "sqlite://primeclimb.db";

/// A database address to show: a PostgreSQL address without its password.
pub fn redacted(url: &str) -> String {
    let url = url.trim();
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let auth = &url[scheme + 3..at];
            match auth.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Which database a `DATABASE_URL` names, from its scheme.
pub fn backend_of(url: &str) -> Result<&'static str, StoreError> {
    let url = url.trim();
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok("postgres")
    } else if url.starts_with("sqlite:") {
        Ok("sqlite")
    } else {
        Err(StoreError::BadUrl(url.to_string()))
    }
}
