//! Prime Climb and Prime Daifugo Lvl. 0 on Discord and in the terminal. See `README.md`
//! and `../shared/design/ARCHITECTURE.md` for the module map.

pub mod cli;
pub mod climb;
pub mod daifugo;
pub mod discord;
pub mod render;
pub mod session;
pub mod store;
