//! Opening a new game from a front's words (`/climb start`, `/daifugo start`, the guided
//! game's "Play the whole game" button): the options are read (the server's defaults where
//! nothing is said) and checked before anything is opened; the game gets a place of its
//! own where the server wants one and the front can open it (a thread on Discord), else it
//! is played where it was asked for, with the reason; then the lobby opens, or the game
//! itself when it is a solitaire game or the front asks for it at once.

use std::future::Future;

use super::core::Lobbies;
use super::outcome::Changed;
use super::request;
use super::{Actor, GameOptions, GameView, LobbySpec, LobbyView, SessionError};
use crate::daifugo;
use crate::lang::Lang;
use crate::store::{GameKind, Place, Store};

/// Which game, with its options as asked.
#[derive(Clone, Debug)]
pub enum Rules {
    /// Prime Climb's variants in words (`sprint,double-time`); none: the server's default.
    Climb {
        variant: Option<String>,
    },
    Daifugo(daifugo::Options),
}

/// Whether the front can give a new game a place of its own here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// It can (on Discord: the bot may open a thread in this channel).
    Possible,
    /// It may not (on Discord: the bot lacks the permission to open threads here).
    NotAllowed,
    /// The request comes from a place of a game's own already (a thread): played here.
    AlreadyApart,
}

/// What a new game is asked to be, in the words of `/climb start` or `/daifugo start`.
#[derive(Clone, Debug)]
pub struct Wanted {
    pub rules: Rules,
    /// AI seats to add, in words (`hard`, `easy,medium`).
    pub ai: Option<String>,
    /// Turn timeout in words; none: the server's.
    pub timeout: Option<String>,
    /// The opener takes a seat (default: yes).
    pub play: Option<bool>,
}

impl Wanted {
    /// The guided first game's whole game: against the easy AI, with hints on.
    pub fn graduation() -> Wanted {
        Wanted {
            rules: Rules::Climb {
                variant: Some("hints".into()),
            },
            ai: Some("easy".into()),
            timeout: None,
            play: None,
        }
    }
}

/// What a new game is asked to be, in the words of the front, and by whom, where.
#[derive(Clone, Debug)]
pub struct OpenWords {
    /// Where it was asked for.
    pub here: Place,
    pub opener: Actor,
    pub wanted: Wanted,
    /// The language of the game.
    pub lang: Lang,
    /// Start at once, with its AI seats (the guided game's whole game).
    pub at_once: bool,
    pub room: Room,
}

/// What only the front can do when a game opens: give it a place of its own.
pub trait PlaceFront: Sync {
    /// A new place for a game of `kind` under the channel of `under` (a thread of it), or
    /// why not (for the log).
    fn open_place(
        &self,
        kind: GameKind,
        under: Place,
    ) -> impl Future<Output = Result<Place, String>> + Send;
    /// A place opened for a game that was then refused goes away again.
    fn close_place(&self, place: Place) -> impl Future<Output = ()> + Send;
}

/// Why a game the server wanted in a place of its own is played where it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacedHere {
    /// The front may not open one here.
    NotAllowed,
    /// The front tried, and was refused.
    Refused,
}

/// Where a new game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whereabouts {
    pub place: Place,
    /// The channel the game's own place belongs to; `None`: played where it was asked.
    pub parent: Option<i64>,
    /// Why it is played here although the server wants games apart.
    pub note: Option<PlacedHere>,
}

/// A game opened: where, and its lobby, or the game started at once and what follows.
#[derive(Debug)]
pub struct Opened {
    pub at: Whereabouts,
    pub what: OpenedGame,
}

#[derive(Debug)]
pub enum OpenedGame {
    Lobby(Box<LobbyView>),
    Started(Box<Changed<GameView>>),
}

