//! The engines as the rule books say, and what is drawn from them: one test binary for
//! everything that needs no database, network or clock (it links fast and runs in
//! seconds). `cargo test --test engine`.
//!
//! - `rules`, `variants`, `invariants`, `outcome_counts`, `fuzz`, `hints`, `ai`: Prime
//!   Climb (`../shared/rules/prime-climb.md`);
//! - `daifugo`: Prime Daifugo (`../shared/rules/prime-daifugo.md`);
//! - `render`: the pictures;
//! - `architecture`: the module boundaries of `../shared/design/ARCHITECTURE.md`.

#[path = "../support/position.rs"]
mod position;

mod ai;
mod architecture;
mod daifugo;
mod fuzz;
mod hints;
mod invariants;
mod outcome_counts;
mod palettes;
mod render;
mod replay;
mod review;
mod rules;
mod scaffolds;
mod variants;
mod words;
