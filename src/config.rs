//! The configuration of `primeclimb bot`, read from the environment (or `.env`, loaded by the caller):
//! `DISCORD_TOKEN`, `DATABASE_URL`, `DISCORD_API_URL`, `DEV_GUILD_ID`,
//! `DISCORD_STARTUP_TIMEOUT`, `AI_PACE_MS`, `TAKE_BACK_SECS`, `TURN_CLOCK_MS`,
//! `AI_IDLE_SECS`, `AI_LEASE_SECS`, `SHARDS` with `TOTAL_SHARDS` (also `--shards`,
//! `--total-shards`), and the web's `WEB_ADDR`, `PUBLIC_URL`, `WEB_SECRET`,
//! `WEB_LINK_DAYS`. Validated here, before
//! anything connects or any file is created.

use std::time::Duration;

/// Where the database lives when `DATABASE_URL` is not set (ARCHITECTURE.md, Persistence).
pub const DEFAULT_DATABASE_URL: &str = crate::session::DEFAULT_DATABASE_URL;

/// The bot's pace: how often the turn clock looks at the games, how long it waits
/// between two AI turns, when a slow reply is deferred. The start-up bound, the AI pace
/// and the take-back window can be set in the environment; tests shorten the rest and
/// bring their own clock.
#[derive(Clone)]
pub struct Timing {
    /// How often turn timeouts and reminders are checked.
    pub tick: Duration,
    /// The pause after each AI turn's message, so people can follow.
    pub ai_pace: Duration,
    /// A reply not ready after this long is deferred (Discord allows 3 s).
    pub defer_after: Duration,
    /// After a person's move that revealed no card, how long an AI seat to move waits, so
    /// the move can still be taken back (`/climb undo`).
    pub take_back: Duration,
    /// An AI seat to move in a game nobody has touched for this long is played by the
    /// turn clock (its runner was lost to a crash or a failed post).
    pub ai_idle: Duration,
    /// The longest wait for Discord at start-up: the token check and the gateway.
    pub startup: Duration,
    /// How long a process holds a game's AI turns without renewing them (several bot
    /// processes on one database): after a crash, another takes over this much later.
    pub runner_lease: Duration,
    /// The session's clock (the wall clock unless a test sets one).
    pub clock: Option<crate::session::Clock>,
}

/// A duration in milliseconds, as the session's clock counts (saturating).
pub(crate) fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            tick: Duration::from_secs(20),
            ai_pace: Duration::from_millis(1_500),
            defer_after: Duration::from_millis(2_000),
            take_back: Duration::from_secs(6),
            ai_idle: Duration::from_secs(45),
            startup: Duration::from_secs(30),
            runner_lease: Duration::from_secs(60),
            clock: None,
        }
    }
}

impl std::fmt::Debug for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timing")
            .field("tick", &self.tick)
            .field("ai_pace", &self.ai_pace)
            .field("defer_after", &self.defer_after)
            .field("take_back", &self.take_back)
            .field("ai_idle", &self.ai_idle)
            .field("startup", &self.startup)
            .field("runner_lease", &self.runner_lease)
            .field("clock", &self.clock.as_ref().map(|_| "custom"))
            .finish()
    }
}

/// The gateway shards one bot process runs (`--shards 0-1 --total-shards 4`): several
/// processes on one PostgreSQL database share a bot in many servers between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// The largest number of shards accepted (Discord asks for one per 1,000 servers or
    /// so; this leaves a lot of room).
    pub const MAX_TOTAL: u32 = 4_096;

    /// Read a range (`0-1`, or one shard `3`) of `total` shards.
    pub fn parse(range: &str, total: &str) -> Result<Shards, ConfigError> {
        let bad_total = || ConfigError::BadShards(format!("total {total:?}"));
        let total_n = total
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=Self::MAX_TOTAL).contains(&n))
            .ok_or_else(bad_total)?;
        let bad_range = || ConfigError::BadShards(format!("range {range:?} of {total_n}"));
        let range = range.trim();
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (range, range),
        };
        let first = first.parse::<u32>().map_err(|_| bad_range())?;
        let last = last.parse::<u32>().map_err(|_| bad_range())?;
        if first > last || last >= total_n {
            return Err(bad_range());
        }
        Ok(Shards {
            first,
            last,
            total: total_n,
        })
    }
}

/// Everything `run` needs to start the bot.
#[derive(Clone)]
pub struct BotConfig {
    /// The bot token from the Discord developer portal (never printed).
    pub token: String,
    /// The database of games, ratings and settings (see `store::connect`).
    pub database_url: String,
    /// Route every REST call (and so the gateway discovery) through this base URL, such as
    /// `http://127.0.0.1:3000` for twilight-http-proxy or the tests' fake Discord.
    pub api_url: Option<String>,
    /// Register the commands in this guild only (instant), instead of globally.
    pub dev_guild_id: Option<u64>,
    /// The shards this process runs (`None`: all of them, as Discord recommends).
    pub shards: Option<Shards>,
    pub timing: Timing,
    /// The web pages the bot serves (`None`: none, `WEB_ADDR=off`).
    pub web: Option<WebConfig>,
}

