//! The rule book as tests: every worked example of §8 and one test per ruling of
//! `../shared/rules/prime-climb.md`, named after the rule.

use crate::support::position;

use position::{card_with, play_and_end, position, position_seeded, position_with, stack};
use primeclimb::climb::notation::play;
use primeclimb::climb::{
    is_legal, legal_outcomes, Action, ActionEffect, CardChoice, Doubles, Effect, Event, Game,
    KeeperEffect, KeeperPlay, KeeperUse, Options, PawnRef, Phase, RuleError, StepError, GOAL,
};

fn sent_to_start(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::SentToStart { from, .. } => Some(*from),
            _ => None,
        })
        .collect()
}

fn drew(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Drew { .. }))
}

// ----- §8 worked examples ---------------------------------------------------------

#[test]
fn example_8_1_pawns_4_and_26_roll_3_and_9() {
    let g = position(&[[4, 26], [0, 0]], (3, 9));
    assert_eq!(is_legal(&g, "4 +3 x9").unwrap().pawns, [63, 26]);
    assert_eq!(is_legal(&g, "26 x3 +9").unwrap().pawns, [4, 87]);
    let o = is_legal(&g, "4 +9 26 x3").unwrap();
    assert_eq!(o.pawns, [13, 78]);
    assert!(o.draws_card, "13 is red");
    assert_eq!(
        is_legal(&g, "26 +9 x3").unwrap_err().to_string(),
        "step 2: 35 x3 = 105 is off the board"
    );
    let all = legal_outcomes(&g);
    for (pawns, draws) in [([63, 26], false), ([4, 87], false), ([13, 78], true)] {
        assert!(
            all.iter()
                .any(|o| o.pawns == pawns && o.draws_card == draws),
            "{pawns:?} is listed"
        );
    }
}

#[test]
fn example_8_2_double_twos_from_78_with_opponent_on_42() {
    let g = position(&[[78, 0], [42, 0]], (2, 2));
    let pass = is_legal(&g, "78 +2 /2 +2 +2").unwrap();
    assert_eq!(pass.pawns, [44, 0]);
    assert!(pass.bumped.is_empty(), "42 was only passed");
    let bump = is_legal(&g, "78 +2 +2 +2 /2").unwrap();
    assert_eq!(bump.pawns, [42, 0]);
    assert_eq!(bump.bumped, vec![(PawnRef { seat: 1, pawn: 0 }, 42)]);
    let draw = is_legal(&g, "78 /2 +2 +2 -2").unwrap();
    assert_eq!(draw.pawns, [41, 0]);
    assert!(draw.draws_card);
    // And through the engine: the bump really sends the opponent home.
    let mut g2 = g.clone();
    let ev = play_and_end(&mut g2, "78 +2 +2 +2 /2");
    assert_eq!(sent_to_start(&ev), vec![42]);
    assert_eq!(g2.players[1].pawns, [0, 0]);
}

#[test]
fn example_8_3_pawn_on_64_roll_2_and_3() {
    let g = position(&[[64, 0], [0, 0]], (2, 3));
    let a = is_legal(&g, "64 /2 -3").unwrap();
    assert_eq!(a.pawns, [29, 0]);
    assert!(a.draws_card);
    assert_eq!(is_legal(&g, "64 /2 x3").unwrap().pawns, [96, 0]);
}

#[test]
fn example_8_4_bump_only_where_the_move_ends() {
    let g = position(&[[31, 0], [33, 37]], (2, 4));
    let o = is_legal(&g, "31 +2 +4").unwrap();
    assert_eq!(o.pawns, [37, 0]);
    assert_eq!(o.bumped, vec![(PawnRef { seat: 1, pawn: 1 }, 37)]);
}

#[test]
fn example_8_5_no_bouncing_from_98() {
    // Only 91 or 14 with a 7: the other pawn is home so the 7 goes to the pawn on 98.
    let g = position(&[[98, GOAL], [0, 0]], (7, 7));
    let ends: Vec<u8> = legal_outcomes(&g).iter().map(|o| o.pawns[0]).collect();
    assert!(!ends.is_empty());
    assert_eq!(
        is_legal(&g, "98 +7").unwrap_err().to_string(),
        "step 1: 98 +7 = 105 is off the board"
    );
    // A single 7 from 98:
    let mut g = position(&[[98, GOAL], [0, 0]], (7, 1));
    let firsts: Vec<u8> = [
        Action::Die {
            pawn: 0,
            op: primeclimb::climb::ops::Op::Sub,
            die: 7,
        },
        Action::Die {
            pawn: 0,
            op: primeclimb::climb::ops::Op::Div,
            die: 7,
        },
        Action::Die {
            pawn: 0,
            op: primeclimb::climb::ops::Op::Add,
            die: 7,
        },
        Action::Die {
            pawn: 0,
            op: primeclimb::climb::ops::Op::Mul,
            die: 7,
        },
    ]
    .iter()
    .filter_map(|a| {
        let mut t = g.clone();
        t.apply(0, a).ok().map(|_| t.players[0].pawns[0])
    })
    .collect();
    assert_eq!(firsts, vec![91, 14]);
    assert!(g.apply(0, &Action::EndMove).is_err());
}

