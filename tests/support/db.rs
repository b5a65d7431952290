//! Databases and players for the session tests: a fresh SQLite file per test (WAL, as in
//! production), Discord-like players, and a driver that plays a seat's turn the way a
//! person following the hints would.

#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

use primeclimb::climb::Phase;
use primeclimb::session::{Actor, ClimbView, Command, Place, Session, SessionError};
use primeclimb::store::{self, SqliteStore};

/// A path for a test's database file, removed first (with its WAL files).
pub fn db_path(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("primeclimb-test-{name}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

pub fn db_url(name: &str) -> String {
    format!("sqlite://{}", db_path(name).display())
}

/// A session on a test's database, with the store behind it for the checks no player can
/// make (the log, the results, the settings as stored). Derefs to the session.
pub struct TestSession {
    session: Session<SqliteStore>,
    store: SqliteStore,
}

impl TestSession {
    pub fn new(store: SqliteStore) -> TestSession {
        TestSession {
            session: Session::new(store.clone()),
            store,
        }
    }

    pub fn with_clock(store: SqliteStore, clock: primeclimb::session::Clock) -> TestSession {
        TestSession {
            session: Session::with_clock(store.clone(), clock),
            store,
        }
    }

    /// The store behind the session.
    pub fn store(&self) -> &SqliteStore {
        &self.store
    }
}

impl std::ops::Deref for TestSession {
    type Target = Session<SqliteStore>;

    fn deref(&self) -> &Session<SqliteStore> {
        &self.session
    }
}

/// A new session on a new database file.
pub async fn session(name: &str) -> TestSession {
    let store = store::connect(&db_url(name))
        .await
        .expect("open the database");
    TestSession::new(store)
}

/// Prime Climb options from variant words, as `/climb start` reads them.
pub fn variants(
    words: &str,
) -> Result<primeclimb::climb::Options, primeclimb::session::RequestError> {
    primeclimb::session::request::climb_options(words).map(|(options, _)| options)
}

/// The server and channel most tests play in.
pub const PLACE: Place = Place {
    guild_id: 7_000,
    channel_id: 7_001,
};

pub fn ada() -> Actor {
    Actor::user(101, "Ada")
}

pub fn bo() -> Actor {
    Actor::user(102, "Bo")
}

pub fn cy() -> Actor {
    Actor::user(103, "Cy")
}

/// Play the rest of the turn of the person to move, as a player following the hints
/// would: the best move typed whole, a card's first choice, more steps after a card drawn
/// mid-move (Double Time), then `end` if the Move phase is still open.
pub async fn play_turn(
    session: &Session<SqliteStore>,
    place: Place,
    actor: &Actor,
) -> Result<ClimbView, SessionError> {
    let board = session.board(place).await?;
    let turn = board.game.turn.number;
    let mut view = board;
    for _ in 0..20 {
        if view.is_over() || view.game.turn.number != turn {
            return Ok(view);
        }
        view = match view.game.phase {
            Phase::Choice(_) => session.act(place, actor, Command::Choose(1), None).await?,
            _ if view.game.turn.uses.total_left() == 0 => {
                session.act(place, actor, Command::EndMove, None).await?
            }
            _ => {
                let (_, hints) = session.hint(place, 1).await?;
                match hints.first() {
                    // Under doubles-may, ending after two uses can be the best move.
                    Some(h) if !h.moves.is_empty() => {
                        session
                            .act(place, actor, Command::Move(h.moves.clone()), None)
                            .await?
                    }
                    _ => session.act(place, actor, Command::EndMove, None).await?,
                }
            }
        };
    }
    panic!("the turn did not end");
}

/// Play a game to its end: AI seats by themselves, people by [`play_turn`].
pub async fn play_out(session: &Session<SqliteStore>, place: Place, people: &[Actor]) -> ClimbView {
    for _ in 0..5_000 {
        let view = session.board(place).await.expect("the board");
        if view.is_over() {
            return view;
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            session.ai_turn(place).await.expect("an AI turn");
            continue;
        }
        let user = view.info.seats[seat].user_id;
        let actor = people
            .iter()
            .find(|a| a.user_id == user)
            .cloned()
            .unwrap_or_else(|| Actor::local("you"));
        play_turn(session, place, &actor)
            .await
            .expect("a hinted move is legal");
    }
    panic!("the game did not end");
}

/// The address of a test's database without removing it (to open it again).
pub fn db_url_keep(name: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("primeclimb-test-{name}-{}.db", std::process::id()));
    format!("sqlite://{}", path.display())
}

/// Remove a test's database files (the big ones, once the test has passed).
pub fn remove_db(name: &str) {
    let path = db_url_keep(name);
    let path = path.trim_start_matches("sqlite://");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}
