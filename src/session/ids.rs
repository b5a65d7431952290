//! The ids of buttons and menus, built and read in one place, and what each click asks
//! of the session ([`Click::ask`]): one grammar for every front that clicks (Discord's
//! custom ids; the Activity's board sends the same), as `request.rs` is one grammar for
//! typed commands.
//!
//! They carry the game and, for a board, the version it was drawn for, so a click still
//! works after a restart and a click on an older board is told "this board has moved on":
//! - `climb:<game>:<version>:<verb>`: a Prime Climb board (`end`, `undo`, `hint`, `moves`,
//!   `pick0`…`pick2` for a card's choice menus; `pawn<space>` to see a pawn's steps,
//!   `pawns` to see the pawns again, `s<step>` a step in the notation, written together:
//!   `s14+3`, `s0!7`, `s40kw`, `skc2`);
//! - `daifugo:<game>:hand` and `daifugo:<game>:hint`: a Prime Daifugo table (any time);
//! - `daifugo:<game>:<version>:<verb>`: a Prime Daifugo hand (`draw`, `d`, `pass`, `skip`,
//!   and the menus `play`, `discard`);
//! - `lobby:<game>:<verb>`: a lobby (`join`, `leave`, `start`, `cancel`, the `ai` menu);
//! - `rematch:<game>`: a finished game's Rematch button;
//! - `learn:play`: the guided first game's last message, "Play the whole game";
//! - `class:games:<here|all>:<page>`: a page of a teacher's `/class games`;
//! - `activity:open`: a board's Open board button (the board as a Discord Activity).
//!
//! A custom id the bot cannot read (an older scheme after an update, a number out of
//! range, an unknown verb) is an [`IdError`]: the click is still answered, never dropped.

use super::clicks::ClickAsk;
use super::opening::{LobbyAct, Room};
use super::request::Command;
use crate::climb::notation::{self, Token};
use crate::climb::steps;
use crate::level::Level;
use crate::store::Stamp;

/// The choices on one page of a menu (Discord's limit on a select menu's options).
pub const MENU_OPTIONS: usize = 25;
/// The value of the lobby's AI menu that removes an AI seat (the others are levels).
pub const REMOVE_AI: &str = "remove";

/// What a click asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    Board {
        stamp: Stamp,
        verb: BoardVerb,
    },
    Lobby {
        game_id: i64,
        verb: LobbyVerb,
    },
    /// Prime Daifugo: the clicker's own hand, or a hint (anyone seated, any time).
    Table {
        game_id: i64,
        verb: TableVerb,
    },
    /// Prime Daifugo: an action from a hand message.
    Hand {
        stamp: Stamp,
        verb: HandVerb,
    },
    /// A finished game's Rematch button (either game).
    Rematch {
        game_id: i64,
    },
    /// The guided first game is done: start the whole game (easy AI, hints on).
    LearnPlay,
    /// A page of `/class games` (of this channel, or of the whole server).
    ClassGames {
        everywhere: bool,
        page: u16,
    },
    /// Open the board of the channel's game as an Activity.
    OpenBoard,
}

/// A Prime Climb board's buttons and menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardVerb {
    End,
    Undo,
    Hint,
    Moves,
    /// A card's choice menu (page 0, 1 or 2: 25 choices each); the value is the choice's
    /// number.
    Pick(u8),
    /// Show the steps of the pawn on this space (`None`: the pawns again).
    Pawn(Option<u8>),
    /// One step of the move, as typed: the pawn named by its space (none for a Curse) and
    /// what is done with it.
    Step {
        pawn: Option<u8>,
        token: Token,
    },
}

/// A verb of a custom id with its word, read and written from one list.
macro_rules! verbs {
    ($name:ident { $($(#[$doc:meta])* $verb:ident = $word:literal,)* }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$doc])* $verb,)*
        }

        impl $name {
            fn word(self) -> &'static str {
                match self {
                    $($name::$verb => $word,)*
                }
            }

            fn read(word: &str) -> Option<$name> {
                [$($name::$verb,)*].into_iter().find(|v| v.word() == word)
            }
        }
    };
}

verbs!(LobbyVerb {
    Join = "join",
    Leave = "leave",
    Start = "start",
    Cancel = "cancel",
    /// The AI menu: a level, or `remove`.
    Ai = "ai",
});

verbs!(TableVerb {
    ShowHand = "hand",
    Hint = "hint",
});

verbs!(HandVerb {
    Draw = "draw",
    PlayD = "d",
    Pass = "pass",
    Skip = "skip",
    /// The play menu: the value is the cards in notation.
    Play = "play",
    /// The discard menu after a D card: the value is a card in notation.
    Discard = "discard",
});

/// The most choice menus a board carries (five rows of components; two are buttons).
pub const MAX_PICK_MENUS: u8 = 3;

/// Why a custom id cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    #[error("not a custom id of this bot: {0:?}")]
    Unknown(String),
}

