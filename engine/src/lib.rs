//! The pure floors of primeclimb (`../shared/design/ARCHITECTURE.md`, floors 1 and 2):
//! the rules engines, the languages and AI levels they are told in, and the pictures drawn
//! from engine values. No I/O, no async, no database and no Discord: deterministic given a
//! seed. The `primeclimb` crate re-exports every module here under the same name
//! (`primeclimb::climb`, `primeclimb::render`, …).
//!
//! 1. `climb`, `daifugo` (the rules), `lang`, `level`;
//! 2. `render` (pictures).

pub mod climb;
pub mod daifugo;
pub mod json;
pub mod lang;
pub mod level;
pub mod render;
