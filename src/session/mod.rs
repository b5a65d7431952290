//! The use cases a player or moderator has: create a lobby, join, leave, add or remove an
//! AI seat, start, move, play a Keeper, answer a card, end or undo within the Move phase,
//! resign, end a game, show the board, list legal moves, hint, leaderboard and stats.
//!
//! Each change is one store transaction that first claims the game's version: of two
//! conflicting requests exactly one applies, and the other gets
//! [`SessionError::Moved`] ("the board has moved on") with nothing changed. The engine
//! state is rebuilt from JSON, the action is applied on a copy (an engine error changes
//! nothing), and the new state, the log entry and, at the end of a game, the results and
//! ratings are written together. AI seats play through the same path.
//!
//! Used by the Discord adapters and the terminal (`primeclimb play`); knows no Discord or
//! terminal types.

use std::sync::Arc;

use crate::json::{Stored, ToJson};
use crate::lang::Lang;
use crate::level::Level;
use crate::store::{AnyStore, GameRow, SeatRow, Store, StoreError};
use crate::{climb, daifugo};

pub mod calendar;
mod class;
mod climb_play;
mod clock;
mod commit;
mod daifugo_play;
pub mod lessons;
mod lobby;
mod patience;
mod people;
mod puzzles;
mod ratings;
mod rematch;
pub mod replay;
pub mod report;
pub mod request;
pub mod review;
mod settings;
mod stats;

pub use crate::render::{LastTurn, Look, Palette};
pub use crate::store::{
    AssignmentRow, BestScore, GameKind, GuildSettings, PendingPost, Place, PlayerRecord, Stamp,
    Status, UserSettings,
};
pub use class::{groups, refusal_kind, GameSummary, Member};
pub use climb_play::{ActedTurn, ClimbView, KeeperError};
pub use clock::{quiet_of, AiStep, Due, TimeoutMode};
pub use commit::{OUTBOX_FIRST_TRY_MS, OUTBOX_RETRY_MS};
pub use daifugo_play::DaifugoView;
pub use lobby::{GameOptions, LobbySpec, LobbyView, MAX_NAME_CHARS};
pub use patience::{patiently, Patience};
pub use people::{Away, MyGame, NotifyChange, NotifyHow};
pub use puzzles::{streaks, PuzzleGrade, PuzzleRecord, PuzzleStanding};
pub use ratings::{ai_rating_id, conservative, daifugo_ranking, RATED_MIN_PLAYERS};
pub use rematch::{RematchPlan, RematchVote};
pub use request::{Command, RequestError};
pub use settings::{
    custom_card, CardKind, CardNumber, Season, SettingError, SettingsChange, MAX_CUSTOM_CARDS,
};
pub use stats::{Leaderboard, Standing, Stats};

/// A game after a change or for a look: Prime Climb or Prime Daifugo.
#[derive(Clone, Debug)]
pub enum GameView {
    Climb(Box<ClimbView>),
    Daifugo(Box<DaifugoView>),
}

impl GameView {
    /// The Prime Climb view, if it is one.
    pub fn climb(self) -> Option<ClimbView> {
        match self {
            GameView::Climb(v) => Some(*v),
            GameView::Daifugo(_) => None,
        }
    }

    /// The Prime Daifugo view, if it is one.
    pub fn daifugo(self) -> Option<DaifugoView> {
        match self {
            GameView::Daifugo(v) => Some(*v),
            GameView::Climb(_) => None,
        }
    }

    /// What the view says about its game: seats, status, version, language.
    pub fn info(&self) -> &GameInfo {
        match self {
            GameView::Climb(v) => &v.info,
            GameView::Daifugo(v) => &v.info,
        }
    }

    /// Whether the game is over (won, or ended).
    pub fn is_over(&self) -> bool {
        match self {
            GameView::Climb(v) => v.is_over(),
            GameView::Daifugo(v) => v.is_over(),
        }
    }

    /// The seat to move now.
    pub fn to_move(&self) -> usize {
        match self {
            GameView::Climb(v) => v.game.current(),
            GameView::Daifugo(v) => v.game.current(),
        }
    }

    /// The seat that made this change, if a player or an AI did.
    pub fn actor_seat(&self) -> Option<usize> {
        match self {
            GameView::Climb(v) => v.actor_seat,
            GameView::Daifugo(v) => v.actor_seat,
        }
    }

    /// Whether an AI seat is to move now.
    pub fn ai_to_move(&self) -> bool {
        !self.is_over() && self.info().ai_level(self.to_move()).is_some()
    }
}

