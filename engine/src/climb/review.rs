//! Game review: every Prime Climb turn a person played, set against the best move. Where
//! the exact solitaire solver covers the position (the Climb and There and Back Again
//! courses, standard dice, no Keeper in hand) the measure is the one the hints rank by:
//! the expected number of turns left to finish, with what lies beyond the race (a bump,
//! a card, the risk of being bumped) counted in turns ([`ai::Worth`]), so a player who
//! follows the first hint is never told they lost anything; elsewhere the hard AI's
//! choice is the judge, and the review says so. Per player: the turns that cost most with the better move written out,
//! an accuracy figure (the share of turns played as well as the best), and the curve of
//! expected turns left after each of their turns (the evaluation graph of chess sites,
//! for Prime Climb).
//!
//! A pure function of the game's options, names, seed and log: the same review every
//! time, from any front.

use super::ai::{self, Level};
use super::dice::Roll;
use super::game::{Action, Game, KeeperPlay, Phase, Seat, StepRecord};
use super::notation::{self, Token, WrittenStep};
use super::options::{Course, Options, WayStations};
use super::outcomes::{legal_outcomes, Outcome};
use super::solver;
use super::RuleError;
use super::GOAL;

/// A move within this many expected turns of the best counts as the best.
pub const TOLERANCE: f64 = 0.005;

/// Who judged a turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judge {
    /// The exact solver: expected turns to finish after the move played and after the
    /// best move, all counted as the hints count them ([`ai::Worth::turns`]); and the
    /// race alone after each (the solver's own figures, with no bump, card or risk).
    Solver {
        played: f64,
        best: f64,
        played_race: f64,
        best_race: f64,
    },
    /// Beyond the solver: whether the hard AI would have ended the move the same way.
    HardAi { agrees: bool },
}

/// One reviewed turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    pub seat: Seat,
    /// The engine's turn number.
    pub number: u32,
    pub roll: Roll,
    /// The player's pawns when the move began, as (space, returning).
    pub start: [(u8, bool); 2],
    /// The turn was under a Curse (§6.2: only subtract and divide).
    pub cursed: bool,
    /// The move played, in §4 notation (`14 -3 x9`).
    pub played: String,
    pub judge: Judge,
    /// A better move, written out, when there was one.
    pub better: Option<String>,
}

impl TurnReview {
    /// Expected turns lost against the best move (solver-judged turns only).
    pub fn loss(&self) -> Option<f64> {
        match self.judge {
            Judge::Solver { played, best, .. } => Some((played - best).max(0.0)),
            Judge::HardAi { .. } => None,
        }
    }

    /// Whether the move played was as good as the best.
    pub fn is_best(&self) -> bool {
        match self.judge {
            Judge::Solver { played, best, .. } => played - best <= TOLERANCE,
            Judge::HardAi { agrees } => agrees,
        }
    }
}

/// One player's review.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerReview {
    pub seat: Seat,
    pub name: String,
    /// Turns with a choice to make (a turn with a single way to end is not counted).
    pub reviewed: u32,
    /// Of those, played as well as the best.
    pub best_moves: u32,
    /// Turns the solver judged, and the expected turns lost on them in all.
    pub solver_turns: u32,
    pub turns_lost: f64,
    /// Expected turns left after each of the player's turns (turn number, value), from
    /// the start; empty where the solver does not cover the game.
    pub curve: Vec<(u32, f64)>,
}

impl PlayerReview {
    /// The share of reviewed turns played as well as the best, in percent.
    pub fn accuracy(&self) -> Option<f64> {
        (self.reviewed > 0).then(|| 100.0 * f64::from(self.best_moves) / f64::from(self.reviewed))
    }
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every player, in seat order.
    pub players: Vec<PlayerReview>,
    /// Every reviewed turn, in order.
    pub turns: Vec<TurnReview>,
    /// The solver's course, when it covers the game.
    pub course: Option<solver::Course>,
}

