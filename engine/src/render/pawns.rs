//! The pawns: each player's token style and the tokens on the board.
//!
//! A player is told apart by colour, by a letter and by a shape (circle, square, diamond,
//! hexagon), never by colour alone. Several pawns on one space stand side by side; pawns
//! at home (101) stand inside the goal (§5). Resigned players' pawns are off the board,
//! and so is the pawn a one-pawn game (scaffold variant) does not use.

use image::{Rgba, RgbaImage};

use super::canvas::{convex_polygon, disc, rgb, rounded_rect, with_alpha, Pt};
use super::fonts::{draw_text, fit, text_width, Align, TextStyle};
use super::layout::{Circle, Layout};
use super::theme::Theme;
use crate::climb::{Game, PawnRef, GOAL, START};

/// The outline of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Diamond,
    Hexagon,
}

/// How one player's pawns are drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStyle {
    pub fill: Rgba<u8>,
    /// The letter's colour, readable on `fill`.
    pub ink: Rgba<u8>,
    /// The rim round the token, contrasting with `fill`.
    pub outline: Rgba<u8>,
    pub letter: char,
    pub shape: Shape,
}

const SHAPES: [Shape; 4] = [Shape::Circle, Shape::Square, Shape::Diamond, Shape::Hexagon];
const DARK: Rgba<u8> = rgb(0x12, 0x13, 0x18);
const LIGHT: Rgba<u8> = rgb(0xfa, 0xfa, 0xfa);

/// Each seat's style. The letter is the first letter of the player's name when those are
/// all different, otherwise A, B, C, D by seat.
pub fn player_styles(game: &Game, theme: &Theme) -> Vec<PlayerStyle> {
    let initials: Vec<Option<char>> = game
        .players
        .iter()
        .map(|p| {
            p.name
                .chars()
                .find(|c| c.is_alphanumeric())
                .and_then(|c| c.to_uppercase().next())
        })
        .collect();
    let distinct = initials
        .iter()
        .enumerate()
        .all(|(i, a)| a.is_some() && initials.iter().skip(i + 1).all(|b| b != a));
    (0..game.players.len())
        .map(|seat| {
            let fill = theme.players[seat % theme.players.len()];
            let dark_fill = super::canvas::luminance(fill) < 0.2;
            let letter = match initials[seat] {
                Some(c) if distinct => c,
                _ => char::from(b'A' + (seat % 26) as u8),
            };
            PlayerStyle {
                fill,
                ink: if dark_fill { LIGHT } else { DARK },
                outline: if dark_fill { LIGHT } else { DARK },
                letter,
                shape: SHAPES[seat % SHAPES.len()],
            }
        })
        .collect()
}

/// Fill `shape` inscribed in a circle of radius `r` round `c`.
pub fn fill_shape(img: &mut RgbaImage, shape: Shape, c: Pt, r: f32, colour: Rgba<u8>) {
    match shape {
        Shape::Circle => disc(img, c, r, colour),
        Shape::Square => {
            let h = r * 0.86;
            rounded_rect(
                img,
                c.minus(Pt::new(h, h)),
                c.plus(Pt::new(h, h)),
                r * 0.22,
                colour,
            );
        }
        Shape::Diamond => {
            let d = r * 1.14;
            let pts = [
                Pt::new(c.x, c.y - d),
                Pt::new(c.x + d, c.y),
                Pt::new(c.x, c.y + d),
                Pt::new(c.x - d, c.y),
            ];
            convex_polygon(img, &pts, colour);
        }
        Shape::Hexagon => {
            let d = r * 1.04;
            let pts: Vec<Pt> = (0..6)
                .map(|i| {
                    let a = std::f32::consts::FRAC_PI_3 * i as f32;
                    Pt::new(c.x + d * a.cos(), c.y + d * a.sin())
                })
                .collect();
            convex_polygon(img, &pts, colour);
        }
    }
}

/// A token: soft shadow, rim, body and letter. `alpha` below 1 draws a ghost.
pub fn draw_token(img: &mut RgbaImage, at: Circle, style: &PlayerStyle, alpha: f32) {
    let Circle { c, r } = at;
    let rim = (r * 0.14).max(1.2);
    let body = r - rim;
    if alpha >= 1.0 {
        let shadow = Pt::new(r * 0.06, r * 0.1);
        fill_shape(img, style.shape, c.plus(shadow), r, with_alpha(DARK, 0.45));
    }
    fill_shape(img, style.shape, c, r, with_alpha(style.outline, alpha));
    fill_shape(img, style.shape, c, body, with_alpha(style.fill, alpha));
    let text = style.letter.to_string();
    let letter = fit(TextStyle::bold(body * 1.15), &text, body * 1.25);
    draw_text(
        img,
        letter,
        c,
        Align::Middle,
        with_alpha(style.ink, alpha),
        &text,
    );
}

/// Every pawn on the board or at home, grouped by space, in seat and pawn order. A
/// one-pawn game has only pawn 0: the other is not drawn.
fn pawns_by_space(game: &Game) -> Vec<(u8, Vec<PawnRef>)> {
    let mut by_space: Vec<(u8, Vec<PawnRef>)> = Vec::new();
    let pawns = game.options.pawn_count();
    for (seat, player) in game.players.iter().enumerate() {
        if player.resigned {
            continue;
        }
        for (pawn, &space) in player.pawns.iter().enumerate().take(pawns) {
            let p = PawnRef { seat, pawn };
            match by_space.iter_mut().find(|(s, _)| *s == space) {
                Some((_, list)) => list.push(p),
                None => by_space.push((space, vec![p])),
            }
        }
    }
    by_space
}

/// Where each pawn's token is drawn.
pub fn token_places(layout: &Layout, game: &Game) -> Vec<(PawnRef, Circle)> {
    pawns_by_space(game)
        .into_iter()
        .flat_map(|(space, pawns)| {
            let slots = layout.token_slots(space, pawns.len());
            pawns.into_iter().zip(slots)
        })
        .collect()
}

/// Draw every pawn of the game, then the number of each space they stand on, on a tag
/// over the tokens' lower edge: a pawn never hides where it is.
pub fn draw_pawns(img: &mut RgbaImage, layout: &Layout, game: &Game, styles: &[PlayerStyle]) {
    for (p, at) in token_places(layout, game) {
        if let Some(style) = styles.get(p.seat) {
            draw_token(img, at, style, 1.0);
        }
    }
    for (space, _) in pawns_by_space(game) {
        if space != START && space != GOAL {
            draw_number_tag(img, layout, space);
        }
    }
}

/// A space's number on a small dark tag across the bottom of the space.
pub fn draw_number_tag(img: &mut RgbaImage, layout: &Layout, space: u8) {
    let s = layout.space(space);
    let text = space.to_string();
    let style = TextStyle::bold(s.r * 0.6);
    let w = text_width(style, &text) + s.r * 0.34;
    let h = s.r * 0.62;
    let centre = Pt::new(s.c.x, s.c.y + s.r * 0.8);
    let half = Pt::new(w / 2.0, h / 2.0);
    let rim = (s.r * 0.06).max(1.0);
    rounded_rect(
        img,
        centre.minus(half).minus(Pt::new(rim, rim)),
        centre.plus(half).plus(Pt::new(rim, rim)),
        h / 2.0 + rim,
        LIGHT,
    );
    rounded_rect(img, centre.minus(half), centre.plus(half), h / 2.0, DARK);
    draw_text(img, style, centre, Align::Middle, LIGHT, &text);
}
