//! The real bot when Discord misbehaves: a reply refused (500) or rate limited (429) on
//! every path that changes a game, channel messages refused or rate limited, clicks and
//! commands this version cannot read, and a Discord that never answers at start-up.
//! Whatever Discord does, the change is kept, the player is told plainly what was saved,
//! the game goes on (AI seats play without a restart), and every interaction is answered.

use crate::support;

use std::time::{Duration, Instant};

use primeclimb::discord::BotError;
use serde_json::{json, Value};
use support::bot::{config, custom_ids, start_bot, Table, TestClock, EPHEMERAL, PLACE};
use support::fake_discord::{
    self as fake, channel_path, content, id_for, FakeDiscord, Fault, Recorded, Route, Who, ADA, BO,
    CHANNEL_ID,
};

/// Wait for the channel message that says a refused reply's change was saved, for `who`.
async fn saved_note(t: &Table, mark: usize, who: Who) -> Recorded {
    let mention = format!("<@{}>", who.id);
    t.fake
        .wait_for_after(mark, "the saved note in the channel", |r| {
            r.method == "POST"
                && r.path == channel_path(CHANNEL_ID)
                && content(r).starts_with(&format!("💾 {mention}: saved."))
        })
        .await
}

/// Send an interaction without waiting for its answer.
fn interact(t: &Table, interaction: Value) {
    t.fake.interact(interaction);
}

/// Finish Ada's turn `turn` after her move, as she would: a card drawn that asks for a
/// choice gets the first one, with a Keeper in hand (the move does not end by itself)
/// the move is ended, and a turn a card gave her again is played too. Then the AI is to
/// move, or the game is over.
async fn finish_turn(t: &Table, mut turn: u32) {
    for _ in 0..8 {
        let view = t.board().await;
        if view.is_over() {
            return;
        }
        let (id, v) = (view.info.id, view.info.version);
        if view.game.turn.number != turn {
            // The AI is to move, or has played already and Ada's next turn is not ours.
            if view.ai_level(view.game.current()).is_some() || view.game.turn.number != turn + 1 {
                return;
            }
            // Another turn for Ada (an extra-turn card): she plays it as well.
            turn = view.game.turn.number;
            let moves = best_move(t).await;
            t.climb_move(ADA, &moves).await;
            continue;
        }
        match view.game.phase {
            primeclimb::climb::Phase::Choice(_) => {
                t.select(ADA, &format!("climb:{id}:{v}:pick0"), "1", "en-US")
                    .await;
            }
            _ if view.game.can_end_move() => {
                t.click(ADA, &format!("climb:{id}:{v}:end"), "en-US").await;
            }
            _ => return,
        }
    }
}

