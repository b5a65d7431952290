//! The board picture as an indexed (palette) PNG, made quickly from what the look has in
//! common with every picture.
//!
//! A board uses a few dozen colours and their anti-aliased edges: an indexed PNG stores
//! one byte a pixel instead of three, and up to 255 colours chosen for the look hold the
//! picture with no visible loss. For each look (size, theme, language) this module keeps,
//! made once: the colours (chosen from the static board and a sample picture drawn in the
//! look), the static board's indexed bytes, and a deflate parse of them (`deflate.rs`):
//! a quick one (zlib's strongest level's kind, a twentieth of a second) when the look is
//! first asked for, then, when [`Indexed::refine`] is called (the bot does it on a spare
//! thread), a near-optimal one (half a second), which makes every picture after some 4 %
//! smaller. A picture is then indexed by copying the static board's bytes wherever its
//! pixels did not change (comparing 32 pixels at a time) and looking up the rest; and
//! deflated by keeping the static parse wherever it still holds.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use image::RgbaImage;

use super::deflate::{self, Changed, Coder, StaticParse, Token};

/// The most colours a look's palette holds: a PNG palette's 256, less one the replay's GIF
/// keeps for "unchanged since the frame before" (transparent).
pub const MAX_COLOURS: usize = 255;

/// The colours the palette of a look of [`FEWER_COLOURS_FROM`] pixels or more is given,
/// fewer than [`MAX_COLOURS`]: those left out are rare blends at shapes' edges, shown by
/// their nearest entry (a few dozen pixels 25–74 off in one channel, which no one can see
/// at 1024 or at 400 px), and a picture whose edges repeat the same few bytes is smaller.
/// Measured on the demo: 255 colours 101.2 KB, 176 99.8, 160 99.3, 128 97.7 (175 pixels
/// over 24 off in the light theme).
pub const LOOK_COLOURS: usize = 160;

/// Pictures this wide or more are given [`LOOK_COLOURS`]; smaller ones, whose edges are
/// a larger share of their pixels (the replay's frames, a board drawn smaller with
/// `primeclimb render --size`), keep [`MAX_COLOURS`].
pub const FEWER_COLOURS_FROM: u32 = 1024;

/// Hash chain length of the static board's parse (zlib's strongest level uses 4096).
const STATIC_CHAIN: usize = 1024;

/// Colours looked up in a table of 64 levels a channel.
const LEVEL_BITS: u32 = 6;
const UNKNOWN: u16 = u16::MAX;

/// A look's palette and its static board, indexed and parsed.
pub struct Indexed {
    base: Arc<RgbaImage>,
    colours: Vec<[u8; 3]>,
    /// The same as a PNG palette: red, green, blue, entry after entry.
    palette: Vec<u8>,
    /// Every colour seen while choosing the palette, with its palette entry.
    known: ColourMap,
    /// Other colours by their top bits: the nearest entry, found when first needed.
    nearest: Box<[AtomicU16]>,
    /// The static board as PNG scanlines: a filter byte (0) and an index a pixel.
    raw: Vec<u8>,
    /// The Adler-32 checksum of `raw`, from which a picture's is found by what changed.
    raw_adler: Adler,
    /// The static board's parse and the codes: the quick ones first, the thorough ones
    /// once [`Indexed::refine`] has made them.
    parse: RwLock<Arc<Parse>>,
    /// The sample pictures' scanlines, which the thorough parse's codes are fitted to;
    /// taken (and the lock held) while it is made, none after.
    samples: Mutex<Option<Vec<Vec<u8>>>>,
}

/// A parse of a look's static board and the codes fitted to it.
struct Parse {
    tokens: StaticParse,
    coder: Coder,
}

impl Parse {
    /// The codes for the static board `raw` parsed as `tokens`, fitted to it and to the
    /// sample pictures `samples` as they will be parsed against it (`stride` bytes a row).
    fn new(raw: &[u8], tokens: Vec<Token>, samples: &[Vec<u8>], stride: usize) -> Parse {
        let tokens = StaticParse::new(tokens, raw.len());
        let parsed: Vec<(&[u8], Vec<Token>)> = samples
            .iter()
            .map(|now| {
                let changed = Changed::between(raw, now);
                let steps = deflate::reparse(now, &changed, &tokens, stride);
                (now.as_slice(), deflate::tokens_of(&steps, tokens.tokens()))
            })
            .collect();
        let samples: Vec<(&[u8], &[Token])> =
            parsed.iter().map(|(d, t)| (*d, t.as_slice())).collect();
        let coder = Coder::new(raw, tokens.tokens(), &samples);
        Parse { tokens, coder }
    }
}

/// A pixel's colour as `0xRRGGBB`, from its RGBA bytes.
fn rgb_of(px: &[u8]) -> u32 {
    rgb_of_word(u32::from_le_bytes([px[0], px[1], px[2], px[3]]))
}

/// The same from the pixel read as one little-endian word (red in the low byte).
fn rgb_of_word(p: u32) -> u32 {
    (p & 0xFF) << 16 | (p & 0xFF00) | (p >> 16 & 0xFF)
}

fn channels(c: u32) -> [i32; 3] {
    [
        (c >> 16 & 255) as i32,
        (c >> 8 & 255) as i32,
        (c & 255) as i32,
    ]
}

/// How far apart two colours look: squared differences, green weighted most.
fn distance(a: [i32; 3], b: [i32; 3]) -> u32 {
    let (dr, dg, db) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    (2 * dr * dr + 4 * dg * dg + 3 * db * db) as u32
}

