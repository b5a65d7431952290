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

use std::future::Future;
use std::time::Duration;

#[cfg(not(any(feature = "sqlite", feature = "postgres")))]
compile_error!("build with the `sqlite` feature, the `postgres` feature, or both");

mod any;
pub mod copy;

#[cfg(feature = "postgres")]
mod postgres;
mod sql;
#[cfg(feature = "sqlite")]
mod sqlite;

pub use any::{AnyStore, AnyTx};
#[cfg(feature = "postgres")]
pub use postgres::{PgStore, PgTx};
#[cfg(feature = "sqlite")]
pub use sqlite::{SqliteStore, SqliteTx};

/// The place a game is played: a Discord server and channel (a thread is a channel), or
/// `LOCAL` for the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub guild_id: i64,
    pub channel_id: i64,
}

impl Place {
    /// The one table of terminal games (`primeclimb play`).
    pub const LOCAL: Place = Place {
        guild_id: 0,
        channel_id: 0,
    };
}

/// Which game a row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Climb,
    Daifugo,
}

impl GameKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Climb => "climb",
            GameKind::Daifugo => "daifugo",
        }
    }

    pub fn parse(s: &str) -> Result<GameKind, StoreError> {
        match s {
            "climb" => Ok(GameKind::Climb),
            "daifugo" => Ok(GameKind::Daifugo),
            other => Err(StoreError::Corrupt(format!("unknown game kind {other:?}"))),
        }
    }
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Players are joining; the engine game does not exist yet.
    Lobby,
    Active,
    /// Played to the end; results and ratings are recorded.
    Finished,
    /// Stopped early by its creator or a moderator; no results.
    Ended,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Ended => "ended",
        }
    }

    pub fn parse(s: &str) -> Result<Status, StoreError> {
        match s {
            "lobby" => Ok(Status::Lobby),
            "active" => Ok(Status::Active),
            "finished" => Ok(Status::Finished),
            "ended" => Ok(Status::Ended),
            other => Err(StoreError::Corrupt(format!(
                "unknown game status {other:?}"
            ))),
        }
    }

    /// Lobby or active: the game occupies its channel.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Active)
    }
}

/// A game as stored, with its seats in turn order.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub kind: GameKind,
    pub place: Place,
    pub status: Status,
    pub creator_id: Option<i64>,
    /// JSON of the engine's options.
    pub options: String,
    pub seed: i64,
    /// JSON of the engine's game; `None` in the lobby.
    pub state: Option<String>,
    pub version: i64,
    pub turn_timeout_secs: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_started_at: Option<i64>,
    pub reminded: bool,
    pub message_id: Option<i64>,
    /// The Discord locale of the game's channel messages (`fr`, `en-US`…).
    pub locale: Option<String>,
    /// How its pictures are drawn (palette and marks, as words); `None`: standard.
    pub look: Option<String>,
    /// The channel whose thread the game is played in (its `place` is the thread);
    /// `None`: played in its channel itself.
    pub parent_channel_id: Option<i64>,
    /// The class assignment that opened it (`/class pair`), if any.
    pub assignment_id: Option<i64>,
    /// The person to move (`None`: an AI seat, a lobby, a game over).
    pub to_move_user: Option<i64>,
    /// When the player to move was last reminded this turn.
    pub reminded_at: Option<i64>,
    /// The last turn message posted with buttons: channel and message.
    pub post: Option<(i64, i64)>,
    /// The game this one's rematch opened.
    pub rematch_id: Option<i64>,
    pub seats: Vec<SeatRow>,
}

/// A game and one of its versions: what a button drawn for that board carries, so that a
/// click on an older board, or on a game that has ended, is refused as stale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub game_id: i64,
    pub version: i64,
}

impl GameRow {
    /// The game and version this row is at (what a button drawn now carries).
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.id,
            version: self.version,
        }
    }
}

/// One player of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: i64,
    /// The Discord user; `None` for an AI seat or a local player.
    pub user_id: Option<i64>,
    pub name: String,
    /// `easy`, `medium` or `hard` for an AI seat.
    pub ai_level: Option<String>,
}

