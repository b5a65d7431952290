//! Time as people live it: time zones, quiet hours, a server's days off and people's time
//! away. The turn clock counts only the time that is not paused, reminders wait for the
//! end of quiet hours, digests go at a local hour. Pure functions of instants (ms since
//! the epoch) and settings, so the clock's rules are tested without waiting.
//!
//! Time zones come from the IANA database bundled with the binary (`jiff`), so the
//! answers are the same on every machine.

use jiff::civil::{Date, Weekday};
use jiff::tz::TimeZone;
use jiff::Timestamp;

use super::request::RequestError;

/// A day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// Words quoted back in a message: at most 40 characters.
fn quoted(word: &str) -> String {
    word.trim().chars().take(40).collect()
}

/// A time zone from its IANA name (`Europe/Paris`, `America/Toronto`, `UTC`), any case.
/// Returns the zone and its canonical name.
pub fn time_zone(name: &str) -> Result<(TimeZone, String), RequestError> {
    let trimmed = name.trim();
    let unknown = || RequestError::UnknownTimeZone(quoted(name));
    if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("etc/unknown") {
        return Err(unknown());
    }
    let tz = TimeZone::get(trimmed).map_err(|_| unknown())?;
    let canonical = tz.iana_name().unwrap_or("UTC").to_string();
    Ok((tz, canonical))
}

/// The zone of a stored name; UTC when it is missing or no longer known.
pub fn zone_or_utc(name: Option<&str>) -> TimeZone {
    name.and_then(|n| time_zone(n).ok())
        .map(|(tz, _)| tz)
        .unwrap_or(TimeZone::UTC)
}

fn timestamp(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH)
}

/// The local date at an instant.
pub fn local_date(ms: i64, tz: &TimeZone) -> Date {
    timestamp(ms).to_zoned(tz.clone()).date()
}

/// The local date at an instant as a day number (days since 1970-01-01).
pub fn day_number(ms: i64, tz: &TimeZone) -> i64 {
    day_start(local_date(ms, tz), &TimeZone::UTC).div_euclid(DAY_MS)
}

/// A day number's date.
pub fn date_of_day(day: i64) -> Date {
    local_date(day.saturating_mul(DAY_MS), &TimeZone::UTC)
}

/// Minutes after local midnight at an instant.
pub fn local_minutes(ms: i64, tz: &TimeZone) -> i64 {
    let t = timestamp(ms).to_zoned(tz.clone()).time();
    i64::from(t.hour()) * 60 + i64::from(t.minute())
}

/// The instant a local day starts (its first moment, whatever daylight saving does).
pub fn day_start(date: Date, tz: &TimeZone) -> i64 {
    date.to_zoned(tz.clone())
        .and_then(|z| z.start_of_day())
        .map(|z| z.timestamp().as_millisecond())
        .unwrap_or(0)
}

/// The instant of a local time of day (minutes after midnight) on a date.
pub fn local_instant(date: Date, minutes: i64, tz: &TimeZone) -> i64 {
    let time = jiff::civil::Time::new(
        i8::try_from(minutes.clamp(0, 1439) / 60).unwrap_or(0),
        i8::try_from(minutes.clamp(0, 1439) % 60).unwrap_or(0),
        0,
        0,
    )
    .unwrap_or(jiff::civil::Time::midnight());
    date.to_datetime(time)
        .to_zoned(tz.clone())
        .map(|z| z.timestamp().as_millisecond())
        .unwrap_or_else(|_| day_start(date, tz) + minutes * 60_000)
}

/// Whether `minutes` after midnight falls in quiet hours from `from` to `to` (minutes
/// after midnight; `to` before `from` crosses midnight; equal: none).
pub fn quiet_at(minutes: i64, from: i64, to: i64) -> bool {
    match from.cmp(&to) {
        std::cmp::Ordering::Less => (from..to).contains(&minutes),
        std::cmp::Ordering::Greater => minutes >= from || minutes < to,
        std::cmp::Ordering::Equal => false,
    }
}

