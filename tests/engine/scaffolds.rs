//! The scaffold variants for younger or beginning players (`docs/rules-prime-climb.md`
//! §10): one die, one pawn, add and subtract only. One test per ruling; exhaustive checks
//! over every space and every die that the legal outcomes respect each variant; a brute
//! force walk that agrees with the outcome search; random AI games on every combination;
//! the variant words.

use crate::support::position;

use std::collections::{BTreeSet, HashSet};

use position::stack;
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::notation::{self, play};
use primeclimb::climb::ops::Op;
use primeclimb::climb::options::WayStations;
use primeclimb::climb::{
    hint, is_legal, legal_outcomes, Action, ActionEffect, Course, Doubles, Effect, Event, Game,
    KeeperEffect, KeeperPlay, Options, OptionsError, Outcome, PawnRef, Phase, PositionSetup, Roll,
    RuleError, StepError, GOAL, START,
};
use primeclimb::lang::Lang;
use primeclimb::session::request::{climb_options, RequestError};
use primeclimb::text::lobby::{climb_badges, variant_list};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ----- helpers ------------------------------------------------------------------------

const ONE_DIE: u8 = 1;
const ONE_PAWN: u8 = 2;
const ADD_SUBTRACT: u8 = 4;

/// The seven combinations of the three scaffolds, as bit masks.
const COMBINATIONS: [u8; 7] = [1, 2, 3, 4, 5, 6, 7];

fn scaffold(mask: u8) -> Options {
    Options {
        one_die: mask & ONE_DIE != 0,
        one_pawn: mask & ONE_PAWN != 0,
        add_subtract: mask & ADD_SUBTRACT != 0,
        ..Options::default()
    }
}

fn with(mask: u8, f: impl FnOnce(&mut Options)) -> Options {
    let mut o = scaffold(mask);
    f(&mut o);
    o
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{}", i + 1)).collect()
}

/// A game at a hand-built position: `pawns[seat]`, seat 0 to move with `roll` (in a
/// one-pawn game the second space is ignored; in a one-die game only `roll.a` counts).
fn at(
    options: Options,
    pawns: &[[u8; 2]],
    roll: Roll,
    keepers: &[KeeperEffect],
    cursed: bool,
) -> Game {
    let setup = PositionSetup {
        pawns: pawns.to_vec(),
        keepers: vec![keepers.to_vec()],
        to_move: 0,
        roll: Some(roll),
        cursed,
    };
    Game::from_position(options, &setup, 7).expect("a valid position")
}

fn roll(a: u8, b: u8) -> Roll {
    Roll::new(a, b).expect("die faces")
}

fn die(d: u8) -> Roll {
    Roll::single(d).expect("a die face")
}

/// The actions an outcome's witness stands for.
fn witness_actions(g: &Game, o: &Outcome) -> Vec<Action> {
    let tokens = notation::parse(&o.witness)
        .unwrap_or_else(|e| panic!("witness `{}` does not parse: {e}", o.witness));
    notation::resolve(g, g.current(), &tokens)
        .unwrap_or_else(|e| panic!("witness `{}` does not resolve: {e}", o.witness))
        .0
}

fn dice_steps(actions: &[Action]) -> usize {
    actions
        .iter()
        .filter(|a| matches!(a, Action::Die { .. } | Action::Forced { .. }))
        .count()
}

/// Where one pawn may stand on a course, with its There-and-Back leg.
fn course_spots(course: Course) -> Vec<(u8, bool)> {
    match course {
        Course::Climb => (0..=100).map(|s| (s, false)).collect(),
        Course::Decline => (1..=101).map(|s| (s, false)).collect(),
        Course::ThereAndBack => (0..=100)
            .map(|s| (s, false))
            .chain((1..=101).map(|s| (s, true)))
            .collect(),
    }
}

const COURSES: [Course; 3] = [Course::Climb, Course::Decline, Course::ThereAndBack];

/// A position on `course`: the mover's pawn 0 on `spot`, the mover's other pawn and an
/// opponent's on their start space.
fn spot_position(options: Options, spot: (u8, bool), r: Roll, cursed: bool) -> Game {
    let start = options.start_space(false);
    let mut g = at(options, &[[spot.0, start], [start, start]], r, &[], cursed);
    g.players[0].returning[0] = spot.1;
    g
}

/// Every roll of the game's dice (unordered for two dice: the outcomes do not depend on
/// the order of the dice).
fn all_rolls(one_die: bool) -> Vec<Roll> {
    if one_die {
        (1..=10).map(die).collect()
    } else {
        Roll::all().filter(|r| r.a <= r.b).collect()
    }
}

// ----- One die ---------------------------------------------------------------------------

#[test]
fn one_die_rolls_a_single_die_used_once_and_never_doubles() {
    for seed in 0..40 {
        let mut g = Game::new(scaffold(ONE_DIE), &names(2), seed).unwrap();
        for _ in 0..12 {
            if g.is_over() {
                break;
            }
            if g.phase == Phase::Move && g.turn.steps.is_empty() {
                assert!(g.turn.roll.is_single(), "{:?}", g.turn.roll);
                assert!(!g.turn.roll.is_doubles());
                assert_eq!(g.turn.uses.list(), vec![g.turn.roll.a]);
            }
            ai::play(&mut g, Level::Medium).unwrap();
        }
    }
}

