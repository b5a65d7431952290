//! Fonts and text: DejaVu Sans (regular and bold, `assets/fonts/`, licence alongside),
//! embedded with `include_bytes!` and parsed once; measuring, wrapping and drawing text,
//! optionally with a halo so it reads on any colour.
//!
//! The only "asset loading" of the renderer: nothing here touches the file system.

use std::sync::{Arc, LazyLock, Mutex};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::{Rgba, RgbaImage};

use super::canvas::{blend_steps, coverage_steps, Budgeted, Pt, QuickMap};
use super::vector::{self, Shape};

static REGULAR_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| Fonts {
    // The bytes are compiled in and known good; a failure here is a build error, not input.
    regular: FontRef::try_from_slice(REGULAR_TTF).expect("embedded DejaVuSans.ttf parses"),
    bold: FontRef::try_from_slice(BOLD_TTF).expect("embedded DejaVuSans-Bold.ttf parses"),
});

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    match weight {
        Weight::Regular => &FONTS.regular,
        Weight::Bold => &FONTS.bold,
    }
}

/// A style of text: weight and size in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    pub weight: Weight,
    pub px: f32,
}

impl TextStyle {
    pub fn bold(px: f32) -> TextStyle {
        TextStyle {
            weight: Weight::Bold,
            px,
        }
    }
    pub fn regular(px: f32) -> TextStyle {
        TextStyle {
            weight: Weight::Regular,
            px,
        }
    }
    /// Height of a capital or a digit above the baseline.
    pub fn cap_height(self) -> f32 {
        // DejaVu Sans: capitals and digits are 0.729 em tall.
        self.px * 0.729
    }
}

/// A font's metrics as they are asked for, unscaled: each character's glyph and advance,
/// and each pair's kerning. Text is measured far more often than drawn (wrapping measures
/// each line again with every word), and the font's tables are searched at each asking.
#[derive(Default)]
struct Metrics {
    glyphs: QuickMap<char, (GlyphId, f32)>,
    kerning: QuickMap<(GlyphId, GlyphId), f32>,
}

impl Metrics {
    /// The most characters or pairs remembered: names are people's, any text at all, so
    /// the memory is bounded (forgetting them all when full; a board asks a few hundred).
    const MOST: usize = 16_384;

    fn glyph(&mut self, font: &FontRef<'static>, ch: char) -> (GlyphId, f32) {
        if self.glyphs.len() >= Self::MOST && !self.glyphs.contains_key(&ch) {
            self.glyphs.clear();
        }
        *self.glyphs.entry(ch).or_insert_with(|| {
            let id = font.glyph_id(ch);
            (id, font.h_advance_unscaled(id))
        })
    }

    fn kern(&mut self, font: &FontRef<'static>, first: GlyphId, second: GlyphId) -> f32 {
        if self.kerning.len() >= Self::MOST && !self.kerning.contains_key(&(first, second)) {
            self.kerning.clear();
        }
        *self
            .kerning
            .entry((first, second))
            .or_insert_with(|| font.kern_unscaled(first, second))
    }
}

thread_local! {
    /// Each weight's [`Metrics`], on each thread that measures text.
    static METRICS: std::cell::RefCell<[Metrics; 2]> = std::cell::RefCell::default();
}

/// Glyphs of a line of text laid out from x = 0 on the baseline y = 0: what `ab_glyph`'s
/// scaled font gives (its scale factor times the unscaled metrics), from [`Metrics`].
fn layout(style: TextStyle, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let f = font(style.weight);
    let factor = f.as_scaled(PxScale::from(style.px)).h_scale_factor();
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    let mut out = Vec::with_capacity(text.len());
    METRICS.with(|m| {
        let mut m = m.borrow_mut();
        let m = &mut m[match style.weight {
            Weight::Regular => 0,
            Weight::Bold => 1,
        }];
        for ch in text.chars() {
            let (id, advance) = m.glyph(f, ch);
            if let Some(p) = prev {
                x += factor * m.kern(f, p, id);
            }
            out.push((id, x));
            x += factor * advance;
            prev = Some(id);
        }
    });
    (out, x)
}

/// [`layout`] as `ab_glyph` gives it, asking the font's tables each time: what the
/// remembered metrics must give.
#[cfg(test)]
fn layout_uncached(style: TextStyle, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let f = font(style.weight).as_scaled(PxScale::from(style.px));
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    let mut out = Vec::with_capacity(text.len());
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            x += f.kern(p, id);
        }
        out.push((id, x));
        x += f.h_advance(id);
        prev = Some(id);
    }
    (out, x)
}

