//! The web pages of the bot (`src/web/`), end to end: the real bot against the fake
//! Discord, serving pages on a loopback port. `/climb watch` gives a link; its page shows
//! the game's board (the SVG of the PNG's drawing), whose turn and the turns; a move made
//! on Discord reaches a page following the game within a second; an older turn's board;
//! forged, cut and expired links are refused; names are text, never markup; the page is
//! small and sent with a strict Content-Security-Policy.

use crate::support;

use std::time::{Duration, Instant};

use primeclimb::config::WebConfig;
use primeclimb::session::{LinkKey, Scope};
use serde_json::{json, Value};
use support::bot::{Table, PLACE};
use support::browser::{Browser, PAGE_WAIT};
use support::fake_discord::{self as fake, Who, ADA, BO, MEMBER_PERMISSIONS};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const SECRET: &str = "a test secret, long and random enough";

/// A free loopback port for the pages.
fn free_addr() -> std::net::SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("its address")
}

/// The bot with its pages on a free port, their public address that port.
async fn table_with_pages(name: &str) -> (Table, String) {
    let addr = free_addr();
    let base = format!("http://{addr}");
    let mut web = WebConfig::new(addr, SECRET);
    web.public_url = Some(base.clone());
    web.link_recheck = Duration::from_millis(500);
    let url = support::db::db_url(name);
    let t = Table::open_with(&url, move |c| c.web = Some(web)).await;
    (t, base)
}

