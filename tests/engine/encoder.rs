//! The board's own PNG encoder (`engine/src/render/encode.rs`, `deflate.rs`): every
//! stream it writes inflates to exactly its data, whatever the data and whatever changed
//! since the static board; every board picture decodes to the picture drawn, in its
//! look's palette, within a small colour error; and the quick path (only what was drawn
//! on is looked at) gives the same bytes as comparing the whole picture.

use std::io::Read;

use primeclimb::lang::Lang;
use primeclimb::render::deflate::{self, Changed, Coder, StaticParse};
use primeclimb::render::encode::Indexed;
use primeclimb::render::{
    board_png_in, demo, indexed, refine, render_board, LastTurn, Look, Palette, RenderOptions,
    Theme,
};
use primeclimb::text::pictures::words;
use proptest::prelude::*;

fn inflate(z: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(z)
        .read_to_end(&mut out)
        .expect("a valid zlib stream");
    out
}

/// The zlib stream of a PNG's image data ends with the Adler-32 checksum of the
/// scanlines it inflates to (the encoder finds it from what changed, not from the bytes).
fn assert_checksum(png: &[u8]) {
    let mut z = Vec::new();
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes")) as usize;
        if &png[at + 4..at + 8] == b"IDAT" {
            z.extend_from_slice(&png[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    let raw = inflate(&z);
    let tail: [u8; 4] = z[z.len() - 4..].try_into().expect("4 bytes");
    assert_eq!(
        u32::from_be_bytes(tail),
        deflate::adler32(&raw),
        "the checksum"
    );
}

/// Bytes with the structure of a picture's rows: runs, repeats from a row above, noise.
fn picture_like(pieces: &[(u8, u8, u16)], stride: usize) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    for &(kind, value, len) in pieces {
        let len = usize::from(len % 700) + 1;
        for _ in 0..len {
            let b = match kind % 3 {
                0 => value,
                1 => out.len().checked_sub(stride).map_or(value, |i| out[i]),
                _ => value.wrapping_mul(31).wrapping_add(out.len() as u8),
            };
            out.push(b);
        }
    }
    out
}

/// `base` with each edit's bytes (from its place, wrapped to the length, for its length
/// cut at the end) set to its value.
fn filled(base: &[u8], edits: &[(u32, usize, u8)]) -> Vec<u8> {
    let mut now = base.to_vec();
    for &(at, len, value) in edits {
        if now.is_empty() {
            break;
        }
        let a = at as usize % now.len();
        let b = (a + len).min(now.len());
        now[a..b].fill(value);
    }
    now
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The static parse, and any picture's parse against it (tokens kept where their
    /// bytes and sources did not change, fresh ones elsewhere), inflate to their bytes.
    #[test]
    fn every_stream_inflates_to_its_bytes(
        pieces in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u16>()), 0..60),
        stride in 2usize..300,
        edits in prop::collection::vec((any::<u32>(), 1usize..400, any::<u8>(), any::<bool>()), 0..8),
        chain in 1usize..64,
        block in 64usize..4000,
    ) {
        let base = picture_like(&pieces, stride);
        let tokens = deflate::parse(&base, chain);
        // Blocks of a few kilobytes: many boundaries, inside kept runs and fresh steps.
        let coder = Coder::with_blocks(&base, &tokens, &[], block);
        let parse = StaticParse::new(tokens, base.len());
        let unchanged = Changed::between(&base, &base);
        let steps = deflate::reparse(&base, &unchanged, &parse, stride);
        prop_assert_eq!(inflate(&coder.zlib(&base, &steps)), base.clone());

        let mut now = base.clone();
        for &(at, len, value, noise) in &edits {
            if now.is_empty() {
                break;
            }
            let a = at as usize % now.len();
            let b = (a + len).min(now.len());
            for (k, x) in now[a..b].iter_mut().enumerate() {
                *x = if noise { value.wrapping_add((k * 7) as u8) } else { value };
            }
        }
        let changed = Changed::between(&base, &now);
        let steps = deflate::reparse(&now, &changed, &parse, stride);
        prop_assert_eq!(inflate(&coder.zlib(&now, &steps)), now);
    }

    /// The thorough parse (the cheapest path through every match found) says its bytes,
    /// and so does a picture's parse against it; whatever the chains' length and the
    /// length from which a match is taken as found for the positions it covers.
    #[test]
    fn the_thorough_parse_inflates_to_its_bytes(
        pieces in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u16>()), 0..60),
        stride in 2usize..300,
        edits in prop::collection::vec((any::<u32>(), 1usize..400, any::<u8>()), 0..8),
        chain in 1usize..64,
        nice in 3usize..300,
        block in 64usize..4000,
    ) {
        let base = picture_like(&pieces, stride);
        let tokens = deflate::parse_optimal(&base, chain, nice);
        let mut at = 0;
        for t in &tokens {
            prop_assert_eq!(t.pos as usize, at, "the tokens follow one another");
            at += t.span();
        }
        prop_assert_eq!(at, base.len());
        let coder = Coder::with_blocks(&base, &tokens, &[], block);
        let parse = StaticParse::new(tokens, base.len());
        let unchanged = Changed::between(&base, &base);
        let steps = deflate::reparse(&base, &unchanged, &parse, stride);
        prop_assert_eq!(inflate(&coder.zlib(&base, &steps)), base.clone());

        let now = filled(&base, &edits);
        let steps = deflate::reparse(&now, &Changed::between(&base, &now), &parse, stride);
        prop_assert_eq!(inflate(&coder.zlib(&now, &steps)), now);
    }
}

