//! What must happen once, claimed in the database by whichever bot process gets there
//! first: two sessions on one database, each with its own connection pool as two bot
//! processes have, racing for the same reminder, rematch, ratings and direct-message
//! notice. Here on SQLite files; in the suites' second run (tests/play/postgres.rs) on
//! PostgreSQL, where transactions do not run one at a time and these races are real.

use crate::support;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use primeclimb::level::Level;
use primeclimb::session::{Command, Due, LobbySpec, Place, RematchVote};
use primeclimb::store::{self, GameKind, Store, StoreTx};
use support::db::{ada, bo, db_url, TestSession};

/// Rounds of each race.
const TRIALS: i64 = 20;

/// Two sessions on one new database (two pools: two processes), on one clock the test
/// moves by hand.
async fn two_processes(name: &str) -> (TestSession, TestSession, Arc<AtomicI64>) {
    let url = db_url(name);
    let now = Arc::new(AtomicI64::new(1_800_000_000_000));
    let clock = {
        let now = Arc::clone(&now);
        Arc::new(move || now.load(Ordering::SeqCst)) as primeclimb::session::Clock
    };
    let a = store::connect(&url).await.expect("the first process");
    let b = store::connect(&url).await.expect("the second process");
    (
        TestSession::with_clock(a, clock.clone()),
        TestSession::with_clock(b, clock),
        now,
    )
}

fn place(guild_id: i64, n: i64) -> Place {
    Place {
        guild_id,
        channel_id: guild_id * 100 + n,
    }
}

/// Ada and Bo in a started game at `p` with a one-hour turn clock; its id and version.
async fn timed_game(s: &TestSession, p: Place) -> (i64, i64) {
    let spec = LobbySpec {
        seed: Some(p.channel_id as u64),
        turn_timeout_secs: Some(3_600),
        ..LobbySpec::climb(Default::default())
    };
    s.lobbies().create_lobby(p, &ada(), &spec).await.unwrap();
    s.lobbies().join(p, &bo()).await.unwrap();
    let view = s.lobbies().start(p, &ada()).await.unwrap().climb().unwrap();
    (view.info.id, view.info.version)
}

/// How many reminders the clock finds due now.
async fn reminders_due(s: &TestSession) -> usize {
    let due = s.clocks().due(i64::MAX).await.unwrap();
    due.iter()
        .filter(|d| matches!(d, Due::Remind { .. }))
        .count()
}

/// Ada or Bo, whoever is to move.
fn to_move(board: &primeclimb::session::ClimbView) -> primeclimb::session::Actor {
    if board.info.user_of(board.game.current()) == ada().user_id {
        ada()
    } else {
        bo()
    }
}

