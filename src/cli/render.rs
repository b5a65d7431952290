//! `primeclimb render`: draw the board picture to a PNG file, from a saved game
//! (`--state FILE.json`, the JSON of a `Game`) or the demo position (`--demo`).
//!
//! Reads and checks the files, then hands plain values to `crate::render`; a missing or
//! malformed file is a usage error (exit code 2) that names the file and the problem.

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Args, ValueEnum};

use super::UsageError;
use crate::climb::{Event, Game};
use crate::lang::Lang;
use crate::render::{self, demo, LastTurn, RenderOptions, Theme, MAX_SIZE, MIN_SIZE};
use crate::session::request;
use crate::text::pictures;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// A saved game: the JSON of a `Game`.
    #[arg(
        long,
        value_name = "FILE.json",
        conflicts_with = "demo",
        required_unless_present = "demo"
    )]
    pub state: Option<PathBuf>,
    /// The events of the turn just played (a JSON array of engine events), to draw that
    /// turn's path, bumps and card. Without it the turn in progress is drawn.
    #[arg(long, value_name = "FILE.json", requires = "state")]
    pub events: Option<PathBuf>,
    /// Draw the demo position: four players in mid-game, a bump and a card.
    #[arg(long)]
    pub demo: bool,
    /// Where to write the PNG.
    #[arg(short, long, value_name = "FILE.png")]
    pub output: PathBuf,
    /// Width and height of the picture in pixels.
    #[arg(long, default_value_t = render::DEFAULT_SIZE)]
    pub size: u32,
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
    if !(MIN_SIZE..=MAX_SIZE).contains(&args.size) {
        return Err(UsageError(format!(
            "--size must be from {MIN_SIZE} to {MAX_SIZE} pixels (got {})",
            args.size
        )));
    }
    let look = request::look(&args.palette).map_err(|e| UsageError(format!("--palette: {e}")))?;
    let theme = match args.theme {
        ThemeName::Dark => Theme::dark(),
        ThemeName::Light => Theme::light(),
    }
    .with_look(look);
    Ok(RenderOptions {
        size: args.size,
        theme,
    })
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

pub fn run(args: &RenderArgs) -> Result<()> {
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
        return Err(UsageError("give --state FILE.json or --demo".into()).into());
    };
    // The panel tells the turn in words; without a turn given, the turn in progress.
    let last =
        last.or_else(|| (!game.turn.steps.is_empty()).then(|| LastTurn::in_progress(&game, &[])));
    let lang = language(&args.lang)?;
    let img = render::render_board(&game, last.as_ref(), &opts, pictures::words(lang));
    let png = render::encode_png(&img)?;
    std::fs::write(&args.output, &png)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", args.output.display())))?;
    println!(
        "wrote {} ({}×{}, {} KB)",
        args.output.display(),
        img.width(),
        img.height(),
        png.len().div_ceil(1024)
    );
    Ok(())
}
