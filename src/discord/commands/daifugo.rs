//! `/daifugo …`: Prime Daifugo Lvl. 0, a card game with hidden hands. Every action is the
//! players' notation (`3 10`, `5/9:9 7`, `draw`, `d`, `discard 4`, `pass`, `skip`),
//! checked by the session; the table goes to everyone, the hand only to its owner.

use super::args::Args;
use super::opening::open;
use super::shared::{answer, say, Ctx};
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::Error;
use crate::session::{request, GameKind, Rules, Wanted};
use crate::text::posts::replies;
use crate::text::{self, Markup};

pub async fn start(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let flag = |name| a.flag(name).unwrap_or(false);
    let games = a.int("games").and_then(|n| u8::try_from(n).ok());
    let options =
        request::daifugo_choices(flag("advanced"), flag("skip"), flag("hand_limit"), games);
    let wanted = Wanted {
        rules: Rules::Daifugo(options),
        ai: a.text("ai"),
        timeout: a.text("timeout"),
        play: a.flag("play"),
    };
    open(ctx, wanted).await
}

/// Do what the player typed and answer with the table, and their hand while it is
/// still their turn.
pub(super) async fn act(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    answer(ctx, Shown::Public, move |data, caller| async move {
        let place = caller.place()?;
        let play = data.session.play();
        let changed = play
            .daifugo_act(place, &caller.actor(), &text, None)
            .await?;
        Ok(replies::daifugo_acted(
            place,
            changed,
            caller.user(),
            caller.lang(),
        ))
    })
    .await
}

/// The caller's hand (only they see it): with what they could play, or (`hint`) only
/// that.
pub(super) async fn hand(ctx: Ctx<'_>, hint: bool) -> Result<(), Error> {
    answer(ctx, Shown::Private, move |data, caller| async move {
        let play = data.session.play();
        let hand = play
            .hand(caller.place()?, caller.user(), None, !hint)
            .await?;
        Ok(if hint {
            Answer::private(replies::hint_words(&hand, caller.lang()))
        } else {
            replies::hand_answer(&hand, caller.lang())
        })
    })
    .await
}

pub async fn board(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let text_only = a.flag("text").unwrap_or(false);
    answer(ctx, Shown::Public, move |data, caller| async move {
        let asked = data.session.play().table_asked(caller.place()?, !text_only);
        Ok(replies::table_asked(asked.await?, text_only, caller.lang()))
    })
    .await
}

pub async fn rules(ctx: Ctx<'_>) -> Result<(), Error> {
    say(ctx, Shown::Private, |lang| {
        text::rules::daifugo(lang, Markup::Discord)
    })
    .await
}

pub async fn puzzle(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    super::puzzle::puzzle(ctx, a, GameKind::Daifugo).await
}
