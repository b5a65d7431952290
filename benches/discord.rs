//! The Discord bot's measured targets, driving the real bot binary (`primeclimb bot`, a
//! process of its own) through the fake Discord on loopback in this process:
//! - with 20 games played at once, the time from INTERACTION_CREATE to the interaction
//!   response for `/climb move`, render included: p99 ≤ 100 ms, and no errors;
//! - memory ≤ 100 MB: the peak resident set (VmHWM) of the bot process alone.
//!
//! The load: 20 channels, each a person against a medium AI; a person moves (the hard
//! AI's best move, as `/climb move`) after a think time of 0.2–1.0 s, the AI turns follow
//! 0.5 s apart as the bot posts them. A person learns that it is their turn from the
//! messages posted in their channel, as in Discord. `cargo bench --bench discord [-- MOVES]` (default 400
//! moves in all); the numbers go in the README.
//!
//! The same load per game on a bot run as several processes on one PostgreSQL database:
//! `cargo bench --bench discord -- --postgres --processes 2 --games 100 [MOVES]`. A fresh
//! database on a real PostgreSQL server started for the benchmark (tests/support/
//! postgres.rs; without one installed the run says so loudly and stops), two bot processes
//! on it running shards 0-1 and 2-3 of 4 with 10 database connections each, and 100 games,
//! half through each process: Discord sends a server's events to one shard, and all the
//! fake's games are in one server, so the benchmark picks the shard instead (game i goes
//! through the first shard of process i mod 2: shard 0 or 2). MOVES defaults to 20 a
//! game, at most 1,000 in all (so 1,000 for 100 games; the run itself takes well under a
//! minute on two cores). The same targets: `/climb move` answered within p99 ≤ 100 ms; no
//! errors (a refused move, an interaction not answered within 15 s, or a game whose AI
//! stops playing); and each process ≤ 100 MB (VmHWM, read for each process). `--postgres`
//! alone is one process on PostgreSQL; `--games N` alone, more games on SQLite.
//!
//! `--think MIN-MAX` sets the people's think time in seconds (default 0.2-1, a stress: a
//! hundred games then ask for about a hundred moves a second; people in a class take
//! several seconds, `--think 3-10`).
//!
//! Errors are counted and printed rather than ending the run, and the CPU time each
//! process used is printed with them: on a small machine the bots, the database and this
//! driver (the fake Discord, and the hard AI that finds the people's moves) share the
//! cores, which is what to look at when the latency target is missed.

#[path = "../tests/support/mod.rs"]
mod support;

use std::process::Child;
use std::time::{Duration, Instant};

use primeclimb::climb::{ai::Level, Phase};
use primeclimb::session::{Place, Session};
use primeclimb::store::{self, Store as _};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use support::fake_discord::{self as fake, FakeDiscord, Who, GUILD_ID, MEMBER_PERMISSIONS};

const GAMES: usize = 20;

/// An interaction whose response has not come after this long is counted as not answered
/// (the fake's own waits give up, with a panic, after 20 s).
const NO_ANSWER: Duration = Duration::from_secs(15);

/// A game in which the person has not been able to move for this long is stopped and
/// counted as an error (its AI turns stopped coming).
const STALLED: Duration = Duration::from_secs(60);

/// The driver's people look at their game again after this long without a new message
/// in its channel.
const LOOK_AGAIN: Duration = Duration::from_secs(1);

/// What to run, from the arguments after `--`: `--postgres`, `--processes N`, `--games N`
/// and a number of moves in all. Anything else (`cargo bench` adds `--bench`) is ignored.
struct Run {
    postgres: bool,
    processes: usize,
    games: usize,
    moves: usize,
    /// A person's think time before each move, in milliseconds (`--think 3-10`, seconds).
    think_ms: (u64, u64),
}

