//! What a command or a click answers: one session call and the post that shows its
//! result. Shared by the slash commands (`commands/`) and the buttons and menus
//! (`components.rs`), so both say the same things the same way.

use super::caller::Caller;
use super::posts::{climb as climb_post, daifugo as daifugo_post};
use super::reply::{Answer, Shown};
use super::types::Data;
use crate::climb::hint::Hint;
use crate::lang::Lang;
use crate::session::{Changed, ClimbView, DaifugoView, GameView, Hand, Place, SessionError};
use crate::text::{self, Markup};

/// How the caller is named in a note to the channel: a mention.
pub fn mention(caller: &Caller) -> String {
    format!("<@{}>", caller.user_id)
}

/// The answer to a change of a game: its public message in `lang` (the board, or the
/// Prime Daifugo table), pinging as the session decided (saved: posted in the channel if
/// Discord refuses the reply), then what follows (direct messages, the AI seats, the end
/// announced).
pub async fn game_changed(
    data: &Data,
    caller: &Caller,
    place: Place,
    changed: Changed<GameView>,
    lang: Lang,
) -> Answer {
    let mut post = match &changed.view {
        GameView::Climb(v) => climb_post::board_post(data, v, lang).await,
        GameView::Daifugo(v) => daifugo_post::public_post(data, v, lang).await,
    };
    post.ping(&changed.pings);
    Answer::public(post)
        .saved(place, text::bot::saved_note(&mention(caller), lang))
        .then_ai(place, changed.ai_next)
        .then_announce(changed.info().id, changed.ended)
        .then_notify(changed.notices)
}

/// The answer to a change of a Prime Climb game (see [`game_changed`]).
pub async fn climb_changed(
    data: &Data,
    caller: &Caller,
    place: Place,
    changed: Changed<ClimbView>,
    lang: Lang,
) -> Answer {
    let changed = changed.map(|v| GameView::Climb(Box::new(v)));
    game_changed(data, caller, place, changed, lang).await
}

/// The hints for the turn being played, in the caller's language.
pub async fn climb_hint(data: &Data, caller: &Caller, n: usize) -> String {
    let lang = caller.lang();
    let place = match caller.place() {
        Ok(p) => p,
        Err(t) => return t,
    };
    let asked = data.session.play().hint_for(place, n, caller.user());
    let (view, hints): (ClimbView, Vec<Hint>) = match asked.await {
        Ok(found) => found,
        Err(e) => return text::errors::refusal(&e, lang),
    };
    hints_words(&view, &hints, caller, lang)
}

/// Hints as the caller reads them: for their own turn, or for whoever is to move.
pub fn hints_words(view: &ClimbView, hints: &[Hint], caller: &Caller, lang: Lang) -> String {
    let mine = view.info.user_of(view.game.current()) == Some(caller.user());
    text::climb::hints_text(&view.game, hints, mine, lang, Markup::Discord)
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

/// The answer to a Prime Daifugo action: the public table (saved: posted in the channel
/// if Discord refuses the reply), the actor's own hand privately while it is still their
/// turn, then the AI seats.
pub async fn daifugo_acted(
    data: &Data,
    caller: &Caller,
    place: Place,
    changed: Changed<DaifugoView>,
) -> Answer {
    let lang = caller.lang();
    // Still their turn: their hand, privately, after the table (see `game_changed`).
    let view = &changed.view;
    let hand = match (view.seat_of_user(caller.user()), changed.asker_look) {
        (Some(seat), Some(look)) => {
            Some(daifugo_post::hand_post(data, view, seat, lang, look).await)
        }
        _ => None,
    };
    let changed = changed.map(|v| GameView::Daifugo(Box::new(v)));
    let mut answer = game_changed(data, caller, place, changed, lang).await;
    answer.private_followup = hand;
    answer
}

/// The caller's hand, privately (or why not).
pub async fn daifugo_hand(data: &Data, caller: &Caller) -> Answer {
    let lang = caller.lang();
    let place = match caller.place() {
        Ok(p) => p,
        Err(t) => return Answer::private(t),
    };
    match data
        .session
        .play()
        .hand(place, caller.user(), None, true)
        .await
    {
        Ok(hand) => hand_answer(data, &hand, lang).await,
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
    match data
        .session
        .play()
        .hand(place, caller.user(), None, false)
        .await
    {
        Ok(hand) => hint_words(&hand, lang),
        Err(e) => refusal(&e, lang),
    }
}

/// A hand shown to its holder, in the look they chose.
pub async fn hand_answer(data: &Data, hand: &Hand, lang: Lang) -> Answer {
    let look = hand.look.unwrap_or_default();
    let post = daifugo_post::hand_post(data, &hand.view, hand.seat, lang, look).await;
    Answer::new(post, Shown::Private)
}

/// What the holder of a hand could play with it.
pub fn hint_words(hand: &Hand, lang: Lang) -> String {
    let lines = text::daifugo::hint(&hand.view.game, hand.seat, lang, Markup::Discord);
    text::clip(&lines.join("\n"), 1_900)
}

/// The message for a refused request: a board that moved on is said as such.
pub fn refusal(e: &SessionError, lang: Lang) -> String {
    match e {
        SessionError::Moved => text::bot::stale_board(lang).into(),
        other => text::errors::refusal(other, lang),
    }
}
