//! Per-server settings (moderators and the teacher role): turn timeout, what happens on
//! timeout, default variant, teacher role; and the Fill in the Blanks cards (§7), up to
//! four per server, each a text and a §6 effect with its number changed.

use super::calendar::Calendar;
use super::core::Servers;
use super::core::{decode, encode};
use super::request;
use super::{Actor, CardNumber, Permission, SessionError, SettingError};
use crate::climb::options::CustomCard;
use crate::climb::{ActionEffect, Effect, KeeperEffect};
use crate::lang::Lang;
use crate::render::Look;
use crate::store::{GuildSettings, Store, StoreTx};

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

/// A server's settings, read once into typed values (the defaults where it never set
/// any): what every use case and front reads, never the stored words.
#[derive(Clone, Debug)]
pub struct ServerSettings {
    pub guild_id: i64,
    /// Turn timeout in seconds; `None`: turns never time out.
    pub turn_timeout_secs: Option<i64>,
    pub on_timeout: TimeoutMode,
    /// New Prime Climb games' variants, in the words they were set with (`sprint`);
    /// empty: standard.
    pub default_variant: String,
    pub teacher_role_id: Option<i64>,
    /// How the server's game pictures are drawn.
    pub look: Look,
    /// New games open in their own thread (when the bot may create threads).
    pub threads: bool,
    pub season: Season,
    /// Reminders every so often until the time is up (`None`: once, at half time).
    pub remind_every_secs: Option<i64>,
    /// The server's time zone, and the days its turn clocks stop.
    pub calendar: Calendar,
    /// Days away (`/away`) a person may take per month.
    pub away_days: i64,
    /// A lobby nobody started closes after this many hours (0: never).
    pub lobby_hours: i64,
    /// A game nobody has touched for this many days ends, without ratings (0: never).
    pub idle_days: i64,
    /// The day's puzzles, posted in a channel, if the server asked.
    pub puzzles: Option<PuzzlePosts>,
}

/// Where and when a server's daily puzzles are posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzlePosts {
    pub channel: i64,
    /// The local hour (server time zone).
    pub hour: i64,
    pub lang: Lang,
}

impl ServerSettings {
    /// The stored settings, read once.
    pub fn of_row(s: &GuildSettings) -> ServerSettings {
        ServerSettings {
            guild_id: s.guild_id,
            turn_timeout_secs: s.turn_timeout_secs,
            on_timeout: TimeoutMode::from_setting(&s.on_timeout),
            default_variant: s.default_variant.clone(),
            teacher_role_id: s.teacher_role_id,
            look: request::stored_look(s.look.as_deref()),
            threads: s.threads,
            season: Season::from_setting(&s.season),
            remind_every_secs: s.remind_every_secs,
            calendar: Calendar::new(&s.time_zone, s.weekends_off, &s.holidays),
            away_days: s.away_days,
            lobby_hours: s.lobby_hours,
            idle_days: s.idle_days,
            puzzles: s.puzzle_channel.map(|channel| PuzzlePosts {
                channel,
                hour: s.puzzle_hour,
                lang: Lang::pick(Some(&s.puzzle_lang), None),
            }),
        }
    }

    /// The defaults of a server that never set anything.
    pub fn defaults(guild_id: i64) -> ServerSettings {
        ServerSettings::of_row(&GuildSettings::defaults(guild_id))
    }
}

/// The most custom cards a server keeps (§7).
pub const MAX_CUSTOM_CARDS: usize = crate::climb::options::MAX_CUSTOM_CARDS;

/// The §6 effects a custom card can have, as chosen in `/settings card`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// "Send a pawn of your choice to N" (N: 1–100).
    SendTo,
    /// "Add or subtract your pawn by N" (a Keeper; N: 1–99).
    PlusMinus,
    /// "Send all pawns within N spaces of you back to Start" (a Keeper; N: 1–10).
    Within,
    /// "If you are above N, subtract N. If you are below N, add N" (N: 1–100).
    AboveBelow,
    /// "If you are above N, go back ten spaces. If you are below N, double your number".
    BackOrDouble,
    RollAgain,
    ReverseDigits,
    Switch,
    AdvanceToNearest,
    ReverseToNearest,
    Steal,
    Curse,
}