#[test]
fn one_die_the_value_goes_to_either_pawn() {
    let g = at(scaffold(ONE_DIE), &[[4, 26], [0, 0]], die(3), &[], false);
    assert_eq!(is_legal(&g, "4 +3").unwrap().pawns, [7, 26]);
    assert_eq!(is_legal(&g, "26 x3").unwrap().pawns, [4, 78]);
    for o in &legal_outcomes(&g) {
        let moved = usize::from(o.pawns[0] != 4) + usize::from(o.pawns[1] != 26);
        assert!(moved <= 1, "one die moves one pawn: {o:?}");
    }
}

#[test]
fn one_die_a_second_value_or_a_second_use_is_refused() {
    let g = at(scaffold(ONE_DIE), &[[4, 26], [0, 0]], die(3), &[], false);
    let e = is_legal(&g, "4 +3 26 +9").unwrap_err();
    assert!(matches!(
        e,
        RuleError::AtStep {
            step: 2,
            error: StepError::DieNotRolled { die: 9, .. }
        }
    ));
    assert_eq!(e.to_string(), "step 2: you did not roll a 9 (you rolled 3)");
    assert_eq!(
        is_legal(&g, "4 +3 +3").unwrap_err(),
        RuleError::AtStep {
            step: 2,
            error: StepError::NoUsesLeft
        }
    );
}

#[test]
fn one_die_keepers_are_played_before_or_after_and_do_not_use_it_up() {
    let k5 = [KeeperEffect::PlusMinus { n: 5 }];
    for text in ["4 k+5 +3", "4 +3 k+5"] {
        let mut g = at(scaffold(ONE_DIE), &[[4, 26], [0, 0]], die(3), &k5, false);
        play(&mut g, 0, text).unwrap();
        assert_eq!(g.players[0].pawns, [12, 26], "{text}");
        assert!(g.can_end_move());
    }
    // A Keeper alone leaves the die to use.
    let mut g = at(scaffold(ONE_DIE), &[[4, 26], [0, 0]], die(3), &k5, false);
    play(&mut g, 0, "4 k+5").unwrap();
    assert_eq!(g.turn.uses.list(), vec![3]);
    assert!(!g.can_end_move());
}

#[test]
fn one_die_forced_move_sends_a_pawn_to_start_under_a_curse() {
    // Cursed: 1 and 2 can neither subtract 3 nor divide by 3.
    let g = at(scaffold(ONE_DIE), &[[1, 2], [0, 0]], die(3), &[], true);
    let ends: BTreeSet<[u8; 2]> = legal_outcomes(&g).iter().map(|o| o.pawns).collect();
    assert_eq!(ends, BTreeSet::from([[0, 2], [1, 0]]));
    assert_eq!(is_legal(&g, "1 !3").unwrap().pawns, [0, 2]);
}

#[test]
fn one_die_and_doubles_may_are_refused_together() {
    let o = with(ONE_DIE, |o| o.doubles = Doubles::May);
    let e = Game::new(o, &names(2), 1).unwrap_err();
    assert_eq!(e, RuleError::Options(OptionsError::DoublesWithOneDie));
    assert!(e.to_string().contains("one die never rolls doubles"), "{e}");
    let fr = primeclimb::text::errors::rule(&e, Lang::Fr);
    assert!(fr.to_lowercase().contains("un seul dé"), "{fr}");
}

// ----- One pawn --------------------------------------------------------------------------

#[test]
fn one_pawn_each_player_has_one_pawn_on_every_course() {
    for course in COURSES {
        let o = with(ONE_PAWN, |o| o.course = course);
        let g = Game::new(o.clone(), &names(3), 1).unwrap();
        let in_play: Vec<(PawnRef, u8)> = g.pawns_in_play().collect();
        assert_eq!(in_play.len(), 3, "{course:?}");
        for (p, s) in in_play {
            assert_eq!(p.pawn, 0);
            assert_eq!(s, o.start_space(false));
            assert_eq!(g.pawns_home(p.seat), 0);
            assert!(g.is_home(PawnRef {
                seat: p.seat,
                pawn: 1
            }));
        }
    }
}

#[test]
fn one_pawn_wins_when_its_pawn_reaches_the_goal() {
    // §8.6 with one pawn: 99 +2 wins and the 5 is never used.
    let mut g = at(
        scaffold(ONE_PAWN),
        &[[99, 0], [5, 0]],
        roll(2, 5),
        &[],
        false,
    );
    assert_eq!(
        g.players[0].pawns,
        [99, GOAL],
        "the second pawn is set aside"
    );
    play(&mut g, 0, "99 +2").unwrap();
    assert_eq!(g.winner, Some(0));
    assert_eq!(g.pawns_home(0), 1);
}

#[test]
fn one_pawn_in_decline_wins_at_zero() {
    let o = with(ONE_PAWN, |o| o.course = Course::Decline);
    let mut g = at(o, &[[3, 0], [50, 0]], roll(3, 4), &[], false);
    play(&mut g, 0, "3 -3").unwrap();
    assert_eq!(g.winner, Some(0));
}

#[test]
fn one_pawn_there_and_back_turns_at_101_and_wins_back_on_zero() {
    let o = with(ONE_PAWN, |o| o.course = Course::ThereAndBack);
    let mut g = at(o.clone(), &[[98, 0], [50, 0]], roll(3, 2), &[], false);
    play(&mut g, 0, "98 +3 -2").unwrap();
    assert_eq!(g.players[0].pawns[0], 99);
    assert!(g.players[0].returning[0]);
    assert_eq!(g.winner, None);
    let mut g = at(o, &[[4, 0], [50, 0]], roll(4, 2), &[], false);
    g.players[0].returning[0] = true;
    play(&mut g, 0, "4 -4").unwrap();
    assert_eq!(g.winner, Some(0));
}

