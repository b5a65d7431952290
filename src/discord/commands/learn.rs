//! `/climb learn`: the guided first game, only for the learner. Each step shows its
//! position (the board picture) and its goal; `/climb learn answer:` checks a try with
//! the engine, tells what the move did, and goes on to the next step when the goal is
//! met. After the last step, the whole game against the easy AI with hints on.

use poise::serenity_prelude as serenity;

use super::opening::{new_game, Wanted};
use crate::discord::caller::Caller;
use crate::discord::posts::activity;
use crate::discord::reply::Answer;
use crate::discord::types::Data;
use crate::session::Rules;
use crate::text;
use crate::text::posts::learning;

/// The graduation's button: the whole game against the easy AI with hints on, opened
/// where `/climb start` would open it and started at once. The private message the button
/// was on says where the game is; the board is posted there for everyone.
pub async fn play_click(http: &serenity::Http, data: &Data, caller: &Caller) -> Answer {
    let wanted = Wanted {
        rules: Rules::Climb {
            variant: Some("hints".into()),
        },
        ai: Some("easy".into()),
        timeout: None,
        play: None,
    };
    match new_game(http, data, caller, wanted, true).await {
        Ok(opened) => learning::graduated(opened, activity(data), caller.lang()),
        Err(t) => Answer::private(t),
    }
}

/// The answer to `/climb learn`.
pub async fn learn(data: &Data, caller: &Caller, answer: Option<String>, restart: bool) -> Answer {
    let lang = caller.lang();
    let guild = caller.place().ok().map(|p| p.guild_id);
    let learning = data.session.learning();
    let learned = learning.learn_in(guild, caller.user(), answer.as_deref(), restart);
    match learned.await {
        Ok((learned, look)) => learning::learned(learned, look, lang),
        Err(e) => Answer::private(text::errors::refusal(&e, lang)),
    }
}
