//! `primeclimb play`: Prime Climb in the terminal, with the same command words as on
//! Discord (`move 14 -3 x9`, `play +5 14`, `hint`, `moves`, `undo`, `board`…), stored in the
//! same database through the same session layer, so a game can be stopped at any point
//! and resumed with `--resume`. People at the keyboard take turns (hot seat); AI seats
//! play by themselves.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use super::UsageError;
use crate::climb::ai::Level;
use crate::climb::{Course, Options, Phase};
use crate::render::RenderOptions;
use crate::session::{
    describe_choice, Actor, ClimbView, Command, GameView, LobbySpec, Place, Session, SessionError,
};
use crate::store::{self, GameKind, Status, Store, StoreError};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: `climb` (Prime Climb) or `daifugo` (Prime Daifugo Lvl. 0).
    #[arg(value_name = "GAME", default_value = "climb")]
    pub game: String,
    /// People at this keyboard, taking turns (0 to watch AI seats play each other).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub players: usize,
    /// AI seats by level, e.g. `hard` or `easy,medium` (default: one medium AI for a lone
    /// player, none in solitaire).
    #[arg(long, value_name = "LEVEL,…")]
    pub ai: Option<String>,
    /// Variants, e.g. `sprint,double-time`, `decline`, `way-stations=3`, `solitaire`; for
    /// Prime Daifugo `advanced`, `skip`, `hand-limit`, `games=3`.
    #[arg(long, value_name = "WORDS")]
    pub variant: Option<String>,
    /// Names of the people at the keyboard, e.g. `Ada,Bo`.
    #[arg(long, value_name = "A,B…")]
    pub names: Option<String>,
    /// Continue the unfinished game.
    #[arg(long, conflicts_with = "new")]
    pub resume: bool,
    /// Start a new game even if an unfinished one is waiting (that one is ended).
    #[arg(long)]
    pub new: bool,
    /// The game's seed (dice and shuffles), for a game that can be played again exactly.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Pause after each AI turn, in milliseconds, to follow what it does.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub pace: u64,
    /// Where `board` writes the picture (default: primeclimb-board.png here).
    #[arg(long, value_name = "FILE.png")]
    pub board_file: Option<PathBuf>,
}

/// The database named by `DATABASE_URL` (environment or `.env`), default
/// `sqlite://primeclimb.db`.
pub fn database_url() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| crate::discord::config::DEFAULT_DATABASE_URL.to_string())
}

