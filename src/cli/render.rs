//! `primeclimb render`: draw the board picture to a PNG file (or an SVG one, the web's
//! board, when the output is named `.svg`), from a saved game
//! (`--state FILE.json`, the JSON of a `Game`) or the demo position (`--demo`); or the
//! animated replay of a stored game to a GIF (`--replay GAME`, a game of the database the
//! terminal game uses).
//!
//! Reads and checks the files, then hands plain values to `crate::render`; a missing or
//! malformed file, or a game the database does not have, is a usage error (exit code 2)
//! that names the file or the game and the problem.

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Args, ValueEnum};

use super::play::{database_file, database_name, database_url};
use super::UsageError;
use crate::climb::{Event, Game};
use crate::render::replay::{self, ReplayFrame, REPLAY_WIDTH};
use crate::render::{self, demo, LastTurn, RenderOptions, Theme, MAX_SIZE, MIN_SIZE};
use crate::session::{self, request, GameKind, SessionError};
use crate::text::{alt, pictures};

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A saved game: the JSON of a `Game`.
    #[arg(long, value_name = "FILE.json", conflicts_with = "demo")]
    pub state: Option<PathBuf>,
    /// The events of the turn just played (a JSON array of engine events), to draw that
    /// turn's path, bumps and card. Without it the turn in progress is drawn.
    #[arg(long, value_name = "FILE.json", requires = "state")]
    pub events: Option<PathBuf>,
    /// Draw the demo position: four players in mid-game, a bump and a card.
    #[arg(long)]
    pub demo: bool,
    /// Write the animated replay (a GIF) of a stored Prime Climb game: its number in the
    /// database the terminal game uses (DATABASE_URL).
    #[arg(long, value_name = "GAME", conflicts_with_all = ["state", "demo"])]
    pub replay: Option<i64>,
    /// Where to write the PNG, or the SVG when named `.svg` (the GIF with --replay).
    #[arg(short, long, value_name = "FILE.png")]
    pub output: PathBuf,
    /// Width and height of the picture in pixels [default: 1024; 640 with --replay].
    #[arg(long)]
    pub size: Option<u32>,
    /// Colours of the picture.
    #[arg(long, value_enum, default_value_t = ThemeName::Dark)]
    pub theme: ThemeName,
    /// The factor colours and marks: `standard`, `colour-blind`, plus `marks`, e.g.
    /// `colour-blind+marks`.
    #[arg(long, value_name = "WORDS", default_value = "standard")]
    pub palette: String,
    /// The language of the picture's words: `en` or `fr`.
    #[arg(long, value_name = "en|fr", default_value = "en")]
    pub lang: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThemeName {
    /// Dark navy board (Discord dark mode).
    Dark,
    /// Cream paper board.
    Light,
}

fn read(path: &Path, what: &str) -> Result<String, UsageError> {
    std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {what} {}: {e}", path.display())))
}

/// Load a saved game, or say what is wrong with the file.
pub fn load_game(path: &Path) -> Result<Game, UsageError> {
    let text = read(path, "the saved game")?;
    serde_json::from_str(&text).map_err(|e| {
        UsageError(format!(
            "{} is not a saved game (the JSON of a `Game`): {e}",
            path.display()
        ))
    })
}

/// Load the events of a turn, or say what is wrong with the file.
pub fn load_events(path: &Path) -> Result<Vec<Event>, UsageError> {
    let text = read(path, "the events file")?;
    serde_json::from_str(&text).map_err(|e| {
        UsageError(format!(
            "{} is not a list of game events (a JSON array): {e}",
            path.display()
        ))
    })
}

/// The drawing options the arguments ask for.
pub fn options(args: &RenderArgs) -> Result<RenderOptions, UsageError> {
    let default_size = if args.replay.is_some() {
        REPLAY_WIDTH
    } else {
        render::DEFAULT_SIZE
    };
    let size = args.size.unwrap_or(default_size);
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(UsageError(format!(
            "--size must be from {MIN_SIZE} to {MAX_SIZE} pixels (got {size})"
        )));
    }
    let look = request::look(&args.palette).map_err(|e| UsageError(format!("--palette: {e}")))?;
    let theme = match args.theme {
        ThemeName::Dark => Theme::dark(),
        ThemeName::Light => Theme::light(),
    }
    .with_look(look);
    Ok(RenderOptions { size, theme })
}

pub use super::language;

/// What to draw, said before anything is read: a saved game, the demo or a replay.
const WHAT_TO_DRAW: &str = "say what to draw: --state FILE.json (a saved game), --demo (the demo position) or --replay GAME (a stored game as an animated GIF)";