/// A static match whose 32-byte chunk changed beside it, not under it nor under its
/// source, still says its bytes: it is kept, not parsed afresh.
#[test]
fn a_match_beside_a_change_is_kept() {
    // Bytes that do not repeat, then 256 of them again (one match, 256 back), then more
    // that do not repeat; the match ends 10 bytes into the chunk at 512.
    let mut x = 7u32;
    let mut noise = |n: usize| -> Vec<u8> {
        (0..n)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (x >> 16) as u8
            })
            .collect()
    };
    let mut base = noise(266);
    base.extend_from_within(10..266);
    base.extend(noise(300));
    let tokens = deflate::parse_optimal(&base, 64, deflate::MAX_MATCH);
    let at = tokens
        .iter()
        .position(|t| t.pos <= 300 && 300 < t.pos + u32::from(t.len))
        .expect("a match over the repeat");
    assert_eq!(tokens[at].dist, 256);
    let end = (tokens[at].pos + u32::from(tokens[at].len)) as usize;
    assert!(
        end > 512,
        "the match reaches the chunk at 512 (it ends at {end})"
    );
    let coder = Coder::new(&base, &tokens, &[]);
    let parse = StaticParse::new(tokens, base.len());
    let mut now = base.clone();
    now[end + 8] ^= 0x55;
    let changed = Changed::between(&base, &now);
    assert!(
        !changed.unchanged(end - 1, end),
        "the match's last chunk changed"
    );
    let steps = deflate::reparse(&now, &changed, &parse, 64);
    let kept = steps.iter().any(|s| match *s {
        deflate::Step::Kept { first, count } => (first..first + count).contains(&(at as u32)),
        deflate::Step::New(_) => false,
    });
    assert!(kept, "the match is kept: {steps:?}");
    assert_eq!(inflate(&coder.zlib(&now, &steps)), now);
}

/// On a board, the thorough parse says the static board in fewer bits than the quick one
/// (under the same kind of codes): what makes the pictures smaller.
#[test]
fn the_thorough_parse_is_smaller_on_a_board() {
    let opts = RenderOptions {
        size: 512,
        ..RenderOptions::default()
    };
    let words = words(Lang::En);
    let look = indexed(&opts, words);
    let raw = look.scanlines(look.base());
    let size = |tokens: &[deflate::Token]| {
        let coder = Coder::new(&raw, tokens, &[]);
        let parse = StaticParse::new(tokens.to_vec(), raw.len());
        let steps = deflate::reparse(&raw, &Changed::between(&raw, &raw), &parse, 513);
        let z = coder.zlib(&raw, &steps);
        assert_eq!(inflate(&z), raw);
        z.len()
    };
    let (quick, thorough) = (
        size(&deflate::parse(&raw, 1024)),
        size(&deflate::parse_optimal(&raw, 1024, deflate::MAX_MATCH)),
    );
    assert!(
        thorough * 100 < quick * 97,
        "thorough {thorough} bytes, quick {quick}"
    );
}

