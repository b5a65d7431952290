//! Prime Climb posts (`src/discord/posts/climb.rs`): the list of a move's outcomes.

use primeclimb::climb::{Outcome, GOAL};
use primeclimb::lang::Lang;
use primeclimb::text::climb::pawns_outcome_line;

#[test]
fn one_pawn_outcomes_show_the_one_pawn() {
    let o = Outcome {
        pawns: [12, GOAL],
        keepers_used: Vec::new(),
        wins: false,
        draws_card: false,
        bumped: Vec::new(),
        witness: "4 x3".into(),
        returning: [false; 2],
        ends_move: true,
        stations: Vec::new(),
    };
    assert!(pawns_outcome_line(&o, 2, Lang::En).contains("12 🏠"));
    // §10 one pawn: the pawn set aside waits home, and is not shown.
    let line = pawns_outcome_line(&o, 1, Lang::En);
    assert!(line.trim_start().starts_with("12 "), "{line}");
    assert!(!line.contains('🏠'), "{line}");
    assert!(line.ends_with("4 x3"), "{line}");
}
