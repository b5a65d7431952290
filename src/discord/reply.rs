//! Answering an interaction, whatever Discord does.
//!
//! Every command and click builds an [`Answer`] and hands it to [`answer`], which
//! - answers within Discord's 3 s: when the answer is not ready in time it defers first,
//!   then edits the deferred response;
//! - never lets a failed reply stop a game: when Discord refuses the answer to a change
//!   that was saved (500, 429, a timeout), the post goes to the game's channel instead,
//!   headed by a plain note of what was saved; and what the game needs next (AI turns,
//!   the first board after Start) runs whatever became of the reply;
//! - turns every error poise reports into a short, private answer ([`on_error`]): a
//!   player never sees a raw HTTP or JSON error.

use std::future::Future;

use poise::serenity_prelude as serenity;
use serenity::{
    CommandInteraction, ComponentInteraction, CreateAutocompleteResponse,
    CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
};
use tracing::{error, warn};

use super::notify;
use super::posts::{OnDiscord, Post};
use super::runner;
use super::send;
use super::threads;
use super::types::{Data, Error};
use crate::drawing::Drawn;
use crate::lang::Lang;
use crate::text;
pub use crate::text::posts::{Answer, Shown};

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Target<'a> {
    Command(&'a CommandInteraction),
    Click(&'a ComponentInteraction),
}

/// The same call on a command or a click (serenity gives both the same methods).
macro_rules! on_either {
    ($target:expr, $i:ident => $call:expr) => {
        match $target {
            Target::Command($i) => $call,
            Target::Click($i) => $call,
        }
    };
}

impl Target<'_> {
    async fn respond(
        &self,
        http: &serenity::Http,
        response: CreateInteractionResponse,
    ) -> Result<(), serenity::Error> {
        on_either!(self, i => i.create_response(http, response).await)
    }

    /// Edit the (deferred) response; the message's id.
    async fn edit(
        &self,
        http: &serenity::Http,
        edit: EditInteractionResponse,
    ) -> Result<Option<u64>, serenity::Error> {
        on_either!(self, i => i.edit_response(http, edit).await).map(|m| Some(m.id.get()))
    }

    /// The id of the response message (one more call: after a first answer, Discord does
    /// not say it).
    async fn response_id(&self, http: &serenity::Http) -> Option<u64> {
        let found = on_either!(self, i => i.get_response(http).await);
        match found {
            Ok(m) => Some(m.id.get()),
            Err(e) => {
                warn!("reading a reply's id failed: {e}");
                None
            }
        }
    }

    fn channel(&self) -> i64 {
        let id = on_either!(self, i => i.channel_id);
        super::snowflake::id(id.get())
    }

    async fn delete(&self, http: &serenity::Http) -> Result<(), serenity::Error> {
        on_either!(self, i => i.delete_response(http).await)
    }

    /// A followup message; its id.
    async fn followup(
        &self,
        http: &serenity::Http,
        post: &Post,
        ephemeral: bool,
    ) -> Result<Option<u64>, serenity::Error> {
        let f = post.followup(ephemeral);
        on_either!(self, i => i.create_followup(http, f).await).map(|m| Some(m.id.get()))
    }

    /// Acknowledge now, answer later.
    async fn defer(&self, http: &serenity::Http, shown: Shown) -> Result<(), serenity::Error> {
        let response = match (self, shown) {
            (Target::Click(_), Shown::Update) => CreateInteractionResponse::Acknowledge,
            (_, Shown::Private) => CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            ),
            _ => CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new()),
        };
        self.respond(http, response).await
    }

    /// The first answer (Discord does not say the message's id).
    async fn first(
        &self,
        http: &serenity::Http,
        post: &Post,
        shown: Shown,
    ) -> Result<Option<u64>, serenity::Error> {
        let response = match (self, shown) {
            (Target::Click(_), Shown::Update) => {
                CreateInteractionResponse::UpdateMessage(post.response(false))
            }
            (_, Shown::Private) => CreateInteractionResponse::Message(post.response(true)),
            _ => CreateInteractionResponse::Message(post.response(false)),
        };
        self.respond(http, response).await.map(|()| None)
    }
}

