//! A DEFLATE (RFC 1951) encoder for the board picture: a thorough LZ77 parse of the
//! static board, done once per look, and a quick one of each picture that keeps every
//! piece of the static parse that the picture left unchanged.
//!
//! Almost all of a board is the same from turn to turn: the spaces, their numbers, the
//! legend. A general-purpose deflate has to find all of it again in every picture, and at
//! the speed a turn needs (zlib's level 1) it finds it badly. Here the static board is
//! parsed once with long hash chains and lazy matching (as zlib's strongest levels do);
//! a picture then reuses every match whose bytes and source bytes it did not change, and
//! parses afresh only where pawns, paths and the panel were drawn. The tokens are coded
//! in blocks of about 128 KB, each with Huffman codes fitted to its part of the look once
//! ([`Coder`]), so the static tokens kept are copied as bits already coded.

/// The shortest and longest match DEFLATE can say, and how far back it can reach.
pub const MIN_MATCH: usize = 3;
pub const MAX_MATCH: usize = 258;
pub const WINDOW: usize = 32_768;

/// One step of a parse: a literal byte at `pos` (`len == 0`), or `len` bytes at `pos`
/// copied from `dist` bytes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub pos: u32,
    pub len: u16,
    pub dist: u16,
}

impl Token {
    fn literal(pos: usize) -> Token {
        Token {
            pos: pos as u32,
            len: 0,
            dist: 0,
        }
    }
    fn copy(pos: usize, len: usize, dist: usize) -> Token {
        Token {
            pos: pos as u32,
            len: len as u16,
            dist: dist as u16,
        }
    }
    /// How many bytes of the data this token says.
    pub fn span(self) -> usize {
        usize::from(self.len).max(1)
    }
}

/// How many bytes at `b` repeat those at `a` (`a < b`), up to `max`.
fn match_len(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    common_prefix(&data[a..a + max], &data[b..b + max])
}

/// How many bytes the two slices (of one length) start with in common.
#[inline(always)]
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut l = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let x = u64::from_le_bytes(x.try_into().unwrap_or([0; 8]));
        let y = u64::from_le_bytes(y.try_into().unwrap_or([0; 8]));
        if x != y {
            return l + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        l += 8;
    }
    l + a[l..]
        .iter()
        .zip(&b[l..])
        .take_while(|(x, y)| x == y)
        .count()
}

const HASH_BITS: u32 = 16;

