//! The turn clock: per-game turn timeouts (off by default). The player to move is reminded
//! at half time, or every so often as the server sets (never in their quiet hours); at
//! the end the server's setting decides: an AI plays the idle turn, or the turn is skipped
//! (the engine's `Skip` ruling). The clock stops on the server's days off and while the
//! player is away (`calendar.rs`). It also tells people who asked by direct message,
//! closes lobbies nobody started, ends games nobody plays, and sends daily digests.
//! Everything is read from the database, so the clock survives restarts and may run in
//! several processes; every change goes through a claim or the version check, so a player
//! moving at the last second and the clock cannot both apply.

use super::calendar::{self, quiet_of};
use super::climb_play::state_of;
use super::commit::unless_moved;
use super::core::ended_update;
use super::core::Clocks;
use super::daifugo_play::daifugo_state;
use super::outcome::{lang_of, Changed, Notice};
use super::settings::{ServerSettings, TimeoutMode};
use super::{ClimbView, DaifugoView, GameInfo, GameView, LobbyView, Session, SessionError};
use crate::climb::Action;
use crate::level::Level;
use crate::store::{AwayRow, GameKind, GameRow, Place, Status, Store, StoreTx, UserSettings};
use std::collections::HashMap;

/// The level that plays an idle player's turn.
const STAND_IN: Level = Level::Medium;

/// What an AI seat's runner is to do next.
#[derive(Clone, Debug)]
pub enum AiStep {
    /// The AI played a turn, and what follows from it.
    Played(Box<Changed<GameView>>),
    /// The previous player may still take their move back: try again after this long.
    Wait(std::time::Duration),
    /// No AI is to move (or another request played first).
    Idle,
}

/// A turn clock event due now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Due {
    /// Remind the player to move: half the turn's time is gone, or another of the
    /// server's reminder intervals (`/settings reminders`) has passed.
    Remind {
        game_id: i64,
        version: i64,
        place: Place,
        /// The turn's time really left (days off and time away not counted), if the
        /// game has a turn timeout.
        left_ms: Option<i64>,
        /// How long the clock has run this turn.
        waited_ms: i64,
        /// When the turn's last reminder was noted, as read (`None`: not yet): the
        /// reminder is claimed only if it is still so.
        seen: Option<i64>,
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
    /// Tell the player to move by direct message (they asked for that with `/notify`).
    Notice {
        game_id: i64,
        place: Place,
        user_id: i64,
        /// The turn (its start), claimed once.
        turn: i64,
    },
    /// A lobby nobody started in time closes.
    CloseLobby {
        game_id: i64,
        version: i64,
        place: Place,
    },
    /// A game nobody has touched for the server's idle days ends, without ratings.
    EndIdle {
        game_id: i64,
        version: i64,
        place: Place,
    },
    /// A person's daily digest of the games waiting on them.
    Digest { user_id: i64, due_at: i64 },
}

/// What the turn clock knows of one server while it looks at its games.
struct ServerClock {
    settings: ServerSettings,
    aways: Vec<AwayRow>,
}

impl ServerClock {
    fn away_of(&self, user: Option<i64>) -> Vec<(i64, i64)> {
        match user {
            Some(u) => self
                .aways
                .iter()
                .filter(|a| a.user_id == u)
                .map(|a| (a.from_at, a.until_at))
                .collect(),
            None => Vec::new(),
        }
    }
}

