//! Property tests: the notation parser, the action API and the `moves` argument parser
//! never panic on arbitrary input, and a refused action changes nothing.

use primeclimb::cli::moves::{query, MovesArgs};
use primeclimb::climb::notation::{self, parse};
use primeclimb::climb::ops::Op;
use primeclimb::climb::{
    is_legal, legal_outcomes, Action, CardChoice, CardId, Game, KeeperPlay, Options, PawnRef,
};
use proptest::prelude::*;

fn any_op() -> impl Strategy<Value = Op> {
    prop_oneof![Just(Op::Add), Just(Op::Sub), Just(Op::Mul), Just(Op::Div)]
}

fn any_pawn_ref() -> impl Strategy<Value = PawnRef> {
    (0usize..6, 0usize..4).prop_map(|(seat, pawn)| PawnRef { seat, pawn })
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0usize..4, any_op(), 0u8..=12).prop_map(|(pawn, op, die)| Action::Die { pawn, op, die }),
        (0usize..4, 0u8..=12).prop_map(|(pawn, die)| Action::Forced { pawn, die }),
        (0u8..30, 0usize..4, any::<bool>()).prop_map(|(c, pawn, add)| Action::Keeper {
            card: CardId(c),
            play: KeeperPlay::PlusMinus { pawn, add }
        }),
        (0u8..30, 0usize..4).prop_map(|(c, pawn)| Action::Keeper {
            card: CardId(c),
            play: KeeperPlay::SendWithin { pawn }
        }),
        (0u8..30, 0usize..6).prop_map(|(c, target)| Action::Keeper {
            card: CardId(c),
            play: KeeperPlay::Curse { target }
        }),
        Just(Action::Undo),
        Just(Action::EndMove),
        Just(Action::Resign),
        any_pawn_ref().prop_map(|p| Action::Choose(CardChoice::Pawn(p))),
        (any_pawn_ref(), any_pawn_ref())
            .prop_map(|(a, b)| Action::Choose(CardChoice::Switch(a, b))),
        (0usize..6, 0u8..30).prop_map(|(from, c)| Action::Choose(CardChoice::Steal {
            from,
            card: CardId(c)
        })),
        Just(Action::Choose(CardChoice::Decline)),
    ]
}

/// Text that looks like moves often enough to get past the first token.
fn movish() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9 +\\-x*/:!kwc×÷−,]{0,40}",
        "([0-9]{1,3} ?([+\\-x/][0-9]{1,2} ?){0,4}){1,3}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parser_never_panics(text in movish()) {
        let _ = parse(&text);
    }

    #[test]
    fn written_moves_never_panic_and_refusals_change_nothing(seed in 0u64..500, text in movish()) {
        let names = vec!["A".to_string(), "B".to_string(), "C".to_string()];
        let mut g = Game::new(Options::default(), &names, seed).unwrap();
        let before = g.clone();
        let seat = g.current();
        let _ = is_legal(&g, &text);
        match notation::play(&mut g, seat, &text) {
            Ok(_) => {}
            Err(e) => {
                prop_assert_eq!(&g, &before);
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn actions_never_panic_and_refusals_change_nothing(
        seed in 0u64..1000,
        actions in prop::collection::vec((0usize..5, any_action()), 1..40),
    ) {
        let names = vec!["A".to_string(), "B".to_string()];
        let mut g = Game::new(Options::default(), &names, seed).unwrap();
        for (seat, a) in actions {
            let before = g.clone();
            if g.apply(seat, &a).is_err() {
                prop_assert_eq!(&g, &before);
            }
            prop_assert!(g.cards_accounted());
            let _ = legal_outcomes(&g);
        }
    }

    #[test]
    fn moves_arguments_never_panic(
        pawns in "[0-9, x-]{0,12}",
        roll in "[0-9, ]{0,8}",
        keepers in proptest::option::of("[0-9,]{0,12}"),
        others in proptest::option::of("[0-9,]{0,20}"),
        cursed in any::<bool>(),
    ) {
        let args = MovesArgs { pawns, roll, keepers, cursed, others, doubles_may: false, json: true, hint: None, limit: Some(200) };
        if let Ok(q) = query(&args) {
            let g = Game::from_position(q.options, &q.setup, 0);
            if let Ok(g) = g {
                let _ = legal_outcomes(&g);
            }
        }
    }
}