#[test]
fn example_8_6_winning_with_a_die_left() {
    let g = position(&[[99, GOAL], [0, 0]], (2, 5));
    let o = is_legal(&g, "99 +2").unwrap();
    assert!(o.wins);
    assert_eq!(o.pawns, [GOAL, GOAL]);
    assert!(!o.draws_card, "no card on 101");
    let mut g = g;
    let ev = play(&mut g, 0, "99 +2").unwrap();
    assert!(ev.contains(&Event::Won { seat: 0 }));
    assert!(g.is_over());
    assert_eq!(g.winner, Some(0));
    assert!(legal_outcomes(&g).is_empty());
    assert_eq!(g.apply(1, &Action::EndMove), Err(RuleError::GameOver));
}

// ----- §3.1 Roll ----------------------------------------------------------------------

#[test]
fn rule_3_1_doubles_must_use_four_by_default() {
    let mut g = position(&[[10, 20], [0, 0]], (3, 3));
    play(&mut g, 0, "10 +3 +3").unwrap();
    assert_eq!(
        g.apply(0, &Action::EndMove),
        Err(RuleError::UsesLeft(vec![3, 3]))
    );
    assert_eq!(
        g.apply(0, &Action::EndMove).unwrap_err().to_string(),
        "the move is not finished: 3 and 3 still to use"
    );
}

#[test]
fn rule_3_1_option_doubles_may_use_two() {
    let opts = Options {
        doubles: Doubles::May,
        ..Options::default()
    };
    let mut g = position_with(&[[10, 20], [0, 0]], (3, 3), &[], false, opts.clone());
    play(&mut g, 0, "10 +3 +3").unwrap();
    assert!(g.apply(0, &Action::EndMove).is_ok());
    // Two or four, never three.
    let mut g = position_with(&[[10, 20], [0, 0]], (3, 3), &[], false, opts.clone());
    play(&mut g, 0, "10 +3 +3 +3").unwrap();
    assert!(g.apply(0, &Action::EndMove).is_err());
    // The outcomes include both the 2-use and 4-use ends.
    let g = position_with(&[[10, 20], [0, 0]], (3, 3), &[], false, opts.clone());
    let outs = legal_outcomes(&g);
    assert!(outs.iter().any(|o| o.pawns == [16, 20]));
    assert!(outs.iter().any(|o| o.pawns == [22, 20]));
}

#[test]
fn rule_3_1_values_are_never_added_together() {
    let g = position(&[[10, 20], [0, 0]], (3, 4));
    assert!(matches!(
        is_legal(&g, "10 +7"),
        Err(RuleError::AtStep {
            step: 1,
            error: StepError::DieNotRolled { die: 7, .. }
        })
    ));
}

#[test]
fn rule_3_1_every_use_must_be_used() {
    let g = position(&[[10, 20], [0, 0]], (3, 4));
    assert_eq!(is_legal(&g, "10 +3"), Err(RuleError::UsesLeft(vec![4])));
    assert!(matches!(
        is_legal(&g, "10 +3 +3"),
        Err(RuleError::AtStep {
            step: 2,
            error: StepError::DieUsedUp { die: 3 }
        })
    ));
}

// ----- §3.2 Move ----------------------------------------------------------------------

#[test]
fn rule_3_2_start_plus_times_divide_legal_minus_not() {
    let g = position(&[[0, 0], [5, 6]], (3, 4));
    assert_eq!(is_legal(&g, "0 +3 +4").unwrap().pawns, [0, 7]);
    assert_eq!(is_legal(&g, "0 x3 0 /4").unwrap().pawns, [0, 0]);
    assert_eq!(
        is_legal(&g, "0 -3 +4").unwrap_err().to_string(),
        "step 1: 0 -3 = -3 is off the board"
    );
}

#[test]
fn rule_3_2_division_must_be_exact() {
    let g = position(&[[35, 0], [0, 0]], (3, 4));
    assert_eq!(
        is_legal(&g, "35 /3 +4").unwrap_err().to_string(),
        "step 1: 35 /3 is not exact"
    );
}

#[test]
fn rule_3_2_uses_split_between_pawns_in_any_order() {
    let g = position(&[[4, 26], [0, 0]], (3, 9));
    assert_eq!(is_legal(&g, "26 x3 4 +9").unwrap().pawns, [13, 78]);
    assert_eq!(is_legal(&g, "4 +9 26 x3").unwrap().pawns, [13, 78]);
}

#[test]
fn rule_3_2_keepers_before_between_and_after_dice() {
    let k = [
        KeeperEffect::PlusMinus { n: 5 },
        KeeperEffect::PlusMinus { n: 2 },
        KeeperEffect::PlusMinus { n: 1 },
    ];
    let g = position_with(&[[10, 20], [0, 0]], (3, 4), &k, false, Options::default());
    let o = is_legal(&g, "10 k+5 +3 k-2 +4 k+1").unwrap();
    assert_eq!(o.pawns, [21, 20]);
    assert_eq!(
        o.keepers_used,
        vec![
            KeeperUse::PlusMinus { n: 1 },
            KeeperUse::PlusMinus { n: 2 },
            KeeperUse::PlusMinus { n: 5 }
        ]
    );
    // Played Keepers go to the discard pile.
    let mut g = g;
    play(&mut g, 0, "10 k+5 +3 +4").unwrap();
    assert_eq!(g.players[0].keepers.len(), 2);
    assert_eq!(g.discard.len(), 1);
}