/// The glyphs of a line of text for a vector backend: each glyph's number and its x from
/// the line's origin, and the factor from font units to pixels.
pub fn glyphs(style: TextStyle, text: &str) -> (Vec<(u16, f32)>, f32) {
    let scale = font(style.weight)
        .as_scaled(PxScale::from(style.px))
        .h_scale_factor();
    let (laid, _) = layout(style, text);
    (laid.into_iter().map(|(id, x)| (id.0, x)).collect(), scale)
}

/// A glyph's outline as SVG path data, in font units with y pointing up; `None` for a
/// glyph with no outline (a space).
pub fn glyph_path(weight: Weight, id: u16) -> Option<String> {
    use std::fmt::Write;
    let outline = font(weight).outline(GlyphId(id))?;
    let mut d = String::new();
    let mut at: Option<ab_glyph::Point> = None;
    for curve in &outline.curves {
        let (start, end) = match *curve {
            ab_glyph::OutlineCurve::Line(a, b) => (a, b),
            ab_glyph::OutlineCurve::Quad(a, _, b) => (a, b),
            ab_glyph::OutlineCurve::Cubic(a, _, _, b) => (a, b),
        };
        if at != Some(start) {
            // A new contour: the last one is closed (its halo's stroke joins there).
            if at.is_some() {
                d.push('Z');
            }
            let _ = write!(d, "M{} {}", start.x, start.y);
        }
        let _ = match *curve {
            ab_glyph::OutlineCurve::Line(_, b) => write!(d, "L{} {}", b.x, b.y),
            ab_glyph::OutlineCurve::Quad(_, c, b) => write!(d, "Q{} {} {} {}", c.x, c.y, b.x, b.y),
            ab_glyph::OutlineCurve::Cubic(_, c1, c2, b) => {
                write!(d, "C{} {} {} {} {} {}", c1.x, c1.y, c2.x, c2.y, b.x, b.y)
            }
        };
        at = Some(end);
    }
    if d.is_empty() {
        return None;
    }
    d.push('Z');
    Some(d)
}

/// Width of a line of text in pixels.
pub fn text_width(style: TextStyle, text: &str) -> f32 {
    layout(style, text).1
}

/// Whether every character of `text` has a glyph in the font.
pub fn has_glyphs(style: TextStyle, text: &str) -> bool {
    let f = font(style.weight);
    text.chars().all(|c| c == ' ' || f.glyph_id(c).0 != 0)
}

/// The coverage of a line of text, with `pad` spare pixels around it.
struct Mask {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    data: Vec<f32>,
}

fn mask(style: TextStyle, origin: Pt, text: &str, pad: i32) -> Option<Mask> {
    let (glyphs, _) = layout(style, text);
    // Each glyph starts on a whole pixel (the line keeps its width, a glyph moves by at
    // most half a pixel): a letter is then the same pixels wherever it stands, which the
    // PNG's deflate finds again (pictures about 1 % smaller), and is drawn once.
    let drawn: Vec<(i32, i32, Arc<GlyphCover>)> = glyphs
        .into_iter()
        .filter_map(|(id, x)| glyph_cover(style, id, origin.x + x.round(), origin.y))
        .collect();
    let x0 = drawn.iter().map(|(x, _, _)| *x).min()? - pad;
    let y0 = drawn.iter().map(|(_, y, _)| *y).min()? - pad;
    let x1 = drawn.iter().map(|(x, _, g)| x + g.w as i32).max()?;
    let y1 = drawn.iter().map(|(_, y, g)| y + g.h as i32).max()?;
    let w = (x1 - x0 + pad).max(1) as usize;
    let h = (y1 - y0 + pad).max(1) as usize;
    let mut data = vec![0.0f32; w * h];
    for (gx, gy, g) in &drawn {
        // Within the mask, whose box holds every glyph's.
        let (gx, gy) = ((gx - x0) as usize, (gy - y0) as usize);
        for (y, row) in g.cover.chunks_exact(g.w.max(1)).enumerate() {
            let at = (gy + y) * w + gx;
            let Some(out) = data.get_mut(at..at + row.len()) else {
                continue;
            };
            for (d, &c) in out.iter_mut().zip(row) {
                *d = (*d + c).min(1.0);
            }
        }
    }
    Some(Mask { x0, y0, w, h, data })
}

