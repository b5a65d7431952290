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
pub mod deflate;
pub mod demo;
pub mod encode;
pub mod fonts;
pub mod last_turn;
pub mod layout;
pub mod panel;
pub mod path;
pub mod pawns;
pub mod point;
pub mod replay;
pub mod stations;
pub mod svg;
pub mod theme;
pub mod vector;
pub mod words;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

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
    let mut img = board::static_board(&opts.layout(), &opts.theme, words)
        .as_ref()
        .clone();
    draw_on_board(&mut img, game, last, opts, words);
    img
}

/// Draw the pieces, the turn and the panel on `img`, which holds the static board.
fn draw_on_board(
    img: &mut RgbaImage,
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
) {
    let layout = opts.layout();
    let theme = &opts.theme;
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
    board::draw_start_label(img, &layout, theme, &words.start_label(game.options.course));
    stations::draw_way_stations(img, &layout, theme, game, &styles);
    let overlay = path::Overlay::new(game, view.turn, &styles, words);
    overlay.draw_under(img, &layout);
    pawns::draw_pawns(img, &layout, game, &styles);
    overlay.draw_over(img, &layout, game, theme);
    panel::draw_panel(img, &layout, game, view, &styles, theme, words);
}

/// The board picture as an SVG document (the web front's board): the same drawing as
/// [`render_board`], recorded as shapes (`vector.rs`, `svg.rs`), with `title` as its
/// accessible name.
pub fn board_svg(
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
    title: &str,
) -> String {
    board_svg_in(game, last, opts, words, title, "")
}

/// [`board_svg`] for a page that shows several boards: every id in the document begins
/// with `ids`, so no two boards' ids meet.
pub fn board_svg_in(
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
    title: &str,
    ids: &str,
) -> String {
    // Recording draws no pixels: any image will do.
    let shapes = record_board(&mut RgbaImage::new(1, 1), game, last, opts, words);
    svg::document(
        opts.layout().size,
        opts.theme.background,
        &shapes,
        title,
        ids,
    )
}

/// The shapes [`render_board`] draws, static board first, in drawing order; nothing is
/// drawn on `img` (any image).
pub fn record_board(
    img: &mut RgbaImage,
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
) -> Vec<vector::Shape> {
    let layout = opts.layout();
    let ((), shapes) = vector::record(|| {
        board::draw_static_on(img, &layout, &opts.theme, words);
        draw_on_board(img, game, last, opts, words);
    });
    shapes
}

/// The board picture as an indexed PNG: [`render_board`], then encoded with the look's
/// palette and the static board's cached parse (`encode.rs`).
pub fn board_png(
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
) -> Vec<u8> {
    board_png_in(&indexed(opts, words), game, last, opts, words)
}

/// [`board_png`] with the look's layers `cached` (what [`indexed`] gives for `opts` and
/// `words`).
pub fn board_png_in(
    cached: &encode::Indexed,
    game: &Game,
    last: Option<&LastTurn>,
    opts: &RenderOptions,
    words: &dyn Words,
) -> Vec<u8> {
    // A picture of last time, of this look if one is kept, else any, else a new one.
    let key = (opts.layout().size, opts.theme.clone(), words.lang());
    let mut s = {
        let mut kept = SCRATCH.lock().unwrap_or_else(|e| e.into_inner());
        let same = kept.iter().position(|s| s.look.as_ref() == Some(&key));
        match same.or_else(|| kept.len().checked_sub(1)) {
            Some(i) => kept.swap_remove(i),
            None => Scratch::default(),
        }
    };
    // A picture of this look is its static board again (the encoder puts each picture
    // back as it reads it), and its scanlines are put back where it was drawn on. Any
    // other look is copied whole (a fresh 4 MB picture would cost a thousand page faults,
    // a third of drawing it).
    let base = cached.base();
    let (w, h) = (base.width() as usize, base.height() as usize);
    let same = s.look.as_ref() == Some(&key) && s.img.dimensions() == base.dimensions();
    if let (true, Some(blocks)) = (same, &s.drawn) {
        cached.restore(&mut s.raw, blocks);
    } else {
        if s.img.dimensions() == base.dimensions() {
            s.img.copy_from_slice(base.as_raw());
        } else {
            s.img = base.clone();
        }
        s.raw.clear();
    }
    canvas::record_touched(true);
    draw_on_board(&mut s.img, game, last, opts, words);
    let drawn = encode::Blocks::of(&canvas::record_touched(false), w, h);
    s.look = Some(key);
    let png = cached.png_reusing(&mut s.img, &drawn, &mut s.raw);
    s.drawn = Some(drawn);
    // Kept for the next picture, as many as draw at once (one a core, and one besides for
    // a bot's pictures nobody waits on); a picture that panicked above is simply not kept.
    let most = *SCRATCH_KEPT
        .get_or_init(|| std::thread::available_parallelism().map_or(2, |n| n.get()) + 1);
    let mut kept = SCRATCH.lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() < most {
        kept.push(s);
    }
    png
}

