//! One action for every slash command: read its options, run its handler; and one
//! autocomplete for every option that completes.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse, ResolvedValue};

use poise::BoxFuture;

use super::args::Args;
use super::{class, climb, daifugo, mine, settings, standings};
use crate::discord::caller::Caller;
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Data, Error};
use crate::session::request::Command;
use crate::session::{Suggestion, Typing};
use crate::text::{self, commands::suggestion_label};

type Action<'a> = poise::BoxFuture<'a, Result<(), poise::FrameworkError<'a, Data, Error>>>;

/// The one action of every command: read the options, run the command's handler.
pub(super) fn run(ctx: poise::ApplicationContext<'_, Data, Error>) -> Action<'_> {
    Box::pin(async move {
        let args = Args(ctx.args);
        dispatch(ctx.into(), &ctx.command.qualified_name, &args)
            .await
            .map_err(|e| poise::FrameworkError::new_command(ctx.into(), e))
    })
}

type Handler = for<'a> fn(Context<'a>, &'a Args<'a>) -> BoxFuture<'a, Result<(), Error>>;

/// Run the handler of the command named `path`; a command this version does not know
/// (registered by another) is told so.
async fn dispatch(ctx: Context<'_>, path: &str, a: &Args<'_>) -> Result<(), Error> {
    match handler(path) {
        Some(handler) => handler(ctx, a).await,
        None => {
            let lang = Caller::from_command(ctx).lang();
            let text = text::bot::unknown_command(lang);
            super::shared::answer(ctx, Shown::Private, async move { Answer::private(text) }).await
        }
    }
}

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
        "climb move" => |ctx, a| Box::pin(climb::move_(ctx, a)),
        "climb play" => |ctx, a| Box::pin(climb::play_keeper(ctx, a)),
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
        "daifugo play" => |ctx, a| Box::pin(daifugo::play(ctx, a)),
        "daifugo draw" => |ctx, _| Box::pin(daifugo::act(ctx, "draw".into())),
        "daifugo d" => |ctx, _| Box::pin(daifugo::act(ctx, "d".into())),
        "daifugo pass" => |ctx, _| Box::pin(daifugo::act(ctx, "pass".into())),
        "daifugo skip" => |ctx, _| Box::pin(daifugo::act(ctx, "skip".into())),
        "daifugo hand" => |ctx, _| Box::pin(daifugo::hand(ctx)),
        "daifugo board" => |ctx, a| Box::pin(daifugo::board(ctx, a)),
        "daifugo hint" => |ctx, _| Box::pin(daifugo::hint(ctx)),
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
pub(super) fn complete<'a>(
    ctx: poise::ApplicationContext<'a, Data, Error>,
    partial: &'a str,
) -> Completion<'a> {
    Box::pin(async move {
        let focused = ctx.args.iter().find_map(|o| match o.value {
            ResolvedValue::Autocomplete { .. } => Some(o.name),
            _ => None,
        });
        let typing = match (
            ctx.command.qualified_name.as_str(),
            focused.unwrap_or_default(),
        ) {
            ("climb start", "variant") => Typing::Variant,
            ("climb start", "ai") => Typing::Ai,
            ("climb start", "timeout") => Typing::Timeout,
            ("climb move", "moves") => Typing::Move,
            ("climb play", "keeper") => Typing::Keeper,
            ("climb play", "target") => Typing::Target,
            ("daifugo play", "cards") => Typing::Cards,
            _ => return Ok(CreateAutocompleteResponse::new()),
        };
        let caller = Caller::from_command(ctx.into());
        let (place, lang) = (caller.place().ok(), caller.lang());
        let play = ctx.data.session.play();
        let offered = play.suggest(place, caller.user(), typing, partial).await;
        let choices = offered
            .items
            .iter()
            .map(|s| {
                let label = suggestion_label(s, offered.game.as_deref(), lang);
                let value = match s {
                    Suggestion::Word(w) => w.clone(),
                    Suggestion::Move { outcome, .. } => outcome.witness.clone(),
                    Suggestion::Keeper { value, .. } => value.clone(),
                    Suggestion::Cards { cards, .. } => cards.clone(),
                };
                AutocompleteChoice::new(text::clip(&label, 100), text::clip(&value, 100))
            })
            .collect();
        Ok(CreateAutocompleteResponse::new().set_choices(choices))
    })
}