/// A glyph's coverage as `ab_glyph` draws it: the size of its box and the coverage of
/// each pixel of it, row by row.
struct GlyphCover {
    w: usize,
    h: usize,
    cover: Vec<f32>,
}

/// Glyphs drawn at a whole-pixel position, by weight, size and glyph, their boxes'
/// corners from that position: a glyph there is the same coverage wherever it stands
/// (`ab_glyph` places it by the position's whole and fractional parts apart), so a line
/// of text new to [`DRAWN`] (a pawn's letter on another space, the panel's lines of a new
/// turn) is put together from glyphs drawn before. Past [`GLYPHS_BUDGET`] bytes it
/// starts again.
static GLYPHS: LazyLock<Mutex<Budgeted<GlyphKey, KeptGlyph>>> =
    LazyLock::new(|| Mutex::new(Budgeted::new(GLYPHS_BUDGET)));
/// A glyph: bold or not, its size's bits, its number in the font.
type GlyphKey = (bool, u32, u16);
/// A glyph's box's corner from where it stands, and its coverage; `None`: no outline.
type KeptGlyph = Option<(i32, i32, Arc<GlyphCover>)>;
const GLYPHS_BUDGET: usize = 2 << 20;

/// Glyph `id` of `style` drawn at (`x`, `y`), its box's top-left corner and coverage;
/// `None` for a glyph with no outline (a space).
fn glyph_cover(
    style: TextStyle,
    id: GlyphId,
    x: f32,
    y: f32,
) -> Option<(i32, i32, Arc<GlyphCover>)> {
    // Anywhere else than a whole pixel (no line of the pictures is), drawn there.
    let whole = |v: f32| v.fract() == 0.0 && v.abs() < 1e6;
    if !(whole(x) && whole(y)) {
        return draw_glyph(style, id, x, y);
    }
    let key = (style.weight == Weight::Bold, style.px.to_bits(), id.0);
    let at = |(gx, gy, g): (i32, i32, Arc<GlyphCover>)| (gx + x as i32, gy + y as i32, g);
    if let Some(kept) = GLYPHS.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return kept.clone().map(at);
    }
    let made = draw_glyph(style, id, 0.0, 0.0);
    let bytes = made.as_ref().map_or(0, |(_, _, g)| g.cover.len() * 4) + 64;
    let dropped = GLYPHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, made.clone(), bytes);
    drop(dropped);
    made.map(at)
}

/// Glyph `id` of `style` outlined and drawn at (`x`, `y`): its box's top-left corner and
/// coverage.
fn draw_glyph(
    style: TextStyle,
    id: GlyphId,
    x: f32,
    y: f32,
) -> Option<(i32, i32, Arc<GlyphCover>)> {
    let scale = PxScale::from(style.px);
    let g = font(style.weight)
        .outline_glyph(id.with_scale_and_position(scale, ab_glyph::point(x, y)))?;
    let b = g.px_bounds();
    let (w, h) = (b.width() as usize, b.height() as usize);
    let mut cover = vec![0.0f32; w * h];
    g.draw(|x, y, c| {
        if let Some(v) = cover.get_mut(y as usize * w + x as usize) {
            *v = c;
        }
    });
    Some((
        b.min.x as i32,
        b.min.y as i32,
        Arc::new(GlyphCover { w, h, cover }),
    ))
}

/// Where a line of text is anchored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `at` is the left end of the baseline.
    Left,
    /// `at` is the middle of the baseline.
    Centre,
    /// `at` is the right end of the baseline.
    Right,
    /// `at` is the centre of the capitals' box (for numbers in circles).
    Middle,
    /// `at` is the middle of the capitals' left edge.
    MiddleLeft,
}

/// The left end of the baseline for text anchored at `at`.
pub fn origin(style: TextStyle, text: &str, at: Pt, align: Align) -> Pt {
    let w = text_width(style, text);
    let o = match align {
        Align::Left => at,
        Align::Centre => Pt::new(at.x - w / 2.0, at.y),
        Align::Right => Pt::new(at.x - w, at.y),
        Align::Middle => Pt::new(at.x - w / 2.0, at.y + style.cap_height() / 2.0),
        Align::MiddleLeft => Pt::new(at.x, at.y + style.cap_height() / 2.0),
    };
    Pt::new(o.x.round(), o.y.round())
}

/// A line of text as drawn: its size, the middle of its capitals' box, and the words.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnText {
    pub style: TextStyle,
    pub centre: Pt,
    pub text: String,
}