/// The reminder of `game` among what the clock found due: when the last one was noted, as
/// the clock read it.
fn reminder_seen(due: &[Due], game: i64) -> Option<Option<i64>> {
    due.iter().find_map(|d| match d {
        Due::Remind { game_id, seen, .. } if *game_id == game => Some(*seen),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reminder_found_due_by_two_processes_is_sent_once() {
    let (one, two, now) = two_processes("claims-remind").await;
    let mut games = Vec::new();
    for n in 0..TRIALS {
        games.push(timed_game(&one, place(31, n)).await);
    }
    // Half the turn's time: both processes' clocks find every game's reminder due, and
    // read the same "not reminded yet".
    now.fetch_add(1_800_000, Ordering::SeqCst);
    let (due_one, due_two) = (
        one.clocks().due(i64::MAX).await.unwrap(),
        two.clocks().due(i64::MAX).await.unwrap(),
    );
    assert_eq!(due_one, due_two);
    for &(game, version) in &games {
        let seen = reminder_seen(&due_one, game).expect("the reminder is due");
        assert_eq!(seen, None);
        // Each process notes it, at the same moment.
        let (a, b) = tokio::join!(one.clocks().remind(game, version, seen), async {
            two.clocks().remind(game, version, seen).await
        });
        let sent = [a.unwrap(), b.unwrap()]
            .iter()
            .filter(|v| v.is_some())
            .count();
        assert_eq!(sent, 1, "game {game}: the reminder is sent once");
    }
    now.fetch_add(1_000, Ordering::SeqCst);
    assert_eq!(reminders_due(&one).await, 0, "nothing more to remind");

    // Repeated reminders (the server's /settings reminders): each interval's reminder is
    // also claimed once, though a later clock reading passes the "later than the last
    // one" test.
    let mut settings = one.store().settings(31).await.unwrap();
    settings.remind_every_secs = Some(600);
    let mut tx = one.store().begin().await.unwrap();
    tx.put_settings(&settings, now.load(Ordering::SeqCst))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    now.fetch_add(600_000, Ordering::SeqCst);
    let due = one.clocks().due(i64::MAX).await.unwrap();
    for &(game, version) in &games {
        let seen = reminder_seen(&due, game).expect("the next interval's reminder is due");
        assert!(seen.is_some(), "the first reminder was noted");
        assert!(one
            .clocks()
            .remind(game, version, seen)
            .await
            .unwrap()
            .is_some());
        now.fetch_add(1, Ordering::SeqCst);
        assert!(
            two.clocks()
                .remind(game, version, seen)
                .await
                .unwrap()
                .is_none(),
            "game {game}: the second process finds it sent"
        );
    }
}

/// A move that does not end the turn, committed just after the turn's reminder was
/// noted, keeps the reminder: it is not sent again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_noted_during_a_move_stays_noted() {
    let (one, two, now) = two_processes("claims-remind-move").await;
    let p = place(32, 0);
    let (game, version) = timed_game(&one, p).await;
    now.fetch_add(1_800_000, Ordering::SeqCst);
    let board = one.play().board(p).await.unwrap();
    let mover = to_move(&board);
    // The move reads the game (version), the other process notes the reminder, the move
    // is committed: one step of the two dice, the turn goes on.
    assert!(two
        .clocks()
        .remind(game, version, None)
        .await
        .unwrap()
        .is_some());
    let roll = board.game.turn.roll;
    let step = format!("0 +{}", roll.a);
    let after = one
        .play()
        .act(p, &mover, Command::Move(step), None)
        .await
        .unwrap();
    assert_eq!(after.game.turn.number, board.game.turn.number, "same turn");
    let row = one.store().game(game).await.unwrap().unwrap();
    assert!(row.reminded, "the reminder stays noted");
    assert!(row.reminded_at.is_some());
    now.fetch_add(1_000, Ordering::SeqCst);
    assert_eq!(reminders_due(&one).await, 0, "no second reminder this turn");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_players_asking_for_a_rematch_at_once_get_it() {
    let (one, two, _) = two_processes("claims-rematch").await;
    for n in 0..TRIALS {
        let p = place(33, n);
        let (game, _) = timed_game(&one, p).await;
        one.play()
            .act(p, &bo(), Command::Resign, None)
            .await
            .unwrap();
        let ada_id = ada().user_id.unwrap();
        let bo_id = bo().user_id.unwrap();
        // Ada through one process, Bo through the other, at the same moment.
        let (a, b) = tokio::join!(
            one.lobbies().rematch_vote(game, p.guild_id, ada_id),
            async { two.lobbies().rematch_vote(game, p.guild_id, bo_id).await }
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        let ready = [&a, &b]
            .iter()
            .filter(|v| matches!(v, RematchVote::Ready(_)))
            .count();
        let waiting = [&a, &b]
            .iter()
            .filter(|v| matches!(v, RematchVote::Waiting { .. }))
            .count();
        assert_eq!(
            (ready, waiting),
            (1, 1),
            "round {n}: the second vote sees the first and opens the rematch"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_games_finishing_at_once_both_count_in_the_ratings() {
    let (one, two, _) = two_processes("claims-ratings").await;
    for n in 0..TRIALS {
        // A new server each round: nobody there is rated yet, the AI level included.
        let guild = 3_400 + n;
        let (p, q) = (place(guild, 0), place(guild, 1));
        for at in [p, q] {
            let spec = LobbySpec {
                seed: Some(at.channel_id as u64),
                ..LobbySpec::climb(Default::default())
            };
            one.lobbies().create_lobby(at, &ada(), &spec).await.unwrap();
            one.lobbies()
                .add_ai(at, &ada(), Level::Medium)
                .await
                .unwrap();
            one.lobbies().start(at, &ada()).await.unwrap();
        }
        // Ada resigns both at once, one through each process: two finished games rate
        // Ada and the medium AI, both for the first time.
        let ada = ada();
        let (a, b) = tokio::join!(one.play().act(p, &ada, Command::Resign, None), async {
            two.play().act(q, &ada, Command::Resign, None).await
        });
        a.unwrap();
        b.unwrap();
        let store = one.store();
        let ada_rating = store
            .rating(guild, GameKind::Climb, ada.user_id.unwrap())
            .await
            .unwrap()
            .expect("Ada is rated");
        assert_eq!(
            (ada_rating.games, ada_rating.wins),
            (2, 0),
            "round {n}: both games count"
        );
        let board = one
            .standings()
            .leaderboard(guild, GameKind::Climb, 10, None)
            .await
            .unwrap();
        assert_eq!(board.standings.len(), 2, "Ada and the medium AI");
    }
}

/// Turn messages of one game noted at once through two processes, in any order (a
/// compare-and-set, no transaction): the newest ends up noted, and every other one is
/// handed back exactly once to have its buttons taken off, by the message that replaced
/// it or, coming too late, by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn turn_messages_noted_at_once_keep_the_newest_and_hand_back_each_other_once() {
    let (one, two, _) = two_processes("claims-turn-messages").await;
    for n in 0..TRIALS {
        let p = place(35, n);
        let (game, _) = timed_game(&one, p).await;
        // Twelve messages, their ids shuffled by the round, half through each process.
        let ids: Vec<i64> = (0..12).map(|k| 1_000 + (k * 7 + n) % 12).collect();
        let noted = ids.iter().enumerate().map(|(k, &id)| {
            let s = if k % 2 == 0 { &one } else { &two };
            async move { s.clocks().swap_post(game, (p.channel_id, id)).await }
        });
        let handed: Vec<Option<(i64, i64)>> = futures_util::future::join_all(noted)
            .await
            .into_iter()
            .map(|r| r.expect("noted"))
            .collect();
        let mut back: Vec<i64> = handed.iter().flatten().map(|&(_, id)| id).collect();
        back.sort_unstable();
        let newest = *ids.iter().max().unwrap();
        let others: Vec<i64> = (1_000..1_012).filter(|&id| id != newest).collect();
        assert_eq!(
            back, others,
            "round {n}: each older message handed back once"
        );
        assert_eq!(
            one.clocks().last_post(game).await.unwrap(),
            Some((p.channel_id, newest)),
            "round {n}: the newest is noted"
        );
    }
}

/// Two processes claiming a game's AI turns at once: one gets them; the other gets them
/// only once they are given back, or once the lease has run out.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ai_turns_claimed_at_once_go_to_one_process() {
    let (one, two, now) = two_processes("claims-ai-turns").await;
    for n in 0..TRIALS {
        let p = place(36, n);
        timed_game(&one, p).await;
        let (a, b) = tokio::join!(one.clocks().claim_runner(p, "one", 60_000), async {
            two.clocks().claim_runner(p, "two", 60_000).await
        });
        let (a, b) = (a.unwrap(), b.unwrap());
        assert!(a != b, "round {n}: exactly one process holds the turns");
        let (holder, other, names) = if a {
            (&one, &two, ("one", "two"))
        } else {
            (&two, &one, ("two", "one"))
        };
        assert!(
            holder
                .clocks()
                .claim_runner(p, names.0, 60_000)
                .await
                .unwrap(),
            "round {n}: the holder renews"
        );
        assert!(
            !other
                .clocks()
                .claim_runner(p, names.1, 60_000)
                .await
                .unwrap(),
            "round {n}: held, the turns stay with the holder"
        );
        if n % 2 == 0 {
            // Given back: a person is to move, no AI seat is.
            let ai_next = holder.clocks().release_runner(p, names.0).await.unwrap();
            assert!(!ai_next, "round {n}: a person is to move");
        } else {
            // The holder died: its lease runs out.
            now.fetch_add(60_001, Ordering::SeqCst);
        }
        assert!(
            other
                .clocks()
                .claim_runner(p, names.1, 60_000)
                .await
                .unwrap(),
            "round {n}: given back or run out, the turns go to the other"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_notice_is_claimed_only_while_its_turn_lasts() {
    let (one, two, now) = two_processes("claims-notice").await;
    let p = place(35, 0);
    let (game, _) = timed_game(&one, p).await;
    let first_turn = one
        .store()
        .game(game)
        .await
        .unwrap()
        .unwrap()
        .turn_started_at
        .expect("the clock runs");
    // The turn is played (and the next one starts) before the other process claims the
    // notice of the first.
    now.fetch_add(5_000, Ordering::SeqCst);
    let board = one.play().board(p).await.unwrap();
    let mover = to_move(&board);
    support::db::play_turn(&one, p, &mover).await.unwrap();
    let row = one.store().game(game).await.unwrap().unwrap();
    let next_turn = row.turn_started_at.expect("the next turn's clock");
    assert!(next_turn > first_turn);
    let mut tx = two.store().begin().await.unwrap();
    assert!(
        !tx.claim_turn_notice(game, first_turn).await.unwrap(),
        "no notice for a turn that is over"
    );
    assert!(tx.claim_turn_notice(game, next_turn).await.unwrap());
    assert!(
        !tx.claim_turn_notice(game, next_turn).await.unwrap(),
        "once per turn"
    );
    tx.commit().await.unwrap();
}

/// An AI seat's runner decides on one reading of the game. Ada's move, made through the
/// other process while the runner looks (it looks again after each of its own turns),
/// opens a take-back window the AI waits out: the runner's look meets either the old
/// turn (Ada to move: nothing to play) or the new one (the window: wait), never a turn
/// played at once on a second reading. Seen as an AI turn played within the window under
/// load, before `ai_step` played on the row it had checked.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_ai_turn_never_overtakes_a_take_back_window_opened_meanwhile() {
    use primeclimb::session::AiStep;
    use std::sync::atomic::AtomicBool;
    /// The take-back window: the test's clock never reaches its end.
    const WINDOW_MS: i64 = 60_000;
    let (one, two, _now) = two_processes("claims-take-back").await;
    for n in 0..TRIALS {
        let p = place(37, n);
        let spec = LobbySpec {
            seed: Some(n as u64),
            ai: vec![Level::Easy],
            ..LobbySpec::climb(Default::default())
        };
        one.lobbies().create_lobby(p, &ada(), &spec).await.unwrap();
        let mut view = one
            .lobbies()
            .start(p, &ada())
            .await
            .unwrap()
            .climb()
            .unwrap();
        while !view.is_over() && view.ai_level(view.game.current()).is_some() {
            view = one
                .play()
                .ai_turn(p)
                .await
                .unwrap()
                .expect("the AI's first turn");
        }
        let (_, outcomes) = two.play().legal_moves(p).await.unwrap();
        let Some(quiet) = support::db::quiet_moves(&outcomes).find(|o| o.bumped.is_empty()) else {
            continue;
        };
        let moved = AtomicBool::new(false);
        let runner = async {
            let mut played = Vec::new();
            let mut looks = 0;
            // Looking until Ada has moved, then once more.
            loop {
                let done = moved.load(Ordering::SeqCst);
                match one.clocks().ai_step(p, WINDOW_MS).await.unwrap() {
                    AiStep::Played(v) => played.push(v.info().version),
                    AiStep::Wait(_) | AiStep::Idle => {}
                }
                looks += 1;
                if done {
                    return (played, looks);
                }
                tokio::task::yield_now().await;
            }
        };
        let mover = async {
            // A few of the runner's looks first, so the move lands among them.
            tokio::time::sleep(std::time::Duration::from_millis(
                u64::try_from(n % 5).unwrap(),
            ))
            .await;
            let after = two
                .play()
                .act(p, &ada(), Command::Move(quiet.witness.clone()), None)
                .await
                .unwrap();
            moved.store(true, Ordering::SeqCst);
            after
        };
        let ((played, looks), after) = tokio::join!(runner, mover);
        assert!(
            played.is_empty(),
            "game {n}: the AI played (versions {played:?}) within the window of Ada's move \
             (version {}), {looks} looks",
            after.info.version
        );
        let now = one.play().board(p).await.unwrap();
        assert_eq!(
            now.info.version,
            view.info.version + 1,
            "game {n}: Ada's move alone"
        );
        assert!(matches!(
            one.clocks().ai_step(p, WINDOW_MS).await.unwrap(),
            AiStep::Wait(_)
        ));
    }
}
