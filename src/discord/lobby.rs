//! The lobby message: who has joined, the options, and the Join / Leave / Start / Cancel
//! buttons with a menu to add or remove AI seats. Every click edits the message in place.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::locale::Lang;
use super::text::{self, tr};
use super::turn::Post;
use crate::climb::ai::Level;
use crate::session::{GameOptions, LobbyView};
use crate::store::Status;

/// A lobby button's custom id: `lobby:<game>:<verb>`.
pub fn custom_id(view: &LobbyView, verb: &str) -> String {
    format!("lobby:{}:{verb}", view.row.id)
}

fn level_name(level: Level, lang: Lang) -> &'static str {
    match (level, lang) {
        (Level::Easy, Lang::En) => "Easy AI",
        (Level::Medium, Lang::En) => "Medium AI",
        (Level::Hard, Lang::En) => "Hard AI",
        (Level::Easy, Lang::Fr) => "IA facile",
        (Level::Medium, Lang::Fr) => "IA moyenne",
        (Level::Hard, Lang::Fr) => "IA forte",
    }
}

/// The options of a Prime Daifugo lobby in words.
fn daifugo_badges(o: &crate::daifugo::Options, lang: Lang) -> Vec<String> {
    let mut b = Vec::new();
    let extras: Vec<&str> = [
        (o.zero, "[0]"),
        (o.five_nine, "[5/9]"),
        (o.four_six_eight, "[4/6/8]"),
        (o.skip, "SKIP"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, name)| *name)
    .collect();
    if !extras.is_empty() {
        b.push(extras.join(" "));
    }
    if let Some(limit) = o.hand_limit {
        b.push(tr!(lang, "hand limit {}", "limite {} cartes", limit));
    }
    b.push(match (o.games_to_win, lang) {
        (1, Lang::En) => "one game".to_string(),
        (1, Lang::Fr) => "une partie".to_string(),
        (n, _) => tr!(lang, "first to {} games", "match en {} parties", n),
    });
    b
}

/// The lobby as a message.
pub fn lobby_post(view: &LobbyView, lang: Lang) -> Post {
    let row = &view.row;
    let (title, badges) = match view.options() {
        Ok(GameOptions::Daifugo(o)) => ("Prime Daifugo", daifugo_badges(&o, lang)),
        Ok(GameOptions::Climb(o)) => ("Prime Climb", o.badges()),
        Err(_) => ("Prime Climb", Vec::new()),
    };
    let mut head = tr!(
        lang,
        "**{}** · new game #{}",
        "**{}** · nouvelle partie n° {}",
        title,
        row.id
    );
    if !badges.is_empty() {
        head.push_str(&format!(" · {}", badges.join(", ")));
    }
    if let Some(t) = row.turn_timeout_secs {
        head.push_str(&tr!(
            lang,
            " · ⏳ {} per turn",
            " · ⏳ {} par tour",
            text::duration(t, lang)
        ));
    }
    let mut lines = vec![head];
    if row.status != Status::Lobby {
        lines.push(
            lang.text("This lobby is closed.", "Ce salon d'attente est fermé.")
                .to_string(),
        );
        return Post::text(lines.join("\n"));
    }
    lines.push(tr!(
        lang,
        "Players ({}/{}):",
        "Joueurs ({}/{}) :",
        row.seats.len(),
        view.capacity()
    ));
    for (i, s) in row.seats.iter().enumerate() {
        let name = match (s.user_id, &s.ai_level) {
            (Some(id), _) => format!("<@{id}>"),
            (None, Some(_)) => format!("🤖 {}", s.name),
            (None, None) => s.name.clone(),
        };
        lines.push(format!("{}. {name}", i + 1));
    }
    lines.push(
        lang.text(
            "Press **Join** to play. A player (or the creator) presses **Start** when everyone is in.",
            "Appuyez sur **Rejoindre** pour jouer. Un joueur (ou le créateur) appuie sur **Démarrer** quand tout le monde est là.",
        )
        .to_string(),
    );
    let buttons = CreateActionRow::Buttons(vec![
        CreateButton::new(custom_id(view, "join"))
            .label(lang.text("Join", "Rejoindre"))
            .style(ButtonStyle::Primary),
        CreateButton::new(custom_id(view, "leave"))
            .label(lang.text("Leave", "Quitter"))
            .style(ButtonStyle::Secondary),
        CreateButton::new(custom_id(view, "start"))
            .label(lang.text("Start", "Démarrer"))
            .style(ButtonStyle::Success),
        CreateButton::new(custom_id(view, "cancel"))
            .label(lang.text("Cancel", "Annuler"))
            .style(ButtonStyle::Danger),
    ]);
    let mut ai_options: Vec<CreateSelectMenuOption> = Level::ALL
        .iter()
        .map(|&l| CreateSelectMenuOption::new(level_name(l, lang), l.name()))
        .collect();
    ai_options.push(CreateSelectMenuOption::new(
        lang.text("Remove the last AI seat", "Retirer la dernière IA"),
        "remove",
    ));
    let ai_menu = CreateActionRow::SelectMenu(
        CreateSelectMenu::new(
            custom_id(view, "ai"),
            CreateSelectMenuKind::String {
                options: ai_options,
            },
        )
        .placeholder(lang.text("Add an AI seat…", "Ajouter une IA…")),
    );
    Post {
        content: lines.join("\n"),
        components: vec![buttons, ai_menu],
        ..Post::default()
    }
}