/// What a new game row starts with (status `lobby`, version 0).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub kind: GameKind,
    pub place: Place,
    pub creator_id: Option<i64>,
    pub options: String,
    pub seed: i64,
    pub turn_timeout_secs: Option<i64>,
    pub locale: Option<String>,
    pub look: Option<String>,
    pub parent_channel_id: Option<i64>,
    pub assignment_id: Option<i64>,
    pub now: i64,
}

/// The changing part of a game row, written after a successful [`StoreTx::claim`].
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub status: Status,
    pub options: String,
    pub state: Option<String>,
    pub turn_started_at: Option<i64>,
    pub reminded: bool,
    /// An AI seat is to move (the turn clock's safety net, see `OpenGame::ai_to_move`).
    pub ai_to_move: bool,
    /// The person to move, if a person is.
    pub to_move_user: Option<i64>,
}

/// One entry of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    pub version: i64,
    pub turn: i64,
    pub seat: i64,
    pub user_id: Option<i64>,
    /// JSON array of the engine's actions.
    pub actions: String,
    /// JSON array of the engine's events.
    pub events: String,
    pub at: i64,
}

/// Where one seat of a finished game placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    pub game_id: i64,
    pub seat: i64,
    pub guild_id: i64,
    pub kind: GameKind,
    /// `standard`, `solitaire1` or `solitaire2`.
    pub mode: String,
    pub user_id: Option<i64>,
    pub ai_level: Option<String>,
    pub name: String,
    pub place: i64,
    pub won: bool,
    pub turns: i64,
    pub finished_at: i64,
}

/// A player's rating in one server for one game kind.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub guild_id: i64,
    pub kind: GameKind,
    /// A Discord user, or an AI level's id (see `session::ratings`).
    pub user_id: i64,
    pub name: String,
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
    pub wins: i64,
    pub updated_at: i64,
}

/// A player's best solitaire score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestScore {
    pub user_id: Option<i64>,
    pub name: String,
    pub mode: String,
    pub turns: i64,
    pub game_id: i64,
}

/// One player's record in one server for one game kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    pub games: i64,
    pub wins: i64,
}

/// A server's settings (defaults when the server never set any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    pub guild_id: i64,
    pub turn_timeout_secs: Option<i64>,
    /// `ai` (an AI plays the idle turn) or `skip`.
    pub on_timeout: String,
    pub default_variant: String,
    pub teacher_role_id: Option<i64>,
    /// How the server's game pictures are drawn (palette and marks, as words).
    pub look: Option<String>,
    /// New games open in their own thread (when the bot may create threads).
    pub threads: bool,
    /// How long a leaderboard season lasts: `month`, `quarter` or `year`.
    pub season: String,
    /// Reminders every so often until the time is up (`None`: once, at half time).
    pub remind_every_secs: Option<i64>,
    /// The server's time zone (IANA, e.g. `Europe/Paris`): its weekends and holidays.
    pub time_zone: String,
    /// Turn clocks stop on Saturdays and Sundays.
    pub weekends_off: bool,
    /// Days the turn clocks stop: `2026-12-24,2026-12-25`.
    pub holidays: String,
    /// Days away (`/away`) a person may take per month.
    pub away_days: i64,
    /// A lobby nobody started closes after this many hours.
    pub lobby_hours: i64,
    /// A game nobody has touched for this many days ends, without ratings.
    pub idle_days: i64,
    /// The channel that receives the day's puzzles, if any.
    pub puzzle_channel: Option<i64>,
    /// The local hour the day's puzzles are posted.
    pub puzzle_hour: i64,
    /// The language of that post (`en`, `fr`).
    pub puzzle_lang: String,
}

impl GuildSettings {
    pub fn defaults(guild_id: i64) -> GuildSettings {
        GuildSettings {
            guild_id,
            turn_timeout_secs: None,
            on_timeout: "ai".into(),
            default_variant: String::new(),
            teacher_role_id: None,
            look: None,
            threads: true,
            season: "month".into(),
            remind_every_secs: None,
            time_zone: "UTC".into(),
            weekends_off: false,
            holidays: String::new(),
            away_days: 7,
            lobby_hours: 48,
            idle_days: 14,
            puzzle_channel: None,
            puzzle_hour: 8,
            puzzle_lang: "en".into(),
        }
    }
}

