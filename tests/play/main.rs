//! The product as people use it: the session layer on real SQLite files, the terminal
//! game (`primeclimb play`, the real binary), and the real bot against the fake Discord
//! on loopback. One test binary, so its tests share one build and run side by side.
//! `cargo test --test play`.

#[path = "../support/mod.rs"]
mod support;

mod async_play;
mod claims;
mod classroom;
mod daifugo_discord;
mod daifugo_sessions;
mod discord_e2e;
mod discord_faults;
mod discord_game;
mod discord_pictures;
mod learning;
mod local_play;
mod postgres;
mod replay;
mod report;
mod sessions;
