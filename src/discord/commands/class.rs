//! `/class`: the teacher's tools. `pair` seats the students of a role (or a list) in
//! random groups, one game each in its own thread; `games` shows every open game of the
//! channel or the server; `view` links to them all on one web page; `report` gives the
//! class's results as a spreadsheet and a chart. Moderators and the server's teacher role
//! only.

use super::args::{Args, GAMES};
use super::shared::{answer, answer_slow, Ctx, Worked};
use crate::config::WebConfig;
use crate::discord::caller::Caller;
use crate::discord::class;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Data, Error};
use crate::session::{GameKind, PairWords, Room};
use crate::text;

pub async fn pair(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (role, members) = (a.role("role").map(|r| r.id.get()), a.text("members"));
    let (kind, size) = (
        a.pick("game", &GAMES).unwrap_or(GameKind::Climb),
        a.int("size"),
    );
    let (variant, ai, timeout, due) = (
        a.text("variant"),
        a.text("ai"),
        a.text("timeout"),
        a.text("due"),
    );
    let http = ctx.serenity_context().http.clone();
    answer_slow(ctx, Shown::Public, move |data, caller| async move {
        let here = caller.place()?;
        let words = PairWords {
            here,
            teacher: caller.actor(),
            kind,
            variant,
            ai,
            timeout,
            due,
            size,
            lang: caller.game_lang(),
            places_possible: caller.room() == Room::Possible,
        };
        let class = class::Students {
            http: &http,
            guild: here.guild_id,
            channel: here.channel_id,
            role,
            listed: members,
            teacher: caller.user_id,
        };
        let paired = data.session.classes().pair(words, &class).await?;
        let said = class::deliver(&http, &data, paired, caller.lang()).await;
        Ok(Answer::public(Post::text(said)))
    })
    .await
}

pub async fn games(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let everywhere = a.flag("everywhere").unwrap_or(false);
    answer(ctx, Shown::Private, move |data, caller| async move {
        games_page(&data, &caller, everywhere, (0, false)).await
    })
    .await
}

pub async fn view(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (everywhere, revoke) = (a.flag("everywhere") == Some(true), a.flag("revoke"));
    answer(ctx, Shown::Private, move |data, caller| async move {
        let (place, lang, actor) = (caller.place()?, caller.lang(), caller.actor());
        let watching = data.session.watching();
        if revoke == Some(true) {
            watching.revoke(place, &actor).await?;
            return Ok(Answer::private(text::web::class_links_revoked(lang)));
        }
        let Some(plan) = data.web.as_ref().and_then(WebConfig::links) else {
            return Ok(Answer::private(text::web::links_need_public_url(lang)));
        };
        let link = watching
            .class_link(place, &actor, everywhere, &plan)
            .await?;
        Ok(Answer::private(text::web::class_link(
            &link, everywhere, lang,
        )))
    })
    .await
}

/// One page of the open games for a teacher, with buttons to the pages before and after:
/// `/class games` shows the first, the buttons the others.
/// `clicked`: asked by a page's button, whose page the answer replaces.
pub async fn games_page(
    data: &Data,
    caller: &Caller,
    everywhere: bool,
    (page, clicked): (u16, bool),
) -> Worked {
    let (here, teacher) = (caller.place()?, caller.actor());
    let channel = (!everywhere).then_some(here.channel_id);
    let classes = data.session.classes();
    let games = classes.open_games_summary(&teacher, here.guild_id, channel);
    let (games, now) = (games.await?, data.session.now());
    let lang = caller.lang();
    Ok(text::posts::learning::class_games(
        &games,
        now,
        everywhere,
        (page, clicked),
        lang,
    ))
}

pub async fn report(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (from, to) = (a.text("from"), a.text("to"));
    answer_slow(ctx, Shown::Private, move |data, caller| async move {
        let (here, teacher) = (caller.place()?, caller.actor());
        let standings = data.session.standings();
        let report = standings.class_report_for(&teacher, here, from.as_deref(), to.as_deref());
        let class = report.await?;
        Ok(Answer::new(
            text::posts::learning::class_report(&class, caller.lang()),
            Shown::Private,
        ))
    })
    .await
}
