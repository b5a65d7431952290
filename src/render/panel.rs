//! The side panel: the turn just played (who, the dice, each step's arithmetic, bumps,
//! cards), the players in seat order with whose turn it is, their pawns and Keepers, the
//! card drawn this turn, and badges for the rules in force.
//!
//! Text and small pictures only; where pawns stand on the board is `pawns.rs`'s business.

use image::{Rgba, RgbaImage};

use super::canvas::{convex_polygon, overlay, rgb, rounded_rect, with_alpha, Pt};
use super::cards::{cached_card, ASPECT};
use super::fonts::{draw_text, ellipsize, fit, text_width, wrap, Align, TextStyle};
use super::last_turn::LastTurn;
use super::layout::{Circle, Layout, Rect};
use super::pawns::{draw_token, PlayerStyle};
use super::theme::Theme;
use crate::climb::{CardId, Course, Effect, Game, KeeperEffect, PawnRef, Roll};

/// The turn the panel tells, and whether it is over (`LastTurn` given) or being played.
#[derive(Clone, Copy, Debug)]
pub struct TurnView<'a> {
    pub turn: &'a LastTurn,
    pub finished: bool,
}

/// A pen moving down the panel.
struct Pen<'a> {
    img: &'a mut RgbaImage,
    layout: &'a Layout,
    theme: &'a Theme,
    x: f32,
    w: f32,
    y: f32,
}

impl Pen<'_> {
    fn u(&self, design: f32) -> f32 {
        self.layout.px(design)
    }

    fn heading(&mut self, text: &str) {
        self.y += self.u(14.0);
        let style = TextStyle::bold(self.u(14.0));
        let at = Pt::new(self.x, self.y + style.cap_height());
        draw_text(self.img, style, at, Align::Left, self.theme.muted, text);
        self.y += self.u(22.0);
    }

    /// One line of text, wrapped when longer than the panel.
    fn text(&mut self, style: TextStyle, colour: Rgba<u8>, text: &str) {
        for line in wrap(style, text, self.w) {
            let at = Pt::new(self.x, self.y + style.cap_height());
            draw_text(self.img, style, at, Align::Left, colour, &line);
            self.y += style.px * 1.3;
        }
    }
}

/// Draw the whole panel over its background (the background is part of the static board).
pub fn draw_panel(
    img: &mut RgbaImage,
    layout: &Layout,
    game: &Game,
    view: TurnView<'_>,
    styles: &[PlayerStyle],
    theme: &Theme,
) {
    let margin = layout.px(16.0);
    let mut pen = Pen {
        img,
        layout,
        theme,
        x: layout.panel.x + margin,
        w: layout.panel.w - 2.0 * margin,
        y: layout.px(14.0),
    };
    title(&mut pen, game);
    turn_section(&mut pen, game, view, styles);
    players_section(&mut pen, game, view, styles);
    let card = view.turn.drawn.last().copied();
    let badges = rule_badges(game, view);
    let badge_room = if badges.is_empty() {
        0.0
    } else {
        layout.px(70.0)
    };
    if let Some(card) = card {
        card_section(&mut pen, game, card, badge_room);
    }
    badges_section(&mut pen, &badges);
}

fn title(pen: &mut Pen<'_>, game: &Game) {
    let style = TextStyle::bold(pen.u(25.0));
    let at = Pt::new(pen.x, pen.y + style.cap_height());
    draw_text(
        pen.img,
        style,
        at,
        Align::Left,
        pen.theme.ink,
        "Prime Climb",
    );
    let turn = format!("turn {}", game.turn.number);
    let small = TextStyle::regular(pen.u(15.0));
    draw_text(
        pen.img,
        small,
        Pt::new(pen.x + pen.w, at.y),
        Align::Right,
        pen.theme.muted,
        &turn,
    );
    pen.y += style.px * 1.1;
}

