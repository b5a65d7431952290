//! The guided first game (`/climb learn`, `primeclimb learn`): short steps that each set
//! up a position with the scaffold variants (one die, one pawn), ask for one move with a
//! goal, and check the move with the engine itself. The steps follow the way teachers
//! introduce Prime Climb: one pawn and one die (adding, subtracting, multiplying,
//! dividing), then two dice, two pawns, doubles, bumping and the red spaces' cards. After
//! the last step comes a whole game against the easy AI with hints on (`Options::hints`).
//!
//! Pure: a step is a position, a goal and a check; the words are `text::lessons`'.

use super::board::{is_red_space, GOAL};
use super::dice::Roll;
use super::game::{Action, Event, Game, PositionSetup, Seat};
use super::notation;
use super::options::Options;
use super::outcomes::legal_outcomes;
use super::RuleError;

/// What a step asks of the learner's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// End the move with a pawn on this space.
    Reach(u8),
    /// End the move with the two pawns on these spaces (either way round).
    Pawns([u8; 2]),
    /// End the move on the highest space the roll can reach.
    Highest,
    /// Send the other player's pawn back to Start by landing on it.
    Bump,
    /// End the move on a red space, and draw a card.
    RedSpace,
}

/// The steps, by name (their words are in `text::lessons`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Add,
    Subtract,
    Multiply,
    Divide,
    TwoDice,
    TwoPawns,
    Doubles,
    Bump,
    Cards,
}

/// One step of the guided game.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub topic: Topic,
    pub options: Options,
    /// Each player's pawns (the learner is seat 0; a second seat is there to be bumped).
    pub pawns: Vec<[u8; 2]>,
    pub roll: Roll,
    pub goal: Goal,
}

/// How many steps there are before the whole game.
pub const COUNT: usize = 9;

/// The seed of every step's position (the deck order decides the card of the last step).
const SEED: u64 = 101;

fn scaffold(one_die: bool) -> Options {
    Options {
        one_die,
        one_pawn: true,
        ..Options::default()
    }
}

/// Step `i` (0-based), or `None` after the last.
pub fn lesson(i: usize) -> Option<Lesson> {
    let one = |topic, pawn, die, goal| Lesson {
        topic,
        options: scaffold(true),
        pawns: vec![[pawn, GOAL]],
        roll: Roll::single(die).expect("a die face"),
        goal,
    };
    let two = |topic, pawns: Vec<[u8; 2]>, a, b, goal| Lesson {
        topic,
        options: scaffold(false),
        pawns,
        roll: Roll::new(a, b).expect("die faces"),
        goal,
    };
    Some(match i {
        0 => one(Topic::Add, 0, 6, Goal::Reach(6)),
        1 => one(Topic::Subtract, 9, 4, Goal::Reach(5)),
        2 => one(Topic::Multiply, 7, 3, Goal::Reach(21)),
        3 => one(Topic::Divide, 24, 6, Goal::Reach(4)),
        4 => two(Topic::TwoDice, vec![[5, GOAL]], 3, 4, Goal::Highest),
        5 => Lesson {
            options: Options::default(),
            ..two(Topic::TwoPawns, vec![[3, 10]], 4, 5, Goal::Pawns([12, 50]))
        },
        6 => two(Topic::Doubles, vec![[2, GOAL]], 3, 3, Goal::Reach(57)),
        7 => two(Topic::Bump, vec![[4, GOAL], [20, GOAL]], 5, 1, Goal::Bump),
        8 => two(Topic::Cards, vec![[6, GOAL]], 2, 1, Goal::RedSpace),
        _ => return None,
    })
}

/// What a learner's move did.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The goal was met.
    pub passed: bool,
    /// The learner's pawns in play after the move, lowest first.
    pub pawns: Vec<u8>,
    /// What happened, for the story told back (bumps, the card drawn).
    pub events: Vec<Event>,
    /// The game after the move (to draw it).
    pub game: Game,
}

/// Why a move cannot be checked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LessonError {
    /// The move cannot be played (the engine's reason).
    #[error("{0}")]
    Move(#[from] RuleError),
    /// Not every die was used.
    #[error("use every die: the move is not finished")]
    Unfinished,
}

impl Lesson {
    /// The position: the learner to move, the roll made.
    pub fn game(&self) -> Game {
        let setup = PositionSetup {
            pawns: self.pawns.clone(),
            keepers: vec![Vec::new(); self.pawns.len()],
            to_move: 0,
            roll: Some(self.roll),
            cursed: false,
        };
        let mut game = Game::from_position(self.options.clone(), &setup, SEED)
            .expect("every lesson position is a legal position");
        // The learner and the pawn to bump, as the story of the move names them.
        for (player, name) in game.players.iter_mut().zip(["You", "Robot"]) {
            player.name = name.into();
        }
        game
    }

    /// The highest space the learner's pawn can end on (the `Highest` goal's target).
    pub fn highest(&self) -> u8 {
        let game = self.game();
        legal_outcomes(&game)
            .iter()
            .filter(|o| !o.witness.is_empty())
            .map(|o| o.pawns[0])
            .max()
            .unwrap_or(0)
    }

