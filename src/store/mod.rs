//! Persistence: games (state + `version`), seats, the event log, finished-game results,
//! ratings, per-server settings and custom cards.
//!
//! The session layer talks to a [`Store`] and, for every change, to one [`StoreTx`]: a
//! transaction that begins by claiming the game's version ([`StoreTx::claim`]), so two
//! requests racing on one board cannot both apply. Two implementations share one body of
//! SQL (`sql.rs`, compile-checked by sqlx against each database, offline data in
//! `.sqlx/`): [`SqliteStore`], one file for one process, and [`PgStore`], one PostgreSQL
//! database for several bot processes. [`AnyStore`] is whichever a `DATABASE_URL` names;
//! [`copy`] moves everything from one to the other (`primeclimb migrate-db`).
//!
//! Knows rows and JSON text, never the rules and never Discord types.

#[cfg(not(any(feature = "sqlite", feature = "postgres")))]
compile_error!("build with the `sqlite` feature, the `postgres` feature, or both");

mod any;
mod api;
pub mod copy;
mod error;

#[cfg(feature = "postgres")]
mod postgres;
mod rows;
mod sql;
#[cfg(feature = "sqlite")]
mod sqlite;
mod url;

pub use any::{check_url, connect, AnyStore, AnyTx};
pub use api::{Store, StoreTx};
pub use error::{StoreError, STORE_WAIT};
#[cfg(feature = "postgres")]
pub use postgres::{PgStore, PgTx, CHECK_AFTER_IDLE};
#[cfg(feature = "sqlite")]
pub use sqlite::{SqliteStore, SqliteTx};

pub use rows::{
    ActivityRow, AssignmentRow, AwayRow, BestScore, GameKind, GameRow, GameUpdate, GuildSettings,
    LogRow, NewGame, OpenGame, PendingPost, Place, PlayerRecord, PuzzleAnswerRow, RatingRow,
    ResultRow, SeatRow, Stamp, Status, UserSettings,
};
pub use url::{backend_of, redacted, DEFAULT_URL};