/// A person's quiet hours, in their time zone.
#[derive(Clone, Debug)]
pub struct Quiet {
    pub tz: TimeZone,
    pub from: i64,
    pub to: i64,
}

impl Quiet {
    /// Whether the instant is in the quiet hours.
    pub fn at(&self, ms: i64) -> bool {
        quiet_at(local_minutes(ms, &self.tz), self.from, self.to)
    }
}

/// Quiet hours from words: `22:00-07:00`, `22-7`, `21:30–6:45`; `off` for none.
/// Returns (from, to) in minutes after midnight.
pub fn quiet_hours(text: &str) -> Result<Option<(i64, i64)>, RequestError> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "off" | "none" | "no" | "aucune" | "non" | "") {
        return Ok(None);
    }
    let bad = || RequestError::QuietHours(quoted(text));
    let (a, b) = t
        .split_once(['-', '–', '—'])
        .or_else(|| t.split_once(" to "))
        .or_else(|| t.split_once(" à "))
        .ok_or_else(bad)?;
    let from = clock_time(a).ok_or_else(bad)?;
    let to = clock_time(b).ok_or_else(bad)?;
    if from == to {
        return Err(bad());
    }
    Ok(Some((from, to)))
}

/// A time of day: `22`, `22:30`, `22h30`, `7am`, `10pm`; minutes after midnight.
pub fn clock_time(text: &str) -> Option<i64> {
    let t = text.trim().to_lowercase().replace(' ', "");
    let (t, shift) = if let Some(x) = t.strip_suffix("am") {
        (x.to_string(), Some(0))
    } else if let Some(x) = t.strip_suffix("pm") {
        (x.to_string(), Some(12))
    } else {
        (t, None)
    };
    let (h, m) = match t.split_once([':', 'h']) {
        Some((h, "")) => (h.parse::<i64>().ok()?, 0),
        Some((h, m)) if m.len() == 2 => (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?),
        Some(_) => return None,
        None => (t.parse::<i64>().ok()?, 0),
    };
    let h = match shift {
        Some(add) if (1..=12).contains(&h) => h % 12 + add,
        Some(_) => return None,
        None => h,
    };
    ((0..24).contains(&h) && (0..60).contains(&m)).then_some(h * 60 + m)
}

/// `22:00` from minutes after midnight.
pub fn clock_words(minutes: i64) -> String {
    format!(
        "{:02}:{:02}",
        minutes.div_euclid(60) % 24,
        minutes.rem_euclid(60)
    )
}

/// A digest hour from words: `8`, `08:00`, `7am`; `off` for none.
pub fn digest_hour(text: &str) -> Result<Option<i64>, RequestError> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "off" | "none" | "no" | "aucun" | "non" | "") {
        return Ok(None);
    }
    match clock_time(&t) {
        Some(m) if m % 60 == 0 => Ok(Some(m / 60)),
        _ => Err(RequestError::DigestHour(quoted(text))),
    }
}

/// The most holiday days a server may list.
pub const MAX_HOLIDAYS: usize = 366;

/// A server's holidays from words: dates and ranges separated by commas or spaces
/// (`2026-12-24, 2026-12-25`, `2026-12-19..2027-01-03`); `none` for none. Returns the
/// stored form (sorted, ranges kept).
pub fn holidays(text: &str) -> Result<String, RequestError> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "none" | "off" | "aucun" | "aucune" | "") {
        return Ok(String::new());
    }
    let mut items: Vec<(Date, Date)> = Vec::new();
    let mut days = 0usize;
    for word in t.split([',', ' ', ';']).filter(|w| !w.is_empty()) {
        let bad = || RequestError::Holidays(quoted(word));
        let (a, b) = match word.split_once("..") {
            Some((a, b)) => (date(a).ok_or_else(bad)?, date(b).ok_or_else(bad)?),
            None => {
                let d = date(word).ok_or_else(bad)?;
                (d, d)
            }
        };
        if b < a {
            return Err(bad());
        }
        days += usize::try_from(a.until(b).map(|s| s.get_days()).unwrap_or(0))
            .unwrap_or(0)
            .saturating_add(1);
        if days > MAX_HOLIDAYS {
            return Err(RequestError::TooManyHolidays);
        }
        items.push((a, b));
    }
    items.sort();
    Ok(range_words(&items, ","))
}