thread_local! {
    /// The lines drawn on this thread while [`record_text`] is on: how tests measure the
    /// size of every word on a picture (legibility at phone size).
    static RECORDED: std::cell::RefCell<Option<Vec<DrawnText>>> = const { std::cell::RefCell::new(None) };
}

/// Start (`true`) or stop recording the lines of text drawn on this thread; stopping
/// returns what was drawn.
pub fn record_text(on: bool) -> Vec<DrawnText> {
    RECORDED.with(|r| {
        let mut r = r.borrow_mut();
        let out = r.take().unwrap_or_default();
        if on {
            *r = Some(Vec::new());
        }
        out
    })
}

fn recorded(style: TextStyle, o: Pt, text: &str) {
    RECORDED.with(|r| {
        if let Some(list) = r.borrow_mut().as_mut() {
            let w = text_width(style, text);
            list.push(DrawnText {
                style,
                centre: Pt::new(o.x + w / 2.0, o.y - style.cap_height() / 2.0),
                text: text.to_string(),
            });
        }
    });
}

/// A line of text's coverage as drawn: in eighths (what [`blend_steps`] keeps of a coverage
/// anyway), with its halo's when it has one.
struct Drawn {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    text: Vec<u8>,
    halo: Vec<u8>,
}

/// What a line of text's coverage depends on: font, size, exact position, words, halo.
#[derive(Clone, PartialEq, Eq, Hash)]
struct DrawnKey {
    bold: bool,
    px: u32,
    x: u32,
    y: u32,
    halo: u32,
    text: String,
}

/// Lines of text already rasterised, by exact size and position: the panel's lines, the
/// pawns' letters and the labels come back at the same places turn after turn, and
/// rasterising them (outlines, coverage, the halo's dilation) was most of a picture's
/// text cost. Bounded: past [`DRAWN_BUDGET`] bytes it starts again.
static DRAWN: LazyLock<Mutex<Budgeted<DrawnKey, Arc<Drawn>>>> =
    LazyLock::new(|| Mutex::new(Budgeted::new(DRAWN_BUDGET)));

const DRAWN_BUDGET: usize = 4 << 20;

fn drawn(style: TextStyle, o: Pt, text: &str, halo_px: Option<f32>) -> Option<Arc<Drawn>> {
    let key = DrawnKey {
        bold: style.weight == Weight::Bold,
        px: style.px.to_bits(),
        x: o.x.to_bits(),
        y: o.y.to_bits(),
        halo: halo_px.map_or(u32::MAX, f32::to_bits),
        text: text.to_string(),
    };
    {
        let cache = DRAWN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = cache.get(&key) {
            return Some(Arc::clone(d));
        }
    }
    let pad = halo_px.map_or(0, |h| h.ceil() as i32 + 1);
    let m = mask(style, o, text, pad)?;
    let halo = halo_px.map_or_else(Vec::new, |h| {
        dilate(&m, h).into_iter().map(coverage_steps).collect()
    });
    let made = Arc::new(Drawn {
        x0: m.x0,
        y0: m.y0,
        w: m.w,
        h: m.h,
        text: m.data.iter().map(|&c| coverage_steps(c)).collect(),
        halo,
    });
    let bytes = made.text.len() + made.halo.len() + text.len() + 64;
    let dropped =
        DRAWN
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, Arc::clone(&made), bytes);
    drop(dropped);
    Some(made)
}

/// The halo of a line of text: its coverage dilated by a disc of radius `halo_px`.
fn dilate(m: &Mask, halo_px: f32) -> Vec<f32> {
    let r = halo_px.ceil() as i32;
    let offsets: Vec<(i32, i32, f32)> = (-r..=r)
        .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
        .filter_map(|(dx, dy)| {
            let d = ((dx * dx + dy * dy) as f32).sqrt();
            let k = (halo_px + 0.5 - d).clamp(0.0, 1.0);
            (k > 0.0).then_some((dx, dy, k))
        })
        .collect();
    let mut grown = vec![0.0f32; m.data.len()];
    for y in 0..m.h as i32 {
        for x in 0..m.w as i32 {
            let mut best = 0.0f32;
            for &(dx, dy, k) in &offsets {
                let (sx, sy) = (x + dx, y + dy);
                if sx >= 0 && sy >= 0 && (sx as usize) < m.w && (sy as usize) < m.h {
                    best = best.max(m.data[sy as usize * m.w + sx as usize] * k);
                }
            }
            grown[y as usize * m.w + x as usize] = best;
        }
    }
    grown
}

