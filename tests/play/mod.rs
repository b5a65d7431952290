//! The product as people use it: the session layer on real SQLite files, the terminal
//! game (`primeclimb play`, the real binary), and the real bot against the fake Discord
//! on loopback. `cargo test -- play::` runs these alone.

mod activity;
mod async_play;
mod claims;
mod classroom;
mod daifugo_discord;
mod daifugo_sessions;
mod discord_clicks;
mod discord_e2e;
mod discord_faults;
mod discord_game;
mod discord_pictures;
mod learning;
mod local_play;
mod outages;
mod postgres;
mod replay;
mod report;
mod sessions;
mod web;
