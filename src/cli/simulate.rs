//! `primeclimb simulate`: AI-only games, to compare levels and variants. Prints win
//! rates with 95% confidence intervals (Wilson score) and turns per game; `--csv` writes
//! one row per game.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;

use super::UsageError;
use crate::climb::ai::{self, Level};
use crate::climb::{Game, Options};

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// How many games to play.
    #[arg(long, default_value_t = 1000, value_parser = super::whole_number, allow_hyphen_values = true)]
    pub games: u64,
    /// The AI level of each seat, in seat order, e.g. `hard,medium,easy` (2 to 4 seats).
    #[arg(long, default_value = "medium,medium")]
    pub players: String,
    /// First seed; game i uses seed S + i, so a run is reproducible.
    #[arg(long, default_value_t = 1, value_parser = super::whole_number, allow_hyphen_values = true)]
    pub seed: u64,
    /// Write one row per game to this CSV file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
    /// Variants, e.g. `decline,sprint` or `way-stations=3` (see `primeclimb play --help`).
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Worker threads, 1 to 64 (default: all cores, at most 64).
    #[arg(long, value_parser = super::thread_count, allow_hyphen_values = true)]
    pub threads: Option<usize>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub seed: u64,
    pub winner: usize,
    pub turns: u32,
    pub first: usize,
}

/// Play one AI game to the end.
pub fn play_one(levels: &[Level], options: &Options, seed: u64) -> Result<GameResult> {
    let names: Vec<String> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{} {}", l, i + 1))
        .collect();
    let mut g = Game::new(options.clone(), &names, seed)?;
    let first = g.current();
    let mut guard = 0u32;
    while !g.is_over() {
        guard += 1;
        if guard > 100_000 {
            anyhow::bail!("game {seed} did not end");
        }
        let seat = g.current();
        let actions = ai::next_actions(&g, levels[seat]);
        g.apply_all(seat, &actions).with_context(|| {
            format!(
                "game {seed}: the {} AI chose an illegal action",
                levels[seat]
            )
        })?;
    }
    Ok(GameResult {
        seed,
        winner: g.winner.unwrap_or(usize::MAX),
        turns: g.turn.number,
        first,
    })
}

/// Wilson score interval for k successes in n trials (95%).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (k, n) = (k as f64, n as f64);
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

pub fn parse_levels(text: &str, solitaire: bool) -> Result<Vec<Level>, UsageError> {
    let levels: Vec<Level> = text
        .split(',')
        .map(|s| {
            s.parse::<Level>()
                .map_err(|e| UsageError(format!("--players: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let range = if solitaire { 1..=1 } else { 2..=4 };
    if !range.contains(&levels.len()) {
        return Err(UsageError(if solitaire {
            format!(
                "--players: solitaire has one player, like `hard` (got {})",
                levels.len()
            )
        } else {
            format!(
                "--players: give 2 to 4 AI levels, like `hard,medium` (got {})",
                levels.len()
            )
        }));
    }
    Ok(levels)
}

pub fn run(args: &SimulateArgs) -> Result<()> {
    let (options, _) = crate::session::request::climb_options(&args.variant)
        .map_err(|e| UsageError(format!("--variant: {e}")))?;
    options
        .validate(if options.solitaire { 1 } else { 2 })
        .map_err(|e| UsageError(format!("--variant: {e}")))?;
    let levels = parse_levels(&args.players, options.solitaire)?;
    if args.games == 0 {
        return Err(UsageError("--games must be at least 1".into()).into());
    }
    // The CSV file is opened before any game is played: a path that cannot be written
    // fails at once, with the reason.
    let mut csv = match &args.csv {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| {
            UsageError(format!(
                "--csv: cannot write {}: {}",
                path.display(),
                super::cannot_write(&e, crate::lang::Lang::En)
            ))
        })?),
        None => None,
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(64)
    });
    let started = Instant::now();
    let done = std::sync::atomic::AtomicU64::new(0);
    let show = std::io::stderr().is_terminal();
    let mut results: Vec<GameResult> = std::thread::scope(|scope| -> Result<Vec<GameResult>> {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let (levels, options, done) = (&levels, &options, &done);
                scope.spawn(move || -> Result<Vec<GameResult>> {
                    let mut out = Vec::new();
                    let mut i = t;
                    while i < args.games {
                        out.push(play_one(levels, options, args.seed + i)?);
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if show && t == 0 {
                            eprint!("\r{n}/{} games", args.games);
                        }
                        i += threads as u64;
                    }
                    Ok(out)
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            all.extend(
                h.join()
                    .map_err(|_| anyhow::anyhow!("a worker thread panicked"))??,
            );
        }
        Ok(all)
    })?;
    if show {
        eprintln!("\r{n}/{n} games", n = args.games);
    }
    results.sort_by_key(|r| r.seed);
    let secs = started.elapsed().as_secs_f64();
    print!("{}", summary(&levels, &results, secs, threads));
    if let (Some(path), Some(f)) = (&args.csv, csv.as_mut()) {
        writeln!(f, "seed,winner_seat,winner_level,turns,first_seat")?;
        for r in &results {
            writeln!(
                f,
                "{},{},{},{},{}",
                r.seed,
                r.winner + 1,
                levels.get(r.winner).map_or("-", |l| l.name()),
                r.turns,
                r.first + 1
            )?;
        }
        println!("wrote {} rows to {}", results.len(), path.display());
    }
    Ok(())
}

/// The printed report.
pub fn summary(levels: &[Level], results: &[GameResult], secs: f64, threads: usize) -> String {
    let n = results.len() as u64;
    let mut s = format!(
        "{n} games, {} ({:.0} games/s on {threads} thread{})\n",
        levels
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(" vs "),
        n as f64 / secs.max(1e-9),
        if threads == 1 { "" } else { "s" }
    );
    s.push_str("seat  level   wins   win rate  95% CI\n");
    for (seat, level) in levels.iter().enumerate() {
        let k = results.iter().filter(|r| r.winner == seat).count() as u64;
        let (lo, hi) = wilson(k, n);
        s.push_str(&format!(
            "{:<4}  {:<6}  {:>5}  {:>7.1}%  {:.1}%–{:.1}%\n",
            seat + 1,
            level.name(),
            k,
            100.0 * k as f64 / n.max(1) as f64,
            100.0 * lo,
            100.0 * hi
        ));
    }
    let mut turns: Vec<u32> = results.iter().map(|r| r.turns).collect();
    turns.sort_unstable();
    let mean = turns.iter().map(|&t| f64::from(t)).sum::<f64>() / turns.len().max(1) as f64;
    let median = turns.get(turns.len() / 2).copied().unwrap_or(0);
    s.push_str(&format!(
        "turns per game (all seats): mean {mean:.1}, median {median}\n"
    ));
    s
}
