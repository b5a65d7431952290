//! `primeclimb bot`: run the Discord bot. Reads its configuration from the environment
//! or `.env` (see `.env.example`), logs with tracing (`RUST_LOG`), and stops cleanly on
//! SIGINT or SIGTERM.

use clap::Args;

use super::UsageError;
use crate::discord::{self, BotConfig, BotError};
use crate::store::StoreError;

#[derive(Args, Debug)]
pub struct BotArgs {}

pub fn run(_args: &BotArgs) -> anyhow::Result<()> {
    super::load_dotenv()?;
    init_logging();
    let config = BotConfig::from_env().map_err(|e| UsageError(e.to_string()))?;
    let runtime = tokio::runtime::Runtime::new()?;
    match runtime.block_on(discord::run(config, shutdown_signal())) {
        Ok(()) => Ok(()),
        // A DATABASE_URL that is not a database address is the user's to fix (exit 2).
        Err(BotError::Database(e @ (StoreError::BadUrl(_) | StoreError::Unsupported(_)))) => {
            Err(UsageError(e.to_string()).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// Logs to stderr; `RUST_LOG` overrides the default (our info, serenity's warnings).
fn init_logging() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,serenity=warn,poise=warn"));
    // A second initialisation (tests) is harmless.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
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