impl CardKind {
    /// Every kind, in the order of `/settings card`'s choices.
    pub const ALL: [CardKind; 12] = [
        CardKind::SendTo,
        CardKind::PlusMinus,
        CardKind::Within,
        CardKind::AboveBelow,
        CardKind::BackOrDouble,
        CardKind::RollAgain,
        CardKind::ReverseDigits,
        CardKind::Switch,
        CardKind::AdvanceToNearest,
        CardKind::ReverseToNearest,
        CardKind::Steal,
        CardKind::Curse,
    ];
}

/// A custom card from its kind, its number (for the kinds that have one) and an optional
/// text (default: the standard card's text with the new number).
pub fn custom_card(
    kind: CardKind,
    number: Option<i64>,
    text: Option<&str>,
) -> Result<CustomCard, SettingError> {
    let needs =
        |what: CardNumber, range: std::ops::RangeInclusive<i64>| -> Result<u8, SettingError> {
            match number {
                Some(n) if range.contains(&n) => Ok(n as u8),
                _ => Err(SettingError::CardNumber {
                    what,
                    min: *range.start(),
                    max: *range.end(),
                }),
            }
        };
    let effect = match kind {
        CardKind::SendTo => Effect::Action(ActionEffect::SendTo {
            space: needs(CardNumber::Space, 1..=100)?,
        }),
        CardKind::PlusMinus => Effect::Keeper(KeeperEffect::PlusMinus {
            n: needs(CardNumber::N, 1..=99)?,
        }),
        CardKind::Within => Effect::Keeper(KeeperEffect::SendWithin {
            distance: needs(CardNumber::Distance, 1..=10)?,
        }),
        CardKind::AboveBelow => {
            let n = needs(CardNumber::N, 1..=100)?;
            Effect::Action(ActionEffect::AddOrSubtract {
                threshold: n,
                amount: n,
            })
        }
        CardKind::BackOrDouble => Effect::Action(ActionEffect::BackOrMultiply {
            threshold: needs(CardNumber::Threshold, 1..=100)?,
            back: 10,
            factor: 2,
        }),
        CardKind::RollAgain => Effect::Action(ActionEffect::RollAgain),
        CardKind::ReverseDigits => Effect::Action(ActionEffect::ReverseDigits),
        CardKind::Switch => Effect::Action(ActionEffect::Switch),
        CardKind::AdvanceToNearest => Effect::Action(ActionEffect::AdvanceToNearest),
        CardKind::ReverseToNearest => Effect::Action(ActionEffect::ReverseToNearest),
        CardKind::Steal => Effect::Action(ActionEffect::Steal),
        CardKind::Curse => Effect::Keeper(KeeperEffect::Curse),
    };
    let text = match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => t.to_string(),
        None => effect.standard_text(),
    };
    let card = CustomCard { text, effect };
    card.validate().map_err(SettingError::from)?;
    Ok(card)
}

fn check_moderator(actor: &Actor) -> Result<(), SessionError> {
    if actor.moderator {
        Ok(())
    } else {
        Err(SessionError::NotAllowed(Permission::ChangeSettings))
    }
}

/// What `/settings` asks: a change (none: just the settings), or a custom card set or
/// cleared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsAsk {
    Change(Box<SettingsChange>),
    /// Set slot `slot` to the card of this kind, number and text, or clear it (`None`).
    Card {
        slot: i64,
        card: Option<(CardKind, Option<i64>, Option<String>)>,
    },
}

