//! Playing Prime Climb by touch, the same on every front (Discord's buttons; the
//! Activity's board): what the player to move may touch next. First their pawns, named by
//! their spaces, and the Curses they may play; then, for the pawn picked (or at once when
//! only one pawn can move), each step the rules allow now with the space it lands on
//! (`climb::steps`), and the way back to the pawns. A step touched is the typed move's
//! notation (`ids.rs`): checked, played and told exactly as if typed.

use super::ids::BoardVerb;
use super::views::ClimbView;
use crate::climb::steps::{next_steps, Step};
use crate::climb::Phase;

/// One thing to touch on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// The pawn on this space: shows its steps.
    Pawn(u8),
    /// Back to the pawns.
    Pawns,
    /// A step, played at once.
    Step(Step),
}

impl Touch {
    /// The verb of the board's click.
    pub fn verb(self) -> BoardVerb {
        match self {
            Touch::Pawn(space) => BoardVerb::Pawn(Some(space)),
            Touch::Pawns => BoardVerb::Pawn(None),
            Touch::Step(step) => BoardVerb::Step {
                pawn: step.pawn,
                token: step.token,
            },
        }
    }
}

impl ClimbView {
    /// What the person to move may touch now, `picked` being the pawn whose steps they
    /// asked to see: nothing for an AI seat, outside the Move phase or once the dice are
    /// used (then End turn is what is left).
    pub fn touches(&self, picked: Option<u8>) -> Vec<Touch> {
        let g = &self.game;
        if self.ai_level(g.current()).is_some() || !matches!(g.phase, Phase::Move) {
            return Vec::new();
        }
        let next = next_steps(g, g.current());
        let only = match next.pawns.as_slice() {
            [one] => Some(one),
            _ => None,
        };
        let curses = next.curses.iter().map(|&s| Touch::Step(s));
        match (picked.and_then(|p| next.of(p)), only) {
            (_, Some(pawn)) => pawn
                .steps
                .iter()
                .map(|&s| Touch::Step(s))
                .chain(curses)
                .collect(),
            (Some(pawn), None) => std::iter::once(Touch::Pawns)
                .chain(pawn.steps.iter().map(|&s| Touch::Step(s)))
                .collect(),
            (None, None) => next
                .pawns
                .iter()
                .map(|p| Touch::Pawn(p.space))
                .chain(curses)
                .collect(),
        }
    }
}
