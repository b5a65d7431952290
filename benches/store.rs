//! The persistence targets (issue: persistence and sessions), on a file database (WAL):
//! - a move use case (load, apply, save; no render): median ≤ 2 ms;
//! - with 10,000 finished games stored, loading one: ≤ 1 ms;
//! - database size per finished game: ≤ 50 KB (printed, not timed).
//!
//! The move use case again on PostgreSQL (a bot run as several processes on one database):
//! median ≤ 3 ms, on a fresh database of a real server on loopback started for the
//! benchmark (tests/support/postgres.rs; durability off, as for the tests, so this is the
//! store's own cost and the round trips, not the disk). Without a PostgreSQL server
//! installed that part is skipped, loudly; the other parts stay SQLite-only.
//!
//! `cargo bench --bench store` (`-- postgres` for the PostgreSQL part alone); the numbers
//! go in the README. The 10,000 games are real AI games played through the session,
//! copied row by row (with new ids and channels) so that building the database takes
//! seconds, not minutes.

#[path = "../tests/support/mod.rs"]
mod support;

use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use primeclimb::climb::{ai::Level, Options};
use primeclimb::session::{Actor, Command, LobbySpec, Place, Session};
use primeclimb::store::{self, AnyStore};
use tokio::runtime::Runtime;

