//! Helpers shared by the integration tests: positions built by hand and cards stacked
//! on the draw pile.
#![allow(dead_code)]

use primeclimb::climb::{CardId, Effect, Game, KeeperEffect, Options, PositionSetup, Roll, Seat};

/// A game at a hand-built position: `pawns[seat]`, seat 0 to move with `roll`.
pub fn position(pawns: &[[u8; 2]], roll: (u8, u8)) -> Game {
    position_with(pawns, roll, &[], false, Options::default())
}

/// The same position with another seed (the dice to come and the shuffles).
pub fn position_seeded(pawns: &[[u8; 2]], roll: (u8, u8), seed: u64) -> Game {
    build(pawns, roll, &[], false, Options::default(), seed)
}

pub fn position_with(
    pawns: &[[u8; 2]],
    roll: (u8, u8),
    keepers: &[KeeperEffect],
    cursed: bool,
    options: Options,
) -> Game {
    build(pawns, roll, keepers, cursed, options, 7)
}

fn build(
    pawns: &[[u8; 2]],
    roll: (u8, u8),
    keepers: &[KeeperEffect],
    cursed: bool,
    options: Options,
    seed: u64,
) -> Game {
    let setup = PositionSetup {
        pawns: pawns.to_vec(),
        keepers: vec![keepers.to_vec()],
        to_move: 0,
        roll: Some(Roll::new(roll.0, roll.1).expect("a die roll")),
        cursed,
    };
    Game::from_position(options, &setup, seed).expect("a valid position")
}

/// The first card with this effect wherever it is.
pub fn card_with(game: &Game, effect: Effect) -> CardId {
    let i = game
        .cards
        .iter()
        .position(|c| c.effect == effect)
        .expect("the deck has this card");
    CardId(i as u8)
}

/// Put a card with this effect on top of the draw pile (taking it from the pile).
pub fn stack(game: &mut Game, effect: Effect) -> CardId {
    let pos = game
        .draw_pile
        .iter()
        .position(|&c| game.cards[c.0 as usize].effect == effect)
        .expect("the card is in the draw pile");
    let id = game.draw_pile.remove(pos);
    game.draw_pile.push(id);
    id
}

/// Play a written move for the player to move and end the Move phase.
pub fn play_and_end(game: &mut Game, text: &str) -> Vec<primeclimb::climb::Event> {
    let seat: Seat = game.current();
    let mut ev = primeclimb::climb::notation::play(game, seat, text).expect("a legal move");
    if !game.is_over() {
        ev.extend(
            game.apply(seat, &primeclimb::climb::Action::EndMove)
                .expect("the move can end"),
        );
    }
    ev
}
