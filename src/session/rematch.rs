//! A rematch: the same seats and options, once every person seated asks for it. Votes and
//! the claim of the new game live in the database, so two last votes at once open one
//! game, and a vote survives a restart.

use super::core::Lobbies;
use super::outcome::Changed;
use super::GameOptions;
use super::{Actor, GameView, LobbySpec, Pings, PlaceFront, Session, SessionError};
use crate::lang::Lang;
use crate::store::{GameRow, Place, SeatRow, Status, Store, StoreTx};

/// Where a vote for a rematch stands.
#[derive(Clone, Debug)]
pub enum RematchVote {
    /// Some players have still to ask: the names of those who have, and of the others.
    Waiting {
        asked: Vec<String>,
        waiting: Vec<String>,
        /// The people still to ask.
        waiting_ids: Vec<i64>,
    },
    /// Everyone asked, and this vote claimed the new game, which [`Lobbies::rematch`]
    /// opens.
    Ready(Box<RematchPlan>),
}

/// The new game of a rematch, claimed and ready to open.
#[derive(Clone, Debug)]
pub struct RematchPlan {
    /// The finished game.
    pub game_id: i64,
    /// Where it was played.
    pub place: Place,
    /// The channel whose thread it was played in, if it was.
    pub parent_channel_id: Option<i64>,
    pub spec: LobbySpec,
    pub lang: Lang,
}

impl<S: Store> Session<S> {
    /// A finished game of this server, for a rematch.
    async fn finished(&self, game_id: i64, guild_id: i64) -> Result<GameRow, SessionError> {
        let row = self
            .store()
            .game(game_id)
            .await?
            .filter(|r| r.place.guild_id == guild_id)
            .ok_or(SessionError::NoGame)?;
        if row.status != Status::Finished {
            return Err(SessionError::NotOver);
        }
        if row.rematch_id.is_some() {
            return Err(SessionError::RematchStarted);
        }
        Ok(row)
    }
}

/// What a click on a finished game's Rematch button did.
#[derive(Debug)]
pub enum Rematch {
    /// Some players have still to ask: the names and ids of those still to ask, and how
    /// they are pinged (each as they asked).
    Waiting {
        waiting: Vec<String>,
        waiting_ids: Vec<i64>,
        pings: Pings,
    },
    /// Everyone asked: the new game, started where it is played (a new place under the
    /// first game's channel where the server has games apart, else where the first was
    /// played), in the first game's language.
    Opened {
        from: i64,
        place: Place,
        /// The new game and what follows (its pings, the first player's notice, an AI
        /// seat to move).
        changed: Box<Changed<GameView>>,
        lang: Lang,
    },
}

