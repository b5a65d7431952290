//! The variants of §7, one test per rule, and random games on every variant: the
//! outcome search's witnesses replay, cards are conserved, games end.

use crate::support::position;

use position::{position_with, stack};
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::notation::play;
use primeclimb::climb::options::{CustomCard, WayStations};
use primeclimb::climb::{
    is_legal, legal_outcomes, Action, ActionEffect, Course, Effect, Event, Game, KeeperEffect,
    Options, Phase, RuleError, StepError, GOAL,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn opts(f: impl FnOnce(&mut Options)) -> Options {
    let mut o = Options::default();
    f(&mut o);
    o
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{}", i + 1)).collect()
}

// ----- Double Time --------------------------------------------------------------------

#[test]
fn double_time_bumps_after_every_step() {
    // §8.2 passes 42; in Double Time landing on it mid-move bumps it.
    let o = opts(|o| o.double_time = true);
    let mut g = position_with(&[[78, 0], [42, 0]], (2, 2), &[], false, o);
    let ev = play(&mut g, 0, "78 +2 /2 +2").unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::SentToStart { from: 42, .. })));
    assert_eq!(g.players[1].pawns, [0, 0]);
}

#[test]
fn double_time_draws_after_every_step_several_cards_a_turn() {
    let o = opts(|o| o.double_time = true);
    let mut g = position_with(&[[10, 20], [0, 0]], (1, 3), &[], false, o);
    stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 4 }));
    stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 5 }));
    let ev = play(&mut g, 0, "10 +1 20 +3").unwrap();
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        2
    );
    assert_eq!(g.players[0].keepers.len(), 2);
    // Drawn this turn: not playable now.
    assert!(g.playable_keepers(0).is_empty());
    // A draw is seen: the steps before it can no longer be undone, and the refusal says so.
    assert_eq!(g.apply(0, &Action::Undo), Err(RuleError::CardSeen));
    // Ending the move draws nothing more.
    let ev = g.apply(0, &Action::EndMove).unwrap();
    assert!(!ev.iter().any(|e| matches!(e, Event::Drew { .. })));
}

#[test]
fn double_time_action_card_resolves_before_the_next_step() {
    let o = opts(|o| o.double_time = true);
    let mut g = position_with(&[[10, 20], [0, 0]], (1, 3), &[], false, o);
    stack(
        &mut g,
        Effect::Action(ActionEffect::AddOrSubtract {
            threshold: 50,
            amount: 50,
        }),
    );
    play(&mut g, 0, "10 +1").unwrap();
    // 11 +50 = 61 at once; the Move phase goes on with the 3.
    assert_eq!(g.players[0].pawns, [61, 20]);
    assert_eq!(g.phase, Phase::Move);
    assert_eq!(g.turn.uses.list(), vec![3]);
    play(&mut g, 0, "20 +3").unwrap();
    g.apply(0, &Action::EndMove).unwrap();
}

#[test]
fn double_time_outcomes_stop_at_a_draw() {
    let o = opts(|o| o.double_time = true);
    let g = position_with(&[[10, 20], [0, 0]], (1, 3), &[], false, o);
    let outs = legal_outcomes(&g);
    let stop = outs
        .iter()
        .find(|o| o.witness == "10 +1")
        .expect("10 +1 lands on 11 and stops there");
    assert!(stop.draws_card && !stop.ends_move);
    assert!(outs.iter().any(|o| o.ends_move && !o.draws_card));
    // A written move may not go on past a draw.
    assert_eq!(
        is_legal(&g, "10 +1 20 +3"),
        Err(RuleError::DrawMidMove { step: 1 })
    );
}

// ----- Way Stations -------------------------------------------------------------------

#[test]
fn way_stations_must_be_visited_before_the_goal() {
    let o = opts(|o| o.way_stations = WayStations::Chosen(vec![31, 37]));
    let mut g = position_with(&[[96, 29], [0, 0]], (5, 2), &[], false, o);
    assert_eq!(g.stations, vec![31, 37]);
    let err = play(&mut g.clone(), 0, "96 +5").unwrap_err();
    assert_eq!(
        err,
        RuleError::AtStep {
            step: 1,
            error: StepError::StationsFirst(vec![31, 37])
        }
    );
    assert_eq!(
        err.to_string(),
        "step 1: land on every way station first (still to visit: 31 and 37)"
    );
    let ev = play(&mut g, 0, "29 +2").unwrap();
    assert!(ev.contains(&Event::StationReached { seat: 0, space: 31 }));
    assert_eq!(g.stations_missing(0), vec![37]);
}