/// A class assignment (`/class pair`): the games opened together, and when they are due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssignmentRow {
    pub id: i64,
    pub guild_id: i64,
    /// Where the teacher asked (the due list is posted there).
    pub channel_id: i64,
    pub teacher_id: i64,
    pub kind: GameKind,
    pub created_at: i64,
    pub due_at: Option<i64>,
}

/// A person's own settings: how their private pictures are drawn, how they are told it
/// is their turn, their time zone, quiet hours and digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserSettings {
    pub user_id: i64,
    pub look: Option<String>,
    /// `ping` (in the game's channel), `dm` or `none`.
    pub notify: String,
    /// IANA time zone; `None`: UTC.
    pub time_zone: Option<String>,
    /// Quiet hours, minutes after local midnight: from, to (may cross midnight).
    pub quiet_from: Option<i64>,
    pub quiet_to: Option<i64>,
    /// The local hour of the daily digest by DM.
    pub digest_hour: Option<i64>,
    /// When the last digest went (ms).
    pub digest_sent: Option<i64>,
    /// Discord refused a DM: notifications go to the channel.
    pub dm_closed: bool,
    /// The language they last used with the bot (`en`, `fr`): their direct messages'.
    pub lang: Option<String>,
}

impl UserSettings {
    pub fn defaults(user_id: i64) -> UserSettings {
        UserSettings {
            user_id,
            look: None,
            notify: "ping".into(),
            time_zone: None,
            quiet_from: None,
            quiet_to: None,
            digest_hour: None,
            digest_sent: None,
            dm_closed: false,
            lang: None,
        }
    }
}

/// A person's answer to a day's puzzle (the first one of the day counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAnswerRow {
    pub guild_id: i64,
    pub user_id: i64,
    /// `climb` or `daifugo`.
    pub kind: String,
    /// Days since 1970-01-01 in the server's time zone.
    pub day: i64,
    pub correct: bool,
    pub answered_at: i64,
}

/// A time away (`/away`): the person's turn clocks in the server stop meanwhile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwayRow {
    pub guild_id: i64,
    pub user_id: i64,
    pub from_at: i64,
    pub until_at: i64,
}

/// What a player did that the game log does not keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityRow {
    pub guild_id: i64,
    pub user_id: i64,
    pub game_id: i64,
    /// `hint` or `refused`.
    pub kind: String,
    /// For a refusal, its kind (`off_board`, `die_used`…); empty otherwise.
    pub detail: String,
    pub at: i64,
}

/// An open game whose turn clock may need attention (timeouts, AI seats after a restart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    pub id: i64,
    pub kind: GameKind,
    pub place: Place,
    pub status: Status,
    pub version: i64,
    pub turn_timeout_secs: Option<i64>,
    pub turn_started_at: Option<i64>,
    pub reminded: bool,
    /// When the game last changed (ms since the epoch).
    pub updated_at: i64,
    /// An AI seat is to move.
    pub ai_to_move: bool,
    /// The person to move, if a person is.
    pub to_move_user: Option<i64>,
    /// When they were last reminded this turn.
    pub reminded_at: Option<i64>,
    pub created_at: i64,
    /// The turn (its start) whose player was told by direct message.
    pub notified_turn: Option<i64>,
}

/// A game's public message waiting in the outbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingPost {
    pub game_id: i64,
    pub place: Place,
    /// The version the message is for.
    pub version: i64,
}

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

