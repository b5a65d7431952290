//! Telling people it is their turn, as each of them asked (`/notify`): a ping in the
//! game's channel (silent in their quiet hours), a direct message, or nothing; reminders;
//! the daily digest; and the note in the channel when Discord refuses a direct message,
//! after which their turns are pinged there. Each notice is claimed in the database
//! before it is sent, so a restart or a second process never sends it twice.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::posts::Post;
use super::send::{self, DmError};
use super::types::Data;
use crate::lang::Lang;
use crate::session::{GameView, MyGame, Notice, Place, Reminder};
use crate::text;
use crate::text::posts::notices;

/// Send a direct message; if Discord refuses it (DMs closed), the person's notices go to
/// the channel from now on, and the channel says so once, pinging them.
async fn dm_or_fall_back(
    http: &serenity::Http,
    data: &Data,
    (user_id, silent): (i64, bool),
    place: Place,
    post: Post,
    lang: Lang,
) {
    match send::dm(http, data, user_id, &post).await {
        Ok(()) | Err(DmError::Closed { first: false }) => {}
        Err(DmError::Closed { first: true }) => {
            let note = notices::dm_closed(user_id, silent, lang);
            send::post(http, data, place, note).await;
        }
        Err(DmError::Failed(e)) => warn!(user = user_id, "a direct message failed: {e}"),
    }
}

/// Send a turn notice a use case decided and claimed: a direct message with a link to
/// the game's turn message (`posted`: the one just posted for it, when the notice does not
/// name one).
pub async fn send_notice(
    http: &serenity::Http,
    data: &Data,
    notice: &Notice,
    posted: Option<(i64, i64)>,
) {
    let info = &notice.game;
    let link = text::notify::link_to(info.place, notice.link.or(posted));
    let post = notices::turn_dm(info, &link, notice.silent, notice.lang);
    let who = (notice.user_id, notice.silent);
    dm_or_fall_back(http, data, who, info.place, post, notice.lang).await;
}

/// Send a reminder the clock claimed, as the session decided: in the game's channel
/// with a ping, or by direct message. `(left_ms, waited_ms, half)`: the turn's time left,
/// how long it has waited, and whether this is the one reminder at half time.
pub async fn reminder(
    http: &serenity::Http,
    data: &Data,
    view: &GameView,
    (left_ms, waited_ms, half): (Option<i64>, i64, bool),
    how: Reminder,
) {
    let info = view.info();
    match how {
        Reminder::Nothing => {}
        Reminder::Ping(pings) => {
            let mut post = crate::text::posts::reminder(view, left_ms, waited_ms, half);
            post.ping(&pings);
            send::post(http, data, info.place, post).await;
        }
        Reminder::Dm {
            user_id,
            lang,
            silent,
            link,
        } => {
            let link = text::notify::link_to(info.place, link);
            let post = notices::reminder_dm(info, (left_ms, waited_ms, half), &link, silent, lang);
            dm_or_fall_back(http, data, (user_id, silent), info.place, post, lang).await;
        }
    }
}

/// Send a person's daily digest of the games waiting on them.
pub async fn digest(
    http: &serenity::Http,
    data: &Data,
    user_id: i64,
    lang: Lang,
    games: &[MyGame],
) {
    let post = notices::digest(games, data.session.now(), lang);
    // A digest has no channel to fall back to: a person whose messages are closed is told
    // in their next game's channel instead, by their turn notices.
    if let Err(DmError::Failed(e)) = send::dm(http, data, user_id, &post).await {
        warn!(user = user_id, "a digest failed: {e}");
    }
}
