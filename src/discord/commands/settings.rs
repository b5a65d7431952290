//! `/settings`: a server's turn timeout, what happens on timeout, reminders, calendar (time
//! zone, weekends and holidays off), days away, tidying of lobbies and idle games, default
//! variant, teacher role, and its Fill in the Blanks cards (§7). Moderators (Manage Server, Manage
//! Messages) and the teacher role; everyone may look.

use super::args::Args;
use super::shared::{answer, Ctx};
use crate::discord::caller::Caller;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::Error;
use crate::session::{
    request, CardKind, Look, Palette, Season, SettingsAsk, SettingsChange, TimeoutMode,
};
use crate::text;

/// `/settings …`: what the command changes, then the settings as they are.
/// A required option Discord did not send changes nothing.
pub async fn run(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let mut c = SettingsChange::default();
    match ctx.command.qualified_name.as_str() {
        "settings timeout" => c.turn_timeout = a.text("duration"),
        "settings on-timeout" => {
            c.on_timeout = a.pick("action", &[TimeoutMode::Ai, TimeoutMode::Skip])
        }
        "settings variant" => c.default_variant = a.text("words"),
        "settings teacher-role" => c.teacher_role = Some(a.role("role").map(|r| id(r.id.get()))),
        "settings palette" => {
            let palette = a.pick("colours", &[Palette::Standard, Palette::ColourBlind]);
            c.look = palette.map(|palette| look_words(palette, a.flag("marks")));
        }
        "settings threads" => c.threads = a.flag("on"),
        "settings season" => {
            c.season = a.pick("length", &[Season::Month, Season::Quarter, Season::Year])
        }
        "settings reminders" => c.remind_every = a.text("every"),
        "settings calendar" => {
            (c.time_zone, c.holidays) = (a.text("time-zone"), a.text("holidays"));
            c.weekends_off = a.flag("weekends");
        }
        "settings away-days" => c.away_days = a.int("days"),
        "settings tidy" => (c.lobby_close, c.idle_end) = (a.text("lobby"), a.text("idle")),
        "settings puzzle" => {
            let lang = Caller::from_command(ctx).game_lang().code().to_string();
            let channel = a.channel("channel").map(|c| id(c.get()));
            c.puzzle = Some((channel, a.int("hour").unwrap_or(8), lang));
        }
        "settings card" => {
            if let (Some(slot), Some(kind)) = (a.int("slot"), a.pick("effect", &CardKind::ALL)) {
                let card = Some((kind, a.int("number"), a.text("text")));
                return answer_settings(ctx, SettingsAsk::Card { slot, card }).await;
            }
        }
        "settings card-clear" => {
            if let Some(slot) = a.int("slot") {
                return answer_settings(ctx, SettingsAsk::Card { slot, card: None }).await;
            }
        }
        "settings me palette" => return me_palette(ctx, a).await,
        _ => {}
    }
    answer_settings(ctx, SettingsAsk::Change(Box::new(c))).await
}

/// Look words from a palette and the marks option.
fn look_words(palette: Palette, marks: Option<bool>) -> String {
    request::look_words(Look {
        palette,
        marks: marks.unwrap_or(false),
    })
}

/// Do what `/settings` asks and answer with the settings (or why not), only to the caller.
async fn answer_settings(ctx: Ctx<'_>, ask: SettingsAsk) -> Result<(), Error> {
    answer(ctx, Shown::Private, move |data, caller| async move {
        let (guild, actor) = (caller.place()?.guild_id, caller.actor());
        let page = data
            .session
            .servers()
            .settings_asked(&actor, guild, ask)
            .await?;
        let words = text::bot::settings_summary(&page.settings, &page.cards, caller.lang());
        Ok(Answer::private(words))
    })
    .await
}

/// How your own pictures are drawn (your hand, private boards)
async fn me_palette(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    // Standard, colour-blind, or (absent) as the server draws them.
    let palettes = [Some(Palette::Standard), Some(Palette::ColourBlind), None];
    let palette = a.pick("colours", &palettes).flatten();
    let words = palette.map(|palette| look_words(palette, a.flag("marks")));
    answer(ctx, Shown::Private, move |data, caller| async move {
        let servers = data.session.servers();
        let look = servers
            .set_own_look(caller.user(), words.as_deref())
            .await?;
        Ok(Answer::private(text::bot::own_look_summary(
            look,
            caller.lang(),
        )))
    })
    .await
}