    /// Check a move written in the notation of §4.
    pub fn check(&self, answer: &str) -> Result<Checked, LessonError> {
        let mut game = self.game();
        let me: Seat = 0;
        let actions = notation::actions(&game, me, answer)?;
        let mut events = game.apply_all(me, &actions)?;
        if game.turn.uses.total_left() > 0 {
            return Err(LessonError::Unfinished);
        }
        let before_end: Vec<u8> = self.in_play(&game);
        if game.can_end_move() {
            events.extend(game.apply(me, &Action::EndMove)?);
        }
        let passed = match self.goal {
            Goal::Reach(s) => before_end.contains(&s),
            Goal::Pawns(want) => {
                let mut want = want;
                want.sort_unstable();
                before_end == want
            }
            Goal::Highest => before_end.contains(&self.highest()),
            Goal::Bump => events
                .iter()
                .any(|e| matches!(e, Event::SentToStart { pawn, .. } if pawn.seat != me)),
            Goal::RedSpace => {
                before_end.iter().any(|&s| is_red_space(s))
                    && events.iter().any(|e| matches!(e, Event::Drew { .. }))
            }
        };
        Ok(Checked {
            passed,
            pawns: before_end,
            events,
            game,
        })
    }

    /// The learner's pawns in play (not the unused one), lowest first.
    fn in_play(&self, game: &Game) -> Vec<u8> {
        let n = self.options.pawn_count();
        let mut p: Vec<u8> = game.players[0].pawns[..n].to_vec();
        p.sort_unstable();
        p
    }

    /// A move that meets the goal, written out (shown after a wrong try, and the proof
    /// that every step can be done).
    /// A move that can be played in this step's position, to show how a move is written:
    /// one that moves a pawn but misses the goal where there is one (so the answer is not
    /// given away), else the step's own example.
    pub fn shape(&self) -> String {
        let game = self.game();
        legal_outcomes(&game)
            .iter()
            .filter(|o| !o.witness.is_empty() && o.pawns != game.players[0].pawns)
            .map(|o| o.witness)
            .find(|w| self.check(w).is_ok_and(|c| !c.passed))
            .unwrap_or_else(|| self.example())
    }

    pub fn example(&self) -> String {
        let game = self.game();
        legal_outcomes(&game)
            .iter()
            .map(|o| o.witness)
            .filter(|w| !w.is_empty())
            .find(|w| self.check(w).is_ok_and(|c| c.passed))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_of_a_move_is_shown_from_the_step_s_own_position() {
        for i in 0..COUNT {
            let l = lesson(i).expect("a step");
            let shape = l.shape();
            l.check(&shape).expect("the shape is a legal move");
            let first = shape.split_whitespace().next().unwrap_or_default();
            assert!(
                l.pawns[0].iter().any(|p| p.to_string() == first),
                "step {i}: {shape} starts from one of the learner's own pawns {:?}",
                l.pawns[0]
            );
        }
    }

    #[test]
    fn every_step_can_be_done_and_can_be_missed() {
        for i in 0..COUNT {
            let l = lesson(i).expect("a step");
            let example = l.example();
            assert!(
                !example.is_empty(),
                "step {i} has a move that meets its goal"
            );
            assert!(l.check(&example).expect("it plays").passed, "step {i}");
            let game = l.game();
            let missed = legal_outcomes(&game)
                .iter()
                .map(|o| o.witness)
                .filter(|w| !w.is_empty())
                .any(|w| l.check(&w).is_ok_and(|c| !c.passed));
            assert!(missed, "step {i}: some move misses the goal");
        }
        assert!(lesson(COUNT).is_none());
    }

    #[test]
    fn the_first_steps_take_the_move_the_text_shows() {
        assert!(lesson(0).unwrap().check("0 +6").unwrap().passed);
        assert!(lesson(1).unwrap().check("9 -4").unwrap().passed);
        assert!(lesson(2).unwrap().check("7 x3").unwrap().passed);
        assert!(lesson(3).unwrap().check("24 /6").unwrap().passed);
        assert!(!lesson(3).unwrap().check("24 +6").unwrap().passed);
        assert_eq!(lesson(4).unwrap().highest(), 60);
        assert!(lesson(4).unwrap().check("5 x3 x4").unwrap().passed);
        assert!(lesson(5).unwrap().check("10 x5 3 x4").unwrap().passed);
        assert!(lesson(6).unwrap().check("2 x3 x3 x3 +3").unwrap().passed);
        assert!(lesson(7).unwrap().check("4 x5 x1").unwrap().passed);
        assert!(lesson(8).unwrap().check("6 x2 +1").unwrap().passed);
    }

    #[test]
    fn an_unfinished_or_illegal_move_is_refused_and_says_why() {
        let l = lesson(4).unwrap();
        assert_eq!(l.check("5 x3"), Err(LessonError::Unfinished));
        assert!(matches!(l.check("5 x7"), Err(LessonError::Move(_))));
        assert!(matches!(l.check("hello"), Err(LessonError::Move(_))));
    }
}
