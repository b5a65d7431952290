//! A fake Discord on loopback for end-to-end tests of the real bot: a REST server that
//! answers what serenity and poise ask at start-up and records every request, and a
//! websocket gateway that says HELLO, answers IDENTIFY with READY, acknowledges
//! heartbeats and lets a test inject dispatches such as `INTERACTION_CREATE`.
//!
//! Point the bot at it with `DISCORD_API_URL` = [`FakeDiscord::api_url`]: serenity's
//! proxy setting rewrites `https://discord.com` to it, and `GET /api/v10/gateway` then
//! moves the gateway to loopback too. Nothing here reaches the network.

#![allow(dead_code)] // each test file uses a different part

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The bot's application id (also its user id, as on Discord).
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The guild the fake's interactions come from.
pub const GUILD_ID: u64 = 910_000_000_000_000_001;
/// The channel the fake's interactions come from.
pub const CHANNEL_ID: u64 = 920_000_000_000_000_001;
/// The user who invokes commands.
pub const USER_ID: u64 = 930_000_000_000_000_001;

/// One part of a multipart request (`payload_json`, `files[0]`…).
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// When the fake received it.
    pub at: std::time::Instant,
    pub method: String,
    /// The path without the query, e.g. `/api/v10/users/@me`.
    pub path: String,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// The parts of a multipart body (empty otherwise), attachments' bytes included.
    pub parts: Vec<Part>,
    /// The fault the fake answered it with (`None`: it was taken), decided as it was
    /// recorded, so a test that heals the fake never miscounts a request on the edge.
    pub refused: Option<Fault>,
}

/// The REST path of a channel's messages (a game's channel, or a thread).
pub fn channel_path(channel: u64) -> String {
    format!("/api/v10/channels/{channel}/messages")
}

/// The text of a recorded request: a channel message's `content`, or an interaction
/// reply's `data.content`; empty for anything else.
pub fn content(r: &Recorded) -> String {
    let Some(j) = &r.json else {
        return String::new();
    };
    j["content"]
        .as_str()
        .or(j["data"]["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// The custom id among `ids` that ends with `:verb` (a button or menu of a message).
pub fn id_for(ids: &[String], verb: &str) -> String {
    ids.iter()
        .find(|c| c.ends_with(&format!(":{verb}")))
        .unwrap_or_else(|| panic!("no {verb} in {ids:?}"))
        .clone()
}

/// A gateway payload the bot sent (IDENTIFY, heartbeats…).
#[derive(Clone, Debug)]
pub struct GatewayFrame {
    pub op: u64,
    pub d: Value,
}

/// An identified gateway session: its shard, its dispatch sender, its sequence number.
type GatewaySession = (u64, mpsc::UnboundedSender<String>, Arc<AtomicU64>);

#[derive(Default)]
struct State {
    requests: Mutex<Vec<Recorded>>,
    frames: Mutex<Vec<GatewayFrame>>,
    /// One sender per gateway session that has received READY.
    /// Each identified gateway session: its shard, the way to send it dispatches, and the
    /// last sequence number it was sent (each session counts its own, as Discord's do).
    sessions: Mutex<Vec<GatewaySession>>,
    reject_token: AtomicBool,
    forget_attachments: AtomicBool,
    /// Requests still to refuse, as a Discord outage or a rate limit would.
    faults: Mutex<Vec<(Route, u64, Fault)>>,
    gateway_url: Mutex<String>,
    /// Threads created so far: (id, parent channel, name, archived).
    threads: Mutex<Vec<FakeThread>>,
    /// Ids given to new channels (threads).
    next_channel: AtomicU64,
    /// Every this-many-th thread creation is refused with a 429 (`0`: never), with this
    /// `retry_after` in ms: Discord's per-route limit on creating threads.
    thread_limit: Mutex<(u64, u64)>,
    thread_attempts: AtomicU64,
    /// The server's members for `GET /guilds/…/members`; `None`: Discord refuses the list
    /// (403), as it does when the Server Members Intent is off.
    members: Mutex<Option<Vec<FakeMember>>>,
    /// Ids given to new messages, in order (so later messages have larger ids, as
    /// Discord's snowflakes do).
    next_message: AtomicU64,
    /// The message each interaction's first response became, by interaction token.
    originals: Mutex<std::collections::HashMap<String, u64>>,
    /// Users whose direct messages are closed to the bot (Discord answers 403, 50007).
    closed_dms: Mutex<std::collections::HashSet<u64>>,
    /// Direct messages delivered: the user, the message's JSON body.
    dms: Mutex<Vec<(u64, Value)>>,
    /// The user of each direct-message channel opened.
    dm_users: Mutex<std::collections::HashMap<u64, u64>>,
    /// How many messages the bot has posted in each channel, and a wake-up for whoever
    /// waits for the next one (as a person sees a message arrive).
    channel_posts: Mutex<std::collections::HashMap<u64, u64>>,
    posted: tokio::sync::Notify,
}

/// The Activity's OAuth2 client secret the fake accepts in a code exchange.
pub const ACTIVITY_SECRET: &str = "the activity's client secret";
/// The Activity instance the fake knows (in its channel, with Ada and Bo in it).
pub const ACTIVITY_INSTANCE: &str = "i-1";

/// `%XX` escapes and `+` of a form field undone.
fn percent_decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let escaped = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                if let Some(b) = escaped {
                    out.push(b);
                    i += 3;
                    continue;
                }
                out.push(b'%');
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The first id the fake gives a message.
pub const FIRST_MESSAGE_ID: u64 = 950_000_000_000_000_001;
/// A user's direct-message channel is this plus their id's last nine digits.
pub const DM_CHANNELS: u64 = 980_000_000_000_000_000;

/// The direct-message channel of a user.
pub fn dm_channel(user: u64) -> u64 {
    DM_CHANNELS + user % 1_000_000_000
}

/// A thread the bot created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeThread {
    pub id: u64,
    pub parent: u64,
    pub name: String,
    pub archived: bool,
    pub deleted: bool,
}

/// A member of the fake server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeMember {
    pub id: u64,
    pub name: String,
    pub roles: Vec<u64>,
    pub bot: bool,
}

/// The first id the fake gives a thread.
pub const FIRST_THREAD_ID: u64 = 960_000_000_000_000_001;

/// Every permission the bot needs, threads included (the interactions' `app_permissions`
/// of a server that invited it with the link it prints).
pub const BOT_PERMISSIONS_WITH_THREADS: u64 = 2_147_483_647 | (1 << 35) | (1 << 38);

/// Send a dispatch to every ready session; false when there is none.
fn dispatch_to(state: &State, t: &str, d: Value) -> bool {
    dispatch_to_shard(state, None, t, d)
}

/// Send a dispatch to the sessions of one shard (`None`: every session); false if none
/// was open.
fn dispatch_to_shard(state: &State, shard: Option<u64>, t: &str, d: Value) -> bool {
    // The sequence number is taken under the sessions' lock, so dispatches sent from
    // several threads at once reach the bot in the order of their numbers.
    let sessions = lock(&state.sessions);
    let mut sent = false;
    for (id, session, seq) in sessions.iter() {
        if shard.is_some_and(|want| want != *id) {
            continue;
        }
        let s = seq.fetch_add(1, Ordering::SeqCst) + 1;
        let text = json!({ "op": 0, "t": t, "s": s, "d": &d }).to_string();
        // A closed session is simply gone; the test's waits report the consequence.
        sent |= session.send(text).is_ok();
    }
    sent || (shard.is_none() && !sessions.is_empty())
}

/// A thread as Discord returns it (and sends it in `THREAD_CREATE`).
fn thread_json(t: &FakeThread) -> Value {
    json!({
        "id": t.id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(),
        "parent_id": t.parent.to_string(), "name": t.name, "owner_id": APP_ID.to_string(),
        "last_message_id": null, "rate_limit_per_user": 0, "message_count": 0,
        "member_count": 1, "flags": 0, "total_message_sent": 0,
        "thread_metadata": {
            "archived": t.archived, "auto_archive_duration": 10080,
            "archive_timestamp": "2026-01-01T00:00:00.000000+00:00", "locked": false
        }
    })
}

/// A member as Discord returns it.
fn member_json(m: &FakeMember) -> Value {
    json!({
        "user": {
            "id": m.id.to_string(), "username": m.name.to_lowercase(), "discriminator": "0",
            "global_name": m.name, "avatar": null, "bot": m.bot
        },
        "nick": null, "roles": m.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
        "flags": 0, "pending": false
    })
}

/// Which requests a fault hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The first response to an interaction (`POST …/callback`).
    Callback,
    /// A followup or the edit of a deferred response (`…/webhooks/…`).
    Webhook,
    /// A message in a channel (`POST /channels/…/messages`).
    ChannelMessage,
    /// Every reply to an interaction and every channel message.
    AnyPost,
    /// The edit of a channel message (`PATCH /channels/…/messages/…`).
    Edit,
}