#[test]
fn one_pawn_with_sprint_changes_nothing() {
    let o = with(ONE_PAWN, |o| o.sprint = true);
    let g = Game::new(o.clone(), &names(2), 3).unwrap();
    assert!(
        !g.is_over(),
        "the pawn set aside does not count as a finished pawn"
    );
    let mut g = at(o, &[[99, 0], [5, 0]], roll(2, 5), &[], false);
    play(&mut g, 0, "99 +2").unwrap();
    assert_eq!(g.winner, Some(0));
}

#[test]
fn one_pawn_the_missing_pawn_cannot_be_named_or_moved() {
    let mut g = at(
        scaffold(ONE_PAWN),
        &[[14, 0], [5, 0]],
        roll(3, 9),
        &[],
        false,
    );
    assert_eq!(
        is_legal(&g, "101 +3").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::NoPawnOn(GOAL)
        }
    );
    let step = Action::Die {
        pawn: 1,
        op: Op::Add,
        die: 3,
    };
    assert_eq!(
        g.apply(0, &step),
        Err(RuleError::Step(StepError::NoSuchPawn(1)))
    );
}

#[test]
fn one_pawn_with_way_stations_the_one_pawn_visits_every_station() {
    let o = with(ONE_PAWN, |o| o.way_stations = WayStations::Chosen(vec![37]));
    let g = at(o, &[[99, 0], [5, 0]], roll(2, 5), &[], false);
    assert_eq!(
        is_legal(&g, "99 +2").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::StationsFirst(vec![37])
        }
    );
}

#[test]
fn one_pawn_switch_never_picks_a_second_own_pawn() {
    let mut g = at(
        scaffold(ONE_PAWN),
        &[[10, 0], [30, 0], [40, 0]],
        roll(1, 2),
        &[],
        false,
    );
    stack(&mut g, Effect::Action(ActionEffect::Switch));
    play(&mut g, 0, "10 +1 +2").unwrap();
    g.apply(0, &Action::EndMove).unwrap();
    let choices = g.pending_choices();
    assert_eq!(choices.len(), 3, "{choices:?}");
    for c in choices {
        let primeclimb::climb::CardChoice::Switch(a, b) = c else {
            panic!("{c:?}");
        };
        assert_eq!((a.pawn, b.pawn), (0, 0));
    }
}

#[test]
fn one_pawn_cards_act_on_the_one_pawn() {
    let mut g = at(
        scaffold(ONE_PAWN),
        &[[10, 0], [50, 0]],
        roll(3, 1),
        &[],
        false,
    );
    stack(&mut g, Effect::Action(ActionEffect::ReverseDigits));
    play(&mut g, 0, "10 +3 x1").unwrap();
    g.apply(0, &Action::EndMove).unwrap();
    assert_eq!(g.players[0].pawns, [31, GOAL]);
    // The nearest pawn ahead is another player's: the pawn set aside is never one.
    let mut g = at(
        scaffold(ONE_PAWN),
        &[[10, 0], [20, 0]],
        roll(3, 1),
        &[],
        false,
    );
    stack(&mut g, Effect::Action(ActionEffect::AdvanceToNearest));
    play(&mut g, 0, "10 +3 x1").unwrap();
    g.apply(0, &Action::EndMove).unwrap();
    assert_eq!(g.players[0].pawns, [20, GOAL]);
    assert_eq!(g.players[1].pawns, [0, GOAL]);
    // Send within two spaces reaches only other players' pawns.
    let within = [KeeperEffect::SendWithin { distance: 2 }];
    let mut g = at(
        scaffold(ONE_PAWN),
        &[[99, 0], [98, 0]],
        roll(1, 1),
        &within,
        false,
    );
    play(&mut g, 0, "99 kw").unwrap();
    assert_eq!(g.players[1].pawns, [0, GOAL]);
    assert_eq!(g.players[0].pawns, [99, GOAL]);
}

#[test]
fn one_pawn_ranking_counts_the_one_pawn() {
    let g = at(
        scaffold(ONE_PAWN),
        &[[50, 0], [70, 0]],
        roll(3, 9),
        &[],
        false,
    );
    assert_eq!(g.pawns_home(0), 0);
    assert_eq!(g.ranking(), vec![(1, 1), (0, 2)]);
}

#[test]
fn one_pawn_solitaire_is_allowed() {
    let o = with(ONE_PAWN, |o| o.solitaire = true);
    let g = Game::new(o, &names(1), 3).unwrap();
    assert_eq!(g.pawns_in_play().count(), 1);
}

#[test]
fn one_pawn_the_picture_draws_one_token_per_player() {
    use primeclimb::render::pawns::token_places;
    use primeclimb::render::Layout;
    let layout = Layout::new(512);
    for course in COURSES {
        let g = Game::new(with(ONE_PAWN, |o| o.course = course), &names(3), 2).unwrap();
        let places = token_places(&layout, &g);
        assert_eq!(places.len(), 3, "{course:?}");
        assert!(places.iter().all(|(p, _)| p.pawn == 0));
        // Two pawns each in the standard game.
        let g = Game::new(
            Options {
                course,
                ..Options::default()
            },
            &names(3),
            2,
        )
        .unwrap();
        assert_eq!(token_places(&layout, &g).len(), 6);
    }
}

// ----- Add and subtract --------------------------------------------------------------------

