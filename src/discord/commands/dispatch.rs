//! One action for every slash command: read its options, run its handler; and one
//! autocomplete for every option that completes.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse, ResolvedValue};

use poise::BoxFuture;

use super::args::Args;
use super::shared::{say, Ctx};
use super::{class, climb, daifugo, mine, settings, standings};
use crate::discord::caller::Caller;
use crate::discord::reply::Shown;
use crate::discord::types::{Data, Error};
use crate::session::request::{self, Command};
use crate::text::{self, commands::suggestion_label};

type Action<'a> = poise::BoxFuture<'a, Result<(), poise::FrameworkError<'a, Data, Error>>>;

/// The one action of every command: read the options, run the command's handler; a
/// command this version does not know (registered by another) is told so.
pub(super) fn run(ctx: Ctx<'_>) -> Action<'_> {
    Box::pin(async move {
        let args = Args(ctx.args);
        let done = match handler(&ctx.command.qualified_name) {
            Some(handler) => handler(ctx, &args).await,
            None => {
                say(ctx, Shown::Private, |lang| {
                    text::bot::unknown_command(lang).into()
                })
                .await
            }
        };
        done.map_err(|e| poise::FrameworkError::new_command(ctx.into(), e))
    })
}

type Handler = for<'a> fn(Ctx<'a>, &'a Args<'a>) -> BoxFuture<'a, Result<(), Error>>;

/// Whether a command named `path` ("climb move", "settings me palette") has a handler.
pub fn dispatches(path: &str) -> bool {
    handler(path).is_some()
}

/// The handler of the command named `path`.
fn handler(path: &str) -> Option<Handler> {
    // Each handler is a function of its own that boxes its future: built in one function,
    // every handler's future would take its own room on that function's stack (debug
    // builds reuse none), more than a worker thread has.
    Some(match path {
        "climb start" => |ctx, a| Box::pin(climb::start(ctx, a)),
        "climb move" => |ctx, a| {
            let moves = a.text("moves").unwrap_or_default();
            Box::pin(climb::act(ctx, request::climb_move(&moves)))
        },
        "climb play" => |ctx, a| {
            let (keeper, target) = (a.text("keeper").unwrap_or_default(), a.text("target"));
            Box::pin(climb::act(ctx, Command::Keeper { keeper, target }))
        },
        "climb board" => |ctx, a| Box::pin(climb::board(ctx, a)),
        "climb hint" => |ctx, a| Box::pin(climb::hint(ctx, a)),
        "climb moves" => |ctx, _| Box::pin(climb::moves(ctx)),
        "climb undo" => |ctx, _| Box::pin(climb::act(ctx, Command::Undo)),
        "climb resign" => |ctx, _| Box::pin(climb::act(ctx, Command::Resign)),
        "climb end" | "daifugo end" => |ctx, _| Box::pin(climb::end_game(ctx)),
        "climb rules" => |ctx, a| Box::pin(climb::rules(ctx, a)),
        "climb colours" => |ctx, _| Box::pin(climb::colours(ctx)),
        "climb review" => |ctx, a| Box::pin(climb::review(ctx, a)),
        "climb replay" => |ctx, a| Box::pin(climb::replay(ctx, a)),
        "climb watch" => |ctx, _| Box::pin(climb::watch(ctx)),
        "climb puzzle" => |ctx, a| Box::pin(climb::puzzle(ctx, a)),
        "climb learn" => |ctx, a| Box::pin(climb::learn(ctx, a)),
        "class pair" => |ctx, a| Box::pin(class::pair(ctx, a)),
        "class games" => |ctx, a| Box::pin(class::games(ctx, a)),
        "class view" => |ctx, a| Box::pin(class::view(ctx, a)),
        "class report" => |ctx, a| Box::pin(class::report(ctx, a)),
        "daifugo start" => |ctx, a| Box::pin(daifugo::start(ctx, a)),
        "daifugo play" => |ctx, a| Box::pin(daifugo::act(ctx, a.text("cards").unwrap_or_default())),
        "daifugo draw" => |ctx, _| Box::pin(daifugo::act(ctx, "draw".into())),
        "daifugo d" => |ctx, _| Box::pin(daifugo::act(ctx, "d".into())),
        "daifugo pass" => |ctx, _| Box::pin(daifugo::act(ctx, "pass".into())),
        "daifugo skip" => |ctx, _| Box::pin(daifugo::act(ctx, "skip".into())),
        "daifugo hand" => |ctx, _| Box::pin(daifugo::hand(ctx, false)),
        "daifugo board" => |ctx, a| Box::pin(daifugo::board(ctx, a)),
        "daifugo hint" => |ctx, _| Box::pin(daifugo::hand(ctx, true)),
        "daifugo rules" => |ctx, _| Box::pin(daifugo::rules(ctx)),
        "daifugo puzzle" => |ctx, a| Box::pin(daifugo::puzzle(ctx, a)),
        "leaderboard" => |ctx, a| Box::pin(standings::leaderboard(ctx, a)),
        "stats" => |ctx, a| Box::pin(standings::stats(ctx, a)),
        "mygames" => |ctx, _| Box::pin(mine::my_games(ctx)),
        "notify" => |ctx, a| Box::pin(mine::notify(ctx, a)),
        "away" => |ctx, a| Box::pin(mine::away(ctx, a)),
        "settings show"
        | "settings timeout"
        | "settings on-timeout"
        | "settings variant"
        | "settings teacher-role"
        | "settings palette"
        | "settings threads"
        | "settings season"
        | "settings reminders"
        | "settings calendar"
        | "settings away-days"
        | "settings tidy"
        | "settings puzzle"
        | "settings card"
        | "settings card-clear"
        | "settings me palette" => |ctx, a| Box::pin(settings::run(ctx, a)),
        _ => return None,
    })
}

type Completion<'a> =
    poise::BoxFuture<'a, Result<CreateAutocompleteResponse, poise::SlashArgError>>;

/// Suggestions for the option being typed.
pub(super) fn complete<'a>(ctx: Ctx<'a>, partial: &'a str) -> Completion<'a> {
    Box::pin(async move {
        let focused = ctx.args.iter().find_map(|o| match o.value {
            ResolvedValue::Autocomplete { .. } => Some(o.name),
            _ => None,
        });
        let path = ctx.command.qualified_name.as_str();
        let Some(typing) = text::commands::typing(path, focused.unwrap_or_default()) else {
            return Ok(CreateAutocompleteResponse::new());
        };
        let caller = Caller::from_command(ctx);
        let (place, lang) = (caller.place().ok(), caller.lang());
        let play = ctx.data.session.play();
        let offered = play.suggest(place, caller.user(), typing, partial).await;
        let choices = offered
            .items
            .iter()
            .map(|s| {
                let label = suggestion_label(s, offered.game.as_deref(), lang);
                AutocompleteChoice::new(text::clip(&label, 100), text::clip(s.value(), 100))
            })
            .collect();
        Ok(CreateAutocompleteResponse::new().set_choices(choices))
    })
}
