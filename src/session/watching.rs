//! Watching from the web (ARCHITECTURE.md: the web is a third front on the same use
//! cases): the links that open a page (`links.rs`), and what each page shows: a game
//! with its turns, a class's open games with the season's standings, a server's
//! standings.

use super::class::in_class;
use super::core::{same_kind, Watching};
use super::error::{Actor, Permission, SessionError};
use super::links::{LinkKey, LinkPlan, LinkRefusal, Scope, WatchLink};
use super::stats::{SeasonAsked, SeasonBoard};
use super::views::{ClimbView, DaifugoView, GameInfo, GameView};
use crate::render::replay::ReplayFrame;
use crate::store::{GameKind, GameRow, Place, Store, StoreTx};

/// A game as its web page shows it: the game now, and for Prime Climb the board after
/// each turn (the story, which the page steps back through).
#[derive(Clone, Debug)]
pub enum Watched {
    Climb {
        view: Box<ClimbView>,
        turns: Vec<ReplayFrame>,
    },
    Daifugo(Box<DaifugoView>),
}

/// How many lines of the season's standings a class's page shows, and a season's page.
pub const CLASS_STANDINGS: usize = 10;
pub const SEASON_STANDINGS: usize = 50;

/// A class as its page shows it.
#[derive(Clone, Debug)]
pub struct ClassWatched {
    /// What its live page compares ([`Watching::class_version`] at the time it was read).
    pub version: i64,
    pub games: Vec<GameView>,
    pub standings: SeasonBoard,
}