impl<S: Store> Session<S> {
    /// What the clock of the server `guild_id` needs: settings, calendar, times away
    /// that end after `since`.
    async fn server_clock(&self, guild_id: i64, since: i64) -> Result<ServerClock, SessionError> {
        let settings = ServerSettings::of_row(&self.store().settings(guild_id).await?);
        let aways = self.store().aways(guild_id, since).await?;
        Ok(ServerClock { settings, aways })
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

    /// End a game the clock found left alone (a lobby nobody started, a game nobody
    /// plays) if it is still at `version` with status `was`: no results, no ratings.
    async fn end_left_alone(
        &self,
        game_id: i64,
        version: i64,
        was: Status,
    ) -> Result<Option<LobbyView>, SessionError> {
        let Some(row) = self.store().game(game_id).await? else {
            return Ok(None);
        };
        if row.status != was || row.version != version {
            return Ok(None);
        }
        let mut tx = self.store().begin().await?;
        match tx.claim(row.id, row.version, self.now()).await {
            Ok(()) => {}
            Err(crate::store::StoreError::Conflict) => return Ok(None),
            Err(e) => return Err(e.into()),
        }
        tx.update_game(row.id, &ended_update(&row)).await?;
        tx.commit().await?;
        let row = GameRow {
            status: Status::Ended,
            version: row.version + 1,
            ..row
        };
        Ok(Some(LobbyView {
            info: GameInfo::of_row(&row)?,
        }))
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
            TimeoutMode::Ai => self.play().play_for(row, game, STAND_IN).await,
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

impl<S: Store> Clocks<'_, S> {
    /// Every open game's place and status (lobby or active).
    pub async fn open_places(self) -> Result<Vec<(Place, Status)>, SessionError> {
        Ok(self
            .store()
            .open_games()
            .await?
            .into_iter()
            .map(|g| (g.place, g.status))
            .collect())
    }

    /// How long the turn clock of a game has run this turn, and whether it is stopped
    /// now (a day off of the server, or the player to move away).
    pub async fn clock_of(
        self,
        guild_id: i64,
        started: i64,
        user: Option<i64>,
    ) -> Result<(i64, bool), SessionError> {
        let server = self.server_clock(guild_id, started).await?;
        let away = server.away_of(user);
        let now = self.now();
        Ok((
            calendar::clock_elapsed(started, now, &server.settings.calendar, &away),
            calendar::paused_at(now, &server.settings.calendar, &away),
        ))
    }

    /// The reminders, timeouts, idle AI seats, direct-message notices, tidying and
    /// digests due at this moment, in game order. An AI seat counts as idle when its game
    /// has not changed for `ai_idle_ms`. Everything comes from the database: after a
    /// restart, or on another process, the same things are due, and each is claimed once.
    pub async fn due(self, ai_idle_ms: i64) -> Result<Vec<Due>, SessionError> {
        let now = self.now();
        let games = self.store().open_games().await?;
        let mut servers: HashMap<i64, ServerClock> = HashMap::new();
        let mut people: HashMap<i64, UserSettings> = HashMap::new();
        let mut due = Vec::new();
        for g in &games {
            let guild = g.place.guild_id;
            if let std::collections::hash_map::Entry::Vacant(slot) = servers.entry(guild) {
                // Times away that may overlap the oldest turn of the server's games.
                let since = games
                    .iter()
                    .filter(|o| o.place.guild_id == guild)
                    .filter_map(|o| o.turn_started_at)
                    .min()
                    .unwrap_or(now);
                slot.insert(self.server_clock(guild, since).await?);
            }
            let Some(server) = servers.get(&guild) else {
                continue;
            };
            let s = &server.settings;
            if g.status == Status::Lobby {
                if s.lobby_hours > 0
                    && now.saturating_sub(g.created_at) >= s.lobby_hours.saturating_mul(3_600_000)
                {
                    due.push(Due::CloseLobby {
                        game_id: g.id,
                        version: g.version,
                        place: g.place,
                    });
                }
                continue;
            }
            if g.status != Status::Active {
                continue;
            }
            let away = server.away_of(g.to_move_user);
            let paused = calendar::paused_at(now, &server.settings.calendar, &away);
            if s.idle_days > 0
                && now.saturating_sub(g.updated_at) >= s.idle_days.saturating_mul(calendar::DAY_MS)
                && !paused
            {
                due.push(Due::EndIdle {
                    game_id: g.id,
                    version: g.version,
                    place: g.place,
                });
                continue;
            }
            if now.saturating_sub(g.updated_at) >= ai_idle_ms && g.ai_to_move {
                due.push(Due::AiIdle { place: g.place });
            }
            let Some(started) = g.turn_started_at else {
                continue;
            };
            if let Some(u) = g.to_move_user {
                if let std::collections::hash_map::Entry::Vacant(slot) = people.entry(u) {
                    slot.insert(self.store().user_settings(u).await?);
                }
            }
            let person = g.to_move_user.and_then(|u| people.get(&u));
            if let Some(p) = person {
                if p.notify == "dm" && !p.dm_closed && g.notified_turn != Some(started) {
                    due.push(Due::Notice {
                        game_id: g.id,
                        place: g.place,
                        user_id: p.user_id,
                        turn: started,
                    });
                }
            }
            let elapsed = calendar::clock_elapsed(started, now, &server.settings.calendar, &away);
            let timeout_ms = g.turn_timeout_secs.map(|t| t.saturating_mul(1_000));
            if let Some(t) = timeout_ms {
                if elapsed >= t {
                    due.push(Due::TimeOut {
                        game_id: g.id,
                        version: g.version,
                        place: g.place,
                    });
                    continue;
                }
            }
            // Reminders: for a person who wants them, while the clock runs, never in
            // their quiet hours (the reminder waits for the morning).
            let Some(p) = person else { continue };
            if p.notify == "none" || paused || quiet_of(p).is_some_and(|q| q.at(now)) {
                continue;
            }
            let remind = match (s.remind_every_secs, timeout_ms) {
                (Some(every), _) if every > 0 => {
                    let every = every.saturating_mul(1_000);
                    let last = g.reminded_at.map_or(0, |r| {
                        calendar::clock_elapsed(started, r, &server.settings.calendar, &away)
                            / every
                    });
                    elapsed / every > last
                }
                (_, Some(t)) => g.reminded_at.is_none() && elapsed >= t / 2,
                _ => false,
            };
            if remind {
                due.push(Due::Remind {
                    game_id: g.id,
                    version: g.version,
                    place: g.place,
                    left_ms: timeout_ms.map(|t| t - elapsed),
                    waited_ms: elapsed,
                    seen: g.reminded_at,
                });
            }
        }
        for u in self.store().digest_users().await? {
            let Some(hour) = u.digest_hour else { continue };
            let tz = calendar::zone_or_utc(u.time_zone.as_deref());
            let due_at = calendar::digest_due(now, hour, &tz);
            if u.digest_sent.is_none_or(|sent| sent < due_at) {
                due.push(Due::Digest {
                    user_id: u.user_id,
                    due_at,
                });
            }
        }
        Ok(due)
    }

    /// Note the reminder of the turn at `version` that [`Clocks::due`] found due (`seen`:
    /// when the last one was noted, as it read) and return the game to remind about;
    /// `None` if the game moved on, or the reminder was noted already, by this process or
    /// another (or the player to move is an AI).
    pub async fn remind(
        self,
        game_id: i64,
        version: i64,
        seen: Option<i64>,
    ) -> Result<Option<GameView>, SessionError> {
        let Some(row) = self.clock_row(game_id, version).await? else {
            return Ok(None);
        };
        let mut tx = self.store().begin().await?;
        let marked = tx.mark_reminded(game_id, version, seen, self.now()).await?;
        tx.commit().await?;
        if !marked {
            return Ok(None);
        }
        Ok(Some(self.game_view(row).await?))
    }

    /// Note a game's new turn message (channel, message); the one whose buttons should
    /// go (see `Store::swap_post`).
    pub async fn swap_post(
        self,
        game_id: i64,
        post: (i64, i64),
    ) -> Result<Option<(i64, i64)>, SessionError> {
        Ok(self.store().swap_post(game_id, post).await?)
    }

    /// A game's last turn message (channel, message), if one was noted.
    pub async fn last_post(self, game_id: i64) -> Result<Option<(i64, i64)>, SessionError> {
        Ok(self.store().game(game_id).await?.and_then(|r| r.post))
    }

    /// The direct-message notice due for a game now, claimed, when a board asked for is
    /// about to be posted as its new turn message (`turn_message`), for the notice links
    /// to it: none for any other board, or when its player to move was told of this turn
    /// already, or does not want them.
    pub(super) async fn notices_due(
        self,
        game_id: i64,
        turn_message: bool,
    ) -> Result<Vec<Notice>, SessionError> {
        if !turn_message {
            return Ok(Vec::new());
        }
        match self.pending_notice(game_id).await? {
            Some(Due::Notice { turn, .. }) => Ok(self
                .claim_notice(game_id, turn)
                .await?
                .into_iter()
                .collect()),
            _ => Ok(Vec::new()),
        }
    }

    /// The direct-message notice due for a game now, if its player to move asked for
    /// them and was not told of this turn yet (see [`Due::Notice`]).
    async fn pending_notice(self, game_id: i64) -> Result<Option<Due>, SessionError> {
        let Some(row) = self.store().game(game_id).await? else {
            return Ok(None);
        };
        let (Some(user), Some(turn), Status::Active) =
            (row.to_move_user, row.turn_started_at, row.status)
        else {
            return Ok(None);
        };
        let person = self.store().user_settings(user).await?;
        Ok(
            (person.notify == "dm" && !person.dm_closed).then_some(Due::Notice {
                game_id,
                place: row.place,
                user_id: user,
                turn,
            }),
        )
    }

    /// Claim the direct message that tells the player of the turn started at `turn`: the
    /// notice to send, once, while it is still that turn and they still want it.
    pub async fn claim_notice(
        self,
        game_id: i64,
        turn: i64,
    ) -> Result<Option<Notice>, SessionError> {
        let Some(row) = self.store().game(game_id).await? else {
            return Ok(None);
        };
        let (Some(user), Status::Active) = (row.to_move_user, row.status) else {
            return Ok(None);
        };
        if row.turn_started_at != Some(turn) || !self.claim_turn_notice(game_id, turn).await? {
            return Ok(None);
        }
        let u = self.store().user_settings(user).await?;
        let game = GameInfo::of_row(&row)?;
        Ok(Some(Notice {
            user_id: user,
            lang: lang_of(&u, game.lang),
            silent: self.people().quiet_now(&u),
            link: row.post,
            game,
        }))
    }

    /// Close a lobby nobody started within the server's time (the clock's `CloseLobby`).
    pub async fn close_stale_lobby(
        self,
        game_id: i64,
        version: i64,
    ) -> Result<Option<LobbyView>, SessionError> {
        self.end_left_alone(game_id, version, Status::Lobby).await
    }

    /// End a game nobody has touched for the server's idle days (the clock's `EndIdle`).
    pub async fn end_idle_game(
        self,
        game_id: i64,
        version: i64,
    ) -> Result<Option<LobbyView>, SessionError> {
        self.end_left_alone(game_id, version, Status::Active).await
    }

    /// Claim a person's digest due at `due_at`: the games (any server) waiting on them,
    /// once per day; `None` if it went already.
    pub async fn claim_digest(
        self,
        user_id: i64,
        due_at: i64,
    ) -> Result<Option<(UserSettings, Vec<super::MyGame>)>, SessionError> {
        let mut tx = self.store().begin().await?;
        let claimed = tx.claim_digest(user_id, due_at).await?;
        tx.commit().await?;
        if !claimed {
            return Ok(None);
        }
        let person = self.store().user_settings(user_id).await?;
        let mut games = Vec::new();
        for row in self.store().waiting_on(user_id).await? {
            let left_ms = match (row.turn_timeout_secs, row.turn_started_at) {
                (Some(t), Some(started)) => {
                    let (elapsed, _) = self
                        .clock_of(row.place.guild_id, started, Some(user_id))
                        .await?;
                    Some((t.saturating_mul(1_000) - elapsed).max(0))
                }
                _ => None,
            };
            games.push(super::MyGame {
                summary: super::GameSummary::of_row(&row)?,
                mine: true,
                since: row.turn_started_at.unwrap_or(row.updated_at),
                post: row.post,
                left_ms,
            });
        }
        Ok(Some((person, games)))
    }

    /// If an AI seat is to move in the place's game (either game), play its turn; but
    /// while the previous player may still take back their move (`take_back_ms` after it
    /// was made), say how long to wait instead.
    pub async fn ai_step(self, place: Place, take_back_ms: i64) -> Result<AiStep, SessionError> {
        let Some(row) = self.store().open_game(place).await? else {
            return Ok(AiStep::Idle);
        };
        if row.status != Status::Active {
            return Ok(AiStep::Idle);
        }
        // Played on the row read here, whose window is checked on it: a person's move
        // since then (a new window) makes the play a conflict, never a turn played early.
        let played = match row.kind {
            GameKind::Climb => {
                let game = state_of(&row)?;
                let ai_next = row
                    .seats
                    .get(game.current())
                    .is_some_and(|s| s.ai_level.is_some());
                if let Some(until) = Session::<S>::take_back_until(&row, &game, take_back_ms) {
                    let wait = until.saturating_sub(self.now());
                    if ai_next && take_back_ms > 0 && wait > 0 {
                        return Ok(AiStep::Wait(std::time::Duration::from_millis(
                            u64::try_from(wait).unwrap_or(0),
                        )));
                    }
                }
                self.ai_turn_on(row, game)
                    .await?
                    .map(|v| GameView::Climb(Box::new(v)))
            }
            GameKind::Daifugo => self
                .daifugo_ai_turn_on(row)
                .await?
                .map(|v| GameView::Daifugo(Box::new(v))),
        };
        Ok(match played {
            Some(view) => AiStep::Played(Box::new(self.changed(view).await)),
            None => AiStep::Idle,
        })
    }

    /// Claim (or renew) the right to play the AI turns of a place's game in progress for
    /// `lease_ms` from now, for `owner` (this bot process). False while another process
    /// holds it; true again once that process has let go or its lease ran out (it died).
    pub async fn claim_runner(
        self,
        place: Place,
        owner: &str,
        lease_ms: i64,
    ) -> Result<bool, SessionError> {
        let now = self.now();
        let until = now.saturating_add(lease_ms);
        Ok(self.store().claim_runner(place, owner, now, until).await?)
    }

    /// Let go of a place's AI turns (the runner stopped: a person is to move, or the game
    /// ended). True when an AI seat is to move all the same: a person moved meanwhile
    /// through another process, which found the turns held and left them to this one.
    pub async fn release_runner(self, place: Place, owner: &str) -> Result<bool, SessionError> {
        Ok(self.store().release_runner(place, owner).await?)
    }

    /// The turn at `version` ran out of time: play it with the stand-in AI, or skip it.
    /// `None` if the player moved in the meantime (the version moved on).
    pub async fn time_out(
        self,
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
}