impl Run {
    fn from_args() -> Run {
        let mut run = Run {
            postgres: false,
            processes: 1,
            games: GAMES,
            moves: 0,
            think_ms: (200, 1_000),
        };
        let mut moves = None;
        let mut args = std::env::args().skip(1);
        let count = |value: Option<String>, flag: &str| -> usize {
            value
                .and_then(|v| v.parse().ok())
                .filter(|&n| n > 0)
                .unwrap_or_else(|| panic!("{flag} needs a number above 0"))
        };
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--postgres" => run.postgres = true,
                "--processes" => run.processes = count(args.next(), "--processes"),
                "--games" => run.games = count(args.next(), "--games"),
                "--think" => {
                    let value = args.next().unwrap_or_default();
                    let secs = |v: &str| v.trim().parse::<f64>().ok().filter(|s| *s >= 0.0);
                    let (a, b) = value
                        .split_once('-')
                        .and_then(|(a, b)| Some((secs(a)?, secs(b)?)))
                        .filter(|(a, b)| a < b)
                        .unwrap_or_else(|| panic!("--think needs seconds MIN-MAX, e.g. 3-10"));
                    run.think_ms = ((a * 1_000.0) as u64, (b * 1_000.0) as u64);
                }
                other => {
                    if let Ok(n) = other.parse() {
                        moves = Some(n);
                    }
                }
            }
        }
        assert!(
            run.processes == 1 || run.postgres,
            "several bot processes share a PostgreSQL database: add --postgres"
        );
        // 400 for the 20 games of the default run, 1,000 for 100 games.
        run.moves = moves.unwrap_or((20 * run.games).min(1_000));
        run
    }
}

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

/// The CPU time (user and system) a process has used so far, in seconds (Linux).
fn cpu_secs(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command, which is in parentheses and may hold spaces:
    // state is the 3rd field of the line, utime the 14th, stime the 15th.
    let rest: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = rest.get(11)?.parse::<f64>().ok()? + rest.get(12)?.parse::<f64>().ok()?;
    // Safety: sysconf has no preconditions.
    let per_sec = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    Some(ticks / per_sec)
}

/// The CPU time of the PostgreSQL server: its main process and the backends it forked
/// (they live as long as the pools' connections, so read this before the bots stop).
fn postgres_cpu_secs(server: &support::postgres::PgServer) -> Option<f64> {
    let pid_file = std::fs::read_to_string(server.dir().join("data").join("postmaster.pid"));
    let postmaster = pid_file.ok()?.lines().next()?.trim().to_string();
    let mut total = cpu_secs(&postmaster)?;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let pid = entry.file_name().to_string_lossy().to_string();
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let parent = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1));
        if parent == Some(postmaster.as_str()) {
            total += cpu_secs(&pid).unwrap_or(0.0);
        }
    }
    Some(total)
}

/// The bot processes; killed when dropped, whatever happened to the run.
struct Bots(Vec<Child>);

impl Drop for Bots {
    fn drop(&mut self) {
        for bot in &mut self.0 {
            let _ = bot.kill();
            let _ = bot.wait();
        }
    }
}

struct Driver {
    fake: FakeDiscord,
    reader: Session<store::AnyStore>,
    /// The same database's rows, for the cheap looks while an AI plays.
    rows: store::AnyStore,
    next: std::sync::atomic::AtomicU64,
    /// How many bot processes share the shards (two each); `None`: one process with every
    /// shard, which gets every interaction.
    processes: Option<usize>,
}

/// What one channel's games gave: the `/climb move` latencies and the errors.
#[derive(Default)]
struct Tally {
    times: Vec<Duration>,
    /// Moves answered with an (ephemeral) refusal.
    refused: usize,
    /// Interactions with no response within [`NO_ANSWER`].
    missing: usize,
    /// Games stopped after [`STALLED`] without a turn for the person.
    stalled: usize,
}

impl Driver {
    fn id(&self) -> u64 {
        self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }

    /// The shard a game's interactions go through: the first shard of process
    /// `game % processes`.
    fn shard_of(&self, game: usize) -> Option<u64> {
        self.processes.map(|n| ((game % n) * 2) as u64)
    }

    /// Send an interaction of `game`; return the callback's JSON and the time it took, or
    /// `None` if there was no response within [`NO_ANSWER`].
    async fn send(&self, game: usize, interaction: Value, id: u64) -> Option<(Value, Duration)> {
        let path = fake::callback_path(id);
        let mark = self.fake.mark();
        let sent = Instant::now();
        match self.shard_of(game) {
            Some(shard) => self.fake.interact_on_shard(shard, interaction),
            None => self.fake.interact(interaction),
        }
        let callback = self
            .fake
            .wait_for_after(mark, "the interaction response", |r| {
                r.method == "POST" && r.path == path
            });
        let callback = tokio::time::timeout(NO_ANSWER, callback).await.ok()?;
        Some((callback.json.unwrap_or(Value::Null), callback.at - sent))
    }
}