/// The web pages of the bot (`src/web/`): where it listens, the address people reach it
/// at, and its links.
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// Where the web server listens (`WEB_ADDR`, default `127.0.0.1:8080`).
    pub addr: std::net::SocketAddr,
    /// The address people reach the pages at, for links (`PUBLIC_URL`, e.g.
    /// `https://climb.example.org`); without it the bot says links need it.
    pub public_url: Option<String>,
    /// What links are signed with: from `WEB_SECRET`, else from the bot token (the same
    /// in every process of the bot; a new token ends every link made before).
    pub link_key: crate::session::LinkKey,
    /// How long a link works (`WEB_LINK_DAYS`, default 30).
    pub link_lifetime: Duration,
    /// How often an open live page's link is checked again (withdrawn or expired since:
    /// the page is told why). A minute; tests shorten it.
    pub link_recheck: Duration,
    /// The board as a Discord Activity (`DISCORD_CLIENT_SECRET`): `None` when off.
    pub activity: Option<ActivityConfig>,
}

/// What the Activity needs to learn who is playing: the application's OAuth2 secret, to
/// exchange the code the Activity gets from Discord, and where Discord's API is.
#[derive(Clone)]
pub struct ActivityConfig {
    pub client_secret: String,
    /// `https://discord.com`, or `DISCORD_API_URL` (a proxy, the tests' fake Discord).
    pub api_url: String,
    /// The bot's token, to ask Discord where an Activity runs and who is in it.
    pub bot_token: String,
}

impl std::fmt::Debug for ActivityConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityConfig")
            .field("client_secret", &"<hidden>")
            .field("api_url", &self.api_url)
            .field("bot_token", &"<hidden>")
            .finish()
    }
}

impl WebConfig {
    /// The default address: this machine only (a reverse proxy in front, README).
    pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
    pub const DEFAULT_LINK_DAYS: u64 = 30;
    /// The shortest `WEB_SECRET` accepted.
    pub const MIN_SECRET: usize = 32;

    /// How links are made: `None` without a public address to give.
    pub fn links(&self) -> Option<crate::session::LinkPlan> {
        Some(crate::session::LinkPlan {
            key: self.link_key.clone(),
            lifetime_ms: millis(self.link_lifetime),
            public_url: self.public_url.clone()?,
        })
    }

    /// Pages on `addr`, links signed with `secret`, no public address.
    pub fn new(addr: std::net::SocketAddr, secret: &str) -> WebConfig {
        WebConfig {
            addr,
            public_url: None,
            link_key: crate::session::LinkKey::from_secret(secret.as_bytes()),
            link_lifetime: Duration::from_secs(Self::DEFAULT_LINK_DAYS * 86_400),
            link_recheck: Duration::from_secs(60),
            activity: None,
        }
    }
}

impl std::fmt::Debug for BotConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotConfig")
            .field("token", &"<hidden>")
            .field("database_url", &self.database_url)
            .field("api_url", &self.api_url)
            .field("dev_guild_id", &self.dev_guild_id)
            .field("shards", &self.shards)
            .field("timing", &self.timing)
            .field("web", &self.web)
            .finish()
    }
}

/// A configuration the bot cannot start with.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: put the bot token in the environment or in .env \
         (see .env.example)"
    )]
    MissingToken,
    #[error("DEV_GUILD_ID must be a guild id (a positive number), not {0:?}")]
    BadGuildId(String),
    #[error("DISCORD_API_URL must start with http:// or https://, not {0:?}")]
    BadApiUrl(String),
    #[error("DISCORD_STARTUP_TIMEOUT must be a number of seconds from 1 to 600, not {0:?}")]
    BadStartupTimeout(String),
    #[error("AI_PACE_MS must be a number of milliseconds from 0 to 60000, not {0:?}")]
    BadAiPace(String),
    #[error("TAKE_BACK_SECS must be a number of seconds from 0 to 600, not {0:?}")]
    BadTakeBack(String),
    #[error(
        "the shards must be a range FIRST-LAST (or one shard) of TOTAL, with \
         FIRST <= LAST < TOTAL <= 4096, for example --shards 0-1 --total-shards 4; not {0}"
    )]
    BadShards(String),
    #[error("SHARDS and TOTAL_SHARDS go together: set both or neither")]
    HalfShards,
    #[error("AI_LEASE_SECS must be a number of seconds from 2 to 3600, not {0:?}")]
    BadLease(String),
    #[error("TURN_CLOCK_MS must be a number of milliseconds from 100 to 600000, not {0:?}")]
    BadTick(String),
    #[error("AI_IDLE_SECS must be a number of seconds from 1 to 3600, not {0:?}")]
    BadAiIdle(String),
    #[error("WEB_ADDR must be an address and port such as 127.0.0.1:8080 (or off), not {0:?}")]
    BadWebAddr(String),
    #[error("PUBLIC_URL must start with http:// or https://, not {0:?}")]
    BadPublicUrl(String),
    #[error("WEB_LINK_DAYS must be a number of days from 1 to 3650, not {0:?}")]
    BadLinkDays(String),
    #[error(
        "WEB_SECRET must be at least 32 characters of random text (links are signed with it), \
         or unset to use one made from the bot token"
    )]
    ShortWebSecret,
    #[error(
        "DISCORD_CLIENT_SECRET turns the Activity on, which is served by the web pages: \
         set WEB_ADDR to an address, not off"
    )]
    ActivityWithoutWeb,
    #[error("{0}")]
    Database(String),
}

