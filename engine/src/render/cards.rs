//! Card images (§6): any Prime Card or Fill in the Blanks custom card, drawn from its text
//! and effect. A coloured band names the kind (Action: at once; Keeper: kept for later),
//! a large symbol says what it does at a glance, and the printed text follows.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Rgba, RgbaImage};

use super::canvas::{fill_sdf, rgb, rounded_rect, rounded_rect_sdf, Pt};
use super::fonts::{draw_text, fit, has_glyphs, wrap, Align, TextStyle};
use super::layout::Rect;
use super::theme::Theme;
use super::words::Words;
use crate::climb::{ActionEffect, CardDef, Effect, KeeperEffect};
use crate::lang::Lang;

/// Card height over width: a poker-size card (2.5 × 3.5 in).
pub const ASPECT: f32 = 1.4;

const PAPER: Rgba<u8> = rgb(0xff, 0xfd, 0xf6);
const PRINT: Rgba<u8> = rgb(0x1b, 0x1d, 0x24);
const FAINT: Rgba<u8> = rgb(0x6a, 0x6f, 0x7c);
const WHITE: Rgba<u8> = rgb(0xff, 0xff, 0xff);

/// The big symbol printed on a card with this effect.
pub fn card_symbol(effect: &Effect, words: &dyn Words) -> String {
    match *effect {
        Effect::Action(a) => match a {
            ActionEffect::RollAgain => "⟲".into(),
            ActionEffect::ReverseDigits => "13 ⇄ 31".into(),
            ActionEffect::Switch => "● ⇄ ●".into(),
            ActionEffect::SendTo { space } => format!("➜ {space}"),
            ActionEffect::AddOrSubtract { amount, .. } => format!("±{amount}"),
            ActionEffect::BackOrMultiply { back, factor, .. } => format!("−{back} / ×{factor}"),
            ActionEffect::AdvanceToNearest => "➜ ●".into(),
            ActionEffect::ReverseToNearest => "● ◀".into(),
            ActionEffect::Steal => "⇐ ★".into(),
        },
        Effect::Keeper(k) => match k {
            KeeperEffect::PlusMinus { n } => format!("±{n}"),
            KeeperEffect::SendWithin { distance } => format!("±{distance} ➜ 0"),
            KeeperEffect::Curse => words.curse_symbol(),
        },
    }
}

/// Card images kept for reuse, by what is printed on them, size and theme: a game draws
/// the same few cards again and again. Past this many entries the cache starts over.
const CACHE_LIMIT: usize = 64;

type CardKey = (String, Effect, bool, u32, Theme, Lang);

/// The image of `card` at `width`, drawn once and then shared.
pub fn cached_card(card: &CardDef, width: u32, theme: &Theme, words: &dyn Words) -> Arc<RgbaImage> {
    static CACHE: OnceLock<Mutex<HashMap<CardKey, Arc<RgbaImage>>>> = OnceLock::new();
    let key = (
        card.text.clone(),
        card.effect,
        card.custom,
        width,
        theme.clone(),
        words.lang(),
    );
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another render panicked mid-insert; the map is still usable.
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(img) = map.get(&key) {
        return Arc::clone(img);
    }
    let img = Arc::new(render_card(card, width, theme, words));
    if map.len() >= CACHE_LIMIT {
        map.clear();
    }
    map.insert(key, Arc::clone(&img));
    img
}

/// A card image `width` pixels wide, with transparent corners.
pub fn render_card(card: &CardDef, width: u32, theme: &Theme, words: &dyn Words) -> RgbaImage {
    let width = width.max(40);
    let height = (width as f32 * ASPECT).round() as u32;
    let mut img = RgbaImage::from_pixel(width, height, Rgba([0, 0, 0, 0]));
    let area = Rect {
        x: 0.0,
        y: 0.0,
        w: width as f32,
        h: height as f32,
    };
    draw_card(&mut img, card, area, theme, words);
    img
}

/// Draw a card into `area` of an existing image (its height should be `ASPECT` × width).
pub fn draw_card(
    img: &mut RgbaImage,
    card: &CardDef,
    area: Rect,
    theme: &Theme,
    words: &dyn Words,
) {
    let w = area.w;
    let h = area.h;
    let at = |x: f32, y: f32| Pt::new(area.x + x, area.y + y);
    let corner = w * 0.07;
    let border = (w * 0.018).max(1.0);
    let keeper = card.is_keeper();
    let band_colour = if keeper { theme.blue } else { theme.red };
    let band_h = h * 0.15;

    // Border, paper, then the band: the top of the paper's shape, so no seam shows.
    rounded_rect(img, at(0.0, 0.0), at(w, h), corner, PRINT);
    let (inner_min, inner_max) = (at(border, border), at(w - border, h - border));
    rounded_rect(img, inner_min, inner_max, corner - border, PAPER);
    let inner = rounded_rect_sdf(inner_min, inner_max, corner - border);
    let band_bottom = area.y + band_h;
    fill_sdf(
        img,
        inner_min,
        Pt::new(inner_max.x, band_bottom),
        band_colour,
        |x, y| inner(x, y).max(y - band_bottom),
    );

    let kind = words.card_kind(keeper);
    let band_text = fit(TextStyle::bold(w * 0.1), &kind, w * 0.5);
    draw_text(
        img,
        band_text,
        at(w * 0.08, band_h * 0.55),
        Align::MiddleLeft,
        WHITE,
        &kind,
    );
    if card.custom {
        let custom = words.custom();
        let tag = fit(TextStyle::bold(w * 0.065), &custom, w * 0.3);
        draw_text(
            img,
            tag,
            at(w * 0.92, band_h * 0.55),
            Align::Right,
            WHITE,
            &custom,
        );
    }

    // The symbol: large, in the band's colour.
    let symbol = card_symbol(&card.effect, words);
    // A lone glyph (⟲) is drawn larger: it has no neighbours to give it weight.
    let one_glyph = symbol.chars().count() == 1;
    let sym_style = TextStyle::bold(w * if one_glyph { 0.42 } else { 0.24 });
    if has_glyphs(sym_style, &symbol) {
        let style = fit(sym_style, &symbol, w * 0.8);
        draw_text(
            img,
            style,
            at(w / 2.0, h * 0.33),
            Align::Middle,
            band_colour,
            &symbol,
        );
    }

    // The printed text, as large as fits between the symbol and the footer.
    let text = words.card_text(card);
    let text_top = h * 0.48;
    let text_bottom = h * 0.86;
    let mut px = w * 0.092;
    let lines = loop {
        let style = TextStyle::regular(px);
        let lines = wrap(style, &text, w * 0.84);
        if lines.len() as f32 * px * 1.25 <= text_bottom - text_top || px < 6.0 {
            break lines;
        }
        px *= 0.92;
    };
    let style = TextStyle::regular(px);
    for (i, l) in lines.iter().enumerate() {
        let y = text_top + px * (1.0 + 1.25 * i as f32);
        draw_text(img, style, at(w / 2.0, y), Align::Centre, PRINT, l);
    }

    let footer = words.card_footer(keeper);
    let fs = fit(TextStyle::regular(w * 0.055), &footer, w * 0.84);
    draw_text(
        img,
        fs,
        at(w / 2.0, h * 0.94),
        Align::Centre,
        FAINT,
        &footer,
    );
}
