//! Puzzle streaks (`src/session/puzzles.rs`): days in a row.

use primeclimb::session::streaks;

#[test]
fn streaks_count_days_in_a_row_up_to_today_or_yesterday() {
    assert_eq!(streaks(&[], 10), (0, 0));
    assert_eq!(streaks(&[8, 9, 10], 10), (3, 3));
    assert_eq!(streaks(&[8, 9], 10), (2, 2));
    assert_eq!(streaks(&[7, 8], 10), (0, 2));
    assert_eq!(streaks(&[1, 2, 3, 5, 10], 10), (1, 3));
}