/// A number that changes whenever any of the games `(id, version)` changes.
fn fingerprint(games: impl Iterator<Item = (i64, i64)>) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (id, version) in games {
        for v in [id, version] {
            h = (h ^ v as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    (h & i64::MAX as u64) as i64
}

impl Watched {
    pub fn info(&self) -> &GameInfo {
        match self {
            Watched::Climb { view, .. } => &view.info,
            Watched::Daifugo(view) => &view.info,
        }
    }
}

impl<S: Store> Watching<'_, S> {
    /// `/climb watch`: a link to the newest game of `place` (the open one, or the one just
    /// finished), made as `plan` says.
    pub async fn link(self, place: Place, plan: &LinkPlan) -> Result<WatchLink, SessionError> {
        let row = self
            .store()
            .latest_game(place)
            .await?
            .ok_or(SessionError::NoGame)?;
        if row.state.is_none() {
            return Err(SessionError::NotStarted);
        }
        Ok(plan.link(Scope::Game(row.id), self.now()))
    }

    /// `/class view`: a link to the open games of the channel (or, `everywhere`, of the
    /// server) and the season's standings, for a teacher (moderators and the teacher
    /// role).
    pub async fn class_link(
        self,
        place: Place,
        teacher: &Actor,
        everywhere: bool,
        plan: &LinkPlan,
    ) -> Result<WatchLink, SessionError> {
        self.teaching(teacher, place.guild_id).await?;
        let generation = self.store().link_generation(place.guild_id).await?;
        let scope = Scope::Class {
            guild: place.guild_id,
            channel: (!everywhere).then_some(place.channel_id),
            generation,
        };
        Ok(plan.link(scope, self.now()))
    }

    /// A server's standings page: the season's standings of both games.
    pub async fn season(self, guild: i64) -> Result<Vec<(GameKind, SeasonBoard)>, SessionError> {
        let mut out = Vec::new();
        for kind in [GameKind::Climb, GameKind::Daifugo] {
            let board = self.standings().season_board(
                guild,
                kind,
                SeasonAsked::Current,
                SEASON_STANDINGS,
                None,
            );
            out.push((kind, board.await?));
        }
        Ok(out)
    }

    /// `/class view revoke:true`: every class and season link of the server made so far
    /// stops working (game links are not affected: they name one game and expire).
    pub async fn revoke(self, place: Place, teacher: &Actor) -> Result<(), SessionError> {
        self.teaching(teacher, place.guild_id).await?;
        let mut tx = self.store().begin().await?;
        tx.revoke_links(place.guild_id).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn teaching(self, teacher: &Actor, guild_id: i64) -> Result<(), SessionError> {
        if self.moderating(teacher, guild_id).await.moderator {
            Ok(())
        } else {
            Err(SessionError::NotAllowed(Permission::ClassTools))
        }
    }

    /// What a token shows now, or why nothing: a class link must be of the server's
    /// current generation.
    pub async fn open(
        self,
        key: &LinkKey,
        token: &str,
    ) -> Result<Result<Scope, LinkRefusal>, SessionError> {
        let scope = match key.open(token, self.now()) {
            Ok(scope) => scope,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if let Scope::Class {
            guild, generation, ..
        }
        | Scope::Season { guild, generation } = scope
        {
            if self.store().link_generation(guild).await? != generation {
                return Ok(Err(LinkRefusal::Revoked));
            }
        }
        Ok(Ok(scope))
    }

    /// A class's page: its started open games, oldest first, and the season's standings.
    pub async fn class(
        self,
        guild: i64,
        channel: Option<i64>,
    ) -> Result<ClassWatched, SessionError> {
        let rows = self.class_rows(guild, channel).await?;
        let version = fingerprint(rows.iter().map(|r| (r.id, r.version)));
        let mut games = Vec::new();
        for row in rows {
            games.push(self.game_view(row).await?);
        }
        let standings = self.standings().season_board(
            guild,
            GameKind::Climb,
            SeasonAsked::Current,
            CLASS_STANDINGS,
            None,
        );
        Ok(ClassWatched {
            version,
            games,
            standings: standings.await?,
        })
    }

    async fn class_rows(
        self,
        guild: i64,
        channel: Option<i64>,
    ) -> Result<Vec<GameRow>, SessionError> {
        Ok(self
            .store()
            .open_games_of(guild)
            .await?
            .into_iter()
            .filter(|r| r.state.is_some() && in_class(r, channel))
            .collect())
    }

    /// A number that changes whenever a game of the class changes, starts or ends (what
    /// a class's live page waits on).
    pub async fn class_version(
        self,
        guild: i64,
        channel: Option<i64>,
    ) -> Result<i64, SessionError> {
        let rows = self.class_rows(guild, channel).await?;
        Ok(fingerprint(rows.iter().map(|r| (r.id, r.version))))
    }

    /// A game's page: the game as it stands, and its turns.
    pub async fn page(self, game_id: i64) -> Result<Watched, SessionError> {
        let row = self
            .store()
            .game(game_id)
            .await?
            .ok_or(SessionError::NoGame)?;
        if row.state.is_none() {
            return Err(SessionError::NotStarted);
        }
        match row.kind {
            GameKind::Climb => {
                let turns = self.frames_of(&row).await?;
                let view = self.view_of(row).await?;
                Ok(Watched::Climb {
                    view: Box::new(view),
                    turns,
                })
            }
            GameKind::Daifugo => {
                same_kind(&row, GameKind::Daifugo)?;
                let game = super::daifugo_play::daifugo_state(&row)?;
                Ok(Watched::Daifugo(Box::new(DaifugoView::new(
                    GameInfo::of_row(&row)?,
                    game,
                    Vec::new(),
                    None,
                ))))
            }
        }
    }

    /// How many changes game `game_id` has had (what a live page waits on to change);
    /// `None` when there is no such game.
    pub async fn version(self, game_id: i64) -> Result<Option<i64>, SessionError> {
        Ok(self.store().game(game_id).await?.map(|row| row.version))
    }

    /// What a started game's page is drawn from, without its turns (one read: what
    /// a page's parts kept for its version can be found by); `None` when there is no
    /// such game or it has not started.
    pub async fn info(self, game_id: i64) -> Result<Option<GameInfo>, SessionError> {
        match self.store().game(game_id).await? {
            Some(row) if row.state.is_some() => Ok(Some(GameInfo::of_row(&row)?)),
            _ => Ok(None),
        }
    }
}