#[test]
fn rule_3_2_keeper_not_playable_on_the_turn_drawn() {
    // Pawn 10 +1 = 11 (red) draws the stacked ±5 Keeper. It joins the hand marked with
    // the turn it was drawn on, and is playable on its owner's next turn.
    let mut g = position(&[[10, 50], [0, 0]], (1, 2));
    let k5 = stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 5 }));
    let drawn_on = g.turn.number;
    play_and_end(&mut g, "10 +1 50 +2");
    assert_eq!(g.players[0].keepers.len(), 1);
    assert_eq!(g.players[0].keepers[0].card, k5);
    assert_eq!(g.players[0].keepers[0].since_turn, drawn_on);
    // The opponent plays a turn; then seat 0 may play it.
    let seat = g.current();
    assert_eq!(seat, 1);
    let first = legal_outcomes(&g).get(0).unwrap();
    play_and_end(&mut g, &first.witness);
    assert_eq!(g.current(), 0);
    assert_eq!(g.playable_keepers(0).len(), 1);
}

#[test]
fn rule_3_2_keeper_drawn_this_turn_is_refused_with_a_reason() {
    let mut g = position(&[[10, 50], [0, 0]], (1, 2));
    stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 5 }));
    // Make it "drawn this turn": it joins the hand with this turn's number.
    play_and_end(&mut g, "10 +1 50 +2");
    let number = g.turn.number;
    g.players[0].keepers[0].since_turn = number;
    g.turn.seat = 0;
    assert_eq!(
        play(&mut g, 0, "11 k+5").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::KeeperDrawnThisTurn
        }
    );
}

#[test]
fn rule_3_2_passing_and_landing_on_occupied_spaces_allowed() {
    let g = position(&[[10, 0], [13, 16]], (3, 3));
    // 10 → 13 (occupied) → 16 (occupied) → 19 → 22: ends on neither.
    let o = is_legal(&g, "10 +3 +3 +3 +3").unwrap();
    assert_eq!(o.pawns, [22, 0]);
    assert!(o.bumped.is_empty());
}

#[test]
fn rule_3_2_forced_move_under_the_curse() {
    // Cursed, pawns on 3 and 7, roll 9 and 9: no subtraction or exact division exists.
    let g = position_with(&[[3, 7], [50, 60]], (9, 8), &[], true, Options::default());
    assert!(!g.die_has_legal_use(9));
    let mut g2 = g.clone();
    let ev = play(&mut g2, 0, "3 !9").unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ForcedToStart {
            from: 3,
            die: 9,
            ..
        }
    )));
    assert_eq!(g2.players[0].pawns, [0, 7]);
    // Afterwards 0 ÷ 8 = 0 is legal, so the 8 is not forced.
    assert_eq!(
        play(&mut g2.clone(), 0, "7 !8").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::NotForced { die: 8 }
        }
    );
    assert!(legal_outcomes(&g).iter().all(|o| o.pawns.contains(&0)));
    // Not cursed: a forced move is refused.
    let g = position(&[[3, 7], [50, 60]], (9, 8));
    assert!(matches!(
        is_legal(&g, "3 !9 7 +8"),
        Err(RuleError::AtStep {
            step: 1,
            error: StepError::NotForced { die: 9 }
        })
    ));
}

// ----- §3.3 Bump --------------------------------------------------------------------

#[test]
fn rule_3_3_passing_through_never_bumps() {
    let g = position(&[[20, 0], [24, 0]], (4, 2));
    let o = is_legal(&g, "20 +4 +2").unwrap();
    assert!(o.bumped.is_empty());
}

#[test]
fn rule_3_3_own_pawns_last_to_arrive_stays() {
    // Pawns 10 and 16: 10 +3 +3 lands on 16, the unmoved pawn is sent to Start.
    let g = position(&[[10, 16], [0, 0]], (3, 3));
    let o = is_legal(&g, "10 +3 +3 16 +3 -3").unwrap();
    // Both end on 16; the pawn on 16 moved last (+3 −3), so it stays.
    assert_eq!(o.pawns, [0, 16]);
    let o = is_legal(&g, "16 +3 -3 10 +3 +3").unwrap();
    assert_eq!(o.pawns, [16, 0]);
    // Through the engine, with its events.
    let mut g2 = g.clone();
    let ev = play_and_end(&mut g2, "16 +3 -3 10 +3 +3");
    assert_eq!(sent_to_start(&ev), vec![16]);
}

#[test]
fn rule_3_3_unmoved_pawn_is_bumped_by_own_pawn_arriving() {
    let g = position(&[[10, 16], [0, 0]], (3, 3));
    let o = is_legal(&g, "10 +3 +3 x3 /3").unwrap();
    assert_eq!(o.pawns, [16, 0]);
}

#[test]
fn rule_3_3_start_and_goal_never_bump() {
    let g = position(&[[3, 50], [0, 0]], (3, 2));
    // 3 −3 = 0 and x2 stays 0: the opponent's pawns on Start are untouched.
    let o = is_legal(&g, "3 -3 x2").unwrap();
    assert_eq!(o.pawns, [0, 50]);
    assert!(o.bumped.is_empty());
}

#[test]
fn rule_3_3_a_pawn_that_did_not_move_does_not_bump() {
    // An opponent standing with our unmoved pawn (only possible by hand): no bump.
    let g = position(&[[30, 60], [60, 0]], (2, 3));
    let o = is_legal(&g, "30 +2 +3").unwrap();
    assert!(o.bumped.is_empty());
}

// ----- §3.4 Draw --------------------------------------------------------------------

#[test]
fn rule_3_4_one_card_at_most_even_if_both_pawns_qualify() {
    let mut g = position(&[[10, 20], [0, 0]], (1, 3));
    let before = g.draw_pile.len();
    let ev = play_and_end(&mut g, "10 +1 20 +3");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        1
    );
    assert_eq!(g.draw_pile.len(), before - 1);
}

