//! The configuration of `primeclimb bot`, read from the environment (or `.env`, loaded by the caller):
//! `DISCORD_TOKEN`, `DATABASE_URL`, `DISCORD_API_URL`, `DEV_GUILD_ID`,
//! `DISCORD_STARTUP_TIMEOUT`, `AI_PACE_MS`, `TAKE_BACK_SECS`, `TURN_CLOCK_MS`,
//! `AI_IDLE_SECS`, `AI_LEASE_SECS`, and `SHARDS` with `TOTAL_SHARDS` (also `--shards`,
//! `--total-shards`). Validated here, before
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
        Ok(BotConfig {
            token,
            database_url,
            api_url,
            dev_guild_id,
            shards,
            timing,
        })
    }
}
