//! The bot on PostgreSQL, as several processes: the session and Discord suites again on
//! PostgreSQL, two real bot processes (`primeclimb bot --shards … --total-shards 4`) on
//! one database and one fake Discord racing on the same game, one of them killed in the
//! middle of an AI game, and `primeclimb migrate-db` there and back.
//!
//! The server is a real PostgreSQL started for these tests (tests/support/postgres.rs);
//! without one installed they say loudly that they were skipped, and in CI
//! (`PRIMECLIMB_REQUIRE_POSTGRES`) they fail instead.

use crate::support;

use std::collections::{BTreeMap, HashSet};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use primeclimb::climb::Options;
use primeclimb::level::Level;
use primeclimb::session::{Actor, LobbySpec, Place, Session, Status};
use primeclimb::store::{self, copy, AnyStore, Store, StoreTx};
use serde_json::{json, Value};
use support::bot::custom_ids;
use support::db::{self, TestSession};
use support::fake_discord::{self as fake, FakeDiscord, ADA, BO, CHANNEL_ID, GUILD_ID, WAIT};
use support::postgres;

const BIN: &str = env!("CARGO_BIN_EXE_primeclimb");

/// The place the fake Discord's channel is.
const PLACE: Place = Place {
    guild_id: GUILD_ID as i64,
    channel_id: CHANNEL_ID as i64,
};

/// A fresh PostgreSQL database, or `None` when no server is installed (announced once).
fn pg_database(name: &str) -> Option<String> {
    postgres::server().map(|server| server.fresh_database(name))
}

