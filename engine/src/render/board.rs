//! The static board: background, the spiral of spaces 0–101 split into factor-coloured
//! segments (§1), their numbers, the goal, Start and the colour legend.
//!
//! Nothing here depends on a game, so the board is drawn once per size and theme and
//! cached; each render copies it and draws the pieces on top.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Rgba, RgbaImage};

use super::canvas::{self, disc, fill_rect, line, ring, Pt};
use super::fonts::{draw_text, draw_text_halo, fit, Align, TextStyle};
use super::layout::{Circle, Layout};
use super::panel::MIN_TYPE;
use super::theme::{Mark, Theme};
use super::vector::{self, Shape};
use super::words::Words;
use crate::climb::board::{factor_colours, prime_factors};
use crate::climb::{Colour, GOAL, START};
use crate::lang::Lang;

/// Cached boards beyond this many (sizes × themes) are dropped and redrawn when asked.
const CACHE_LIMIT: usize = 8;

type BoardCache = HashMap<(u32, Theme, Lang), Arc<RgbaImage>>;

/// The static board for `size`, `theme` and language, drawn on first use and shared
/// afterwards.
pub fn static_board(layout: &Layout, theme: &Theme, words: &dyn Words) -> Arc<RgbaImage> {
    static CACHE: OnceLock<Mutex<BoardCache>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (layout.size, theme.clone(), words.lang());
    // A poisoned lock only means another render panicked mid-insert; the map is still usable.
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(img) = map.get(&key) {
        return Arc::clone(img);
    }
    let img = Arc::new(draw_static_board(layout, theme, words));
    if map.len() >= CACHE_LIMIT {
        map.clear();
    }
    map.insert(key, Arc::clone(&img));
    img
}

/// Draw the board from scratch (what the cache holds).
pub fn draw_static_board(layout: &Layout, theme: &Theme, words: &dyn Words) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(layout.size, layout.size, theme.background);
    draw_static_on(&mut img, layout, theme, words);
    img
}

/// Draw the static board on `img`, which holds the background colour (or records shapes:
/// `vector.rs`).
pub fn draw_static_on(img: &mut RgbaImage, layout: &Layout, theme: &Theme, words: &dyn Words) {
    let size = layout.size;
    fill_rect(
        img,
        layout.panel.x as u32,
        0,
        layout.panel.w.ceil() as u32,
        size,
        theme.panel,
    );
    // The thread through consecutive spaces shows the order of the climb.
    for s in 0..GOAL {
        let (a, b) = (layout.space(s).c, layout.space(s + 1).c);
        line(img, a, b, layout.px(4.0), theme.thread);
    }
    for space in 1..GOAL {
        draw_space(img, layout, theme, space);
    }
    draw_goal(img, layout, theme);
    draw_start(img, layout, theme);
    draw_legend(img, layout, theme, words);
    super::panel::draw_panel_static(img, layout, theme, words);
}

/// The colour each segment of a space is painted in (§1), clockwise from the top.
pub fn segment_colours(theme: &Theme, space: u8) -> Vec<Rgba<u8>> {
    factor_colours(space)
        .into_iter()
        .map(|c| theme.factor(c))
        .collect()
}

/// A circle split into equal segments, clockwise from 12 o'clock, with thin gaps of
/// `gap_colour` between them at the rim so that 8 reads as three oranges, not one.
pub fn segmented_disc(
    img: &mut RgbaImage,
    circle: Circle,
    colours: &[Rgba<u8>],
    gap_colour: Rgba<u8>,
    gap: f32,
) {
    let Circle { c, r } = circle;
    let n = colours.len().max(1);
    let tau = std::f32::consts::TAU;
    let first = colours.first().copied().unwrap_or(gap_colour);
    if n == 1 {
        disc(img, c, r, first);
        return;
    }
    // The fill is hard-edged between segments: the gap lines drawn next hide the seams.
    let fill = |x: f32, y: f32| {
        let a = (x - c.x).atan2(-(y - c.y)).rem_euclid(tau);
        let i = ((a / tau * n as f32) as usize).min(n - 1);
        colours[i]
    };
    let recording = vector::recorded(|| Shape::Segments {
        c,
        r,
        colours: colours.to_vec(),
    });
    let (w, h) = if recording {
        (0.0, 0.0)
    } else {
        (img.width() as f32, img.height() as f32)
    };
    let x0 = (c.x - r - 1.0).floor().clamp(0.0, w) as u32;
    let x1 = (c.x + r + 1.0).ceil().clamp(0.0, w) as u32;
    let y0 = (c.y - r - 1.0).floor().clamp(0.0, h) as u32;
    let y1 = (c.y + r + 1.0).ceil().clamp(0.0, h) as u32;
    canvas::touch(x0, y0, x1, y1);
    for y in y0..y1 {
        for x in x0..x1 {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let cov = (0.5 - (Pt::new(px - c.x, py - c.y).len() - r)).clamp(0.0, 1.0);
            if cov > 0.0 {
                canvas::blend(img, x, y, fill(px, py), cov);
            }
        }
    }
    // Gaps only in the outer part: through the middle they would cut the number.
    for i in 0..n {
        let a = tau * i as f32 / n as f32;
        let dir = Pt::new(a.sin(), -a.cos());
        line(
            img,
            c.plus(dir.times(r * 0.58)),
            c.plus(dir.times(r + 1.0)),
            gap,
            gap_colour,
        );
    }
}