fn hash3(data: &[u8], i: usize) -> usize {
    let v = u32::from(data[i]) | u32::from(data[i + 1]) << 8 | u32::from(data[i + 2]) << 16;
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// A thorough parse of `data`: hash chains up to `chain` long and lazy matching. Slow
/// (tens of milliseconds for a megabyte); done once per look.
pub fn parse(data: &[u8], chain: usize) -> Vec<Token> {
    const NONE: u32 = u32::MAX;
    let n = data.len();
    let mut head = vec![NONE; 1 << HASH_BITS];
    // The previous position with the same hash, for the last `WINDOW` positions only
    // (older ones are out of reach), as zlib keeps it.
    let mut prev = vec![NONE; WINDOW.min(n.max(1))];
    let slot = |p: usize| p % WINDOW;
    let mut tokens = Vec::new();
    let best_at = |head: &[u32], prev: &[u32], i: usize| -> (usize, usize) {
        if i + MIN_MATCH > n {
            return (0, 0);
        }
        let max = MAX_MATCH.min(n - i);
        let mut best = (0, 0);
        let mut p = head[hash3(data, i)];
        let mut steps = 0;
        while p != NONE && steps < chain {
            let p_us = p as usize;
            if p_us >= i || i - p_us > WINDOW {
                break;
            }
            // Only a candidate that beats the best so far at its last byte is measured.
            if data[p_us + best.0.min(max - 1)] == data[i + best.0.min(max - 1)] {
                let l = match_len(data, p_us, i, max);
                if l > best.0 {
                    best = (l, i - p_us);
                    if l == max {
                        break;
                    }
                }
            }
            p = prev.get(slot(p_us)).copied().unwrap_or(NONE);
            steps += 1;
        }
        if best.0 < MIN_MATCH {
            (0, 0)
        } else {
            best
        }
    };
    let insert = |head: &mut [u32], prev: &mut [u32], i: usize| {
        if i + MIN_MATCH <= n {
            let h = hash3(data, i);
            if let Some(s) = prev.get_mut(slot(i)) {
                *s = head[h];
            }
            head[h] = i as u32;
        }
    };
    let mut i = 0;
    while i < n {
        let (len, dist) = best_at(&head, &prev, i);
        insert(&mut head, &mut prev, i);
        if len == 0 {
            tokens.push(Token::literal(i));
            i += 1;
            continue;
        }
        // Lazy matching: a longer match one byte on is worth a literal here.
        if len < MAX_MATCH {
            let (next, _) = best_at(&head, &prev, i + 1);
            if next > len {
                tokens.push(Token::literal(i));
                i += 1;
                continue;
            }
        }
        tokens.push(Token::copy(i, len, dist));
        for j in i + 1..i + len {
            insert(&mut head, &mut prev, j);
        }
        i += len;
    }
    tokens
}

/// What a token costs in bits under a model of how often each symbol comes: the symbol's
/// share of all symbols (`log2` of it, as an ideal code would spend) plus its extra bits.
struct Costs {
    literal: [f32; 256],
    /// By match length, 3–258 (the others unused), extra bits included.
    length: [f32; MAX_MATCH + 1],
    /// By distance code, extra bits not included (a distance's depend on it).
    distance: [f32; 30],
}

impl Costs {
    /// Costs fitted to `tokens`, a parse of `data`; every symbol is counted at least once
    /// (any of them may be needed).
    fn of(data: &[u8], tokens: &[Token]) -> Costs {
        let (mut lit, mut dist) = ([1u32; 286], [1u32; 30]);
        count_symbols(data, tokens, &mut lit, &mut dist);
        let bits = |freq: &[u32]| -> Vec<f32> {
            let total: f64 = freq.iter().map(|&f| f64::from(f)).sum();
            freq.iter()
                .map(|&f| (total / f64::from(f)).log2() as f32)
                .collect()
        };
        let (lit_bits, dist_bits) = (bits(&lit), bits(&dist));
        let mut costs = Costs {
            literal: [0.0; 256],
            length: [0.0; MAX_MATCH + 1],
            distance: [0.0; 30],
        };
        costs.literal.copy_from_slice(&lit_bits[..256]);
        for len in MIN_MATCH..=MAX_MATCH {
            let (code, extra, _) = length_code(len);
            costs.length[len] = lit_bits[code] + extra as f32;
        }
        costs.distance.copy_from_slice(&dist_bits);
        costs
    }

    fn distance(&self, dist: usize) -> f32 {
        let (code, extra, _) = distance_code(dist);
        self.distance[code] + extra as f32
    }
}

/// Whether position `i` lies so deep in a run of one byte (`same[i]`: how many bytes from
/// `i` on are equal) that its best step is surely a longest copy from one byte back; the
/// optimal parse steps over such positions without looking for matches.
fn deep_in_run(same: &[u16], i: usize, n: usize) -> bool {
    let far = MAX_MATCH as u16;
    i > MAX_MATCH + 1 && i + 2 * MAX_MATCH + 1 < n && same[i] > 2 * far && same[i - MAX_MATCH] > far
}

/// Reach each position of `cost` (and `step`) more cheaply if a copy of its length (the
/// first `first`, then one more each) from `dist` back, at `base` plus the length's cost
/// (`lengths`), is cheaper: written without branches, so it is done many at a time.
fn relax_lengths(
    cost: &mut [f32],
    step: &mut [u32],
    lengths: &[f32],
    first: u32,
    dist: u32,
    base: f32,
) {
    for (((c, s), &l), len) in cost
        .iter_mut()
        .zip(step.iter_mut())
        .zip(lengths)
        .zip(first..)
    {
        let v = base + l;
        let better = v < *c;
        *c = if better { v } else { *c };
        *s = if better { len << 16 | dist } else { *s };
    }
}

/// A parse of `data` near the smallest deflate can say it in, as zopfli makes them: the
/// cheapest path through the positions, each step a literal or a copy of any length a
/// match found there allows, under a model of each symbol's cost fitted to [`parse`]'s
/// parse. Matches are looked for at every position along hash chains up to `chain`
/// long; a match at least `nice` long is taken as found for the positions it covers (they
/// are not searched). Much slower than [`parse`] (about half a second for a megabyte),
/// and a few percent smaller; made once per look, after the quick one.
pub fn parse_optimal(data: &[u8], chain: usize, nice: usize) -> Vec<Token> {
    const NONE: u32 = u32::MAX;
    let costs = Costs::of(data, &parse(data, chain));
    let n = data.len();
    let mut same = vec![0u16; n + 1];
    for i in (0..n).rev() {
        same[i] = if i + 1 < n && data[i + 1] == data[i] {
            same[i + 1].saturating_add(1)
        } else {
            1
        };
    }
    // Chains by three bytes and, for a position in a run of one byte, by those and how
    // long the run goes on: a walk that has the run's length already follows the second
    // chain, which skips every position whose run ends sooner or later (neither can
    // match further), as zopfli does.
    let key2 = |i: usize| -> usize {
        let run = usize::from(same[i].min(4095));
        (hash3(data, i) ^ run.wrapping_mul(0x9E37)) & ((1 << HASH_BITS) - 1)
    };
    let (mut head, mut head2) = (vec![NONE; 1 << HASH_BITS], vec![NONE; 1 << HASH_BITS]);
    let (mut prev, mut prev2) = (vec![NONE; WINDOW], vec![NONE; WINDOW]);
    let mut cost = vec![f32::INFINITY; n + 1];
    cost[0] = 0.0;
    // How each position is best reached: the step's length (1: a literal) in the high
    // half, its distance (0: a literal) in the low.
    let mut step = vec![0u32; n + 1];
    // A match at least `nice` long, found at some position before, reaching to `long.0`
    // from `long.1` bytes back.
    let mut long = (0usize, 0usize);
    for i in 0..n {
        let here = cost[i];
        let lit = here + costs.literal[usize::from(data[i])];
        if lit < cost[i + 1] {
            cost[i + 1] = lit;
            step[i + 1] = 1 << 16;
        }
        // Reach positions `i + a ..= i + b` with copies from `dist` back.
        let mut relax = |a: usize, b: usize, dist: usize| {
            let base = here + costs.distance(dist);
            relax_lengths(
                &mut cost[i + a..=i + b],
                &mut step[i + a..=i + b],
                &costs.length[a..=b],
                a as u32,
                dist as u32,
                base,
            );
        };
        if i + MIN_MATCH > n {
            continue;
        }
        let (h, h2) = (hash3(data, i), key2(i));
        let max = MAX_MATCH.min(n - i);
        if deep_in_run(&same, i, n) {
            relax(MAX_MATCH, MAX_MATCH, 1);
        } else if i < long.0 && long.0 - i >= MIN_MATCH {
            relax(MIN_MATCH, (long.0 - i).min(max), long.1);
        } else {
            let run = usize::from(same[i]);
            let mut best = MIN_MATCH - 1;
            let mut p = head[h];
            let mut second = false;
            let mut steps = 0;
            while p != NONE && steps < chain {
                let p_us = p as usize;
                if p_us >= i || i - p_us > WINDOW {
                    break;
                }
                if data[p_us + best] == data[i + best] {
                    let l = match_len(data, p_us, i, max);
                    if l > best {
                        // Each length this match adds is said cheapest from here: the
                        // chains go from near to far.
                        let dist = i - p_us;
                        relax(best + 1, l, dist);
                        best = l;
                        if l >= nice {
                            long = (i + l, dist);
                        }
                        if l == max {
                            break;
                        }
                    }
                }
                // Once the run's length is had, only a run of the same length can do
                // better: follow the second chain from here.
                if !second && run >= MIN_MATCH && best >= run && key2(p_us) == h2 {
                    second = true;
                }
                p = if second {
                    prev2[p_us % WINDOW]
                } else {
                    prev[p_us % WINDOW]
                };
                steps += 1;
            }
        }
        prev[i % WINDOW] = head[h];
        head[h] = i as u32;
        prev2[i % WINDOW] = head2[h2];
        head2[h2] = i as u32;
    }
    let mut tokens = Vec::new();
    let mut j = n;
    while j > 0 {
        let (len, dist) = ((step[j] >> 16) as usize, (step[j] & 0xFFFF) as usize);
        let len = len.clamp(1, j);
        j -= len;
        tokens.push(if dist == 0 || len < MIN_MATCH {
            Token::literal(j)
        } else {
            Token::copy(j, len, dist)
        });
    }
    tokens.reverse();
    tokens
}

/// Which parts of a picture's bytes differ from the static board's, in chunks of
/// [`Changed::CHUNK`] bytes, a bit each, so any range a token covers is asked in one or
/// two words.
#[derive(Debug, PartialEq, Eq)]
pub struct Changed {
    /// How many chunks the bytes make.
    chunks: usize,
    /// The chunks that changed (chunk `k`: bit `k % 64` of `marks[k / 64]`), none past
    /// the last.
    marks: Vec<u64>,
}

impl Changed {
    pub const CHUNK: usize = 32;

    /// Compare `now` with `base` (the same length).
    pub fn between(base: &[u8], now: &[u8]) -> Changed {
        let chunks = now.len().div_ceil(Self::CHUNK);
        let mut marks = vec![0u64; chunks.div_ceil(64)];
        let pairs = base.chunks(Self::CHUNK).zip(now.chunks(Self::CHUNK));
        for (k, (a, b)) in pairs.enumerate() {
            marks[k / 64] |= u64::from(a != b) << (k % 64);
        }
        Changed { chunks, marks }
    }

    /// The same from marks already made, a bit a chunk (chunk `k`: bit `k % 64` of
    /// `marks[k / 64]`), for bytes `len` long.
    pub fn from_marks(marks: &[u64], len: usize) -> Changed {
        let chunks = len.div_ceil(Self::CHUNK);
        let mut kept = vec![0u64; chunks.div_ceil(64)];
        for (k, (to, &word)) in kept.iter_mut().zip(marks).enumerate() {
            // (No marks past the last chunk.)
            *to = word & (u64::MAX >> (64 - (chunks - k * 64).min(64)));
        }
        Changed {
            chunks,
            marks: kept,
        }
    }

    /// Whether bytes `a..b` are all as in the static board.
    pub fn unchanged(&self, a: usize, b: usize) -> bool {
        if a >= b {
            return true;
        }
        // The first chunk and the last.
        let (ca, cb) = (a / Self::CHUNK, (b - 1) / Self::CHUNK);
        if cb >= self.chunks {
            return false;
        }
        let (first, last) = (u64::MAX << (ca % 64), u64::MAX >> (63 - cb % 64));
        match self.marks.get(ca / 64..=cb / 64) {
            Some([one]) => one & first & last == 0,
            Some([head, middle @ .., tail]) => {
                head & first == 0 && tail & last == 0 && middle.iter().all(|&w| w == 0)
            }
            _ => false,
        }
    }

    /// Each chunk that changed, in order, to `f`.
    fn each_chunk(&self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.marks.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                f(w * 64 + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }
}

/// A static board's parse, with the tokens each chunk of its bytes concerns: those whose
/// bytes or source bytes lie in it. A picture's changed chunks then name the tokens it
/// breaks, and the rest are kept without being looked at one by one.
pub struct StaticParse {
    tokens: Vec<Token>,
    /// Chunk `c` ([`Changed::CHUNK`] bytes) concerns `concern[first[c]..first[c + 1]]`.
    first: Vec<u32>,
    concern: Vec<u32>,
}

impl StaticParse {
    /// `tokens`, a parse of bytes `len` long (each token following the last).
    pub fn new(tokens: Vec<Token>, len: usize) -> StaticParse {
        let chunks = len.div_ceil(Changed::CHUNK);
        // The chunks a token's bytes and its source lie in: one range when they meet.
        let ranges = |k: &Token| {
            let (pos, span, dist) = (k.pos as usize, k.span(), usize::from(k.dist));
            let chunk = |a: usize| (a / Changed::CHUNK).min(chunks);
            let own = (chunk(pos), chunk(pos + span - 1) + 1);
            let from = pos.saturating_sub(dist);
            let source = (chunk(from), chunk(from + span - 1) + 1);
            if dist == 0 || source.1 >= own.0 {
                [(source.0.min(own.0), own.1), (0, 0)]
            } else {
                [source, own]
            }
        };
        let mut first = vec![0u32; chunks + 2];
        for k in &tokens {
            for (a, b) in ranges(k) {
                for c in a..b.min(chunks) {
                    first[c + 2] += 1;
                }
            }
        }
        for c in 2..first.len() {
            first[c] += first[c - 1];
        }
        // `first[c + 1]` is where chunk `c`'s tokens go, moved on as they are put.
        let mut concern = vec![0u32; first[chunks + 1] as usize];
        for (t, k) in tokens.iter().enumerate() {
            for (a, b) in ranges(k) {
                for c in a..b.min(chunks) {
                    concern[first[c + 1] as usize] = t as u32;
                    first[c + 1] += 1;
                }
            }
        }
        first.truncate(chunks + 1);
        StaticParse {
            tokens,
            first,
            concern,
        }
    }

    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// The tokens whose bytes or source bytes `changed` says changed, a bit each (token
    /// `t`: bit `t % 64` of word `t / 64`), with the bit past the last token set.
    pub fn broken(&self, changed: &Changed) -> Vec<u64> {
        let n = self.tokens.len();
        let mut bits = vec![0u64; n / 64 + 1];
        changed.each_chunk(|c| {
            let (Some(&a), Some(&b)) = (self.first.get(c), self.first.get(c + 1)) else {
                return;
            };
            for &t in self.concern.get(a as usize..b as usize).unwrap_or(&[]) {
                bits[t as usize / 64] |= 1 << (t % 64);
            }
        });
        bits[n / 64] |= 1 << (n % 64);
        bits
    }
}

/// The first token from `t` on that `broken` (see [`StaticParse::broken`]) has a bit for.
fn next_broken(broken: &[u64], t: usize) -> usize {
    let mut w = t / 64;
    let mut word = broken.get(w).map_or(1, |&x| x & (u64::MAX << (t % 64)));
    while word == 0 {
        w += 1;
        word = broken.get(w).copied().unwrap_or(1);
    }
    w * 64 + word.trailing_zeros() as usize
}

/// Whether `k`, a match of the static parse, copies in `now` what it copied in the static
/// board: its bytes equal those its distance back (a literal: not known here).
fn still_copies(now: &[u8], k: &Token) -> bool {
    let (p, span) = (k.pos as usize, k.span());
    let from = p.wrapping_sub(usize::from(k.dist));
    k.len > 0
        && match (now.get(p..p + span), now.get(from..from + span)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
}

/// A fresh step takes the first candidate at least this long.
const GOOD_ENOUGH: usize = 32;

/// Parse `now`, a picture whose bytes differ from the static board's (parsed as `parse`)
/// only where `changed` says: every static token over unchanged bytes (and, for a match,
/// unchanged source bytes) is kept, and so is a match whose bytes still equal its
/// source's though something changed near them; elsewhere a quick greedy parse tries the
/// rest of the static token there, a run, the bytes a row above (`stride` bytes a row),
/// and a small hash of recent positions (every byte of a fresh step, but of a long match
/// only its first).
pub fn reparse(now: &[u8], changed: &Changed, parse: &StaticParse, stride: usize) -> Vec<Step> {
    const RECENT_BITS: u32 = 12;
    /// A fresh match shorter than this puts each of its positions in the hash, so the
    /// bytes after it (text's anti-aliased edges, most of them) are found again later.
    const SHORT: usize = 16;
    let base = parse.tokens();
    let broken = parse.broken(changed);
    let n = now.len();
    // Room for as many steps as the static parse has tokens (a picture has fewer: the
    // demo 23,600 for 43,000), so the vector is not copied as it grows, three times a
    // picture before; the room not used is never written.
    let mut out = Steps(Vec::with_capacity(base.len()));
    let mut recent = vec![u32::MAX; 1 << RECENT_BITS];
    // The hash's bucket of four bytes read as one little-endian word.
    let bucket = |v: u32| (v.wrapping_mul(0x9E37_79B1) >> (32 - RECENT_BITS)) as usize;
    let mut t = 0;
    let mut i = 0;
    while i < n {
        while t + 1 < base.len() && base[t + 1].pos as usize <= i {
            t += 1;
        }
        // At a static token's start: keep it and those after it up to the next one the
        // picture broke, one step for the run (most of a picture goes here).
        if base.get(t).is_some_and(|k| k.pos as usize == i) {
            // A broken match is kept all the same when its bytes still equal its source's
            // (the chunks say only that something near them changed).
            let mut end = next_broken(&broken, t).min(base.len());
            while base.get(end).is_some_and(|k| still_copies(now, k)) {
                end = next_broken(&broken, end + 1).min(base.len());
            }
            if end > t {
                out.keep_run(t, end - t);
                let last = base[end - 1];
                i = last.pos as usize + last.span();
                t = end;
                continue;
            }
        }
        let tok = base.get(t).copied().filter(|k| {
            let p = k.pos as usize;
            p <= i && i < p + k.span()
        });
        if let Some(k) = tok {
            let (start, dist) = (k.pos as usize, usize::from(k.dist));
            let end = start + k.span();
            // The static token, or its rest after a fresh step ended in its middle, still
            // says these bytes when they and its source did not change.
            let holds = changed.unchanged(i, end)
                && (k.len == 0 || changed.unchanged(i - dist, end - dist));
            // Its rest brings the parse back in step with the static one.
            if holds && k.len > 0 && end - i >= MIN_MATCH {
                out.add(Token::copy(i, end - i, dist));
                i = end;
                continue;
            }
        }
        // A fresh step.
        let max = MAX_MATCH.min(n - i);
        let mut best = (0usize, 0usize);
        if max >= MIN_MATCH {
            // How far back a match may reach from here.
            let reach = i.min(WINDOW);
            let here = &now[i..i + max];
            let own = tok.filter(|k| k.len > 0).map_or(0, |k| usize::from(k.dist));
            // The last position with the same four bytes, if any.
            let mut hashed = 0;
            if i + 4 <= n {
                let h = bucket(u32::from_le_bytes(
                    now[i..i + 4].try_into().unwrap_or([0; 4]),
                ));
                let p = recent[h];
                recent[h] = i as u32;
                if p != u32::MAX {
                    hashed = i - p as usize;
                }
            }
            // In order: the static token's distance, the byte before, the row above (each
            // once: the static distance is often one of them), the hash's. Each is taken
            // when no earlier one matched `GOOD_ENOUGH` bytes and it matches more than
            // they do. (0: none.)
            let candidates = [
                own,
                if own == 1 { 0 } else { 1 },
                if own == stride { 0 } else { stride },
                hashed,
            ];
            // How many of their first 8 bytes each matches (of all of them, fewer than 8
            // at the very end), found with no branch to guess (a guess that fails costs
            // more than the work): most fresh steps end here.
            let word = |at: usize| u64::from_le_bytes(now[at..at + 8].try_into().unwrap_or([0; 8]));
            let head = if max >= 8 { word(i) } else { 0 };
            let mut heads = [0usize; 4];
            for (l, &d) in heads.iter_mut().zip(&candidates) {
                let valid = d.wrapping_sub(1) < reach;
                let from = if valid { i - d } else { i };
                let same = match max >= 8 {
                    true => ((word(from) ^ head).trailing_zeros() / 8) as usize,
                    false => common_prefix(&now[from..from + max], here),
                };
                *l = if valid { same } else { 0 };
            }
            for (&l, &d) in heads.iter().zip(&candidates) {
                if best.0 >= GOOD_ENOUGH {
                    break;
                }
                // (All 8 only when there are 8 or more.)
                let l = match l {
                    8 => 8 + common_prefix(&now[i - d + 8..i - d + max], &here[8..]),
                    l => l,
                };
                if l > best.0 {
                    best = (l, d);
                }
            }
        }
        if best.0 >= MIN_MATCH {
            out.add(Token::copy(i, best.0, best.1));
            // Its positions after the first with four bytes from them (none at the very end).
            let end = (i + best.0).min(n.saturating_sub(3));
            if best.0 < SHORT && i + 1 < end {
                if let Some(bytes) = now.get(i + 1..end + 3) {
                    let mut v = u32::from_le_bytes([0, bytes[0], bytes[1], bytes[2]]);
                    for (j, &b) in (i + 1..end).zip(&bytes[3..]) {
                        v = v >> 8 | u32::from(b) << 24;
                        recent[bucket(v)] = j as u32;
                    }
                }
            }
            i += best.0;
        } else {
            out.add(Token::literal(i));
            i += 1;
        }
    }
    out.0
}

/// A piece of a picture's parse: a run of the static parse's tokens kept as they were
/// (`first`, how many), or a token of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Kept { first: u32, count: u32 },
    New(Token),
}

/// The tokens `steps` stand for.
pub fn tokens_of(steps: &[Step], base: &[Token]) -> Vec<Token> {
    let mut out = Vec::new();
    for step in steps {
        match *step {
            Step::Kept { first, count } => {
                let (a, b) = (first as usize, (first + count) as usize);
                out.extend_from_slice(base.get(a..b).unwrap_or(&[]));
            }
            Step::New(t) => out.push(t),
        }
    }
    out
}

struct Steps(Vec<Step>);

impl Steps {
    fn keep_run(&mut self, first: usize, count: usize) {
        if let Some(Step::Kept { first: f, count: c }) = self.0.last_mut() {
            if (*f + *c) as usize == first {
                *c += count as u32;
                return;
            }
        }
        self.0.push(Step::Kept {
            first: first as u32,
            count: count as u32,
        });
    }
    fn add(&mut self, token: Token) {
        self.0.push(Step::New(token));
    }
}

// ----- coding -----------------------------------------------------------------------------

/// Bits written least significant first, as DEFLATE packs them. Whole bytes are stored
/// eight at a time after each token, with no branch on how many: the buffer keeps eight
/// spare bytes at its end.
struct Bits {
    out: Vec<u8>,
    len: usize,
    acc: u64,
    n: u32,
}

impl Bits {
    fn with_capacity(bytes: usize) -> Bits {
        Bits {
            out: vec![0; bytes + 8],
            len: 0,
            acc: 0,
            n: 0,
        }
    }
    /// Add up to 32 bits; at most 56 may wait before [`Bits::flush`].
    #[inline]
    fn put(&mut self, value: u32, bits: u32) {
        self.acc |= u64::from(value) << self.n;
        self.n += bits;
    }
    /// Write the accumulator's 8 bytes where the output ends (the room made first);
    /// how many of them count is the caller's to say.
    #[inline]
    fn store(&mut self) {
        if self.len + 16 > self.out.len() {
            self.out.resize(self.out.len() * 2 + 16, 0);
        }
        self.out[self.len..self.len + 8].copy_from_slice(&self.acc.to_le_bytes());
    }
    #[inline]
    fn flush(&mut self) {
        self.store();
        let bytes = self.n / 8;
        self.len += bytes as usize;
        self.acc = if bytes == 8 {
            0
        } else {
            self.acc >> (bytes * 8)
        };
        self.n -= bytes * 8;
    }
    /// Add bits `from..to` of `src` (bits numbered from the first byte's lowest).
    fn copy_bits(&mut self, src: &[u8], from: usize, to: usize) {
        let mut at = from;
        // First whatever waits is written out, so fewer than 8 bits wait; then 56 bits
        // at a time go in whole: the 7 bytes they complete are written and fewer than 8
        // bits wait again (no branch on how many bytes were completed).
        self.flush();
        const TAKE: usize = 56;
        while to - at >= TAKE {
            let byte = at / 8;
            let Some(word) = src.get(byte..byte + 8) else {
                break;
            };
            let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
            self.acc |= ((word >> (at % 8)) & ((1 << TAKE) - 1)) << self.n;
            self.store();
            self.len += TAKE / 8;
            self.acc >>= TAKE;
            at += TAKE;
        }
        while at < to {
            // After a flush fewer than 8 bits wait, so 56 more fit the accumulator.
            let take = (to - at).min(TAKE);
            let byte = at / 8;
            let word = match src.get(byte..byte + 8) {
                Some(w) => u64::from_le_bytes(w.try_into().unwrap_or([0; 8])),
                None => {
                    let mut word = [0u8; 8];
                    let end = src.len().min(byte + 8);
                    word[..end - byte].copy_from_slice(&src[byte..end]);
                    u64::from_le_bytes(word)
                }
            };
            let v = (word >> (at % 8)) & ((1 << take) - 1);
            self.acc |= v << self.n;
            self.n += take as u32;
            self.flush();
            at += take;
        }
    }
    fn extend(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.put(u32::from(b), 8);
            self.flush();
        }
    }
    fn finish(mut self) -> Vec<u8> {
        self.flush();
        if self.n > 0 {
            self.len += 1;
        }
        self.out.truncate(self.len);
        self.out
    }
}

/// The length code of a match length (3–258), its extra bits and their value.
fn length_code(len: usize) -> (usize, u32, u32) {
    if len == MAX_MATCH {
        return (285, 0, 0);
    }
    let l = len - MIN_MATCH;
    if l < 8 {
        return (257 + l, 0, 0);
    }
    let b = usize::BITS - 1 - l.leading_zeros();
    let extra = b - 2;
    let code = 257 + 4 * (b as usize - 1) + ((l >> extra) & 3);
    (code, extra, (l & ((1 << extra) - 1)) as u32)
}

/// The distance code of a distance (1–32768), its extra bits and their value.
fn distance_code(dist: usize) -> (usize, u32, u32) {
    let d = dist - 1;
    if d < 4 {
        return (d, 0, 0);
    }
    let b = usize::BITS - 1 - d.leading_zeros();
    let extra = b - 1;
    let code = 2 * b as usize + ((d >> extra) & 1);
    (code, extra, (d & ((1 << extra) - 1)) as u32)
}

/// Huffman code lengths for `freq`, none longer than `limit`.
fn code_lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut f = freq.to_vec();
    loop {
        let lengths = huffman_lengths(&f);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        // Flatten the weights and try again: at worst every weight is 1 and the code is
        // balanced, well within the limit for DEFLATE's alphabets.
        for x in f.iter_mut().filter(|x| **x > 0) {
            *x = x.div_ceil(2);
        }
    }
}