fn nearest_entry(colours: &[[u8; 3]], c: [i32; 3]) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (i, p) in colours.iter().enumerate() {
        let d = distance(c, p.map(i32::from));
        if d < best.0 {
            best = (d, i as u8);
        }
    }
    best.1
}

/// Choose up to `most` colours for pixels counted in `counts`: the commonest
/// first, then again and again the colour that the palette so far shows worst (its
/// distance to its nearest entry times how many pixels have it).
fn choose(counts: &HashMap<u32, u32>, most: usize) -> Vec<[u8; 3]> {
    let mut all: Vec<(u32, u32)> = counts.iter().map(|(&c, &n)| (c, n)).collect();
    all.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut error: Vec<u32> = vec![u32::MAX; all.len()];
    let mut chosen: Vec<[u8; 3]> = Vec::new();
    while chosen.len() < most.min(MAX_COLOURS) {
        let pick = (0..all.len()).filter(|&i| error[i] > 0).max_by_key(|&i| {
            (
                u64::from(error[i].min(1 << 20)) * u64::from(all[i].1),
                usize::MAX - i,
            )
        });
        let Some(i) = pick else { break };
        let c = channels(all[i].0);
        chosen.push(c.map(|v| v as u8));
        for (j, e) in error.iter_mut().enumerate() {
            *e = (*e).min(distance(channels(all[j].0), c));
        }
    }
    chosen
}

/// Which of the (up to 32) pixels of `now` differ from `base`'s, one bit each, the first
/// pixel lowest: four pixels compared at once, with no branch.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn differing(now: &[u8], base: &[u8]) -> u64 {
    use std::arch::x86_64::{_mm_castsi128_ps, _mm_cmpeq_epi32, _mm_movemask_ps, _mm_set_epi64x};
    let word = |b: &[u8]| i64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    let mut same = 0u64;
    let quads = now.chunks_exact(16).zip(base.chunks_exact(16));
    for (j, (p, q)) in quads.enumerate() {
        // SSE2, which every x86-64 processor has.
        let p = _mm_set_epi64x(word(&p[8..]), word(&p[..8]));
        let q = _mm_set_epi64x(word(&q[8..]), word(&q[..8]));
        let eq = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(p, q)));
        same |= (eq as u64) << (4 * j);
    }
    let whole = now.len() / 16 * 4;
    let rest = now.chunks_exact(4).zip(base.chunks_exact(4)).skip(whole);
    for (j, (p, q)) in rest.enumerate() {
        same |= u64::from(p == q) << (whole + j);
    }
    let pixels = now.len() / 4;
    !same & (u64::MAX >> (64 - pixels.max(1)))
}

/// What the indices `now` changed by from `was` (of one length, at most 64): their sum,
/// their sum weighted by place (the first's weight 0), and which changed, a bit each.
fn change_of(now: &[u8], was: &[u8]) -> (i64, i64, u64) {
    #[cfg(target_arch = "x86_64")]
    if let (Ok(now), Ok(was)) = (now.try_into(), was.try_into()) {
        // SAFETY: SSE2 is part of x86-64 itself: every processor that runs this code has it.
        return unsafe { change_of_32(now, was) };
    }
    change_of_each(now, was)
}

/// [`change_of`] an index at a time.
fn change_of_each(now: &[u8], was: &[u8]) -> (i64, i64, u64) {
    let (mut by, mut by_place, mut moved) = (0i64, 0i64, 0u64);
    for (j, (&i, &w)) in now.iter().zip(was).enumerate() {
        let d = i64::from(i) - i64::from(w);
        by += d;
        by_place += d * j as i64;
        moved |= u64::from(i != w) << j;
    }
    (by, by_place, moved)
}

/// [`change_of`] for 32 indices, sixteen at a time: the differences widened to 16 bits
/// and multiplied by their places (and by one) in pairs, with no branch.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn change_of_32(now: &[u8; 32], was: &[u8; 32]) -> (i64, i64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_madd_epi16,
        _mm_movemask_epi8, _mm_set1_epi16, _mm_set_epi16, _mm_set_epi64x, _mm_setzero_si128,
        _mm_shuffle_epi32, _mm_sub_epi16, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };
    let word = |b: &[u8]| i64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    let load = |b: &[u8]| _mm_set_epi64x(word(&b[8..16]), word(&b[..8]));
    // The four lanes' sum.
    let total = |v: __m128i| {
        let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b01_00_11_10>(v));
        let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b10_11_00_01>(v));
        i64::from(_mm_cvtsi128_si32(v))
    };
    let zero = _mm_setzero_si128();
    let one = _mm_set1_epi16(1);
    let (mut sum, mut weighted, mut same) = (zero, zero, 0u64);
    for half in 0..2 {
        let (a, b) = (load(&now[16 * half..]), load(&was[16 * half..]));
        same |= u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) as u16) << (16 * half);
        let first = 16 * half as i16;
        let places = [
            (
                _mm_unpacklo_epi8(a, zero),
                _mm_unpacklo_epi8(b, zero),
                first,
            ),
            (
                _mm_unpackhi_epi8(a, zero),
                _mm_unpackhi_epi8(b, zero),
                first + 8,
            ),
        ];
        for (a, b, p) in places {
            let d = _mm_sub_epi16(a, b);
            let place = _mm_set_epi16(p + 7, p + 6, p + 5, p + 4, p + 3, p + 2, p + 1, p);
            sum = _mm_add_epi32(sum, _mm_madd_epi16(d, one));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(d, place));
        }
    }
    (total(sum), total(weighted), !same & 0xFFFF_FFFF)
}

