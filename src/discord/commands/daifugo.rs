//! `/daifugo …`: Prime Daifugo Lvl. 0, a card game with hidden hands. Every action is the
//! players' notation (`3 10`, `5/9:9 7`, `draw`, `d`, `discard 4`, `pass`, `skip`),
//! checked by the session; the table goes to everyone, the hand only to its owner.

use super::args::Args;
use super::opening::{new_game, opened_answer, Wanted};
use super::shared::{answer, answer_here};
use crate::discord::answers;
use crate::discord::caller::Caller;
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Error};
use crate::session::{request, Rules};
use crate::text::posts::replies::table_asked;
use crate::text::{self, Markup};

/// Open a Prime Daifugo game (2–3 players): a lobby with Join, Add AI and Start
pub async fn start(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let advanced = a.flag("advanced");
    let skip = a.flag("skip");
    let ai = a.text("ai");
    let games = a.int("games").and_then(|n| u8::try_from(n).ok());
    let hand_limit = a.flag("hand_limit");
    let timeout = a.text("timeout");
    let play = a.flag("play");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let http = ctx.serenity_context().http.clone();
    answer(ctx, Shown::Public, async move {
        let options = request::daifugo_choices(
            advanced.unwrap_or(false),
            skip.unwrap_or(false),
            hand_limit.unwrap_or(false),
            games,
        );
        let wanted = Wanted {
            rules: Rules::Daifugo(options),
            ai,
            timeout,
            play,
        };
        match new_game(&http, &data, &caller, wanted, false).await {
            Ok(opened) => opened_answer(&data, &caller, opened),
            Err(t) => Answer::private(t),
        }
    })
    .await
}

/// Do what the player typed and answer (see [`acted`]).
pub(super) async fn act(ctx: Context<'_>, text: String) -> Result<(), Error> {
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let actor = caller.actor();
        match data
            .session
            .play()
            .daifugo_act(place, &actor, &text, None)
            .await
        {
            Ok(view) => answers::daifugo_acted(&caller, place, view),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Play cards side by side: `3 10` is 310, `5/9:9 7` plays the [5/9] as 9
pub async fn play(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let cards = a.text("cards").unwrap_or_default();
    act(ctx, cards).await
}

/// Your hand (only you see it), with what you could play
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        answers::daifugo_hand(&data, &caller).await
    })
    .await
}

/// The table of this channel's Prime Daifugo game (no hands)
pub async fn board(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let text = a.flag("text");
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let text_only = text.unwrap_or(false);
        match data.session.play().table_asked(place, !text_only).await {
            Ok(asked) => table_asked(asked, text_only, lang),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// The primes you could play now (only you see it)
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        Answer::private(answers::daifugo_hint(&data, &caller).await)
    })
    .await
}

/// How Prime Daifugo is played, in short
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).lang();
    let text = text::rules::daifugo(lang, Markup::Discord);
    answer(ctx, Shown::Private, async move { Answer::private(text) }).await
}

/// Today's puzzle: the largest prime from a hand (the same for everyone), or the standings
pub async fn puzzle(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let answer = a.text("answer");
    let standings = a.flag("standings");
    super::puzzle::puzzle(
        ctx,
        crate::session::GameKind::Daifugo,
        answer,
        standings.unwrap_or(false),
    )
    .await
}
