//! Playing Prime Climb by touch, the same on every front (Discord's buttons; the
//! Activity's board): what the player to move may touch next. First their pawns, named by
//! their spaces, and the Curses they may play; then, for the pawn picked (or at once when
//! only one pawn can move), each step the rules allow now with the space it lands on
//! (`climb::steps`), and the way back to the pawns; End turn and Undo once a step is
//! taken. A step touched is the typed move's notation (`ids.rs`): checked, played and
//! told exactly as if typed.

use super::ids::{BoardVerb, Click};
use super::views::ClimbView;
use crate::climb::steps::{next_steps, NextSteps, Step};
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

/// A board's End turn and Undo, shown to the person to move once a step is taken or the
/// dice are used: whether each can be pressed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnEnd {
    pub can_end: bool,
    pub can_undo: bool,
}

impl ClimbView {
    /// The id of a click on this board (`climb:<game>:<version>:<verb>`).
    pub fn click_id(&self, verb: BoardVerb) -> String {
        Click::Board {
            stamp: self.info.stamp(),
            verb,
        }
        .id()
    }

    /// Whether a person is in their Move phase (what they may touch is theirs to touch).
    fn person_moving(&self) -> bool {
        let g = &self.game;
        self.ai_level(g.current()).is_none() && matches!(g.phase, Phase::Move)
    }

    /// What the person to move may touch now, `picked` being the pawn whose steps they
    /// asked to see: nothing for an AI seat, outside the Move phase or once the dice are
    /// used (then End turn is what is left).
    pub fn touches(&self, picked: Option<u8>) -> Vec<Touch> {
        if !self.person_moving() {
            return Vec::new();
        }
        menu(&next_steps(&self.game, self.game.current()), picked)
    }

    /// Every menu at once, the steps listed once: what may be touched first, and for each
    /// pawn there the steps it shows (for a front that moves between them by itself).
    pub fn touch_menus(&self) -> (Vec<Touch>, Vec<(u8, Vec<Touch>)>) {
        if !self.person_moving() {
            return (Vec::new(), Vec::new());
        }
        let next = next_steps(&self.game, self.game.current());
        let first = menu(&next, None);
        let pawns = first
            .iter()
            .filter_map(|t| match t {
                Touch::Pawn(space) => Some(*space),
                _ => None,
            })
            .map(|space| {
                let steps = menu(&next, Some(space))
                    .into_iter()
                    .filter(|t| *t != Touch::Pawns)
                    .collect();
                (space, steps)
            })
            .collect();
        (first, pawns)
    }

    /// End turn and Undo, when the person to move has them.
    pub fn turn_end(&self) -> Option<TurnEnd> {
        let g = &self.game;
        let shown = !g.turn.steps.is_empty() || g.turn.uses.total_left() == 0;
        (self.person_moving() && shown).then(|| TurnEnd {
            can_end: g.can_end_move(),
            can_undo: g.turn.can_undo(),
        })
    }
}

/// The menu of `next` with `picked` the pawn whose steps were asked for: its steps (at
/// once when only one pawn can move, with the Curses then), else the pawns and Curses.
fn menu(next: &NextSteps, picked: Option<u8>) -> Vec<Touch> {
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
