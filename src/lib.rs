//! Prime Climb and Prime Daifugo Lvl. 0 on Discord and in the terminal. See `README.md`
//! and `../shared/design/ARCHITECTURE.md` for the module map: each floor uses only the
//! floors below it.
//!
//! 1. `climb`, `daifugo` (the rules), `lang`, `level`, `store`;
//! 2. `render` (pictures);
//! 3. `session` (use cases, views, the grammar of requests);
//! 4. `text` (everything a person reads, in English and French);
//! 5. `discord`, `cli` (the fronts).

pub mod cli;
pub mod climb;
pub mod daifugo;
pub mod discord;
pub mod lang;
pub mod level;
pub mod render;
pub mod session;
pub mod store;
pub mod text;
