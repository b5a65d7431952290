//! The slash commands: thin poise commands, one file per group. Each reads who asks and
//! where ([`Caller`]), calls one session use case, and answers with a post through
//! `reply.rs`.

pub(crate) mod class;
pub(super) mod climb;
mod daifugo;
pub(crate) mod learn;
mod mine;
mod opening;
mod puzzle;

pub(super) use puzzle::climb_post as climb_puzzle_post;
mod settings;
mod standings;

use std::future::Future;

pub(super) use super::answers::mention;
use super::caller::Caller;
use super::posts::Post;
use super::reply::{self, Answer, Shown, Target};
use super::threads::{self, GamePlace};
use super::types::{Context, Data, Error};
use crate::session::GameKind;
use crate::text;
use poise::serenity_prelude as serenity;

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        climb::climb(),
        class::class(),
        daifugo::daifugo(),
        standings::leaderboard(),
        standings::stats(),
        settings::settings(),
        mine::my_games(),
        mine::notify(),
        mine::away(),
    ]
}

/// Answer a slash command with what `work` builds (see `reply::answer`).
async fn answer<F>(ctx: Context<'_>, expect: Shown, work: F) -> Result<(), Error>
where
    F: Future<Output = Answer> + Send,
{
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    reply::answer(
        Target::Command(app.interaction),
        &ctx.serenity_context().http,
        ctx.data(),
        expect,
        work,
    )
    .await;
    Ok(())
}

/// Answer a slash command whose work is long (many threads, a report): deferred at once,
/// then the answer when it is ready.
async fn answer_slow<F>(ctx: Context<'_>, expect: Shown, work: F) -> Result<(), Error>
where
    F: Future<Output = Answer> + Send,
{
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    reply::answer_after(
        Target::Command(app.interaction),
        &ctx.serenity_context().http,
        ctx.data(),
        expect,
        std::time::Duration::ZERO,
        work,
    )
    .await;
    Ok(())
}

/// Where a new game is played (its own thread, or this channel): see `threads`. The
/// options were checked before, so a refused game leaves no empty thread behind.
async fn new_game_place(
    http: &serenity::Http,
    data: &Data,
    caller: &Caller,
    kind: GameKind,
) -> Result<GamePlace, String> {
    let name = threads::thread_name(kind, &caller.name);
    threads::game_place(http, data, caller, &name).await
}

/// The answer to a new game's command, told where the game is played: a game in a thread
/// keeps its lobby here (with a link) and gets a first message in the thread; a solitaire
/// game that started at once is posted in its thread, with a link here. A note says why
/// a game is played here when the server wants threads.
fn placed(
    mut answer: Answer,
    at: &GamePlace,
    kind: GameKind,
    started: bool,
    lang: crate::lang::Lang,
) -> Answer {
    let Some(parent) = at.parent else {
        if let Some(note) = &at.note {
            answer.post = answer.post.headed(note);
        }
        return answer;
    };
    let thread = at.place;
    if started {
        let board = std::mem::replace(
            &mut answer.post,
            Post::text(text::bot::played_in_thread(thread.channel_id, lang)),
        );
        answer.channel_posts.insert(0, (thread, board));
        answer.saved = None;
    } else {
        answer.channel_posts.insert(
            0,
            (
                thread,
                Post::text(text::bot::thread_welcome(kind, parent, lang)),
            ),
        );
    }
    answer
}

/// A refused new game: the thread opened for it goes away again.
async fn unplaced(http: &serenity::Http, at: &GamePlace) {
    if at.parent.is_some() {
        threads::close_unused(http, at.place.channel_id).await;
    }
}
