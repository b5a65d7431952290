//! The replay of a whole Prime Climb game as an animated GIF that Discord plays inline:
//! one board picture per frame (the start position, then the board at the end of each
//! turn with that turn drawn on it), each drawn by [`render_board`] at a reduced size.
//!
//! Owns the frames (which game states and which turns a replay shows, from the engine's
//! events: [`ReplayFrames`]) and their encoding. Reads engine values only: where the game
//! comes from (a stored log, an AI match) is the caller's business, and so are the words.

use std::borrow::Cow;

use image::error::{EncodingError, ImageFormatHint, ParameterError, ParameterErrorKind};
use image::{ImageError, ImageFormat};

use super::{canvas, indexed, render_board, LastTurn, RenderOptions, Words, MAX_SIZE, MIN_SIZE};
use crate::climb::{Event, Game};

/// The width (and height) of a replay's frames. Discord shows an inline picture about
/// 400 px wide on a phone and up to 550 px on a desktop: 640 px keeps the numbers and the
/// panel as sharp as the board picture there. Written with the look's palette and only
/// what changed since the frame before, a 40-turn game takes about 0.55 MB and 0.14 s in
/// a release build on a shared 2-core machine (targets 2 MB, 0.5 s; `cargo bench --bench
/// replay`), so only a game of several hundred turns comes near Discord's 8 MB: the
/// caller decides what to do with one (a smaller width, or part of the game).
pub const REPLAY_WIDTH: u32 = 640;

/// How long each turn is shown.
pub const TURN_MS: u32 = 1_200;
/// How long the last frame (the end of the game) is held before the replay loops.
pub const LAST_FRAME_MS: u32 = 3_000;

/// One picture of a replay: the game as it stood, and the turn drawn on it (`None`: the
/// turn in progress, e.g. the first player's roll at the start).
pub type ReplayFrame = (Game, Option<LastTurn>);

/// Collects the frames of a replay while a game is played (or replayed from its log)
/// action by action: the start position, then one frame each time a turn ends (the turn
/// number changes, or the game is over).
#[derive(Clone, Debug)]
pub struct ReplayFrames {
    frames: Vec<ReplayFrame>,
    /// Every event since the turn being played began.
    turn: Vec<Event>,
    /// The number of the turn being played.
    number: u32,
}

impl ReplayFrames {
    /// A replay that begins at `start`, the game before anyone acted.
    pub fn new(start: &Game) -> ReplayFrames {
        ReplayFrames {
            frames: vec![(start.clone(), None)],
            turn: vec![turn_started(start)],
            number: start.turn.number,
        }
    }

    /// Note what one `Game::apply` (or `apply_all`) did: `game` is the game after it,
    /// `events` what it returned.
    pub fn record(&mut self, game: &Game, events: &[Event]) {
        self.turn.extend_from_slice(events);
        let number = game.turn.number;
        if number < self.number {
            // A finished move was taken back (the turn is restored with its dice): the
            // picture of its end never stood.
            if self.frames.len() > 1 {
                self.frames.pop();
            }
            self.turn = vec![turn_started(game)];
        } else if number != self.number || game.is_over() {
            // The engine has already begun the next turn: `from_events` leaves its events
            // out, and they are where the next turn's events begin.
            self.frames
                .push((game.clone(), LastTurn::from_events(&self.turn)));
            let began = self
                .turn
                .iter()
                .rposition(|e| matches!(e, Event::TurnStarted { number: n, .. } if *n == number));
            self.turn = match began {
                Some(i) => self.turn.split_off(i),
                None => vec![turn_started(game)],
            };
        }
        self.number = number;
    }

    /// The frames so far: the start, then the end of every finished turn.
    pub fn frames(&self) -> &[ReplayFrame] {
        &self.frames
    }

    pub fn into_frames(self) -> Vec<ReplayFrame> {
        self.frames
    }
}

/// The event that began the turn `game` is playing (the engine reports it when the turn
/// before ends; the first turn's is not returned by `Game::new`).
fn turn_started(game: &Game) -> Event {
    Event::TurnStarted {
        seat: game.turn.seat,
        number: game.turn.number,
        roll: game.turn.roll,
        cursed: game.turn.cursed,
    }
}