impl Review {
    /// A player's `n` costliest turns (solver-judged, most lost first; then the turns the
    /// hard AI would have played otherwise), only those that lost something.
    pub fn costliest(&self, seat: Seat, n: usize) -> Vec<&TurnReview> {
        let mut lost: Vec<&TurnReview> = self
            .turns
            .iter()
            .filter(|t| t.seat == seat && !t.is_best())
            .collect();
        lost.sort_by(|a, b| {
            b.loss()
                .unwrap_or(-1.0)
                .total_cmp(&a.loss().unwrap_or(-1.0))
                .then(a.number.cmp(&b.number))
        });
        lost.truncate(n);
        lost
    }
}

/// The solver's course for a game, if it covers it (standard dice and two pawns, no
/// Sprint, Double Time or Way Stations, not Decline, no scaffold variant).
pub fn solver_course(options: &Options) -> Option<solver::Course> {
    if options.sprint
        || options.double_time
        || options.way_stations != WayStations::Off
        || options.is_scaffold()
    {
        return None;
    }
    match options.course {
        Course::Climb => Some(solver::Course::Climb),
        Course::ThereAndBack => Some(solver::Course::ThereAndBack),
        Course::Decline => None,
    }
}

/// Expected turns to finish from a player's pawns (0 when both are home).
pub fn expected(course: solver::Course, pawns: [u8; 2], returning: [bool; 2]) -> Option<f64> {
    solver::values(course).get([(pawns[0], returning[0]), (pawns[1], returning[1])])
}

/// The player's pawns once their own Move phase ends: of two pawns on one space (not
/// Start or the goal), the one moved last stays and the other goes back (§3.3).
pub fn own_bump(game: &Game) -> ([u8; 2], [bool; 2]) {
    let seat = game.current();
    let p = &game.players[seat];
    let (mut pawns, returning) = (p.pawns, p.returning);
    let start = game.options.start_space(false);
    if pawns[0] == pawns[1] && pawns[0] != start && pawns[0] != GOAL {
        let stays = game.turn.last_mover.unwrap_or(1);
        let other = 1 - stays.min(1);
        pawns[other] = game.options.start_space(returning[other]);
    }
    (pawns, returning)
}

/// The steps of a Move phase written in §4 notation.
pub fn written(start: [u8; 2], steps: &[StepRecord]) -> String {
    let mut pawns = start;
    let mut out = Vec::new();
    for s in steps {
        let (pawn, token) = match *s {
            StepRecord::Die {
                pawn, op, die, to, ..
            } => {
                pawns[pawn.min(1)] = to;
                (Some(pawn), Token::Die(op, die))
            }
            StepRecord::Forced { pawn, die, to, .. } => {
                pawns[pawn.min(1)] = to;
                (Some(pawn), Token::Forced(die))
            }
            StepRecord::Keeper { play, from, to, .. } => match play {
                KeeperPlay::PlusMinus { pawn, add } => {
                    if let Some(to) = to {
                        pawns[pawn.min(1)] = to;
                    }
                    let n = match (from, to) {
                        (Some(f), Some(t)) => f.abs_diff(t),
                        _ => 0,
                    };
                    (Some(pawn), Token::PlusMinus { add, n })
                }
                KeeperPlay::SendWithin { pawn } => (Some(pawn), Token::SendWithin(None)),
                KeeperPlay::Curse { target } => (None, Token::Curse(target as u8 + 1)),
            },
        };
        out.push(WrittenStep {
            pawn,
            token,
            after: pawns,
        });
    }
    notation::write(start, None, &out)
}

/// A player's end of the move as a set of (space, returning), order aside.
fn end_of(pawns: [u8; 2], returning: [bool; 2]) -> [(u8, bool); 2] {
    let mut end = [(pawns[0], returning[0]), (pawns[1], returning[1])];
    end.sort();
    end
}