/// A server's settings as `/settings` shows them, with its custom cards' texts by slot.
#[derive(Clone, Debug)]
pub struct SettingsPage {
    pub settings: ServerSettings,
    pub cards: Vec<(i64, String)>,
}

impl<S: Store> Servers<'_, S> {
    /// `/settings`: make the change asked (moderators; anyone may look), then the settings
    /// as they are.
    pub async fn settings_asked(
        self,
        actor: &Actor,
        guild_id: i64,
        ask: SettingsAsk,
    ) -> Result<SettingsPage, SessionError> {
        let (settings, cards) = match ask {
            SettingsAsk::Change(change) => {
                let settings = if *change == SettingsChange::default() {
                    self.settings(guild_id).await?
                } else {
                    self.update_settings(actor, guild_id, *change).await?
                };
                // The page shows the settings even when the cards cannot be read.
                let cards = self.custom_cards(guild_id).await.unwrap_or_default();
                (settings, cards)
            }
            SettingsAsk::Card { slot, card } => {
                let card = match card {
                    Some((kind, number, words)) => {
                        Some(custom_card(kind, number, words.as_deref())?)
                    }
                    None => None,
                };
                let cards = self.set_custom_card(actor, guild_id, slot, card).await?;
                (self.settings(guild_id).await?, cards)
            }
        };
        Ok(SettingsPage {
            settings,
            cards: cards.into_iter().map(|(slot, c)| (slot, c.text)).collect(),
        })
    }

    /// A server's settings (the defaults if it never set any).
    pub async fn settings(self, guild_id: i64) -> Result<ServerSettings, SessionError> {
        Ok(ServerSettings::of_row(
            &self.store().settings(guild_id).await?,
        ))
    }

    /// Change a server's settings (moderators). Each value is checked first: a timeout
    /// (`off`, `12h`…), `ai` or `skip`, variant words.
    async fn update_settings(
        self,
        actor: &Actor,
        guild_id: i64,
        change: SettingsChange,
    ) -> Result<ServerSettings, SessionError> {
        check_moderator(&self.moderating(actor, guild_id).await)?;
        let mut s = self.store().settings(guild_id).await?;
        if let Some(t) = change.turn_timeout {
            s.turn_timeout_secs = request::duration(&t)?;
        }
        if let Some(mode) = change.on_timeout {
            s.on_timeout = mode.as_str().to_string();
        }
        if let Some(words) = change.default_variant {
            let words = words.trim().to_string();
            request::climb_options(&words)?;
            s.default_variant = if words.eq_ignore_ascii_case("standard") {
                String::new()
            } else {
                words
            };
        }
        if let Some(role) = change.teacher_role {
            s.teacher_role_id = role;
        }
        if let Some(threads) = change.threads {
            s.threads = threads;
        }
        if let Some(season) = change.season {
            s.season = season.as_str().to_string();
        }
        if let Some(every) = change.remind_every {
            s.remind_every_secs = request::duration(&every)?;
        }
        if let Some(zone) = change.time_zone {
            s.time_zone = super::calendar::time_zone(&zone)?.1;
        }
        if let Some(weekends) = change.weekends_off {
            s.weekends_off = weekends;
        }
        if let Some(days) = change.holidays {
            s.holidays = super::calendar::holidays(&days)?;
        }
        if let Some(days) = change.away_days {
            if !(0..=31).contains(&days) {
                return Err(request::RequestError::AwayDays(days.to_string()).into());
            }
            s.away_days = days;
        }
        if let Some(words) = change.lobby_close {
            s.lobby_hours = tidy_span(&words, 3_600, 1, 30 * 24)
                .map_err(|e| whole(e, request::RequestError::LobbyHours))?;
        }
        if let Some(words) = change.idle_end {
            s.idle_days = tidy_span(&words, 86_400, 1, 365)
                .map_err(|e| whole(e, request::RequestError::IdleDays))?;
        }
        if let Some((channel, hour, lang)) = change.puzzle {
            if !(0..24).contains(&hour) {
                return Err(request::RequestError::PuzzleHour(hour.to_string()).into());
            }
            s.puzzle_channel = channel;
            s.puzzle_hour = hour;
            s.puzzle_lang = lang;
        }
        let look = match change.look {
            Some(words) => Some(request::look_words(request::look(&words)?)),
            None => None,
        };
        let mut tx = self.store().begin().await?;
        if let Some(look) = look {
            // The server's open games follow at once: a class switches together.
            tx.set_open_games_look(guild_id, Some(&look)).await?;
            s.look = Some(look);
        }
        tx.put_settings(&s, self.now()).await?;
        tx.commit().await?;
        Ok(ServerSettings::of_row(&s))
    }

    /// A person's own look for the pictures only they see (their hand, private boards):
    /// theirs if they chose one, else the server's; the standard look when the database
    /// cannot say (a picture is still drawn).
    pub(super) async fn own_look(self, user_id: i64, guild_id: i64) -> Look {
        let found = async {
            Ok::<_, SessionError>(match self.store().user_look(user_id).await? {
                Some(words) => request::stored_look(Some(&words)),
                None => self.settings(guild_id).await?.look,
            })
        };
        found.await.unwrap_or_default()
    }

    /// Set a person's own look from words (`colour-blind+marks`), or with `None` go back
    /// to the server's. Anyone may; it changes only what they see.
    pub async fn set_own_look(
        self,
        user_id: i64,
        words: Option<&str>,
    ) -> Result<Option<Look>, SessionError> {
        let look = words.map(request::look).transpose()?;
        let stored = look.map(request::look_words);
        let mut tx = self.store().begin().await?;
        tx.put_user_look(user_id, stored.as_deref(), self.now())
            .await?;
        tx.commit().await?;
        Ok(look)
    }

    /// The server's custom cards by slot (1–4).
    pub async fn custom_cards(self, guild_id: i64) -> Result<Vec<(i64, CustomCard)>, SessionError> {
        self.store()
            .custom_cards(guild_id)
            .await?
            .into_iter()
            .map(|(slot, json)| Ok((slot, decode("custom card", &json)?)))
            .collect()
    }

    /// Set (or, with `None`, clear) a custom-card slot (moderators).
    async fn set_custom_card(
        self,
        actor: &Actor,
        guild_id: i64,
        slot: i64,
        card: Option<CustomCard>,
    ) -> Result<Vec<(i64, CustomCard)>, SessionError> {
        check_moderator(&self.moderating(actor, guild_id).await)?;
        if !(1..=MAX_CUSTOM_CARDS as i64).contains(&slot) {
            return Err(SettingError::Slot(slot).into());
        }
        let json = match &card {
            Some(c) => {
                c.validate().map_err(SettingError::from)?;
                Some(encode(c)?)
            }
            None => None,
        };
        let mut tx = self.store().begin().await?;
        tx.put_custom_card(guild_id, slot, json.as_deref()).await?;
        tx.commit().await?;
        self.custom_cards(guild_id).await
    }
}

