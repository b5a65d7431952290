//! `/climb …`: Prime Climb. Start a lobby, move, play a Keeper, the board, hints, the
//! legal moves, undo, resign, end a game, the rules and the factor colours.

use super::args::Args;
use super::opening::open;
use super::shared::{answer, answer_slow, say, Ctx};
use crate::config::WebConfig;
use crate::discord::posts::activity;
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::Error;
use crate::session::request::{self, Command};
use crate::session::{GameKind, Rules, SessionError, Wanted};
use crate::text::posts::{learning, replies};
use crate::text::{self, Markup};

/// Do what the player asks and answer with the board, or why not.
pub(super) async fn act(ctx: Ctx<'_>, command: Command) -> Result<(), Error> {
    answer(ctx, Shown::Public, move |data, caller| async move {
        let place = caller.place()?;
        let play = data.session.play();
        let changed = play.act(place, &caller.actor(), command, None).await?;
        let (user, lang) = (caller.user(), caller.lang());
        Ok(replies::climb_changed(
            place,
            changed,
            user,
            activity(&data),
            lang,
        ))
    })
    .await
}

pub async fn start(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let wanted = Wanted {
        rules: Rules::Climb {
            variant: a.text("variant"),
        },
        ai: a.text("ai"),
        timeout: a.text("timeout"),
        play: a.flag("play"),
    };
    open(ctx, wanted).await
}

pub async fn board(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let private = a.flag("private").unwrap_or(false);
    let text_only = a.flag("text").unwrap_or(false);
    let shown = if private {
        Shown::Private
    } else {
        Shown::Public
    };
    answer(ctx, shown, move |data, caller| async move {
        let place = caller.place()?;
        // A private picture is drawn the way its viewer likes it; a public one becomes the
        // game's turn message, with the notice owed to its player to move.
        let look_of = (private && !text_only).then(|| caller.user());
        let turn_message = !private && !text_only;
        let play = data.session.play();
        let asked = play.board_asked(place, look_of, turn_message).await?;
        let lang = caller.lang();
        Ok(replies::board_asked(
            asked,
            text_only,
            shown,
            activity(&data),
            lang,
        ))
    })
    .await
}

pub async fn hint(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let count = request::hint_option(a.int("count"));
    answer(ctx, Shown::Private, move |data, caller| async move {
        let n = count.map_err(SessionError::from)?;
        let place = caller.place()?;
        let (view, hints) = data
            .session
            .play()
            .hint_for(place, n, caller.user())
            .await?;
        let words = replies::hints_words(&view, &hints, caller.user(), caller.lang());
        Ok(Answer::private(words))
    })
    .await
}

pub async fn moves(ctx: Ctx<'_>) -> Result<(), Error> {
    answer(ctx, Shown::Private, move |data, caller| async move {
        let (view, outcomes) = data.session.play().legal_moves(caller.place()?).await?;
        let lang = caller.lang();
        let words = text::climb::moves_text(&view.game, &outcomes, lang, Markup::Discord);
        Ok(Answer::private(words))
    })
    .await
}

/// End the channel's game, whichever it is (`/climb end`, `/daifugo end`).
pub async fn end_game(ctx: Ctx<'_>) -> Result<(), Error> {
    answer(ctx, Shown::Public, move |data, caller| async move {
        let place = caller.place()?;
        let view = data
            .session
            .lobbies()
            .end_game(place, &caller.actor())
            .await?;
        // The end takes over from the last turn message: its buttons go.
        let asker = (caller.user(), caller.name.as_str());
        Ok(replies::ended(place, &view, asker, caller.lang()))
    })
    .await
}

pub async fn rules(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    use text::rules::Topic;
    let topic = a.pick("topic", &Topic::ALL).unwrap_or(Topic::Overview);
    say(ctx, Shown::Private, move |lang| {
        topic.text(lang, Markup::Discord)
    })
    .await
}

pub async fn colours(ctx: Ctx<'_>) -> Result<(), Error> {
    say(ctx, Shown::Public, |lang| {
        text::climb::colours_text(lang, Markup::Discord)
    })
    .await
}

/// A link to this channel's game on the web, live (for anyone with the link; only the
/// asker sees the answer).
pub async fn watch(ctx: Ctx<'_>) -> Result<(), Error> {
    answer(ctx, Shown::Private, move |data, caller| async move {
        let (place, lang) = (caller.place()?, caller.lang());
        let Some(plan) = data.web.as_ref().and_then(WebConfig::links) else {
            return Ok(Answer::private(text::web::links_need_public_url(lang)));
        };
        let link = data.session.watching().link(place, &plan).await?;
        Ok(Answer::private(text::web::watch_link(&link, lang)))
    })
    .await
}

/// How a look back at a game is shown: to the channel with `share:true`, else to the
/// asker alone.
fn shared(a: &Args<'_>) -> Shown {
    if a.flag("share").unwrap_or(false) {
        Shown::Public
    } else {
        Shown::Private
    }
}

pub async fn review(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (game, shown) = (a.int("game"), shared(a));
    answer(ctx, shown, move |data, caller| async move {
        let reviewed = data
            .session
            .learning()
            .review(caller.place()?, game)
            .await?;
        Ok(Answer::new(
            learning::review(&reviewed, caller.lang()),
            shown,
        ))
    })
    .await
}

pub async fn replay(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (game, shown) = (a.int("game"), shared(a));
    // Drawing forty boards and encoding them takes a second or more: defer at once.
    answer_slow(ctx, shown, move |data, caller| async move {
        let place = caller.place()?;
        let replay = data.session.learning().replay_in(place, game).await?;
        let draft = learning::replay(replay, shown, caller.lang())?;
        let fitted = data.drawing.draw(draft.draw).await;
        Ok((draft.finish)(fitted))
    })
    .await
}

pub async fn learn(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let (try_, restart) = (a.text("answer"), a.flag("restart").unwrap_or(false));
    answer(ctx, Shown::Private, move |data, caller| async move {
        let guild = caller.place().ok().map(|p| p.guild_id);
        let lessons = data.session.learning();
        let learned = lessons.learn_in(guild, caller.user(), try_.as_deref(), restart);
        let (learned, look) = learned.await?;
        Ok(learning::learned(learned, look, caller.lang()))
    })
    .await
}

pub async fn puzzle(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    super::puzzle::puzzle(ctx, a, GameKind::Climb).await
}