/// A look's layers first parse its static board quickly; refined, the same pictures are
/// smaller and decode to the same pixels.
#[test]
fn a_refined_look_draws_smaller_pictures_of_the_same_pixels() {
    let (game, last) = demo::demo_game().expect("demo");
    let opts = RenderOptions::default();
    let words = words(Lang::En);
    let drawn = render_board(&game, Some(&last), &opts, words);
    let cached = indexed(&opts, words);
    // A look of its own (the shared one may be refined by any test at any time).
    let look = Indexed::new(std::sync::Arc::new(cached.base().clone()), &[&drawn]);
    assert!(!look.is_refined());
    let quick = look.png(&drawn);
    assert!(look.refine(), "refined now");
    assert!(look.is_refined());
    assert!(!look.refine(), "refined once");
    let thorough = look.png(&drawn);
    assert!(
        thorough.len() * 100 < quick.len() * 98,
        "refined {} bytes, quick {}",
        thorough.len(),
        quick.len()
    );
    let pixels = |png: &[u8]| image::load_from_memory(png).expect("a PNG").to_rgba8();
    assert_eq!(pixels(&quick), pixels(&thorough));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Changes marked chunk by chunk as a picture is read (each changed byte marks its
    /// chunk, whichever bytes of it changed, at either end of a word of marks) answer
    /// as comparing it whole.
    #[test]
    fn changed_from_marks_is_changed_between(
        len in 0usize..5_000,
        edits in prop::collection::vec((any::<u16>(), 0usize..90, any::<u8>(), any::<bool>()), 0..12),
        asks in prop::collection::vec((any::<u16>(), 0usize..200), 1..40),
    ) {
        let base: Vec<u8> = (0..len).map(|i| (i % 7) as u8).collect();
        let mut now = base.clone();
        for &(at, span, value, write) in &edits {
            let a = usize::from(at) % (len + 1);
            let b = (a + span).min(len);
            // A range drawn on may leave its bytes as they were.
            if write {
                for x in &mut now[a..b] {
                    *x = value;
                }
            }
        }
        let mut marks = vec![0u64; len.div_ceil(Changed::CHUNK).div_ceil(64).max(1)];
        for (i, (x, y)) in base.iter().zip(&now).enumerate() {
            if x != y {
                let chunk = i / Changed::CHUNK;
                marks[chunk / 64] |= 1 << (chunk % 64);
            }
        }
        let whole = Changed::between(&base, &now);
        let marked = Changed::from_marks(&marks, len);
        prop_assert_eq!(&marked, &whole);
        for &(at, span) in &asks {
            let a = usize::from(at) % (len + 1);
            let b = (a + span).min(len);
            prop_assert_eq!(marked.unchanged(a, b), whole.unchanged(a, b), "bytes {}..{}", a, b);
        }
    }

    /// The tokens a picture breaks, found from its changed chunks alone, are those over
    /// bytes that changed or (a match) copying bytes that changed, whatever the parse
    /// (literals, short matches, long ones reaching rows back, runs over their own
    /// bytes) and wherever the changes fall; the bit past the last token is set.
    #[test]
    fn the_broken_tokens_are_those_over_changed_bytes_or_sources(
        pieces in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u16>()), 0..60),
        stride in 2usize..300,
        edits in prop::collection::vec((any::<u32>(), 1usize..200, any::<u8>()), 0..10),
        thorough in any::<bool>(),
    ) {
        let base = picture_like(&pieces, stride);
        let tokens = match thorough {
            true => deflate::parse_optimal(&base, 32, deflate::MAX_MATCH),
            false => deflate::parse(&base, 16),
        };
        let now = filled(&base, &edits);
        let changed = Changed::between(&base, &now);
        let parse = StaticParse::new(tokens.clone(), base.len());
        let broken = parse.broken(&changed);
        for (t, k) in tokens.iter().enumerate() {
            let (pos, span, dist) = (k.pos as usize, k.span(), usize::from(k.dist));
            let holds = changed.unchanged(pos, pos + span)
                && changed.unchanged(pos - dist, pos - dist + span);
            prop_assert_eq!(broken[t / 64] >> (t % 64) & 1 == 1, !holds, "token {} {:?}", t, k);
        }
        let n = tokens.len();
        prop_assert_eq!(broken.len(), n / 64 + 1);
        prop_assert_eq!(broken[n / 64] >> (n % 64) & 1, 1);
    }
}