/// How long a leaderboard season lasts (`/settings season`); seasons begin on the 1st of
/// January, and of each quarter or month, UTC.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Season {
    #[default]
    Month,
    Quarter,
    Year,
}

impl Season {
    pub fn as_str(self) -> &'static str {
        match self {
            Season::Month => "month",
            Season::Quarter => "quarter",
            Season::Year => "year",
        }
    }

    /// The stored word (unknown words: a month).
    pub fn from_setting(word: &str) -> Season {
        match word {
            "quarter" => Season::Quarter,
            "year" => Season::Year,
            _ => Season::Month,
        }
    }

    fn months(self) -> i64 {
        match self {
            Season::Month => 1,
            Season::Quarter => 3,
            Season::Year => 12,
        }
    }

    /// The season that contains `at` (ms since the epoch, UTC), `back` seasons ago: its
    /// start (inclusive) and end (exclusive), ms.
    pub fn bounds(self, at: i64, back: i64) -> (i64, i64) {
        let (y, m) = year_month(at);
        let index = (y * 12 + (m - 1)).div_euclid(self.months()) - back;
        let start = index * self.months();
        let end = start + self.months();
        let ms = |months: i64| {
            let (y, m) = (months.div_euclid(12), months.rem_euclid(12) + 1);
            request::days_from_civil(y, m, 1) * 86_400_000
        };
        (ms(start), ms(end))
    }
}

