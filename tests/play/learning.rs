//! Learning from every game, through the fake Discord: the review of a finished game (its
//! numbers and chart), the daily puzzles graded right and wrong with streaks and
//! standings, and the day's puzzles posted in a server's puzzle channel once.

use crate::support;

use std::time::Duration;

use primeclimb::session::Status;
use serde_json::{json, Value};
use support::bot::{custom_ids, Table, PLACE};
use support::fake_discord::{self as fake, content, Who, ADA, BO, CHANNEL_ID, TEACHER};

fn opt(name: &str, value: &str) -> Value {
    json!({ "name": name, "type": 3, "value": value })
}

/// The instant of a date at noon, UTC.
fn noon(date: &str) -> i64 {
    let d: jiff::civil::Date = date.parse().expect("a date");
    d.at(12, 0, 0, 0)
        .to_zoned(jiff::tz::TimeZone::UTC)
        .expect("a time")
        .timestamp()
        .as_millisecond()
}

/// Days since 1970-01-01 of a date.
fn day_of(date: &str) -> i64 {
    noon(date).div_euclid(86_400_000)
}

/// A right and a wrong answer to a day's Prime Climb puzzle.
fn answers(p: &primeclimb::climb::puzzle::Puzzle) -> (String, String) {
    use primeclimb::climb::puzzle::{reachable, Kind};
    match p.kind {
        Kind::Reach => {
            let all = reachable(&p.game);
            let right = all.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
            let wrong = all[1..]
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            (right, wrong)
        }
        Kind::BestMove => {
            let (best, value) = p.best();
            let values =
                primeclimb::climb::solver::values(primeclimb::climb::solver::Course::Climb);
            let wrong = primeclimb::climb::legal_outcomes(&p.game)
                .iter()
                .find(|o| !o.wins && values.climb(o.pawns) > value + 0.05)
                .map(|o| o.witness)
                .expect("a worse move");
            (best, wrong)
        }
    }
}

/// The frames of the replay GIF attached to a reply.
fn replay_frames(r: &support::bot::Reply) -> usize {
    use image::AnimationDecoder;
    let gif = r
        .request
        .parts
        .iter()
        .find(|p| p.filename.as_deref() == Some("replay.gif"))
        .expect("the replay is attached");
    image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif.bytes.clone()))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("its frames decode")
        .len()
}