/// Paint coverage in eighths (`cover`, laid out as `d`) in `colour`.
fn paint_steps(img: &mut RgbaImage, d: &Drawn, cover: &[u8], colour: Rgba<u8>) {
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    let clip = |v: i32, most: i32| v.clamp(0, most) as u32;
    super::canvas::touch(
        clip(d.x0, iw),
        clip(d.y0, ih),
        clip(d.x0 + d.w as i32, iw),
        clip(d.y0 + d.h as i32, ih),
    );
    // The columns of the line inside the picture.
    let (xa, xb) = ((-d.x0).max(0), (iw - d.x0).min(d.w as i32));
    if xa >= xb {
        return;
    }
    let (xa, xb) = (xa as usize, xb as usize);
    let stride = iw as usize * 4;
    let buf: &mut [u8] = img.as_mut();
    for yy in 0..d.h {
        let y = d.y0 + yy as i32;
        if y < 0 || y >= ih {
            continue;
        }
        let steps = &cover[yy * d.w + xa..yy * d.w + xb];
        let at = y as usize * stride + (d.x0 + xa as i32) as usize * 4;
        let row = &mut buf[at..at + (xb - xa) * 4];
        for (px, &c) in row.chunks_exact_mut(4).zip(steps) {
            blend_steps(px, colour, c);
        }
    }
}

/// Draw a line of text.
pub fn draw_text(
    img: &mut RgbaImage,
    style: TextStyle,
    at: Pt,
    align: Align,
    colour: Rgba<u8>,
    text: &str,
) {
    let o = origin(style, text, at, align);
    recorded(style, o, text);
    let shape = || Shape::Text {
        bold: style.weight == Weight::Bold,
        px: style.px,
        origin: o,
        colour,
        halo: None,
        text: text.to_string(),
    };
    if vector::recorded(shape) {
        return;
    }
    if let Some(d) = drawn(style, o, text, None) {
        paint_steps(img, &d, &d.text, colour);
    }
}

/// Draw a line of text with a halo `halo_px` wide around each letter, so light text reads
/// on light colours and dark text on dark ones.
pub fn draw_text_halo(
    img: &mut RgbaImage,
    style: TextStyle,
    at: Pt,
    align: Align,
    (colour, halo): (Rgba<u8>, Rgba<u8>),
    halo_px: f32,
    text: &str,
) {
    let o = origin(style, text, at, align);
    recorded(style, o, text);
    let shape = || Shape::Text {
        bold: style.weight == Weight::Bold,
        px: style.px,
        origin: o,
        colour,
        halo: Some((halo, halo_px)),
        text: text.to_string(),
    };
    if vector::recorded(shape) {
        return;
    }
    if let Some(d) = drawn(style, o, text, Some(halo_px)) {
        paint_steps(img, &d, &d.halo, halo);
        paint_steps(img, &d, &d.text, colour);
    }
}

/// The largest size up to `style.px` at which `text` is at most `max_width` wide.
pub fn fit(style: TextStyle, text: &str, max_width: f32) -> TextStyle {
    let w = text_width(style, text);
    if w <= max_width || w <= 0.0 {
        style
    } else {
        TextStyle {
            px: style.px * max_width / w,
            ..style
        }
    }
}

/// `text` shortened with an ellipsis to fit `max_width`.
pub fn ellipsize(style: TextStyle, text: &str, max_width: f32) -> String {
    if text_width(style, text) <= max_width {
        return text.to_string();
    }
    // No glyph is narrower than a fifth of the size: cut long text before measuring.
    let most = (max_width / (style.px * 0.2)).ceil() as usize + 1;
    let mut chars: Vec<char> = text.chars().take(most).collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>() + "…";
        if text_width(style, &s) <= max_width {
            return s;
        }
    }
    "…".to_string()
}

