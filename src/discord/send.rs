//! Posting a message in a game's channel (or thread), whatever Discord does: a refusal
//! that may pass is tried again a little later, then logged. The game is always saved
//! before its message is posted, so `/climb board` shows it whatever happens here.
//!
//! Also here: the buttons of a game's previous turn message are removed once a new one is
//! posted ([`track`]), and direct messages ([`dm`]), which Discord refuses when a person
//! has closed them.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

use super::posts::{OnDiscord, Post, TurnOf};
use super::snowflake;
use super::types::Data;
use crate::session::{patiently, Place};

/// Retries of a channel message Discord refused (after the relay's own retries of 429s).
const POST_RETRIES: [Duration; 2] = [Duration::from_millis(500), Duration::from_secs(2)];

/// Shape a game's public message by the wishes of those it mentions (the session decides,
/// see `People::pings`): those who want a direct message or nothing are named but not
/// pinged; a ping to someone in their quiet hours makes it silent. Once per post.
pub async fn shape(data: &Data, post: &mut Post) {
    if post.shaped {
        return;
    }
    let pings = data.session.people().pings(&post.mentions).await;
    post.ping(&pings);
}

/// Post a message in a game's channel. The game is already saved: a refusal is tried
/// again a little later, then logged, and a turn message waits in the outbox ([`keep`]).
/// Returns the message's id when it was posted; a game's turn message takes over the
/// buttons from the one before ([`track`]).
pub async fn post(http: &serenity::Http, data: &Data, place: Place, mut post: Post) -> Option<i64> {
    if post.turn_of.is_some() {
        shape(data, &mut post).await;
    }
    let (channel, message) = (snowflake::channel(place.channel_id), post.message());
    let call = || channel.send_message(http, message.clone());
    match retried(call, "posting a game message", place.channel_id).await {
        Ok(m) => {
            let id = snowflake::id(m.id.get());
            if let Some(turn) = post.turn_of {
                track(http, data, turn.game_id, place.channel_id, id).await;
            }
            Some(id)
        }
        Err(e) => {
            error!(
                channel = place.channel_id,
                "posting a game message failed: {e}"
            );
            // A turn message (with the next player's ping) waits in the outbox until
            // Discord takes messages again.
            if let Some(turn) = post.turn_of {
                keep(data, turn).await;
            }
            None
        }
    }
}

/// Make a call to Discord, and again after each of [`POST_RETRIES`] while it fails in a
/// way that may pass ([`retryable`]); its last result.
async fn retried<T, F, R>(mut call: F, what: &str, channel: i64) -> Result<T, serenity::Error>
where
    F: FnMut() -> R,
    R: std::future::Future<Output = Result<T, serenity::Error>>,
{
    let mut waits = POST_RETRIES.iter();
    loop {
        match (call().await, waits.next()) {
            (Err(e), Some(wait)) if retryable(&e) => {
                warn!(channel, "{what} failed, trying again: {e}");
                tokio::time::sleep(*wait).await;
            }
            (done, _) => return done,
        }
    }
}

/// A game's public message for its version was posted: out of the outbox (where an AI
/// turn or a timeout waits until Discord takes it, see `clock::outbox`). With the database
/// away, tried again in the background until it is back, so the message is not posted a
/// second time by the outbox.
pub async fn sent(data: &Data, info: &crate::session::GameInfo) {
    let (game_id, version) = (info.id, info.version);
    match data.session.clocks().posted(game_id, version).await {
        Ok(()) => {}
        Err(e) if e.unavailable() => {
            let data = data.clone();
            tokio::spawn(async move {
                if let Err(e) = patiently(|| data.session.clocks().posted(game_id, version)).await {
                    warn!(game_id, "clearing the outbox failed: {e}");
                }
            });
        }
        Err(e) => warn!(game_id, "clearing the outbox failed: {e}"),
    }
}

/// A game's turn message that could not be posted (the answer to a person's change and
/// the channel post after it refused, or an AI turn's post): into the outbox, posted by the turn
/// clock once Discord takes messages again (`clock::outbox`), unless the game moves on.
pub async fn keep(data: &Data, turn: TurnOf) {
    let (game_id, version) = (turn.game_id, turn.version);
    if let Err(e) = patiently(|| data.session.clocks().keep_post(game_id, version)).await {
        error!(game_id, "keeping a turn message for later failed: {e}");
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

/// Game `game_id`'s new turn message is `message` in `channel`: note it, and remove the
/// buttons of the one it replaces (or its own, if a newer one was posted first), so
/// nobody clicks a board that has moved on. One edit, through the same rate limits.
pub async fn track(http: &serenity::Http, data: &Data, game_id: i64, channel: i64, message: i64) {
    match data
        .session
        .clocks()
        .swap_post(game_id, (channel, message))
        .await
    {
        Ok(Some((c, m))) => strip(http, c, m).await,
        Ok(None) => {}
        Err(e) => warn!(game_id, "noting a game's turn message failed: {e}"),
    }
}

/// Remove a message's buttons and menus (its text and picture stay).
pub async fn strip(http: &serenity::Http, channel: i64, message: i64) {
    let edit = serenity::EditMessage::new().components(Vec::new());
    let (at, id) = (snowflake::channel(channel), snowflake::message(message));
    let call = || at.edit_message(http, id, edit.clone());
    if let Err(e) = retried(call, "removing old buttons", channel).await {
        warn!(channel, message, "removing old buttons failed: {e}");
    }
}

/// Why a direct message was not sent.
#[derive(Debug)]
pub enum DmError {
    /// The person does not accept direct messages from the bot (Discord's 403, code
    /// 50007): noted, so their notices go to the channel from now on. `first`: they
    /// accepted them until now.
    Closed { first: bool },
    /// Anything else (an outage): logged.
    Failed(serenity::Error),
}

/// Send a direct message to a person.
pub async fn dm(
    http: &serenity::Http,
    data: &Data,
    user_id: i64,
    post: &Post,
) -> Result<(), DmError> {
    let user = snowflake::user(user_id);
    let closed = |e: &serenity::Error| match e {
        serenity::Error::Http(h) => h.status_code().is_some_and(|s| s.as_u16() == 403),
        _ => false,
    };
    let sent = match user.create_dm_channel(http).await {
        Ok(channel) => channel.send_message(http, post.message()).await.map(|_| ()),
        Err(e) => Err(e),
    };
    match sent {
        Ok(()) => Ok(()),
        Err(e) if closed(&e) => {
            let first = data.session.people().dm_refused(user_id).await;
            Err(DmError::Closed {
                first: first.unwrap_or(false),
            })
        }
        Err(e) => Err(DmError::Failed(e)),
    }
}