/// A board picture of last time, kept for its memory: `img` is its look's static board
/// again, and `raw` its scanlines, to be put back where it was drawn on.
#[derive(Default)]
struct Scratch {
    img: RgbaImage,
    raw: Vec<u8>,
    /// The look of `img` and where `raw` was drawn on (`None`: unknown, copy it whole).
    look: Option<(u32, Theme, crate::lang::Lang)>,
    drawn: Option<encode::Blocks>,
}

/// The pictures kept: memory for as many as are drawn at once, whichever threads draw.
static SCRATCH: Mutex<Vec<Scratch>> = Mutex::new(Vec::new());
static SCRATCH_KEPT: OnceLock<usize> = OnceLock::new();

/// Looks kept indexed beyond this many are dropped (the one asked for least recently) and
/// made again when asked.
const INDEXED_LIMIT: usize = 8;

type LookKey = (u32, Theme, crate::lang::Lang);
type LookCell = Arc<OnceLock<Arc<encode::Indexed>>>;

/// The looks' layers, each with when it was last asked for (a count of asks): beyond
/// [`INDEXED_LIMIT`], the look asked for least recently is dropped.
#[derive(Default)]
struct IndexedCache {
    looks: HashMap<LookKey, (LookCell, u64)>,
    asks: u64,
}

/// The looks' layers made so far.
static CACHE: OnceLock<Mutex<IndexedCache>> = OnceLock::new();

/// The look's palette and indexed static board, made on first use (about a tenth of a
/// second) and shared by every thread afterwards. [`prepare`] makes it ahead of time,
/// [`refine`] parses it thoroughly.
pub fn indexed(opts: &RenderOptions, words: &dyn Words) -> Arc<encode::Indexed> {
    let layout = opts.layout();
    let key = (layout.size, opts.theme.clone(), words.lang());
    let cell = {
        let cache = CACHE.get_or_init(|| Mutex::new(IndexedCache::default()));
        // A poisoned lock only means another render panicked mid-insert; the map is
        // still usable.
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.asks += 1;
        let now = cache.asks;
        if !cache.looks.contains_key(&key) && cache.looks.len() >= INDEXED_LIMIT {
            let oldest = cache
                .looks
                .iter()
                .min_by_key(|(_, (_, asked))| *asked)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                cache.looks.remove(&k);
            }
        }
        let (cell, asked) = cache.looks.entry(key).or_default();
        *asked = now;
        Arc::clone(cell)
    };
    // Made outside the map's lock: other looks are not kept waiting, and two threads
    // asking for this look wait for one making.
    Arc::clone(cell.get_or_init(|| {
        let base = board::static_board(&layout, &opts.theme, words);
        // Sample pictures for the colours the static board lacks: pawns, paths, bumps, a
        // card, a ghost, the panel's boxes.
        let mut samples = Vec::new();
        if let Ok((game, last)) = demo::demo_game() {
            samples.push(render_board(&game, Some(&last), opts, words));
        }
        if let Ok(game) = demo::demo_in_progress() {
            samples.push(render_board(&game, None, opts, words));
        }
        let samples: Vec<&RgbaImage> = samples.iter().collect();
        Arc::new(encode::Indexed::new(base, &samples))
    }))
}

/// Make the look's cached layers now, so its first picture is as quick as the others.
pub fn prepare(opts: &RenderOptions, words: &dyn Words) {
    indexed(opts, words);
}

/// The look's layers with their thorough parse made ([`encode::Indexed::refine`]: half a
/// second of one core, the first time): its pictures some 4 % smaller.
pub fn refine(opts: &RenderOptions, words: &dyn Words) -> Arc<encode::Indexed> {
    let look = indexed(opts, words);
    look.refine();
    look
}

/// `f` of the looks kept whose thorough parse is not made yet (under the cache's lock).
fn with_unrefined<R>(f: impl FnOnce(&mut dyn Iterator<Item = &Arc<encode::Indexed>>) -> R) -> R {
    let cache = CACHE
        .get()
        .map(|cache| cache.lock().unwrap_or_else(|e| e.into_inner()));
    let mut looks = cache
        .iter()
        .flat_map(|cache| cache.looks.values())
        .filter_map(|(cell, _)| cell.get())
        .filter(|look| !look.is_refined());
    f(&mut looks)
}

/// Whether a look kept waits for its thorough parse: a front that draws pictures then
/// calls [`refine_waiting`] on a spare thread.
pub fn refining_wanted() -> bool {
    with_unrefined(|looks| looks.next().is_some())
}

/// Make the thorough parse of every look kept that waits for it (half a second of one
/// core each); how many were made.
pub fn refine_waiting() -> usize {
    // Taken out of the cache's lock first: a thorough parse takes half a second.
    let waiting: Vec<_> = with_unrefined(|looks| looks.map(Arc::clone).collect());
    waiting.iter().filter(|look| look.refine()).count()
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
