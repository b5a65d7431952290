//! The SQLite store: one sqlx pool, WAL journal, a busy timeout, migrations from
//! `migrations/sqlite/` at start-up; the queries are the shared ones of `sql.rs`.

use std::str::FromStr;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Sqlite, Transaction};

use super::sql::{sql_store, RawAssignment, RawGame, RawGameSeat, RawRating, RawResult};
use super::{
    ActivityRow, AssignmentRow, AwayRow, BestScore, GameKind, GameRow, GameUpdate, GuildSettings,
    LogRow, NewGame, OpenGame, PendingPost, Place, PlayerRecord, PuzzleAnswerRow, RatingRow,
    ResultRow, SeatRow, Status, Store, StoreError, StoreTx, UserSettings,
};

/// The migrations, embedded in the binary.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// Games and everything else in one SQLite database.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
}

/// A write transaction (`BEGIN IMMEDIATE`).
pub struct SqliteTx {
    tx: Transaction<'static, Sqlite>,
}

impl SqliteStore {
    /// The connection options of a `DATABASE_URL`, checked without opening anything.
    pub(super) fn check_url(url: &str) -> Result<SqliteConnectOptions, StoreError> {
        let url = url.trim();
        if !url.starts_with("sqlite:") {
            return Err(StoreError::BadUrl(url.to_string()));
        }
        SqliteConnectOptions::from_str(url).map_err(|_| StoreError::BadUrl(url.into()))
    }

    /// Open (creating if missing) and migrate the database at `url`.
    pub async fn connect(url: &str) -> Result<SqliteStore, StoreError> {
        let options = Self::check_url(url)?;
        let url = url.trim();
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let options = options
            .create_if_missing(true)
            .busy_timeout(super::STORE_WAIT)
            .foreign_keys(true);
        let options = if memory {
            options
        } else {
            // WAL: readers never wait for the writer; NORMAL sync is durable across a
            // process crash (a power cut may lose the last commits, never corrupt).
            options
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
        };
        // An in-memory database lives as long as its one connection.
        let pool_options = if memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(4)
        };
        // A connection to a file never goes stale as a server's can: no ping before each
        // use (a round trip to SQLite's worker thread on every transaction).
        let pool = pool_options
            .test_before_acquire(false)
            .acquire_timeout(super::STORE_WAIT)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Open {
                url: url.to_string(),
                reason: open_reason(&e),
            })?;
        MIGRATOR.run(&pool).await.map_err(|e| StoreError::Migrate {
            url: url.to_string(),
            reason: e.to_string(),
        })?;
        Ok(SqliteStore { pool })
    }

    async fn begin_tx(&self) -> Result<SqliteTx, StoreError> {
        let tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        Ok(SqliteTx { tx })
    }

    /// The pool, for tests and benchmarks that inspect the database (`PRAGMA`s, sizes).
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// A plain-words reason for a failed open.
fn open_reason(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Database(db) => {
            let msg = db.message();
            if msg.contains("unable to open") {
                format!("{msg} (does the directory exist, and may this user write there?)")
            } else {
                msg.to_string()
            }
        }
        sqlx::Error::Io(io) => io.to_string(),
        other => other.to_string(),
    }
}

/// The database the queries of `sql_store!` run on.
type Db = Sqlite;

// No row locks: a write transaction holds the whole database. 2067 is
// SQLITE_CONSTRAINT_UNIQUE.
sql_store!(
    SqliteStore,
    SqliteTx,
    "",
    "",
    "2067",
    compare_and_set,
    transaction
);
