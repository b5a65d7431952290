//! Dates, one way: the proleptic Gregorian calendar of `jiff`, in UTC, with days counted
//! from 1970-01-01. The command words (`2026-12-01`), the calendar of days off, seasons
//! and reports all read and write dates here.

use jiff::civil::Date;

/// One day in ms.
pub const DAY_MS: i64 = 86_400_000;

/// A date written `2026-12-24` (from 1970 on). Other forms jiff would read
/// (`20261224`) are not what a person means, and are refused.
pub fn date(text: &str) -> Option<Date> {
    let t = text.trim();
    if t.len() < 8 || t.matches('-').count() != 2 {
        return None;
    }
    t.parse::<Date>().ok().filter(|d| d.year() >= 1970)
}

/// The day number (days since 1970-01-01) of a date.
pub fn day_of(date: Date) -> i64 {
    Date::constant(1970, 1, 1)
        .until(date)
        .map_or(0, |span| i64::from(span.get_days()))
}

/// The date of a day number.
pub fn date_of(day: i64) -> Date {
    i32::try_from(day)
        .ok()
        .and_then(|d| {
            Date::constant(1970, 1, 1)
                .checked_add(jiff::Span::new().days(d))
                .ok()
        })
        .unwrap_or(Date::constant(1970, 1, 1))
}

/// The start of a date in ms (UTC).
pub fn start_ms(date: Date) -> i64 {
    day_of(date).saturating_mul(DAY_MS)
}

/// The UTC date of an instant in ms.
pub fn date_at(ms: i64) -> Date {
    date_of(ms.div_euclid(DAY_MS))
}

/// Days from 1970-01-01 to year `y`, month `m` (1–12), day `d`; months and days out of
/// range count on (month 13 is January of the next year, as a season's end needs).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let months = y * 12 + (m - 1);
    let (y, m) = (months.div_euclid(12), months.rem_euclid(12) + 1);
    let first = i16::try_from(y)
        .ok()
        .and_then(|y| Date::new(y, i8::try_from(m).ok()?, 1).ok());
    match first {
        Some(first) => day_of(first) + d - 1,
        None => 0,
    }
}
