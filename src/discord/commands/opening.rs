//! Opening a new game from Discord's words: `/climb start`, `/daifugo start` and the
//! guided first game's "Play the whole game" button. The use case (`Lobbies::open`) reads
//! and checks the options and decides where the game is played; the Discord part here gives
//! it a thread when asked ([`Threads`]) and says the outcome.

use poise::serenity_prelude as serenity;

use crate::discord::answers::{self, mention};
use crate::discord::caller::Caller;
use crate::discord::posts::lobby as lobby_post;
use crate::discord::posts::Post;
use crate::discord::reply::Answer;
use crate::discord::threads::{self};
use crate::discord::types::Data;
use crate::lang::Lang;
use crate::session::{
    GameKind, OpenWords, Opened, OpenedGame, Place, PlaceFront, Rules, Whereabouts,
};
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

/// The answer to a start command: the lobby, or the board of a game started at once, told
/// where the game is played (saved: posted in the channel if Discord refuses the reply).
pub(crate) async fn opened_answer(data: &Data, caller: &Caller, opened: Opened) -> Answer {
    let lang = caller.lang();
    let at = opened.at;
    match opened.what {
        OpenedGame::Started(changed) => {
            let kind = changed.info().kind;
            let answer = answers::game_changed(data, caller, at.place, *changed, lang).await;
            placed(answer, &at, kind, true, lang)
        }
        OpenedGame::Lobby(view) => {
            let kind = view.info.kind;
            let answer = Answer::public(lobby_post::lobby_post(&view, lang))
                .saved(at.place, text::bot::saved_note(&mention(caller), lang));
            placed(answer, &at, kind, false, lang)
        }
    }
}

/// The answer to a new game's command, told where the game is played: a game in a thread
/// keeps its lobby here (with a link) and gets a first message in the thread; a solitaire
/// game that started at once is posted in its thread, with a link here. A note says why
/// a game is played here when the server wants threads.
fn placed(
    mut answer: Answer,
    at: &Whereabouts,
    kind: GameKind,
    started: bool,
    lang: Lang,
) -> Answer {
    let Some(parent) = at.parent else {
        if let Some(note) = text::bot::placed_note(at.note, lang) {
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
