//! The steps offered for playing by clicking (`climb::steps`): exactly the single steps
//! the rules allow (§3.2, §6.2), each landing where the notation says, none a dead end,
//! and whole games played through them alone.

use std::collections::BTreeSet;

use crate::support::position::{position, position_with};

use primeclimb::climb::notation::{self, Token};
use primeclimb::climb::ops::Op;
use primeclimb::climb::steps::{next_steps, NextSteps, Step};
use primeclimb::climb::{Action, Doubles, Game, KeeperEffect, KeeperPlay, Options, PawnRef, Phase};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The offered steps of the pawn on `space`, as `(notation, lands)`.
fn of(next: &NextSteps, space: u8) -> Vec<(String, Option<u8>)> {
    next.of(space)
        .map(|p| p.steps.iter().map(|s| (s.notation(), s.lands)).collect())
        .unwrap_or_default()
}

#[test]
fn rule_3_2_a_pawn_is_offered_every_use_that_stays_on_the_board() {
    // §3.2: 14 with 3 and 9; ×9 = 126 is off the board, 14 ÷ 3 and 14 ÷ 9 are not exact.
    let g = position(&[[14, 0], [20, 30]], (3, 9));
    let next = next_steps(&g, 0);
    assert_eq!(
        of(&next, 14),
        vec![
            ("14 +3".to_string(), Some(17)),
            ("14 -3".to_string(), Some(11)),
            ("14 x3".to_string(), Some(42)),
            ("14 +9".to_string(), Some(23)),
            ("14 -9".to_string(), Some(5)),
        ]
    );
    // §3.2 at Start: 0 + d, 0 × d and 0 ÷ d are legal, 0 − d is not.
    assert_eq!(
        of(&next, 0),
        vec![
            ("0 +3".to_string(), Some(3)),
            ("0 x3".to_string(), Some(0)),
            ("0 /3".to_string(), Some(0)),
            ("0 +9".to_string(), Some(9)),
            ("0 x9".to_string(), Some(0)),
            ("0 /9".to_string(), Some(0)),
        ]
    );
    assert_eq!(
        next.pawns.iter().map(|p| p.space).collect::<Vec<_>>(),
        [0, 14]
    );
    assert!(next.curses.is_empty());
    // Not the player to move: nothing.
    assert!(next_steps(&g, 1).is_empty());
}

#[test]
fn rule_4_both_pawns_at_start_are_one_choice_and_doubles_offer_one_value() {
    let g = position(&[[0, 0], [5, 5]], (4, 4));
    let next = next_steps(&g, 0);
    assert_eq!(next.pawns.len(), 1);
    assert_eq!(
        of(&next, 0),
        vec![
            ("0 +4".to_string(), Some(4)),
            ("0 x4".to_string(), Some(0)),
            ("0 /4".to_string(), Some(0)),
        ]
    );
}

#[test]
fn rule_5_nothing_goes_past_101_and_a_pawn_home_is_not_offered() {
    // §5: 98 with a 7: only 91 or 14.
    let g = position(&[[98, 101], [5, 5]], (7, 2));
    let next = next_steps(&g, 0);
    assert_eq!(next.pawns.len(), 1, "the pawn home has no steps");
    let sevens: Vec<_> = of(&next, 98)
        .into_iter()
        .filter(|(n, _)| n.ends_with('7'))
        .collect();
    assert_eq!(
        sevens,
        vec![
            ("98 -7".to_string(), Some(91)),
            ("98 /7".to_string(), Some(14))
        ]
    );
}

#[test]
fn rule_3_2_the_curse_offers_only_subtraction_division_and_forced_moves() {
    // Cursed on 3 and 7 with 9 and 8: no use of 9 exists, so 9 is a forced move (§3.2).
    let g = position_with(&[[3, 7], [50, 60]], (9, 8), &[], true, Options::default());
    let next = next_steps(&g, 0);
    // Nor of 8 (3 − 8, 7 − 8 are below Start; 8 divides neither): both are forced.
    assert_eq!(
        of(&next, 3),
        vec![("3 !9".to_string(), Some(0)), ("3 !8".to_string(), Some(0))]
    );
    assert_eq!(
        of(&next, 7),
        vec![("7 !9".to_string(), Some(0)), ("7 !8".to_string(), Some(0))]
    );
    // After the forced move, 0 ÷ 8 = 0 is a use, so the 8 is not forced.
    let mut g2 = g.clone();
    notation::play(&mut g2, 0, "3 !9").unwrap();
    let next = next_steps(&g2, 0);
    assert_eq!(of(&next, 0), vec![("0 /8".to_string(), Some(0))]);
}

