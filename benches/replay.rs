//! The replay GIF's measured targets: a 40-turn game (four medium AIs, 41 frames: the
//! start and the end of each turn) rendered at `REPLAY_WIDTH` and encoded, median ≤ 0.5 s
//! on the 2-core machine, and at most 2 MB (issue: pictures in 2 ms and 100 KB; Discord's
//! upload limit is 8 MB). Also the frames alone (board pictures) for reference: the rest
//! is indexing with the look's palette, the changed boxes and LZW.
//!
//! `cargo bench --bench replay` (it prints the GIF's size before timing).

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::{Game, Options};
use primeclimb::render::replay::{replay_gif, ReplayFrame, ReplayFrames, REPLAY_WIDTH};
use primeclimb::render::{render_board, RenderOptions};

/// The pictures' words in English.
const EN: &dyn primeclimb::render::Words =
    &primeclimb::text::pictures::PictureWords(primeclimb::lang::Lang::En);

/// Turns in the measured game.
const TURNS: usize = 40;

/// The first `TURNS` turns of a game between four medium AIs (seed 3 lasts 114 turns).
fn forty_turns() -> Vec<ReplayFrame> {
    let names: Vec<String> = ["Ada", "Bea", "Cy", "Dot"].map(String::from).to_vec();
    let mut game = Game::new(Options::default(), &names, 3).expect("a new game");
    let mut frames = ReplayFrames::new(&game);
    while !game.is_over() && frames.frames().len() <= TURNS {
        let events = ai::play(&mut game, Level::Medium).expect("the AI plays legal moves");
        frames.record(&game, &events);
    }
    let frames = frames.into_frames();
    assert_eq!(frames.len(), TURNS + 1, "the game lasts 40 turns");
    frames
}

fn replay(c: &mut Criterion) {
    let frames = forty_turns();
    let opts = RenderOptions::default();
    // The first call draws the static board of this size into the cache.
    let gif = replay_gif(&frames, &opts, EN, REPLAY_WIDTH).expect("encodes");
    println!(
        "replay GIF of {TURNS} turns ({} frames) at {REPLAY_WIDTH} × {REPLAY_WIDTH}: {} bytes ({:.2} MB)",
        frames.len(),
        gif.len(),
        gif.len() as f64 / 1e6
    );

    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("replay_gif_40_turns", |b| {
        b.iter(|| replay_gif(black_box(&frames), &opts, EN, REPLAY_WIDTH).expect("encodes"))
    });
    let small = RenderOptions {
        size: REPLAY_WIDTH,
        ..RenderOptions::default()
    };
    group.bench_function("render_frames_only_40_turns", |b| {
        b.iter(|| {
            for (game, last) in black_box(&frames) {
                black_box(render_board(game, last.as_ref(), &small, EN));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
