//! The store a `DATABASE_URL` names, whichever database it is: SQLite (`sqlite://FILE`)
//! or PostgreSQL (`postgres://…`). Every call goes to the one inside.
//!
//! Each backend is a Cargo feature (`sqlite`, `postgres`, both by default); a build with
//! one of them has only that variant. `.ci/sqlx-prepare` builds each alone, so that each
//! backend's queries are checked against its own database.

#[cfg(feature = "postgres")]
use super::postgres::{PgStore, PgTx};
#[cfg(feature = "sqlite")]
use super::sqlite::{SqliteStore, SqliteTx};
use super::url::backend_of;
use super::{
    ActivityRow, AssignmentRow, AwayRow, BestScore, GameKind, GameRow, GameUpdate, GuildSettings,
    LogRow, NewGame, OpenGame, PendingPost, Place, PlayerRecord, PuzzleAnswerRow, RatingRow,
    ResultRow, SeatRow, Store, StoreError, StoreTx, UserSettings,
};

/// A store on SQLite or on PostgreSQL.
#[derive(Clone, Debug)]
pub enum AnyStore {
    #[cfg(feature = "sqlite")]
    Sqlite(SqliteStore),
    #[cfg(feature = "postgres")]
    Postgres(PgStore),
}

/// A write transaction of an [`AnyStore`].
pub enum AnyTx {
    #[cfg(feature = "sqlite")]
    Sqlite(SqliteTx),
    #[cfg(feature = "postgres")]
    Postgres(PgTx),
}

