//! Anti-aliased raster primitives on an `RgbaImage`: discs, rings, thick lines and curves,
//! convex polygons and rounded rectangles, each drawn from a signed distance function.
//!
//! Knows nothing of the game; every other render file draws through these. Coverage is
//! `0.5 − distance` clamped to 0..1 at each pixel centre, which gives a one-pixel soft edge
//! at any size.
//!
//! Coverage is rounded to eighths: the edges look the same, but the same few edge pixels
//! recur, which deflate finds as repeats. That makes the PNG about 30% smaller (the issue's
//! 300 KB budget) at no cost in encoding time.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, LazyLock, Mutex};

use image::{Rgba, RgbaImage};

use super::vector::{recorded, Shape};

pub use super::point::{bounds, Pt};

/// An opaque colour from its red, green and blue parts.
pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba<u8> {
    Rgba([r, g, b, 255])
}

/// The same colour at `alpha` (0–1) opacity.
pub fn with_alpha(c: Rgba<u8>, alpha: f32) -> Rgba<u8> {
    let a = (f32::from(c.0[3]) * alpha.clamp(0.0, 1.0)).round() as u8;
    Rgba([c.0[0], c.0[1], c.0[2], a])
}

/// Relative luminance (0–1), to pick readable ink on a colour.
pub fn luminance(c: Rgba<u8>) -> f32 {
    let lin = |v: u8| {
        let s = f32::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
}

/// Steps of anti-aliasing coverage (see the module comment).
const COVERAGE_STEPS: f32 = 8.0;

/// A coverage (0–1) in the steps it is drawn with: rounded to the nearest (a cast, not
/// `round`, which is a library call).
#[inline]
pub fn coverage_steps(coverage: f32) -> u8 {
    (coverage.clamp(0.0, 1.0) * COVERAGE_STEPS + 0.5) as u8
}

/// Paint `colour` over one RGBA pixel with `coverage` (0–1): "source over".
#[inline]
fn blend_px(px: &mut [u8], colour: Rgba<u8>, coverage: f32) {
    blend_steps(px, colour, coverage_steps(coverage));
}

/// The same with the coverage in eighths, as [`coverage_steps`] gives it.
#[inline(always)]
pub fn blend_steps(px: &mut [u8], colour: Rgba<u8>, steps: u8) {
    let steps = u32::from(steps);
    if steps == 0 {
        return;
    }
    // An opaque colour over an opaque pixel, in whole numbers: the same bytes as the
    // general case below (the two were compared for every colour, background and
    // coverage step; the golden pictures hold them to it).
    if colour.0[3] == u8::MAX && px[3] == u8::MAX {
        let full = COVERAGE_STEPS as u32;
        if steps == full {
            // What the sum below gives at full coverage.
            px[..3].copy_from_slice(&colour.0[..3]);
            return;
        }
        let keep = full.saturating_sub(steps);
        for (d, &s) in px.iter_mut().zip(&colour.0).take(3) {
            *d = ((u32::from(s) * steps + u32::from(*d) * keep + full / 2) / full) as u8;
        }
        return;
    }
    Over::new(colour, steps, px[3]).paint(px, colour);
}

/// "Source over" in floating point, for a colour at some coverage over pixels of one
/// alpha: what depends on those alone, found once for a run of such pixels.
#[derive(Clone, Copy)]
enum Over {
    /// The colour replaces the pixel.
    Replace,
    /// Nothing shows.
    Nothing,
    Blend {
        a: f32,
        keep: f32,
        inv: f32,
        out_a: f32,
    },
}

impl Over {
    #[inline(always)]
    fn new(colour: Rgba<u8>, steps: u32, dst_alpha: u8) -> Over {
        let a = steps as f32 * (f32::from(colour.0[3]) * (1.0 / (255.0 * COVERAGE_STEPS)));
        if a >= 0.999 {
            return Over::Replace;
        }
        let da = f32::from(dst_alpha) * (1.0 / 255.0);
        let keep = da * (1.0 - a);
        let out_a = a + keep;
        if out_a <= 0.0 {
            return Over::Nothing;
        }
        Over::Blend {
            a,
            keep,
            inv: 1.0 / out_a,
            out_a,
        }
    }

    #[inline(always)]
    fn paint(self, px: &mut [u8], colour: Rgba<u8>) {
        match self {
            Over::Replace => px.copy_from_slice(&colour.0),
            Over::Nothing => {}
            Over::Blend {
                a,
                keep,
                inv,
                out_a,
            } => {
                for (d, &s) in px.iter_mut().zip(&colour.0).take(3) {
                    *d = ((f32::from(s) * a + f32::from(*d) * keep) * inv + 0.5) as u8;
                }
                px[3] = (out_a * 255.0 + 0.5) as u8;
            }
        }
    }
}

/// Paint `colour` wholly over every pixel of `run` (whole pixels): [`blend_px`] at full
/// coverage, an opaque colour simply copied.
fn fill_run(run: &mut [u8], colour: Rgba<u8>) {
    if colour.0[3] == u8::MAX {
        for px in run.chunks_exact_mut(4) {
            px.copy_from_slice(&colour.0);
        }
    } else {
        // Over opaque pixels (nearly all) with what was found once for them; a pixel
        // like the last one (a shadow over one colour) becomes what that one became.
        let full = coverage_steps(1.0);
        let over_opaque = Over::new(colour, u32::from(full), u8::MAX);
        let mut last: Option<([u8; 4], [u8; 4])> = None;
        for px in run.chunks_exact_mut(4) {
            if px[3] != u8::MAX {
                blend_steps(px, colour, full);
                continue;
            }
            match last {
                Some((was, became)) if *px == was => px.copy_from_slice(&became),
                _ => {
                    let was = [px[0], px[1], px[2], px[3]];
                    over_opaque.paint(px, colour);
                    last = Some((was, [px[0], px[1], px[2], px[3]]));
                }
            }
        }
    }
}

thread_local! {
    /// The boxes drawn on this thread while [`record_touched`] is on: where a picture may
    /// differ from the static board under it, so its encoder looks nowhere else.
    static TOUCHED: std::cell::RefCell<Option<Vec<[u32; 4]>>> =
        const { std::cell::RefCell::new(None) };
}

/// Start (`true`) or stop recording the boxes drawn on this thread; stopping returns them
/// (each `[x0, y0, x1, y1]`, the ends excluded).
pub fn record_touched(on: bool) -> Vec<[u32; 4]> {
    TOUCHED.with(|t| {
        let mut t = t.borrow_mut();
        let out = t.take().unwrap_or_default();
        if on {
            *t = Some(Vec::new());
        }
        out
    })
}

/// Note that pixels `x0..x1` × `y0..y1` may have been drawn on. Every drawing function
/// that writes pixels says so (the tests compare whole pictures to catch one that does
/// not); [`blend`] alone does not, for its callers say it once for all their pixels.
pub fn touch(x0: u32, y0: u32, x1: u32, y1: u32) {
    if x0 < x1 && y0 < y1 {
        TOUCHED.with(|t| {
            if let Some(list) = t.borrow_mut().as_mut() {
                list.push([x0, y0, x1, y1]);
            }
        });
    }
}

/// Paint `colour` over the pixel at (x, y) with `coverage` (0–1): "source over". The
/// caller [`touch`]es the pixels it blends.
#[inline]
pub fn blend(img: &mut RgbaImage, x: u32, y: u32, colour: Rgba<u8>, coverage: f32) {
    let w = img.width() as usize;
    let i = (y as usize * w + x as usize) * 4;
    let buf: &mut [u8] = img.as_mut();
    if let Some(px) = buf.get_mut(i..i + 4) {
        blend_px(px, colour, coverage);
    }
}

/// Fill every pixel whose centre lies inside the shape `sdf` (negative inside, in pixels)
/// within the box `min`..`max`, with a soft one-pixel edge.
pub fn fill_sdf(
    img: &mut RgbaImage,
    min: Pt,
    max: Pt,
    colour: Rgba<u8>,
    sdf: impl Fn(f32, f32) -> f32,
) {
    fill_rows(img, min, max, colour, sdf, |_| Some(Span::ANY));
}

/// What a shape covers of the row of pixel centres at one height: centres outside
/// `outer` are outside the shape (their distance at least ½), centres inside `inner` are
/// covered whole (at most −½). The pixels within a pixel of either bound are measured, so
/// bounds computed in floating point give exactly the pixels of measuring every one.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub outer: (f32, f32),
    pub inner: (f32, f32),
}