fn huffman_lengths(freq: &[u32]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lengths = vec![0u8; freq.len()];
    let used: Vec<usize> = (0..freq.len()).filter(|&s| freq[s] > 0).collect();
    if used.len() == 1 {
        lengths[used[0]] = 1;
        return lengths;
    }
    // Nodes: the leaves first, then the merged ones; `parent` links them.
    let mut parent: Vec<usize> = vec![usize::MAX; used.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = used
        .iter()
        .enumerate()
        .map(|(node, &s)| Reverse((u64::from(freq[s]), node)))
        .collect();
    while heap.len() > 1 {
        let (Some(Reverse((wa, a))), Some(Reverse((wb, b)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((wa + wb, node)));
    }
    // Depths from the root down: parents always come after their children.
    let mut depth = vec![0u8; parent.len()];
    for node in (0..parent.len()).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]].saturating_add(1);
        }
    }
    for (node, &s) in used.iter().enumerate() {
        lengths[s] = depth[node];
    }
    lengths
}

/// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
fn canonical_codes(lengths: &[u8]) -> Vec<u32> {
    let mut count = [0u32; 16];
    for &l in lengths {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u32; 16];
    let mut code = 0;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            c.reverse_bits() >> (32 - u32::from(l))
        })
        .collect()
}

/// The order the code length code's lengths are written in (RFC 1951, 3.2.7).
const CLEN_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// Run-length code a sequence of code lengths with symbols 16, 17 and 18.
fn rle_lengths(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let mut run = 1;
        while i + run < lengths.len() && lengths[i + run] == l {
            run += 1;
        }
        let mut left = run;
        if l == 0 {
            while left >= 11 {
                let k = left.min(138);
                out.push((18, (k - 11) as u8));
                left -= k;
            }
            if left >= 3 {
                out.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            out.push((l, 0));
            left -= 1;
            while left >= 3 {
                let k = left.min(6);
                out.push((16, (k - 3) as u8));
                left -= k;
            }
        }
        for _ in 0..left {
            out.push((l, 0));
        }
        i += run;
    }
    out
}

