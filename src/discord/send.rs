//! Posting a message in a game's channel (or thread), whatever Discord does: a refusal
//! that may pass is tried again a little later, then logged. The game is always saved
//! before its message is posted, so `/climb board` shows it whatever happens here.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

use super::posts::Post;
use crate::session::Place;

/// Retries of a channel message Discord refused (after the relay's own retries of 429s).
const POST_RETRIES: [Duration; 2] = [Duration::from_millis(500), Duration::from_secs(2)];

/// Post a message in a game's channel. The game is already saved: a refusal is tried
/// again a little later, then logged (`/climb board` shows the game whatever happens).
pub async fn post(http: &serenity::Http, place: Place, post: Post) {
    let channel = serenity::ChannelId::new(u64::try_from(place.channel_id).unwrap_or(1).max(1));
    let message = post.message();
    let mut waits = POST_RETRIES.iter();
    loop {
        match channel.send_message(http, message.clone()).await {
            Ok(_) => return,
            Err(e) => match waits.next() {
                Some(wait) if retryable(&e) => {
                    warn!(
                        channel = place.channel_id,
                        "posting a game message failed, trying again: {e}"
                    );
                    tokio::time::sleep(*wait).await;
                }
                _ => {
                    error!(
                        channel = place.channel_id,
                        "posting a game message failed: {e}"
                    );
                    return;
                }
            },
        }
    }
}

/// A failure that may pass: Discord's server errors, rate limits, timeouts; not a refusal
/// that would be refused again (a missing permission, a deleted channel).
fn retryable(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(h) => match h.status_code() {
            Some(status) => status.is_server_error() || status.as_u16() == 429,
            None => true,
        },
        _ => false,
    }
}