/// Open the store, turning a bad address into a usage error (exit 2) and a database
/// that cannot be opened into a plain error (exit 1).
pub async fn open_store(url: &str) -> Result<store::SqliteStore> {
    match store::connect(url).await {
        Ok(s) => Ok(s),
        Err(e @ (StoreError::BadUrl(_) | StoreError::Unsupported(_))) => {
            Err(UsageError(e.to_string()).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// Everything the game loop needs besides the session.
#[derive(Clone, Debug)]
pub struct LoopOptions {
    pub pace: Duration,
    pub board_file: PathBuf,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    super::load_dotenv()?;
    if !matches!(args.game.as_str(), "climb" | "daifugo") {
        return Err(UsageError(format!(
            "`{}` is not a game here: play `climb` (Prime Climb) or `daifugo` (Prime Daifugo)",
            args.game
        ))
        .into());
    }
    let spec = if args.resume {
        None
    } else {
        Some(spec_from_args(args)?)
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let session = Session::new(open_store(&database_url()).await?);
        let view = begin(&session, spec, args.new).await?;
        let options = LoopOptions {
            pace: Duration::from_millis(args.pace),
            board_file: args
                .board_file
                .clone()
                .unwrap_or_else(|| PathBuf::from("primeclimb-board.png")),
        };
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut out = std::io::stdout();
        match view {
            GameView::Climb(view) => {
                play_loop(&session, *view, &mut input, &mut out, &options).await
            }
            GameView::Daifugo(view) => {
                super::play_daifugo::daifugo_loop(&session, *view, &mut input, &mut out, &options)
                    .await
            }
        }
    })
}

/// The lobby a new local game starts from, checked before anything is stored.
pub fn spec_from_args(args: &PlayArgs) -> Result<LobbySpec, UsageError> {
    if args.game == "daifugo" {
        return super::play_daifugo::spec_from_args(args);
    }
    let options = match &args.variant {
        Some(v) => Options::parse_variants(v).map_err(|e| UsageError(format!("--variant: {e}")))?,
        None => Options::default(),
    };
    let (ai, names) = seats_from_args(args, !options.solitaire)?;
    check_table(args, names.len() + ai.len(), |n| options.validate(n))?;
    Ok(LobbySpec {
        ai,
        creator_plays: false,
        local_players: names,
        seed: args.seed,
        ..LobbySpec::climb(options)
    })
}

/// Whether the options allow a table of `total` players (the message says where the
/// count comes from).
pub fn check_table(
    args: &PlayArgs,
    total: usize,
    validate: impl Fn(usize) -> Result<(), String>,
) -> Result<(), UsageError> {
    validate(total).map_err(|e| {
        UsageError(format!(
            "{e} (--players {} and --ai give {total})",
            args.players
        ))
    })
}

/// The AI seats and the names of the people at the keyboard, from `--ai`, `--players`
/// and `--names`. A lone player gets a medium AI when `wants_opponent`.
pub fn seats_from_args(
    args: &PlayArgs,
    wants_opponent: bool,
) -> Result<(Vec<Level>, Vec<String>), UsageError> {
    let ai: Vec<Level> = match &args.ai {
        Some(text) => text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<Level>()
                    .map_err(|e| UsageError(format!("--ai: {e}")))
            })
            .collect::<Result<_, _>>()?,
        None if args.players == 1 && wants_opponent => vec![Level::Medium],
        None => Vec::new(),
    };
    let names: Vec<String> = match &args.names {
        Some(text) => text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        None => (1..=args.players).map(|i| format!("Player {i}")).collect(),
    };
    if names.len() != args.players {
        return Err(UsageError(format!(
            "--names: give one name for each of the {} players (got {})",
            args.players,
            names.len()
        )));
    }
    Ok((ai, names))
}

/// Find or create the local game: resume the unfinished one, or start a new one.
pub async fn begin<S: Store>(
    session: &Session<S>,
    spec: Option<LobbySpec>,
    replace: bool,
) -> Result<GameView> {
    let local = Actor::local("you");
    let waiting = session.store().open_game(Place::LOCAL).await?;
    let Some(spec) = spec else {
        // --resume
        return match waiting {
            None => Err(UsageError(
                "there is no unfinished game to resume: start one with `primeclimb play`".into(),
            )
            .into()),
            Some(row) if row.status == Status::Lobby => {
                Ok(session.start(Place::LOCAL, &local).await?)
            }
            Some(row) if row.kind == GameKind::Daifugo => Ok(GameView::Daifugo(Box::new(
                session.daifugo_board(Place::LOCAL).await?,
            ))),
            Some(_) => Ok(GameView::Climb(Box::new(
                session.board(Place::LOCAL).await?,
            ))),
        };
    };
    if let Some(row) = waiting {
        if !replace {
            let names: Vec<&str> = row.seats.iter().map(|s| s.name.as_str()).collect();
            return Err(UsageError(format!(
                "an unfinished game is waiting (game #{}, {}): continue it with \
                 `primeclimb play --resume`, or start over with `primeclimb play --new` \
                 (which ends it)",
                row.id,
                names.join(", ")
            ))
            .into());
        }
        session.end_game(Place::LOCAL, &local).await?;
    }
    session.create_lobby(Place::LOCAL, &local, &spec).await?;
    Ok(session.start(Place::LOCAL, &local).await?)
}

const HELP: &str = "\
Commands (the same words as on Discord):
  move 14 -3 x9   steps in the notation: a pawn's space, then +d -d xd /d (`move` may be left out);
                  part of a turn is fine: `14 -3`, then `x9` continues with the same pawn
  play +5 14      play a Keeper: +N or -N on the pawn on 14; `play within 40`; `play curse 2`
  end             end the Move phase (needed only while you hold a Keeper you could still play)
  undo            take back the last step of this Move phase
  choose N        answer the choice of the card just drawn
  moves           every legal way to finish this turn, with a move for each
  hint [N]        the best N moves (default 3), explained step by step
  board           write the board picture (PNG) and print where
  resign          leave the game
  quit            stop here; `primeclimb play --resume` continues later
";

/// What a typed line asks for.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Act(Command),
    Moves,
    Hint(usize),
    Board,
    Help,
    Quit,
    Empty,
    Unknown(String),
}

