//! Hints: the best few ways to play this Move phase, each explained so a ten-year-old
//! can follow it: the arithmetic with the factor colours of §1 (multiplying combines
//! colours, dividing removes the divisor's), the bumps and the card it earns.

use super::ai::{self, Level};
use super::board::{factor_colours, is_red_space, GOAL, START};
use super::card::CardId;
use super::game::{Game, Seat, StepRecord};
use super::notation;
use super::ops::Op;
use super::outcomes::{KeeperUse, Outcome};

/// One suggested move with its explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub outcome: Outcome,
    /// What to type, e.g. `14 x3 +2`.
    pub moves: String,
    /// The explanation as data, one note per line (for other languages).
    pub notes: Vec<Note>,
    /// The notes in English: one sentence per step, then what the move earns.
    pub lines: Vec<String>,
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

/// The colours of a number, e.g. `orange·purple` for 14, `red` for 13.
pub fn colour_words(n: u8) -> String {
    match n {
        START => "Start".into(),
        1 => "no colour".into(),
        _ => {
            let c: Vec<&str> = factor_colours(n).iter().map(|c| c.name()).collect();
            c.join("·")
        }
    }
}

/// One step explained: `14 × 3 = 42: orange·purple × green = orange·green·purple`.
pub fn explain_step(from: u8, op: Op, value: u8, to: u8) -> String {
    let sum = format!("{from} {} {value} = {to}", op.math_symbol());
    if shows_colours(from, op, value) {
        format!(
            "{sum}: {} {} {} = {}",
            colour_words(from),
            op.math_symbol(),
            colour_words(value),
            colour_words(to)
        )
    } else {
        sum
    }
}

/// Whether a step is worth explaining with colours (§1: multiplying combines colours,
/// dividing removes them).
pub fn shows_colours(from: u8, op: Op, value: u8) -> bool {
    matches!(op, Op::Mul | Op::Div) && from > 1 && value > 1
}

fn space_words(s: u8) -> String {
    match s {
        GOAL => "the goal (101)".into(),
        START => "Start".into(),
        _ if is_red_space(s) => format!("{s} (a red prime)"),
        _ => s.to_string(),
    }
}

/// The `n` best moves for the player to move, explained. Empty outside a Move phase.
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
    let steps = notation::parse(&outcome.witness)
        .ok()
        .and_then(|t| notation::resolve(game, seat, &t).ok())
        .map(|(_, after)| {
            after.turn.steps[game.turn.steps.len().min(after.turn.steps.len())..].to_vec()
        })
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
        let before = game.players[seat].pawns;
        for (i, &s) in outcome.pawns.iter().enumerate() {
            if s == START
                && before[i] != START
                && !steps
                    .iter()
                    .any(|st| matches!(st, StepRecord::Forced { .. }))
            {
                notes.push(Note::OwnPawnBumped);
            }
        }
        if outcome.draws_card {
            let red = outcome
                .pawns
                .iter()
                .find(|&&s| is_red_space(s))
                .copied()
                .unwrap_or(0);
            notes.push(Note::Draw { space: red });
        }
    }
    let lines = notes.iter().map(|n| note_text(game, n)).collect();
    Hint {
        moves: outcome.witness.clone(),
        outcome,
        notes,
        lines,
    }
}

/// A note in English.
pub fn note_text(game: &Game, note: &Note) -> String {
    match *note {
        Note::Step {
            from,
            op,
            value,
            to,
        } => explain_step(from, op, value, to),
        Note::Forced { die, from, to } => format!(
            "the {die} cannot be used: your pawn on {from} goes back to {}",
            space_words(to)
        ),
        Note::Keeper { card, step } => {
            let name = game.card(card).effect.short_name();
            match step {
                Some((f, op, v, t)) => format!("play your {name}: {}", explain_step(f, op, v, t)),
                None => format!("play your {name}"),
            }
        }
        Note::Curse { target } => {
            let who = game
                .players
                .get(target)
                .map_or("an opponent".to_string(), |p| p.name.clone());
            format!("curse {who}: next turn they may only subtract or divide")
        }
        Note::Win => "that brings your last pawn home: you win!".into(),
        Note::Bump { seat, space } => {
            let who = game
                .players
                .get(seat)
                .map_or("a pawn".to_string(), |pl| format!("{}'s pawn", pl.name));
            format!("{who} on {space} is bumped back to Start")
        }
        Note::OwnPawnBumped => "careful: one of your own pawns is bumped back to Start".into(),
        Note::Draw { space } => format!("you end on {}: draw a Prime Card", space_words(space)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiplying_combines_colours() {
        assert_eq!(
            explain_step(14, Op::Mul, 3, 42),
            "14 × 3 = 42: orange·purple × green = orange·green·purple"
        );
        assert_eq!(
            explain_step(42, Op::Div, 3, 14),
            "42 ÷ 3 = 14: orange·green·purple ÷ green = orange·purple"
        );
        assert_eq!(explain_step(10, Op::Add, 3, 13), "10 + 3 = 13");
        assert_eq!(colour_words(13), "red");
        assert_eq!(colour_words(1), "no colour");
    }
}
