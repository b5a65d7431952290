//! What the subcommands read from their flags (`src/cli/`).

mod migrate;
mod simulate;
mod solve;
