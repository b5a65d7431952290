//! The game review's measured target: a 40-turn game reviewed (every turn replayed and
//! set against the exact solver's best move, or the hard AI's where a Keeper is in hand),
//! median ≤ 200 ms on the 2-core machine. The solver's table is built once per process
//! (it is in memory before the first review); the build is measured apart.
//!
//! `cargo bench --bench review`

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::review::review;
use primeclimb::climb::solver::{self, Course};
use primeclimb::climb::{Action, Game, Options, Seat};

/// Turns in the measured game.
const TURNS: u32 = 40;

/// A game's log: each entry, the seat that acted and its actions.
type Log = Vec<(Seat, Vec<Action>)>;

/// The first 40 turns of a game of two people (an easy and a medium AI play them).
fn forty_turns() -> (Vec<String>, u64, Log) {
    let names: Vec<String> = ["Ada", "Bo"].map(String::from).to_vec();
    let seed = 3;
    let mut game = Game::new(Options::default(), &names, seed).expect("a game");
    let mut log = Vec::new();
    while !game.is_over() && game.turn.number <= TURNS {
        let seat = game.current();
        let level = [Level::Easy, Level::Medium][seat];
        let actions = ai::next_actions(&game, level);
        game.apply_all(seat, &actions).expect("legal");
        log.push((seat, actions));
    }
    assert!(game.turn.number > TURNS, "the game lasts 40 turns");
    (names, seed, log)
}

fn bench(c: &mut Criterion) {
    let (names, seed, log) = forty_turns();
    let options = Options::default();
    let r = review(&options, &names, seed, &log).expect("a review");
    println!(
        "review of {TURNS} turns: {} turns judged, {} by the solver",
        r.turns.len(),
        r.players.iter().map(|p| p.solver_turns).sum::<u32>()
    );
    let mut group = c.benchmark_group("review");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(15));
    group.bench_function("review_40_turns", |b| {
        b.iter(|| review(black_box(&options), &names, seed, black_box(&log)).expect("a review"))
    });
    group.finish();
    let _ = solver::values(Course::Climb);
}

criterion_group!(benches, bench);
criterion_main!(benches);
