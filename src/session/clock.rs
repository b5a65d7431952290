//! The turn clock: per-game turn timeouts (off by default). At half time the player gets a
//! reminder, once; at the end the server's setting decides: an AI plays the idle turn, or
//! the turn is skipped (the engine's `Skip` ruling). Everything is read from the database,
//! so the clock survives restarts; every change goes through the version check, so a
//! player moving at the last second and the clock cannot both apply.

use super::climb_play::state_of;
use super::commit::unless_moved;
use super::daifugo_play::{daifugo_state, DaifugoView};
use super::{GameView, Session, SessionError};
use crate::climb::{ai::Level, Action};
use crate::daifugo;
use crate::store::{GameKind, GameRow, Place, Status, Store, StoreTx};

/// The shortest turn timeout a game may have (one minute).
pub const MIN_TIMEOUT_SECS: i64 = 60;
/// The longest (two weeks).
pub const MAX_TIMEOUT_SECS: i64 = 14 * 24 * 3600;

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

/// Read a turn timeout: `off`, `90s`, `30m`, `12h`, `2d`, `1h30m`, or a bare number of
/// minutes. `None` is off.
pub fn parse_duration(text: &str) -> Result<Option<i64>, SessionError> {
    let t = text.trim().to_lowercase().replace(' ', "");
    if matches!(t.as_str(), "off" | "none" | "no" | "0" | "") {
        return Ok(None);
    }
    let bad = || {
        SessionError::BadSetting(format!(
            "`{}` is not a duration: write 30m, 12h, 2d (or off)",
            text.trim()
        ))
    };
    let secs: i64 = if let Ok(minutes) = t.parse::<i64>() {
        minutes.checked_mul(60).ok_or_else(bad)?
    } else {
        let mut total: i64 = 0;
        let mut number = String::new();
        let mut any = false;
        let mut chars = t.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            let mut unit = c.to_string();
            while let Some(&n) = chars.peek() {
                if n.is_ascii_alphabetic() {
                    unit.push(n);
                    chars.next();
                } else {
                    break;
                }
            }
            let n: i64 = number.parse().map_err(|_| bad())?;
            number.clear();
            let scale = match unit.as_str() {
                "s" | "sec" | "secs" | "second" | "seconds" => 1,
                "m" | "min" | "mins" | "minute" | "minutes" => 60,
                "h" | "hr" | "hrs" | "hour" | "hours" => 3_600,
                "d" | "j" | "day" | "days" | "jour" | "jours" => 86_400,
                _ => return Err(bad()),
            };
            total = n
                .checked_mul(scale)
                .and_then(|x| total.checked_add(x))
                .ok_or_else(bad)?;
            any = true;
        }
        if !number.is_empty() || !any {
            return Err(bad());
        }
        total
    };
    if !(MIN_TIMEOUT_SECS..=MAX_TIMEOUT_SECS).contains(&secs) {
        return Err(SessionError::BadSetting(format!(
            "a turn timeout is between 1 minute and 14 days (or off), not `{}`",
            text.trim()
        )));
    }
    Ok(Some(secs))
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

    /// The reminders and timeouts due at this moment, in game order.
    pub async fn due(&self) -> Result<Vec<Due>, SessionError> {
        let now = self.now();
        let mut due = Vec::new();
        for g in self.store().open_games().await? {
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
        let mut row = row;
        row.reminded = true;
        Ok(Some(match row.kind {
            GameKind::Climb => GameView::Climb(Box::new(self.view_of(row).await?)),
            GameKind::Daifugo => {
                let game = daifugo_state(&row)?;
                GameView::Daifugo(Box::new(DaifugoView::new(
                    row,
                    game,
                    Vec::new(),
                    None,
                    Vec::new(),
                )))
            }
        }))
    }

    /// If an AI seat is to move in the place's game (either game), play its turn.
    pub async fn ai_step(&self, place: Place) -> Result<Option<GameView>, SessionError> {
        let Some(row) = self.store().open_game(place).await? else {
            return Ok(None);
        };
        Ok(match row.kind {
            GameKind::Climb => self
                .ai_turn(place)
                .await?
                .map(|v| GameView::Climb(Box::new(v))),
            GameKind::Daifugo => self
                .daifugo_ai_turn(place)
                .await?
                .map(|v| GameView::Daifugo(Box::new(v))),
        })
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
                TimeoutMode::Ai => Some(daifugo::ai::Level::Medium),
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
    ) -> Result<Option<super::ClimbView>, SessionError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(parse_duration("off").unwrap(), None);
        assert_eq!(parse_duration("30").unwrap(), Some(1_800));
        assert_eq!(parse_duration("30m").unwrap(), Some(1_800));
        assert_eq!(parse_duration("12h").unwrap(), Some(43_200));
        assert_eq!(parse_duration("1h30m").unwrap(), Some(5_400));
        assert_eq!(parse_duration("2 d").unwrap(), Some(172_800));
        assert_eq!(parse_duration("2j").unwrap(), Some(172_800));
        assert_eq!(parse_duration("90s").unwrap(), Some(90));
        for bad in [
            "5s",
            "15d",
            "h",
            "12x",
            "12h5",
            "-3h",
            "99999999999999999999d",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
