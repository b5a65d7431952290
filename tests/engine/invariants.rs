//! Invariants over many seeded random games, and "legal ⇔ generated": the outcome search
//! agrees with a brute-force walk over every sequence of actions through the engine.

use crate::support::position;

use std::collections::{BTreeSet, HashSet};

use primeclimb::climb::notation::play;
use primeclimb::climb::ops::Op;
use primeclimb::climb::{
    is_legal, legal_outcomes, Action, Event, Game, KeeperEffect, KeeperPlay, Options, Outcome,
    Phase, GOAL,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every action the player to move could try in the Move phase (legal or not).
pub(super) fn candidate_actions(g: &Game) -> Vec<Action> {
    let seat = g.current();
    let mut out = Vec::new();
    let r = g.turn.roll;
    for pawn in 0..2 {
        for die in [r.a, r.b] {
            for op in Op::ALL {
                out.push(Action::Die { pawn, op, die });
            }
            out.push(Action::Forced { pawn, die });
        }
    }
    for (card, k) in g.playable_keepers(seat) {
        match k {
            KeeperEffect::PlusMinus { .. } => {
                for pawn in 0..2 {
                    for add in [true, false] {
                        out.push(Action::Keeper {
                            card,
                            play: KeeperPlay::PlusMinus { pawn, add },
                        });
                    }
                }
            }
            KeeperEffect::SendWithin { .. } => {
                for pawn in 0..2 {
                    out.push(Action::Keeper {
                        card,
                        play: KeeperPlay::SendWithin { pawn },
                    });
                }
            }
            KeeperEffect::Curse => {
                for target in 0..g.players.len() {
                    out.push(Action::Keeper {
                        card,
                        play: KeeperPlay::Curse { target },
                    });
                }
            }
        }
    }
    out
}

/// What an outcome means, without its witness, for set comparison.
type End = (
    [u8; 2],
    Vec<String>,
    bool,
    bool,
    Vec<u8>,
    [bool; 2],
    Vec<u8>,
);

fn end_of(o: &Outcome) -> End {
    let mut bumped: Vec<u8> = o.bumped.iter().map(|&(_, s)| s).collect();
    bumped.sort();
    (
        o.pawns,
        o.keepers_used.iter().map(|k| format!("{k:?}")).collect(),
        o.wins,
        o.draws_card,
        bumped,
        o.returning,
        sorted(o.stations.clone()),
    )
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort();
    v
}

/// Brute force: walk every sequence of actions through the engine; at every state where
/// the Move phase may end, end it on a copy with empty card piles and read the result
/// off the board and the events.
fn brute_force(g: &Game) -> BTreeSet<End> {
    let mut base = g.clone();
    base.draw_pile.clear();
    base.discard.clear();
    let seat = base.current();
    let symmetric = base.players[seat].pawns[0] == base.players[seat].pawns[1]
        && base.players[seat].returning[0] == base.players[seat].returning[1];
    let mut out = BTreeSet::new();
    let mut seen = HashSet::new();
    walk(&base, g, seat, symmetric, &mut out, &mut seen);
    out
}

/// The engine state that decides what can still happen this turn (for memoising the
/// walk): two walks reaching the same state reach the same ends.
fn state_key(g: &Game) -> String {
    let mut discard = g.discard.clone();
    discard.sort();
    let players: Vec<_> = g
        .players
        .iter()
        .map(|p| {
            (
                p.pawns,
                p.keepers.iter().map(|h| h.card).collect::<Vec<_>>(),
                p.cursed_next_turn,
                p.returning,
                p.stations.clone(),
            )
        })
        .collect();
    format!(
        "{players:?} {:?} {:?} {:?} {:?} {discard:?}",
        g.turn.uses, g.turn.moved, g.turn.last_mover, g.winner
    )
}

fn walk(
    g: &Game,
    start: &Game,
    seat: usize,
    symmetric: bool,
    out: &mut BTreeSet<End>,
    seen: &mut HashSet<String>,
) {
    if !seen.insert(state_key(g)) {
        return;
    }
    if g.is_over() || g.can_end_move() {
        let mut done = g.clone();
        let events = if g.is_over() {
            Vec::new()
        } else {
            done.apply(seat, &Action::EndMove).expect("can end")
        };
        let mut pawns = done.players[seat].pawns;
        let mut returning = done.players[seat].returning;
        if symmetric && pawns[0] > pawns[1] {
            pawns.swap(0, 1);
            returning.swap(0, 1);
        }
        let draws = events
            .iter()
            .any(|e| matches!(e, Event::DeckEmpty | Event::Drew { .. }));
        let mut bumped: Vec<u8> = Vec::new();
        for (p, from) in start.pawns_in_play().filter(|(p, _)| p.seat != seat) {
            let back = done.start_of(p);
            if from != back && done.space_of(p) == back {
                bumped.push(from);
            }
        }
        bumped.sort();
        let mut keepers: Vec<primeclimb::climb::KeeperUse> = g.turn.steps[start.turn.steps.len()..]
            .iter()
            .filter_map(|s| match s {
                primeclimb::climb::StepRecord::Keeper { card, play, .. } => {
                    Some(match (g.card(*card).keeper(), play) {
                        (_, KeeperPlay::Curse { target }) => {
                            primeclimb::climb::KeeperUse::Curse { target: *target }
                        }
                        (Some(KeeperEffect::PlusMinus { n }), _) => {
                            primeclimb::climb::KeeperUse::PlusMinus { n }
                        }
                        (Some(KeeperEffect::SendWithin { distance }), _) => {
                            primeclimb::climb::KeeperUse::SendWithin { distance }
                        }
                        _ => unreachable!("a keeper"),
                    })
                }
                _ => None,
            })
            .collect();
        keepers.sort();
        out.insert((
            pawns,
            keepers.iter().map(|k| format!("{k:?}")).collect(),
            done.winner == Some(seat),
            draws,
            bumped,
            returning,
            sorted(done.players[seat].stations.clone()),
        ));
        if g.is_over() {
            return;
        }
    }
    for a in candidate_actions(g) {
        let mut next = g.clone();
        if next.apply(seat, &a).is_ok() {
            walk(&next, start, seat, symmetric, out, seen);
        }
    }
}

fn generated(g: &Game) -> BTreeSet<End> {
    let list = legal_outcomes(g);
    let set: BTreeSet<End> = list.iter().map(|o| end_of(&o)).collect();
    assert_eq!(set.len(), list.len(), "outcomes are distinct");
    // The joint search, used when pawns are coupled, agrees with the per-pawn one.
    let joint: BTreeSet<End> = primeclimb::climb::outcomes::legal_outcomes_joint(g)
        .iter()
        .map(|o| end_of(&o))
        .collect();
    assert_eq!(set, joint, "per-pawn and joint searches differ");
    set
}

#[test]
fn legal_outcomes_equal_brute_force_on_plain_rolls() {
    let positions: &[[[u8; 2]; 2]] = &[
        [[4, 26], [0, 0]],
        [[0, 0], [5, 6]],
        [[78, 0], [42, 0]],
        [[31, 0], [33, 37]],
        [[98, GOAL], [0, 0]],
        [[10, 16], [13, 20]],
        [[50, 51], [52, 49]],
    ];
    for pawns in positions {
        for (a, b) in [(3, 9), (1, 2), (2, 2), (7, 7), (10, 5), (1, 1)] {
            let g = position::position(pawns, (a, b));
            assert_eq!(generated(&g), brute_force(&g), "{pawns:?} roll {a},{b}");
        }
    }
}

#[test]
fn legal_outcomes_equal_brute_force_with_keepers_and_curse() {
    type Case = ([[u8; 2]; 2], (u8, u8), &'static [KeeperEffect], bool);
    let cases: &[Case] = &[
        (
            [[10, 20], [23, 30]],
            (3, 4),
            &[KeeperEffect::PlusMinus { n: 5 }],
            false,
        ),
        (
            [[40, 41], [38, 43]],
            (1, 2),
            &[KeeperEffect::SendWithin { distance: 2 }],
            false,
        ),
        (
            [[3, 7], [50, 60]],
            (9, 8),
            &[KeeperEffect::PlusMinus { n: 2 }],
            true,
        ),
        ([[3, 7], [2, 60]], (9, 9), &[], true),
        (
            [[90, GOAL], [95, 60]],
            (3, 2),
            &[KeeperEffect::PlusMinus { n: 6 }, KeeperEffect::Curse],
            false,
        ),
        (
            [[12, 12], [14, 0]],
            (2, 5),
            &[KeeperEffect::PlusMinus { n: 2 }],
            false,
        ),
    ];
    for (pawns, (a, b), keepers, cursed) in cases {
        let g = position::position_with(pawns, (*a, *b), keepers, *cursed, Options::default());
        assert_eq!(
            generated(&g),
            brute_force(&g),
            "{pawns:?} roll {a},{b} {keepers:?}"
        );
    }
}

#[test]
fn legal_outcomes_equal_brute_force_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for _ in 0..150 {
        let mut sp = || rng.gen_range(0..=100u8);
        let pawns = [[sp(), sp()], [sp(), sp()]];
        let a = rng.gen_range(1..=10);
        let b = rng.gen_range(1..=10);
        let keepers: Vec<KeeperEffect> = if rng.gen_bool(0.3) {
            vec![KeeperEffect::PlusMinus {
                n: rng.gen_range(1..=9),
            }]
        } else {
            Vec::new()
        };
        let cursed = rng.gen_bool(0.2);
        let g = position::position_with(&pawns, (a, b), &keepers, cursed, Options::default());
        assert_eq!(
            generated(&g),
            brute_force(&g),
            "{pawns:?} roll {a},{b} {keepers:?} cursed {cursed}"
        );
    }
}

// ----- random games -------------------------------------------------------------------

struct Stats {
    turns: u64,
    checked_outcomes: u64,
}

/// Check the invariants that hold at every moment.
fn check_state(g: &Game) {
    for p in &g.players {
        for &s in &p.pawns {
            assert!(s <= GOAL, "pawn off the board: {s}");
        }
    }
    assert!(g.cards_accounted(), "cards lost or duplicated");
}

/// After a turn: no two pawns share a space from 1 to 100 (bumping resolves every clash).
fn check_between_turns(g: &Game) {
    let mut seen = [false; 102];
    for (_, s) in g.pawns_in_play() {
        if (1..=100).contains(&s) {
            assert!(!seen[s as usize], "two pawns on {s}");
            seen[s as usize] = true;
        }
    }
}

fn play_random_game(seed: u64, players: usize, check_all: bool, stats: &mut Stats) {
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let options = Options {
        doubles: if seed % 3 == 0 {
            primeclimb::climb::Doubles::May
        } else {
            primeclimb::climb::Doubles::Must
        },
        ..Options::default()
    };
    let mut g = Game::new(options, &names, seed).expect("game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xdead_beef);
    let mut turns = 0;
    while !g.is_over() {
        turns += 1;
        assert!(turns < 3_000, "game {seed} does not end");
        check_state(&g);
        let seat = g.current();
        match g.phase.clone() {
            Phase::Choice(_) => {
                let choices = g.pending_choices();
                let c = *choices.choose(&mut rng).expect("a choice");
                g.apply(seat, &Action::Choose(c))
                    .expect("a listed choice is legal");
                check_between_turns(&g);
                continue;
            }
            Phase::Over => break,
            Phase::Move => {}
        }
        let outcomes: Vec<Outcome> = legal_outcomes(&g).iter().collect();
        assert!(!outcomes.is_empty(), "a Move phase always has an end");
        if check_all {
            for o in &outcomes {
                let back = is_legal(&g, &o.witness)
                    .unwrap_or_else(|e| panic!("witness {} refused: {e}", o.witness));
                assert!(
                    back.same_end(o),
                    "witness {} gives {back:?}, not {o:?}",
                    o.witness
                );
                stats.checked_outcomes += 1;
            }
        }
        if rng.gen_bool(0.5) {
            // Choose an outcome: a win if there is one, else greedy or random.
            let pick = if let Some(w) = outcomes.iter().find(|o| o.wins) {
                w.clone()
            } else if rng.gen_bool(0.6) {
                outcomes
                    .iter()
                    .max_by_key(|o| (o.pawns[0] as u32 + o.pawns[1] as u32, o.draws_card))
                    .cloned()
                    .expect("some")
            } else {
                outcomes.choose(&mut rng).cloned().expect("some")
            };
            let back = is_legal(&g, &pick.witness).expect("witness legal");
            assert!(back.same_end(&pick));
            let before = g.clone();
            let ev = play(&mut g, seat, &pick.witness).expect("witness plays");
            if !g.is_over() {
                // The engine's bump and draw agree with the outcome.
                let end = g.apply(seat, &Action::EndMove).expect("ends");
                let drew = end
                    .iter()
                    .any(|e| matches!(e, Event::Drew { .. } | Event::DeckEmpty));
                assert_eq!(drew, pick.draws_card, "draw disagrees for {}", pick.witness);
                let after_bump: Vec<_> = end
                    .iter()
                    .take_while(|e| !matches!(e, Event::Drew { .. } | Event::DeckEmpty))
                    .collect();
                let mut own = before.players[seat].pawns;
                for e in &ev {
                    if let Event::Stepped { pawn, to, .. } | Event::KeeperMoved { pawn, to, .. } = e
                    {
                        own[*pawn] = *to;
                    }
                    if let Event::ForcedToStart { pawn, .. } = e {
                        own[*pawn] = 0;
                    }
                    if let Event::SentToStart { pawn, .. } = e {
                        if pawn.seat == seat {
                            own[pawn.pawn] = 0;
                        }
                    }
                }
                for e in after_bump {
                    if let Event::SentToStart { pawn, .. } = e {
                        if pawn.seat == seat {
                            own[pawn.pawn] = 0;
                        }
                    }
                }
                let sym = before.players[seat].pawns[0] == before.players[seat].pawns[1];
                if sym && own[0] > own[1] {
                    own.swap(0, 1);
                }
                assert_eq!(own, pick.pawns, "bump disagrees for {}", pick.witness);
            } else {
                assert!(pick.wins);
            }
        } else {
            // Step by step with random legal actions, undoing now and then.
            loop {
                if g.is_over() {
                    break;
                }
                if g.can_end_move()
                    && (g.turn.uses.total_left() == 0 || rng.gen_bool(0.5))
                    && (rng.gen_bool(0.7) || g.playable_keepers(seat).is_empty())
                {
                    g.apply(seat, &Action::EndMove).expect("can end");
                    break;
                }
                if g.turn.can_undo() && rng.gen_bool(0.05) {
                    g.apply(seat, &Action::Undo).expect("undo");
                    continue;
                }
                let mut cands = candidate_actions(&g);
                cands.shuffle(&mut rng);
                let mut moved = false;
                for a in cands {
                    // Keepers now and then only, so hands build up.
                    if matches!(a, Action::Keeper { .. }) && rng.gen_bool(0.7) {
                        continue;
                    }
                    let before = g.clone();
                    match g.apply(seat, &a) {
                        Ok(_) => {
                            moved = true;
                            break;
                        }
                        Err(_) => assert_eq!(g, before, "a refused action changed the game"),
                    }
                }
                if !moved {
                    // Only Keepers were left to try and all were skipped: end if allowed.
                    if g.can_end_move() {
                        g.apply(seat, &Action::EndMove).expect("can end");
                        break;
                    }
                }
                check_state(&g);
            }
        }
        if g.phase == Phase::Move {
            check_between_turns(&g);
        }
        stats.turns += 1;
    }
    check_state(&g);
    assert!(g.winner.is_some());
}

fn run_games(range: std::ops::Range<u64>) -> Stats {
    let mut stats = Stats {
        turns: 0,
        checked_outcomes: 0,
    };
    for seed in range {
        let players = 2 + (seed % 3) as usize;
        play_random_game(seed, players, seed % 10 == 0, &mut stats);
    }
    stats
}

// 10,000 games in four parallel test functions.
#[test]
fn random_games_0_to_2500_keep_invariants() {
    let s = run_games(0..2_500);
    assert!(s.turns > 2_500 && s.checked_outcomes > 0);
}

#[test]
fn random_games_2500_to_5000_keep_invariants() {
    let s = run_games(2_500..5_000);
    assert!(s.turns > 2_500 && s.checked_outcomes > 0);
}

#[test]
fn random_games_5000_to_7500_keep_invariants() {
    let s = run_games(5_000..7_500);
    assert!(s.turns > 2_500 && s.checked_outcomes > 0);
}

#[test]
fn random_games_7500_to_10000_keep_invariants() {
    let s = run_games(7_500..10_000);
    assert!(s.turns > 2_500 && s.checked_outcomes > 0);
}

/// Per-pawn and joint searches agree on random positions with up to three ±N Keepers
/// and six other pawns, also in the middle of a Move phase; every witness replays.
#[test]
fn per_pawn_and_joint_searches_agree_mid_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut checked = 0;
    for _ in 0..400 {
        let mut sp = || {
            if rng.gen_bool(0.1) {
                0
            } else {
                rng.gen_range(1..=101u8)
            }
        };
        let mine = [sp(), sp()];
        if mine == [GOAL, GOAL] {
            continue;
        }
        let others = [[sp(), sp()], [sp(), sp()], [sp(), sp()]];
        let d = rng.gen_range(1..=10u8);
        let roll = if rng.gen_bool(0.5) {
            (d, d)
        } else {
            (d, rng.gen_range(1..=10u8))
        };
        let mut ns: Vec<u8> = (1..=9).collect();
        ns.shuffle(&mut rng);
        let keepers: Vec<KeeperEffect> = ns
            .iter()
            .take(rng.gen_range(0..=3))
            .map(|&n| KeeperEffect::PlusMinus { n })
            .collect();
        let pawns = [mine, others[0], others[1], others[2]];
        let mut g = position::position_with(&pawns, roll, &keepers, false, Options::default());
        // Sometimes take one or two steps first.
        for _ in 0..rng.gen_range(0..=2) {
            let mut cands = candidate_actions(&g);
            cands.shuffle(&mut rng);
            for a in cands {
                if g.apply(0, &a).is_ok() {
                    break;
                }
            }
        }
        if g.is_over() {
            continue;
        }
        let fast = legal_outcomes(&g);
        let set: BTreeSet<End> = fast.iter().map(|o| end_of(&o)).collect();
        assert_eq!(set.len(), fast.len(), "distinct");
        let joint: BTreeSet<End> = primeclimb::climb::outcomes::legal_outcomes_joint(&g)
            .iter()
            .map(|o| end_of(&o))
            .collect();
        assert_eq!(
            set, joint,
            "{pawns:?} roll {roll:?} {keepers:?} steps {:?}",
            g.turn.steps
        );
        for o in fast.iter() {
            let back = is_legal(&g, &o.witness)
                .unwrap_or_else(|e| panic!("witness `{}` refused: {e}", o.witness));
            assert!(
                back.same_end(&o),
                "witness `{}` gives {back:?}, not {o:?}",
                o.witness
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000, "checked {checked} witnesses");
}

/// legal ⇔ generated on the variants whose Move phase ends predictably (Double Time
/// stops at draws and is covered by `tests/variants.rs`).
#[test]
fn legal_outcomes_equal_brute_force_on_variants() {
    use primeclimb::climb::options::WayStations;
    use primeclimb::climb::Course;
    let variants: Vec<Options> = vec![
        Options {
            course: Course::Decline,
            ..Options::default()
        },
        Options {
            course: Course::ThereAndBack,
            ..Options::default()
        },
        Options {
            sprint: true,
            ..Options::default()
        },
        Options {
            way_stations: WayStations::Chosen(vec![37, 41, 43]),
            ..Options::default()
        },
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for options in &variants {
        for _ in 0..60 {
            let mut sp = || rng.gen_range(0..=101u8);
            let pawns = [[sp(), sp()], [sp(), sp()]];
            let (a, b) = (rng.gen_range(1..=10), rng.gen_range(1..=10));
            let keepers: Vec<KeeperEffect> = if rng.gen_bool(0.3) {
                vec![KeeperEffect::PlusMinus {
                    n: rng.gen_range(1..=9),
                }]
            } else {
                Vec::new()
            };
            let cursed = rng.gen_bool(0.15);
            let mut g = position::position_with(&pawns, (a, b), &keepers, cursed, options.clone());
            if options.course == Course::ThereAndBack {
                g.players[0].returning = [rng.gen_bool(0.4), rng.gen_bool(0.4)];
                // A returning pawn stands below 101 or on it; a climbing one below 101.
                for i in 0..2 {
                    if g.players[0].pawns[i] == 0 && g.players[0].returning[i] {
                        g.players[0].pawns[i] = 5;
                    }
                }
                g.turn.start_spaces = g.players[0].pawns;
            }
            if g.is_over()
                || (0..2).all(|i| g.is_home(primeclimb::climb::PawnRef { seat: 0, pawn: i }))
            {
                continue;
            }
            let (gen, brute) = (generated(&g), brute_force(&g));
            let only_gen: Vec<_> = gen.difference(&brute).collect();
            let only_brute: Vec<_> = brute.difference(&gen).collect();
            assert!(
                only_gen.is_empty() && only_brute.is_empty(),
                "{:?} {pawns:?} returning {:?} roll {a},{b} {keepers:?} cursed {cursed}\nonly generated: {only_gen:?}\nonly brute force: {only_brute:?}",
                options,
                g.players[0].returning
            );
        }
    }
}