#[test]
fn rule_6_2_keepers_are_steps_on_a_pawn_and_curses_name_a_player() {
    let keepers = [
        KeeperEffect::PlusMinus { n: 5 },
        KeeperEffect::SendWithin { distance: 2 },
        KeeperEffect::Curse,
    ];
    let g = position_with(&[[40, 0], [41, 60], [2, 3]], (2, 3), &keepers, false, {
        Options::default()
    });
    let next = next_steps(&g, 0);
    let forty = of(&next, 40);
    for (written, lands) in [("40 k+5", 45), ("40 k-5", 35), ("40 kw", 40)] {
        assert!(
            forty.contains(&(written.to_string(), Some(lands))),
            "{written} → {lands} in {forty:?}"
        );
    }
    // At Start, −5 is off the board.
    let start = of(&next, 0);
    assert!(start.contains(&("0 k+5".to_string(), Some(5))));
    assert!(!start.iter().any(|(n, _)| n == "0 k-5"));
    let curses: Vec<String> = next.curses.iter().map(Step::notation).collect();
    assert_eq!(curses, ["kc2", "kc3"], "the two others, not oneself");
    assert!(next
        .curses
        .iter()
        .all(|c| c.pawn.is_none() && c.lands.is_none()));
}

#[test]
fn rule_6_2_a_keeper_drawn_this_turn_is_not_offered() {
    let mut g = position_with(
        &[[40, 0], [41, 60]],
        (2, 3),
        &[KeeperEffect::PlusMinus { n: 5 }],
        false,
        Options::default(),
    );
    let turn = g.turn.number;
    for k in &mut g.players[0].keepers {
        k.since_turn = turn;
    }
    let next = next_steps(&g, 0);
    assert!(!of(&next, 40).iter().any(|(n, _)| n.contains('k')));
}

/// A step as the rules see it, pawn named by its space: what `apply` would do.
fn key_of(g: &Game, seat: usize, action: &Action) -> Option<(Option<u8>, String)> {
    let space = |pawn: usize| Some(g.players[seat].pawns[pawn]);
    Some(match *action {
        Action::Die { pawn, op, die } => (space(pawn), format!("{}{die}", op.symbol())),
        Action::Forced { pawn, die } => (space(pawn), format!("!{die}")),
        Action::Keeper { card, play } => match (g.card(card).keeper()?, play) {
            (KeeperEffect::PlusMinus { n }, KeeperPlay::PlusMinus { pawn, add }) => {
                (space(pawn), format!("pm {add} {n}"))
            }
            (KeeperEffect::SendWithin { distance }, KeeperPlay::SendWithin { pawn }) => {
                (space(pawn), format!("sw {distance}"))
            }
            (KeeperEffect::Curse, KeeperPlay::Curse { target }) => (None, format!("c {target}")),
            _ => return None,
        },
        _ => return None,
    })
}

/// Every single step `apply` accepts now, by key.
fn accepted(g: &Game) -> BTreeSet<(Option<u8>, String)> {
    let seat = g.current();
    super::invariants::candidate_actions(g)
        .into_iter()
        .filter(|a| g.clone().apply(seat, a).is_ok())
        .filter_map(|a| key_of(g, seat, &a))
        .collect()
}

/// The offered steps by key (each read back through the notation), checking that each
/// lands where it says.
fn offered(g: &Game, next: &NextSteps) -> BTreeSet<(Option<u8>, String)> {
    let seat = g.current();
    let steps = next
        .pawns
        .iter()
        .flat_map(|p| p.steps.iter())
        .chain(&next.curses);
    let mut out = BTreeSet::new();
    for step in steps {
        let read = notation::read(g, seat, &step.notation())
            .unwrap_or_else(|e| panic!("{} offered but refused: {e}", step.notation()));
        assert_eq!(read.actions.len(), 1, "{} is one step", step.notation());
        let key = key_of(g, seat, &read.actions[0]).expect("a step");
        assert_eq!(key.0, step.pawn, "{} names its pawn", step.notation());
        if let (Some(lands), Action::Die { pawn, .. } | Action::Forced { pawn, .. }) =
            (step.lands, &read.actions[0])
        {
            assert_eq!(read.game.players[seat].pawns[*pawn], lands);
        }
        assert!(out.insert(key), "{} offered twice", step.notation());
    }
    out
}

