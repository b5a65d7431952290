//! Why a store operation failed, and how long a request waits for the database.

use std::time::Duration;

/// The longest a request waits for the database: for a connection from the pool (a
/// PostgreSQL server restarting, every connection busy) and, on SQLite, for another
/// connection's or process's write lock. Short, so that while the database is away every
/// interaction is still answered within Discord's 3 s, plainly ("could not be saved,
/// nothing was changed"), and what runs by itself (AI turns, the clock, the outbox) tries
/// again soon; a write waiting this long for a healthy database does not happen.
pub const STORE_WAIT: Duration = Duration::from_millis(1_500);

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "DATABASE_URL {0:?} is not a database address: write sqlite://FILE, for example \
         sqlite://primeclimb.db (the file is created if missing), or \
         postgres://USER:PASSWORD@HOST/DATABASE"
    )]
    BadUrl(String),
    #[error(
        "DATABASE_URL {0:?}: this build has no {1} store (it was built without the `{1}` \
         feature)"
    )]
    Unsupported(String, &'static str),
    #[error("cannot open the database {url}: {reason}")]
    Open { url: String, reason: String },
    #[error("cannot bring the database {url} up to date: {reason}")]
    Migrate { url: String, reason: String },
    /// The game's version moved since it was read: someone else acted first.
    #[error("the game changed while this request was being handled")]
    Conflict,
    /// The channel already has an open game (lobby or active).
    #[error("this channel already has a game")]
    ChannelBusy,
    /// A stored value this build cannot read.
    #[error("stored data cannot be read: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
}

impl StoreError {
    /// The database is away or busy for now (a server restarting or refusing connections,
    /// a file locked by another process, no connection free within [`STORE_WAIT`]): the
    /// request changed nothing and may be made again in a moment.
    pub fn unavailable(&self) -> bool {
        let StoreError::Db(e) = self else {
            return false;
        };
        match e {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::Protocol(_)
            | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Database(db) => {
                let code = db.code().unwrap_or_default();
                if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                    // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
                    code.parse::<u32>().is_ok_and(|n| matches!(n & 0xff, 5 | 6))
                } else {
                    // PostgreSQL: class 08 (connection exception), 57P01-57P03 (the
                    // server shutting down or starting), 53300 (too many connections).
                    code.starts_with("08")
                        || matches!(&*code, "57P01" | "57P02" | "57P03" | "53300")
                }
            }
            _ => false,
        }
    }
}
