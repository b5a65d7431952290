//! The command line: clap subcommands. Each subcommand parses and validates its
//! arguments into engine values before anything runs; a bad argument is a clear message
//! on stderr and exit code 2.

use clap::{Parser, Subcommand};

mod args;
pub mod bot;
pub mod learn;
pub mod migrate;
pub mod moves;
pub mod play;
pub mod render;
pub mod simulate;
pub mod solve;

pub use args::{
    at_least_one, cannot_write, hint_count, language, load_dotenv, thread_count, whole_number,
    UsageError,
};

#[derive(Parser, Debug)]
#[command(
    name = "primeclimb",
    version,
    about = "Prime Climb and Prime Daifugo Lvl. 0: play in the terminal or run the Discord bot",
    long_about = "Prime Climb (the math board game by Math for Love) and Prime Daifugo Lvl. 0 \
(the prime-number card game): play either game in the terminal against AI seats or \
friends at the same keyboard (`primeclimb play`, `primeclimb play daifugo`), or run the \
Discord bot (`primeclimb bot`). Also: every legal move of a turn, board pictures, AI \
matches and the exact solitaire solver."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every legal result of one turn: where your pawns can end, with a move for each.
    Moves(moves::MovesArgs),
    /// Draw the board as a PNG: a saved game (`--state FILE.json`) or the demo (`--demo`).
    Render(render::RenderArgs),
    /// Play AI-only games and report win rates, e.g. `--games 2000 --players hard,medium`.
    Simulate(simulate::SimulateArgs),
    /// Exact solitaire values: the fewest expected turns to finish, from Start or any position.
    Solve(solve::SolveArgs),
    /// Run the Discord bot for both games (configuration from the environment or .env; see
    /// .env.example).
    Bot(bot::BotArgs),
    /// Play Prime Climb (or `play daifugo`: Prime Daifugo) in the terminal against AI seats
    /// or friends at the same keyboard; saved in the database (DATABASE_URL), so
    /// `--resume` continues a game.
    Play(play::PlayArgs),
    /// Learn Prime Climb step by step (one pawn and one die first), then play a whole
    /// game against the easy AI with hints on; progress is saved.
    Learn(learn::LearnArgs),
    /// Copy every game, log, result, rating and setting to another database (SQLite to
    /// PostgreSQL, or back), e.g. `--from sqlite://primeclimb.db --to postgres://…`; the
    /// target must be empty unless `--replace`.
    MigrateDb(migrate::MigrateArgs),
}

/// Run the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves(args) => moves::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Simulate(args) => simulate::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Bot(args) => bot::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Learn(args) => learn::run(&args),
        Command::MigrateDb(args) => migrate::run(&args),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            if e.downcast_ref::<UsageError>().is_some() {
                2
            } else {
                1
            }
        }
    }
}
