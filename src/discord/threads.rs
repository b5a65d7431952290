//! Games in their own threads, so one channel (a class) holds any number of games. A new
//! game opens a public thread in the channel where it was asked for, when the server
//! wants it (`/settings threads`, on by default) and the bot may: else it is played in the
//! channel, with a note saying why. When a thread's game ends, its result is posted in the
//! channel too and the thread is archived; the announcement is claimed in the database,
//! so it is made once whichever path (a move, an AI turn, the clock) gets there first.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelType, CreateThread, EditThread, Permissions};
use tracing::{info, warn};

use super::send;
use super::types::Data;
use crate::session::{GameKind, Place};
use crate::text;

/// How long creating or archiving a thread may take before the game goes on without it.
const THREAD_CALL: Duration = Duration::from_secs(10);

/// What a thread needs the bot to be allowed in the channel.
pub const THREAD_PERMISSIONS: Permissions =
    Permissions::CREATE_PUBLIC_THREADS.union(Permissions::SEND_MESSAGES_IN_THREADS);

/// Create a public thread for a game of `kind` played by `who` in the channel of `under`;
/// the place it makes (or why not, for the log).
pub async fn open_thread(
    http: &serenity::Http,
    under: Place,
    kind: GameKind,
    who: &str,
) -> Result<Place, String> {
    let channel = super::snowflake::channel(under.channel_id);
    let builder = CreateThread::new(text::lobby::thread_name(kind, who))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    match tokio::time::timeout(THREAD_CALL, channel.create_thread(http, builder)).await {
        Ok(Ok(thread)) => Ok(Place {
            guild_id: under.guild_id,
            channel_id: super::snowflake::id(thread.id.get()),
        }),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer within {THREAD_CALL:?}")),
    }
}

/// If game `game_id` was played in a thread and is over, announce its end in the thread's
/// channel (once, whoever calls) and archive the thread.
pub async fn announce_end(http: &serenity::Http, data: &Data, game_id: i64) {
    let (info, view) = match data.session.classes().claim_end(game_id).await {
        Ok(Some(claimed)) => claimed,
        Ok(None) => return,
        Err(e) => {
            warn!(game_id, "announcing a game's end failed: {e}");
            return;
        }
    };
    let Some(parent) = info.parent_channel_id else {
        return;
    };
    let post = text::posts::notices::thread_game_over(&info, view.as_ref());
    let parent_place = Place {
        guild_id: info.place.guild_id,
        channel_id: parent,
    };
    send::post(http, data, parent_place, post).await;
    archive(http, info.place.channel_id).await;
}

/// Delete a thread opened for a game that was then refused (its options, say): nothing
/// was played in it. If Discord refuses, it is archived instead.
pub async fn close_unused(http: &serenity::Http, thread: i64) {
    let id = super::snowflake::channel(thread);
    match tokio::time::timeout(THREAD_CALL, id.delete(http)).await {
        Ok(Ok(_)) => {}
        _ => archive(http, thread).await,
    }
}

/// Archive a game's thread (it stays readable; a new message would reopen it).
async fn archive(http: &serenity::Http, thread: i64) {
    let id = super::snowflake::channel(thread);
    let call = id.edit_thread(http, EditThread::new().archived(true));
    match tokio::time::timeout(THREAD_CALL, call).await {
        Ok(Ok(_)) => info!(thread, "game thread archived"),
        Ok(Err(e)) => warn!(thread, "archiving a game thread failed: {e}"),
        Err(_) => warn!(thread, "archiving a game thread took too long"),
    }
}
