//! The real bot (`primeclimb::discord::run`) against the fake Discord, as the end-to-end
//! tests and the Discord benchmark drive it: start and stop it, send slash commands,
//! clicks and menu choices as a given user, and read the game from the same database.

#![allow(dead_code)] // each test file uses a different part

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use primeclimb::discord::{BotConfig, BotError, Timing};
use primeclimb::session::{ClimbView, Place};
use primeclimb::store;
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::db::TestSession;
use super::fake_discord::{self as fake, FakeDiscord, Recorded, Who, CHANNEL_ID, GUILD_ID, WAIT};

/// The flag Discord uses for an ephemeral message.
pub const EPHEMERAL: u64 = 1 << 6;

/// The place of the fake's channel.
pub const PLACE: Place = Place {
    guild_id: GUILD_ID as i64,
    channel_id: CHANNEL_ID as i64,
};

/// The running bot and the switch that stops it.
pub struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), BotError>>,
}

pub fn start_bot(config: BotConfig) -> Bot {
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(primeclimb::cli::bot::serve(config, async move {
        let _ = stopped.await;
    }));
    Bot { stop, task }
}

impl Bot {
    /// Wait for the bot to stop by itself (a start-up that fails).
    pub async fn join(self) -> Result<(), BotError> {
        let Bot { stop, task } = self;
        let result = task.await.expect("the bot task panicked");
        drop(stop);
        result
    }

    /// Ask the bot to stop, as SIGINT would, and check it stops cleanly in time.
    pub async fn shut_down(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot did not shut down in time")
            .expect("the bot task panicked");
        assert!(result.is_ok(), "the bot stopped with {result:?}");
    }
}

/// A clock the test moves by hand (milliseconds since the epoch).
#[derive(Clone)]
pub struct TestClock(Arc<AtomicI64>);

impl TestClock {
    pub fn new() -> TestClock {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0);
        TestClock(Arc::new(AtomicI64::new(now)))
    }

    /// Set the clock to an instant (ms since the epoch).
    pub fn set(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }

    /// The clock's instant (ms since the epoch).
    pub fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }

    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as i64, Ordering::SeqCst);
    }

    pub fn clock(&self) -> primeclimb::session::Clock {
        let t = self.0.clone();
        Arc::new(move || t.load(Ordering::SeqCst))
    }
}

/// The bot's configuration for a test: the fake Discord, a database, quick timing.
pub fn config(fake: &FakeDiscord, database_url: &str, clock: &TestClock) -> BotConfig {
    BotConfig {
        token: "fake-token".into(),
        database_url: database_url.into(),
        api_url: Some(fake.api_url.clone()),
        dev_guild_id: Some(GUILD_ID),
        shards: None,
        timing: Timing {
            tick: Duration::from_millis(50),
            ai_pace: Duration::ZERO,
            defer_after: Duration::from_millis(2_500),
            take_back: Duration::ZERO,
            ai_idle: Duration::from_secs(5),
            startup: Duration::from_secs(10),
            runner_lease: Duration::from_secs(60),
            clock: Some(clock.clock()),
        },
        web: None,
    }
}

/// A channel with the bot in it: the fake Discord, the bot, a reader on its database.
pub struct Table {
    pub fake: FakeDiscord,
    pub bot: Option<Bot>,
    pub url: String,
    pub clock: TestClock,
    /// A second session on the bot's database, to read games as they are stored.
    pub reader: TestSession,
    next_id: AtomicU64,
    /// What the bot may do in the channel, sent with every interaction (`None`: the fake's
    /// default, which lacks the thread permissions).
    app_permissions: std::sync::Mutex<Option<u64>>,
    /// The bot's web pages, served again by a restarted bot.
    web: Option<primeclimb::config::WebConfig>,
}

impl Table {
    /// The fake Discord and the bot on a fresh database file, ready.
    pub async fn open(name: &str) -> Table {
        let url = super::db::db_url(name);
        Table::open_on(&url).await
    }

    /// The same on an existing database.
    pub async fn open_on(url: &str) -> Table {
        Table::open_with(url, |_| {}).await
    }

    /// The fake Discord and the bot with its configuration changed by `adjust`.
    pub async fn open_with(url: &str, adjust: impl FnOnce(&mut BotConfig)) -> Table {
        let fake = FakeDiscord::start().await;
        let clock = TestClock::new();
        let mut config = config(&fake, url, &clock);
        adjust(&mut config);
        let web = config.web.clone();
        let bot = start_bot(config);
        fake.wait_until_ready().await;
        fake.wait_for_request(
            "PUT",
            &format!(
                "/api/v10/applications/{}/guilds/{GUILD_ID}/commands",
                fake::APP_ID
            ),
        )
        .await;
        let reader = TestSession::new(store::connect(url).await.expect("open the bot's database"));
        Table {
            fake,
            bot: Some(bot),
            url: url.to_string(),
            clock,
            reader,
            next_id: AtomicU64::new(10_000),
            app_permissions: std::sync::Mutex::new(None),
            web,
        }
    }

