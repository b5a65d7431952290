//! Opening a new Prime Climb game from a front's words: `/climb start` and the guided
//! first game's "Play the whole game" button. The options are read (the server's
//! defaults where nothing is said), a place is found (a new thread, or the caller's
//! channel), and the lobby is opened, or the game itself when it starts at once.

use poise::serenity_prelude as serenity;

use super::{new_game_place, unplaced};
use crate::discord::caller::Caller;
use crate::discord::threads::GamePlace;
use crate::discord::types::Data;
use crate::session::request;
use crate::session::{ClimbView, GameKind, GameOptions, GameView, LobbySpec, Place, SessionError};
use crate::text;

/// What a new game is asked to be, in the words of `/climb start`.
#[derive(Default)]
pub(crate) struct Wanted {
    pub variant: Option<String>,
    pub ai: Option<String>,
    pub timeout: Option<String>,
    pub play: Option<bool>,
}

/// A new Prime Climb game for `caller` where the server plays it (a new thread, or the
/// caller's channel): a lobby, or the game itself when it is a solitaire game or
/// `at_once` asks for it (the learner's first whole game, with its AI seats). On a refusal
/// the thread opened for it is closed and the words say why.
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
    let Wanted {
        variant,
        ai,
        timeout,
        play,
    } = wanted;
    let spec = lobby_spec(data, caller, here, variant, ai, timeout, play)
        .await
        .map_err(|e| text::errors::refusal(&e, lang))?;
    let at = new_game_place(http, data, caller, GameKind::Climb).await?;
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
    variant: Option<String>,
    ai: Option<String>,
    timeout: Option<String>,
    play: Option<bool>,
) -> Result<LobbySpec, SessionError> {
    let settings = data.session.settings(place.guild_id).await?;
    let words = variant.unwrap_or_else(|| settings.default_variant.clone());
    let (options, blanks) = request::climb_options(&words)?;
    let levels = match ai.as_deref() {
        Some(text) => request::levels(text)?,
        None => Vec::new(),
    };
    let turn_timeout_secs = match timeout.as_deref() {
        Some(t) => request::duration(t)?,
        None => settings.turn_timeout_secs,
    };
    let spec = LobbySpec {
        ai: levels,
        turn_timeout_secs,
        creator_plays: play.unwrap_or(true),
        lang: caller.game_lang(),
        fill_in_blanks: blanks,
        ..LobbySpec::climb(options)
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
    let actor = caller.actor(data, true).await;
    let view = data.session.create_lobby(place, &actor, &spec).await?;
    if at_once || (solitaire && view.info.seats.len() == 1) {
        if let GameView::Climb(started) = data.session.start(place, &actor).await? {
            return Ok(Opened::Started(started));
        }
    }
    Ok(Opened::Lobby(Box::new(view)))
}
