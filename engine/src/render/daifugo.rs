//! Prime Daifugo pictures: a player's **hand** (each card with its value, prime values in
//! red and the others orange as printed, the three-card icon, the special cards), and the
//! **table** everyone sees (the play area with its number, each player's hand size and
//! games won, the deck, the top discard, whose turn it is). The table never shows a hand.
//!
//! Pure functions from the engine's game to an `RgbaImage`, like the board picture.

use image::{Rgba, RgbaImage};

use super::canvas::{disc, fill_rect, rgb, rounded_rect, Pt};
use super::fonts::{draw_text, ellipsize, fit, Align, TextStyle};
use super::theme::Theme;
use super::words::Words;
use crate::daifugo::number::is_prime;
use crate::daifugo::{Card, Game, Kind, Seat};

const PAPER: Rgba<u8> = rgb(0xff, 0xfd, 0xf6);
const PRINT: Rgba<u8> = rgb(0x1b, 0x1d, 0x24);
/// The back of a card (deck, other players' hands).
const BACK: Rgba<u8> = rgb(0x3a, 0x4a, 0x7a);
const BACK_EDGE: Rgba<u8> = rgb(0x22, 0x2c, 0x4a);

/// Card height over width.
const ASPECT: f32 = 1.45;

/// The colour a card's value is printed in: red for a prime value, orange for the
/// others ("hard to use", §1), purple for multi-number cards, ink for D and SKIP.
fn value_colour(kind: Kind, theme: &Theme) -> Rgba<u8> {
    match kind {
        Kind::Number(n) if is_prime(u32::from(n)) => theme.red,
        Kind::Number(_) => theme.orange,
        Kind::FiveNine | Kind::FourSixEight => theme.purple,
        Kind::D | Kind::Skip => PRINT,
    }
}

/// What is printed big on a card.
pub fn face(kind: Kind) -> String {
    match kind {
        Kind::Number(n) => n.to_string(),
        Kind::FiveNine => "5/9".into(),
        Kind::FourSixEight => "4/6/8".into(),
        Kind::D => "D".into(),
        Kind::Skip => "SKIP".into(),
    }
}

/// A card face up, `w` wide, top-left at `at`; `value`: the value it was played as.
pub fn draw_card(
    img: &mut RgbaImage,
    card: Card,
    at: Pt,
    w: f32,
    value: Option<u8>,
    theme: &Theme,
    words: &dyn Words,
) {
    let h = w * ASPECT;
    let corner = w * 0.09;
    let colour = value_colour(card.kind, theme);
    rounded_rect(img, at, Pt::new(at.x + w, at.y + h), corner, PRINT);
    let b = (w * 0.03).max(1.0);
    rounded_rect(
        img,
        Pt::new(at.x + b, at.y + b),
        Pt::new(at.x + w - b, at.y + h - b),
        corner - b,
        PAPER,
    );
    // A coloured frame inside the border says prime (red) or not (orange) at a glance.
    let f = w * 0.06;
    rounded_rect(
        img,
        Pt::new(at.x + f, at.y + f),
        Pt::new(at.x + w - f, at.y + h - f),
        corner * 0.7,
        colour,
    );
    let p = w * 0.1;
    rounded_rect(
        img,
        Pt::new(at.x + p, at.y + p),
        Pt::new(at.x + w - p, at.y + h - p),
        corner * 0.5,
        PAPER,
    );
    let text = face(card.kind);
    let style = fit(TextStyle::bold(w * 0.52), &text, w * 0.72);
    draw_text(
        img,
        style,
        Pt::new(at.x + w / 2.0, at.y + h * 0.5),
        Align::Middle,
        colour,
        &text,
    );
    // A multi-number card shows the value it was played as.
    if let (true, Some(v)) = (card.kind.is_multi(), value) {
        let small = TextStyle::bold(w * 0.2);
        draw_text(
            img,
            small,
            Pt::new(at.x + w / 2.0, at.y + h * 0.8),
            Align::Middle,
            PRINT,
            &format!("= {v}"),
        );
    }
    // §1 three-card icon: three small discs in the top corner.
    if card.icon {
        for i in 0..3 {
            disc(
                img,
                Pt::new(at.x + w * 0.22 + i as f32 * w * 0.12, at.y + h * 0.15),
                w * 0.045,
                PRINT,
            );
        }
    }
    let power = match card.kind {
        Kind::Number(10) => Some(words.draw_two()),
        Kind::Number(12) => Some(words.stop()),
        _ => None,
    };
    // A power stays printed in the play area too: a [10] in play still says "draw 2".
    if let Some(label) = power {
        draw_text(
            img,
            fit(TextStyle::regular(w * 0.17), &label, w * 0.84),
            Pt::new(at.x + w / 2.0, at.y + h * 0.8),
            Align::Middle,
            PRINT,
            &label,
        );
    }
    match card.kind {
        Kind::D | Kind::Skip => {
            let label = if card.kind == Kind::D {
                words.draw_two()
            } else {
                words.skip_card()
            };
            draw_text(
                img,
                fit(TextStyle::regular(w * 0.15), &label, w * 0.84),
                Pt::new(at.x + w / 2.0, at.y + h * 0.8),
                Align::Middle,
                PRINT,
                &label,
            )
        }
        _ => {}
    }
}

