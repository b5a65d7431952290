//! `primeclimb solve` (`src/cli/solve.rs`): the pawns `--state` reads, and their labels.

use primeclimb::cli::solve::{all_pawns, label, parse_state};
use primeclimb::climb::solver::Course;
use primeclimb::climb::GOAL;

#[test]
fn state_reads_returning_and_finished_pawns() {
    let t = Course::ThereAndBack;
    assert_eq!(
        parse_state(t, "40,77r").ok(),
        Some([(40, false), (77, true)])
    );
    assert_eq!(
        parse_state(t, " 0r , done").ok(),
        Some([(0, true), (0, true)])
    );
    assert_eq!(
        parse_state(Course::Climb, "0,101").ok(),
        Some([(0, false), (101, false)])
    );
}

#[test]
fn bad_states_are_usage_errors() {
    let c = Course::Climb;
    for bad in [
        "", "40", "40,77,3", "40,102", "x,3", "40,77r", "-1,3", "40;77",
    ] {
        assert!(parse_state(c, bad).is_err(), "{bad:?} should be refused");
    }
    assert!(parse_state(Course::ThereAndBack, "40,102r").is_err());
    assert!(parse_state(Course::ThereAndBack, "40,rr").is_err());
    assert!(parse_state(Course::ThereAndBack, "40,40r").is_err());
    assert!(parse_state(Course::ThereAndBack, "101,101r").is_ok());
}

#[test]
fn labels_read_back_as_the_same_pawn() {
    for course in [Course::Climb, Course::ThereAndBack] {
        for p in all_pawns(course) {
            let text = format!("{},0", label(course, p));
            let [q, _] = parse_state(course, &text).expect("a label parses");
            // 101 is the turning point whichever way the pawn is said to go.
            assert!(q == p || (q.0 == GOAL && p.0 == GOAL), "{text}");
        }
    }
}
