//! `/settings`: a server's turn timeout, what happens on timeout, reminders, calendar (time
//! zone, weekends and holidays off), days away, tidying of lobbies and idle games, default
//! variant, teacher role, and its Fill in the Blanks cards (§7). Moderators (Manage Server, Manage
//! Messages) and the teacher role; everyone may look.

use super::args::Args;
use super::shared::answer;
use crate::discord::caller::Caller;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::{Context, Data, Error};
use crate::lang::Lang;
use crate::session::{
    custom_card, CardKind, Season, ServerSettings, SessionError, SettingsChange, TimeoutMode,
};
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
                let card = (kind, a.int("number"), a.text("text"));
                return custom(ctx, slot, Some(card)).await;
            }
            _ => none,
        },
        "settings card-clear" => match a.int("slot") {
            Some(slot) => return custom(ctx, slot, None).await,
            None => none,
        },
        "settings me palette" => return me_palette(ctx, a).await,
        _ => none,
    };
    change(ctx, wanted).await
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

/// The settings as text.
async fn summary(data: &Data, guild_id: i64, s: &ServerSettings, lang: Lang) -> String {
    let cards: Vec<(i64, String)> = data
        .session
        .servers()
        .custom_cards(guild_id)
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|(slot, card)| (slot, card.text))
        .collect();
    text::bot::settings_summary(s, &cards, lang)
}

/// Apply a change and answer with the settings (or why not), only to the caller.
async fn change(ctx: Context<'_>, change: SettingsChange) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        let result = if change == SettingsChange::default() {
            data.session.servers().settings(place.guild_id).await
        } else {
            data.session
                .servers()
                .update_settings(&actor, place.guild_id, change)
                .await
        };
        match result {
            Ok(s) => Answer::private(summary(&data, place.guild_id, &s, lang).await),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

async fn custom(
    ctx: Context<'_>,
    slot: i64,
    card: Option<(CardKind, Option<i64>, Option<String>)>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        let built = match card {
            Some((effect, number, words)) => {
                custom_card(effect, number, words.as_deref()).map(Some)
            }
            None => Ok(None),
        };
        let result: Result<_, SessionError> = match built {
            Ok(card) => {
                data.session
                    .servers()
                    .set_custom_card(&actor, place.guild_id, slot, card)
                    .await
            }
            Err(e) => Err(e.into()),
        };
        let settings = match result {
            Ok(_) => data.session.servers().settings(place.guild_id).await,
            Err(e) => Err(e),
        };
        match settings {
            Ok(s) => Answer::private(summary(&data, place.guild_id, &s, lang).await),
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
