//! Databases and players for the session tests: a fresh SQLite file per test (WAL, as in
//! production), Discord-like players, and a driver that plays a seat's turn the way a
//! person following the hints would.

#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

use primeclimb::climb::{Outcome, Phase};
use primeclimb::session::{Actor, ClimbView, Command, Place, Session, SessionError};
use primeclimb::store::{self, AnyStore};

/// The moves among `outcomes` that may be taken back: they draw no card and do not win
/// (the take-back window opens after them), in the order given.
pub fn quiet_moves(outcomes: &[Outcome]) -> impl Iterator<Item = &Outcome> {
    outcomes
        .iter()
        .filter(|o| !o.draws_card && !o.wins && !o.witness.is_empty())
}

/// A path for a test's database file, removed first (with its WAL files).
pub fn db_path(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("primeclimb-test-{name}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// A new, empty database for a test: a SQLite file, or, when `PRIMECLIMB_TEST_DB` is
/// `postgres` (the suites' run on PostgreSQL, see tests/play/postgres.rs), a fresh
/// database on the tests' PostgreSQL server.
pub fn db_url(name: &str) -> String {
    if on_postgres() {
        let server = super::postgres::server()
            .expect("PRIMECLIMB_TEST_DB=postgres, but no PostgreSQL server could be started");
        let url = server.fresh_database(name);
        pg_urls()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_string(), url.clone());
        return url;
    }
    format!("sqlite://{}", db_path(name).display())
}

/// The PostgreSQL databases made by [`db_url`] in this process, by test name.
fn pg_urls() -> &'static std::sync::Mutex<std::collections::HashMap<String, String>> {
    static URLS: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<String, String>>> =
        std::sync::OnceLock::new();
    URLS.get_or_init(Default::default)
}

/// The suites run on PostgreSQL in this process (`PRIMECLIMB_TEST_DB=postgres`).
pub fn on_postgres() -> bool {
    std::env::var("PRIMECLIMB_TEST_DB").is_ok_and(|v| v == "postgres")
}

/// A session on a test's database, with the store behind it for the checks no player can
/// make (the log, the results, the settings as stored). Derefs to the session.
pub struct TestSession {
    session: Session<AnyStore>,
    store: AnyStore,
}

impl TestSession {
    pub fn new(store: AnyStore) -> TestSession {
        TestSession {
            session: Session::new(store.clone()),
            store,
        }
    }

    pub fn with_clock(store: AnyStore, clock: primeclimb::session::Clock) -> TestSession {
        TestSession {
            session: Session::with_clock(store.clone(), clock),
            store,
        }
    }

    /// The store behind the session.
    pub fn store(&self) -> &AnyStore {
        &self.store
    }
}

impl std::ops::Deref for TestSession {
    type Target = Session<AnyStore>;

    fn deref(&self) -> &Session<AnyStore> {
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
    session: &Session<AnyStore>,
    place: Place,
    actor: &Actor,
) -> Result<ClimbView, SessionError> {
    let board = session.play().board(place).await?;
    let turn = board.game.turn.number;
    let mut view = board;
    for _ in 0..20 {
        if view.is_over() || view.game.turn.number != turn {
            return Ok(view);
        }
        view = match view.game.phase {
            Phase::Choice(_) => {
                session
                    .play()
                    .act(place, actor, Command::Choose(1), None)
                    .await?
                    .view
            }
            _ if view.game.turn.uses.total_left() == 0 => {
                session
                    .play()
                    .act(place, actor, Command::EndMove, None)
                    .await?
                    .view
            }
            _ => {
                let (_, hints) = session.play().hint(place, 1).await?;
                match hints.first() {
                    // Under doubles-may, ending after two uses can be the best move.
                    Some(h) if !h.moves.is_empty() => {
                        session
                            .play()
                            .act(place, actor, Command::Move(h.moves.clone()), None)
                            .await?
                            .view
                    }
                    _ => {
                        session
                            .play()
                            .act(place, actor, Command::EndMove, None)
                            .await?
                            .view
                    }
                }
            }
        };
    }
    panic!("the turn did not end");
}

/// Play a game to its end: AI seats by themselves, people by [`play_turn`].
pub async fn play_out(session: &Session<AnyStore>, place: Place, people: &[Actor]) -> ClimbView {
    for _ in 0..5_000 {
        let view = session.play().board(place).await.expect("the board");
        if view.is_over() {
            return view;
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            session.play().ai_turn(place).await.expect("an AI turn");
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
    if on_postgres() {
        if let Some(url) = pg_urls()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(name)
        {
            return url.clone();
        }
    }
    let path =
        std::env::temp_dir().join(format!("primeclimb-test-{name}-{}.db", std::process::id()));
    format!("sqlite://{}", path.display())
}

/// Remove a test's database files (the big ones, once the test has passed).
pub fn remove_db(name: &str) {
    let path = db_url_keep(name);
    if !path.starts_with("sqlite://") {
        return;
    }
    let path = path.trim_start_matches("sqlite://");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}

/// A session on its own database whose clock reads `now` (ms), for tests of the turn
/// clock and of anything dated.
pub async fn clocked(name: &str, now: std::sync::Arc<std::sync::atomic::AtomicI64>) -> TestSession {
    let store = primeclimb::store::connect(&db_url(name))
        .await
        .expect("a database");
    TestSession::with_clock(
        store,
        std::sync::Arc::new(move || now.load(std::sync::atomic::Ordering::SeqCst)),
    )
}
