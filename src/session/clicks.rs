//! A click on a game's button or menu: one use case. The front reads the click (which
//! game, which button, the value chosen) into a [`ClickAsk`]; the session finds where the
//! game is played (a lobby's buttons posted in a channel act on a game played in a
//! thread), refuses a game of another server or one that is gone as moved on, and does
//! what the click asks through the same use cases as the typed commands.

use super::core::Play;
use super::daifugo_play::Hand;
use super::opening::{LobbyAct, LobbyDone, PlaceFront, Room};
use super::outcome::Changed;
use super::rematch::Rematch;
use super::request::Command;
use super::{Actor, ClimbView, DaifugoView, SessionError};
use crate::climb::{hint::Hint, Outcome};
use crate::store::{Place, Stamp, Store};

/// What a click asks, as the front read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClickAsk {
    /// A step of a Prime Climb turn (End, Undo, a choice from a menu) on the board shown.
    Climb { stamp: Stamp, command: Command },
    /// The `n` best moves for the turn on the board shown.
    ClimbHint { stamp: Stamp, n: usize },
    /// Every legal end of the turn on the board shown.
    ClimbMoves { stamp: Stamp },
    /// The player to move picks a pawn to see its steps (`None`: the pawns again) on the
    /// board shown; nothing changes.
    ClimbPawn { stamp: Stamp, pawn: Option<u8> },
    /// A lobby's button or menu.
    Lobby {
        game_id: i64,
        act: LobbyAct,
        room: Room,
    },
    /// A Prime Daifugo action, in the game's words (`draw`, `pass`, `discard 7`…).
    Daifugo { stamp: Stamp, words: String },
    /// The clicker's own hand (`hint`: what they could play with it).
    Hand { game_id: i64, hint: bool },
    /// A finished game's Rematch button; `may_open`: the front may open a place of its own
    /// for the new game.
    Rematch { game_id: i64, may_open: bool },
}

/// What a click did; each carries the place of the game it acted on.
#[derive(Debug)]
pub enum Clicked {
    Climb(Place, Box<Changed<ClimbView>>),
    ClimbHint(Box<ClimbView>, Vec<Hint>),
    ClimbMoves(Box<ClimbView>, Vec<Outcome>),
    /// The board shown, still current, and the pawn its player to move picked.
    ClimbPawn(Box<ClimbView>, Option<u8>),
    Lobby(Place, LobbyDone),
    Daifugo(Place, Box<Changed<DaifugoView>>),
    /// The hand, and whether a hint was asked.
    Hand(Box<Hand>, bool),
    Rematch(Rematch),
}

impl ClickAsk {
    fn game_id(&self) -> i64 {
        match self {
            ClickAsk::Climb { stamp, .. }
            | ClickAsk::ClimbHint { stamp, .. }
            | ClickAsk::ClimbMoves { stamp }
            | ClickAsk::ClimbPawn { stamp, .. }
            | ClickAsk::Daifugo { stamp, .. } => stamp.game_id,
            ClickAsk::Lobby { game_id, .. }
            | ClickAsk::Hand { game_id, .. }
            | ClickAsk::Rematch { game_id, .. } => *game_id,
        }
    }
}

impl<S: Store> Play<'_, S> {
    /// Do what a click in server `guild_id` asks of the game it names (see the module).
    pub async fn click(
        self,
        guild_id: i64,
        actor: &Actor,
        ask: ClickAsk,
        front: &impl PlaceFront,
    ) -> Result<Clicked, SessionError> {
        let place = self
            .store()
            .game(ask.game_id())
            .await?
            .map(|row| row.place)
            .filter(|p| p.guild_id == guild_id)
            .ok_or(SessionError::Moved)?;
        let user = actor.user_id.unwrap_or_default();
        Ok(match ask {
            ClickAsk::Climb { stamp, command } => {
                let changed = self.act(place, actor, command, Some(stamp)).await?;
                Clicked::Climb(place, Box::new(changed))
            }
            ClickAsk::ClimbHint { n, .. } => {
                let (view, hints) = self.hint_for(place, n, user).await?;
                Clicked::ClimbHint(Box::new(view), hints)
            }
            ClickAsk::ClimbPawn { stamp, pawn } => {
                let view = self.for_mover(place, actor, stamp).await?;
                Clicked::ClimbPawn(Box::new(view), pawn)
            }
            ClickAsk::ClimbMoves { .. } => {
                let (view, outcomes) = self.legal_moves(place).await?;
                Clicked::ClimbMoves(Box::new(view), outcomes)
            }
            ClickAsk::Lobby { game_id, act, room } => {
                let done = self
                    .lobbies()
                    .lobby_act(place, game_id, act, actor, room)
                    .await?;
                Clicked::Lobby(place, done)
            }
            ClickAsk::Daifugo { stamp, words } => {
                let changed = self.daifugo_act(place, actor, &words, Some(stamp)).await?;
                Clicked::Daifugo(place, Box::new(changed))
            }
            ClickAsk::Hand { game_id, hint } => {
                let hand = self.hand(place, user, Some(game_id), !hint).await?;
                Clicked::Hand(Box::new(hand), hint)
            }
            ClickAsk::Rematch { game_id, may_open } => Clicked::Rematch(
                self.lobbies()
                    .rematch(game_id, guild_id, actor, may_open, front)
                    .await?,
            ),
        })
    }
}
