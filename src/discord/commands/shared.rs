//! How every slash command answers: through `reply.rs`, at once or deferred.

use std::future::Future;

use crate::discord::caller::Caller;
use crate::discord::reply::{self, Answer, Shown, Target};
use crate::discord::types::{Context, Data, Error};
use crate::session::Place;

/// Answer a slash command with what `work` builds (see `reply::answer`).
pub(super) async fn answer<F>(ctx: Context<'_>, expect: Shown, work: F) -> Result<(), Error>
where
    F: Future<Output = Answer> + Send,
{
    let defer_after = ctx.data().timing.defer_after;
    answer_after(ctx, expect, defer_after, work).await
}

/// Answer a slash command whose work is long (many threads, a report): deferred at once,
/// then the answer when it is ready.
pub(super) async fn answer_slow<F>(ctx: Context<'_>, expect: Shown, work: F) -> Result<(), Error>
where
    F: Future<Output = Answer> + Send,
{
    answer_after(ctx, expect, std::time::Duration::ZERO, work).await
}

async fn answer_after<F>(
    ctx: Context<'_>,
    expect: Shown,
    defer_after: std::time::Duration,
    work: F,
) -> Result<(), Error>
where
    F: Future<Output = Answer> + Send,
{
    if let poise::Context::Application(app) = ctx {
        let (target, http) = (
            Target::Command(app.interaction),
            &ctx.serenity_context().http,
        );
        reply::answer_after(target, http, ctx.data(), expect, defer_after, work).await;
    }
    Ok(())
}

/// Answer a command asked in a server's channel: `work` gets the bot's state, the caller
/// and where they are. Anywhere else (a direct message) the caller is told why not.
pub(super) async fn answer_here<W, F>(ctx: Context<'_>, expect: Shown, work: W) -> Result<(), Error>
where
    W: FnOnce(Data, Caller, Place) -> F + Send,
    F: Future<Output = Answer> + Send,
{
    let (data, caller) = (ctx.data().clone(), Caller::from_command(ctx));
    answer(ctx, expect, here(data, caller, work)).await
}

/// [`answer_here`] for long work: deferred at once.
pub(super) async fn answer_here_slow<W, F>(
    ctx: Context<'_>,
    expect: Shown,
    work: W,
) -> Result<(), Error>
where
    W: FnOnce(Data, Caller, Place) -> F + Send,
    F: Future<Output = Answer> + Send,
{
    let (data, caller) = (ctx.data().clone(), Caller::from_command(ctx));
    answer_slow(ctx, expect, here(data, caller, work)).await
}

async fn here<W, F>(data: Data, caller: Caller, work: W) -> Answer
where
    W: FnOnce(Data, Caller, Place) -> F,
    F: Future<Output = Answer>,
{
    match caller.place() {
        Ok(place) => work(data, caller, place).await,
        Err(t) => Answer::private(t),
    }
}