#[test]
fn way_stations_any_single_step_counts() {
    let o = opts(|o| o.way_stations = WayStations::Chosen(vec![37]));
    let mut g = position_with(&[[35, 90], [0, 0]], (2, 3), &[], false, o);
    // 35 +2 = 37 (a station) then +3 = 40: passing through as a step still counts.
    play(&mut g, 0, "35 +2 +3").unwrap();
    assert!(g.stations_done(0));
}

#[test]
fn way_stations_drawn_at_random_are_primes_between_30_and_80() {
    let o = opts(|o| o.way_stations = WayStations::Random(3));
    for seed in 0..20 {
        let g = Game::new(o.clone(), &names(2), seed).unwrap();
        assert_eq!(g.stations.len(), 3);
        for s in &g.stations {
            assert!((30..=80).contains(s) && primeclimb::climb::board::is_prime(u32::from(*s)));
        }
    }
    let bad = opts(|o| o.way_stations = WayStations::Chosen(vec![33]));
    assert!(Game::new(bad, &names(2), 1).is_err());
}

#[test]
fn way_stations_outcomes_respect_the_stations() {
    let o = opts(|o| o.way_stations = WayStations::Chosen(vec![41]));
    let g = position_with(&[[96, 38], [0, 0]], (5, 3), &[], false, o);
    let outs = legal_outcomes(&g);
    // 96 +5 = 101 is not allowed until 41 is visited; 38 +3 = 41 first makes it legal.
    assert!(!outs.iter().any(|o| o.pawns == [GOAL, 38]));
    assert!(outs.iter().any(|o| o.pawns == [GOAL, 41]));
    for o in outs.iter() {
        assert!(is_legal(&g, &o.witness).unwrap().same_end(&o));
    }
}

// ----- Prime Sprint -------------------------------------------------------------------

#[test]
fn prime_sprint_first_pawn_home_wins() {
    let o = opts(|o| o.sprint = true);
    let mut g = position_with(&[[99, 3], [0, 0]], (2, 5), &[], false, o);
    let out = is_legal(&g, "99 +2").unwrap();
    assert!(out.wins);
    let ev = play(&mut g, 0, "99 +2").unwrap();
    assert!(ev.contains(&Event::Won { seat: 0 }));
}

// ----- Prime Decline ------------------------------------------------------------------

#[test]
fn prime_decline_starts_on_101_and_bumps_back_to_101() {
    let o = opts(|o| o.course = Course::Decline);
    let g = Game::new(o.clone(), &names(2), 3).unwrap();
    assert!(g.players.iter().all(|p| p.pawns == [GOAL, GOAL]));
    let mut g = position_with(&[[40, GOAL], [37, GOAL]], (3, 2), &[], false, o);
    let ev = position::play_and_end(&mut g, "40 -3 101 -2");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::SentToStart { from: 37, .. })));
    assert_eq!(g.players[1].pawns, [GOAL, GOAL], "bumped back to 101");
}

#[test]
fn prime_decline_reaching_0_finishes_and_both_win() {
    let o = opts(|o| o.course = Course::Decline);
    let mut g = position_with(&[[3, 0], [50, 60]], (3, 5), &[], false, o);
    let out = is_legal(&g, "3 -3").unwrap();
    assert!(out.wins);
    play(&mut g, 0, "3 -3").unwrap();
    assert_eq!(g.winner, Some(0));
}

#[test]
fn prime_decline_ahead_means_towards_0() {
    let o = opts(|o| o.course = Course::Decline);
    let mut g = position_with(&[[14, 90], [5, 20]], (1, 2), &[], false, o);
    stack(&mut g, Effect::Action(ActionEffect::AdvanceToNearest));
    // 14 -1 = 13 (red) draws; advancing towards 0 finds 5.
    position::play_and_end(&mut g, "14 -1 90 -2");
    assert_eq!(g.players[0].pawns[0], 5);
    assert_eq!(g.players[1].pawns, [GOAL, 20]);
}

#[test]
fn prime_decline_ranking_is_mirrored() {
    let o = opts(|o| o.course = Course::Decline);
    let g = position_with(&[[80, 90], [10, 20]], (1, 2), &[], false, o);
    assert_eq!(g.ranking()[0].0, 1, "closer to 0 ranks first");
}

// ----- There and Back Again -------------------------------------------------------------

#[test]
fn there_and_back_turns_at_101_and_goes_on() {
    let o = opts(|o| o.course = Course::ThereAndBack);
    let mut g = position_with(&[[99, 50], [0, 0]], (2, 5), &[], false, o);
    let ev = play(&mut g, 0, "99 +2 -5").unwrap();
    assert!(ev.contains(&Event::Turned { seat: 0, pawn: 0 }));
    assert_eq!(g.players[0].pawns[0], 96);
    assert!(g.players[0].returning[0]);
    assert!(!g.is_over());
}

