//! AI players: decide every choice the game asks of a seat (which outcome of the Move
//! phase, so also which Keepers to play and whom to curse; Action-card targets; steal
//! targets). Three levels:
//! - **easy** plays like a beginner: mostly forward, often not the best move;
//! - **medium** is greedy on a clear heuristic (progress, bumps, cards);
//! - **hard** ranks ends by the exact expected number of turns still needed (the
//!   single-player values of [`super::solver`], which already look over every next roll)
//!   and subtracts the bump threats the opponents' next roll holds over its pawns. The
//!   solver knows two pawns, two dice and the four operations only: in a scaffold game
//!   (one die, one pawn, add and subtract) every level reckons with a distance estimate.
//!
//! Deterministic: the randomness of a decision comes from the game's seed, the turn
//! number and the level, so replaying a game replays its AI moves.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{GOAL, START};
use super::game::{Action, CardChoice, Game, Phase, Seat};
use super::notation;
use super::options::{Course, Options};
use super::outcomes::{legal_outcomes, KeeperUse, Outcome};
use super::solver;

pub use crate::level::Level;

/// The seeded generator for one decision.
fn decision_rng(game: &Game, level: Level) -> ChaCha8Rng {
    let phase = match game.phase {
        Phase::Move => 0,
        Phase::Choice(_) => 1,
        Phase::Over => 2,
    };
    // Steps made so far this turn: a Double Time move is re-planned after each card.
    let steps = game.turn.steps.len() as u64;
    let salt = (u64::from(game.turn.number) << 16) | steps << 8 | (level as u64) << 2 | phase;
    ChaCha8Rng::seed_from_u64(game.seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The actions the seat to move takes now: a whole Move phase (its steps and `EndMove`),
/// or the answer to a card choice. Empty when the game is over.
pub fn next_actions(game: &Game, level: Level) -> Vec<Action> {
    let mut rng = decision_rng(game, level);
    match &game.phase {
        Phase::Over => Vec::new(),
        Phase::Choice(_) => choose_card(game, level, &mut rng)
            .map(|c| vec![Action::Choose(c)])
            .unwrap_or_default(),
        Phase::Move => {
            let seat = game.current();
            let Some(o) = choose_outcome(game, level, &mut rng) else {
                return vec![Action::EndMove];
            };
            let mut actions = match notation::parse(&o.witness) {
                Ok(tokens) => notation::resolve(game, seat, &tokens)
                    .map(|(a, _)| a)
                    .unwrap_or_default(),
                Err(_) => Vec::new(),
            };
            // A Double Time move that stops at a card is continued after the card.
            if !o.wins && o.ends_move {
                actions.push(Action::EndMove);
            }
            if actions.is_empty() {
                actions.push(Action::EndMove);
            }
            actions
        }
    }
}

/// Play the current decision for the seat to move; returns its events.
pub fn play(
    game: &mut Game,
    level: Level,
) -> Result<Vec<super::game::Event>, super::error::RuleError> {
    let seat = game.current();
    let actions = next_actions(game, level);
    game.apply_all(seat, &actions)
}

/// The outcome of this Move phase the AI picks.
pub fn choose_outcome(game: &Game, level: Level, rng: &mut ChaCha8Rng) -> Option<Outcome> {
    let list = legal_outcomes(game);
    if list.is_empty() {
        return None;
    }
    let ends: Vec<Outcome> = (0..list.len()).filter_map(|i| list.end(i)).collect();
    if let Some(w) = ends.iter().position(|o| o.wins) {
        return list.get(w);
    }
    let course = game.options.course;
    let scored: Vec<(f64, usize)> = ends
        .iter()
        .enumerate()
        .map(|(i, o)| (score(game, o, level), i))
        .collect();
    let pick = match level {
        Level::Easy => {
            // A beginner: often a random forward-looking move, sometimes the best.
            if rng.gen_bool(0.35) {
                best(&scored)
            } else {
                let forward: Vec<usize> = scored
                    .iter()
                    .filter(|(_, i)| {
                        let me = &game.players[game.current()];
                        progress_on(course, ends[*i].pawns, ends[*i].returning)
                            >= progress_on(course, me.pawns, me.returning)
                    })
                    .map(|&(_, i)| i)
                    .collect();
                let pool: Vec<usize> = if forward.is_empty() {
                    (0..list.len()).collect()
                } else {
                    forward
                };
                *pool.choose(rng).unwrap_or(&0)
            }
        }
        Level::Medium | Level::Hard => best(&scored),
    };
    list.get(pick)
}

/// The `n` best outcomes of this Move phase by the level's scoring, best first (a win
/// first of all). Used for hints.
pub fn best_outcomes(game: &Game, level: Level, n: usize) -> Vec<Outcome> {
    let list = legal_outcomes(game);
    let mut scored: Vec<(f64, usize)> = (0..list.len())
        .filter_map(|i| {
            list.end(i).map(|o| {
                (
                    if o.wins {
                        f64::MAX
                    } else {
                        score(game, &o, level)
                    },
                    i,
                )
            })
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .iter()
        .take(n)
        .filter_map(|&(_, i)| list.get(i))
        .collect()
}

/// What a move is worth to the hard AI, in turns, the one measure its hints rank by and
/// the review judges by: the race (the expected turns left to finish, exact where the
/// solver covers the course, with §7 stations still to visit as detours) less what lies
/// beyond the race (an opponent bumped back, a card drawn, a Keeper kept or spent, the
/// risk of being bumped next round), each counted in turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Worth {
    /// Expected turns left to finish, the race alone (0 for a win).
    pub race: f64,
    /// Turns gained beyond the race (negative: lost), as the hard AI counts them.
    pub beyond: f64,
}

impl Worth {
    /// The turns the move leaves, all counted: lower is better; a win is 0, and so is a
    /// move whose gains beyond the race outweigh the race left (never below 0).
    pub fn turns(&self) -> f64 {
        (self.race - self.beyond).max(0.0)
    }
}

/// The hard AI's weight of one expected turn in its score.
const TURN: f64 = 12.0;

/// What `o` is worth to the seat to move (see [`Worth`]).
pub fn worth(game: &Game, o: &Outcome) -> Worth {
    if o.wins {
        return Worth {
            race: 0.0,
            beyond: 0.0,
        };
    }
    let race = expected_turns_on(&game.options, o.pawns, o.returning) + station_turns(game, o);
    Worth {
        race,
        beyond: score(game, o, Level::Hard) / TURN + race,
    }
}

fn best(scored: &[(f64, usize)]) -> usize {
    scored
        .iter()
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map_or(0, |&(_, i)| i)
}

/// Spaces still to travel for one pawn on this course.
fn remaining(course: Course, space: u8, returning: bool) -> u32 {
    let (s, g) = (u32::from(space), u32::from(GOAL));
    match (course, returning) {
        (Course::Climb, _) => g - s,
        (Course::Decline, _) => s,
        (Course::ThereAndBack, false) => (g - s) + g,
        (Course::ThereAndBack, true) => s,
    }
}

/// Whether an AI decides at once in a game with these options: it needs no solver table,
/// or this process has solved it already. Otherwise its first decision solves the table
/// (up to 2 s of CPU), which a server does off its async threads.
pub fn decides_at_once(options: &Options) -> bool {
    match options.course {
        _ if options.is_scaffold() => true,
        Course::Climb => solver::is_solved(solver::Course::Climb),
        Course::ThereAndBack => solver::is_solved(solver::Course::ThereAndBack),
        Course::Decline => true,
    }
}

/// Expected turns to finish from these pawns: the exact single-player values of
/// [`solver`] where the course has them (Climb, There and Back Again) and the game is
/// not a scaffold game, else a distance estimate.
fn expected_turns_on(options: &Options, pawns: [u8; 2], returning: [bool; 2]) -> f64 {
    let exact = match options.course {
        _ if options.is_scaffold() => None,
        Course::Climb => {
            solver::values(solver::Course::Climb).get([(pawns[0], false), (pawns[1], false)])
        }
        Course::ThereAndBack => solver::values(solver::Course::ThereAndBack)
            .get([(pawns[0], returning[0]), (pawns[1], returning[1])]),
        Course::Decline => None,
    };
    if let Some(v) = exact {
        return v;
    }
    (0..2)
        .map(|i| pawn_estimate(options, pawns[i], returning[i]))
        .sum()
}

/// A distance estimate of the turns one pawn still needs (0 once it has finished, as the
/// unused pawn of a one-pawn game has). With × and ÷ far spaces are closer than they look
/// (multiplication), so it grows like a square root; with + and − alone it grows with the
/// distance, about 5½ spaces a die.
fn pawn_estimate(options: &Options, space: u8, returning: bool) -> f64 {
    let course = options.course;
    let r = remaining(course, space, returning);
    if r == 0 && (course != Course::ThereAndBack || returning) {
        0.0
    } else if options.add_subtract {
        let dice = if options.one_die { 1.0 } else { 2.0 };
        1.0 + f64::from(r) / (5.5 * dice)
    } else {
        1.0 + f64::from(r).sqrt() * 0.6
    }
}

/// Standard-course values (used for card choices and threats).
fn expected_turns(pawns: [u8; 2]) -> f64 {
    expected_turns_on(&Options::default(), pawns, [false; 2])
}

/// How far along a pair of pawns is on this course, in spaces.
fn progress_on(course: Course, pawns: [u8; 2], returning: [bool; 2]) -> i64 {
    -(0..2)
        .map(|i| i64::from(remaining(course, pawns[i], returning[i])))
        .sum::<i64>()
}

/// §7 Way Stations still to visit after `o`, as turns: the goal stays closed until every
/// station is landed on, so each one left is a detour. A station costs a turn or two to
/// land on exactly, more the farther the nearest pawn stands from it. Zero once all are
/// visited (and in games without stations).
fn station_turns(game: &Game, o: &Outcome) -> f64 {
    if game.options.add_subtract {
        return station_walk_turns(game, o);
    }
    game.stations
        .iter()
        .filter(|s| !o.stations.contains(s))
        .map(|&s| {
            let nearest = o
                .pawns
                .iter()
                .take(game.options.pawn_count())
                .map(|&p| i32::from(p).abs_diff(i32::from(s)))
                .min()
                .unwrap_or(101);
            1.5 + f64::from(nearest) / 25.0
        })
        .sum()
}

/// §7 Way Stations in the add-and-subtract scaffold: with + and − alone a pawn walks to
/// the stations, so what they cost is the walk: the spaces from the nearest pawn on the
/// way through every station still to visit to the goal, beyond its straight way there,
/// at about 5½ spaces a die, and a turn for each station to land on exactly. Without it
/// the goal, closed until the stations are visited, would draw the pawns in to wait there.
fn station_walk_turns(game: &Game, o: &Outcome) -> f64 {
    let missing: Vec<i32> = game
        .stations
        .iter()
        .filter(|s| !o.stations.contains(s))
        .map(|&s| i32::from(s))
        .collect();
    let (Some(&lo), Some(&hi)) = (missing.iter().min(), missing.iter().max()) else {
        return 0.0;
    };
    let goal = i32::from(game.options.goal_space());
    let course = game.options.course;
    let detour = (0..game.options.pawn_count())
        .filter(|&i| remaining(course, o.pawns[i], o.returning[i]) > 0)
        .map(|i| {
            let s = i32::from(o.pawns[i]);
            // Through the stations from the nearer end of their span, then to the goal.
            let via = ((s - lo).abs() + (goal - hi).abs()).min((s - hi).abs() + (goal - lo).abs())
                + (hi - lo);
            via - (goal - s).abs()
        })
        .min()
        .unwrap_or(0);
    let dice = if game.options.one_die { 1.0 } else { 2.0 };
    f64::from(detour) / (5.5 * dice) + missing.len() as f64
}

/// The value of an outcome for the seat to move (higher is better).
fn score(game: &Game, o: &Outcome, level: Level) -> f64 {
    let seat = game.current();
    let me = &game.players[seat];
    let course = game.options.course;
    let stations = station_turns(game, o);
    let mut s = match level {
        // Fewer expected turns to finish is better.
        Level::Hard => -(expected_turns_on(&game.options, o.pawns, o.returning) + stations) * TURN,
        // About fifteen spaces a turn.
        _ => {
            (progress_on(course, o.pawns, o.returning)
                - progress_on(course, me.pawns, me.returning)) as f64
                - stations * 15.0
        }
    };
    // Bumping an opponent sets them back by their space.
    for &(_, from) in &o.bumped {
        s += f64::from(from) * if level == Level::Hard { 0.25 } else { 0.5 };
    }
    // Sending one's own pawn home to Start is a loss (already counted in progress).
    if o.draws_card {
        s += 4.0;
    }
    // Keepers are worth keeping unless they help.
    for k in &o.keepers_used {
        s -= match k {
            KeeperUse::PlusMinus { .. } => 2.0,
            KeeperUse::SendWithin { .. } => 3.0,
            KeeperUse::Curse { target } => {
                // Curse the leader: worth more the closer they are to the goal.
                let t = &game.players[*target];
                let left = -progress_on(course, t.pawns, t.returning) as f64;
                1.0 - (202.0 - left) / 50.0
            }
        };
    }
    if level == Level::Hard {
        s -= threat(game, o);
    }
    s
}

/// Expected loss from opponents bumping our pawns next round (hard level): for each of
/// our pawns on 1–100, the chance that some opponent pawn can reach it with one die
/// value and one operation, times how far back it would fall.
fn threat(game: &Game, o: &Outcome) -> f64 {
    let seat = game.current();
    let options = &game.options;
    let mut total = 0.0;
    for (i, &mine) in o.pawns.iter().enumerate() {
        if mine == START || mine == GOAL {
            continue;
        }
        let mut hit_values = [false; 11];
        for (p, s) in game.pawns_in_play() {
            if p.seat == seat || o.bumped.iter().any(|(b, _)| *b == p) {
                continue;
            }
            for d in 1..=10u8 {
                for &op in options.ops(false) {
                    if super::ops::apply(s, op, d) == Ok(mine) {
                        hit_values[usize::from(d)] = true;
                    }
                }
            }
        }
        let faces = hit_values.iter().filter(|&&h| h).count() as f64;
        // Probability that at least one of the dice (two, or the one die) shows a hitting
        // face.
        let dice = if options.one_die { 1 } else { 2 };
        let p = 1.0 - (1.0 - faces / 10.0).powi(dice);
        let loss = if options.is_scaffold() {
            let back = options.start_space(o.returning[i]);
            pawn_estimate(options, back, o.returning[i])
                - pawn_estimate(options, mine, o.returning[i])
        } else {
            expected_turns([START, 0]) - expected_turns([mine, 0])
        };
        total += p * loss.max(0.0) * 6.0;
    }
    total
}

/// The answer to a pending Action card.
pub fn choose_card(game: &Game, level: Level, rng: &mut ChaCha8Rng) -> Option<CardChoice> {
    let choices = game.pending_choices();
    if choices.is_empty() {
        return None;
    }
    if level == Level::Easy && rng.gen_bool(0.5) {
        return choices.choose(rng).copied();
    }
    let seat = game.current();
    let value = |c: &CardChoice| -> f64 {
        let mut g = game.clone();
        if g.apply(seat, &Action::Choose(*c)).is_err() {
            return f64::MIN;
        }
        position_value(&g, seat)
    };
    choices
        .iter()
        .map(|c| (value(c), *c))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// How good a whole table is for `seat`: own progress minus the best opponent's, plus
/// Keepers in hand.
fn position_value(g: &Game, seat: Seat) -> f64 {
    if g.winner == Some(seat) {
        return 1e9;
    }
    // A scaffold game reckons on its own course and dice; the others on the Climb values.
    let turns = |p: &super::game::Player| {
        if g.options.is_scaffold() {
            expected_turns_on(&g.options, p.pawns, p.returning)
        } else {
            expected_turns(p.pawns)
        }
    };
    let own = -turns(&g.players[seat]);
    let best_other = g
        .players
        .iter()
        .enumerate()
        .filter(|(s, p)| *s != seat && !p.resigned)
        .map(|(_, p)| -turns(p))
        .fold(f64::MIN, f64::max);
    let keepers = g.players[seat].keepers.len() as f64 * 0.3;
    own - best_other.max(-1e6) * 0.5 + keepers
}
