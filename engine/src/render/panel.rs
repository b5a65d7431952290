//! The side panel: the turn just played (who, the dice, each step's arithmetic, bumps,
//! cards), the players in seat order with whose turn it is, their pawns and Keepers, the
//! card drawn this turn, and badges for the rules in force.
//!
//! Text and small pictures only; where pawns stand on the board is `pawns.rs`'s business.

use image::{Rgba, RgbaImage};

use super::canvas::{convex_polygon, fill_rect, rgb, rounded_rect, Pt};
use super::cards::card_symbol;
use super::fonts::{draw_text, ellipsize, fit, has_glyphs, text_width, wrap, Align, TextStyle};
use super::last_turn::LastTurn;
use super::layout::{Circle, Layout};
use super::pawns::{draw_token, PlayerStyle};
use super::theme::Theme;
use super::words::Words;
use crate::climb::{CardDef, Course, Game, PawnRef, Roll};

/// The turn the panel tells, and whether it is over (`LastTurn` given) or being played.
#[derive(Clone, Copy, Debug)]
pub struct TurnView<'a> {
    pub turn: &'a LastTurn,
    pub finished: bool,
}

/// The smallest type on the panel and the colour key, in design pixels (1024-pixel
/// picture). Discord shows a picture about 400 pixels wide on a phone: there, 20 design
/// pixels are capitals 5.7 pixels tall, as tall as the numbers of the board's outer
/// spaces, which read at that size. `tests/engine/render.rs` measures every line drawn.
pub const MIN_TYPE: f32 = 20.0;

/// The title's line, and the room above and below a section heading's line, in design
/// pixels.
const TITLE_LINE: f32 = 32.0;
const HEADING_ABOVE: f32 = 12.0;
const HEADING_BELOW: f32 = 28.0;

/// A pen moving down the panel.
struct Pen<'a> {
    img: &'a mut RgbaImage,
    layout: &'a Layout,
    theme: &'a Theme,
    words: &'a dyn Words,
    x: f32,
    w: f32,
    y: f32,
}

impl<'a> Pen<'a> {
    /// At the top of the panel.
    fn top(
        img: &'a mut RgbaImage,
        layout: &'a Layout,
        theme: &'a Theme,
        words: &'a dyn Words,
    ) -> Pen<'a> {
        let margin = layout.px(14.0);
        Pen {
            img,
            layout,
            theme,
            words,
            x: layout.panel.x + margin,
            w: layout.panel.w - 2.0 * margin,
            y: layout.px(12.0),
        }
    }

    fn u(&self, design: f32) -> f32 {
        self.layout.px(design)
    }

    /// A section heading, `room` wide at most; returns the middle of its line.
    fn heading(&mut self, text: &str, room: f32) -> f32 {
        self.y += self.u(HEADING_ABOVE);
        let style = TextStyle::bold(self.u(MIN_TYPE));
        let mid = self.y + style.cap_height() / 2.0;
        let shown = ellipsize(style, text, room);
        draw_text(
            self.img,
            style,
            Pt::new(self.x, mid),
            Align::MiddleLeft,
            self.theme.muted,
            &shown,
        );
        self.y += self.u(HEADING_BELOW);
        mid
    }

    /// The room of a heading the static board has drawn (`draw_panel_static`), as
    /// [`Pen::heading`] takes it.
    fn skip_heading(&mut self) {
        self.y += self.u(HEADING_ABOVE);
        self.y += self.u(HEADING_BELOW);
    }

    /// One line of text, wrapped when longer than the panel.
    fn text(&mut self, style: TextStyle, colour: Rgba<u8>, text: &str) {
        for line in wrap(style, text, self.w) {
            let at = Pt::new(self.x, self.y + style.cap_height());
            draw_text(self.img, style, at, Align::Left, colour, &line);
            self.y += line_height(style);
        }
    }
}

fn line_height(style: TextStyle) -> f32 {
    style.px * 1.3
}