impl Route {
    fn matches(self, method: &str, segments: &[&str]) -> bool {
        let callback = method == "POST" && matches!(segments, ["interactions", _, _, "callback"]);
        let webhook = matches!(segments, ["webhooks", ..]) && method != "GET";
        let channel = method == "POST" && matches!(segments, ["channels", _, "messages"]);
        let edit = method == "PATCH" && matches!(segments, ["channels", _, "messages", _]);
        match self {
            Route::Edit => edit,
            Route::Callback => callback,
            Route::Webhook => webhook,
            Route::ChannelMessage => channel,
            Route::AnyPost => callback || webhook || channel,
        }
    }
}

/// How the fake refuses a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// 500 Internal Server Error.
    ServerError,
    /// 429 Too Many Requests, with `Retry-After` and the JSON body Discord sends.
    RateLimited { retry_after_ms: u64 },
}

/// The running fake; its servers stop when it is dropped.
pub struct FakeDiscord {
    /// `http://127.0.0.1:PORT`: the value for `DISCORD_API_URL`.
    pub api_url: String,
    /// `ws://127.0.0.1:PORT`: what `GET /gateway` answers.
    pub gateway_url: String,
    state: Arc<State>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// The upper bound of every wait in these tests: generous for a loaded 2-core machine,
/// short enough that a broken bot fails instead of hanging.
pub const WAIT: Duration = Duration::from_secs(20);

impl FakeDiscord {
    /// Start both servers on random loopback ports.
    pub async fn start() -> FakeDiscord {
        static NO_PROXY: Once = Once::new();
        // A system proxy must never see the loopback traffic.
        NO_PROXY.call_once(|| std::env::set_var("NO_PROXY", "127.0.0.1,localhost"));

        let state = Arc::new(State::default());
        state.next_channel.store(FIRST_THREAD_ID, Ordering::SeqCst);
        state.next_message.store(FIRST_MESSAGE_ID, Ordering::SeqCst);
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let api_url = format!("http://{}", local(&rest));
        let gateway_url = format!("ws://{}", local(&gateway));
        *lock(&state.gateway_url) = gateway_url.clone();
        let tasks = vec![
            tokio::spawn(serve_rest(rest, state.clone())),
            tokio::spawn(serve_gateway(gateway, state.clone())),
        ];
        FakeDiscord {
            api_url,
            gateway_url,
            state,
            tasks,
        }
    }