/// A ten-sided die seen face on: a kite with the value in it.
pub fn draw_die(img: &mut RgbaImage, centre: Pt, size: f32, value: u8, theme: &Theme) {
    let kite = |s: f32| {
        [
            Pt::new(centre.x, centre.y - s),
            Pt::new(centre.x + s * 0.95, centre.y - s * 0.12),
            Pt::new(centre.x, centre.y + s * 0.95),
            Pt::new(centre.x - s * 0.95, centre.y - s * 0.12),
        ]
    };
    let rim = (size * 0.1).max(1.0);
    convex_polygon(img, &kite(size + rim), rgb(0x12, 0x13, 0x18));
    convex_polygon(img, &kite(size), theme.plain_space);
    let text = value.to_string();
    let style = fit(TextStyle::bold(size * 0.85), &text, size * 1.1);
    draw_text(
        img,
        style,
        Pt::new(centre.x, centre.y - size * 0.06),
        Align::Middle,
        theme.plain_ink,
        &text,
    );
}

/// Two dice at the right end of a row whose middle is at `y`.
fn draw_roll(img: &mut RgbaImage, right: f32, y: f32, size: f32, roll: Roll, theme: &Theme) {
    let step = size * 2.15;
    draw_die(img, Pt::new(right - size, y), size, roll.b, theme);
    draw_die(img, Pt::new(right - size - step, y), size, roll.a, theme);
}

fn name_of(game: &Game, seat: usize) -> String {
    game.players
        .get(seat)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// A space as the panel names it: Start where pawns start (§7: 101 in Prime Decline).
fn space_name(game: &Game, space: u8) -> String {
    if space == game.options.start_space(false) {
        "Start".into()
    } else {
        space.to_string()
    }
}

/// The label under space 0: where pawns start, or the goal in Prime Decline (§7).
pub fn start_label(game: &Game) -> &'static str {
    if game.options.course == Course::Decline {
        "0 · GOAL"
    } else {
        "0 · START"
    }
}

/// Where a pawn stands, for its owner's row: "home" once it has finished (§5, §7), its
/// space otherwise, with ↩ on a pawn on its way back (There and Back Again).
fn pawn_label(game: &Game, seat: usize, pawn: usize) -> String {
    let Some(player) = game.players.get(seat) else {
        return String::new();
    };
    let (Some(&space), Some(&back)) = (player.pawns.get(pawn), player.returning.get(pawn)) else {
        return String::new();
    };
    if game.is_home(PawnRef { seat, pawn }) {
        "home".into()
    } else if back && game.options.course == Course::ThereAndBack {
        format!("{space}↩")
    } else {
        space_name(game, space)
    }
}

fn turn_section(pen: &mut Pen<'_>, game: &Game, view: TurnView<'_>, styles: &[PlayerStyle]) {
    let turn = view.turn;
    let Some(seat) = turn.seat else {
        return;
    };
    pen.heading(if view.finished {
        "LAST TURN"
    } else {
        "THIS TURN"
    });
    let row = pen.u(40.0);
    let mid = pen.y + row / 2.0;
    if let Some(style) = styles.get(seat) {
        let token = Circle {
            c: Pt::new(pen.x + pen.u(15.0), mid),
            r: pen.u(15.0),
        };
        draw_token(pen.img, token, style, 1.0);
    }
    let dice_size = pen.u(19.0);
    let dice_w = if turn.roll.is_some() {
        dice_size * 4.3
    } else {
        0.0
    };
    let name_style = TextStyle::bold(pen.u(20.0));
    let name_x = pen.x + pen.u(38.0);
    let name = ellipsize(
        name_style,
        &name_of(game, seat),
        pen.w - pen.u(42.0) - dice_w,
    );
    draw_text(
        pen.img,
        name_style,
        Pt::new(name_x, mid),
        Align::MiddleLeft,
        pen.theme.ink,
        &name,
    );
    if let Some(roll) = turn.roll {
        draw_roll(pen.img, pen.x + pen.w, mid, dice_size, roll, pen.theme);
    }
    pen.y += row + pen.u(4.0);
    if turn.cursed {
        let style = TextStyle::bold(pen.u(15.0));
        let red = pen.theme.red;
        pen.text(style, red, "cursed: only − and ÷");
    }
    let lines = &turn.story;
    let style = TextStyle::regular(pen.u(18.0));
    const MAX_LINES: usize = 8;
    let ink = pen.theme.ink;
    for line in lines.iter().take(MAX_LINES) {
        pen.text(style, ink, line);
    }
    if lines.len() > MAX_LINES {
        let muted = pen.theme.muted;
        pen.text(style, muted, &format!("… {} more", lines.len() - MAX_LINES));
    }
    if lines.is_empty() && !view.finished {
        let muted = pen.theme.muted;
        pen.text(style, muted, "no move yet");
    }
}

