//! `primeclimb moves`: every legal result of one turn from a position given on the
//! command line (issue: `--pawns A,B --roll D1,D2 [--keepers N,…] [--cursed] [--others X,…] [--json]`).

use std::fmt::Write as _;

use anyhow::Result;
use clap::Args;
use serde::Serialize;

use super::UsageError;
use crate::climb::{
    legal_outcomes, Doubles, Game, KeeperEffect, KeeperUse, Options, Outcome, PositionSetup, Roll,
    GOAL,
};
use crate::lang::Lang;
use crate::text::{self, Markup};

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// Your two pawns' spaces, e.g. `4,26` (101 = already home).
    #[arg(long, value_name = "A,B", allow_hyphen_values = true)]
    pub pawns: String,
    /// The two dice, e.g. `3,9` (faces 1 to 10).
    #[arg(long, value_name = "D1,D2", allow_hyphen_values = true)]
    pub roll: String,
    /// The ±N Keepers in your hand, e.g. `5,2` (N from 1 to 9).
    #[arg(long, value_name = "N,N…", allow_hyphen_values = true)]
    pub keepers: Option<String>,
    /// The Curse is in force this turn: only subtract or divide.
    #[arg(long)]
    pub cursed: bool,
    /// Other players' pawns on the board, e.g. `37,42` (at most 6).
    #[arg(long, value_name = "X,Y…", allow_hyphen_values = true)]
    pub others: Option<String>,
    /// Doubles may be used two or four times (the retail rule, §3.1), instead of four.
    #[arg(long)]
    pub doubles_may: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Instead of every outcome, explain the best few moves (1 to 20, default 3).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "3",
          value_parser = super::hint_count, allow_hyphen_values = true)]
    pub hint: Option<usize>,
    /// Show at most this many outcomes (the table says how many more there are; the JSON
    /// gives the total) [default: 200 in the table, all in the JSON].
    #[arg(long, value_name = "N", value_parser = super::at_least_one, allow_hyphen_values = true)]
    pub limit: Option<usize>,
}

#[derive(Serialize)]
struct JsonOutcome {
    pawns: [u8; 2],
    keepers_used: Vec<u8>,
    wins: bool,
    draws_card: bool,
    bumped: Vec<u8>,
    witness: String,
}

#[derive(Serialize)]
struct JsonOut {
    /// How many outcomes the turn has (`outcomes` holds at most `--limit` of them).
    total: usize,
    outcomes: Vec<JsonOutcome>,
}

fn numbers(flag: &str, text: &str) -> Result<Vec<u8>, UsageError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u8>().map_err(|_| {
                UsageError(format!(
                    "--{flag}: `{s}` is not a number from 0 to 101 (write them like `4,26`)"
                ))
            })
        })
        .collect()
}

/// The validated position asked about.
pub struct MovesQuery {
    pub setup: PositionSetup,
    pub options: Options,
}