/// Which of the (up to 32) pixels of `now` differ from `base`'s: [`differing`].
#[cfg(target_arch = "x86_64")]
fn changed_pixels(now: &[u8], base: &[u8]) -> u64 {
    // SAFETY: SSE2 is part of x86-64 itself: every processor that runs this code has it.
    unsafe { differing(now, base) }
}

/// Which of the (up to 32) pixels of `now` differ from `base`'s, without SSE2: two
/// pixels compared a word.
#[cfg(not(target_arch = "x86_64"))]
fn changed_pixels(now: &[u8], base: &[u8]) -> u64 {
    let mut differ = 0u64;
    let pairs = now.chunks_exact(8).zip(base.chunks_exact(8));
    for (j, (p, q)) in pairs.enumerate() {
        let p = u64::from_le_bytes(p.try_into().unwrap_or([0; 8]));
        let q = u64::from_le_bytes(q.try_into().unwrap_or([0; 8]));
        let x = p ^ q;
        differ |= (u64::from(x as u32 != 0) | u64::from(x >> 32 != 0) << 1) << (2 * j);
    }
    if now.len() % 8 == 4 {
        let e = now.len() - 4;
        differ |= u64::from(now[e..] != base[e..]) << (e / 4);
    }
    differ
}

/// Ask for the cache line at `p` to be fetched (nothing on other processors; never a
/// fault, wherever `p` points).
#[inline]
fn prefetch(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the address; SSE is
    // part of x86-64 itself.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

impl Indexed {
    /// The look whose static board is `base`; `samples` are pictures drawn in the look,
    /// for the colours of pawns, paths and the panel.
    pub fn new(base: Arc<RgbaImage>, samples: &[&RgbaImage]) -> Indexed {
        let mut counts: HashMap<u32, u32> = HashMap::new();
        for img in std::iter::once(base.as_ref()).chain(samples.iter().copied()) {
            let mut last = (u32::MAX, 0u32);
            for px in img.as_raw().chunks_exact(4) {
                let c = rgb_of(px);
                if c == last.0 {
                    last.1 += 1;
                    continue;
                }
                if last.1 > 0 {
                    *counts.entry(last.0).or_default() += last.1;
                }
                last = (c, 1);
            }
            if last.1 > 0 {
                *counts.entry(last.0).or_default() += last.1;
            }
        }
        let most = match base.width() >= FEWER_COLOURS_FROM {
            true => LOOK_COLOURS,
            false => MAX_COLOURS,
        };
        let colours = choose(&counts, most);
        let mut known = ColourMap::with_capacity(counts.len());
        for &c in counts.keys() {
            known.insert(c, nearest_entry(&colours, channels(c)));
        }
        let nearest = (0..1usize << (3 * LEVEL_BITS))
            .map(|_| AtomicU16::new(UNKNOWN))
            .collect();
        let mut indexed = Indexed {
            palette: colours.iter().flatten().copied().collect(),
            raw: Vec::new(),
            raw_adler: Adler::of(&[]),
            parse: RwLock::new(Arc::new(Parse {
                tokens: StaticParse::new(Vec::new(), 0),
                coder: Coder::new(&[], &[], &[]),
            })),
            samples: Mutex::new(None),
            base,
            colours,
            known,
            nearest,
        };
        let (w, h) = (
            indexed.base.width() as usize,
            indexed.base.height() as usize,
        );
        let mut raw = vec![0u8; (w + 1) * h];
        let mut last = (u32::MAX, 0u8);
        for (row, line) in raw
            .chunks_exact_mut(w + 1)
            .zip(indexed.base.as_raw().chunks_exact(w * 4))
        {
            for (out, px) in row[1..].iter_mut().zip(line.chunks_exact(4)) {
                *out = indexed.index_of(rgb_of(px), &mut last);
            }
        }
        // The codes are fitted to the static board and to the sample pictures as they will
        // be parsed.
        indexed.raw_adler = Adler::of(&raw);
        indexed.raw = raw;
        let samples: Vec<Vec<u8>> = samples.iter().map(|img| indexed.scanlines(img)).collect();
        let tokens = deflate::parse(&indexed.raw, STATIC_CHAIN);
        let parse = Parse::new(&indexed.raw, tokens, &samples, w + 1);
        indexed.parse = RwLock::new(Arc::new(parse));
        indexed.samples = Mutex::new(Some(samples));
        indexed
    }

    /// Parse the static board thoroughly (`deflate::parse_optimal`: about half a second
    /// of one core, once per look), so every picture after is some 4 % smaller; pictures
    /// made meanwhile use the quick parse. `false` if it was made already; a second
    /// caller while it is made waits for it.
    pub fn refine(&self) -> bool {
        let mut samples = self.samples.lock().unwrap_or_else(|e| e.into_inner());
        let Some(kept) = samples.as_ref() else {
            return false;
        };
        let stride = self.base.width() as usize + 1;
        let tokens = deflate::parse_optimal(&self.raw, STATIC_CHAIN, deflate::MAX_MATCH);
        let parse = Arc::new(Parse::new(&self.raw, tokens, kept, stride));
        *self.parse.write().unwrap_or_else(|e| e.into_inner()) = parse;
        *samples = None;
        true
    }

    /// Whether the thorough parse is made ([`Indexed::refine`]).
    pub fn is_refined(&self) -> bool {
        self.samples
            .try_lock()
            .is_ok_and(|samples| samples.is_none())
    }

    /// The palette as a PNG or GIF stores it: red, green, blue, entry after entry.
    pub fn palette(&self) -> &[u8] {
        &self.palette
    }

    /// The static board this look's pictures are drawn over.
    pub fn base(&self) -> &RgbaImage {
        &self.base
    }

    fn index_of(&self, c: u32, last: &mut (u32, u8)) -> u8 {
        if c == last.0 {
            return last.1;
        }
        let i = self.entry(c);
        *last = (c, i);
        i
    }

    /// The palette entry of colour `c`: its own if the look has seen it, else the
    /// nearest one to its cell ([`Indexed::lookup`]).
    fn entry(&self, c: u32) -> u8 {
        match self.known.get(c) {
            Some(i) => i,
            None => self.lookup(c),
        }
    }

    /// The palette entry of the pixel `p` (its RGBA bytes read as one little-endian
    /// word), through `last` (the last pixel's) and `seen` (the colours a picture met so
    /// far, see [`Seen`]), both keyed by the pixel's bytes as they are in the picture, so
    /// a pixel met before is not turned into `0xRRGGBB`.
    fn index_seen(&self, p: u32, last: &mut (u32, u8), seen: &mut Seen) -> u8 {
        let c = p & 0x00FF_FFFF;
        if c == last.0 {
            return last.1;
        }
        let slot = &mut seen.0[(c.wrapping_mul(0x9E37_79B1) >> (32 - Seen::BITS)) as usize];
        let i = match *slot ^ c << 8 {
            hit if hit < 0xFF => hit as u8,
            _ => {
                let i = self.entry(rgb_of_word(c));
                *slot = c << 8 | u32::from(i);
                i
            }
        };
        *last = (c, i);
        i
    }

    fn lookup(&self, c: u32) -> u8 {
        let shift = 8 - LEVEL_BITS;
        let [r, g, b] = channels(c).map(|v| (v as u32) >> shift);
        let key = ((r << LEVEL_BITS | g) << LEVEL_BITS | b) as usize;
        let Some(slot) = self.nearest.get(key) else {
            return 0;
        };
        let v = slot.load(Ordering::Relaxed);
        if v != UNKNOWN {
            return v as u8;
        }
        // The middle of the cell, so the answer is the same whichever colour asks first.
        let half = 1i32 << (shift - 1);
        let centre = [r, g, b].map(|v| ((v << shift) as i32) + half);
        let i = nearest_entry(&self.colours, centre);
        slot.store(u16::from(i), Ordering::Relaxed);
        i
    }

    /// `img`, a picture drawn over this look's static board, as PNG scanlines.
    pub fn scanlines(&self, img: &RgbaImage) -> Vec<u8> {
        let (w, h) = (self.base.width(), self.base.height());
        self.scanlines_within(&mut img.clone(), &[[0, 0, w, h]])
    }

    /// The same, when `img` differs from the static board only within the boxes
    /// `touched` (`[x0, y0, x1, y1]`, ends excluded): other rows are copied whole. `img`
    /// is put back to the static board as it is read (see [`Indexed::png_reusing`]).
    pub fn scanlines_within(&self, img: &mut RgbaImage, touched: &[[u32; 4]]) -> Vec<u8> {
        let (w, h) = (self.base.width() as usize, self.base.height() as usize);
        let mut raw = Vec::new();
        self.scanlines_into(img, &Blocks::of(touched, w, h), &mut raw, &mut Vec::new());
        raw
    }

    /// [`Indexed::scanlines_within`] into `raw`, its memory reused, where `img` was drawn
    /// on given as `blocks`; `img` is put back to the static board meanwhile. What
    /// changed from the static board's scanlines is marked as the pixels are read.
    pub fn scanlines_changed(
        &self,
        img: &mut RgbaImage,
        blocks: &Blocks,
        raw: &mut Vec<u8>,
    ) -> Changed {
        self.scanlines_checked(img, blocks, raw).0
    }

    /// [`Indexed::scanlines_changed`], with the scanlines' Adler-32 checksum.
    fn scanlines_checked(
        &self,
        img: &mut RgbaImage,
        blocks: &Blocks,
        raw: &mut Vec<u8>,
    ) -> (Changed, u32) {
        let mut marks = Vec::new();
        let adler = self.scanlines_into(img, blocks, raw, &mut marks);
        match marks.is_empty() {
            false => (Changed::from_marks(&marks, raw.len()), adler),
            // A picture of another size: all zeros, compared whole.
            true => (Changed::between(&self.raw, raw), adler),
        }
    }

    /// [`Indexed::scanlines_changed`], the marks of the changed chunks into `marks`
    /// (left empty for a picture of another size); the scanlines' Adler-32 checksum,
    /// found from the static board's and the indices that changed.
    fn scanlines_into(
        &self,
        img: &mut RgbaImage,
        blocks: &Blocks,
        raw: &mut Vec<u8>,
        marks: &mut Vec<u64>,
    ) -> u32 {
        let (w, h) = (self.base.width() as usize, self.base.height() as usize);
        if img.dimensions() != self.base.dimensions() {
            raw.clear();
            raw.resize((w + 1) * h, 0);
            return deflate::adler32(raw);
        }
        marks.clear();
        marks.resize(
            self.raw.len().div_ceil(Changed::CHUNK).div_ceil(64).max(1),
            0,
        );
        // `raw` holds the static board's indices already when it is a picture's put back.
        if raw.len() != self.raw.len() {
            raw.clear();
            raw.extend_from_slice(&self.raw);
        }
        const RUN: usize = 32;
        let mut last = (u32::MAX, 0u8);
        let mut seen = Seen::new();
        let mut sums = AdlerChange::new(raw.len());
        // `raw` holds the static board's indices: only changed pixels are looked up.
        // A row of a 1,024-pixel picture, and of its static board, is a page (4 KB) of its
        // own, which the processor does not fetch ahead across: the next row's drawn-on
        // blocks are asked for while this one is read.
        let ahead = (img.as_ptr(), self.base.as_raw().as_ptr());
        let lines = raw
            .chunks_exact_mut(w + 1)
            .zip(img.chunks_exact_mut(w * 4))
            .zip(self.base.as_raw().chunks_exact(w * 4))
            .zip(self.raw.chunks_exact(w + 1))
            .enumerate();
        for (y, (((out, now), base), was)) in lines {
            if y + 1 < h {
                for (x0, x1) in blocks.runs(y + 1) {
                    for at in ((y + 1) * w + x0..(y + 1) * w + x1).step_by(16) {
                        prefetch(ahead.0.wrapping_add(4 * at));
                        prefetch(ahead.1.wrapping_add(4 * at));
                    }
                }
            }
            for (x0, x1) in blocks.runs(y) {
                let out = &mut out[1 + x0..1 + x1];
                let was = &was[1 + x0..1 + x1];
                // Where `out[0]` lies in the scanlines.
                let at = y * (w + 1) + 1 + x0;
                let (now, base) = (&mut now[x0 * 4..x1 * 4], &base[x0 * 4..x1 * 4]);
                let chunks = now.chunks_mut(RUN * 4).zip(base.chunks(RUN * 4));
                for (k, (now, base)) in chunks.enumerate() {
                    // Which of the (up to) 32 pixels differ, one bit each, found with
                    // no branch; then only those are looked up.
                    let mut differ = changed_pixels(now, base);
                    if differ == 0 {
                        continue;
                    }
                    let o = k * RUN;
                    let n = now.len() / 4;
                    let (run, run_was) = (&mut out[o..o + n], &was[o..o + n]);
                    // The pixels that differ looked up; then what the indices changed
                    // by, and by each one's place in the run, for the checksum, and which
                    // changed, a bit each, the run's 32 at once. (Only a pixel that
                    // differs can have another index than the static board's: `out`
                    // holds the static board's indices for the others.)
                    while differ != 0 {
                        let j = differ.trailing_zeros() as usize;
                        differ &= differ - 1;
                        // (`j` is below the run's length: `differ` has no bit past it.)
                        let p = now[4 * j..4 * j + 4].try_into().unwrap_or([0; 4]);
                        run[j] = self.index_seen(u32::from_le_bytes(p), &mut last, &mut seen);
                    }
                    let (by, by_place, moved) = change_of(run, run_was);
                    sums.add(at + o, by, by_place);
                    // The chunks of the scanlines this run lies in (at most two) that now
                    // differ from the static board's.
                    // (`split` is 1 to 32: a chunk of the scanlines is 32 bytes.)
                    let split = (Changed::CHUNK - (at + o) % Changed::CHUNK).min(n);
                    let first = u64::MAX >> (64 - split);
                    for (a, part) in [(0, moved & first), (split, moved & !first)] {
                        if part != 0 {
                            let chunk = (at + o + a) / Changed::CHUNK;
                            marks[chunk / 64] |= 1 << (chunk % 64);
                        }
                    }
                    // Put back while both are at hand: no second pass over the picture.
                    now.copy_from_slice(base);
                }
            }
        }
        sums.checksum(self.raw_adler)
    }

    /// Put the scanlines `raw` of a picture back to the static board's where that picture
    /// was drawn on (`blocks`).
    pub fn restore(&self, raw: &mut [u8], blocks: &Blocks) {
        blocks.put_back(raw, &self.raw);
    }

    /// The palette entry of every pixel of `img` (row by row), which differs from the
    /// static board only within `touched`; `img` is put back to the static board.
    pub fn indices_within(&self, img: &mut RgbaImage, touched: &[[u32; 4]]) -> Vec<u8> {
        let w = self.base.width() as usize;
        let raw = self.scanlines_within(img, touched);
        let mut out = Vec::with_capacity(raw.len());
        for line in raw.chunks_exact(w + 1) {
            out.extend_from_slice(&line[1..]);
        }
        out
    }

    /// `img`, a picture drawn over this look's static board, as an indexed PNG.
    pub fn png(&self, img: &RgbaImage) -> Vec<u8> {
        let (w, h) = (self.base.width() as usize, self.base.height() as usize);
        let whole = Blocks::of(&[[0, 0, w as u32, h as u32]], w, h);
        self.png_reusing(&mut img.clone(), &whole, &mut Vec::new())
    }

    /// The same, when `img` differs from the static board only within `blocks`, with
    /// `raw`'s memory for the scanlines: empty, or the static board's scanlines (a
    /// picture's put back with [`Indexed::restore`]). `img` is put back to the static
    /// board as it is read, so the next picture can be drawn on it straight away.
    pub fn png_reusing(&self, img: &mut RgbaImage, blocks: &Blocks, raw: &mut Vec<u8>) -> Vec<u8> {
        let (changed, adler) = self.scanlines_checked(img, blocks, raw);
        let raw = &*raw;
        let stride = self.base.width() as usize + 1;
        let parse = Arc::clone(&self.parse.read().unwrap_or_else(|e| e.into_inner()));
        let steps = deflate::reparse(raw, &changed, &parse.tokens, stride);
        let data = parse.coder.zlib_checked(raw, &steps, adler);
        png_file(self.base.width(), self.base.height(), &self.palette, &data)
    }
}

/// Where a picture was drawn on, row by row, in blocks of [`Blocks::SIZE`] pixels: the
/// boxes `touched` (`[x0, y0, x1, y1]`, ends excluded) as the runs of blocks they cover,
/// so a pawn at the left and the panel at the right do not make the whole row between
/// them be looked at.
pub struct Blocks {
    w: usize,
    h: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Blocks {
    pub const SIZE: usize = 32;

    pub fn of(touched: &[[u32; 4]], w: usize, h: usize) -> Blocks {
        let words = w.div_ceil(Self::SIZE).div_ceil(64).max(1);
        let mut bits = vec![0u64; words * h];
        for &[x0, y0, x1, y1] in touched {
            let (x0, x1) = ((x0 as usize).min(w), (x1 as usize).min(w));
            if x0 >= x1 {
                continue;
            }
            let (b0, b1) = (x0 / Self::SIZE, (x1 - 1) / Self::SIZE + 1);
            for y in (y0 as usize).min(h)..(y1 as usize).min(h) {
                let row = &mut bits[y * words..(y + 1) * words];
                // Blocks `b0..b1`, a word at a time.
                let mut b = b0;
                while b < b1 {
                    let n = (64 - b % 64).min(b1 - b);
                    row[b / 64] |= (u64::MAX >> (64 - n)) << (b % 64);
                    b += n;
                }
            }
        }
        Blocks { w, h, words, bits }
    }

    /// Copy back from `from` into `to` (PNG scanlines of the same length: each row a
    /// filter byte, then a byte a pixel) the bytes of every touched pixel. Nothing when
    /// the lengths differ.
    pub fn put_back(&self, to: &mut [u8], from: &[u8]) {
        let row = self.w + 1;
        if to.len() != from.len() || to.len() < row * self.h {
            return;
        }
        for y in 0..self.h {
            let start = y * row + 1;
            for (x0, x1) in self.runs(y) {
                let (a, b) = (start + x0, start + x1);
                to[a..b].copy_from_slice(&from[a..b]);
            }
        }
    }

    /// Row `y`'s runs of touched pixels, `(x0, x1)` with `x1` excluded, left to right.
    pub fn runs(&self, y: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let row = self
            .bits
            .get(y * self.words..(y + 1) * self.words)
            .unwrap_or(&[]);
        let blocks = row.len() * 64;
        // The first block at or after `b` that is on (`flip` 0) or off (`flip` all ones):
        // a word at a time.
        let next = move |mut b: usize, flip: u64| {
            while let Some(&word) = row.get(b / 64) {
                match (word ^ flip) >> (b % 64) {
                    0 => b = (b / 64 + 1) * 64,
                    bits => return b + bits.trailing_zeros() as usize,
                }
            }
            blocks
        };
        let mut b = 0;
        std::iter::from_fn(move || {
            let start = next(b, 0);
            if start >= blocks {
                return None;
            }
            b = next(start, u64::MAX);
            Some((start * Self::SIZE, (b * Self::SIZE).min(self.w)))
        })
        .filter(|&(a, z)| a < z)
    }
}

/// A PNG file of 8-bit indexed pixels: the zlib stream `data` of its scanlines.
fn png_file(width: u32, height: u32, palette: &[u8], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + palette.len() + 64);
    out.extend_from_slice(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]);
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // 8 bits, palette colour, deflate, adaptive filtering (all "none"), no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", palette);
    chunk(&mut out, b"IDAT", data);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// An Adler-32 checksum's two sums (RFC 1950, 8.2): `a`, one more than the bytes' sum,
/// and `b`, the sum of `a` after each byte; both modulo [`Adler::MOD`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Adler {
    a: u32,
    b: u32,
}