impl<S: Store> Lobbies<'_, S> {
    /// Open a new game (see the module's words). A game refused after its place was
    /// opened leaves no empty place behind.
    pub async fn open_game(
        self,
        words: OpenWords,
        front: &impl PlaceFront,
    ) -> Result<Opened, SessionError> {
        let here = words.here;
        let settings = self.servers().settings(here.guild_id).await?;
        let base = match &words.wanted.rules {
            Rules::Climb { variant } => {
                let variant = variant
                    .clone()
                    .unwrap_or_else(|| settings.default_variant.clone());
                let (options, blanks) = request::climb_options(&variant)?;
                LobbySpec {
                    fill_in_blanks: blanks,
                    ..LobbySpec::climb(options)
                }
            }
            Rules::Daifugo(options) => LobbySpec::daifugo(options.clone()),
        };
        let ai = match words.wanted.ai.as_deref() {
            Some(text) => request::levels(text)?,
            None => Vec::new(),
        };
        let turn_timeout_secs = match words.wanted.timeout.as_deref() {
            Some(t) => request::duration(t)?,
            None => settings.turn_timeout_secs,
        };
        let spec = LobbySpec {
            ai,
            turn_timeout_secs,
            creator_plays: words.wanted.play.unwrap_or(true),
            lang: words.lang,
            ..base
        };
        // Checked before a place is opened for it.
        spec.options.validate_alone()?;
        let kind = spec.options.kind();
        let at = match (settings.threads, words.room) {
            (false, _) | (_, Room::AlreadyApart) => Whereabouts {
                place: here,
                parent: None,
                note: None,
            },
            (true, Room::NotAllowed) => Whereabouts {
                place: here,
                parent: None,
                note: Some(PlacedHere::NotAllowed),
            },
            (true, Room::Possible) => match front.open_place(kind, here).await {
                Ok(place) => Whereabouts {
                    place,
                    parent: Some(here.channel_id),
                    note: None,
                },
                Err(e) => {
                    tracing::warn!(
                        channel = here.channel_id,
                        "opening a game's place failed: {e}"
                    );
                    Whereabouts {
                        place: here,
                        parent: None,
                        note: Some(PlacedHere::Refused),
                    }
                }
            },
        };
        let spec = LobbySpec {
            parent_channel_id: at.parent,
            ..spec
        };
        match self
            .open_at(at.place, &words.opener, &spec, words.at_once)
            .await
        {
            Ok(what) => Ok(Opened { at, what }),
            Err(e) => {
                if at.parent.is_some() {
                    front.close_place(at.place).await;
                }
                Err(e)
            }
        }
    }

    /// Open the lobby at `place`; a solitaire game alone, or any game `at_once`, starts
    /// at once.
    async fn open_at(
        self,
        place: Place,
        opener: &Actor,
        spec: &LobbySpec,
        at_once: bool,
    ) -> Result<OpenedGame, SessionError> {
        let solitaire = matches!(&spec.options, GameOptions::Climb(o) if o.solitaire);
        let view = self.create_lobby(place, opener, spec).await?;
        if at_once || (solitaire && view.info.seats.len() == 1) {
            let started = self.start(place, opener).await?;
            return Ok(OpenedGame::Started(Box::new(self.changed(started).await)));
        }
        Ok(OpenedGame::Lobby(Box::new(view)))
    }
}

/// What a lobby's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyAct {
    Join,
    Leave,
    /// End the lobby (its creator or a moderator).
    Cancel,
    AddAi(crate::level::Level),
    RemoveAi,
    Start,
}

/// What a lobby's button did.
#[derive(Debug)]
pub enum LobbyDone {
    /// The lobby changed (or closed, after Cancel), and why it is not in a place of its
    /// own although the server wants games apart, for the lobby's message.
    Changed {
        lobby: Box<LobbyView>,
        note: Option<PlacedHere>,
    },
    /// The game started: its first board and what follows.
    Started(Box<Changed<GameView>>),
}

impl<S: Store> Lobbies<'_, S> {
    /// A lobby's button, for lobby `game_id` of `place` (refused as closed when the
    /// place's open game is another, or no longer a lobby). `room`: whether the front
    /// could have given the lobby a place of its own there (for the lobby's note).
    pub async fn lobby_act(
        self,
        place: Place,
        game_id: i64,
        act: LobbyAct,
        actor: &Actor,
        room: Room,
    ) -> Result<LobbyDone, SessionError> {
        match self.lobby(place).await {
            Ok(current)
                if current.info.id == game_id
                    && current.info.status == crate::store::Status::Lobby => {}
            Err(e) if e.unavailable() => return Err(e),
            _ => return Err(SessionError::LobbyClosed),
        }
        let lobby = match act {
            LobbyAct::Join => self.join(place, actor).await?,
            LobbyAct::Leave => self.leave(place, actor).await?,
            LobbyAct::Cancel => self.end_game(place, actor).await?,
            LobbyAct::AddAi(level) => self.add_ai(place, actor, level).await?,
            LobbyAct::RemoveAi => self.remove_ai(place, actor).await?,
            LobbyAct::Start => {
                let started = self.start(place, actor).await?;
                return Ok(LobbyDone::Started(Box::new(self.changed(started).await)));
            }
        };
        let apart = lobby.info.parent_channel_id.is_some() || room == Room::AlreadyApart;
        // A lobby still open in the channel of a server that wants games apart says why.
        let says_why = lobby.info.status == crate::store::Status::Lobby
            && !apart
            && self.servers().settings(place.guild_id).await?.threads;
        let note = says_why.then_some(if room == Room::NotAllowed {
            PlacedHere::NotAllowed
        } else {
            PlacedHere::Refused
        });
        Ok(LobbyDone::Changed {
            lobby: Box::new(lobby),
            note,
        })
    }
}