/// Draw the whole panel over its background (the background is part of the static board).
/// From the top: the title, the players (where their pawns stand, their Keepers, who is
/// to move), then the turn told (who, the dice, each step), the card drawn, and the rules
/// in force at the bottom. The turn's story gets the room that is left; what does not
/// fit is counted ("… 2 more"): the message under the picture tells it all.
pub fn draw_panel(
    img: &mut RgbaImage,
    layout: &Layout,
    game: &Game,
    view: TurnView<'_>,
    styles: &[PlayerStyle],
    theme: &Theme,
    words: &dyn Words,
) {
    let mut pen = Pen::top(img, layout, theme, words);
    title(&mut pen, game);
    players_section(&mut pen, game, view, styles);
    let card = view
        .turn
        .drawn
        .last()
        .and_then(|c| game.cards.get(usize::from(c.0)));
    let badges = rule_badges(game, view, words);
    let badge_rows = badge_layout(&pen, &badges);
    let badges_h = if badge_rows.is_empty() {
        0.0
    } else {
        badge_rows.len() as f32 * (pen.u(30.0) + pen.u(6.0)) + pen.u(8.0)
    };
    let card_h = card.map_or(0.0, |def| card_height(&pen, def));
    let bottom = layout.panel.bottom() - pen.u(10.0) - badges_h - card_h;
    turn_section(&mut pen, game, view, styles, bottom);
    if let Some(def) = card {
        pen.y = pen.y.max(bottom);
        card_section(&mut pen, def);
    }
    badges_section(&mut pen, &badge_rows);
}

/// What of the panel every picture of a look shows alike, drawn with the static board
/// (`board::draw_static_on`) so that no picture draws or encodes it again: the game's
/// title, whole, and the players' heading. [`draw_panel`] draws the rest, and the title
/// again only when the turn's number leaves it too little room.
pub fn draw_panel_static(img: &mut RgbaImage, layout: &Layout, theme: &Theme, words: &dyn Words) {
    let mut pen = Pen::top(img, layout, theme, words);
    let title = pen.words.title();
    title_text(&mut pen, &title);
    pen.y += pen.u(TITLE_LINE);
    let heading = pen.words.players();
    pen.heading(&heading, pen.w);
}

/// The title's line: its type, and the middle of the line when the pen is at its top.
fn title_style(pen: &Pen<'_>) -> (TextStyle, f32) {
    let style = TextStyle::bold(pen.u(24.0));
    (style, pen.y + style.cap_height() / 2.0 + pen.u(4.0))
}

fn title_text(pen: &mut Pen<'_>, title: &str) {
    let (style, mid) = title_style(pen);
    draw_text(
        pen.img,
        style,
        Pt::new(pen.x, mid),
        Align::MiddleLeft,
        pen.theme.ink,
        title,
    );
}

fn title(pen: &mut Pen<'_>, game: &Game) {
    let (style, mid) = title_style(pen);
    let turn = pen.words.turn_number(game.turn.number);
    let small = TextStyle::regular(pen.u(MIN_TYPE));
    let turn_w = text_width(small, &turn);
    let whole = pen.words.title();
    let title = ellipsize(style, &whole, pen.w - turn_w - pen.u(8.0));
    // The static board has the whole title: a shortened one is drawn on the panel's
    // colour over it (from the pen to the panel's edge, the line's height).
    if title != whole {
        let right = pen.layout.panel.x + pen.layout.panel.w;
        fill_rect(
            pen.img,
            pen.x.floor() as u32,
            pen.y.floor() as u32,
            (right - pen.x.floor()).ceil().max(0.0) as u32,
            pen.u(TITLE_LINE).ceil() as u32,
            pen.theme.panel,
        );
        title_text(pen, &title);
    }
    draw_text(
        pen.img,
        small,
        Pt::new(pen.x + pen.w, mid + small.cap_height() / 2.0),
        Align::Right,
        pen.theme.muted,
        &turn,
    );
    pen.y += pen.u(TITLE_LINE);
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
    let style = fit(TextStyle::bold(size * 0.85), &text, size * 1.25);
    draw_text(
        img,
        style,
        Pt::new(centre.x, centre.y - size * 0.06),
        Align::Middle,
        theme.plain_ink,
        &text,
    );
}