/// The Huffman codes of a look, fixed once (every symbol has one), and the static board's
/// tokens already coded with them. The data is said in blocks of about
/// [`BLOCK_BYTES`], a band of rows each, each with codes of its own: the panel's text,
/// the spaces and the key are not alike.
pub struct Coder {
    blocks: Vec<BlockCode>,
    /// How many bytes of the data each block says (the last, the rest).
    block_len: usize,
    /// For each block after the first, the first static token it holds.
    first_tokens: Vec<u32>,
    /// The static tokens, coded one after the other (each block's end and the next one's
    /// header between them), and where each one starts.
    coded: Vec<u8>,
    starts: Vec<u32>,
}

/// About how many bytes a block says.
pub const BLOCK_BYTES: usize = 128 * 1024;

/// One block's codes.
struct BlockCode {
    /// Each literal's code: its bits and how many.
    lit: Vec<(u32, u32)>,
    /// Each match length's (3–258) code followed by its extra bits, as one.
    lengths: Vec<(u32, u32)>,
    /// Each distance code's code, with its first distance and extra bits.
    dist: Vec<DistanceCode>,
    /// The distance code of each distance less one: [`DistanceCodes::code`].
    dist_codes: &'static [u8; 512],
    /// The block's header: its bits and how many.
    header: Vec<u8>,
    header_bits: usize,
}

