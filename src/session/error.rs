//! Who asks, and why a request is refused: typed, so that `src/text/` can say each in
//! the asker's language with what to do instead. Nothing changed when one is returned.

use super::request::RequestError;
use crate::climb::options::{CustomCardError, MAX_CUSTOM_CARDS};
use crate::store::{GameKind, StoreError};
use crate::{climb, daifugo};

/// The longest seat name kept (longer names are cut).
pub const MAX_NAME_CHARS: usize = 32;

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// The Discord user; `None` for the terminal, which plays every local seat in turn.
    pub user_id: Option<i64>,
    /// The name shown for a new seat (Discord display name, or the local player's name).
    pub name: String,
    /// Manage Server / Manage Messages permission (or the server's teacher role, once a
    /// use case has looked: see `roles`).
    pub moderator: bool,
    /// The person's roles in the server (Discord), so that a use case that needs a
    /// moderator can tell whether they hold the server's teacher role; empty elsewhere.
    pub roles: Vec<i64>,
}

impl Actor {
    pub fn user(user_id: i64, name: impl Into<String>) -> Actor {
        Actor {
            user_id: Some(user_id),
            name: name.into(),
            moderator: false,
            roles: Vec::new(),
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
            roles: Vec::new(),
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
    /// Use the class tools (`/class`): moderators and the teacher role.
    ClassTools,
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
    /// A lobby's button, after the lobby started or closed.
    #[error("this lobby is closed: the game has started or was cancelled")]
    LobbyClosed,
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
    #[error("{0:?}")]
    Class(ClassRefusal),
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

/// A Keeper asked for with `play` that cannot be read (the words of `/climb play` and
/// the terminal's `play`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeeperError {
    #[error("`{target}` is not a space: name your pawn by its space, e.g. `play {keeper} 14`")]
    NotASpace { target: String, keeper: String },
    #[error("which pawn? add its space, e.g. `play {keeper} {example}`")]
    WhichPawn { keeper: String, example: u8 },
    #[error("whom do you curse? add a player's name or number, e.g. `play curse 2`")]
    WhomToCurse,
    #[error("no player is called `{0}`")]
    NoPlayerCalled(String),
    #[error("`{0}` could be several players: write their number")]
    SeveralPlayers(String),
    #[error("`{0}` is not a Keeper: write +N or -N (your ±N Keeper), within, or curse")]
    NotAKeeper(String),
}

/// A setting that cannot be used, with what would be right.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// The card's kind needs a number in this range.
    #[error("this card needs a number: {what:?} from {min} to {max}")]
    CardNumber {
        what: CardNumber,
        min: i64,
        max: i64,
    },
    #[error("{0}")]
    CustomCard(#[from] CustomCardError),
    #[error("custom cards have slots 1 to {MAX_CUSTOM_CARDS}, not {0}")]
    Slot(i64),
}

/// Which number a custom card needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardNumber {
    Space,
    N,
    Distance,
    Threshold,
}

/// Why a class could not be paired (nothing was opened).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassRefusal {
    /// Groups in this game have `min` to `max` players.
    GroupSize { min: usize, max: usize },
    /// Each game needs a place of its own, and none can be opened here.
    NeedsPlaces,
    /// Nobody to pair (the teacher and bots are left out).
    NoStudents,
    /// More students than one pairing seats.
    TooManyStudents { max: usize },
    /// The front may not read who has a role (Discord's Server Members Intent).
    MembersHidden,
    /// The students could not be read just now.
    StudentsUnreadable,
}