impl Span {
    /// Anything may be touched, nothing is known covered.
    pub const ANY: Span = Span {
        outer: (f32::NEG_INFINITY, f32::INFINITY),
        inner: (0.0, -1.0),
    };
    /// Symmetric round `c`: half-widths `outer` and `inner` (negative: none).
    fn around(c: f32, outer: f32, inner: f32) -> Span {
        Span {
            outer: (c - outer, c + outer),
            inner: if inner > 0.0 {
                (c - inner, c + inner)
            } else {
                (0.0, -1.0)
            },
        }
    }
}

/// [`fill_sdf`] for a shape that also says, row by row, where it can be and where it is
/// whole (`span`, `None` for a row it misses): only its edge is measured.
pub fn fill_rows(
    img: &mut RgbaImage,
    min: Pt,
    max: Pt,
    colour: Rgba<u8>,
    sdf: impl Fn(f32, f32) -> f32,
    span: impl Fn(f32) -> Option<Span>,
) {
    fill_rows_keyed(img, min, max, colour, None, sdf, span);
}

/// [`fill_rows`] for a shape that `key` names ([`shape_key`]).
fn fill_rows_keyed(
    img: &mut RgbaImage,
    min: Pt,
    max: Pt,
    colour: Rgba<u8>,
    key: Option<Vec<u32>>,
    sdf: impl Fn(f32, f32) -> f32,
    span: impl Fn(f32) -> Option<Span>,
) {
    let bounds = pixel_box(img, min, max);
    fill_shape(img, bounds, colour, key, sdf, span);
}

/// `v` rounded up, within `lo..=hi`: by a cast, not `f32::ceil`, which is a library call
/// on the processors the product is built for (the same answer, and far quicker).
#[inline]
fn ceil_within(v: f32, lo: usize, hi: usize) -> usize {
    let v = v.clamp(lo as f32, hi as f32);
    let t = v as usize;
    if (t as f32) < v {
        t + 1
    } else {
        t
    }
}

/// `v` rounded down, within `lo..=hi`, the same way.
#[inline]
fn floor_within(v: f32, lo: isize, hi: isize) -> isize {
    let v = v.clamp(lo as f32, hi as f32);
    let t = v as isize;
    if (t as f32) > v {
        t - 1
    } else {
        t
    }
}

/// The pixels `[x0, y0, x1, y1]` (the ends excluded) a shape within `min`..`max` can
/// touch, a pixel more on every side, within `img`.
fn pixel_box(img: &RgbaImage, min: Pt, max: Pt) -> [usize; 4] {
    let (w, h) = (img.width() as usize, img.height() as usize);
    [
        floor_within(min.x - 1.0, 0, w as isize) as usize,
        floor_within(min.y - 1.0, 0, h as isize) as usize,
        ceil_within(max.x + 1.0, 0, w),
        ceil_within(max.y + 1.0, 0, h),
    ]
}