/// The short label of a Keeper chip.
fn keeper_chip(effect: &Effect) -> String {
    match effect {
        Effect::Keeper(KeeperEffect::PlusMinus { n }) => format!("±{n}"),
        Effect::Keeper(KeeperEffect::SendWithin { distance: 2 }) => "within".into(),
        Effect::Keeper(KeeperEffect::SendWithin { distance }) => format!("within {distance}"),
        Effect::Keeper(KeeperEffect::Curse) => "curse".into(),
        Effect::Action(_) => effect.short_name(),
    }
}

fn players_section(pen: &mut Pen<'_>, game: &Game, view: TurnView<'_>, styles: &[PlayerStyle]) {
    pen.heading("PLAYERS");
    let to_move = (!game.is_over()).then_some(game.turn.seat);
    for (seat, player) in game.players.iter().enumerate() {
        let top = pen.y;
        let chips: Vec<String> = player
            .keepers
            .iter()
            .filter_map(|h| game.cards.get(usize::from(h.card.0)))
            .map(|c| keeper_chip(&c.effect))
            .collect();
        let row_h = pen.u(if chips.is_empty() { 44.0 } else { 70.0 });
        let current = to_move == Some(seat);
        if current {
            rounded_rect(
                pen.img,
                Pt::new(pen.x - pen.u(8.0), top),
                Pt::new(pen.x + pen.w + pen.u(8.0), top + row_h),
                pen.u(9.0),
                pen.theme.panel_raised,
            );
        }
        let faded = player.resigned;
        let mid = top + pen.u(22.0);
        if let Some(style) = styles.get(seat) {
            let token = Circle {
                c: Pt::new(pen.x + pen.u(15.0), mid),
                r: pen.u(15.0),
            };
            draw_token(pen.img, token, style, if faded { 0.4 } else { 1.0 });
        }
        // Right side: where the pawns stand; beside the name when both fit, else on the
        // second line, so a name is cut only when it would not fit the whole row.
        let pawns_text = if player.resigned {
            "resigned".to_string()
        } else {
            format!(
                "{} · {}",
                pawn_label(game, seat, 0),
                pawn_label(game, seat, 1)
            )
        };
        let pawn_style = TextStyle::bold(pen.u(19.0));
        let pawns_w = text_width(pawn_style, &pawns_text);
        let name_style = TextStyle::bold(pen.u(19.0));
        let name_x = pen.x + pen.u(38.0);
        let row_room = pen.w - pen.u(38.0);
        let beside = text_width(name_style, &player.name) + pen.u(8.0) + pawns_w <= row_room;
        let pawns_y = if beside { mid } else { mid + pen.u(13.0) };
        let pawns_shown_style = if beside {
            pawn_style
        } else {
            TextStyle::bold(pen.u(15.0))
        };
        let pawns_w = text_width(pawns_shown_style, &pawns_text);
        draw_text(
            pen.img,
            pawns_shown_style,
            Pt::new(pen.x + pen.w - pawns_w, pawns_y),
            Align::MiddleLeft,
            if faded {
                pen.theme.muted
            } else {
                pen.theme.ink
            },
            &pawns_text,
        );
        // Middle: name, and a tag for the player to move or the winner.
        let name_room = if beside {
            row_room - pawns_w - pen.u(8.0)
        } else {
            row_room
        };
        let name = ellipsize(name_style, &player.name, name_room);
        draw_text(
            pen.img,
            name_style,
            Pt::new(name_x, mid - pen.u(5.0)),
            Align::MiddleLeft,
            if faded {
                pen.theme.muted
            } else {
                pen.theme.ink
            },
            &name,
        );
        let tag = if game.winner == Some(seat) {
            Some(("★ winner".to_string(), pen.theme.orange))
        } else if current {
            let roll = if view.finished || view.turn.seat != Some(seat) {
                format!(": rolled {} and {}", game.turn.roll.a, game.turn.roll.b)
            } else {
                String::new()
            };
            Some((format!("▶ to move{roll}"), pen.theme.ink))
        } else if player.cursed_next_turn {
            Some(("cursed next turn".to_string(), pen.theme.red))
        } else if !game.stations.is_empty() {
            let seen = game
                .stations
                .iter()
                .filter(|s| player.stations.contains(s))
                .count();
            Some((
                format!("⚑ {seen} of {} stations", game.stations.len()),
                pen.theme.muted,
            ))
        } else {
            None
        };
        if let Some((tag, colour)) = tag {
            let style = TextStyle::regular(pen.u(14.0));
            let room = if beside {
                row_room
            } else {
                row_room - pawns_w - pen.u(8.0)
            };
            let tag = ellipsize(style, &tag, room);
            draw_text(
                pen.img,
                style,
                Pt::new(name_x, mid + pen.u(13.0)),
                Align::MiddleLeft,
                colour,
                &tag,
            );
        }
        if !chips.is_empty() {
            draw_chips(pen, &chips, name_x, top + pen.u(52.0));
        }
        pen.y = top + row_h + pen.u(4.0);
    }
}

