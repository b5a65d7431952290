//! The delivery of an outcome that no reply carries: a change of a game made by an AI
//! turn, a timeout, the outbox or a class paired.

use poise::serenity_prelude as serenity;

use super::posts::activity;
use super::types::Data;
use super::{notify, send, threads};
use crate::drawing::in_background;
use crate::session::{Changed, GameView};
use crate::text;

/// Deliver a change of a game made without a reply (an AI turn, a timeout, a waiting
/// message of the outbox, a class's game started): its public message in its channel,
/// headed by `head`, pinging as the session decided; the outbox cleared once it is
/// posted; the notices, with a link to it; its end announced if it ended. The message's
/// id, if it was posted.
pub async fn changed(
    http: &serenity::Http,
    data: &Data,
    changed: &Changed<GameView>,
    head: Option<&str>,
) -> Option<i64> {
    let info = changed.info();
    let place = info.place;
    // The board, or the Prime Daifugo table (never a hand), in the game's language.
    let draft = text::posts::replies::public(&changed.view, activity(data), info.lang);
    let mut message = in_background(data.drawing.post(draft)).await;
    if let Some(head) = head {
        message = message.headed(head);
    }
    message.ping(&changed.pings);
    let posted = send::post(http, data, place, message).await;
    if posted.is_some() {
        send::sent(data, info).await;
    }
    for notice in &changed.notices {
        let link = posted.map(|m| (place.channel_id, m));
        notify::send_notice(http, data, notice, link).await;
    }
    if changed.ended {
        threads::announce_end(http, data, info.id).await;
    }
    posted
}