/// One seat of a game, as the fronts show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The seat's number: its place in turn order once the game has started (a lobby's
    /// numbers may have gaps where players left).
    pub seat: i64,
    /// The Discord user; `None` for an AI seat or a player at the terminal.
    pub user_id: Option<i64>,
    pub name: String,
    /// The AI that plays the seat, if one does.
    pub ai: Option<Level>,
}

/// What every view says about its game: which game, where, who plays in which order,
/// where it stands, in which language its messages are written.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    pub id: i64,
    pub kind: GameKind,
    pub place: Place,
    pub status: Status,
    /// Changes so far: a button drawn now carries it (see [`GameInfo::stamp`]).
    pub version: i64,
    /// Who opened the game (Discord user), if a person did.
    pub creator_id: Option<i64>,
    /// The seats in turn order.
    pub seats: Vec<SeatInfo>,
    /// The options the game was opened with.
    pub options: GameOptions,
    /// The language of the game's public messages.
    pub lang: Lang,
    /// How its public pictures are drawn (the server's palette and marks).
    pub look: Look,
    /// The channel whose thread the game is played in (`place` is the thread); `None`:
    /// played in its channel itself.
    pub parent_channel_id: Option<i64>,
    /// The class assignment that opened it, if any.
    pub assignment_id: Option<i64>,
    /// When the game was opened (ms since the epoch).
    pub created_at: i64,
    pub turn_timeout_secs: Option<i64>,
    /// When the turn being played began (ms since the epoch).
    pub turn_started_at: Option<i64>,
}

impl GameInfo {
    fn of_row(row: &GameRow) -> Result<GameInfo, SessionError> {
        Ok(GameInfo {
            id: row.id,
            kind: row.kind,
            place: row.place,
            status: row.status,
            version: row.version,
            creator_id: row.creator_id,
            seats: row.seats.iter().map(seat_info).collect(),
            options: GameOptions::of_row(row)?,
            lang: Lang::pick(row.locale.as_deref(), None),
            look: request::stored_look(row.look.as_deref()),
            parent_channel_id: row.parent_channel_id,
            assignment_id: row.assignment_id,
            created_at: row.created_at,
            turn_timeout_secs: row.turn_timeout_secs,
            turn_started_at: row.turn_started_at,
        })
    }

    /// The game and version this view is at (what a button drawn now carries).
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.id,
            version: self.version,
        }
    }

    /// The AI level of a seat, if an AI plays it.
    pub fn ai_level(&self, seat: usize) -> Option<Level> {
        self.seats.get(seat)?.ai
    }

    /// The seat of a Discord user.
    pub fn seat_of_user(&self, user_id: i64) -> Option<usize> {
        self.seats.iter().position(|s| s.user_id == Some(user_id))
    }

    /// The Discord user of a seat.
    pub fn user_of(&self, seat: usize) -> Option<i64> {
        self.seats.get(seat)?.user_id
    }
}

fn seat_info(s: &SeatRow) -> SeatInfo {
    SeatInfo {
        seat: s.seat,
        user_id: s.user_id,
        name: s.name.clone(),
        ai: s.ai_level.as_deref().and_then(|l| l.parse().ok()),
    }
}

/// Where the database lives when `DATABASE_URL` is not set.
pub const DEFAULT_DATABASE_URL: &str = crate::store::DEFAULT_URL;

/// Check a `DATABASE_URL` without opening anything (nothing is created); the error says
/// what is wrong, for whoever runs the program.
pub fn check_database_url(url: &str) -> Result<(), String> {
    crate::store::check_url(url).map_err(|e| e.to_string())
}

/// The use cases on the database named by a `DATABASE_URL` (created if missing,
/// migrations applied), with the wall clock or `clock`. The error says why the database
/// cannot be opened, for whoever runs the program.
pub async fn open(url: &str, clock: Option<Clock>) -> Result<Session, String> {
    let store = crate::store::connect(url)
        .await
        .map_err(|e| e.to_string())?;
    Ok(match clock {
        Some(clock) => Session::with_clock(store, clock),
        None => Session::new(store),
    })
}

/// Milliseconds since the Unix epoch.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The wall clock.
pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0)
    })
}

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The Discord user; `None` for the terminal, which plays every local seat in turn.
    pub user_id: Option<i64>,
    /// The name shown for a new seat (Discord display name, or the local player's name).
    pub name: String,
    /// Manage Server / Manage Messages permission, or the server's teacher role.
    pub moderator: bool,
}

impl Actor {
    pub fn user(user_id: i64, name: impl Into<String>) -> Actor {
        Actor {
            user_id: Some(user_id),
            name: name.into(),
            moderator: false,
        }
    }

