//! `primeclimb play`: both games in the terminal, with the same command words as on
//! Discord, stored in the same database through the same session layer, so a game can be
//! left at any point and picked up with `--resume`. People at the keyboard take turns
//! (hot seat); AI seats play by themselves. Words come from `src/text/` in plain markup,
//! in English or French (`--lang fr`); lines are typed with a real line editor (history,
//! arrows, Ctrl-L) when the terminal is interactive.

pub mod climb;
mod daifugo;
mod input;
mod screen;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

pub use input::Input;
pub use screen::{say, write_png, LoopOptions};

use super::UsageError;
use crate::lang::Lang;
use crate::level::Level;
use crate::session::{
    request, Actor, GameKind, GameOptions, GameView, LobbySpec, Place, Session, SessionError,
    Status,
};
use crate::store::{self, Store, StoreError};
use crate::text::{self, tr};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: `climb` (Prime Climb) or `daifugo` (Prime Daifugo Lvl. 0).
    #[arg(value_name = "GAME", default_value = "climb")]
    pub game: String,
    /// People at this keyboard, taking turns (0 to watch AI seats play each other; default:
    /// one for each name given with --names, else 1).
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
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
    /// Continue the unfinished game of this kind.
    #[arg(long, conflicts_with = "new")]
    pub resume: bool,
    /// Start a new game even if an unfinished one of this kind is waiting (that one is
    /// ended).
    #[arg(long)]
    pub new: bool,
    /// The game's seed (dice and shuffles), for a game that can be played again exactly.
    #[arg(long, value_parser = super::whole_number, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Pause after each AI turn, in milliseconds, to follow what it does.
    #[arg(long, default_value_t = 0, value_name = "MS", value_parser = super::whole_number, allow_hyphen_values = true)]
    pub pace: u64,
    /// Where `board` writes the picture (default: primeclimb-board.png here).
    #[arg(long, value_name = "FILE.png")]
    pub board_file: Option<PathBuf>,
    /// The language of the game: `en` or `fr` (default: English for a new game, the
    /// game's own language when resuming).
    #[arg(long, value_name = "en|fr")]
    pub lang: Option<String>,
    /// How the pictures are drawn: `standard`, `colour-blind` (colours told apart under
    /// every colour-vision deficiency), plus `marks` for a shape on each factor, e.g.
    /// `colour-blind+marks`.
    #[arg(long, value_name = "WORDS")]
    pub palette: Option<String>,
}

/// The database named by `DATABASE_URL` (environment or `.env`), default
/// `sqlite://primeclimb.db`.
pub fn database_url() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| store::DEFAULT_URL.to_string())
}

/// The database file as people see it: `primeclimb.db`, not `sqlite://primeclimb.db`.
pub fn database_name(url: &str) -> String {
    if !url.trim().starts_with("sqlite:") {
        return store::redacted(url);
    }
    url.trim()
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .to_string()
}

/// The SQLite file of a database address, query left off (`sqlite:///tmp/x.db?mode=rwc`:
/// `/tmp/x.db`); `None` for an in-memory database or a PostgreSQL server.
pub fn database_file(url: &str) -> Option<String> {
    let url = url.trim();
    if !url.starts_with("sqlite:") || url.contains(":memory:") || url.contains("mode=memory") {
        return None;
    }
    let name = database_name(url);
    Some(name.split('?').next().unwrap_or_default().to_string())
}

/// Open the store, turning a bad address into a usage error (exit 2) and a database
/// that cannot be opened into a plain error (exit 1).
pub async fn open_store(url: &str) -> Result<store::AnyStore> {
    match store::connect(url).await {
        Ok(s) => Ok(s),
        Err(e @ (StoreError::BadUrl(_) | StoreError::Unsupported(..))) => {
            Err(UsageError(e.to_string()).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// How the person at the keyboard starts this program, so messages show a command they
/// can type: `primeclimb` when it is on the PATH (`cargo install --path .`), `cargo run
/// --release --` under cargo, else the path they used.
pub fn program() -> String {
    if std::env::var_os("CARGO").is_some() && std::env::var_os("CARGO_MANIFEST_DIR").is_some() {
        let exe = std::env::current_exe().unwrap_or_default();
        let release = exe.components().any(|c| c.as_os_str() == "release");
        return if release {
            "cargo run --release --".into()
        } else {
            "cargo run --".into()
        };
    }
    let arg0 = std::env::args()
        .next()
        .unwrap_or_else(|| "primeclimb".into());
    let path = std::path::Path::new(&arg0);
    if path.components().count() <= 1 {
        return arg0; // found on the PATH
    }
    let on_path = path.parent().is_some_and(|dir| {
        std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|p| p == dir && !dir.as_os_str().is_empty())
        })
    });
    if on_path {
        return path
            .file_name()
            .map_or(arg0.clone(), |f| f.to_string_lossy().into_owned());
    }
    match std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(|p| p.to_path_buf()))
    {
        Some(relative) => format!("./{}", relative.display()),
        None => arg0,
    }
}

