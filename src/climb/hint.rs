//! Hints: the best few ways to play this Move phase, each explained so a ten-year-old
//! can follow it: the arithmetic with the factor colours of §1 (multiplying combines
//! colours, dividing removes the divisor's), the bumps and the card it earns.

use super::ai::{self, Level};
use super::board::{factor_colours, is_red_space, GOAL, START};
use super::game::{Game, StepRecord};
use super::notation;
use super::ops::Op;
use super::outcomes::{KeeperUse, Outcome};

/// One suggested move with its explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub outcome: Outcome,
    /// What to type, e.g. `14 x3 +2`.
    pub moves: String,
    /// One sentence per step, then what the move earns.
    pub lines: Vec<String>,
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
    match op {
        Op::Mul | Op::Div if from > 1 && value > 1 => format!(
            "{sum}: {} {} {} = {}",
            colour_words(from),
            op.math_symbol(),
            colour_words(value),
            colour_words(to)
        ),
        _ => sum,
    }
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
    let mut lines = Vec::new();
    let steps = notation::parse(&outcome.witness)
        .ok()
        .and_then(|t| notation::resolve(game, seat, &t).ok())
        .map(|(_, after)| {
            after.turn.steps[game.turn.steps.len().min(after.turn.steps.len())..].to_vec()
        })
        .unwrap_or_default();
    for s in &steps {
        match s {
            StepRecord::Die {
                from, op, die, to, ..
            } => lines.push(explain_step(*from, *op, *die, *to)),
            StepRecord::Forced { from, die, to, .. } => lines.push(format!(
                "the {die} cannot be used: your pawn on {from} goes back to {}",
                space_words(*to)
            )),
            StepRecord::Keeper { card, from, to, .. } => {
                let name = game.card(*card).effect.short_name();
                match (from, to) {
                    (Some(f), Some(t)) => {
                        let op = if t >= f { Op::Add } else { Op::Sub };
                        lines.push(format!(
                            "play your {name}: {}",
                            explain_step(*f, op, f.abs_diff(*t), *t)
                        ))
                    }
                    _ => lines.push(format!("play your {name}")),
                }
            }
        }
    }
    for k in &outcome.keepers_used {
        if let KeeperUse::Curse { target } = k {
            let who = game
                .players
                .get(*target)
                .map_or("an opponent".to_string(), |p| p.name.clone());
            lines.push(format!(
                "curse {who}: next turn they may only subtract or divide"
            ));
        }
    }
    if outcome.wins {
        lines.push("that brings your last pawn home: you win!".into());
    } else {
        for (p, space) in &outcome.bumped {
            let who = game
                .players
                .get(p.seat)
                .map_or("a pawn".to_string(), |pl| format!("{}'s pawn", pl.name));
            lines.push(format!("{who} on {space} is bumped back to Start"));
        }
        let before = game.players[seat].pawns;
        for (i, &s) in outcome.pawns.iter().enumerate() {
            if s == START
                && before[i] != START
                && !steps
                    .iter()
                    .any(|st| matches!(st, StepRecord::Forced { .. }))
            {
                lines.push("careful: one of your own pawns is bumped back to Start".into());
            }
        }
        if outcome.draws_card {
            let red = outcome
                .pawns
                .iter()
                .find(|&&s| is_red_space(s))
                .copied()
                .unwrap_or(0);
            lines.push(format!(
                "you end on {}: draw a Prime Card",
                space_words(red)
            ));
        }
    }
    Hint {
        moves: outcome.witness.clone(),
        outcome,
        lines,
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