/// Open and start the game of one channel (a person against a medium AI). False (said on
/// stderr) when the bot did not answer, or answered without a lobby.
async fn open_game(d: &Driver, game: usize) -> bool {
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
    let Some((lobby, _)) = d.send(game, in_channel(start, channel), id).await else {
        eprintln!("game {game}: no response to /climb start");
        return false;
    };
    let Some(start_id) = lobby["data"]["components"][0]["components"][2]["custom_id"].as_str()
    else {
        eprintln!("game {game}: no Start button: {}", lobby["data"]["content"]);
        return false;
    };
    let id = d.id();
    let click = fake::button_click_as(who, id, 1, start_id, "en-US");
    if d.send(game, in_channel(click, channel), id).await.is_none() {
        eprintln!("game {game}: no response to the Start button");
        return false;
    }
    true
}

/// Play one channel's games: the person's moves, timed, until `budget` moves are made (a
/// finished game is followed by a new one). Returns the latencies and the errors.
async fn play(d: &Driver, game: usize, budget: usize, seed: u64, think_ms: (u64, u64)) -> Tally {
    let who = player(game);
    let channel = channel_of(game);
    let place = Place {
        guild_id: GUILD_ID as i64,
        channel_id: channel as i64,
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut tally = Tally::default();
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut progress = Instant::now();
    while tally.times.len() < budget && Instant::now() < deadline {
        if progress.elapsed() > STALLED {
            eprintln!("game {game}: the person could not move for {STALLED:?}; stopped");
            tally.stalled += 1;
            break;
        }
        // A person learns that it is their turn from the message the bot posts: the
        // driver looks at the game's row (whose turn, over or not) once per message in
        // the channel, and reads the whole board only when the person is to move, so its
        // own reads weigh on the database the bots share about as much as people
        // looking at each new message would. (It looks again after `LOOK_AGAIN` without
        // a message, in case one was missed.)
        let seen = d.fake.posts_in(channel);
        let row = match d.rows.latest_game(place).await {
            Ok(Some(row)) => row,
            _ => {
                d.fake.wait_for_post_in(channel, seen, LOOK_AGAIN).await;
                continue;
            }
        };
        if row.status == store::Status::Active && row.to_move_user != Some(who.id as i64) {
            d.fake.wait_for_post_in(channel, seen, LOOK_AGAIN).await;
            continue;
        }
        let Ok(view) = d.reader.play().board(place).await else {
            d.fake.wait_for_post_in(channel, seen, LOOK_AGAIN).await;
            continue;
        };
        if view.is_over() {
            // Keep every game going: a finished game is followed by a new one.
            if !open_game(d, game).await {
                tally.missing += 1;
            }
            progress = Instant::now();
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            d.fake.wait_for_post_in(channel, seen, LOOK_AGAIN).await;
            continue;
        }
        progress = Instant::now();
        tokio::time::sleep(Duration::from_millis(rng.gen_range(think_ms.0..think_ms.1))).await;
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
        let Some((callback, took)) = d.send(game, in_channel(interaction, channel), id).await
        else {
            eprintln!("game {game}: no response to interaction {id}");
            tally.missing += 1;
            continue;
        };
        let ephemeral = callback["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0;
        if ephemeral {
            tally.refused += 1;
            eprintln!("refused: {}", callback["data"]["content"]);
        }
        if is_move {
            tally.times.push(took);
        }
        // Wait until the move is stored before looking again.
        let before = view.info.version;
        for _ in 0..200 {
            match d.rows.latest_game(place).await {
                Ok(Some(row)) if row.version > before => break,
                _ => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
    }
    tally
}

fn main() {
    let run = Run::from_args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let server = if run.postgres {
            let Some(server) = support::postgres::server() else {
                println!(
                    "\n*** the PostgreSQL run was SKIPPED: no PostgreSQL server could be \
                     started (see above); nothing was measured ***\n"
                );
                return;
            };
            Some(server)
        } else {
            None
        };
        let url = match server {
            Some(server) => server.fresh_database("bench_discord"),
            None => support::db::db_url("bench-discord"),
        };
        let games = run.games;
        let sharded = run.processes > 1;
        let fake = FakeDiscord::start().await;
        fake.forget_attachments();
        // The bot as it is deployed: the release binary, its own process (or several, each
        // running two of the shards).
        let mut bots = Bots(Vec::new());
        for p in 0..run.processes {
            let mut bot = std::process::Command::new(env!("CARGO_BIN_EXE_primeclimb"));
            bot.arg("bot");
            if sharded {
                let shards = format!("{}-{}", 2 * p, 2 * p + 1);
                let total = (2 * run.processes).to_string();
                bot.args(["--shards", &shards, "--total-shards", &total]);
            }
            if run.postgres {
                bot.env("DATABASE_MAX_CONNECTIONS", "10");
            }
            let child = bot
                .env("DISCORD_TOKEN", "fake-token")
                .env("WEB_ADDR", "off")
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
            bots.0.push(child);
        }
        if sharded {
            let shards: Vec<u64> = (0..2 * run.processes as u64).collect();
            fake.wait_for_shards(&shards).await;
        } else {
            fake.wait_until_ready().await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let rows = store::connect(&url).await.expect("the bot's database");
        let reader = Session::new(rows.clone());
        let d = std::sync::Arc::new(Driver {
            fake,
            reader,
            rows,
            next: std::sync::atomic::AtomicU64::new(1_000_000),
            processes: sharded.then_some(run.processes),
        });
        let mut tally = Tally::default();
        for g in 0..games {
            if !open_game(&d, g).await {
                tally.missing += 1;
            }
        }
        let per_game = run.moves.div_ceil(games);
        let cpu_before: Vec<Option<f64>> = bots
            .0
            .iter()
            .map(|b| cpu_secs(&b.id().to_string()))
            .chain([cpu_secs("self"), server.and_then(postgres_cpu_secs)])
            .collect();
        let started = Instant::now();
        let mut tasks = Vec::new();
        let think = run.think_ms;
        for g in 0..games {
            let d = d.clone();
            tasks.push(tokio::spawn(async move {
                play(&d, g, per_game, g as u64, think).await
            }));
        }
        for t in tasks {
            let t = t.await.expect("a game task");
            tally.times.extend(t.times);
            tally.refused += t.refused;
            tally.missing += t.missing;
            tally.stalled += t.stalled;
        }
        let elapsed = started.elapsed();
        let cpu_after: Vec<Option<f64>> = bots
            .0
            .iter()
            .map(|b| cpu_secs(&b.id().to_string()))
            .chain([cpu_secs("self"), server.and_then(postgres_cpu_secs)])
            .collect();
        let times = &mut tally.times;
        times.sort();
        let on = match (run.postgres, run.processes) {
            (false, _) => String::new(),
            (true, 1) => ", one bot process on PostgreSQL".to_string(),
            (true, n) => format!(", {n} bot processes on PostgreSQL"),
        };
        println!(
            "{games} games at once{on}, {} /climb move responses in {:.1} s",
            times.len(),
            elapsed.as_secs_f64()
        );
        if times.is_empty() {
            println!("INTERACTION_CREATE → response: no /climb move was answered");
        } else {
            let pct = |p: f64| {
                times[((times.len() as f64 * p).ceil() as usize).clamp(1, times.len()) - 1]
            };
            println!(
                "INTERACTION_CREATE → response (render included): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                pct(0.50).as_secs_f64() * 1e3,
                pct(0.90).as_secs_f64() * 1e3,
                pct(0.99).as_secs_f64() * 1e3,
                times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3)
            );
        }
        println!("refused moves: {}", tally.refused);
        println!(
            "errors: {} (refused moves {}, interactions not answered within {} s {}, games \
             stalled {})",
            tally.refused + tally.missing + tally.stalled,
            tally.refused,
            NO_ANSWER.as_secs(),
            tally.missing,
            tally.stalled
        );
        for (p, bot) in bots.0.iter().enumerate() {
            let pid = bot.id();
            let which = if sharded {
                format!("bot process {} (shards {}-{})", p + 1, 2 * p, 2 * p + 1)
            } else {
                "bot process alone".to_string()
            };
            match (memory_mb(pid, "VmHWM:"), memory_mb(pid, "VmRSS:")) {
                (Some(peak), Some(now)) => println!(
                    "memory of the {which}: peak (VmHWM) {peak:.0} MB, at the end (VmRSS) {now:.0} MB"
                ),
                _ => println!("memory of the bot process: not readable here (Linux /proc only)"),
            }
        }
        let mut names: Vec<String> = match run.processes {
            1 => vec!["the bot process".to_string()],
            n => (1..=n).map(|p| format!("bot process {p}")).collect(),
        };
        names.push("this driver (fake Discord, players' hard AI)".to_string());
        names.push("PostgreSQL (this driver's reads of the board included)".to_string());
        let used: Vec<String> = names
            .iter()
            .zip(cpu_before.iter().zip(&cpu_after))
            .filter_map(|(name, (before, after))| {
                Some(format!("{name} {:.1} s", (*after)? - (*before)?))
            })
            .collect();
        if !used.is_empty() {
            println!(
                "CPU time while playing ({:.1} s of wall time): {}",
                elapsed.as_secs_f64(),
                used.join(", ")
            );
        }
        drop(bots);
        if server.is_none() {
            support::db::remove_db("bench-discord");
        }
    });
}