impl BoardVerb {
    fn word(self) -> String {
        match self {
            BoardVerb::End => "end".into(),
            BoardVerb::Undo => "undo".into(),
            BoardVerb::Hint => "hint".into(),
            BoardVerb::Moves => "moves".into(),
            BoardVerb::Pick(page) => format!("pick{page}"),
            BoardVerb::Pawn(Some(space)) => format!("pawn{space}"),
            BoardVerb::Pawn(None) => "pawns".into(),
            BoardVerb::Step { pawn, token } => match pawn {
                Some(space) => format!("s{space}{token}"),
                None => format!("s{token}"),
            },
        }
    }

    fn read(word: &str) -> Option<BoardVerb> {
        Some(match word {
            "end" => BoardVerb::End,
            "undo" => BoardVerb::Undo,
            "hint" => BoardVerb::Hint,
            "moves" => BoardVerb::Moves,
            "pawns" => BoardVerb::Pawn(None),
            _ if word.starts_with("pawn") => BoardVerb::Pawn(Some(word[4..].parse().ok()?)),
            _ if word.starts_with('s') => step(&word[1..])?,
            _ => {
                let page: u8 = word.strip_prefix("pick")?.parse().ok()?;
                if page >= MAX_PICK_MENUS {
                    return None;
                }
                BoardVerb::Pick(page)
            }
        })
    }
}

impl Click {
    /// The custom id of this click.
    pub fn id(self) -> String {
        match self {
            Click::Board { stamp, verb } => {
                format!("climb:{}:{}:{}", stamp.game_id, stamp.version, verb.word())
            }
            Click::Lobby { game_id, verb } => format!("lobby:{game_id}:{}", verb.word()),
            Click::Rematch { game_id } => format!("rematch:{game_id}"),
            Click::LearnPlay => "learn:play".into(),
            Click::OpenBoard => "activity:open".into(),
            Click::ClassGames { everywhere, page } => {
                format!(
                    "class:games:{}:{page}",
                    if everywhere { "all" } else { "here" }
                )
            }
            Click::Table { game_id, verb } => format!("daifugo:{game_id}:{}", verb.word()),
            Click::Hand { stamp, verb } => {
                format!(
                    "daifugo:{}:{}:{}",
                    stamp.game_id,
                    stamp.version,
                    verb.word()
                )
            }
        }
    }

    /// Read a custom id.
    pub fn parse(custom_id: &str) -> Result<Click, IdError> {
        read(custom_id).ok_or_else(|| IdError::Unknown(custom_id.chars().take(100).collect()))
    }
}

/// A step written together (`14+3`, `kc2`): one pawn and one step on it, or a Curse.
fn step(written: &str) -> Option<BoardVerb> {
    match notation::parse(written).ok()?.as_slice() {
        [Token::Pawn(space), token] if token.is_step() && !matches!(token, Token::Curse(_)) => {
            Some(BoardVerb::Step {
                pawn: Some(*space),
                token: *token,
            })
        }
        [token @ Token::Curse(_)] => Some(BoardVerb::Step {
            pawn: None,
            token: *token,
        }),
        _ => None,
    }
}

/// A game id or a version: a non-negative number that fits the database.
fn number(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().filter(|n| *n >= 0)
}

fn read(custom_id: &str) -> Option<Click> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    let stamp = |game: &str, version: &str| -> Option<Stamp> {
        Some(Stamp {
            game_id: number(game)?,
            version: number(version)?,
        })
    };
    Some(match parts.as_slice() {
        ["climb", game, version, verb] => Click::Board {
            stamp: stamp(game, version)?,
            verb: BoardVerb::read(verb)?,
        },
        ["daifugo", game, verb @ ("hand" | "hint")] => Click::Table {
            game_id: number(game)?,
            verb: TableVerb::read(verb)?,
        },
        ["daifugo", game, version, verb] => Click::Hand {
            stamp: stamp(game, version)?,
            verb: HandVerb::read(verb)?,
        },
        ["lobby", game, verb] => Click::Lobby {
            game_id: number(game)?,
            verb: LobbyVerb::read(verb)?,
        },
        ["rematch", game] => Click::Rematch {
            game_id: number(game)?,
        },
        ["learn", "play"] => Click::LearnPlay,
        ["activity", "open"] => Click::OpenBoard,
        ["class", "games", scope, page] => Click::ClassGames {
            everywhere: match *scope {
                "all" => true,
                "here" => false,
                _ => return None,
            },
            page: page.parse().ok()?,
        },
        _ => return None,
    })
}

