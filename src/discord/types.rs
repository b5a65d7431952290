//! What every command and handler shares: the bot's state ([`Data`]), and poise's context
//! and error types.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::config::{millis, Timing, WebConfig};
use crate::drawing::Drawing;
use crate::session::{Place, PlaceLocks, Session, SessionError};

/// What every command and handler can reach. Cheap to clone (the turn clock and the AI
/// runners hold clones).
#[derive(Clone)]
pub struct Data {
    pub session: Session,
    pub timing: Timing,
    /// This process among the bot's processes (host, process id, start time): who holds a
    /// game's AI turns in the database.
    pub instance: Arc<str>,
    /// One lock per channel, so that the AI turns of a game are played and posted in order
    /// by this process.
    pub runners: PlaceLocks,
    /// Where pictures are drawn: answers first, messages nobody waits on after.
    pub drawing: Drawing,
    /// Set when the process is shutting down: it claims no more AI turns.
    stopping: Arc<AtomicBool>,
    /// The web pages, for the links the bot gives (`None`: it serves none).
    pub web: Option<WebConfig>,
}

impl Data {
    pub fn new(session: Session, timing: Timing, web: Option<WebConfig>) -> Data {
        Data {
            session,
            timing,
            instance: instance_name().into(),
            runners: PlaceLocks::default(),
            drawing: Drawing::default(),
            stopping: Arc::default(),
            web,
        }
    }

    /// Claim (or renew) a channel's AI turns for this process, for the lease's length.
    /// False when another process holds them, or this one is shutting down.
    pub async fn claim_turns(&self, place: Place) -> Result<bool, SessionError> {
        if self.stopping.load(Ordering::SeqCst) {
            return Ok(false);
        }
        self.session
            .clocks()
            .claim_runner(place, &self.instance, millis(self.timing.runner_lease))
            .await
    }

    /// From now on this process claims no AI turns (it is shutting down).
    pub fn stop_claiming(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }
}

/// A name for this bot process, unique among those sharing a database.
fn instance_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".into());
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{host}:{}:{started:x}", std::process::id())
}

/// The error type of the command bodies (poise's convention).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The context every command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;