impl BlockCode {
    /// Codes from how often each symbol comes in the block; the final block's header
    /// says it is the last (`last`).
    fn new(lit_freq: &[u32; 286], dist_freq: &[u32; 30], last: bool) -> BlockCode {
        let lit_len = code_lengths(lit_freq, 15);
        let dist_len = code_lengths(dist_freq, 15);
        let mut header = Bits::with_capacity(512);
        write_header(&mut header, &lit_len, &dist_len, last);
        let header_bits = header.len * 8 + header.n as usize;
        let lit = code_table(&lit_len);
        let lengths = (0..=MAX_MATCH)
            .map(|len| {
                if len < MIN_MATCH {
                    return (0, 0);
                }
                let (code, extra, value) = length_code(len);
                let (bits, n) = lit[code];
                (bits | value << n, n + extra)
            })
            .collect();
        let codes = &*DISTANCE_CODES;
        let dist = code_table(&dist_len)
            .into_iter()
            .enumerate()
            .map(|(symbol, (bits, n))| DistanceCode {
                bits,
                n,
                first: codes.first[symbol],
                extra: codes.extra[symbol],
            })
            .collect();
        BlockCode {
            lit,
            lengths,
            dist,
            dist_codes: &codes.code,
            header: header.finish(),
            header_bits,
        }
    }

