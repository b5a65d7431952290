//! The session itself: one store and one clock, opened from a `DATABASE_URL`, and what
//! every use case shares (finding a place's game, decoding stored state, who may manage
//! a game).

use std::sync::Arc;

use super::error::{Actor, SessionError};
use crate::json::{Stored, ToJson};
use crate::store::{AnyStore, GameKind, GameRow, GameUpdate, Place, Status, Store, StoreError};

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

    pub(super) fn store(&self) -> &S {
        &self.store
    }

    pub fn now(&self) -> i64 {
        (self.clock)()
    }

    /// `actor` as a moderator of server `guild_id` if they hold its teacher role (read
    /// here, only when it matters: not a moderator already, and holding some role).
    pub(super) async fn moderating(&self, actor: &Actor, guild_id: i64) -> Actor {
        let mut actor = actor.clone();
        if !actor.moderator && !actor.roles.is_empty() {
            if let Ok(Some(role)) = self
                .store
                .settings(guild_id)
                .await
                .map(|s| s.teacher_role_id)
            {
                actor.moderator = actor.roles.contains(&role);
            }
        }
        actor
    }

    /// The open game of a place. In a channel whose games are played in threads, the
    /// refusal lists the threads.
    pub(super) async fn open(&self, place: Place) -> Result<GameRow, SessionError> {
        match self.store.open_game(place).await? {
            Some(row) => Ok(row),
            None => Err(self.no_game_here(place).await),
        }
    }

    /// Why a place has no game: none at all, or its games are in its threads.
    pub(super) async fn no_game_here(&self, place: Place) -> SessionError {
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
    pub(super) async fn active(&self, place: Place) -> Result<GameRow, SessionError> {
        let row = self.open(place).await?;
        match row.status {
            Status::Lobby => Err(SessionError::NotStarted),
            _ => Ok(row),
        }
    }

    /// The started open game of a place, which must be of `kind`.
    pub(super) async fn active_of(
        &self,
        place: Place,
        kind: GameKind,
    ) -> Result<GameRow, SessionError> {
        let row = self.active(place).await?;
        same_kind(&row, kind)?;
        Ok(row)
    }

    /// Game `game_id` of this place's server, or else the newest game of the place: the
    /// game a look back at one (a review, a replay) is about.
    pub(super) async fn game_in_server(
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
    pub(super) async fn latest_of(
        &self,
        place: Place,
        kind: GameKind,
    ) -> Result<GameRow, SessionError> {
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
pub(super) fn same_kind(row: &GameRow, kind: GameKind) -> Result<(), SessionError> {
    if row.kind == kind {
        Ok(())
    } else {
        Err(SessionError::OtherGame(row.kind))
    }
}

/// Decode stored JSON, or say the stored data is unreadable.
/// A log entry's seat and actions, decoded (`A`: the game's engine actions).
pub(super) fn logged<A>(entry: &crate::store::LogRow) -> Result<(usize, Vec<A>), SessionError>
where
    Vec<A>: Stored,
{
    let actions = decode("log actions", &entry.actions)?;
    Ok((usize::try_from(entry.seat).unwrap_or(usize::MAX), actions))
}

pub(super) fn decode<T: Stored>(what: &str, json: &str) -> Result<T, SessionError> {
    T::from_json(json).map_err(|e| SessionError::Store(StoreError::Corrupt(format!("{what}: {e}"))))
}

/// Encode for storage (engine values always serialise).
pub(super) fn encode<T: ToJson + ?Sized>(value: &T) -> Result<String, SessionError> {
    Ok(value.to_json())
}

/// The update that ends a game as it stands (a moderator's end, a lobby nobody started,
/// a game nobody plays): no one is to move any more.
pub(super) fn ended_update(row: &GameRow) -> GameUpdate {
    GameUpdate {
        status: Status::Ended,
        options: row.options.clone(),
        state: row.state.clone(),
        turn_started_at: row.turn_started_at,
        reminded: row.reminded,
        ai_to_move: false,
        to_move_user: None,
    }
}

/// May `actor` manage (start, end, change) this game: its creator, a moderator, or, in a
/// game whose creator is not seated, any seated player?
pub(super) fn may_manage(row: &GameRow, actor: &Actor) -> bool {
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

/// The use cases, by concern: each a small view of the session ([`Session::play`] and
/// the others), so that no one type carries them all.
macro_rules! concerns {
    ($($(#[$doc:meta])* $ty:ident $acc:ident;)*) => {$(
        $(#[$doc])*
        pub struct $ty<'a, S: Store = AnyStore>(&'a Session<S>);

        impl<S: Store> Clone for $ty<'_, S> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<S: Store> Copy for $ty<'_, S> {}

        impl<S: Store> std::ops::Deref for $ty<'_, S> {
            type Target = Session<S>;

            fn deref(&self) -> &Session<S> {
                self.0
            }
        }

        impl<S: Store> Session<S> {
            $(#[$doc])*
            pub fn $acc(&self) -> $ty<'_, S> {
                $ty(self)
            }
        }
    )*};
}

concerns! {
    /// Playing both games: moves, Keepers, choices, the board, hints, AI turns.
    Play play;
    /// Lobbies (open, join, seats, start, end) and rematches.
    Lobbies lobbies;
    /// A teacher's class tools: pairing a class, assignments, the class's games.
    Classes classes;
    /// People: their games, notifications, time away.
    People people;
    /// The turn clock and due work: reminders, timeouts, notices, idle games, the outbox.
    Clocks clocks;
    /// Learning: puzzles, the guided first game, reviews and replays.
    Learning learning;
    /// Standings and reports: leaderboards, stats, ratings, class reports.
    Standings standings;
    /// A server's settings and custom cards.
    Servers servers;
    /// Watching games from the web: links and what a game's page shows.
    Watching watching;
}
