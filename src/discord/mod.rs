//! The Discord bot: poise slash commands on serenity's gateway and REST client.
//!
//! A thin front (ARCHITECTURE.md): each command or click reads who is asking and where,
//! calls one session use case, and delivers the answer `text::posts` makes of its outcome.
//! No rules, no SQL, no drawing here. The rooms:
//! - `types.rs` (shared state; the configuration is `crate::config`), `caller.rs` (who, where, which
//!   language);
//! - `reply.rs` (answering within 3 s, whatever Discord does), `relay.rs` (rate limits
//!   through a proxy);
//! - `posts.rs` (a post of `text::posts` in Discord's forms), `commands/` (the slash
//!   commands), `components.rs` (buttons and menus, read with the session's one grammar of
//!   clicks, `session::ids`), `send.rs`, `notify.rs` and `deliver.rs` (posts, DMs, the
//!   outbox), `threads.rs` and `class.rs` (a game's thread, a class's members);
//! - `runner.rs` (AI turns), `clock.rs` (the turn clock).
//!
//! [`run`] is the one entry point, used by `primeclimb bot` and by the end-to-end tests
//! against the fake Discord (`tests/support/fake_discord.rs`).

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

pub mod caller;
mod class;
mod clock;
mod commands;
mod components;
mod courier;
mod deliver;
mod notify;
mod posts;
pub mod relay;
mod reply;
mod runner;
mod send;
pub mod snowflake;
mod threads;
pub mod types;

pub use crate::config::{BotConfig, ConfigError, Shards, Timing};
pub use types::{Context, Data, Error};

/// Why the bot stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(
        "Discord rejected the token (401 Unauthorized): check DISCORD_TOKEN, or reset the \
         token in the developer portal"
    )]
    TokenRejected,
    #[error(
        "Discord did not answer {what} within {secs} s ({url}): check the network, or \
         DISCORD_API_URL if you set it"
    )]
    NoAnswer {
        what: &'static str,
        secs: u64,
        url: String,
    },
    #[error("Discord: {0}")]
    Discord(Box<serenity::Error>),
    #[error("{0}")]
    Database(String),
    #[error("cannot start the REST relay: {0}")]
    Relay(std::io::Error),
}

impl From<serenity::Error> for BotError {
    /// A 401 from the REST API or the gateway's "authentication failed" close code (4004)
    /// is the token rejected.
    fn from(e: serenity::Error) -> Self {
        match e {
            serenity::Error::Http(http)
                if http.status_code().is_some_and(|s| s.as_u16() == 401) =>
            {
                BotError::TokenRejected
            }
            serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => {
                BotError::TokenRejected
            }
            e => BotError::Discord(Box::new(e)),
        }
    }
}

pub use commands::{dispatches, registration};

/// The longest one REST call to Discord may take (a message with its picture included).
const REST_TIMEOUT: Duration = Duration::from_secs(60);

/// At shutdown, how long the AI runners may take to finish posting the turn they are at
/// before the process lets go of their games anyway.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The REST client: straight to Discord (serenity's rate limiter honours 429s), or through
/// `api_url` (a proxy, or the tests' fake Discord) by way of the relay, which honours them
/// there. Every call is bounded in time.
async fn http_client(config: &BotConfig) -> Result<serenity::Http, BotError> {
    let builder = serenity::HttpBuilder::new(&config.token);
    Ok(match &config.api_url {
        Some(url) => {
            let limits = relay::RelayLimits::default();
            let relay = relay::start(url, limits).await.map_err(BotError::Relay)?;
            // The relay bounds each attempt; this bounds the whole wait for it.
            let client = reqwest::Client::builder()
                .timeout(limits.patience + limits.attempt)
                .build()
                .map_err(|e| BotError::Relay(std::io::Error::other(e)))?;
            builder
                .client(client)
                .proxy(relay)
                .ratelimiter_disabled(true)
                .build()
        }
        None => {
            let client = reqwest::Client::builder()
                .use_rustls_tls()
                .timeout(REST_TIMEOUT)
                .build()
                .map_err(|e| BotError::Relay(std::io::Error::other(e)))?;
            builder.client(client).build()
        }
    })
}

/// What the bot needs in a channel: View Channels (1 << 10), Send Messages (1 << 11) and
/// Attach Files (1 << 15), for the turn messages and their pictures; Create Public
/// Threads (1 << 35), Send Messages in Threads (1 << 38) and Manage Threads (1 << 34),
/// for games in their own threads (archived when they end). Everything else goes through
/// interaction responses, which need no permission.
pub const PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 34) | (1 << 35) | (1 << 38);

/// The link that adds the bot to a server, with the `bot` and `applications.commands`
/// scopes and [`PERMISSIONS`]; `application_id` is the bot's user id.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}\
         &scope=bot%20applications.commands&permissions={PERMISSIONS}"
    )
}

