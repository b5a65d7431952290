//! `/settings`: a server's turn timeout, what happens on timeout, reminders, calendar (time
//! zone, weekends and holidays off), days away, tidying of lobbies and idle games, default
//! variant, teacher role, and its Fill in the Blanks cards (§7). Moderators (Manage Server, Manage
//! Messages) and the teacher role; everyone may look.

use super::args::Args;
use super::shared::{answer, answer_here};
use crate::discord::caller::Caller;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::{Context, Error};
use crate::session::{CardKind, Season, SettingsAsk, SettingsChange, TimeoutMode};
use crate::text;

/// `/settings …`: what the command changes, then the settings as they are.
/// A required option Discord did not send changes nothing.
pub async fn run(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let path = ctx.command().qualified_name.as_str();
    let none = SettingsChange::default();
    let wanted = match path {
        "settings timeout" => SettingsChange {
            turn_timeout: a.text("duration"),
            ..none
        },
        "settings on-timeout" => SettingsChange {
            on_timeout: a.pick("action", &[TimeoutMode::Ai, TimeoutMode::Skip]),
            ..none
        },
        "settings variant" => SettingsChange {
            default_variant: a.text("words"),
            ..none
        },
        "settings teacher-role" => SettingsChange {
            teacher_role: Some(a.role("role").map(|r| id(r.id.get()))),
            ..none
        },
        "settings palette" => SettingsChange {
            look: a
                .pick("colours", &[false, true])
                .map(|blind| look_words(blind, a.flag("marks"))),
            ..none
        },
        "settings threads" => SettingsChange {
            threads: a.flag("on"),
            ..none
        },
        "settings season" => SettingsChange {
            season: a.pick("length", &[Season::Month, Season::Quarter, Season::Year]),
            ..none
        },
        "settings reminders" => SettingsChange {
            remind_every: a.text("every"),
            ..none
        },
        "settings calendar" => SettingsChange {
            time_zone: a.text("time-zone"),
            weekends_off: a.flag("weekends"),
            holidays: a.text("holidays"),
            ..none
        },
        "settings away-days" => SettingsChange {
            away_days: a.int("days"),
            ..none
        },
        "settings tidy" => SettingsChange {
            lobby_close: a.text("lobby"),
            idle_end: a.text("idle"),
            ..none
        },
        "settings puzzle" => SettingsChange {
            puzzle: Some((
                a.channel("channel").map(|c| id(c.get())),
                a.int("hour").unwrap_or(8),
                Caller::from_command(ctx).game_lang().code().to_string(),
            )),
            ..none
        },
        "settings card" => match (a.int("slot"), a.pick("effect", &CARD_KINDS)) {
            (Some(slot), Some(kind)) => {
                let card = Some((kind, a.int("number"), a.text("text")));
                return answer_settings(ctx, SettingsAsk::Card { slot, card }).await;
            }
            _ => none,
        },
        "settings card-clear" => match a.int("slot") {
            Some(slot) => {
                return answer_settings(ctx, SettingsAsk::Card { slot, card: None }).await;
            }
            None => none,
        },
        "settings me palette" => return me_palette(ctx, a).await,
        _ => none,
    };
    answer_settings(ctx, SettingsAsk::Change(Box::new(wanted))).await
}

/// The effects of `/settings card`, in the table's order.
const CARD_KINDS: [CardKind; 12] = [
    CardKind::SendTo,
    CardKind::PlusMinus,
    CardKind::Within,
    CardKind::AboveBelow,
    CardKind::BackOrDouble,
    CardKind::RollAgain,
    CardKind::ReverseDigits,
    CardKind::Switch,
    CardKind::AdvanceToNearest,
    CardKind::ReverseToNearest,
    CardKind::Steal,
    CardKind::Curse,
];

/// Look words from a palette and the marks option.
fn look_words(colour_blind: bool, marks: Option<bool>) -> String {
    let palette = if colour_blind {
        "colour-blind"
    } else {
        "standard"
    };
    if marks.unwrap_or(false) {
        format!("{palette}+marks")
    } else {
        palette.to_string()
    }
}

/// Do what `/settings` asks and answer with the settings (or why not), only to the caller.
async fn answer_settings(ctx: Context<'_>, ask: SettingsAsk) -> Result<(), Error> {
    answer_here(ctx, Shown::Private, move |data, caller, place| async move {
        let lang = caller.lang();
        let actor = caller.actor();
        let servers = data.session.servers();
        match servers.settings_asked(&actor, place.guild_id, ask).await {
            Ok(page) => Answer::private(text::bot::settings_summary(
                &page.settings,
                &page.cards,
                lang,
            )),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// How your own pictures are drawn (your hand, private boards)
async fn me_palette(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    // Standard, colour-blind, or (absent) as the server draws them.
    let colours = a.pick("colours", &[Some(false), Some(true), None]);
    let marks = a.flag("marks");
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let words = colours.flatten().map(|blind| look_words(blind, marks));
        match data
            .session
            .servers()
            .set_own_look(caller.user(), words.as_deref())
            .await
        {
            Ok(look) => Answer::private(text::bot::own_look_summary(look, lang)),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}
