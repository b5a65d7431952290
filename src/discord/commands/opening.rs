//! Opening a new game from Discord's words: `/climb start`, `/daifugo start` and the
//! guided first game's "Play the whole game" button. The use case (`Lobbies::open`) reads
//! and checks the options and decides where the game is played; the Discord part here gives
//! it a thread when asked ([`Threads`]) and says the outcome.

use poise::serenity_prelude as serenity;

use crate::discord::caller::Caller;
use crate::discord::reply::Answer;
use crate::discord::threads::{self};
use crate::discord::types::Data;
use crate::session::{GameKind, OpenWords, Opened, Place, PlaceFront, Rules};
use crate::text;

/// What a new game is asked to be, in the words of `/climb start` or `/daifugo start`.
pub(crate) struct Wanted {
    pub rules: Rules,
    pub ai: Option<String>,
    pub timeout: Option<String>,
    pub play: Option<bool>,
}

/// A new game's thread, named after the game and its opener.
pub(crate) struct Threads<'a> {
    pub http: &'a serenity::Http,
    pub opener: &'a str,
}

impl PlaceFront for Threads<'_> {
    async fn open_place(&self, kind: GameKind, under: Place) -> Result<Place, String> {
        threads::open_thread(self.http, under, kind, self.opener).await
    }

    async fn close_place(&self, place: Place) {
        threads::close_unused(self.http, place.channel_id).await;
    }
}

/// A new game for `caller` where the server plays it (a new thread, or the caller's
/// channel): a lobby, or the game itself when it is a solitaire game or `at_once` asks for
/// it (the learner's first whole game, with its AI seats). A refusal is said in words.
pub(crate) async fn new_game(
    http: &serenity::Http,
    data: &Data,
    caller: &Caller,
    wanted: Wanted,
    at_once: bool,
) -> Result<Opened, String> {
    let lang = caller.lang();
    let here = caller.place()?;
    let room = caller.room();
    let words = OpenWords {
        here,
        opener: caller.actor(),
        rules: wanted.rules,
        ai: wanted.ai,
        timeout: wanted.timeout,
        play: wanted.play,
        lang: caller.game_lang(),
        at_once,
        room,
    };
    let front = Threads {
        http,
        opener: &caller.name,
    };
    data.session
        .lobbies()
        .open_game(words, &front)
        .await
        .map_err(|e| text::errors::refusal(&e, lang))
}

/// The answer to a start command (`text::posts::replies::opened`).
pub(crate) fn opened_answer(data: &Data, caller: &Caller, opened: Opened) -> Answer {
    let activity = crate::discord::posts::activity(data);
    text::posts::replies::opened(opened, caller.user(), activity, caller.lang())
}
