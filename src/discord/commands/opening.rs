//! Opening a new game from a front's words: `/climb start`, `/daifugo start` and the
//! guided first game's "Play the whole game" button. The options are read (the server's
//! defaults where nothing is said), a place is found (a new thread, or the caller's
//! channel), and the lobby is opened, or the game itself when it starts at once.

use poise::serenity_prelude as serenity;

use crate::daifugo;
use crate::discord::answers;
use crate::discord::answers::mention;
use crate::discord::caller::Caller;
use crate::discord::posts::lobby as lobby_post;
use crate::discord::posts::Post;
use crate::discord::reply::Answer;
use crate::discord::threads::{self, GamePlace};
use crate::discord::types::Data;
use crate::session::request;
use crate::session::GameKind;
use crate::session::{ClimbView, GameOptions, GameView, LobbySpec, Place, SessionError};
use crate::text;

/// Which game, with its options as asked.
pub(crate) enum Rules {
    /// Prime Climb's variants in words (`sprint,double-time`); none: the server's default.
    Climb {
        variant: Option<String>,
    },
    Daifugo(daifugo::Options),
}

/// What a new game is asked to be, in the words of `/climb start` or `/daifugo start`.
pub(crate) struct Wanted {
    pub rules: Rules,
    pub ai: Option<String>,
    pub timeout: Option<String>,
    pub play: Option<bool>,
}

/// A new game for `caller` where the server plays it (a new thread, or the caller's
/// channel): a lobby, or the game itself when it is a solitaire game or `at_once` asks for
/// it (the learner's first whole game, with its AI seats). On a refusal the thread opened
/// for it is closed and the words say why.
pub(crate) async fn new_game(
    http: &serenity::Http,
    data: &Data,
    caller: &Caller,
    wanted: Wanted,
    at_once: bool,
) -> Result<(Opened, GamePlace), String> {
    let lang = caller.lang();
    let here = caller.place()?;
    // The options are read before a thread is opened for the game.
    let spec = lobby_spec(data, caller, here, wanted)
        .await
        .map_err(|e| text::errors::refusal(&e, lang))?;
    let at = new_game_place(http, data, caller, spec.options.kind()).await?;
    let spec = LobbySpec {
        parent_channel_id: at.parent,
        ..spec
    };
    match open_lobby(data, caller, at.place, spec, at_once).await {
        Ok(opened) => Ok((opened, at)),
        Err(e) => {
            unplaced(http, &at).await;
            Err(text::errors::refusal(&e, lang))
        }
    }
}

/// The answer to a start command: the lobby, or the board of a game started at once, told
/// where the game is played (saved: posted in the channel if Discord refuses the reply).
pub(crate) async fn opened_answer(
    data: &Data,
    caller: &Caller,
    opened: Opened,
    at: &GamePlace,
) -> Answer {
    let lang = caller.lang();
    match opened {
        Opened::Started(view) => {
            let kind = view.info.kind;
            let answer = answers::climb_started(data, caller, at.place, *view, lang).await;
            placed(answer, at, kind, true, lang)
        }
        Opened::Lobby(view) => {
            let kind = view.info.kind;
            let answer = Answer::public(lobby_post::lobby_post(&view, lang))
                .saved(at.place, text::bot::saved_note(&mention(caller), lang));
            placed(answer, at, kind, false, lang)
        }
    }
}

/// A new lobby, or a game started at once.
pub(crate) enum Opened {
    Lobby(Box<crate::session::LobbyView>),
    Started(Box<ClimbView>),
}

/// A new game's options from the command's words and the server's settings.
async fn lobby_spec(
    data: &Data,
    caller: &Caller,
    place: Place,
    wanted: Wanted,
) -> Result<LobbySpec, SessionError> {
    let settings = data.session.servers().settings(place.guild_id).await?;
    let base = match wanted.rules {
        Rules::Climb { variant } => {
            let words = variant.unwrap_or_else(|| settings.default_variant.clone());
            let (options, blanks) = request::climb_options(&words)?;
            LobbySpec {
                fill_in_blanks: blanks,
                ..LobbySpec::climb(options)
            }
        }
        Rules::Daifugo(options) => LobbySpec::daifugo(options),
    };
    let levels = match wanted.ai.as_deref() {
        Some(text) => request::levels(text)?,
        None => Vec::new(),
    };
    let turn_timeout_secs = match wanted.timeout.as_deref() {
        Some(t) => request::duration(t)?,
        None => settings.turn_timeout_secs,
    };
    let spec = LobbySpec {
        ai: levels,
        turn_timeout_secs,
        creator_plays: wanted.play.unwrap_or(true),
        lang: caller.game_lang(),
        ..base
    };
    spec.options.validate_alone()?;
    Ok(spec)
}

/// Open the lobby; a solitaire game, or any game `at_once`, starts at once.
async fn open_lobby(
    data: &Data,
    caller: &Caller,
    place: Place,
    spec: LobbySpec,
    at_once: bool,
) -> Result<Opened, SessionError> {
    let solitaire = matches!(&spec.options, GameOptions::Climb(o) if o.solitaire);
    let actor = caller.actor();
    let view = data
        .session
        .lobbies()
        .create_lobby(place, &actor, &spec)
        .await?;
    if at_once || (solitaire && view.info.seats.len() == 1) {
        if let GameView::Climb(started) = data.session.lobbies().start(place, &actor).await? {
            return Ok(Opened::Started(started));
        }
    }
    Ok(Opened::Lobby(Box::new(view)))
}

/// Where a new game is played (its own thread, or this channel): see `threads`. The
/// options were checked before, so a refused game leaves no empty thread behind.
async fn new_game_place(
    http: &serenity::Http,
    data: &Data,
    caller: &Caller,
    kind: GameKind,
) -> Result<GamePlace, String> {
    let name = threads::thread_name(kind, &caller.name);
    threads::game_place(http, data, caller, &name).await
}

/// The answer to a new game's command, told where the game is played: a game in a thread
/// keeps its lobby here (with a link) and gets a first message in the thread; a solitaire
/// game that started at once is posted in its thread, with a link here. A note says why
/// a game is played here when the server wants threads.
fn placed(
    mut answer: Answer,
    at: &GamePlace,
    kind: GameKind,
    started: bool,
    lang: crate::lang::Lang,
) -> Answer {
    let Some(parent) = at.parent else {
        if let Some(note) = &at.note {
            answer.post = answer.post.headed(note);
        }
        return answer;
    };
    let thread = at.place;
    if started {
        let board = std::mem::replace(
            &mut answer.post,
            Post::text(text::bot::played_in_thread(thread.channel_id, lang)),
        );
        answer.channel_posts.insert(0, (thread, board));
        answer.saved = None;
    } else {
        answer.channel_posts.insert(
            0,
            (
                thread,
                Post::text(text::bot::thread_welcome(kind, parent, lang)),
            ),
        );
    }
    answer
}

/// A refused new game: the thread opened for it goes away again.
async fn unplaced(http: &serenity::Http, at: &GamePlace) {
    if at.parent.is_some() {
        threads::close_unused(http, at.place.channel_id).await;
    }
}
