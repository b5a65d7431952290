//! `primeclimb simulate` (`src/cli/simulate.rs`): the confidence interval and the AI
//! levels it reads.

use primeclimb::cli::simulate::{parse_levels, wilson};
use primeclimb::climb::ai::Level;

#[test]
fn wilson_interval_brackets_the_rate() {
    let (lo, hi) = wilson(80, 100);
    assert!(lo < 0.8 && 0.8 < hi);
    assert!((lo - 0.711).abs() < 0.01 && (hi - 0.867).abs() < 0.01);
}

#[test]
fn players_must_be_two_to_four_levels() {
    assert!(parse_levels("hard", false).is_err());
    assert!(parse_levels("hard", true).is_ok());
    assert!(parse_levels("hard,easy,easy,easy,easy", false).is_err());
    assert!(parse_levels("hard,wizard", false).is_err());
    assert_eq!(
        parse_levels("hard,easy", false).unwrap(),
        vec![Level::Hard, Level::Easy]
    );
}