/// Ada's best move now, as `/climb move` takes it.
async fn best_move(t: &Table) -> String {
    let (_, hints) = t.reader.play().hint(PLACE, 1).await.expect("a hint");
    hints[0].moves.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_reply_fails_is_saved_told_and_the_ai_plays_on() {
    for (i, fault) in [
        Fault::ServerError,
        // Longer than an interaction can wait: the relay gives up and the bot posts.
        Fault::RateLimited {
            retry_after_ms: 10_000,
        },
    ]
    .into_iter()
    .enumerate()
    {
        // A database of its own each time: the last one's connections may still be
        // closing while the next is made (a file removed under them is a disk I/O error).
        let t = Table::open(&format!("faults-move-{i}")).await;
        let view = t.climb_against_easy_ai().await;
        let turn = view.game.turn.number;
        let moves = best_move(&t).await;
        let mark = t.fake.mark();
        t.fake.fail(Route::Callback, 1, fault);
        interact(
            &t,
            fake::slash_command_as(
                ADA,
                77_001,
                &["climb", "move"],
                json!([{ "name": "moves", "type": 3, "value": moves }]),
                "en-US",
            ),
        );
        let note = saved_note(&t, mark, ADA).await;
        assert!(
            note.parts
                .iter()
                .any(|p| p.filename.as_deref() == Some("board.png")),
            "the board comes with the note"
        );
        finish_turn(&t, turn).await;
        // The AI seat plays without anyone doing anything, and it is Ada's turn again.
        let after = t
            .wait_for_game("the AI's turn", |v| {
                v.is_over()
                    || (v.game.turn.number > turn + 1 && v.ai_level(v.game.current()).is_none())
            })
            .await;
        assert_eq!(
            t.reader.play().replay(after.info.id).await.unwrap(),
            after.game
        );
        // Nothing Discord said shows to a player.
        for r in t.fake.requests().iter().skip(mark) {
            let c = content(r);
            assert!(!c.contains("500") && !c.contains("Serenity"), "{c}");
        }
        t.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_climb_path_that_changes_a_game_survives_a_refused_reply() {
    let t = Table::open("faults-climb-paths").await;

    // /climb start: the lobby is saved, and posted with its buttons.
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::slash_command_as(
            ADA,
            77_101,
            &["climb", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            "en-US",
        ),
    );
    let lobby = saved_note(&t, mark, ADA).await;
    let start = id_for(&custom_ids(lobby.json.as_ref().expect("json")), "start");

    // The lobby's Start: the lobby message is not updated, yet the first board is
    // posted and the game begins.
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(&t, fake::button_click_as(ADA, 77_102, 1, &start, "en-US"));
    t.fake
        .wait_for_after(mark, "the first board", |r| {
            r.path == channel_path(CHANNEL_ID)
                && r.parts
                    .iter()
                    .any(|p| p.filename.as_deref() == Some("board.png"))
        })
        .await;
    let view = t
        .wait_for_game("Ada's turn", |v| v.ai_level(v.game.current()).is_none())
        .await;

    // A partial move, then the board's Undo button with its reply refused.
    let roll = view.game.turn.roll;
    let step = t
        .slash(
            ADA,
            &["climb", "move"],
            json!([{ "name": "moves", "type": 3, "value": format!("0 +{}", roll.a) }]),
            "en-US",
        )
        .await;
    let undo = id_for(&custom_ids(&step.data), "undo");
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(&t, fake::button_click_as(ADA, 77_103, 1, &undo, "en-US"));
    saved_note(&t, mark, ADA).await;
    let undone = t.board().await;
    assert!(undone.game.turn.steps.is_empty(), "the undo is kept");

    // Playing by buttons: a pawn picked with its update refused changes nothing and the
    // board's buttons still work; a step clicked with its reply refused is kept, and the
    // board is posted in the channel under the saved note.
    let board = |verb: String| format!("climb:{}:{}:{verb}", undone.info.id, undone.info.version);
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::button_click_as(ADA, 77_106, 1, &board("pawn0".into()), "en-US"),
    );
    t.fake
        .wait_for_after(mark, "the refused update", |r| {
            r.path == fake::callback_path(77_106)
        })
        .await;
    assert_eq!(t.board().await.info.version, undone.info.version);
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::button_click_as(ADA, 77_107, 1, &board(format!("s0+{}", roll.a)), "en-US"),
    );
    let note = saved_note(&t, mark, ADA).await;
    assert!(note
        .parts
        .iter()
        .any(|p| p.filename.as_deref() == Some("board.png")));
    let stepped = t.board().await;
    assert_eq!(
        stepped.info.version,
        undone.info.version + 1,
        "the step is kept"
    );
    let undo = fake::id_for(&custom_ids(note.json.as_ref().expect("json")), "undo");
    let r = t.click(ADA, &undo, "en-US").await;
    assert!(!r.ephemeral(), "{}", r.content());

    // /climb resign: the game ends for Ada, told in the channel.
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::slash_command_as(ADA, 77_104, &["climb", "resign"], json!([]), "en-US"),
    );
    saved_note(&t, mark, ADA).await;
    assert!(t.board().await.is_over());

    // /climb end of a new lobby (a creator may end their own game).
    let r = t.slash(ADA, &["climb", "start"], json!([]), "en-US").await;
    assert!(!r.ephemeral(), "{}", r.content());
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::slash_command_as(ADA, 77_105, &["climb", "end"], json!([]), "en-US"),
    );
    let ended = saved_note(&t, mark, ADA).await;
    assert!(
        content(&ended).contains("was ended by"),
        "{}",
        content(&ended)
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_daifugo_path_that_changes_a_game_survives_a_refused_reply() {
    let t = Table::open("faults-daifugo-paths").await;
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::slash_command_as(
            ADA,
            77_201,
            &["daifugo", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            "en-US",
        ),
    );
    let lobby = saved_note(&t, mark, ADA).await;
    t.click(
        ADA,
        &id_for(&custom_ids(lobby.json.as_ref().expect("json")), "start"),
        "en-US",
    )
    .await;
    let ada_to_move = |v: &primeclimb::session::DaifugoView| {
        v.is_over() || v.ai_level(v.game.current()).is_none()
    };
    let wait_for_ada = || async {
        let deadline = Instant::now() + fake::WAIT;
        loop {
            if let Ok(v) = t.reader.play().daifugo_board(PLACE).await {
                if ada_to_move(&v) {
                    return v;
                }
            }
            assert!(Instant::now() < deadline, "Ada's turn never came");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let view = wait_for_ada().await;

    // /daifugo pass with its reply refused: saved, told, and the AI plays on.
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(
        &t,
        fake::slash_command_as(ADA, 77_202, &["daifugo", "pass"], json!([]), "en-US"),
    );
    saved_note(&t, mark, ADA).await;
    let view = {
        let deadline = Instant::now() + fake::WAIT;
        loop {
            let v = wait_for_ada().await;
            if v.info.version > view.info.version + 1 || v.is_over() {
                break v;
            }
            assert!(Instant::now() < deadline, "the AI never played");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    if view.is_over() {
        return t.close().await;
    }

    // The hand's Draw button with its reply refused.
    let hand = t
        .click(ADA, &format!("daifugo:{}:hand", view.info.id), "en-US")
        .await;
    let draw = id_for(&custom_ids(&hand.data), "draw");
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    interact(&t, fake::button_click_as(ADA, 77_203, 1, &draw, "en-US"));
    let note = saved_note(&t, mark, ADA).await;
    // The note is public: it never names the drawn card.
    assert!(!content(&note).contains("draws ["), "{}", content(&note));
    let after = t.reader.play().daifugo_board(PLACE).await.unwrap();
    assert!(after.info.version > view.info.version);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_are_waited_out_and_no_turn_message_is_lost() {
    let t = Table::open("faults-429").await;
    let turn = t.climb_against_easy_ai().await.game.turn.number;

    // A short rate limit on the reply: the relay waits and sends it again (no note is
    // needed); the AI's turn message is rate limited twice, then goes through.
    let moves = best_move(&t).await;
    let mark = t.fake.mark();
    t.fake.fail(
        Route::Callback,
        1,
        Fault::RateLimited {
            retry_after_ms: 300,
        },
    );
    t.fake.fail(
        Route::ChannelMessage,
        2,
        Fault::RateLimited {
            retry_after_ms: 250,
        },
    );
    let sent = Instant::now();
    let r = t.climb_move(ADA, &moves).await;
    let answered = t
        .fake
        .wait_for_after(mark, "the retried reply", |q| {
            q.path == r.request.path && q.at > r.request.at
        })
        .await;
    assert!(answered.at.duration_since(sent) >= Duration::from_millis(300));
    // A card drawn may ask Ada for a choice or give her another turn: she finishes her
    // turn (through clicks and commands, none of them a channel message) before the AI
    // can move.
    finish_turn(&t, turn).await;
    // The first try is refused; the message goes through at the third.
    let first = t
        .fake
        .wait_for_after(mark, "the AI's turn message", |q| {
            q.path == channel_path(CHANNEL_ID) && content(q).contains("Easy AI** · turn")
        })
        .await;
    let tries = || {
        t.fake
            .requests()
            .iter()
            .skip(mark)
            .filter(|q| q.path == channel_path(CHANNEL_ID) && content(q) == content(&first))
            .count()
    };
    let deadline = Instant::now() + fake::WAIT;
    while tries() < 3 {
        assert!(
            Instant::now() < deadline,
            "the AI's message was not tried three times: {:#?}",
            t.fake
                .requests()
                .iter()
                .skip(mark)
                .map(|q| format!("{} {} {}", q.method, q.path, content(q)))
                .collect::<Vec<_>>()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(tries(), 3, "two refusals, then the message, and no more");
    assert!(
        !t.fake
            .requests()
            .iter()
            .skip(mark)
            .any(|q| content(q).starts_with("💾")),
        "the reply went through: no note"
    );

    // A server error on a turn message is tried again.
    let view = t
        .wait_for_game("Ada's turn", |v| {
            v.is_over() || v.ai_level(v.game.current()).is_none()
        })
        .await;
    if !view.is_over() {
        let moves = best_move(&t).await;
        let mark = t.fake.mark();
        t.fake.fail(Route::ChannelMessage, 1, Fault::ServerError);
        t.climb_move(ADA, &moves).await;
        finish_turn(&t, view.game.turn.number).await;
        t.fake
            .wait_for_after(mark, "the AI's message after a 500", |q| {
                q.path == channel_path(CHANNEL_ID) && content(q).contains("Easy AI** · turn")
            })
            .await;
    }
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_click_and_command_is_answered_even_those_this_version_cannot_read() {
    let t = Table::open("faults-unknown").await;
    let view = t.climb_against_easy_ai().await;
    let id = view.info.id;
    let v = view.info.version;
    for custom_id in [
        String::new(),
        "climb".into(),
        "climb:x:1:end".into(),
        format!("climb:{id}:99999999999999999999:end"),
        format!("climb:{id}:-1:end"),
        format!("climb:{id}:{v}:dance"),
        format!("climb:{id}:{v}:pick7"),
        "lobby:1".into(),
        "daifugo:1:2:3:4".into(),
        "an-older-scheme/2025/end".into(),
        "x".repeat(100),
    ] {
        let r = t.click(ADA, &custom_id, "en-US").await;
        assert_eq!(r.kind, 4, "{custom_id:?}");
        assert!(r.ephemeral(), "{custom_id:?}");
        assert!(
            r.content().contains("older version of the bot"),
            "{custom_id:?}: {}",
            r.content()
        );
    }
    // Menu values that are not on the menu.
    for (custom_id, value) in [
        (format!("climb:{id}:{v}:pick0"), "abc"),
        (format!("climb:{id}:{v}:pick0"), "999"),
        (format!("climb:{id}:{v}:pick1"), "1"),
    ] {
        let r = t.select(ADA, &custom_id, value, "en-US").await;
        assert!(r.ephemeral(), "{custom_id} {value}");
        assert!(r.content().contains("not on the menu"), "{}", r.content());
    }
    // A menu click that carries no value at all.
    let r = t.click(ADA, &format!("climb:{id}:{v}:pick0"), "fr").await;
    assert!(r.ephemeral());
    assert!(r.content().contains("plus dans le menu"), "{}", r.content());
    // A slash command this version does not have.
    let r = t.slash(ADA, &["chess", "start"], json!([]), "en-US").await;
    assert_eq!(r.kind, 4);
    assert!(r.data["flags"].as_u64().unwrap_or(0) & EPHEMERAL == EPHEMERAL);
    assert!(
        r.content().contains("changed in an update"),
        "{}",
        r.content()
    );
    // Nothing changed.
    assert_eq!(t.board().await.info.version, v);
    t.close().await;
}

/// A server that accepts connections and never answers.
async fn black_hole() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    format!("http://{address}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_that_never_answers_is_a_clear_error_and_creates_no_database() {
    let fake = FakeDiscord::start().await;
    let path = support::db::db_path("faults-silent");
    let url = format!("sqlite://{}", path.display());
    let mut config = config(&fake, &url, &TestClock::new());
    config.api_url = Some(black_hole().await);
    config.timing.startup = Duration::from_millis(600);
    let started = Instant::now();
    let bot = start_bot(config);
    let result = tokio::time::timeout(fake::WAIT, bot.join())
        .await
        .expect("the bot gave up in time");
    match result {
        Err(BotError::NoAnswer { what, .. }) => assert_eq!(what, "the token check"),
        other => panic!("expected no answer, got {other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(
        !path.exists(),
        "no database file before the configuration is good"
    );

    // A rejected token creates no database either.
    fake.reject_token();
    let config = support::bot::config(&fake, &url, &TestClock::new());
    let result = start_bot(config).join().await;
    assert!(matches!(result, Err(BotError::TokenRejected)), "{result:?}");
    assert!(!path.exists());
}

#[test]
fn the_binary_exits_1_when_discord_never_answers_with_plain_logs() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let silent = runtime.block_on(black_hole());
    let dir = std::env::temp_dir().join(format!("primeclimb-silent-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let started = Instant::now();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .arg("bot")
        .current_dir(&dir)
        .env("DISCORD_TOKEN", "fake-token")
        .env("WEB_ADDR", "off")
        .env("DISCORD_API_URL", &silent)
        .env("DISCORD_STARTUP_TIMEOUT", "1")
        .env("DATABASE_URL", "sqlite://games.db")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .output()
        .expect("run the bot");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("did not answer the token check within 1 s"),
        "{stderr}"
    );
    assert!(
        !stderr.contains('\u{1b}'),
        "no colour codes off a terminal: {stderr}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    assert!(
        !dir.join("games.db").exists(),
        "no database file was created"
    );
    drop(runtime);
}

/// From now on Discord refuses every answer and every message; then `who`, to move, makes
/// a move that may be taken back (`/climb move`, interaction `id`), without waiting for
/// an answer. The mark of the fake's log before it.
async fn refused_from_now_on_after_a_move(t: &Table, who: Who, id: u64) -> usize {
    let (_, outcomes) = t.reader.play().legal_moves(PLACE).await.unwrap();
    let quiet = support::db::quiet_moves(&outcomes)
        .next()
        .expect("a move without a card");
    let mark = t.fake.mark();
    t.fake.fail(Route::AnyPost, u64::MAX, Fault::ServerError);
    interact(
        t,
        fake::slash_command_as(
            who,
            id,
            &["climb", "move"],
            json!([{ "name": "moves", "type": 3, "value": quiet.witness }]),
            "en-US",
        ),
    );
    mark
}

/// The messages in the game's channel since `mark` whose text `says`, each try counted.
fn channel_posts(t: &Table, mark: usize, says: impl Fn(&str) -> bool) -> usize {
    t.fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|q| q.path == channel_path(CHANNEL_ID) && says(&content(q)))
        .count()
}

/// Wait (at most 20 s) until `tries` counts three: a message posted three times (half a
/// second, then two seconds apart) and given up.
async fn tried_three_times(what: &str, tries: impl Fn() -> usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while tries() < 3 {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Two minutes of Discord's refusals on the test clock, the turn clock ticking through
/// them, and on (ten seconds a tick) until `tried` holds: however slowly the machine
/// runs the tries, each is refused.
async fn two_minutes_of_refusals(t: &Table, what: &str, tried: impl Fn() -> bool) {
    tokio::time::sleep(Duration::from_millis(500)).await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut ticks = 0;
    while ticks < 12 || !tried() {
        assert!(Instant::now() < deadline, "{what}");
        t.clock.advance(Duration::from_secs(10));
        ticks += 1;
        tokio::time::sleep(Duration::from_millis(120)).await;
    }
}

/// Discord takes messages again: the turn message pinging `ping` that waited in the
/// outbox is posted, with the board, and once (every request after `mark` that Discord
/// took, counted while the clock goes on for three minutes more).
async fn healed_post(t: &Table, mark: usize, ping: &str) -> Recorded {
    let turn_message = |q: &Recorded| {
        q.refused.is_none() && q.path == channel_path(CHANNEL_ID) && content(q).contains(ping)
    };
    t.fake.heal();
    t.clock.advance(Duration::from_secs(30));
    let message = t
        .fake
        .wait_for_after(mark, "the turn message, once Discord is back", turn_message)
        .await;
    assert!(
        message
            .parts
            .iter()
            .any(|p| p.filename.as_deref() == Some("board.png")),
        "with the board"
    );
    for _ in 0..6 {
        t.clock.advance(Duration::from_secs(30));
        tokio::time::sleep(Duration::from_millis(120)).await;
    }
    let posted: Vec<String> = t
        .fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|q| turn_message(q))
        .map(|q| format!("{:?} {}", q.at, content(q)))
        .collect();
    assert_eq!(
        posted.len(),
        1,
        "the turn message is posted once: {posted:#?}"
    );
    message
}

/// §14 of the round-3 defects: Discord refuses every call for two minutes. The AI's turn
/// is played all the same; its message (with the next player's ping) waits in the outbox
/// and is posted once Discord takes messages again, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_minutes_of_refusals_lose_no_turn_message_and_no_ping() {
    let t = Table::open("faults-outage").await;
    let view = t.climb_against_easy_ai().await;
    let turn = view.game.turn.number;
    let mark = refused_from_now_on_after_a_move(&t, ADA, 77_501).await;
    // The AI plays its turn all the same.
    let after = t
        .wait_for_game("the AI's turn, played", |v| {
            v.is_over() || (v.game.turn.number > turn + 1 && v.ai_level(v.game.current()).is_none())
        })
        .await;
    if after.is_over() {
        return t.close().await;
    }
    let ping = format!("<@{}>", ADA.id);
    let pinged = || channel_posts(&t, mark, |text| text.contains(&ping));
    // The AI's runner tries the message of its last turn (the one that pings Ada: a Roll
    // again! card gives the AI more than one) three times, half a second then two
    // seconds apart, and gives up.
    tried_three_times("the runner tried three times", || {
        channel_posts(&t, mark, |text| {
            text.starts_with("**Easy AI** · turn ") && text.contains(&ping)
        })
    })
    .await;
    // Two minutes of refusals, the turn clock ticking through them: the outbox tries the
    // message and is refused every time.
    two_minutes_of_refusals(&t, "the outbox tried the turn message too", || {
        pinged() >= 4
    })
    .await;
    // Discord is back: the turn message comes, once, with its ping and the board.
    let message = healed_post(&t, mark, &ping).await;
    let users = message.json.as_ref().expect("json")["allowed_mentions"]["users"].clone();
    assert!(
        users
            .as_array()
            .is_some_and(|a| a.iter().any(|u| u.as_str() == Some(&ADA.id.to_string()))),
        "Ada is pinged: {users}"
    );
    // Nothing was lost or played twice.
    let now = t.board().await;
    assert_eq!(now.info.version, after.info.version);
    assert_eq!(t.reader.play().replay(now.info.id).await.unwrap(), now.game);
    t.close().await;
}

/// §14 of the round-3 defects, for a person's move: Discord refuses the answer to the
/// first move of Ada and Bo's game and the channel post after it, for two minutes. The
/// other player, whose turn it is, is still pinged: the turn message waits in the outbox
/// and is posted once Discord is back, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_minutes_of_refusals_after_a_persons_move_still_ping_the_next_player() {
    let t = Table::open("faults-outage-person").await;
    t.ada_and_bo(json!([])).await;
    let view = t.board().await;
    // Whoever the seating put first moves; the other is pinged.
    let first = view.game.current();
    let (mover, next) = if view.info.user_of(first) == Some(ADA.id as i64) {
        (ADA, BO)
    } else {
        (BO, ADA)
    };
    // The first board, on its way after Start, is posted before the refusals begin.
    let mover_ping = format!("<@{}>", mover.id);
    t.fake
        .wait_for_after(0, "the first board", |q| {
            q.path == channel_path(CHANNEL_ID) && content(q).contains(&mover_ping)
        })
        .await;
    let mark = refused_from_now_on_after_a_move(&t, mover, 77_601).await;
    let moved = t
        .wait_for_game("the first move, saved", |v| v.game.current() != first)
        .await;
    let ping = format!("<@{}>", next.id);
    let pinged = || channel_posts(&t, mark, |text| text.contains(&ping));
    // The reply is refused, then the saved note in the channel, tried three times (half
    // a second, then two seconds apart) and given up.
    tried_three_times("the saved note was tried three times", || {
        channel_posts(&t, mark, |text| text.contains("saved."))
    })
    .await;
    // Two minutes of refusals: the outbox's tries are refused too.
    two_minutes_of_refusals(&t, "the turn message was tried", || pinged() >= 1).await;
    healed_post(&t, mark, &ping).await;
    let now = t.board().await;
    assert_eq!(now.info.version, moved.info.version, "nothing played twice");
    t.close().await;
}
