//! The factor colours under colour-vision deficiency (issue: pictures for everyone). Each
//! palette is seen as a protanope, a deuteranope and a tritanope would see it (Machado,
//! Oliveira and Fernandes 2009, full severity, applied in linear RGB), and the smallest
//! CIE76 difference between any two factor colours, and between a factor colour and the
//! board, is measured. The colour-blind palette must keep every pair far apart; the
//! standard one is measured too, so its weakness stays on record.

use image::Rgba;
use primeclimb::render::{Look, Palette, Theme};

type Matrix = [[f64; 3]; 3];

const NORMAL: Matrix = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
const PROTANOPIA: Matrix = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: Matrix = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const TRITANOPIA: Matrix = [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.303900],
];

const VISIONS: [(&str, Matrix); 4] = [
    ("normal vision", NORMAL),
    ("protanopia", PROTANOPIA),
    ("deuteranopia", DEUTERANOPIA),
    ("tritanopia", TRITANOPIA),
];

fn linear(c: u8) -> f64 {
    let s = f64::from(c) / 255.0;
    if s <= 0.04045 {
        s / 12.92
    } else {
        ((s + 0.055) / 1.055).powf(2.4)
    }
}

/// The colour as seen with `m`, in CIE L*a*b* (D65).
fn seen(c: Rgba<u8>, m: &Matrix) -> [f64; 3] {
    let rgb = [linear(c.0[0]), linear(c.0[1]), linear(c.0[2])];
    let v: Vec<f64> = m
        .iter()
        .map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
        .collect();
    let x = 0.4124564 * v[0] + 0.3575761 * v[1] + 0.1804375 * v[2];
    let y = 0.2126729 * v[0] + 0.7151522 * v[1] + 0.0721750 * v[2];
    let z = 0.0193339 * v[0] + 0.1191920 * v[1] + 0.9503041 * v[2];
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

const NAMES: [&str; 5] = ["2 orange", "3 green", "5 blue", "7 purple", "≥11 red"];

/// The smallest difference between two factor colours, or a factor colour and the
/// board's background, under `m`; with the pair.
fn closest(theme: &Theme, m: &Matrix) -> (f64, String) {
    let colours = theme.factors();
    let mut best = (f64::MAX, String::new());
    for i in 0..colours.len() {
        for j in i + 1..colours.len() {
            let d = delta_e(seen(colours[i], m), seen(colours[j], m));
            if d < best.0 {
                best = (d, format!("{} / {}", NAMES[i], NAMES[j]));
            }
        }
        let d = delta_e(seen(colours[i], m), seen(theme.background, m));
        if d < best.0 {
            best = (d, format!("{} / the board", NAMES[i]));
        }
    }
    best
}

#[test]
fn the_colour_blind_palette_keeps_every_factor_apart_under_each_deficiency() {
    let theme = Theme::for_look(Look {
        palette: Palette::ColourBlind,
        marks: false,
    });
    for (vision, m) in &VISIONS {
        let (d, pair) = closest(&theme, m);
        assert!(d >= 30.0, "{vision}: {pair} differ by only {d:.1} (CIE76)");
    }
}

#[test]
fn the_standard_palette_confuses_blue_and_purple_under_red_green_deficiencies() {
    // What the colour-blind palette is for: the printed colours' blue (5) and purple (7)
    // nearly meet for a deuteranope.
    let theme = Theme::dark();
    let (d, pair) = closest(&theme, &DEUTERANOPIA);
    assert!(d < 12.0, "{pair}: {d:.1}");
    assert_eq!(pair, "5 blue / 7 purple");
    let (normal, _) = closest(&theme, &NORMAL);
    assert!(normal > 30.0);
}

#[test]
fn marks_tell_every_factor_apart_without_colour() {
    use primeclimb::climb::Colour;
    use primeclimb::render::Mark;
    let marks: Vec<Mark> = [
        Colour::Orange,
        Colour::Green,
        Colour::Blue,
        Colour::Purple,
        Colour::Red,
    ]
    .into_iter()
    .map(Mark::of)
    .collect();
    for (i, a) in marks.iter().enumerate() {
        for b in &marks[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn marks_are_drawn_on_the_board_only_when_asked() {
    use primeclimb::render::board::draw_static_board;
    use primeclimb::render::Layout;
    let words = primeclimb::text::pictures::words(primeclimb::lang::Lang::En);
    let layout = Layout::new(1024);
    let plain = Theme::dark();
    let marked = Theme::for_look(Look {
        palette: Palette::Standard,
        marks: true,
    });
    let a = draw_static_board(&layout, &plain, words);
    let b = draw_static_board(&layout, &marked, words);
    // 13 is one red segment: its ring mark sits above the number, in white.
    let s = layout.space(13);
    let at =
        s.c.plus(primeclimb::render::canvas::Pt::new(0.0, -s.r * 0.76));
    let (x, y) = (at.x as u32, at.y as u32);
    assert_eq!(a.get_pixel(x, y), &plain.red);
    assert_ne!(b.get_pixel(x, y), &plain.red);
}