    /// Write token `t` of `data`: a literal's code, or a length's code and extra bits
    /// then a distance's (at most 48 bits, one flush). Both are looked up and the one
    /// that applies chosen, with no branch: which one comes next is hard to guess.
    #[inline]
    fn put(&self, bits: &mut Bits, data: &[u8], t: Token) {
        let literal = self.lit[usize::from(data[t.pos as usize])];
        let length = self.lengths[usize::from(t.len)];
        // (A literal's distance, 0, looks up the last code, unused.)
        let d = usize::from(t.dist).wrapping_sub(1) & (WINDOW - 1);
        let symbol = usize::from(self.dist_codes[if d < 256 { d } else { 256 + (d >> 7) }]);
        let c = self.dist[symbol];
        // Its extra bits: how far past the code's first distance.
        let distance = (c.bits | (d as u32 - c.first) << c.n, c.n + c.extra);
        // All ones for a match, none for a literal (a mask, so the compiler makes no
        // branch of the choice).
        let m = u32::from(t.len != 0).wrapping_neg();
        bits.put(length.0 & m | literal.0 & !m, length.1 & m | literal.1 & !m);
        bits.put(distance.0 & m, distance.1 & m);
        bits.flush();
    }

    /// End the block: its end-of-block code.
    fn end(&self, bits: &mut Bits) {
        let (code, n) = self.lit[256];
        bits.put(code, n);
        bits.flush();
    }
}