#[test]
fn there_and_back_bumps_to_0_climbing_and_to_101_returning() {
    let o = opts(|o| o.course = Course::ThereAndBack);
    let mut g = position_with(&[[30, 60], [33, 65]], (3, 5), &[], false, o);
    g.players[1].returning = [false, true];
    position::play_and_end(&mut g, "30 +3 60 +5");
    assert_eq!(g.players[1].pawns, [0, GOAL]);
}

#[test]
fn there_and_back_both_pawns_back_at_0_win() {
    let o = opts(|o| o.course = Course::ThereAndBack);
    let mut g = position_with(&[[2, 3], [50, 60]], (2, 3), &[], false, o);
    g.players[0].returning = [true, true];
    let out = is_legal(&g, "2 -2 3 -3").unwrap();
    assert!(out.wins);
    // A climbing pawn on 0 is only at Start.
    g.players[0].returning = [true, false];
    assert!(!is_legal(&g, "2 -2 3 -3").unwrap().wins);
}

// ----- Solitaire ------------------------------------------------------------------------

#[test]
fn solitaire_one_player_nine_keepers_turns_counted() {
    let o = opts(|o| o.solitaire = true);
    assert!(Game::new(o.clone(), &names(2), 1).is_err());
    let mut g = Game::new(o, &names(1), 5).unwrap();
    assert_eq!(g.cards.len(), 9);
    assert!(g
        .cards
        .iter()
        .all(|c| matches!(c.effect, Effect::Keeper(KeeperEffect::PlusMinus { .. }))));
    let mut guard = 0;
    while !g.is_over() {
        guard += 1;
        assert!(guard < 2_000);
        ai::play(&mut g, Level::Hard).unwrap();
        assert_eq!(g.current(), 0);
    }
    assert_eq!(g.winner, Some(0));
    assert!(
        g.turn.number >= 3,
        "at least three turns to reach 101 twice"
    );
}

#[test]
fn solitaire_2_is_there_and_back() {
    let o = opts(|o| {
        o.solitaire = true;
        o.course = Course::ThereAndBack;
    });
    assert_eq!(
        primeclimb::text::lobby::climb_badges(&o, primeclimb::lang::Lang::En),
        vec!["Solitaire 2".to_string()]
    );
    let g = Game::new(o, &names(1), 5).unwrap();
    assert_eq!(g.players.len(), 1);
}

// ----- Fill in the Blanks ---------------------------------------------------------------

#[test]
fn a_saved_game_leaves_out_its_card_table_and_reads_back_the_same() {
    let custom = CustomCard {
        text: "Send a pawn of your choice to 37".into(),
        effect: Effect::Action(ActionEffect::SendTo { space: 37 }),
    };
    for (options, players) in [
        (Options::default(), 3),
        (
            primeclimb::session::request::climb_options("solitaire2")
                .unwrap()
                .0,
            1,
        ),
        (opts(|o| o.custom_cards = vec![custom.clone()]), 2),
    ] {
        let mut g = Game::new(options, &names(players), 4).unwrap();
        for _ in 0..5 {
            ai::play(&mut g, Level::Medium).unwrap();
        }
        let json = serde_json::to_string(&g).unwrap();
        assert!(
            !json.contains("\"cards\""),
            "the table follows from the options"
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
    }
}

#[test]
fn fill_in_the_blanks_custom_cards_join_the_deck() {
    let custom = vec![
        CustomCard {
            text: "Send a pawn of your choice to 37".into(),
            effect: Effect::Action(ActionEffect::SendTo { space: 37 }),
        },
        CustomCard {
            text: "Add or subtract your pawn by 11".into(),
            effect: Effect::Keeper(KeeperEffect::PlusMinus { n: 11 }),
        },
    ];
    let o = opts(|o| o.custom_cards = custom);
    let g = Game::new(o.clone(), &names(2), 9).unwrap();
    assert_eq!(g.cards.len(), 26);
    assert!(g.cards_accounted());
    assert!(g.cards.iter().filter(|c| c.custom).count() == 2);
    // The ±11 Keeper plays like any ±N.
    let mut g = position_with(&[[20, 0], [0, 0]], (1, 2), &[], false, o.clone());
    let k = stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 11 }));
    g.draw_pile.pop();
    g.players[0]
        .keepers
        .push(primeclimb::climb::game::HeldCard {
            card: k,
            since_turn: 0,
        });
    assert_eq!(is_legal(&g, "20 k+11 +1 +2").unwrap().pawns, [34, 0]);
    // Send to 37.
    let mut g = position_with(&[[10, 50], [37, 0]], (1, 2), &[], false, o);
    stack(&mut g, Effect::Action(ActionEffect::SendTo { space: 37 }));
    position::play_and_end(&mut g, "10 +1 50 +2");
    let mine = primeclimb::climb::CardChoice::Pawn(primeclimb::climb::PawnRef { seat: 0, pawn: 1 });
    g.apply(0, &Action::Choose(mine)).unwrap();
    assert_eq!(g.players[0].pawns, [11, 37]);
    assert_eq!(g.players[1].pawns, [0, 0]);
}

