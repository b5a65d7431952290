//! The daily Prime Climb puzzle: the same for everyone on a day (seeded by the date),
//! graded exactly. Two kinds, by turns:
//! - **best move**: two pawns and a roll; find the move that leaves the fewest expected
//!   turns to finish (the exact solitaire solver grades it, ties accepted);
//! - **reach**: one pawn and a roll; list every space it can end on this turn, both dice
//!   used (the engine's outcome generator grades it).
//!
//! Puzzles are chosen so they teach: a best move clearly better than the second best, a
//! handful of spaces to find.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::dice::Roll;
use super::game::{Action, Game, PositionSetup};
use super::notation;
use super::options::Options;
use super::outcomes::legal_outcomes;
use super::review::{expected, own_bump, TOLERANCE};
use super::solver::{self, Course};
use super::{RuleError, GOAL};

/// What the puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    BestMove,
    Reach,
}

/// A day's puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Days since 1970-01-01 (UTC).
    pub day: i64,
    pub kind: Kind,
    /// The position, one player to move with the roll made, no cards.
    pub game: Game,
}

/// The best move's margin over the second best, in expected turns, for a puzzle.
const MARGIN: f64 = 0.1;

/// One-player games without cards: the solitaire options (no Keeper is ever in hand
/// here, since the puzzle is one Move phase).
fn options() -> Options {
    Options {
        solitaire: true,
        ..Options::default()
    }
}

fn position(pawns: [u8; 2], roll: Roll, seed: u64) -> Result<Game, RuleError> {
    let setup = PositionSetup {
        pawns: vec![pawns],
        keepers: vec![Vec::new()],
        to_move: 0,
        roll: Some(roll),
        cursed: false,
    };
    Game::from_position(options(), &setup, seed)
}

/// The distinct ends of the Move phase: (pawns after §3.3, witness).
fn ends(game: &Game) -> Vec<([u8; 2], String, bool)> {
    let list = legal_outcomes(game);
    list.iter().map(|o| (o.pawns, o.witness, o.wins)).collect()
}

fn value(pawns: [u8; 2], wins: bool) -> f64 {
    if wins {
        0.0
    } else {
        solver::values(Course::Climb).climb(pawns)
    }
}

/// A best-move candidate, if it teaches (a clear best among several ways).
fn best_move_candidate(rng: &mut ChaCha8Rng, seed: u64) -> Option<Game> {
    let a = rng.gen_range(0..95u8);
    let b = rng.gen_range(0..95u8);
    if a == b && a != 0 {
        return None;
    }
    let roll = Roll::new(rng.gen_range(1..=10), rng.gen_range(1..=10))?;
    let game = position([a, b], roll, seed).ok()?;
    let all = ends(&game);
    // Every way is a move to write out (not "no die can be used").
    if all.len() < 8 || all.iter().any(|(_, w, _)| w.is_empty()) {
        return None;
    }
    let mut values: Vec<f64> = all.iter().map(|(p, _, w)| value(*p, *w)).collect();
    values.sort_by(f64::total_cmp);
    (values[1] - values[0] >= MARGIN).then_some(game)
}

/// A reach candidate, if it has a handful of answers.
fn reach_candidate(rng: &mut ChaCha8Rng, seed: u64) -> Option<Game> {
    let a = rng.gen_range(1..80u8);
    let roll = Roll::new(rng.gen_range(2..=10), rng.gen_range(2..=10))?;
    if roll.is_doubles() {
        return None;
    }
    let game = position([a, GOAL], roll, seed).ok()?;
    let n = reachable(&game).len();
    (4..=12).contains(&n).then_some(game)
}

/// The spaces the one pawn in play can end on (both dice used), sorted.
pub fn reachable(game: &Game) -> Vec<u8> {
    let mut spaces: Vec<u8> = ends(game)
        .iter()
        .map(|(p, _, _)| if p[0] == GOAL { p[1] } else { p[0] })
        .collect();
    spaces.sort_unstable();
    spaces.dedup();
    spaces
}

/// The puzzle of a day (days since 1970-01-01, UTC): the same for everyone.
pub fn of_day(day: i64) -> Puzzle {
    let seed = (day as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x05EE_DC1B;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let kind = if day.rem_euclid(2) == 0 {
        Kind::BestMove
    } else {
        Kind::Reach
    };
    for _ in 0..10_000 {
        let found = match kind {
            Kind::BestMove => best_move_candidate(&mut rng, seed),
            Kind::Reach => reach_candidate(&mut rng, seed),
        };
        if let Some(game) = found {
            return Puzzle { day, kind, game };
        }
    }
    // Never reached in practice (a candidate is found within a few tries); a plain
    // position keeps the function total.
    let game = position([0, 0], Roll { a: 3, b: 5 }, seed).unwrap_or_else(|_| {
        Game::new(options(), &["You".to_string()], seed).expect("the standard solitaire")
    });
    Puzzle {
        day,
        kind: Kind::BestMove,
        game,
    }
}

/// The grade of an answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Grade {
    /// Best move: the expected turns the answer leaves and the best, with a best move.
    Move {
        right: bool,
        yours: f64,
        best: f64,
        best_move: String,
    },
    /// Reach: the spaces missed and the ones that cannot be reached.
    Reach {
        right: bool,
        missing: Vec<u8>,
        wrong: Vec<u8>,
        all: Vec<u8>,
    },
}