    /// The threads the bot created so far.
    pub fn threads(&self) -> Vec<FakeThread> {
        lock(&self.state.threads).clone()
    }

    /// From now on every `every`-th attempt to create a thread answers 429 with
    /// `retry_after_ms`, as Discord's rate limit on thread creation does.
    pub fn rate_limit_threads(&self, every: u64, retry_after_ms: u64) {
        *lock(&self.state.thread_limit) = (every, retry_after_ms);
    }

    /// The server's members, for `GET /guilds/…/members` (else that answers 403).
    pub fn set_members(&self, members: Vec<FakeMember>) {
        *lock(&self.state.members) = Some(members);
    }

    /// From now on `GET /users/@me` answers 401, as Discord does for a bad token.
    pub fn reject_token(&self) {
        self.state.reject_token.store(true, Ordering::SeqCst);
    }

    /// Close (or open) a user's direct messages to the bot.
    pub fn close_dms(&self, user: u64, closed: bool) {
        let mut set = lock(&self.state.closed_dms);
        if closed {
            set.insert(user);
        } else {
            set.remove(&user);
        }
    }

    /// The direct messages delivered to a user so far (their JSON bodies), in order.
    pub fn dms_to(&self, user: u64) -> Vec<Value> {
        lock(&self.state.dms)
            .iter()
            .filter(|(u, _)| *u == user)
            .map(|(_, json)| json.clone())
            .collect()
    }

    /// The edits of channel messages (`PATCH /channels/…/messages/…`): channel, message,
    /// body.
    pub fn message_edits(&self) -> Vec<(u64, u64, Value)> {
        self.requests()
            .into_iter()
            .filter(|r| r.method == "PATCH")
            .filter_map(|r| {
                let path = r.path.trim_start_matches("/api/v10/").to_string();
                let segments: Vec<&str> = path.split('/').collect();
                match segments.as_slice() {
                    ["channels", c, "messages", m] => Some((
                        c.parse().ok()?,
                        m.parse().ok()?,
                        r.json.clone().unwrap_or(Value::Null),
                    )),
                    _ => None,
                }
            })
            .collect()
    }

    /// The id of the message interaction `id`'s first response became.
    pub fn original_id(&self, id: u64) -> Option<u64> {
        lock(&self.state.originals)
            .get(&interaction_token(id))
            .copied()
    }

    /// Every REST request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        lock(&self.state.requests).clone()
    }

    /// Every gateway payload the bot sent so far.
    pub fn frames(&self) -> Vec<GatewayFrame> {
        lock(&self.state.frames).clone()
    }

    /// Wait (at most [`WAIT`]) for a request matching `method` and `path`; returns it.
    pub async fn wait_for_request(&self, method: &str, path: &str) -> Recorded {
        // Searched under the lock: only the match is copied (the log holds every PNG).
        let found = wait_until(|| {
            lock(&self.state.requests)
                .iter()
                .find(|r| r.method == method && r.path == path)
                .cloned()
        })
        .await;
        found.unwrap_or_else(|| {
            panic!(
                "no {method} {path} within {WAIT:?}; requests: {:#?}",
                self.requests()
                    .iter()
                    .map(|r| format!("{} {}", r.method, r.path))
                    .collect::<Vec<_>>()
            )
        })
    }

    /// Wait (at most [`WAIT`]) until a gateway session has received READY.
    pub async fn wait_until_ready(&self) {
        let ready = wait_until(|| (!lock(&self.state.sessions).is_empty()).then_some(())).await;
        assert!(ready.is_some(), "the bot never identified within {WAIT:?}");
    }

    /// Send a dispatch (op 0) with event name `t` and data `d` to every ready session.
    pub fn dispatch(&self, t: &str, d: Value) {
        assert!(
            dispatch_to(&self.state, t, d),
            "no gateway session to dispatch {t} to"
        );
    }

    /// Inject an interaction (see [`slash_command`] and [`button_click`]).
    pub fn interact(&self, interaction: Value) {
        self.dispatch("INTERACTION_CREATE", interaction);
    }

    /// Inject an interaction through the gateway session of one shard only (several bot
    /// processes, each running some of the shards).
    pub fn interact_on_shard(&self, shard: u64, interaction: Value) {
        assert!(
            dispatch_to_shard(&self.state, Some(shard), "INTERACTION_CREATE", interaction),
            "no open gateway session of shard {shard}"
        );
    }

    /// Wait (at most [`WAIT`]) until sessions of all these shards have received READY.
    pub async fn wait_for_shards(&self, shards: &[u64]) {
        let ready = wait_until(|| {
            let sessions = lock(&self.state.sessions);
            shards
                .iter()
                .all(|want| {
                    sessions
                        .iter()
                        .any(|(id, tx, _)| id == want && !tx.is_closed())
                })
                .then_some(())
        })
        .await;
        assert!(
            ready.is_some(),
            "shards {shards:?} never identified within {WAIT:?}"
        );
    }

