//! The turn clock's due work, carried out here: a front's clock loop asks for what is due
//! (`Clocks::due`), hands each item back (`Clocks::carry_out`), and receives what follows,
//! decided: a reminder said as the person asked (a ping, silent in their quiet hours, a
//! direct message, or nothing), a timed-out turn with its outcome, a closed lobby or an
//! idle game ended with the server's numbers, a turn notice or a digest in the person's
//! language. The front only says it and delivers it.

use super::clock::Due;
use super::core::Clocks;
use super::outcome::{lang_of, Changed, Notice};
use super::people::{MyGame, NotifyHow, Pings};
use super::settings::{ServerSettings, TimeoutMode};
use super::{GameView, LobbyView, SessionError};
use crate::lang::Lang;
use crate::store::{PendingPost, Place, Store};

/// How a reminder reaches the player to move, as they asked (`/notify`).
#[derive(Clone, Debug, PartialEq)]
pub enum Reminder {
    /// In the game's channel, pinging them (silently in their quiet hours).
    Ping(Pings),
    /// By direct message, in their language, linking to the game's last turn message.
    Dm {
        user_id: i64,
        lang: Lang,
        silent: bool,
        link: Option<(i64, i64)>,
    },
    /// They asked for nothing.
    Nothing,
}

/// What follows from one item of the clock's due work.
#[derive(Debug)]
pub enum DueWork {
    /// Remind the player to move.
    Remind {
        view: GameView,
        /// The turn's time really left, if the game has a turn timeout.
        left_ms: Option<i64>,
        waited_ms: i64,
        /// The one reminder at half time (the server does not repeat them).
        half: bool,
        how: Reminder,
    },
    /// A turn ran out of time and was played or skipped as the server says.
    TimedOut {
        changed: Box<Changed<GameView>>,
        mode: TimeoutMode,
    },
    /// An AI seat has been left waiting: its runner plays it.
    PlayAi { place: Place },
    /// A turn notice by direct message.
    Notice(Notice),
    /// A lobby nobody started closed after the server's hours.
    LobbyClosed { lobby: LobbyView, hours: i64 },
    /// A game nobody played ended after the server's days: its people are told, and its
    /// last turn message loses its buttons.
    EndedIdle {
        game: LobbyView,
        days: i64,
        people: Vec<i64>,
        last_post: Option<(i64, i64)>,
    },
    /// A person's daily digest of the games waiting on them.
    Digest {
        user_id: i64,
        lang: Lang,
        games: Vec<MyGame>,
    },
}

impl<S: Store> Clocks<'_, S> {
    /// Carry out one item of due work (claimed, so it is done once whatever the process)
    /// and say what follows; `None` when another got there first or nothing is left to do.
    pub async fn carry_out(self, due: Due) -> Result<Option<DueWork>, SessionError> {
        Ok(match due {
            Due::Remind {
                game_id,
                version,
                place,
                left_ms,
                waited_ms,
                seen,
            } => match self.remind(game_id, version, seen).await? {
                Some(view) => {
                    let half = self
                        .server(place.guild_id)
                        .await
                        .remind_every_secs
                        .is_none();
                    let how = self.reminder_for(&view).await;
                    Some(DueWork::Remind {
                        view,
                        left_ms,
                        waited_ms,
                        half,
                        how,
                    })
                }
                None => None,
            },
            Due::TimeOut {
                game_id,
                version,
                place,
            } => {
                let mode = self.server(place.guild_id).await.on_timeout;
                match self.time_out(game_id, version, mode).await? {
                    Some(view) => Some(DueWork::TimedOut {
                        changed: Box::new(self.changed(view).await),
                        mode,
                    }),
                    None => None,
                }
            }
            Due::AiIdle { place } => Some(DueWork::PlayAi { place }),
            Due::Notice { game_id, turn, .. } => {
                self.claim_notice(game_id, turn).await?.map(DueWork::Notice)
            }
            Due::CloseLobby {
                game_id,
                version,
                place,
            } => match self.close_stale_lobby(game_id, version).await? {
                Some(lobby) => Some(DueWork::LobbyClosed {
                    lobby,
                    hours: self.server(place.guild_id).await.lobby_hours,
                }),
                None => None,
            },
            Due::EndIdle {
                game_id,
                version,
                place,
            } => match self.end_idle_game(game_id, version).await? {
                Some(game) => {
                    let people = (0..game.info.seats.len())
                        .filter_map(|s| game.info.user_of(s))
                        .collect();
                    Some(DueWork::EndedIdle {
                        days: self.server(place.guild_id).await.idle_days,
                        last_post: self.last_post(game_id).await.ok().flatten(),
                        people,
                        game,
                    })
                }
                None => None,
            },
            Due::Digest { user_id, due_at } => match self.claim_digest(user_id, due_at).await? {
                Some((u, games)) if !games.is_empty() => {
                    let fallback = games.first().map_or(Lang::En, |g| g.summary.info.lang);
                    Some(DueWork::Digest {
                        user_id,
                        lang: lang_of(&u, fallback),
                        games,
                    })
                }
                _ => None,
            },
        })
    }

    /// A turn message waiting in the outbox (Discord refused it), claimed for this try and
    /// rebuilt from the game as it stands, with what follows (its pings, a notice not sent
    /// yet). `None` when another process has this try, or the game has moved on since
    /// (the newer message is what counts: the waiting one is cleared). With the database
    /// away, an error: the message stays for the next tick.
    pub async fn claim_outbox(
        self,
        waiting: &PendingPost,
    ) -> Result<Option<Changed<GameView>>, SessionError> {
        if !self.claim_post(waiting).await? {
            return Ok(None);
        }
        match self.classes().game_by_id(waiting.game_id).await {
            Ok(view) if view.info().version == waiting.version => {
                Ok(Some(self.changed(view).await))
            }
            Err(e) if e.unavailable() => Err(e),
            _ => {
                self.posted(waiting.game_id, waiting.version).await?;
                Ok(None)
            }
        }
    }

    /// A server's settings, or the defaults when they cannot be read now.
    async fn server(self, guild_id: i64) -> ServerSettings {
        self.servers()
            .settings(guild_id)
            .await
            .unwrap_or_else(|_| ServerSettings::defaults(guild_id))
    }

    /// How the player to move in `view` is reminded, as they asked.
    async fn reminder_for(self, view: &GameView) -> Reminder {
        let info = view.info();
        let Some(user) = info.user_of(view.to_move()) else {
            return Reminder::Nothing;
        };
        let wishes = self.wishes(user).await;
        match wishes.how {
            NotifyHow::None => Reminder::Nothing,
            NotifyHow::Ping => Reminder::Ping(wishes.ping()),
            NotifyHow::Dm => Reminder::Dm {
                user_id: user,
                lang: lang_of(&wishes.settings, info.lang),
                silent: wishes.silent,
                link: self.last_post(info.id).await.ok().flatten(),
            },
        }
    }
}
