//! Prime Daifugo Lvl. 0 rules (`../shared/rules/prime-daifugo.md`): the deck table, forming
//! numbers, the prime judgment, turns, powers, matches, notation, hints and AI. Pure and
//! deterministic: no I/O, no async, no clock, no Discord, database or image types (a test
//! in `tests/engine/architecture.rs` checks the imports).

pub mod ai;
pub mod card;
pub mod error;
pub mod game;
pub mod hint;
pub mod notation;
pub mod number;
pub mod options;
pub mod puzzle;
pub mod seat;

pub use ai::Level;
pub use card::{Card, CardId, Kind, DECK};
pub use error::{ParseError, PlayError, RuleError};
pub use game::{Action, Event, Game, Phase, Placed, Play, Player, Step};
pub use hint::{hint_text, playable_primes, Candidate};
pub use options::{Options, OptionsError};
pub use seat::Seat;
