//! The board picture's measured targets (issue: pictures in 2 ms and 100 KB): the demo
//! position drawn and encoded as the product sends it (`board_png`: the static board and
//! its indexed, parsed form cached per look, thoroughly parsed as the bot has it after a
//! look's first picture) at 1024 × 1024, in every look: both themes, both palettes, with
//! and without marks, in English and French. Each look's PNG size is printed, with what
//! the quick parse (a look's first picture) and the RGBA encoder of earlier versions
//! (`encode_png`) gave. The stages are measured apart too, and the first picture of a look
//! (its cached layers made) and its thorough parse. Before them, the pictures of the
//! first 60 turns of an AI game are drawn once each, in order, as a game's are: its
//! pawns, arrows and panel differ from picture to picture, unlike the demo's.
//!
//! `cargo bench --bench render`; the numbers go in the README.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::{Game, Options};
use primeclimb::lang::Lang;
use primeclimb::render::encode::Blocks;
use primeclimb::render::{
    board, board_png, board_png_in, canvas, demo, encode_png, refine, render_board, LastTurn, Look,
    Palette, RenderOptions, Theme, Words,
};
use primeclimb::text::pictures::words;

/// Every look a server or a person can choose, by name.
fn looks() -> Vec<(String, RenderOptions, &'static dyn Words)> {
    let mut out = Vec::new();
    for (theme_name, theme) in [("dark", Theme::dark()), ("light", Theme::light())] {
        for palette in [Palette::Standard, Palette::ColourBlind] {
            for marks in [false, true] {
                for lang in [Lang::En, Lang::Fr] {
                    let name = format!(
                        "{theme_name}_{}{}_{}",
                        match palette {
                            Palette::Standard => "standard",
                            Palette::ColourBlind => "colour_blind",
                        },
                        if marks { "_marks" } else { "" },
                        match lang {
                            Lang::En => "en",
                            Lang::Fr => "fr",
                        }
                    );
                    let opts = RenderOptions {
                        theme: theme.clone().with_look(Look { palette, marks }),
                        ..RenderOptions::default()
                    };
                    out.push((name, opts, words(lang)));
                }
            }
        }
    }
    out
}

/// The pictures of the first 60 turns of a game between four medium AIs, each drawn once
/// in order (after its look's layers are made), as a game's are: the time a picture and
/// the bytes, printed.
fn game_in_order() {
    let names: Vec<String> = ["Ada", "Bea", "Cy", "Dot"].map(String::from).to_vec();
    let mut game = Game::new(Options::default(), &names, 3).expect("a new game");
    let mut turns = Vec::new();
    while !game.is_over() && turns.len() < 60 {
        let events = ai::play(&mut game, Level::Medium).expect("the AI plays legal moves");
        turns.push((game.clone(), LastTurn::from_events(&events)));
    }
    let opts = RenderOptions::default();
    let en = words(Lang::En);
    let look = refine(&opts, en);
    let start = std::time::Instant::now();
    let bytes: usize = turns
        .iter()
        .map(|(game, last)| board_png_in(&look, game, last.as_ref(), &opts, en).len())
        .sum();
    let n = turns.len().max(1);
    println!(
        "a game's {n} pictures in order, each once: {:.2} ms and {} bytes a picture",
        start.elapsed().as_secs_f64() * 1e3 / n as f64,
        bytes / n,
    );
}

fn render(c: &mut Criterion) {
    game_in_order();
    let (game, last) = demo::demo_game().expect("the demo position is legal");
    let looks = looks();
    for (name, opts, words) in &looks {
        let start = std::time::Instant::now();
        let quick = board_png(&game, Some(&last), opts, *words);
        let first = start.elapsed();
        let start = std::time::Instant::now();
        let look = refine(opts, *words);
        let refining = start.elapsed();
        let png = board_png_in(&look, &game, Some(&last), opts, *words);
        let rgba = encode_png(&render_board(&game, Some(&last), opts, *words)).expect("encodes");
        println!(
            "{name}: PNG {} bytes (quick parse {} bytes, RGBA encoder {} bytes); \
             first picture of the look {:.0} ms, thorough parse {:.0} ms",
            png.len(),
            quick.len(),
            rgba.len(),
            first.as_secs_f64() * 1e3,
            refining.as_secs_f64() * 1e3,
        );
    }

    // As the bot draws them: each look's layers made and thoroughly parsed (the default
    // look's at start, another's after its first picture). More looks than the cache
    // keeps are measured, so each is made again just before.
    let mut group = c.benchmark_group("board_png");
    for (name, opts, words) in &looks {
        let look = refine(opts, *words);
        group.bench_function(name.as_str(), |b| {
            b.iter(|| board_png_in(&look, black_box(&game), Some(&last), opts, *words))
        });
    }
    group.finish();

    let (_, opts, en) = &looks[0];
    // Where the picture was drawn on, for the encode stage below.
    canvas::record_touched(true);
    let img = render_board(&game, Some(&last), opts, *en);
    let (w, h) = (img.width() as usize, img.height() as usize);
    let blocks = Blocks::of(&canvas::record_touched(false), w, h);
    c.bench_function("stage_render_demo_1024", |b| {
        b.iter(|| render_board(black_box(&game), Some(&last), opts, *en))
    });
    let cached = refine(opts, *en);
    // Encoded as `board_png_in` encodes: only where the picture was drawn on is looked
    // at, and the picture and its scanlines are put back to the static board (a copy of
    // the picture is made for each run, untimed).
    let mut raw = Vec::new();
    c.bench_function("stage_encode_indexed_demo_1024", |b| {
        b.iter_batched_ref(
            || img.clone(),
            |picture| {
                let png = cached.png_reusing(picture, &blocks, &mut raw);
                cached.restore(&mut raw, &blocks);
                png
            },
            BatchSize::LargeInput,
        )
    });
    c.bench_function("stage_encode_rgba_demo_1024", |b| {
        b.iter(|| encode_png(black_box(&img)).expect("encodes"))
    });

    let mut slow = c.benchmark_group("uncached");
    slow.sample_size(10);
    let layout = opts.layout();
    slow.bench_function("static_board_1024", |b| {
        b.iter(|| board::draw_static_board(black_box(&layout), &opts.theme, *en))
    });
    slow.bench_function("thorough_parse_1024", |b| {
        let base = std::sync::Arc::new(board::draw_static_board(&layout, &opts.theme, *en));
        b.iter(|| primeclimb::render::encode::Indexed::new(base.clone(), &[&img]).refine())
    });
    slow.bench_function("indexed_layers_1024", |b| {
        let base = std::sync::Arc::new(board::draw_static_board(&layout, &opts.theme, *en));
        b.iter(|| primeclimb::render::encode::Indexed::new(base.clone(), &[&img]))
    });
    slow.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