/// Date ranges as written: `2026-12-24` for one day, `2026-12-19..2027-01-03` for more,
/// joined by `sep`.
fn range_words(ranges: &[(Date, Date)], sep: &str) -> String {
    ranges
        .iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}..{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(sep)
}

pub use super::dates::date;

/// The stored holidays as date ranges (unreadable parts are skipped).
fn holiday_ranges(stored: &str) -> Vec<(Date, Date)> {
    stored
        .split(',')
        .filter_map(|w| match w.split_once("..") {
            Some((a, b)) => Some((date(a)?, date(b)?)),
            None => date(w).map(|d| (d, d)),
        })
        .collect()
}

/// A server's calendar: its time zone, and the days its turn clocks stop.
#[derive(Clone, Debug)]
pub struct Calendar {
    pub tz: TimeZone,
    pub weekends_off: bool,
    holidays: Vec<(Date, Date)>,
}

impl Calendar {
    pub fn new(time_zone: &str, weekends_off: bool, holidays: &str) -> Calendar {
        Calendar {
            tz: zone_or_utc(Some(time_zone)),
            weekends_off,
            holidays: holiday_ranges(holidays),
        }
    }

    /// The time zone's name (`Europe/Paris`).
    pub fn zone_name(&self) -> &str {
        self.tz.iana_name().unwrap_or("UTC")
    }

    /// The days off as they were set: `2026-12-24, 2026-12-19..2027-01-03` (empty: none).
    pub fn holiday_words(&self) -> String {
        range_words(&self.holidays, ", ")
    }

    /// A calendar with no days off (UTC).
    pub fn always() -> Calendar {
        Calendar::new("UTC", false, "")
    }

    /// Whether the server's clocks stop all of this local day.
    pub fn day_off(&self, d: Date) -> bool {
        (self.weekends_off && matches!(d.weekday(), Weekday::Saturday | Weekday::Sunday))
            || self.holidays.iter().any(|(a, b)| *a <= d && d <= *b)
    }

    /// Whether the clocks stop at an instant.
    pub fn off_at(&self, ms: i64) -> bool {
        self.day_off(local_date(ms, &self.tz))
    }

    /// The days off that meet `[from, to)`, as instants.
    fn days_off(&self, from: i64, to: i64) -> Vec<(i64, i64)> {
        if !self.weekends_off && self.holidays.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<(i64, i64)> = Vec::new();
        let mut d = local_date(from, &self.tz);
        // Bounded: a turn clock runs at most a few weeks, but stay safe on any input.
        for _ in 0..800 {
            let start = day_start(d, &self.tz);
            if start >= to {
                break;
            }
            let Ok(next) = d.tomorrow() else { break };
            if self.day_off(d) {
                let end = day_start(next, &self.tz);
                match out.last_mut() {
                    Some(last) if last.1 >= start => last.1 = end,
                    _ => out.push((start, end)),
                }
            }
            d = next;
        }
        out
    }
}

/// The length of the union of `intervals` within `[from, to)`.
fn covered(mut intervals: Vec<(i64, i64)>, from: i64, to: i64) -> i64 {
    intervals.retain(|(a, b)| b > a);
    intervals.sort();
    let mut total = 0;
    let mut reach = from;
    for (a, b) in intervals {
        let a = a.max(reach);
        let b = b.min(to);
        if b > a {
            total += b - a;
            reach = b;
        }
    }
    total
}

/// The time a turn clock has run from `from` to `to`: the days off of the calendar and
/// the person's times away (`(from, until)`) do not count.
pub fn clock_elapsed(from: i64, to: i64, calendar: &Calendar, away: &[(i64, i64)]) -> i64 {
    if to <= from {
        return 0;
    }
    let mut paused = calendar.days_off(from, to);
    paused.extend(away.iter().copied());
    (to - from) - covered(paused, from, to)
}