/// The replay of `frames` as an animated GIF that loops: each frame drawn by
/// [`render_board`] with `opts` at `width` × `width` pixels (clamped to
/// `MIN_SIZE..=MAX_SIZE`; `opts.size` is not used), shown [`TURN_MS`], the last one
/// [`LAST_FRAME_MS`]. CPU-bound: async callers run it on a blocking thread.
pub fn replay_gif(
    frames: &[ReplayFrame],
    opts: &RenderOptions,
    words: &dyn Words,
    width: u32,
) -> Result<Vec<u8>, ImageError> {
    if frames.is_empty() {
        return Err(ImageError::Parameter(ParameterError::from_kind(
            ParameterErrorKind::Generic("a replay needs at least one frame".into()),
        )));
    }
    let opts = RenderOptions {
        size: width.clamp(MIN_SIZE, MAX_SIZE),
        ..opts.clone()
    };
    let side = opts.layout().size;
    // The look's palette (the board picture's, at this size) is the GIF's: no colours to
    // learn per frame, and the same colour means the same index in every frame.
    let look = indexed(&opts, words);
    let mut palette = look.palette().to_vec();
    // One more entry, transparent: a pixel the frame before already shows.
    let unchanged = (palette.len() / 3) as u8;
    palette.extend_from_slice(&[0, 0, 0]);
    let failed = |e: gif::EncodingError| {
        ImageError::Encoding(EncodingError::new(
            ImageFormatHint::Exact(ImageFormat::Gif),
            e,
        ))
    };
    let mut out = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut out, side as u16, side as u16, &palette).map_err(failed)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(failed)?;
        let mut shown: Option<Vec<u8>> = None;
        for (i, (game, last)) in frames.iter().enumerate() {
            let ms = if i + 1 == frames.len() {
                LAST_FRAME_MS
            } else {
                TURN_MS
            };
            canvas::record_touched(true);
            let mut img = render_board(game, last.as_ref(), &opts, words);
            let touched = canvas::record_touched(false);
            let pixels = look.indices_within(&mut img, &touched);
            // Only the box that changed since the frame before: the rest stays shown.
            let [x0, y0, x1, y1] = match &shown {
                Some(before) => changed_box(before, &pixels, side as usize),
                None => [0, 0, side as usize, side as usize],
            };
            let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
            let rows = pixels.chunks_exact(side as usize).take(y1).skip(y0);
            match &shown {
                Some(before) => {
                    let before_rows = before.chunks_exact(side as usize).skip(y0);
                    for (row, was) in rows.zip(before_rows) {
                        buffer.extend(row[x0..x1].iter().zip(&was[x0..x1]).map(|(&p, &q)| {
                            if p == q {
                                unchanged
                            } else {
                                p
                            }
                        }));
                    }
                }
                None => {
                    for row in rows {
                        buffer.extend_from_slice(&row[x0..x1]);
                    }
                }
            }
            let frame = gif::Frame {
                delay: (ms / 10) as u16,
                dispose: gif::DisposalMethod::Keep,
                left: x0 as u16,
                top: y0 as u16,
                width: (x1 - x0) as u16,
                height: (y1 - y0) as u16,
                transparent: shown.is_some().then_some(unchanged),
                buffer: Cow::Owned(buffer),
                ..gif::Frame::default()
            };
            encoder.write_frame(&frame).map_err(failed)?;
            shown = Some(pixels);
        }
    }
    Ok(out)
}

/// The smallest box (`[x0, y0, x1, y1]`, ends excluded) holding every pixel of `now` that
/// differs from `before` (both `side` × `side`); one pixel when none does, for a frame
/// must hold something.
fn changed_box(before: &[u8], now: &[u8], side: usize) -> [usize; 4] {
    let (mut x0, mut y0, mut x1, mut y1) = (side, side, 0, 0);
    for (y, (a, b)) in before
        .chunks_exact(side)
        .zip(now.chunks_exact(side))
        .enumerate()
    {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last + 1);
        y0 = y0.min(y);
        y1 = y + 1;
    }
    if x0 >= x1 {
        [0, 0, 1, 1]
    } else {
        [x0, y0, x1, y1]
    }
}

/// Discord's upload limit for a bot's attachment, less a margin for the message.
pub const DISCORD_LIMIT: usize = 8 * 1024 * 1024 - 64 * 1024;

/// A replay made to fit a size limit ([`replay_fitted`]).
#[derive(Clone, Debug)]
pub struct FittedReplay {
    pub gif: Vec<u8>,
    /// The frames' width (and height).
    pub width: u32,
    /// One turn in `every` is shown (1: every turn); the start and the end always are.
    pub every: usize,
}

/// The replay of `frames` within `limit` bytes: at [`REPLAY_WIDTH`] when it fits, else at
/// a smaller width estimated from the first try (down to 400 px, the width a phone shows
/// anyway), else with one turn in two (three, …) at 400 px. A 40-turn game fits at full
/// width; only games of well over a hundred turns are shrunk.
pub fn replay_fitted(
    frames: &[ReplayFrame],
    opts: &RenderOptions,
    words: &dyn Words,
    limit: usize,
) -> Result<FittedReplay, ImageError> {
    const SMALLEST: u32 = 400;
    let mut width = REPLAY_WIDTH;
    let mut every = 1;
    loop {
        let shown = sampled(frames, every);
        let gif = replay_gif(&shown, opts, words, width)?;
        if gif.len() <= limit {
            return Ok(FittedReplay { gif, width, every });
        }
        // The size goes with the area: aim 10% under the limit.
        let scale = ((limit as f64 * 0.9) / gif.len() as f64).sqrt();
        if width > SMALLEST {
            width = ((f64::from(width) * scale) as u32).clamp(SMALLEST, width - 16);
        } else {
            every = (every as f64 / (scale * scale))
                .ceil()
                .max(every as f64 + 1.0) as usize;
        }
    }
}

/// The start, every `every`th frame after it, and the last one.
fn sampled(frames: &[ReplayFrame], every: usize) -> Vec<ReplayFrame> {
    let last = frames.len().saturating_sub(1);
    frames
        .iter()
        .enumerate()
        .filter(|(i, _)| every <= 1 || i % every == 0 || *i == last)
        .map(|(_, f)| f.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampling_keeps_the_start_and_the_end() {
        let game = Game::new(
            crate::climb::Options::default(),
            &["A".to_string(), "B".to_string()],
            1,
        )
        .expect("a game");
        let frames: Vec<ReplayFrame> = (0..10).map(|_| (game.clone(), None)).collect();
        assert_eq!(sampled(&frames, 1).len(), 10);
        assert_eq!(sampled(&frames, 2).len(), 6, "0 2 4 6 8 and 9");
        assert_eq!(sampled(&frames, 3).len(), 4, "0 3 6 9");
    }
}
