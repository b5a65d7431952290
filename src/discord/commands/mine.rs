//! A person's own commands, answered only to them: `/mygames` (the games waiting on you),
//! `/notify` (how and when you are told it is your turn) and `/away` (stop your turn
//! clocks for a while).

use super::args::Args;
use super::shared::{answer, answer_here};
use crate::discord::caller::Caller;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::send::{self, DmError};
use crate::discord::types::{Context, Error};
use crate::session::{NotifyChange, NotifyHow};
use crate::text;

/// Every game in this server waiting on you, then your other games (only you see it)
pub async fn my_games(ctx: Context<'_>) -> Result<(), Error> {
    answer_here(ctx, Shown::Private, move |data, caller, place| async move {
        let lang = caller.lang();
        match data
            .session
            .people()
            .my_games(place.guild_id, caller.user())
            .await
        {
            Ok(mine) => {
                let away = mine.away.map(|(at, tz)| text::notify::when(at, &tz, lang));
                Answer::private(text::notify::my_games(&mine.games, away, mine.now, lang))
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// How and when you are told it is your turn: ping, DM or nothing; quiet hours; a digest
pub async fn notify(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let how = a.pick("how", &[NotifyHow::Ping, NotifyHow::Dm, NotifyHow::None]);
    let time_zone = a.text("time-zone");
    let quiet = a.text("quiet");
    let digest = a.text("digest");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let http = ctx.serenity_context().http.clone();
    answer(ctx, Shown::Private, async move {
        let change = NotifyChange {
            how,
            time_zone,
            quiet,
            digest,
        };
        let session = &data.session;
        let user = caller.user();
        let asked = session.people().set_notify(user, change.clone(), lang);
        let mut settings = match asked.await {
            Ok(u) => u,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let mut lines = Vec::new();
        // Direct messages chosen: the first one goes now, so closed DMs are found at once.
        if change.how == Some(NotifyHow::Dm) {
            match send::dm(&http, user, &Post::text(text::notify::dm_welcome(lang))).await {
                Ok(()) => {}
                Err(DmError::Closed) => {
                    let _ = session.people().dm_refused(user).await;
                    settings.dm_closed = true;
                    lines.push(text::notify::dm_refused_now(lang).to_string());
                }
                Err(DmError::Failed(e)) => {
                    tracing::warn!(user, "a first direct message failed: {e}");
                }
            }
        }
        lines.insert(0, text::notify::notify_summary(&settings, lang));
        Answer::private(lines.join("\n\n"))
    })
    .await
}

/// Stop the turn clocks of your games here for a while: 3d, until 2026-12-03, or off
pub async fn away(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let time = a.text("time").unwrap_or_default();
    answer_here(ctx, Shown::Private, move |data, caller, place| async move {
        let lang = caller.lang();
        let user = caller.user();
        match data
            .session
            .people()
            .away(place.guild_id, user, &time)
            .await
        {
            Ok(done) => text::posts::notices::away_done(done, user, &caller.name, lang),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}
