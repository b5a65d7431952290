//! What a command or a click answers: one session call and the post that shows its
//! result (`text::posts`). Shared by the slash commands (`commands/`) and the buttons and
//! menus (`components.rs`), so both say the same things the same way.

use super::caller::Caller;
use super::posts::activity;
use super::reply::Answer;
use super::types::Data;
use crate::lang::Lang;
use crate::session::{Changed, ClimbView, DaifugoView, Place};
use crate::text::posts::replies as answers;
use crate::text::{self, Markup};

pub use answers::{hand_answer, hint_words, refusal};

/// The answer to a change of a Prime Climb game (`text::posts::replies::game_changed`).
pub fn climb_changed(
    data: &Data,
    caller: &Caller,
    place: Place,
    changed: Changed<ClimbView>,
    lang: Lang,
) -> Answer {
    answers::climb_changed(place, changed, caller.user(), activity(data), lang)
}

/// The answer to a Prime Daifugo action: the table, and the caller's hand privately while
/// it is still their turn.
pub fn daifugo_acted(caller: &Caller, place: Place, changed: Changed<DaifugoView>) -> Answer {
    answers::daifugo_acted(place, changed, caller.user(), caller.lang())
}

/// The hints for the turn being played, in the caller's language.
pub async fn climb_hint(data: &Data, caller: &Caller, n: usize) -> String {
    let lang = caller.lang();
    let place = match caller.place() {
        Ok(p) => p,
        Err(t) => return t,
    };
    match data.session.play().hint_for(place, n, caller.user()).await {
        Ok((view, hints)) => answers::hints_words(&view, &hints, caller.user(), lang),
        Err(e) => text::errors::refusal(&e, lang),
    }
}

/// The legal ends of the turn being played.
pub async fn climb_moves(data: &Data, caller: &Caller) -> String {
    let lang = caller.lang();
    let place = match caller.place() {
        Ok(p) => p,
        Err(t) => return t,
    };
    match data.session.play().legal_moves(place).await {
        Ok((view, outcomes)) => {
            text::climb::moves_text(&view.game, &outcomes, lang, Markup::Discord)
        }
        Err(e) => text::errors::refusal(&e, lang),
    }
}

/// The caller's hand, privately (or why not).
pub async fn daifugo_hand(data: &Data, caller: &Caller) -> Answer {
    let lang = caller.lang();
    let place = match caller.place() {
        Ok(p) => p,
        Err(t) => return Answer::private(t),
    };
    let play = data.session.play();
    match play.hand(place, caller.user(), None, true).await {
        Ok(hand) => hand_answer(&hand, lang),
        Err(e) => Answer::private(refusal(&e, lang)),
    }
}

/// What the caller could play with their own hand.
pub async fn daifugo_hint(data: &Data, caller: &Caller) -> String {
    let lang = caller.lang();
    let place = match caller.place() {
        Ok(p) => p,
        Err(t) => return t,
    };
    let play = data.session.play();
    match play.hand(place, caller.user(), None, false).await {
        Ok(hand) => hint_words(&hand, lang),
        Err(e) => refusal(&e, lang),
    }
}