fn draw_space(img: &mut RgbaImage, layout: &Layout, theme: &Theme, space: u8) {
    let circle = layout.space(space);
    let colours = segment_colours(theme, space);
    let text = space.to_string();
    let base = TextStyle::bold(circle.r * 0.98);
    let style = fit(base, &text, circle.r * 1.55);
    if colours.is_empty() {
        // 1: no prime factor, a plain space, rimmed so it shows on a light board too.
        disc(img, circle.c, circle.r, theme.thread);
        disc(img, circle.c, circle.r - layout.px(2.0), theme.plain_space);
        draw_text(img, style, circle.c, Align::Middle, theme.plain_ink, &text);
        return;
    }
    segmented_disc(img, circle, &colours, theme.background, layout.px(2.6));
    if theme.marks {
        draw_marks(img, circle, &factor_colours(space), theme);
    }
    draw_text_halo(
        img,
        style,
        circle.c,
        Align::Middle,
        (theme.number, theme.number_halo),
        layout.px(2.2).max(1.0),
        &text,
    );
}

fn draw_goal(img: &mut RgbaImage, layout: &Layout, theme: &Theme) {
    let g = layout.space(GOAL);
    // 101 is prime and drawn red (§1), with a double rim to mark the goal.
    disc(img, g.c, g.r, theme.red);
    ring(img, g.c, g.r * 0.9, layout.px(2.5), theme.number);
    draw_text_halo(
        img,
        TextStyle::bold(g.r * 0.5),
        g.c.plus(Pt::new(0.0, -g.r * 0.28)),
        Align::Middle,
        (theme.number, theme.number_halo),
        layout.px(2.5),
        "101",
    );
    // Home pawns stand in the lower half (layout::rows_below_label).
}

fn draw_start(img: &mut RgbaImage, layout: &Layout, theme: &Theme) {
    let s = layout.space(START);
    disc(img, s.c, s.r, theme.thread);
    disc(img, s.c, s.r - layout.px(2.0), theme.plain_space);
    ring(img, s.c, s.r - layout.px(5.0), layout.px(1.5), theme.thread);
}

/// The label under space 0, which pawns fill at the start of a game: "0 · START", or
/// "0 · GOAL" in Prime Decline (§7), so it is drawn per game, not cached.
pub fn draw_start_label(img: &mut RgbaImage, layout: &Layout, theme: &Theme, label: &str) {
    let s = layout.space(START);
    draw_text(
        img,
        TextStyle::bold(layout.px(MIN_TYPE)),
        s.c.plus(Pt::new(0.0, s.r + layout.px(24.0))),
        Align::Centre,
        theme.ink,
        label,
    );
}

/// The key to the colours (§1: the board teaches the factors), in the lower corner of the
/// board area away from Start, with a worked example (42 = 2 × 3 × 7) at the other end.
fn draw_legend(img: &mut RgbaImage, layout: &Layout, theme: &Theme, words: &dyn Words) {
    let entries: [(&str, Colour); 5] = [
        ("2", Colour::Orange),
        ("3", Colour::Green),
        ("5", Colour::Blue),
        ("7", Colour::Purple),
        ("11+", Colour::Red),
    ];
    let r = layout.px(23.0);
    let step = layout.px(52.0);
    let right = layout.board.right() - layout.px(14.0);
    let y = layout.board.bottom() - layout.px(34.0);
    let x0 = right - step * (entries.len() as f32 - 1.0) - r;
    let label = TextStyle::regular(layout.px(MIN_TYPE));
    draw_text(
        img,
        label,
        Pt::new(right, y - r - layout.px(10.0)),
        Align::Right,
        theme.muted,
        &words.key_title(),
    );
    for (i, (text, colour)) in entries.iter().enumerate() {
        let c = Pt::new(x0 + step * i as f32, y);
        let circle = Circle { c, r };
        disc(img, c, r, theme.factor(*colour));
        if theme.marks {
            draw_marks(img, circle, &[*colour], theme);
        }
        let style = fit(TextStyle::bold(layout.px(MIN_TYPE)), text, r * 1.7);
        let at = if theme.marks {
            c.plus(Pt::new(0.0, r * 0.2))
        } else {
            c
        };
        draw_text_halo(
            img,
            style,
            at,
            Align::Middle,
            (theme.number, theme.number_halo),
            layout.px(1.6),
            text,
        );
    }
    let ex = Pt::new(layout.board.x + layout.px(40.0), y);
    let ex_circle = Circle { c: ex, r };
    let colours = segment_colours(theme, 42);
    segmented_disc(img, ex_circle, &colours, theme.background, layout.px(2.0));
    if theme.marks {
        draw_marks(img, ex_circle, &factor_colours(42), theme);
    }
    draw_text_halo(
        img,
        fit(TextStyle::bold(layout.px(MIN_TYPE)), "42", r * 1.6),
        ex,
        Align::Middle,
        (theme.number, theme.number_halo),
        layout.px(1.6),
        "42",
    );
    let factors: Vec<String> = prime_factors(42).iter().map(u32::to_string).collect();
    draw_text(
        img,
        TextStyle::regular(layout.px(MIN_TYPE)),
        Pt::new(ex.x + r + layout.px(8.0), y),
        Align::MiddleLeft,
        theme.muted,
        &format!("= {}", factors.join(" × ")),
    );
}

