//! §13 of the round-3 defects: the database goes away for 30 s while the real bot plays
//! (a SQLite file locked by another process; a PostgreSQL server stopped and started
//! again). Every interaction is still answered within Discord's 3 s, plainly: the game
//! could not be saved and nothing was changed. The AI seat whose turn came during the
//! outage plays as soon as the database is back, its message pings the next player, and
//! play goes on with nothing lost, without a restart.

use crate::support;

use std::time::{Duration, Instant};

use primeclimb::session::ClimbView;
use serde_json::json;
use support::bot::{Reply, Table, PLACE};
use support::fake_discord::{channel_path, content, ADA, CHANNEL_ID};
use support::postgres::own_server;
use support::sqlite_lock::LockHolder;

/// How long the database is away.
const OUTAGE: Duration = Duration::from_secs(30);
/// Discord's limit for the first answer to an interaction.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// The take-back window of these games (test clock): the AI seat waits this long after
/// Ada's move, and the outage begins meanwhile.
const TAKE_BACK: Duration = Duration::from_secs(5);

/// The bot on `url` with a take-back window, and AI seats left waiting never handed to
/// the turn clock during the test: what plays the AI's turn after the outage is the
/// runner that met it, waiting for the database.
async fn table(url: &str) -> Table {
    Table::open_with(url, |config| {
        config.timing.take_back = TAKE_BACK;
        config.timing.ai_idle = Duration::from_secs(3_600);
    })
    .await
}

/// A game of Ada against an easy AI, after Ada's first move (one without a card, so she
/// may take it back): the AI is to move once the take-back window has passed.
async fn ada_has_moved(t: &Table) -> ClimbView {
    let view = t.climb_against_easy_ai().await;
    let (_, outcomes) = t
        .reader
        .play()
        .legal_moves(PLACE)
        .await
        .expect("Ada's moves");
    let quiet = support::db::quiet_moves(&outcomes)
        .find(|o| o.bumped.is_empty())
        .expect("a move without a card");
    let r = t.climb_move(ADA, &quiet.witness).await;
    assert!(!r.ephemeral(), "the move is played: {}", r.content());
    let after = t.board().await;
    assert_eq!(
        after.info.version,
        view.info.version + 1,
        "Ada's move alone (the AI waits out the take-back window): turn {} before, {} after",
        view.game.turn.number,
        after.game.turn.number
    );
    assert!(
        after.ai_level(after.game.current()).is_some(),
        "the AI is to move"
    );
    // What follows the reply (noting the turn message) is done before the outage.
    tokio::time::sleep(Duration::from_millis(300)).await;
    after
}

/// An interaction during the outage: answered in time, with a refusal that says the
/// database is not answering, nothing could be saved and nothing was changed.
fn assert_refused_in_time(what: &str, r: &Reply, took: Duration) {
    assert!(
        took < ANSWER_WITHIN,
        "{what}: answered after {took:?}, not within {ANSWER_WITHIN:?}"
    );
    assert!(r.ephemeral(), "{what}: only for the person who asked");
    let text = r.content();
    assert!(
        text.contains("not answering just now")
            && text.contains("nothing could be saved, and nothing was changed"),
        "{what}: {text}"
    );
}

/// `/climb undo`, the Undo button and (where the database cannot even be read) `/climb
/// board`, each timed.
async fn ask_during_outage(t: &Table, moved: &ClimbView, reads_work: bool) {
    let (id, v) = (moved.info.id, moved.info.version);
    let start = Instant::now();
    let r = t.slash(ADA, &["climb", "undo"], json!([]), "en-US").await;
    assert_refused_in_time("/climb undo", &r, start.elapsed());

    let start = Instant::now();
    let r = t.click(ADA, &format!("climb:{id}:{v}:undo"), "en-US").await;
    assert_refused_in_time("the Undo button", &r, start.elapsed());

    let start = Instant::now();
    let r = t.slash(ADA, &["climb", "board"], json!([]), "en-US").await;
    if reads_work {
        // A lock on writes leaves reading alone: the board is shown.
        assert!(r.png().is_some(), "the board: {}", r.content());
        assert!(start.elapsed() < ANSWER_WITHIN, "the board in time");
    } else {
        assert_refused_in_time("/climb board", &r, start.elapsed());
    }
}

