//! The server calendar (`src/session/calendar.rs`): quiet hours, days off, time zones,
//! digests and time away.

use jiff::tz::TimeZone;
use primeclimb::session::calendar::{
    away_until, clock_elapsed, days_up, digest_due, digest_hour, holidays, local_words,
    month_bounds, paused_at, quiet_at, quiet_hours, time_zone, Calendar, Quiet, DAY_MS,
};
use primeclimb::session::RequestError;

fn at(text: &str, tz: &str) -> i64 {
    let dt: jiff::civil::DateTime = text.parse().unwrap();
    dt.to_zoned(TimeZone::get(tz).unwrap())
        .unwrap()
        .timestamp()
        .as_millisecond()
}

#[test]
fn quiet_hours_cross_midnight() {
    let (from, to) = quiet_hours("22:00-07:00").unwrap().unwrap();
    assert_eq!((from, to), (22 * 60, 7 * 60));
    assert!(quiet_at(23 * 60, from, to));
    assert!(quiet_at(0, from, to));
    assert!(quiet_at(6 * 60 + 59, from, to));
    assert!(!quiet_at(7 * 60, from, to));
    assert!(!quiet_at(21 * 60 + 59, from, to));
    let (a, b) = quiet_hours("13-14").unwrap().unwrap();
    assert!(quiet_at(13 * 60 + 30, a, b) && !quiet_at(14 * 60, a, b));
    assert_eq!(quiet_hours("10pm–7am").unwrap(), Some((22 * 60, 7 * 60)));
    assert_eq!(quiet_hours("off").unwrap(), None);
    for bad in ["22", "25-7", "22:61-7", "7-7", "soon", "22:0-7"] {
        assert!(quiet_hours(bad).is_err(), "{bad}");
    }
    // In a time zone: 23:30 in Paris is 22:30 UTC in winter.
    let q = Quiet {
        tz: TimeZone::get("Europe/Paris").unwrap(),
        from,
        to,
    };
    assert!(q.at(at("2026-12-01T22:30", "UTC")));
    assert!(!q.at(at("2026-12-01T20:30", "UTC")));
}

#[test]
fn weekends_and_holidays_stop_the_clock() {
    let cal = Calendar::new("Europe/Paris", true, "2026-12-24..2026-12-25");
    // Friday 18:00 to Monday 09:00, Paris: only Friday's 6 h and Monday's 9 h count.
    let from = at("2026-11-27T18:00", "Europe/Paris");
    let to = at("2026-11-30T09:00", "Europe/Paris");
    assert_eq!(clock_elapsed(from, to, &cal, &[]), 15 * 3_600_000);
    // Christmas Eve and Day (Thursday, Friday), then the weekend: Wednesday 12:00 to
    // Monday 12:00 counts 12 h + 12 h.
    let from = at("2026-12-23T12:00", "Europe/Paris");
    let to = at("2026-12-28T12:00", "Europe/Paris");
    assert_eq!(clock_elapsed(from, to, &cal, &[]), 24 * 3_600_000);
    // Away for a day inside a working week: that day does not count either.
    let away = [(
        at("2026-12-01T00:00", "Europe/Paris"),
        at("2026-12-02T00:00", "Europe/Paris"),
    )];
    let from = at("2026-11-30T12:00", "Europe/Paris");
    let to = at("2026-12-02T12:00", "Europe/Paris");
    assert_eq!(clock_elapsed(from, to, &cal, &away), 24 * 3_600_000);
    assert!(paused_at(
        at("2026-12-01T08:00", "Europe/Paris"),
        &cal,
        &away
    ));
    // Overlapping pauses count once.
    let away = [(from, to)];
    assert_eq!(clock_elapsed(from, to, &cal, &away), 0);
    // No days off: the wall clock.
    assert_eq!(clock_elapsed(0, 1000, &Calendar::always(), &[]), 1000);
}

