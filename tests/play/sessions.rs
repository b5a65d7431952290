//! The session layer on a real SQLite file: lobby, turns, who may act, conflicting
//! requests, refused input that changes nothing, results and ratings, restarts, and the
//! replay of 1,000 random games from their seeds and logs.

use crate::support;

use std::collections::BTreeSet;
use std::ops::Range;

use primeclimb::climb::{ai::Level, Options, Phase};
use primeclimb::session::{Actor, Command, GameOptions, LobbySpec, Place, Session, SessionError};
use primeclimb::store::{self, GameKind, Status, Store, StoreError, StoreTx};
use support::db::{ada, bo, cy, play_out, play_turn, session, PLACE};

fn spec() -> LobbySpec {
    LobbySpec {
        seed: Some(11),
        ..LobbySpec::climb(Options::default())
    }
}

/// Ada and Bo in a started two-player game (seed fixed), Ada's seat first in turn order.
async fn two_player_game(name: &str) -> support::db::TestSession {
    let s = session(name).await;
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    s
}

/// The actor whose turn it is.
async fn to_move(s: &Session<store::AnyStore>) -> (Actor, Actor) {
    let view = s.play().board(PLACE).await.unwrap();
    let seat = view.game.current();
    if view.info.seats[seat].user_id == ada().user_id {
        (ada(), bo())
    } else {
        (bo(), ada())
    }
}

#[tokio::test]
async fn a_lobby_seats_players_in_join_order_and_starts() {
    let s = session("lobby").await;
    let lobby = s
        .lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    assert_eq!(lobby.info.status, Status::Lobby);
    assert_eq!(
        lobby.info.seats.len(),
        1,
        "the creator takes the first seat"
    );
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    s.lobbies().add_ai(PLACE, &bo(), Level::Hard).await.unwrap();
    s.lobbies()
        .add_ai(PLACE, &ada(), Level::Hard)
        .await
        .unwrap();
    let lobby = s.lobbies().lobby(PLACE).await.unwrap();
    let names: Vec<&str> = lobby.info.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ada", "Bo", "Hard AI", "Hard AI 2"]);
    assert!(matches!(
        s.lobbies().join(PLACE, &cy()).await,
        Err(SessionError::LobbyFull { max: 4 })
    ));
    s.lobbies().remove_ai(PLACE, &ada()).await.unwrap();
    s.lobbies().leave(PLACE, &bo()).await.unwrap();
    s.lobbies().join(PLACE, &cy()).await.unwrap();
    assert!(matches!(
        s.lobbies().join(PLACE, &cy()).await,
        Err(SessionError::AlreadyJoined)
    ));
    // Someone outside the lobby cannot start it.
    assert!(matches!(
        s.lobbies().start(PLACE, &Actor::user(999, "Zed")).await,
        Err(SessionError::NotAllowed(_))
    ));
    let view = s
        .lobbies()
        .start(PLACE, &cy())
        .await
        .unwrap()
        .climb()
        .unwrap();
    let names: Vec<&str> = view.game.players.iter().map(|p| &*p.name).collect();
    assert_eq!(
        names,
        ["Ada", "Hard AI", "Cy"],
        "§2: seating order is join order"
    );
    let seats: Vec<i64> = view.info.seats.iter().map(|s| s.seat).collect();
    assert_eq!(seats, [0, 1, 2], "seats are numbered afresh at the start");
    assert!(matches!(
        s.lobbies().join(PLACE, &bo()).await,
        Err(SessionError::AlreadyStarted)
    ));
}

#[tokio::test]
async fn one_open_game_per_channel() {
    let s = session("one-per-channel").await;
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    assert!(matches!(
        s.lobbies().create_lobby(PLACE, &bo(), &spec()).await,
        Err(SessionError::ChannelBusy)
    ));
    let thread = Place {
        channel_id: PLACE.channel_id + 1,
        ..PLACE
    };
    s.lobbies()
        .create_lobby(thread, &bo(), &spec())
        .await
        .expect("a thread is another channel");
    // The last person leaving closes the lobby and frees the channel.
    s.lobbies().leave(PLACE, &ada()).await.unwrap();
    assert!(matches!(
        s.lobbies().lobby(PLACE).await,
        Err(SessionError::NoGame)
    ));
    s.lobbies()
        .create_lobby(PLACE, &bo(), &spec())
        .await
        .unwrap();
}

#[tokio::test]
async fn bad_lobby_options_are_refused_before_anything_is_stored() {
    let s = session("bad-options").await;
    let mut bad = spec();
    bad.options = GameOptions::Climb(support::db::variants("way-stations=29").unwrap());
    let err = s
        .lobbies()
        .create_lobby(PLACE, &ada(), &bad)
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("29 cannot be a way station"),
        "{err}"
    );
    assert!(matches!(
        s.lobbies().lobby(PLACE).await,
        Err(SessionError::NoGame)
    ));
    // Too few players: the engine's message, and the lobby stays open.
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    let err = s.lobbies().start(PLACE, &ada()).await.unwrap_err();
    assert!(err.to_string().contains("2 to 4 players"), "{err}");
    assert_eq!(
        s.lobbies().lobby(PLACE).await.unwrap().info.status,
        Status::Lobby
    );
}

#[tokio::test]
async fn only_the_player_to_move_can_move() {
    let s = two_player_game("right-player").await;
    let (mover, other) = to_move(&s).await;
    let err = s
        .play()
        .act(PLACE, &other, Command::EndMove, None)
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("it is {}'s turn", mover.name)),
        "{err}"
    );
    let stranger = Actor::user(999, "Zed");
    assert!(matches!(
        s.play().act(PLACE, &stranger, Command::Undo, None).await,
        Err(SessionError::NotInGame)
    ));
    // Even a moderator cannot move for someone else.
    let moderator = Actor::moderator(998, "Teacher");
    assert!(matches!(
        s.play()
            .act(PLACE, &moderator, Command::EndMove, None)
            .await,
        Err(SessionError::NotInGame)
    ));
    let after = play_turn(&s, PLACE, &mover).await.unwrap();
    assert_eq!(
        after.actor_seat.map(|seat| after.info.seats[seat].user_id),
        Some(mover.user_id)
    );
}

#[tokio::test]
async fn an_ai_seat_cannot_be_moved_by_a_person() {
    let s = session("ai-turn").await;
    let mut sp = spec();
    sp.ai = vec![Level::Easy];
    s.lobbies().create_lobby(PLACE, &ada(), &sp).await.unwrap();
    let mut view = s
        .lobbies()
        .start(PLACE, &ada())
        .await
        .unwrap()
        .climb()
        .unwrap();
    if view.game.current() == 0 {
        view = play_turn(&s, PLACE, &ada()).await.unwrap();
    }
    if view.game.current() == 1 && !view.is_over() {
        let err = s
            .play()
            .act(PLACE, &ada(), Command::EndMove, None)
            .await
            .unwrap_err();
        assert!(matches!(err, SessionError::AiTurn { .. }), "{err}");
        assert_eq!(
            err.to_string(),
            "it is Easy AI's turn, and Easy AI is an AI: it plays by itself"
        );
        let after = s
            .play()
            .ai_turn(PLACE)
            .await
            .unwrap()
            .expect("the AI plays");
        assert_eq!(after.actor_seat, Some(1));
        assert_eq!(after.info.version, view.info.version + 1);
    }
}

