//! A message to send (text, components, a picture, who it pings) as a plain value, and
//! its Discord forms: a response, an edit, a followup, a channel message.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, EditInteractionResponse,
};

use crate::lang::Lang;
use crate::session::GameInfo;
use crate::text::{self, Markup};

/// Discord's limit on a message's text.
pub const MAX_CONTENT: usize = 2_000;
pub use crate::session::ids::MENU_OPTIONS;
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
    /// Sent without a notification (Discord's `@silent`): someone pinged is in their
    /// quiet hours.
    pub silent: bool,
    /// This is a game's public turn message: once it is posted, the buttons of the one
    /// before it are removed (`send::track`); if it cannot be posted at all, it waits in
    /// the outbox (`send::keep`).
    pub turn_of: Option<TurnOf>,
    /// Its pings were shaped by the wishes of those it mentions (`send::shape`).
    pub shaped: bool,
}

/// The game, and its version, that a turn message shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnOf {
    pub game_id: i64,
    pub version: i64,
}

impl TurnOf {
    pub fn of(info: &crate::session::GameInfo) -> TurnOf {
        TurnOf {
            game_id: info.id,
            version: info.version,
        }
    }
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

    fn message_flags(&self) -> serenity::MessageFlags {
        if self.silent {
            serenity::MessageFlags::SUPPRESS_NOTIFICATIONS
        } else {
            serenity::MessageFlags::empty()
        }
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
        let flags = if self.silent {
            serenity::InteractionResponseFlags::SUPPRESS_NOTIFICATIONS
        } else {
            serenity::InteractionResponseFlags::empty()
        };
        let mut m = CreateInteractionResponseMessage::new();
        // An update of buttons alone leaves the clicked message's text as it is.
        if !self.content.is_empty() {
            m = m.content(self.content());
        }
        let mut m = m
            .flags(flags)
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
        let mut e = EditInteractionResponse::new();
        if !self.content.is_empty() {
            e = e.content(self.content());
        }
        let mut e = e
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
            .flags(self.message_flags())
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
            .flags(self.message_flags())
            .allowed_mentions(self.allowed_mentions())
            .components(self.components.clone());
        for a in self.attachments() {
            m = m.add_file(a);
        }
        m
    }

    /// Ping only whom the session decided (`People::pings`, a use case's outcome): the
    /// others stay named, unpinged; silent if someone pinged is in their quiet hours.
    pub fn ping(&mut self, pings: &crate::session::Pings) {
        self.mentions.retain(|m| pings.users.contains(m));
        self.silent |= pings.silent;
        self.shaped = true;
    }

    /// The same post with a line above its text.
    pub fn headed(mut self, line: &str) -> Post {
        self.content = format!("{line}\n{}", self.content);
        self
    }
}

/// The Rematch button of a finished game that people played (not an AI-only table).
pub fn rematch_row(info: &GameInfo, lang: Lang) -> Option<CreateActionRow> {
    let people = (0..info.seats.len())
        .filter(|&s| info.user_of(s).is_some())
        .count();
    (people > 0).then(|| {
        CreateActionRow::Buttons(vec![serenity::CreateButton::new(
            crate::session::ids::Click::Rematch { game_id: info.id }.id(),
        )
        .label(text::notify::rematch_button(lang))
        .emoji('🔁')
        .style(serenity::ButtonStyle::Success)])
    })
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
