//! The Discord front's pure parts (`src/discord/`): configuration, component ids, the
//! relay, and what its posts and commands compute without Discord.

mod commands;
mod config;
mod ids;
mod posts;
mod relay;
