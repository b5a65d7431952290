//! Prime Climb rules (`../shared/rules/prime-climb.md`): board, dice, cards, game state,
//! notation and legal outcomes. Pure and deterministic: no I/O, no async, no clock, no
//! Discord, database or image types (a test in `tests/engine/architecture.rs` checks the imports).

pub mod ai;
pub mod board;
pub mod card;
pub mod dice;
pub mod error;
pub mod game;
pub mod hint;
pub mod lessons;
pub mod notation;
pub mod ops;
pub mod options;
pub mod outcomes;
pub mod puzzle;
pub mod review;
pub mod seat;
pub mod solver;
pub mod steps;

pub use board::{Colour, GOAL, START};
pub use card::{ActionEffect, CardDef, CardId, Effect, KeeperEffect};
pub use dice::{Roll, Uses};
pub use error::{RuleError, StepError};
pub use game::{
    Action, CardChoice, Event, Game, KeeperPlay, PawnRef, Phase, Player, PositionSetup, StepRecord,
};
pub use options::{Course, CustomCardError, Doubles, Options, OptionsError};
pub use outcomes::{is_legal, legal_outcomes, KeeperUse, Outcome, OutcomeList};
pub use seat::Seat;