impl Season {
    /// The UTC year and month (1–12) of a time in ms since the epoch.
    pub fn year_month(at: i64) -> (i64, i64) {
        year_month(at)
    }
}

/// The UTC year and month (1–12) of a time in ms since the epoch.
fn year_month(at: i64) -> (i64, i64) {
    let d = super::dates::date_at(at);
    (i64::from(d.year()), i64::from(d.month()))
}

/// What `/settings` changes; `None` leaves a value as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// `off`, `30m`, `12h`, `2d`…
    pub turn_timeout: Option<String>,
    pub on_timeout: Option<TimeoutMode>,
    /// Variant words, or `standard`.
    pub default_variant: Option<String>,
    /// `Some(None)` clears the teacher role.
    pub teacher_role: Option<Option<i64>>,
    /// How the server's pictures are drawn: `standard`, `colour-blind`, `+marks`.
    pub look: Option<String>,
    /// New games in their own thread.
    pub threads: Option<bool>,
    /// How long a leaderboard season lasts.
    pub season: Option<Season>,
    /// Reminders every so often (`12h`), or `off`: once, at half time.
    pub remind_every: Option<String>,
    /// The server's time zone (IANA name).
    pub time_zone: Option<String>,
    /// Turn clocks stop at weekends.
    pub weekends_off: Option<bool>,
    /// Days the clocks stop: `2026-12-24,2026-12-19..2027-01-03`, or `none`.
    pub holidays: Option<String>,
    /// Days away (`/away`) allowed a month.
    pub away_days: Option<i64>,
    /// A lobby nobody started closes after this long (`48h`), or `off`.
    pub lobby_close: Option<String>,
    /// A game nobody plays ends after this long (`14d`), or `off`.
    pub idle_end: Option<String>,
    /// The channel that receives the day's puzzles (`Some(None)`: none), with the local
    /// hour and the language of the post.
    pub puzzle: Option<(Option<i64>, i64, String)>,
}

/// A tidying delay from words (`48h`, `14d`, `off`) in whole units of `unit_secs`,
/// between `min` and `max` units; 0 is off.
fn tidy_span(
    words: &str,
    unit_secs: i64,
    min: i64,
    max: i64,
) -> Result<i64, request::RequestError> {
    let t = words.trim().to_lowercase().replace(' ', "");
    if matches!(
        t.as_str(),
        "off" | "never" | "none" | "0" | "jamais" | "non"
    ) {
        return Ok(0);
    }
    let given: String = words.trim().chars().take(40).collect();
    let bad = || request::RequestError::TidyRange(given.clone());
    let secs = request::span_secs(&t).ok_or_else(bad)?;
    // Nothing is rounded or clamped behind the person's back: `1m` for a lobby is
    // refused with the unit it is counted in, not taken as an hour.
    if secs % unit_secs != 0 {
        return Err(request::RequestError::TidyUnit(given));
    }
    let units = secs / unit_secs;
    if !(min..=max).contains(&units) {
        return Err(bad());
    }
    Ok(units)
}

/// A span that is not a whole number of the setting's unit, said for that setting.
fn whole(
    e: request::RequestError,
    named: fn(String) -> request::RequestError,
) -> request::RequestError {
    match e {
        request::RequestError::TidyUnit(given) => named(given),
        other => other,
    }
}
