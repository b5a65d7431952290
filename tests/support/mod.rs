//! Test support shared by the integration tests that need it.

pub mod bot;
pub mod db;
pub mod fake_discord;
