//! Prime Daifugo through the session layer on a real SQLite file: lobbies of 2–3 players,
//! actions in the notation, AI turns, who may act, hidden draws, results and ratings, and
//! random matches rebuilt from their seeds and logs.

use crate::support;

use primeclimb::climb::ai::Level;
use primeclimb::daifugo::{self, Event, Options};
use primeclimb::render::{daifugo as pictures, Theme};
use primeclimb::session::{Actor, DaifugoView, GameKind, LobbySpec, Place, SessionError};
use primeclimb::store::{Status, Store};
use support::db::{ada, bo, cy, session, PLACE};

/// The pictures' words in English.
const EN: &dyn primeclimb::render::Words =
    &primeclimb::text::pictures::PictureWords(primeclimb::lang::Lang::En);

fn spec(options: Options) -> LobbySpec {
    LobbySpec {
        seed: Some(21),
        ..LobbySpec::daifugo(options)
    }
}

/// Play the seat to move as a careful person would: the smallest prime if there is one,
/// else draw once, else pass; a pending discard discards the first card.
async fn play_person(
    s: &primeclimb::session::Session<primeclimb::store::AnyStore>,
    place: Place,
    actor: &Actor,
) -> DaifugoView {
    let view = s.play().daifugo_board(place).await.unwrap();
    let g = &view.game;
    let seat = g.current();
    let text = match g.turn.step {
        daifugo::game::Step::Discard => format!(
            "discard {}",
            daifugo::notation::write_cards(g, &[(g.hand(seat)[0], None)])
        ),
        step => match daifugo::playable_primes(g, seat).first() {
            Some(c) => daifugo::hint::candidate_notation(g, c),
            None if step == daifugo::game::Step::Start && !g.at_limit(seat) => "draw".into(),
            None => "pass".into(),
        },
    };
    s.play()
        .daifugo_act(place, actor, &text, None)
        .await
        .unwrap()
        .view
}

#[tokio::test]
async fn a_daifugo_lobby_seats_two_or_three_and_checks_skip() {
    let s = session("df-lobby").await;
    let with_skip = Options {
        skip: true,
        ..Options::default()
    };
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec(with_skip))
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    let err = s.lobbies().start(PLACE, &ada()).await.unwrap_err();
    assert!(err.to_string().contains("exactly 3 players"), "{err}");
    s.lobbies().join(PLACE, &cy()).await.unwrap();
    assert!(matches!(
        s.lobbies().join(PLACE, &Actor::user(104, "Di")).await,
        Err(SessionError::LobbyFull { max: 3 })
    ));
    let view = s
        .lobbies()
        .start(PLACE, &ada())
        .await
        .unwrap()
        .daifugo()
        .unwrap();
    assert_eq!(view.game.players.len(), 3);
    assert_eq!(view.info.kind, GameKind::Daifugo);
    assert!(view
        .game
        .hand_sizes()
        .iter()
        .all(|&n| n == daifugo::options::DEAL));
    // Prime Climb commands are refused with a pointer to the right game.
    let err = s.play().board(PLACE).await.unwrap_err();
    assert!(
        matches!(err, SessionError::OtherGame(GameKind::Daifugo)),
        "{err}"
    );
}

#[tokio::test]
async fn only_the_player_to_move_plays_and_refusals_change_nothing() {
    let s = session("df-turns").await;
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec(Options::default()))
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    let view = s
        .lobbies()
        .start(PLACE, &ada())
        .await
        .unwrap()
        .daifugo()
        .unwrap();
    let seat = view.game.current();
    let (mover, other) = if view.info.seats[seat].user_id == ada().user_id {
        (ada(), bo())
    } else {
        (bo(), ada())
    };
    let err = s
        .play()
        .daifugo_act(PLACE, &other, "pass", None)
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("it is {}'s turn, not yours", mover.name)
    );
    for bad in [
        "",
        "42",
        "3 3 3 3",
        "discard 4",
        "skip",
        "5/9",
        "banana",
        "1 0 1 0",
    ] {
        assert!(
            s.play()
                .daifugo_act(PLACE, &mover, bad, None)
                .await
                .is_err(),
            "{bad:?} must be refused"
        );
    }
    let after = s.play().daifugo_board(PLACE).await.unwrap();
    assert_eq!(after.info.version, view.info.version);
    assert_eq!(after.game, view.game);
    // A draw: the drawer sees the card, everyone else only that a card was drawn.
    let drawn = s
        .play()
        .daifugo_act(PLACE, &mover, "draw", None)
        .await
        .unwrap();
    let drew = |e: &Event| matches!(e, Event::Drew { .. });
    assert!(drawn.visible_to(Some(seat)).iter().any(drew));
    assert!(!drawn.visible_to(None).iter().any(drew));
    assert!(!drawn.visible_to(Some(1 - seat)).iter().any(drew));
    let err = s
        .play()
        .daifugo_act(PLACE, &mover, "draw", None)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("already drawn"), "{err}");
}