/// Reads, and the way into a write transaction.
pub trait Store: Clone + Send + Sync + 'static {
    type Tx: StoreTx;

    /// Begin a write transaction. On SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`), so transactions queue instead of failing half-way.
    fn begin(&self) -> impl Future<Output = Result<Self::Tx, StoreError>> + Send;

    /// The open game (lobby or active) of a place.
    fn open_game(
        &self,
        place: Place,
    ) -> impl Future<Output = Result<Option<GameRow>, StoreError>> + Send;

    /// Any game by id.
    fn game(&self, id: i64) -> impl Future<Output = Result<Option<GameRow>, StoreError>> + Send;

    /// The newest game of a place, open or not (to show a game that just finished).
    fn latest_game(
        &self,
        place: Place,
    ) -> impl Future<Output = Result<Option<GameRow>, StoreError>> + Send;

    /// The whole event log of a game, in order.
    fn log(&self, game_id: i64) -> impl Future<Output = Result<Vec<LogRow>, StoreError>> + Send;

    /// The log entries made from engine turn `turn` on, in order.
    fn log_since_turn(
        &self,
        game_id: i64,
        turn: i64,
    ) -> impl Future<Output = Result<Vec<LogRow>, StoreError>> + Send;

    /// Every open game (for the turn clock and for AI seats after a restart).
    fn open_games(&self) -> impl Future<Output = Result<Vec<OpenGame>, StoreError>> + Send;

    /// The games of Discord servers whose public message waits in the outbox, due by
    /// `now`.
    fn pending_posts(
        &self,
        now: i64,
    ) -> impl Future<Output = Result<Vec<PendingPost>, StoreError>> + Send;

    /// The results of a finished game, in seat order.
    fn results(
        &self,
        game_id: i64,
    ) -> impl Future<Output = Result<Vec<ResultRow>, StoreError>> + Send;

    /// Ratings of a server and kind, best conservative skill (μ − 3σ) first.
    fn leaderboard(
        &self,
        guild_id: i64,
        kind: GameKind,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<RatingRow>, StoreError>> + Send;

    /// Each player's best (fewest turns) finished game in a solitaire mode, best first.
    fn best_scores(
        &self,
        guild_id: i64,
        kind: GameKind,
        mode: &str,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<BestScore>, StoreError>> + Send;

    /// One player's rating.
    fn rating(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> impl Future<Output = Result<Option<RatingRow>, StoreError>> + Send;

    /// Games played and won by a user in a server (solitaire included).
    fn record(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> impl Future<Output = Result<PlayerRecord, StoreError>> + Send;

    /// A user's best solitaire score in a mode.
    fn best_score(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
        mode: &str,
    ) -> impl Future<Output = Result<Option<i64>, StoreError>> + Send;

    /// A server's settings, or the defaults.
    fn settings(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<GuildSettings, StoreError>> + Send;

    /// A server's custom cards (JSON of the engine's `CustomCard`), by slot.
    fn custom_cards(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<Vec<(i64, String)>, StoreError>> + Send;

    /// A person's own look for the pictures only they see (words), if they chose one.
    fn user_look(
        &self,
        user_id: i64,
    ) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;

    /// The open games (lobby or active) of a server, oldest first.
    fn open_games_of(
        &self,
        guild_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The games of a server of a kind created from `from` (inclusive) to `to`
    /// (exclusive), ms since the epoch, lobbies left out; oldest first.
    fn games_between(
        &self,
        guild_id: i64,
        kind: GameKind,
        from: i64,
        to: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The results of a server and kind finished from `from` to `to` (exclusive), in the
    /// order they were recorded.
    fn results_between(
        &self,
        guild_id: i64,
        kind: GameKind,
        from: i64,
        to: i64,
    ) -> impl Future<Output = Result<Vec<ResultRow>, StoreError>> + Send;

    /// What players of a server did from `from` to `to` (exclusive).
    fn activity(
        &self,
        guild_id: i64,
        from: i64,
        to: i64,
    ) -> impl Future<Output = Result<Vec<ActivityRow>, StoreError>> + Send;

    /// A class assignment.
    fn assignment(
        &self,
        id: i64,
    ) -> impl Future<Output = Result<Option<AssignmentRow>, StoreError>> + Send;

    /// Assignments due at `now` or before whose open games were not yet listed.
    fn due_assignments(
        &self,
        now: i64,
    ) -> impl Future<Output = Result<Vec<AssignmentRow>, StoreError>> + Send;

    /// Games played in a thread that have finished or ended and whose end was not yet
    /// announced in the thread's parent channel.
    fn unannounced_ends(&self) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// A person's own settings (the defaults if they never chose any).
    fn user_settings(
        &self,
        user_id: i64,
    ) -> impl Future<Output = Result<UserSettings, StoreError>> + Send;

    /// Everyone who asked for a daily digest.
    fn digest_users(&self) -> impl Future<Output = Result<Vec<UserSettings>, StoreError>> + Send;

    /// The open games (any server) in which this person is to move.
    fn waiting_on(
        &self,
        user_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The times away of a server that end after `after` (ms).
    fn aways(
        &self,
        guild_id: i64,
        after: i64,
    ) -> impl Future<Output = Result<Vec<AwayRow>, StoreError>> + Send;

    /// The open games (lobbies and games in play) of a server in which a person is seated,
    /// oldest first.
    fn games_of_user(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;

    /// The puzzle answers of a server, of one kind (`climb`, `daifugo`), oldest first.
    fn puzzle_answers(
        &self,
        guild_id: i64,
        kind: &str,
    ) -> impl Future<Output = Result<Vec<PuzzleAnswerRow>, StoreError>> + Send;

    /// The servers that receive the day's puzzles in a channel.
    fn puzzle_servers(&self)
        -> impl Future<Output = Result<Vec<GuildSettings>, StoreError>> + Send;

    /// The next step of a person's guided first game (0: not begun).
    fn lesson_step(&self, user_id: i64) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Who asked for a game's rematch.
    fn rematch_votes(
        &self,
        game_id: i64,
    ) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// The games of an assignment.
    fn assignment_games(
        &self,
        assignment_id: i64,
    ) -> impl Future<Output = Result<Vec<GameRow>, StoreError>> + Send;
}

/// One write transaction. Dropped without [`StoreTx::commit`], it rolls back.
pub trait StoreTx: Send {
    /// Create a game in the lobby. [`StoreError::ChannelBusy`] if the place has an open game.
    fn insert_game(
        &mut self,
        game: &NewGame,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Take the next version of a game: succeeds only if its version is still `expected`
    /// ([`StoreError::Conflict`] otherwise). Every change begins with it.
    fn claim(
        &mut self,
        game_id: i64,
        expected: i64,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn update_game(
        &mut self,
        game_id: i64,
        update: &GameUpdate,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// [`StoreTx::claim`] and [`StoreTx::update_game`] in one statement: the next version
    /// of a game whose version is still `expected`, with its new state
    /// ([`StoreError::Conflict`] otherwise, and nothing written). Every move takes this
    /// path, so it is one round trip to the database instead of three.
    ///
    /// It also sets the outbox: `post` is `(version, try_at)` when the game's public
    /// message for that version waits until Discord takes it, first tried at `try_at`;
    /// `None` clears what waited (a person's own answer supersedes it).
    fn claim_update(
        &mut self,
        game_id: i64,
        expected: i64,
        now: i64,
        update: &GameUpdate,
        post: Option<(i64, i64)>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Note a reminder of the turn at `version`, sent `at`, if the last reminder noted is
    /// still `seen` (what the clock read when it found the reminder due; `None`: none yet).
    /// False when the game has moved on, or another reminder was noted since, by this
    /// process or another: each reminder is claimed once.
    fn mark_reminded(
        &mut self,
        game_id: i64,
        version: i64,
        seen: Option<i64>,
        at: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn set_message(
        &mut self,
        game_id: i64,
        message_id: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn insert_seat(
        &mut self,
        game_id: i64,
        seat: &SeatRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn delete_seat(
        &mut self,
        game_id: i64,
        seat: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Replace every seat (the lobby's seats numbered 0, 1, 2… at the start).
    fn replace_seats(
        &mut self,
        game_id: i64,
        seats: &[SeatRow],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn append_log(
        &mut self,
        game_id: i64,
        row: &LogRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Drop the stored events of log entries made before engine turn `before_turn`: at the
    /// end of a game they are a cache (replaying the actions gives them back), and the
    /// last turns' events stay for the final picture.
    fn forget_events(
        &mut self,
        game_id: i64,
        before_turn: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn insert_result(
        &mut self,
        row: &ResultRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A rating read inside the transaction (so concurrent finishes cannot lose an update).
    fn rating(
        &mut self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> impl Future<Output = Result<Option<RatingRow>, StoreError>> + Send;

    fn put_rating(
        &mut self,
        row: &RatingRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Store `row` as a player's rating if they have none yet; a stored one is left as it
    /// is. Done before a rating is read for update, so that on PostgreSQL there is always
    /// a row to lock: two games rating a new player at once then queue rather than each
    /// start from the fresh rating (and one overwrite the other).
    fn add_rating_if_missing(
        &mut self,
        row: &RatingRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    fn put_settings(
        &mut self,
        settings: &GuildSettings,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Draw the open games (lobbies and active) of a server with `look`.
    fn set_open_games_look(
        &mut self,
        guild_id: i64,
        look: Option<&str>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A person's own look (`None`: the server's).
    fn put_user_look(
        &mut self,
        user_id: i64,
        look: Option<&str>,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A person's own settings, all at once.
    fn put_user_settings(
        &mut self,
        settings: &UserSettings,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim today's digest of a person: true once per `due` (ms).
    fn claim_digest(
        &mut self,
        user_id: i64,
        due: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn insert_away(
        &mut self,
        away: &AwayRow,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// End a person's times away in a server now (`/away off`).
    fn end_aways(
        &mut self,
        guild_id: i64,
        user_id: i64,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Note `post` (channel, message) as the game's turn message with buttons, unless a
    /// newer one (a later message id) is noted already. Returns the message whose buttons
    /// should go: the one it replaced, or `post` itself when it came too late.
    fn swap_post(
        &mut self,
        game_id: i64,
        post: (i64, i64),
    ) -> impl Future<Output = Result<Option<(i64, i64)>, StoreError>> + Send;

    /// Game `game_id`'s public message for `version` could not be delivered (Discord
    /// refused the answer to a person's change, and the channel post after it): into the
    /// outbox, tried at `try_at`, if the game is still at `version` (a newer change's own
    /// message, or a person's answer, supersedes it).
    fn keep_post(
        &mut self,
        game_id: i64,
        version: i64,
        try_at: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the outbox's try of game `game_id`'s message for `version` (due by `now`):
    /// true once, for whoever gets there first; the next try is then at `next_try`.
    fn claim_post(
        &mut self,
        game_id: i64,
        version: i64,
        now: i64,
        next_try: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Game `game_id`'s message for `version` was posted: out of the outbox (unless a
    /// newer one took its place).
    fn clear_post(
        &mut self,
        game_id: i64,
        version: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the direct message telling the player of the turn that started at
    /// `turn_started_at`: true once per turn, and only while that turn is the game's.
    fn claim_turn_notice(
        &mut self,
        game_id: i64,
        turn_started_at: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Record a puzzle answer unless the person answered that day's puzzle already; true
    /// when it was recorded (the first answer counts).
    fn record_puzzle_answer(
        &mut self,
        row: &PuzzleAnswerRow,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Claim the post of a day's puzzles in a server's channel: true once.
    fn claim_puzzle_post(
        &mut self,
        guild_id: i64,
        day: i64,
        now: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Note the next step of a person's guided first game.
    fn set_lesson_step(
        &mut self,
        user_id: i64,
        step: i64,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Note (or clear) the game a rematch opened.
    fn set_rematch(
        &mut self,
        game_id: i64,
        rematch_id: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// A person asks for a game's rematch; returns everyone who has.
    fn vote_rematch(
        &mut self,
        game_id: i64,
        user_id: i64,
    ) -> impl Future<Output = Result<Vec<i64>, StoreError>> + Send;

    /// Claim a game's rematch for the new game `rematch_id`: true once.
    fn claim_rematch(
        &mut self,
        game_id: i64,
        rematch_id: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Record a class assignment; returns its id.
    fn insert_assignment(
        &mut self,
        row: &AssignmentRow,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Claim the listing of an assignment's open games at its due date: true once.
    fn claim_assignment_due(
        &mut self,
        id: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn log_activity(
        &mut self,
        row: &ActivityRow,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the announcement of a game's end in its parent channel: true once.
    fn claim_end_announcement(
        &mut self,
        game_id: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Set (`Some(json)`) or clear (`None`) a custom-card slot.
    fn put_custom_card(
        &mut self,
        guild_id: i64,
        slot: i64,
        card: Option<&str>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Claim the right to play and post the AI turns of a place's game in progress until
    /// `until` (ms), for `owner` (one bot process): true when nobody else holds it, it
    /// ran out (its process died), or `owner` holds it already (it is renewed). So across
    /// processes one plays a game's AI turns at a time, and posts them in order.
    fn claim_runner(
        &mut self,
        place: Place,
        owner: &str,
        now: i64,
        until: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Give the AI turns of a place's game back, if `owner` holds them. Returns whether an
    /// AI seat is to move in it all the same (a person moved meanwhile, through another
    /// process that found the turns held): then the runner claims them again.
    fn release_runner(
        &mut self,
        place: Place,
        owner: &str,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn commit(self) -> impl Future<Output = Result<(), StoreError>> + Send;
}

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
