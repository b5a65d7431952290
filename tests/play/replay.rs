//! The replay of a stored game (`Session::replay_frames`, `primeclimb render --replay`):
//! played again from its seed and log, one frame at the start and one at the end of each
//! turn, whatever pieces the turn was played in (steps in several requests, a step
//! undone, a finished move taken back); Prime Daifugo games, lobbies and unknown games are
//! refused, by the session and by the command line (exit code 2).

use crate::support;

use std::io::Cursor;
use std::process::{Command as Process, Output};

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use primeclimb::climb::Options;
use primeclimb::session::{
    Actor, ClimbView, Command, GameKind, LobbySpec, Place, Session, SessionError,
};
use primeclimb::store::AnyStore;
use support::db::{ada, bo, db_path, db_url_keep, play_turn, session, PLACE};

fn spec() -> LobbySpec {
    LobbySpec {
        seed: Some(11),
        ..LobbySpec::climb(Options::default())
    }
}

/// The person whose turn it is, of Ada and Bo.
fn mover(view: &ClimbView) -> Actor {
    let seat = view.game.current();
    if view.info.seats[seat].user_id == ada().user_id {
        ada()
    } else {
        bo()
    }
}

/// The turn of the person to move, in pieces: the first die alone, that step undone, the
/// same step again, then the rest as a hint-following player would.
async fn turn_in_pieces(s: &Session<AnyStore>) -> ClimbView {
    let board = s.play().board(PLACE).await.unwrap();
    let who = mover(&board);
    let first = first_die(&board);
    s.play()
        .act(PLACE, &who, first.clone(), None)
        .await
        .unwrap();
    let undone = s
        .play()
        .act(PLACE, &who, Command::Undo, None)
        .await
        .unwrap();
    assert!(undone.game.turn.steps.is_empty());
    s.play().act(PLACE, &who, first, None).await.unwrap();
    play_turn(s, PLACE, &who).await.unwrap()
}

/// The first die added to the first pawn of the player to move (named by its space).
fn first_die(view: &ClimbView) -> Command {
    let game = &view.game;
    let pawn = game.players[game.current()].pawns[0];
    Command::Move(format!("{pawn} +{}", game.turn.roll.a))
}

/// A scratch file of this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    // The name last, so its extension is the file's (`.gif`).
    std::env::temp_dir().join(format!("primeclimb-test-{}-{name}", std::process::id()))
}

fn primeclimb(url: &str, args: &[&str]) -> Output {
    Process::new(env!("CARGO_BIN_EXE_primeclimb"))
        .args(args)
        .env("DATABASE_URL", url)
        .output()
        .expect("the binary runs")
}

