//! `primeclimb learn`: the guided first game in the terminal. The steps of
//! `climb::lessons` one after the other (each a position, a goal and a check; the
//! position's picture is written to a file), then a whole game against the easy AI with
//! hints on. Progress is saved in the database: `primeclimb learn` again goes on where
//! the learner stopped, and continues the whole game if one is waiting.

use crate::session::review::PositionView;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use super::play::{
    climb::play_loop, database_name, database_url, open_store, program, quiet_on_closed_pipe, say,
    write_png, Input, LoopOptions,
};
use super::UsageError;
use crate::climb::lessons::Lesson;
use crate::lang::Lang;
use crate::level::Level;
use crate::session::lessons::Learn;
use crate::session::{request, Actor, LobbySpec, Look, Place, Session, SessionError};
use crate::store::Store;
use crate::text::{self, tr, Markup};

const M: Markup = Markup::Plain;

/// Where the whole game after the steps is kept: its own place, so it never stands in
/// the way of `primeclimb play`.
pub const LEARN_PLACE: Place = Place {
    guild_id: 0,
    channel_id: 2,
};

/// The learner in the terminal (Discord's users are never 0).
const LEARNER: i64 = 0;

#[derive(Args, Debug)]
pub struct LearnArgs {
    /// Start again from the first step.
    #[arg(long)]
    pub restart: bool,
    /// The language: `en` or `fr` (default: the language of the whole game if one is
    /// waiting, else English).
    #[arg(long, value_name = "en|fr")]
    pub lang: Option<String>,
    /// Where each step's picture (and `board` in the game) is written.
    #[arg(long, value_name = "FILE.png")]
    pub board_file: Option<PathBuf>,
    /// How the pictures are drawn, e.g. `colour-blind+marks`.
    #[arg(long, value_name = "WORDS")]
    pub palette: Option<String>,
    /// Pause after each AI turn of the whole game, in milliseconds.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub pace: u64,
}

pub fn run(args: &LearnArgs) -> Result<()> {
    super::load_dotenv()?;
    let asked = args.lang.as_deref().map(super::language).transpose()?;
    let look = args
        .palette
        .as_deref()
        .map(request::look)
        .transpose()
        .map_err(|e| UsageError(format!("--palette: {e}")))?;
    let url = database_url();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let session = Session::new(open_store(&url).await?);
        // A whole game waiting speaks the language it was started in, unless told.
        let waiting = match session.play().board(LEARN_PLACE).await {
            Ok(view) if !view.is_over() => Some(view.info.lang),
            _ => None,
        };
        let lang = asked.or(waiting).unwrap_or(Lang::En);
        // The command that goes on says the language, so French goes on in French.
        let resume_command = match lang {
            Lang::En => format!("{} learn", program()),
            Lang::Fr => format!("{} learn --lang fr", program()),
        };
        let options = LoopOptions {
            pace: Duration::from_millis(args.pace),
            board_file: args
                .board_file
                .clone()
                .unwrap_or_else(|| PathBuf::from("primeclimb-board.png")),
            lang,
            look,
            place: LEARN_PLACE,
            database: database_name(&url),
            resume_command,
        };
        let mut input = Input::stdin();
        let mut out = std::io::stdout();
        quiet_on_closed_pipe(learn(&session, args.restart, &mut input, &mut out, &options).await)
    })
}

/// How a step is answered in the terminal.
fn how(lang: Lang) -> String {
    lang.text(
        "Type your move (`hint` shows one way, `board` writes the picture again, `quit` stops: your progress is saved).",
        "Tapez votre coup (`indice` montre une façon, `plateau` réécrit l'image, `quitter` arrête : votre progression est gardée).",
    )
    .to_string()
}