#[tokio::test]
async fn the_table_picture_never_shows_a_hand() {
    let s = session("df-table").await;
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec(Options::advanced(2)))
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    let view = s
        .lobbies()
        .start(PLACE, &ada())
        .await
        .unwrap()
        .daifugo()
        .unwrap();
    // Swap the two hands (same sizes): the table must not change by one pixel.
    let mut swapped = view.game.clone();
    let (a, b) = (
        swapped.players[0].hand.clone(),
        swapped.players[1].hand.clone(),
    );
    swapped.players[0].hand = b;
    swapped.players[1].hand = a;
    let theme = Theme::default();
    assert_eq!(
        pictures::render_table(&view.game, &theme, EN),
        pictures::render_table(&swapped, &theme, EN),
        "the table depends on hand sizes only"
    );
    assert_ne!(
        pictures::render_hand(&view.game, 0, &theme, EN),
        pictures::render_hand(&swapped, 0, &theme, EN)
    );
}

#[tokio::test]
async fn a_match_against_an_ai_records_results_and_ratings() {
    let s = session("df-match").await;
    let sp = LobbySpec {
        ai: vec![Level::Medium],
        ..spec(Options {
            games_to_win: 1,
            ..Options::default()
        })
    };
    s.lobbies().create_lobby(PLACE, &ada(), &sp).await.unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    let mut last = s.play().daifugo_board(PLACE).await.unwrap();
    for _ in 0..2_000 {
        if last.is_over() {
            break;
        }
        last = if last.ai_level(last.game.current()).is_some() {
            s.play()
                .daifugo_ai_turn(PLACE)
                .await
                .unwrap()
                .expect("the AI plays")
        } else {
            play_person(&s, PLACE, &ada()).await
        };
    }
    assert!(last.is_over(), "the match ended");
    assert_eq!(last.info.status, Status::Finished);
    let results = s.store().results(last.info.id).await.unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results.iter().filter(|r| r.won).count(), 1);
    assert!(results.iter().all(|r| r.kind == GameKind::Daifugo));
    let board = s
        .standings()
        .leaderboard(PLACE.guild_id, GameKind::Daifugo, 10, None)
        .await
        .unwrap();
    assert_eq!(board.standings.len(), 2, "Ada and the medium AI are rated");
    let climb = s
        .standings()
        .leaderboard(PLACE.guild_id, GameKind::Climb, 10, None)
        .await
        .unwrap();
    assert!(climb.standings.is_empty(), "ratings are per game");
    assert_eq!(
        s.play().daifugo_replay(last.info.id).await.unwrap(),
        last.game
    );
}

// 120 random matches in two test functions, so they run side by side (each on one
// thread: the matches are played one after another).
#[tokio::test]
async fn random_matches_replay_from_seed_and_log_0_to_60() {
    random_matches_replay("df-replay-0", 0..60).await;
}

#[tokio::test]
async fn random_matches_replay_from_seed_and_log_60_to_120() {
    random_matches_replay("df-replay-1", 60..120).await;
}

