//! Moving a bot's whole database to another (`primeclimb migrate-db --from … --to …`):
//! SQLite to PostgreSQL when one process is no longer enough, or back. Every table the
//! bot keeps is copied row by row with its ids, in one transaction on the target; then
//! the identities of PostgreSQL are moved past the copied ids, and every table is counted
//! on both sides. A target that already holds anything is refused unless told to replace
//! it (then it is emptied first, in the same transaction).
//!
//! Knows the tables and their column types (the migrations of both backends make the
//! same columns), never what the rows mean.

use futures_util::TryStreamExt;
use sqlx::Row;

use super::{AnyStore, StoreError};

/// A column's type, as both schemas have it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Int,
    Text,
    Real,
    Bool,
}

use Ty::{Bool, Int, Real, Text};

/// Every table the bot keeps, parents before children, with its columns.
const TABLES: &[(&str, &[(&str, Ty)])] = &[
    (
        "games",
        &[
            ("id", Int),
            ("kind", Text),
            ("guild_id", Int),
            ("channel_id", Int),
            ("status", Text),
            ("creator_id", Int),
            ("options", Text),
            ("seed", Int),
            ("state", Text),
            ("version", Int),
            ("turn_timeout_secs", Int),
            ("created_at", Int),
            ("updated_at", Int),
            ("turn_started_at", Int),
            ("reminded", Bool),
            ("message_id", Int),
            ("locale", Text),
            ("ai_to_move", Bool),
            ("look", Text),
            ("parent_channel_id", Int),
            ("assignment_id", Int),
            ("end_announced", Bool),
            ("to_move_user", Int),
            ("reminded_at", Int),
            ("post_channel", Int),
            ("post_message", Int),
            ("rematch_id", Int),
            ("notified_turn", Int),
            ("runner", Text),
            ("runner_until", Int),
            ("post_pending", Int),
            ("post_try_at", Int),
        ],
    ),
    (
        "seats",
        &[
            ("game_id", Int),
            ("seat", Int),
            ("user_id", Int),
            ("name", Text),
            ("ai_level", Text),
        ],
    ),
    (
        "game_log",
        &[
            ("game_id", Int),
            ("version", Int),
            ("turn", Int),
            ("seat", Int),
            ("user_id", Int),
            ("actions", Text),
            ("events", Text),
            ("at", Int),
        ],
    ),
    (
        "results",
        &[
            ("game_id", Int),
            ("seat", Int),
            ("guild_id", Int),
            ("kind", Text),
            ("mode", Text),
            ("user_id", Int),
            ("ai_level", Text),
            ("name", Text),
            ("place", Int),
            ("won", Bool),
            ("turns", Int),
            ("finished_at", Int),
        ],
    ),
    (
        "ratings",
        &[
            ("guild_id", Int),
            ("kind", Text),
            ("user_id", Int),
            ("name", Text),
            ("mu", Real),
            ("sigma", Real),
            ("games", Int),
            ("wins", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "guild_settings",
        &[
            ("guild_id", Int),
            ("turn_timeout_secs", Int),
            ("on_timeout", Text),
            ("default_variant", Text),
            ("teacher_role_id", Int),
            ("updated_at", Int),
            ("look", Text),
            ("threads", Bool),
            ("season", Text),
            ("remind_every_secs", Int),
            ("time_zone", Text),
            ("weekends_off", Bool),
            ("holidays", Text),
            ("away_days", Int),
            ("lobby_hours", Int),
            ("idle_days", Int),
            ("puzzle_channel", Int),
            ("puzzle_hour", Int),
            ("puzzle_lang", Text),
        ],
    ),
    (
        "custom_cards",
        &[("guild_id", Int), ("slot", Int), ("card", Text)],
    ),
    (
        "user_settings",
        &[
            ("user_id", Int),
            ("look", Text),
            ("updated_at", Int),
            ("notify", Text),
            ("time_zone", Text),
            ("quiet_from", Int),
            ("quiet_to", Int),
            ("digest_hour", Int),
            ("digest_sent", Int),
            ("dm_closed", Bool),
            ("lang", Text),
        ],
    ),
    (
        "assignments",
        &[
            ("id", Int),
            ("guild_id", Int),
            ("channel_id", Int),
            ("teacher_id", Int),
            ("kind", Text),
            ("created_at", Int),
            ("due_at", Int),
            ("due_told", Bool),
        ],
    ),
    (
        "activity",
        &[
            ("guild_id", Int),
            ("user_id", Int),
            ("game_id", Int),
            ("kind", Text),
            ("detail", Text),
            ("at", Int),
        ],
    ),
    (
        "aways",
        &[
            ("guild_id", Int),
            ("user_id", Int),
            ("from_at", Int),
            ("until_at", Int),
            ("created_at", Int),
        ],
    ),
    ("rematch_votes", &[("game_id", Int), ("user_id", Int)]),
    (
        "puzzle_answers",
        &[
            ("guild_id", Int),
            ("user_id", Int),
            ("kind", Text),
            ("day", Int),
            ("correct", Bool),
            ("answered_at", Int),
        ],
    ),
    (
        "puzzle_posts",
        &[("guild_id", Int), ("day", Int), ("posted_at", Int)],
    ),
    (
        "lessons",
        &[("user_id", Int), ("step", Int), ("updated_at", Int)],
    ),
    ("web_links", &[("guild_id", Int), ("generation", Int)]),
];

/// The tables with an auto-numbered id, whose next number must pass the copied ones.
#[cfg(feature = "postgres")]
const IDENTITIES: &[&str] = &["games", "assignments"];

/// Rows inserted by one statement.
const BATCH: usize = 200;

/// One value of a row, whichever database it came from.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Int(Option<i64>),
    Text(Option<String>),
    Real(Option<f64>),
    Bool(Option<bool>),
}

/// How many rows each table holds.
pub type Counts = Vec<(&'static str, i64)>;

/// What a copy did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyReport {
    /// Rows per table, the same on both sides.
    pub counts: Counts,
    /// Rows the target held before and that were removed (`replace`).
    pub replaced: i64,
}

/// Why a copy was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error(
        "the target database already holds {0} rows (games, settings…); nothing was \
         written. Copy into an empty database, or pass --replace to empty it first"
    )]
    NotEmpty(i64),
    #[error("the source and the target are the same database")]
    Same,
    #[error(
        "the copy does not match: {table} has {in_source} rows in the source and \
         {in_target} in the target"
    )]
    Mismatch {
        table: &'static str,
        in_source: i64,
        in_target: i64,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CopyError {
    fn from(e: sqlx::Error) -> Self {
        CopyError::Store(StoreError::Db(e))
    }
}

/// Copy every table of `from` into `to`. Refused when `to` holds any row, unless
/// `replace` (then `to` is emptied first, in the same transaction as the copy).
pub async fn copy(from: &AnyStore, to: &AnyStore, replace: bool) -> Result<CopyReport, CopyError> {
    let held: i64 = count_all(to).await?.iter().map(|(_, n)| n).sum();
    if held > 0 && !replace {
        return Err(CopyError::NotEmpty(held));
    }
    let mut writer = Writer::begin(to).await?;
    if held > 0 {
        writer.empty().await?;
    }
    for &(table, columns) in TABLES {
        let names: Vec<&str> = columns.iter().map(|(c, _)| *c).collect();
        let sql = format!(
            "SELECT {} FROM {table} ORDER BY {}",
            names.join(", "),
            names.join(", ")
        );
        let mut rows = Vec::with_capacity(BATCH);
        let mut stream = read(from, &sql, columns);
        while let Some(row) = stream.try_next().await? {
            rows.push(row);
            if rows.len() == BATCH {
                writer.insert(table, columns, &rows).await?;
                rows.clear();
            }
        }
        writer.insert(table, columns, &rows).await?;
    }
    writer.finish().await?;
    let source = count_all(from).await?;
    let target = count_all(to).await?;
    for (&(table, s), &(_, t)) in source.iter().zip(target.iter()) {
        if s != t {
            return Err(CopyError::Mismatch {
                table,
                in_source: s,
                in_target: t,
            });
        }
    }
    Ok(CopyReport {
        counts: source,
        replaced: held,
    })
}

/// Rows per table of a store.
pub async fn count_all(store: &AnyStore) -> Result<Counts, CopyError> {
    let mut counts = Vec::with_capacity(TABLES.len());
    for &(table, _) in TABLES {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        let n: i64 = match store {
            #[cfg(feature = "sqlite")]
            AnyStore::Sqlite(s) => sqlx::query_scalar(&sql).fetch_one(s.pool()).await?,
            #[cfg(feature = "postgres")]
            AnyStore::Postgres(s) => sqlx::query_scalar(&sql).fetch_one(s.pool()).await?,
        };
        counts.push((table, n));
    }
    Ok(counts)
}

/// The rows a `SELECT` of `columns` gives, as values, one at a time.
fn read<'a>(
    store: &'a AnyStore,
    sql: &'a str,
    columns: &'static [(&'static str, Ty)],
) -> futures_util::stream::BoxStream<'a, Result<Vec<Value>, sqlx::Error>> {
    use futures_util::StreamExt;
    match store {
        #[cfg(feature = "sqlite")]
        AnyStore::Sqlite(s) => sqlx::query(sql)
            .fetch(s.pool())
            .map(move |row| {
                let row = row?;
                columns
                    .iter()
                    .enumerate()
                    .map(|(i, &(_, ty))| decode(&row, i, ty))
                    .collect()
            })
            .boxed(),
        #[cfg(feature = "postgres")]
        AnyStore::Postgres(s) => sqlx::query(sql)
            .fetch(s.pool())
            .map(move |row| {
                let row = row?;
                columns
                    .iter()
                    .enumerate()
                    .map(|(i, &(_, ty))| decode(&row, i, ty))
                    .collect()
            })
            .boxed(),
    }
}