#[test]
fn rule_3_4_leaving_and_coming_back_does_not_draw() {
    let g = position(&[[13, 0], [0, 0]], (2, 2));
    let o = is_legal(&g, "13 +2 -2 x2 /2").unwrap();
    assert_eq!(o.pawns, [13, 0]);
    assert!(!o.draws_card);
}

#[test]
fn rule_3_4_red_spaces_are_11_to_97() {
    let g = position(&[[5, 0], [0, 0]], (2, 1));
    // 5 + 2 = 7 is prime but not red: no card.
    assert!(!is_legal(&g, "5 +2 0 +1").unwrap().draws_card);
}

#[test]
fn rule_3_4_empty_pile_reshuffles_discards() {
    let mut g = position(&[[10, 50], [0, 0]], (1, 2));
    // Every card is in the discard pile; the draw pile is empty.
    g.discard = g.draw_pile.drain(..).collect();
    let ev = play_and_end(&mut g, "10 +1 50 +2");
    assert!(ev.contains(&Event::Reshuffled));
    assert!(drew(&ev));
    assert!(
        g.discard.len() <= 1,
        "only a resolved Action card can be discarded"
    );
    assert!(g.cards_accounted());
}

#[test]
fn rule_3_4_both_piles_empty_no_card() {
    let mut g = position(&[[10, 50], [0, 0]], (1, 2));
    let all: Vec<_> = g.draw_pile.drain(..).collect();
    g.players[1].keepers = all
        .into_iter()
        .map(|card| primeclimb::climb::game::HeldCard {
            card,
            since_turn: 0,
        })
        .collect();
    let ev = play_and_end(&mut g, "10 +1 50 +2");
    assert!(ev.contains(&Event::DeckEmpty));
    assert!(!drew(&ev));
    assert!(g.cards_accounted());
}

// ----- §4 Notation ------------------------------------------------------------------

#[test]
fn rule_4_errors_name_the_step_and_the_reason() {
    let g = position(&[[4, 26], [0, 0]], (3, 9));
    let cases = [
        ("26 +9 x3", "step 2: 35 x3 = 105 is off the board"),
        ("14 -3 x9", "step 1: you have no pawn on 14"),
        ("4 +5", "step 1: you did not roll a 5 (you rolled 3 and 9)"),
        ("4 +3 +3", "step 2: the 3 is already used"),
        (
            "+3 +9",
            "step 1: name a pawn by its space first, e.g. `14 +3`",
        ),
        ("4 k+5", "step 1: you do not hold that Keeper"),
        ("4 +3 +9 +3", "step 3: every die is already used"),
    ];
    for (text, msg) in cases {
        assert_eq!(is_legal(&g, text).unwrap_err().to_string(), msg, "{text}");
    }
}

#[test]
fn rule_4_both_pawns_on_start_are_interchangeable() {
    let g = position(&[[0, 0], [0, 0]], (3, 9));
    let a = is_legal(&g, "0 +3 0 +9").unwrap();
    let b = is_legal(&g, "0 +9 0 +3").unwrap();
    assert!(a.same_end(&b));
    let outs = legal_outcomes(&g);
    assert_eq!(outs.iter().filter(|o| o.pawns == [3, 9]).count(), 1);
}

#[test]
fn rule_4_a_refused_move_changes_nothing() {
    let mut g = position(&[[4, 26], [0, 0]], (3, 9));
    let before = serde_json::to_string(&g).unwrap();
    assert!(play(&mut g, 0, "4 +3 26 +9 x3").is_err());
    assert_eq!(serde_json::to_string(&g).unwrap(), before);
}

#[test]
fn rule_4_partial_moves_and_undo() {
    let mut g = position(&[[4, 26], [0, 0]], (3, 9));
    play(&mut g, 0, "4 +3").unwrap();
    assert_eq!(g.players[0].pawns, [7, 26]);
    // A step without a pawn continues with the pawn moved last.
    play(&mut g, 0, "x9").unwrap();
    assert_eq!(g.players[0].pawns, [63, 26]);
    g.apply(0, &Action::Undo).unwrap();
    assert_eq!(g.players[0].pawns, [7, 26]);
    g.apply(0, &Action::Undo).unwrap();
    assert_eq!(g.players[0].pawns, [4, 26]);
    assert_eq!(g.apply(0, &Action::Undo), Err(RuleError::NothingToUndo));
}

// ----- §5 Winning -------------------------------------------------------------------

#[test]
fn rule_5_exactly_101_goes_home_then_uses_go_to_the_other_pawn() {
    let mut g = position(&[[98, 40], [0, 0]], (3, 2));
    play(&mut g, 0, "98 +3").unwrap();
    assert_eq!(g.players[0].pawns, [GOAL, 40]);
    assert_eq!(
        play(&mut g.clone(), 0, "+2").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::PawnHome
        }
    );
    play(&mut g, 0, "40 +2").unwrap();
    assert!(!g.is_over());
}

#[test]
fn rule_5_win_by_keeper() {
    let g = position_with(
        &[[GOAL, 90], [0, 0]],
        (3, 2),
        &[KeeperEffect::PlusMinus { n: 6 }],
        false,
        Options::default(),
    );
    // 90 + 3 + 2 = 95, +6 = 101.
    let o = is_legal(&g, "90 +3 +2 k+6").unwrap();
    assert!(o.wins);
}

#[test]
fn rule_5_ranking_winner_then_pawns_home_then_sum() {
    let mut g = position(&[[99, GOAL], [50, GOAL], [90, 80], [90, 80]], (2, 5));
    play(&mut g, 0, "99 +2").unwrap();
    assert_eq!(g.ranking(), vec![(0, 1), (1, 2), (2, 3), (3, 3)]);
}

