//! The kinds of refused moves the class report counts (`src/session/class.rs`).

use primeclimb::climb::ops::Op;
use primeclimb::climb::{Roll, RuleError, StepError};
use primeclimb::session::{refusal_kind, SessionError};

fn refused(error: StepError) -> Option<&'static str> {
    refusal_kind(&SessionError::Rule(RuleError::AtStep { step: 1, error }))
}

#[test]
fn the_add_and_subtract_refusals_are_not_keeper_mistakes() {
    assert_eq!(
        refused(StepError::AddSubtractOnly(Op::Mul)),
        Some("add_subtract_only")
    );
    assert_eq!(
        refused(StepError::AddSubtractOnly(Op::Div)),
        Some("add_subtract_only")
    );
    assert_eq!(refused(StepError::CursedSubtractOnly), Some("cursed"));
    assert_eq!(refused(StepError::Cursed), Some("cursed"));
}

#[test]
fn one_die_never_counts_as_dice_combined() {
    // One die (§10): `b` is no die, so 7 + 0 and 7 × 0 are no combination.
    let roll = Roll::single(7).expect("a die face");
    assert_eq!(
        refused(StepError::DieNotRolled { die: 0, roll }),
        Some("die_not_rolled")
    );
    let two = Roll::new(3, 4).expect("die faces");
    assert_eq!(
        refused(StepError::DieNotRolled { die: 7, roll: two }),
        Some("dice_combined")
    );
}
