//! `cargo bench --bench ai`: time of one AI decision (a whole Move phase) on a fixed
//! suite of mid-game positions from seeded games (issue targets: hard median ≤ 20 ms,
//! medium ≤ 50 µs), and of a whole game between two medium AIs.

use criterion::{criterion_group, criterion_main, Criterion};
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::{solver, Game, Options, Phase};
use std::hint::black_box;

/// Positions met in real games: every 5th Move phase of 20 seeded medium-vs-medium games.
fn suite() -> Vec<Game> {
    let names = vec!["A".to_string(), "B".to_string(), "C".to_string()];
    let mut out = Vec::new();
    for seed in 0..20 {
        let mut g = Game::new(Options::default(), &names, seed).expect("game");
        let mut n = 0;
        while !g.is_over() {
            if g.phase == Phase::Move {
                n += 1;
                if n % 5 == 0 {
                    out.push(g.clone());
                }
            }
            ai::play(&mut g, Level::Medium).expect("legal");
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    // The exact values are solved once per process; do it before timing.
    black_box(solver::expected_turns([0, 0]));
    let games = suite();
    let mut group = c.benchmark_group("ai_decision");
    for level in [Level::Medium, Level::Hard] {
        let mut i = 0;
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                i = (i + 1) % games.len();
                black_box(ai::next_actions(black_box(&games[i]), level))
            })
        });
    }
    group.finish();
    let mut seed = 0;
    c.bench_function("medium_vs_medium_game", |b| {
        b.iter(|| {
            seed += 1;
            let names = vec!["A".to_string(), "B".to_string()];
            let mut g = Game::new(Options::default(), &names, seed).expect("game");
            while !g.is_over() {
                ai::play(&mut g, Level::Medium).expect("legal");
            }
            black_box(g.turn.number)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