// ----- §6.1 Action cards --------------------------------------------------------------

/// A position where seat 0 draws on a move from 10 to 11 (pawn 0), the other pawn on 50.
fn draws_action(effect: ActionEffect, others: [u8; 2]) -> (Game, Vec<Event>) {
    let mut g = position(&[[10, 50], others], (1, 2));
    stack(&mut g, Effect::Action(effect));
    let ev = play_and_end(&mut g, "10 +1 50 +2");
    (g, ev)
}

#[test]
fn rule_6_1_roll_again_gives_another_turn() {
    let (g, ev) = draws_action(ActionEffect::RollAgain, [0, 0]);
    assert!(ev.contains(&Event::ExtraTurn { seat: 0 }));
    assert_eq!(g.current(), 0);
}

#[test]
fn rule_6_1_reverse_the_digits() {
    let (g, _) = draws_action(ActionEffect::ReverseDigits, [0, 0]);
    assert_eq!(g.players[0].pawns, [11, 52], "11 reversed is 11");
    let mut g = position(&[[10, 50], [31, 0]], (3, 2));
    stack(&mut g, Effect::Action(ActionEffect::ReverseDigits));
    let ev = play_and_end(&mut g, "10 +3 50 +2");
    // 13 → 31 bumps the pawn on 31.
    assert_eq!(g.players[0].pawns, [31, 52]);
    assert_eq!(g.players[1].pawns, [0, 0]);
    assert!(sent_to_start(&ev).contains(&31));
}

#[test]
fn rule_6_1_plus_or_minus_50() {
    let (g, _) = draws_action(
        ActionEffect::AddOrSubtract {
            threshold: 50,
            amount: 50,
        },
        [0, 0],
    );
    assert_eq!(g.players[0].pawns, [61, 52]);
}

#[test]
fn rule_6_1_back_ten_or_double() {
    let (g, _) = draws_action(
        ActionEffect::BackOrMultiply {
            threshold: 50,
            back: 10,
            factor: 2,
        },
        [0, 0],
    );
    assert_eq!(g.players[0].pawns, [22, 52]);
}

#[test]
fn rule_6_1_advance_to_nearest_pawn_ahead_and_send_it_home() {
    let (g, ev) = draws_action(ActionEffect::AdvanceToNearest, [30, 70]);
    // Nearest ahead of 11 on 1–100: 30 (the own pawn on 52 is farther).
    assert_eq!(g.players[0].pawns, [30, 52]);
    assert_eq!(g.players[1].pawns, [0, 70]);
    assert!(sent_to_start(&ev).contains(&30));
}

#[test]
fn rule_6_1_advance_includes_own_pawns_and_no_pawn_ahead_no_effect() {
    let (g, _) = draws_action(ActionEffect::AdvanceToNearest, [0, 0]);
    // Only the own pawn on 52 is ahead: it goes to Start.
    assert_eq!(g.players[0].pawns, [52, 0]);
}

#[test]
fn rule_6_1_reverse_to_nearest_excludes_start() {
    let (g, ev) = draws_action(ActionEffect::ReverseToNearest, [0, 0]);
    assert_eq!(g.players[0].pawns, [11, 52]);
    assert!(ev.iter().any(|e| matches!(e, Event::CardNoEffect { .. })));
    let (g, _) = draws_action(ActionEffect::ReverseToNearest, [5, 0]);
    assert_eq!(g.players[0].pawns, [5, 52]);
    assert_eq!(g.players[1].pawns, [0, 0]);
}

#[test]
fn rule_6_1_send_to_64_any_pawn_bumps_who_is_there() {
    let (mut g, ev) = draws_action(ActionEffect::SendTo { space: 64 }, [64, 20]);
    assert!(ev.iter().any(|e| matches!(e, Event::ChoiceNeeded { .. })));
    let choices = g.pending_choices();
    assert!(choices.contains(&CardChoice::Pawn(PawnRef { seat: 1, pawn: 1 })));
    // Not our turn to choose for someone else:
    assert_eq!(
        g.apply(1, &Action::Choose(choices[0])),
        Err(RuleError::NotYourTurn)
    );
    // Other actions wait for the choice.
    assert!(matches!(
        g.apply(0, &Action::EndMove),
        Err(RuleError::ChoicePending(_))
    ));
    let ev = g
        .apply(
            0,
            &Action::Choose(CardChoice::Pawn(PawnRef { seat: 0, pawn: 1 })),
        )
        .unwrap();
    assert_eq!(g.players[0].pawns, [11, 64]);
    assert_eq!(g.players[1].pawns, [0, 20]);
    assert!(sent_to_start(&ev).contains(&64));
    assert_eq!(g.current(), 1);
}

#[test]
fn rule_6_1_switch_two_pawns_on_different_spaces_no_bump() {
    let (mut g, _) = draws_action(ActionEffect::Switch, [30, 0]);
    let choices = g.pending_choices();
    // Pawns on 1–100: 11, 52, 30 → three pairs; Start is excluded.
    assert_eq!(choices.len(), 3);
    let pick = CardChoice::Switch(PawnRef { seat: 0, pawn: 0 }, PawnRef { seat: 1, pawn: 0 });
    g.apply(0, &Action::Choose(pick)).unwrap();
    assert_eq!(g.players[0].pawns, [30, 52]);
    assert_eq!(g.players[1].pawns, [11, 0]);
}