    /// How many requests have been recorded (a mark for [`Self::wait_for_after`]).
    pub fn mark(&self) -> usize {
        lock(&self.state.requests).len()
    }

    /// Wait (at most [`WAIT`]) for a request after `mark` that `matches`; returns it.
    pub async fn wait_for_after(
        &self,
        mark: usize,
        what: &str,
        matches: impl Fn(&Recorded) -> bool,
    ) -> Recorded {
        let found = wait_until(|| {
            lock(&self.state.requests)
                .iter()
                .skip(mark)
                .find(|r| matches(r))
                .cloned()
        })
        .await;
        found.unwrap_or_else(|| {
            panic!(
                "no {what} within {WAIT:?}; requests since the mark: {:#?}",
                self.requests()
                    .iter()
                    .skip(mark)
                    .map(|r| format!("{} {}", r.method, r.path))
                    .collect::<Vec<_>>()
            )
        })
    }

    /// How many messages the bot has posted in `channel` (not counting refused posts).
    pub fn posts_in(&self, channel: u64) -> u64 {
        lock(&self.state.channel_posts)
            .get(&channel)
            .copied()
            .unwrap_or(0)
    }

    /// Wait until the bot has posted more than `seen` messages in `channel`, or `most`
    /// has passed: what a person in the channel sees without reading anything.
    pub async fn wait_for_post_in(&self, channel: u64, seen: u64, most: Duration) {
        let _ = tokio::time::timeout(most, async {
            loop {
                let next = self.state.posted.notified();
                tokio::pin!(next);
                // Registered before looking, so a post between the look and the wait
                // still wakes it.
                next.as_mut().enable();
                if self.posts_in(channel) > seen {
                    return;
                }
                next.await;
            }
        })
        .await;
    }

    /// Every message the bot posted in channels (not interaction responses), in order.
    pub fn channel_messages(&self) -> Vec<Recorded> {
        lock(&self.state.requests)
            .iter()
            .filter(|r| r.method == "POST" && r.path.starts_with("/api/v10/channels/"))
            .cloned()
            .collect()
    }

    /// Refuse the next `n` interaction responses with 500 Internal Server Error.
    pub fn fail_callbacks(&self, n: u64) {
        self.fail(Route::Callback, n, Fault::ServerError);
    }

    /// Refuse the next `n` requests of `route` with `fault`.
    pub fn fail(&self, route: Route, n: u64, fault: Fault) {
        lock(&self.state.faults).push((route, n, fault));
    }

    /// Stop refusing anything.
    pub fn heal(&self) {
        lock(&self.state.faults).clear();
    }

    /// Keep only the size of attached files, not their bytes (for long benchmarks, so the
    /// fake's log does not dominate the process's memory).
    pub fn forget_attachments(&self) {
        self.state.forget_attachments.store(true, Ordering::SeqCst);
    }
}

fn local(listener: &TcpListener) -> SocketAddr {
    listener.local_addr().expect("local address")
}

/// Lock a mutex, even one poisoned by a panicking test thread.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Poll `probe` every 20 ms until it returns something; panics after [`WAIT`].
pub async fn wait_until_value<T>(probe: impl FnMut() -> Option<T>) -> T {
    wait_until(probe)
        .await
        .unwrap_or_else(|| panic!("not within {WAIT:?}"))
}

/// Poll `probe` every 20 ms until it returns something or [`WAIT`] runs out.
async fn wait_until<T>(mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if let Some(found) = probe() {
            return Some(found);
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

// ---------------------------------------------------------------------------------------
// JSON shapes, following serenity's model (required fields included)

/// The bot's own user.
pub fn bot_user() -> Value {
    json!({
        "id": APP_ID.to_string(), "username": "primeclimb", "discriminator": "0",
        "global_name": null, "avatar": null, "bot": true
    })
}

/// Someone who sends interactions: a Discord user with a name and, in the guild, the
/// permissions they have in the channel.
#[derive(Clone, Copy, Debug)]
pub struct Who {
    pub id: u64,
    pub name: &'static str,
    /// The permission bits of the member in the channel.
    pub permissions: u64,
}

/// View channel, send messages, use application commands: an ordinary member.
pub const MEMBER_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 31);
/// An ordinary member plus Manage Server.
pub const MODERATOR_PERMISSIONS: u64 = MEMBER_PERMISSIONS | (1 << 5);

/// The player who invokes commands by default (an ordinary member).
pub const ADA: Who = Who {
    id: USER_ID,
    name: "Ada",
    permissions: MEMBER_PERMISSIONS,
};
/// A second player.
pub const BO: Who = Who {
    id: 930_000_000_000_000_002,
    name: "Bo",
    permissions: MEMBER_PERMISSIONS,
};
/// A moderator (Manage Server) who does not play.
pub const TEACHER: Who = Who {
    id: 930_000_000_000_000_003,
    name: "Teacher",
    permissions: MODERATOR_PERMISSIONS,
};

/// The user who plays.
pub fn player_user() -> Value {
    user_json(ADA)
}

fn user_json(who: Who) -> Value {
    json!({
        "id": who.id.to_string(), "username": who.name.to_lowercase(), "discriminator": "0",
        "global_name": who.name, "avatar": null
    })
}

/// A message as Discord returns it from a create or an edit.
pub fn message(id: u64, content: &str) -> Value {
    json!({
        "id": id.to_string(), "channel_id": CHANNEL_ID.to_string(), "author": bot_user(),
        "content": content, "timestamp": "2026-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "application_id": APP_ID.to_string(), "webhook_id": APP_ID.to_string()
    })
}

/// The fields every interaction has: who, where, in which language.
fn interaction_base(id: u64, kind: u8, locale: &str) -> Value {
    interaction_from(ADA, id, kind, locale)
}

fn interaction_from(who: Who, id: u64, kind: u8, locale: &str) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "token": interaction_token(id),
        "version": 1,
        "guild_id": GUILD_ID.to_string(),
        "channel_id": CHANNEL_ID.to_string(),
        "channel": { "id": CHANNEL_ID.to_string(), "type": 0, "name": "maths" },
        "member": {
            "user": user_json(who), "nick": null, "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "pending": false,
            "permissions": who.permissions.to_string()
        },
        "app_permissions": "2147483647",
        "locale": locale,
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
        "context": 0,
        "attachment_size_limit": 10_485_760
    })
}

