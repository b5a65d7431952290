//! How every slash command answers: through `reply.rs`, at once or deferred.

use std::future::Future;

use crate::discord::reply::{self, Answer, Shown, Target};
use crate::discord::types::{Context, Error};

/// Answer a slash command with what `work` builds (see `reply::answer`).
pub(super) async fn answer<F>(ctx: Context<'_>, expect: Shown, work: F) -> Result<(), Error>
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
pub(super) async fn answer_slow<F>(ctx: Context<'_>, expect: Shown, work: F) -> Result<(), Error>
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