impl Adler {
    const MOD: i64 = 65_521;

    fn of(data: &[u8]) -> Adler {
        let sum = deflate::adler32(data);
        Adler {
            a: sum & 0xFFFF,
            b: sum >> 16,
        }
    }
}

/// How a picture's scanlines changed from the static board's, as the checksum sees it.
/// Byte `p` of `n` adds itself to `a` and, `n - p` times, to `b`: a byte changed by `d`
/// changes `a` by `d` and `b` by `(n - p) d`. So a picture's checksum is the static
/// board's with the changed indices' differences, and its megabyte is not read again.
struct AdlerChange {
    n: i64,
    a: i64,
    b: i64,
}

impl AdlerChange {
    fn new(n: usize) -> AdlerChange {
        AdlerChange {
            n: n as i64,
            a: 0,
            b: 0,
        }
    }

    /// The bytes from `at` on changed by `by` in all, `by_place` weighted by each one's
    /// distance from `at`. A run's sums stay far inside `i64`, and so do the totals for
    /// the largest picture: 16.8 million bytes, each changed by 255 at most, weighted by
    /// 16.8 million at most, is under 10^17.
    fn add(&mut self, at: usize, by: i64, by_place: i64) {
        self.a += by;
        self.b += (self.n - at as i64) * by - by_place;
    }

