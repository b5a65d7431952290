//! The turn clock: per-game turn timeouts (off by default). At half time the player gets a
//! reminder, once; at the end the server's setting decides: an AI plays the idle turn, or
//! the turn is skipped (the engine's `Skip` ruling). Everything is read from the database,
//! so the clock survives restarts; every change goes through the version check, so a
//! player moving at the last second and the clock cannot both apply.

use super::climb_play::{state_of, ClimbView};
use super::commit::unless_moved;
use super::daifugo_play::{daifugo_state, DaifugoView};
use super::{GameInfo, GameView, Session, SessionError};
use crate::climb::Action;
use crate::level::Level;
use crate::store::{GameKind, GameRow, Place, Status, Store, StoreTx};

/// What happens when a turn times out (a server setting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutMode {
    /// A medium AI plays the idle turn.
    Ai,
    /// The turn is skipped.
    Skip,
}

impl TimeoutMode {
    pub fn as_str(self) -> &'static str {
        match self {
            TimeoutMode::Ai => "ai",
            TimeoutMode::Skip => "skip",
        }
    }

    /// The stored word; anything unknown is the default, `ai`.
    pub fn from_setting(word: &str) -> TimeoutMode {
        if word == "skip" {
            TimeoutMode::Skip
        } else {
            TimeoutMode::Ai
        }
    }
}

/// The level that plays an idle player's turn.
const STAND_IN: Level = Level::Medium;

/// What an AI seat's runner is to do next.
#[derive(Clone, Debug)]
pub enum AiStep {
    /// The AI played a turn.
    Played(GameView),
    /// The previous player may still take their move back: try again after this long.
    Wait(std::time::Duration),
    /// No AI is to move (or another request played first).
    Idle,
}

/// A turn clock event due now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Due {
    /// Half the turn's time is gone: remind the player.
    Remind {
        game_id: i64,
        version: i64,
        place: Place,
    },
    /// An AI seat is to move and nobody has acted for a while: its runner may have been
    /// lost (a failed post, a crash), so it plays now.
    AiIdle { place: Place },
    /// The turn's time is up.
    TimeOut {
        game_id: i64,
        version: i64,
        place: Place,
    },
}

impl<S: Store> Session<S> {
    /// Every open game's place and status (lobby or active).
    pub async fn open_places(&self) -> Result<Vec<(Place, Status)>, SessionError> {
        Ok(self
            .store()
            .open_games()
            .await?
            .into_iter()
            .map(|g| (g.place, g.status))
            .collect())
    }

    /// The reminders, timeouts and idle AI seats due at this moment, in game order. An
    /// AI seat counts as idle when its game has not changed for `ai_idle_ms`.
    pub async fn due(&self, ai_idle_ms: i64) -> Result<Vec<Due>, SessionError> {
        let now = self.now();
        let mut due = Vec::new();
        for g in self.store().open_games().await? {
            if g.status == Status::Active
                && now.saturating_sub(g.updated_at) >= ai_idle_ms
                && g.ai_to_move
            {
                due.push(Due::AiIdle { place: g.place });
            }
            let (Some(timeout), Some(started)) = (g.turn_timeout_secs, g.turn_started_at) else {
                continue;
            };
            if g.status != Status::Active {
                continue;
            }
            let elapsed = now.saturating_sub(started);
            if elapsed >= timeout.saturating_mul(1_000) {
                due.push(Due::TimeOut {
                    game_id: g.id,
                    version: g.version,
                    place: g.place,
                });
            } else if !g.reminded && elapsed >= timeout.saturating_mul(500) {
                due.push(Due::Remind {
                    game_id: g.id,
                    version: g.version,
                    place: g.place,
                });
            }
        }
        Ok(due)
    }

    /// The seat to move in a stored game, if a person plays it (AI seats have no clock).
    fn person_to_move(row: &GameRow) -> Result<Option<usize>, SessionError> {
        let seat = match row.kind {
            GameKind::Climb => {
                let g = state_of(row)?;
                (!g.is_over()).then(|| g.current())
            }
            GameKind::Daifugo => {
                let g = daifugo_state(row)?;
                (!g.is_over()).then(|| g.current())
            }
        };
        Ok(seat.filter(|&s| row.seats.get(s).is_some_and(|s| s.ai_level.is_none())))
    }

