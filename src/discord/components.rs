//! Buttons and select menus: each click is read ([`ids`](super::ids)), checked, turned into
//! one session call, and answered through `reply.rs`. Every click gets an answer, within
//! Discord's 3 s: an id this version cannot read, a value that is not on the menu, a board
//! that has moved on or a lobby that has closed are each told in a short private message.
//! Only the player concerned can act; everyone else is told why not.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, ComponentInteractionDataKind};

use super::caller::Caller;
use super::commands::{answered, games_page, learner_plays, Refused, Threads};
use super::posts::activity;
use super::reply::{self, Shown, Target};
use super::snowflake;
use super::types::Data;
use crate::session::ids::{Asked, Click};
use crate::text;
use crate::text::posts::replies::{clicked, Clicker};

/// The one value chosen in a select menu.
fn selected(click: &ComponentInteraction) -> Option<String> {
    match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } if values.len() == 1 => {
            values.first().cloned()
        }
        _ => None,
    }
}

/// Handle a button or select menu.
pub async fn handle(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) {
    let caller = Caller::from_component(click);
    let lang = caller.lang();
    let target = Target::Click(click);
    let http = &ctx.http;
    let parsed = match Click::parse(&click.data.custom_id) {
        Ok(parsed) => parsed,
        Err(e) => {
            tracing::info!("a click this version cannot read: {e}");
            return reply::refuse(target, http, text::bot::unknown_button(lang)).await;
        }
    };
    let here = match caller.place() {
        Ok(p) => p,
        Err(t) => return reply::refuse(target, http, &t).await,
    };
    let ask = match parsed.ask(selected(click), caller.room(), caller.may_open_threads()) {
        Asked::Game(ask) => ask,
        Asked::NotOnMenu => return reply::refuse(target, http, text::bot::not_on_menu(lang)).await,
        Asked::OpenBoard => return reply::launch(target, http, lang).await,
        // A new game, where the learner is.
        Asked::LearnPlay => {
            let work = async { answered(learner_plays(http, data, &caller).await, lang) };
            return reply::answer(target, http, data, Shown::Update, work).await;
        }
        // Another page of the teacher's list: it names no game.
        Asked::ClassGames { everywhere, page } => {
            // The page replaces the one clicked; a refusal is told privately.
            let page = games_page(data, &caller, everywhere, (page, true));
            let work = async { answered(page.await, lang) };
            return reply::answer(target, http, data, Shown::Update, work).await;
        }
    };
    let shown = Shown::expected(&ask);
    let clicker = Clicker {
        user: caller.user(),
        name: &caller.name,
        lang,
        ephemeral: (click.message.flags)
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)),
        message: (
            snowflake::id(click.channel_id.get()),
            snowflake::id(click.message.id.get()),
        ),
        activity: activity(data),
    };
    let work = async {
        let front = Threads {
            http,
            opener: &caller.name,
        };
        let actor = caller.actor();
        let play = data.session.play();
        let done = play.click(here.guild_id, &actor, ask.clone(), &front).await;
        answered(
            done.map(|done| clicked(&ask, done, &clicker))
                .map_err(Refused::from),
            lang,
        )
    };
    reply::answer(target, http, data, shown, work).await
}