fn db(name: &str) -> (PathBuf, String) {
    let path =
        std::env::temp_dir().join(format!("primeclimb-bench-{name}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let url = format!("sqlite://{}", path.display());
    (path, url)
}

const PLACE: Place = Place {
    guild_id: 1,
    channel_id: 1,
};

/// A started two-player game: a person (seat to move) against a medium AI.
async fn game_to_move(session: &Session<AnyStore>) -> Actor {
    let ada = Actor::user(11, "Ada");
    for seed in 0.. {
        let spec = LobbySpec {
            ai: vec![Level::Medium],
            seed: Some(seed),
            ..LobbySpec::climb(Options::default())
        };
        session
            .lobbies()
            .create_lobby(PLACE, &ada, &spec)
            .await
            .expect("lobby");
        let view = session
            .lobbies()
            .start(PLACE, &ada)
            .await
            .expect("start")
            .climb()
            .expect("a Prime Climb game");
        if view.game.current() == 0 {
            return ada;
        }
        session.lobbies().end_game(PLACE, &ada).await.expect("end");
    }
    unreachable!()
}

fn move_use_case(c: &mut Criterion) {
    let (_path, url) = db("move");
    measure_move(c, "move_use_case_file_db", "", &url);
}

/// The same use case on PostgreSQL: each call is a few round trips to the server (the
/// game read, then the claim of its version, the state and the log entry in one
/// transaction), so this is the latency a bot process on PostgreSQL adds to every move.
fn move_use_case_postgres(c: &mut Criterion) {
    let Some(server) = support::postgres::server() else {
        println!(
            "\n*** move_use_case_postgres SKIPPED: no PostgreSQL server could be started \
             (see above); only SQLite was measured ***\n"
        );
        return;
    };
    let url = server.fresh_database("bench_store_move");
    measure_move(c, "move_use_case_postgres", " on PostgreSQL", &url);
}

/// Criterion's benchmark `name` of a move and its undo on the database at `url`, then the
/// single use case timed alone (`label` says where, in the printed line).
fn measure_move(c: &mut Criterion, name: &str, label: &str, url: &str) {
    let rt = Runtime::new().expect("runtime");
    let session = Session::new(rt.block_on(store::connect(url)).expect("open"));
    let ada = rt.block_on(game_to_move(&session));
    let roll = rt
        .block_on(session.play().board(PLACE))
        .expect("board")
        .game
        .turn
        .roll;
    // One step, then its undo: each is a whole use case (load the game for the channel,
    // check the player, apply, save state + version + log entry in one transaction).
    let step = Command::Move(format!("0 +{}", roll.a));
    c.bench_function(name, |b| {
        b.iter(|| {
            rt.block_on(async {
                session
                    .play()
                    .act(PLACE, &ada, step.clone(), None)
                    .await
                    .expect("the step");
                session
                    .play()
                    .act(PLACE, &ada, Command::Undo, None)
                    .await
                    .expect("the undo")
            })
        })
    });
    // Criterion times the pair; report the single use case too.
    let mut times = Vec::new();
    for _ in 0..400 {
        let t = Instant::now();
        rt.block_on(session.play().act(PLACE, &ada, step.clone(), None))
            .expect("the step");
        times.push(t.elapsed());
        let t = Instant::now();
        rt.block_on(session.play().act(PLACE, &ada, Command::Undo, None))
            .expect("the undo");
        times.push(t.elapsed());
    }
    times.sort();
    println!(
        "one move use case{label}: median {:?}, p90 {:?} over {} calls",
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times.len()
    );
}

/// Play `n` AI games to the end in their own channels.
async fn play_ai_games(session: &Session<AnyStore>, n: i64) {
    for g in 0..n {
        let place = Place {
            guild_id: 2,
            channel_id: g,
        };
        let spec = LobbySpec {
            ai: vec![Level::Medium, Level::Medium],
            creator_plays: false,
            seed: Some(g as u64),
            ..LobbySpec::climb(Options::default())
        };
        let host = Actor::moderator(1, "Host");
        session
            .lobbies()
            .create_lobby(place, &host, &spec)
            .await
            .expect("lobby");
        session.lobbies().start(place, &host).await.expect("start");
        while session
            .play()
            .ai_turn(place)
            .await
            .expect("AI turn")
            .is_some()
        {}
    }
}

fn stored_games(c: &mut Criterion) {
    const REAL: i64 = 100;
    const TOTAL: i64 = 10_000;
    let rt = Runtime::new().expect("runtime");
    let (path, url) = db("ten-thousand");
    let store = rt.block_on(store::connect(&url)).expect("open");
    let session = Session::new(store.clone());
    let t = Instant::now();
    rt.block_on(play_ai_games(&session, REAL));
    println!("{REAL} medium-vs-medium games played in {:?}", t.elapsed());
    rt.block_on(copy_games(&store, REAL, TOTAL));
    let pool = store.as_sqlite().expect("a SQLite file").pool().clone();
    let (games, bytes) = rt.block_on(async {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&pool)
            .await
            .expect("checkpoint");
        sqlx::query("VACUUM").execute(&pool).await.expect("vacuum");
        let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = 'finished'")
            .fetch_one(&pool)
            .await
            .expect("count");
        (
            games,
            std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
        )
    });
    println!(
        "{games} finished games: database {:.1} MB, {:.1} KB per finished game",
        bytes as f64 / 1e6,
        bytes as f64 / 1e3 / games as f64
    );

    let mut channel = 0;
    c.bench_function("load_one_of_10000_games", |b| {
        b.iter(|| {
            channel = (channel + 7919) % TOTAL;
            let place = Place {
                guild_id: 2,
                channel_id: channel,
            };
            rt.block_on(session.play().board(place)).expect("the board")
        })
    });
}

/// Copy the first `real` games (rows, seats, log, results) until there are `total`.
async fn copy_games(store: &AnyStore, real: i64, total: i64) {
    let pool = store.as_sqlite().expect("a SQLite file").pool();
    let mut tx = pool.begin().await.expect("tx");
    for copy in real..total {
        let source = 1 + copy % real;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (kind, guild_id, channel_id, status, creator_id, options, seed,
                                state, version, turn_timeout_secs, created_at, updated_at,
                                turn_started_at, reminded, message_id, locale)
             SELECT kind, guild_id, $2, status, creator_id, options, seed, state, version,
                    turn_timeout_secs, created_at, updated_at, turn_started_at, reminded,
                    message_id, locale
             FROM games WHERE id = $1 RETURNING id",
        )
        .bind(source)
        .bind(copy)
        .fetch_one(&mut *tx)
        .await
        .expect("copy game");
        for table in [
            "INSERT INTO seats SELECT $2, seat, user_id, name, ai_level FROM seats WHERE game_id = $1",
            "INSERT INTO game_log SELECT $2, version, turn, seat, user_id, actions, events, at
             FROM game_log WHERE game_id = $1",
            "INSERT INTO results SELECT $2, seat, guild_id, kind, mode, user_id, ai_level, name,
                    place, won, turns, finished_at FROM results WHERE game_id = $1",
        ] {
            sqlx::query(table)
                .bind(source)
                .bind(id)
                .execute(&mut *tx)
                .await
                .expect("copy rows");
        }
    }
    tx.commit().await.expect("commit");
}

criterion_group!(benches, move_use_case, move_use_case_postgres, stored_games);
criterion_main!(benches);