impl<S: Store> Lobbies<'_, S> {
    /// A seated person clicks Rematch: their vote, and once every person seated has
    /// asked, the new game. `may_open`: the front may open a place of its own for it where
    /// the first game had none.
    pub async fn rematch(
        self,
        game_id: i64,
        guild_id: i64,
        actor: &Actor,
        may_open: bool,
        front: &impl PlaceFront,
    ) -> Result<Rematch, SessionError> {
        let user = actor.user_id.ok_or(SessionError::NotAPlayer)?;
        let plan = match self.rematch_vote(game_id, guild_id, user).await? {
            RematchVote::Waiting {
                waiting,
                waiting_ids,
                ..
            } => {
                let ids: Vec<u64> = waiting_ids
                    .iter()
                    .filter_map(|&u| u64::try_from(u).ok())
                    .collect();
                return Ok(Rematch::Waiting {
                    pings: self.people().pings(&ids).await,
                    waiting,
                    waiting_ids,
                });
            }
            RematchVote::Ready(plan) => plan,
        };
        let threads = self
            .servers()
            .settings(guild_id)
            .await
            .map(|s| s.threads)
            .unwrap_or(true);
        let under = Place {
            guild_id,
            channel_id: plan.parent_channel_id.unwrap_or(plan.place.channel_id),
        };
        let mut opened = None;
        if threads && (plan.parent_channel_id.is_some() || may_open) {
            match front.open_place(plan.spec.options.kind(), under).await {
                Ok(place) => opened = Some(place),
                Err(e) => {
                    tracing::warn!(
                        channel = under.channel_id,
                        "opening a rematch's place failed: {e}"
                    );
                }
            }
        }
        let (place, parent) = match opened {
            Some(place) => (place, Some(under.channel_id)),
            None => (plan.place, plan.parent_channel_id),
        };
        match self.open_rematch(&plan, place, parent, actor).await {
            Ok(view) => Ok(Rematch::Opened {
                from: plan.game_id,
                place,
                changed: Box::new(self.changed(view).await),
                lang: plan.lang,
            }),
            Err(e) => {
                if let Some(place) = opened {
                    front.close_place(place).await;
                }
                Err(e)
            }
        }
    }

    /// A seated person asks for a rematch of a finished game.
    pub async fn rematch_vote(
        self,
        game_id: i64,
        guild_id: i64,
        user_id: i64,
    ) -> Result<RematchVote, SessionError> {
        let row = self.finished(game_id, guild_id).await?;
        if !row.seats.iter().any(|s| s.user_id == Some(user_id)) {
            return Err(SessionError::NotAPlayer);
        }
        let mut tx = self.store().begin().await?;
        let votes = tx.vote_rematch(game_id, user_id).await?;
        let people: Vec<_> = row.seats.iter().filter(|s| s.user_id.is_some()).collect();
        let all = people
            .iter()
            .all(|s| s.user_id.is_some_and(|u| votes.contains(&u)));
        if !all {
            tx.commit().await?;
            let (asked, waiting): (Vec<&SeatRow>, Vec<&SeatRow>) = people
                .iter()
                .partition(|s| s.user_id.is_some_and(|u| votes.contains(&u)));
            return Ok(RematchVote::Waiting {
                asked: asked.iter().map(|s| s.name.clone()).collect(),
                waiting: waiting.iter().map(|s| s.name.clone()).collect(),
                waiting_ids: waiting.iter().filter_map(|s| s.user_id).collect(),
            });
        }
        // -1 marks the rematch as being opened: a second last vote finds it taken.
        if !tx.claim_rematch(game_id, -1).await? {
            return Err(SessionError::RematchStarted);
        }
        tx.commit().await?;
        let lang = Lang::pick(row.locale.as_deref(), None);
        let mut spec = LobbySpec::new(GameOptions::of_row(&row)?);
        spec.turn_timeout_secs = row.turn_timeout_secs;
        spec.lang = lang;
        spec.look = Some(super::request::stored_look(row.look.as_deref()));
        spec.seats = row.seats.clone();
        Ok(RematchVote::Ready(Box::new(RematchPlan {
            game_id,
            place: row.place,
            parent_channel_id: row.parent_channel_id,
            spec,
            lang,
        })))
    }

    /// Open and start a claimed rematch in `place` (a new thread, or the same channel),
    /// `parent` being the thread's channel. If it cannot open (another game took the
    /// channel), the claim is let go, so the players may ask again.
    async fn open_rematch(
        self,
        plan: &RematchPlan,
        place: Place,
        parent: Option<i64>,
        starter: &super::Actor,
    ) -> Result<GameView, SessionError> {
        let spec = LobbySpec {
            parent_channel_id: parent,
            creator_plays: false,
            ..plan.spec.clone()
        };
        let opened = async {
            self.create_lobby(place, starter, &spec).await?;
            self.start(place, starter).await
        }
        .await;
        let mut tx = self.store().begin().await?;
        match &opened {
            Ok(view) => tx.set_rematch(plan.game_id, Some(view.info().id)).await?,
            Err(_) => tx.set_rematch(plan.game_id, None).await?,
        }
        tx.commit().await?;
        opened
    }
}