    /// The checksum of the changed bytes, the unchanged ones' being `start`'s.
    fn checksum(&self, start: Adler) -> u32 {
        let a = (i64::from(start.a) + self.a).rem_euclid(Adler::MOD) as u32;
        let b = (i64::from(start.b) + self.b).rem_euclid(Adler::MOD) as u32;
        b << 16 | a
    }
}

/// The colours a picture's changed pixels had so far, with their palette entries: a
/// direct-mapped table small enough to stay in the processor's nearest cache, in front of
/// the look's [`ColourMap`] of every colour (tens of thousands, too many for it). Each
/// slot holds a colour in its top 24 bits and its entry in the low 8; an entry of 255,
/// which no colour has (the transparent one), marks a free slot.
struct Seen(Box<[u32; 1 << Seen::BITS]>);

impl Seen {
    const BITS: u32 = 10;

    fn new() -> Seen {
        Seen(Box::new([u32::MAX; 1 << Seen::BITS]))
    }
}

/// Colours (24-bit) to palette entries: open addressing, no deletions.
struct ColourMap {
    /// Each slot: the colour (`0xRRGGBB`) in the top 24 bits, its entry in the low 8 (one
    /// memory read a lookup); `EMPTY` when free.
    slots: Vec<u32>,
    mask: usize,
}

