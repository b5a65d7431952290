//! Messages on Discord: the words and controls of a post come from `text::posts`; here
//! the pictures are drawn (on the drawing pool) and a post becomes Discord's forms: a
//! response, an edit, a followup, a channel message.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse,
};

use super::types::Data;
use crate::text;
use crate::text::posts::{Row, Style};

pub use crate::text::posts::{Post, TurnOf, MAX_CONTENT};

/// Whether the board can be opened as an Activity (its Open board button).
pub fn activity(data: &Data) -> bool {
    data.web.as_ref().is_some_and(|w| w.activity.is_some())
}

/// A post's controls as Discord's components.
fn components(rows: &[Row]) -> Vec<CreateActionRow> {
    let style = |s: Style| match s {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    };
    rows.iter()
        .map(|row| match row {
            Row::Buttons(buttons) => CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        let mut button = CreateButton::new(&b.id)
                            .style(style(b.style))
                            .disabled(b.disabled);
                        if !b.label.is_empty() {
                            button = button.label(&b.label);
                        }
                        match b.emoji {
                            Some(e) => button.emoji(e),
                            None => button,
                        }
                    })
                    .collect(),
            ),
            Row::Menu(menu) => {
                let options = (menu.options.iter())
                    .map(|(label, value)| CreateSelectMenuOption::new(label, value))
                    .collect();
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(&menu.id, CreateSelectMenuKind::String { options })
                        .placeholder(&menu.placeholder),
                )
            }
        })
        .collect()
}

/// A post in Discord's forms.
pub trait OnDiscord {
    /// As the first response to an interaction (or the update of a clicked message).
    fn response(&self, ephemeral: bool) -> CreateInteractionResponseMessage;
    /// As the edit of a deferred response.
    fn edit(&self) -> EditInteractionResponse;
    /// As a followup to an interaction already answered.
    fn followup(&self, ephemeral: bool) -> CreateInteractionResponseFollowup;
    /// As a message in a channel (AI turns, the turn clock, a refused reply).
    fn message(&self) -> CreateMessage;
}

fn allowed_mentions(post: &Post) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(post.mentions.iter().map(|&id| serenity::UserId::new(id)))
}

fn message_flags(post: &Post) -> serenity::MessageFlags {
    if post.silent {
        serenity::MessageFlags::SUPPRESS_NOTIFICATIONS
    } else {
        serenity::MessageFlags::empty()
    }
}

fn attachments(post: &Post) -> Vec<CreateAttachment> {
    let picture = (post.picture.as_ref())
        .map(|p| CreateAttachment::bytes(p.png.clone(), p.file).description(&p.alt));
    let file =
        (post.file.as_ref()).map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()));
    picture.into_iter().chain(file).collect()
}

/// A post's words (none set when empty: an update of buttons alone leaves the clicked
/// message's text as it is), who it may ping, its controls and its files, on any of
/// serenity's builders (they share no trait); `$add` is the builder's way to add a file.
macro_rules! filled {
    ($builder:expr, $post:expr, $add:ident) => {{
        let (post, mut b) = ($post, $builder);
        if !post.content.is_empty() {
            b = b.content(text::clip(&post.content, MAX_CONTENT));
        }
        let mut b =
            (b.allowed_mentions(allowed_mentions(post))).components(components(&post.components));
        for a in attachments(post) {
            b = b.$add(a);
        }
        b
    }};
}

impl OnDiscord for Post {
    fn response(&self, ephemeral: bool) -> CreateInteractionResponseMessage {
        let flags = if self.silent {
            serenity::InteractionResponseFlags::SUPPRESS_NOTIFICATIONS
        } else {
            serenity::InteractionResponseFlags::empty()
        };
        let m = CreateInteractionResponseMessage::new().flags(flags);
        filled!(m.ephemeral(ephemeral), self, add_file)
    }

    fn edit(&self) -> EditInteractionResponse {
        filled!(EditInteractionResponse::new(), self, new_attachment)
    }

    fn followup(&self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        let f = CreateInteractionResponseFollowup::new().flags(message_flags(self));
        filled!(f.ephemeral(ephemeral), self, add_file)
    }

    fn message(&self) -> CreateMessage {
        filled!(
            CreateMessage::new().flags(message_flags(self)),
            self,
            add_file
        )
    }
}