/// Fill within the pixels `[x0, y0, x1, y1]` (the ends excluded) as [`fill_rows`] says,
/// for a shape that `key` names (see [`shape_key`]), if any: while a picture is drawn
/// over a static board, a shape drawn again has its coverage kept in [`COVERS`] and
/// painted from there after.
fn fill_shape(
    img: &mut RgbaImage,
    [x0, y0, x1, y1]: [usize; 4],
    colour: Rgba<u8>,
    key: Option<Vec<u32>>,
    sdf: impl Fn(f32, f32) -> f32,
    span: impl Fn(f32) -> Option<Span>,
) {
    if x0 >= x1 {
        return;
    }
    touch(x0 as u32, y0 as u32, x1 as u32, y1 as u32);
    let stride = img.width() as usize * 4;
    let buf: &mut [u8] = img.as_mut();
    let bounds = [x0, y0, x1, y1];
    match key.and_then(kept_cover) {
        Some(Kept::Found(cover)) => cover.paint(buf, stride, colour),
        Some(Kept::Wanted(key)) => {
            let mut cover = Cover::default();
            cover_rows(&mut cover, bounds, &sdf, &span);
            cover.paint(buf, stride, colour);
            keep_cover(key, cover);
        }
        None => {
            let mut painter = Painter {
                buf,
                stride,
                row: 0,
                colour,
            };
            cover_rows(&mut painter, bounds, &sdf, &span);
        }
    }
}

/// What [`cover_rows`] finds of a shape, row by row: pixels covered whole, and the
/// coverage of its edge's pixels in eighths.
trait Coverage {
    /// The rows after this are at `y`.
    fn row(&mut self, y: usize);
    /// Pixels `a..b` of the row are covered whole.
    fn whole(&mut self, a: usize, b: usize);
    /// Pixel `x` of the row is covered `steps` eighths (1–8).
    fn edge(&mut self, x: usize, steps: u8);
}

/// Coverage painted straight onto a picture's pixels in one colour.
struct Painter<'a> {
    buf: &'a mut [u8],
    stride: usize,
    /// Where the current row starts in `buf`.
    row: usize,
    colour: Rgba<u8>,
}

impl Coverage for Painter<'_> {
    #[inline(always)]
    fn row(&mut self, y: usize) {
        self.row = y * self.stride;
    }
    #[inline(always)]
    fn whole(&mut self, a: usize, b: usize) {
        let at = self.row;
        fill_run(&mut self.buf[at + a * 4..at + b * 4], self.colour);
    }
    #[inline(always)]
    fn edge(&mut self, x: usize, steps: u8) {
        let at = self.row + x * 4;
        blend_steps(&mut self.buf[at..at + 4], self.colour, steps);
    }
}

/// A shape's coverage of a picture, kept: it depends on the shape's geometry and the
/// picture's size, not on the colour it is painted in.
#[derive(Default)]
struct Cover {
    /// Each row's height and its first cell.
    rows: Vec<(u32, u32)>,
    cells: Vec<Cell>,
}

/// Pixels `x..x + n` covered whole (`steps` [`FULL_STEPS`]), or pixel `x` (`n` 1) covered
/// `steps` eighths.
#[derive(Clone, Copy)]
struct Cell {
    x: u32,
    n: u16,
    steps: u8,
}

/// Coverage in eighths of a pixel covered whole.
const FULL_STEPS: u8 = COVERAGE_STEPS as u8;

impl Coverage for Cover {
    fn row(&mut self, y: usize) {
        self.rows.push((y as u32, self.cells.len() as u32));
    }
    fn whole(&mut self, a: usize, b: usize) {
        // In pieces a cell can say (a row of a picture is far shorter).
        for x in (a..b).step_by(usize::from(u16::MAX)) {
            let n = (b - x).min(usize::from(u16::MAX));
            self.cells.push(Cell {
                x: x as u32,
                n: n as u16,
                steps: FULL_STEPS,
            });
        }
    }
    fn edge(&mut self, x: usize, steps: u8) {
        self.cells.push(Cell {
            x: x as u32,
            n: 1,
            steps,
        });
    }
}

impl Cover {
    /// Paint this coverage in `colour` onto `buf` (rows `stride` bytes long): what
    /// [`Painter`] paints as it goes.
    fn paint(&self, buf: &mut [u8], stride: usize, colour: Rgba<u8>) {
        for (k, &(y, first)) in self.rows.iter().enumerate() {
            let end = self
                .rows
                .get(k + 1)
                .map_or(self.cells.len(), |&(_, next)| next as usize);
            let Some(row) = buf.get_mut(y as usize * stride..(y as usize + 1) * stride) else {
                continue;
            };
            for cell in self.cells.get(first as usize..end).unwrap_or(&[]) {
                let (a, n) = (cell.x as usize * 4, usize::from(cell.n) * 4);
                let Some(px) = row.get_mut(a..a + n) else {
                    continue;
                };
                match cell.steps {
                    FULL_STEPS => fill_run(px, colour),
                    steps => blend_steps(px, colour, steps),
                }
            }
        }
    }

    /// The memory it takes, for [`COVERS_BUDGET`].
    fn bytes(&self) -> usize {
        self.rows.capacity() * std::mem::size_of::<(u32, u32)>()
            + self.cells.capacity() * std::mem::size_of::<Cell>()
    }
}

/// A quick hash for the pictures' caches, whose keys are small numbers the program makes
/// (characters, glyph numbers, sizes, shapes' hashes) and a board asks for thousands of
/// times: the standard library's SipHash, made to withstand keys chosen to collide, took
/// about 2 % of a game's pictures. A multiply per word, rotated at the end so the bits
/// a table's slot is taken from are well mixed. (A name's characters are a player's to
/// choose, but a name is short and the tables are bounded.)
#[derive(Default, Clone, Copy)]
pub(super) struct Quick(u64);

