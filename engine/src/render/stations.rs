//! §7 Way Stations on the board: a dashed ring and a flag on each station, and a dot in
//! a player's colour for each player whose pawns have landed there.
//!
//! Drawn per game over the cached board; which spaces are stations and who has visited
//! them comes from the engine (`Game::stations`, `Player::stations`).

use image::RgbaImage;

use super::canvas::{disc, line, Pt};
use super::fonts::{draw_text, fit, Align, TextStyle};
use super::layout::Layout;
use super::pawns::PlayerStyle;
use super::theme::Theme;
use crate::climb::Game;

/// Mark every way station of `game`.
pub fn draw_way_stations(
    img: &mut RgbaImage,
    layout: &Layout,
    theme: &Theme,
    game: &Game,
    styles: &[PlayerStyle],
) {
    for &space in &game.stations {
        let c = layout.space(space);
        let r = c.r + layout.px(6.0);
        let dashes = 16;
        let at = |a: f32| c.c.plus(Pt::new(a.cos(), a.sin()).times(r));
        for i in (0..dashes).step_by(2) {
            let a0 = std::f32::consts::TAU * i as f32 / dashes as f32;
            let a1 = std::f32::consts::TAU * (i + 1) as f32 / dashes as f32;
            line(img, at(a0), at(a1), layout.px(3.0), theme.ink);
        }
        // The flag sits on the ring, up and to the left, clear of any token.
        let flag = at(-0.75 * std::f32::consts::PI);
        disc(img, flag, c.r * 0.42 + layout.px(1.5), theme.ink);
        disc(img, flag, c.r * 0.42, theme.number_halo);
        draw_text(
            img,
            fit(TextStyle::bold(c.r * 0.56), "⚑", c.r * 0.6),
            flag,
            Align::Middle,
            theme.number,
            "⚑",
        );
        // One dot per player who has been here, along the bottom of the ring.
        let visitors: Vec<&PlayerStyle> = game
            .players
            .iter()
            .zip(styles)
            .filter(|(p, _)| p.stations.contains(&space))
            .map(|(_, st)| st)
            .collect();
        let n = visitors.len() as f32;
        for (i, st) in visitors.into_iter().enumerate() {
            let a = std::f32::consts::FRAC_PI_2 + (i as f32 - (n - 1.0) / 2.0) * 0.42;
            let dot = at(a);
            disc(img, dot, c.r * 0.2 + layout.px(1.5), st.outline);
            disc(img, dot, c.r * 0.2, st.fill);
        }
    }
}
