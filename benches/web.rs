//! The web pages' measured targets (issue 26), against the real bot binary (`primeclimb
//! bot`, a process of its own, with the fake Discord of tests/support on loopback):
//! - 500 open live pages on one process: at most 30 MB more memory (the bot's resident
//!   set before the pages and with them all open; its peak, VmHWM, at the end), and a
//!   move reaches every page of its game within p99 ≤ 1 s (from the move's commit to
//!   the page's `version` event);
//! - a game's page at most 150 KB on first load, gzipped (the page, its scripts and its
//!   style), served in ≤ 300 ms with its board (the SVG is in the page); in headless
//!   Chromium, where installed, the first paint of the page.
//!
//! `cargo bench --bench web [-- PAGES [GAMES [ROUNDS]]]` (default 500 pages on 10 games,
//! 10 rounds of one move in every game). The pages are server-sent-event streams held by
//! this process, as browsers would hold them; the moves are made on the same database by
//! this process (the bot's pages read every game's version from it, as they do for a move
//! made through another bot process).

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use primeclimb::climb::Options;
use primeclimb::session::{Actor, LinkKey, LobbySpec, Place, Scope, Session};
use primeclimb::store;
use support::fake_discord::{FakeDiscord, GUILD_ID};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const SECRET: &str = "the web benchmark's secret, long enough to sign";

fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// What one page was told: each version and when.
type Told = Arc<Mutex<Vec<(i64, Instant)>>>;