/// What an outcome is worth, all counted, in turns ([`ai::Worth::turns`]): 0 for a win,
/// and a move that does not win is never worth as much as one that does.
fn measure(start: &Game, o: &Outcome) -> f64 {
    if o.wins {
        0.0
    } else {
        ai::worth(start, o).turns().max(TOLERANCE * 2.0)
    }
}

/// The value of an outcome: 0 for a win, else the solver's.
fn value_of(course: solver::Course, o: &Outcome) -> Option<f64> {
    if o.wins {
        Some(0.0)
    } else {
        expected(course, o.pawns, o.returning)
    }
}

/// Judge one Move phase: `start` at its beginning (the roll made), `before_end` just
/// before it ended. `None` when there was no choice to make.
fn judge(start: &Game, before_end: &Game, course: Option<solver::Course>) -> Option<TurnReview> {
    let seat = start.current();
    let list = legal_outcomes(start);
    let ends: Vec<(usize, Outcome)> = (0..list.len())
        .filter_map(|i| list.end(i).map(|o| (i, o)))
        .collect();
    if ends.len() <= 1 {
        return None;
    }
    let (pawns, returning) = own_bump(before_end);
    let played_end = end_of(pawns, returning);
    let start_pawns = start.players[seat].pawns;
    let played = written(start_pawns, &before_end.turn.steps);
    let card_free = start.players[seat].keepers.is_empty();
    // The move played among the ways to end: the same end (of several with it, the one
    // worth most, as the player gets the benefit of the doubt).
    let played_outcome = ends
        .iter()
        .filter(|(_, o)| end_of(o.pawns, o.returning) == played_end)
        .map(|(_, o)| o)
        .min_by(|a, b| measure(start, a).total_cmp(&measure(start, b)));
    let (judge, better) = match (course, card_free) {
        (Some(c), true) => {
            // Judged by the measure the hints rank by (a win first, then what each move
            // is worth all counted), so the first hint is always the best move here.
            let (best, best_race) = ends
                .iter()
                .filter_map(|(i, o)| value_of(c, o).map(|race| ((measure(start, o), *i), race)))
                .min_by(|a, b| a.0 .0.total_cmp(&b.0 .0).then(a.0 .1.cmp(&b.0 .1)))?;
            let played_race = expected(c, pawns, returning)?;
            let played_value = match played_outcome {
                Some(o) => measure(start, o),
                None => played_race,
            };
            // The witness is written out for the one move shown.
            let better = (played_value - best.0 > TOLERANCE)
                .then(|| list.get(best.1).map(|o| o.witness))
                .flatten();
            (
                Judge::Solver {
                    played: played_value,
                    best: best.0,
                    played_race,
                    best_race,
                },
                better,
            )
        }
        _ => {
            let ai = ai::best_outcomes(start, Level::Hard, 1)
                .into_iter()
                .next()?;
            // As good as the hard AI's choice: the same end, or one worth as much.
            let agrees = end_of(ai.pawns, ai.returning) == played_end
                || played_outcome.is_some_and(|o| {
                    o.wins == ai.wins && measure(start, o) - measure(start, &ai) <= TOLERANCE
                });
            (
                Judge::HardAi { agrees },
                (!agrees).then(|| ai.witness.clone()),
            )
        }
    };
    let p = &start.players[seat];
    Some(TurnReview {
        seat,
        number: start.turn.number,
        roll: start.turn.roll,
        start: [(p.pawns[0], p.returning[0]), (p.pawns[1], p.returning[1])],
        cursed: start.turn.cursed,
        played,
        judge,
        better,
    })
}

/// The key of a Move phase: whose, which turn, which roll (a roll again is a new one).
fn phase_key(g: &Game) -> (Seat, u32, Roll, u8) {
    (g.current(), g.turn.number, g.turn.roll, g.turn.roll_again)
}

