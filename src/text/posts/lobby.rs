//! The lobby message: who has joined, the options, and the Join / Leave / Start / Cancel
//! buttons with a menu to add or remove AI seats. Every click edits the message in place.

use super::{mention, Button, Menu, Post, Row, Style};
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
            (Some(id), _) => mention(id),
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
    let buttons = Row::Buttons(vec![
        Button::new(id(LobbyVerb::Join))
            .label(w.join)
            .style(Style::Primary),
        Button::new(id(LobbyVerb::Leave))
            .label(w.leave)
            .style(Style::Secondary),
        Button::new(id(LobbyVerb::Start))
            .label(w.start)
            .style(Style::Success),
        Button::new(id(LobbyVerb::Cancel))
            .label(w.cancel)
            .style(Style::Danger),
    ]);
    let mut ai_options: Vec<(String, String)> = Level::ALL
        .iter()
        .map(|&l| (words::level_name(l, lang).to_string(), l.name().to_string()))
        .collect();
    ai_options.push((w.remove_ai.to_string(), REMOVE_AI.to_string()));
    let ai_menu = Row::Menu(Menu::new(id(LobbyVerb::Ai), ai_options).placeholder(w.add_ai));
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
