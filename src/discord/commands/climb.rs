//! `/climb …`: Prime Climb. Start a lobby, move, play a Keeper, the board, hints, the
//! legal moves, undo, resign, end a game, the rules and the factor colours.

use super::args::Args;
use super::opening::{new_game, opened_answer, Wanted};
use super::shared::{answer, answer_here, answer_slow};
use crate::config::WebConfig;
use crate::discord::answers;
use crate::discord::caller::Caller;
use crate::discord::posts::{activity, Post};
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Error};
use crate::session::request::{self, Command};
use crate::session::GameKind;
use crate::session::Rules;
use crate::text::posts::replies::{board_asked, ended};
use crate::text::{self, Markup};

/// Do what the player asks and answer with the board, or why not.
pub(super) async fn act(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let actor = caller.actor();
        match data.session.play().act(place, &actor, command, None).await {
            Ok(view) => answers::climb_changed(&data, &caller, place, view, lang),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Open a game in this channel: a lobby with Join, Add AI and Start buttons
pub async fn start(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let variant = a.text("variant");
    let ai = a.text("ai");
    let timeout = a.text("timeout");
    let play = a.flag("play");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let http = ctx.serenity_context().http.clone();
    let wanted = Wanted {
        rules: Rules::Climb { variant },
        ai,
        timeout,
        play,
    };
    answer(ctx, Shown::Public, async move {
        match new_game(&http, &data, &caller, wanted, false).await {
            Ok(opened) => opened_answer(&data, &caller, opened),
            Err(t) => Answer::private(t),
        }
    })
    .await
}

/// Move: steps in the rule book's notation, e.g. `14 -3 x9` (part of a turn is fine)
pub async fn move_(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let moves = a.text("moves").unwrap_or_default();
    act(ctx, request::climb_move(&moves)).await
}

/// Play a Keeper card: ±N on one of your pawns, send pawns within two spaces, or curse
pub async fn play_keeper(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let keeper = a.text("keeper").unwrap_or_default();
    let target = a.text("target");
    act(ctx, Command::Keeper { keeper, target }).await
}

/// Show the board of this channel's game
pub async fn board(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let private = a.flag("private");
    let text = a.flag("text");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let private = private.unwrap_or(false);
    let shown = if private {
        Shown::Private
    } else {
        Shown::Public
    };
    answer(ctx, shown, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        // A private picture is drawn the way its viewer likes it; a public one becomes the
        // game's turn message, with the notice owed to its player to move.
        let text_only = text.unwrap_or(false);
        let look_of = (private && !text_only).then(|| caller.user());
        let turn_message = !private && !text_only;
        let asked = data
            .session
            .play()
            .board_asked(place, look_of, turn_message);
        match asked.await {
            Ok(asked) => board_asked(asked, text_only, shown, activity(&data), lang),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// The best moves for the player to move, explained step by step (only you see it)
pub async fn hint(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let count = a.int("count");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let count = request::hint_option(count);
    answer(ctx, Shown::Private, async move {
        let n = match count {
            Ok(n) => n,
            Err(e) => return Answer::private(text::errors::refusal(&e.into(), caller.lang())),
        };
        Answer::private(answers::climb_hint(&data, &caller, n).await)
    })
    .await
}

/// Every legal way to finish this turn, with a move for each (only you see it)
pub async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        Answer::private(answers::climb_moves(&data, &caller).await)
    })
    .await
}

/// End the channel's game, whichever it is (`/climb end`, `/daifugo end`).
pub async fn end_game(ctx: Context<'_>) -> Result<(), Error> {
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let actor = caller.actor();
        match data.session.lobbies().end_game(place, &actor).await {
            // The end takes over from the last turn message: its buttons go.
            Ok(view) => ended(place, &view, (caller.user(), &caller.name), lang),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// The rules of Prime Climb, summarised by topic
pub async fn rules(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    use text::rules::Topic;
    let topic = a.pick("topic", &Topic::ALL).unwrap_or(Topic::Overview);
    let lang = Caller::from_command(ctx).lang();
    let text = topic.text(lang, Markup::Discord);
    answer(ctx, Shown::Private, async move { Answer::private(text) }).await
}

/// The factor colours of the board's spaces, with examples
pub async fn colours(ctx: Context<'_>) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).lang();
    let text = text::climb::colours_text(lang, Markup::Discord);
    answer(ctx, Shown::Public, async move {
        Answer::public(Post::text(text))
    })
    .await
}

/// A link to this channel's game on the web, live (for anyone with the link; only the
/// asker sees the answer).
pub async fn watch(ctx: Context<'_>) -> Result<(), Error> {
    answer_here(ctx, Shown::Private, move |data, caller, place| async move {
        let lang = caller.lang();
        let Some(plan) = data.web.as_ref().and_then(WebConfig::links) else {
            return Answer::private(text::web::links_need_public_url(lang));
        };
        match data.session.watching().link(place, &plan).await {
            Ok(link) => Answer::private(text::web::watch_link(&link, lang)),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// How a look back at a game is shown: to the channel with `share:true`, else to the
/// asker alone.
fn shared(share: Option<bool>) -> Shown {
    if share.unwrap_or(false) {
        Shown::Public
    } else {
        Shown::Private
    }
}

/// Review a finished game: each move against the best one by the exact solver, with a chart
pub async fn review(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let game = a.int("game");
    let share = a.flag("share");
    let shown = shared(share);
    answer_here(ctx, shown, move |data, caller, place| async move {
        let lang = caller.lang();
        let reviewed = match data.session.learning().review(place, game).await {
            Ok(found) => found,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        Answer::new(text::posts::learning::review(&reviewed, lang), shown)
    })
    .await
}

/// An animated picture of a whole game: the board after every turn, with its path
pub async fn replay(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let game = a.int("game");
    let share = a.flag("share");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let shown = shared(share);
    // Drawing forty boards and encoding them takes a second or more: defer at once.
    answer_slow(ctx, shown, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let replay = match data.session.learning().replay_in(place, game).await {
            Ok(found) => found,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let draft = match text::posts::learning::replay(replay, shown, lang) {
            Ok(draft) => draft,
            Err(refused) => return Answer::private(refused),
        };
        let fitted = data.drawing.draw(draft.draw).await;
        (draft.finish)(fitted)
    })
    .await
}

/// Learn to play, step by step: one pawn and one die first, then the whole game
pub async fn learn(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let try_ = a.text("answer");
    let restart = a.flag("restart");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        super::learn::learn(&data, &caller, try_, restart.unwrap_or(false)).await
    })
    .await
}

/// Today's puzzle (the same for everyone), your answer, or the server's puzzle standings
pub async fn puzzle(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let answer = a.text("answer");
    let standings = a.flag("standings");
    super::puzzle::puzzle(ctx, GameKind::Climb, answer, standings.unwrap_or(false)).await
}
