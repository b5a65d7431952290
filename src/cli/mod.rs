//! The command line: clap subcommands. Each subcommand parses and validates its
//! arguments into engine values before anything runs; a bad argument is a clear message
//! on stderr and exit code 2.

use clap::{Parser, Subcommand};

pub mod bot;
pub mod moves;

#[derive(Parser, Debug)]
#[command(
    name = "primeclimb",
    version,
    about = "Prime Climb: rules engine, move lister and (soon) local and Discord play"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every legal result of one turn: where your pawns can end, with a move for each.
    Moves(moves::MovesArgs),
    /// Run the Discord bot (configuration from the environment or .env; see .env.example).
    Bot(bot::BotArgs),
}

/// An error in what the user typed: printed as it is, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Run the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves(args) => moves::run(&args),
        Command::Bot(args) => bot::run(&args),
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