/// Move an interaction into a thread of the game's channel: its channel is the thread.
pub fn in_thread(interaction: &mut Value, thread: u64) {
    interaction["channel_id"] = json!(thread.to_string());
    interaction["channel"] = json!({
        "id": thread.to_string(), "type": 11, "name": "game",
        "parent_id": CHANNEL_ID.to_string()
    });
}

/// The token of interaction `id` (it appears in the callback's path).
pub fn interaction_token(id: u64) -> String {
    format!("itok-{id}")
}

/// The path of the initial response to interaction `id`.
pub fn callback_path(id: u64) -> String {
    format!(
        "/api/v10/interactions/{id}/{}/callback",
        interaction_token(id)
    )
}

/// A slash command (interaction type 2). `path` is the command and its subcommands
/// (`["climb", "rules"]`); `options` the innermost options, e.g.
/// `json!([{"name": "topic", "type": 4, "value": 3}])`.
pub fn slash_command(id: u64, path: &[&str], options: Value, locale: &str) -> Value {
    slash_command_as(ADA, id, path, options, locale)
}

/// A slash command sent by `who`.
pub fn slash_command_as(who: Who, id: u64, path: &[&str], options: Value, locale: &str) -> Value {
    command_interaction(who, id, 2, path, options, locale)
}

/// An autocomplete request (interaction type 4): `options` has the one being typed
/// marked `"focused": true`.
pub fn autocomplete_as(who: Who, id: u64, path: &[&str], options: Value, locale: &str) -> Value {
    command_interaction(who, id, 4, path, options, locale)
}

fn command_interaction(
    who: Who,
    id: u64,
    kind: u8,
    path: &[&str],
    options: Value,
    locale: &str,
) -> Value {
    let (name, subcommands) = path.split_first().expect("a command name");
    let mut inner = options;
    // As Discord sends them: the last name is a subcommand (type 1), one above it a
    // subcommand group (type 2).
    for (depth, sub) in subcommands.iter().enumerate().rev() {
        let kind = if depth + 1 == subcommands.len() { 1 } else { 2 };
        inner = json!([{ "name": sub, "type": kind, "options": inner }]);
    }
    let mut interaction = interaction_from(who, id, kind, locale);
    interaction["data"] = json!({
        "id": "940000000000000001", "name": name, "type": 1, "options": inner,
        "guild_id": GUILD_ID.to_string()
    });
    interaction
}

/// A button click (interaction type 3) on message `message_id` with `custom_id`.
pub fn button_click(id: u64, message_id: u64, custom_id: &str, locale: &str) -> Value {
    button_click_as(ADA, id, message_id, custom_id, locale)
}

/// A button click by `who`.
pub fn button_click_as(who: Who, id: u64, message_id: u64, custom_id: &str, locale: &str) -> Value {
    let mut interaction = interaction_from(who, id, 3, locale);
    interaction["message"] = message(message_id, "a board");
    interaction["data"] = json!({ "custom_id": custom_id, "component_type": 2 });
    interaction
}

/// A choice in a string select menu by `who`.
pub fn select_as(
    who: Who,
    id: u64,
    message_id: u64,
    custom_id: &str,
    values: &[&str],
    locale: &str,
) -> Value {
    let mut interaction = interaction_from(who, id, 3, locale);
    interaction["message"] = message(message_id, "a board");
    interaction["data"] = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
    interaction
}

// ---------------------------------------------------------------------------------------
// REST

async fn serve_rest(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let state = state.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| rest(state.clone(), req));
            // A connection the bot drops mid-request is not the test's concern.
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