/// Turn the raw arguments into a position, or say exactly what is wrong.
pub fn query(args: &MovesArgs) -> Result<MovesQuery, UsageError> {
    let pawns = numbers("pawns", &args.pawns)?;
    let [a, b] = pawns[..] else {
        return Err(UsageError(format!(
            "--pawns takes exactly two spaces, like `4,26` (got {})",
            pawns.len()
        )));
    };
    for p in [a, b] {
        if p > GOAL {
            return Err(UsageError(format!(
                "--pawns: {p} is not a space (spaces are 0 to 101)"
            )));
        }
    }
    if a == GOAL && b == GOAL {
        return Err(UsageError(
            "--pawns: both pawns are home, the game is already won".into(),
        ));
    }
    let roll = numbers("roll", &args.roll)?;
    let roll = match roll[..] {
        [d1, d2] => Roll::new(d1, d2)
            .ok_or_else(|| UsageError(format!("--roll: dice show 1 to 10 (got {d1} and {d2})")))?,
        _ => {
            return Err(UsageError(format!(
                "--roll takes exactly two dice, like `3,9` (got {})",
                roll.len()
            )))
        }
    };
    let mut keepers = Vec::new();
    if let Some(k) = &args.keepers {
        for n in numbers("keepers", k)? {
            if !(1..=9).contains(&n) {
                return Err(UsageError(format!(
                    "--keepers: the ±N Keepers are N = 1 to 9 (got {n})"
                )));
            }
            let effect = KeeperEffect::PlusMinus { n };
            if keepers.contains(&effect) {
                return Err(UsageError(format!(
                    "--keepers: the deck has only one ±{n} Keeper"
                )));
            }
            keepers.push(effect);
        }
    }
    let others = match &args.others {
        Some(o) => numbers("others", o)?,
        None => Vec::new(),
    };
    if others.len() > 6 {
        return Err(UsageError(format!(
            "--others: at most 6 other pawns (three opponents), got {}",
            others.len()
        )));
    }
    if let Some(bad) = others.iter().find(|&&s| s > GOAL) {
        return Err(UsageError(format!(
            "--others: {bad} is not a space (spaces are 0 to 101)"
        )));
    }
    // Other pawns belong to opponents two by two; a missing partner is already home.
    let mut all = vec![[a, b]];
    if others.is_empty() {
        all.push([0, 0]);
    }
    for pair in others.chunks(2) {
        all.push([pair[0], pair.get(1).copied().unwrap_or(GOAL)]);
    }
    let options = Options {
        doubles: if args.doubles_may {
            Doubles::May
        } else {
            Doubles::Must
        },
        ..Options::default()
    };
    Ok(MovesQuery {
        setup: PositionSetup {
            pawns: all,
            keepers: vec![keepers],
            to_move: 0,
            roll: Some(roll),
            cursed: args.cursed,
        },
        options,
    })
}

fn keeper_numbers(o: &Outcome) -> Vec<u8> {
    o.keepers_used
        .iter()
        .filter_map(|k| match k {
            KeeperUse::PlusMinus { n } => Some(*n),
            _ => None,
        })
        .collect()
}

pub fn run(args: &MovesArgs) -> Result<()> {
    super::play::quiet_on_closed_pipe(print_moves(args))
}

fn print_moves(args: &MovesArgs) -> Result<()> {
    use std::io::Write as _;
    let q = query(args)?;
    let game = Game::from_position(q.options, &q.setup, 0)
        .map_err(|e| UsageError(crate::text::errors::rule(&e, Lang::En)))?;
    let mut out = std::io::stdout().lock();
    if let Some(n) = args.hint {
        write!(out, "{}", hints_text(&game, n))?;
        return Ok(());
    }
    let outcomes = legal_outcomes(&game).sorted();
    if args.json {
        let json = JsonOut {
            total: outcomes.len(),
            outcomes: outcomes
                .iter()
                .take(args.limit.unwrap_or(usize::MAX))
                .map(|o| JsonOutcome {
                    pawns: o.pawns,
                    keepers_used: keeper_numbers(o),
                    wins: o.wins,
                    draws_card: o.draws_card,
                    bumped: o.bumped.iter().map(|&(_, s)| s).collect(),
                    witness: o.witness.clone(),
                })
                .collect(),
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
    } else {
        write!(
            out,
            "{}",
            table(&game, &outcomes, args.limit.unwrap_or(200))
        )?;
    }
    Ok(())
}

/// The best `n` moves, each explained (English).
pub fn hints_text(game: &Game, n: usize) -> String {
    let mut s = String::new();
    for (i, h) in crate::climb::hint::hint(game, n).iter().enumerate() {
        for line in text::climb::hint_block(game, i, h, Lang::En, Markup::Plain) {
            let _ = writeln!(s, "{line}");
        }
    }
    s
}

/// Every outcome as a table (English), at most `limit` rows.
pub fn table(game: &Game, outcomes: &[Outcome], limit: usize) -> String {
    text::climb::outcomes_table(game, outcomes, limit, Lang::En)
}