#[test]
fn fill_in_the_blanks_checks_the_cards() {
    let too_many = opts(|o| {
        o.custom_cards = (0..5)
            .map(|_| CustomCard {
                text: "x".into(),
                effect: Effect::Action(ActionEffect::RollAgain),
            })
            .collect()
    });
    assert!(Game::new(too_many, &names(2), 1).is_err());
    let off_board = opts(|o| {
        o.custom_cards = vec![CustomCard {
            text: "Send a pawn to 120".into(),
            effect: Effect::Action(ActionEffect::SendTo { space: 120 }),
        }]
    });
    let err = Game::new(off_board, &names(2), 1).unwrap_err();
    assert!(err.to_string().contains("do not fit the board"), "{err}");
}

// ----- every variant: random games --------------------------------------------------------

fn variants() -> Vec<(&'static str, Options, usize)> {
    vec![
        ("double time", opts(|o| o.double_time = true), 3),
        (
            "way stations",
            opts(|o| o.way_stations = WayStations::Random(2)),
            2,
        ),
        ("sprint", opts(|o| o.sprint = true), 4),
        ("decline", opts(|o| o.course = Course::Decline), 2),
        (
            "there and back",
            opts(|o| o.course = Course::ThereAndBack),
            3,
        ),
        ("solitaire 1", opts(|o| o.solitaire = true), 1),
        (
            "solitaire 2",
            opts(|o| {
                o.solitaire = true;
                o.course = Course::ThereAndBack
            }),
            1,
        ),
        (
            "fill in the blanks",
            opts(|o| {
                o.custom_cards = vec![
                    CustomCard {
                        text: "Send a pawn of your choice to 37".into(),
                        effect: Effect::Action(ActionEffect::SendTo { space: 37 }),
                    },
                    CustomCard {
                        text: "±11".into(),
                        effect: Effect::Keeper(KeeperEffect::PlusMinus { n: 11 }),
                    },
                ]
            }),
            3,
        ),
        (
            "decline sprint double time",
            opts(|o| {
                o.course = Course::Decline;
                o.sprint = true;
                o.double_time = true
            }),
            3,
        ),
        (
            "there and back with stations",
            opts(|o| {
                o.course = Course::ThereAndBack;
                o.way_stations = WayStations::Chosen(vec![41, 53])
            }),
            2,
        ),
    ]
}

/// Play a game with a mix of AI decisions and random legal outcomes, checking that every
/// outcome's witness replays, cards are conserved and the game ends.
fn random_game(options: &Options, players: usize, seed: u64) {
    let mut g = Game::new(options.clone(), &names(players), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut guard = 0;
    while !g.is_over() {
        guard += 1;
        assert!(guard < 4_000, "game {seed} does not end");
        assert!(g.cards_accounted());
        let seat = g.current();
        if let Phase::Move = g.phase {
            let outs = legal_outcomes(&g);
            assert!(!outs.is_empty());
            if seed % 4 == 0 {
                for o in outs.iter() {
                    let back = is_legal(&g, &o.witness)
                        .unwrap_or_else(|e| panic!("`{}` refused: {e}", o.witness));
                    assert!(back.same_end(&o), "`{}`: {back:?} vs {o:?}", o.witness);
                }
            }
            if rng.gen_bool(0.3) {
                let all: Vec<_> = outs.iter().collect();
                let o = all.choose(&mut rng).unwrap().clone();
                if !o.witness.is_empty() {
                    play(&mut g, seat, &o.witness)
                        .unwrap_or_else(|e| panic!("`{}`: {e}", o.witness));
                }
                if !g.is_over() && o.ends_move && g.phase == Phase::Move {
                    g.apply(seat, &Action::EndMove).unwrap();
                }
                continue;
            }
        }
        ai::play(&mut g, Level::Medium).unwrap();
    }
    assert!(g.cards_accounted());
}

#[test]
fn every_variant_plays_to_the_end_with_replayable_witnesses() {
    for (name, options, players) in variants() {
        for seed in 0..40 {
            let r = std::panic::catch_unwind(|| random_game(&options, players, seed));
            assert!(r.is_ok(), "variant {name}, seed {seed}");
        }
    }
}