/// Plays the matches of `part` among 120 drawn from one random sequence (AI seats, and a
/// person in every fourth), then rebuilds each from its seed and log.
async fn random_matches_replay(name: &str, part: std::ops::Range<i64>) {
    use rand::{Rng, SeedableRng};
    let s = session(name).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut ids = Vec::new();
    for g in 0..120 {
        let place = Place {
            guild_id: 5,
            channel_id: g,
        };
        let players = rng.gen_range(2..=3);
        let mut options = if rng.gen_bool(0.5) {
            Options::advanced(players)
        } else {
            Options::default()
        };
        options.games_to_win = rng.gen_range(1..=2);
        if rng.gen_bool(0.3) {
            options.hand_limit = Some(13);
        }
        let levels: Vec<Level> = (0..players)
            .map(|_| [Level::Easy, Level::Medium, Level::Hard][rng.gen_range(0..3)])
            .collect();
        let person = Actor::user(2_000 + g, "Pat");
        let with_person = g % 4 == 0;
        let sp = LobbySpec {
            ai: if with_person {
                levels[1..].to_vec()
            } else {
                levels
            },
            creator_plays: with_person,
            seed: Some(rng.gen()),
            ..LobbySpec::daifugo(options)
        };
        if !part.contains(&g) {
            continue;
        }
        let host = if with_person {
            person.clone()
        } else {
            Actor::moderator(1, "Host")
        };
        s.lobbies().create_lobby(place, &host, &sp).await.unwrap();
        let start = s.lobbies().start(place, &host).await.unwrap();
        ids.push((start.info().id, start.info().version));
        for _ in 0..5_000 {
            let view = s.play().daifugo_board(place).await.unwrap();
            if view.is_over() {
                break;
            }
            if view.ai_level(view.game.current()).is_some() {
                s.play().daifugo_ai_turn(place).await.unwrap();
            } else {
                play_person(&s, place, &person).await;
            }
        }
    }
    for (id, started_at) in ids {
        let row = s.store().game(id).await.unwrap().unwrap();
        assert_eq!(row.status, Status::Finished, "match {id} ended");
        let stored: daifugo::Game = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
        assert_eq!(
            s.play().daifugo_replay(id).await.unwrap(),
            stored,
            "match {id} replays"
        );
        assert_eq!(
            stored.cards_in_play(),
            stored.cards.len(),
            "cards are conserved"
        );
        let log = s.store().log(id).await.unwrap();
        let versions: Vec<i64> = log.iter().map(|e| e.version).collect();
        let expected: Vec<i64> = (started_at + 1..=row.version).collect();
        assert_eq!(versions, expected);
    }
    support::db::remove_db(name);
}

#[tokio::test]
async fn an_idle_daifugo_turn_times_out_into_a_pass_or_an_ai_turn() {
    use primeclimb::session::{Due, Session, TimeoutMode};
    use std::sync::atomic::{AtomicI64, Ordering};
    use std::sync::Arc;
    let now = Arc::new(AtomicI64::new(5_000_000));
    let clock = {
        let now = now.clone();
        Arc::new(move || now.load(Ordering::SeqCst))
    };
    let store = primeclimb::store::connect(&support::db::db_url("df-clock"))
        .await
        .unwrap();
    let s = crate::support::db::TestSession::with_clock(store, clock);
    let sp = LobbySpec {
        turn_timeout_secs: Some(600),
        ..spec(Options::default())
    };
    s.lobbies().create_lobby(PLACE, &ada(), &sp).await.unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    let start = s
        .lobbies()
        .start(PLACE, &ada())
        .await
        .unwrap()
        .daifugo()
        .unwrap();
    let due = |s: &Session<_>| {
        let s = s.clone();
        async move { s.clocks().due(i64::MAX).await.unwrap() }
    };
    now.fetch_add(300_000, Ordering::SeqCst);
    let due_now = due(&s).await;
    let [Due::Remind { seen, .. }] = due_now[..] else {
        panic!("a reminder is due: {due_now:?}")
    };
    assert!(s
        .clocks()
        .remind(start.info.id, start.info.version, seen)
        .await
        .unwrap()
        .is_some());
    now.fetch_add(300_000, Ordering::SeqCst);
    let Due::TimeOut {
        game_id, version, ..
    } = due(&s).await[0]
    else {
        panic!("a timeout is due")
    };
    let skipped = s
        .clocks()
        .time_out(game_id, version, TimeoutMode::Skip)
        .await
        .unwrap()
        .and_then(|v| v.daifugo())
        .expect("the idle turn is skipped");
    assert!(skipped
        .events
        .iter()
        .any(|e| matches!(e, Event::Passed { .. })));
    assert_ne!(skipped.game.current(), start.game.current());
    now.fetch_add(600_000, Ordering::SeqCst);
    let Due::TimeOut {
        game_id, version, ..
    } = due(&s).await[0]
    else {
        panic!("a timeout is due")
    };
    let played = s
        .clocks()
        .time_out(game_id, version, TimeoutMode::Ai)
        .await
        .unwrap()
        .and_then(|v| v.daifugo())
        .expect("the AI plays the idle turn");
    assert_eq!(played.actor_seat, Some(skipped.game.current()));
    assert_eq!(s.play().daifugo_replay(game_id).await.unwrap(), played.game);
}