/// The place of the terminal's unfinished game of a kind: one of each kind at a time.
pub fn local_place(kind: GameKind) -> Place {
    match kind {
        GameKind::Climb => Place::LOCAL,
        GameKind::Daifugo => Place {
            guild_id: 0,
            channel_id: 1,
        },
    }
}

pub fn run(args: &PlayArgs) -> Result<()> {
    super::load_dotenv()?;
    let kind = request::game_kind(&args.game).map_err(|e| UsageError(e.to_string()))?;
    let asked = args.lang.as_deref().map(super::language).transpose()?;
    let lang = asked.unwrap_or_default();
    let look = args
        .palette
        .as_deref()
        .map(request::look)
        .transpose()
        .map_err(|e| UsageError(format!("--palette: {e}")))?;
    let spec = if args.resume {
        None
    } else {
        Some(LobbySpec {
            look,
            ..spec_from_args(args, kind, lang)?
        })
    };
    let url = database_url();
    let game_word = match kind {
        GameKind::Climb => "",
        GameKind::Daifugo => " daifugo",
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let session = Session::new(open_store(&url).await?);
        let mut options = LoopOptions {
            pace: Duration::from_millis(args.pace),
            board_file: args
                .board_file
                .clone()
                .unwrap_or_else(|| PathBuf::from("primeclimb-board.png")),
            lang,
            look,
            place: local_place(kind),
            database: database_name(&url),
            resume_command: format!("{} play{game_word} --resume", program()),
        };
        let view = begin(&session, kind, spec, args.new, &mut options).await?;
        // A resumed game speaks the language it was started in, unless told otherwise.
        options.lang = asked.unwrap_or(view.info().lang);
        let mut input = Input::stdin();
        let mut out = std::io::stdout();
        let result = match view {
            GameView::Climb(view) => {
                climb::play_loop(&session, *view, &mut input, &mut out, &options).await
            }
            GameView::Daifugo(view) => {
                daifugo::play_loop(&session, *view, &mut input, &mut out, &options).await
            }
        };
        quiet_on_closed_pipe(result)
    })
}

/// Output to a closed pipe (`| head`) ends the program quietly.
pub fn quiet_on_closed_pipe(result: Result<()>) -> Result<()> {
    match result {
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        other => other,
    }
}

/// The lobby a new local game starts from, checked before anything is stored.
pub fn spec_from_args(
    args: &PlayArgs,
    kind: GameKind,
    lang: Lang,
) -> Result<LobbySpec, UsageError> {
    let variant_error = |e: request::RequestError| UsageError(format!("--variant: {e}"));
    let options = match kind {
        GameKind::Climb => {
            let (options, blanks) = request::climb_options(args.variant.as_deref().unwrap_or(""))
                .map_err(variant_error)?;
            if blanks {
                return Err(UsageError(
                    "--variant: `blanks` uses a Discord server's own cards; it is not played in the terminal"
                        .into(),
                ));
            }
            GameOptions::Climb(options)
        }
        GameKind::Daifugo => GameOptions::Daifugo(
            request::daifugo_options(args.variant.as_deref().unwrap_or(""))
                .map_err(variant_error)?,
        ),
    };
    let solitaire = matches!(&options, GameOptions::Climb(o) if o.solitaire);
    let (ai, names) = seats_from_args(args, !solitaire, lang)?;
    let players = names.len();
    options.validate(players + ai.len()).map_err(|e| {
        // Where the count comes from, for the errors about the count only.
        let counted = format!(
            " (--players {players} and --ai give {})",
            players + ai.len()
        );
        UsageError(match e {
            SessionError::ClimbOptions(
                o @ (crate::climb::OptionsError::PlayerCount(_)
                | crate::climb::OptionsError::SolitairePlayers(_)),
            ) => format!("{o}{counted}"),
            SessionError::ClimbOptions(o) => o.to_string(),
            SessionError::DaifugoOptions(o @ crate::daifugo::OptionsError::PlayerCount(_)) => {
                format!("{o}{counted}")
            }
            SessionError::DaifugoOptions(o) => o.to_string(),
            other => other.to_string(),
        })
    })?;
    Ok(LobbySpec {
        ai,
        creator_plays: false,
        local_players: names,
        seed: args.seed,
        lang,
        ..LobbySpec::new(options)
    })
}

