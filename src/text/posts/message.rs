//! A message to send as a plain value: its text, a picture or file, its controls (buttons
//! and menus, each with the click id of `session::ids`), who it pings. Every front that
//! posts messages turns one into its own form (Discord: `discord::posts`).

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
    /// What the picture shows, in words (`text::alt`): read to people who cannot see the
    /// picture.
    pub alt: String,
}

/// A picture still to draw, with its file name and alt text: drawn by the front where it
/// draws (the bot: on the blocking pool, see `drawing`).
pub struct Sketch {
    pub draw: Box<dyn FnOnce() -> Result<Vec<u8>, image::ImageError> + Send + Sync>,
    pub file: &'static str,
    pub alt: String,
}

/// A post whose picture is still to draw.
pub struct Draft {
    pub post: Post,
    pub sketch: Option<Sketch>,
}

impl Draft {
    /// `post` with the picture `draw` makes, named `file` and told by `alt`.
    pub fn new(
        post: Post,
        file: &'static str,
        alt: String,
        draw: impl FnOnce() -> Result<Vec<u8>, image::ImageError> + Send + Sync + 'static,
    ) -> Draft {
        let draw = Box::new(draw);
        Draft {
            post,
            sketch: Some(Sketch { draw, file, alt }),
        }
    }

    /// A post with no picture.
    pub fn plain(post: Post) -> Draft {
        Draft { post, sketch: None }
    }

    /// The same draft with a line above its text.
    pub fn headed(mut self, line: &str) -> Draft {
        self.post = self.post.headed(line);
        self
    }
}

impl From<Post> for Draft {
    fn from(post: Post) -> Draft {
        Draft::plain(post)
    }
}

/// A file attached to a post that is not a picture (a report's spreadsheet).
#[derive(Clone, Debug)]
pub struct File {
    pub bytes: Vec<u8>,
    pub name: String,
}

/// How a button looks: the main action, a side one, a go-ahead or a stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    Primary,
    #[default]
    Secondary,
    Success,
    Danger,
}

/// A button: its click id, label, emoji and look; a disabled one is shown greyed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub emoji: Option<char>,
    pub style: Style,
    pub disabled: bool,
}

impl Button {
    pub fn new(id: impl Into<String>) -> Button {
        Button {
            id: id.into(),
            label: String::new(),
            emoji: None,
            style: Style::default(),
            disabled: false,
        }
    }

    pub fn label(mut self, label: impl Into<String>) -> Button {
        self.label = label.into();
        self
    }

    pub fn emoji(mut self, emoji: char) -> Button {
        self.emoji = Some(emoji);
        self
    }

    pub fn style(mut self, style: Style) -> Button {
        self.style = style;
        self
    }

    pub fn disabled(mut self, disabled: bool) -> Button {
        self.disabled = disabled;
        self
    }
}

/// A menu of options, one to pick: its click id, the words shown before a pick, and each
/// option's label and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<(String, String)>,
}

impl Menu {
    pub fn new(id: impl Into<String>, options: Vec<(String, String)>) -> Menu {
        Menu {
            id: id.into(),
            placeholder: String::new(),
            options,
        }
    }

    pub fn placeholder(mut self, placeholder: impl Into<String>) -> Menu {
        self.placeholder = placeholder.into();
        self
    }
}

/// A row of a message's controls: buttons side by side, or one menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Buttons(Vec<Button>),
    Menu(Menu),
}

/// A message to send: text, controls, a picture, the users it pings.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub content: String,
    pub picture: Option<Picture>,
    /// Another file, after the picture.
    pub file: Option<File>,
    pub components: Vec<Row>,
    /// Users the message mentions and pings.
    pub mentions: Vec<u64>,
    /// Sent without a notification (Discord's `@silent`): someone pinged is in their
    /// quiet hours.
    pub silent: bool,
    /// This is a game's public turn message: once it is posted, the controls of the one
    /// before it are removed; if it cannot be posted at all, it waits in the outbox.
    pub turn_of: Option<TurnOf>,
    /// Its pings were shaped by the wishes of those it mentions ([`Post::ping`]).
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
pub fn rematch_row(info: &GameInfo, lang: Lang) -> Option<Row> {
    let people = (0..info.seats.len())
        .filter(|&s| info.user_of(s).is_some())
        .count();
    (people > 0).then(|| {
        Row::Buttons(vec![Button::new(
            crate::session::ids::Click::Rematch { game_id: info.id }.id(),
        )
        .label(text::notify::rematch_button(lang))
        .emoji('🔁')
        .style(Style::Success)])
    })
}

/// A Discord mention of a user.
pub fn mention(user: i64) -> String {
    format!("<@{user}>")
}

/// How to name a seat in a message: a mention (and the name) for a Discord user, a robot
/// for an AI seat; with the user to ping, if any.
pub fn who(info: &GameInfo, seat: usize, name: &str) -> (String, Option<u64>) {
    let m = Markup::Discord;
    match info.user_of(seat) {
        Some(id) => (
            format!("{} ({})", mention(id), m.bold(name)),
            u64::try_from(id).ok(),
        ),
        None if info.ai_level(seat).is_some() => (format!("🤖 {}", m.bold(name)), None),
        None => (m.bold(name), None),
    }
}