#[test]
fn rule_6_1_steal_a_keeper_optional_playable_next_turn() {
    let mut g = position(&[[10, 50], [0, 0]], (1, 2));
    // Give the opponent a Keeper from the pile.
    let k = stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 4 }));
    g.draw_pile.pop();
    g.players[1]
        .keepers
        .push(primeclimb::climb::game::HeldCard {
            card: k,
            since_turn: 0,
        });
    stack(&mut g, Effect::Action(ActionEffect::Steal));
    play_and_end(&mut g, "10 +1 50 +2");
    let choices = g.pending_choices();
    assert!(choices.contains(&CardChoice::Decline));
    g.apply(0, &Action::Choose(CardChoice::Steal { from: 1, card: k }))
        .unwrap();
    assert!(g.players[1].keepers.is_empty());
    assert_eq!(g.players[0].keepers[0].card, k);
    assert!(g.cards_accounted());
}

#[test]
fn rule_6_1_steal_with_nothing_to_steal_has_no_effect() {
    let (g, ev) = draws_action(ActionEffect::Steal, [0, 0]);
    assert!(ev.iter().any(|e| matches!(e, Event::CardNoEffect { .. })));
    assert_eq!(g.current(), 1);
}

#[test]
fn rule_6_1_card_landing_on_red_never_draws_again() {
    // 11 +50 = 61 is red, but no second card is drawn.
    let (g, ev) = draws_action(
        ActionEffect::AddOrSubtract {
            threshold: 50,
            amount: 50,
        },
        [0, 0],
    );
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        1
    );
    assert_eq!(g.players[0].pawns[0], 61);
}

#[test]
fn rule_6_1_both_pawns_earned_the_draw_player_chooses() {
    let mut g = position(&[[10, 20], [0, 0]], (1, 3));
    stack(
        &mut g,
        Effect::Action(ActionEffect::AddOrSubtract {
            threshold: 50,
            amount: 50,
        }),
    );
    play_and_end(&mut g, "10 +1 20 +3");
    let choices = g.pending_choices();
    assert_eq!(choices.len(), 2);
    g.apply(
        0,
        &Action::Choose(CardChoice::Pawn(PawnRef { seat: 0, pawn: 1 })),
    )
    .unwrap();
    assert_eq!(g.players[0].pawns, [11, 73]);
}

// ----- §6.2 Keepers -------------------------------------------------------------------

#[test]
fn rule_6_2_plus_minus_n_stays_on_the_board() {
    let g = position_with(
        &[[3, 98], [0, 0]],
        (1, 2),
        &[KeeperEffect::PlusMinus { n: 5 }],
        false,
        Options::default(),
    );
    assert_eq!(
        is_legal(&g, "3 k-5 +1 +2").unwrap_err().to_string(),
        "step 1: 3 -5 = -2 is off the board"
    );
    assert_eq!(
        is_legal(&g, "98 k+5 +1 +2").unwrap_err().to_string(),
        "step 1: 98 +5 = 103 is off the board"
    );
}

#[test]
fn rule_6_2_send_all_within_two_back_to_start() {
    let g = position_with(
        &[[40, 41], [38, 43], [44, 37]],
        (1, 2),
        &[KeeperEffect::SendWithin { distance: 2 }],
        false,
        Options::default(),
    );
    let mut g2 = g.clone();
    let ev = play(&mut g2, 0, "40 kw").unwrap();
    let mut sent = sent_to_start(&ev);
    sent.sort();
    // Within 1 or 2 of 40: 38, 41 (own), but not 43, 44 or 37.
    assert_eq!(sent, vec![38, 41]);
    let o = is_legal(&g, "40 kw +1 +2").unwrap();
    assert_eq!(o.keepers_used, vec![KeeperUse::SendWithin { distance: 2 }]);
    assert_eq!(o.pawns, [43, 0]);
    // The pawn on 43 is then bumped by the move, the pawn on 38 by the Keeper.
    assert_eq!(o.bumped.len(), 2);
}

#[test]
fn rule_6_2_curse_next_turn_only_subtract_or_divide() {
    let mut g = position_with(
        &[[10, 20], [30, 40]],
        (1, 2),
        &[KeeperEffect::Curse, KeeperEffect::Curse],
        false,
        Options::default(),
    );
    let ev = play(&mut g, 0, "kc2 10 +1 20 +2").unwrap();
    assert!(ev.contains(&Event::Cursed { by: 0, target: 1 }));
    // Two curses do not stack.
    assert_eq!(
        play(&mut g.clone(), 0, "kc2").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::AlreadyCursed
        }
    );
    assert_eq!(
        play(&mut g.clone(), 0, "kc1").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::CurseSelf
        }
    );
    g.apply(0, &Action::EndMove).unwrap();
    if g.phase == Phase::Move && g.current() == 1 {
        assert!(g.turn.cursed);
        let r = g.turn.roll;
        let err = play(&mut g.clone(), 1, &format!("30 +{}", r.a)).unwrap_err();
        assert_eq!(
            err,
            RuleError::AtStep {
                step: 1,
                error: StepError::Cursed
            }
        );
        for o in legal_outcomes(&g) {
            assert!(o.pawns[0] <= 30 && o.pawns[1] <= 40, "{o:?}");
        }
    }
}

