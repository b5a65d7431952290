//! Messages built from a session view and a language: text, components, picture and who
//! is pinged, as a plain [`Post`]. No HTTP here: `reply.rs` sends a post as an interaction
//! response, `runner.rs` and `clock.rs` as channel messages.

pub mod climb;
pub mod daifugo;
pub mod lobby;

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse,
};

use super::types::Data;
use crate::lang::Lang;
use crate::session::{GameInfo, GameView, TimeoutMode};
use crate::text::{self, Markup};

/// Discord's limit on a message's text.
pub const MAX_CONTENT: usize = 2_000;
/// Options in one select menu.
pub const MENU_OPTIONS: usize = 25;
/// Discord's limit on an option's label.
pub const MAX_LABEL: usize = 100;

/// A picture attached to a post.
#[derive(Clone, Debug)]
pub struct Picture {
    pub png: Vec<u8>,
    /// The file name: `board.png`, `table.png`, `hand.png`.
    pub file: &'static str,
    /// What the picture shows, in words (`text::alt`): Discord reads it to people who
    /// cannot see the picture.
    pub alt: String,
}

/// A file attached to a post that is not a picture (a report's spreadsheet).
#[derive(Clone, Debug)]
pub struct File {
    pub bytes: Vec<u8>,
    pub name: String,
}

/// A message to send: text, components, a picture, the users it pings.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub content: String,
    pub picture: Option<Picture>,
    /// Another file, after the picture.
    pub file: Option<File>,
    pub components: Vec<CreateActionRow>,
    /// Users the message mentions and pings.
    pub mentions: Vec<u64>,
}

impl Post {
    pub fn text(content: impl Into<String>) -> Post {
        Post {
            content: content.into(),
            ..Post::default()
        }
    }

    fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .users(self.mentions.iter().map(|&id| serenity::UserId::new(id)))
    }

    fn content(&self) -> String {
        text::clip(&self.content, MAX_CONTENT)
    }

    fn attachments(&self) -> Vec<CreateAttachment> {
        let picture = self
            .picture
            .as_ref()
            .map(|p| CreateAttachment::bytes(p.png.clone(), p.file).description(&p.alt));
        let file = self
            .file
            .as_ref()
            .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()));
        picture.into_iter().chain(file).collect()
    }

    /// As the first response to an interaction (or the update of a clicked message).
    pub fn response(&self, ephemeral: bool) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .content(self.content())
            .ephemeral(ephemeral)
            .allowed_mentions(self.allowed_mentions())
            .components(self.components.clone());
        for a in self.attachments() {
            m = m.add_file(a);
        }
        m
    }

    /// As the edit of a deferred response.
    pub fn edit(&self) -> EditInteractionResponse {
        let mut e = EditInteractionResponse::new()
            .content(self.content())
            .allowed_mentions(self.allowed_mentions())
            .components(self.components.clone());
        for a in self.attachments() {
            e = e.new_attachment(a);
        }
        e
    }

    /// As a followup to an interaction already answered.
    pub fn followup(&self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        let mut f = CreateInteractionResponseFollowup::new()
            .content(self.content())
            .ephemeral(ephemeral)
            .allowed_mentions(self.allowed_mentions())
            .components(self.components.clone());
        for a in self.attachments() {
            f = f.add_file(a);
        }
        f
    }

    /// As a message in a channel (AI turns, the turn clock, a refused reply).
    pub fn message(&self) -> CreateMessage {
        let mut m = CreateMessage::new()
            .content(self.content())
            .allowed_mentions(self.allowed_mentions())
            .components(self.components.clone());
        for a in self.attachments() {
            m = m.add_file(a);
        }
        m
    }

    /// The same post with a line above its text.
    pub fn headed(mut self, line: &str) -> Post {
        self.content = format!("{line}\n{}", self.content);
        self
    }
}

/// How to name a seat in a message: a mention (and the name) for a Discord user, a robot
/// for an AI seat; with the user to ping, if any.
pub fn who(info: &GameInfo, seat: usize, name: &str) -> (String, Option<u64>) {
    let m = Markup::Discord;
    match info.user_of(seat) {
        Some(id) => (
            format!("<@{id}> ({})", m.bold(name)),
            u64::try_from(id).ok(),
        ),
        None if info.ai_level(seat).is_some() => (format!("🤖 {}", m.bold(name)), None),
        None => (m.bold(name), None),
    }
}

/// The public message for a game after a change, whichever game, in the game's language:
/// the board, or the Prime Daifugo table (never a hand).
pub async fn public_post(data: &Data, view: &GameView) -> Post {
    let lang = view.info().lang;
    match view {
        GameView::Climb(v) => climb::board_post(data, v, lang).await,
        GameView::Daifugo(v) => daifugo::public_post(data, v, lang).await,
    }
}

/// "⏰ @Ada, half your time for this turn is gone: 5 h 59 min left."
pub fn reminder(view: &GameView, now_ms: i64) -> Post {
    let info = view.info();
    let lang = info.lang;
    let seat = view.to_move();
    let (name, roll) = match view {
        GameView::Climb(v) => (
            v.game.players[seat].name.clone(),
            Some(text::climb::roll_words(v.game.turn.roll, lang)),
        ),
        GameView::Daifugo(v) => (v.game.players[seat].name.clone(), None),
    };
    let (mention, ping) = who(info, seat, &name);
    // The time really left when the reminder goes out (the clock ticks now and then),
    // to the nearest minute once it is more than one.
    let left_ms = match (info.turn_timeout_secs, info.turn_started_at) {
        (Some(t), Some(started)) => (started + t * 1_000 - now_ms).max(0),
        _ => 0,
    };
    let left = if left_ms >= 60_000 {
        (left_ms + 30_000) / 60_000 * 60
    } else {
        (left_ms + 500) / 1_000
    };
    let mut post = Post::text(text::bot::reminder(&mention, left, roll.as_deref(), lang));
    post.mentions.extend(ping);
    post
}

/// The line above the board after a turn timed out.
pub fn timed_out_line(view: &GameView, mode: TimeoutMode, lang: Lang) -> String {
    let name = match view {
        GameView::Climb(v) => v.actor_seat.map(|s| v.game.players[s].name.clone()),
        GameView::Daifugo(v) => v.actor_seat.map(|s| v.game.players[s].name.clone()),
    }
    .unwrap_or_default();
    text::bot::timed_out(&name, mode, lang, Markup::Discord)
}
