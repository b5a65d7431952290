//! The slash commands: thin poise commands, one file per group. Each reads who asks and
//! where ([`Caller`]), calls one session use case, and answers with a post through
//! `reply.rs`.

mod climb;
mod daifugo;
mod settings;
mod standings;

use std::future::Future;

pub(super) use super::answers::mention;
use super::reply::{self, Answer, Shown, Target};
use super::types::{Context, Data, Error};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        climb::climb(),
        daifugo::daifugo(),
        standings::leaderboard(),
        standings::stats(),
        settings::settings(),
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