/// Review a game from its options, the players' names, its seed and its log (each
/// entry: the seat that acted and the actions). Every seat is reviewed; a front shows
/// the people's.
pub fn review(
    options: &Options,
    names: &[String],
    seed: u64,
    log: &[(Seat, Vec<Action>)],
) -> Result<Review, RuleError> {
    let mut game = Game::new(options.clone(), names, seed)?;
    let course = solver_course(options);
    let mut players: Vec<PlayerReview> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| PlayerReview {
            seat,
            name: name.clone(),
            reviewed: 0,
            best_moves: 0,
            solver_turns: 0,
            turns_lost: 0.0,
            curve: course
                .map(|c| vec![(0, solver::values(c).from_start())])
                .unwrap_or_default(),
        })
        .collect();
    let mut turns: Vec<TurnReview> = Vec::new();
    let mut start: Option<Game> = None;
    for (seat, actions) in log {
        for action in actions {
            if game.phase == Phase::Move
                && game.turn.steps.is_empty()
                && !game.is_over()
                && start
                    .as_ref()
                    .is_none_or(|s| phase_key(s) != phase_key(&game))
            {
                start = Some(game.clone());
            }
            let ending = matches!(action, Action::EndMove) && game.phase == Phase::Move;
            let judged = match (&start, ending) {
                (Some(s), true) if phase_key(s) == phase_key(&game) => judge(s, &game, course),
                _ => None,
            };
            let mover = game.current();
            let in_move = game.phase == Phase::Move && !ending;
            game.apply(*seat, action)?;
            // A winning step ends the game at once, with no End of the move: that turn
            // is judged too (nothing beats a win).
            let won = in_move && game.is_over() && game.winner == Some(mover);
            let judged = match (&start, judged, won) {
                (Some(s), None, true) if s.current() == mover => {
                    let p = &s.players[mover];
                    let list = legal_outcomes(s);
                    (list.len() > 1).then(|| TurnReview {
                        seat: mover,
                        number: s.turn.number,
                        roll: s.turn.roll,
                        start: [(p.pawns[0], p.returning[0]), (p.pawns[1], p.returning[1])],
                        cursed: s.turn.cursed,
                        played: written(p.pawns, &game.turn.steps),
                        // With a keeper card in hand the solver does not know the
                        // moves: the hard AI's judgement, as for the turns before.
                        judge: match (course, p.keepers.is_empty()) {
                            (Some(_), true) => Judge::Solver {
                                played: 0.0,
                                best: 0.0,
                                played_race: 0.0,
                                best_race: 0.0,
                            },
                            _ => Judge::HardAi { agrees: true },
                        },
                        better: None,
                    })
                }
                (_, judged, _) => judged,
            };
            if let Some(t) = judged {
                // A move taken back and played again is judged once, as last played.
                if let Some(last) = turns.last() {
                    if last.seat == t.seat && last.number == t.number && last.roll == t.roll {
                        turns.pop();
                    }
                }
                turns.push(t);
            }
            if ending || won {
                if let (Some(c), Some(p)) = (course, players.get_mut(mover)) {
                    let me = &game.players[mover];
                    let value = if game.winner == Some(mover) {
                        Some(0.0)
                    } else {
                        expected(c, me.pawns, me.returning)
                    };
                    if let Some(v) = value {
                        let number = start.as_ref().map_or(game.turn.number, |s| s.turn.number);
                        if p.curve.last().is_some_and(|&(n, _)| n == number) {
                            p.curve.pop();
                        }
                        p.curve.push((number, v));
                    }
                }
            }
        }
    }
    for t in &turns {
        let Some(p) = players.get_mut(t.seat) else {
            continue;
        };
        p.reviewed += 1;
        if t.is_best() {
            p.best_moves += 1;
        }
        if let Some(loss) = t.loss() {
            p.solver_turns += 1;
            p.turns_lost += loss;
        }
    }
    Ok(Review {
        players,
        turns,
        course,
    })
}
