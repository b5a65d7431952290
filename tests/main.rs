//! The whole suite in one test binary: one link of the crate instead of one per file or
//! per suite, and the rules' CPU-bound tests run side by side with the product's tests
//! that wait on databases, processes and the fake Discord, so both cores stay busy.
//!
//! - `engine`: the engines as the rule books say, the pictures and the words (no database,
//!   network or clock): `cargo test -- engine::`;
//! - `play`: the product as people use it, on SQLite and PostgreSQL, the terminal game and
//!   the bot against the fake Discord: `cargo test -- play::`;
//! - `unit`: the library's own small tests (words, settings, ids, parsers), run with
//!   `cargo test -- unit::`;
//! - `support`: what they and the benchmarks share.

mod engine;
mod play;
mod support;
mod unit;