#[tokio::test]
async fn a_refused_move_changes_nothing_and_says_which_step() {
    let s = two_player_game("refused").await;
    let (mover, _) = to_move(&s).await;
    let before = s.play().board(PLACE).await.unwrap();
    let roll = before.game.turn.roll;
    let missing = (1..=10).find(|d| *d != roll.a && *d != roll.b).unwrap();
    let err = s
        .play()
        .act(PLACE, &mover, Command::Move(format!("0 +{missing}")), None)
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("step 1: you did not roll a {missing}")),
        "{err}"
    );
    for text in ["", "0", "0 -1", "55 +1", "0 +3 x", "banana", "0 k+5"] {
        assert!(
            s.play()
                .act(PLACE, &mover, Command::Move(text.into()), None)
                .await
                .is_err(),
            "{text:?} must be refused"
        );
    }
    let after = s.play().board(PLACE).await.unwrap();
    assert_eq!(after.info.version, before.info.version);
    assert_eq!(after.game, before.game);
    assert!(s.store().log(after.info.id).await.unwrap().is_empty());
}

#[tokio::test]
async fn random_text_never_panics_and_never_changes_the_game() {
    use rand::{Rng, SeedableRng};
    let s = two_player_game("fuzz").await;
    let (mover, _) = to_move(&s).await;
    let before = s.play().board(PLACE).await.unwrap();
    let alphabet: Vec<char> = "0123456789 +-x*/kwc!,.×÷−é🎲\u{0}\n\tKWXC"
        .chars()
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut applied = 0;
    for i in 0..1_500 {
        let len = rng.gen_range(0..24);
        let text: String = (0..len)
            .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
            .collect();
        let command = if i % 3 == 0 {
            let target = (rng.gen_bool(0.5)).then(|| text.chars().rev().collect::<String>());
            Command::Keeper {
                keeper: text.clone(),
                target,
            }
        } else {
            Command::Move(text.clone())
        };
        match s.play().act(PLACE, &mover, command, None).await {
            Ok(_) => {
                applied += 1;
                break; // a random legal move: the turn moved on, stop here
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    let after = s.play().board(PLACE).await.unwrap();
    let log = s.store().log(after.info.id).await.unwrap();
    assert_eq!(log.len(), applied);
    if applied == 0 {
        assert_eq!(after.game, before.game);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clicks_on_one_version_apply_exactly_once() {
    let s = two_player_game("double-click").await;
    let (mover, _) = to_move(&s).await;
    let board = s.play().board(PLACE).await.unwrap();
    let version = board.info.version;
    let stamp = board.info.stamp();
    let (_, hints) = s.play().hint(PLACE, 1).await.unwrap();
    let text = hints[0].moves.clone();
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let (s, mover, text) = (s.clone(), mover.clone(), text.clone());
        tasks.push(tokio::spawn(async move {
            s.play()
                .act(PLACE, &mover, Command::Move(text), Some(stamp))
                .await
        }));
    }
    let mut ok = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(_) => ok += 1,
            Err(SessionError::Moved) => {}
            Err(e) => panic!("a stale click must say the board moved on, not {e}"),
        }
    }
    assert_eq!(ok, 1, "exactly one of the clicks applies");
    let after = s.play().board(PLACE).await.unwrap();
    assert_eq!(after.info.version, version + 1);
    assert_eq!(s.store().log(after.info.id).await.unwrap().len(), 1);
    assert!(
        SessionError::Moved
            .to_string()
            .contains("the board has moved on"),
        "the refusal says so"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_commands_without_a_version_apply_exactly_once() {
    let s = two_player_game("race").await;
    let (mover, _) = to_move(&s).await;
    let (_, hints) = s.play().hint(PLACE, 1).await.unwrap();
    let text = hints[0].moves.clone();
    let version = s.play().board(PLACE).await.unwrap().info.version;
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (s, mover, text) = (s.clone(), mover.clone(), text.clone());
        tasks.push(tokio::spawn(async move {
            let r = s.play().act(PLACE, &mover, Command::Move(text), None).await;
            // End the turn too, in case the move left it open (a Keeper in hand).
            if r.is_ok() {
                let _ = s.play().act(PLACE, &mover, Command::EndMove, None).await;
            }
            r
        }));
    }
    let mut ok = 0;
    for t in tasks {
        if t.await.unwrap().is_ok() {
            ok += 1;
        }
    }
    assert_eq!(ok, 1, "one move applies; the others are refused");
    let after = s.play().board(PLACE).await.unwrap();
    let log = s.store().log(after.info.id).await.unwrap();
    let moves = log.iter().filter(|e| e.actions.contains("\"die\"")).count();
    assert_eq!(moves, 1);
    assert!(after.info.version > version);
    assert_eq!(s.play().replay(after.info.id).await.unwrap(), after.game);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_joins_all_get_a_seat() {
    let s = session("racing-joins").await;
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    let mut tasks = Vec::new();
    for id in [201, 202, 203] {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            s.lobbies()
                .join(PLACE, &Actor::user(id, format!("P{id}")))
                .await
        }));
    }
    for t in tasks {
        t.await
            .unwrap()
            .expect("joins commute: every one gets a seat");
    }
    let seats = s.lobbies().lobby(PLACE).await.unwrap().info.seats;
    assert_eq!(seats.len(), 4);
    let unique: BTreeSet<i64> = seats.iter().map(|s| s.seat).collect();
    assert_eq!(unique.len(), 4);
}

#[tokio::test]
async fn a_stale_button_is_refused_politely() {
    let s = two_player_game("stale").await;
    let (mover, _) = to_move(&s).await;
    let old = s.play().board(PLACE).await.unwrap().info.stamp();
    play_turn(&s, PLACE, &mover).await.unwrap();
    let (next, _) = to_move(&s).await;
    let err = s
        .play()
        .act(PLACE, &next, Command::EndMove, Some(old))
        .await
        .unwrap_err();
    assert!(matches!(err, SessionError::Moved));
}

#[tokio::test]
async fn partial_moves_undo_and_end() {
    let s = two_player_game("partial").await;
    let (mover, _) = to_move(&s).await;
    let board = s.play().board(PLACE).await.unwrap();
    let roll = board.game.turn.roll;
    // One die at a time: the turn stays open until every die is used.
    let first = s
        .play()
        .act(PLACE, &mover, Command::Move(format!("0 +{}", roll.a)), None)
        .await
        .unwrap();
    assert_eq!(first.game.turn.number, board.game.turn.number);
    assert_eq!(first.game.turn.steps.len(), 1);
    assert_eq!(
        primeclimb::text::climb::story(
            &first.game,
            &first.events,
            first.actor_seat,
            primeclimb::lang::Lang::En
        ),
        [format!("0 + {0} = {0}", roll.a)]
    );
    let undone = s
        .play()
        .act(PLACE, &mover, Command::Undo, None)
        .await
        .unwrap();
    assert!(undone.game.turn.steps.is_empty());
    assert_eq!(undone.game.players, board.game.players);
    s.play()
        .act(PLACE, &mover, Command::Move(format!("0 +{}", roll.a)), None)
        .await
        .unwrap();
    let uses_left = if roll.is_doubles() { 3 } else { 1 };
    let mut last = None;
    for _ in 0..uses_left {
        last = Some(
            s.play()
                .act(PLACE, &mover, Command::Move(format!("+{}", roll.b)), None)
                .await
                .unwrap(),
        );
    }
    let done = last.unwrap();
    assert_ne!(
        done.game.turn.number, board.game.turn.number,
        "with every die used and no Keeper, the Move phase ends by itself"
    );
    // The picture of the finished turn has all its steps, though they came in 3+ requests.
    let turn = done.last_turn().expect("a last turn");
    assert_eq!(turn.steps.len(), 1 + uses_left);
    assert_eq!(s.play().replay(done.info.id).await.unwrap(), done.game);
}

#[tokio::test]
async fn ending_a_game_is_for_its_creator_or_a_moderator() {
    let s = two_player_game("end").await;
    assert!(matches!(
        s.lobbies().end_game(PLACE, &bo()).await,
        Err(SessionError::NotAllowed(_))
    ));
    s.lobbies()
        .end_game(PLACE, &Actor::moderator(555, "Teacher"))
        .await
        .unwrap();
    assert!(matches!(
        s.lobbies().lobby(PLACE).await,
        Err(SessionError::NoGame)
    ));
    // The board of the ended game can still be shown; no results were recorded.
    let view = s.play().board(PLACE).await.unwrap();
    assert_eq!(view.info.status, Status::Ended);
    assert!(s.store().results(view.info.id).await.unwrap().is_empty());
    // The creator may end their own.
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    s.lobbies().end_game(PLACE, &ada()).await.unwrap();
}

#[tokio::test]
async fn a_finished_game_records_results_and_ratings() {
    let s = session("ratings").await;
    let mut sp = spec();
    sp.ai = vec![Level::Hard];
    s.lobbies().create_lobby(PLACE, &ada(), &sp).await.unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    // Bo resigns at once: Ada and the AI play on, and Bo places last.
    s.play()
        .act(PLACE, &bo(), Command::Resign, None)
        .await
        .unwrap();
    let end = play_out(&s, PLACE, &[ada(), bo()]).await;
    assert_eq!(end.info.status, Status::Finished);
    let results = s.store().results(end.info.id).await.unwrap();
    assert_eq!(results.len(), 3);
    let bo_result = results.iter().find(|r| r.user_id == Some(102)).unwrap();
    assert_eq!(bo_result.place, 3, "§5: a resigned player places last");
    assert_eq!(results.iter().filter(|r| r.won).count(), 1);
    assert!(results
        .iter()
        .all(|r| r.turns == i64::from(end.game.turn.number)));

    let board = s
        .standings()
        .leaderboard(PLACE.guild_id, GameKind::Climb, 10, None)
        .await
        .unwrap();
    assert_eq!(
        board.standings.len(),
        3,
        "two people and the hard AI are rated"
    );
    let winner = results.iter().find(|r| r.won).unwrap();
    assert_eq!(
        board.standings[0].name, winner.name,
        "the winner tops the board"
    );
    assert_eq!(board.standings.last().unwrap().name, "Bo");
    assert!(board.standings.iter().all(|r| r.games == 1));
    let bo_stats = s
        .standings()
        .stats(PLACE.guild_id, GameKind::Climb, 102)
        .await
        .unwrap();
    assert_eq!(bo_stats.record.games, 1);
    assert_eq!(bo_stats.record.wins, 0);
    let rating = bo_stats.rating.expect("Bo is rated");
    assert!(rating.mu < 25.0, "a loss lowers μ ({})", rating.mu);
    // Another server's board is empty.
    let other = s
        .standings()
        .leaderboard(1, GameKind::Climb, 10, None)
        .await
        .unwrap();
    assert!(other.standings.is_empty());
}

#[tokio::test]
async fn solitaire_keeps_each_players_best_score() {
    let s = session("solitaire").await;
    let mut scores = Vec::new();
    for seed in [3, 4] {
        let sp = LobbySpec {
            seed: Some(seed),
            ..LobbySpec::climb(support::db::variants("solitaire").unwrap())
        };
        s.lobbies().create_lobby(PLACE, &ada(), &sp).await.unwrap();
        s.lobbies().start(PLACE, &ada()).await.unwrap();
        let end = play_out(&s, PLACE, &[ada()]).await;
        assert_eq!(end.game.winner, Some(0));
        scores.push(i64::from(end.game.turn.number));
    }
    let best = *scores.iter().min().unwrap();
    let stats = s
        .standings()
        .stats(PLACE.guild_id, GameKind::Climb, 101)
        .await
        .unwrap();
    assert_eq!(stats.best, [("solitaire1".to_string(), best)]);
    assert_eq!(stats.record.games, 2);
    assert!(stats.rating.is_none(), "solitaire is not rated");
    let board = s
        .standings()
        .leaderboard(PLACE.guild_id, GameKind::Climb, 10, None)
        .await
        .unwrap();
    assert_eq!(board.solitaire.len(), 1);
    assert_eq!(
        board.solitaire[0].1.len(),
        1,
        "one line per player: their best"
    );
    assert_eq!(board.solitaire[0].1[0].turns, best);
}

#[tokio::test]
async fn a_game_survives_a_restart_on_the_same_database() {
    let s = two_player_game("restart").await;
    let (mover, _) = to_move(&s).await;
    play_turn(&s, PLACE, &mover).await.unwrap();
    let before = s.play().board(PLACE).await.unwrap();
    drop(s);
    let url = support::db::db_url_keep("restart");
    let again = support::db::TestSession::new(store::connect(&url).await.unwrap());
    let after = again.play().board(PLACE).await.unwrap();
    assert_eq!(after.game, before.game);
    assert_eq!(after.info.version, before.info.version);
    let (next, _) = to_move(&again).await;
    play_turn(&again, PLACE, &next).await.unwrap();
    assert_eq!(
        again.play().replay(after.info.id).await.unwrap(),
        again.play().board(PLACE).await.unwrap().game
    );
}

#[tokio::test]
async fn settings_and_custom_cards_are_stored_per_server() {
    let s = session("settings").await;
    let defaults = s.store().settings(PLACE.guild_id).await.unwrap();
    assert_eq!(defaults.turn_timeout_secs, None);
    assert_eq!(defaults.on_timeout, "ai");
    let mut changed = defaults.clone();
    changed.turn_timeout_secs = Some(3_600);
    changed.on_timeout = "skip".into();
    changed.default_variant = "sprint".into();
    changed.teacher_role_id = Some(42);
    let mut tx = s.store().begin().await.unwrap();
    tx.put_settings(&changed, 1).await.unwrap();
    tx.put_custom_card(PLACE.guild_id, 1, Some("{\"x\":1}"))
        .await
        .unwrap();
    tx.put_custom_card(PLACE.guild_id, 2, Some("{\"x\":2}"))
        .await
        .unwrap();
    tx.put_custom_card(PLACE.guild_id, 1, None).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(s.store().settings(PLACE.guild_id).await.unwrap(), changed);
    assert_eq!(
        s.store().custom_cards(PLACE.guild_id).await.unwrap(),
        [(2, "{\"x\":2}".to_string())]
    );
    assert_eq!(
        s.store().settings(1).await.unwrap().turn_timeout_secs,
        None,
        "other servers keep the defaults"
    );
}

#[tokio::test]
async fn a_transaction_dropped_before_commit_changes_nothing() {
    let s = two_player_game("rollback").await;
    let before = s.play().board(PLACE).await.unwrap();
    {
        let mut tx = s.store().begin().await.unwrap();
        tx.claim(before.info.id, before.info.version, 5)
            .await
            .unwrap();
        // dropped: rolled back
    }
    let after = s.play().board(PLACE).await.unwrap();
    assert_eq!(after.info.version, before.info.version);
    let mut tx = s.store().begin().await.unwrap();
    assert!(matches!(
        tx.claim(before.info.id, before.info.version + 1, 5).await,
        Err(StoreError::Conflict)
    ));
}

#[tokio::test]
async fn database_addresses_that_cannot_work_are_clear_errors() {
    for (url, expect) in [
        ("mysql://localhost/db", "is not a database address"),
        ("primeclimb.db", "is not a database address"),
        (
            "postgres://primeclimb@127.0.0.1:1/db",
            "cannot open the database",
        ),
        (
            "sqlite:///no/such/directory/primeclimb.db",
            "cannot open the database",
        ),
    ] {
        let err = store::connect(url).await.unwrap_err();
        assert!(err.to_string().contains(expect), "{url}: {err}");
    }
    // A file that is not a database.
    let path = support::db::db_path("not-a-db");
    std::fs::write(
        &path,
        b"this is not a database, just text, long enough to matter".repeat(100),
    )
    .unwrap();
    let err = store::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("not a database"), "{err}");
}

