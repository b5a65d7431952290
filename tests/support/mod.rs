//! Test support shared by the test binaries and the benchmarks: positions built by hand
//! (`position`), databases and players for the sessions (`db`), the fake Discord
//! (`fake_discord`) and the real bot driven through it (`bot`).

pub mod activity;
pub mod bot;
pub mod browser;
pub mod db;
pub mod fake_discord;
pub mod position;
pub mod postgres;
pub mod sqlite_lock;