#[test]
fn add_subtract_refuses_times_and_divide() {
    let g = at(
        scaffold(ADD_SUBTRACT),
        &[[4, 27], [0, 0]],
        roll(3, 9),
        &[],
        false,
    );
    let e = is_legal(&g, "4 x3").unwrap_err();
    assert_eq!(
        e,
        RuleError::AtStep {
            step: 1,
            error: StepError::AddSubtractOnly(Op::Mul)
        }
    );
    assert_eq!(
        e.to_string(),
        "step 1: this game adds and subtracts only: use + or −, not ×"
    );
    assert_eq!(
        is_legal(&g, "27 /3").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::AddSubtractOnly(Op::Div)
        }
    );
    assert_eq!(is_legal(&g, "4 +3 27 -9").unwrap().pawns, [7, 18]);
    let fr = primeclimb::text::errors::rule(&e, Lang::Fr);
    assert!(fr.contains("additionne"), "{fr}");
}

#[test]
fn add_subtract_keepers_are_played_as_printed() {
    let k5 = [KeeperEffect::PlusMinus { n: 5 }];
    let g = at(
        scaffold(ADD_SUBTRACT),
        &[[4, 27], [0, 0]],
        roll(3, 9),
        &k5,
        false,
    );
    assert_eq!(is_legal(&g, "4 k+5 +3 +9").unwrap().pawns, [21, 27]);
    assert_eq!(is_legal(&g, "27 k-5 -3 -9").unwrap().pawns, [4, 10]);
}

#[test]
fn add_subtract_the_curse_means_subtract_only() {
    let k5 = [KeeperEffect::PlusMinus { n: 5 }];
    let g = at(
        scaffold(ADD_SUBTRACT),
        &[[20, 30], [0, 0]],
        roll(3, 9),
        &k5,
        true,
    );
    assert_eq!(
        is_legal(&g, "20 +3").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::CursedSubtractOnly
        }
    );
    assert_eq!(
        is_legal(&g, "30 /3").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::AddSubtractOnly(Op::Div)
        }
    );
    assert_eq!(
        is_legal(&g, "20 k+5").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::CursedSubtractOnly
        }
    );
    assert_eq!(is_legal(&g, "20 -3 30 -9").unwrap().pawns, [17, 21]);
    for o in &legal_outcomes(&g) {
        for a in witness_actions(&g, &o) {
            assert!(
                !matches!(a, Action::Die { op, .. } if op != Op::Sub),
                "{}",
                o.witness
            );
        }
    }
}

#[test]
fn add_subtract_forced_move_only_under_a_curse_when_subtracting_goes_below_zero() {
    // Both pawns on Start, cursed: nothing can be subtracted and dividing is not part of
    // the game, so both values are forced (a pawn on Start stays on Start).
    let g = at(
        scaffold(ADD_SUBTRACT),
        &[[0, 0], [9, 0]],
        roll(3, 5),
        &[],
        true,
    );
    let ends: Vec<Outcome> = legal_outcomes(&g).iter().collect();
    assert_eq!(ends.len(), 1);
    assert_eq!(ends[0].pawns, [0, 0]);
    assert!(is_legal(&g, "0 !3 !5").is_ok());
    // In the standard game 0 ÷ 3 = 0 is a legal use: nothing is forced.
    let standard = at(Options::default(), &[[0, 0], [9, 0]], roll(3, 5), &[], true);
    assert!(is_legal(&standard, "0 !3 !5").is_err());
    // A pawn that cannot subtract goes back to its start space; here the other can.
    let g = at(
        scaffold(ADD_SUBTRACT),
        &[[2, 40], [9, 0]],
        roll(3, 5),
        &[],
        true,
    );
    assert_eq!(
        is_legal(&g, "2 !3").unwrap_err(),
        RuleError::AtStep {
            step: 1,
            error: StepError::NotForced { die: 3 }
        }
    );
    // In Decline the start space is 101.
    let o = with(ADD_SUBTRACT | ONE_PAWN, |o| o.course = Course::Decline);
    let g = at(o, &[[2, 0], [50, 0]], roll(3, 5), &[], true);
    assert_eq!(is_legal(&g, "2 !3 -5").unwrap().pawns, [96, START]);
}

#[test]
fn add_subtract_without_a_curse_every_value_has_a_use() {
    for course in COURSES {
        for spot in course_spots(course) {
            for d in 1..=10 {
                let o = with(ADD_SUBTRACT | ONE_PAWN, |o| {
                    o.course = course;
                    o.way_stations = WayStations::Chosen(vec![37]);
                });
                let g = spot_position(o, spot, roll(d, d), false);
                if g.is_home(PawnRef { seat: 0, pawn: 0 }) {
                    continue;
                }
                assert!(g.die_has_legal_use(d), "{course:?} {spot:?} {d}");
            }
        }
    }
}

#[test]
fn add_subtract_action_cards_are_played_as_printed() {
    // "Below 50, double your number": the card doubles, the player does no sum.
    let mut g = at(
        scaffold(ADD_SUBTRACT),
        &[[10, 0], [50, 0]],
        roll(3, 1),
        &[],
        false,
    );
    stack(
        &mut g,
        Effect::Action(ActionEffect::BackOrMultiply {
            threshold: 50,
            back: 10,
            factor: 2,
        }),
    );
    play(&mut g, 0, "10 +3 0 +1").unwrap();
    g.apply(0, &Action::EndMove).unwrap();
    assert_eq!(g.players[0].pawns, [26, 1]);
}

// ----- All scaffolds ---------------------------------------------------------------------

#[test]
fn scaffold_games_get_no_solver_figure() {
    for mask in COMBINATIONS {
        let g = at(scaffold(mask), &[[4, 26], [0, 0]], roll(3, 9), &[], false);
        let hints = hint::hint(&g, 3);
        assert!(!hints.is_empty());
        for h in hints {
            assert_eq!(h.expected_turns, None, "scaffold {mask}: {}", h.moves);
        }
    }
    let g = at(
        Options::default(),
        &[[4, 26], [0, 0]],
        roll(3, 9),
        &[],
        false,
    );
    assert!(hint::hint(&g, 3).iter().all(|h| h.expected_turns.is_some()));
}