impl Quick {
    #[inline]
    fn add(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, v: u8) {
        self.add(u64::from(v));
    }
    fn write_u16(&mut self, v: u16) {
        self.add(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.add(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// A map hashed with [`Quick`].
pub(super) type QuickMap<K, V> = HashMap<K, V, BuildHasherDefault<Quick>>;

/// What was made once and kept, within `budget` bytes: past it, it starts again. The
/// pictures' caches (kept shapes here, lines of text and glyphs in `fonts`) share it.
pub(super) struct Budgeted<K, V> {
    map: QuickMap<K, (V, usize)>,
    bytes: usize,
    budget: usize,
}

impl<K: std::hash::Hash + Eq, V> Budgeted<K, V> {
    pub(super) fn new(budget: usize) -> Budgeted<K, V> {
        Budgeted {
            map: QuickMap::default(),
            bytes: 0,
            budget,
        }
    }

    pub(super) fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key).map(|(value, _)| value)
    }

    /// Keep `value` under `key`, taking `bytes`. What was let go to stay within the
    /// budget is handed back, for the caller to drop once its lock is let go, not while
    /// other threads wait for it.
    #[must_use]
    pub(super) fn insert(&mut self, key: K, value: V, bytes: usize) -> QuickMap<K, (V, usize)> {
        let dropped = match self.bytes + bytes > self.budget {
            true => {
                self.bytes = 0;
                std::mem::take(&mut self.map)
            }
            false => QuickMap::default(),
        };
        self.bytes += bytes;
        // Kept already (by another thread, or under the same key): counted once.
        if let Some((_, was)) = self.map.insert(key, (value, bytes)) {
            self.bytes -= was;
        }
        dropped
    }
}

/// Shapes' coverage found while pictures were drawn over a static board, by shape and
/// picture size: a picture's pawns, rings, chips, dice and card come back at the same
/// places turn after turn, and measuring their edges was most of drawing them. A shape's
/// coverage is kept the second time it is drawn (the turn's arrows, new every turn, are
/// painted as they are measured, not kept). Shared by every thread; past
/// [`COVERS_BUDGET`] bytes it starts again.
static COVERS: LazyLock<Mutex<Covers>> = LazyLock::new(|| {
    Mutex::new(Covers {
        kept: Budgeted::new(COVERS_BUDGET),
        seen: HashSet::default(),
    })
});
const COVERS_BUDGET: usize = 2 << 20;
/// Shapes remembered as drawn once, before that memory starts again.
const SEEN_ONCE: usize = 16_384;

struct Covers {
    /// By the key's hash ([`key_hash`]), with the key.
    kept: Budgeted<u64, (Vec<u32>, Arc<Cover>)>,
    /// The hashes of the keys of shapes drawn once.
    seen: HashSet<u64, BuildHasherDefault<Quick>>,
}

/// What is kept of a shape's coverage.
enum Kept {
    Found(Arc<Cover>),
    /// Nothing yet, and it is drawn a second time: keep it ([`keep_cover`]).
    Wanted(Vec<u32>),
}

/// A shape's key's hash: the key's words mixed in turn (keys are a few words of
/// geometry, and a hash table's default hash is many times slower for them).
fn key_hash(key: &[u32]) -> u64 {
    key.iter().fold(0u64, |h, &w| {
        (h.rotate_left(5) ^ u64::from(w)).wrapping_mul(0x517C_C1B7_2722_0A95)
    })
}

/// The kept coverage of the shape `key` names; `None` when it is drawn for the first
/// time (it is remembered as drawn).
fn kept_cover(key: Vec<u32>) -> Option<Kept> {
    let hash = key_hash(&key);
    let mut covers = COVERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((kept, cover)) = covers.kept.get(&hash) {
        if *kept == key {
            #[cfg(test)]
            tests::FOUND.with(|n| n.set(n.get() + 1));
            return Some(Kept::Found(Arc::clone(cover)));
        }
    }
    if covers.seen.contains(&hash) {
        #[cfg(test)]
        tests::WANTED.with(|n| n.set(n.get() + 1));
        return Some(Kept::Wanted(key));
    }
    if covers.seen.len() >= SEEN_ONCE {
        covers.seen.clear();
    }
    covers.seen.insert(hash);
    None
}

/// Keep the coverage `cover` of the shape `key` names.
fn keep_cover(key: Vec<u32>, mut cover: Cover) {
    cover.rows.shrink_to_fit();
    cover.cells.shrink_to_fit();
    let bytes = cover.bytes() + key.len() * 4 + 64;
    let hash = key_hash(&key);
    let dropped = COVERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .kept
        .insert(hash, (key, Arc::new(cover)), bytes);
    drop(dropped);
}

/// The key of a shape of kind `kind` (each shape function its own) whose coverage of
/// `img` depends on `numbers` alone, when its coverage is kept: while boxes drawn on are
/// recorded, that is while a picture is drawn over a static board ([`record_touched`]).
/// `None` otherwise (the static boards, cards drawn alone), whose shapes do not recur.
fn shape_key(kind: u32, img: &RgbaImage, numbers: &[f32]) -> Option<Vec<u32>> {
    let recording = TOUCHED.with(|t| t.borrow().is_some());
    recording.then(|| {
        let mut key = Vec::with_capacity(numbers.len() + 3);
        key.extend([kind, img.width(), img.height()]);
        key.extend(numbers.iter().map(|v| v.to_bits()));
        key
    })
}

/// Find a shape's coverage within the pixels `[x0, y0, x1, y1]` (the ends excluded), as
/// [`fill_rows`] says.
fn cover_rows(
    out: &mut impl Coverage,
    [x0, y0, x1, y1]: [usize; 4],
    sdf: &impl Fn(f32, f32) -> f32,
    span: &impl Fn(f32) -> Option<Span>,
) {
    // The pixel index range whose centres lie in `lo..=hi`, within the box.
    let index = |lo: f32, hi: f32| -> (usize, usize) {
        let a = ceil_within(lo - 0.5, x0, x1);
        let b = (floor_within(hi - 0.5, x0 as isize - 1, x1 as isize - 1) + 1) as usize;
        (a, b.max(a))
    };
    for y in y0..y1 {
        let py = y as f32 + 0.5;
        let Some(span) = span(py) else {
            continue;
        };
        out.row(y);
        let (oa, ob) = index(span.outer.0 - 1.0, span.outer.1 + 1.0);
        let (ia, ib) = index(span.inner.0 + 1.0, span.inner.1 - 1.0);
        let (ia, ib) = (ia.clamp(oa, ob), ib.clamp(oa, ob));
        if ia < ib {
            measure(out, oa, ia, py, sdf);
            out.whole(ia, ib);
            measure(out, ib, ob, py, sdf);
        } else {
            measure(out, oa, ob, py, sdf);
        }
    }
}

/// Stretches of a row this short are measured at every pixel: each distance is then
/// found independently of the others, which the processor overlaps.
const SHORT_EDGE: usize = 8;

/// Find the coverage of pixels `a..b` of a row at height `py` by their distance to the
/// shape.
///
/// Every shape's distance changes by at most one per pixel (each is a true distance, or
/// the largest of several), so one distance tells about the pixels after it: at `d`
/// outside, the next `d − ½` pixels are outside too; at `d` inside, the next `−d − ½` are
/// covered whole. Only the soft edge is measured pixel by pixel, and a stretch of at most
/// [`SHORT_EDGE`] pixels (a shape's edge between its row's bounds) pixel after pixel
/// without the skipping, whose every distance then waits for the one before.
fn measure(out: &mut impl Coverage, a: usize, b: usize, py: f32, sdf: &impl Fn(f32, f32) -> f32) {
    if b - a <= SHORT_EDGE {
        for i in a..b {
            let d = sdf(i as f32 + 0.5, py);
            if d < 0.5 {
                edge(out, i, 0.5 - d);
            }
        }
        return;
    }
    let mut i = a;
    while i < b {
        let d = sdf(i as f32 + 0.5, py);
        if d >= 0.5 {
            i += 1 + ((d - 0.5) as usize).min(b - i - 1);
        } else if d <= -0.5 {
            let end = i + 1 + ((-0.5 - d) as usize).min(b - i - 1);
            out.whole(i, end);
            i = end;
        } else {
            edge(out, i, 0.5 - d);
            i += 1;
        }
    }
}

/// Pixel `x` covered `coverage` (0–1): nothing when that rounds to no eighth.
#[inline(always)]
fn edge(out: &mut impl Coverage, x: usize, coverage: f32) {
    let steps = coverage_steps(coverage);
    if steps > 0 {
        out.edge(x, steps);
    }
}

/// The half-width of the row of a disc of radius `r` at `dy` from its centre (negative:
/// the row misses it).
fn disc_half(r: f32, dy: f32) -> f32 {
    let k = r * r - dy * dy;
    if r <= 0.0 || k < 0.0 {
        -1.0
    } else {
        k.sqrt()
    }
}

/// A filled disc.
pub fn disc(img: &mut RgbaImage, c: Pt, r: f32, colour: Rgba<u8>) {
    if recorded(|| Shape::Disc { c, r, colour }) {
        return;
    }
    let m = Pt::new(r, r);
    let key = shape_key(1, img, &[c.x, c.y, r]);
    fill_rows_keyed(
        img,
        c.minus(m),
        c.plus(m),
        colour,
        key,
        |x, y| Pt::new(x - c.x, y - c.y).len() - r,
        |py| {
            let outer = disc_half(r + 0.5, py - c.y);
            (outer >= 0.0).then(|| Span::around(c.x, outer, disc_half(r - 0.5, py - c.y)))
        },
    );
}

/// A ring centred on radius `r`, `width` wide.
pub fn ring(img: &mut RgbaImage, c: Pt, r: f32, width: f32, colour: Rgba<u8>) {
    if recorded(|| Shape::Ring {
        c,
        r,
        width,
        colour,
    }) {
        return;
    }
    let o = r + width / 2.0;
    let m = Pt::new(o, o);
    let [x0, y0, x1, y1] = pixel_box(img, c.minus(m), c.plus(m));
    // Each half apart (the pixels left of the centre's, then the rest), so that a row
    // of each meets the ring in one interval: between the disc it can touch and the hole
    // it cannot, covered whole between the disc of radius `o − ½` and the hole of
    // radius `r − width/2 + ½`. Where a row misses the hole the interval reaches the centre.
    let split = c.x.round().clamp(x0 as f32, x1 as f32) as usize;
    let (hole, full) = (r - width / 2.0 - 0.5, r - width / 2.0 + 0.5);
    let sdf = ring_sdf(c, r, width);
    for (side, xs) in [(-1.0f32, (x0, split)), (1.0, (split, x1))] {
        let key = shape_key(2, img, &[c.x, c.y, r, width, side]);
        fill_shape(img, [xs.0, y0, xs.1, y1], colour, key, sdf, |py| {
            let dy = py - c.y;
            let outer = disc_half(o + 0.5, dy);
            if outer < 0.0 {
                return None;
            }
            // From the centre outwards: where the ring starts, and where it ends.
            let near = |half: f32| if half >= 0.0 { half } else { f32::NEG_INFINITY };
            let ordered = |from: f32, to: f32| {
                let (p, q) = (c.x + side * from, c.x + side * to);
                (p.min(q), p.max(q))
            };
            let inner_far = disc_half(o - 0.5, dy);
            Some(Span {
                outer: ordered(near(disc_half(hole, dy)), outer),
                inner: if inner_far >= 0.0 && full <= o - 0.5 {
                    ordered(near(disc_half(full, dy)), inner_far)
                } else {
                    (0.0, -1.0)
                },
            })
        });
    }
}

/// A straight line `width` wide with round ends.
pub fn line(img: &mut RgbaImage, a: Pt, b: Pt, width: f32, colour: Rgba<u8>) {
    if recorded(|| Shape::Line {
        a,
        b,
        width,
        colour,
    }) {
        return;
    }
    let hw = width / 2.0;
    let min = Pt::new(a.x.min(b.x) - hw, a.y.min(b.y) - hw);
    let max = Pt::new(a.x.max(b.x) + hw, a.y.max(b.y) + hw);
    // A row meets the line where it meets the capsule of radius `hw + ½` (it can be
    // touched) and is covered whole where it meets the one of radius `hw − ½`.
    let along = b.minus(a);
    let (u, len) = (along.unit(), along.len());
    let key = shape_key(3, img, &[a.x, a.y, b.x, b.y, width]);
    fill_rows_keyed(img, min, max, colour, key, line_sdf(a, b, hw), |py| {
        let outer = capsule_row(a, b, u, len, hw + 0.5, py)?;
        let inner = capsule_row(a, b, u, len, hw - 0.5, py).unwrap_or((0.0, -1.0));
        Some(Span { outer, inner })
    });
}

/// The signed distance to the line `a`–`b` of half-width `hw` with round ends.
fn line_sdf(a: Pt, b: Pt, hw: f32) -> impl Fn(f32, f32) -> f32 {
    let ab = b.minus(a);
    // Along the segment by a product, not a quotient: the distance is found at every
    // pixel of an edge. A segment too short to divide by is its end's disc.
    let to_t = if ab.dot(ab) > 1e-12 {
        1.0 / ab.dot(ab)
    } else {
        0.0
    };
    move |x, y| {
        let p = Pt::new(x, y);
        let t = (p.minus(a).dot(ab) * to_t).clamp(0.0, 1.0);
        p.minus(a.plus(ab.times(t))).len() - hw
    }
}

/// The signed distance to the ring centred on radius `r` round `c`, `width` wide.
fn ring_sdf(c: Pt, r: f32, width: f32) -> impl Fn(f32, f32) -> f32 + Copy {
    move |x, y| (Pt::new(x - c.x, y - c.y).len() - r).abs() - width / 2.0
}

/// Where the row at height `py` meets the points within `radius` of the segment `a`–`b`
/// (`u` its direction, `len` its length): the two end discs and the band between them,
/// whose union is convex, so one interval; `None` when it misses.
fn capsule_row(a: Pt, b: Pt, u: Pt, len: f32, radius: f32, py: f32) -> Option<(f32, f32)> {
    if radius <= 0.0 {
        return None;
    }
    let mut out: Option<(f32, f32)> = None;
    let mut join = |lo: f32, hi: f32| {
        if lo <= hi {
            out = Some(out.map_or((lo, hi), |(l, h)| (l.min(lo), h.max(hi))));
        }
    };
    for c in [a, b] {
        let half = disc_half(radius, py - c.y);
        if half >= 0.0 {
            join(c.x - half, c.x + half);
        }
    }
    if len > 0.0 {
        let v = u.perp();
        let planes = [
            (v, radius, a),
            (v.times(-1.0), radius, a),
            (u, len, a),
            (u.times(-1.0), 0.0, a),
        ];
        if let Some((lo, hi)) = row_within(&planes, py) {
            join(lo, hi);
        }
    }
    out
}

/// The centres `x` of the row at height `py` where `(p − at)·n < limit` for every
/// `(n, limit, at)` of `planes`; `None` when there are none.
fn row_within(planes: &[(Pt, f32, Pt)], py: f32) -> Option<(f32, f32)> {
    let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
    for &(n, limit, at) in planes {
        // n.x · (x − at.x) < limit − n.y · (py − at.y)
        let rest = limit - n.y * (py - at.y);
        if n.x.abs() < 1e-6 {
            if rest <= 0.0 {
                return None;
            }
        } else if n.x > 0.0 {
            hi = hi.min(at.x + rest / n.x);
        } else {
            lo = lo.max(at.x + rest / n.x);
        }
    }
    (lo <= hi).then_some((lo, hi))
}

/// Points along the quadratic Bézier curve `a` → `b` with control point `c`.
pub fn bezier(a: Pt, c: Pt, b: Pt, n: usize) -> Vec<Pt> {
    let n = n.max(1);
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            a.times(u * u)
                .plus(c.times(2.0 * u * t))
                .plus(b.times(t * t))
        })
        .collect()
}

