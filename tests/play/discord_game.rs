//! Prime Climb on Discord, end to end: the real bot (`discord::run`) against the fake
//! Discord of `tests/support/fake_discord.rs`, on a real SQLite file. Whole games through
//! slash commands, buttons and select menus; only the right player acts; stale buttons;
//! French; a restart in the middle of a game; the turn clock; autocomplete; settings.

use crate::support;

use std::time::Duration;

use primeclimb::climb::{is_legal, Phase};
use primeclimb::session::ClimbView;
use primeclimb::store::Store;
use serde_json::json;
use support::bot::{assert_board_png, custom_ids, png_of, Table, PLACE};
use support::fake_discord::{
    self as fake, channel_path, id_for, Who, ADA, BO, CHANNEL_ID, TEACHER, USER_ID,
};

/// The seat of a Discord user in the stored game.
fn seat_of(view: &ClimbView, who: Who) -> Option<usize> {
    view.info
        .seats
        .iter()
        .position(|s| s.user_id == Some(who.id as i64))
}

/// Open a lobby as Ada (with `options`), return its custom ids.
async fn lobby(t: &Table, options: serde_json::Value, locale: &str) -> Vec<String> {
    let r = t.slash(ADA, &["climb", "start"], options, locale).await;
    assert_eq!(r.kind, 4, "{:?}", r.data);
    assert!(!r.ephemeral(), "the lobby is public: {}", r.content());
    r.custom_ids()
}

/// Press Start and wait for the first board in the channel.
async fn start(t: &Table, ids: &[String]) {
    let mark = t.fake.mark();
    let r = t.click(ADA, &id_for(ids, "start"), "en-US").await;
    assert_eq!(r.kind, 7, "Start updates the lobby message: {:?}", r.data);
    assert!(r.content().contains("has started"), "{}", r.content());
    let first = t
        .fake
        .wait_for_after(mark, "the first board", |r| {
            r.method == "POST" && r.path == channel_path(CHANNEL_ID) && png_of(r).is_some()
        })
        .await;
    assert_board_png(&png_of(&first).expect("a board"));
}

