//! AI seats playing their turns: one message per turn, in order, paced so people can
//! follow. A runner starts after a person's move (whatever became of its reply), after a
//! restart, and from the turn clock when an AI seat has been left waiting; several may be
//! asked for at once, and the per-channel lock plus the session's version claim make sure
//! each AI turn is played once. While the previous player may still take their move back,
//! the AI waits.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::error;

use super::posts;
use super::send::post;
use super::types::Data;
use crate::session::{AiStep, Place};

/// The longest a runner sleeps before looking at its game again.
const MAX_WAIT: Duration = Duration::from_secs(30);

/// Play the AI seats of a channel's game until a person is to move (or the game ends),
/// in the background.
pub fn spawn(http: Arc<serenity::Http>, data: Data, place: Place) {
    tokio::spawn(async move { run(&http, &data, place).await });
}

/// Play the AI seats now (the caller waits).
pub async fn run(http: &serenity::Http, data: &Data, place: Place) {
    let lock = data.runner_lock(place);
    let _in_order = lock.lock().await;
    let take_back_ms = i64::try_from(data.timing.take_back.as_millis()).unwrap_or(i64::MAX);
    loop {
        match data.session.ai_step(place, take_back_ms).await {
            Ok(AiStep::Played(view)) => {
                let message = posts::public_post(data, &view).await;
                post(http, data, place, message).await;
                super::notify::notices_now(http, data, view.info().id).await;
                if view.is_over() {
                    super::threads::announce_end(http, data, view.info().id).await;
                    break;
                }
                if !data.timing.ai_pace.is_zero() {
                    tokio::time::sleep(data.timing.ai_pace).await;
                }
            }
            Ok(AiStep::Wait(wait)) => tokio::time::sleep(wait.min(MAX_WAIT)).await,
            Ok(AiStep::Idle) => break,
            Err(e) => {
                error!(channel = place.channel_id, "an AI turn failed: {e}");
                break;
            }
        }
    }
}