fn reply(status: StatusCode, body: Option<Value>) -> Response<Full<Bytes>> {
    let bytes = body.map(|b| b.to_string()).unwrap_or_default();
    let mut response = Response::new(Full::new(Bytes::from(bytes)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    response
}

async fn rest(
    state: Arc<State>,
    req: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let query = req.uri().query().unwrap_or_default().to_string();
    let header = |name: hyper::header::HeaderName| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let authorization = header(hyper::header::AUTHORIZATION);
    let content_type = header(hyper::header::CONTENT_TYPE).unwrap_or_default();
    let body = match req.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => return Ok(reply(StatusCode::BAD_REQUEST, None)),
    };
    let (json, mut parts) = if let Some(boundary) = content_type
        .strip_prefix("multipart/form-data; boundary=")
        .map(|b| b.trim_matches('"').to_string())
    {
        let parts = parse_multipart(&body, &boundary);
        let json = parts
            .iter()
            .find(|p| p.name == "payload_json")
            .and_then(|p| serde_json::from_slice(&p.bytes).ok());
        (json, parts)
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        // An OAuth2 form (the Activity's code exchange), recorded as a JSON object.
        let fields: serde_json::Map<String, Value> = String::from_utf8_lossy(&body)
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), Value::String(percent_decode(v))))
            .collect();
        (Some(Value::Object(fields)), Vec::new())
    } else {
        (serde_json::from_slice(&body).ok(), Vec::new())
    };
    if state.forget_attachments.load(Ordering::SeqCst) {
        for p in &mut parts {
            if p.filename.is_some() {
                p.bytes = Vec::new();
            }
        }
    }
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    // The fault and the record under one lock: a request recorded before `heal` was
    // refused, one recorded after it was taken.
    let fault = {
        let mut faults = lock(&state.faults);
        let hit = faults
            .iter_mut()
            .find(|(route, n, _)| *n > 0 && route.matches(&method, &segments));
        let fault = hit.map(|(_, n, fault)| {
            *n -= 1;
            *fault
        });
        lock(&state.requests).push(Recorded {
            at: std::time::Instant::now(),
            method: method.clone(),
            path: path.clone(),
            authorization: authorization.clone(),
            json: json.clone(),
            parts,
            refused: fault,
        });
        if let (None, ["channels", channel, "messages"]) = (fault, segments.as_slice()) {
            if method == "POST" {
                let channel = channel.parse().unwrap_or(0);
                *lock(&state.channel_posts).entry(channel).or_default() += 1;
                state.posted.notify_waiters();
            }
        }
        fault
    };
    match fault {
        Some(Fault::ServerError) => {
            return Ok(reply(
                StatusCode::INTERNAL_SERVER_ERROR,
                Some(json!({ "message": "500: Internal Server Error", "code": 0 })),
            ))
        }
        Some(Fault::RateLimited { retry_after_ms }) => {
            let secs = retry_after_ms as f64 / 1000.0;
            let mut r = reply(
                StatusCode::TOO_MANY_REQUESTS,
                Some(
                    json!({ "message": "You are being rate limited.", "retry_after": secs, "global": false }),
                ),
            );
            r.headers_mut().insert(
                hyper::header::RETRY_AFTER,
                hyper::header::HeaderValue::from(secs.ceil() as u64),
            );
            return Ok(r);
        }
        None => {}
    }
    let gateway_url = lock(&state.gateway_url).clone();
    let ok = |body: Value| Ok(reply(StatusCode::OK, Some(body)));
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": gateway_url })),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": gateway_url, "shards": 1,
            "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 }
        })),
        // The Activity's code exchange: a code `code-<user>` is that user's, for the
        // application's secret only.
        ("POST", ["oauth2", "token"]) => {
            let field = |k: &str| {
                json.as_ref()
                    .and_then(|j| j[k].as_str())
                    .unwrap_or_default()
            };
            let user = field("code").strip_prefix("code-").map(str::to_string);
            match user {
                Some(user)
                    if field("client_secret") == ACTIVITY_SECRET
                        && field("grant_type") == "authorization_code"
                        && field("client_id") == APP_ID.to_string() =>
                {
                    ok(json!({
                        "access_token": format!("token-{user}"), "token_type": "Bearer",
                        "expires_in": 604_800, "scope": "identify"
                    }))
                }
                _ => Ok(reply(
                    StatusCode::BAD_REQUEST,
                    Some(json!({ "error": "invalid_grant" })),
                )),
            }
        }
        // Where an Activity runs and who is in it: `i-1` in the fake's channel, with Ada
        // and Bo (anyone else opening it is not in it); asked with the bot's token.
        ("GET", ["applications", _, "activity-instances", instance])
            if *instance == ACTIVITY_INSTANCE
                && authorization
                    .as_deref()
                    .is_some_and(|a| a.starts_with("Bot ")) =>
        {
            ok(json!({
                "application_id": APP_ID.to_string(), "instance_id": instance,
                "launch_id": "1", "location": {
                    "id": "gc-1", "kind": "gc", "channel_id": CHANNEL_ID.to_string(),
                    "guild_id": GUILD_ID.to_string()
                },
                "users": [ADA.id.to_string(), BO.id.to_string()]
            }))
        }
        ("GET", ["applications", _, "activity-instances", _]) => Ok(reply(
            StatusCode::NOT_FOUND,
            Some(json!({ "message": "Unknown Activity Instance", "code": 10_114 })),
        )),
        // Who an access token is for (the Activity's, not the bot's).
        ("GET", ["users", "@me"])
            if authorization
                .as_deref()
                .is_some_and(|a| a.starts_with("Bearer ")) =>
        {
            let user = authorization
                .as_deref()
                .and_then(|a| a.strip_prefix("Bearer token-"))
                .and_then(|u| u.parse::<u64>().ok());
            match user {
                Some(id) => ok(json!({
                    "id": id.to_string(), "username": format!("user{id}"),
                    "discriminator": "0", "global_name": null, "avatar": null
                })),
                None => Ok(reply(
                    StatusCode::UNAUTHORIZED,
                    Some(json!({ "message": "401: Unauthorized", "code": 0 })),
                )),
            }
        }
        ("GET", ["users", "@me"]) if state.reject_token.load(Ordering::SeqCst) => Ok(reply(
            StatusCode::UNAUTHORIZED,
            Some(json!({ "message": "401: Unauthorized", "code": 0 })),
        )),
        ("GET", ["users", "@me"]) => ok(bot_user()),
        ("GET", ["oauth2", "applications", "@me"]) => ok(json!({
            "id": APP_ID.to_string(), "name": "Prime Climb", "icon": null, "description": "",
            "bot_public": true, "bot_require_code_grant": false, "owner": player_user(),
            "verify_key": "0", "team": null, "flags": 0
        })),
        // Command registration: Discord answers the stored commands; an empty list is
        // enough for serenity, and the request body is what the tests check.
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => ok(json!([])),
        // A response that is a message (4) or will be one (5) becomes the interaction's
        // original message, with a new id.
        ("POST", ["interactions", _, token, "callback"]) => {
            let kind = json.as_ref().and_then(|j| j["type"].as_u64()).unwrap_or(0);
            if kind == 4 || kind == 5 {
                let id = state.next_message.fetch_add(1, Ordering::SeqCst);
                lock(&state.originals).insert((*token).to_string(), id);
            }
            Ok(reply(StatusCode::NO_CONTENT, None))
        }
        ("POST", ["channels", channel, "messages"])
            if channel.parse::<u64>().is_ok_and(|c| c >= DM_CHANNELS) =>
        {
            let user = lock(&state.dm_users)
                .get(&channel.parse::<u64>().unwrap_or(0))
                .copied();
            match user {
                Some(user) if !lock(&state.closed_dms).contains(&user) => {
                    lock(&state.dms).push((user, json.clone().unwrap_or(Value::Null)));
                    ok(message(
                        state.next_message.fetch_add(1, Ordering::SeqCst),
                        "dm",
                    ))
                }
                _ => Ok(reply(
                    StatusCode::FORBIDDEN,
                    Some(json!({ "message": "Cannot send messages to this user", "code": 50007 })),
                )),
            }
        }
        ("POST", ["webhooks", _, _]) | ("POST", ["channels", _, "messages"]) => ok(message(
            state.next_message.fetch_add(1, Ordering::SeqCst),
            "followup",
        )),
        ("GET" | "PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            let id = *lock(&state.originals)
                .entry((*token).to_string())
                .or_insert_with(|| state.next_message.fetch_add(1, Ordering::SeqCst));
            ok(message(id, "original"))
        }
        ("GET" | "PATCH", ["webhooks", _, _, "messages", m]) => {
            ok(message(m.parse().unwrap_or(FIRST_MESSAGE_ID), "followup"))
        }
        ("PATCH", ["channels", _, "messages", m]) => {
            ok(message(m.parse().unwrap_or(FIRST_MESSAGE_ID), "edited"))
        }
        // A direct-message channel: one per user, whatever their settings (Discord
        // refuses the message, not the channel).
        ("POST", ["users", "@me", "channels"]) => {
            let user: u64 = json
                .as_ref()
                .and_then(|j| j["recipient_id"].as_str().map(str::to_string))
                .and_then(|u| u.parse().ok())
                .unwrap_or(0);
            let channel = dm_channel(user);
            lock(&state.dm_users).insert(channel, user);
            ok(json!({
                "id": channel.to_string(), "type": 1, "last_message_id": null,
                "recipients": [{
                    "id": user.to_string(), "username": "someone", "discriminator": "0",
                    "global_name": null, "avatar": null
                }]
            }))
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => Ok(reply(StatusCode::NO_CONTENT, None)),
        // A thread started without a message: a new channel, announced by THREAD_CREATE.
        ("POST", ["channels", parent, "threads"]) => {
            let (every, retry_after_ms) = *lock(&state.thread_limit);
            let attempt = state.thread_attempts.fetch_add(1, Ordering::SeqCst) + 1;
            if every > 0 && attempt % every == 0 {
                let secs = retry_after_ms as f64 / 1000.0;
                let mut r = reply(
                    StatusCode::TOO_MANY_REQUESTS,
                    Some(
                        json!({ "message": "You are being rate limited.", "retry_after": secs, "global": false }),
                    ),
                );
                r.headers_mut().insert(
                    hyper::header::RETRY_AFTER,
                    hyper::header::HeaderValue::from(secs.ceil() as u64),
                );
                return Ok(r);
            }
            let thread = FakeThread {
                id: state.next_channel.fetch_add(1, Ordering::SeqCst),
                parent: parent.parse().unwrap_or(0),
                name: json
                    .as_ref()
                    .and_then(|j| j["name"].as_str())
                    .unwrap_or_default()
                    .to_string(),
                archived: false,
                deleted: false,
            };
            let body = thread_json(&thread);
            lock(&state.threads).push(thread);
            let mut event = body.clone();
            event["newly_created"] = json!(true);
            dispatch_to(&state, "THREAD_CREATE", event);
            Ok(reply(StatusCode::CREATED, Some(body)))
        }
        ("PATCH" | "DELETE", ["channels", id]) => {
            let id: u64 = id.parse().unwrap_or(0);
            let mut threads = lock(&state.threads);
            match threads.iter_mut().find(|t| t.id == id) {
                Some(t) => {
                    if method == "DELETE" {
                        t.deleted = true;
                    }
                    if let Some(archived) = json.as_ref().and_then(|j| j["archived"].as_bool()) {
                        t.archived = archived;
                    }
                    ok(thread_json(t))
                }
                None => Ok(reply(
                    StatusCode::NOT_FOUND,
                    Some(json!({ "message": "Unknown Channel", "code": 10003 })),
                )),
            }
        }
        ("GET", ["guilds", _, "members"]) => match lock(&state.members).clone() {
            None => Ok(reply(
                StatusCode::FORBIDDEN,
                Some(json!({ "message": "Missing Access", "code": 50001 })),
            )),
            Some(mut members) => {
                let param = |key: &str| {
                    query
                        .split('&')
                        .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
                        .and_then(|v| v.parse::<u64>().ok())
                };
                members.sort_by_key(|m| m.id);
                let after = param("after").unwrap_or(0);
                let limit =
                    usize::try_from(param("limit").unwrap_or(1).clamp(1, 1000)).unwrap_or(1);
                let page: Vec<Value> = members
                    .iter()
                    .filter(|m| m.id > after)
                    .take(limit)
                    .map(member_json)
                    .collect();
                ok(Value::Array(page))
            }
        },
        ("GET", ["guilds", _, "members", user]) => {
            let id: u64 = user.parse().unwrap_or(0);
            let found = lock(&state.members)
                .clone()
                .unwrap_or_default()
                .into_iter()
                .find(|m| m.id == id);
            match found {
                Some(m) => ok(member_json(&m)),
                None => Ok(reply(
                    StatusCode::NOT_FOUND,
                    Some(json!({ "message": "Unknown Member", "code": 10007 })),
                )),
            }
        }
        _ => Ok(reply(
            StatusCode::NOT_FOUND,
            Some(json!({ "message": "404: Not Found (fake Discord)", "code": 0 })),
        )),
    }
}