/// Each segment's mark (`Theme::marks`), in the outer part of the segment as near the top
/// or bottom of the space as the segment reaches, away from the number across the middle.
/// A segment that reaches only the sides, beside the digits, gets no mark when another
/// segment of its colour has one (64's six oranges show three marks, not six crowding the
/// number); every colour keeps at least one.
pub fn draw_marks(img: &mut RgbaImage, circle: Circle, colours: &[Colour], theme: &Theme) {
    for (c, colour) in mark_places(circle, colours) {
        draw_mark(
            img,
            c,
            (circle.r * 0.17 * 2.0).round() / 2.0,
            Mark::of(colour),
            theme,
        );
    }
}

/// Where [`draw_marks`] puts each mark.
pub fn mark_places(circle: Circle, colours: &[Colour]) -> Vec<(Pt, Colour)> {
    let n = colours.len().max(1);
    let tau = std::f32::consts::TAU;
    let span = tau / n as f32;
    let margin = (span * 0.3).min(tau / 8.0);
    // Within 35° of the horizontal: beside the digits.
    let beside_digits = |a: f32| a.cos().abs() < 0.57;
    let mut placed: Vec<(f32, Colour)> = Vec::new();
    for (i, &colour) in colours.iter().enumerate() {
        let (lo, hi) = (span * i as f32 + margin, span * (i + 1) as f32 - margin);
        // The angle (clockwise from 12 o'clock) nearest to straight up or down.
        let a = [0.0, tau / 2.0, tau]
            .iter()
            .map(|&v| v.clamp(lo, hi))
            .min_by(|x, y| {
                let d = |a: f32| a.cos().abs();
                d(*y).total_cmp(&d(*x))
            })
            .unwrap_or(lo);
        let a = if n == 1 { 0.0 } else { a };
        placed.push((a, colour));
    }
    let kept: Vec<(f32, Colour)> = placed
        .iter()
        .filter(|&&(a, colour)| {
            !beside_digits(a)
                || !placed
                    .iter()
                    .any(|&(b, other)| other == colour && !beside_digits(b))
        })
        .copied()
        .collect();
    kept.into_iter()
        .map(|(a, colour)| {
            // On whole pixels, so that the same mark on two spaces has the same pixels.
            let c = circle
                .c
                .plus(Pt::new(a.sin(), -a.cos()).times(circle.r * 0.76));
            (Pt::new(c.x.round(), c.y.round()), colour)
        })
        .collect()
}

/// One mark, white with a dark rim so it shows on every colour.
pub fn draw_mark(img: &mut RgbaImage, c: Pt, size: f32, mark: Mark, theme: &Theme) {
    let rim = (size * 0.35).max(0.8);
    for (grow, colour) in [(rim, theme.number_halo), (0.0, theme.number)] {
        let s = size + grow;
        match mark {
            Mark::Dot => disc(img, c, s, colour),
            Mark::Ring => ring(img, c, size * 0.75, size * 0.5 + 2.0 * grow, colour),
            Mark::Square => {
                let h = s * 0.85;
                canvas::convex_polygon(
                    img,
                    &[
                        Pt::new(c.x - h, c.y - h),
                        Pt::new(c.x + h, c.y - h),
                        Pt::new(c.x + h, c.y + h),
                        Pt::new(c.x - h, c.y + h),
                    ],
                    colour,
                );
            }
            Mark::Triangle => canvas::convex_polygon(
                img,
                &[
                    Pt::new(c.x, c.y - s * 1.15),
                    Pt::new(c.x + s * 1.05, c.y + s * 0.75),
                    Pt::new(c.x - s * 1.05, c.y + s * 0.75),
                ],
                colour,
            ),
            Mark::Cross => {
                let arm = size * 1.05;
                let w = size * 0.55 + 2.0 * grow;
                line(
                    img,
                    Pt::new(c.x - arm, c.y),
                    Pt::new(c.x + arm, c.y),
                    w,
                    colour,
                );
                line(
                    img,
                    Pt::new(c.x, c.y - arm),
                    Pt::new(c.x, c.y + arm),
                    w,
                    colour,
                );
            }
        }
    }
}