#[test]
fn scaffolds_combine_with_every_course_and_variant() {
    for mask in COMBINATIONS {
        for course in COURSES {
            for (sprint, double_time) in [(false, false), (true, false), (false, true)] {
                let o = with(mask, |o| {
                    o.course = course;
                    o.sprint = sprint;
                    o.double_time = double_time;
                    o.way_stations = WayStations::Random(2);
                });
                assert!(o.validate(3).is_ok(), "{o:?}");
            }
            if course != Course::Decline {
                let o = with(mask, |o| {
                    o.course = course;
                    o.solitaire = true;
                });
                assert!(o.validate(1).is_ok(), "{o:?}");
            }
        }
    }
}

#[test]
fn a_stored_game_without_the_scaffold_fields_still_reads() {
    let g = Game::new(Options::default(), &names(2), 5).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&g).unwrap();
    let options = json["options"].as_object_mut().unwrap();
    for field in ["one_die", "one_pawn", "add_subtract"] {
        assert!(options.remove(field).is_some(), "{field} is written");
    }
    let back: Game = serde_json::from_value(json).unwrap();
    assert_eq!(back, g);
    let g = Game::new(scaffold(7), &names(2), 5).unwrap();
    let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

// ----- Exhaustive: every space, every die ----------------------------------------------------

