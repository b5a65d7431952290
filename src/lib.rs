//! Prime Climb and Prime Daifugo Lvl. 0 on Discord and in the terminal. See `README.md`
//! and `../shared/design/ARCHITECTURE.md` for the module map: each floor uses only the
//! floors below it.
//!
//! 1. `climb`, `daifugo` (the rules), `lang`, `level`, `store`;
//! 2. `render` (pictures);
//! 3. `session` (use cases, views, the grammar of requests);
//! 4. `text` (everything a person reads, in English and French);
//! 5. `discord`, `cli` (the fronts), `config` (what `primeclimb bot` reads from its
//!    environment) and `drawing` (where the bot draws its pictures, answers first).

pub mod cli;
pub mod config;
pub mod discord;
pub mod drawing;
pub mod session;
pub mod store;
pub mod text;
pub mod web;

/// The pure floors live in their own crate (`engine/`), compiled optimised even in test
/// builds; they keep their names here, so `crate::climb::Game` reads as before.
pub use primeclimb_engine::{climb, daifugo, json, lang, level, render};
