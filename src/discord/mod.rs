//! The Discord bot: poise slash commands on serenity's gateway and REST client.
//!
//! Thin adapters only (ARCHITECTURE.md): each command or click reads who is asking and
//! where, calls one session use case, and turns the result into a message. No rules logic
//! and no SQL here. `run` is the one entry point, used by `primeclimb bot` and by the
//! end-to-end tests against the fake Discord (`tests/support/fake_discord.rs`).

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

pub mod caller;
pub mod climb;
pub mod clock;
pub mod components;
pub mod config;
pub mod daifugo;
pub mod lobby;
pub mod locale;
pub mod play;
pub mod rules_text;
pub mod settings;
pub mod standings;
pub mod text;
pub mod turn;

pub use config::{BotConfig, ConfigError, Timing};

use crate::session::{Place, Session};
use crate::store::{self, StoreError};

/// What every command and handler can reach. Cheap to clone (the turn clock and the AI
/// runners hold clones).
#[derive(Clone)]
pub struct Data {
    pub session: Session,
    pub timing: Timing,
    /// One lock per channel, so that AI turns of a game are played and posted in order.
    runners: Arc<Mutex<HashMap<Place, Arc<tokio::sync::Mutex<()>>>>>,
}

impl Data {
    pub fn new(session: Session, timing: Timing) -> Data {
        Data {
            session,
            timing,
            runners: Arc::default(),
        }
    }

    /// The lock that keeps a channel's AI turns in order.
    fn runner_lock(&self, place: Place) -> Arc<tokio::sync::Mutex<()>> {
        let mut map = self.runners.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(place).or_default().clone()
    }
}

/// The error type of the command bodies (poise's convention).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The context every command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(
        "Discord rejected the token (401 Unauthorized): check DISCORD_TOKEN, or reset the \
         token in the developer portal"
    )]
    TokenRejected,
    #[error("Discord: {0}")]
    Discord(Box<serenity::Error>),
    #[error("{0}")]
    Database(StoreError),
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> Self {
        if is_token_rejected(&e) {
            BotError::TokenRejected
        } else {
            BotError::Discord(Box::new(e))
        }
    }
}

/// A 401 from the REST API or the gateway's "authentication failed" close code (4004).
fn is_token_rejected(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(http) => http.status_code().is_some_and(|s| s.as_u16() == 401),
        serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => true,
        _ => false,
    }
}

/// Every command the bot registers.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![
        climb::climb(),
        daifugo::daifugo(),
        standings::leaderboard(),
        standings::stats(),
        settings::settings(),
    ]
}

/// The REST client: straight to Discord, or through `api_url` (a proxy, or the tests'
/// fake Discord). serenity only honours the proxy with its own rate limiter disabled;
/// the proxy is then in charge of rate limits.
fn http_client(config: &BotConfig) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(&config.token);
    match &config.api_url {
        Some(url) => builder
            .proxy(url.clone())
            .ratelimiter_disabled(true)
            .build(),
        None => builder.build(),
    }
}

/// Run the bot until `shutdown` completes (then the shards close cleanly) or the
/// connection fails. The database is opened and the token checked first, so a bad
/// `DATABASE_URL` or a rejected token is a clear error rather than a reconnect loop.
pub async fn run(
    config: BotConfig,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), BotError> {
    let store = store::connect(&config.database_url)
        .await
        .map_err(BotError::Database)?;
    let session = match config.timing.clock.clone() {
        Some(clock) => Session::with_clock(store, clock),
        None => Session::new(store),
    };
    let data = Data::new(session, config.timing.clone());
    info!(database = %config.database_url, "database ready");

    let http = http_client(&config);
    let me = http.get_current_user().await?;
    info!(bot = %me.name, id = %me.id, "token accepted");

    // The hard AI and hints use the exact solitaire values: solve them now, not on the
    // first hint someone asks for.
    tokio::task::spawn_blocking(|| {
        crate::climb::solver::values(crate::climb::solver::Course::Climb);
    });

    let (stop_clock, clock_stopped) = tokio::sync::watch::channel(false);
    let dev_guild = config.dev_guild_id.map(serenity::GuildId::new);
    let options = poise::FrameworkOptions {
        commands: commands(),
        event_handler: |ctx, event, _framework, data| {
            Box::pin(async move {
                if let serenity::FullEvent::InteractionCreate {
                    interaction: serenity::Interaction::Component(click),
                } = event
                {
                    components::handle(ctx, click, data).await;
                }
                Ok(())
            })
        },
        on_error: |e| {
            Box::pin(async move {
                if let Err(e) = poise::builtins::on_error(e).await {
                    error!("while handling an error: {e}");
                }
            })
        },
        pre_command: |ctx| {
            Box::pin(async move {
                info!(command = %ctx.command().qualified_name, user = %ctx.author().id, "command");
            })
        },
        ..Default::default()
    };
    let framework_data = data.clone();
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to the gateway");
                register(ctx, &framework.options().commands, dev_guild).await;
                tokio::spawn(clock::run(
                    ctx.http.clone(),
                    framework_data.clone(),
                    clock_stopped,
                ));
                Ok(framework_data)
            })
        })
        .build();

    let intents = serenity::GatewayIntents::non_privileged();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();
    let result = tokio::select! {
        result = client.start() => {
            info!("gateway connection closed");
            result.map_err(BotError::from)
        }
        () = shutdown => {
            info!("shutting down");
            shard_manager.shutdown_all().await;
            Ok(())
        }
    };
    let _ = stop_clock.send(true);
    result
}

/// Register the commands in the development guild (instant) or globally (may take up to
/// an hour to show). A failure is logged, not fatal: commands registered before still work.
async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    dev_guild: Option<serenity::GuildId>,
) {
    let result = match dev_guild {
        Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await,
        None => poise::builtins::register_globally(ctx, commands).await,
    };
    match (result, dev_guild) {
        (Ok(()), Some(guild)) => info!(%guild, "commands registered in the development guild"),
        (Ok(()), None) => info!("commands registered globally"),
        (Err(e), _) => warn!("registering the commands failed: {e}"),
    }
}