#[test]
fn every_one_die_outcome_uses_the_one_die_once() {
    let mut checked = 0;
    for mask in COMBINATIONS.iter().filter(|&&m| m & ONE_DIE != 0) {
        for course in COURSES {
            let o = with(*mask, |o| o.course = course);
            for spot in course_spots(course) {
                for r in all_rolls(true) {
                    for cursed in [false, true] {
                        let g = spot_position(o.clone(), spot, r, cursed);
                        if g.is_home(PawnRef { seat: 0, pawn: 0 }) {
                            continue;
                        }
                        let list = legal_outcomes(&g);
                        assert!(!list.is_empty());
                        for out in &list {
                            let actions = witness_actions(&g, &out);
                            assert_eq!(
                                dice_steps(&actions),
                                1,
                                "scaffold {mask} {course:?} {spot:?} {r}: `{}`",
                                out.witness
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn every_add_subtract_outcome_only_adds_and_subtracts() {
    let mut checked = 0;
    for mask in COMBINATIONS.iter().filter(|&&m| m & ADD_SUBTRACT != 0) {
        for course in COURSES {
            let o = with(*mask, |o| o.course = course);
            for spot in course_spots(course) {
                for r in all_rolls(o.one_die) {
                    for cursed in [false, true] {
                        let g = spot_position(o.clone(), spot, r, cursed);
                        if g.is_home(PawnRef { seat: 0, pawn: 0 }) {
                            continue;
                        }
                        for out in &legal_outcomes(&g) {
                            for a in witness_actions(&g, &out) {
                                let ok = match a {
                                    Action::Die { op, .. } if cursed => op == Op::Sub,
                                    Action::Die { op, .. } => matches!(op, Op::Add | Op::Sub),
                                    _ => true,
                                };
                                assert!(
                                    ok,
                                    "scaffold {mask} {course:?} {spot:?} {r}: `{}`",
                                    out.witness
                                );
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn every_one_pawn_outcome_moves_pawn_0_only() {
    let mut checked = 0;
    for mask in COMBINATIONS.iter().filter(|&&m| m & ONE_PAWN != 0) {
        for course in COURSES {
            let o = with(*mask, |o| o.course = course);
            let (unused, unused_returning) = o.unused_pawn();
            for spot in course_spots(course) {
                for r in all_rolls(o.one_die) {
                    let g = spot_position(o.clone(), spot, r, false);
                    if g.is_home(PawnRef { seat: 0, pawn: 0 }) {
                        continue;
                    }
                    for out in &legal_outcomes(&g) {
                        assert_eq!(out.pawns[1], unused, "{}", out.witness);
                        assert_eq!(out.returning[1], unused_returning);
                        for a in witness_actions(&g, &out) {
                            let pawn = match a {
                                Action::Die { pawn, .. } | Action::Forced { pawn, .. } => pawn,
                                _ => 0,
                            };
                            assert_eq!(
                                pawn, 0,
                                "scaffold {mask} {course:?} {spot:?} {r}: `{}`",
                                out.witness
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

// ----- Legal ⇔ generated ---------------------------------------------------------------------

/// What an end of the Move phase leaves: every player's pawns, the win, the card.
type End = (Vec<[u8; 2]>, bool, bool);

fn end_of(g: &Game, o: &Outcome) -> End {
    let seat = g.current();
    let mut pawns: Vec<[u8; 2]> = g.players.iter().map(|p| p.pawns).collect();
    pawns[seat] = o.pawns;
    for &(p, _) in &o.bumped {
        pawns[p.seat][p.pawn] = g.start_of(p);
    }
    (pawns, o.wins, o.draws_card)
}

/// Every action the player to move could try now (legal or not).
fn candidates(g: &Game) -> Vec<Action> {
    let mut out = Vec::new();
    for pawn in 0..2 {
        for die in g.turn.uses.values() {
            for op in Op::ALL {
                out.push(Action::Die { pawn, op, die });
            }
            out.push(Action::Forced { pawn, die });
        }
        for (card, _) in g.playable_keepers(g.current()) {
            for add in [true, false] {
                out.push(Action::Keeper {
                    card,
                    play: KeeperPlay::PlusMinus { pawn, add },
                });
            }
        }
    }
    out
}

/// Brute force: walk every sequence of actions through the engine and end the Move phase
/// wherever it may end (with empty card piles, so a draw shows as an event).
fn brute_force(g: &Game) -> BTreeSet<End> {
    let mut base = g.clone();
    base.draw_pile.clear();
    base.discard.clear();
    let mut out = BTreeSet::new();
    let mut seen = HashSet::new();
    walk(&base, &mut out, &mut seen);
    out
}

fn walk(g: &Game, out: &mut BTreeSet<End>, seen: &mut HashSet<String>) {
    let key = format!(
        "{:?} {:?} {:?} {:?}",
        g.players
            .iter()
            .map(|p| {
                let keepers: Vec<_> = p.keepers.iter().map(|h| h.card).collect();
                (p.pawns, p.returning, keepers, p.stations.clone())
            })
            .collect::<Vec<_>>(),
        g.turn.uses,
        g.turn.moved,
        g.turn.last_mover
    );
    if !seen.insert(key) {
        return;
    }
    let seat = g.current();
    if g.is_over() {
        let pawns = g.players.iter().map(|p| p.pawns).collect();
        out.insert((pawns, true, false));
        return;
    }
    if g.can_end_move() {
        let mut end = g.clone();
        let ev = end.apply(seat, &Action::EndMove).expect("the move can end");
        let draws = ev
            .iter()
            .any(|e| matches!(e, Event::DeckEmpty | Event::Drew { .. }));
        let pawns = end.players.iter().map(|p| p.pawns).collect();
        out.insert((pawns, false, draws));
    }
    for a in candidates(g) {
        let mut next = g.clone();
        if next.apply(seat, &a).is_ok() {
            walk(&next, out, seen);
        }
    }
}

#[test]
fn the_outcome_search_agrees_with_a_brute_force_walk_on_every_scaffold() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for mask in COMBINATIONS {
        for i in 0..90 {
            let course = COURSES[i % 3];
            let o = with(mask, |o| o.course = course);
            let spot = *course_spots(course).choose(&mut rng).unwrap();
            let other = rng.gen_range(1..=100);
            let opponent = [rng.gen_range(1..=100), rng.gen_range(1..=100)];
            let r = if o.one_die {
                die(rng.gen_range(1..=10))
            } else {
                roll(rng.gen_range(1..=10), rng.gen_range(1..=10))
            };
            let keepers: Vec<KeeperEffect> = (1..=9)
                .filter(|_| rng.gen_bool(0.15))
                .map(|n| KeeperEffect::PlusMinus { n })
                .collect();
            let cursed = rng.gen_bool(0.25);
            let mut g = at(o, &[[spot.0, other], opponent], r, &keepers, cursed);
            g.players[0].returning[0] = spot.1 && course == Course::ThereAndBack;
            if g.is_home(PawnRef { seat: 0, pawn: 0 }) {
                continue;
            }
            // Two pawns that begin the turn together are interchangeable (§4): the search
            // lists them low first.
            let me = &g.players[0];
            let twins = me.pawns[0] == me.pawns[1] && me.returning[0] == me.returning[1];
            let normal = |mut e: End| {
                if twins {
                    e.0[0].sort();
                }
                e
            };
            let generated: BTreeSet<End> = legal_outcomes(&g)
                .iter()
                .map(|o| normal(end_of(&g, &o)))
                .collect();
            let walked: BTreeSet<End> = brute_force(&g).into_iter().map(normal).collect();
            let missing: Vec<&End> = walked.difference(&generated).collect();
            let extra: Vec<&End> = generated.difference(&walked).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "scaffold {mask} {course:?} {spot:?} {r} cursed {cursed} {keepers:?}: \
                 not generated {missing:?}, not reachable {extra:?}"
            );
        }
    }
}

// ----- Random AI games -----------------------------------------------------------------------

/// Random options around a scaffold: a course, Prime Sprint, Double Time, Way Stations,
/// solitaire, and 1 to 4 players.
fn random_game(mask: u8, rng: &mut ChaCha8Rng) -> (Options, usize) {
    let mut o = scaffold(mask);
    o.course = *COURSES.choose(rng).unwrap();
    o.sprint = rng.gen_bool(0.15);
    o.double_time = rng.gen_bool(0.2);
    if rng.gen_bool(0.2) {
        o.way_stations = WayStations::Random(rng.gen_range(1..=3));
    }
    if !o.one_die && rng.gen_bool(0.2) {
        o.doubles = Doubles::May;
    }
    if o.course != Course::Decline && rng.gen_bool(0.15) {
        o.solitaire = true;
        return (o, 1);
    }
    (o, rng.gen_range(2..=4))
}

/// Play a whole game between random AI levels, checking the scaffold's invariants after
/// every decision; returns the actions played, by seat.
fn play_checked(options: &Options, players: usize, seed: u64) -> (Game, Vec<(usize, Action)>) {
    let mut g = Game::new(options.clone(), &names(players), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5ca1);
    let levels: Vec<Level> = (0..players)
        .map(|_| {
            *[Level::Easy, Level::Medium, Level::Hard]
                .choose(&mut rng)
                .unwrap()
        })
        .collect();
    let (unused, unused_returning) = options.unused_pawn();
    let mut log = Vec::new();
    let mut decisions = 0;
    while !g.is_over() {
        decisions += 1;
        assert!(decisions < 4_000, "{options:?} seed {seed} does not end");
        let seat = g.current();
        let actions = ai::next_actions(&g, levels[seat]);
        assert!(!actions.is_empty());
        let dice_before = g.turn.uses.total_left();
        let number = g.turn.number;
        let events = g
            .apply_all(seat, &actions)
            .unwrap_or_else(|e| panic!("{options:?} seed {seed}: {e}"));
        log.extend(actions.iter().map(|a| (seat, a.clone())));
        if options.one_die && g.turn.number == number {
            assert!(dice_before <= 1 && g.turn.uses.total_left() <= 1);
        }
        for e in &events {
            // The pawns the event moves (one-pawn: only ever pawn 0).
            let pawns: Vec<usize> = match *e {
                Event::TurnStarted { roll, .. } => {
                    assert_eq!(roll.is_single(), options.one_die, "{roll:?}");
                    Vec::new()
                }
                Event::Stepped { pawn, op, .. } => {
                    if options.add_subtract {
                        assert!(matches!(op, Op::Add | Op::Sub), "{op:?}");
                    }
                    vec![pawn]
                }
                Event::ForcedToStart { pawn, .. } | Event::KeeperMoved { pawn, .. } => vec![pawn],
                Event::SentToStart { pawn: p, .. } | Event::CardMoved { pawn: p, .. } => {
                    vec![p.pawn]
                }
                Event::Switched { a, b } => vec![a.pawn, b.pawn],
                _ => Vec::new(),
            };
            if options.one_pawn {
                assert!(pawns.iter().all(|&p| p == 0), "{e:?}");
            }
        }
        assert!(g.cards_accounted());
        for p in &g.players {
            assert!(p.pawns.iter().all(|&s| s <= GOAL));
            if options.one_pawn {
                assert_eq!((p.pawns[1], p.returning[1]), (unused, unused_returning));
            }
        }
    }
    (g, log)
}

fn random_games(mask: u8, games: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(mask) * 1_000_003);
    for i in 0..games {
        let (options, players) = random_game(mask, &mut rng);
        let seed = rng.gen::<u64>() ^ i;
        let (g, log) = play_checked(&options, players, seed);
        let winner = g.winner.expect("someone wins");
        let needed = if options.sprint {
            1
        } else {
            options.pawn_count()
        };
        assert!(
            g.pawns_home(winner) >= needed,
            "{options:?} seed {seed}: the winner's pawns are home"
        );
        // Where a finished pawn stands: 101, or 0 in Decline and back from There and Back.
        let home = options.target_space(options.course == Course::ThereAndBack);
        for pawn in 0..options.pawn_count() {
            let p = PawnRef { seat: winner, pawn };
            if !options.sprint {
                assert!(g.is_home(p));
                assert_eq!(g.space_of(p), home);
            }
        }
        // The game replays from its seed and its actions.
        let mut replay = Game::new(options.clone(), &names(players), seed).unwrap();
        for (seat, a) in &log {
            replay.apply(*seat, a).unwrap();
        }
        assert_eq!(replay, g, "{options:?} seed {seed} replays");
    }
}

#[test]
fn random_ai_games_with_one_die_all_finish() {
    random_games(ONE_DIE, 2_000);
}

#[test]
fn random_ai_games_with_one_pawn_all_finish() {
    random_games(ONE_PAWN, 2_000);
}

#[test]
fn random_ai_games_with_one_die_and_one_pawn_all_finish() {
    random_games(ONE_DIE | ONE_PAWN, 2_000);
}

#[test]
fn random_ai_games_adding_and_subtracting_all_finish() {
    random_games(ADD_SUBTRACT, 2_000);
}

#[test]
fn random_ai_games_with_one_die_adding_and_subtracting_all_finish() {
    random_games(ONE_DIE | ADD_SUBTRACT, 2_000);
}

#[test]
fn random_ai_games_with_one_pawn_adding_and_subtracting_all_finish() {
    random_games(ONE_PAWN | ADD_SUBTRACT, 2_000);
}

#[test]
fn random_ai_games_with_every_scaffold_all_finish() {
    random_games(ONE_DIE | ONE_PAWN | ADD_SUBTRACT, 2_000);
}

// ----- The variant words -----------------------------------------------------------------------

#[test]
fn the_scaffold_words_parse_and_print_back() {
    for (words, mask) in [
        ("one-die", ONE_DIE),
        ("one_die", ONE_DIE),
        ("one-pawn", ONE_PAWN),
        ("One_Pawn", ONE_PAWN),
        ("add-subtract", ADD_SUBTRACT),
        ("add_subtract", ADD_SUBTRACT),
        ("one-die,one-pawn add-subtract", 7),
    ] {
        let (o, blanks) = climb_options(words).unwrap();
        assert_eq!(o, scaffold(mask), "{words}");
        assert!(!blanks);
    }
    let (o, _) = climb_options("one-pawn,decline,sprint").unwrap();
    assert!(o.one_pawn && o.sprint && o.course == Course::Decline);
    let (all, _) = climb_options("one-die one-pawn add-subtract").unwrap();
    assert_eq!(
        climb_badges(&all, Lang::En),
        vec!["One die", "One pawn", "Add and subtract"]
    );
    assert_eq!(
        climb_badges(&all, Lang::Fr),
        vec!["Un dé", "Un pion", "Additions et soustractions"]
    );
    let help = variant_list(Lang::En).join("\n");
    for word in ["one-die", "one-pawn", "add-subtract"] {
        assert!(help.contains(word), "{word} in the terminal's variant list");
    }
    let e = climb_options("two-dice").unwrap_err();
    assert_eq!(e, RequestError::UnknownVariant("two-dice".into()));
    for word in ["one-die", "one-pawn", "add-subtract"] {
        assert!(e.to_string().contains(word), "{e}");
    }
}

// ----- What the words and pictures show ------------------------------------------------------

#[test]
fn one_die_the_roll_is_told_as_its_one_value() {
    use primeclimb::text::climb::{roll_words, turn_header};
    use primeclimb::text::pictures::words;
    assert_eq!(roll_words(die(7), Lang::En), "7");
    assert_eq!(roll_words(die(7), Lang::Fr), "7");
    assert_eq!(roll_words(roll(3, 9), Lang::En), "3 and 9");
    assert_eq!(roll_words(roll(4, 4), Lang::Fr), "double 4");
    assert_eq!(
        turn_header("Ada", 5, die(7), false, Lang::En),
        "Ada · turn 5 · 🎲 7"
    );
    assert_eq!(words(Lang::En).to_move(Some(die(7))), "▶ rolled 7");
    assert_eq!(words(Lang::Fr).to_move(Some(die(7))), "▶ a fait 7");
    let g = at(scaffold(ONE_DIE), &[[4, 26], [0, 0]], die(7), &[], false);
    let en = primeclimb::text::alt::board_alt(&g, None, Lang::En);
    assert!(en.contains("Player 1 to move, rolled 7."), "{en}");
    let fr = primeclimb::text::alt::board_alt(&g, None, Lang::Fr);
    assert!(fr.contains("À Player 1 de jouer, dé : 7."), "{fr}");
    let table =
        primeclimb::text::climb::outcomes_table(&g, &legal_outcomes(&g).sorted(), 3, Lang::Fr);
    assert!(table.starts_with("Pions sur 4 et 26, dé 7 :"), "{table}");
}

#[test]
fn one_pawn_the_words_name_no_second_pawn() {
    use primeclimb::text::Markup;
    for course in COURSES {
        let g = Game::new(with(ONE_PAWN, |o| o.course = course), &names(2), 4).unwrap();
        let alt = primeclimb::text::alt::board_alt(&g, None, Lang::En);
        assert!(
            alt.contains("Pawns: P1: Start; P2: Start."),
            "{course:?}: {alt}"
        );
        // One space each, with no second one after a ";".
        let text = primeclimb::text::alt::board_text(&g, None, Lang::En, Markup::Plain);
        let rows: Vec<&String> = text.iter().filter(|l| l.starts_with("• ")).collect();
        assert_eq!(rows.len(), 2, "{text:?}");
        assert!(rows.iter().all(|l| !l.contains(';')), "{text:?}");
        let standings = primeclimb::text::climb::standings(&g, Lang::Fr, Markup::Plain);
        assert!(
            standings.iter().any(|l| l.ends_with(". P1 (départ)")),
            "{standings:?}"
        );
    }
    let g = at(
        scaffold(ONE_PAWN),
        &[[31, 0], [70, 0]],
        roll(3, 9),
        &[],
        false,
    );
    let table =
        primeclimb::text::climb::outcomes_table(&g, &legal_outcomes(&g).sorted(), 50, Lang::En);
    let mut lines = table.lines();
    let head = lines.next().unwrap();
    assert!(head.starts_with("Pawn on 31, roll 3 and 9: "), "{head}");
    assert!(lines.next().unwrap().starts_with("pawn "), "{table}");
    for line in lines {
        let end = line.split_whitespace().next().unwrap();
        assert!(end.parse::<u8>().is_ok(), "one space per row: {line}");
        assert!(!line.contains("home"), "{line}");
    }
}

#[test]
fn one_die_the_picture_reads_the_one_die_off_the_steps() {
    use primeclimb::render::LastTurn;
    let mut g = at(scaffold(ONE_DIE), &[[4, 26], [0, 0]], die(3), &[], false);
    let mut events = g
        .apply(
            0,
            &Action::Die {
                pawn: 0,
                op: Op::Mul,
                die: 3,
            },
        )
        .unwrap();
    if g.turn.seat == 0 {
        events.extend(g.apply(0, &Action::EndMove).unwrap());
    }
    // No `TurnStarted` for this turn (it began with the position), but the next one's
    // shows the game rolls one die.
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { .. })));
    let last = LastTurn::from_events(&events).expect("a turn was played");
    assert_eq!(last.roll, Some(die(3)));
}

#[test]
fn one_pawn_the_panel_shows_the_one_pawn_alone() {
    use primeclimb::render::{render_board, RenderOptions};
    let words = primeclimb::text::pictures::words(Lang::En);
    let opts = RenderOptions::default();
    let panel = opts.layout().panel;
    // The title and the players' rows, at the top of the panel (the rules' badges, which
    // name the variant, are at its foot).
    let rows = |g: &Game| -> Vec<image::Rgba<u8>> {
        let img = render_board(g, None, &opts, words);
        let (x0, x1) = (panel.x as u32, (panel.x + panel.w) as u32);
        let (y0, y1) = (panel.y as u32, (panel.y + panel.h * 0.3) as u32);
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .map(|(x, y)| *img.get_pixel(x, y))
            .collect()
    };
    let one = Game::new(scaffold(ONE_PAWN), &names(2), 4).unwrap();
    // The same spaces with two pawns each: the set-aside pawns stand home, and the rows
    // say "Start · home". With one pawn they say "Start".
    let mut two = one.clone();
    two.options.one_pawn = false;
    assert!(two.is_home(PawnRef { seat: 0, pawn: 1 }));
    assert!(rows(&one) != rows(&two), "the one-pawn rows name one pawn");
}