/// Play the turn of the person to move: their first legal move (not the best).
async fn play_some_turn(t: &Table) {
    let view = t.board().await;
    let who: Who = match view.info.user_of(view.game.current()) {
        Some(id) if id == ADA.id as i64 => ADA,
        _ => BO,
    };
    let (id, v) = (view.info.id, view.info.version);
    if matches!(view.game.phase, primeclimb::climb::Phase::Choice(_)) {
        t.select(who, &format!("climb:{id}:{v}:pick0"), "1", "en-US")
            .await;
        return;
    }
    let (_, outcomes) = t.reader.play().legal_moves(PLACE).await.expect("moves");
    match outcomes.iter().find(|o| !o.witness.is_empty()) {
        Some(o) => t.climb_move(who, &o.witness).await,
        None => t.click(who, &format!("climb:{id}:{v}:end"), "en-US").await,
    };
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_with_its_chart() {
    let t = Table::open("learn-review").await;
    let game = t.ada_and_bo(json!([])).await;
    let r = t.slash(ADA, &["climb", "review"], json!([]), "en-US").await;
    assert!(
        r.ephemeral()
            && r.content()
                .contains("he review comes when the game is over"),
        "{}",
        r.content()
    );
    for _ in 0..6 {
        let before = t.board().await.info.version;
        play_some_turn(&t).await;
        t.wait_for_game("the move", |v| v.info.version > before)
            .await;
    }

    // The replay, mid-game and after: one frame per finished turn, decoded.
    let r = t.slash(BO, &["climb", "replay"], json!([]), "fr").await;
    assert!(r.ephemeral(), "only for the asker by default");
    assert!(
        r.content().contains("Rejeu de Prime Climb n°"),
        "{}",
        r.content()
    );
    let mid = replay_frames(&r);
    assert!(mid >= 2, "the start and a turn at least: {mid}");
    t.slash(BO, &["climb", "resign"], json!([]), "en-US").await;
    t.wait_for_game("the end", |v| v.info.status == Status::Finished)
        .await;
    let frames = t
        .reader
        .learning()
        .replay_frames(game)
        .await
        .expect("frames")
        .len();
    let r = t
        .slash(
            ADA,
            &["climb", "replay"],
            json!([{ "name": "game", "type": 4, "value": game }, { "name": "share", "type": 5, "value": true }]),
            "en-US",
        )
        .await;
    assert!(!r.ephemeral(), "shared");
    let text = r.content();
    assert!(
        text.contains(&format!("Replay of Prime Climb #{game}")),
        "{text}"
    );
    assert!(!text.contains("still being played"), "{text}");
    assert_eq!(replay_frames(&r), frames);
    let alt = r.data["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(
        alt.contains("Animated replay") && alt.contains("Ada won"),
        "{alt}"
    );
    let r = t
        .slash(
            ADA,
            &["climb", "replay"],
            json!([{ "name": "game", "type": 4, "value": 999 }]),
            "en-US",
        )
        .await;
    assert!(
        r.ephemeral() && r.content().contains("no game"),
        "{}",
        r.content()
    );

    let r = t.slash(ADA, &["climb", "review"], json!([]), "en-US").await;
    assert!(r.ephemeral(), "only for the asker by default");
    let text = r.content();
    assert!(
        text.contains(&format!("Review of Prime Climb #{game}")),
        "{text}"
    );
    assert!(text.contains("**Ada**: accuracy"), "{text}");
    assert!(text.contains("**Bo**: "), "{text}");
    // The first legal move is rarely the best: a costly turn is written out.
    assert!(text.contains("better `"), "{text}");
    let png = r
        .request
        .parts
        .iter()
        .find(|p| p.filename.as_deref() == Some("review.png"));
    let png = png.expect("the chart is attached");
    let chart = image::load_from_memory(&png.bytes).expect("a PNG");
    assert!(chart.width() >= 800);
    let alt = r.data["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(alt.contains("expected turns left"), "{alt}");

    // Shared with the channel, in French.
    let r = t
        .slash(
            BO,
            &["climb", "review"],
            json!([{ "name": "game", "type": 4, "value": game }, { "name": "share", "type": 5, "value": true }]),
            "fr",
        )
        .await;
    assert!(!r.ephemeral());
    assert!(
        r.content().contains("Analyse de Prime Climb n°"),
        "{}",
        r.content()
    );
    let r = t
        .slash(
            ADA,
            &["climb", "review"],
            json!([{ "name": "game", "type": 4, "value": 999 }]),
            "en-US",
        )
        .await;
    assert!(
        r.ephemeral() && r.content().contains("no game"),
        "{}",
        r.content()
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_graded_and_streaks_counted() {
    let t = Table::open("learn-puzzles").await;
    // 2026-12-02 is an even day number: a best-move puzzle.
    let date = "2026-12-02";
    t.clock.set(noon(date));
    let day = day_of(date);
    let puzzle = primeclimb::climb::puzzle::of_day(day);
    let r = t.slash(ADA, &["climb", "puzzle"], json!([]), "en-US").await;
    assert!(r.ephemeral());
    assert!(
        r.content().contains("Prime Climb puzzle of the day"),
        "{}",
        r.content()
    );
    assert!(
        r.request
            .parts
            .iter()
            .any(|p| p.filename.as_deref() == Some("puzzle.png")),
        "the position is drawn"
    );
    // A malformed answer is refused and does not count.
    let r = t
        .slash(
            ADA,
            &["climb", "puzzle"],
            json!([opt("answer", "hello")]),
            "en-US",
        )
        .await;
    assert!(
        r.ephemeral() && !r.content().contains("Streak"),
        "{}",
        r.content()
    );
    let (best, _) = answers(&puzzle);
    let r = t
        .slash(
            ADA,
            &["climb", "puzzle"],
            json!([opt("answer", &best)]),
            "en-US",
        )
        .await;
    assert!(r.content().contains("✅"), "{}", r.content());
    assert!(
        r.content()
            .contains("Streak: 1 day in a row · 1 puzzle solved in all"),
        "{}",
        r.content()
    );
    // A second answer the same day is graded but does not count again.
    let r = t
        .slash(
            ADA,
            &["climb", "puzzle"],
            json!([opt("answer", &best)]),
            "en-US",
        )
        .await;
    assert!(
        r.content()
            .contains("first answer today was the one that counted"),
        "{}",
        r.content()
    );

    // The next day, Bo answers wrong and Ada right: Ada's streak is two.
    t.clock.advance(Duration::from_secs(86_400));
    let next = primeclimb::climb::puzzle::of_day(day + 1);
    let (right, wrong) = answers(&next);
    let r = t
        .slash(
            BO,
            &["climb", "puzzle"],
            json!([opt("answer", &wrong)]),
            "fr",
        )
        .await;
    assert!(r.content().contains("❌"), "{}", r.content());
    assert!(
        r.content().contains("Série : 0 jour d'affilée"),
        "{}",
        r.content()
    );
    let r = t
        .slash(
            ADA,
            &["climb", "puzzle"],
            json!([opt("answer", &right)]),
            "en-US",
        )
        .await;
    assert!(
        r.content().contains("Streak: 2 days in a row"),
        "{}",
        r.content()
    );
    let r = t
        .slash(
            ADA,
            &["climb", "puzzle"],
            json!([{ "name": "standings", "type": 5, "value": true }]),
            "en-US",
        )
        .await;
    assert!(!r.ephemeral());
    let text = r.content();
    let ada = text.find(&format!("<@{}>", ADA.id)).expect(&text);
    let bo = text.find(&format!("<@{}>", BO.id)).expect(&text);
    assert!(ada < bo, "the longest streak first: {text}");

    // Prime Daifugo's puzzle: the largest prime from a hand.
    let hand = primeclimb::daifugo::puzzle::of_day(day + 1);
    let largest = hand.largest().to_string();
    let r = t
        .slash(ADA, &["daifugo", "puzzle"], json!([]), "en-US")
        .await;
    assert!(r.content().contains("Your hand: ["), "{}", r.content());
    let r = t
        .slash(
            ADA,
            &["daifugo", "puzzle"],
            json!([opt("answer", "abc")]),
            "en-US",
        )
        .await;
    assert!(r.content().contains("is not a number"), "{}", r.content());
    let r = t
        .slash(
            ADA,
            &["daifugo", "puzzle"],
            json!([opt("answer", &largest)]),
            "en-US",
        )
        .await;
    assert!(r.content().contains("✅ Right"), "{}", r.content());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_channel_gets_the_days_puzzles_once() {
    let t = Table::open("learn-channel").await;
    let channel: u64 = 920_000_000_000_000_777;
    t.clock.set(noon("2026-12-03") - 6 * 3_600_000); // 06:00 UTC
    let id = t.id();
    let mut interaction = fake::slash_command_as(
        TEACHER,
        id,
        &["settings", "puzzle"],
        json!([
            { "name": "channel", "type": 7, "value": channel.to_string() },
            { "name": "hour", "type": 4, "value": 7 }
        ]),
        "en-US",
    );
    interaction["data"]["resolved"] = json!({
        "channels": { channel.to_string(): {
            "id": channel.to_string(), "type": 0, "name": "puzzles", "permissions": "0"
        }}
    });
    let r = t.send(id, interaction).await;
    assert!(
        r.content()
            .contains(&format!("Daily puzzles: in <#{channel}> at 07:00")),
        "{}",
        r.content()
    );
    let path = format!("/api/v10/channels/{channel}/messages");
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(
        !t.fake.requests().iter().any(|r| r.path == path),
        "not before 07:00"
    );
    t.clock.advance(Duration::from_secs(3_600 + 60));
    let post = t
        .fake
        .wait_for_after(0, "the day's puzzles", |r| r.path == path)
        .await;
    assert!(
        content(&post).contains("Prime Climb puzzle of the day"),
        "{}",
        content(&post)
    );
    assert!(
        content(&post).contains("Prime Daifugo puzzle of the day"),
        "{}",
        content(&post)
    );
    assert!(
        post.parts
            .iter()
            .any(|p| p.filename.as_deref() == Some("puzzle.png")),
        "with the board"
    );
    t.clock.advance(Duration::from_secs(3_600));
    tokio::time::sleep(Duration::from_millis(400)).await;
    let posts = t.fake.requests().iter().filter(|r| r.path == path).count();
    assert_eq!(posts, 1, "once a day");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_reply_loses_no_puzzle_answer_and_stops_no_replay() {
    use support::fake_discord::{Fault, Route};
    let t = Table::open("learn-faults").await;
    let date = "2026-12-04";
    t.clock.set(noon(date));
    let puzzle = primeclimb::climb::puzzle::of_day(day_of(date));
    let (right, _) = answers(&puzzle);
    // The answer's reply is refused: the answer is kept (and not posted in the channel,
    // where it would give the puzzle away); asked again, the player is told it counted.
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    t.fake.interact(fake::slash_command_as(
        ADA,
        78_001,
        &["climb", "puzzle"],
        json!([opt("answer", &right)]),
        "en-US",
    ));
    t.fake
        .wait_for_after(mark, "the refused reply", |r| {
            r.path == fake::callback_path(78_001)
        })
        .await;
    let r = t
        .slash(
            ADA,
            &["climb", "puzzle"],
            json!([opt("answer", &right)]),
            "en-US",
        )
        .await;
    assert!(
        r.content()
            .contains("first answer today was the one that counted")
            && r.content().contains("streak: 1 day in a row"),
        "{}",
        r.content()
    );
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    for r in t.fake.requests().iter().skip(mark) {
        assert!(
            r.path != channel,
            "the answer stays private: {}",
            content(r)
        );
    }

    // A replay whose deferral and answer are refused: the next one is drawn all the same.
    let game = t.ada_and_bo(json!([])).await;
    play_some_turn(&t).await;
    t.wait_for_game("a turn", |v| v.game.turn.number > 1).await;
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    t.fake.interact(fake::slash_command_as(
        ADA,
        78_002,
        &["climb", "replay"],
        json!([]),
        "en-US",
    ));
    t.fake
        .wait_for_after(mark, "the refused deferral", |r| {
            r.path == fake::callback_path(78_002)
        })
        .await;
    let r = t
        .slash(
            ADA,
            &["climb", "replay"],
            json!([{ "name": "game", "type": 4, "value": game }]),
            "en-US",
        )
        .await;
    assert_eq!(replay_frames(&r), 2, "the start and the first turn");
    assert!(
        r.content().contains("still being played"),
        "{}",
        r.content()
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guided_first_game_through_discord() {
    use primeclimb::climb::lessons::{lesson, COUNT};
    let t = Table::open("learn-steps").await;
    let learn = |who: Who, options: Value, locale: &'static str| {
        let t = &t;
        async move { t.slash(who, &["climb", "learn"], options, locale).await }
    };
    let r = learn(ADA, json!([]), "en-US").await;
    assert!(r.ephemeral(), "a lesson is only for the learner");
    assert!(r.content().contains("Step 1 of 9"), "{}", r.content());
    assert!(r.png_named("lesson.png").is_some(), "the position is drawn");
    // Wrong, then unplayable: the step stays.
    let r = learn(ADA, json!([opt("answer", "0 x6")]), "en-US").await;
    assert!(r.content().contains("Try again"), "{}", r.content());
    let r = learn(ADA, json!([opt("answer", "0 +7")]), "en-US").await;
    assert!(
        r.content().contains("you did not roll a 7"),
        "{}",
        r.content()
    );
    // Right: on to step 2, with its own picture.
    let r = learn(ADA, json!([opt("answer", "0 +6")]), "en-US").await;
    assert!(
        r.content().contains("✅") && r.content().contains("Step 2 of 9"),
        "{}",
        r.content()
    );
    assert!(r.png_named("lesson.png").is_some());
    // Bo's lessons are his own.
    let r = learn(BO, json!([]), "fr").await;
    assert!(r.content().contains("Étape 1 sur 9"), "{}", r.content());
    // Ada goes through the rest.
    for i in 1..COUNT {
        let example = lesson(i).unwrap().example();
        let r = learn(ADA, json!([opt("answer", &example)]), "en-US").await;
        assert!(
            r.content().contains("✅"),
            "step {}: {}",
            i + 1,
            r.content()
        );
    }
    let r = learn(ADA, json!([]), "en-US").await;
    assert!(
        r.content().contains("You know every rule"),
        "{}",
        r.content()
    );
    assert!(
        r.content().contains("/climb start ai: easy variant: hints"),
        "{}",
        r.content()
    );
    // The game it offers is one click away, and shows a hint on each of her turns.
    assert_eq!(custom_ids(&r.data), ["learn:play"]);
    let r = t.click(ADA, "learn:play", "en-US").await;
    assert_eq!(r.kind, 7, "the graduation message says where the game is");
    assert!(
        r.content().contains(&format!(
            "Your game against the easy AI is in <#{CHANNEL_ID}>"
        )),
        "{}",
        r.content()
    );
    assert!(custom_ids(&r.data).is_empty(), "the button has gone");
    let view = t
        .wait_for_game("Ada's turn", |v| {
            v.info.status == Status::Active && v.ai_level(v.game.current()).is_none()
        })
        .await;
    assert!(view.game.options.hints);
    assert_eq!(
        view.ai_level(1 - view.game.current()),
        Some(primeclimb::level::Level::Easy)
    );
    let post = t
        .fake
        .wait_for_after(0, "a board with a hint", |r| {
            content(r).contains("💡 Hint (hints are on):")
        })
        .await;
    assert!(content(&post).contains("turns left"), "{}", content(&post));
    // Restart: step 1 again.
    let r = learn(
        ADA,
        json!([{ "name": "restart", "type": 5, "value": true }]),
        "en-US",
    )
    .await;
    assert!(r.content().contains("Step 1 of 9"), "{}", r.content());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_game_button_starts_the_game_even_when_its_reply_is_refused() {
    use support::fake_discord::{Fault, Route};
    let t = Table::open("learn-play-faults").await;
    let channel = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    // Bo presses the graduation's button, in French; Discord refuses the reply.
    let mark = t.fake.mark();
    t.fake.fail(Route::Callback, 1, Fault::ServerError);
    t.fake
        .interact(fake::button_click_as(BO, 78_101, 1, "learn:play", "fr"));
    // The game starts without the refused reply: its first board is posted in the
    // channel.
    t.fake
        .wait_for_after(mark, "the first board in the channel", |r| {
            r.path == channel
                && r.parts
                    .iter()
                    .any(|p| p.filename.as_deref() == Some("board.png"))
        })
        .await;
    // Whoever moves first (the seats are drawn), Bo's turn comes with its hint, in the
    // game's own language.
    let view = t
        .wait_for_game("Bo's turn", |v| {
            v.info.status == Status::Active && v.ai_level(v.game.current()).is_none()
        })
        .await;
    let hint = match view.info.lang {
        primeclimb::lang::Lang::Fr => "💡 Indice",
        primeclimb::lang::Lang::En => "💡 Hint",
    };
    t.fake
        .wait_for_after(mark, "Bo's turn with its hint", |r| {
            r.path == channel && content(r).contains(hint)
        })
        .await;
    assert!(view.game.options.hints);
    assert_eq!(view.info.seats.len(), 2, "Bo and the easy AI");
    // Pressed again while that game is open here: told why not, privately.
    let r = t.click(BO, "learn:play", "fr").await;
    assert!(r.ephemeral(), "{}", r.content());
    assert!(r.content().contains("déjà ouverte ici"), "{}", r.content());
    assert_eq!(t.board().await.info.id, view.info.id, "no second game");
    t.close().await;
}