/// A distance code's code (`bits`, `n` of them), the first distance it says (less one)
/// and how many extra bits follow it.
#[derive(Clone, Copy)]
struct DistanceCode {
    bits: u32,
    n: u32,
    first: u32,
    extra: u32,
}

/// Each symbol's code and length: code in the first, length in the second.
fn code_table(lengths: &[u8]) -> Vec<(u32, u32)> {
    canonical_codes(lengths)
        .into_iter()
        .zip(lengths)
        .map(|(c, &l)| (c, u32::from(l)))
        .collect()
}

/// Which of `count` blocks of `block_len` bytes says byte `pos` (the last, the rest).
fn block_at(pos: u32, block_len: usize, count: usize) -> usize {
    (pos as usize / block_len).min(count - 1)
}

/// Count the literal/length and distance symbols of `tokens`, a parse of `data`.
fn count_symbols(data: &[u8], tokens: &[Token], lit: &mut [u32; 286], dist: &mut [u32; 30]) {
    for &t in tokens {
        if t.len == 0 {
            lit[usize::from(data[t.pos as usize])] += 1;
        } else {
            lit[length_code(usize::from(t.len)).0] += 1;
            dist[distance_code(usize::from(t.dist)).0] += 1;
        }
    }
}

/// Distance codes as zlib finds them, all from [`distance_code`]: the code of distances
/// 1–256 by `dist − 1`, then of longer ones by `(dist − 1) >> 7` (at 257 and beyond); and
/// each code's first distance (less one) and extra bits.
struct DistanceCodes {
    code: [u8; 512],
    first: [u32; 30],
    extra: [u32; 30],
}

static DISTANCE_CODES: std::sync::LazyLock<DistanceCodes> = std::sync::LazyLock::new(|| {
    let mut t = DistanceCodes {
        code: [0; 512],
        first: [0; 30],
        extra: [0; 30],
    };
    for (d, code) in t.code.iter_mut().enumerate() {
        let dist = if d < 256 { d + 1 } else { ((d - 256) << 7) + 1 };
        *code = distance_code(dist.max(1)).0 as u8;
    }
    for dist in 1..=WINDOW {
        let (code, extra, value) = distance_code(dist);
        if value == 0 {
            t.first[code] = (dist - 1) as u32;
            t.extra[code] = extra;
        }
    }
    t
});

impl Coder {
    /// Codes for the static board `data` (parsed as `tokens`) and for pictures like
    /// `samples` (each data and its tokens): each block's built from how often each
    /// symbol comes in it, every symbol counted at least once so any picture can be said.
    pub fn new(data: &[u8], tokens: &[Token], samples: &[(&[u8], &[Token])]) -> Coder {
        Coder::with_blocks(data, tokens, samples, BLOCK_BYTES)
    }