/// One column of a row, read as its type says (the same on either database).
fn decode<'r, R>(row: &'r R, i: usize, ty: Ty) -> Result<Value, sqlx::Error>
where
    R: Row,
    usize: sqlx::ColumnIndex<R>,
    Option<i64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<f64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<bool>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    Ok(match ty {
        Int => Value::Int(row.try_get(i)?),
        Text => Value::Text(row.try_get(i)?),
        Real => Value::Real(row.try_get(i)?),
        Bool => Value::Bool(row.try_get(i)?),
    })
}

/// The target's one transaction.
enum Writer {
    #[cfg(feature = "sqlite")]
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    #[cfg(feature = "postgres")]
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Adds a batch's rows as `($1, $2…), (…)` to an insert, in each backend's types.
macro_rules! insert_batch {
    ($db:ty, $tx:expr, $table:expr, $columns:expr, $rows:expr) => {{
        let names: Vec<&str> = $columns.iter().map(|(c, _)| *c).collect();
        let mut sql = sqlx::QueryBuilder::<$db>::new(format!(
            "INSERT INTO {} ({}) ",
            $table,
            names.join(", ")
        ));
        sql.push_values($rows, |mut b, row| {
            for value in row {
                match value.clone() {
                    Value::Int(v) => b.push_bind(v),
                    Value::Text(v) => b.push_bind(v),
                    Value::Real(v) => b.push_bind(v),
                    Value::Bool(v) => b.push_bind(v),
                };
            }
        });
        sql.build().execute(&mut **$tx).await?;
    }};
}

impl Writer {
    async fn begin(store: &AnyStore) -> Result<Writer, CopyError> {
        Ok(match store {
            #[cfg(feature = "sqlite")]
            AnyStore::Sqlite(s) => Writer::Sqlite(s.pool().begin().await?),
            #[cfg(feature = "postgres")]
            AnyStore::Postgres(s) => Writer::Postgres(s.pool().begin().await?),
        })
    }