    /// The game whose clock ran, if it is still at `version` with a person to move.
    async fn clock_row(&self, game_id: i64, version: i64) -> Result<Option<GameRow>, SessionError> {
        let Some(row) = self.store().game(game_id).await? else {
            return Ok(None);
        };
        if row.status != Status::Active || row.version != version {
            return Ok(None);
        }
        Ok(Self::person_to_move(&row)?.map(|_| row))
    }

    /// Note the reminder of the turn at `version` and return the game to remind about;
    /// `None` if the game moved on, or was already reminded (or the player to move is an AI).
    pub async fn remind(
        &self,
        game_id: i64,
        version: i64,
    ) -> Result<Option<GameView>, SessionError> {
        let Some(row) = self.clock_row(game_id, version).await? else {
            return Ok(None);
        };
        let mut tx = self.store().begin().await?;
        let marked = tx.mark_reminded(game_id, version).await?;
        tx.commit().await?;
        if !marked {
            return Ok(None);
        }
        Ok(Some(self.game_view(row).await?))
    }

    /// A view of a stored game, whichever game.
    pub(super) async fn game_view(&self, row: GameRow) -> Result<GameView, SessionError> {
        Ok(match row.kind {
            GameKind::Climb => GameView::Climb(Box::new(self.view_of(row).await?)),
            GameKind::Daifugo => {
                let game = daifugo_state(&row)?;
                GameView::Daifugo(Box::new(DaifugoView::new(
                    GameInfo::of_row(&row)?,
                    game,
                    Vec::new(),
                    None,
                )))
            }
        })
    }

    /// If an AI seat is to move in the place's game (either game), play its turn; but
    /// while the previous player may still take back their move (`take_back_ms` after it
    /// was made), say how long to wait instead.
    pub async fn ai_step(&self, place: Place, take_back_ms: i64) -> Result<AiStep, SessionError> {
        let Some(row) = self.store().open_game(place).await? else {
            return Ok(AiStep::Idle);
        };
        if row.status == Status::Active && row.kind == GameKind::Climb {
            let game = state_of(&row)?;
            let ai_next = row
                .seats
                .get(game.current())
                .is_some_and(|s| s.ai_level.is_some());
            if let Some(until) = Self::take_back_until(&row, &game, take_back_ms) {
                let wait = until.saturating_sub(self.now());
                if ai_next && wait > 0 {
                    return Ok(AiStep::Wait(std::time::Duration::from_millis(
                        u64::try_from(wait).unwrap_or(0),
                    )));
                }
            }
        }
        Ok(match row.kind {
            GameKind::Climb => self
                .ai_turn(place)
                .await?
                .map(|v| AiStep::Played(GameView::Climb(Box::new(v)))),
            GameKind::Daifugo => self
                .daifugo_ai_turn(place)
                .await?
                .map(|v| AiStep::Played(GameView::Daifugo(Box::new(v)))),
        }
        .unwrap_or(AiStep::Idle))
    }

    /// The turn at `version` ran out of time: play it with the stand-in AI, or skip it.
    /// `None` if the player moved in the meantime (the version moved on).
    pub async fn time_out(
        &self,
        game_id: i64,
        version: i64,
        mode: TimeoutMode,
    ) -> Result<Option<GameView>, SessionError> {
        let Some(row) = self.clock_row(game_id, version).await? else {
            return Ok(None);
        };
        if row.kind == GameKind::Daifugo {
            // AI: the medium AI plays the turn; skip: a pending discard, then a pass.
            let game = daifugo_state(&row)?;
            let level = match mode {
                TimeoutMode::Ai => Some(STAND_IN),
                TimeoutMode::Skip => None,
            };
            return Ok(self
                .daifugo_play_for(row, game, level)
                .await?
                .map(|v| GameView::Daifugo(Box::new(v))));
        }
        let climbed = self.climb_time_out(row, mode).await?;
        Ok(climbed.map(|v| GameView::Climb(Box::new(v))))
    }

    async fn climb_time_out(
        &self,
        row: GameRow,
        mode: TimeoutMode,
    ) -> Result<Option<ClimbView>, SessionError> {
        let game = state_of(&row)?;
        let seat = game.current();
        if game.is_over() || row.seats.get(seat).is_some_and(|s| s.ai_level.is_some()) {
            return Ok(None);
        }
        match mode {
            TimeoutMode::Ai => self.play_for(row, game, STAND_IN).await,
            TimeoutMode::Skip => {
                let mut next = game.clone();
                let actions = [Action::Skip];
                let events = next.apply_all(seat, &actions)?;
                unless_moved(
                    self.commit_climb(&row, &game, next, seat, &actions, events, None)
                        .await,
                )
            }
        }
    }
}
