//! The frames of a whole Prime Climb game, for its animated replay: the game played again
//! from its seed and its log, action by action, with a frame at the start and at the end
//! of every turn ([`ReplayFrames`]).
//!
//! Hands back engine values only: the caller draws them (`render::replay::replay_gif`)
//! with the words of its language, which the session does not know.

use super::core::Learning;
use crate::climb::{self, Action, Game};
use crate::render::replay::{ReplayFrame, ReplayFrames};
use crate::store::{GameKind, GameRow, Place, Status, Store, StoreError};

use super::core::{decode, logged, same_kind};
use super::{GameInfo, Session, SessionError};

impl<S: Store> Session<S> {
    pub(super) async fn frames_of(&self, row: &GameRow) -> Result<Vec<ReplayFrame>, SessionError> {
        same_kind(row, GameKind::Climb)?;
        if row.state.is_none() || row.status == Status::Lobby {
            return Err(SessionError::NotStarted);
        }
        let game_id = row.id;
        let options: climb::Options = decode("options", &row.options)?;
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        let mut game = Game::new(options, &names, row.seed as u64)?;
        let mut frames = ReplayFrames::new(&game);
        for entry in self.store().log(game_id).await? {
            let (seat, actions) = logged::<Action>(&entry)?;
            // Action by action: a log entry may end one turn and go on into the next.
            for action in &actions {
                let events = game.apply(seat, action).map_err(|e| {
                    SessionError::Store(StoreError::Corrupt(format!(
                        "log entry {} does not replay: {e}",
                        entry.version
                    )))
                })?;
                frames.record(&game, &events);
            }
        }
        Ok(frames.into_frames())
    }
}

impl<S: Store> Learning<'_, S> {
    /// The frames of game `game_id`'s replay: the start position, then the board at the
    /// end of each finished turn with that turn. A turn still being played is not shown;
    /// a move taken back is not shown either (the turn is shown as it was played again).
    /// Refused for a Prime Daifugo game ([`SessionError::OtherGame`]) and for a game that
    /// has not started ([`SessionError::NotStarted`]).
    pub async fn replay_frames(self, game_id: i64) -> Result<Vec<ReplayFrame>, SessionError> {
        let row = self
            .store()
            .game(game_id)
            .await?
            .ok_or(SessionError::NoGame)?;
        self.frames_of(&row).await
    }

    /// The replay of a game of this server for `/climb replay`: game `game_id`, or else
    /// the newest game of this place; the game's details and its frames. A game still in
    /// play is replayed up to its last finished turn (the board is public).
    pub async fn replay_in(
        self,
        place: Place,
        game_id: Option<i64>,
    ) -> Result<ReplayView, SessionError> {
        let row = self.game_in_server(place, game_id).await?;
        let frames = self.frames_of(&row).await?;
        Ok(ReplayView {
            info: GameInfo::of_row(&row)?,
            frames,
        })
    }
}

/// A game's replay as the fronts show it: the game, and the board after each turn.
/// Knows how to become its animation.
#[derive(Clone, Debug)]
pub struct ReplayView {
    pub info: GameInfo,
    pub frames: Vec<ReplayFrame>,
}

impl ReplayView {
    /// The replay GIF, drawn in the game's look with `words`, made to fit Discord's
    /// upload limit (`render::replay::replay_fitted`). CPU-bound: async callers run it on
    /// a blocking thread.
    pub fn gif(
        &self,
        words: &dyn crate::render::Words,
    ) -> Result<crate::render::replay::FittedReplay, image::ImageError> {
        let opts = crate::render::RenderOptions {
            theme: crate::render::Theme::for_look(self.info.look),
            ..crate::render::RenderOptions::default()
        };
        crate::render::replay::replay_fitted(
            &self.frames,
            &opts,
            words,
            crate::render::replay::DISCORD_LIMIT,
        )
    }
}