/// Keeper chips in a row, as many as fit, then "+n".
fn draw_chips(pen: &mut Pen<'_>, chips: &[String], x0: f32, mid: f32) {
    let style = TextStyle::bold(pen.u(14.0));
    let pad = pen.u(7.0);
    let h = pen.u(21.0);
    let right = pen.x + pen.w;
    let mut x = x0;
    for (i, chip) in chips.iter().enumerate() {
        let w = text_width(style, chip) + 2.0 * pad;
        let rest = chips.len() - i - 1;
        let reserve = if rest > 0 { pen.u(30.0) } else { 0.0 };
        if x + w + reserve > right {
            let more = format!("+{}", chips.len() - i);
            draw_text(
                pen.img,
                style,
                Pt::new(x, mid),
                Align::MiddleLeft,
                pen.theme.muted,
                &more,
            );
            return;
        }
        rounded_rect(
            pen.img,
            Pt::new(x, mid - h / 2.0),
            Pt::new(x + w, mid + h / 2.0),
            pen.u(5.0),
            pen.theme.blue,
        );
        draw_text(
            pen.img,
            style,
            Pt::new(x + pad, mid),
            Align::MiddleLeft,
            rgb(0xff, 0xff, 0xff),
            chip,
        );
        x += w + pen.u(5.0);
    }
}