/// A click as read with the value chosen in its menu: what it asks of a game, or a click
/// that names none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    Game(ClickAsk),
    /// A menu choice that is not on the menu (or none).
    NotOnMenu,
    /// The guided first game's "Play the whole game".
    LearnPlay,
    /// Another page of a teacher's list of games.
    ClassGames {
        everywhere: bool,
        page: u16,
    },
    /// The board as an Activity, in the clicker's channel.
    OpenBoard,
}

impl Click {
    /// What this click asks, with the `value` chosen in its menu; `room`: whether the
    /// front may open a place apart for a game here, `may_open`: whether it may open one
    /// at all (a rematch of a game played apart).
    pub fn ask(self, value: Option<String>, room: Room, may_open: bool) -> Asked {
        let game = Asked::Game;
        match self {
            Click::LearnPlay => Asked::LearnPlay,
            Click::OpenBoard => Asked::OpenBoard,
            Click::ClassGames { everywhere, page } => Asked::ClassGames { everywhere, page },
            Click::Rematch { game_id } => game(ClickAsk::Rematch { game_id, may_open }),
            Click::Board { stamp, verb } => {
                let command = match verb {
                    BoardVerb::End => Command::EndMove,
                    BoardVerb::Undo => Command::Undo,
                    BoardVerb::Hint => return game(ClickAsk::ClimbHint { stamp, n: 3 }),
                    BoardVerb::Moves => return game(ClickAsk::ClimbMoves { stamp }),
                    BoardVerb::Pawn(pawn) => return game(ClickAsk::ClimbPawn { stamp, pawn }),
                    // The step as typed: `14 +3`, `kc2`.
                    BoardVerb::Step { pawn, token } => Command::Move(steps::written(pawn, token)),
                    // A menu of choices, MENU_OPTIONS to a page.
                    BoardVerb::Pick(page) => match value.and_then(|v| v.parse::<usize>().ok()) {
                        Some(n) if n >= 1 && (n - 1) / MENU_OPTIONS == usize::from(page) => {
                            Command::Choose(n)
                        }
                        _ => return Asked::NotOnMenu,
                    },
                };
                game(ClickAsk::Climb { stamp, command })
            }
            Click::Lobby { game_id, verb } => {
                let act = match verb {
                    LobbyVerb::Join => LobbyAct::Join,
                    LobbyVerb::Leave => LobbyAct::Leave,
                    LobbyVerb::Cancel => LobbyAct::Cancel,
                    LobbyVerb::Start => LobbyAct::Start,
                    LobbyVerb::Ai => match value.as_deref() {
                        Some(REMOVE_AI) => LobbyAct::RemoveAi,
                        Some(v) => match v.parse::<Level>() {
                            Ok(level) => LobbyAct::AddAi(level),
                            Err(_) => return Asked::NotOnMenu,
                        },
                        None => return Asked::NotOnMenu,
                    },
                };
                game(ClickAsk::Lobby { game_id, act, room })
            }
            Click::Table { game_id, verb } => {
                let hint = verb == TableVerb::Hint;
                game(ClickAsk::Hand { game_id, hint })
            }
            Click::Hand { stamp, verb } => {
                let words = match (verb, value) {
                    (HandVerb::Draw, _) => "draw".to_string(),
                    (HandVerb::PlayD, _) => "d".to_string(),
                    (HandVerb::Pass, _) => "pass".to_string(),
                    (HandVerb::Skip, _) => "skip".to_string(),
                    (HandVerb::Play, Some(v)) => v,
                    (HandVerb::Discard, Some(v)) => format!("discard {v}"),
                    (HandVerb::Play | HandVerb::Discard, None) => return Asked::NotOnMenu,
                };
                game(ClickAsk::Daifugo { stamp, words })
            }
        }
    }
}
