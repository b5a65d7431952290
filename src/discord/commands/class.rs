//! `/class`: the teacher's tools. `pair` seats the students of a role (or a list) in
//! random groups, one game each in its own thread; `games` shows every open game of the
//! channel or the server; `view` links to them all on one web page; `report` gives the
//! class's results as a spreadsheet and a chart. Moderators and the server's teacher role
//! only.

use super::args::Args;
use super::shared::{answer, answer_here, answer_here_slow};
use crate::config::WebConfig;
use crate::discord::caller::Caller;
use crate::discord::class;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};

use crate::discord::types::{Context, Data, Error};
use crate::session::{GameKind, PairWords, Room};
use crate::text;

/// Pair students into games, each in its own thread (an AI seat for whoever is left over)
pub async fn pair(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let role = a.role("role");
    let members = a.text("members");
    let game = a.pick("game", &super::args::GAMES);
    let size = a.int("size");
    let variant = a.text("variant");
    let ai = a.text("ai");
    let timeout = a.text("timeout");
    let due = a.text("due");
    let http = ctx.serenity_context().http.clone();
    answer_here_slow(ctx, Shown::Public, move |data, caller, here| async move {
        let lang = caller.lang();
        let words = PairWords {
            here,
            teacher: caller.actor(),
            kind: game.unwrap_or(GameKind::Climb),
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
            role: role.map(|r| r.id.get()),
            listed: members,
            teacher: caller.user_id,
        };
        match data.session.classes().pair(words, &class).await {
            Ok(paired) => {
                Answer::public(Post::text(class::deliver(&http, &data, paired, lang).await))
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Every open game of this channel (or of the server), the longest idle first
pub async fn games(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let everywhere = a.flag("everywhere");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        games_page(&data, &caller, everywhere.unwrap_or(false), (0, false)).await
    })
    .await
}

/// A link to the class on one web page, live; `revoke` withdraws every class link
pub async fn view(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (everywhere, revoke) = (a.flag("everywhere"), a.flag("revoke"));
    answer_here(ctx, Shown::Private, move |data, caller, place| async move {
        let (lang, watching, actor) = (caller.lang(), data.session.watching(), caller.actor());
        let done = if revoke == Some(true) {
            let revoked = watching.revoke(place, &actor).await;
            revoked.map(|()| text::web::class_links_revoked(lang).to_string())
        } else {
            let Some(plan) = data.web.as_ref().and_then(WebConfig::links) else {
                return Answer::private(text::web::links_need_public_url(lang));
            };
            let everywhere = everywhere == Some(true);
            let link = watching.class_link(place, &actor, everywhere, &plan).await;
            link.map(|l| text::web::class_link(&l, everywhere, lang))
        };
        Answer::private(done.unwrap_or_else(|e| text::errors::refusal(&e, lang)))
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
) -> Answer {
    let lang = caller.lang();
    let here = match caller.place() {
        Ok(p) => p,
        Err(t) => return Answer::private(t),
    };
    let channel = (!everywhere).then_some(here.channel_id);
    let games = match data
        .session
        .classes()
        .open_games_summary(&caller.actor(), here.guild_id, channel)
        .await
    {
        Ok(games) => games,
        Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
    };
    let now = data.session.now();
    text::posts::learning::class_games(&games, now, everywhere, (page, clicked), lang)
}

/// The class report: a spreadsheet (one row per student) and a chart, only for you
pub async fn report(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let from = a.text("from");
    let to = a.text("to");
    answer_here_slow(ctx, Shown::Private, move |data, caller, here| async move {
        let lang = caller.lang();
        let teacher = caller.actor();
        let report = data.session.standings().class_report_for(
            &teacher,
            here,
            from.as_deref(),
            to.as_deref(),
        );
        let class = match report.await {
            Ok(class) => class,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        Answer::new(
            text::posts::learning::class_report(&class, lang),
            Shown::Private,
        )
    })
    .await
}
