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

pub mod calendar;
mod class;
mod clicks;
mod climb_play;
mod clock;
mod commit;
mod controls;
mod core;
mod daifugo_play;
pub mod dates;
mod due;
mod error;
pub mod ids;
pub mod lessons;
mod links;
mod lobby;
mod locks;
mod opening;
mod outcome;
mod pairing;
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
pub mod suggest;
mod views;
pub mod watching;

pub use crate::render::{LastTurn, Look, Palette};
pub use crate::store::{
    AssignmentRow, BestScore, GameKind, GuildSettings, PendingPost, Place, PlayerRecord, Stamp,
    Status, UserSettings,
};
pub use calendar::quiet_of;
pub use class::{groups, refusal_kind, GameSummary, Member};
pub use clicks::{ClickAsk, Clicked};
pub use climb_play::BoardAsked;
pub use clock::{AiStep, Due};
pub use commit::{OUTBOX_FIRST_TRY_MS, OUTBOX_RETRY_MS};
pub use controls::{Touch, TurnEnd};
pub use core::{
    check_database_url, open, system_clock, Classes, Clock, Clocks, Learning, Lobbies, People,
    Play, Servers, Session, Standings, Watching, DEFAULT_DATABASE_URL,
};
pub use daifugo_play::{Hand, TableAsked};
pub use due::{DueWork, Reminder};
pub use error::{
    Actor, CardNumber, ClassRefusal, KeeperError, Permission, SessionError, SettingError,
    MAX_NAME_CHARS,
};
pub use links::{LinkKey, LinkPlan, LinkRefusal, Scope, WatchLink};
pub use lobby::{LobbySpec, LobbyView};
pub use locks::PlaceLocks;
pub use opening::{
    LobbyAct, LobbyDone, OpenWords, Opened, OpenedGame, PlaceFront, PlacedHere, Room, Rules,
    Wanted, Whereabouts,
};
pub use outcome::{lang_of, Changed, Deliver, Notice};
pub use pairing::{
    group_sizes, ClassFront, PairFailure, PairWords, Paired, PairedGame, StudentsError,
    MAX_STUDENTS,
};
pub use patience::{patiently, Patience};
pub use people::{Away, AwayDone, MyGame, MyGames, NotifyChange, NotifyHow, Pings};
pub use puzzles::{
    streaks, PuzzleAsk, PuzzleGrade, PuzzlePost, PuzzleRecord, PuzzleShown, PuzzleStanding,
};
pub use ratings::{ai_rating_id, conservative, daifugo_ranking, RATED_MIN_PLAYERS};
pub use rematch::{Rematch, RematchPlan, RematchVote};
pub use request::{Command, RequestError};
pub use settings::{
    custom_card, CardKind, PuzzlePosts, Season, ServerSettings, SettingsAsk, SettingsChange,
    SettingsPage, TimeoutMode, MAX_CUSTOM_CARDS,
};
pub use stats::{Leaderboard, SeasonAsked, SeasonBoard, Standing, Stats};
pub use suggest::{Suggestion, Suggestions, Typing};
pub use views::{pictures_to_refine, refine_pictures, warm_up};
pub use views::{ActedTurn, ClimbView, DaifugoView, GameInfo, GameOptions, GameView, SeatInfo};
pub use watching::{ClassWatched, Watched};
