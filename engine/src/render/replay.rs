//! The replay of a whole Prime Climb game as an animated GIF that Discord plays inline:
//! one board picture per frame (the start position, then the board at the end of each
//! turn with that turn drawn on it), each drawn by [`render_board`] at a reduced size.
//!
//! Owns the frames (which game states and which turns a replay shows, from the engine's
//! events: [`ReplayFrames`]) and their encoding. Reads engine values only: where the game
//! comes from (a stored log, an AI match) is the caller's business, and so are the words.

use image::codecs::gif::{GifEncoder, Repeat};
use image::error::{ParameterError, ParameterErrorKind};
use image::{Delay, Frame, ImageError};

use super::{render_board, LastTurn, RenderOptions, Words, MAX_SIZE, MIN_SIZE};
use crate::climb::{Event, Game};

/// The width (and height) of a replay's frames. Discord shows an inline picture about
/// 400 px wide on a phone and up to 550 px on a desktop: 640 px keeps the numbers and the
/// panel as sharp as the board picture there, while a 40-turn game takes about 2.8 MB
/// and 1.2 s to encode in a release build on a shared 2-core machine (targets 8 MB, 3 s;
/// `cargo bench --bench replay`). Each frame costs about 70 KB and 30 ms, so a game of
/// more than about 120 turns is over 8 MB at this width: the caller decides what to do
/// with a longer one (a smaller width, or part of the game).
pub const REPLAY_WIDTH: u32 = 640;

/// How long each turn is shown.
pub const TURN_MS: u32 = 1_200;
/// How long the last frame (the end of the game) is held before the replay loops.
pub const LAST_FRAME_MS: u32 = 3_000;

/// The quantisation speed of the GIF encoder (1 best … 30 fastest): NeuQuant learns each
/// frame's 256 colours from one pixel in `QUANTISE_SPEED`. The board's flat colours need
/// few samples: measured on a frame at 640 px, 10 is within 0.1 dB of 5 (44.4 dB PSNR)
/// at 60% of its time, and 1 is 7× slower for nothing visible.
pub const QUANTISE_SPEED: i32 = 10;

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
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut out, QUANTISE_SPEED);
        encoder.set_repeat(Repeat::Infinite)?;
        for (i, (game, last)) in frames.iter().enumerate() {
            let ms = if i + 1 == frames.len() {
                LAST_FRAME_MS
            } else {
                TURN_MS
            };
            let img = render_board(game, last.as_ref(), &opts, words);
            encoder.encode_frame(Frame::from_parts(
                img,
                0,
                0,
                Delay::from_numer_denom_ms(ms, 1),
            ))?;
        }
    }
    Ok(out)
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