/// The output's kind follows its name: a replay is a GIF, a board a PNG. A name that says
/// the other kind is refused rather than written with the wrong contents.
fn check_output(args: &RenderArgs) -> Result<(), UsageError> {
    let ext = args
        .output
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase());
    let name = args.output.display();
    match (args.replay.is_some(), ext.as_deref()) {
        (true, Some("gif")) | (false, Some("png" | "svg")) => Ok(()),
        (true, _) => Err(UsageError(format!(
            "--replay writes an animated GIF: name the output with .gif (not {name}), e.g. -o game.gif"
        ))),
        (false, _) => Err(UsageError(format!(
            "the board is written as a PNG or an SVG: name the output with .png or .svg (not {name}), e.g. -o board.png"
        ))),
    }
}

pub fn run(args: &RenderArgs) -> Result<()> {
    if args.state.is_none() && !args.demo && args.replay.is_none() {
        return Err(UsageError(WHAT_TO_DRAW.into()).into());
    }
    check_output(args)?;
    if let Some(game_id) = args.replay {
        return run_replay(args, game_id);
    }
    let opts = options(args)?;
    let (game, last) = if args.demo {
        let (game, last) = demo::demo_game()?;
        (game, Some(last))
    } else if let Some(path) = &args.state {
        let game = load_game(path)?;
        let last = match &args.events {
            Some(p) => LastTurn::from_events(&load_events(p)?),
            None => None,
        };
        (game, last)
    } else {
        return Err(UsageError(WHAT_TO_DRAW.into()).into());
    };
    // The panel tells the turn in words; without a turn given, the turn in progress.
    let last =
        last.or_else(|| (!game.turn.steps.is_empty()).then(|| LastTurn::in_progress(&game, &[])));
    let lang = language(&args.lang)?;
    let words = pictures::words(lang);
    let svg = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let png = if svg {
        let title = alt::board_alt(&game, last.as_ref(), lang);
        render::board_svg(&game, last.as_ref(), &opts, words, &title).into_bytes()
    } else {
        render::board_png(&game, last.as_ref(), &opts, words)
    };
    std::fs::write(&args.output, &png)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", args.output.display())))?;
    println!(
        "wrote {} ({}×{}, {} KB)",
        args.output.display(),
        opts.layout().size,
        opts.layout().size,
        png.len().div_ceil(1024)
    );
    Ok(())
}

/// `--replay GAME`: the stored game played again from its log, drawn as an animated GIF.
fn run_replay(args: &RenderArgs, game_id: i64) -> Result<()> {
    let opts = options(args)?;
    let lang = language(&args.lang)?;
    super::load_dotenv()?;
    let frames = stored_frames(&database_url(), game_id)?;
    let gif = replay::replay_gif(&frames, &opts, pictures::words(lang), opts.size)?;
    std::fs::write(&args.output, &gif)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", args.output.display())))?;
    println!(
        "wrote {} (game {game_id}: {} frames, {}×{}, {} KB)",
        args.output.display(),
        frames.len(),
        opts.size,
        opts.size,
        gif.len().div_ceil(1024)
    );
    Ok(())
}

/// The frames of a stored game's replay, or a usage error that says why there are none:
/// no database there, no such game, a Prime Daifugo game, a game not started, a database
/// that cannot be read.
fn stored_frames(url: &str, game_id: i64) -> Result<Vec<ReplayFrame>> {
    session::check_database_url(url).map_err(UsageError)?;
    let name = database_name(url);
    // A replay only reads: it must not leave an empty database where there was none (a
    // database in memory or on a PostgreSQL server is no file here).
    if let Some(file) = database_file(url) {
        if !Path::new(&file).is_file() {
            return Err(UsageError(format!(
                "there is no database at {file} (DATABASE_URL): no game {game_id} to replay"
            ))
            .into());
        }
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let frames = runtime.block_on(async {
        let session = session::open(url, None).await.map_err(UsageError)?;
        session
            .learning()
            .replay_frames(game_id)
            .await
            .map_err(|e| {
                UsageError(match e {
                    SessionError::NoGame => format!("there is no game {game_id} in {name}"),
                    SessionError::OtherGame(GameKind::Daifugo) => format!(
                    "game {game_id} is a Prime Daifugo game: only Prime Climb games have a replay"
                ),
                    SessionError::NotStarted => {
                        format!("game {game_id} has not started yet: there is nothing to replay")
                    }
                    SessionError::Store(e) => {
                        format!("cannot read game {game_id} from {name}: {e}")
                    }
                    other => format!("cannot replay game {game_id} from {name}: {other}"),
                })
            })
    })?;
    Ok(frames)
}