impl ColourMap {
    /// Never a slot in use: entry 255 is the transparent one, never a colour's.
    const EMPTY: u32 = u32::MAX;

    fn with_capacity(n: usize) -> ColourMap {
        let size = (n * 2).next_power_of_two().max(16);
        ColourMap {
            slots: vec![Self::EMPTY; size],
            mask: size - 1,
        }
    }

    fn slot(&self, c: u32) -> usize {
        (c.wrapping_mul(0x9E37_79B1) >> 7) as usize & self.mask
    }

    fn insert(&mut self, c: u32, v: u8) {
        let mut i = self.slot(c);
        while self.slots[i] != Self::EMPTY && self.slots[i] >> 8 != c {
            i = (i + 1) & self.mask;
        }
        self.slots[i] = c << 8 | u32::from(v);
    }

    fn get(&self, c: u32) -> Option<u8> {
        let mut i = self.slot(c);
        loop {
            let k = self.slots[i];
            if k == Self::EMPTY {
                return None;
            }
            if k >> 8 == c {
                return Some(k as u8);
            }
            i = (i + 1) & self.mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Random numbers from `seed`, the same every run.
    fn numbers(seed: u64) -> impl FnMut() -> u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        move || rng.gen()
    }

    /// The pixels `changed_pixels` finds are exactly those whose four bytes differ, for
    /// chunks of every length a row's end can leave (1 to 32 pixels) and any pattern of
    /// changes, down to one byte of one pixel.
    #[test]
    fn differing_marks_exactly_the_changed_pixels() {
        let mut next = numbers(0x2545_F491_4F6C_DD1Du64);
        for pixels in 1..=32usize {
            for _ in 0..200 {
                let base: Vec<u8> = (0..pixels * 4).map(|_| next() as u8).collect();
                let mut now = base.clone();
                let changes = next() % 6;
                for _ in 0..changes {
                    let at = (next() as usize) % now.len();
                    now[at] = now[at].wrapping_add(1 + (next() % 255) as u8);
                }
                let want = (0..pixels).fold(0u64, |m, j| {
                    m | u64::from(now[4 * j..4 * j + 4] != base[4 * j..4 * j + 4]) << j
                });
                assert_eq!(changed_pixels(&now, &base), want, "{pixels} pixels");
            }
        }
    }

    /// What a run's indices changed by, found sixteen at a time, is what adding them up
    /// one by one gives: for runs of 32 (the picture's blocks) and of every shorter
    /// length a row's end leaves, with no change, a few, all, and the largest changes
    /// both ways (0 to 255 and back) in every place.
    #[test]
    fn a_runs_change_is_the_sum_of_its_indices_changes() {
        let mut next = numbers(0x6A09_E667_F3BC_C909u64);
        for len in 1..=32usize {
            for round in 0..300 {
                let was: Vec<u8> = (0..len).map(|_| next() as u8).collect();
                let mut now = was.clone();
                match round % 4 {
                    0 => {}
                    1 => {
                        for _ in 0..next() % 4 {
                            let j = next() as usize % len;
                            now[j] = next() as u8;
                        }
                    }
                    2 => now.iter_mut().for_each(|x| *x = next() as u8),
                    _ => {
                        for (j, x) in now.iter_mut().enumerate() {
                            *x = if (j + round) % 2 == 0 { 255 } else { 0 };
                        }
                    }
                }
                let mut each = (0i64, 0i64, 0u64);
                for (j, (&i, &w)) in now.iter().zip(&was).enumerate() {
                    let d = i64::from(i) - i64::from(w);
                    each = (
                        each.0 + d,
                        each.1 + d * j as i64,
                        each.2 | u64::from(i != w) << j,
                    );
                }
                assert_eq!(change_of(&now, &was), each, "{len} indices, round {round}");
                assert_eq!(
                    change_of_each(&now, &was),
                    each,
                    "{len} indices, round {round}"
                );
            }
        }
        // The extremes in every place: all 255 over all 0, and the other way.
        let (full, empty) = ([255u8; 32], [0u8; 32]);
        let weights: i64 = (0..32).sum();
        assert_eq!(
            change_of(&full, &empty),
            (32 * 255, 255 * weights, 0xFFFF_FFFF)
        );
        assert_eq!(
            change_of(&empty, &full),
            (-32 * 255, -255 * weights, 0xFFFF_FFFF)
        );
    }

    /// A picture's colours looked up through [`Seen`] get the entries the look's map
    /// gives them: colours the look knows and colours it does not, white (whose slot
    /// looks like a free one's but for its entry), black, and many more colours than
    /// `Seen` has slots, so that colours share slots and push each other out.
    #[test]
    fn colours_seen_get_the_looks_entries() {
        let mut next = numbers(0x9E37_79B9_7F4A_7C15u64);
        let mut base = RgbaImage::new(64, 64);
        for (i, px) in base.pixels_mut().enumerate() {
            let c = match i % 7 {
                0 => [255, 255, 255],
                1 => [0, 0, 0],
                _ => [next() as u8, next() as u8, next() as u8],
            };
            *px = image::Rgba([c[0], c[1], c[2], 255]);
        }
        let known: Vec<u32> = base.as_raw().chunks_exact(4).map(rgb_of).collect();
        let look = Indexed::new(Arc::new(base), &[]);
        let (mut last, mut last_seen, mut seen) = ((u32::MAX, 0), (u32::MAX, 0), Seen::new());
        for _ in 0..20_000 {
            let c = match next() % 4 {
                0 => 0xFF_FFFF,
                1 => known[next() as usize % known.len()],
                // Few colours, so they come back after others took their slots.
                2 => ((next() % 3000) as u32 * 0x1_0203) & 0xFF_FFFF,
                _ => next() as u32 & 0xFF_FFFF,
            };
            let want = look.index_of(c, &mut last);
            assert_eq!(
                // The pixel's bytes as the picture has them: red lowest, then alpha.
                look.index_seen(rgb_of_word(c) | 0xFF00_0000, &mut last_seen, &mut seen),
                want,
                "{c:06x}"
            );
        }
    }

    /// The runs of blocks drawn on are where the boxes are, for boxes anywhere (at the
    /// edges of a word of blocks, across words, off the picture, empty), row by row.
    #[test]
    fn runs_are_the_blocks_the_boxes_cover() {
        let mut next = numbers(0x2545_F491_4F6C_DD1D);
        for _ in 0..300 {
            let w = 1 + (next() % 5000) as usize;
            let h = 1 + (next() % 12) as usize;
            let boxes: Vec<[u32; 4]> = (0..next() % 6)
                .map(|_| {
                    let x0 = (next() % (w as u64 + 40)) as u32;
                    let y0 = (next() % (h as u64 + 2)) as u32;
                    let x1 = x0 + (next() % 2200) as u32;
                    [x0, y0, x1, y0 + (next() % 6) as u32]
                })
                .collect();
            let blocks = Blocks::of(&boxes, w, h);
            for y in 0..h {
                // Block by block, as the boxes say.
                let count = w.div_ceil(Blocks::SIZE);
                let on = |b: usize| {
                    boxes.iter().any(|&[x0, y0, x1, y1]| {
                        let (x0, x1) = ((x0 as usize).min(w), (x1 as usize).min(w));
                        (y0 as usize..y1 as usize).contains(&y)
                            && x0 < x1
                            && b * Blocks::SIZE < x1
                            && x0 < (b + 1) * Blocks::SIZE
                    })
                };
                let mut want = Vec::new();
                let mut b = 0;
                while b < count {
                    if on(b) {
                        let start = b;
                        while b < count && on(b) {
                            b += 1;
                        }
                        want.push((start * Blocks::SIZE, (b * Blocks::SIZE).min(w)));
                    } else {
                        b += 1;
                    }
                }
                let got: Vec<(usize, usize)> = blocks.runs(y).collect();
                assert_eq!(got, want, "width {w}, row {y}, boxes {boxes:?}");
            }
        }
    }

    /// A checksum found from the static bytes' and the changes is the changed bytes' own:
    /// changes anywhere (the first byte, the last), up and down, in runs of up to 32 bytes
    /// whose sums are taken together as the encoder takes them, over bytes near the
    /// modulus' wrap (all 255) and not.
    #[test]
    fn a_checksum_follows_the_changed_bytes() {
        let mut next = numbers(0xD1B5_4A32_D192_ED03u64);
        for round in 0..300 {
            let n = 1 + (next() % 9000) as usize;
            let base: Vec<u8> = match round % 3 {
                0 => vec![255; n],
                _ => (0..n).map(|_| next() as u8).collect(),
            };
            let mut now = base.clone();
            let mut sums = AdlerChange::new(n);
            for _ in 0..next() % 40 {
                let at = match next() % 4 {
                    0 => 0,
                    1 => n.saturating_sub(1 + (next() % 32) as usize),
                    _ => (next() as usize) % n,
                };
                let len = (1 + next() % 32) as usize;
                let (mut by, mut by_place) = (0, 0);
                for (j, b) in now.iter_mut().enumerate().skip(at).take(len) {
                    let new = next() as u8;
                    let d = i64::from(new) - i64::from(*b);
                    *b = new;
                    by += d;
                    by_place += d * (j - at) as i64;
                }
                sums.add(at, by, by_place);
            }
            assert_eq!(
                sums.checksum(Adler::of(&base)),
                deflate::adler32(&now),
                "{n} bytes"
            );
        }
    }
}
