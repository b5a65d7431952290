//! The slash commands: thin poise commands, one file per group. Each reads who asks and
//! where ([`Caller`]), calls one session use case, and answers with a post through
//! `reply.rs`.

pub(crate) mod class;
pub(super) mod climb;
mod daifugo;
pub(crate) mod learn;
mod mine;
mod opening;
mod puzzle;
mod shared;

pub(super) use puzzle::climb_post as climb_puzzle_post;
mod settings;
mod standings;

use super::types::{Data, Error};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        climb::climb(),
        class::class(),
        daifugo::daifugo(),
        standings::leaderboard(),
        standings::stats(),
        settings::settings(),
        mine::my_games(),
        mine::notify(),
        mine::away(),
    ]
}
