//! A person's own commands, answered only to them: `/mygames` (the games waiting on you),
//! `/notify` (how and when you are told it is your turn) and `/away` (stop your turn
//! clocks for a while).

use super::args::Args;
use super::shared::{answer, Ctx};
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::send::{self, DmError};
use crate::discord::types::Error;
use crate::session::{NotifyChange, NotifyHow};
use crate::text;

pub async fn my_games(ctx: Ctx<'_>) -> Result<(), Error> {
    answer(ctx, Shown::Private, move |data, caller| async move {
        let guild = caller.place()?.guild_id;
        let mine = data.session.people().my_games(guild, caller.user()).await?;
        Ok(Answer::private(text::notify::my_games(
            &mine,
            caller.lang(),
        )))
    })
    .await
}

pub async fn notify(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let change = NotifyChange {
        how: a.pick("how", &[NotifyHow::Ping, NotifyHow::Dm, NotifyHow::None]),
        time_zone: a.text("time-zone"),
        quiet: a.text("quiet"),
        digest: a.text("digest"),
    };
    let http = ctx.serenity_context().http.clone();
    answer(ctx, Shown::Private, move |data, caller| async move {
        let (user, lang) = (caller.user(), caller.lang());
        let dm = change.how == Some(NotifyHow::Dm);
        let mut settings = data.session.people().set_notify(user, change, lang).await?;
        // Direct messages chosen: the first one goes now, so closed DMs are found at once.
        let mut refused = false;
        if dm {
            let welcome = Post::text(text::notify::dm_welcome(lang));
            match send::dm(&http, &data, user, &welcome).await {
                Ok(()) => {}
                Err(DmError::Closed { .. }) => (refused, settings.dm_closed) = (true, true),
                Err(DmError::Failed(e)) => tracing::warn!(user, "a first DM failed: {e}"),
            }
        }
        Ok(Answer::private(text::notify::notify_answer(
            &settings, refused, lang,
        )))
    })
    .await
}

pub async fn away(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let time = a.text("time").unwrap_or_default();
    answer(ctx, Shown::Private, move |data, caller| async move {
        let (guild, user) = (caller.place()?.guild_id, caller.user());
        let done = data.session.people().away(guild, user, &time).await?;
        Ok(text::posts::notices::away_done(
            done,
            user,
            &caller.name,
            caller.lang(),
        ))
    })
    .await
}
