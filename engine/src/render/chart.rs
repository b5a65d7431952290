//! The class chart (`/class report`): one row per student, a bar of the games they played
//! with the games they won inside it, and a figure at the end of the row (the expected
//! turns lost per measured turn). The words come in with the data (`src/text/report.rs`
//! writes them), so the chart speaks the report's language.

use image::RgbaImage;

use super::canvas::{rgb, rounded_rect, Pt};
use super::fonts::{draw_text, ellipsize, text_width, Align, TextStyle};
use super::panel::MIN_TYPE;
use super::theme::Theme;

/// One student's row.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartRow {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    /// The figure at the end of the row ("0.42", or "–" when not measured).
    pub figure: String,
}

/// The chart's words.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartWords {
    pub title: String,
    /// Under the title: the span and what the figure is.
    pub subtitle: String,
    pub games: String,
    pub wins: String,
    /// The figure column's heading.
    pub figure: String,
    /// When there are more students than rows: "… and 12 more".
    pub more: Option<String>,
}

/// The most rows a chart draws.
pub const MAX_ROWS: usize = 60;

const WIDTH: u32 = 1024;
const ROW: f32 = 40.0;
const TOP: f32 = 150.0;

/// A chart's title and subtitle (each with its line's middle height), left-aligned at
/// `margin` and cut to the picture's width.
pub(super) fn draw_heading(
    img: &mut RgbaImage,
    (title, title_y): (&str, f32),
    (subtitle, subtitle_y): (&str, f32),
    margin: f32,
    theme: &Theme,
) {
    let width = img.width() as f32 - 2.0 * margin;
    let big = TextStyle::bold(30.0);
    draw_text(
        img,
        big,
        Pt::new(margin, title_y),
        Align::MiddleLeft,
        theme.ink,
        &ellipsize(big, title, width),
    );
    let small = TextStyle::regular(MIN_TYPE);
    draw_text(
        img,
        small,
        Pt::new(margin, subtitle_y),
        Align::MiddleLeft,
        theme.muted,
        &ellipsize(small, subtitle, width),
    );
}

/// The class chart as a picture, `WIDTH` wide and as tall as its rows need.
pub fn render_class_chart(rows: &[ChartRow], words: &ChartWords, theme: &Theme) -> RgbaImage {
    let shown = &rows[..rows.len().min(MAX_ROWS)];
    let bottom = if words.more.is_some() { 70.0 } else { 30.0 };
    let height = (TOP + ROW * shown.len().max(1) as f32 + bottom).ceil() as u32;
    let mut img = RgbaImage::from_pixel(WIDTH, height, theme.background);
    let margin = 28.0;
    let right = WIDTH as f32 - margin;
    draw_heading(
        &mut img,
        (&words.title, 50.0),
        (&words.subtitle, 88.0),
        margin,
        theme,
    );
    let small = TextStyle::regular(MIN_TYPE);
    // The key: games (light) and wins (dark), and the figure's heading over its column.
    let key_y = 124.0;
    let mut x = margin;
    for (label, colour) in [
        (&words.games, theme.panel_raised),
        (&words.wins, theme.green),
    ] {
        rounded_rect(
            &mut img,
            Pt::new(x, key_y - 10.0),
            Pt::new(x + 28.0, key_y + 10.0),
            4.0,
            colour,
        );
        draw_text(
            &mut img,
            small,
            Pt::new(x + 36.0, key_y),
            Align::MiddleLeft,
            theme.muted,
            label,
        );
        x += 36.0 + text_width(small, label) + 28.0;
    }
    let figure_w = 150.0;
    let heading = ellipsize(TextStyle::bold(MIN_TYPE), &words.figure, figure_w + 60.0);
    draw_text(
        &mut img,
        TextStyle::bold(MIN_TYPE),
        Pt::new(
            right - text_width(TextStyle::bold(MIN_TYPE), &heading),
            key_y,
        ),
        Align::MiddleLeft,
        theme.muted,
        &heading,
    );
    let name_w = 260.0;
    let bar_left = margin + name_w + 12.0;
    let bar_right = right - figure_w;
    let most = shown.iter().map(|r| r.games).max().unwrap_or(0).max(1) as f32;
    let style = TextStyle::regular(22.0);
    for (i, r) in shown.iter().enumerate() {
        let mid = TOP + ROW * (i as f32 + 0.5);
        if i % 2 == 0 {
            rounded_rect(
                &mut img,
                Pt::new(margin - 8.0, mid - ROW / 2.0),
                Pt::new(right + 8.0, mid + ROW / 2.0),
                6.0,
                theme.panel,
            );
        }
        let name = ellipsize(style, &r.name, name_w);
        draw_text(
            &mut img,
            style,
            Pt::new(margin, mid),
            Align::MiddleLeft,
            theme.ink,
            &name,
        );
        let span = bar_right - bar_left - 50.0;
        let games_w = span * r.games as f32 / most;
        let wins_w = span * r.wins.min(r.games) as f32 / most;
        if r.games > 0 {
            rounded_rect(
                &mut img,
                Pt::new(bar_left, mid - 11.0),
                Pt::new(bar_left + games_w.max(6.0), mid + 11.0),
                5.0,
                theme.panel_raised,
            );
        }
        if r.wins > 0 {
            rounded_rect(
                &mut img,
                Pt::new(bar_left, mid - 11.0),
                Pt::new(bar_left + wins_w.max(6.0), mid + 11.0),
                5.0,
                theme.green,
            );
        }
        let counts = format!("{}/{}", r.wins, r.games);
        draw_text(
            &mut img,
            TextStyle::bold(MIN_TYPE),
            Pt::new(bar_left + games_w.max(6.0) + 10.0, mid),
            Align::MiddleLeft,
            theme.ink,
            &counts,
        );
        let fig = TextStyle::bold(22.0);
        draw_text(
            &mut img,
            fig,
            Pt::new(right - text_width(fig, &r.figure), mid),
            Align::MiddleLeft,
            rgb(0xff, 0xd4, 0x2a),
            &r.figure,
        );
    }
    if let Some(more) = &words.more {
        draw_text(
            &mut img,
            small,
            Pt::new(margin, height as f32 - 35.0),
            Align::MiddleLeft,
            theme.muted,
            more,
        );
    }
    img
}
