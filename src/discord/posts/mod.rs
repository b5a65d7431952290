//! Messages built from a session view and a language: text, components, picture and who
//! is pinged, as a plain [`Post`]. No HTTP here: `reply.rs` sends a post as an interaction
//! response, `runner.rs` and `clock.rs` as channel messages.

pub mod climb;
pub mod daifugo;
pub mod lobby;
mod message;

pub use message::{
    rematch_row, who, File, Picture, Post, TurnOf, MAX_CONTENT, MAX_LABEL, MENU_OPTIONS,
};

use super::types::Data;
use crate::lang::Lang;
use crate::session::{GameView, TimeoutMode};
use crate::text::{self, Markup};

/// The public message for a game after a change, whichever game, in the game's language:
/// the board, or the Prime Daifugo table (never a hand). It becomes the game's turn
/// message, its pings shaped by each person's `/notify` when it is sent.
pub async fn public_post(data: &Data, view: &GameView) -> Post {
    let lang = view.info().lang;
    match view {
        GameView::Climb(v) => climb::board_post(data, v, lang).await,
        GameView::Daifugo(v) => daifugo::public_post(data, v, lang).await,
    }
}

/// A reminder to the player to move: "⏰ @Ada, it is still your turn: 5 h 59 min left on
/// the clock." `left_ms`: the clock's time really left, if the game has a timeout; `half`:
/// the one reminder at half time of a server without a reminder interval.
pub fn reminder(view: &GameView, left_ms: Option<i64>, waited_ms: i64, half: bool) -> Post {
    let info = view.info();
    let lang = info.lang;
    let seat = view.to_move();
    let (name, roll) = match view {
        GameView::Climb(v) => (
            v.game.players[seat].name.to_string(),
            Some(text::climb::roll_words(v.game.turn.roll, lang)),
        ),
        GameView::Daifugo(v) => (v.game.players[seat].name.clone(), None),
    };
    let (mention, ping) = who(info, seat, &name);
    let mut post = Post::text(text::notify::reminder(
        &mention,
        left_ms,
        waited_ms,
        half,
        roll.as_deref(),
        lang,
    ));
    post.mentions.extend(ping);
    post
}

/// The line above the board after a turn timed out.
pub fn timed_out_line(view: &GameView, mode: TimeoutMode, lang: Lang) -> String {
    let name = match view {
        GameView::Climb(v) => v.actor_seat.map(|s| v.game.players[s].name.to_string()),
        GameView::Daifugo(v) => v.actor_seat.map(|s| v.game.players[s].name.clone()),
    }
    .unwrap_or_default();
    text::bot::timed_out(&name, mode, lang, Markup::Discord)
}
