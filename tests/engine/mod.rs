//! The engines as the rule books say, and what is drawn from them: everything that needs
//! no database, network or clock. `cargo test -- engine::` runs these alone.
//!
//! - `rules`, `variants`, `invariants`, `outcome_counts`, `fuzz`, `hints`, `ai`: Prime
//!   Climb (`../shared/rules/prime-climb.md`);
//! - `daifugo`: Prime Daifugo (`../shared/rules/prime-daifugo.md`);
//! - `render`, `encoder`, `svg`: the pictures, the board's own PNG encoder and the web's SVG;
//! - `architecture`: the module boundaries of `../shared/design/ARCHITECTURE.md`.

mod ai;
mod architecture;
mod daifugo;
mod encoder;
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
mod steps;
mod svg;
mod variants;
mod words;