    /// Stop the bot and start a new one on the same database (a restart).
    pub async fn restart(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.shut_down().await;
        }
        let mark = self.fake.mark();
        let mut again = config(&self.fake, &self.url, &self.clock);
        again.web = self.web.clone();
        self.bot = Some(start_bot(again));
        self.fake
            .wait_for_after(mark, "a new gateway session", |r| {
                r.method == "PUT" && r.path.ends_with("/commands")
            })
            .await;
    }

    pub async fn close(mut self) {
        if let Some(bot) = self.bot.take() {
            bot.shut_down().await;
        }
    }

    pub fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::SeqCst)
    }

    /// Let the bot open threads in the channel from now on (the permissions of the invite
    /// link it prints).
    pub fn allow_threads(&self) {
        *self
            .app_permissions
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = Some(fake::BOT_PERMISSIONS_WITH_THREADS);
    }

    /// Send an interaction and return the response to it: the callback, or when it was
    /// deferred, the message that followed.
    pub async fn send(&self, id: u64, mut interaction: Value) -> Reply {
        let granted = *self
            .app_permissions
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(p) = granted {
            interaction["app_permissions"] = Value::String(p.to_string());
        }
        self.fake.interact(interaction);
        let callback = self
            .fake
            .wait_for_request("POST", &fake::callback_path(id))
            .await;
        let json = callback.json.clone().expect("a JSON interaction response");
        let kind = json["type"].as_u64().unwrap_or(0);
        if kind == 5 || kind == 6 {
            let token = fake::interaction_token(id);
            let followed = self
                .fake
                .wait_for_after(0, "the deferred reply", |r| {
                    r.path.contains(&token)
                        && (r.method == "PATCH" || r.method == "POST")
                        && !r.path.ends_with("/callback")
                })
                .await;
            let mut data = followed.json.clone().unwrap_or(Value::Null);
            // A deferred answer is shown as the deferral said (ephemeral or not).
            if data.is_object() && data["flags"].is_null() {
                data["flags"] = json["data"]["flags"].clone();
            }
            return Reply {
                kind,
                data,
                request: followed,
            };
        }
        Reply {
            kind,
            data: json["data"].clone(),
            request: callback,
        }
    }

    /// A slash command by `who`.
    pub async fn slash(&self, who: Who, path: &[&str], options: Value, locale: &str) -> Reply {
        let id = self.id();
        self.send(id, fake::slash_command_as(who, id, path, options, locale))
            .await
    }

    /// A slash command by `who` typed in a thread (`channel`, of `parent`).
    pub async fn slash_in_thread(
        &self,
        thread: u64,
        who: Who,
        path: &[&str],
        options: Value,
        locale: &str,
    ) -> Reply {
        let id = self.id();
        let mut interaction = fake::slash_command_as(who, id, path, options, locale);
        fake::in_thread(&mut interaction, thread);
        self.send(id, interaction).await
    }

    /// `/climb move moves:<text>` by `who`.
    pub async fn climb_move(&self, who: Who, moves: &str) -> Reply {
        self.slash(
            who,
            &["climb", "move"],
            serde_json::json!([{ "name": "moves", "type": 3, "value": moves }]),
            "en-US",
        )
        .await
    }

    /// A button click by `who`.
    pub async fn click(&self, who: Who, custom_id: &str, locale: &str) -> Reply {
        let id = self.id();
        self.send(id, fake::button_click_as(who, id, 1, custom_id, locale))
            .await
    }

    /// A select-menu choice by `who`.
    pub async fn select(&self, who: Who, custom_id: &str, value: &str, locale: &str) -> Reply {
        let id = self.id();
        self.send(id, fake::select_as(who, id, 1, custom_id, &[value], locale))
            .await
    }

    /// The channel's game as stored now.
    pub async fn board(&self) -> ClimbView {
        self.reader
            .play()
            .board(PLACE)
            .await
            .expect("a game in the channel")
    }

    /// Who of Ada and Bo is to move in the channel's game.
    pub async fn mover(&self) -> Who {
        let v = self.board().await;
        match v.info.user_of(v.game.current()) {
            Some(id) if id == fake::ADA.id as i64 => fake::ADA,
            Some(id) if id == fake::BO.id as i64 => fake::BO,
            other => panic!("nobody we know is to move: {other:?}"),
        }
    }

    /// Play the turn of `who` the way the hints say, to its end, through Discord: a card
    /// drawn that asks for a choice gets the first one, a move that does not end by itself
    /// (a Keeper in hand) is ended, and a turn a card gives again (Roll again!) is played
    /// too. Returns when someone else is to move or the game is over.
    pub async fn play_turn(&self, who: Who) {
        let mut turn = self.board().await.game.turn.number;
        for _ in 0..20 {
            let view = self.board().await;
            if view.is_over() || view.info.user_of(view.game.current()) != Some(who.id as i64) {
                return;
            }
            if view.game.turn.number != turn {
                // The same person again: another turn if it follows at once, else the
                // others have played and the next turn is not this call's to play.
                if view.game.turn.number != turn + 1 {
                    return;
                }
                turn = view.game.turn.number;
            }
            let (id, v) = (view.info.id, view.info.version);
            let end = format!("climb:{id}:{v}:end");
            match view.game.phase {
                primeclimb::climb::Phase::Choice(_) => {
                    self.select(who, &format!("climb:{id}:{v}:pick0"), "1", "en-US")
                        .await;
                }
                _ if !view.game.turn.steps.is_empty() && view.game.can_end_move() => {
                    self.click(who, &end, "en-US").await;
                }
                _ => {
                    let (_, hints) = self.reader.play().hint(PLACE, 1).await.expect("a hint");
                    match hints.first().filter(|h| !h.moves.is_empty()) {
                        Some(h) => self.climb_move(who, &h.moves).await,
                        None => self.click(who, &end, "en-US").await,
                    };
                }
            }
        }
        panic!("the turn did not end");
    }

    /// A two-person game of Ada and Bo in the channel (`options` for /climb start): Bo
    /// joins, Ada starts it; its id once it has started.
    pub async fn ada_and_bo(&self, options: Value) -> i64 {
        let r = self
            .slash(fake::ADA, &["climb", "start"], options, "en-US")
            .await;
        let ids = custom_ids(&r.data);
        let id_for = |verb: &str| {
            ids.iter()
                .find(|c| c.ends_with(&format!(":{verb}")))
                .expect("a lobby button")
                .clone()
        };
        self.click(fake::BO, &id_for("join"), "en-US").await;
        self.click(fake::ADA, &id_for("start"), "en-US").await;
        self.wait_for_game("the game", |v| {
            v.info.status == primeclimb::session::Status::Active
        })
        .await
        .info
        .id
    }

    /// A Prime Climb game of Ada against an easy AI (`/climb start`, then Start), at Ada's
    /// turn, once the channel has the message that tells her so (the first board after
    /// Start, or the AI's first turn): faults a test sets next are then met by the messages
    /// it means, not by that one, still on its way.
    pub async fn climb_against_easy_ai(&self) -> ClimbView {
        let r = self
            .slash(
                fake::ADA,
                &["climb", "start"],
                serde_json::json!([{ "name": "ai", "type": 3, "value": "easy" }]),
                "en-US",
            )
            .await;
        self.click(
            fake::ADA,
            &fake::id_for(&custom_ids(&r.data), "start"),
            "en-US",
        )
        .await;
        let view = self
            .wait_for_game("Ada's turn", |v| {
                !v.is_over() && v.ai_level(v.game.current()).is_none()
            })
            .await;
        let ping = format!("<@{}>", fake::ADA.id);
        self.fake
            .wait_for_after(0, "the channel message that says it is Ada's turn", |q| {
                q.path == fake::channel_path(CHANNEL_ID)
                    && fake::content(q).contains(&ping)
                    && fake::content(q).contains("your turn")
            })
            .await;
        view
    }

    /// Wait until `ready` holds for the stored game (AI turns, the clock).
    pub async fn wait_for_game(&self, what: &str, ready: impl Fn(&ClimbView) -> bool) -> ClimbView {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let last = self.reader.play().board(PLACE).await;
            if let Ok(view) = &last {
                if ready(view) {
                    return view.clone();
                }
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{what}: not within {WAIT:?}; the game is at {}",
                match &last {
                    Ok(v) => format!(
                        "turn {}, seat {} to move, {:?}, steps {:?}",
                        v.game.turn.number,
                        v.game.current(),
                        v.game.phase,
                        v.game.turn.steps
                    ),
                    Err(e) => format!("{e:?}"),
                }
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The response to one interaction.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The callback type: 4 message, 5 deferred, 7 update of the clicked message, 8 choices.
    pub kind: u64,
    /// The message data (content, flags, components, attachments).
    pub data: Value,
    pub request: Recorded,
}

impl Reply {
    pub fn content(&self) -> String {
        self.data["content"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub fn ephemeral(&self) -> bool {
        self.data["flags"].as_u64().unwrap_or(0) & EPHEMERAL == EPHEMERAL
    }

    /// The PNG attached as the board, if any.
    pub fn png(&self) -> Option<Vec<u8>> {
        png_of(&self.request)
    }

    /// The attached picture with this file name, if any.
    pub fn png_named(&self, name: &str) -> Option<Vec<u8>> {
        self.request
            .parts
            .iter()
            .find(|p| p.filename.as_deref() == Some(name))
            .map(|p| p.bytes.clone())
    }

    /// Every component's custom id, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.data)
    }
}

/// The board picture of a request, if it carries one.
pub fn png_of(r: &Recorded) -> Option<Vec<u8>> {
    r.parts
        .iter()
        .find(|p| p.filename.as_deref() == Some("board.png"))
        .map(|p| p.bytes.clone())
}

/// The custom ids of a message's components.
pub fn custom_ids(data: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in data["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                out.push(id.to_string());
            }
        }
    }
    out
}

/// Assert that `bytes` is a PNG image of the board (decodes, 1024 wide).
pub fn assert_board_png(bytes: &[u8]) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the PNG decodes");
    assert_eq!(img.width(), 1024);
}
