//! AI players for Prime Daifugo: every decision of a turn (draw or not, D card and what
//! to discard, what to play or pass, SKIP). Three levels:
//! - **easy** plays any prime it sees, often draws for nothing and sometimes passes; when
//!   stuck it usually plays a D card;
//! - **medium** sheds as many cards as it can, smallest number first, draws only when
//!   stuck;
//! - **hard** also turns D cards into fresh cards at once, gets rid of the orange
//!   ("hard to use") cards first, values Stop and Draw 2, and SKIPs a player about to win.
//!
//! Deterministic: a decision's randomness comes from the game's seed, the turn number, the
//! step and the level, so replaying a game replays its AI moves.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::card::{CardId, Kind};
use super::game::{Action, Game, Step};
use super::hint::{playable_primes, Candidate};
use super::number::is_prime;

pub use crate::level::Level;

fn decision_rng(game: &Game, level: Level) -> ChaCha8Rng {
    let step = match game.turn.step {
        Step::Start => 0u64,
        Step::Discard => 1,
        Step::Play => 2,
    };
    let salt = (u64::from(game.turn.number) << 8) | (step << 4) | level as u64;
    ChaCha8Rng::seed_from_u64(game.seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The next action of the seat to move; `None` when the match is over.
pub fn next_action(game: &Game, level: Level) -> Option<Action> {
    if game.is_over() {
        return None;
    }
    let mut rng = decision_rng(game, level);
    let seat = game.current();
    let hand = game.hand(seat);
    match game.turn.step {
        Step::Discard => {
            let card = match level {
                Level::Easy => hand[rng.gen_range(0..hand.len())],
                _ => worst_card(game, hand),
            };
            return Some(Action::Discard { card });
        }
        Step::Start => {
            if game.must_draw() {
                return Some(Action::Draw);
            }
            let d = hand.iter().copied().find(|&c| game.kind(c) == Kind::D);
            let stuck = playable_primes(game, seat).is_empty();
            let can_draw = !game.at_limit(seat);
            let step1 = match level {
                // A stuck beginner turns a D card into new cards more often than not: a
                // D is never played as a number, so a hand that keeps it can never empty.
                Level::Easy => match d {
                    Some(card) if stuck && rng.gen_bool(0.6) => Some(Action::PlayD { card }),
                    _ => {
                        let p = if stuck { 0.7 } else { 0.15 };
                        (can_draw && rng.gen_bool(p)).then_some(Action::Draw)
                    }
                },
                Level::Medium if stuck => match d {
                    Some(card) => Some(Action::PlayD { card }),
                    None => can_draw.then_some(Action::Draw),
                },
                Level::Medium => None,
                Level::Hard => match d {
                    Some(card) => Some(Action::PlayD { card }),
                    None => (stuck && can_draw).then_some(Action::Draw),
                },
            };
            if step1.is_some() {
                return step1;
            }
        }
        Step::Play => {}
    }
    Some(play_or_pass(game, level, &mut rng))
}

/// Step 2: a prime, a SKIP or a pass.
fn play_or_pass(game: &Game, level: Level, rng: &mut ChaCha8Rng) -> Action {
    let seat = game.current();
    let hand = game.hand(seat);
    let cands = playable_primes(game, seat);
    let can_skip =
        game.options.skip && hand.len() > 1 && hand.iter().any(|&c| game.kind(c) == Kind::Skip);
    let next = (seat + 1) % game.players.len();
    match level {
        Level::Easy => {
            if !cands.is_empty() && rng.gen_bool(0.85) {
                return cands[rng.gen_range(0..cands.len())].action();
            }
            if can_skip && rng.gen_bool(0.3) {
                return Action::Skip;
            }
            Action::Pass
        }
        Level::Medium => match cands
            .iter()
            .max_by_key(|c| (c.cards.len(), std::cmp::Reverse(c.number)))
        {
            Some(c) => c.action(),
            None if can_skip && game.area.is_some() => Action::Skip,
            None => Action::Pass,
        },
        Level::Hard => {
            // A player about to go out is skipped before anything else.
            if can_skip && game.hand(next).len() <= 2 {
                return Action::Skip;
            }
            match cands.iter().max_by_key(|c| hard_score(game, c)) {
                Some(c) => c.action(),
                None if can_skip && game.area.is_some() => Action::Skip,
                None => Action::Pass,
            }
        }
    }
}

fn hard_score(game: &Game, c: &Candidate) -> i64 {
    let seat = game.current();
    let left = game.hand(seat).len() - c.cards.len();
    if left == 0 {
        return i64::MAX;
    }
    let mut score = 100 * c.cards.len() as i64;
    for &(id, v) in &c.cards {
        let value = v.unwrap_or_else(|| game.kind(id).values()[0]);
        // §1: orange cards (not prime) are hard to use: shed them when possible.
        if !is_prime(u32::from(value)) {
            score += 15;
        }
        match game.kind(id) {
            Kind::Number(12) => score += 40,
            Kind::Number(10) => score += 25,
            _ => {}
        }
    }
    // Keep the big numbers for later.
    score - i64::from(c.number / 50)
}

/// The card least worth keeping: a non-number, else the card in the fewest prime plays.
fn worst_card(game: &Game, hand: &[CardId]) -> CardId {
    if let Some(&c) = hand.iter().find(|&&c| !game.kind(c).is_number()) {
        if game.kind(c) != Kind::Skip || !game.options.skip {
            return c;
        }
    }
    let cands = playable_primes(game, game.current());
    let mut best = hand[0];
    let mut best_uses = usize::MAX;
    for &c in hand {
        if game.kind(c) == Kind::Skip {
            continue;
        }
        let uses = cands
            .iter()
            .filter(|cand| {
                cand.cards
                    .iter()
                    .any(|&(id, _)| game.kind(id) == game.kind(c))
            })
            .count();
        if uses < best_uses {
            best_uses = uses;
            best = c;
        }
    }
    best
}
