//! The single steps a player may take next, for playing by clicking instead of typing:
//! for each of their pawns still in play (named by its space, §4), every die use (§3.2),
//! forced move (§3.2) and Keeper play on that pawn (§6.2) that the rules allow now, with
//! the space it lands on; and the Curses they may play.
//!
//! Each step is written in the notation players type (`14 +3`, `40 kw`, `kc2`) and was
//! checked by reading that very text against the game ([`notation::read`]), so a step
//! offered is one the typed command accepts, and it tells the same story. None is a dead
//! end: after any of them the turn can still be finished (a test over thousands of random
//! positions checks it).

use super::card::KeeperEffect;
use super::game::{Action, Game, KeeperPlay, PawnRef, Phase, Seat};
use super::notation::{self, Token};
use super::ops::Op;

/// One step offered: the pawn it is made with (named by its space; none for a Curse),
/// what is done, and where the pawn lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The space of the pawn named (`None`: a Curse, which names a player).
    pub pawn: Option<u8>,
    pub token: Token,
    /// The pawn's space after the step (`None` for a Curse).
    pub lands: Option<u8>,
}

impl Step {
    /// The step in the notation players type: `14 +3`, `0 !7`, `40 kw`, `kc2`.
    pub fn notation(&self) -> String {
        written(self.pawn, self.token)
    }
}

/// One step in the notation players type: the pawn named by its space (none for a
/// Curse), then what is done.
pub fn written(pawn: Option<u8>, token: Token) -> String {
    match pawn {
        Some(space) => format!("{space} {token}"),
        None => token.to_string(),
    }
}

/// The steps of one pawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PawnSteps {
    /// The pawn's space (both pawns at Start are one choice, §4 ruling).
    pub space: u8,
    pub steps: Vec<Step>,
}

/// Everything `seat` may do next in its Move phase, one step at a time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NextSteps {
    /// The pawns that have at least one step, in the order of their spaces.
    pub pawns: Vec<PawnSteps>,
    /// The Curses `seat` may play (one per player it may curse).
    pub curses: Vec<Step>,
}

impl NextSteps {
    /// The steps of the pawn on `space`, if it has any.
    pub fn of(&self, space: u8) -> Option<&PawnSteps> {
        self.pawns.iter().find(|p| p.space == space)
    }

    pub fn is_empty(&self) -> bool {
        self.pawns.is_empty() && self.curses.is_empty()
    }
}

/// The steps `seat` may take next: nothing unless it is `seat`'s Move phase.
pub fn next_steps(game: &Game, seat: Seat) -> NextSteps {
    if !matches!(game.phase, Phase::Move) || game.current() != seat || game.is_over() {
        return NextSteps::default();
    }
    let Some(player) = game.players.get(seat) else {
        return NextSteps::default();
    };
    let mut spaces: Vec<u8> = (0..game.options.pawn_count())
        .filter(|&pawn| !game.is_home(PawnRef { seat, pawn }))
        .map(|pawn| player.pawns[pawn])
        .collect();
    spaces.sort_unstable();
    spaces.dedup();
    let keepers = game.playable_keepers(seat);
    let mut on_pawn: Vec<Token> = Vec::new();
    for value in game.turn.uses.values() {
        for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
            on_pawn.push(Token::Die(op, value));
        }
        on_pawn.push(Token::Forced(value));
    }
    // `kw` as players type it, unless cards of different distances are held (`kw3`).
    let mut distances: Vec<u8> = keepers
        .iter()
        .filter_map(|(_, k)| match k {
            KeeperEffect::SendWithin { distance } => Some(*distance),
            _ => None,
        })
        .collect();
    distances.sort_unstable();
    distances.dedup();
    let mut curses = false;
    for (_, effect) in &keepers {
        let tokens: &[Token] = match *effect {
            KeeperEffect::PlusMinus { n } => &[
                Token::PlusMinus { add: true, n },
                Token::PlusMinus { add: false, n },
            ],
            KeeperEffect::SendWithin { distance } if distances.len() > 1 => {
                &[Token::SendWithin(Some(distance))]
            }
            KeeperEffect::SendWithin { .. } => &[Token::SendWithin(None)],
            KeeperEffect::Curse => {
                curses = true;
                &[]
            }
        };
        for &t in tokens {
            if !on_pawn.contains(&t) {
                on_pawn.push(t);
            }
        }
    }
    let pawns = spaces
        .into_iter()
        .filter_map(|space| {
            let steps: Vec<Step> = on_pawn
                .iter()
                .filter_map(|&token| checked(game, seat, Some(space), token))
                .collect();
            (!steps.is_empty()).then_some(PawnSteps { space, steps })
        })
        .collect();
    let curses = if curses {
        (0..game.players.len())
            .filter_map(|target| {
                let p = u8::try_from(target + 1).ok()?;
                checked(game, seat, None, Token::Curse(p))
            })
            .collect()
    } else {
        Vec::new()
    };
    NextSteps { pawns, curses }
}

/// The step, if reading its notation for `seat` is accepted; with where its pawn lands.
fn checked(game: &Game, seat: Seat, pawn: Option<u8>, token: Token) -> Option<Step> {
    let mut step = Step {
        pawn,
        token,
        lands: None,
    };
    let read = notation::read(game, seat, &step.notation()).ok()?;
    let moved = match read.actions.first()? {
        Action::Die { pawn, .. } | Action::Forced { pawn, .. } => Some(*pawn),
        Action::Keeper {
            play: KeeperPlay::PlusMinus { pawn, .. } | KeeperPlay::SendWithin { pawn },
            ..
        } => Some(*pawn),
        _ => None,
    };
    step.lands = moved.and_then(|i| read.game.players.get(seat).map(|p| p.pawns[i]));
    Some(step)
}