/// Answer with what `work` builds: within `Timing::defer_after` directly, else deferred
/// as `expect` (how the answer will most likely be shown) and sent when ready. Never
/// fails: what Discord refuses is logged and, for a saved change, posted in the channel.
pub async fn answer<F>(
    target: Target<'_>,
    http: &std::sync::Arc<serenity::Http>,
    data: &Data,
    expect: Shown,
    work: F,
) where
    F: Future<Output = Answer> + Send,
{
    answer_after(target, http, data, expect, data.timing.defer_after, work).await
}

/// [`answer`], deferring after `defer_after` (at once for work known to be long: a class
/// paired into a score of threads).
pub async fn answer_after<F>(
    target: Target<'_>,
    http: &std::sync::Arc<serenity::Http>,
    data: &Data,
    expect: Shown,
    defer_after: std::time::Duration,
    work: F,
) where
    F: Future<Output = Answer> + Send,
{
    // A game's public turn message pings as each person asked (`send::shape`); the
    // pictures are drawn before the answer is sent.
    let work = async {
        let mut answer = work.await;
        if answer.post.post.turn_of.is_some() {
            send::shape(data, &mut answer.post.post).await;
        }
        data.drawing.answer(answer).await
    };
    tokio::pin!(work);
    let ready = tokio::select! {
        biased;
        () = tokio::time::sleep(defer_after), if defer_after.is_zero() => Err(()),
        answer = &mut work => Ok(answer),
        () = tokio::time::sleep(defer_after) => Err(()),
    };
    let (answer, delivered) = match ready {
        Ok(answer) => {
            let delivered = target.first(http, &answer.post, answer.rest.shown).await;
            (answer, delivered)
        }
        Err(()) => {
            if let Err(e) = target.defer(http, expect).await {
                warn!("deferring a reply failed: {e}");
            }
            let answer = work.await;
            let delivered = deliver_deferred(target, http, &answer, expect).await;
            (answer, delivered)
        }
    };
    // Where the game's turn message went (channel, message), for the notices' links.
    let mut posted = None;
    match delivered {
        Ok(id) => {
            // A game's public turn message takes over the buttons from the one before.
            if let (Some(turn), Shown::Public) = (answer.post.turn_of, answer.rest.shown) {
                let id = match id {
                    Some(id) => Some(id),
                    None => target.response_id(http).await,
                };
                if let Some(id) = id.and_then(|id| i64::try_from(id).ok()) {
                    send::track(http, data, turn.game_id, target.channel(), id).await;
                    posted = Some((target.channel(), id));
                }
            }
            if let Some(hand) = &answer.followup {
                if let Err(e) = target.followup(http, hand, true).await {
                    warn!("a private followup failed: {e}");
                }
            }
        }
        Err(e) => {
            warn!("Discord refused a reply: {e}");
            if let Some((place, note)) = &answer.rest.saved {
                let id = send::post(http, data, *place, answer.post.clone().headed(note)).await;
                posted = id.map(|id| (place.channel_id, id));
            }
        }
    }
    for (place, post) in &answer.channel_posts {
        let id = send::post(http, data, *place, post.clone()).await;
        // A game started in its own thread: its board there is the turn message.
        if posted.is_none() && post.turn_of.is_some() {
            posted = id.map(|id| (place.channel_id, id));
        }
    }
    let answer = answer.rest;
    for notice in answer.notices.iter().flatten() {
        notify::send_notice(http, data, notice, posted).await;
    }
    for (channel, message) in &answer.strip {
        send::strip(http, *channel, *message).await;
    }
    if let Some(game_id) = answer.ended {
        threads::announce_end(http, data, game_id).await;
    }
    if let Some(place) = answer.ai {
        runner::spawn(http.clone(), data.clone(), place);
    }
}

