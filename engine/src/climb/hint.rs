//! Hints: the best few ways to play this Move phase, each explained so a ten-year-old
//! can follow it: the arithmetic with the factor colours of §1 (multiplying combines
//! colours, dividing removes the divisor's), the bumps and the card it earns, and how many
//! turns the exact solver expects are left afterwards. The explanation is data
//! ([`Note`]); `src/text/` says it in each language.

use super::ai::{self, Level};
use super::board::{is_red_space, START};
use super::card::CardId;
use super::game::{Game, Seat, StepRecord};
use super::notation;
use super::ops::Op;
use super::options::Course;
use super::outcomes::{KeeperUse, Outcome};
use super::solver;

/// One suggested move with its explanation.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub outcome: Outcome,
    /// What to type, e.g. `14 x3 +2`.
    pub moves: String,
    /// The explanation, one note per line.
    pub notes: Vec<Note>,
    /// The turns the exact solitaire solver expects are left after this move, with the
    /// best play and no cards (Climb and There and Back Again courses; `None` elsewhere,
    /// and in scaffold games).
    pub expected_turns: Option<f64>,
    /// What the move is worth, all counted: the measure hints are ranked by and the
    /// review judges by ([`ai::Worth`]).
    pub worth: ai::Worth,
}

/// One line of a hint's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A die use: the arithmetic (with the colours when multiplying or dividing).
    Step { from: u8, op: Op, value: u8, to: u8 },
    /// §3.2 forced move: the die cannot be used; the pawn goes back.
    Forced { die: u8, from: u8, to: u8 },
    /// A Keeper played; for a ±N Keeper, its arithmetic.
    Keeper {
        card: CardId,
        step: Option<(u8, Op, u8, u8)>,
    },
    /// A Curse on this player.
    Curse { target: Seat },
    /// The move brings the last pawn home.
    Win,
    /// An opponent's (or own) pawn on this space is bumped.
    Bump { seat: Seat, space: u8 },
    /// One of the player's own pawns ends on Start (bumped by the other).
    OwnPawnBumped,
    /// The move ends on this red space: a card is drawn.
    Draw { space: u8 },
}

/// Whether a step is worth explaining with colours (§1: multiplying combines colours,
/// dividing removes them).
pub fn shows_colours(from: u8, op: Op, value: u8) -> bool {
    matches!(op, Op::Mul | Op::Div) && from > 1 && value > 1
}

/// Whether a step leaves its pawn where it was (a die spent on a pawn at Start: 0 × 2,
/// 0 ÷ 2).
pub fn changes_nothing(from: u8, to: u8) -> bool {
    from == to
}

/// The `n` best moves for the player to move, explained, best first: ranked by what
/// each is worth all counted ([`ai::Worth::turns`], a win first), the figure the hint
/// shows and the review judges by. Empty outside a Move phase.
pub fn hint(game: &Game, n: usize) -> Vec<Hint> {
    ai::best_outcomes(game, Level::Hard, n)
        .into_iter()
        .map(|o| explain(game, o))
        .collect()
}

/// Explain one outcome by replaying its witness.
pub fn explain(game: &Game, outcome: Outcome) -> Hint {
    let seat = game.current();
    let mut notes = Vec::new();
    let after = notation::parse(&outcome.witness)
        .ok()
        .and_then(|t| notation::resolve(game, seat, &t).ok())
        .map(|(_, after)| after);
    let steps = after
        .as_ref()
        .map(|after| after.turn.steps[game.turn.steps.len().min(after.turn.steps.len())..].to_vec())
        .unwrap_or_default();
    for s in &steps {
        notes.push(match *s {
            StepRecord::Die {
                from, op, die, to, ..
            } => Note::Step {
                from,
                op,
                value: die,
                to,
            },
            StepRecord::Forced { from, die, to, .. } => Note::Forced { die, from, to },
            StepRecord::Keeper { card, from, to, .. } => Note::Keeper {
                card,
                step: match (from, to) {
                    (Some(f), Some(t)) => {
                        let op = if t >= f { Op::Add } else { Op::Sub };
                        Some((f, op, f.abs_diff(t), t))
                    }
                    _ => None,
                },
            },
        });
    }
    for k in &outcome.keepers_used {
        if let KeeperUse::Curse { target } = k {
            notes.push(Note::Curse { target: *target });
        }
    }
    if outcome.wins {
        notes.push(Note::Win);
    } else {
        for (p, space) in &outcome.bumped {
            notes.push(Note::Bump {
                seat: p.seat,
                space: *space,
            });
        }
        // An own pawn bumped stands where a bumped pawn goes (§3.3): Start, 101 in Prime
        // Decline, 101 after turning there in There and Back Again (§7). It did not walk
        // there: it was elsewhere, no die forced it back, and it did not turn at 101 now.
        let before = &game.players[seat];
        let forced = steps
            .iter()
            .any(|st| matches!(st, StepRecord::Forced { .. }));
        for (i, &s) in outcome.pawns.iter().enumerate() {
            let returning = outcome.returning[i];
            let turned_now = returning && !before.returning[i];
            if s == game.options.start_space(returning)
                && before.pawns[i] != s
                && !turned_now
                && !forced
            {
                notes.push(Note::OwnPawnBumped);
            }
        }
        if outcome.draws_card {
            // §3.4: the pawn that earns the card is one that ends on a red space it did
            // not start the turn on (the other may stand on a red space all along).
            let start = game.turn.start_spaces;
            let red = (0..2)
                .find(|&i| is_red_space(outcome.pawns[i]) && outcome.pawns[i] != start[i])
                .map_or(0, |i| outcome.pawns[i]);
            notes.push(Note::Draw { space: red });
        }
    }
    Hint {
        expected_turns: expected_turns(game, after.as_ref(), seat, &outcome),
        worth: ai::worth(game, &outcome),
        moves: outcome.witness.clone(),
        outcome,
        notes,
    }
}

/// The solver's expected turns left after `outcome` (see [`Hint::expected_turns`]);
/// `after` is the game after the move's steps, for the pawns that turned at 101.
fn expected_turns(game: &Game, after: Option<&Game>, seat: Seat, outcome: &Outcome) -> Option<f64> {
    // The solver knows two pawns, two dice and the four operations: no figure for a
    // scaffold game (one die, one pawn, add and subtract).
    if game.options.is_scaffold() {
        return None;
    }
    if outcome.wins {
        return Some(0.0);
    }
    // §7 Way Stations still to visit: the solver's race to 101 does not apply.
    if game.stations.iter().any(|s| !outcome.stations.contains(s)) {
        return None;
    }
    let course = match game.options.course {
        Course::Climb if !game.options.sprint => solver::Course::Climb,
        Course::ThereAndBack if !game.options.sprint => solver::Course::ThereAndBack,
        _ => return None,
    };
    let returning = after.unwrap_or(game).players[seat].returning;
    let pawn = |i: usize| {
        let space = outcome.pawns[i];
        // A pawn sent back to Start while climbing is climbing again.
        let back_at_start = space == START && !game.players[seat].returning[i];
        (
            space,
            returning[i] && !back_at_start && course == solver::Course::ThereAndBack,
        )
    };
    solver::values(course).get([pawn(0), pawn(1)])
}
