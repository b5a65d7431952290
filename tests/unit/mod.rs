//! The library's own small tests: words, settings, ids, parsers (no database, network or
//! clock), through the public API of `primeclimb` like every other test here. They mirror
//! `src/`: `unit::text::errors` tests `src/text/errors.rs`. `cargo test -- unit::` runs these
//! alone.
//!
//! - `text`: what people read, in both languages;
//! - `session`: the calendar, the grammar of requests, seasons, streaks, the class report;
//! - `store`: database addresses;
//! - `cli`: what the subcommands read from their flags;
//! - `discord`: the bot's configuration, the ids of its components, the relay, and the
//!   pure parts of its posts and commands.

mod cli;
mod discord;
mod session;
mod store;
mod text;
