//! Pictures for everyone, through the real bot and the fake Discord: every picture
//! carries alt text in its reader's language; the position in words; a server's palette
//! reaches its open games; each person's own palette reaches the pictures only they see.

use crate::support;

use image::RgbaImage;
use primeclimb::render::{Layout, Look, Palette, Theme};
use serde_json::{json, Value};
use support::bot::{png_of, Table};
use support::fake_discord::{channel_path, ADA, CHANNEL_ID, TEACHER};

/// The description of the first attachment in a message's JSON (its alt text).
fn alt(message: &Value) -> String {
    message["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Open a game against an AI as Ada and start it; returns the first board's request.
async fn started(t: &Table, locale: &str) -> support::fake_discord::Recorded {
    let r = t
        .slash(
            ADA,
            &["climb", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            locale,
        )
        .await;
    let start = r
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":start"))
        .expect("a Start button");
    let mark = t.fake.mark();
    t.click(ADA, &start, locale).await;
    t.fake
        .wait_for_after(mark, "the first board", |r| {
            r.method == "POST" && r.path == channel_path(CHANNEL_ID) && png_of(r).is_some()
        })
        .await
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).expect("a PNG").to_rgba8()
}

/// The colour of space 13 (one red segment) in a board picture, left of its number.
/// The red the picture paints the primes in: the colour seen most often near the rim of
/// the prime spaces from 11 to 97 (a pawn, or the last turn's path, may cover a few).
fn prime_red(img: &RgbaImage) -> image::Rgba<u8> {
    let layout = Layout::new(img.width());
    let primes = [
        11u8, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    ];
    let mut seen: Vec<(image::Rgba<u8>, usize)> = Vec::new();
    for p in primes {
        let s = layout.space(p);
        let px = *img.get_pixel((s.c.x - s.r * 0.8) as u32, s.c.y as u32);
        match seen.iter_mut().find(|(c, _)| *c == px) {
            Some((_, n)) => *n += 1,
            None => seen.push((px, 1)),
        }
    }
    let (colour, n) = seen.into_iter().max_by_key(|&(_, n)| n).expect("primes");
    assert!(n > primes.len() / 2, "no colour for most primes");
    colour
}

