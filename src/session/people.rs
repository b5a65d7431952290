//! A person across their games: the games waiting on them (`/mygames`), how and when they
//! are told it is their turn (`/notify`), and their time away (`/away`). Each setting is
//! read and checked in full before anything is stored: a bad word changes nothing.

use super::calendar::{self};
use super::class::GameSummary;
use super::core::People;
use super::{GameInfo, Session, SessionError};
use crate::lang::Lang;
use crate::store::{AwayRow, Status, Store, StoreTx, UserSettings};

/// How a person is told it is their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotifyHow {
    /// A ping in the game's channel or thread (the default).
    Ping,
    /// A direct message (the channel post names them without a ping).
    Dm,
    /// Nothing: no ping, no direct message, no reminders.
    None,
}

/// Who a public message pings, and whether it goes without a notification.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pings {
    /// The people it pings: those who asked for a ping (`/notify`). Those who asked for
    /// a direct message or nothing are named, not pinged.
    pub users: Vec<u64>,
    /// Someone pinged is in their quiet hours: the message is sent silently.
    pub silent: bool,
}

impl NotifyHow {
    /// How a person is told now: as they asked, but a direct message that Discord
    /// refused becomes a ping again.
    pub fn of(u: &UserSettings) -> NotifyHow {
        match NotifyHow::from_setting(&u.notify) {
            NotifyHow::Dm if u.dm_closed => NotifyHow::Ping,
            other => other,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            NotifyHow::Ping => "ping",
            NotifyHow::Dm => "dm",
            NotifyHow::None => "none",
        }
    }

    /// The stored word; anything unknown is the default, a ping.
    pub fn from_setting(word: &str) -> NotifyHow {
        match word {
            "dm" => NotifyHow::Dm,
            "none" => NotifyHow::None,
            _ => NotifyHow::Ping,
        }
    }
}

/// What `/notify` changes; `None` leaves a value as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NotifyChange {
    pub how: Option<NotifyHow>,
    /// An IANA time zone name.
    pub time_zone: Option<String>,
    /// `22:00-07:00` or `off`.
    pub quiet: Option<String>,
    /// `8`, `08:00`, `7pm` or `off`.
    pub digest: Option<String>,
}

/// One of a person's open games, as `/mygames` lists it.
#[derive(Clone, Debug)]
pub struct MyGame {
    pub summary: GameSummary,
    /// The game waits on this person.
    pub mine: bool,
    /// Since when it waits (the turn's start; a lobby's opening).
    pub since: i64,
    /// The last turn message with buttons (channel, message), to link to.
    pub post: Option<(i64, i64)>,
    /// The turn's time left on its clock (a game with a turn timeout, waiting on them).
    pub left_ms: Option<i64>,
}

/// A time away, as told to the person and to the other players.
#[derive(Clone, Debug)]
pub struct Away {
    pub until: i64,
    /// The time zone the person reads times in (theirs, else the server's).
    pub tz: jiff::tz::TimeZone,
    /// Their games in play in this server, whose other players are told.
    pub games: Vec<GameInfo>,
}

/// A person's open games in a server, as `/mygames` lists them.
#[derive(Clone, Debug)]
pub struct MyGames {
    pub games: Vec<MyGame>,
    /// When their time away ends, if they are away, and the time zone they read it in.
    pub away: Option<(i64, jiff::tz::TimeZone)>,
    pub now: i64,
}

/// What `/away` did.
#[derive(Clone, Debug)]
pub enum AwayDone {
    /// Away until then; their games' other players are told.
    Away(Away),
    /// Back early: the games in play, whose other players are told.
    Back(Vec<GameInfo>),
    /// Back, but they were not away.
    NotAway,
}

/// The words of `/away` that end a time away.
const BACK_WORDS: [&str; 5] = ["off", "back", "none", "retour", "non"];

