//! The Discord bot's measured targets, driving the real bot binary (`primeclimb bot`, a
//! process of its own) through the fake Discord on loopback in this process:
//! - with 20 games played at once, the time from INTERACTION_CREATE to the interaction
//!   response for `/climb move`, render included: p99 ≤ 100 ms, and no errors;
//! - memory ≤ 100 MB: the peak resident set (VmHWM) of the bot process alone.
//!
//! The load: 20 channels, each a person against a medium AI; a person moves (the hard
//! AI's best move, as `/climb move`) after a think time of 0.2–1.0 s, the AI turns follow
//! 0.5 s apart as the bot posts them. `cargo bench --bench discord [-- MOVES]` (default 400
//! moves in all); the numbers go in the README.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use primeclimb::climb::{ai::Level, Phase};
use primeclimb::session::{Place, Session};
use primeclimb::store;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use support::fake_discord::{self as fake, FakeDiscord, Who, GUILD_ID, MEMBER_PERMISSIONS};

const GAMES: usize = 20;

/// Put an interaction in another channel of the guild.
fn in_channel(mut interaction: Value, channel: u64) -> Value {
    interaction["channel_id"] = json!(channel.to_string());
    interaction["channel"]["id"] = json!(channel.to_string());
    interaction
}

fn channel_of(game: usize) -> u64 {
    960_000_000_000_000_000 + game as u64
}

fn player(game: usize) -> Who {
    Who {
        id: 970_000_000_000_000_000 + game as u64,
        name: "Player",
        permissions: MEMBER_PERMISSIONS,
    }
}