#[tokio::test]
async fn a_stored_game_replays_one_frame_per_turn_however_it_was_played() {
    let s = session("replay-pieces").await;
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    let start = s
        .lobbies()
        .start(PLACE, &ada())
        .await
        .unwrap()
        .climb()
        .unwrap();
    let id = start.info.id;

    // Turn 1 in pieces, with a step undone on the way.
    let after_1 = turn_in_pieces(&s).await;
    assert_eq!(after_1.game.turn.number, 2);
    // Turn 2 (its player's first) played with both pawns out of Start, so that no pawn
    // ends on a red space and no card is drawn; taken back; and played again otherwise.
    let board = s.play().board(PLACE).await.unwrap();
    let who = mover(&board);
    let roll = board.game.turn.roll;
    let steps = if roll.is_doubles() {
        let a = roll.a;
        vec![
            format!("0 +{a}"),
            format!("0 +{a}"),
            format!("{a} +{a}"),
            format!("{a} +{a}"),
        ]
    } else {
        vec![format!("0 +{}", roll.a), format!("0 +{}", roll.b)]
    };
    let mut first_try = None;
    for step in steps {
        first_try = Some(
            s.play()
                .act(PLACE, &who, Command::Move(step), None)
                .await
                .unwrap(),
        );
    }
    let first_try = first_try.expect("steps were played");
    assert_eq!(
        first_try.game.turn.number, 3,
        "every die used: the turn ends"
    );
    assert!(
        first_try.take_back_seat().is_some(),
        "no card seen: it can be taken back"
    );
    let back = s
        .play()
        .act(PLACE, &who, Command::Undo, None)
        .await
        .unwrap();
    assert_eq!(back.game.turn.number, 2, "the finished move is taken back");
    let after_2 = play_turn(&s, PLACE, &who).await.unwrap();
    // Turn 3 at once; turn 4 begun but not finished.
    let board = s.play().board(PLACE).await.unwrap();
    let after_3 = play_turn(&s, PLACE, &mover(&board)).await.unwrap();
    let board = s.play().board(PLACE).await.unwrap();
    s.play()
        .act(PLACE, &mover(&board), first_die(&board), None)
        .await
        .unwrap();

    let frames = s.learning().replay_frames(id).await.unwrap();
    assert_eq!(frames.len(), 4, "the start and three finished turns");
    assert_eq!(frames[0].0, start.game);
    assert!(frames[0].1.is_none());
    // Each frame is the game as it stood at the end of its turn, with that turn as the
    // board picture posted then drew it. That picture did not always have the event that
    // began the turn (the log keeps it with the turn before, and none for the first
    // turn, which `Game::new` began): then it knew no number, and read the dice off the
    // steps, in the order they were used.
    for (i, view) in [(1, &after_1), (2, &after_2), (3, &after_3)] {
        assert_eq!(frames[i].0, view.game, "frame {i}");
        let replayed = frames[i].1.clone().expect("a finished turn");
        let mut posted = view.last_turn().expect("a finished turn");
        posted.number.get_or_insert(i as u32);
        let dice = |r: Option<primeclimb::climb::Roll>| r.map(|r| (r.a.min(r.b), r.a.max(r.b)));
        assert_eq!(dice(posted.roll), dice(replayed.roll), "frame {i}");
        posted.roll = replayed.roll;
        assert_eq!(posted, replayed, "frame {i}");
    }
    // The game stored matches the replay up to where the frames stop.
    assert_eq!(s.play().replay(id).await.unwrap().turn.number, 4);

    // The command line draws the same frames.
    let gif = scratch("replay.gif");
    let out = primeclimb(
        &db_url_keep("replay-pieces"),
        &[
            "render",
            "--replay",
            &id.to_string(),
            "--size",
            "256",
            "--lang",
            "fr",
            "--palette",
            "colour-blind+marks",
            "-o",
            gif.to_str().expect("utf-8 path"),
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let bytes = std::fs::read(&gif).expect("the GIF was written");
    let decoded = GifDecoder::new(Cursor::new(bytes))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("its frames decode");
    assert_eq!(decoded.len(), 4);
    assert_eq!(decoded[0].buffer().dimensions(), (256, 256));
    let _ = std::fs::remove_file(&gif);
}

#[tokio::test]
async fn only_started_prime_climb_games_have_a_replay() {
    let s = session("replay-refusals").await;
    assert!(matches!(
        s.learning().replay_frames(4_242).await,
        Err(SessionError::NoGame)
    ));
    let lobby = s
        .lobbies()
        .create_lobby(PLACE, &ada(), &spec())
        .await
        .unwrap();
    assert!(matches!(
        s.learning().replay_frames(lobby.info.id).await,
        Err(SessionError::NotStarted)
    ));
    let elsewhere = Place {
        channel_id: PLACE.channel_id + 1,
        ..PLACE
    };
    s.lobbies()
        .create_lobby(
            elsewhere,
            &ada(),
            &LobbySpec::daifugo(primeclimb::daifugo::Options::default()),
        )
        .await
        .unwrap();
    s.lobbies().join(elsewhere, &bo()).await.unwrap();
    let daifugo = s.lobbies().start(elsewhere, &ada()).await.unwrap();
    let daifugo_id = daifugo.info().id;
    assert!(matches!(
        s.learning().replay_frames(daifugo_id).await,
        Err(SessionError::OtherGame(GameKind::Daifugo))
    ));

    // The command line says the same, as usage errors.
    let url = db_url_keep("replay-refusals");
    // A file that does not exist (whichever database the suite runs on).
    let missing = format!("sqlite://{}", db_path("replay-no-such-file").display());
    let cases = [
        (&url, "4242".to_string(), "there is no game 4242"),
        (&url, lobby.info.id.to_string(), "has not started yet"),
        (&url, daifugo_id.to_string(), "is a Prime Daifugo game"),
        (&missing, "1".to_string(), "there is no database at"),
    ];
    let never = scratch("never.gif");
    let never = never.to_str().expect("utf-8 path");
    for (url, game, says) in cases {
        let out = primeclimb(url, &["render", "--replay", &game, "-o", never]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
        assert!(stderr.contains(says), "{game}: {stderr}");
    }
    assert!(
        !std::path::Path::new(never).exists(),
        "a refused replay writes nothing"
    );
    let missing_file = missing.trim_start_matches("sqlite://");
    assert!(
        !std::path::Path::new(missing_file).exists(),
        "a replay creates no database"
    );
    let out = primeclimb(&url, &["render", "--replay", "1", "--demo", "-o", never]);
    assert_eq!(out.status.code(), Some(2), "--replay conflicts with --demo");
}