/// Play `games` AI-only games with random seats and variants through the session, then
/// rebuild each from its seed and log and compare with the stored state.
/// Plays `games` random games through the session (AI seats only, or a person moving step
/// by step with an undo on the way and AI seats), then rebuilds each from its seed and log.
/// The games are drawn from one random sequence; a test plays those of `part` (several
/// tests share the thousand games, so they run side by side), each part in its own
/// database.
async fn replay_random_games(name: &str, games: u64, part: Range<u64>, with_people: bool) {
    use rand::{Rng, SeedableRng};
    let s = session(name).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(games);
    let variants = [
        "standard",
        "standard",
        "sprint",
        "double-time",
        "decline",
        "there-and-back",
        "way-stations=2",
        "doubles-may",
        "double-time,way-stations=1",
    ];
    let mut ids = Vec::new();
    for g in 0..games {
        let place = Place {
            guild_id: 9,
            channel_id: g as i64,
        };
        let players = rng.gen_range(2..=4);
        let levels: Vec<Level> = (0..players)
            .map(|_| match rng.gen_range(0..10) {
                0 => Level::Hard,
                1..=4 => Level::Medium,
                _ => Level::Easy,
            })
            .collect();
        let options = support::db::variants(variants[rng.gen_range(0..variants.len())]).unwrap();
        let person = Actor::user(1_000 + g as i64, "Pat");
        let sp = LobbySpec {
            ai: if with_people {
                levels[1..].to_vec()
            } else {
                levels
            },
            creator_plays: with_people,
            seed: Some(rng.gen()),
            ..LobbySpec::climb(options)
        };
        if !part.contains(&g) {
            continue;
        }
        let creator = if with_people {
            person.clone()
        } else {
            Actor::moderator(1, "Host")
        };
        s.lobbies()
            .create_lobby(place, &creator, &sp)
            .await
            .unwrap();
        let start = s
            .lobbies()
            .start(place, &creator)
            .await
            .unwrap()
            .climb()
            .unwrap();
        ids.push((start.info.id, start.info.version));
        if with_people {
            // Steps one at a time with an undo on the way, as a person might.
            for _ in 0..3_000 {
                let view = s.play().board(place).await.unwrap();
                if view.is_over() {
                    break;
                }
                if view.ai_level(view.game.current()).is_some() {
                    s.play().ai_turn(place).await.unwrap();
                    continue;
                }
                if matches!(view.game.phase, Phase::Move) && view.game.turn.steps.is_empty() {
                    let (_, hints) = s.play().hint(place, 1).await.unwrap();
                    if let Some(h) = hints.first() {
                        let words: Vec<&str> = h.moves.split(' ').collect();
                        if words.len() > 2 {
                            s.play()
                                .act(place, &person, Command::Move(words[..2].join(" ")), None)
                                .await
                                .unwrap();
                            s.play()
                                .act(place, &person, Command::Undo, None)
                                .await
                                .unwrap();
                        }
                    }
                }
                play_turn(&s, place, &person).await.unwrap();
            }
        } else {
            for _ in 0..3_000 {
                if s.play().ai_turn(place).await.unwrap().is_none() {
                    break;
                }
            }
        }
    }
    for (id, started_at) in ids {
        let row = s.store().game(id).await.unwrap().unwrap();
        assert_eq!(row.status, Status::Finished, "game {id} ended");
        let stored: primeclimb::climb::Game =
            serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
        let rebuilt = s.play().replay(id).await.unwrap();
        assert_eq!(rebuilt, stored, "game {id} replays to its stored state");
        let log = s.store().log(id).await.unwrap();
        let versions: Vec<i64> = log.iter().map(|e| e.version).collect();
        let expected: Vec<i64> = (started_at + 1..=row.version).collect();
        assert_eq!(
            versions, expected,
            "game {id}: one log entry per change after the start"
        );
    }
    support::db::remove_db(name);
}