impl Grade {
    pub fn is_right(&self) -> bool {
        match self {
            Grade::Move { right, .. } | Grade::Reach { right, .. } => *right,
        }
    }
}

/// Why an answer cannot be graded.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AnswerError {
    /// The move cannot be played (the engine's reason).
    #[error("{0}")]
    Move(#[from] RuleError),
    /// A move must use every die (or end as the rules force).
    #[error("a whole move is asked for: use both dice")]
    Unfinished,
    /// Not a list of spaces.
    #[error(
        "`{0}` is not a list of spaces: write them separated by spaces or commas, like 12 17 40"
    )]
    Spaces(String),
}

impl Puzzle {
    /// The best move and what it leaves (best-move puzzles).
    pub fn best(&self) -> (String, f64) {
        ends(&self.game)
            .into_iter()
            .map(|(p, w, wins)| (w, value(p, wins)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or_default()
    }

    /// Grade an answer: a move in §4 notation, or a list of spaces.
    pub fn grade(&self, answer: &str) -> Result<Grade, AnswerError> {
        match self.kind {
            Kind::BestMove => {
                let mut after = self.game.clone();
                let actions = notation::actions(&after, 0, answer)?;
                after.apply_all(0, &actions)?;
                if after.turn.uses.total_left() > 0 || !after.can_end_move() {
                    return Err(AnswerError::Unfinished);
                }
                let (pawns, returning) = own_bump(&after);
                let yours = if pawns.iter().all(|&p| p == GOAL) {
                    0.0
                } else {
                    expected(Course::Climb, pawns, returning).unwrap_or(f64::INFINITY)
                };
                let (best_move, best) = self.best();
                // The move is checked by ending it, as a player would.
                let _ = after.apply(0, &Action::EndMove);
                Ok(Grade::Move {
                    right: yours - best <= TOLERANCE,
                    yours,
                    best,
                    best_move,
                })
            }
            Kind::Reach => {
                let mut given: Vec<u8> = Vec::new();
                for word in answer
                    .split([',', ' ', ';', '/'])
                    .map(str::trim)
                    .filter(|w| {
                        !w.is_empty()
                            && !w.eq_ignore_ascii_case("and")
                            && !w.eq_ignore_ascii_case("et")
                    })
                {
                    let n: u8 = word
                        .parse()
                        .map_err(|_| AnswerError::Spaces(answer.chars().take(40).collect()))?;
                    given.push(n);
                }
                if given.is_empty() {
                    return Err(AnswerError::Spaces(answer.chars().take(40).collect()));
                }
                given.sort_unstable();
                given.dedup();
                let all = reachable(&self.game);
                let missing: Vec<u8> = all.iter().filter(|s| !given.contains(s)).copied().collect();
                let wrong: Vec<u8> = given.iter().filter(|s| !all.contains(s)).copied().collect();
                Ok(Grade::Reach {
                    right: missing.is_empty() && wrong.is_empty(),
                    missing,
                    wrong,
                    all,
                })
            }
        }
    }

    /// The pawn in play of a reach puzzle (the other is home).
    pub fn pawn(&self) -> u8 {
        let p = self.game.players[0].pawns;
        if p[0] == GOAL {
            p[1]
        } else {
            p[0]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_has_one_puzzle_for_everyone_and_days_differ() {
        let a = of_day(20_000);
        let b = of_day(20_000);
        assert_eq!(a.game, b.game);
        let c = of_day(20_001);
        assert_ne!(a.kind, c.kind);
    }

    #[test]
    fn puzzles_teach_a_clear_best_or_a_handful_of_spaces() {
        for day in 20_400..20_460 {
            let p = of_day(day);
            match p.kind {
                Kind::BestMove => {
                    let (best_move, best) = p.best();
                    let grade = p.grade(&best_move).expect("the best move grades");
                    assert!(grade.is_right(), "day {day}: {grade:?}");
                    assert!((0.0..40.0).contains(&best));
                }
                Kind::Reach => {
                    let all = reachable(&p.game);
                    assert!((4..=12).contains(&all.len()), "day {day}: {all:?}");
                    let words: Vec<String> = all.iter().map(u8::to_string).collect();
                    assert!(p.grade(&words.join(", ")).unwrap().is_right());
                    let grade = p.grade(&words[1..].join(" ")).unwrap();
                    assert!(!grade.is_right());
                }
            }
        }
    }
}