/// A filled convex polygon (points in either winding order).
pub fn convex_polygon(img: &mut RgbaImage, pts: &[Pt], colour: Rgba<u8>) {
    if recorded(|| Shape::Polygon {
        points: pts.to_vec(),
        colour,
    }) {
        return;
    }
    let Some((min, max)) = bounds(pts.iter().copied()) else {
        return;
    };
    // Orient the edge normals outwards whatever the winding.
    let area: f32 = (0..pts.len())
        .map(|i| {
            let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
            p.x * q.y - q.x * p.y
        })
        .sum();
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let edges: Vec<(Pt, Pt)> = (0..pts.len())
        .map(|i| {
            let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
            let n = q.minus(p).perp().unit().times(sign);
            (p, n)
        })
        .collect();
    // Each edge's plane, as seen from its own point: inside by ½ and outside by ½.
    let outer: Vec<(Pt, f32, Pt)> = edges.iter().map(|&(e, n)| (n, 0.5, e)).collect();
    let inner: Vec<(Pt, f32, Pt)> = edges.iter().map(|&(e, n)| (n, -0.5, e)).collect();
    let numbers: Vec<f32> = pts.iter().flat_map(|p| [p.x, p.y]).collect();
    let key = shape_key(4, img, &numbers);
    fill_rows_keyed(
        img,
        min,
        max,
        colour,
        key,
        |x, y| {
            let p = Pt::new(x, y);
            edges
                .iter()
                .map(|&(e, n)| p.minus(e).dot(n))
                .fold(f32::NEG_INFINITY, f32::max)
        },
        |py| {
            let outer = row_within(&outer, py)?;
            Some(Span {
                outer,
                inner: row_within(&inner, py).unwrap_or((0.0, -1.0)),
            })
        },
    );
}