/// Split a `multipart/form-data` body into its parts (enough for what reqwest sends).
fn parse_multipart(body: &[u8], boundary: &str) -> Vec<Part> {
    let delimiter = format!("--{boundary}");
    let mut parts = Vec::new();
    for chunk in split_bytes(body, delimiter.as_bytes()).into_iter().skip(1) {
        if chunk.starts_with(b"--") {
            break; // the closing delimiter
        }
        let chunk = chunk.strip_prefix(b"\r\n").unwrap_or(chunk);
        let Some(split) = find(chunk, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&chunk[..split]).to_string();
        let mut content = &chunk[split + 4..];
        content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let attribute = |key: &str| {
            let needle = format!("{key}=\"");
            headers.find(&needle).and_then(|at| {
                let rest = &headers[at + needle.len()..];
                rest.find('"').map(|end| rest[..end].to_string())
            })
        };
        let content_type = headers.lines().find_map(|line| {
            line.to_ascii_lowercase()
                .starts_with("content-type:")
                .then(|| line["content-type:".len()..].trim().to_string())
        });
        parts.push(Part {
            name: attribute(" name").unwrap_or_default(),
            filename: attribute("filename"),
            content_type,
            bytes: content.to_vec(),
        });
    }
    parts
}

/// Where `needle` first occurs: a real search, not a comparison at every offset, so the
/// benchmark's fake Discord reads a 100 KB upload without taking the bots' CPU.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

