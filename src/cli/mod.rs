//! The command line: clap subcommands. Each subcommand parses and validates its
//! arguments into engine values before anything runs; a bad argument is a clear message
//! on stderr and exit code 2.

use clap::{Parser, Subcommand};

use crate::lang::Lang;

pub mod bot;
pub mod learn;
pub mod migrate;
pub mod moves;
pub mod play;
pub mod render;
pub mod simulate;
pub mod solve;

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

/// A seed or a pause: a whole number of 0 or more, said plainly when it is not one
/// (`--seed -1`, `--pace soon`), rather than in clap's words.
pub fn whole_number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("`{text}` is not a whole number of 0 or more (like 42)"))
}

/// How many to show: 1 or more (`--limit 0` would show nothing, so it is refused).
pub fn at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{text}` is not a count: write 1 or more")),
    }
}

/// `moves --hint N`: 1 to 20 moves explained.
pub fn hint_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=20).contains(&n) => Ok(n),
        _ => Err(format!("`{text}`: the hints shown are 1 to 20")),
    }
}

/// `simulate --threads N`: 1 to 64 worker threads.
pub fn thread_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=64).contains(&n) => Ok(n),
        _ => Err(format!("`{text}`: the worker threads are 1 to 64")),
    }
}

/// Why a file cannot be written, in plain words: a folder that does not exist, a
/// permission refused, else what the system says.
pub fn cannot_write(e: &std::io::Error, lang: Lang) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => lang.text("no such folder", "ce dossier n'existe pas"),
        std::io::ErrorKind::PermissionDenied => {
            lang.text("permission denied", "permission refusée")
        }
        _ => return e.to_string(),
    }
    .to_string()
}

/// `--lang`: `en` or `fr`.
pub fn language(word: &str) -> Result<Lang, UsageError> {
    match word.trim().to_lowercase().as_str() {
        "en" => Ok(Lang::En),
        "fr" => Ok(Lang::Fr),
        other => Err(UsageError(format!(
            "--lang: `{other}` is not a language here: en or fr"
        ))),
    }
}

/// An error in what the user typed: printed as it is, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Read `.env` if there is one (variables already set win). A malformed file is the
/// user's to fix: a usage error.
pub fn load_dotenv() -> Result<(), UsageError> {
    match dotenvy::dotenv() {
        Ok(_) => Ok(()),
        Err(e) if e.not_found() => Ok(()),
        Err(e) => Err(UsageError(format!(".env: {e}"))),
    }
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
