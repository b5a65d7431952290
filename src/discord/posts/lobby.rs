//! The lobby message: who has joined, the options, and the Join / Leave / Start / Cancel
//! buttons with a menu to add or remove AI seats. Every click edits the message in place.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::Post;
use crate::lang::Lang;
use crate::level::Level;
use crate::session::ids::{Click, LobbyVerb, REMOVE_AI};
use crate::session::{GameInfo, LobbyView, Status};
use crate::text::{self, lobby as words, Markup};

/// The seats as a lobby lists them: mentions for people, a robot for AI seats.
fn seat_names(info: &GameInfo) -> Vec<String> {
    info.seats
        .iter()
        .map(|s| match (s.user_id, s.ai) {
            (Some(id), _) => format!("<@{id}>"),
            (None, Some(_)) => format!("🤖 {}", s.name),
            (None, None) => s.name.clone(),
        })
        .collect()
}

/// The lobby as a message.
pub fn lobby_post(view: &LobbyView, lang: Lang) -> Post {
    let info = &view.info;
    let mut lines = words::lobby_lines(view, &seat_names(info), lang, Markup::Discord);
    if info.parent_channel_id.is_some() {
        lines.push(text::bot::played_in_thread(info.place.channel_id, lang));
    }
    if info.status != Status::Lobby {
        return Post::text(lines.join("\n"));
    }
    let w = words::lobby_words(lang);
    let id = |verb| {
        Click::Lobby {
            game_id: info.id,
            verb,
        }
        .id()
    };
    let buttons = CreateActionRow::Buttons(vec![
        CreateButton::new(id(LobbyVerb::Join))
            .label(w.join)
            .style(ButtonStyle::Primary),
        CreateButton::new(id(LobbyVerb::Leave))
            .label(w.leave)
            .style(ButtonStyle::Secondary),
        CreateButton::new(id(LobbyVerb::Start))
            .label(w.start)
            .style(ButtonStyle::Success),
        CreateButton::new(id(LobbyVerb::Cancel))
            .label(w.cancel)
            .style(ButtonStyle::Danger),
    ]);
    let mut ai_options: Vec<CreateSelectMenuOption> = Level::ALL
        .iter()
        .map(|&l| CreateSelectMenuOption::new(words::level_name(l, lang), l.name()))
        .collect();
    ai_options.push(CreateSelectMenuOption::new(w.remove_ai, REMOVE_AI));
    let ai_menu = CreateActionRow::SelectMenu(
        CreateSelectMenu::new(
            id(LobbyVerb::Ai),
            CreateSelectMenuKind::String {
                options: ai_options,
            },
        )
        .placeholder(w.add_ai),
    );
    Post {
        content: lines.join("\n"),
        components: vec![buttons, ai_menu],
        ..Post::default()
    }
}

/// The lobby message once the game has started: who plays, in turn order, and where
/// (the link to its thread stays).
pub fn started_post(info: &GameInfo, lang: Lang) -> Post {
    let mut lines = vec![words::started(
        info.kind,
        info.id,
        &seat_names(info),
        lang,
        Markup::Discord,
    )];
    if info.parent_channel_id.is_some() {
        lines.push(text::bot::played_in_thread(info.place.channel_id, lang));
    }
    Post::text(lines.join("\n"))
}

/// The lobby after a change, with who closed it if it was cancelled.
pub fn changed_post(view: &LobbyView, closer: &str, lang: Lang) -> Post {
    let mut post = lobby_post(view, lang);
    if view.info.status == Status::Ended {
        post.content = format!(
            "{}\n{}",
            post.content,
            words::closed_by(closer, lang, Markup::Discord)
        );
    }
    post
}

/// "Game #12 was ended by Ada…"
pub fn ended_post(view: &LobbyView, by: &str, lang: Lang) -> Post {
    Post::text(text::lobby::ended_by(
        view.info.id,
        by,
        view.info.kind,
        lang,
        Markup::Discord,
    ))
}
