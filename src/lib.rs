//! Prime Climb on Discord and in the terminal. See `README.md` and
//! `../shared/design/ARCHITECTURE.md` for the module map.

pub mod cli;
pub mod climb;
pub mod discord;
