//! Messages built from a session view and a language: text, controls (buttons and menus
//! with the session's click ids), picture and who is pinged, as a plain [`Post`]. A front
//! adds the picture (drawn where it draws) and sends the post its own way: the Discord bot
//! as an interaction response or a channel message (`discord::posts`).

mod answer;
pub mod climb;
pub mod daifugo;
pub mod learning;
pub mod lobby;
mod message;
pub mod notices;
pub mod replies;

pub use answer::{Answer, Shown};
pub use message::{
    mention, rematch_row, who, Button, Draft, File, Menu, Picture, Post, Row, Sketch, Style,
    TurnOf, MAX_CONTENT, MAX_LABEL, MENU_OPTIONS,
};

use crate::lang::Lang;
use crate::session::{GameView, TimeoutMode};
use crate::text::{self, Markup};

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