/// Play the turn of `who` as someone following the hints would, through the bot.
async fn play_turn(t: &Table, who: Who) {
    let view = t.board().await;
    let v = view.info.version;
    let id = view.info.id;
    let reply = match view.game.phase {
        Phase::Choice(_) => {
            t.select(who, &format!("climb:{id}:{v}:pick0"), "1", "en-US")
                .await
        }
        _ if view.game.turn.uses.total_left() == 0 => {
            t.click(who, &format!("climb:{id}:{v}:end"), "en-US").await
        }
        _ => {
            let (_, hints) = t.reader.play().hint(PLACE, 1).await.expect("a hint");
            match hints.first().filter(|h| !h.moves.is_empty()) {
                Some(h) => t.climb_move(who, &h.moves).await,
                None => t.click(who, &format!("climb:{id}:{v}:end"), "en-US").await,
            }
        }
    };
    assert_eq!(reply.kind, 4, "{:?}", reply.data);
    assert!(!reply.ephemeral(), "a move is public: {}", reply.content());
    assert_board_png(&reply.png().expect("every move shows the board"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_an_ai_through_commands_and_buttons() {
    let t = Table::open("dg-whole").await;
    let ids = lobby(
        &t,
        json!([{ "name": "ai", "type": 3, "value": "medium" }]),
        "en-US",
    )
    .await;
    start(&t, &ids).await;
    let mut moves = 0;
    loop {
        let view = t
            .wait_for_game("Ada's turn, or the end", |v| {
                v.is_over() || v.ai_level(v.game.current()).is_none()
            })
            .await;
        if view.is_over() {
            break;
        }
        play_turn(&t, ADA).await;
        moves += 1;
        assert!(moves < 400, "the game did not end");
    }
    let end = t.board().await;
    let results = t.reader.store().results(end.info.id).await.unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results.iter().filter(|r| r.won).count(), 1);
    assert_eq!(t.reader.play().replay(end.info.id).await.unwrap(), end.game);

    // The AI's turns were posted in the channel with the board, and pinged Ada.
    let posts = t.fake.channel_messages();
    assert!(posts.len() >= 2, "{} channel messages", posts.len());
    let ping = format!("<@{USER_ID}>");
    let pinged = posts.iter().find(|p| {
        p.json.as_ref().is_some_and(|j| {
            j["content"].as_str().is_some_and(|c| c.contains(&ping))
                && j["allowed_mentions"]["users"]
                    .as_array()
                    .is_some_and(|u| u.iter().any(|x| x == &json!(USER_ID.to_string())))
        })
    });
    assert!(pinged.is_some(), "an AI turn's message mentions Ada");
    for p in &posts {
        if let Some(png) = png_of(p) {
            assert_board_png(&png);
        }
    }

    // The standings know the game.
    let r = t.slash(ADA, &["leaderboard"], json!([]), "en-US").await;
    let text = r.content();
    assert!(text.contains("Prime Climb leaderboard"), "{text}");
    assert!(text.contains(&ping) && text.contains("Medium AI"), "{text}");
    let r = t.slash(ADA, &["stats"], json!([]), "en-US").await;
    // The dice are random on Discord: Ada follows the hints, but the AI may win.
    let ada_seat = seat_of(&end, ADA).expect("Ada is seated");
    let ada_won = results.iter().any(|r| r.won && r.seat == ada_seat as i64);
    let expected = if ada_won {
        "1 game, 1 win"
    } else {
        "1 game, 0 wins"
    };
    assert!(r.content().contains(expected), "{}", r.content());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_right_player_acts_and_stale_buttons_are_refused() {
    let t = Table::open("dg-refusals").await;
    let ids = lobby(&t, json!([]), "en-US").await;
    let join = t.click(BO, &id_for(&ids, "join"), "en-US").await;
    assert_eq!(join.kind, 7);
    assert!(
        join.content().contains("Players (2/4)"),
        "{}",
        join.content()
    );
    start(&t, &ids).await;

    let view = t.board().await;
    let (mover, other) = if seat_of(&view, ADA) == Some(view.game.current()) {
        (ADA, BO)
    } else {
        (BO, ADA)
    };
    // The other player, and someone not playing, are refused privately.
    let r = t.climb_move(other, "0 +1").await;
    assert!(r.ephemeral());
    assert_eq!(
        r.content(),
        format!("It is {}'s turn, not yours", mover.name)
    );
    let r = t.climb_move(TEACHER, "0 +1").await;
    assert!(r.ephemeral());
    assert_eq!(r.content(), "You are not in this game");
    // A lobby button after the start.
    let r = t.click(BO, &id_for(&ids, "join"), "en-US").await;
    assert!(r.ephemeral());
    assert!(
        r.content().starts_with("This lobby is closed"),
        "{}",
        r.content()
    );

    // One die, then undo with the button, then the same button again: stale.
    let roll = view.game.turn.roll;
    let r = t.climb_move(mover, &format!("0 +{}", roll.a)).await;
    assert!(!r.ephemeral(), "{}", r.content());
    assert!(r.content().contains("still to use"), "{}", r.content());
    let undo = id_for(&r.custom_ids(), "undo");
    let ok = t.click(mover, &undo, "en-US").await;
    assert_eq!(ok.kind, 4);
    assert!(!ok.ephemeral());
    let stale = t.click(mover, &undo, "en-US").await;
    assert!(stale.ephemeral());
    assert!(
        stale.content().starts_with("This board has moved on"),
        "{}",
        stale.content()
    );
    // The other player cannot press the mover's buttons either.
    let fresh = id_for(&ok.custom_ids(), "hint");
    let end = fresh.replace(":hint", ":end");
    let r = t.click(other, &end, "en-US").await;
    assert!(r.ephemeral());
    assert!(r.content().contains("not yours"), "{}", r.content());
    // Hints are for anyone, privately.
    let r = t.click(other, &fresh, "en-US").await;
    assert!(r.ephemeral());
    assert!(r.content().contains("**1.**"), "{}", r.content());

    // Only the creator or a moderator ends the game.
    let r = t.slash(BO, &["climb", "end"], json!([]), "en-US").await;
    assert!(r.ephemeral());
    assert!(
        r.content().contains("creator or a moderator"),
        "{}",
        r.content()
    );
    let r = t
        .slash(TEACHER, &["climb", "end"], json!([]), "en-US")
        .await;
    assert!(!r.ephemeral());
    assert!(
        r.content().contains("was ended by **Teacher**"),
        "{}",
        r.content()
    );
    assert_eq!(
        t.board().await.info.status,
        primeclimb::store::Status::Ended
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn french_speakers_get_french() {
    let t = Table::open("dg-french").await;
    // Before any game.
    let r = t.climb_move_fr(ADA, "0 +1").await;
    assert!(r.ephemeral());
    assert!(
        r.content().starts_with("Il n'y a pas de partie ici"),
        "{}",
        r.content()
    );
    let r = t
        .slash(
            ADA,
            &["climb", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            "fr",
        )
        .await;
    let text = r.content();
    assert!(
        text.contains("nouvelle partie") && text.contains("Joueurs (2/4)"),
        "{text}"
    );
    let labels: Vec<String> = r.data["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(labels, ["Rejoindre", "Quitter", "Démarrer", "Annuler"]);
    let ids = r.custom_ids();
    // A move before the start.
    let r = t.climb_move_fr(ADA, "0 +1").await;
    assert!(
        r.content().starts_with("La partie n'a pas encore commencé"),
        "{}",
        r.content()
    );
    start(&t, &ids).await;
    let view = t
        .wait_for_game("Ada's turn", |v| v.ai_level(v.game.current()).is_none())
        .await;
    let roll = view.game.turn.roll;
    let missing = (1..=10).find(|d| *d != roll.a && *d != roll.b).unwrap();
    let r = t.climb_move_fr(ADA, &format!("0 +{missing}")).await;
    assert!(r.ephemeral());
    assert!(
        r.content()
            .starts_with(&format!("Pas 1 : vous n'avez pas fait de {missing}")),
        "{}",
        r.content()
    );
    let r = t.climb_move_fr(ADA, &format!("0 +{}", roll.a)).await;
    assert!(r.content().contains(" · tour "), "{}", r.content());
    assert!(r.content().contains("il reste"), "{}", r.content());
    // The rows: the pawns to touch (labelled with their spaces), then End turn and Undo.
    let labels = |row: usize| -> Vec<String> {
        r.data["components"][row]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["label"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(
        labels(0),
        ["♟ Pion sur 0".to_string(), format!("♟ Pion sur {}", roll.a)]
    );
    assert_eq!(labels(1), ["Finir le tour", "Annuler"]);
    // The hint button answers in French.
    let hint = id_for(&r.custom_ids(), "hint");
    let h = t.click(ADA, &hint, "fr").await;
    assert!(h.ephemeral());
    assert!(h.content().contains("**1.**"), "{}", h.content());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_restarts_mid_game_and_the_game_goes_on() {
    let mut t = Table::open("dg-restart").await;
    let ids = lobby(&t, json!([]), "en-US").await;
    t.click(BO, &id_for(&ids, "join"), "en-US").await;
    start(&t, &ids).await;
    let mover = |v: &ClimbView| {
        if seat_of(v, ADA) == Some(v.game.current()) {
            ADA
        } else {
            BO
        }
    };
    let view = t.board().await;
    play_turn(&t, mover(&view)).await;
    let before = t.board().await;

    t.restart().await;

    let r = t.slash(BO, &["climb", "board"], json!([]), "en-US").await;
    assert!(!r.ephemeral());
    assert_board_png(&r.png().expect("the board after a restart"));
    let after = t.board().await;
    assert_eq!(after.info.version, before.info.version);
    assert_eq!(after.game, before.game);
    // Buttons drawn before the restart still work (they carry the game and version).
    let hint = id_for(&r.custom_ids(), "hint");
    assert!(t.click(ADA, &hint, "en-US").await.ephemeral());
    play_turn(&t, mover(&after)).await;
    let end = t.board().await;
    assert!(end.info.version > after.info.version);
    assert_eq!(t.reader.play().replay(end.info.id).await.unwrap(), end.game);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_reminds_then_plays_or_skips_the_idle_turn() {
    let t = Table::open("dg-clock").await;
    let ids = lobby(
        &t,
        json!([
            { "name": "ai", "type": 3, "value": "easy" },
            { "name": "timeout", "type": 3, "value": "1h" }
        ]),
        "en-US",
    )
    .await;
    start(&t, &ids).await;
    let view = t
        .wait_for_game("Ada's turn", |v| v.ai_level(v.game.current()).is_none())
        .await;
    let turn = view.game.turn.number;

    // Half time: one reminder, with a ping.
    let mark = t.fake.mark();
    t.clock.advance(Duration::from_secs(31 * 60));
    let reminder = t
        .fake
        .wait_for_after(mark, "the reminder", |r| {
            r.path == channel_path(CHANNEL_ID)
                && r.json.as_ref().is_some_and(|j| {
                    j["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("half your time"))
                })
        })
        .await;
    let content = reminder.json.unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(content.contains(&format!("<@{USER_ID}>")), "{content}");
    // The time really left when the reminder goes out: 31 of the 60 minutes are gone.
    assert!(content.contains("29 min left"), "{content}");

    // Time is up: the server's default is an AI playing the idle turn.
    let mark = t.fake.mark();
    t.clock.advance(Duration::from_secs(30 * 60));
    t.fake
        .wait_for_after(mark, "the timeout message", |r| {
            r.path == channel_path(CHANNEL_ID)
                && r.json.as_ref().is_some_and(|j| {
                    j["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("ran out of time: an AI played the turn"))
                })
        })
        .await;
    let view = t
        .wait_for_game("Ada's next turn", |v| {
            v.game.turn.number > turn && v.ai_level(v.game.current()).is_none()
        })
        .await;
    let reminders = t
        .fake
        .channel_messages()
        .iter()
        .filter(|r| {
            r.json.as_ref().is_some_and(|j| {
                j["content"]
                    .as_str()
                    .is_some_and(|c| c.contains("half your time"))
            })
        })
        .count();
    assert_eq!(reminders, 1, "one reminder per turn");

    // A moderator switches to skipping; the next idle turn is skipped.
    let r = t
        .slash(
            TEACHER,
            &["settings", "on-timeout"],
            json!([{ "name": "action", "type": 4, "value": 1 }]),
            "en-US",
        )
        .await;
    assert!(
        r.content().contains("On timeout: the turn is skipped"),
        "{}",
        r.content()
    );
    let turn = view.game.turn.number;
    let mark = t.fake.mark();
    t.clock.advance(Duration::from_secs(61 * 60));
    t.fake
        .wait_for_after(mark, "the skip message", |r| {
            r.path == channel_path(CHANNEL_ID)
                && r.json.as_ref().is_some_and(|j| {
                    j["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("ran out of time: the turn is skipped"))
                })
        })
        .await;
    let after = t
        .wait_for_game("the turn after the skip", |v| v.game.turn.number > turn)
        .await;
    let log = t.reader.store().log(after.info.id).await.unwrap();
    assert!(
        log.iter()
            .any(|e| e.actions.contains("skip") && e.user_id.is_none()),
        "the skip is in the log, made by the clock"
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_legal_moves_to_the_player_to_move() {
    let t = Table::open("dg-autocomplete").await;
    let ids = lobby(&t, json!([]), "en-US").await;
    t.click(BO, &id_for(&ids, "join"), "en-US").await;
    start(&t, &ids).await;
    let view = t.board().await;
    let (mover, other) = if seat_of(&view, ADA) == Some(view.game.current()) {
        (ADA, BO)
    } else {
        (BO, ADA)
    };
    let ask = |who: Who, typed: &str| {
        let id = 77_000 + typed.len() as u64 + who.id % 7 * 100;
        (
            id,
            fake::autocomplete_as(
                who,
                id,
                &["climb", "move"],
                json!([{ "name": "moves", "type": 3, "value": typed, "focused": true }]),
                "en-US",
            ),
        )
    };
    let (id, interaction) = ask(mover, "");
    let r = t.send(id, interaction).await;
    assert_eq!(r.kind, 8, "{:?}", r.data);
    let choices = r.data["choices"].as_array().expect("choices").clone();
    assert!(!choices.is_empty() && choices.len() <= 25);
    for c in &choices {
        let m = c["value"].as_str().unwrap();
        assert!(is_legal(&view.game, m).is_ok(), "{m} is a legal move");
    }
    let (id, interaction) = ask(mover, "0 +");
    let r = t.send(id, interaction).await;
    for c in r.data["choices"].as_array().unwrap() {
        assert!(c["value"].as_str().unwrap().starts_with("0 +"), "{c}");
    }
    let (id, interaction) = ask(other, "");
    let r = t.send(id, interaction).await;
    assert_eq!(r.data["choices"].as_array().map(Vec::len), Some(0));
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_for_moderators_and_custom_cards_join_games() {
    let t = Table::open("dg-settings").await;
    let timeout = json!([{ "name": "duration", "type": 3, "value": "12h" }]);
    let r = t
        .slash(ADA, &["settings", "timeout"], timeout.clone(), "en-US")
        .await;
    assert!(r.ephemeral());
    assert!(
        r.content().contains("moderators (Manage Server)"),
        "{}",
        r.content()
    );
    let r = t
        .slash(TEACHER, &["settings", "timeout"], timeout, "en-US")
        .await;
    assert!(
        r.content().contains("Turn timeout: 12 h"),
        "{}",
        r.content()
    );
    let r = t
        .slash(
            TEACHER,
            &["settings", "card"],
            json!([
                { "name": "slot", "type": 4, "value": 1 },
                { "name": "effect", "type": 4, "value": 0 },
                { "name": "number", "type": 4, "value": 37 }
            ]),
            "en-US",
        )
        .await;
    assert!(
        r.content().contains("1. Send a pawn of your choice to 37"),
        "{}",
        r.content()
    );
    let r = t
        .slash(
            TEACHER,
            &["settings", "card"],
            json!([
                { "name": "slot", "type": 4, "value": 2 },
                { "name": "effect", "type": 4, "value": 0 },
                { "name": "number", "type": 4, "value": 500 }
            ]),
            "en-US",
        )
        .await;
    assert!(r.content().contains("needs a number"), "{}", r.content());
    // A game with the server's cards and its default timeout.
    let r = t
        .slash(
            ADA,
            &["climb", "start"],
            json!([{ "name": "variant", "type": 3, "value": "blanks,sprint" }]),
            "en-US",
        )
        .await;
    let text = r.content();
    assert!(
        text.contains("Fill in the Blanks") && text.contains("Prime Sprint"),
        "{text}"
    );
    assert!(text.contains("⏳ 12 h per turn"), "{text}");
    let lobby = t.reader.lobbies().lobby(PLACE).await.unwrap();
    let primeclimb::session::GameOptions::Climb(options) = lobby.info.options else {
        panic!("a Prime Climb lobby");
    };
    assert_eq!(options.custom_cards.len(), 1);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_reply_leaves_the_game_saved_and_the_board_shows_it() {
    let t = Table::open("dg-failed-post").await;
    let ids = lobby(&t, json!([]), "en-US").await;
    t.click(BO, &id_for(&ids, "join"), "en-US").await;
    start(&t, &ids).await;
    let view = t.board().await;
    let mover = if seat_of(&view, ADA) == Some(view.game.current()) {
        ADA
    } else {
        BO
    };
    let roll = view.game.turn.roll;
    // Discord fails while the bot answers the move: the move is already committed.
    t.fake.fail_callbacks(1);
    let id = 55_555;
    t.fake.interact(fake::slash_command_as(
        mover,
        id,
        &["climb", "move"],
        json!([{ "name": "moves", "type": 3, "value": format!("0 +{}", roll.a) }]),
        "en-US",
    ));
    let after = t
        .wait_for_game("the move stored", |v| v.info.version > view.info.version)
        .await;
    assert_eq!(after.game.turn.steps.len(), 1);
    // Nothing is lost or doubled; the board shows the move.
    let r = t.slash(BO, &["climb", "board"], json!([]), "en-US").await;
    assert_board_png(&r.png().expect("the board"));
    assert!(r.content().contains("still to use"), "{}", r.content());
    assert_eq!(t.board().await.info.version, after.info.version);
    assert_eq!(
        t.reader.play().replay(after.info.id).await.unwrap(),
        after.game
    );
    t.close().await;
}

impl Table {
    /// `/climb move` in French.
    async fn climb_move_fr(&self, who: Who, moves: &str) -> support::bot::Reply {
        self.slash(
            who,
            &["climb", "move"],
            json!([{ "name": "moves", "type": 3, "value": moves }]),
            "fr",
        )
        .await
    }
}

#[test]
fn custom_ids_are_read_from_nested_rows() {
    let data = json!({ "components": [
        { "type": 1, "components": [{ "type": 2, "custom_id": "a" }, { "type": 2, "custom_id": "b" }] },
        { "type": 1, "components": [{ "type": 3, "custom_id": "c" }] }
    ]});
    assert_eq!(custom_ids(&data), ["a", "b", "c"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_move_can_be_taken_back_before_the_ai_plays() {
    let url = support::db::db_url("dg-take-back");
    let t = Table::open_with(&url, |c| c.timing.take_back = Duration::from_secs(60)).await;
    let ids = lobby(
        &t,
        json!([{ "name": "ai", "type": 3, "value": "easy" }]),
        "en-US",
    )
    .await;
    start(&t, &ids).await;
    let view = t
        .wait_for_game("Ada's turn", |v| v.ai_level(v.game.current()).is_none())
        .await;
    let (_, outcomes) = t.reader.play().legal_moves(PLACE).await.unwrap();
    let quiet = support::db::quiet_moves(&outcomes)
        .next()
        .expect("a move without a card");
    let r = t.climb_move(ADA, &quiet.witness).await;
    assert!(
        r.content().contains("can still take this move back"),
        "{}",
        r.content()
    );
    let take_back = r
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":undo"))
        .expect("a Take my move back button");
    let after = t.board().await;
    assert_eq!(
        after.take_back_seat(),
        seat_of(&view, ADA),
        "{}",
        r.content()
    );
    // The AI waits for the window: Ada takes it back, and it is her move again.
    let r = t.click(ADA, &take_back, "en-US").await;
    assert!(
        r.content().contains("Ada takes the move back"),
        "{}",
        r.content()
    );
    let back = t.board().await;
    assert_eq!(back.game.turn.number, view.game.turn.number);
    assert_eq!(back.game.current(), view.game.current());
    assert_eq!(back.game.turn.roll, view.game.turn.roll, "the same dice");
    assert_eq!(back.game.players, view.game.players, "every step undone");
    assert!(back.game.turn.steps.is_empty());
    assert_eq!(
        t.reader.play().replay(back.info.id).await.unwrap(),
        back.game
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_off_turn_is_told_without_the_other_players_roll() {
    let t = Table::open("dg-resign-off-turn").await;
    let ids = lobby(&t, json!([]), "en-US").await;
    t.click(BO, &id_for(&ids, "join"), "en-US").await;
    start(&t, &ids).await;
    let view = t.board().await;
    let idle = if seat_of(&view, ADA) == Some(view.game.current()) {
        BO
    } else {
        ADA
    };
    let r = t
        .slash(idle, &["climb", "resign"], json!([]), "en-US")
        .await;
    let first = r.content().lines().next().unwrap_or_default().to_string();
    assert_eq!(
        first,
        format!("**{}** · turn {}", idle.name, view.game.turn.number),
        "{}",
        r.content()
    );
    assert!(r.content().contains("leaves the game"), "{}", r.content());
    assert!(r.content().contains(" wins in "), "{}", r.content());
    t.close().await;
}
