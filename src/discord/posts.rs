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
use crate::session::GameView;
use crate::text;
use crate::text::posts::{Draft, Row, Sketch, Style};

pub use crate::text::posts::{Picture, Post, TurnOf, MAX_CONTENT};

/// Whether the board can be opened as an Activity (its Open board button).
pub fn activity(data: &Data) -> bool {
    data.web.as_ref().is_some_and(|w| w.activity.is_some())
}

/// The public message for a game after a change, whichever game, in the game's language:
/// the board, or the Prime Daifugo table (never a hand). It becomes the game's turn
/// message, its pings shaped by each person's `/notify` when it is sent.
pub async fn public_post(data: &Data, view: &GameView) -> Post {
    let draft = text::posts::replies::public(view, activity(data), view.info().lang);
    drawn(data, draft).await
}

/// A draft with its picture drawn on the drawing pool; if the drawing fails (logged), the
/// post goes without it rather than not at all.
pub async fn drawn(data: &Data, draft: Draft) -> Post {
    let Draft { mut post, sketch } = draft;
    if let Some(Sketch { draw, file, alt }) = sketch {
        let png = data.drawing.draw(draw).await;
        post.picture = png.map(|png| Picture { png, file, alt });
    }
    post
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

fn content(post: &Post) -> String {
    text::clip(&post.content, MAX_CONTENT)
}

fn attachments(post: &Post) -> Vec<CreateAttachment> {
    let picture = (post.picture.as_ref())
        .map(|p| CreateAttachment::bytes(p.png.clone(), p.file).description(&p.alt));
    let file =
        (post.file.as_ref()).map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()));
    picture.into_iter().chain(file).collect()
}

impl OnDiscord for Post {
    fn response(&self, ephemeral: bool) -> CreateInteractionResponseMessage {
        let flags = if self.silent {
            serenity::InteractionResponseFlags::SUPPRESS_NOTIFICATIONS
        } else {
            serenity::InteractionResponseFlags::empty()
        };
        let mut m = CreateInteractionResponseMessage::new();
        // An update of buttons alone leaves the clicked message's text as it is.
        if !self.content.is_empty() {
            m = m.content(content(self));
        }
        let mut m = m
            .flags(flags)
            .ephemeral(ephemeral)
            .allowed_mentions(allowed_mentions(self))
            .components(components(&self.components));
        for a in attachments(self) {
            m = m.add_file(a);
        }
        m
    }

    fn edit(&self) -> EditInteractionResponse {
        let mut e = EditInteractionResponse::new();
        if !self.content.is_empty() {
            e = e.content(content(self));
        }
        let mut e = e
            .allowed_mentions(allowed_mentions(self))
            .components(components(&self.components));
        for a in attachments(self) {
            e = e.new_attachment(a);
        }
        e
    }

    fn followup(&self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        let mut f = CreateInteractionResponseFollowup::new()
            .content(content(self))
            .flags(message_flags(self))
            .ephemeral(ephemeral)
            .allowed_mentions(allowed_mentions(self))
            .components(components(&self.components));
        for a in attachments(self) {
            f = f.add_file(a);
        }
        f
    }

    fn message(&self) -> CreateMessage {
        let mut m = CreateMessage::new()
            .content(content(self))
            .flags(message_flags(self))
            .allowed_mentions(allowed_mentions(self))
            .components(components(&self.components));
        for a in attachments(self) {
            m = m.add_file(a);
        }
        m
    }
}
