//! Opening a new game from Discord's words: `/climb start`, `/daifugo start` and the
//! guided first game's "Play the whole game" button. The use case (`Lobbies::open`) reads
//! and checks the options and decides where the game is played; the Discord part here gives
//! it a thread when asked ([`Threads`]) and says the outcome.

use poise::serenity_prelude as serenity;

use super::shared::{answer, Ctx, Refused, Worked};
use crate::discord::caller::Caller;
use crate::discord::posts::activity;
use crate::discord::reply::Shown;
use crate::discord::threads;
use crate::discord::types::{Data, Error};
use crate::session::{GameKind, OpenWords, Opened, Place, PlaceFront, Wanted};
use crate::text::posts::{learning, replies};

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
/// it (the learner's first whole game, with its AI seats).
async fn new_game(
    http: &serenity::Http,
    data: &Data,
    caller: &Caller,
    wanted: Wanted,
    at_once: bool,
) -> Result<Opened, Refused> {
    let here = caller.place()?;
    let room = caller.room();
    let words = OpenWords {
        here,
        opener: caller.actor(),
        wanted,
        lang: caller.game_lang(),
        at_once,
        room,
    };
    let front = Threads {
        http,
        opener: &caller.name,
    };
    Ok(data.session.lobbies().open_game(words, &front).await?)
}

/// Answer a start command: a new game as `wanted`, its lobby or the game itself
/// (`text::posts::replies::opened`).
pub(super) async fn open(ctx: Ctx<'_>, wanted: Wanted) -> Result<(), Error> {
    let http = ctx.serenity_context().http.clone();
    answer(ctx, Shown::Public, move |data, caller| async move {
        let opened = new_game(&http, &data, &caller, wanted, false).await?;
        let activity = activity(&data);
        Ok(replies::opened(
            opened,
            caller.user(),
            activity,
            caller.lang(),
        ))
    })
    .await
}

/// The guided first game's last button: the whole game against the easy AI with hints on,
/// opened where `/climb start` would open it and started at once. The private message the
/// button was on says where the game is; the board is posted there for everyone.
pub async fn learner_plays(http: &serenity::Http, data: &Data, caller: &Caller) -> Worked {
    let opened = new_game(http, data, caller, Wanted::graduation(), true).await?;
    Ok(learning::graduated(opened, activity(data), caller.lang()))
}
