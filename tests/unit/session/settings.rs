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