/// A card face down.
fn draw_back(img: &mut RgbaImage, at: Pt, w: f32) {
    let h = w * ASPECT;
    rounded_rect(img, at, Pt::new(at.x + w, at.y + h), w * 0.09, BACK_EDGE);
    let b = w * 0.07;
    rounded_rect(
        img,
        Pt::new(at.x + b, at.y + b),
        Pt::new(at.x + w - b, at.y + h - b),
        w * 0.05,
        BACK,
    );
}

/// The order cards are shown in a hand: numbers by value, then multi-number cards, D
/// and SKIP.
pub fn hand_order(game: &Game, seat: Seat) -> Vec<crate::daifugo::CardId> {
    let mut hand = game.hand(seat).to_vec();
    hand.sort_by_key(|&id| {
        let card = game.card(id);
        let rank = match card.kind {
            Kind::Number(n) => u16::from(n),
            Kind::FiveNine => 100,
            Kind::FourSixEight => 101,
            Kind::D => 200,
            Kind::Skip => 201,
        };
        (rank, !card.icon, id.0)
    });
    hand
}

/// One player's hand, sorted ([`hand_order`]): up to ten cards a row.
pub fn render_hand(game: &Game, seat: Seat, theme: &Theme, words: &dyn Words) -> RgbaImage {
    let hand = hand_order(game, seat);
    let per_row = 10usize;
    let w = 96.0_f32;
    let gap = 12.0_f32;
    let margin = 20.0_f32;
    let head = 44.0_f32;
    let rows = hand.len().div_ceil(per_row).max(1);
    let cols = hand.len().clamp(1, per_row);
    let width = (margin * 2.0 + cols as f32 * (w + gap) - gap).max(420.0);
    let height = margin + head + rows as f32 * (w * ASPECT + gap) - gap + margin;
    let mut img = RgbaImage::from_pixel(width as u32, height as u32, theme.background);
    let name = &game.players[seat].name;
    let title = words.hand_title(name, hand.len());
    draw_text(
        &mut img,
        fit(TextStyle::bold(26.0), &title, width - 2.0 * margin),
        Pt::new(margin, margin + 20.0),
        Align::MiddleLeft,
        theme.ink,
        &title,
    );
    for (i, &id) in hand.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let at = Pt::new(
            margin + c as f32 * (w + gap),
            margin + head + r as f32 * (w * ASPECT + gap),
        );
        draw_card(&mut img, game.card(id), at, w, None, theme, words);
    }
    img
}

/// The table: play area, players (hand sizes, games won, whose turn), deck and discard.
/// The size of a table picture.
pub const TABLE_SIZE: (u32, u32) = (1024, 576);

pub fn render_table(game: &Game, theme: &Theme, words: &dyn Words) -> RgbaImage {
    let (width, height) = TABLE_SIZE;
    let mut img = RgbaImage::from_pixel(width, height, theme.background);
    draw_table(&mut img, game, theme, words);
    img
}

/// The table as an SVG document (the web's Prime Daifugo page): the same drawing,
/// recorded as shapes, with `title` as its accessible name.
pub fn table_svg(game: &Game, theme: &Theme, words: &dyn Words, title: &str) -> String {
    let ((), shapes) = super::vector::record(|| {
        draw_table(&mut RgbaImage::new(1, 1), game, theme, words);
    });
    let (width, height) = TABLE_SIZE;
    super::svg::document_sized((width, height), theme.background, &shapes, title, "")
}