fn parse_line(line: &str, choosing: bool) -> Line {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match word.to_lowercase().as_str() {
        "" => Line::Empty,
        "move" | "m" => Line::Act(Command::Move(rest.to_string())),
        "play" | "keeper" => {
            let rest = rest.strip_prefix("keeper").map(str::trim).unwrap_or(rest);
            let (keeper, target) = match rest.split_once(char::is_whitespace) {
                Some((k, t)) => (k.to_string(), Some(t.trim().to_string())),
                None => (rest.to_string(), None),
            };
            Line::Act(Command::Keeper { keeper, target })
        }
        "end" | "done" | "e" => Line::Act(Command::EndMove),
        "undo" | "u" => Line::Act(Command::Undo),
        "choose" | "c" => match rest.parse::<usize>() {
            Ok(n) => Line::Act(Command::Choose(n)),
            Err(_) => Line::Unknown("choose needs the number of a choice, e.g. `choose 1`".into()),
        },
        "resign" => Line::Act(Command::Resign),
        "moves" => Line::Moves,
        "hint" | "h" => Line::Hint(rest.parse().unwrap_or(3)),
        "board" | "b" => Line::Board,
        "help" | "?" => Line::Help,
        "quit" | "exit" | "q" => Line::Quit,
        _ if choosing && line.parse::<usize>().is_ok() => {
            Line::Act(Command::Choose(line.parse().unwrap_or(0)))
        }
        // A bare move: `14 -3 x9`, `x9`, `k+5`.
        _ if line.starts_with(|c: char| {
            c.is_ascii_digit() || "+-−x×*/÷k!".contains(c.to_ascii_lowercase())
        }) =>
        {
            Line::Act(Command::Move(line.to_string()))
        }
        _ => Line::Unknown(format!(
            "`{word}` is not a command: type `help` for the list"
        )),
    }
}