/// The room a roll's dice take: one die in the one-die scaffold (§10), else two.
fn roll_width(roll: Roll, size: f32) -> f32 {
    if roll.is_single() {
        size * 2.2
    } else {
        size * 4.4
    }
}

/// The dice at the right end of a row whose middle is at `y`: two, or the one die of the
/// one-die scaffold (§10), whose `b` is no die.
fn draw_roll(img: &mut RgbaImage, right: f32, y: f32, size: f32, roll: Roll, theme: &Theme) {
    if roll.is_single() {
        draw_die(img, Pt::new(right - size, y), size, roll.a, theme);
        return;
    }
    let step = size * 2.15;
    draw_die(img, Pt::new(right - size, y), size, roll.b, theme);
    draw_die(img, Pt::new(right - size - step, y), size, roll.a, theme);
}

fn name_of(game: &Game, seat: usize) -> String {
    game.players
        .get(seat)
        .map(|p| p.name.to_string())
        .unwrap_or_default()
}

/// A space as the panel names it: Start where pawns start (§7: 101 in Prime Decline).
fn space_name(game: &Game, space: u8, words: &dyn Words) -> String {
    if space == game.options.start_space(false) {
        words.start()
    } else {
        space.to_string()
    }
}

/// Where a pawn stands, for its owner's row: "home" once it has finished (§5, §7), its
/// space otherwise, with ↩ on a pawn on its way back (There and Back Again).
fn pawn_label(game: &Game, seat: usize, pawn: usize, words: &dyn Words) -> String {
    let Some(player) = game.players.get(seat) else {
        return String::new();
    };
    let (Some(&space), Some(&back)) = (player.pawns.get(pawn), player.returning.get(pawn)) else {
        return String::new();
    };
    if game.is_home(PawnRef { seat, pawn }) {
        words.home()
    } else if back && game.options.course == Course::ThereAndBack {
        format!("{space}↩")
    } else {
        space_name(game, space, words)
    }
}