// A thousand AI games in four test functions, so they run side by side; each on one
// thread (the games are played one after another, and a single-threaded runtime hands
// the database's answers over with fewer wake-ups).
#[tokio::test]
async fn a_thousand_random_games_replay_from_seed_and_log_0_to_250() {
    replay_random_games("replay-ai-0", 1_000, 0..250, false).await;
}

#[tokio::test]
async fn a_thousand_random_games_replay_from_seed_and_log_250_to_500() {
    replay_random_games("replay-ai-1", 1_000, 250..500, false).await;
}

#[tokio::test]
async fn a_thousand_random_games_replay_from_seed_and_log_500_to_750() {
    replay_random_games("replay-ai-2", 1_000, 500..750, false).await;
}

#[tokio::test]
async fn a_thousand_random_games_replay_from_seed_and_log_750_to_1000() {
    replay_random_games("replay-ai-3", 1_000, 750..1_000, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_with_people_moving_step_by_step_replay_too() {
    replay_random_games("replay-people", 40, 0..40, true).await;
}

/// Ada and Bo in a started game with a one-hour turn timeout, on a session whose clock
/// reads `now`.
async fn timed_game(
    name: &str,
    now: std::sync::Arc<std::sync::atomic::AtomicI64>,
) -> (support::db::TestSession, primeclimb::session::ClimbView) {
    let s = support::db::clocked(name, now).await;
    let sp = LobbySpec {
        turn_timeout_secs: Some(3_600),
        ..spec()
    };
    s.lobbies().create_lobby(PLACE, &ada(), &sp).await.unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    let start = s.lobbies().start(PLACE, &ada()).await.unwrap();
    (s, start.climb().expect("a Prime Climb game"))
}

#[tokio::test]
async fn the_turn_clock_never_overtakes_a_move() {
    use primeclimb::session::{Due, TimeoutMode};
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::Arc;
    let now = Arc::new(AtomicI64::new(1_000_000));
    let (s, start) = timed_game("clock", now.clone()).await;
    assert!(s.clocks().due(i64::MAX).await.unwrap().is_empty());
    now.fetch_add(1_800_000, Ordering::SeqCst);
    let due = s.clocks().due(i64::MAX).await.unwrap();
    let [Due::Remind { seen, .. }] = due[..] else {
        panic!("a reminder is due: {due:?}")
    };
    assert_eq!(seen, None);
    assert!(s
        .clocks()
        .remind(start.info.id, start.info.version, seen)
        .await
        .unwrap()
        .is_some());
    // A second process that found the same reminder due (it read the same `seen`) notes
    // nothing, even a moment later.
    now.fetch_add(1_000, Ordering::SeqCst);
    assert!(
        s.clocks()
            .remind(start.info.id, start.info.version, seen)
            .await
            .unwrap()
            .is_none(),
        "one reminder per turn"
    );
    now.fetch_sub(1_000, Ordering::SeqCst);
    assert!(s.clocks().due(i64::MAX).await.unwrap().is_empty());
    now.fetch_add(1_800_000, Ordering::SeqCst);
    let due = s.clocks().due(i64::MAX).await.unwrap();
    let Due::TimeOut {
        game_id, version, ..
    } = due[0]
    else {
        panic!("{due:?}")
    };
    // The player moves at the last second: the clock's turn is stale and does nothing.
    let (mover, _) = to_move(&s).await;
    play_turn(&s, PLACE, &mover).await.unwrap();
    assert!(s
        .clocks()
        .time_out(game_id, version, TimeoutMode::Skip)
        .await
        .unwrap()
        .is_none());
    // The next player's time runs out: skipped, by the clock (no user in the log).
    now.fetch_add(3_600_000, Ordering::SeqCst);
    let Due::TimeOut {
        game_id, version, ..
    } = s.clocks().due(i64::MAX).await.unwrap()[0]
    else {
        panic!("a timeout is due")
    };
    let skipped = s
        .clocks()
        .time_out(game_id, version, TimeoutMode::Skip)
        .await
        .unwrap()
        .expect("the idle turn is skipped")
        .climb()
        .expect("a Prime Climb game");
    assert!(skipped
        .events
        .iter()
        .any(|e| matches!(e, primeclimb::climb::Event::Skipped { .. })));
    let log = s.store().log(game_id).await.unwrap();
    assert_eq!(log.last().unwrap().user_id, None);
    assert_eq!(s.play().replay(game_id).await.unwrap(), skipped.game);
    // And with the AI mode, the stand-in plays a whole turn.
    now.fetch_add(3_600_000, Ordering::SeqCst);
    let Due::TimeOut {
        game_id, version, ..
    } = s.clocks().due(i64::MAX).await.unwrap()[0]
    else {
        panic!("a timeout is due")
    };
    let played = s
        .clocks()
        .time_out(game_id, version, TimeoutMode::Ai)
        .await
        .unwrap()
        .expect("the AI plays the idle turn")
        .climb()
        .expect("a Prime Climb game");
    assert_ne!(played.game.turn.number, skipped.game.turn.number);
}

#[tokio::test]
async fn a_button_from_another_game_is_stale() {
    let s = two_player_game("other-game").await;
    let old = s.play().board(PLACE).await.unwrap().info.stamp();
    s.lobbies().end_game(PLACE, &ada()).await.unwrap();
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    let (mover, _) = to_move(&s).await;
    // Same version number, different game: refused.
    let forged = primeclimb::session::Stamp {
        game_id: old.game_id,
        version: s.play().board(PLACE).await.unwrap().info.version,
    };
    assert!(matches!(
        s.play()
            .act(PLACE, &mover, Command::EndMove, Some(forged))
            .await,
        Err(SessionError::Moved)
    ));
}

/// A game is read with its seats in one query (a join): each of the three reads of one
/// game (by id, the open one of a channel, the latest one of a channel) brings every seat
/// in seat order, whatever order they were written in, and only that game's; a game
/// without seats reads with none.
#[tokio::test]
async fn every_read_of_a_game_brings_its_own_seats_in_order() {
    use primeclimb::store::{NewGame, SeatRow};
    let s = session("reads-with-seats").await;
    let new_game = |channel_id: i64| NewGame {
        kind: GameKind::Climb,
        place: Place {
            guild_id: 7,
            channel_id,
        },
        creator_id: Some(1),
        options: "{}".into(),
        seed: 1,
        turn_timeout_secs: None,
        locale: None,
        look: None,
        parent_channel_id: None,
        assignment_id: None,
        now: 1_000,
    };
    let seat = |seat: i64, name: &str| SeatRow {
        seat,
        user_id: (seat != 1).then_some(100 + seat),
        name: name.into(),
        ai_level: (seat == 1).then(|| "hard".to_string()),
    };
    let finished = primeclimb::store::GameUpdate {
        status: Status::Finished,
        options: "{}".into(),
        state: None,
        turn_started_at: None,
        reminded: false,
        ai_to_move: false,
        to_move_user: None,
    };
    let mut tx = s.store().begin().await.unwrap();
    // An older game in the same channel, with a seat of its own, finished.
    let old = tx.insert_game(&new_game(1)).await.unwrap();
    tx.insert_seat(old, &seat(0, "Old")).await.unwrap();
    tx.update_game(old, &finished).await.unwrap();
    let id = tx.insert_game(&new_game(1)).await.unwrap();
    for (n, name) in [(2, "Cy"), (0, "Ada"), (1, "Hard AI")] {
        tx.insert_seat(id, &seat(n, name)).await.unwrap();
    }
    let bare = tx.insert_game(&new_game(2)).await.unwrap();
    tx.commit().await.unwrap();

    let place = Place {
        guild_id: 7,
        channel_id: 1,
    };
    let reads = [
        s.store().game(id).await.unwrap(),
        s.store().open_game(place).await.unwrap(),
        s.store().latest_game(place).await.unwrap(),
    ];
    for row in reads {
        let row = row.expect("the game is there");
        assert_eq!(row.id, id);
        assert_eq!(
            row.seats,
            [seat(0, "Ada"), seat(1, "Hard AI"), seat(2, "Cy")]
        );
    }
    let old_row = s.store().game(old).await.unwrap().unwrap();
    assert_eq!(old_row.seats, [seat(0, "Old")]);
    assert_eq!(old_row.status, Status::Finished);
    let bare_row = s.store().game(bare).await.unwrap().unwrap();
    assert!(bare_row.seats.is_empty());
    assert_eq!(
        s.store()
            .open_game(Place {
                guild_id: 7,
                channel_id: 2
            })
            .await
            .unwrap()
            .map(|r| r.id),
        Some(bare)
    );
    assert!(s.store().game(bare + 100).await.unwrap().is_none());
    support::db::remove_db("reads-with-seats");
}

/// Finish the turn of the person to move as a player following the first hint would,
/// and return the outcome of the change that ended it.
async fn finish_turn(
    s: &Session<store::AnyStore>,
    actor: &Actor,
) -> primeclimb::session::Changed<primeclimb::session::ClimbView> {
    let start = s.play().board(PLACE).await.unwrap();
    let turn = start.game.turn.number;
    let mut last = None;
    for _ in 0..20 {
        let view = s.play().board(PLACE).await.unwrap();
        if view.is_over() || view.game.turn.number != turn {
            break;
        }
        let command = match view.game.phase {
            Phase::Choice(_) => Command::Choose(1),
            _ if view.game.turn.uses.total_left() == 0 => Command::EndMove,
            _ => match s.play().hint(PLACE, 1).await.unwrap().1.first() {
                Some(h) if !h.moves.is_empty() => Command::Move(h.moves.clone()),
                _ => Command::EndMove,
            },
        };
        last = Some(s.play().act(PLACE, actor, command, None).await.unwrap());
    }
    last.expect("the turn ended")
}

/// A move's outcome says what follows, decided in the session: the next player is pinged
/// as they asked (silently in their quiet hours), or sent a direct message claimed once
/// (the turn clock then finds nothing to send), or told nothing.
#[tokio::test]
async fn a_moves_outcome_pings_and_notifies_each_person_as_they_asked() {
    use primeclimb::lang::Lang;
    use primeclimb::session::{NotifyChange, NotifyHow};
    let s = two_player_game("outcome-notify").await;
    let wish = |how: Option<NotifyHow>, quiet: Option<String>| NotifyChange {
        how,
        time_zone: Some("UTC".into()),
        quiet,
        digest: None,
    };
    let user = |a: &Actor| a.user_id.unwrap();

    // By default: a ping, out loud.
    let (mover, next) = to_move(&s).await;
    let changed = finish_turn(&s, &mover).await;
    assert_eq!(changed.info.user_of(changed.game.current()), next.user_id);
    assert_eq!(changed.pings.users, [user(&next) as u64]);
    assert!(!changed.pings.silent);
    assert!(changed.notices.is_empty());
    assert!(!changed.ai_next && !changed.ended);

    // A direct message: not pinged; the notice is claimed once.
    let (mover, next) = to_move(&s).await;
    s.people()
        .set_notify(user(&next), wish(Some(NotifyHow::Dm), None), Lang::Fr)
        .await
        .unwrap();
    let changed = finish_turn(&s, &mover).await;
    assert!(changed.pings.users.is_empty(), "{:?}", changed.pings);
    assert_eq!(changed.notices.len(), 1);
    let notice = &changed.notices[0];
    assert_eq!(notice.user_id, user(&next));
    assert_eq!(notice.game.id, changed.info.id);
    assert_eq!(notice.lang, Lang::Fr, "their own language");
    assert_eq!(notice.link, None, "the turn message the front posts");
    let turn = changed.info.turn_started_at.unwrap();
    assert_eq!(
        s.clocks()
            .claim_notice(changed.info.id, turn)
            .await
            .unwrap(),
        None
    );

    // Nothing at all.
    let (mover, next) = to_move(&s).await;
    s.people()
        .set_notify(user(&next), wish(Some(NotifyHow::None), None), Lang::En)
        .await
        .unwrap();
    let changed = finish_turn(&s, &mover).await;
    assert!(changed.pings.users.is_empty() && changed.notices.is_empty());

    // A ping in their quiet hours (an hour either side of now): silent.
    let (mover, next) = to_move(&s).await;
    let minutes = (s.now() / 60_000).rem_euclid(1440);
    let at = |m: i64| {
        let m = m.rem_euclid(1440);
        format!("{:02}:{:02}", m / 60, m % 60)
    };
    let quiet = format!("{}-{}", at(minutes - 60), at(minutes + 60));
    s.people()
        .set_notify(
            user(&next),
            wish(Some(NotifyHow::Ping), Some(quiet)),
            Lang::En,
        )
        .await
        .unwrap();
    let changed = finish_turn(&s, &mover).await;
    assert_eq!(changed.pings.users, [user(&next) as u64]);
    assert!(changed.pings.silent);
}

/// The clock's due work comes back decided: a reminder in the way the person asked (a
/// direct message in their language here, the one at half time), and a timed-out turn
/// played as the server says, with what follows (the next player pinged).
#[tokio::test]
async fn the_clocks_due_work_comes_back_decided() {
    use primeclimb::lang::Lang;
    use primeclimb::session::{Due, DueWork, NotifyChange, NotifyHow, Reminder, TimeoutMode};
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::Arc;
    let now = Arc::new(AtomicI64::new(1_000_000));
    let (s, _) = timed_game("clock-work", now.clone()).await;
    let (mover, next) = to_move(&s).await;
    let dm = NotifyChange {
        how: Some(NotifyHow::Dm),
        time_zone: None,
        quiet: None,
        digest: None,
    };
    s.people()
        .set_notify(mover.user_id.unwrap(), dm, Lang::Fr)
        .await
        .unwrap();

    now.fetch_add(1_800_000, Ordering::SeqCst);
    let due = s.clocks().due(i64::MAX).await.unwrap();
    // They were not told of this turn yet (the game started before they asked).
    let [notice @ Due::Notice { .. }, item @ Due::Remind { .. }] = &due[..] else {
        panic!("a notice and a reminder are due: {due:?}")
    };
    let work = s.clocks().carry_out(notice.clone()).await.unwrap();
    let Some(DueWork::Notice(n)) = work else {
        panic!("a notice: {work:?}")
    };
    assert_eq!((n.user_id, n.lang), (mover.user_id.unwrap(), Lang::Fr));
    assert!(s
        .clocks()
        .carry_out(notice.clone())
        .await
        .unwrap()
        .is_none());
    let work = s.clocks().carry_out(item.clone()).await.unwrap();
    let Some(DueWork::Remind { half, how, .. }) = work else {
        panic!("a reminder: {work:?}")
    };
    assert!(half, "the server does not repeat reminders");
    assert_eq!(
        how,
        Reminder::Dm {
            user_id: mover.user_id.unwrap(),
            lang: Lang::Fr,
            silent: false,
            link: None,
        }
    );
    // Claimed: the same item again is nothing.
    assert!(s.clocks().carry_out(item.clone()).await.unwrap().is_none());

    now.fetch_add(1_800_000, Ordering::SeqCst);
    let due = s.clocks().due(i64::MAX).await.unwrap();
    let [item @ Due::TimeOut { .. }] = &due[..] else {
        panic!("a timeout is due: {due:?}")
    };
    let work = s.clocks().carry_out(item.clone()).await.unwrap();
    let Some(DueWork::TimedOut { changed, mode }) = work else {
        panic!("a timeout: {work:?}")
    };
    assert_eq!(mode, TimeoutMode::Ai, "the server's default");
    assert_eq!(changed.info().user_of(changed.to_move()), next.user_id);
    assert_eq!(changed.pings.users, [next.user_id.unwrap() as u64]);
}

/// A front that opens places as a Discord channel opens threads: each a new channel id,
/// or a refusal; it remembers what it opened and closed.
struct FakeThreads {
    next: std::sync::atomic::AtomicI64,
    refuse: bool,
    /// A place that already has a game, handed out once (the game is then refused).
    busy: Option<Place>,
    closed: std::sync::Mutex<Vec<Place>>,
}

impl primeclimb::session::PlaceFront for FakeThreads {
    async fn open_place(&self, _kind: GameKind, _under: Place) -> Result<Place, String> {
        if self.refuse {
            return Err("no threads today".into());
        }
        if let Some(busy) = self.busy {
            return Ok(busy);
        }
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(Place {
            guild_id: PLACE.guild_id,
            channel_id: id,
        })
    }

    async fn close_place(&self, place: Place) {
        self.closed.lock().unwrap().push(place);
    }
}

/// Opening a game is one use case: the options are checked before a place is opened,
/// the game gets a place of its own where the server wants one (or says why not), a
/// solitaire game starts at once with what follows, and a game refused after its place
/// was opened leaves no empty place behind.
#[tokio::test]
async fn opening_a_game_finds_its_place_and_leaves_none_empty() {
    use primeclimb::session::{OpenWords, OpenedGame, PlacedHere, Room, Rules, Wanted};
    let s = session("opening").await;
    let threads = |refuse: bool, busy: Option<Place>| FakeThreads {
        next: std::sync::atomic::AtomicI64::new(9_000),
        refuse,
        busy,
        closed: std::sync::Mutex::new(Vec::new()),
    };
    let words = |variant: &str, room: Room| OpenWords {
        here: PLACE,
        opener: ada(),
        wanted: Wanted {
            rules: Rules::Climb {
                variant: Some(variant.into()),
            },
            ai: None,
            timeout: None,
            play: None,
        },
        lang: primeclimb::lang::Lang::En,
        at_once: false,
        room,
    };
    // Bad words: refused before any place is opened.
    let front = threads(false, None);
    let refused = s
        .lobbies()
        .open_game(words("sprintt", Room::Possible), &front)
        .await;
    assert!(
        matches!(refused, Err(SessionError::Request(_))),
        "{refused:?}"
    );
    assert_eq!(front.next.load(std::sync::atomic::Ordering::SeqCst), 9_000);

    // A lobby in a thread of its own.
    let opened = s
        .lobbies()
        .open_game(words("standard", Room::Possible), &front)
        .await
        .unwrap();
    assert_eq!(opened.at.parent, Some(PLACE.channel_id));
    assert_eq!(opened.at.place.channel_id, 9_000);
    assert_eq!(opened.at.note, None);
    let OpenedGame::Lobby(lobby) = &opened.what else {
        panic!("a lobby: {:?}", opened.what)
    };
    assert_eq!(lobby.info.parent_channel_id, Some(PLACE.channel_id));

    // A solitaire game starts at once, with what follows; the bot may not open threads
    // here, so it is played in the channel, and says why.
    let opened = s
        .lobbies()
        .open_game(words("solitaire", Room::NotAllowed), &threads(false, None))
        .await
        .unwrap();
    assert_eq!(opened.at.place, PLACE);
    assert_eq!(opened.at.note, Some(PlacedHere::NotAllowed));
    let OpenedGame::Started(changed) = &opened.what else {
        panic!("started at once: {:?}", opened.what)
    };
    assert!(!changed.ai_next && !changed.ended);
    assert_eq!(changed.pings.users, [ada().user_id.unwrap() as u64]);

    // The front cannot open a thread: played here (the channel is busy now, so refused),
    // and nothing to close.
    let front = threads(true, None);
    let refused = s
        .lobbies()
        .open_game(words("standard", Room::Possible), &front)
        .await;
    assert!(
        matches!(refused, Err(SessionError::ChannelBusy)),
        "{refused:?}"
    );
    assert!(front.closed.lock().unwrap().is_empty());

    // A place that turns out to have a game already: the game is refused, and the place
    // opened for it is closed again.
    let busy = Place {
        guild_id: PLACE.guild_id,
        channel_id: 9_000,
    };
    let front = threads(false, Some(busy));
    let refused = s
        .lobbies()
        .open_game(words("standard", Room::Possible), &front)
        .await;
    assert!(
        matches!(refused, Err(SessionError::ChannelBusy)),
        "{refused:?}"
    );
    assert_eq!(*front.closed.lock().unwrap(), [busy]);
}

/// A turn message Discord refused waits in the outbox; the clock's try claims it and gets
/// the game as it stands with what follows (the next player's ping), once per try; when
/// the game has moved on, the waiting message is cleared instead.
#[tokio::test]
async fn the_outbox_gives_back_the_game_as_it_stands_once_per_try() {
    use primeclimb::session::{OUTBOX_FIRST_TRY_MS, OUTBOX_RETRY_MS};
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::Arc;
    let now = Arc::new(AtomicI64::new(1_000_000));
    let (s, start) = timed_game("outbox", now.clone()).await;
    let (id, version) = (start.info.id, start.info.version);
    s.clocks().keep_post(id, version).await.unwrap();
    assert!(
        s.clocks().pending_posts().await.unwrap().is_empty(),
        "not yet"
    );
    now.fetch_add(OUTBOX_FIRST_TRY_MS, Ordering::SeqCst);
    let waiting = s.clocks().pending_posts().await.unwrap();
    let [p] = &waiting[..] else {
        panic!("one message waits: {waiting:?}")
    };
    let changed = s
        .clocks()
        .claim_outbox(p)
        .await
        .unwrap()
        .expect("this try is ours");
    assert_eq!(changed.info().version, version);
    let next = changed.info().user_of(changed.to_move()).unwrap();
    assert_eq!(changed.pings.users, [next as u64]);
    assert!(
        s.clocks().claim_outbox(p).await.unwrap().is_none(),
        "one try at a time"
    );

    // The game moves on before the next try: the newer message takes the old one's place
    // in the outbox, and the old try gives nothing.
    let (mover, _) = to_move(&s).await;
    play_turn(&s, PLACE, &mover).await.unwrap();
    now.fetch_add(OUTBOX_RETRY_MS, Ordering::SeqCst);
    assert!(s.clocks().claim_outbox(p).await.unwrap().is_none());
    assert!(s
        .clocks()
        .pending_posts()
        .await
        .unwrap()
        .iter()
        .all(|w| w.version > version));
}

/// A lobby's buttons are one use case: a button of another lobby (or of one that has
/// started) is refused as closed; a join changes the lobby and says why it is not in a
/// thread of its own when the server wants threads; Start gives the first board with what
/// follows.
#[tokio::test]
async fn a_lobbys_buttons_are_one_use_case() {
    use primeclimb::session::{LobbyAct, LobbyDone, PlacedHere, Room};
    let s = session("lobby-act").await;
    let lobby = s
        .lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    let id = lobby.info.id;
    let stale = s
        .lobbies()
        .lobby_act(PLACE, id + 1, LobbyAct::Join, &bo(), Room::Possible)
        .await;
    assert!(matches!(stale, Err(SessionError::LobbyClosed)), "{stale:?}");
    let done = s
        .lobbies()
        .lobby_act(PLACE, id, LobbyAct::Join, &bo(), Room::NotAllowed)
        .await
        .unwrap();
    let LobbyDone::Changed { lobby, note } = done else {
        panic!("a changed lobby: {done:?}")
    };
    assert_eq!(lobby.info.seats.len(), 2);
    assert_eq!(note, Some(PlacedHere::NotAllowed));
    let done = s
        .lobbies()
        .lobby_act(PLACE, id, LobbyAct::Start, &bo(), Room::NotAllowed)
        .await
        .unwrap();
    let LobbyDone::Started(changed) = done else {
        panic!("started: {done:?}")
    };
    let first = changed.info().user_of(changed.to_move()).unwrap();
    assert_eq!(changed.pings.users, [first as u64]);
    let again = s
        .lobbies()
        .lobby_act(PLACE, id, LobbyAct::Leave, &bo(), Room::NotAllowed)
        .await;
    assert!(matches!(again, Err(SessionError::LobbyClosed)), "{again:?}");
}

/// What the options offer as a person types (`play().suggest`): the option words, and
/// only what the asker could play now: the moves of their own turn, their pawns and the
/// other players as targets, no Keeper before they hold one, no cards outside Prime
/// Daifugo, nothing outside a channel.
#[tokio::test]
async fn suggestions_offer_only_what_the_asker_could_play() {
    use primeclimb::session::{Suggestion, Typing};
    let s = two_player_game("suggest").await;
    let (mover, other) = to_move(&s).await;
    let words = |items: &[Suggestion]| -> Vec<String> {
        items
            .iter()
            .map(|i| match i {
                Suggestion::Word(w) => w.clone(),
                other => panic!("not a word: {other:?}"),
            })
            .collect()
    };
    let play = s.play();
    let id = |a: &Actor| a.user_id.unwrap();
    let variant = play
        .suggest(None, id(&mover), Typing::Variant, "sprint,dou")
        .await;
    assert_eq!(
        words(&variant.items),
        ["sprint,double-time", "sprint,doubles-may"]
    );
    let ai = play.suggest(None, id(&mover), Typing::Ai, "ha").await;
    assert_eq!(words(&ai.items), ["hard"]);
    let timeout = play.suggest(None, id(&mover), Typing::Timeout, "1").await;
    assert_eq!(words(&timeout.items), ["10m", "1h", "12h"]);

    let moves = play
        .suggest(Some(PLACE), id(&mover), Typing::Move, "")
        .await;
    let (_, legal) = play.legal_moves(PLACE).await.unwrap();
    assert!(!moves.items.is_empty() && moves.items.len() <= 25);
    for item in &moves.items {
        let Suggestion::Move { outcome, pawns } = item else {
            panic!("not a move: {item:?}");
        };
        assert_eq!(*pawns, 2);
        assert!(legal
            .iter()
            .any(|o| o.pawns == outcome.pawns && o.wins == outcome.wins));
    }
    let Suggestion::Move { outcome, .. } = &moves.items[0] else {
        unreachable!()
    };
    let start: String = outcome.witness.chars().take(3).collect();
    let narrowed = play
        .suggest(Some(PLACE), id(&mover), Typing::Move, &start)
        .await;
    assert!(narrowed.items.iter().all(|i| matches!(i,
        Suggestion::Move { outcome, .. } if primeclimb::session::suggest::squeeze(&outcome.witness)
            .starts_with(&primeclimb::session::suggest::squeeze(&start)))));
    for nobody in [
        play.suggest(Some(PLACE), id(&other), Typing::Move, "")
            .await,
        play.suggest(None, id(&mover), Typing::Move, "").await,
        play.suggest(Some(PLACE), id(&mover), Typing::Keeper, "")
            .await,
        play.suggest(Some(PLACE), id(&mover), Typing::Cards, "")
            .await,
    ] {
        assert!(nobody.items.is_empty(), "{:?}", nobody.items);
    }

    let targets = play
        .suggest(Some(PLACE), id(&mover), Typing::Target, "")
        .await;
    let targets = words(&targets.items);
    assert!(targets.contains(&"0".to_string()), "{targets:?}");
    assert!(targets.contains(&other.name), "{targets:?}");
    assert!(!targets.contains(&mover.name), "{targets:?}");
    let initial: String = other
        .name
        .chars()
        .take(1)
        .collect::<String>()
        .to_lowercase();
    let typed = play
        .suggest(Some(PLACE), id(&mover), Typing::Target, &initial)
        .await;
    assert_eq!(words(&typed.items), std::slice::from_ref(&other.name));
}