impl<S: Store> Session<S> {
    /// The games in play of a person in a server.
    async fn games_in_play(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Vec<GameInfo>, SessionError> {
        self.store()
            .games_of_user(guild_id, user_id)
            .await?
            .iter()
            .filter(|r| r.status == Status::Active)
            .map(GameInfo::of_row)
            .collect()
    }

    /// The time zone a person reads times in: theirs, else the server's.
    async fn zone_of(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<jiff::tz::TimeZone, SessionError> {
        let u = self.store().user_settings(user_id).await?;
        Ok(match u.time_zone {
            Some(name) => calendar::zone_or_utc(Some(&name)),
            None => self.servers().settings(guild_id).await?.calendar.tz,
        })
    }
}

/// How a person wants to be told of their turn, read now: their settings (the defaults,
/// a ping, when the database cannot say), how they are told, and whether they are in their
/// quiet hours.
pub(super) struct Wishes {
    pub settings: UserSettings,
    pub how: NotifyHow,
    pub silent: bool,
}

impl Wishes {
    /// Their ping, when they asked to be pinged (silent in their quiet hours).
    pub fn ping(&self) -> Pings {
        Pings {
            users: u64::try_from(self.settings.user_id)
                .ok()
                .into_iter()
                .collect(),
            silent: self.silent,
        }
    }
}

impl<S: Store> Session<S> {
    /// How person `user_id` wants to be told of their turn now (see [`Wishes`]).
    pub(super) async fn wishes(&self, user_id: i64) -> Wishes {
        let settings = self
            .store()
            .user_settings(user_id)
            .await
            .unwrap_or_else(|_| UserSettings::defaults(user_id));
        Wishes {
            how: NotifyHow::of(&settings),
            silent: calendar::quiet_of(&settings).is_some_and(|q| q.at(self.now())),
            settings,
        }
    }
}

impl<S: Store> People<'_, S> {
    /// Who of `users`, named in a game's public message, it pings now, and whether it
    /// goes silently: each person's `/notify` and quiet hours decide. A person whose
    /// settings cannot be read now (the database away) is pinged, as by default.
    pub async fn pings(self, users: &[u64]) -> Pings {
        let mut pings = Pings::default();
        for &id in users {
            let wishes = self.wishes(i64::try_from(id).unwrap_or(i64::MAX)).await;
            if wishes.how == NotifyHow::Ping {
                pings.silent |= wishes.silent;
                pings.users.push(id);
            }
        }
        pings
    }

    /// Whether a person is in their quiet hours now.
    pub fn quiet_now(self, u: &UserSettings) -> bool {
        calendar::quiet_of(u).is_some_and(|q| q.at(self.now()))
    }

    /// A person's own settings.
    pub async fn user_settings(self, user_id: i64) -> Result<UserSettings, SessionError> {
        Ok(self.store().user_settings(user_id).await?)
    }

    /// The open games of a server a person is seated in: those waiting on them first, the
    /// longest wait first; then the others, oldest first.
    /// With them, when the person's time away here ends, if they are away.
    pub async fn my_games(self, guild_id: i64, user_id: i64) -> Result<MyGames, SessionError> {
        let away = match self.away_until(guild_id, user_id).await? {
            Some(until) => Some((until, self.zone_of(guild_id, user_id).await?)),
            None => None,
        };
        Ok(MyGames {
            games: self.open_games_of(guild_id, user_id).await?,
            away,
            now: self.now(),
        })
    }

    async fn open_games_of(self, guild_id: i64, user_id: i64) -> Result<Vec<MyGame>, SessionError> {
        let mut out = Vec::new();
        for row in self.store().games_of_user(guild_id, user_id).await? {
            let summary = GameSummary::of_row(&row)?;
            let mine = row.status == Status::Active && row.to_move_user == Some(user_id);
            let since = match row.status {
                Status::Active => row.turn_started_at.unwrap_or(row.updated_at),
                _ => row.created_at,
            };
            let left_ms = match (mine, row.turn_timeout_secs, row.turn_started_at) {
                (true, Some(t), Some(started)) => {
                    let (elapsed, _) = self
                        .clocks()
                        .clock_of(guild_id, started, row.to_move_user)
                        .await?;
                    Some((t.saturating_mul(1_000) - elapsed).max(0))
                }
                _ => None,
            };
            out.push(MyGame {
                summary,
                mine,
                since,
                post: row.post,
                left_ms,
            });
        }
        out.sort_by_key(|g| (!g.mine, g.since, g.summary.info.id));
        Ok(out)
    }

    /// Change how a person is told it is their turn (anyone, for themselves; no change:
    /// the settings as they are). Choosing a
    /// way again clears a refused direct message; a new digest hour starts tomorrow (or
    /// later today), not at once.
    pub async fn set_notify(
        self,
        user_id: i64,
        change: NotifyChange,
        lang: Lang,
    ) -> Result<UserSettings, SessionError> {
        let mut u = self.store().user_settings(user_id).await?;
        // Nothing to change: `/notify` alone shows the settings as they are.
        if change == NotifyChange::default() {
            return Ok(u);
        }
        let zone = match &change.time_zone {
            Some(name) => Some(calendar::time_zone(name)?.1),
            None => None,
        };
        let quiet = match &change.quiet {
            Some(words) => Some(calendar::quiet_hours(words)?),
            None => None,
        };
        let digest = match &change.digest {
            Some(words) => Some(calendar::digest_hour(words)?),
            None => None,
        };
        if let Some(how) = change.how {
            u.notify = how.as_str().to_string();
            u.dm_closed = false;
        }
        if let Some(zone) = zone {
            u.time_zone = Some(zone);
        }
        if let Some(quiet) = quiet {
            u.quiet_from = quiet.map(|q| q.0);
            u.quiet_to = quiet.map(|q| q.1);
        }
        let now = self.now();
        if let Some(hour) = digest {
            u.digest_hour = hour;
            if let Some(h) = hour {
                // The next digest is the next time the hour comes round.
                let tz = calendar::zone_or_utc(u.time_zone.as_deref());
                u.digest_sent = Some(calendar::digest_due(now, h, &tz));
            }
        }
        u.lang = Some(lang.code().to_string());
        let mut tx = self.store().begin().await?;
        tx.put_user_settings(&u, now).await?;
        tx.commit().await?;
        Ok(u)
    }

    /// Discord refused a direct message to this person: their notices come in the
    /// channel from now on (until they choose again with `/notify`). True the first time
    /// (the channel says so once).
    pub async fn dm_refused(self, user_id: i64) -> Result<bool, SessionError> {
        let mut u = self.store().user_settings(user_id).await?;
        if u.dm_closed {
            return Ok(false);
        }
        u.dm_closed = true;
        let mut tx = self.store().begin().await?;
        tx.put_user_settings(&u, self.now()).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// `/away`: go away until `words` say, or come back early (`off`, `back`…).
    pub async fn away(
        self,
        guild_id: i64,
        user_id: i64,
        words: &str,
    ) -> Result<AwayDone, SessionError> {
        if BACK_WORDS.contains(&words.trim().to_lowercase().as_str()) {
            return Ok(match self.come_back(guild_id, user_id).await? {
                Some(games) => AwayDone::Back(games),
                None => AwayDone::NotAway,
            });
        }
        Ok(AwayDone::Away(
            self.go_away(guild_id, user_id, words).await?,
        ))
    }

    /// Go away from now until `words` say (`3d`, `until 2026-12-03`): the turn clocks of
    /// the person's games in this server stop meanwhile. The server bounds the days away
    /// a month (time already away this month counts); a new time away replaces one under
    /// way.
    async fn go_away(self, guild_id: i64, user_id: i64, words: &str) -> Result<Away, SessionError> {
        let now = self.now();
        let tz = self.zone_of(guild_id, user_id).await?;
        let until = calendar::away_until(words, now, &tz)?;
        let settings = self.servers().settings(guild_id).await?;
        let server_tz = settings.calendar.tz.clone();
        let (month_start, _) = calendar::month_bounds(now, &server_tz);
        let spent: i64 = self
            .store()
            .aways(guild_id, month_start)
            .await?
            .iter()
            .filter(|a| a.user_id == user_id && a.from_at < now)
            .map(|a| a.until_at.min(now) - a.from_at.max(month_start))
            .filter(|&ms| ms > 0)
            .sum();
        let used = spent / calendar::DAY_MS;
        let asked = calendar::days_up(until - now);
        if used + asked > settings.away_days {
            return Err(SessionError::AwayQuota {
                asked,
                left: (settings.away_days - used).max(0),
                per_month: settings.away_days,
            });
        }
        let mut tx = self.store().begin().await?;
        tx.end_aways(guild_id, user_id, now).await?;
        tx.insert_away(
            &AwayRow {
                guild_id,
                user_id,
                from_at: now,
                until_at: until,
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(Away {
            until,
            tz,
            games: self.games_in_play(guild_id, user_id).await?,
        })
    }

    /// Back early: the person's time away in this server ends now. The games in play are
    /// returned (their players are told); `None` if they were not away.
    async fn come_back(
        self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Option<Vec<GameInfo>>, SessionError> {
        let now = self.now();
        if self.away_until(guild_id, user_id).await?.is_none() {
            return Ok(None);
        }
        let mut tx = self.store().begin().await?;
        tx.end_aways(guild_id, user_id, now).await?;
        tx.commit().await?;
        Ok(Some(self.games_in_play(guild_id, user_id).await?))
    }

    /// When the person's time away in this server ends, if they are away now.
    async fn away_until(self, guild_id: i64, user_id: i64) -> Result<Option<i64>, SessionError> {
        let now = self.now();
        Ok(self
            .store()
            .aways(guild_id, now)
            .await?
            .iter()
            .filter(|a| a.user_id == user_id && a.from_at <= now)
            .map(|a| a.until_at)
            .max())
    }
}
