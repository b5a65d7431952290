//! The PostgreSQL store, for a bot run as several processes (shards) on one database: one
//! sqlx pool, migrations from `migrations/postgres/` at start-up (sqlx takes an advisory
//! lock, so processes starting together apply them once); the queries are the shared ones
//! of `sql.rs`.
//!
//! Transactions are PostgreSQL's default, READ COMMITTED. What must happen once is decided
//! by a row: every change of a game claims its version (`UPDATE … WHERE version = $n`, which
//! waits for a concurrent claim to commit and then finds the version gone), every one-off
//! post is a conditional `UPDATE` or an `INSERT … ON CONFLICT DO NOTHING`, and the few rows
//! read before they are written are read `FOR UPDATE`.

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{Connection, PgConnection, Postgres, Transaction};

use super::sql::{sql_store, RawAssignment, RawGame, RawGameSeat, RawRating, RawResult};
use super::{
    ActivityRow, AssignmentRow, AwayRow, BestScore, GameKind, GameRow, GameUpdate, GuildSettings,
    LogRow, NewGame, OpenGame, PendingPost, Place, PlayerRecord, PuzzleAnswerRow, RatingRow,
    ResultRow, SeatRow, Status, Store, StoreError, StoreTx, UserSettings,
};

/// The migrations, embedded in the binary.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// Connections per process unless `DATABASE_MAX_CONNECTIONS` says otherwise.
const DEFAULT_CONNECTIONS: u32 = 10;

/// A pooled connection that has been idle this long is checked (a trip to the server)
/// before a query uses it, so one left over from before a restart of the server is
/// replaced rather than failing a request. One used more recently than this is trusted:
/// the check as it went back to the pool was that recent.
pub const CHECK_AFTER_IDLE: std::time::Duration = std::time::Duration::from_millis(500);

/// Games and everything else in one PostgreSQL database.
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: PgPool,
}

/// A write transaction.
pub struct PgTx {
    tx: Transaction<'static, Postgres>,
}

impl PgStore {
    /// The connection options of a `DATABASE_URL`, checked without connecting.
    pub(super) fn check_url(url: &str) -> Result<PgConnectOptions, StoreError> {
        let url = url.trim();
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(StoreError::BadUrl(super::redacted(url)));
        }
        PgConnectOptions::from_str(url).map_err(|_| StoreError::BadUrl(super::redacted(url)))
    }

    /// Connect to the database at `url` and bring it up to date. The pool holds
    /// `DATABASE_MAX_CONNECTIONS` connections (10 by default).
    pub async fn connect(url: &str) -> Result<PgStore, StoreError> {
        let options = Self::check_url(url)?;
        let max = std::env::var("DATABASE_MAX_CONNECTIONS")
            .ok()
            .and_then(|v| v.trim().parse::<u32>().ok())
            .filter(|&n| n > 0)
            .unwrap_or(DEFAULT_CONNECTIONS);
        // One connection first: a server that is not there, or refuses the user, is said
        // at once and plainly (the pool would retry until its timeout).
        let open_error = |e: sqlx::Error| StoreError::Open {
            url: super::redacted(url),
            reason: e.to_string(),
        };
        let first = PgConnection::connect_with(&options)
            .await
            .map_err(open_error)?;
        let _ = first.close().await;
        let pool = PgPoolOptions::new()
            .max_connections(max)
            // sqlx checks a connection as it goes back to the pool; checking it again as
            // it is taken would cost every query a second trip to the server. Only one
            // that has waited in the pool a while is checked (the server may have been
            // restarted meanwhile), as other pools do.
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= CHECK_AFTER_IDLE {
                        conn.ping().await?;
                    }
                    Ok(true)
                })
            })
            .acquire_timeout(super::STORE_WAIT)
            .connect_with(options)
            .await
            .map_err(open_error)?;
        MIGRATOR.run(&pool).await.map_err(|e| StoreError::Migrate {
            url: super::redacted(url),
            reason: e.to_string(),
        })?;
        Ok(PgStore { pool })
    }

    async fn begin_tx(&self) -> Result<PgTx, StoreError> {
        let tx = self.pool.begin().await?;
        Ok(PgTx { tx })
    }

    /// The pool, for tests, benchmarks and the copy between databases.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }
}

/// The database the queries of `sql_store!` run on.
type Db = Postgres;

// Rows read before they are written are locked; 23505 is unique_violation.
sql_store!(
    PgStore,
    PgTx,
    "/* postgres */ ",
    " FOR UPDATE",
    "23505",
    locked_update,
    one_statement
);
