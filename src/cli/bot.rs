//! `primeclimb bot`: run the Discord bot, and its web pages beside it (`WEB_ADDR`). Reads
//! its configuration from the environment or `.env` (see `.env.example`), logs with
//! tracing (`RUST_LOG`), and stops cleanly on SIGINT or SIGTERM.

use std::future::Future;

use clap::Args;
use tracing::warn;

use super::UsageError;
use crate::config::WebConfig;
use crate::discord::{self, BotConfig, BotError, Shards};

#[derive(Args, Debug)]
pub struct BotArgs {
    /// The gateway shards this process runs, FIRST-LAST (or one shard), for a bot run as
    /// several processes on one PostgreSQL database; needs --total-shards. Also SHARDS.
    #[arg(long, value_name = "FIRST-LAST", requires = "total_shards")]
    pub shards: Option<String>,
    /// How many shards the bot has in all, across its processes. Also TOTAL_SHARDS.
    #[arg(long, value_name = "N", requires = "shards")]
    pub total_shards: Option<String>,
}

pub fn run(args: &BotArgs) -> anyhow::Result<()> {
    super::load_dotenv()?;
    init_logging();
    let mut config = BotConfig::from_env().map_err(|e| UsageError(e.to_string()))?;
    if let (Some(range), Some(total)) = (&args.shards, &args.total_shards) {
        config.shards = Some(Shards::parse(range, total).map_err(|e| UsageError(e.to_string()))?);
    }
    let runtime = tokio::runtime::Runtime::new()?;
    // A DATABASE_URL that is not a database address was refused with the rest of the
    // configuration (exit 2); what fails from here is exit 1.
    runtime
        .block_on(serve(config, shutdown_signal()))
        .map_err(|e: BotError| e.into())
}

/// The bot until `shutdown` completes: the Discord front, and the web pages beside it on
/// the same session once the database is open (a token Discord refuses opens nothing).
pub async fn serve(
    config: BotConfig,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), BotError> {
    let (stop_web, web_stopped) = tokio::sync::oneshot::channel::<()>();
    let web = config.web.clone();
    let beside = move |session, application_id, deliver| {
        if let Some(web) = web {
            let stopped = async move {
                let _ = web_stopped.await;
            };
            let discord = crate::web::Discord {
                application_id,
                deliver,
            };
            tokio::spawn(start_web(session, web, discord, stopped));
        }
    };
    let result = discord::run(config, shutdown, beside).await;
    let _ = stop_web.send(());
    result
}

/// Serve the web pages. A port already taken (another process of the bot on this
/// machine) is no reason not to play: it is said, and the bot goes on.
async fn start_web(
    session: crate::session::Session,
    web: WebConfig,
    discord: crate::web::Discord,
    stopped: impl Future<Output = ()> + Send + 'static,
) {
    let addr = web.addr;
    if let Err(e) = crate::web::serve(session, web, Some(discord), stopped).await {
        warn!(%addr, "the web pages are not served by this process: {e}");
    }
}

/// Logs to stderr; `RUST_LOG` overrides the default (our info, serenity's warnings).
/// Colours only on a terminal: a log file or a service journal gets plain text.
fn init_logging() {
    use std::io::IsTerminal;
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,serenity=warn,poise=warn"));
    let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    // A second initialisation (tests) is harmless.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM (what `docker stop` and systemd send).
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM ({e}); Ctrl-C still works");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
