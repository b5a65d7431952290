//! The animated replay (`src/render/replay.rs`): one frame for the start and one for the
//! end of every turn, each with the turn it ends; a move taken back leaves no frame; the
//! GIF decodes to exactly those frames at the width asked, loops, holds the last frame
//! longer, and a 40-turn game stays under Discord's 8 MB.

use std::io::Cursor;

use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, Frame};
use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::{Action, Game, Options};
use primeclimb::render::replay::{
    replay_gif, ReplayFrame, ReplayFrames, LAST_FRAME_MS, REPLAY_WIDTH, TURN_MS,
};
use primeclimb::render::{RenderOptions, MIN_SIZE};

/// The pictures' words in English.
const EN: &dyn primeclimb::render::Words =
    &primeclimb::text::pictures::PictureWords(primeclimb::lang::Lang::En);

/// Discord's upload limit for a bot's attachment.
const DISCORD_LIMIT: usize = 8 * 1024 * 1024;

fn names(n: usize) -> Vec<String> {
    ["Ada", "Bea", "Cy", "Dot"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Up to `turns` turns of a game between medium AIs, recorded decision by decision.
fn ai_replay(players: usize, seed: u64, turns: usize) -> (Game, Vec<ReplayFrame>) {
    let mut game = Game::new(Options::default(), &names(players), seed).expect("a new game");
    let mut frames = ReplayFrames::new(&game);
    while !game.is_over() && frames.frames().len() <= turns {
        let events = ai::play(&mut game, Level::Medium).expect("the AI plays legal moves");
        frames.record(&game, &events);
    }
    (game, frames.into_frames())
}

fn decode(gif: &[u8]) -> Vec<Frame> {
    GifDecoder::new(Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .collect_frames()
        .expect("every frame decodes")
}

fn ms(frame: &Frame) -> u32 {
    let (n, d) = frame.delay().numer_denom_ms();
    n / d
}

#[test]
fn a_replay_begins_at_the_start_and_shows_the_end_of_every_turn() {
    let (_, frames) = ai_replay(4, 3, 12);
    assert_eq!(frames.len(), 13);
    let (start, none) = &frames[0];
    assert_eq!(
        start.turn.number, 1,
        "the first frame is the start position"
    );
    assert!(none.is_none(), "…with the first roll, no turn played yet");
    assert!(start.players.iter().all(|p| p.pawns == [0, 0]));
    for (i, (game, last)) in frames.iter().enumerate().skip(1) {
        let last = last.as_ref().expect("each later frame draws its turn");
        assert_eq!(last.number, Some(i as u32), "frame {i} ends turn {i}");
        assert!(last.roll.is_some(), "frame {i} shows its dice");
        assert_eq!(
            game.turn.number,
            i as u32 + 1,
            "frame {i}: the game as it stands when the next turn begins"
        );
    }
}

#[test]
fn a_won_game_ends_on_the_winning_turn() {
    // Seed 1 of four medium AIs is won on turn 36.
    let (game, frames) = ai_replay(4, 1, usize::MAX);
    assert!(game.is_over());
    assert_eq!(frames.len() as u32, game.turn.number + 1);
    let (end, last) = frames.last().expect("frames");
    assert_eq!(end, &game);
    let last = last.as_ref().expect("the winning turn");
    assert_eq!(last.won, game.winner);
    assert_eq!(last.number, Some(game.turn.number));
}

#[test]
fn a_move_taken_back_leaves_no_frame() {
    // The first seeded game whose first move draws no card (so it can be taken back).
    let (mut game, seat) = (0..50)
        .find_map(|seed| {
            let mut game = Game::new(Options::default(), &names(2), seed).expect("a game");
            ai::play(&mut game, Level::Medium).expect("legal");
            let seat = game.take_back_seat()?;
            Some((
                Game::new(Options::default(), &names(2), seed).expect("a game"),
                seat,
            ))
        })
        .expect("a first move without a card");
    let roll = game.turn.roll;
    let mut frames = ReplayFrames::new(&game);
    let events = ai::play(&mut game, Level::Medium).expect("legal");
    frames.record(&game, &events);
    assert_eq!(frames.frames().len(), 2);
    let events = game.apply(seat, &Action::TakeBack).expect("taken back");
    frames.record(&game, &events);
    assert_eq!(frames.frames().len(), 1, "the move taken back never stood");
    assert_eq!(game.turn.number, 1);
    // Played again: one frame for turn 1, the one that stood.
    let events = ai::play(&mut game, Level::Medium).expect("legal");
    frames.record(&game, &events);
    let frames = frames.into_frames();
    assert_eq!(frames.len(), 2);
    assert_eq!(frames[1].0, game);
    let last = frames[1].1.as_ref().expect("the turn played again");
    assert_eq!(last.number, Some(1));
    assert_eq!(last.seat, Some(seat));
    assert_eq!(last.roll, Some(roll), "a move taken back keeps its dice");
}

#[test]
fn the_gif_has_one_frame_per_turn_at_the_width_asked_and_loops() {
    let (_, frames) = ai_replay(3, 5, 4);
    assert_eq!(frames.len(), 5);
    let gif = replay_gif(&frames, &RenderOptions::default(), EN, MIN_SIZE).expect("encodes");
    let decoded = decode(&gif);
    assert_eq!(decoded.len(), frames.len(), "one GIF frame per frame");
    for (i, f) in decoded.iter().enumerate() {
        assert_eq!(f.buffer().dimensions(), (MIN_SIZE, MIN_SIZE), "frame {i}");
        let want = if i + 1 == decoded.len() {
            LAST_FRAME_MS
        } else {
            TURN_MS
        };
        assert_eq!(ms(f), want, "frame {i}");
    }
    // The pictures change from turn to turn (a pawn moved, the panel told the turn).
    assert_ne!(decoded[0].buffer(), decoded[1].buffer());
    // NETSCAPE2.0 application extension: the animation loops.
    assert!(gif.windows(11).any(|w| w == b"NETSCAPE2.0"));
}

#[test]
fn no_frames_is_an_error_not_an_empty_file() {
    assert!(replay_gif(&[], &RenderOptions::default(), EN, REPLAY_WIDTH).is_err());
}

#[test]
fn a_forty_turn_replay_fits_in_a_discord_message() {
    let (_, frames) = ai_replay(4, 3, 40);
    assert_eq!(frames.len(), 41);
    let gif = replay_gif(&frames, &RenderOptions::default(), EN, REPLAY_WIDTH).expect("encodes");
    assert!(
        gif.len() < DISCORD_LIMIT,
        "40 turns take {} bytes, over 8 MB",
        gif.len()
    );
    let decoded = decode(&gif);
    assert_eq!(decoded.len(), 41);
    assert_eq!(
        decoded[40].buffer().dimensions(),
        (REPLAY_WIDTH, REPLAY_WIDTH)
    );
}

#[test]
fn a_replay_too_big_is_made_smaller_until_it_fits() {
    use primeclimb::render::replay::replay_fitted;
    let (_, frames) = ai_replay(2, 5, 7);
    let opts = RenderOptions::default();
    let full = replay_fitted(&frames, &opts, EN, usize::MAX).expect("encodes");
    assert_eq!((full.width, full.every), (REPLAY_WIDTH, 1));
    assert_eq!(decode(&full.gif).len(), frames.len());
    let limit = full.gif.len() / 3;
    let small = replay_fitted(&frames, &opts, EN, limit).expect("encodes");
    assert!(small.gif.len() <= limit, "{} > {limit}", small.gif.len());
    assert!(small.width < REPLAY_WIDTH || small.every > 1);
    let shown = decode(&small.gif);
    assert_eq!(shown[0].buffer().dimensions(), (small.width, small.width));
    // The start and the end are always shown.
    let n = frames.len();
    let every = small.every;
    let expected = n.div_ceil(every) + usize::from((n - 1) % every != 0);
    assert_eq!(shown.len(), expected);
}
