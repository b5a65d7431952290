//! Test support shared by the integration tests that need it.

pub mod fake_discord;