/// Runs the tests named by `filters` (minus those matching `skip`) once more, on
/// PostgreSQL: the test binary runs itself with `PRIMECLIMB_TEST_DB=postgres`, which gives
/// every test a fresh PostgreSQL database instead of a SQLite file (`support::db::db_url`),
/// on a server of the child's own. The session, terminal and Discord suites are run this
/// way in five groups, each a test of its own, so they run side by side with the rest;
/// each group must run at least `at_least` tests, so a filter that matches too little
/// fails.
fn pass_on_postgresql(filters: &[&str], skip: &[&str], at_least: usize) {
    if db::on_postgres() || postgres::server().is_none() {
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let mut command = Command::new(exe);
    command.args(filters);
    for s in skip {
        command.args(["--skip", s]);
    }
    let out = command
        .env("PRIMECLIMB_TEST_DB", "postgres")
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("run the suites again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let summary = stdout
        .lines()
        .filter(|l| l.starts_with("test result") || l.contains("FAILED") || l.contains("panicked"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        out.status.success(),
        "the suites failed on PostgreSQL:\n{summary}\n--- output ---\n{stdout}\n{stderr}"
    );
    let passed: usize = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("test result: ok. "))
        .filter_map(|l| l.split(' ').next()?.parse::<usize>().ok())
        .sum();
    assert!(
        passed >= at_least,
        "only {passed} tests of {filters:?} ran on PostgreSQL:\n{summary}"
    );
}

/// The thousand random AI games, in two groups of two parts.
const THOUSAND: &str = "play::sessions::a_thousand_random_games_replay_from_seed_and_log_";

#[test]
fn the_first_five_hundred_random_games_pass_on_postgresql() {
    pass_on_postgresql(
        &[
            &format!("{THOUSAND}0_to_250"),
            &format!("{THOUSAND}250_to_500"),
        ],
        &[],
        2,
    );
}

#[test]
fn the_last_five_hundred_random_games_pass_on_postgresql() {
    pass_on_postgresql(
        &[
            &format!("{THOUSAND}500_to_750"),
            &format!("{THOUSAND}750_to_1000"),
        ],
        &[],
        2,
    );
}

#[test]
fn the_session_suites_pass_on_postgresql() {
    pass_on_postgresql(
        &[
            "play::sessions::",
            "play::claims::",
            "play::daifugo_sessions::",
            "play::report::",
            "play::replay::",
        ],
        &[THOUSAND],
        40,
    );
}

#[test]
fn the_async_class_learning_and_terminal_suites_pass_on_postgresql() {
    pass_on_postgresql(
        &[
            "play::async_play::",
            "play::classroom::",
            "play::learning::",
            "play::local_play::",
        ],
        &[],
        36,
    );
}

#[test]
fn the_discord_suites_pass_on_postgresql() {
    pass_on_postgresql(
        &[
            "play::discord_game::",
            "play::discord_faults::",
            "play::discord_pictures::",
            "play::daifugo_discord::",
        ],
        &[],
        23,
    );
}

// ---------------------------------------------------------------------------------------
// Two bot processes

/// One real bot process running some shards.
struct Process {
    child: Child,
}

impl Process {
    /// `primeclimb bot --shards RANGE --total-shards 4` on `url`, talking to `fake`, its AI
    /// turns `pace_ms` apart.
    fn start(fake: &FakeDiscord, url: &str, shards: &str, pace_ms: u64) -> Process {
        let child = Command::new(BIN)
            .args(["bot", "--shards", shards, "--total-shards", "4"])
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", "fake-token")
            .env("WEB_ADDR", "off")
            .env("DATABASE_URL", url)
            .env("DISCORD_API_URL", &fake.api_url)
            .env("DEV_GUILD_ID", GUILD_ID.to_string())
            .env("AI_PACE_MS", pace_ms.to_string())
            .env("TAKE_BACK_SECS", "0")
            .env("TURN_CLOCK_MS", "200")
            .env("AI_IDLE_SECS", "1")
            .env("AI_LEASE_SECS", "2")
            .env("DATABASE_MAX_CONNECTIONS", "8")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the bot");
        Process { child }
    }

    /// SIGKILL: no shutdown, no lease given back.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, as systemd stops it; it must stop cleanly.
    fn stop(&mut self) {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + WAIT;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "the bot stopped with {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the bot did not stop on SIGTERM");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Two bot processes on one database and one fake Discord: shards 0-1 and 2-3 of 4.
struct Cluster {
    fake: FakeDiscord,
    a: Process,
    b: Process,
    reader: TestSession,
    next_id: std::sync::atomic::AtomicU64,
}

impl Cluster {
    async fn start(url: &str) -> Cluster {
        Cluster::start_paced(url, 150).await
    }

    /// Two processes whose AI turns are `pace_ms` apart.
    async fn start_paced(url: &str, pace_ms: u64) -> Cluster {
        let fake = FakeDiscord::start().await;
        let a = Process::start(&fake, url, "0-1", pace_ms);
        let b = Process::start(&fake, url, "2-3", pace_ms);
        fake.wait_for_shards(&[0, 1, 2, 3]).await;
        let reader = TestSession::new(store::connect(url).await.expect("open the database"));
        Cluster {
            fake,
            a,
            b,
            reader,
            next_id: std::sync::atomic::AtomicU64::new(50_000),
        }
    }

    fn id(&self) -> u64 {
        self.next_id
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }

    /// Send `interaction` (id `id`) through a shard's process; its response's JSON.
    async fn send(&self, shard: u64, id: u64, interaction: Value) -> Value {
        self.fake.interact_on_shard(shard, interaction);
        let callback = self
            .fake
            .wait_for_request("POST", &fake::callback_path(id))
            .await;
        callback.json.expect("a JSON interaction response")
    }

    async fn slash(&self, shard: u64, path: &[&str], options: Value) -> Value {
        let id = self.id();
        self.send(
            shard,
            id,
            fake::slash_command_as(ADA, id, path, options, "en-US"),
        )
        .await
    }
}

/// The lobby button with `verb` among `ids`.
fn button(ids: &[String], verb: &str) -> String {
    ids.iter()
        .find(|c| c.ends_with(&format!(":{verb}")))
        .unwrap_or_else(|| panic!("no {verb} button in {ids:?}"))
        .clone()
}

/// Bo clicks Join twice at once, one click through each process, 1,000 times (he leaves
/// between two trials): each time exactly one click joins him, the other is told he is
/// in already, and the lobby's version moves by one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_clicks_through_two_processes_apply_exactly_once() {
    let Some(url) = pg_database("race") else {
        return;
    };
    let c = Cluster::start(&url).await;
    let lobby = c.slash(0, &["climb", "start"], json!([])).await;
    let ids = custom_ids(&lobby["data"]);
    let join = button(&ids, "join");
    let bo = Actor::user(BO.id as i64, BO.name);
    let seats_of_bo = |row: &store::GameRow| {
        row.seats
            .iter()
            .filter(|s| s.user_id == Some(BO.id as i64))
            .count()
    };
    for trial in 0..1_000 {
        let before = c.reader.store().open_game(PLACE).await.unwrap().unwrap();
        assert_eq!(seats_of_bo(&before), 0);
        let (x, y) = (c.id(), c.id());
        // Alternate which process hears first.
        let (first, second) = if trial % 2 == 0 { (0, 2) } else { (2, 0) };
        let one = c.send(first, x, fake::button_click_as(BO, x, 1, &join, "en-US"));
        let two = c.send(second, y, fake::button_click_as(BO, y, 1, &join, "en-US"));
        let (one, two) = tokio::join!(one, two);
        let after = c.reader.store().open_game(PLACE).await.unwrap().unwrap();
        assert_eq!(seats_of_bo(&after), 1, "trial {trial}: Bo is seated once");
        assert_eq!(
            after.version,
            before.version + 1,
            "trial {trial}: one click applied"
        );
        // One click updated the lobby (7); the other was answered privately (4, ephemeral).
        let kinds: HashSet<u64> = [&one, &two]
            .iter()
            .map(|r| r["type"].as_u64().unwrap_or(0))
            .collect();
        assert!(
            kinds.contains(&7),
            "trial {trial}: no click updated the lobby: {one} {two}"
        );
        let refused = [&one, &two]
            .into_iter()
            .filter(|r| r["data"]["flags"].as_u64().is_some_and(|f| f & 64 != 0))
            .count();
        assert_eq!(refused, 1, "trial {trial}: {one} {two}");
        // Bo leaves again (straight through the database: the trial is about joining).
        c.reader
            .lobbies()
            .leave(PLACE, &bo)
            .await
            .expect("Bo leaves");
    }
}

/// The player to move sends the same `/climb move` twice at once, one through each
/// process, on 200 turns (Ada's and Bo's, game after game): each time the move is applied
/// once (one log entry, the game's version one further) and the other copy is refused
/// privately, whether it lost the race for the version or came after the move.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_moves_through_two_processes_apply_exactly_once() {
    let Some(url) = pg_database("race-moves") else {
        return;
    };
    let c = Cluster::start(&url).await;
    let people = [
        (ADA, Actor::user(ADA.id as i64, ADA.name)),
        (BO, Actor::user(BO.id as i64, BO.name)),
    ];
    let mut trials = 0;
    let mut games = 0;
    while trials < 200 {
        let view = match c.reader.play().board(PLACE).await {
            Ok(view) if !view.is_over() => view,
            _ => {
                // A new game of Ada and Bo: Ada opens it through one process, Bo joins
                // through the other.
                games += 1;
                assert!(games <= 20, "20 games for {trials} trials");
                let lobby = c.slash(0, &["climb", "start"], json!([])).await;
                let ids = custom_ids(&lobby["data"]);
                let id = c.id();
                c.send(
                    2,
                    id,
                    fake::button_click_as(BO, id, 1, &button(&ids, "join"), "en-US"),
                )
                .await;
                let id = c.id();
                c.send(
                    0,
                    id,
                    fake::button_click_as(ADA, id, 1, &button(&ids, "start"), "en-US"),
                )
                .await;
                continue;
            }
        };
        let seat = view.game.current();
        let user = view.info.user_of(seat).expect("a person is to move");
        let (who, actor) = people
            .iter()
            .find(|(w, _)| w.id as i64 == user)
            .expect("Ada or Bo");
        let fresh_turn = view.game.turn.uses.total_left() > 0
            && !matches!(view.game.phase, primeclimb::climb::Phase::Choice(_));
        let best = if fresh_turn {
            primeclimb::climb::ai::best_outcomes(&view.game, Level::Hard, 1)
                .first()
                .map(|o| o.witness.clone())
                .filter(|w| !w.is_empty())
        } else {
            None
        };
        let Some(moves) = best else {
            // A card's choice, or nothing left to move: finish the turn without a race.
            db::play_turn(&c.reader, PLACE, actor)
                .await
                .expect("the turn ends");
            continue;
        };
        let before = c.reader.store().log(view.info.id).await.unwrap().len();
        let slash = |id| {
            fake::slash_command_as(
                *who,
                id,
                &["climb", "move"],
                json!([{ "name": "moves", "type": 3, "value": moves }]),
                "en-US",
            )
        };
        let (x, y) = (c.id(), c.id());
        let (first, second) = if trials % 2 == 0 { (0, 2) } else { (2, 0) };
        let (one, two) = tokio::join!(c.send(first, x, slash(x)), c.send(second, y, slash(y)));
        let after = c.reader.store().log(view.info.id).await.unwrap().len();
        assert_eq!(
            after,
            before + 1,
            "trial {trials}: one move applied: {one} {two}"
        );
        let private = [&one, &two]
            .into_iter()
            .filter(|r| r["data"]["flags"].as_u64().is_some_and(|f| f & 64 != 0))
            .count();
        assert_eq!(private, 1, "trial {trials}: one copy refused: {one} {two}");
        trials += 1;
        // The rest of the turn (a card's choice, a Keeper in hand), if any.
        let now = c.reader.play().board(PLACE).await.expect("the game");
        if !now.is_over()
            && now.game.current() == seat
            && now.game.turn.number == view.game.turn.number
        {
            db::play_turn(&c.reader, PLACE, actor)
                .await
                .expect("the turn ends");
        }
    }
}

/// An AI-only game runs across both processes; the one playing it is killed in the
/// middle. The other takes the game over when the lease runs out: the game finishes,
/// every turn is in the log once and replays to the stored state, no turn is posted
/// twice, and the result and ratings are recorded once. Meanwhile both turn clocks run a
/// game whose player never moves: each of her turns times out once (an AI plays it) with
/// one reminder at most, whichever process is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_process_killed_mid_game_leaves_the_game_to_the_other() {
    let Some(url) = pg_database("kill") else {
        return;
    };
    // AI turns 400 ms apart: the game has seconds left when its runner is killed, even
    // when this test's thread is held up on a loaded machine between seeing the game
    // under way and the kill (at 150 ms it could be all but over by then).
    let mut c = Cluster::start_paced(&url, 400).await;
    // Beside it, Ada against a medium AI in another channel, who never moves: her turns
    // run out (a 2-second clock, written straight into the database: commands allow a
    // minute at least), with a reminder at half time, and an AI plays them.
    let timed = timed_game(&c).await;
    let start = c
        .slash(
            0,
            &["climb", "start"],
            json!([
                { "name": "ai", "type": 3, "value": "medium,hard" },
                { "name": "play", "type": 5, "value": false }
            ]),
        )
        .await;
    // An AI-only lobby may wait for its start button.
    if let Some(start_id) = custom_ids(&start["data"])
        .iter()
        .find(|c| c.ends_with(":start"))
        .cloned()
    {
        let id = c.id();
        c.send(0, id, fake::button_click_as(ADA, id, 1, &start_id, "en-US"))
            .await;
    }
    let game_id = wait_for(&c, "the game to be under way", |row| {
        (row.status == Status::Active && row.version >= 4).then_some(row.id)
    })
    .await;
    // Whoever holds the AI turns now is killed; the other has to take over.
    let holder = runner_of(&c.reader, game_id).await.unwrap_or_default();
    // The holder is `host:pid:start`.
    let holder_pid = holder.split(':').nth(1).and_then(|p| p.parse::<u32>().ok());
    let killed_a = holder_pid.is_none_or(|pid| pid == c.a.child.id());
    assert!(
        holder_pid.is_none_or(|pid| pid == c.a.child.id() || pid == c.b.child.id()),
        "the AI turns are held by {holder:?}"
    );
    let version_at_kill = c
        .reader
        .store()
        .game(game_id)
        .await
        .unwrap()
        .unwrap()
        .version;
    if killed_a {
        c.a.kill();
    } else {
        c.b.kill();
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    let end = loop {
        let row = c.reader.store().game(game_id).await.unwrap().unwrap();
        if row.status == Status::Finished {
            break row;
        }
        assert!(
            Instant::now() < deadline,
            "the game stopped at version {} (killed at {version_at_kill})",
            row.version
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        end.version > version_at_kill + 2,
        "the game went on after the kill"
    );

    // Every version once, in order, and the log replays to the stored state.
    let log = c.reader.store().log(game_id).await.unwrap();
    let versions: Vec<i64> = log.iter().map(|e| e.version).collect();
    let mut sorted = versions.clone();
    sorted.dedup();
    assert_eq!(versions, sorted, "log versions are unique and in order");
    let replayed = c
        .reader
        .play()
        .replay(game_id)
        .await
        .expect("the log replays");
    let stored: primeclimb::climb::Game =
        serde_json::from_str(end.state.as_deref().expect("a state")).expect("the state");
    assert_eq!(
        serde_json::to_value(&replayed).unwrap(),
        serde_json::to_value(&stored).unwrap(),
        "the stored game is what its log replays to"
    );
    // One result per seat, and each AI level rated once for this game (the timed game's
    // medium AI once more if that game, its turns played by AIs once they run out, has
    // ended by then on a slow machine: read after the rating, so never missed).
    let results = c.reader.store().results(game_id).await.unwrap();
    assert_eq!(results.len(), 2, "{results:?}");
    for level in [-2, -3] {
        let rating = c
            .reader
            .store()
            .rating(GUILD_ID as i64, store::GameKind::Climb, level)
            .await
            .unwrap()
            .expect("the AI level is rated");
        let timed_row = c.reader.store().game(timed).await.unwrap().unwrap();
        let timed_over = level == -2 && timed_row.status == Status::Finished;
        assert!(
            rating.games == 1 || (timed_over && rating.games == 2),
            "{rating:?}"
        );
    }
    // No turn posted twice: every message of the game in the channel is different.
    let mut seen = BTreeMap::new();
    for r in c.fake.requests() {
        if r.method == "POST" && r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages") {
            let content = r
                .json
                .as_ref()
                .and_then(|j| j["content"].as_str())
                .unwrap_or_default()
                .to_string();
            *seen.entry(content).or_insert(0) += 1;
        }
    }
    let doubled: Vec<_> = seen.iter().filter(|(_, &n)| n > 1).collect();
    assert!(doubled.is_empty(), "posted twice: {doubled:#?}");

    // The timed game went on across both processes too: wait for a few more of Ada's
    // turns to run out after the kill, then count its channel's posts.
    let ada_seat = timed_seat_of_ada(&c, timed).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    let timeouts = loop {
        let row = c.reader.store().game(timed).await.unwrap().unwrap();
        let log = c.reader.store().log(timed).await.unwrap();
        let ada_turns = log.iter().filter(|e| e.seat == ada_seat).count();
        if ada_turns >= 4 || row.status != Status::Active {
            break ada_turns;
        }
        assert!(
            Instant::now() < deadline,
            "the timed game stalled after {ada_turns} of Ada's turns"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    if killed_a {
        c.b.stop();
    } else {
        c.a.stop();
    }
    // Counted again once every process has stopped: the clock may have timed out
    // another turn between the count above and the stop.
    let timeouts = {
        let log = c.reader.store().log(timed).await.unwrap();
        log.iter()
            .filter(|e| e.seat == ada_seat)
            .count()
            .max(timeouts)
    };
    let posts: Vec<String> = c
        .fake
        .requests()
        .into_iter()
        .filter(|r| {
            r.method == "POST" && r.path == format!("/api/v10/channels/{TIMED_CHANNEL}/messages")
        })
        .filter_map(|r| Some(r.json?["content"].as_str()?.to_string()))
        .collect();
    let ran_out = posts
        .iter()
        .filter(|p| p.contains("ran out of time"))
        .count();
    // Each timeout posted once (one may be lost to the kill, between its commit and its
    // post: never posted twice).
    assert!(
        ran_out <= timeouts && ran_out + 1 >= timeouts,
        "{ran_out} timeout posts for {timeouts} timed-out turns:\n{posts:#?}"
    );
    // A reminder before timeouts (at half time), and never two for one turn.
    let reminded = posts
        .iter()
        .filter(|p| p.contains("half your time"))
        .count();
    assert!(reminded >= 1, "no reminder at all:\n{posts:#?}");
    let mut reminders = 0;
    for p in &posts {
        if p.contains("half your time") {
            reminders += 1;
            assert!(reminders <= 1, "two reminders for one turn:\n{posts:#?}");
        } else if p.contains("ran out of time") {
            reminders = 0;
        }
    }
}

/// The channel of the timed game.
const TIMED_CHANNEL: u64 = CHANNEL_ID + 1;

/// Ada against a medium AI in [`TIMED_CHANNEL`], started, with a 2-second turn clock.
async fn timed_game(c: &Cluster) -> i64 {
    let in_timed = |mut interaction: Value| {
        interaction["channel_id"] = json!(TIMED_CHANNEL.to_string());
        interaction["channel"]["id"] = json!(TIMED_CHANNEL.to_string());
        interaction
    };
    let id = c.id();
    let lobby = c
        .send(
            2,
            id,
            in_timed(fake::slash_command_as(
                ADA,
                id,
                &["climb", "start"],
                json!([{ "name": "ai", "type": 3, "value": "medium" }]),
                "en-US",
            )),
        )
        .await;
    let start = button(&custom_ids(&lobby["data"]), "start");
    let id = c.id();
    c.send(
        2,
        id,
        in_timed(fake::button_click_as(ADA, id, 1, &start, "en-US")),
    )
    .await;
    let place = Place {
        guild_id: GUILD_ID as i64,
        channel_id: TIMED_CHANNEL as i64,
    };
    let row = c
        .reader
        .store()
        .open_game(place)
        .await
        .unwrap()
        .expect("the timed game");
    assert_eq!(row.status, Status::Active);
    let pg = c.reader.store().as_postgres().expect("PostgreSQL");
    sqlx::query("UPDATE games SET turn_timeout_secs = 2 WHERE id = $1")
        .bind(row.id)
        .execute(pg.pool())
        .await
        .expect("a short turn clock");
    row.id
}

/// Ada's seat in the timed game.
async fn timed_seat_of_ada(c: &Cluster, game_id: i64) -> i64 {
    let row = c.reader.store().game(game_id).await.unwrap().unwrap();
    row.seats
        .iter()
        .find(|s| s.user_id == Some(ADA.id as i64))
        .expect("Ada is seated")
        .seat
}

/// Who holds a game's AI turns (`Some("")` when nobody does).
async fn runner_of(reader: &TestSession, game_id: i64) -> Option<String> {
    let pg = reader.store().as_postgres()?;
    let runner: Option<String> = sqlx::query_scalar("SELECT runner FROM games WHERE id = $1")
        .bind(game_id)
        .fetch_one(pg.pool())
        .await
        .ok()?;
    Some(runner.unwrap_or_default())
}

/// Wait (at most [`WAIT`]) until the channel's open game satisfies `ready`.
async fn wait_for<T>(c: &Cluster, what: &str, ready: impl Fn(&store::GameRow) -> Option<T>) -> T {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(row) = c.reader.store().latest_game(PLACE).await.unwrap() {
            if let Some(t) = ready(&row) {
                return t;
            }
        }
        assert!(Instant::now() < deadline, "{what}: not within {WAIT:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

// ---------------------------------------------------------------------------------------
// migrate-db

/// A SQLite database with something in every table that play fills: finished games
/// (results, ratings, logs), an open game, server and personal settings, custom cards.
async fn filled_sqlite(name: &str) -> String {
    let url = format!("sqlite://{}", db::db_path(name).display());
    let s = TestSession::new(store::connect(&url).await.expect("open"));
    let place = |n: i64| Place {
        guild_id: 7_000,
        channel_id: 7_100 + n,
    };
    let spec = |seed| LobbySpec {
        seed: Some(seed),
        ..LobbySpec::climb(Options::default())
    };
    for n in 0..3 {
        let p = place(n);
        s.lobbies()
            .create_lobby(p, &db::ada(), &spec(n as u64))
            .await
            .expect("a lobby");
        s.lobbies()
            .add_ai(p, &db::ada(), Level::Medium)
            .await
            .expect("an AI seat");
        s.lobbies().start(p, &db::ada()).await.expect("started");
        db::play_out(&s, p, &[db::ada()]).await;
    }
    // One game still being played.
    let p = place(9);
    s.lobbies()
        .create_lobby(p, &db::ada(), &spec(9))
        .await
        .expect("lobby");
    s.lobbies().join(p, &db::bo()).await.expect("Bo joins");
    s.lobbies().start(p, &db::ada()).await.expect("started");
    let mut tx = s.store().begin().await.unwrap();
    let mut settings = store::GuildSettings::defaults(7_000);
    settings.time_zone = "Europe/Paris".into();
    settings.holidays = "2026-12-24,2026-12-25".into();
    tx.put_settings(&settings, 1).await.unwrap();
    let mut me = store::UserSettings::defaults(101);
    me.notify = "dm".into();
    me.quiet_from = Some(22 * 60);
    tx.put_user_settings(&me, 1).await.unwrap();
    // The server's class links withdrawn twice.
    tx.revoke_links(7_000).await.unwrap();
    tx.revoke_links(7_000).await.unwrap();
    tx.put_custom_card(7_000, 1, Some(r#"{"text":"x"}"#))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    url
}

/// Every row of every table, as text, for comparing two databases.
async fn dump(store: &AnyStore) -> Vec<(String, Vec<String>)> {
    let counts = copy::count_all(store).await.expect("counts");
    let mut out = Vec::new();
    for (table, _) in counts {
        let rows: Vec<String> = match store {
            AnyStore::Sqlite(s) => {
                let sql = format!("SELECT * FROM {table}");
                let rows = sqlx::query(&sql).fetch_all(s.pool()).await.unwrap();
                rows.iter().map(row_text).collect()
            }
            AnyStore::Postgres(s) => {
                let sql = format!("SELECT * FROM {table}");
                let rows = sqlx::query(&sql).fetch_all(s.pool()).await.unwrap();
                rows.iter().map(row_text).collect()
            }
        };
        let mut rows = rows;
        rows.sort();
        out.push((table.to_string(), rows));
    }
    out
}

/// A row as `column=value …`, booleans as 0 and 1 (as SQLite stores them).
fn row_text<'r, R>(row: &'r R) -> String
where
    R: sqlx::Row,
    usize: sqlx::ColumnIndex<R>,
    Option<i64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<bool>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<f64>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    Option<String>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    use sqlx::Column;
    row.columns()
        .iter()
        .map(|c| {
            let i = c.ordinal();
            let v = row
                .try_get::<Option<i64>, _>(i)
                .map(|v| format!("{v:?}"))
                .or_else(|_| {
                    row.try_get::<Option<bool>, _>(i)
                        .map(|v| format!("{:?}", v.map(i64::from)))
                })
                .or_else(|_| row.try_get::<Option<f64>, _>(i).map(|v| format!("{v:?}")))
                .or_else(|_| {
                    row.try_get::<Option<String>, _>(i)
                        .map(|v| format!("{v:?}"))
                })
                .unwrap_or_else(|_| "?".into());
            format!("{}={v}", c.name())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `primeclimb migrate-db` with these arguments: exit code, stdout, stderr.
fn migrate(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .arg("migrate-db")
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("run migrate-db");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// SQLite → PostgreSQL → a new SQLite file: every row the same at each step, counts
/// printed; a target that is not empty is refused (and left alone) unless `--replace`;
/// the bot's next game on PostgreSQL gets a new id past the copied ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrate_db_copies_everything_there_and_back() {
    let Some(pg) = pg_database("migrate") else {
        return;
    };
    let from = filled_sqlite("migrate-from").await;
    let (code, out, err) = migrate(&["--from", &from, "--to", &pg]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("games") && out.contains("both sides counted the same"),
        "{out}"
    );

    let source = store::connect(&from).await.unwrap();
    let target = store::connect(&pg).await.unwrap();
    let original = dump(&source).await;
    assert!(original.iter().all(|(t, rows)| !rows.is_empty()
        || [
            "aways",
            "activity",
            "rematch_votes",
            "puzzle_answers",
            "puzzle_posts",
            "lessons",
            "assignments"
        ]
        .contains(&t.as_str())));
    assert_eq!(
        dump(&target).await,
        original,
        "PostgreSQL holds what SQLite held"
    );

    // A second copy into the same database is refused and changes nothing.
    let before = copy::count_all(&target).await.unwrap();
    let (code, out, err) = migrate(&["--from", &from, "--to", &pg]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("--replace") && err.contains("nothing was written"),
        "{err}"
    );
    assert_eq!(copy::count_all(&target).await.unwrap(), before);
    // Unless told.
    let (code, out, err) = migrate(&["--from", &from, "--to", &pg, "--replace"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(dump(&target).await, original);

    // And back, into a new file.
    let back = format!("sqlite://{}", db::db_path("migrate-back").display());
    let (code, out, err) = migrate(&["--from", &pg, "--to", &back]);
    assert_eq!(code, 0, "{out}{err}");
    let returned = store::connect(&back).await.unwrap();
    assert_eq!(
        dump(&returned).await,
        original,
        "the round trip changes nothing"
    );

    // New games on PostgreSQL are numbered after the copied ones.
    let s = Session::new(target.clone());
    let newest = source
        .latest_game(Place {
            guild_id: 7_000,
            channel_id: 7_109,
        })
        .await
        .unwrap()
        .unwrap()
        .id;
    let p = Place {
        guild_id: 7_000,
        channel_id: 7_200,
    };
    let lobby = s
        .lobbies()
        .create_lobby(
            p,
            &Actor::user(101, "Ada"),
            &LobbySpec::climb(Options::default()),
        )
        .await
        .expect("a new game on the copy");
    assert!(lobby.info.id > newest, "{} after {newest}", lobby.info.id);

    // Bad addresses are usage errors.
    let (code, _, err) = migrate(&["--from", "mysql://x", "--to", &pg]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = migrate(&["--from", &pg, "--to", &pg]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("same database"), "{err}");
}

// ---------------------------------------------------------------------------------------
// The two schemas

/// The tables with their columns, and the indexes, of a fresh database of each kind: the
/// migrations of the two backends (migrations/sqlite/, migrations/postgres/) make the
/// same schema, so `migrate-db` and every query see the same thing on both, and neither
/// lacks an index the other's queries rely on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_backends_have_the_same_tables_columns_and_indexes() {
    let Some(pg) = pg_database("schema") else {
        return;
    };
    let lite = format!("sqlite://{}", db::db_path("schema").display());
    let lite = store::connect(&lite).await.expect("a SQLite file");
    let pg = store::connect(&pg).await.expect("PostgreSQL");
    let (AnyStore::Sqlite(lite), AnyStore::Postgres(pg)) = (&lite, &pg) else {
        panic!("one store of each kind");
    };
    let names = |rows: Vec<(String, String)>| -> BTreeMap<String, Vec<String>> {
        let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (table, column) in rows {
            out.entry(table).or_default().push(column);
        }
        for columns in out.values_mut() {
            columns.sort();
        }
        out
    };
    let lite_columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
         WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%'",
    )
    .fetch_all(lite.pool())
    .await
    .unwrap();
    let pg_columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT table_name::TEXT, column_name::TEXT FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%'",
    )
    .fetch_all(pg.pool())
    .await
    .unwrap();
    let (lite_columns, pg_columns) = (names(lite_columns), names(pg_columns));
    assert!(lite_columns.len() >= 15, "{lite_columns:?}");
    assert_eq!(lite_columns, pg_columns, "tables and columns");

    // Indexes by name (the ones made by CREATE INDEX; those of primary keys and unique
    // constraints are named by each database in its own way, and come with the tables).
    let lite_indexes: Vec<(String, String)> = sqlx::query_as(
        "SELECT tbl_name, name FROM sqlite_master
         WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'",
    )
    .fetch_all(lite.pool())
    .await
    .unwrap();
    let pg_indexes: Vec<(String, String)> = sqlx::query_as(
        "SELECT i.tablename::TEXT, i.indexname::TEXT FROM pg_indexes i
         WHERE i.schemaname = 'public' AND i.tablename NOT LIKE '\\_sqlx%'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
    )
    .fetch_all(pg.pool())
    .await
    .unwrap();
    let (lite_indexes, pg_indexes) = (names(lite_indexes), names(pg_indexes));
    assert!(!lite_indexes.is_empty());
    assert_eq!(lite_indexes, pg_indexes, "indexes");
}

// ---------------------------------------------------------------------------------------
// Connections across a restart of the server

/// The pool does not check a connection it hands out again within
/// `store::CHECK_AFTER_IDLE` of its last use (a trip to the server saved on
/// every query), but one that waited longer is checked: after the server restarts, every
/// connection left in the pool from before is replaced, and no request fails on one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_left_from_before_a_restart_of_the_server_fail_no_request() {
    let started = tokio::task::spawn_blocking(|| {
        let server = postgres::own_server("restart-pool")?;
        let url = server.server().fresh_database("restart_pool");
        Some((server, url))
    });
    let Some((server, url)) = started.await.expect("start a server") else {
        return;
    };
    let pg = store::PgStore::connect(&url).await.expect("PostgreSQL");
    // Every connection the pool may hold is opened and used, then goes back to it.
    let connections = std::env::var("DATABASE_MAX_CONNECTIONS")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(10);
    let mut held = Vec::new();
    for _ in 0..connections {
        held.push(pg.pool().acquire().await.expect("a connection"));
    }
    for conn in &mut held {
        sqlx::query("SELECT 1")
            .execute(&mut **conn)
            .await
            .expect("a query");
    }
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(pg.pool().num_idle(), connections, "all back in the pool");

    let server = tokio::task::spawn_blocking(move || {
        let mut server = server;
        server.stop();
        server.start();
        server
    })
    .await
    .expect("restart the server");
    tokio::time::sleep(store::CHECK_AFTER_IDLE).await;
    // As many requests at once as there are connections: each takes one from before.
    let asks = (0..connections).map(|_| pg.open_game(PLACE));
    for (i, asked) in futures_util::future::join_all(asks)
        .await
        .into_iter()
        .enumerate()
    {
        if let Err(e) = asked {
            panic!("request {i} after the restart failed: {e}");
        }
    }
    drop(server);
}
