//! The demonstration position (`primeclimb render --demo`, the benchmark, the golden
//! test): four players in mid-game, just after a turn with a two-step path, a bump and a
//! card drawn. Built by playing real actions through the engine, so it is a legal game.

use crate::climb::card::CardId;
use crate::climb::{
    notation, Action, Effect, Event, Game, KeeperEffect, Options, PositionSetup, Roll, RuleError,
};

use super::last_turn::LastTurn;

/// The seed of the demo game (it decides the deck order and the next player's dice).
pub const DEMO_SEED: u64 = 2024;

/// The demo game after Bea's turn, and that turn.
///
/// Ada has one pawn home and two Keepers; Bea (to move, rolled 9 and 7) plays `8 x9 +7`:
/// 8 × 9 = 72, 72 + 7 = 79, which bumps Cy's pawn from 79 and, 79 being red, draws the
/// ±7 Keeper. Dot holds a Send-within-2 Keeper. Then it is Cy's turn.
pub fn demo_game() -> Result<(Game, LastTurn), RuleError> {
    let setup = PositionSetup {
        pawns: vec![[31, 101], [8, 45], [79, 17], [0, 53]],
        keepers: vec![
            vec![KeeperEffect::PlusMinus { n: 3 }, KeeperEffect::Curse],
            Vec::new(),
            Vec::new(),
            vec![KeeperEffect::SendWithin { distance: 2 }],
        ],
        to_move: 1,
        roll: Roll::new(9, 7),
        cursed: false,
    };
    let mut game = Game::from_position(Options::default(), &setup, DEMO_SEED)?;
    for (player, name) in game.players.iter_mut().zip(["Ada", "Bea", "Cy", "Dot"]) {
        player.name = name.into();
    }
    // Mid-game: this is turn 23.
    game.turn.number = 23;
    // The ±7 Keeper on top of the draw pile (the pile is drawn from its end).
    let wanted = Effect::Keeper(KeeperEffect::PlusMinus { n: 7 });
    let cards = game.cards.clone();
    let is_wanted = |c: &CardId| cards.get(usize::from(c.0)).map(|d| d.effect) == Some(wanted);
    if let Some(i) = game.draw_pile.iter().position(is_wanted) {
        let top = game.draw_pile.len() - 1;
        game.draw_pile.swap(i, top);
    }
    let mut events: Vec<Event> = vec![Event::TurnStarted {
        seat: 1,
        number: game.turn.number,
        roll: game.turn.roll,
        cursed: false,
    }];
    events.extend(notation::play(&mut game, 1, "8 x9 +7")?);
    events.extend(game.apply(1, &Action::EndMove)?);
    // The events of a played turn always make a last turn.
    let last = LastTurn::from_events(&events).ok_or(RuleError::GameOver)?;
    Ok((game, last))
}

/// A turn in progress (for the colours a look's palette must hold: a ghost where a pawn
/// was, the steps so far): three players, Ada has played `4 x3` of her 3 and 9 and holds a
/// ±5 Keeper.
pub fn demo_in_progress() -> Result<Game, RuleError> {
    let setup = PositionSetup {
        pawns: vec![[4, 26], [13, 0], [60, 60]],
        keepers: vec![
            vec![KeeperEffect::PlusMinus { n: 5 }],
            Vec::new(),
            Vec::new(),
        ],
        to_move: 0,
        roll: Roll::new(3, 9),
        cursed: false,
    };
    let mut game = Game::from_position(Options::default(), &setup, DEMO_SEED)?;
    notation::play(&mut game, 0, "4 x3")?;
    Ok(game)
}