/// Play until the game ends, the input ends or the player quits. Every change is already
/// stored when it is printed.
pub async fn play_loop<S: Store>(
    session: &Session<S>,
    mut view: ClimbView,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    options: &LoopOptions,
) -> Result<()> {
    let place = Place::LOCAL;
    let local = Actor::local("you");
    writeln!(out, "{}", title(&view))?;
    writeln!(
        out,
        "Type `help` for the commands. The game is saved after every move: `primeclimb play --resume` continues it."
    )?;
    let mut announced: Option<(u32, usize)> = None;
    loop {
        if view.is_over() {
            write_results(out, &view)?;
            return Ok(());
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            match session.ai_turn(place).await? {
                Some(next) => {
                    write_story(out, &next)?;
                    view = next;
                    out.flush()?;
                    if !options.pace.is_zero() {
                        tokio::time::sleep(options.pace).await;
                    }
                }
                None => view = session.board(place).await?,
            }
            continue;
        }
        let key = (view.game.turn.number, view.game.turn.steps.len());
        if announced != Some(key) {
            write_status(out, &view)?;
            announced = Some(key);
        }
        write!(out, "{}> ", view.game.players[seat].name)?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            writeln!(out, "Saved. Continue with `primeclimb play --resume`.")?;
            return Ok(());
        }
        let choosing = matches!(view.game.phase, Phase::Choice(_));
        match parse_line(&line, choosing) {
            Line::Empty => {}
            Line::Help => write!(out, "{HELP}")?,
            Line::Quit => {
                writeln!(out, "Saved. Continue with `primeclimb play --resume`.")?;
                return Ok(());
            }
            Line::Unknown(msg) => writeln!(out, "  ✗ {msg}")?,
            Line::Moves => match session.legal_moves(place).await {
                Ok((v, outcomes)) if outcomes.is_empty() => {
                    let _ = v;
                    writeln!(out, "  Nothing to move now: answer the card first.")?;
                }
                Ok((v, outcomes)) => write!(out, "{}", super::moves::table(&v.game, &outcomes))?,
                Err(e) => writeln!(out, "  ✗ {e}")?,
            },
            Line::Hint(n) => match session.hint(place, n).await {
                Ok((_, hints)) if hints.is_empty() => {
                    writeln!(out, "  No hint now: answer the card first.")?;
                }
                Ok((_, hints)) => {
                    for (i, h) in hints.iter().enumerate() {
                        let moves = if h.moves.is_empty() {
                            "end (use no more dice)"
                        } else {
                            h.moves.as_str()
                        };
                        writeln!(out, "  {}. {moves}", i + 1)?;
                        for l in &h.lines {
                            writeln!(out, "     {l}")?;
                        }
                    }
                }
                Err(e) => writeln!(out, "  ✗ {e}")?,
            },
            Line::Board => {
                let png = view.png(&RenderOptions::default())?;
                std::fs::write(&options.board_file, png).map_err(|e| {
                    anyhow::anyhow!("cannot write {}: {e}", options.board_file.display())
                })?;
                let shown = std::fs::canonicalize(&options.board_file)
                    .unwrap_or_else(|_| options.board_file.clone());
                writeln!(out, "  The board is in {}", shown.display())?;
            }
            Line::Act(command) => match session.act(place, &local, command, None).await {
                Ok(next) => {
                    write_story(out, &next)?;
                    view = next;
                }
                Err(SessionError::Moved) => {
                    writeln!(out, "  ✗ {}", SessionError::Moved)?;
                    view = session.board(place).await?;
                }
                Err(e) => writeln!(out, "  ✗ {e}")?,
            },
        }
    }
}

fn title(view: &ClimbView) -> String {
    let names: Vec<String> = view
        .game
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| match view.ai_level(i) {
            Some(_) => format!("{} (AI)", p.name),
            None => p.name.clone(),
        })
        .collect();
    let badges = view.game.options.badges();
    format!(
        "Prime Climb · game #{} · {}{}",
        view.row.id,
        names.join(" vs "),
        if badges.is_empty() {
            String::new()
        } else {
            format!(" · {}", badges.join(", "))
        }
    )
}

fn space_word(view: &ClimbView, seat: usize, pawn: usize) -> String {
    let g = &view.game;
    let p = crate::climb::PawnRef { seat, pawn };
    let s = g.space_of(p);
    if g.is_home(p) {
        "home".into()
    } else if s == g.options.start_space(false) && !g.players[seat].returning[pawn] {
        "Start".into()
    } else if g.options.course == Course::ThereAndBack && g.players[seat].returning[pawn] {
        format!("{s}↩")
    } else {
        s.to_string()
    }
}

