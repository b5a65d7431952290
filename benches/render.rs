//! The board picture's measured targets (issue: render): the demo position rendered and
//! PNG-encoded at 1024 × 1024 with the static board cached, median ≤ 25 ms; the same
//! with the colour-blind palette and factor marks, in French (issue: pictures for
//! everyone), ≤ 25 ms and ≤ 300 KB. The stages are measured apart too, and the uncached
//! static board for reference.
//!
//! `cargo bench --bench render`; the numbers go in the README.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use primeclimb::render::{
    board, demo, encode_png, render_board, Look, Palette, RenderOptions, Theme,
};

/// The pictures' words in English.
const EN: &dyn primeclimb::render::Words =
    &primeclimb::text::pictures::PictureWords(primeclimb::lang::Lang::En);

fn render(c: &mut Criterion) {
    let (game, last) = demo::demo_game().expect("the demo position is legal");
    let opts = RenderOptions::default();
    // The first call draws the static board into the cache; the target is for later calls.
    let first = render_board(&game, Some(&last), &opts, EN);
    let png = encode_png(&first).expect("encodes");
    println!("demo PNG at 1024 × 1024: {} bytes", png.len());

    c.bench_function("render_and_encode_demo_1024", |b| {
        b.iter(|| {
            let img = render_board(black_box(&game), Some(&last), &opts, EN);
            encode_png(&img).expect("encodes")
        })
    });
    c.bench_function("render_demo_1024", |b| {
        b.iter(|| render_board(black_box(&game), Some(&last), &opts, EN))
    });
    c.bench_function("encode_png_demo_1024", |b| {
        b.iter(|| encode_png(black_box(&first)).expect("encodes"))
    });

    let fr = primeclimb::text::pictures::words(primeclimb::lang::Lang::Fr);
    let marked = RenderOptions {
        theme: Theme::for_look(Look {
            palette: Palette::ColourBlind,
            marks: true,
        }),
        ..RenderOptions::default()
    };
    let png = encode_png(&render_board(&game, Some(&last), &marked, fr)).expect("encodes");
    println!(
        "demo PNG, colour-blind palette with marks, in French: {} bytes",
        png.len()
    );
    c.bench_function("render_and_encode_demo_1024_colour_blind_marks_fr", |b| {
        b.iter(|| {
            let img = render_board(black_box(&game), Some(&last), &marked, fr);
            encode_png(&img).expect("encodes")
        })
    });

    let mut slow = c.benchmark_group("uncached");
    slow.sample_size(10);
    let layout = opts.layout();
    slow.bench_function("static_board_1024", |b| {
        b.iter(|| board::draw_static_board(black_box(&layout), &opts.theme, EN))
    });
    slow.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