    pub fn moderator(user_id: i64, name: impl Into<String>) -> Actor {
        Actor {
            moderator: true,
            ..Actor::user(user_id, name)
        }
    }

    /// The person at the terminal.
    pub fn local(name: impl Into<String>) -> Actor {
        Actor {
            user_id: None,
            name: name.into(),
            moderator: true,
        }
    }
}

/// Who may do what (the refusal names it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// End a game: its creator or a moderator.
    EndGame,
    /// Change the server's settings: moderators and the teacher role.
    ChangeSettings,
    /// Start a game: a seated player, its creator or a moderator.
    StartGame,
    /// Add or remove AI seats: a seated player, its creator or a moderator.
    ChangeSeats,
}

/// Why a request was refused. Nothing changed when one is returned. `src/text/` says
/// each to the player in their language, and what to do instead.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("there is no game here: start one first")]
    NoGame,
    /// No game in this channel itself, but games in its threads: use the command there.
    #[error(
        "this channel's games are played in their threads: use the command in the game's thread"
    )]
    InThreads(Vec<i64>),
    #[error("a game is already open here: join it, or end it first")]
    ChannelBusy,
    #[error("the game has not started yet: it starts when someone presses Start")]
    NotStarted,
    #[error("the game has already started: players can no longer join or leave the lobby")]
    AlreadyStarted,
    #[error("you are already in this game")]
    AlreadyJoined,
    #[error("you are not in this game")]
    NotInGame,
    #[error("the table is full ({max} players at most)")]
    LobbyFull { max: usize },
    #[error("there is no AI seat to remove")]
    NoSuchAi,
    #[error("it is {name}'s turn, not yours")]
    NotYourTurn { name: String },
    #[error("it is {name}'s turn, and {name} is an AI: it plays by itself")]
    AiTurn { name: String },
    #[error("you may not do that here ({0:?})")]
    NotAllowed(Permission),
    #[error("the board has moved on: someone acted first, and nothing was changed; here is the board now")]
    Moved,
    #[error("{0}")]
    Rule(#[from] climb::RuleError),
    #[error("{0}")]
    Daifugo(#[from] daifugo::RuleError),
    #[error("{0}")]
    ClimbOptions(#[from] climb::OptionsError),
    #[error("{0}")]
    DaifugoOptions(#[from] daifugo::OptionsError),
    #[error("{0}")]
    Request(#[from] RequestError),
    #[error("{0}")]
    Keeper(#[from] KeeperError),
    #[error("{0}")]
    Setting(#[from] SettingError),
    #[error("there is no choice {n}: choose 1 to {count}")]
    NoSuchChoice { n: usize, count: usize },
    #[error("there is nothing to choose now")]
    NothingToChoose,
    #[error("a name needs 1 to {MAX_NAME_CHARS} characters")]
    BadName,
    #[error("the game is over")]
    GameOver,
    #[error("this channel's game is another game: use its own commands")]
    OtherGame(GameKind),
    #[error("this server has no custom cards yet: a moderator adds them with /settings card")]
    NoCustomCards,
    #[error("that is {asked} days away, and this server allows {per_month} a month: {left} left this month")]
    AwayQuota {
        asked: i64,
        left: i64,
        per_month: i64,
    },
    #[error("only the players of this game can ask for a rematch")]
    NotAPlayer,
    #[error("a rematch is for a game that is over")]
    NotOver,
    #[error("the rematch has already started")]
    RematchStarted,
    #[error("the review comes when the game is over: until then, /climb hint helps with the turn in play")]
    ReviewAfterGame,
    #[error("a whole move is asked for: use both dice, like 14 x3 +5")]
    PuzzleUnfinished,
    #[error(
        "`{0}` is not a list of spaces: write them separated by spaces or commas, like 12 17 40"
    )]
    PuzzleSpaces(String),
    #[error("`{0}` is not a number: write the prime, like 523")]
    PuzzleNumber(String),
    /// The store failed; the message is for the operator's log, the player sees a general one.
    #[error("something went wrong on our side, and nothing was changed ({0})")]
    Store(StoreError),
}

impl SessionError {
    /// The database is away or busy for now: nothing was changed, and the same request
    /// may succeed in a moment (see [`StoreError::unavailable`]).
    pub fn unavailable(&self) -> bool {
        matches!(self, SessionError::Store(e) if e.unavailable())
    }
}

impl From<StoreError> for SessionError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => SessionError::Moved,
            StoreError::ChannelBusy => SessionError::ChannelBusy,
            other => SessionError::Store(other),
        }
    }
}

/// The use cases over one store.
#[derive(Clone)]
pub struct Session<S: Store = AnyStore> {
    store: S,
    clock: Clock,
}

impl<S: Store> Session<S> {
    pub fn new(store: S) -> Session<S> {
        Session::with_clock(store, system_clock())
    }

    /// A session with its own clock (tests of turn timeouts).
    pub fn with_clock(store: S, clock: Clock) -> Session<S> {
        Session { store, clock }
    }

    fn store(&self) -> &S {
        &self.store
    }

    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// The open game of a place. In a channel whose games are played in threads, the
    /// refusal lists the threads.
    async fn open(&self, place: Place) -> Result<GameRow, SessionError> {
        match self.store.open_game(place).await? {
            Some(row) => Ok(row),
            None => Err(self.no_game_here(place).await),
        }
    }

    /// Why a place has no game: none at all, or its games are in its threads.
    async fn no_game_here(&self, place: Place) -> SessionError {
        let threads: Vec<i64> = match self.store.open_games_of(place.guild_id).await {
            Ok(rows) => rows
                .iter()
                .filter(|r| r.parent_channel_id == Some(place.channel_id))
                .map(|r| r.place.channel_id)
                .collect(),
            Err(e) => return e.into(),
        };
        if threads.is_empty() {
            SessionError::NoGame
        } else {
            SessionError::InThreads(threads)
        }
    }

    /// The open game of a place, which must have started.
    async fn active(&self, place: Place) -> Result<GameRow, SessionError> {
        let row = self.open(place).await?;
        match row.status {
            Status::Lobby => Err(SessionError::NotStarted),
            _ => Ok(row),
        }
    }

    /// The started open game of a place, which must be of `kind`.
    async fn active_of(&self, place: Place, kind: GameKind) -> Result<GameRow, SessionError> {
        let row = self.active(place).await?;
        same_kind(&row, kind)?;
        Ok(row)
    }

    /// Game `game_id` of this place's server, or else the newest game of the place: the
    /// game a look back at one (a review, a replay) is about.
    async fn game_in_server(
        &self,
        place: Place,
        game_id: Option<i64>,
    ) -> Result<GameRow, SessionError> {
        let row = match game_id {
            Some(id) => self
                .store()
                .game(id)
                .await?
                .filter(|r| r.place.guild_id == place.guild_id),
            None => self.store().latest_game(place).await?,
        };
        row.ok_or(SessionError::NoGame)
    }

    /// The newest game of a place (a channel's open game is always its newest: a game can
    /// only be created when none is open), which must be of `kind` and have started.
    async fn latest_of(&self, place: Place, kind: GameKind) -> Result<GameRow, SessionError> {
        let row = self
            .store()
            .latest_game(place)
            .await?
            .ok_or(SessionError::NoGame)?;
        same_kind(&row, kind)?;
        if row.state.is_none() {
            return Err(SessionError::NotStarted);
        }
        Ok(row)
    }
}

/// Refuse a request for one game in a channel playing the other.
fn same_kind(row: &GameRow, kind: GameKind) -> Result<(), SessionError> {
    if row.kind == kind {
        Ok(())
    } else {
        Err(SessionError::OtherGame(row.kind))
    }
}

/// Decode stored JSON, or say the stored data is unreadable.
/// A log entry's seat and actions, decoded (`A`: the game's engine actions).
fn logged<A>(entry: &crate::store::LogRow) -> Result<(usize, Vec<A>), SessionError>
where
    Vec<A>: Stored,
{
    let actions = decode("log actions", &entry.actions)?;
    Ok((usize::try_from(entry.seat).unwrap_or(usize::MAX), actions))
}

fn decode<T: Stored>(what: &str, json: &str) -> Result<T, SessionError> {
    T::from_json(json).map_err(|e| SessionError::Store(StoreError::Corrupt(format!("{what}: {e}"))))
}

/// Encode for storage (engine values always serialise).
fn encode<T: ToJson + ?Sized>(value: &T) -> Result<String, SessionError> {
    Ok(value.to_json())
}

/// May `actor` manage (start, end, change) this game: its creator, a moderator, or, in a
/// game whose creator is not seated, any seated player?
fn may_manage(row: &GameRow, actor: &Actor) -> bool {
    if actor.moderator {
        return true;
    }
    match actor.user_id {
        Some(id) if row.creator_id == Some(id) => true,
        Some(id) => {
            let creator_seated = row
                .seats
                .iter()
                .any(|s| s.user_id.is_some() && s.user_id == row.creator_id);
            !creator_seated && row.seats.iter().any(|s| s.user_id == Some(id))
        }
        None => false,
    }
}