fn card_section(pen: &mut Pen<'_>, game: &Game, card: CardId, reserve: f32) {
    let Some(def) = game.cards.get(usize::from(card.0)) else {
        return;
    };
    pen.heading("CARD DRAWN");
    let room_h = pen.layout.panel.bottom() - pen.y - reserve - pen.u(10.0);
    let w = pen.w.min(pen.u(210.0)).min(room_h / ASPECT);
    if w < pen.u(60.0) {
        let ink = pen.theme.ink;
        pen.text(TextStyle::bold(pen.u(16.0)), ink, &def.text);
        return;
    }
    // Whole pixels, so the cached image is pasted, not redrawn.
    let w = w.floor();
    let area = Rect {
        x: (pen.x + (pen.w - w) / 2.0).round(),
        y: pen.y.round(),
        w,
        h: (w * ASPECT).round(),
    };
    // A soft shadow lifts the card off the panel.
    let s = pen.u(4.0);
    rounded_rect(
        pen.img,
        Pt::new(area.x + s, area.y + s),
        Pt::new(area.right() + s, area.bottom() + s),
        w * 0.07,
        with_alpha(rgb(0, 0, 0), 0.35),
    );
    let card = cached_card(def, w as u32, pen.theme);
    overlay(pen.img, &card, area.x as i64, area.y as i64);
    pen.y = area.bottom() + pen.u(6.0);
}

/// Short names of the variants in force (§7) and of the doubles ruling.
pub fn variant_badges(options: &crate::climb::Options) -> Vec<String> {
    use crate::climb::options::WayStations;
    use crate::climb::Doubles;
    let mut b = Vec::new();
    if options.solitaire {
        b.push(if options.course == Course::ThereAndBack {
            "Solitaire 2".to_string()
        } else {
            "Solitaire 1".to_string()
        });
    } else {
        match options.course {
            Course::Climb => {}
            Course::Decline => b.push("Prime Decline".into()),
            Course::ThereAndBack => b.push("There and Back Again".into()),
        }
    }
    if options.sprint {
        b.push("Prime Sprint".into());
    }
    if options.double_time {
        b.push("Double Time".into());
    }
    if options.way_stations != WayStations::Off {
        b.push("Way Stations".into());
    }
    if !options.custom_cards.is_empty() {
        b.push("Fill in the Blanks".into());
    }
    if options.doubles == Doubles::May {
        b.push("Doubles: two or four".into());
    }
    b
}

/// The rules in force that change how the board is read: the variants of §7 and the
/// doubles ruling, and a Curse on the turn being played.
pub fn rule_badges(game: &Game, view: TurnView<'_>) -> Vec<String> {
    let mut out = variant_badges(&game.options);
    if view.turn.cursed && !view.finished {
        out.push("cursed turn".to_string());
    }
    out
}

fn badges_section(pen: &mut Pen<'_>, badges: &[String]) {
    if badges.is_empty() {
        return;
    }
    let style = TextStyle::bold(pen.u(14.0));
    let h = pen.u(24.0);
    let bottom = pen.layout.panel.bottom() - pen.u(14.0);
    let mut rows: Vec<Vec<&String>> = vec![Vec::new()];
    let mut used = 0.0;
    for b in badges {
        let w = text_width(style, b) + pen.u(18.0);
        if used + w > pen.w && !rows.last().is_some_and(Vec::is_empty) {
            rows.push(Vec::new());
            used = 0.0;
        }
        if let Some(row) = rows.last_mut() {
            row.push(b);
        }
        used += w + pen.u(6.0);
    }
    let mut y = bottom - rows.len() as f32 * (h + pen.u(6.0));
    for row in rows {
        let mut x = pen.x;
        for b in row {
            let text = ellipsize(style, b, pen.w - pen.u(18.0));
            let w = text_width(style, &text) + pen.u(18.0);
            rounded_rect(
                pen.img,
                Pt::new(x, y),
                Pt::new(x + w, y + h),
                h / 2.0,
                pen.theme.panel_raised,
            );
            draw_text(
                pen.img,
                style,
                Pt::new(x + pen.u(9.0), y + h / 2.0),
                Align::MiddleLeft,
                pen.theme.ink,
                &text,
            );
            x += w + pen.u(6.0);
        }
        y += h + pen.u(6.0);
    }
}