/// The position at the start of a player's turn (or after a partial move).
fn write_status(out: &mut dyn Write, view: &ClimbView) -> Result<()> {
    let g = &view.game;
    let seat = g.current();
    let name = &g.players[seat].name;
    if g.turn.steps.is_empty() {
        writeln!(out, "── Turn {} · {name} ──", g.turn.number)?;
        writeln!(
            out,
            "{name} rolled {}{}.",
            g.turn.roll,
            if g.turn.cursed {
                " (cursed: only subtract or divide this turn)"
            } else {
                ""
            }
        )?;
    }
    for (i, p) in g.players.iter().enumerate() {
        if p.resigned {
            continue;
        }
        let keepers: Vec<String> = p
            .keepers
            .iter()
            .filter_map(|h| g.card(h.card).keeper())
            .map(crate::session::keeper_word)
            .collect();
        let mut line = format!(
            "  {}{}: {}, {}",
            if i == seat { "▶ " } else { "  " },
            p.name,
            space_word(view, i, 0),
            space_word(view, i, 1)
        );
        if !keepers.is_empty() {
            line.push_str(&format!(" · Keepers: {}", keepers.join(" ")));
        }
        if p.cursed_next_turn {
            line.push_str(" · cursed next turn");
        }
        if !g.stations.is_empty() {
            line.push_str(&format!(
                " · stations {}/{}",
                g.stations.len() - g.stations_missing(i).len(),
                g.stations.len()
            ));
        }
        writeln!(out, "{line}")?;
    }
    match &g.phase {
        Phase::Choice(pending) => {
            writeln!(out, "{name} drew “{}”. Choose:", g.card(pending.card).text)?;
            for (i, c) in g.pending_choices().iter().enumerate() {
                writeln!(out, "  {}. {}", i + 1, describe_choice(g, c))?;
            }
        }
        _ if g.turn.uses.total_left() == 0 => {
            writeln!(
                out,
                "Every die is used: play a Keeper, `undo`, or `end` your turn."
            )?;
        }
        _ if !g.turn.steps.is_empty() => {
            let left: Vec<String> = g.turn.uses.list().iter().map(u8::to_string).collect();
            writeln!(out, "Still to use: {}.", left.join(", "))?;
        }
        _ => {}
    }
    Ok(())
}

/// What a change did, in words.
fn write_story(out: &mut dyn Write, view: &ClimbView) -> Result<()> {
    let seat = view.actor_seat.unwrap_or(0);
    let ai = view.ai_level(seat).is_some();
    if ai {
        let (number, roll) = match view.acted_turn {
            Some((n, r)) => (n, format!(" · rolled {r}")),
            None => (view.game.turn.number, String::new()),
        };
        writeln!(
            out,
            "── Turn {number} · {}{roll} ──",
            view.game.players[seat].name
        )?;
    }
    for line in view.story() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

fn write_results(out: &mut dyn Write, view: &ClimbView) -> Result<()> {
    let g = &view.game;
    match g.winner {
        Some(w) => writeln!(
            out,
            "★ {} wins after {} turns!",
            g.players[w].name, g.turn.number
        )?,
        None => writeln!(out, "The game has ended.")?,
    }
    for (seat, place) in g.ranking() {
        writeln!(
            out,
            "  {place}. {} ({}, {})",
            g.players[seat].name,
            space_word(view, seat, 0),
            space_word(view, seat, 1)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_commands() {
        assert_eq!(
            parse_line("move 14 -3 x9", false),
            Line::Act(Command::Move("14 -3 x9".into()))
        );
        assert_eq!(
            parse_line("14 -3 x9", false),
            Line::Act(Command::Move("14 -3 x9".into()))
        );
        assert_eq!(
            parse_line("x9", false),
            Line::Act(Command::Move("x9".into()))
        );
        assert_eq!(
            parse_line("play keeper +5 14", false),
            Line::Act(Command::Keeper {
                keeper: "+5".into(),
                target: Some("14".into())
            })
        );
        assert_eq!(parse_line("2", true), Line::Act(Command::Choose(2)));
        assert_eq!(parse_line("hint", false), Line::Hint(3));
        assert_eq!(parse_line("  ", false), Line::Empty);
        assert!(matches!(parse_line("dance", false), Line::Unknown(_)));
    }
}