/// A memory figure of a process (`VmHWM`: the peak resident set; `VmRSS`: now), in MB
/// (Linux).
fn memory_mb(pid: u32, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

struct Driver {
    fake: FakeDiscord,
    reader: Session<store::SqliteStore>,
    next: std::sync::atomic::AtomicU64,
}

impl Driver {
    fn id(&self) -> u64 {
        self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }

    /// Send an interaction; return the callback's JSON and the time it took.
    async fn send(&self, interaction: Value, id: u64) -> (Value, Duration) {
        let sent = Instant::now();
        self.fake.interact(interaction);
        let callback = self
            .fake
            .wait_for_request("POST", &fake::callback_path(id))
            .await;
        (callback.json.unwrap_or(Value::Null), callback.at - sent)
    }
}

/// Open and start the game of one channel (a person against a medium AI).
async fn open_game(d: &Driver, game: usize) {
    let who = player(game);
    let channel = channel_of(game);
    let id = d.id();
    let start = fake::slash_command_as(
        who,
        id,
        &["climb", "start"],
        json!([{ "name": "ai", "type": 3, "value": "medium" }]),
        "en-US",
    );
    let (lobby, _) = d.send(in_channel(start, channel), id).await;
    let start_id = lobby["data"]["components"][0]["components"][2]["custom_id"]
        .as_str()
        .expect("a Start button")
        .to_string();
    let id = d.id();
    let click = fake::button_click_as(who, id, 1, &start_id, "en-US");
    d.send(in_channel(click, channel), id).await;
}

/// Play one channel's games: the person's moves, timed, until `budget` moves are made (a
/// finished game is followed by a new one). Returns the latencies and the refused moves.
async fn play(d: &Driver, game: usize, budget: usize, seed: u64) -> (Vec<Duration>, usize) {
    let who = player(game);
    let channel = channel_of(game);
    let place = Place {
        guild_id: GUILD_ID as i64,
        channel_id: channel as i64,
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut times = Vec::new();
    let mut errors = 0;
    let deadline = Instant::now() + Duration::from_secs(600);
    while times.len() < budget && Instant::now() < deadline {
        let Ok(view) = d.reader.board(place).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        if view.is_over() {
            // Keep 20 games going: a finished game is followed by a new one.
            open_game(d, game).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(rng.gen_range(200..1_000))).await;
        let text = match view.game.phase {
            Phase::Choice(_) => None,
            _ => {
                let game = view.game.clone();
                tokio::task::spawn_blocking(move || {
                    primeclimb::climb::ai::best_outcomes(&game, Level::Hard, 1)
                        .first()
                        .map(|o| o.witness.clone())
                })
                .await
                .ok()
                .flatten()
            }
        };
        let id = d.id();
        let interaction = match text.filter(|t| !t.is_empty()) {
            Some(moves) => fake::slash_command_as(
                who,
                id,
                &["climb", "move"],
                json!([{ "name": "moves", "type": 3, "value": moves }]),
                "en-US",
            ),
            None if matches!(view.game.phase, Phase::Choice(_)) => {
                let custom = format!("climb:{}:{}:pick0", view.info.id, view.info.version);
                fake::select_as(who, id, 1, &custom, &["1"], "en-US")
            }
            None => {
                let custom = format!("climb:{}:{}:end", view.info.id, view.info.version);
                fake::button_click_as(who, id, 1, &custom, "en-US")
            }
        };
        let is_move = interaction["type"] == 2;
        let (callback, took) = d.send(in_channel(interaction, channel), id).await;
        let ephemeral = callback["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0;
        if ephemeral {
            errors += 1;
            eprintln!("refused: {}", callback["data"]["content"]);
        }
        if is_move {
            times.push(took);
        }
        // Wait until the move is stored before looking again.
        let before = view.info.version;
        for _ in 0..200 {
            match d.reader.board(place).await {
                Ok(v) if v.info.version > before => break,
                _ => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
    }
    (times, errors)
}

fn main() {
    let moves: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(400);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let url = support::db::db_url("bench-discord");
        let fake = FakeDiscord::start().await;
        fake.forget_attachments();
        // The bot as it is deployed: the release binary, its own process.
        let mut bot = std::process::Command::new(env!("CARGO_BIN_EXE_primeclimb"))
            .arg("bot")
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_URL", &fake.api_url)
            .env("DATABASE_URL", &url)
            .env("DEV_GUILD_ID", GUILD_ID.to_string())
            .env("AI_PACE_MS", "500")
            .env("TAKE_BACK_SECS", "0")
            .env("RUST_LOG", "warn")
            .env("NO_PROXY", "127.0.0.1,localhost")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("start the bot");
        fake.wait_until_ready().await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let reader = Session::new(store::connect(&url).await.expect("the bot's database"));
        let d = std::sync::Arc::new(Driver {
            fake,
            reader,
            next: std::sync::atomic::AtomicU64::new(1_000_000),
        });
        for g in 0..GAMES {
            open_game(&d, g).await;
        }
        let per_game = moves.div_ceil(GAMES);
        let started = Instant::now();
        let mut tasks = Vec::new();
        for g in 0..GAMES {
            let d = d.clone();
            tasks.push(tokio::spawn(async move { play(&d, g, per_game, g as u64).await }));
        }
        let mut times = Vec::new();
        let mut errors = 0;
        for t in tasks {
            let (t, e) = t.await.expect("a game task");
            times.extend(t);
            errors += e;
        }
        let elapsed = started.elapsed();
        times.sort();
        let pct = |p: f64| times[((times.len() as f64 * p).ceil() as usize).clamp(1, times.len()) - 1];
        println!(
            "{GAMES} games at once, {} /climb move responses in {:.1} s",
            times.len(),
            elapsed.as_secs_f64()
        );
        println!(
            "INTERACTION_CREATE → response (render included): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            pct(0.50).as_secs_f64() * 1e3,
            pct(0.90).as_secs_f64() * 1e3,
            pct(0.99).as_secs_f64() * 1e3,
            times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3)
        );
        println!("refused moves: {errors}");
        let pid = bot.id();
        match (memory_mb(pid, "VmHWM:"), memory_mb(pid, "VmRSS:")) {
            (Some(peak), Some(now)) => println!(
                "memory of the bot process alone: peak (VmHWM) {peak:.0} MB, at the end (VmRSS) {now:.0} MB"
            ),
            _ => println!("memory of the bot process: not readable here (Linux /proc only)"),
        }
        let _ = bot.kill();
        let _ = bot.wait();
        support::db::remove_db("bench-discord");
    });
}