#[test]
fn words_for_zones_holidays_digests_and_away() {
    assert_eq!(time_zone("europe/paris").unwrap().1, "Europe/Paris");
    assert_eq!(time_zone("UTC").unwrap().1, "UTC");
    assert!(time_zone("Mars/Olympus").is_err());
    assert!(time_zone("").is_err());
    assert_eq!(
        holidays("2026-12-25, 2026-12-24 2027-02-15..2027-02-19").unwrap(),
        "2026-12-24,2026-12-25,2027-02-15..2027-02-19"
    );
    assert!(holidays("2026-13-01").is_err());
    assert!(holidays("2026-12-25..2026-12-01").is_err());
    assert!(holidays("2020-01-01..2026-01-01").is_err());
    assert_eq!(holidays("none").unwrap(), "");
    assert_eq!(digest_hour("8").unwrap(), Some(8));
    assert_eq!(digest_hour("18:00").unwrap(), Some(18));
    assert_eq!(digest_hour("7pm").unwrap(), Some(19));
    assert!(digest_hour("8:30").is_err() && digest_hour("dawn").is_err());
    let tz = TimeZone::get("America/Toronto").unwrap();
    let now = at("2026-12-01T12:00", "America/Toronto");
    assert_eq!(
        digest_due(now, 8, &tz),
        at("2026-12-01T08:00", "America/Toronto")
    );
    assert_eq!(
        digest_due(now, 20, &tz),
        at("2026-11-30T20:00", "America/Toronto")
    );
    assert_eq!(away_until("3d", now, &tz).unwrap(), now + 3 * DAY_MS);
    assert_eq!(
        away_until("until 2026-12-05", now, &tz).unwrap(),
        at("2026-12-05T00:00", "America/Toronto")
    );
    assert!(matches!(
        away_until("2026-11-01", now, &tz),
        Err(RequestError::AwayPast(_))
    ));
    assert!(matches!(
        away_until("40d", now, &tz),
        Err(RequestError::AwayTooLong { .. })
    ));
    assert!(away_until("later", now, &tz).is_err());
    let (a, b) = month_bounds(now, &tz);
    assert_eq!(a, at("2026-12-01T00:00", "America/Toronto"));
    assert_eq!(b, at("2027-01-01T00:00", "America/Toronto"));
    assert_eq!(
        local_words(now, &tz, primeclimb::lang::Lang::En),
        "Tue 1 Dec 12:00 (America/Toronto)"
    );
    assert_eq!(days_up(1), 1);
    assert_eq!(days_up(DAY_MS), 1);
    assert_eq!(days_up(DAY_MS + 1), 2);
}

/// Dates are read and counted one way (`session::dates`, on jiff): day numbers agree with
/// the civil-from-days arithmetic the reports and seasons used before, both ways, across
/// leap years and centuries, and a month past December is January of the next year.
#[test]
fn dates_are_counted_one_way() {
    use primeclimb::session::dates::{date, date_at, date_of, day_of, days_from_civil, DAY_MS};
    // Howard Hinnant's days_from_civil, as the code had it.
    fn hinnant(y: i64, m: i64, d: i64) -> i64 {
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
    for y in [1970, 1999, 2000, 2024, 2026, 2100, 2400] {
        for m in 1..=12 {
            for d in [1, 15, 28] {
                let n = days_from_civil(y, m, d);
                assert_eq!(n, hinnant(y, m, d), "{y}-{m}-{d}");
                let back = date_of(n);
                assert_eq!(
                    (
                        i64::from(back.year()),
                        i64::from(back.month()),
                        i64::from(back.day())
                    ),
                    (y, m, d)
                );
                assert_eq!(day_of(back), n);
                assert_eq!(date_at(n * DAY_MS + 3_600_000), back);
            }
        }
    }
    assert_eq!(days_from_civil(2026, 13, 1), days_from_civil(2027, 1, 1));
    assert_eq!(
        days_from_civil(2024, 2, 29) + 1,
        days_from_civil(2024, 3, 1)
    );
    assert_eq!(date("2026-02-29"), None, "not a leap year");
    assert_eq!(date("20261224"), None);
    assert_eq!(date("1969-12-31"), None);
    assert_eq!(
        date(" 2026-12-24 ").map(day_of),
        Some(days_from_civil(2026, 12, 24))
    );
}