/// The steps, then the whole game. Every passed step is saved before it is printed.
pub async fn learn<S: Store>(
    session: &Session<S>,
    restart: bool,
    input: &mut Input,
    out: &mut dyn Write,
    options: &LoopOptions,
) -> Result<()> {
    let lang = options.lang;
    let mut state = session.learning().learn(LEARNER, None, restart).await?;
    loop {
        let (i, lesson) = match state {
            Learn::Done => break,
            Learn::Step(i, lesson) => (i, lesson),
            // `learn(None)` gives a step or Done; a try is answered below.
            Learn::Tried { step, lesson, .. } | Learn::Refused(step, lesson, _) => (step, lesson),
        };
        say(out, "")?;
        say(
            out,
            text::lessons::step_text(i, &lesson, &how(lang), lang, M),
        )?;
        write_position(out, &lesson, options)?;
        state = loop {
            let Some(line) = input.line("> ", out)? else {
                say(out, "")?;
                say(out, stopped(options))?;
                return Ok(());
            };
            let word = line.trim().to_lowercase();
            match word.as_str() {
                "" => continue,
                "quit" | "q" | "exit" | "quitter" => {
                    say(out, stopped(options))?;
                    return Ok(());
                }
                "hint" | "indice" => {
                    say(out, format!("  {}", M.code(&lesson.example())))?;
                    continue;
                }
                "board" | "plateau" => {
                    write_position(out, &lesson, options)?;
                    continue;
                }
                "help" | "aide" | "?" => {
                    say(out, how(lang))?;
                    continue;
                }
                _ => {}
            }
            match session
                .learning()
                .learn(LEARNER, Some(&line), false)
                .await?
            {
                Learn::Refused(_, lesson, e) => say(
                    out,
                    text::lessons::refused_text(&e, &lesson.shape(), lang, M),
                )?,
                Learn::Tried {
                    lesson, checked, ..
                } => {
                    say(out, text::lessons::checked_text(&lesson, &checked, lang, M))?;
                    if checked.passed {
                        break session.learning().learn(LEARNER, None, false).await?;
                    }
                }
                other => break other,
            }
        };
    }
    say(out, "")?;
    say(out, text::lessons::graduation(lang))?;
    let view = whole_game(session, lang).await?;
    play_loop(session, view, input, out, options).await
}

/// The whole game after the steps: the one waiting, else a new one against the easy AI
/// with hints on.
async fn whole_game<S: Store>(
    session: &Session<S>,
    lang: Lang,
) -> Result<crate::session::ClimbView> {
    let local = Actor::local("you");
    match session.play().board(LEARN_PLACE).await {
        Ok(view) if !view.is_over() => return Ok(view),
        Ok(_) | Err(SessionError::NoGame) | Err(SessionError::NotStarted) => {}
        Err(e) => return Err(e.into()),
    }
    if session.lobbies().lobby(LEARN_PLACE).await.is_ok() {
        // A lobby left by a stop at the wrong moment: start it.
        if let Ok(view) = session.lobbies().start(LEARN_PLACE, &local).await {
            if let Some(v) = view.climb() {
                return Ok(v);
            }
        }
    }
    let options = crate::climb::Options {
        hints: true,
        ..crate::climb::Options::default()
    };
    let spec = LobbySpec {
        ai: vec![Level::Easy],
        creator_plays: false,
        local_players: vec![lang.text("You", "Vous").to_string()],
        lang,
        ..LobbySpec::climb(options)
    };
    session
        .lobbies()
        .create_lobby(LEARN_PLACE, &local, &spec)
        .await?;
    let started = session.lobbies().start(LEARN_PLACE, &local).await?;
    started
        .climb()
        .ok_or_else(|| anyhow::anyhow!("the learning game is not a Prime Climb game"))
}

/// The position of a step as a picture file.
fn write_position(out: &mut dyn Write, lesson: &Lesson, options: &LoopOptions) -> Result<()> {
    let look: Look = options.look.unwrap_or_default();
    let position = PositionView {
        game: lesson.game(),
    };
    let png = position.png(look, text::pictures::words(options.lang))?;
    write_png(out, &options.board_file, &png, options.lang)
}

fn stopped(options: &LoopOptions) -> String {
    tr!(
        options.lang,
        "Your progress is saved in {}. Go on with `{}`.",
        "Votre progression est gardée dans {}. Continuez avec `{}`.",
        options.database,
        options.resume_command
    )
}
