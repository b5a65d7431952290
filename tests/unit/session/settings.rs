//! Leaderboard seasons (`src/session/settings.rs`): months, quarters and years.

use primeclimb::session::{request, Season};

fn day(y: i64, m: i64, d: i64) -> i64 {
    request::days_from_civil(y, m, d) * 86_400_000
}

#[test]
fn seasons_are_calendar_months_quarters_and_years() {
    let at = day(2026, 11, 25) + 5_000_000;
    assert_eq!(
        Season::Month.bounds(at, 0),
        (day(2026, 11, 1), day(2026, 12, 1))
    );
    assert_eq!(
        Season::Month.bounds(at, 1),
        (day(2026, 10, 1), day(2026, 11, 1))
    );
    assert_eq!(
        Season::Quarter.bounds(at, 0),
        (day(2026, 10, 1), day(2027, 1, 1))
    );
    assert_eq!(
        Season::Year.bounds(at, 1),
        (day(2025, 1, 1), day(2026, 1, 1))
    );
    let jan = day(2027, 1, 3);
    assert_eq!(
        Season::Month.bounds(jan, 1),
        (day(2026, 12, 1), day(2027, 1, 1))
    );
    assert_eq!(Season::year_month(day(2024, 2, 29)), (2024, 2));
}

/// A server's stored settings are read once into typed values: the timeout mode, the
/// season, the look, the calendar (zone, weekends, days off), the puzzle posts; words
/// nobody can read fall back to the defaults.
#[test]
fn server_settings_are_read_once_into_typed_values() {
    use primeclimb::lang::Lang;
    use primeclimb::render::{Look, Palette};
    use primeclimb::session::{calendar, PuzzlePosts, ServerSettings, TimeoutMode};
    use primeclimb::store::GuildSettings;
    let mut row = GuildSettings::defaults(9);
    let plain = ServerSettings::of_row(&row);
    assert_eq!(plain.on_timeout, TimeoutMode::Ai);
    assert_eq!(plain.season, Season::Month);
    assert_eq!(plain.look, Look::default());
    assert_eq!(plain.calendar.zone_name(), "UTC");
    assert_eq!(plain.calendar.holiday_words(), "");
    assert_eq!(plain.puzzles, None);

    row.on_timeout = "skip".into();
    row.season = "quarter".into();
    row.look = Some("colour-blind+marks".into());
    row.time_zone = "Europe/Paris".into();
    row.weekends_off = true;
    row.holidays = calendar::holidays("2026-12-19..2027-01-03, 2026-11-11").unwrap();
    row.puzzle_channel = Some(77);
    row.puzzle_hour = 8;
    row.puzzle_lang = "fr".into();
    let s = ServerSettings::of_row(&row);
    assert_eq!(s.on_timeout, TimeoutMode::Skip);
    assert_eq!(s.season, Season::Quarter);
    assert_eq!(s.look.palette, Palette::ColourBlind);
    assert!(s.look.marks);
    assert_eq!(s.calendar.zone_name(), "Europe/Paris");
    assert!(s.calendar.weekends_off);
    assert_eq!(
        s.calendar.holiday_words(),
        "2026-11-11, 2026-12-19..2027-01-03"
    );
    assert!(s.calendar.day_off("2026-12-25".parse().unwrap()));
    assert!(!s.calendar.day_off("2026-12-18".parse().unwrap()));
    assert_eq!(
        s.puzzles,
        Some(PuzzlePosts {
            channel: 77,
            hour: 8,
            lang: Lang::Fr
        })
    );

    // Words this build cannot read: the defaults, never a panic.
    row.on_timeout = "later".into();
    row.season = "fortnight".into();
    row.time_zone = "Mars/Olympus".into();
    row.holidays = "someday".into();
    let s = ServerSettings::of_row(&row);
    assert_eq!(s.on_timeout, TimeoutMode::Ai);
    assert_eq!(s.season, Season::Month);
    assert_eq!(s.calendar.zone_name(), "UTC");
    assert_eq!(s.calendar.holiday_words(), "");
}