/// How far `seat`'s pawns are along their course (§7: the way back counts after the way
/// there; a pawn home counts most).
fn progress(g: &Game, seat: usize) -> i32 {
    let p = &g.players[seat];
    (0..g.options.pawn_count())
        .map(|i| {
            if g.is_home(PawnRef { seat, pawn: i }) {
                return 1_000;
            }
            let start = i32::from(g.options.start_space(p.returning[i]));
            let there = if p.returning[i] { 101 } else { 0 };
            there + (i32::from(p.pawns[i]) - start).abs()
        })
        .sum()
}

/// Play a game through the offered steps alone (and End, and a card's choices); check at
/// every step that the offer is exactly what the rules accept and is never a dead end.
fn play_by_steps(seed: u64, players: usize, options: Options) -> usize {
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let mut g = Game::new(options, &names, seed).expect("a game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut steps = 0;
    while !g.is_over() {
        assert!(steps < 20_000, "game {seed} does not end");
        let seat = g.current();
        if let Phase::Choice(_) = g.phase {
            let c = *g.pending_choices().choose(&mut rng).expect("a choice");
            g.apply(seat, &Action::Choose(c)).expect("a listed choice");
            continue;
        }
        let next = next_steps(&g, seat);
        assert_eq!(offered(&g, &next), accepted(&g), "game {seed}: {g:?}");
        if next.is_empty() || (g.can_end_move() && rng.gen_bool(0.7)) {
            assert!(g.can_end_move(), "game {seed}: a dead end at {g:?}");
            g.apply(seat, &Action::EndMove).expect("the move ends");
            continue;
        }
        // Mostly the step that goes furthest along the course, sometimes anything offered.
        let all: Vec<&Step> = next
            .pawns
            .iter()
            .flat_map(|p| p.steps.iter())
            .chain(&next.curses)
            .collect();
        let step = if rng.gen_bool(0.6) {
            **all
                .iter()
                .max_by_key(|s| {
                    let mut after = g.clone();
                    notation::play(&mut after, seat, &s.notation()).expect("offered");
                    progress(&after, seat)
                })
                .expect("a step")
        } else {
            **all.choose(&mut rng).expect("a step")
        };
        notation::play(&mut g, seat, &step.notation()).expect("an offered step plays");
        steps += 1;
    }
    steps
}

#[test]
fn random_games_played_by_steps_alone_offer_exactly_the_legal_steps() {
    let mut total = 0;
    for seed in 0..300 {
        let options = Options {
            doubles: if seed % 3 == 0 {
                Doubles::May
            } else {
                Doubles::Must
            },
            ..Options::default()
        };
        total += play_by_steps(seed, 2 + (seed as usize % 3), options);
    }
    assert!(total > 10_000, "{total} steps played");
}

#[test]
fn variants_played_by_steps_alone_end() {
    for seed in 0..40 {
        let course = match seed % 3 {
            0 => primeclimb::climb::Course::Decline,
            1 => primeclimb::climb::Course::ThereAndBack,
            _ => primeclimb::climb::Course::Climb,
        };
        let options = Options {
            course,
            one_pawn: seed % 4 == 0,
            one_die: seed % 5 == 1,
            add_subtract: seed % 7 == 2,
            ..Options::default()
        };
        play_by_steps(1_000 + seed, 2, options);
    }
}

#[test]
fn a_step_token_written_is_read_back() {
    let tokens = [
        Token::Die(Op::Mul, 9),
        Token::Forced(3),
        Token::PlusMinus { add: false, n: 5 },
        Token::SendWithin(None),
        Token::SendWithin(Some(3)),
        Token::Curse(2),
    ];
    for t in tokens {
        assert_eq!(notation::parse(&t.to_string()).unwrap(), vec![t]);
    }
}