/// Whether the clock is stopped at an instant (a day off, or away).
pub fn paused_at(ms: i64, calendar: &Calendar, away: &[(i64, i64)]) -> bool {
    calendar.off_at(ms) || away.iter().any(|&(a, b)| a <= ms && ms < b)
}

/// The instant of the latest digest due at or before `now` at local hour `hour`.
pub fn digest_due(now: i64, hour: i64, tz: &TimeZone) -> i64 {
    let today = local_date(now, tz);
    let at = local_instant(today, hour * 60, tz);
    if at <= now {
        at
    } else {
        today
            .yesterday()
            .map(|d| local_instant(d, hour * 60, tz))
            .unwrap_or(at - DAY_MS)
    }
}

/// The most days away one request may ask for.
pub const MAX_AWAY_DAYS: i64 = 31;

/// Time away from words: a span from now (`3d`, `12h`, `1w`), or until a date
/// (`2026-12-03` or `until 2026-12-03`: back at the start of that day in `tz`). Returns
/// when the time away ends.
pub fn away_until(text: &str, now: i64, tz: &TimeZone) -> Result<i64, RequestError> {
    let t = text.trim().to_lowercase();
    let t = t
        .strip_prefix("until")
        .or_else(|| t.strip_prefix("jusqu'au"))
        .or_else(|| t.strip_prefix("jusqu’au"))
        .unwrap_or(&t)
        .trim()
        .to_string();
    let bad = || RequestError::AwaySpan(quoted(text));
    let until = if let Some(d) = date(&t) {
        day_start(d, tz)
    } else {
        let secs = super::request::span_secs(&t.replace(' ', "")).ok_or_else(bad)?;
        secs.checked_mul(1000)
            .and_then(|ms| now.checked_add(ms))
            .ok_or_else(bad)?
    };
    if until <= now {
        return Err(RequestError::AwayPast(quoted(text)));
    }
    if until - now > MAX_AWAY_DAYS * DAY_MS {
        return Err(RequestError::AwayTooLong {
            asked: quoted(text),
            max_days: MAX_AWAY_DAYS,
        });
    }
    Ok(until)
}

/// Days (rounded up) of a span in ms.
pub fn days_up(ms: i64) -> i64 {
    (ms.max(0) + DAY_MS - 1) / DAY_MS
}

/// The bounds of the local month of an instant, as instants.
pub fn month_bounds(ms: i64, tz: &TimeZone) -> (i64, i64) {
    let d = local_date(ms, tz);
    let first = d.first_of_month();
    let next = first
        .checked_add(jiff::Span::new().months(1))
        .unwrap_or(first);
    (day_start(first, tz), day_start(next, tz))
}

/// An instant as a local date and time: `Thu 3 Dec 14:30` (English) or `jeu. 3 déc.
/// 14:30` (French), with the zone's name when it is not UTC... kept short for a message.
pub fn local_words(ms: i64, tz: &TimeZone, lang: crate::lang::Lang) -> String {
    let z = timestamp(ms).to_zoned(tz.clone());
    let d = z.date();
    let t = z.time();
    let (days, months): (&[&str; 7], &[&str; 12]) = match lang {
        crate::lang::Lang::En => (
            &["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            &[
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ],
        ),
        crate::lang::Lang::Fr => (
            &["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."],
            &[
                "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
                "nov.", "déc.",
            ],
        ),
    };
    let wd = usize::try_from(d.weekday().to_monday_zero_offset()).unwrap_or(0);
    let mo = usize::try_from(d.month() - 1).unwrap_or(0);
    let zone = tz.iana_name().unwrap_or("UTC");
    format!(
        "{} {} {} {:02}:{:02} ({zone})",
        days[wd % 7],
        d.day(),
        months[mo % 12],
        t.hour(),
        t.minute()
    )
}

/// A person's quiet hours, if they set any.
pub fn quiet_of(u: &crate::store::UserSettings) -> Option<Quiet> {
    match (u.quiet_from, u.quiet_to) {
        (Some(from), Some(to)) => Some(Quiet {
            tz: zone_or_utc(u.time_zone.as_deref()),
            from,
            to,
        }),
        _ => None,
    }
}