#[test]
fn extreme_streams_inflate() {
    for data in [
        Vec::new(),
        vec![7u8],
        vec![0u8; 100_000],
        (0..70_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
            .collect(),
    ] {
        for tokens in [
            deflate::parse(&data, 16),
            deflate::parse_optimal(&data, 16, deflate::MAX_MATCH),
        ] {
            let coder = Coder::new(&data, &tokens, &[]);
            let parse = StaticParse::new(tokens.clone(), data.len());
            let steps = deflate::reparse(&data, &Changed::between(&data, &data), &parse, 1025);
            assert_eq!(inflate(&coder.zlib(&data, &steps)), data);
        }
    }
}

/// A fresh short match among the last bytes of the data (too few after it to hash)
/// parses and inflates: the last three, four or five bytes changed to the bytes a row
/// above them.
#[test]
fn a_short_fresh_match_at_the_very_end_inflates() {
    const STRIDE: usize = 10;
    for tail in [3usize, 4, 5] {
        let base: Vec<u8> = (0..600u32).map(|i| (i * 7 % 251) as u8).collect();
        let tokens = deflate::parse(&base, 16);
        let mut now = base.clone();
        let n = now.len();
        for k in n - tail..n {
            now[k] = now[k - STRIDE];
        }
        assert_ne!(now, base);
        let parse = StaticParse::new(tokens.clone(), now.len());
        let steps = deflate::reparse(&now, &Changed::between(&base, &now), &parse, STRIDE);
        let coder = Coder::new(&base, &tokens, &[]);
        assert_eq!(
            inflate(&coder.zlib(&now, &steps)),
            now,
            "{tail} bytes at the end"
        );
    }
}

fn looks() -> Vec<(RenderOptions, Lang)> {
    let mut out = Vec::new();
    for theme in [Theme::dark(), Theme::light()] {
        for (palette, marks, lang) in [
            (Palette::Standard, false, Lang::En),
            (Palette::ColourBlind, true, Lang::Fr),
        ] {
            let opts = RenderOptions {
                theme: theme.clone().with_look(Look { palette, marks }),
                ..RenderOptions::default()
            };
            out.push((opts, lang));
        }
    }
    out
}

/// Each board picture decodes to the picture drawn within a small error (its palette's
/// nearest colours: no visible difference, looked at side by side at 1024 and 400 px),
/// and the quick path gives the bytes the whole comparison gives.
#[test]
fn board_pictures_decode_to_what_was_drawn() {
    let (demo_game, demo_last) = demo::demo_game().expect("demo");
    let (after, after_last) = super::render::golden_after_turn();
    let in_progress = super::render::golden_in_progress();
    let positions: [(&primeclimb::climb::Game, Option<&LastTurn>); 3] = [
        (&demo_game, Some(&demo_last)),
        (&after, Some(&after_last)),
        (&in_progress, None),
    ];
    for (opts, lang) in looks() {
        let words = words(lang);
        // Refined first: a look is refined in place, by whichever thread, once.
        let look = refine(&opts, words);
        for (game, last) in positions {
            let png = board_png_in(&look, game, last, &opts, words);
            let drawn = render_board(game, last, &opts, words);
            assert_eq!(png, look.png(&drawn), "the quick path looked past a change");
            assert_checksum(&png);
            let back = image::load_from_memory(&png)
                .expect("a valid PNG")
                .to_rgba8();
            assert_eq!(back.dimensions(), drawn.dimensions());
            let (mut worst, mut total, mut far) = (0u32, 0u64, 0usize);
            for (a, b) in back.pixels().zip(drawn.pixels()) {
                let mut off = 0;
                for k in 0..3 {
                    let e = u32::from(a.0[k].abs_diff(b.0[k]));
                    off = off.max(e);
                    total += u64::from(e);
                }
                worst = worst.max(off);
                far += usize::from(off > 24);
            }
            let mean = total as f64 / (3.0 * f64::from(drawn.width() * drawn.height()));
            // Measured with the palette's 160 colours (`encode::LOOK_COLOURS`): at most 74
            // off, 45–98 pixels more than 24 off (rare blends at shapes' edges, which the
            // palette has no room for), 0.030–0.046 on average. With 255 colours: 57,
            // 5–21 and 0.013–0.018.
            assert!(worst <= 90, "a pixel is {worst} off in a channel");
            assert!(far <= 150, "{far} pixels are more than 24 off in a channel");
            assert!(mean <= 0.06, "pixels are {mean:.3} off on average");
        }
    }
}

/// The encoder puts a picture back to its look's static board as it reads it (so the
/// next one is drawn on it without a copy), and the scanlines put back where it was
/// drawn on make the next picture's bytes the same as a fresh one's.
#[test]
fn a_picture_is_put_back_to_the_static_board_as_it_is_encoded() {
    use primeclimb::render::canvas;
    use primeclimb::render::encode::Blocks;

    let (demo_game, demo_last) = demo::demo_game().expect("demo");
    let in_progress = super::render::golden_in_progress();
    let opts = RenderOptions::default();
    let words = words(Lang::En);
    // Refined first: a look is refined in place, by whichever thread, once.
    let look = refine(&opts, words);
    let (w, h) = (look.base().width() as usize, look.base().height() as usize);
    let drawn = |game, last| {
        canvas::record_touched(true);
        let img = render_board(game, last, &opts, words);
        (img, Blocks::of(&canvas::record_touched(false), w, h))
    };
    let mut raw = Vec::new();
    let (mut first, blocks) = drawn(&demo_game, Some(&demo_last));
    let want = look.png(&first);
    assert_ne!(
        first.as_raw(),
        look.base().as_raw(),
        "the demo draws on the board"
    );
    // The changes marked as it is read are those a whole comparison finds.
    let still = look.scanlines(look.base());
    let changed = look.scanlines_changed(&mut first.clone(), &blocks, &mut Vec::new());
    assert_eq!(changed, Changed::between(&still, &look.scanlines(&first)));
    assert_eq!(look.png_reusing(&mut first, &blocks, &mut raw), want);
    assert!(
        first.as_raw() == look.base().as_raw(),
        "the picture is its static board again"
    );
    look.restore(&mut raw, &blocks);
    let (mut second, blocks) = drawn(&in_progress, None);
    let want = look.png(&second);
    assert_eq!(look.png_reusing(&mut second, &blocks, &mut raw), want);
    assert_checksum(&want);
    assert!(second.as_raw() == look.base().as_raw());
}

/// A picture of an odd width (a row's last pixel has no pair), changed anywhere, even
/// in its last column, decodes to exactly what was drawn when its colours are few.
#[test]
fn an_odd_width_picture_decodes_exactly() {
    use image::{Rgba, RgbaImage};

    let colour = |k: u32| Rgba([(k * 40) as u8, (255 - k * 30) as u8, (k * 7) as u8, 255]);
    let base = RgbaImage::from_fn(37, 9, |x, y| colour((x / 5 + y) % 3));
    let mut drawn = base.clone();
    for (x, y) in [
        (0, 0),
        (36, 0),
        (36, 8),
        (35, 4),
        (31, 3),
        (32, 3),
        (1, 8),
        (17, 5),
    ] {
        drawn.put_pixel(x, y, colour(5 + (x + y) % 3));
    }
    let look = Indexed::new(std::sync::Arc::new(base.clone()), &[&drawn]);
    let png = look.png(&drawn);
    assert_checksum(&png);
    let back = image::load_from_memory(&png)
        .expect("a valid PNG")
        .to_rgba8();
    assert!(back == drawn, "the picture decodes as drawn");
    let png = look.png(&base);
    let back = image::load_from_memory(&png)
        .expect("a valid PNG")
        .to_rgba8();
    assert!(back == base, "the static board decodes as itself");
}

/// The replay's GIF, written with the look's palette and only what changed from frame to
/// frame (the rest transparent), shows every frame as drawn, within the same error.
#[test]
fn replay_frames_decode_to_what_was_drawn() {
    use image::AnimationDecoder;
    use primeclimb::climb::ai::{self, Level};
    use primeclimb::climb::{Game, Options};
    use primeclimb::render::replay::{replay_gif, ReplayFrames};

    let names: Vec<String> = ["Ada", "Bea", "Cy"].map(String::from).to_vec();
    let mut game = Game::new(Options::default(), &names, 5).expect("a new game");
    let mut frames = ReplayFrames::new(&game);
    while !game.is_over() && frames.frames().len() <= 6 {
        let events = ai::play(&mut game, Level::Medium).expect("legal");
        frames.record(&game, &events);
    }
    let frames = frames.into_frames();
    let opts = RenderOptions::default();
    let words = words(Lang::En);
    let gif = replay_gif(&frames, &opts, words, 400).expect("encodes");
    let decoder =
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("a valid GIF");
    let shown: Vec<_> = decoder
        .into_frames()
        .collect_frames()
        .expect("frames decode");
    assert_eq!(shown.len(), frames.len());
    let small = RenderOptions { size: 400, ..opts };
    for (frame, (g, last)) in shown.iter().zip(&frames) {
        let drawn = render_board(g, last.as_ref(), &small, words);
        let back = frame.buffer();
        assert_eq!(back.dimensions(), drawn.dimensions());
        let (mut total, mut far) = (0u64, 0usize);
        for (a, b) in back.pixels().zip(drawn.pixels()) {
            let off = (0..3).map(|k| a.0[k].abs_diff(b.0[k])).max().unwrap_or(0);
            total += u64::from(off);
            far += usize::from(off > 24);
        }
        let mean = total as f64 / f64::from(drawn.width() * drawn.height());
        assert!(far <= 100, "{far} pixels are more than 24 off");
        assert!(mean <= 0.1, "pixels are {mean:.3} off on average");
    }
}