/// The signed distance to a rectangle with rounded corners of radius `r`.
pub fn rounded_rect_sdf(min: Pt, max: Pt, r: f32) -> impl Fn(f32, f32) -> f32 {
    let c = min.plus(max).times(0.5);
    let half = max.minus(min).times(0.5);
    let r = r.min(half.x).min(half.y).max(0.0);
    move |x, y| {
        let qx = (x - c.x).abs() - half.x + r;
        let qy = (y - c.y).abs() - half.y + r;
        let outside = Pt::new(qx.max(0.0), qy.max(0.0)).len();
        outside + qx.max(qy).min(0.0) - r
    }
}

/// A rectangle with rounded corners of radius `r`.
pub fn rounded_rect(img: &mut RgbaImage, min: Pt, max: Pt, r: f32, colour: Rgba<u8>) {
    if recorded(|| Shape::RoundedRect {
        min,
        max,
        r,
        colour,
    }) {
        return;
    }
    let c = min.plus(max).times(0.5);
    let half = max.minus(min).times(0.5);
    let r_in = r.min(half.x).min(half.y).max(0.0);
    // The half-width of the row where the distance is below `t`, at `qy` (as in the
    // distance) from the straight part: negative when the row misses.
    let half_width = |qy: f32, t: f32| -> f32 {
        let s = t + r_in;
        if qy >= s {
            -1.0
        } else if qy <= 0.0 {
            half.x - r_in + s
        } else {
            half.x - r_in + (s * s - qy * qy).sqrt()
        }
    };
    let key = shape_key(5, img, &[min.x, min.y, max.x, max.y, r]);
    let sdf = rounded_rect_sdf(min, max, r);
    fill_rows_keyed(img, min, max, colour, key, sdf, |py| {
        let qy = (py - c.y).abs() - half.y + r_in;
        let outer = half_width(qy, 0.5);
        (outer >= 0.0).then(|| Span::around(c.x, outer, half_width(qy, -0.5)))
    });
}