/// The AI seats and the names of the people at the keyboard, from `--ai`, `--players`
/// and `--names` (`--names Ada,Bo` alone means two players). A lone player gets a medium
/// AI when `wants_opponent`.
pub fn seats_from_args(
    args: &PlayArgs,
    wants_opponent: bool,
    lang: Lang,
) -> Result<(Vec<Level>, Vec<String>), UsageError> {
    let given: Option<Vec<String>> = args.names.as_deref().map(names_from).transpose()?;
    let players = args
        .players
        .or_else(|| given.as_ref().map(Vec::len))
        .unwrap_or(1);
    let ai: Vec<Level> = match &args.ai {
        Some(text) => request::levels(text).map_err(|e| UsageError(format!("--ai: {e}")))?,
        None if players == 1 && wants_opponent => vec![Level::Medium],
        None => Vec::new(),
    };
    let names = match given {
        Some(names) => names,
        None => (1..=players)
            .map(|i| tr!(lang, "Player {}", "Joueur {}", i))
            .collect(),
    };
    if names.len() != players {
        let asked = match players {
            1 => "--players 1: give one name".to_string(),
            n => format!("--players {n}: give one name for each of the {n} players"),
        };
        return Err(UsageError(format!(
            "--names: {asked} (got {})",
            names.len()
        )));
    }
    Ok((ai, names))
}

/// The names of `--names Ada,Bo`: none empty, none too long, none twice.
fn names_from(text: &str) -> Result<Vec<String>, UsageError> {
    let names: Vec<String> = text.split(',').map(|s| s.trim().to_string()).collect();
    if names.iter().all(String::is_empty) {
        return Err(UsageError(format!(
            "--names: no name in `{text}`: write names separated by commas, like --names Ada,Bo"
        )));
    }
    if names.iter().any(String::is_empty) {
        return Err(UsageError(format!(
            "--names: an empty name in `{text}`: write names separated by commas, like --names Ada,Bo"
        )));
    }
    if let Some(long) = names
        .iter()
        .find(|n| n.chars().count() > crate::session::MAX_NAME_CHARS)
    {
        return Err(UsageError(format!(
            "--names: `{long}` is longer than {} characters",
            crate::session::MAX_NAME_CHARS
        )));
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i]
            .iter()
            .any(|n| n.to_lowercase() == name.to_lowercase())
        {
            return Err(UsageError(format!(
                "--names: `{name}` is given twice: each player needs their own name"
            )));
        }
    }
    Ok(names)
}

/// Find or create the local game of `kind`: resume the unfinished one, or start a new one.
pub async fn begin<S: Store>(
    session: &Session<S>,
    kind: GameKind,
    spec: Option<LobbySpec>,
    replace: bool,
    options: &mut LoopOptions,
) -> Result<GameView> {
    let local = Actor::local("you");
    let waiting = waiting_game(session, kind, options).await?;
    let Some(spec) = spec else {
        // --resume
        return match waiting {
            None => Err(UsageError(format!(
                "there is no unfinished game to resume ({} in {}): start one with `{}`",
                text::lobby::title(kind),
                options.database,
                options.resume_command.replace(" --resume", "")
            ))
            .into()),
            Some(info) if info.status == Status::Lobby => {
                Ok(session.lobbies().start(options.place, &local).await?)
            }
            Some(_) => Ok(match kind {
                GameKind::Climb => {
                    GameView::Climb(Box::new(session.play().board(options.place).await?))
                }
                GameKind::Daifugo => {
                    GameView::Daifugo(Box::new(session.play().daifugo_board(options.place).await?))
                }
            }),
        };
    };
    if let Some(info) = waiting {
        if !replace {
            let names: Vec<&str> = info.seats.iter().map(|s| s.name.as_str()).collect();
            return Err(UsageError(format!(
                "an unfinished game is waiting (game #{}, {}, {} in {}): continue it with \
                 `{}`, or start over with `{}` (which ends it)",
                info.id,
                names.join(", "),
                text::lobby::title(kind),
                options.database,
                options.resume_command,
                options.resume_command.replace("--resume", "--new")
            ))
            .into());
        }
        session.lobbies().end_game(options.place, &local).await?;
    }
    options.place = local_place(kind);
    session
        .lobbies()
        .create_lobby(options.place, &local, &spec)
        .await?;
    Ok(session.lobbies().start(options.place, &local).await?)
}

/// The unfinished game of `kind`, if any; its place goes into `options`. A Prime Daifugo
/// game saved before each kind had its own place is found at the old one.
async fn waiting_game<S: Store>(
    session: &Session<S>,
    kind: GameKind,
    options: &mut LoopOptions,
) -> Result<Option<crate::session::GameInfo>> {
    let mut places = vec![local_place(kind)];
    if kind == GameKind::Daifugo {
        places.push(Place::LOCAL);
    }
    for place in places {
        match session.lobbies().lobby(place).await {
            Ok(view) if view.info.kind == kind => {
                options.place = place;
                return Ok(Some(view.info));
            }
            Ok(_) | Err(SessionError::NoGame) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(None)
}