fn split_bytes<'a>(mut data: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(at) = find(data, delimiter) {
        out.push(&data[..at]);
        data = &data[at + delimiter.len()..];
    }
    out.push(data);
    out
}

// ---------------------------------------------------------------------------------------
// Gateway

async fn serve_gateway(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(gateway_session(stream, state.clone()));
    }
}

async fn gateway_session(stream: tokio::net::TcpStream, state: Arc<State>) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41_250 } });
    if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let (tx, mut injected) = mpsc::unbounded_channel::<String>();
    let mut tx = Some(tx);
    let mut shard = 0;
    let seq = Arc::new(AtomicU64::new(0));
    loop {
        tokio::select! {
            incoming = ws.next() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                let op = payload["op"].as_u64().unwrap_or(u64::MAX);
                lock(&state.frames).push(GatewayFrame { op, d: payload["d"].clone() });
                let answer = match op {
                    1 => Some(json!({ "op": 11 })),
                    2 => {
                        let s = seq.fetch_add(1, Ordering::SeqCst) + 1;
                        let gateway_url = lock(&state.gateway_url).clone();
                        // The shard the session asked for ([id, total]), as Discord answers.
                        let asked = &payload["d"]["shard"];
                        shard = asked[0].as_u64().unwrap_or(0);
                        let total = asked[1].as_u64().unwrap_or(1);
                        Some(json!({ "op": 0, "t": "READY", "s": s, "d": {
                            "v": 10, "user": bot_user(), "guilds": [],
                            "session_id": "fake-session", "resume_gateway_url": gateway_url,
                            "shard": [shard, total],
                            "application": { "id": APP_ID.to_string(), "flags": 0 }
                        }}))
                    }
                    // A resume is refused: the bot identifies again.
                    6 => Some(json!({ "op": 9, "d": false })),
                    _ => None,
                };
                if let Some(answer) = answer {
                    if ws.send(WsMessage::Text(answer.to_string())).await.is_err() {
                        break;
                    }
                }
                if op == 2 {
                    if let Some(tx) = tx.take() {
                        lock(&state.sessions).push((shard, tx, seq.clone()));
                    }
                }
            }
            Some(text) = injected.recv() => {
                if ws.send(WsMessage::Text(text)).await.is_err() {
                    break;
                }
            }
        }
    }
}