    /// The same with blocks of about `block_bytes` (at least one block).
    pub fn with_blocks(
        data: &[u8],
        tokens: &[Token],
        samples: &[(&[u8], &[Token])],
        block_bytes: usize,
    ) -> Coder {
        let count = (data.len() / block_bytes.max(1)).max(1);
        let block_len = data.len().div_ceil(count).max(1);
        let block_of = |pos: u32| block_at(pos, block_len, count);
        let mut freqs = vec![([1u32; 286], [1u32; 30]); count];
        for (d, ts) in std::iter::once((data, tokens)).chain(samples.iter().copied()) {
            for within in ts.chunk_by(|a, b| block_of(a.pos) == block_of(b.pos)) {
                let (lit, dist) = &mut freqs[block_of(within[0].pos)];
                count_symbols(d, within, lit, dist);
            }
        }
        let blocks: Vec<BlockCode> = (freqs.iter().enumerate())
            .map(|(b, (lit, dist))| BlockCode::new(lit, dist, b + 1 == count))
            .collect();
        let mut coder = Coder {
            blocks,
            block_len,
            first_tokens: Vec::with_capacity(count),
            coded: Vec::new(),
            starts: Vec::with_capacity(tokens.len() + 1),
        };
        let mut bits = Bits::with_capacity(data.len() / 8 + 1024);
        let mut open = 0;
        for (i, &t) in tokens.iter().enumerate() {
            let b = block_of(t.pos);
            while coder.first_tokens.len() < b {
                coder.first_tokens.push(i as u32);
            }
            coder.open_to(&mut bits, &mut open, b);
            coder.starts.push((bits.len * 8 + bits.n as usize) as u32);
            coder.blocks[b].put(&mut bits, data, t);
        }
        coder.starts.push((bits.len * 8 + bits.n as usize) as u32);
        coder.coded = bits.finish();
        coder
    }

    /// The block that says byte `pos`.
    fn block_of(&self, pos: u32) -> usize {
        block_at(pos, self.block_len, self.blocks.len())
    }

    /// The block of the static token `t` (the last block for the end of the tokens).
    fn block_of_token(&self, t: u32) -> usize {
        self.first_tokens.iter().take_while(|&&f| f <= t).count()
    }

    /// End the blocks from `open` on and begin each next one, up to block `to`.
    fn open_to(&self, bits: &mut Bits, open: &mut usize, to: usize) {
        while *open < to {
            self.blocks[*open].end(bits);
            *open += 1;
            let next = &self.blocks[*open];
            bits.copy_bits(&next.header, 0, next.header_bits);
        }
    }

    /// `data` as a zlib stream, from its parse `steps` against the static board's.
    pub fn zlib(&self, data: &[u8], steps: &[Step]) -> Vec<u8> {
        self.zlib_checked(data, steps, adler32(data))
    }

    /// [`Coder::zlib`] when `data`'s Adler-32 checksum is known already (`adler`).
    pub fn zlib_checked(&self, data: &[u8], steps: &[Step], adler: u32) -> Vec<u8> {
        let mut bits = Bits::with_capacity(data.len() / 8 + 1024);
        // CMF: deflate with a 32 KB window; FLG: no dictionary, check bits.
        bits.extend(&[0x78, 0x01]);
        let first = &self.blocks[0];
        bits.copy_bits(&first.header, 0, first.header_bits);
        let mut open = 0;
        // Where the next block begins (no division a token).
        let next = |open: usize| {
            if open + 1 < self.blocks.len() {
                (open + 1) * self.block_len
            } else {
                usize::MAX
            }
        };
        let mut ends = next(0);
        for step in steps {
            match *step {
                Step::Kept { first, count } => {
                    let (a, b) = (first as usize, (first + count) as usize);
                    if let (Some(&from), Some(&to)) = (self.starts.get(a), self.starts.get(b)) {
                        self.open_to(&mut bits, &mut open, self.block_of_token(first));
                        // The bits copied end and begin the blocks between as they go.
                        bits.copy_bits(&self.coded, from as usize, to as usize);
                        open = self.block_of_token(first + count);
                        ends = next(open);
                    }
                }
                Step::New(t) => {
                    if t.pos as usize >= ends {
                        self.open_to(&mut bits, &mut open, self.block_of(t.pos));
                        ends = next(open);
                    }
                    self.blocks[open].put(&mut bits, data, t);
                }
            }
        }
        self.open_to(&mut bits, &mut open, self.blocks.len() - 1);
        self.blocks[open].end(&mut bits);
        let mut out = bits.finish();
        out.extend_from_slice(&adler.to_be_bytes());
        out
    }
}

/// The header of a dynamic block with these code lengths, the final one if `last` (RFC
/// 1951, 3.2.7).
fn write_header(bits: &mut Bits, lit_len: &[u8], dist_len: &[u8], last: bool) {
    let hlit = 257.max(lit_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let hdist = 1.max(dist_len.iter().rposition(|&l| l > 0).map_or(0, |p| p + 1));
    let mut all = lit_len[..hlit].to_vec();
    all.extend_from_slice(&dist_len[..hdist]);
    let rle = rle_lengths(&all);
    let mut clen_freq = [0u32; 19];
    for &(s, _) in &rle {
        clen_freq[usize::from(s)] += 1;
    }
    let clen_len = code_lengths(&clen_freq, 7);
    let clen_code = canonical_codes(&clen_len);
    let hclen = 4.max(
        CLEN_ORDER
            .iter()
            .rposition(|&s| clen_len[s] > 0)
            .map_or(0, |p| p + 1),
    );
    bits.put(u32::from(last), 1);
    bits.put(2, 2);
    bits.put((hlit - 257) as u32, 5);
    bits.put((hdist - 1) as u32, 5);
    bits.put((hclen - 4) as u32, 4);
    bits.flush();
    for &s in &CLEN_ORDER[..hclen] {
        bits.put(u32::from(clen_len[s]), 3);
        bits.flush();
    }
    for &(s, extra) in &rle {
        let s = usize::from(s);
        bits.put(clen_code[s], u32::from(clen_len[s]));
        match s {
            16 => bits.put(u32::from(extra), 2),
            17 => bits.put(u32::from(extra), 3),
            18 => bits.put(u32::from(extra), 7),
            _ => {}
        }
        bits.flush();
    }
}

/// The Adler-32 checksum zlib ends with.
pub fn adler32(data: &[u8]) -> u32 {
    let mut a = simd_adler32::Adler32::new();
    a.write(data);
    a.finish()
}