    /// Remove every row, children first.
    async fn empty(&mut self) -> Result<(), CopyError> {
        for &(table, _) in TABLES.iter().rev() {
            let sql = format!("DELETE FROM {table}");
            match self {
                #[cfg(feature = "sqlite")]
                Writer::Sqlite(tx) => {
                    sqlx::query(&sql).execute(&mut **tx).await?;
                }
                #[cfg(feature = "postgres")]
                Writer::Postgres(tx) => {
                    sqlx::query(&sql).execute(&mut **tx).await?;
                }
            }
        }
        Ok(())
    }

    async fn insert(
        &mut self,
        table: &str,
        columns: &[(&str, Ty)],
        rows: &[Vec<Value>],
    ) -> Result<(), CopyError> {
        if rows.is_empty() {
            return Ok(());
        }
        match self {
            #[cfg(feature = "sqlite")]
            Writer::Sqlite(tx) => insert_batch!(sqlx::Sqlite, tx, table, columns, rows),
            #[cfg(feature = "postgres")]
            Writer::Postgres(tx) => insert_batch!(sqlx::Postgres, tx, table, columns, rows),
        }
        Ok(())
    }

    /// Move PostgreSQL's identities past the copied ids, and commit.
    async fn finish(self) -> Result<(), CopyError> {
        match self {
            #[cfg(feature = "sqlite")]
            Writer::Sqlite(tx) => tx.commit().await?,
            #[cfg(feature = "postgres")]
            Writer::Postgres(mut tx) => {
                for table in IDENTITIES {
                    let sql = format!(
                        "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                         COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                    );
                    sqlx::query(&sql).execute(&mut *tx).await?;
                }
                tx.commit().await?;
            }
        }
        Ok(())
    }
}