#[test]
fn rule_6_2_curse_is_listed_with_its_target_in_outcomes() {
    let g = position_with(
        &[[10, 20], [30, 40], [50, 60]],
        (1, 2),
        &[KeeperEffect::Curse],
        false,
        Options::default(),
    );
    let outs = legal_outcomes(&g);
    let plain = outs.iter().filter(|o| o.keepers_used.is_empty()).count();
    // Each movement outcome: no curse, curse seat 2, curse seat 3.
    assert_eq!(outs.len(), plain * 3);
    let cursed = outs
        .iter()
        .find(|o| o.keepers_used == vec![KeeperUse::Curse { target: 2 }])
        .unwrap();
    let back = is_legal(&g, &cursed.witness).unwrap();
    assert!(back.same_end(&cursed));
}

#[test]
fn rule_6_2_played_keepers_go_to_the_discard_pile() {
    let mut g = position_with(
        &[[10, 20], [30, 40]],
        (1, 2),
        &[KeeperEffect::PlusMinus { n: 3 }],
        false,
        Options::default(),
    );
    play(&mut g, 0, "10 k+3").unwrap();
    assert_eq!(
        g.discard,
        vec![card_with(
            &g,
            Effect::Keeper(KeeperEffect::PlusMinus { n: 3 })
        )]
    );
    assert!(g.cards_accounted());
}

// ----- Turn order, resigning, authority -------------------------------------------------

#[test]
fn only_the_player_to_move_may_move() {
    let mut g = position(&[[4, 26], [0, 0]], (3, 9));
    assert_eq!(play(&mut g, 1, "0 +3"), Err(RuleError::NotYourTurn));
    assert_eq!(g.apply(7, &Action::EndMove), Err(RuleError::NoSuchSeat(7)));
}

#[test]
fn resigning_passes_the_turn_and_the_last_player_wins() {
    let mut g = position(&[[4, 26], [5, 6], [7, 8]], (3, 9));
    play(&mut g, 0, "4 +3").unwrap();
    g.apply(0, &Action::Resign).unwrap();
    assert_eq!(
        g.players[0].pawns,
        [4, 26],
        "the unfinished move is taken back"
    );
    assert_eq!(g.current(), 1);
    g.apply(2, &Action::Resign).unwrap();
    assert_eq!(g.winner, Some(1));
    assert!(g.is_over());
}

#[test]
fn ruling_timeout_skip_takes_back_the_steps_and_passes_the_turn() {
    let mut g = position(&[[4, 26], [5, 6]], (3, 9));
    let start = g.players.clone();
    play(&mut g, 0, "4 +9").unwrap();
    assert_eq!(g.players[0].pawns, [13, 26]);
    let ev = g.apply(0, &Action::Skip).unwrap();
    assert!(ev.contains(&Event::Skipped {
        seat: 0,
        taken_back: true
    }));
    // Only the count of turns begun moves on: Player 2's turn has begun.
    assert_eq!(g.players[1].turns, start[1].turns + 1);
    let mut after = g.players.clone();
    after[1].turns = start[1].turns;
    assert_eq!(after, start, "no step, no bump, no card stays");
    assert!(!drew(&ev));
    assert_eq!(g.current(), 1);
    assert!(g.cards_accounted());
    assert_eq!(g.apply(0, &Action::Skip), Err(RuleError::NotYourTurn));
}

#[test]
fn ruling_timeout_skip_keeps_a_finished_move_and_discards_the_waiting_card() {
    let (mut g, _) = draws_action(ActionEffect::SendTo { space: 64 }, [64, 20]);
    assert!(matches!(g.phase, Phase::Choice(_)));
    let ev = g.apply(0, &Action::Skip).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::CardNoEffect { .. })));
    assert_eq!(g.players[0].pawns, [11, 52], "the finished move stands");
    assert_eq!(g.players[1].pawns, [64, 20], "the card did nothing");
    assert_eq!(g.discard.len(), 1);
    assert!(g.cards_accounted());
    assert_eq!(g.current(), 1);
}

#[test]
fn ruling_resigning_while_a_card_waits_keeps_the_finished_move() {
    // The finished move bumped the pawn on 52 and drew "send a pawn to 64"; the drawer
    // resigns instead of choosing. Their move stands, like a skipped turn's, so the bump
    // is not undone, and the card goes to the discard pile without effect.
    let (mut g, _) = draws_action(ActionEffect::SendTo { space: 64 }, [52, 64]);
    assert!(matches!(g.phase, Phase::Choice(_)));
    assert_eq!(
        g.players[1].pawns,
        [0, 64],
        "the move bumped the pawn on 52"
    );
    let ev = g.apply(0, &Action::Resign).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::CardNoEffect { .. })));
    assert_eq!(g.players[1].pawns, [0, 64], "the bump is not taken back");
    assert_eq!(g.discard.len(), 1, "the waiting card is discarded");
    assert!(g.cards_accounted());
    assert_eq!(g.winner, Some(1));
}

#[test]
fn ruling_timeout_skip_loses_a_roll_again() {
    let mut g = position(&[[10, 50], [0, 0]], (1, 2));
    stack(&mut g, Effect::Action(ActionEffect::RollAgain));
    play(&mut g, 0, "10 +1 50 +2").unwrap();
    // The Move phase is not ended: the player idles with every die used.
    g.apply(0, &Action::Skip).unwrap();
    assert_eq!(g.current(), 1, "nothing was drawn, and no extra turn");
    let (mut g, _) = draws_action(ActionEffect::RollAgain, [0, 0]);
    assert_eq!(g.current(), 0);
    g.apply(0, &Action::Skip).unwrap();
    assert_eq!(g.current(), 1, "the extra turn is skipped, not replayed");
}

