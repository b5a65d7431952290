//! The Discord bot: poise slash commands on serenity's gateway and REST client.
//!
//! Owns connecting, command registration, localisation and replies. Thin adapters only:
//! no rules logic and no SQL here (ARCHITECTURE.md); game commands will call the session
//! layer. `run` is the one entry point, used by `primeclimb bot` and by the end-to-end
//! tests against the fake Discord (`tests/support/fake_discord.rs`).

use std::future::Future;

use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

pub mod climb;
pub mod config;
pub mod locale;
pub mod rules_text;

pub use config::{BotConfig, ConfigError};

/// What every command can reach. The session layer will live here.
#[derive(Debug)]
pub struct Data {
    /// Passed through from `DATABASE_URL` for the session layer (not opened yet).
    pub database_url: String,
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
    vec![climb::climb()]
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
/// connection fails. The token is checked first, so a rejected token is a clear
/// `BotError::TokenRejected` rather than a gateway reconnect loop.
pub async fn run(
    config: BotConfig,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), BotError> {
    let http = http_client(&config);
    let me = http.get_current_user().await?;
    info!(bot = %me.name, id = %me.id, "token accepted");

    let dev_guild = config.dev_guild_id.map(serenity::GuildId::new);
    let database_url = config.database_url.clone();
    let options = poise::FrameworkOptions {
        commands: commands(),
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
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to the gateway");
                register(ctx, &framework.options().commands, dev_guild).await;
                Ok(Data { database_url })
            })
        })
        .build();

    let intents = serenity::GatewayIntents::non_privileged();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await?;
    let shard_manager = client.shard_manager.clone();
    tokio::select! {
        result = client.start() => {
            result?;
            info!("gateway connection closed");
        }
        () = shutdown => {
            info!("shutting down");
            shard_manager.shutdown_all().await;
        }
    }
    Ok(())
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
