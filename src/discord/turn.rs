//! The message after each turn: the board picture, the story of the turn, whose turn it
//! is now (a mention, with their roll), and the buttons and select menus the player to move
//! can use (end the turn, undo, the card's choices, hints). Built from a session view as a
//! plain [`Post`], then sent as an interaction response, a followup or a channel message.

use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::locale::Lang;
use super::text::{self, tr};
use crate::climb::{Phase, Seat};
use crate::render::RenderOptions;
use crate::session::ClimbView;

/// The name of the board picture in messages.
pub const BOARD_FILE: &str = "board.png";
/// Discord's limit on a message's text.
const MAX_CONTENT: usize = 2_000;
/// Options in one select menu.
const MENU_OPTIONS: usize = 25;
/// Select menus a message can carry besides the button rows.
const MAX_MENUS: usize = 3;

/// A message to send: text, the board, components, the user it pings.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub content: String,
    pub png: Option<Vec<u8>>,
    pub components: Vec<CreateActionRow>,
    /// Users the message mentions (pinged).
    pub mentions: Vec<u64>,
    /// The picture's file name (`board.png` when not set).
    pub file: Option<&'static str>,
}

impl Post {
    pub fn text(content: impl Into<String>) -> Post {
        Post {
            content: content.into(),
            ..Post::default()
        }
    }

    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .users(self.mentions.iter().map(|&id| serenity::UserId::new(id)))
    }

    fn content(&self) -> String {
        clip(&self.content, MAX_CONTENT)
    }

    /// As the reply to a slash command.
    pub fn reply(self, ephemeral: bool) -> CreateReply {
        let mut r = CreateReply::default()
            .content(self.content())
            .ephemeral(ephemeral)
            .allowed_mentions(self.mentions())
            .components(self.components.clone());
        let file = self.file_name();
        if let Some(png) = self.png {
            r = r.attachment(CreateAttachment::bytes(png, file));
        }
        r
    }

    /// As a message in a channel (AI turns, the turn clock).
    pub fn message(self) -> CreateMessage {
        let mut m = CreateMessage::new()
            .content(self.content())
            .allowed_mentions(self.mentions())
            .components(self.components.clone());
        let file = self.file_name();
        if let Some(png) = self.png {
            m = m.add_file(CreateAttachment::bytes(png, file));
        }
        m
    }

    /// The picture's file name.
    pub fn file_name(&self) -> &'static str {
        self.file.unwrap_or(BOARD_FILE)
    }

    /// As a followup to an interaction already answered (or deferred).
    pub fn followup(self, ephemeral: bool) -> serenity::CreateInteractionResponseFollowup {
        let mut f = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content())
            .ephemeral(ephemeral)
            .allowed_mentions(self.mentions())
            .components(self.components.clone());
        let file = self.file_name();
        if let Some(png) = self.png {
            f = f.add_file(CreateAttachment::bytes(png, file));
        }
        f
    }

    /// As the response to a button or select menu.
    pub fn response(self, ephemeral: bool) -> CreateInteractionResponseMessage {
        let mut m = CreateInteractionResponseMessage::new()
            .content(self.content())
            .ephemeral(ephemeral)
            .allowed_mentions(self.mentions())
            .components(self.components.clone());
        let file = self.file_name();
        if let Some(png) = self.png {
            m = m.add_file(CreateAttachment::bytes(png, file));
        }
        m
    }
}

/// Cut a text to `max` characters, ending with "…".
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A component's custom id: `climb:<game>:<version>:<verb>`.
pub fn custom_id(view: &ClimbView, verb: &str) -> String {
    format!("climb:{}:{}:{verb}", view.row.id, view.row.version)
}

/// How to name a seat in a message: a mention for a Discord user, bold for others.
fn who(view: &ClimbView, seat: Seat) -> (String, Option<u64>) {
    let name = view.game.players[seat].name.clone();
    match view.seat(seat).and_then(|s| s.user_id) {
        Some(id) => (format!("<@{id}> (**{name}**)"), u64::try_from(id).ok()),
        None if view.ai_level(seat).is_some() => (format!("🤖 **{name}**"), None),
        None => (format!("**{name}**"), None),
    }
}