/// The web link in an answer's words.
fn link_in(content: &str) -> String {
    let start = content.find("http://").expect("a link in the answer");
    content[start..]
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The link `/climb watch` answers with, as `who` asks for it.
async fn watch_link(t: &Table, who: Who) -> String {
    let r = t.slash(who, &["climb", "watch"], json!([]), "en-US").await;
    assert!(r.ephemeral(), "the link is the asker's: {:?}", r.data);
    link_in(&r.content())
}

async fn get(url: &str) -> (u16, String, reqwest::header::HeaderMap) {
    let r = reqwest::get(url).await.expect("the page answers");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    (status, r.text().await.unwrap_or_default(), headers)
}

/// Whoever of Ada and Bo is to move plays the first hint, on Discord.
async fn hinted_move(t: &Table) {
    let view = t.board().await;
    let (_, hints) = t.reader.play().hint(PLACE, 1).await.expect("a hint");
    let mover = if view.game.current() == 0 { ADA } else { BO };
    t.climb_move(mover, &hints[0].moves).await;
}

/// A page following a game: the `version` events of its live stream, read as a browser
/// would (server-sent events over one HTTP connection).
struct Follower {
    lines: tokio::io::Lines<BufReader<tokio::net::TcpStream>>,
}

impl Follower {
    async fn open(link: &str) -> Follower {
        let rest = link.trim_start_matches("http://");
        let (host, path) = rest.split_once('/').expect("a path");
        let mut stream = tokio::net::TcpStream::connect(host).await.expect("connect");
        let request = format!(
            "GET /{path}/live HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.expect("send");
        Follower {
            lines: BufReader::new(stream).lines(),
        }
    }

    /// The next version told, within `within`.
    async fn next_version(&mut self, within: Duration) -> Option<i64> {
        let deadline = Instant::now() + within;
        let mut in_version = false;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let line = tokio::time::timeout(left, self.lines.next_line())
                .await
                .ok()?
                .ok()??;
            if line == "event: version" {
                in_version = true;
            } else if let (true, Some(v)) = (in_version, line.strip_prefix("data: ")) {
                return v.trim().parse().ok();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_page_shows_the_board_and_follows_the_game_live() {
    let (t, base) = table_with_pages("web-live").await;
    // Before any game: nothing to link to.
    let r = t.slash(ADA, &["climb", "watch"], json!([]), "en-US").await;
    assert!(r.content().contains("no game"), "{}", r.content());

    t.ada_and_bo(json!([])).await;
    let link = watch_link(&t, BO).await;
    assert!(link.starts_with(&format!("{base}/game/")), "{link}");

    let (status, page, headers) = get(&link).await;
    assert_eq!(status, 200, "{page}");
    let csp = headers
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert_eq!(
        headers.get("referrer-policy").and_then(|v| v.to_str().ok()),
        Some("no-referrer")
    );
    assert!(page.contains("<svg") && page.contains("Prime Climb board, turn 1."));
    assert!(page.contains("to move"), "whose turn is said");
    let view = t.board().await;
    let first = view.info.version;
    assert!(page.contains(&format!("data-version=\"{first}\"")));

    // A page following the game hears of a move made on Discord (its watcher reads the
    // game's version every `live::POLL`; the wait below only bounds a failure).
    let mut follower = Follower::open(&link).await;
    assert_eq!(
        follower.next_version(Duration::from_secs(5)).await,
        Some(first),
        "a new page is told the version at once"
    );
    let (_, hints) = t.reader.play().hint(PLACE, 1).await.expect("a hint");
    let mover = if view.game.current() == 0 { ADA } else { BO };
    t.climb_move(mover, &hints[0].moves).await;
    let next = follower.next_version(Duration::from_secs(5)).await;
    assert!(next.is_some_and(|v| v > first), "{next:?}");

    // A move made elsewhere (another process of the bot: here a session of the test's
    // own on the bot's database) reaches the page the same way.
    let view = t.board().await;
    let seat = view.game.current();
    let who = view.info.seats[seat].user_id.expect("a person to move");
    let actor = primeclimb::session::Actor::user(who, "someone");
    let elsewhere = support::db::play_turn(&t.reader, PLACE, &actor)
        .await
        .expect("a move elsewhere");
    let told = follower.next_version(Duration::from_secs(5)).await;
    assert!(
        told.is_some_and(|v| v >= elsewhere.info.version),
        "{told:?} after {}",
        elsewhere.info.version
    );
    let now = t.board().await;

    // What the live page swaps in: the board after the move, the turn in the story.
    let (status, state, _) = get(&format!("{link}/state")).await;
    assert_eq!(status, 200);
    let state: Value = serde_json::from_str(&state).expect("JSON");
    assert_eq!(state["version"].as_i64(), Some(now.info.version));
    assert!(state["board"]
        .as_str()
        .unwrap_or_default()
        .starts_with("<svg"));
    assert!(state["turns"]
        .as_str()
        .unwrap_or_default()
        .contains("data-turn=\"1\""));
    // In French when asked.
    let (_, fr, _) = get(&format!("{link}/state?lang=fr")).await;
    assert!(fr.contains("Plateau de Prime Climb"), "{fr}");

    // The board after turn 1, and its story.
    let (status, turn, _) = get(&format!("{link}/turn/1")).await;
    assert_eq!(status, 200, "{turn}");
    let turn: Value = serde_json::from_str(&turn).expect("JSON");
    assert!(turn["story"]
        .as_str()
        .unwrap_or_default()
        .starts_with("Turn 1"));
    let (status, _, _) = get(&format!("{link}/turn/99")).await;
    assert_eq!(status, 404);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn links_that_are_not_ours_or_expired_show_nothing() {
    let (t, base) = table_with_pages("web-links").await;
    t.ada_and_bo(json!([])).await;
    let link = watch_link(&t, ADA).await;
    let token = link.rsplit('/').next().unwrap_or_default().to_string();
    let game_id: i64 = token
        .split('.')
        .next()
        .and_then(|g| g.strip_prefix('g')?.parse().ok())
        .expect("the token names its game");

    // Another game's number, another expiry, a cut signature, another key, nonsense.
    let (id, expiry, signature) = {
        let mut p = token.splitn(3, '.');
        (
            p.next().unwrap_or_default(),
            p.next().unwrap_or_default(),
            p.next().unwrap_or_default(),
        )
    };
    let later: i64 = expiry.parse::<i64>().unwrap_or(0) + 86_400_000;
    let forged = [
        format!("g{}.{expiry}.{signature}", game_id + 1),
        format!("g0{game_id}.{expiry}.{signature}"),
        format!("{id}.{later}.{signature}"),
        format!("{id}.{expiry}.{}", &signature[..signature.len() / 2]),
        LinkKey::from_secret(b"another bot").sign(Scope::Game(game_id), later),
        "nonsense".to_string(),
        "1.2.3.4".to_string(),
        "%3Cscript%3E".to_string(),
    ];
    for bad in &forged {
        for path in ["", "/state", "/live", "/turn/1"] {
            let (status, body, _) = get(&format!("{base}/game/{bad}{path}")).await;
            assert_eq!(status, 403, "{bad}{path}: {body}");
            assert!(body.contains("not one of this bot"), "{body}");
            assert!(!body.contains("<svg"));
        }
    }
    // The real link works until it expires (30 days by default).
    assert_eq!(get(&link).await.0, 200);
    t.clock.advance(Duration::from_secs(31 * 86_400));
    let (status, body, _) = get(&link).await;
    assert_eq!(status, 403);
    assert!(body.contains("expired"), "{body}");
    // Something that is no page at all.
    assert_eq!(get(&format!("{base}/nothing")).await.0, 404);
    t.close().await;
}

/// A player whose name is markup.
const MALLORY: Who = Who {
    id: 4_242,
    name: "<script>alert('x')</script>&amp;",
    permissions: MEMBER_PERMISSIONS,
};

/// A game of Mallory (who opens it) and Bo, started.
async fn mallory_and_bo(t: &Table) {
    let r = t
        .slash(MALLORY, &["climb", "start"], json!([]), "en-US")
        .await;
    let ids = support::bot::custom_ids(&r.data);
    t.click(fake::BO, &fake::id_for(&ids, "join"), "en-US")
        .await;
    t.click(MALLORY, &fake::id_for(&ids, "start"), "en-US")
        .await;
    t.wait_for_game("the game", |v| {
        v.info.status == primeclimb::session::Status::Active
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_shown_as_text_and_the_page_is_small() {
    let (t, _) = table_with_pages("web-names").await;
    mallory_and_bo(&t).await;
    let link = watch_link(&t, BO).await;
    let (status, page, _) = get(&link).await;
    assert_eq!(status, 200);
    assert!(!page.contains("<script>alert"), "a name became markup");
    assert!(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;"));
    // The parts the live page swaps in as HTML are escaped; whose turn is plain text (the
    // page sets it as text).
    let (_, state, _) = get(&format!("{link}/state")).await;
    let state: Value = serde_json::from_str(&state).expect("JSON");
    for part in ["board", "turns", "text"] {
        let html = state[part].as_str().unwrap_or_default();
        assert!(
            !html.contains("<script>alert"),
            "{part}: a name became markup"
        );
    }
    let script = std::fs::read_to_string("assets/web/app.js").expect("the page's script");
    assert!(script.contains(r#"$("to-move").textContent = s.to_move"#));

    // The first load, compressed as a browser asks: the page, its script and its style.
    let client = reqwest::Client::new();
    let mut total = 0;
    let base = link.split("/game/").next().unwrap_or_default().to_string();
    for url in [
        link.clone(),
        format!("{base}/static/app.js"),
        format!("{base}/static/app.css"),
    ] {
        let r = client
            .get(&url)
            .header("accept-encoding", "gzip")
            .send()
            .await
            .expect("answers");
        assert_eq!(r.status().as_u16(), 200, "{url}");
        total += r.bytes().await.expect("a body").len();
    }
    assert!(total <= 150 * 1024, "the first load is {total} bytes");
    t.close().await;
}

/// The page the browser shows says `why` it shows nothing, and shows no board.
async fn shows_only_why(browser: &mut Browser, why: &str) {
    let said = browser.eval("document.body.textContent").await;
    assert!(said.as_str().unwrap_or_default().contains(why), "{said}");
    let boards = browser
        .eval("document.querySelectorAll('svg').length")
        .await;
    assert_eq!(boards, json!(0));
}

/// The mean difference a channel between `a` and `b` (the same size).
fn mean_difference(a: &image::RgbImage, b: &image::RgbImage) -> f64 {
    let total: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(&x, &y)| u64::from(x.abs_diff(y)))
        .sum();
    total as f64 / a.as_raw().len().max(1) as f64
}

/// The PNG Discord is sent of `view`'s board.
fn png_now(view: &primeclimb::session::ClimbView) -> Vec<u8> {
    let words = primeclimb::text::pictures::words(view.info.lang);
    view.png(view.info.look, words).expect("the PNG")
}

/// The part of a screenshot the board takes, compared with the PNG Discord is sent of the
/// same position, scaled to the same size: the web shows the same board.
async fn board_as_shown(browser: &mut Browser, png: &[u8], name: &str) -> f64 {
    let shot = browser.screenshot().await;
    let dir = std::env::temp_dir().join("primeclimb-web-screenshots");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join(format!("{name}.png")), &shot);
    let rect = browser
        .eval(
            "(() => { const r = document.querySelector('#board svg').getBoundingClientRect(); \
             return [r.x, r.y, r.width, r.height]; })()",
        )
        .await;
    let r: Vec<u32> = rect
        .as_array()
        .expect("the board's place")
        .iter()
        .map(|v| v.as_f64().unwrap_or(0.0).round() as u32)
        .collect();
    let (x, y, w, h) = (r[0], r[1], r[2], r[3]);
    assert!(w > 200 && h > 200, "the board is {w}×{h}");
    let shot = image::load_from_memory(&shot).expect("a PNG").to_rgb8();
    let shown = image::imageops::crop_imm(&shot, x, y, w, h).to_image();
    let sent = image::load_from_memory(png).expect("a PNG").to_rgb8();
    let sent = image::imageops::resize(&sent, w, h, image::imageops::FilterType::Triangle);
    mean_difference(&shown, &sent)
}

/// Wait until the page shows `what` (a CSS selector) and says it follows the game live.
async fn drawn_and_live(browser: &mut Browser, what: &str) {
    let drawn = format!("document.querySelector(\"{what}\")");
    browser
        .wait_until(&drawn, PAGE_WAIT, &format!("{what} is drawn"))
        .await;
    let live = "document.querySelector('#status').textContent === 'Live'";
    browser
        .wait_until(live, PAGE_WAIT, "the page follows the game")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_real_browser_the_board_is_drawn_and_moves_live() {
    let Some(mut browser) = Browser::start(1280, 900, false).await else {
        return;
    };
    let (t, _) = table_with_pages("web-browser").await;
    t.ada_and_bo(json!([])).await;
    let link = watch_link(&t, ADA).await;

    browser.open(&link).await;
    // The live stream is open (the page says so) before the move is made.
    drawn_and_live(&mut browser, "#board svg use").await;

    // The board the page shows is the board Discord gets.
    let view = t.board().await;
    let png = png_now(&view);
    let desktop = board_as_shown(&mut browser, &png, "desktop").await;
    assert!(
        desktop < 8.0,
        "the page's board differs from the PNG by {desktop:.1} a channel"
    );

    // A turn played on Discord: the page shows it by itself.
    let before = browser.eval("document.body.dataset.version").await;
    t.play_turn(t.mover().await).await;
    let seen = browser
        .wait_for(
            &format!("document.body.dataset.version !== {before}"),
            Duration::from_secs(5),
        )
        .await;
    assert!(
        seen.is_some_and(|d| d <= Duration::from_secs(1)),
        "the page changed after {seen:?}"
    );
    // Its story, once the page has the turn's last change (a card's choice or the end of
    // the move can come after the move itself).
    browser
        .wait_until(
            "document.querySelector('[data-turn=\"1\"]') !== null",
            PAGE_WAIT,
            "turn 1 is in the list",
        )
        .await;
    let story = browser
        .eval("document.querySelector('[data-turn=\"1\"]')?.textContent ?? ''")
        .await;
    assert!(
        story.as_str().unwrap_or_default().starts_with("Turn 1"),
        "{story}"
    );

    // Stepping back to turn 1 and forward again.
    browser
        .eval("document.querySelector('[data-turn=\"1\"]').click()")
        .await;
    browser
        .wait_until(
            "!document.querySelector('#older').hidden",
            PAGE_WAIT,
            "the older turn is shown",
        )
        .await;
    browser
        .eval("document.querySelector('#back').click()")
        .await;
    browser
        .wait_until(
            "document.querySelector('#older').hidden",
            PAGE_WAIT,
            "the older turn is hidden again",
        )
        .await;

    // On a phone: the same board, the page no wider than the screen.
    drop(browser);
    let Some(mut phone) = Browser::start(390, 844, true).await else {
        return;
    };
    phone.open(&link).await;
    phone
        .wait_until(
            "document.querySelector('#board svg use')",
            PAGE_WAIT,
            "the board is drawn on a phone",
        )
        .await;
    let wide = phone
        .eval("document.documentElement.scrollWidth <= window.innerWidth")
        .await;
    assert_eq!(wide, json!(true), "the page scrolls sideways on a phone");
    let view = t.board().await;
    let png = png_now(&view);
    let on_phone = board_as_shown(&mut phone, &png, "phone").await;
    assert!(
        on_phone < 10.0,
        "on a phone the board differs by {on_phone:.1} a channel"
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_real_browser_a_name_is_text() {
    let Some(mut browser) = Browser::start(1024, 800, false).await else {
        return;
    };
    let (t, _) = table_with_pages("web-browser-names").await;
    mallory_and_bo(&t).await;
    let link = watch_link(&t, BO).await;
    browser.open(&link).await;
    browser
        .wait_until(
            "document.querySelector('#board svg use')",
            PAGE_WAIT,
            "the board is drawn",
        )
        .await;
    // Only the page's own script, and the name read as typed.
    assert_eq!(browser.eval("document.scripts.length").await, json!(1));
    let said = browser
        .eval("document.querySelector('#text').textContent")
        .await;
    assert!(
        said.as_str().unwrap_or_default().contains(MALLORY.name),
        "{said}"
    );
    // Expired, the link shows only why.
    t.clock.advance(Duration::from_secs(31 * 86_400));
    browser.open(&link).await;
    shows_only_why(&mut browser, "expired").await;
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_public_address_the_bot_says_links_need_one() {
    let web = WebConfig::new(free_addr(), SECRET);
    let url = support::db::db_url("web-no-address");
    let t = Table::open_with(&url, move |c| c.web = Some(web)).await;
    t.ada_and_bo(json!([])).await;
    for (locale, says) in [("en-US", "PUBLIC_URL"), ("fr", "PUBLIC_URL")] {
        let r = t.slash(ADA, &["climb", "watch"], json!([]), locale).await;
        assert!(r.ephemeral());
        assert!(r.content().contains(says), "{}", r.content());
        assert!(!r.content().contains("http"), "{}", r.content());
    }
    t.close().await;
}

fn student(i: u64) -> Who {
    Who {
        id: 941_000_000_000_000_000 + i,
        name: Box::leak(format!("Pupil {i}").into_boxed_str()),
        permissions: MEMBER_PERMISSIONS,
    }
}

/// `n` games of a student against the easy AI, each in its own thread of the channel.
async fn class_games(t: &Table, n: u64) {
    t.allow_threads();
    for i in 0..n {
        let who = student(i);
        let ai = json!([{ "name": "ai", "type": 3, "value": "easy" }]);
        let r = t.slash(who, &["climb", "start"], ai, "en-US").await;
        let start = r
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":start"))
            .expect("a Start button");
        t.click(who, &start, "en-US").await;
    }
    assert_eq!(t.fake.threads().len() as u64, n);
}

/// The link `/class view` answers the teacher with.
async fn class_link(t: &Table, options: Value) -> String {
    let r = t
        .slash(fake::TEACHER, &["class", "view"], options, "en-US")
        .await;
    assert!(r.ephemeral(), "{}", r.content());
    link_in(&r.content())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_class_on_one_screen_for_its_teacher_until_revoked() {
    let (t, _) = table_with_pages("web-class").await;
    class_games(&t, 15).await;
    // Only a teacher gets the link.
    let r = t.slash(ADA, &["class", "view"], json!([]), "en-US").await;
    assert!(
        r.content().starts_with("Only moderators"),
        "{}",
        r.content()
    );
    let link = class_link(&t, json!([])).await;
    assert!(link.contains("/class/"), "{link}");

    // Every open game of the channel, each its own board (ids apart), and the standings.
    let (status, page, _) = get(&link).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page.matches("<article class=\"game\"").count(), 15);
    for i in 0..15 {
        assert!(
            page.contains(&format!("Pupil {i}")),
            "Pupil {i} is on the page"
        );
    }
    assert_eq!(page.matches("<title id=\"g").count(), 15, "a title a board");
    assert!(
        page.contains("id=\"g1-board-title\""),
        "each board's ids are its own"
    );
    assert!(page.contains("Standings"), "the season's standings");
    // A game's link is not a class's, nor the other way round.
    let thread = t.fake.threads()[0].id;
    let r = t
        .slash_in_thread(
            thread,
            fake::TEACHER,
            &["climb", "watch"],
            json!([]),
            "en-US",
        )
        .await;
    let game_link = link_in(&r.content());
    let game_token = game_link.rsplit('/').next().unwrap_or_default();
    let class_token = link.rsplit('/').next().unwrap_or_default();
    let base = link.split("/class/").next().unwrap_or_default();
    assert_eq!(get(&format!("{base}/class/{game_token}")).await.0, 403);
    assert_eq!(get(&format!("{base}/game/{class_token}")).await.0, 403);

    // Following the class: a move in any of its games is told.
    let mut follower = Follower::open(&link).await;
    let first = follower.next_version(Duration::from_secs(5)).await;
    assert!(first.is_some(), "a new page is told where the class is");
    // The first thread's game, once its pupil is to move (its AI may be playing).
    let place = primeclimb::session::Place {
        guild_id: PLACE.guild_id,
        channel_id: thread as i64,
    };
    let mut pupil = None;
    for _ in 0..100 {
        let view = t
            .reader
            .play()
            .board(place)
            .await
            .expect("the thread's game");
        let who = view.info.seats[view.game.current()].user_id;
        pupil = (0..15).map(student).find(|s| Some(s.id as i64) == who);
        if pupil.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let pupil = pupil.expect("the pupil's turn comes");
    let (_, hints) = t.reader.play().hint(place, 1).await.expect("a hint");
    let moves = json!([{ "name": "moves", "type": 3, "value": hints[0].moves }]);
    t.slash_in_thread(thread, pupil, &["climb", "move"], moves, "en-US")
        .await;
    // Told of the move (the AI's answer may come before the page reads it: any change).
    let next = follower.next_version(Duration::from_secs(5)).await;
    assert!(next.is_some() && next != first, "{first:?} then {next:?}");

    // Anyone's `/leaderboard` links to the server's standings page.
    let r = t.slash(ADA, &["leaderboard"], json!([]), "en-US").await;
    assert!(r.content().contains("on the web: "), "{}", r.content());
    let season = link_in(&r.content());
    let (status, body, _) = get(&season).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("The season&#39;s standings") && body.contains("Prime Daifugo"));
    assert_eq!(
        get(&format!("{season}/live")).await.0,
        404,
        "read again, not live"
    );

    // The teacher withdraws every class link: the page shows nothing any more, a new
    // link works, and game links are not affected.
    let r = t
        .slash(
            fake::TEACHER,
            &["class", "view"],
            json!([{ "name": "revoke", "type": 5, "value": true }]),
            "en-US",
        )
        .await;
    assert!(
        r.content().contains("shows nothing any more"),
        "{}",
        r.content()
    );
    let (status, body, _) = get(&link).await;
    assert_eq!(status, 403);
    assert!(body.contains("withdrawn"), "{body}");
    assert_eq!(get(&format!("{link}/state")).await.0, 403);
    assert_eq!(
        get(&season).await.0,
        403,
        "the standings link is withdrawn too"
    );
    let fresh = class_link(
        &t,
        json!([{ "name": "everywhere", "type": 5, "value": true }]),
    )
    .await;
    assert_eq!(get(&fresh).await.0, 200);
    assert_eq!(get(&game_link).await.0, 200);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_real_browser_a_class_of_fifteen_games_on_one_screen() {
    let Some(mut browser) = Browser::start(1920, 1080, false).await else {
        return;
    };
    let (t, _) = table_with_pages("web-class-browser").await;
    class_games(&t, 15).await;
    let link = class_link(&t, json!([])).await;
    browser.open(&link).await;
    drawn_and_live(&mut browser, ".game svg use").await;
    let games = browser
        .eval(
            "document.querySelectorAll('.game svg use').length > 0 \
        && document.querySelectorAll('.game').length",
        )
        .await;
    if games != json!(15) {
        panic!(
            "fifteen boards are drawn, not {games}; the page: {}",
            browser.state().await
        );
    }
    // Every board is on the screen's width, several across.
    let across = browser
        .eval(
            "(() => { const tops = [...document.querySelectorAll('.game')]\
             .map(g => g.getBoundingClientRect().top); \
             return tops.filter(t => t === tops[0]).length; })()",
        )
        .await;
    assert!(across.as_i64().unwrap_or(0) >= 4, "{across} boards across");
    let shot = browser.screenshot().await;
    let dir = std::env::temp_dir().join("primeclimb-web-screenshots");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("class.png"), &shot);
    // Withdrawn while the page is open: its live stream ends, and the page, coming
    // back, shows only why.
    let revoke = json!([{ "name": "revoke", "type": 5, "value": true }]);
    t.slash(fake::TEACHER, &["class", "view"], revoke, "en-US")
        .await;
    browser
        .wait_until(
            "document.body.textContent.includes('withdrawn')",
            Duration::from_secs(20),
            "the open page says the link was withdrawn",
        )
        .await;
    browser.open(&link).await;
    shows_only_why(&mut browser, "withdrawn").await;
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_real_browser_a_page_reconnects_after_the_bot_restarts() {
    let Some(mut browser) = Browser::start(1024, 800, false).await else {
        return;
    };
    let (mut t, _) = table_with_pages("web-reconnect").await;
    t.ada_and_bo(json!([])).await;
    let link = watch_link(&t, ADA).await;
    browser.open(&link).await;
    let live = "document.querySelector('#status').textContent === 'Live'";
    browser
        .wait_until(live, PAGE_WAIT, "the page is live")
        .await;
    // The bot (and its pages) go away and come back on the same address.
    t.restart().await;
    let before = browser.eval("document.body.dataset.version").await;
    hinted_move(&t).await;
    // The page reconnects by itself (the browser retries within seconds) and shows it.
    browser
        .wait_until(
            &format!("document.body.dataset.version !== {before}"),
            PAGE_WAIT,
            "the page came back and shows the move",
        )
        .await;
    browser
        .wait_until(live, PAGE_WAIT, "the page is live again")
        .await;
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prime_daifugo_page_shows_the_table_and_never_a_hand() {
    let (t, _) = table_with_pages("web-daifugo").await;
    let r = t
        .slash(ADA, &["daifugo", "start"], json!([]), "en-US")
        .await;
    let ids = r.custom_ids();
    t.click(BO, &fake::id_for(&ids, "join"), "en-US").await;
    t.click(ADA, &fake::id_for(&ids, "start"), "en-US").await;
    let view = t.reader.play().daifugo_board(PLACE).await.expect("a match");
    let link = watch_link(&t, BO).await;
    let (status, page, _) = get(&link).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("Prime Daifugo"), "{page}");
    assert!(
        page.contains("<svg") && page.contains("Prime Daifugo table"),
        "the table"
    );
    // No player's hand is in any word of the page.
    for seat in 0..2 {
        let en = primeclimb::lang::Lang::En;
        let hand = primeclimb::text::daifugo::hand_lines(&view.game, view.game.hand(seat), en);
        let cards = hand[0].split(": ").nth(1).unwrap_or_default();
        assert!(
            !cards.is_empty() && !page.contains(cards),
            "a hand on the page: {cards}"
        );
        assert!(!page.contains("Your hand"));
    }
    let (status, state, _) = get(&format!("{link}/state")).await;
    assert_eq!(status, 200);
    assert!(state.contains("<svg") && !state.contains("Your hand"));
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_link_holds_a_bounded_number_of_live_pages() {
    let (t, _) = table_with_pages("web-bounded").await;
    t.ada_and_bo(json!([])).await;
    let link = watch_link(&t, ADA).await;
    // As many live pages as a link may hold, each told the game's version...
    let mut open = Vec::new();
    for _ in 0..primeclimb::web::MAX_PAGES_PER_LINK {
        let mut f = Follower::open(&link).await;
        assert!(f.next_version(Duration::from_secs(10)).await.is_some());
        open.push(f);
    }
    // ...and one more is told to close one.
    let (status, body, _) = get(&format!("{link}/live")).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("Too many pages"), "{body}");
    // Closing one makes room.
    drop(open.pop());
    let mut room = None;
    for _ in 0..50 {
        let r = reqwest::Client::new()
            .get(format!("{link}/live"))
            .send()
            .await
            .expect("answers");
        if r.status().as_u16() == 200 {
            room = Some(r);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(room.is_some(), "a closed page frees its place");
    t.close().await;
}
