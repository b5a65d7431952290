//! The review chart (`/climb review`): for each player, the expected turns left to finish
//! after each of their turns, one line per player in their pawn colour (the evaluation
//! graph of chess sites, for Prime Climb). Lower is better; a line falls as a player
//! climbs and jumps up when they are bumped. The words come in with the data
//! (`src/text/review.rs`), so the chart speaks the review's language.

use image::RgbaImage;

use super::canvas::{disc, line, rounded_rect, Pt};
use super::chart::draw_heading;
use super::fonts::{draw_text, ellipsize, text_width, Align, TextStyle};
use super::panel::MIN_TYPE;
use super::theme::Theme;

/// One player's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// The seat, for the pawn colour.
    pub seat: usize,
    /// (turn number, expected turns left), in turn order.
    pub points: Vec<(u32, f64)>,
}

/// The chart's words.
#[derive(Clone, Debug, PartialEq)]
pub struct CurveWords {
    pub title: String,
    pub subtitle: String,
    /// Under the horizontal axis: "turn".
    pub x_axis: String,
    /// Beside the vertical axis: "expected turns left".
    pub y_axis: String,
}

const WIDTH: u32 = 1024;
const HEIGHT: u32 = 600;

/// A round step for the vertical axis: 1, 2, 5, 10… so there are about five lines.
fn grid_step(top: f64) -> f64 {
    let raw = (top / 5.0).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// The chart as a picture.
pub fn render_curve(series: &[Series], words: &CurveWords, theme: &Theme) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(WIDTH, HEIGHT, theme.background);
    let margin = 28.0;
    let right = WIDTH as f32 - margin;
    draw_heading(
        &mut img,
        (&words.title, 44.0),
        (&words.subtitle, 80.0),
        margin,
        theme,
    );
    let small = TextStyle::regular(MIN_TYPE);
    // The key: a swatch and a name per player.
    let key_y = 114.0;
    let mut x = margin;
    for s in series {
        let colour = theme.players[s.seat % theme.players.len()];
        rounded_rect(
            &mut img,
            Pt::new(x, key_y - 8.0),
            Pt::new(x + 26.0, key_y + 8.0),
            4.0,
            colour,
        );
        let name = ellipsize(TextStyle::bold(MIN_TYPE), &s.name, 220.0);
        draw_text(
            &mut img,
            TextStyle::bold(MIN_TYPE),
            Pt::new(x + 34.0, key_y),
            Align::MiddleLeft,
            theme.ink,
            &name,
        );
        x += 34.0 + text_width(TextStyle::bold(MIN_TYPE), &name) + 30.0;
        if x > right - 120.0 {
            break;
        }
    }
    // The plot area.
    let left = margin + 64.0;
    let top = 178.0;
    let bottom = HEIGHT as f32 - 70.0;
    rounded_rect(
        &mut img,
        Pt::new(left - 10.0, top - 10.0),
        Pt::new(right + 10.0, bottom + 10.0),
        8.0,
        theme.panel,
    );
    let last_turn = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(1)
        .max(1);
    let highest = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(1.0f64, f64::max);
    let step = grid_step(highest);
    let ceiling = (highest / step).ceil().max(1.0) * step;
    let px = |turn: u32| left + (right - left) * turn as f32 / last_turn as f32;
    let py = |v: f64| bottom - (bottom - top) * (v / ceiling) as f32;
    let mut v = 0.0;
    while v <= ceiling + 1e-9 {
        let y = py(v);
        line(
            &mut img,
            Pt::new(left, y),
            Pt::new(right, y),
            1.0,
            theme.panel_raised,
        );
        let label = format!("{v:.0}");
        draw_text(
            &mut img,
            small,
            Pt::new(left - 16.0 - text_width(small, &label), y),
            Align::MiddleLeft,
            theme.muted,
            &label,
        );
        v += step;
    }
    // Turn labels: about eight along the axis.
    let every = (last_turn / 8).max(1);
    let mut t = 0;
    while t <= last_turn {
        let label = t.to_string();
        draw_text(
            &mut img,
            small,
            Pt::new(px(t) - text_width(small, &label) / 2.0, bottom + 28.0),
            Align::MiddleLeft,
            theme.muted,
            &label,
        );
        t += every;
    }
    draw_text(
        &mut img,
        small,
        Pt::new(right - text_width(small, &words.x_axis), bottom + 54.0),
        Align::MiddleLeft,
        theme.muted,
        &words.x_axis,
    );
    draw_text(
        &mut img,
        small,
        Pt::new(left - 10.0, top - 28.0),
        Align::MiddleLeft,
        theme.muted,
        &words.y_axis,
    );
    for s in series {
        let colour = theme.players[s.seat % theme.players.len()];
        for pair in s.points.windows(2) {
            line(
                &mut img,
                Pt::new(px(pair[0].0), py(pair[0].1)),
                Pt::new(px(pair[1].0), py(pair[1].1)),
                4.0,
                colour,
            );
        }
        for &(turn, value) in &s.points {
            disc(&mut img, Pt::new(px(turn), py(value)), 5.5, colour);
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_steps_are_round() {
        assert_eq!(grid_step(3.0), 1.0);
        assert_eq!(grid_step(12.0), 5.0);
        assert_eq!(grid_step(30.0), 10.0);
        assert_eq!(grid_step(7.5), 2.0);
    }

    #[test]
    fn each_player_is_drawn_in_their_colour() {
        let theme = Theme::dark();
        let series = vec![
            Series {
                name: "Ada".into(),
                seat: 0,
                points: vec![(0, 12.0), (1, 10.5), (3, 9.0)],
            },
            Series {
                name: "Bo".into(),
                seat: 1,
                points: vec![(0, 12.0), (2, 11.0), (4, 4.0)],
            },
        ];
        let words = CurveWords {
            title: "Review".into(),
            subtitle: "Expected turns left".into(),
            x_axis: "turn".into(),
            y_axis: "turns left".into(),
        };
        let img = render_curve(&series, &words, &theme);
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        for seat in [0, 1] {
            let colour = theme.players[seat];
            let found = img.pixels().filter(|p| **p == colour).count();
            assert!(found > 200, "seat {seat}: {found} pixels");
        }
    }
}
