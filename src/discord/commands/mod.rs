//! The slash commands: built from the table of `text::commands` (names, descriptions and
//! options in both languages), dispatched by one action that reads the options and calls
//! the command's handler, one file per group. Each handler reads who asks and where
//! ([`Caller`](crate::discord::caller::Caller)), calls one session use case, and answers
//! through `reply.rs`.

mod args;
mod class;
pub(super) mod climb;
mod daifugo;
mod dispatch;
mod mine;
mod opening;
mod puzzle;
mod settings;
mod shared;
mod standings;
mod table;

pub(super) use class::games_page;
pub use dispatch::dispatches;
pub(super) use opening::{learner_plays, Threads};
pub(super) use shared::{answered, Refused};
pub use table::{all, registration};