/// Break `text` into lines at most `max_width` wide (a word longer than a line is cut).
pub fn wrap(style: TextStyle, text: &str, max_width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(style, &candidate) <= max_width || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
        if text_width(style, &line) > max_width {
            line = ellipsize(style, &line, max_width);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A line's coverage the way it was made before glyphs were kept: every glyph
    /// outlined and drawn where it stands.
    fn mask_drawn_in_place(style: TextStyle, origin: Pt, text: &str, pad: i32) -> Option<Mask> {
        let f = font(style.weight);
        let scale = PxScale::from(style.px);
        let (glyphs, _) = layout(style, text);
        let outlined: Vec<_> = glyphs
            .into_iter()
            .filter_map(|(id, x)| {
                let at = ab_glyph::point(origin.x + x.round(), origin.y);
                f.outline_glyph(id.with_scale_and_position(scale, at))
            })
            .collect();
        let mut bounds: Option<ab_glyph::Rect> = None;
        for g in &outlined {
            let b = g.px_bounds();
            bounds = Some(match bounds {
                None => b,
                Some(a) => ab_glyph::Rect {
                    min: ab_glyph::point(a.min.x.min(b.min.x), a.min.y.min(b.min.y)),
                    max: ab_glyph::point(a.max.x.max(b.max.x), a.max.y.max(b.max.y)),
                },
            });
        }
        let b = bounds?;
        let x0 = b.min.x.floor() as i32 - pad;
        let y0 = b.min.y.floor() as i32 - pad;
        let w = (b.max.x.ceil() as i32 - x0 + pad).max(1) as usize;
        let h = (b.max.y.ceil() as i32 - y0 + pad).max(1) as usize;
        let mut data = vec![0.0f32; w * h];
        for g in &outlined {
            let gb = g.px_bounds();
            let (gx, gy) = (gb.min.x as i32 - x0, gb.min.y as i32 - y0);
            g.draw(|x, y, c| {
                let (px, py) = (gx + x as i32, gy + y as i32);
                if px >= 0 && py >= 0 && (px as usize) < w && (py as usize) < h {
                    let i = py as usize * w + px as usize;
                    data[i] = (data[i] + c).min(1.0);
                }
            });
        }
        Some(Mask { x0, y0, w, h, data })
    }

    /// A line put together from kept glyphs is exactly the line drawn glyph by glyph where
    /// it stands: at whole pixels anywhere on (or off) a picture, and at fractional ones.
    #[test]
    fn lines_from_kept_glyphs_are_the_lines_drawn_in_place() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let alphabet: Vec<char> = "AVWTaoy fi 0123456789 éÀ▶±×·…'?.,😀 +-=xX"
            .chars()
            .collect();
        for case in 0..1500 {
            let n = rng.gen_range(1..16);
            let text: String = (0..n)
                .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
                .collect();
            let style = TextStyle {
                weight: [Weight::Regular, Weight::Bold][case % 2],
                px: [10.0, 13.0, 17.5, 22.0, rng.gen_range(6.0..40.0)][case % 5],
            };
            let v = rng.gen_range(-60.0f32..2100.0);
            let origin = match case % 4 {
                3 => Pt::new(v, v * 0.7 + 0.25),
                _ => Pt::new(v.round(), (v * 0.7).round()),
            };
            let pad = [0, 2][case % 2];
            let kept = mask(style, origin, &text, pad);
            let drawn = mask_drawn_in_place(style, origin, &text, pad);
            match (kept, drawn) {
                (None, None) => {}
                (Some(a), Some(b)) => assert!(
                    (a.x0, a.y0, a.w, a.h) == (b.x0, b.y0, b.w, b.h) && a.data == b.data,
                    "{text:?} {style:?} at {origin:?}"
                ),
                (a, b) => panic!("{text:?}: {} and {}", a.is_some(), b.is_some()),
            }
        }
    }

    /// Text laid out from the remembered metrics is exactly what the font's tables give:
    /// the same glyphs at the same positions, the same width, for any text and size.
    #[test]
    fn remembered_metrics_lay_text_out_as_the_font_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let alphabet: Vec<char> =
            "AVAWAYTaToLTLVWaYo fifl 0123456789 éèêàçÉÀ ▶±×·…«»—'\"?!.,:; émojis😀 \u{0}\u{FFFF}"
                .chars()
                .collect();
        let mut texts: Vec<String> = vec![
            String::new(),
            "Prime Climb".into(),
            "▶ rolled 5 and 4".into(),
            "Départ · 17".into(),
            "AVATAR WAVY Tokyo".into(),
        ];
        for _ in 0..300 {
            let n = rng.gen_range(1..40);
            texts.push(
                (0..n)
                    .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
                    .collect(),
            );
        }
        for text in &texts {
            for weight in [Weight::Regular, Weight::Bold] {
                for px in [7.3f32, 12.0, 17.25, 31.0, 64.5] {
                    let style = TextStyle { weight, px };
                    let (a, b) = (layout(style, text), layout_uncached(style, text));
                    assert!(a == b, "{text:?} {weight:?} {px}: {a:?} against {b:?}");
                }
            }
        }
    }
}