/// A hard-edged rectangle fill (pixel-aligned), for backgrounds.
pub fn fill_rect(img: &mut RgbaImage, x: u32, y: u32, w: u32, h: u32, colour: Rgba<u8>) {
    let (min, max) = (
        Pt::new(x as f32, y as f32),
        Pt::new((x + w) as f32, (y + h) as f32),
    );
    if recorded(|| Shape::RoundedRect {
        min,
        max,
        r: 0.0,
        colour,
    }) {
        return;
    }
    let x1 = (x + w).min(img.width());
    let y1 = (y + h).min(img.height());
    touch(x.min(x1), y.min(y1), x1, y1);
    for yy in y.min(y1)..y1 {
        for xx in x.min(x1)..x1 {
            img.put_pixel(xx, yy, colour);
        }
    }
}

/// Paint `src` over `dst` with its top-left corner at (x, y), by `src`'s alpha.
pub fn overlay(dst: &mut RgbaImage, src: &RgbaImage, x: i64, y: i64) {
    let (dw, dh) = (i64::from(dst.width()), i64::from(dst.height()));
    let clip = |v: i64, most: i64| v.clamp(0, most) as u32;
    touch(
        clip(x, dw),
        clip(y, dh),
        clip(x + i64::from(src.width()), dw),
        clip(y + i64::from(src.height()), dh),
    );
    let stride = dst.width() as usize * 4;
    let buf: &mut [u8] = dst.as_mut();
    for (sy, row) in src.rows().enumerate() {
        let dy = y + sy as i64;
        if dy < 0 || dy >= dh {
            continue;
        }
        for (sx, p) in row.enumerate() {
            let dx = x + sx as i64;
            if dx < 0 || dx >= dw || p.0[3] == 0 {
                continue;
            }
            let i = dy as usize * stride + dx as usize * 4;
            blend_px(&mut buf[i..i + 4], *p, 1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A picture with something under every pixel, so that a pixel blended twice or
    /// not at all shows.
    fn background() -> RgbaImage {
        RgbaImage::from_fn(96, 96, |x, y| {
            Rgba([
                (x * 7 % 251) as u8,
                (y * 5 % 241) as u8,
                ((x + y) % 199) as u8,
                255,
            ])
        })
    }

    fn colour(rng: &mut ChaCha8Rng) -> Rgba<u8> {
        let alpha = if rng.gen_bool(0.5) {
            255
        } else {
            rng.gen_range(1..255)
        };
        Rgba([rng.gen(), rng.gen(), rng.gen(), alpha])
    }

    /// Rounding by a cast, within bounds, is `f32::ceil` and `f32::floor` then clamped.
    #[test]
    fn rounding_within_bounds_is_ceil_and_floor() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for i in 0..20_000 {
            let v = match i % 4 {
                0 => rng.gen_range(-40.0f32..140.0),
                1 => rng.gen_range(-40i32..140) as f32 + 0.5,
                2 => rng.gen_range(-40i32..140) as f32,
                _ => [f32::INFINITY, f32::NEG_INFINITY, -0.0, 1e30, -1e30][i / 4 % 5],
            };
            let (lo, hi) = (rng.gen_range(0..60usize), rng.gen_range(60..120usize));
            let ceil = v.ceil().clamp(lo as f32, hi as f32) as usize;
            assert_eq!(ceil_within(v, lo, hi), ceil, "ceil {v} in {lo}..={hi}");
            let (lo, hi) = (lo as isize - 1, hi as isize - 1);
            let floor = v.floor().clamp(lo as f32, hi as f32) as isize;
            assert_eq!(floor_within(v, lo, hi), floor, "floor {v} in {lo}..={hi}");
        }
    }

    /// A translucent colour filled over a run is what blending each pixel gives.
    #[test]
    fn a_translucent_run_is_each_pixel_blended() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..2000 {
            let c = colour(&mut rng);
            let mut run: Vec<u8> = (0..64).map(|_| rng.gen()).collect();
            // Most pixels opaque, as a picture's are; some not.
            for px in run.chunks_exact_mut(4) {
                if rng.gen_bool(0.8) {
                    px[3] = 255;
                }
            }
            let mut each = run.clone();
            fill_run(&mut run, c);
            for px in each.chunks_exact_mut(4) {
                blend_px(px, c, 1.0);
            }
            assert_eq!(run, each, "{c:?}");
        }
    }

    /// The rows' bounds of a line and of a ring, each half of the ring apart, give exactly
    /// the pixels of measuring every pixel of the box by the shape's distance.
    #[test]
    fn lines_and_rings_paint_what_their_distance_says() {
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        for case in 0..3000 {
            let c = colour(&mut rng);
            let at = |rng: &mut ChaCha8Rng| {
                Pt::new(rng.gen_range(-8.0..104.0), rng.gen_range(-8.0..104.0))
            };
            let (mut fast, mut every) = (background(), background());
            if case % 2 == 0 {
                let a = at(&mut rng);
                // Some ends the same, or all but the same.
                let b = match case % 10 {
                    0 => a,
                    2 => a.plus(Pt::new(1e-4, -2e-4)),
                    _ => at(&mut rng),
                };
                let width = rng.gen_range(0.2..24.0);
                line(&mut fast, a, b, width, c);
                let hw = width / 2.0;
                let (min, max) = (
                    Pt::new(a.x.min(b.x) - hw, a.y.min(b.y) - hw),
                    Pt::new(a.x.max(b.x) + hw, a.y.max(b.y) + hw),
                );
                fill_sdf(&mut every, min, max, c, line_sdf(a, b, hw));
                assert!(fast == every, "line {a:?} {b:?} width {width} {c:?}");
            } else {
                let centre = at(&mut rng);
                let r = rng.gen_range(0.0..50.0);
                let width = rng.gen_range(0.2..20.0);
                ring(&mut fast, centre, r, width, c);
                let o = Pt::new(r + width / 2.0, r + width / 2.0);
                fill_sdf(
                    &mut every,
                    centre.minus(o),
                    centre.plus(o),
                    c,
                    ring_sdf(centre, r, width),
                );
                assert!(fast == every, "ring {centre:?} r {r} width {width} {c:?}");
            }
        }
    }

    thread_local! {
        /// How many shapes this thread found kept, and how many it kept.
        pub(super) static FOUND: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        pub(super) static WANTED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// A shape painted from its kept coverage (measured as it is painted the first time
    /// a picture draws it, found and kept the second, from the cache after, in any
    /// colour) is the same pixels as the shape measured as it is painted; and a shape
    /// that differs in one number, or the same shape on a picture of another size, is
    /// not painted from another's coverage.
    #[test]
    fn shapes_painted_from_kept_coverage_are_measured_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let (found, wanted) = (FOUND.with(|n| n.get()), WANTED.with(|n| n.get()));
        let mut draws = 0;
        for case in 0..1500 {
            // Whole and half pixels, as the board's spaces and pawns stand, and any.
            let v = |rng: &mut ChaCha8Rng, lo: f32, hi: f32| match case % 3 {
                0 => rng.gen_range(lo..hi).round(),
                1 => rng.gen_range(lo..hi).round() + 0.5,
                _ => rng.gen_range(lo..hi),
            };
            let mut numbers = [0.0f32; 8];
            for (i, n) in numbers.iter_mut().enumerate() {
                *n = match i {
                    0..=5 => v(&mut rng, -8.0, 104.0),
                    6 => v(&mut rng, 0.0, 40.0),
                    _ => v(&mut rng, 0.2, 16.0),
                };
            }
            let kind = case % 5;
            let draw = |img: &mut RgbaImage, c: Rgba<u8>, n: &[f32; 8]| {
                let (a, b, p) = (
                    Pt::new(n[0], n[1]),
                    Pt::new(n[2], n[3]),
                    Pt::new(n[4], n[5]),
                );
                let (r, width) = (n[6], n[7]);
                match kind {
                    0 => disc(img, a, r, c),
                    1 => ring(img, a, r, width, c),
                    2 => line(img, a, b, width, c),
                    3 => convex_polygon(img, &[a, b, p], c),
                    _ => rounded_rect(img, a, a.plus(Pt::new(r + 1.0, width + 1.0)), width, c),
                }
            };
            // The shape, then the same with one of its numbers moved a little, then the
            // first again on a picture one pixel wider.
            let mut moved = numbers;
            let i = rng.gen_range(0..8);
            moved[i] += [1.0, 0.5, 0.25][case % 3];
            for (shape, wider) in [(numbers, false), (moved, false), (numbers, true)] {
                // Three times: painted as measured, the coverage found and kept, then
                // painted from what was kept.
                for _ in 0..3 {
                    let c = colour(&mut rng);
                    let mut under = background();
                    if wider {
                        under = RgbaImage::from_fn(97, 96, |x, y| *under.get_pixel(x % 96, y));
                    }
                    // Translucent pixels too, on some pictures.
                    if case % 4 == 0 {
                        for px in under.pixels_mut() {
                            px.0[3] = px.0[0];
                        }
                    }
                    let mut measured = under.clone();
                    draw(&mut measured, c, &shape);
                    record_touched(true);
                    draw(&mut under, c, &shape);
                    record_touched(false);
                    draws += 1;
                    assert!(
                        under == measured,
                        "case {case}: kind {kind} {shape:?} wider {wider} {c:?}"
                    );
                }
            }
        }
        // Every path was taken, many times (a shape off the picture takes none).
        let found = FOUND.with(|n| n.get()) - found;
        let wanted = WANTED.with(|n| n.get()) - wanted;
        assert!(
            found > draws / 6 && wanted > draws / 6,
            "{found} {wanted} of {draws}"
        );
    }
}