/// The message for a game after a change (or for a look, with no events): headline, story,
/// what comes next, components. The picture is added by [`with_board`].
pub fn game_post(view: &ClimbView, lang: Lang) -> Post {
    let g = &view.game;
    let mut lines: Vec<String> = Vec::new();
    match (view.actor_seat, view.acted_turn) {
        (Some(seat), Some((number, roll))) => lines.push(tr!(
            lang,
            "**{}** · turn {} · 🎲 {}",
            "**{}** · tour {} · 🎲 {}",
            g.players[seat].name,
            number,
            text::roll_words(roll, lang)
        )),
        _ => lines.push(tr!(
            lang,
            "**Prime Climb** · game #{} · turn {}",
            "**Prime Climb** · partie n° {} · tour {}",
            view.row.id,
            g.turn.number
        )),
    }
    for line in text::story(g, &view.events, view.actor_seat, lang) {
        lines.push(format!("> {line}"));
    }
    let mut post = Post::default();
    if view.is_over() {
        lines.push(standings(view, lang));
        post.content = lines.join("\n");
        return post;
    }
    let seat = g.current();
    let (name, mention) = who(view, seat);
    post.mentions.extend(mention);
    let human = view.ai_level(seat).is_none();
    match &g.phase {
        Phase::Choice(pending) => {
            lines.push(tr!(
                lang,
                "{}: “{}” — choose below.",
                "{} : « {} » — choisissez ci-dessous.",
                name,
                text::card_text(g, pending.card, lang)
            ));
            if human {
                post.components.extend(choice_menus(view, lang));
            }
        }
        _ if !g.turn.steps.is_empty() || g.turn.uses.total_left() == 0 => {
            let left: Vec<String> = g.turn.uses.list().iter().map(u8::to_string).collect();
            lines.push(if left.is_empty() {
                tr!(
                    lang,
                    "{}: every die is used. Play a Keeper (`/climb play`) or end your turn.",
                    "{} : tous les dés sont joués. Jouez une carte (`/climb play`) ou finissez votre tour.",
                    name
                )
            } else {
                tr!(
                    lang,
                    "{}: still to use {}.",
                    "{} : il reste {} à jouer.",
                    name,
                    text::list(lang, &left)
                )
            });
            if human {
                post.components.push(move_buttons(view, lang));
            }
        }
        _ => {
            let cursed = if g.turn.cursed {
                lang.text(
                    " Cursed: only subtract or divide this turn.",
                    " Maudit : seulement soustraire ou diviser ce tour-ci.",
                )
            } else {
                ""
            };
            let clock = match view.row.turn_timeout_secs {
                Some(t) => format!(" ⏳ {}", text::duration(t, lang)),
                None => String::new(),
            };
            lines.push(if human {
                tr!(
                    lang,
                    "🎲 {}, your turn: you rolled {}.{}{}",
                    "🎲 {}, à vous : vous avez fait {}.{}{}",
                    name,
                    text::roll_words(g.turn.roll, lang),
                    cursed,
                    clock
                )
            } else {
                tr!(
                    lang,
                    "{} rolled {} and plays.",
                    "{} a fait {} et joue.",
                    name,
                    text::roll_words(g.turn.roll, lang)
                )
            });
        }
    }
    if human {
        post.components.push(help_buttons(view, lang));
    }
    post.content = lines.join("\n");
    post
}

/// The final standings (§5 ranking).
fn standings(view: &ClimbView, lang: Lang) -> String {
    let g = &view.game;
    let places: Vec<String> = g
        .ranking()
        .into_iter()
        .map(|(seat, place)| format!("{place}. {}", g.players[seat].name))
        .collect();
    let head = match g.winner {
        Some(w) => tr!(
            lang,
            "🏁 **{}** wins after {} turns.",
            "🏁 **{}** gagne en {} tours.",
            g.players[w].name,
            g.turn.number
        ),
        None => lang
            .text("🏁 The game has ended.", "🏁 La partie est terminée.")
            .into(),
    };
    format!("{head} {}", places.join(" · "))
}

fn move_buttons(view: &ClimbView, lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![
        CreateButton::new(custom_id(view, "end"))
            .label(lang.text("End turn", "Finir le tour"))
            .style(ButtonStyle::Primary)
            .disabled(!view.game.can_end_move()),
        CreateButton::new(custom_id(view, "undo"))
            .label(lang.text("Undo", "Annuler"))
            .style(ButtonStyle::Secondary)
            .disabled(!view.game.turn.can_undo()),
    ])
}

fn help_buttons(view: &ClimbView, lang: Lang) -> CreateActionRow {
    CreateActionRow::Buttons(vec![
        CreateButton::new(custom_id(view, "hint"))
            .label(lang.text("Hint", "Indice"))
            .emoji('💡')
            .style(ButtonStyle::Secondary),
        CreateButton::new(custom_id(view, "moves"))
            .label(lang.text("Moves", "Coups"))
            .emoji('📋')
            .style(ButtonStyle::Secondary),
    ])
}

/// The card's choices as select menus (25 options each; a Switch may need two).
fn choice_menus(view: &ClimbView, lang: Lang) -> Vec<CreateActionRow> {
    let choices = view.game.pending_choices();
    choices
        .chunks(MENU_OPTIONS)
        .take(MAX_MENUS)
        .enumerate()
        .map(|(page, chunk)| {
            let options = chunk
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let n = page * MENU_OPTIONS + i + 1;
                    CreateSelectMenuOption::new(
                        clip(&text::choice_label(&view.game, c, lang), 100),
                        n.to_string(),
                    )
                })
                .collect();
            let placeholder = if page == 0 {
                lang.text("Choose…", "Choisir…").to_string()
            } else {
                tr!(lang, "More choices ({})…", "Autres choix ({})…", page + 1)
            };
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(
                    custom_id(view, &format!("pick{page}")),
                    CreateSelectMenuKind::String { options },
                )
                .placeholder(placeholder),
            )
        })
        .collect()
}

/// Add the board picture, rendered on a blocking thread (it takes milliseconds of CPU).
pub async fn with_board(mut post: Post, view: &ClimbView) -> Post {
    let view = view.clone();
    let png = tokio::task::spawn_blocking(move || view.png(&RenderOptions::default())).await;
    match png {
        Ok(Ok(png)) => post.png = Some(png),
        Ok(Err(e)) => tracing::error!("encoding the board failed: {e}"),
        Err(e) => tracing::error!("rendering the board failed: {e}"),
    }
    post
}

/// The full message for a game view: text, components and picture.
pub async fn board_post(view: &ClimbView, lang: Lang) -> Post {
    with_board(game_post(view, lang), view).await
}
