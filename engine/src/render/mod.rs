//! The board picture posted after every turn: pure functions from a game (and the turn
//! just played) to an `RgbaImage`, card images, and PNG encoding.
//!
//! Owns drawing only. It reads engine types and never changes a game; it does no I/O
//! beyond the fonts embedded from `assets/`; it depends on nothing but the engine, `image`
//! and `ab_glyph` (see `../shared/design/ARCHITECTURE.md`). The static board (spiral,
//! colours, numbers) is drawn once per size and theme and cached; each call copies it and
//! draws the pawns, the last turn and the panel on top.

pub mod board;
pub mod canvas;
pub mod cards;
pub mod chart;
pub mod curve;
pub mod daifugo;
pub mod demo;
pub mod fonts;
pub mod last_turn;
pub mod layout;
pub mod panel;
pub mod path;
pub mod pawns;
pub mod replay;
pub mod stations;
pub mod theme;
pub mod words;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, ImageError, RgbaImage};

use crate::climb::Game;

pub use cards::render_card;
pub use last_turn::{CardMove, LastTurn};
pub use layout::Layout;
pub use theme::{Look, Mark, Palette, Theme};
pub use words::Words;

/// The default picture: 1024 × 1024.
pub const DEFAULT_SIZE: u32 = 1024;
/// Sizes outside this range are clamped: smaller is unreadable, larger is pointless.
pub const MIN_SIZE: u32 = 256;
pub const MAX_SIZE: u32 = 4096;

/// How to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Width and height in pixels (clamped to `MIN_SIZE..=MAX_SIZE`).
    pub size: u32,
    pub theme: Theme,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            size: DEFAULT_SIZE,
            theme: Theme::default(),
        }
    }
}

impl RenderOptions {
    /// The layout of the picture these options give.
    pub fn layout(&self) -> Layout {
        Layout::new(self.size.clamp(MIN_SIZE, MAX_SIZE))
    }
}

/// The board with every pawn, the turn `last` drawn on top (arrows, bumps, dice, card)
/// and the side panel. With no `last`, the turn in progress is drawn (its steps so far).
pub fn render_board(
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
) -> RgbaImage {
    let layout = opts.layout();
    let theme = &opts.theme;
    let mut img = board::static_board(&layout, theme, words).as_ref().clone();
    let in_progress;
    let view = match last {
        // The turn being played is drawn as such, whoever built it.
        Some(turn) => panel::TurnView {
            turn,
            finished: game.is_over()
                || turn.number != Some(game.turn.number)
                || turn.seat != Some(game.current()),
        },
        None => {
            in_progress = LastTurn::in_progress(game, &[]);
            panel::TurnView {
                turn: &in_progress,
                finished: false,
            }
        }
    };
    let styles = pawns::player_styles(game, theme);
    board::draw_start_label(
        &mut img,
        &layout,
        theme,
        &words.start_label(game.options.course),
    );
    stations::draw_way_stations(&mut img, &layout, theme, game, &styles);
    let overlay = path::Overlay::new(game, view.turn, &styles, words);
    overlay.draw_under(&mut img, &layout);
    pawns::draw_pawns(&mut img, &layout, game, &styles);
    overlay.draw_over(&mut img, &layout, game, theme);
    panel::draw_panel(&mut img, &layout, game, view, &styles, theme, words);
    img
}

/// Encode a picture as PNG: opaque RGB, no row filter and zlib level 1 (deflated by
/// zlib-rs, see Cargo.toml). Measured on the demo board this beats the `Fast` (fdeflate)
/// setting, whose output is ~60% larger, and stronger levels, which are 1.5–4× slower
/// (see `docs/development.md`, the board picture's performance).
pub fn encode_png(img: &RgbaImage) -> Result<Vec<u8>, ImageError> {
    // The board is opaque: drop the alpha channel rather than store 1 MB of 255s.
    let raw = img.as_raw();
    let mut rgb = vec![0u8; raw.len() / 4 * 3];
    for (out, px) in rgb.chunks_exact_mut(3).zip(raw.chunks_exact(4)) {
        out.copy_from_slice(&px[..3]);
    }
    let mut out = Vec::with_capacity(256 * 1024);
    let encoder =
        PngEncoder::new_with_quality(&mut out, CompressionType::Level(1), FilterType::NoFilter);
    encoder.write_image(&rgb, img.width(), img.height(), ExtendedColorType::Rgb8)?;
    Ok(out)
}
