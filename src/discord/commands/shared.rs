//! How every slash command answers: its work gives an answer or why not, and `reply.rs`
//! delivers it, at once or deferred.

use std::future::Future;
use std::time::Duration;

use crate::discord::caller::Caller;
use crate::discord::posts::Post;
use crate::discord::reply::{self, Answer, Shown, Target};
use crate::discord::types::{Data, Error};
use crate::lang::Lang;
use crate::session::SessionError;
use crate::text::posts::replies::refusal;

/// The context of a slash command.
pub(super) type Ctx<'a> = poise::ApplicationContext<'a, Data, Error>;

/// Why a command is refused: a session error, said in the caller's language, or a
/// sentence said already (games are played in servers, a link needs a public address).
pub(crate) enum Refused {
    Error(SessionError),
    Said(String),
}

impl From<SessionError> for Refused {
    fn from(e: SessionError) -> Refused {
        Refused::Error(e)
    }
}

impl From<String> for Refused {
    fn from(t: String) -> Refused {
        Refused::Said(t)
    }
}

/// What a command's work gives.
pub(crate) type Worked = Result<Answer, Refused>;

/// The answer `worked` gives: its own, or its refusal privately.
pub(crate) fn answered(worked: Worked, lang: Lang) -> Answer {
    match worked {
        Ok(answer) => answer,
        Err(Refused::Error(e)) => Answer::private(refusal(&e, lang)),
        Err(Refused::Said(t)) => Answer::private(t),
    }
}

/// Answer a slash command with what `work` gives from the bot's state and the caller (a
/// refusal privately), deferred when it is not ready in time (see `reply::answer`).
pub(super) async fn answer<W, F>(ctx: Ctx<'_>, expect: Shown, work: W) -> Result<(), Error>
where
    W: FnOnce(Data, Caller) -> F,
    F: Future<Output = Worked> + Send,
{
    answer_after(ctx, expect, ctx.data.timing.defer_after, work).await
}

/// [`answer`] for long work (many threads, a report, a replay): deferred at once.
pub(super) async fn answer_slow<W, F>(ctx: Ctx<'_>, expect: Shown, work: W) -> Result<(), Error>
where
    W: FnOnce(Data, Caller) -> F,
    F: Future<Output = Worked> + Send,
{
    answer_after(ctx, expect, Duration::ZERO, work).await
}

async fn answer_after<W, F>(
    ctx: Ctx<'_>,
    expect: Shown,
    defer_after: Duration,
    work: W,
) -> Result<(), Error>
where
    W: FnOnce(Data, Caller) -> F,
    F: Future<Output = Worked> + Send,
{
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let worked = work(ctx.data.clone(), caller);
    let work = async move { answered(worked.await, lang) };
    let (target, http) = (
        Target::Command(ctx.interaction),
        &ctx.serenity_context().http,
    );
    reply::answer_after(target, http, ctx.data, expect, defer_after, work).await;
    Ok(())
}

/// Words made without the session (the rules, the colours), shown as `shown` says.
pub(super) async fn say<F>(ctx: Ctx<'_>, shown: Shown, words: F) -> Result<(), Error>
where
    F: FnOnce(Lang) -> String + Send,
{
    answer(ctx, shown, move |_, caller| async move {
        Ok(Answer::new(Post::text(words(caller.lang())), shown))
    })
    .await
}
