//! The Discord front's pure parts (`src/discord/`): configuration, the relay, and what
//! its posts and commands compute without Discord.

mod commands;
mod config;
mod posts;
mod relay;