/// Hold a page's live stream open, noting every version it is told.
async fn page(
    addr: std::net::SocketAddr,
    token: String,
    told: Told,
    ready: Arc<tokio::sync::Notify>,
) {
    let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else {
        return;
    };
    let request = format!(
        "GET /game/{token}/live HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    );
    if stream.write_all(request.as_bytes()).await.is_err() {
        return;
    }
    let mut lines = BufReader::new(stream).lines();
    let mut in_version = false;
    while let Ok(Some(line)) = lines.next_line().await {
        if line == "event: version" {
            in_version = true;
        } else if let (true, Some(v)) = (in_version, line.strip_prefix("data: ")) {
            in_version = false;
            if let Ok(v) = v.trim().parse::<i64>() {
                let first = {
                    let mut t = told.lock().unwrap_or_else(|e| e.into_inner());
                    t.push((v, Instant::now()));
                    t.len() == 1
                };
                if first {
                    ready.notify_one();
                }
            }
        }
    }
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let pages = args.first().copied().unwrap_or(500).max(1);
    let games = args.get(1).copied().unwrap_or(10).clamp(1, pages);
    let rounds = args.get(2).copied().unwrap_or(10).max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(run(pages, games, rounds));
}

async fn run(pages: usize, games: usize, rounds: usize) {
    let url = support::db::db_url("bench-web");
    let fake = FakeDiscord::start().await;
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let mut bot = std::process::Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .arg("bot")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_URL", &fake.api_url)
        .env("DATABASE_URL", &url)
        .env("DEV_GUILD_ID", GUILD_ID.to_string())
        .env("WEB_ADDR", addr.to_string())
        .env("WEB_SECRET", SECRET)
        .env("RUST_LOG", "warn")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start the bot");
    let pid = bot.id();
    fake.wait_until_ready().await;

    // The games: two people each, started, on the bot's database.
    let session = Session::new(store::connect(&url).await.expect("the bot's database"));
    let key = LinkKey::from_secret(SECRET.as_bytes());
    let mut places = Vec::new();
    for g in 0..games {
        let place = Place {
            guild_id: GUILD_ID as i64,
            channel_id: 800_000 + g as i64,
        };
        let (a, b) = (
            Actor::user(900_000 + 2 * g as i64, "Ada"),
            Actor::user(900_001 + 2 * g as i64, "Bo"),
        );
        let lobbies = session.lobbies();
        lobbies
            .create_lobby(place, &a, &LobbySpec::climb(Options::default()))
            .await
            .expect("a lobby");
        lobbies.join(place, &b).await.expect("Bo joins");
        let started = lobbies.start(place, &a).await.expect("the game starts");
        let id = started.info().id;
        places.push((place, id, [a, b]));
    }
    let token_of = |id: i64| key.sign(Scope::Game(id), i64::MAX);

    // First load: the page with its board, its scripts and its style, as a browser asks.
    let client = reqwest::Client::new();
    let mut first_loads = Vec::new();
    let mut sizes = Vec::new();
    for (_, id, _) in &places {
        let start = Instant::now();
        let mut bytes = 0;
        for path in [
            format!("/game/{}", token_of(*id)),
            "/static/app.js".into(),
            "/static/live.js".into(),
            "/static/app.css".into(),
        ] {
            let r = client
                .get(format!("http://{addr}{path}"))
                .header("accept-encoding", "gzip")
                .send()
                .await
                .expect("the page answers");
            assert!(r.status().is_success(), "{path}: {}", r.status());
            bytes += r.bytes().await.map(|b| b.len()).unwrap_or(0);
        }
        first_loads.push(start.elapsed());
        sizes.push(bytes);
    }
    first_loads.sort();
    // In a real browser, where one is installed: when the page (and its board) is first
    // painted, from the start of the navigation.
    let mut painted = None;
    if let Some(mut browser) = support::browser::Browser::start(1280, 900, false).await {
        browser
            .open(&format!("http://{addr}/game/{}", token_of(places[0].1)))
            .await;
        // The board is in the page itself: drawn once the page's content is loaded and
        // painted (the paint entry, where the browser records one).
        let _ = browser
            .wait_for(
                "document.querySelector('#board svg use')",
                Duration::from_secs(10),
            )
            .await;
        let paint = browser
            .eval(
                "(() => { const p = performance.getEntriesByType('paint')\
                 .find(e => e.name === 'first-contentful-paint'); \
                 const n = performance.getEntriesByType('navigation')[0]; \
                 return p ? p.startTime : (n ? n.domContentLoadedEventEnd : -1); })()",
            )
            .await;
        painted = paint.as_f64().filter(|&ms| ms >= 0.0);
        if painted.is_none() {
            println!("  (Chromium gave no paint time: {paint})");
        }
    }
    let rss_before = status_kb(pid, "VmRSS:").unwrap_or(0);

    // The pages: `pages` live streams, spread over the games.
    let ready = Arc::new(tokio::sync::Notify::new());
    let mut told: Vec<(usize, Told)> = Vec::new();
    for p in 0..pages {
        let g = p % games;
        let t: Told = Arc::default();
        told.push((g, Arc::clone(&t)));
        tokio::spawn(page(addr, token_of(places[g].1), t, Arc::clone(&ready)));
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while told
        .iter()
        .any(|(_, t)| t.lock().map(|t| t.is_empty()).unwrap_or(true))
    {
        if Instant::now() > deadline {
            break;
        }
        let _ = tokio::time::timeout(Duration::from_millis(100), ready.notified()).await;
    }
    let open = told
        .iter()
        .filter(|(_, t)| t.lock().map(|t| !t.is_empty()).unwrap_or(false))
        .count();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_open = status_kb(pid, "VmRSS:").unwrap_or(0);

    // The moves: a round is one turn in every game, one game after another.
    let mut committed: Vec<(usize, i64, Instant)> = Vec::new();
    let mut errors = 0;
    for _ in 0..rounds {
        for (g, (place, _, people)) in places.iter().enumerate() {
            let view = session.play().board(*place).await.expect("the board");
            if view.is_over() {
                continue;
            }
            let seat = view.game.current();
            let who = view.info.seats[seat].user_id;
            let actor = people.iter().find(|a| a.user_id == who).expect("a person");
            match support::db::play_turn(&session, *place, actor).await {
                Ok(after) => committed.push((g, after.info.version, Instant::now())),
                Err(_) => errors += 1,
            }
        }
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_after = status_kb(pid, "VmRSS:").unwrap_or(0);
    let hwm = status_kb(pid, "VmHWM:").unwrap_or(0);

    // How long each move took to reach each page of its game.
    let mut lags = Vec::new();
    let mut missed = 0;
    let by_game: HashMap<usize, Vec<&Told>> = told.iter().fold(HashMap::new(), |mut m, (g, t)| {
        m.entry(*g).or_default().push(t);
        m
    });
    for (g, version, at) in &committed {
        for t in by_game.get(g).into_iter().flatten() {
            let t = t.lock().unwrap_or_else(|e| e.into_inner());
            match t.iter().find(|(v, _)| v >= version) {
                Some((_, when)) => lags.push(when.saturating_duration_since(*at)),
                None => missed += 1,
            }
        }
    }
    lags.sort();
    let _ = bot.kill();
    let _ = bot.wait();

    println!("web pages: {pages} live pages on {games} games, {rounds} rounds");
    println!(
        "  first load (page with its board, scripts, style; gzip): {} KB, served in median {:.1} ms, max {:.1} ms",
        sizes.iter().max().copied().unwrap_or(0).div_ceil(1024),
        percentile(&first_loads, 0.5).as_secs_f64() * 1e3,
        first_loads.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    match painted {
        Some(ms) => println!("  first paint of a game's page in headless Chromium: {ms:.0} ms"),
        None => println!("  (no Chromium: the first paint was not measured)"),
    }
    println!("  pages open: {open} of {pages}");
    println!(
        "  bot memory: {:.1} MB before the pages, {:.1} MB with them open (+{:.1} MB), {:.1} MB after the moves; peak (VmHWM) {:.1} MB",
        rss_before as f64 / 1024.0,
        rss_open as f64 / 1024.0,
        (rss_open as f64 - rss_before as f64) / 1024.0,
        rss_after as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
    println!(
        "  a move to every page of its game: p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms ({} deliveries, {missed} missed, {errors} moves refused)",
        percentile(&lags, 0.5).as_secs_f64() * 1e3,
        percentile(&lags, 0.99).as_secs_f64() * 1e3,
        lags.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        lags.len()
    );
    support::db::remove_db("bench-web");
}