/// Draw the table on `img`, which holds the background colour (or records shapes).
pub fn draw_table(img: &mut RgbaImage, game: &Game, theme: &Theme, words: &dyn Words) {
    let (width, height) = TABLE_SIZE;
    let panel_x = 704u32;
    fill_rect(img, panel_x, 0, width - panel_x, height, theme.panel);

    // Title and match score.
    let title = words.daifugo_title(game.game_number, game.options.games_to_win);
    draw_text(
        img,
        fit(TextStyle::bold(26.0), &title, 660.0),
        Pt::new(28.0, 42.0),
        Align::MiddleLeft,
        theme.ink,
        &title,
    );

    // The play area.
    let area_top = 90.0;
    rounded_rect(
        img,
        Pt::new(24.0, area_top),
        Pt::new(680.0, area_top + 300.0),
        18.0,
        theme.panel,
    );
    match &game.area {
        Some(play) => {
            let n = play.cards.len() as f32;
            let w = 130.0_f32;
            let gap = 18.0;
            let total = n * w + (n - 1.0) * gap;
            let x0 = 352.0 - total / 2.0;
            for (i, placed) in play.cards.iter().enumerate() {
                let at = Pt::new(x0 + i as f32 * (w + gap), area_top + 22.0);
                draw_card(
                    img,
                    game.card(placed.card),
                    at,
                    w,
                    Some(placed.value),
                    theme,
                    words,
                );
            }
            let by = &game.players[play.by].name;
            let line = words.played_by(play.number, by);
            draw_text(
                img,
                fit(TextStyle::bold(30.0), &line, 620.0),
                Pt::new(352.0, area_top + 22.0 + 130.0 * ASPECT + 38.0),
                Align::Middle,
                theme.ink,
                &line,
            );
            // §3.7: the plays it covers are still in the play area until the round ends.
            if !game.covered.is_empty() {
                let under: Vec<u32> = game.covered.iter().map(|p| p.number).collect();
                let line = words.covers(&under);
                draw_text(
                    img,
                    fit(TextStyle::regular(24.0), &line, 620.0),
                    Pt::new(352.0, area_top + 22.0 + 130.0 * ASPECT + 74.0),
                    Align::Middle,
                    theme.muted,
                    &line,
                );
            }
        }
        None => {
            let lead = words.leads(&game.players[game.current()].name);
            draw_text(
                img,
                fit(TextStyle::bold(30.0), &lead, 600.0),
                Pt::new(352.0, area_top + 150.0),
                Align::Middle,
                theme.muted,
                &lead,
            );
        }
    }

    // Deck and discard.
    let pile_top = 420.0;
    let w = 80.0;
    if game.deck.is_empty() {
        rounded_rect(
            img,
            Pt::new(60.0, pile_top),
            Pt::new(60.0 + w, pile_top + w * ASPECT),
            7.0,
            theme.panel_raised,
        );
    } else {
        draw_back(img, Pt::new(60.0, pile_top), w);
    }
    draw_text(
        img,
        TextStyle::regular(24.0),
        Pt::new(160.0, pile_top + 40.0),
        Align::MiddleLeft,
        theme.ink,
        &words.deck(game.deck.len()),
    );
    match game.top_discard() {
        Some(top) => draw_card(
            img,
            game.card(top),
            Pt::new(380.0, pile_top),
            w,
            None,
            theme,
            words,
        ),
        None => rounded_rect(
            img,
            Pt::new(380.0, pile_top),
            Pt::new(380.0 + w, pile_top + w * ASPECT),
            7.0,
            theme.panel_raised,
        ),
    }
    draw_text(
        img,
        TextStyle::regular(24.0),
        Pt::new(480.0, pile_top + 40.0),
        Align::MiddleLeft,
        theme.ink,
        &words.discard(game.discard.len()),
    );

    // Players: name, hand size as card backs, games won; the one to move highlighted.
    let x = panel_x as f32 + 20.0;
    draw_text(
        img,
        TextStyle::bold(22.0),
        Pt::new(x, 42.0),
        Align::MiddleLeft,
        theme.muted,
        &words.players(),
    );
    for (i, p) in game.players.iter().enumerate() {
        let top = 80.0 + i as f32 * 150.0;
        if i == game.current() && !game.is_over() {
            rounded_rect(
                img,
                Pt::new(x - 10.0, top - 10.0),
                Pt::new(width as f32 - 12.0, top + 130.0),
                12.0,
                theme.panel_raised,
            );
        }
        let marker = if i == game.current() && !game.is_over() {
            "▶ "
        } else {
            ""
        };
        let style = TextStyle::bold(24.0);
        let name = ellipsize(style, &format!("{marker}{}", p.name), 290.0);
        draw_text(
            img,
            style,
            Pt::new(x, top + 16.0),
            Align::MiddleLeft,
            theme.players[i % 4],
            &name,
        );
        let wins = words.hand_and_wins(p.hand.len(), u32::from(p.wins));
        draw_text(
            img,
            fit(TextStyle::regular(22.0), &wins, 290.0),
            Pt::new(x, top + 50.0),
            Align::MiddleLeft,
            theme.ink,
            &wins,
        );
        let shown = p.hand.len().min(12);
        for c in 0..shown {
            draw_back(img, Pt::new(x + c as f32 * 20.0, top + 66.0), 34.0);
        }
    }
    if let Some(w) = game.match_winner {
        let line = words.match_winner(&game.players[w].name);
        draw_text(
            img,
            fit(TextStyle::bold(28.0), &line, 600.0),
            Pt::new(352.0, 548.0),
            Align::Middle,
            theme.ink,
            &line,
        );
    }
}
