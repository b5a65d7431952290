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

use crate::climb;
use crate::store::{GameRow, SqliteStore, Status, Store, StoreError};

mod climb_play;
mod clock;
mod commit;
mod daifugo_play;
mod lobby;
mod ratings;
mod settings;
mod stats;

pub use crate::store::GuildSettings;
pub use climb_play::{describe_choice, keeper_word, ClimbView, Command};
pub use clock::{parse_duration, Due, TimeoutMode, MAX_TIMEOUT_SECS, MIN_TIMEOUT_SECS};
pub use daifugo_play::DaifugoView;
pub use lobby::{GameOptions, LobbySpec, LobbyView, MAX_NAME_CHARS};
pub use ratings::{ai_rating_id, conservative, daifugo_ranking, RATED_MIN_PLAYERS};
pub use settings::{custom_card, CardKind, SettingsChange, MAX_CUSTOM_CARDS};
pub use stats::{Leaderboard, Standing, Stats};

pub use crate::store::{GameKind, Place, Stamp};

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

    /// The stored row after the change.
    pub fn row(&self) -> &crate::store::GameRow {
        match self {
            GameView::Climb(v) => &v.row,
            GameView::Daifugo(v) => &v.row,
        }
    }

    /// Whether an AI seat is to move now.
    pub fn ai_to_move(&self) -> bool {
        match self {
            GameView::Climb(v) => !v.is_over() && v.ai_level(v.game.current()).is_some(),
            GameView::Daifugo(v) => !v.is_over() && v.ai_level(v.game.current()).is_some(),
        }
    }
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

/// Why a request was refused. Nothing changed when one is returned. The messages speak
/// to the player and say what to do instead.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("there is no game here: start one first")]
    NoGame,
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
    #[error("there is no AI in seat {0}")]
    NoSuchAi(usize),
    #[error("it is {name}'s turn, not yours")]
    NotYourTurn { name: String },
    #[error("it is {name}'s turn, and {name} is an AI: it plays by itself")]
    AiTurn { name: String },
    #[error("only {0}")]
    NotAllowed(&'static str),
    #[error("the board has moved on: someone acted first, and nothing was changed; here is the board now")]
    Moved,
    #[error("{0}")]
    BadOptions(String),
    #[error("{0}")]
    Rule(#[from] climb::RuleError),
    #[error("there is no choice {n}: choose 1 to {count}")]
    NoSuchChoice { n: usize, count: usize },
    #[error("a name needs 1 to {MAX_NAME_CHARS} characters")]
    BadName,
    #[error("the game is over")]
    GameOver,
    #[error("this channel's game is {0}: use its own commands")]
    OtherGame(&'static str),
    #[error("{0}")]
    Daifugo(crate::daifugo::RuleError),
    #[error("this server has no custom cards yet: a moderator adds them with /settings card")]
    NoCustomCards,
    #[error("{0}")]
    BadSetting(String),
    /// The store failed; the message is for the operator's log, the player sees a general one.
    #[error("something went wrong on our side, and nothing was changed ({0})")]
    Store(StoreError),
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
pub struct Session<S: Store = SqliteStore> {
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

    pub fn store(&self) -> &S {
        &self.store
    }

    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// The open game of a place.
    async fn open(&self, place: Place) -> Result<GameRow, SessionError> {
        self.store
            .open_game(place)
            .await?
            .ok_or(SessionError::NoGame)
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
    match row.kind {
        k if k == kind => Ok(()),
        GameKind::Climb => Err(SessionError::OtherGame("Prime Climb")),
        GameKind::Daifugo => Err(SessionError::OtherGame("Prime Daifugo")),
    }
}

/// Decode stored JSON, or say the stored data is unreadable.
fn decode<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T, SessionError> {
    serde_json::from_str(json)
        .map_err(|e| SessionError::Store(StoreError::Corrupt(format!("{what}: {e}"))))
}

/// Encode for storage (engine values always serialise).
fn encode<T: serde::Serialize>(value: &T) -> Result<String, SessionError> {
    serde_json::to_string(value)
        .map_err(|e| SessionError::Store(StoreError::Corrupt(format!("encoding: {e}"))))
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