/// A player's pawns for their row: "31 · home", or the one pawn of the one-pawn
/// scaffold (§10) alone, never the one set aside.
fn pawn_labels(game: &Game, seat: usize, words: &dyn Words) -> String {
    (0..game.options.pawn_count())
        .map(|pawn| pawn_label(game, seat, pawn, words))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn turn_section(
    pen: &mut Pen<'_>,
    game: &Game,
    view: TurnView<'_>,
    styles: &[PlayerStyle],
    bottom: f32,
) {
    let turn = view.turn;
    let Some(seat) = turn.seat else {
        return;
    };
    let heading = pen.words.turn_heading(view.finished);
    let size = pen.u(23.0);
    let dice_w = turn.roll.map_or(0.0, |r| roll_width(r, size));
    let mid = pen.heading(&heading, pen.w - dice_w);
    if let Some(roll) = turn.roll {
        draw_roll(pen.img, pen.x + pen.w, mid, size, roll, pen.theme);
    }
    let row = pen.u(36.0);
    let mid = pen.y + row / 2.0;
    if let Some(style) = styles.get(seat) {
        let token = Circle {
            c: Pt::new(pen.x + pen.u(15.0), mid),
            r: pen.u(15.0),
        };
        draw_token(pen.img, token, style, 1.0);
    }
    let name_style = TextStyle::bold(pen.u(22.0));
    let name = ellipsize(name_style, &name_of(game, seat), pen.w - pen.u(40.0));
    draw_text(
        pen.img,
        name_style,
        Pt::new(pen.x + pen.u(40.0), mid),
        Align::MiddleLeft,
        pen.theme.ink,
        &name,
    );
    pen.y += row + pen.u(4.0);
    let style = TextStyle::regular(pen.u(MIN_TYPE));
    let mut lines: Vec<(String, Rgba<u8>)> = Vec::new();
    if turn.cursed {
        lines.push((pen.words.cursed_now(), pen.theme.red));
    }
    let story = pen.words.turn_story(game, turn);
    if story.is_empty() && !view.finished {
        lines.push((pen.words.no_move_yet(), pen.theme.muted));
    }
    lines.extend(story.into_iter().map(|l| (l, pen.theme.ink)));
    // Wrapped lines, as many as fit above `bottom`; the last one left says how many more.
    let wrapped: Vec<(String, Rgba<u8>)> = lines
        .iter()
        .flat_map(|(l, c)| wrap(style, l, pen.w).into_iter().map(move |w| (w, *c)))
        .collect();
    let room = ((bottom - pen.y) / line_height(style)).floor().max(1.0) as usize;
    let shown = if wrapped.len() > room {
        room - 1
    } else {
        wrapped.len()
    };
    for (line, colour) in &wrapped[..shown] {
        pen.text(style, *colour, line);
    }
    if shown < wrapped.len() {
        let more = pen.words.more_lines(wrapped.len() - shown);
        let muted = pen.theme.muted;
        pen.text(style, muted, &more);
    }
}

fn players_section(pen: &mut Pen<'_>, game: &Game, view: TurnView<'_>, styles: &[PlayerStyle]) {
    // The heading is the static board's (`draw_panel_static`).
    pen.skip_heading();
    let to_move = (!game.is_over()).then_some(game.turn.seat);
    let big = TextStyle::bold(pen.u(MIN_TYPE));
    let small = TextStyle::regular(pen.u(MIN_TYPE));
    let line = pen.u(26.0);
    for (seat, player) in game.players.iter().enumerate() {
        let top = pen.y;
        let chips: Vec<String> = player
            .keepers
            .iter()
            .filter_map(|h| game.cards.get(usize::from(h.card.0)))
            .map(|c| pen.words.keeper_chip(&c.effect))
            .collect();
        let current = to_move == Some(seat);
        let faded = player.resigned;
        let ink = if faded {
            pen.theme.muted
        } else {
            pen.theme.ink
        };
        let pawns_text = if player.resigned {
            pen.words.resigned()
        } else {
            pawn_labels(game, seat, pen.words)
        };
        let tag = if game.winner == Some(seat) {
            Some((pen.words.winner(), pen.theme.orange))
        } else if current {
            let roll = (view.finished || view.turn.seat != Some(seat)).then_some(game.turn.roll);
            Some((pen.words.to_move(roll), pen.theme.ink))
        } else if player.cursed_next_turn {
            Some((pen.words.cursed_next_turn(), pen.theme.red))
        } else if !game.stations.is_empty() {
            let seen = game
                .stations
                .iter()
                .filter(|s| player.stations.contains(s))
                .count();
            Some((
                pen.words.stations(seen, game.stations.len()),
                pen.theme.muted,
            ))
        } else {
            None
        };
        // The name, and where the pawns stand beside it when both fit (else below it):
        // a name is cut only when it does not fit the whole row.
        let name_x = pen.x + pen.u(40.0);
        let row_room = pen.x + pen.w - name_x;
        let pawns_w = text_width(big, &pawns_text);
        let beside = text_width(big, &player.name) + pen.u(8.0) + pawns_w <= row_room;
        let lines = 1 + usize::from(!beside) + usize::from(tag.is_some());
        let chips_h = if chips.is_empty() { 0.0 } else { pen.u(34.0) };
        let row_h = lines as f32 * line + chips_h + pen.u(8.0);
        if current {
            rounded_rect(
                pen.img,
                Pt::new(pen.x - pen.u(8.0), top),
                Pt::new(pen.x + pen.w + pen.u(8.0), top + row_h),
                pen.u(9.0),
                pen.theme.panel_raised,
            );
        }
        let mut mid = top + pen.u(4.0) + line / 2.0;
        if let Some(style) = styles.get(seat) {
            let token = Circle {
                c: Pt::new(pen.x + pen.u(15.0), mid),
                r: pen.u(15.0),
            };
            draw_token(pen.img, token, style, if faded { 0.4 } else { 1.0 });
        }
        let name_room = if beside {
            row_room - pawns_w - pen.u(8.0)
        } else {
            row_room
        };
        let name = ellipsize(big, &player.name, name_room);
        draw_text(
            pen.img,
            big,
            Pt::new(name_x, mid),
            Align::MiddleLeft,
            ink,
            &name,
        );
        if !beside {
            mid += line;
        }
        let pawns = ellipsize(big, &pawns_text, row_room);
        let pawns_w = text_width(big, &pawns);
        draw_text(
            pen.img,
            big,
            Pt::new(pen.x + pen.w - pawns_w, mid),
            Align::MiddleLeft,
            ink,
            &pawns,
        );
        if let Some((tag, colour)) = tag {
            mid += line;
            let tag = ellipsize(small, &tag, row_room);
            draw_text(
                pen.img,
                small,
                Pt::new(name_x, mid),
                Align::MiddleLeft,
                colour,
                &tag,
            );
        }
        if !chips.is_empty() {
            draw_chips(pen, &chips, name_x, mid + line / 2.0 + pen.u(16.0));
        }
        pen.y = top + row_h + pen.u(4.0);
    }
}

/// Keeper chips in a row, as many as fit, then "+n".
fn draw_chips(pen: &mut Pen<'_>, chips: &[String], x0: f32, mid: f32) {
    let style = TextStyle::bold(pen.u(MIN_TYPE));
    let pad = pen.u(7.0);
    let h = pen.u(28.0);
    let right = pen.x + pen.w;
    let mut x = x0;
    for (i, chip) in chips.iter().enumerate() {
        let w = text_width(style, chip) + 2.0 * pad;
        let rest = chips.len() - i - 1;
        let reserve = if rest > 0 { pen.u(36.0) } else { 0.0 };
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

/// The lines of a card's text in the panel.
fn card_lines(pen: &Pen<'_>, def: &CardDef) -> Vec<String> {
    let style = TextStyle::regular(pen.u(MIN_TYPE));
    let mut lines = wrap(style, &pen.words.card_text(def), pen.w - pen.u(20.0));
    lines.truncate(4);
    lines
}

/// The height of the card drawn, heading included.
fn card_height(pen: &Pen<'_>, def: &CardDef) -> f32 {
    let style = TextStyle::regular(pen.u(MIN_TYPE));
    pen.u(40.0) + pen.u(44.0) + card_lines(pen, def).len() as f32 * line_height(style) + pen.u(14.0)
}

/// The card drawn this turn, as a small card: its band (Keeper or Action) with its
/// symbol, and its text in the panel's type, so it reads on a phone.
fn card_section(pen: &mut Pen<'_>, def: &CardDef) {
    let heading = pen.words.card_drawn();
    pen.heading(&heading, pen.w);
    let keeper = def.is_keeper();
    let band = if keeper {
        pen.theme.blue
    } else {
        pen.theme.red
    };
    let lines = card_lines(pen, def);
    let style = TextStyle::regular(pen.u(MIN_TYPE));
    let band_h = pen.u(44.0);
    let h = band_h + lines.len() as f32 * line_height(style) + pen.u(14.0);
    let (x0, x1) = (pen.x - pen.u(2.0), pen.x + pen.w + pen.u(2.0));
    let top = pen.y;
    rounded_rect(
        pen.img,
        Pt::new(x0, top),
        Pt::new(x1, top + h),
        pen.u(10.0),
        rgb(0xff, 0xfd, 0xf6),
    );
    rounded_rect(
        pen.img,
        Pt::new(x0, top),
        Pt::new(x1, top + band_h),
        pen.u(10.0),
        band,
    );
    let white = rgb(0xff, 0xff, 0xff);
    let kind = pen.words.card_kind(keeper);
    let kind_style = TextStyle::bold(pen.u(MIN_TYPE));
    draw_text(
        pen.img,
        kind_style,
        Pt::new(pen.x + pen.u(8.0), top + band_h / 2.0),
        Align::MiddleLeft,
        white,
        &kind,
    );
    let symbol = card_symbol(&def.effect, pen.words);
    let kind_w = text_width(kind_style, &kind);
    let sym = fit(
        TextStyle::bold(pen.u(26.0)),
        &symbol,
        pen.w - kind_w - pen.u(24.0),
    );
    if has_glyphs(sym, &symbol) {
        draw_text(
            pen.img,
            sym,
            Pt::new(
                pen.x + pen.w - pen.u(8.0) - text_width(sym, &symbol),
                top + band_h / 2.0,
            ),
            Align::MiddleLeft,
            white,
            &symbol,
        );
    }
    pen.y = top + band_h + pen.u(6.0);
    let print = rgb(0x1b, 0x1d, 0x24);
    for line in &lines {
        let at = Pt::new(pen.x + pen.u(8.0), pen.y + style.cap_height());
        draw_text(pen.img, style, at, Align::Left, print, line);
        pen.y += line_height(style);
    }
    pen.y = top + h + pen.u(8.0);
}

/// The rules in force that change how the board is read: the variants of §7 and the
/// doubles ruling, and a Curse on the turn being played.
pub fn rule_badges(game: &Game, view: TurnView<'_>, words: &dyn Words) -> Vec<String> {
    let mut out = words.variant_badges(&game.options);
    if view.turn.cursed && !view.finished {
        out.push(words.cursed_turn());
    }
    out
}

/// Badges in rows that fit the panel's width.
fn badge_layout(pen: &Pen<'_>, badges: &[String]) -> Vec<Vec<String>> {
    let style = TextStyle::bold(pen.u(MIN_TYPE));
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut used = 0.0;
    for b in badges {
        let text = ellipsize(style, b, pen.w - pen.u(18.0));
        let w = text_width(style, &text) + pen.u(18.0);
        match rows.last_mut() {
            Some(row) if used + w <= pen.w => row.push(text),
            _ => {
                rows.push(vec![text]);
                used = 0.0;
            }
        }
        used += w + pen.u(6.0);
    }
    rows
}

fn badges_section(pen: &mut Pen<'_>, rows: &[Vec<String>]) {
    let style = TextStyle::bold(pen.u(MIN_TYPE));
    let h = pen.u(30.0);
    let bottom = pen.layout.panel.bottom() - pen.u(12.0);
    let mut y = bottom - rows.len() as f32 * (h + pen.u(6.0)) + pen.u(6.0);
    for row in rows {
        let mut x = pen.x;
        for b in row {
            let w = text_width(style, b) + pen.u(18.0);
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
                b,
            );
            x += w + pen.u(6.0);
        }
        y += h + pen.u(6.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether anything is drawn in the square of side `2 × half` around `c`.
    fn inked(img: &RgbaImage, c: Pt, half: f32) -> bool {
        let (x0, x1) = ((c.x - half) as u32, (c.x + half) as u32);
        let (y0, y1) = ((c.y - half) as u32, (c.y + half) as u32);
        (y0..y1).any(|y| (x0..x1).any(|x| img.get_pixel(x, y).0[3] != 0))
    }

    #[test]
    fn one_die_is_drawn_alone_at_the_end_of_the_row() {
        let theme = Theme::dark();
        let (right, y, size) = (190.0, 30.0, 20.0);
        let near = Pt::new(right - size, y);
        let far = Pt::new(right - size - size * 2.15, y);
        let mut two = RgbaImage::new(200, 60);
        draw_roll(&mut two, right, y, size, Roll { a: 3, b: 9 }, &theme);
        assert!(inked(&two, near, size / 2.0) && inked(&two, far, size / 2.0));
        // §10 one die: `b` is no die, so there is no second kite showing 0.
        let mut one = RgbaImage::new(200, 60);
        let single = Roll::single(7).expect("a die face");
        draw_roll(&mut one, right, y, size, single, &theme);
        assert!(inked(&one, near, size / 2.0));
        assert!(!inked(&one, far, size / 2.0), "one die only");
        assert!(roll_width(single, size) < roll_width(Roll { a: 3, b: 9 }, size));
    }
}
