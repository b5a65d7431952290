//! `cargo bench --bench legal_outcomes`: time per `legal_outcomes` call on three fixed
//! suites of positions (issue targets on a 2-core machine: plain rolls ≤ 10 µs, doubles
//! ≤ 100 µs, doubles with three ±N Keepers ≤ 1 ms). Each iteration is one call; the
//! suite's positions are cycled so the median is over the whole suite.

use criterion::{criterion_group, criterion_main, Criterion};
use primeclimb::climb::{legal_outcomes, Game, KeeperEffect, Options, PositionSetup, Roll};
use std::hint::black_box;

const PAWNS: [[u8; 2]; 8] = [
    [0, 0],
    [4, 26],
    [13, 40],
    [30, 64],
    [55, 72],
    [81, 90],
    [97, 101],
    [12, 48],
];
const OTHERS: [[u8; 2]; 8] = [
    [0, 0],
    [37, 42],
    [17, 60],
    [33, 70],
    [50, 0],
    [84, 99],
    [91, 5],
    [24, 36],
];

fn suite(doubles: bool, keepers: &[KeeperEffect]) -> Vec<Game> {
    let mut out = Vec::new();
    for (i, (&p, &o)) in PAWNS.iter().zip(OTHERS.iter()).enumerate() {
        for k in 1..=10u8 {
            let roll = if doubles {
                Roll { a: k, b: k }
            } else {
                Roll {
                    a: k,
                    b: ((k + i as u8 + 2) % 10) + 1,
                }
            };
            if !doubles && roll.is_doubles() {
                continue;
            }
            let setup = PositionSetup {
                pawns: vec![p, o],
                keepers: vec![keepers.to_vec()],
                to_move: 0,
                roll: Some(roll),
                cursed: false,
            };
            out.push(Game::from_position(Options::default(), &setup, 1).expect("position"));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let three = [
        KeeperEffect::PlusMinus { n: 2 },
        KeeperEffect::PlusMinus { n: 5 },
        KeeperEffect::PlusMinus { n: 7 },
    ];
    let suites = [
        ("plain_rolls", suite(false, &[])),
        ("doubles", suite(true, &[])),
        ("doubles_three_keepers", suite(true, &three)),
    ];
    let mut group = c.benchmark_group("legal_outcomes");
    for (name, games) in &suites {
        let mut i = 0;
        group.bench_function(*name, |b| {
            b.iter(|| {
                i = (i + 1) % games.len();
                black_box(legal_outcomes(black_box(&games[i])))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