fn colour_blind() -> Theme {
    Theme::for_look(Look {
        palette: Palette::ColourBlind,
        marks: true,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_carries_alt_text_in_its_language() {
    let t = Table::open("pictures-alt").await;
    let first = started(&t, "en-US").await;
    let json = first.json.clone().expect("a message");
    let text = alt(&json);
    assert!(text.starts_with("Prime Climb board, turn 1."), "{text}");
    assert!(text.contains("Pawns: Ada: Start and Start"), "{text}");
    assert!(text.chars().count() <= 1024);

    // A move's reply: its alt text tells the move.
    let view = t.board().await;
    if view.ai_level(view.game.current()).is_none() {
        let (_, hints) = t
            .reader
            .play()
            .hint(support::bot::PLACE, 1)
            .await
            .expect("a hint");
        let moves = hints[0].moves.clone();
        let r = t.climb_move(ADA, &moves).await;
        let text = alt(&r.data);
        assert!(text.contains("Last turn, Ada rolled"), "{text}");
    }
    t.close().await;

    // A French speaker's board (a reply speaks its reader's language).
    let t = Table::open("pictures-alt-fr").await;
    started(&t, "en-US").await;
    let r = t.slash(ADA, &["climb", "board"], json!([]), "fr").await;
    let text = alt(&r.data);
    assert!(text.starts_with("Plateau de Prime Climb, tour "), "{text}");
    assert!(text.contains("Pions : Ada : "), "{text}");
    assert!(
        text.contains(" ; "),
        "French puts a space before a semicolon: {text}"
    );
    assert!(!text.contains("Pawns"), "{text}");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_position_in_words_for_screen_readers() {
    let t = Table::open("pictures-text").await;
    started(&t, "en-US").await;
    let r = t
        .slash(
            ADA,
            &["climb", "board"],
            json!([{ "name": "text", "type": 5, "value": true }]),
            "en-US",
        )
        .await;
    assert!(r.png().is_none(), "words, not a picture");
    let content = r.content();
    assert!(content.starts_with("**Prime Climb, turn "), "{content}");
    assert!(content.contains("\n• Ada: "), "{content}");
    assert!(content.contains("\n• Easy AI: "), "{content}");
    assert!(content.contains(" to move, rolled "), "{content}");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_palette_reaches_its_open_games_and_a_persons_own_their_private_board() {
    let t = Table::open("pictures-palette").await;
    let first = started(&t, "en-US").await;
    let standard = Theme::dark();
    assert_eq!(prime_red(&decode(&png_of(&first).unwrap())), standard.red);

    // Only moderators choose the server's pictures.
    let cb = json!([
        { "name": "colours", "type": 4, "value": 1 },
        { "name": "marks", "type": 5, "value": true }
    ]);
    let r = t
        .slash(ADA, &["settings", "palette"], cb.clone(), "en-US")
        .await;
    assert!(r.ephemeral());
    assert!(r.content().contains("moderators"), "{}", r.content());
    let r = t
        .slash(TEACHER, &["settings", "palette"], cb, "en-US")
        .await;
    assert!(
        r.content()
            .contains("Pictures: colours for colour-blind eyes, with a mark on each factor"),
        "{}",
        r.content()
    );
    // The open game follows at once.
    let r = t.slash(ADA, &["climb", "board"], json!([]), "en-US").await;
    assert_eq!(prime_red(&decode(&r.png().unwrap())), colour_blind().red);

    // Ada likes the standard colours for what only she sees.
    let r = t
        .slash(
            ADA,
            &["settings", "me", "palette"],
            json!([{ "name": "colours", "type": 4, "value": 0 }]),
            "en-US",
        )
        .await;
    assert!(r.ephemeral());
    assert!(r.content().contains("standard colours"), "{}", r.content());
    let private = json!([{ "name": "private", "type": 5, "value": true }]);
    let r = t
        .slash(ADA, &["climb", "board"], private.clone(), "en-US")
        .await;
    assert!(r.ephemeral());
    assert_eq!(prime_red(&decode(&r.png().unwrap())), standard.red);
    // The public board stays the server's.
    let r = t.slash(ADA, &["climb", "board"], json!([]), "en-US").await;
    assert_eq!(prime_red(&decode(&r.png().unwrap())), colour_blind().red);
    // Back to the server's look.
    let r = t
        .slash(
            ADA,
            &["settings", "me", "palette"],
            json!([{ "name": "colours", "type": 4, "value": 2 }]),
            "en-US",
        )
        .await;
    assert!(r.content().contains("server's setting"), "{}", r.content());
    let r = t.slash(ADA, &["climb", "board"], private, "en-US").await;
    assert_eq!(prime_red(&decode(&r.png().unwrap())), colour_blind().red);
    t.close().await;
}

/// Pictures of messages nobody waits on (an AI's turn, a timeout) take their turn one at
/// a time, on a thread of their own, so an answer someone waits on never queues behind a
/// burst of them: with three of them asked for first, the answer's picture is drawn before
/// the second begins. (The order is what is checked, not a duration.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_draws_before_a_burst_of_background_pictures() {
    use primeclimb::drawing::{in_background, Drawing};
    use std::sync::{Arc, Mutex};

    let drawing = Drawing::default();
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let slow = |name: &'static str| {
        let log = log.clone();
        move || -> Result<(), image::ImageError> {
            log.lock().unwrap().push(format!("{name} begins"));
            std::thread::sleep(std::time::Duration::from_millis(400));
            log.lock().unwrap().push(format!("{name} ends"));
            Ok(())
        }
    };
    let mut background = Vec::new();
    for name in ["ai 1", "ai 2", "ai 3"] {
        let (d, draw) = (drawing.clone(), slow(name));
        background.push(tokio::spawn(
            async move { in_background(d.draw(draw)).await },
        ));
        // Asked for in this order.
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let answer_log = log.clone();
    let answer = drawing
        .draw(move || -> Result<(), image::ImageError> {
            answer_log.lock().unwrap().push("answer drawn".into());
            Ok(())
        })
        .await;
    assert_eq!(answer, Some(()));
    for b in background {
        assert_eq!(
            b.await.unwrap(),
            Some(()),
            "every background picture is drawn"
        );
    }
    let log = log.lock().unwrap().clone();
    let at = |what: &str| log.iter().position(|l| l == what).unwrap();
    assert!(
        at("answer drawn") < at("ai 2 begins"),
        "the answer waited behind the background pictures: {log:?}"
    );
    assert!(
        at("ai 1 ends") < at("ai 2 begins") && at("ai 2 ends") < at("ai 3 begins"),
        "background pictures are drawn one at a time: {log:?}"
    );
}

/// The pictures nobody waits on are drawn at a lower priority than answers (a nice value
/// `BACKGROUND_NICENESS` higher, at most 19), so that under load the kernel gives the
/// cores to the answers people wait for; and one that panics is lost alone: the next is
/// drawn, on the same thread.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn background_pictures_are_drawn_at_a_lower_priority_and_survive_a_panic() {
    use primeclimb::drawing::{in_background, Drawing, BACKGROUND_NICENESS};

    fn niceness() -> i32 {
        // SAFETY: reads a number of the calling thread; no memory of ours is touched.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
    }
    fn thread() -> String {
        std::thread::current().name().unwrap_or("").to_string()
    }
    let drawing = Drawing::default();
    let answer = drawing
        .draw(|| -> Result<_, image::ImageError> { Ok(niceness()) })
        .await
        .expect("the answer's picture");
    let background = in_background(
        drawing.draw(|| -> Result<_, image::ImageError> { Ok((niceness(), thread())) }),
    )
    .await
    .expect("a background picture");
    assert_eq!(
        background.0,
        (answer + BACKGROUND_NICENESS).min(19),
        "a background picture's priority against an answer's ({answer})"
    );
    let panicked =
        in_background(drawing.draw(|| -> Result<(), image::ImageError> {
            panic!("a picture that cannot be drawn")
        }))
        .await;
    assert_eq!(panicked, None, "a picture that panicked is not there");
    let after = in_background(
        drawing.draw(|| -> Result<_, image::ImageError> { Ok((niceness(), thread())) }),
    )
    .await
    .expect("the next background picture is drawn");
    assert_eq!(
        after, background,
        "on the same thread, at the same priority"
    );
}

/// A look's first picture is drawn with its quick parse; the drawing pool then makes the
/// look's thorough parse on a spare thread, after which the look's pictures are smaller
/// and show the same pixels.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_look_is_parsed_thoroughly_on_a_spare_thread_after_its_first_picture() {
    use primeclimb::drawing::Drawing;
    use primeclimb::render::{board_png, demo, indexed, RenderOptions};

    // A look no other test draws in, so nothing refines it before this test's picture.
    let opts = RenderOptions {
        size: 900,
        theme: Theme::light().with_look(Look {
            palette: Palette::ColourBlind,
            marks: false,
        }),
    };
    let words = primeclimb::text::pictures::words(primeclimb::lang::Lang::Fr);
    let look = indexed(&opts, words);
    assert!(!look.is_refined(), "made with its quick parse");
    let (game, last) = demo::demo_game().expect("the demo position");
    let picture = |game: primeclimb::climb::Game, last: primeclimb::render::LastTurn| {
        let opts = opts.clone();
        move || Ok(board_png(&game, Some(&last), &opts, words))
    };
    let drawing = Drawing::default();
    let quick = drawing
        .draw(picture(game.clone(), last.clone()))
        .await
        .expect("drawn");
    let start = std::time::Instant::now();
    while !look.is_refined() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "the look was never refined"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let thorough = drawing.draw(picture(game, last)).await.expect("drawn");
    assert!(
        thorough.len() < quick.len(),
        "refined {} bytes, quick {}",
        thorough.len(),
        quick.len()
    );
    assert_eq!(decode(&quick), decode(&thorough), "the same pixels");
}