/// Send an answer after a deferral made as `expect`; the message's id when Discord says.
async fn deliver_deferred(
    target: Target<'_>,
    http: &serenity::Http,
    answer: &Drawn,
    expect: Shown,
) -> Result<Option<u64>, serenity::Error> {
    let post = &answer.post;
    match (expect, answer.rest.shown) {
        (a, b) if a == b => target.edit(http, post.edit()).await,
        // A refusal after a public deferral: the "thinking…" message goes, the refusal
        // comes privately.
        (Shown::Public, Shown::Private) => {
            if let Err(e) = target.delete(http).await {
                warn!("removing a deferred reply failed: {e}");
            }
            target.followup(http, post, true).await
        }
        (Shown::Private, Shown::Public) => {
            target.edit(http, Post::text("✓").edit()).await?;
            target.followup(http, post, false).await
        }
        (_, shown) => target.followup(http, post, shown == Shown::Private).await,
    }
}

/// Answer privately at once (an unknown button, a refused click): the short way, for
/// what needs no work.
pub async fn refuse(target: Target<'_>, http: &serenity::Http, text: &str) {
    let post = Post::text(text);
    if let Err(e) = target.first(http, &post, Shown::Private).await {
        // Already answered (poise's own reply to an error, a deferral): follow up.
        if let Err(e2) = target.followup(http, &post, true).await {
            warn!("answering an interaction failed: {e}; then {e2}");
        }
    }
}

/// Open the board of the clicker's channel as an Activity (Discord's LAUNCH_ACTIVITY);
/// when Discord will not (the Activity is not turned on for the app), say so.
pub async fn launch(target: Target<'_>, http: &serenity::Http, lang: Lang) {
    if let Err(e) = target
        .respond(http, CreateInteractionResponse::LaunchActivity)
        .await
    {
        warn!("launching the Activity failed: {e}");
        refuse(target, http, text::web::activity_unavailable(lang)).await;
    }
}

/// Every error poise reports becomes a short private answer to the person who caused it,
/// in their language; the details go to the log.
pub async fn on_error(e: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as F;
    let ctx = e.serenity_context();
    let http = &ctx.http;
    let (interaction, text): (_, fn(Lang) -> &'static str) = match e {
        F::Command { error, ctx, .. } => {
            error!(command = %ctx.command().qualified_name, "a command failed: {error}");
            (asked(ctx), text::bot::internal_error)
        }
        F::CommandPanic { payload, ctx, .. } => {
            error!(command = %ctx.command().qualified_name, "a command panicked: {payload:?}");
            (asked(ctx), text::bot::internal_error)
        }
        F::ArgumentParse { error, ctx, .. } => {
            warn!(command = %ctx.command().qualified_name, "an option could not be read: {error}");
            (asked(ctx), text::bot::bad_argument)
        }
        F::CommandStructureMismatch {
            description, ctx, ..
        } => {
            warn!(command = %ctx.command.qualified_name, "the command changed since Discord registered it: {description}");
            (Some(ctx.interaction), text::bot::unknown_command)
        }
        F::SubcommandRequired { ctx } => (asked(ctx), text::bot::unknown_command),
        F::GuildOnly { ctx, .. } => (asked(ctx), text::bot::not_in_dm),
        F::UnknownInteraction { interaction, .. } => {
            warn!(command = %interaction.data.name, "a command this bot does not have");
            if interaction.data.autocomplete().is_some() {
                let empty =
                    CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new());
                if let Err(e) = interaction.create_response(http, empty).await {
                    warn!("answering an autocomplete failed: {e}");
                }
                return;
            }
            (Some(interaction), text::bot::unknown_command)
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                error!("while handling an error: {e}");
            }
            return;
        }
    };
    if let Some(i) = interaction {
        let lang = Lang::pick(Some(i.locale.as_str()), i.guild_locale.as_deref());
        refuse(Target::Command(i), http, text(lang)).await;
    }
}

/// The interaction of a slash command (the bot has no prefix commands).
fn asked(ctx: super::types::Context<'_>) -> Option<&CommandInteraction> {
    match ctx {
        poise::Context::Application(app) => Some(app.interaction),
        poise::Context::Prefix(_) => None,
    }
}