#[test]
fn new_game_needs_two_to_four_players() {
    let names = |n: usize| (0..n).map(|i| format!("p{i}")).collect::<Vec<_>>();
    assert!(Game::new(Options::default(), &names(1), 1).is_err());
    assert!(Game::new(Options::default(), &names(5), 1).is_err());
    let g = Game::new(Options::default(), &names(4), 1).unwrap();
    assert_eq!(g.draw_pile.len(), 24);
    assert!(g.cards_accounted());
    // Same seed, same game.
    assert_eq!(g, Game::new(Options::default(), &names(4), 1).unwrap());
}

#[test]
fn keeper_play_api_checks_the_card_kind() {
    let mut g = position_with(
        &[[10, 20], [30, 40]],
        (1, 2),
        &[KeeperEffect::PlusMinus { n: 3 }],
        false,
        Options::default(),
    );
    let card = g.players[0].keepers[0].card;
    assert_eq!(
        g.apply(
            0,
            &Action::Keeper {
                card,
                play: KeeperPlay::Curse { target: 1 }
            }
        ),
        Err(RuleError::Step(StepError::KeeperMismatch))
    );
}

// ----- ruling: taking back a finished move (LastMove) ------------------------------------

/// A game as JSON without its dice generator.
fn but_the_dice_generator(g: &Game) -> serde_json::Value {
    let mut v = serde_json::to_value(g).expect("serialise");
    if let Some(o) = v.as_object_mut() {
        o.remove("rng");
    }
    v
}

#[test]
fn ruling_take_back_a_finished_move_until_the_next_player_acts() {
    // 4 +3 = 7 and 26 ×9 is off the board; 4 +3 = 7, 7 x9 = 63: no red space, no card.
    let mut g = position(&[[4, 26], [50, 60]], (3, 9));
    let start = g.clone();
    play(&mut g, 0, "4 +3 x9").expect("a legal move");
    let ended = g.apply(0, &Action::EndMove).expect("the move ends");
    assert_eq!(g.current(), 1);
    assert_eq!(g.take_back_seat(), Some(0));
    // The mover takes it back: the game is as it was when the move began, the same dice
    // and every step undone, so another move can be played.
    let ev = g.apply(0, &Action::TakeBack).expect("taken back");
    assert_eq!(ev, vec![Event::TookBack { seat: 0 }]);
    assert_eq!(but_the_dice_generator(&g), but_the_dice_generator(&start));
    let taken_back = g.clone();
    play(&mut g, 0, "26 +3 x9").expect_err("26 + 3 = 29, 29 × 9 is off the board");
    assert_eq!(g, taken_back, "a refused move changes nothing");
    play(&mut g, 0, "4 +3 x9").expect("the same move again");
    // Ended again, the next player's dice are rolled anew: the roll shown after the first
    // try was never promised (it would tell the mover what the next player will roll).
    let again = g.apply(0, &Action::EndMove).unwrap();
    assert_eq!(again.len(), ended.len());
    let rolls = |ev: &[Event]| {
        ev.iter()
            .filter(|e| matches!(e, Event::TurnStarted { .. }))
            .count()
    };
    assert_eq!(rolls(&again), 1);
    // Over many games, the second roll is not the first one.
    let mut same = 0;
    for seed in 0..50 {
        let mut g = position_seeded(&[[4, 26], [50, 60]], (3, 9), seed);
        play_and_end(&mut g, "4 +3 x9");
        let first = g.turn.roll;
        g.apply(0, &Action::TakeBack).expect("taken back");
        play_and_end(&mut g, "4 +3 x9");
        same += usize::from(g.turn.roll == first);
    }
    assert!(same < 10, "{same} of 50 rolls came back the same");
    // Once the next player acts, it stands.
    let roll = g.turn.roll;
    let seat1 = g.players[1].pawns[0];
    play(&mut g, 1, &format!("{seat1} +{}", roll.a)).expect("a step");
    assert_eq!(g.take_back_seat(), None);
    assert_eq!(
        g.apply(0, &Action::TakeBack),
        Err(RuleError::NothingToTakeBack)
    );
}

#[test]
fn ruling_only_the_mover_takes_back_and_not_after_a_card() {
    let mut g = position(&[[4, 26], [50, 60]], (3, 9));
    play_and_end(&mut g, "4 +3 x9");
    let before = g.clone();
    assert_eq!(
        g.apply(1, &Action::TakeBack),
        Err(RuleError::NothingToTakeBack)
    );
    assert_eq!(g, before, "a refusal changes nothing");
    // A move that draws a card stands: the card has been seen, and the refusal says so.
    let mut g = position(&[[4, 26], [50, 60]], (3, 9));
    let ev = play_and_end(&mut g, "4 +9 26 x3");
    assert!(drew(&ev), "13 is red: a card is drawn");
    assert_eq!(g.take_back_seat(), None);
    assert_eq!(
        g.apply(0, &Action::TakeBack),
        Err(RuleError::LastMoveCardSeen)
    );
    assert_eq!(
        RuleError::LastMoveCardSeen.to_string(),
        "a card was drawn during your last move, so it can no longer be taken back",
        "the refusal names the last move, not this turn"
    );
}

#[test]
fn ruling_a_move_that_can_be_taken_back_is_saved_and_read_back() {
    let mut g = position(&[[4, 26], [50, 60]], (3, 9));
    play_and_end(&mut g, "4 +3 x9");
    let json = serde_json::to_string(&g).expect("serialise");
    let back: Game = serde_json::from_str(&json).expect("read back");
    assert_eq!(back, g);
    let mut back = back;
    back.apply(0, &Action::TakeBack)
        .expect("taken back from the saved game");
}
