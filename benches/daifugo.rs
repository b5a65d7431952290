//! `cargo bench --bench daifugo`: Prime Daifugo engine timings (issue targets on a 2-core
//! machine): listing every prime playable from a 15-card hand with the play area empty
//! (≤ 1 ms), and one AI decision at each level on positions from real games (median
//! ≤ 20 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use primeclimb::daifugo::ai::{next_action, Level};
use primeclimb::daifugo::{playable_primes, Card, Game, Kind, Options};
use std::hint::black_box;

fn card(kind: Kind, icon: bool) -> Card {
    Card { kind, icon }
}

/// A 15-card advanced hand: many single-digit faces, both multi-number cards, icons.
fn fifteen_card_hand() -> Game {
    let n = |v| card(Kind::Number(v), false);
    let hand = vec![
        card(Kind::Number(1), true),
        n(1),
        card(Kind::Number(3), true),
        n(3),
        n(2),
        n(4),
        n(6),
        card(Kind::Number(7), true),
        card(Kind::Number(9), true),
        n(0),
        n(10),
        n(11),
        n(13),
        card(Kind::FiveNine, false),
        card(Kind::FourSixEight, false),
    ];
    Game::from_hands(Options::advanced(2), &[hand, vec![n(2)]], 0, 1).expect("valid hand")
}

/// Positions met in AI-vs-AI games (advanced deck, 3 players).
fn positions() -> Vec<Game> {
    let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    let mut out = Vec::new();
    for seed in 0..8 {
        let Ok(mut g) = Game::new(Options::advanced(3), &names, seed) else {
            continue;
        };
        for step in 0..60 {
            let Some(a) = next_action(&g, Level::Medium) else {
                break;
            };
            if step % 6 == 0 {
                out.push(g.clone());
            }
            let seat = g.current();
            if g.apply(seat, &a).is_err() {
                break;
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let g = fifteen_card_hand();
    c.bench_function("playable_primes 15-card hand", |b| {
        b.iter(|| black_box(playable_primes(black_box(&g), 0)))
    });
    let games = positions();
    for level in Level::ALL {
        let mut i = 0;
        c.bench_function(&format!("ai decision {level}"), |b| {
            b.iter(|| {
                i = (i + 1) % games.len();
                black_box(next_action(black_box(&games[i]), level))
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