impl BotConfig {
    /// Read the configuration from the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Read the configuration through `lookup` (the environment in the binary, a map in
    /// tests). Empty values count as unset.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let token = get("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let database_url = get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into());
        crate::session::check_database_url(&database_url).map_err(ConfigError::Database)?;
        let api_url = match get("DISCORD_API_URL") {
            None => None,
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                Some(url.trim_end_matches('/').to_string())
            }
            Some(url) => return Err(ConfigError::BadApiUrl(url)),
        };
        let dev_guild_id = match get("DEV_GUILD_ID") {
            None => None,
            Some(id) => match id.parse::<u64>() {
                Ok(n) if n > 0 => Some(n),
                _ => return Err(ConfigError::BadGuildId(id)),
            },
        };
        let mut timing = Timing::default();
        if let Some(t) = get("DISCORD_STARTUP_TIMEOUT") {
            match t.parse::<u64>() {
                Ok(secs) if (1..=600).contains(&secs) => timing.startup = Duration::from_secs(secs),
                _ => return Err(ConfigError::BadStartupTimeout(t)),
            }
        }
        if let Some(t) = get("AI_PACE_MS") {
            match t.parse::<u64>() {
                Ok(ms) if ms <= 60_000 => timing.ai_pace = Duration::from_millis(ms),
                _ => return Err(ConfigError::BadAiPace(t)),
            }
        }
        if let Some(t) = get("TAKE_BACK_SECS") {
            match t.parse::<u64>() {
                Ok(secs) if secs <= 600 => timing.take_back = Duration::from_secs(secs),
                _ => return Err(ConfigError::BadTakeBack(t)),
            }
        }
        if let Some(t) = get("AI_LEASE_SECS") {
            match t.parse::<u64>() {
                Ok(secs) if (2..=3_600).contains(&secs) => {
                    timing.runner_lease = Duration::from_secs(secs);
                }
                _ => return Err(ConfigError::BadLease(t)),
            }
        }
        if let Some(t) = get("TURN_CLOCK_MS") {
            match t.parse::<u64>() {
                Ok(ms) if (100..=600_000).contains(&ms) => timing.tick = Duration::from_millis(ms),
                _ => return Err(ConfigError::BadTick(t)),
            }
        }
        if let Some(t) = get("AI_IDLE_SECS") {
            match t.parse::<u64>() {
                Ok(secs) if (1..=3_600).contains(&secs) => {
                    timing.ai_idle = Duration::from_secs(secs);
                }
                _ => return Err(ConfigError::BadAiIdle(t)),
            }
        }
        let shards = match (get("SHARDS"), get("TOTAL_SHARDS")) {
            (None, None) => None,
            (Some(range), Some(total)) => Some(Shards::parse(&range, &total)?),
            _ => return Err(ConfigError::HalfShards),
        };
        let web = match get("WEB_ADDR").as_deref() {
            Some("off") => None,
            addr => {
                let addr = addr.unwrap_or(WebConfig::DEFAULT_ADDR);
                let addr = addr
                    .parse()
                    .map_err(|_| ConfigError::BadWebAddr(addr.to_string()))?;
                let secret = match get("WEB_SECRET") {
                    // Links are signed with it: a short one could be found by trying.
                    Some(s) if s.chars().count() < WebConfig::MIN_SECRET => {
                        return Err(ConfigError::ShortWebSecret);
                    }
                    Some(s) => s,
                    None => token.clone(),
                };
                let mut web = WebConfig::new(addr, &secret);
                web.public_url = match get("PUBLIC_URL") {
                    None => None,
                    Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                        Some(url.trim_end_matches('/').to_string())
                    }
                    Some(url) => return Err(ConfigError::BadPublicUrl(url)),
                };
                if let Some(days) = get("WEB_LINK_DAYS") {
                    match days.parse::<u64>() {
                        Ok(d) if (1..=3_650).contains(&d) => {
                            web.link_lifetime = Duration::from_secs(d * 86_400);
                        }
                        _ => return Err(ConfigError::BadLinkDays(days)),
                    }
                }
                web.activity = get("DISCORD_CLIENT_SECRET").map(|client_secret| ActivityConfig {
                    client_secret,
                    api_url: api_url
                        .clone()
                        .unwrap_or_else(|| "https://discord.com".into()),
                    bot_token: token.clone(),
                });
                Some(web)
            }
        };
        if web.is_none() && get("DISCORD_CLIENT_SECRET").is_some() {
            return Err(ConfigError::ActivityWithoutWeb);
        }
        Ok(BotConfig {
            token,
            database_url,
            api_url,
            dev_guild_id,
            shards,
            timing,
            web,
        })
    }
}