/// After the outage: the AI's turn is played by the runner that waited, posted with Ada's
/// ping, and Ada plays on; the game is whole.
async fn play_goes_on(t: &Table, moved: &ClimbView, mark: usize) {
    let after = t
        .wait_for_game("the AI's turn, played once the database is back", |v| {
            v.info.version > moved.info.version
                && (v.is_over() || v.ai_level(v.game.current()).is_none())
        })
        .await;
    // Ada's move was neither taken back nor lost: the AI's turn came after it.
    assert!(
        after.game.turn.number > moved.game.turn.number,
        "the AI's turn followed Ada's move (turn {} after {})",
        after.game.turn.number,
        moved.game.turn.number
    );
    if !after.is_over() {
        let ping = format!("<@{}>", ADA.id);
        t.fake
            .wait_for_after(mark, "the AI's turn message with Ada's ping", |q| {
                q.path == channel_path(CHANNEL_ID) && content(q).contains(&ping)
            })
            .await;
        let (_, hints) = t.reader.play().hint(PLACE, 1).await.expect("a hint");
        let r = t.climb_move(ADA, &hints[0].moves).await;
        assert!(!r.ephemeral(), "Ada's next move is played: {}", r.content());
    }
    // The game is whole: its log replays to the stored game (read with nothing played in
    // between: after a move that drew a card, the AI plays on at once).
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let now = t.board().await;
        let replayed = t.reader.play().replay(now.info.id).await.unwrap();
        if t.board().await.info.version == now.info.version {
            assert_eq!(replayed, now.game);
            break;
        }
        assert!(Instant::now() < deadline, "the game never stood still");
    }
}

/// Both outages at once, in one test: each is mostly 30 s of waiting, and one test
/// holds one of the suite's test threads, not two.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_away_for_30_s_loses_nothing_on_sqlite_and_postgres() {
    tokio::join!(
        a_sqlite_file_locked_by_another_process_for_30_s(),
        a_postgres_server_away_for_30_s()
    );
}

async fn a_sqlite_file_locked_by_another_process_for_30_s() {
    let path = support::db::db_path("outage-sqlite-lock");
    let url = format!("sqlite://{}", path.display());
    let t = table(&url).await;
    let moved = ada_has_moved(&t).await;
    let mark = t.fake.mark();

    let lock = LockHolder::take(&path);
    let began = Instant::now();
    // The take-back window passes (the AI's runner wakes into the outage).
    t.clock.advance(TAKE_BACK + Duration::from_secs(1));
    ask_during_outage(&t, &moved, true).await;
    tokio::time::sleep(OUTAGE.saturating_sub(began.elapsed())).await;
    // Nothing was changed while the file was locked.
    assert_eq!(t.board().await.info.version, moved.info.version);
    lock.release();

    play_goes_on(&t, &moved, mark).await;
    t.close().await;
}

async fn a_postgres_server_away_for_30_s() {
    // Starting a server blocks (initdb, psql): off the runtime's threads.
    let started = tokio::task::spawn_blocking(|| {
        let server = own_server("outage")?;
        let url = server.server().fresh_database("outage");
        Some((server, url))
    });
    let Some((server, url)) = started.await.expect("start a server") else {
        return;
    };
    let t = table(&url).await;
    let moved = ada_has_moved(&t).await;
    let mark = t.fake.mark();

    let stop = tokio::task::spawn_blocking(move || {
        let mut server = server;
        server.stop();
        server
    });
    let mut server = stop.await.expect("stop the server");
    let began = Instant::now();
    t.clock.advance(TAKE_BACK + Duration::from_secs(1));
    ask_during_outage(&t, &moved, false).await;
    tokio::time::sleep(OUTAGE.saturating_sub(began.elapsed())).await;
    let server = tokio::task::spawn_blocking(move || {
        server.start();
        server
    })
    .await
    .expect("start the server again");

    play_goes_on(&t, &moved, mark).await;
    t.close().await;
    drop(server);
}