impl AnyStore {
    /// Which database this is: `sqlite` or `postgres`.
    pub fn backend(&self) -> &'static str {
        match self {
            #[cfg(feature = "sqlite")]
            AnyStore::Sqlite(_) => "sqlite",
            #[cfg(feature = "postgres")]
            AnyStore::Postgres(_) => "postgres",
        }
    }

    /// The SQLite store inside, if it is one (tests and benchmarks that look at the file).
    #[cfg(feature = "sqlite")]
    pub fn as_sqlite(&self) -> Option<&SqliteStore> {
        match self {
            AnyStore::Sqlite(s) => Some(s),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// The PostgreSQL store inside, if it is one.
    #[cfg(feature = "postgres")]
    pub fn as_postgres(&self) -> Option<&PgStore> {
        match self {
            AnyStore::Postgres(s) => Some(s),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

#[cfg(feature = "sqlite")]
impl From<SqliteStore> for AnyStore {
    fn from(s: SqliteStore) -> AnyStore {
        AnyStore::Sqlite(s)
    }
}

#[cfg(feature = "postgres")]
impl From<PgStore> for AnyStore {
    fn from(s: PgStore) -> AnyStore {
        AnyStore::Postgres(s)
    }
}

/// Methods that call the same method of the store inside.
macro_rules! forward {
    ($kind:ident; $($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(
            async fn $name(self: forward!(@self $kind), $($arg: $ty),*) -> Result<$ret, StoreError> {
                match self {
                    #[cfg(feature = "sqlite")]
                    $kind::Sqlite(s) => s.$name($($arg),*).await,
                    #[cfg(feature = "postgres")]
                    $kind::Postgres(s) => s.$name($($arg),*).await,
                }
            }
        )*
    };
    (@self AnyStore) => { &Self };
    (@self AnyTx) => { &mut Self };
}

impl Store for AnyStore {
    type Tx = AnyTx;

    async fn begin(&self) -> Result<AnyTx, StoreError> {
        match self {
            #[cfg(feature = "sqlite")]
            AnyStore::Sqlite(s) => s.begin().await.map(AnyTx::Sqlite),
            #[cfg(feature = "postgres")]
            AnyStore::Postgres(s) => s.begin().await.map(AnyTx::Postgres),
        }
    }

    forward! {
        AnyStore;
        open_game(place: Place) -> Option<GameRow>;
        game(id: i64) -> Option<GameRow>;
        latest_game(place: Place) -> Option<GameRow>;
        log(game_id: i64) -> Vec<LogRow>;
        log_since_turn(game_id: i64, turn: i64) -> Vec<LogRow>;
        open_games() -> Vec<OpenGame>;
        pending_posts(now: i64) -> Vec<PendingPost>;
        results(game_id: i64) -> Vec<ResultRow>;
        leaderboard(guild_id: i64, kind: GameKind, limit: i64) -> Vec<RatingRow>;
        best_scores(guild_id: i64, kind: GameKind, mode: &str, limit: i64) -> Vec<BestScore>;
        rating(guild_id: i64, kind: GameKind, user_id: i64) -> Option<RatingRow>;
        record(guild_id: i64, kind: GameKind, user_id: i64) -> PlayerRecord;
        best_score(guild_id: i64, kind: GameKind, user_id: i64, mode: &str) -> Option<i64>;
        settings(guild_id: i64) -> GuildSettings;
        custom_cards(guild_id: i64) -> Vec<(i64, String)>;
        user_look(user_id: i64) -> Option<String>;
        link_generation(guild_id: i64) -> i64;
        open_games_of(guild_id: i64) -> Vec<GameRow>;
        games_between(guild_id: i64, kind: GameKind, from: i64, to: i64) -> Vec<GameRow>;
        results_between(guild_id: i64, kind: GameKind, from: i64, to: i64) -> Vec<ResultRow>;
        activity(guild_id: i64, from: i64, to: i64) -> Vec<ActivityRow>;
        assignment(id: i64) -> Option<AssignmentRow>;
        due_assignments(now: i64) -> Vec<AssignmentRow>;
        unannounced_ends() -> Vec<i64>;
        user_settings(user_id: i64) -> UserSettings;
        digest_users() -> Vec<UserSettings>;
        waiting_on(user_id: i64) -> Vec<GameRow>;
        aways(guild_id: i64, after: i64) -> Vec<AwayRow>;
        games_of_user(guild_id: i64, user_id: i64) -> Vec<GameRow>;
        puzzle_answers(guild_id: i64, kind: &str) -> Vec<PuzzleAnswerRow>;
        puzzle_servers() -> Vec<GuildSettings>;
        lesson_step(user_id: i64) -> i64;
        rematch_votes(game_id: i64) -> Vec<i64>;
        assignment_games(assignment_id: i64) -> Vec<GameRow>;
        swap_post(game_id: i64, post: (i64, i64)) -> Option<(i64, i64)>;
        commit_move(game_id: i64, expected: i64, now: i64, update: &GameUpdate, post: Option<(i64, i64)>, log: &LogRow) -> ();
        keep_post(game_id: i64, version: i64, try_at: i64) -> ();
        claim_post(game_id: i64, version: i64, now: i64, next_try: i64) -> bool;
        clear_post(game_id: i64, version: i64) -> ();
        claim_runner(place: Place, owner: &str, now: i64, until: i64) -> bool;
        release_runner(place: Place, owner: &str) -> bool;
    }
}

impl StoreTx for AnyTx {
    async fn commit(self) -> Result<(), StoreError> {
        match self {
            #[cfg(feature = "sqlite")]
            AnyTx::Sqlite(tx) => tx.commit().await,
            #[cfg(feature = "postgres")]
            AnyTx::Postgres(tx) => tx.commit().await,
        }
    }

    forward! {
        AnyTx;
        insert_game(game: &NewGame) -> i64;
        claim(game_id: i64, expected: i64, now: i64) -> ();
        update_game(game_id: i64, update: &GameUpdate) -> ();
        claim_update(game_id: i64, expected: i64, now: i64, update: &GameUpdate, post: Option<(i64, i64)>) -> ();
        mark_reminded(game_id: i64, version: i64, seen: Option<i64>, at: i64) -> bool;
        set_message(game_id: i64, message_id: Option<i64>) -> ();
        insert_seat(game_id: i64, seat: &SeatRow) -> ();
        delete_seat(game_id: i64, seat: i64) -> ();
        replace_seats(game_id: i64, seats: &[SeatRow]) -> ();
        append_log(game_id: i64, row: &LogRow) -> ();
        forget_events(game_id: i64, before_turn: i64) -> ();
        insert_result(row: &ResultRow) -> ();
        rating(guild_id: i64, kind: GameKind, user_id: i64) -> Option<RatingRow>;
        put_rating(row: &RatingRow) -> ();
        add_rating_if_missing(row: &RatingRow) -> ();
        put_settings(settings: &GuildSettings, now: i64) -> ();
        set_open_games_look(guild_id: i64, look: Option<&str>) -> ();
        put_user_look(user_id: i64, look: Option<&str>, now: i64) -> ();
        revoke_links(guild_id: i64) -> i64;
        put_user_settings(settings: &UserSettings, now: i64) -> ();
        claim_digest(user_id: i64, due: i64) -> bool;
        insert_away(away: &AwayRow, now: i64) -> ();
        end_aways(guild_id: i64, user_id: i64, now: i64) -> ();
        claim_turn_notice(game_id: i64, turn_started_at: i64) -> bool;
        record_puzzle_answer(row: &PuzzleAnswerRow) -> bool;
        claim_puzzle_post(guild_id: i64, day: i64, now: i64) -> bool;
        set_lesson_step(user_id: i64, step: i64, now: i64) -> ();
        set_rematch(game_id: i64, rematch_id: Option<i64>) -> ();
        vote_rematch(game_id: i64, user_id: i64) -> Vec<i64>;
        claim_rematch(game_id: i64, rematch_id: i64) -> bool;
        insert_assignment(row: &AssignmentRow) -> i64;
        claim_assignment_due(id: i64) -> bool;
        log_activity(row: &ActivityRow) -> ();
        claim_end_announcement(game_id: i64) -> bool;
        put_custom_card(guild_id: i64, slot: i64, card: Option<&str>) -> ();
    }
}

/// Open the store named by a `DATABASE_URL`: `sqlite://FILE` (created if missing, WAL,
/// busy timeout), `sqlite::memory:`, or `postgres://…` (the database must exist); the
/// migrations of its kind are applied.
pub async fn connect(url: &str) -> Result<AnyStore, StoreError> {
    match backend_of(url)? {
        #[cfg(feature = "sqlite")]
        "sqlite" => Ok(AnyStore::Sqlite(SqliteStore::connect(url).await?)),
        #[cfg(feature = "postgres")]
        "postgres" => Ok(AnyStore::Postgres(PgStore::connect(url).await?)),
        other => Err(StoreError::Unsupported(url.trim().to_string(), other)),
    }
}

/// Check that a `DATABASE_URL` names a database this build can open, without opening it
/// (nothing is created).
pub fn check_url(url: &str) -> Result<(), StoreError> {
    match backend_of(url)? {
        #[cfg(feature = "sqlite")]
        "sqlite" => SqliteStore::check_url(url).map(|_| ()),
        #[cfg(feature = "postgres")]
        "postgres" => PgStore::check_url(url).map(|_| ()),
        other => Err(StoreError::Unsupported(url.trim().to_string(), other)),
    }
}