/// Run the bot until `shutdown` completes (then the shards close cleanly) or the
/// connection fails. The token is checked before the database is opened (a bad token
/// creates no file; `beside`, the web pages, gets the session then), and every start-up
/// call is bounded by `Timing::startup`: a Discord that never answers is a clear error.
/// `beside` gets the session once the client is ready to start, with the application's
/// id and a [`Deliver`](crate::session::Deliver) that posts changes made on another front.
pub async fn run(
    config: BotConfig,
    shutdown: impl Future<Output = ()> + Send,
    beside: impl FnOnce(crate::session::Session, u64, Arc<dyn crate::session::Deliver>) + Send,
) -> Result<(), BotError> {
    let api = config
        .api_url
        .clone()
        .unwrap_or_else(|| "https://discord.com".into());
    let startup = config.timing.startup;
    let no_answer = |what| BotError::NoAnswer {
        what,
        secs: startup.as_secs(),
        url: api.clone(),
    };
    let http = http_client(&config).await?;
    let me = tokio::time::timeout(startup, http.get_current_user())
        .await
        .map_err(|_| no_answer("the token check"))??;
    info!(bot = %me.name, id = %me.id, "token accepted");
    info!("invite the bot to a server: {}", invite_url(me.id.get()));

    let session = crate::session::open(&config.database_url, config.timing.clock.clone())
        .await
        .map_err(BotError::Database)?;
    let data = Data::new(session.clone(), config.timing.clone(), config.web.clone());
    info!(database = %config.database_url, "database ready");

    // What the first requests would otherwise wait for: the solver's values, the board
    // picture's cached layers in the default look (others, e.g. French, are made on their
    // first picture, about 70 ms, and only if some server uses them).
    tokio::task::spawn_blocking(|| {
        crate::session::warm_up(&[crate::text::pictures::words(crate::lang::Lang::En)]);
    });

    let (stop_clock, clock_stopped) = tokio::sync::watch::channel(false);
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<()>();
    let ready_tx = std::sync::Mutex::new(Some(ready_tx));
    let dev_guild = config.dev_guild_id.map(serenity::GuildId::new);
    let registers = config.shards.is_none_or(|s| s.first == 0);
    let activity = config.web.as_ref().is_some_and(|w| w.activity.is_some());
    let options = poise::FrameworkOptions {
        commands: commands::all(),
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
        on_error: |e| Box::pin(reply::on_error(e)),
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
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to the gateway");
                if let Some(tx) = ready_tx.lock().unwrap_or_else(|e| e.into_inner()).take() {
                    let _ = tx.send(());
                }
                // One process registers the commands: the one with shard 0.
                if registers {
                    register(ctx, dev_guild, activity).await;
                }
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
    // The fronts beside this one (the web pages) get the session, the application's id
    // (the Activity's OAuth2 client) and the way to post on Discord what they change.
    let courier = courier::Courier {
        http: client.http.clone(),
        data: data.clone(),
    };
    beside(session, me.id.get(), Arc::new(courier));
    let not_ready = async {
        if tokio::time::timeout(startup, ready_rx).await.is_err() {
            return;
        }
        std::future::pending::<()>().await
    };
    let start = async {
        match config.shards {
            Some(shards) => {
                info!(
                    first = shards.first,
                    last = shards.last,
                    total = shards.total,
                    "starting shards"
                );
                // serenity counts the range's end in (`4..7` starts shards 4 to 7).
                client
                    .start_shard_range(shards.first..shards.last, shards.total)
                    .await
            }
            None => client.start().await,
        }
    };
    let result = tokio::select! {
        result = start => {
            info!("gateway connection closed");
            result.map_err(BotError::from)
        }
        () = not_ready => {
            shard_manager.shutdown_all().await;
            Err(no_answer("the gateway connection"))
        }
        () = shutdown => {
            info!("shutting down");
            shard_manager.shutdown_all().await;
            Ok(())
        }
    };
    let _ = stop_clock.send(true);
    // Let go of the AI turns this process holds, so another process (or this one,
    // restarted) plays them at once rather than when the lease runs out: claim no more,
    // give each runner a moment to finish the turn it is posting (so another process's
    // next post cannot overtake it), then let go.
    data.stop_claiming();
    let finishing = Instant::now() + SHUTDOWN_GRACE;
    for place in data.runners.places() {
        let lock = data.runners.of(place);
        let _in_order = tokio::time::timeout_at(finishing.into(), lock.lock()).await;
        runner::let_go(&data, place).await;
    }
    result
}

/// The Activity's entry-point command: Discord launches the board itself. Registered
/// globally with the others while the Activity is on (Discord refuses to replace an app's
/// commands without it once its Activity is turned on).
pub fn entry_point() -> serenity::CreateCommand {
    use crate::lang::Lang;
    serenity::CreateCommand::new("launch")
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .handler(serenity::EntryPointHandlerType::DiscordLaunchActivity)
        .description(crate::text::web::launch_description(Lang::En))
        .description_localized("fr", crate::text::web::launch_description(Lang::Fr))
}

/// Register the commands in the development guild (instant) or globally (may take up to
/// an hour to show). A failure is logged, not fatal: commands registered before still work.
async fn register(ctx: &serenity::Context, dev_guild: Option<serenity::GuildId>, activity: bool) {
    let mut commands = registration();
    let result = match dev_guild {
        Some(guild) => guild.set_commands(ctx, commands).await.map(drop),
        None => {
            if activity {
                commands.push(entry_point());
            }
            serenity::Command::set_global_commands(ctx, commands)
                .await
                .map(drop)
        }
    };
    match (result, dev_guild) {
        (Ok(()), Some(guild)) => info!(%guild, "commands registered in the development guild"),
        (Ok(()), None) => info!("commands registered globally"),
        (Err(e), _) => warn!("registering the commands failed: {e}"),
    }
}
