//! Game review (`climb::review`): the race figures are the exact solver's, checked
//! against its own turn enumerator (`Values::turn_ends`) on every judged turn of whole
//! games; a move known to be bad costs what the solver says; the first hint is never a
//! loss; where the solver does not reach, the hard AI judges and the review says so.

use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::review::{self, Judge};
use primeclimb::climb::solver::{self, Course as SolverCourse};
use primeclimb::climb::{legal_outcomes, notation, Action, Game, Options, Seat};

/// Play a whole game with the AI at `levels[seat]`, returning its log.
fn play(
    options: &Options,
    names: &[String],
    levels: &[Level],
    seed: u64,
) -> Vec<(Seat, Vec<Action>)> {
    let mut game = Game::new(options.clone(), names, seed).expect("a game");
    let mut log = Vec::new();
    for _ in 0..10_000 {
        if game.is_over() {
            break;
        }
        let seat = game.current();
        let actions = ai::next_actions(&game, levels[seat]);
        game.apply_all(seat, &actions)
            .expect("the AI plays legally");
        log.push((seat, actions));
    }
    assert!(game.is_over(), "the game ends");
    log
}

fn names(n: usize) -> Vec<String> {
    ["Ada", "Bo", "Cy", "Di"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn every_judged_turn_agrees_with_the_solvers_own_enumeration() {
    let values = solver::values(SolverCourse::Climb);
    let options = Options::default();
    let mut judged = 0;
    for seed in 0..6 {
        let log = play(&options, &names(2), &[Level::Easy, Level::Medium], seed);
        let r = review::review(&options, &names(2), seed, &log).expect("a review");
        assert_eq!(r.course, Some(SolverCourse::Climb));
        for t in &r.turns {
            let Judge::Solver {
                played,
                best,
                played_race,
                best_race,
            } = t.judge
            else {
                continue;
            };
            judged += 1;
            assert!(played >= best - 1e-9, "nothing beats the best");
            assert_eq!(t.better.is_some(), played - best > review::TOLERANCE);
            let ends = values.turn_ends(t.start, t.roll).expect("a position");
            let solver_best = ends
                .iter()
                .map(|e| e.expected)
                .fold(f64::INFINITY, f64::min);
            // The race figures are the solver's own: no move's race beats its best.
            assert!(
                best_race >= solver_best - 1e-9 && played_race >= solver_best - 1e-9,
                "turn {}: review {best_race} / {played_race}, solver {solver_best}",
                t.number
            );
            // Under a Curse the engine allows fewer moves than the solver's free turn.
            if t.cursed {
                continue;
            }
            for race in [played_race, best_race] {
                assert!(
                    ends.iter().any(|e| (e.expected - race).abs() < 1e-9),
                    "turn {}: {race} is one of the solver's ends",
                    t.number
                );
            }
        }
        for p in &r.players {
            assert!(p.best_moves <= p.reviewed);
            let lost: f64 = r
                .turns
                .iter()
                .filter(|t| t.seat == p.seat)
                .filter_map(|t| t.loss())
                .sum();
            assert!((lost - p.turns_lost).abs() < 1e-9);
            assert_eq!(p.curve.first().map(|c| c.1), Some(values.from_start()));
        }
    }
    assert!(judged > 100, "{judged} turns judged by the solver");
}

#[test]
fn the_hard_ai_plays_more_accurately_than_the_easy_one() {
    let options = Options::default();
    let (mut easy, mut hard) = (0.0, 0.0);
    for seed in 0..8 {
        let log = play(&options, &names(2), &[Level::Easy, Level::Hard], seed);
        let r = review::review(&options, &names(2), seed, &log).expect("a review");
        easy += r.players[0].accuracy().unwrap_or(0.0);
        hard += r.players[1].accuracy().unwrap_or(0.0);
    }
    assert!(hard > easy + 10.0, "hard {hard} / 8 vs easy {easy} / 8");
}

#[test]
fn a_bad_first_move_costs_what_the_solver_says() {
    let options = Options::default();
    let names = names(2);
    let seed = 7;
    let mut game = Game::new(options.clone(), &names, seed).expect("a game");
    let seat = game.current();
    let values = solver::values(SolverCourse::Climb);
    let list = legal_outcomes(&game);
    let ends: Vec<_> = list.iter().collect();
    let value = |o: &primeclimb::climb::Outcome| values.climb(o.pawns);
    let worst = ends
        .iter()
        .max_by(|a, b| value(a).total_cmp(&value(b)))
        .expect("moves");
    let best = ends
        .iter()
        .min_by(|a, b| value(a).total_cmp(&value(b)))
        .expect("moves");
    let mut actions = notation::actions(&game, seat, &worst.witness).expect("the worst move");
    actions.push(Action::EndMove);
    game.apply_all(seat, &actions).expect("legal");
    let log = vec![(seat, actions)];
    let r = review::review(&options, &names, seed, &log).expect("a review");
    let t = &r.turns[0];
    assert_eq!(t.seat, seat);
    let best_race = match t.judge {
        Judge::Solver {
            played,
            best: b,
            played_race,
            best_race,
        } => {
            assert!((played_race - value(worst)).abs() < 1e-9);
            assert!(best_race >= value(best) - 1e-9);
            // Staying on Start costs about three quarters of a turn against the best.
            assert!(played - b > 0.5, "{played} against {b}");
            best_race
        }
        other => panic!("judged by {other:?}"),
    };
    assert_eq!(t.played, worst.witness);
    let better = t.better.clone().expect("a better move");
    // The better move written out reaches the best end.
    let mut again = Game::new(options, &names, seed).expect("a game");
    let mut redo = notation::actions(&again, seat, &better).expect("the better move reads");
    redo.push(Action::EndMove);
    again.apply_all(seat, &redo).expect("legal");
    assert!((values.climb(again.players[seat].pawns) - best_race).abs() < 1e-9);
    // The curve: the start, then the position the bad move left.
    let p = &r.players[seat];
    assert_eq!(p.curve.len(), 2);
    assert!((p.curve[1].1 - value(worst)).abs() < 1e-9);
    assert_eq!(p.accuracy(), Some(0.0));
}

/// A student who always follows the first hint is never told they played badly (§ the
/// hints and the review share one measure, `ai::Worth`).
#[test]
fn following_the_first_hint_is_never_a_loss() {
    for (options, seeds) in [
        (Options::default(), 0..5),
        (
            Options {
                course: primeclimb::climb::Course::ThereAndBack,
                ..Options::default()
            },
            0..2,
        ),
        (
            Options {
                sprint: true,
                ..Options::default()
            },
            0..2,
        ),
    ] {
        for seed in seeds {
            let names = names(3);
            let mut game = Game::new(options.clone(), &names, seed).expect("a game");
            let mut log = Vec::new();
            while !game.is_over() && game.turn.number < 2_000 {
                let seat = game.current();
                let actions = if seat == 0 && game.phase == primeclimb::climb::Phase::Move {
                    let first = primeclimb::climb::hint::hint(&game, 1);
                    let o = &first.first().expect("a hint").outcome;
                    let mut a = notation::actions(&game, seat, &o.witness).expect("it reads");
                    if !o.wins && o.ends_move {
                        a.push(Action::EndMove);
                    }
                    if a.is_empty() {
                        a.push(Action::EndMove);
                    }
                    a
                } else {
                    ai::next_actions(&game, Level::Medium)
                };
                game.apply_all(seat, &actions).expect("legal");
                log.push((seat, actions));
            }
            let r = review::review(&options, &names, seed, &log).expect("a review");
            for t in r.turns.iter().filter(|t| t.seat == 0) {
                assert!(
                    t.is_best(),
                    "seed {seed}, {options:?}: turn {} played the first hint `{}` yet {:?}",
                    t.number,
                    t.played,
                    t.judge
                );
            }
            assert!(r.players[0].turns_lost.abs() < 1e-9);
            assert_eq!(r.players[0].accuracy().unwrap_or(100.0), 100.0);
        }
    }
}

#[test]
fn beyond_the_solver_the_hard_ai_judges() {
    let options = Options {
        sprint: true,
        ..Options::default()
    };
    let log = play(&options, &names(2), &[Level::Medium, Level::Hard], 3);
    let r = review::review(&options, &names(2), 3, &log).expect("a review");
    assert_eq!(r.course, None);
    assert!(!r.turns.is_empty());
    assert!(r
        .turns
        .iter()
        .all(|t| matches!(t.judge, Judge::HardAi { .. })));
    assert!(r.players.iter().all(|p| p.curve.is_empty()));
    // The hard AI agrees with itself.
    assert_eq!(r.players[1].accuracy(), Some(100.0));
}
