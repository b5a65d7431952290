//! What happens without anyone clicking: AI seats playing their turns, and the turn clock
//! (a reminder at half time, then the server's choice: an AI plays the idle turn, or it is
//! skipped). Driven from the database, so after a restart the clock picks up every open
//! game and the AI seats whose turn it is play at once. Each step is committed before its
//! message is posted; a failed post leaves the game intact (`/climb board` shows it).

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{error, info, warn};

use super::locale::Lang;
use super::text::tr;
use super::turn::{self, Post};
use super::Data;
use crate::session::{ClimbView, Due, GameView, Place, TimeoutMode};
use crate::store::{GameRow, Status};

/// The language of a game's channel messages.
pub fn game_lang(view: &ClimbView) -> Lang {
    row_lang(&view.row)
}

/// The language a game was created in.
pub fn row_lang(row: &GameRow) -> Lang {
    Lang::pick(row.locale.as_deref(), None)
}

/// The public message for a game after a change, whichever game: the board, or the
/// Prime Daifugo table (never a hand).
pub async fn public_post(view: &GameView) -> Post {
    let lang = row_lang(view.row());
    match view {
        GameView::Climb(v) => turn::board_post(v, lang).await,
        GameView::Daifugo(v) => super::daifugo::public_post(v, lang).await,
    }
}

fn is_over(view: &GameView) -> bool {
    match view {
        GameView::Climb(v) => v.is_over(),
        GameView::Daifugo(v) => v.is_over(),
    }
}

/// Post a message in a game's channel; a failure is logged (the game is already saved).
pub async fn post(http: &serenity::Http, place: Place, post: Post) {
    let channel = serenity::ChannelId::new(u64::try_from(place.channel_id).unwrap_or(1));
    if let Err(e) = channel.send_message(http, post.message()).await {
        warn!(
            channel = place.channel_id,
            "posting a game message failed: {e}"
        );
    }
}

/// Play the AI seats of a channel's game until a person is to move (or the game ends),
/// one message per turn, in the background.
pub fn spawn_ai(http: Arc<serenity::Http>, data: Data, place: Place) {
    tokio::spawn(async move { run_ai(&http, &data, place).await });
}

/// Play the AI seats now (the caller waits).
pub async fn run_ai(http: &serenity::Http, data: &Data, place: Place) {
    let lock = data.runner_lock(place);
    let _in_order = lock.lock().await;
    loop {
        match data.session.ai_step(place).await {
            Ok(Some(view)) => {
                let message = public_post(&view).await;
                post(http, place, message).await;
                if is_over(&view) {
                    break;
                }
                if !data.timing.ai_pace.is_zero() {
                    tokio::time::sleep(data.timing.ai_pace).await;
                }
            }
            Ok(None) => break,
            Err(e) => {
                error!(channel = place.channel_id, "an AI turn failed: {e}");
                break;
            }
        }
    }
}

/// The turn clock: at start, AI seats whose turn it is play; then every tick, reminders
/// and timeouts. Stops when `stop` turns true.
pub async fn run(http: Arc<serenity::Http>, data: Data, mut stop: watch::Receiver<bool>) {
    match data.session.open_places().await {
        Ok(games) => {
            for (place, status) in games {
                if status == Status::Active {
                    spawn_ai(http.clone(), data.clone(), place);
                }
            }
        }
        Err(e) => error!("reading the open games failed: {e}"),
    }
    loop {
        tokio::select! {
            _ = stop.changed() => break,
            () = tokio::time::sleep(data.timing.tick) => {}
        }
        if *stop.borrow() {
            break;
        }
        tick(&http, &data).await;
    }
    info!("turn clock stopped");
}

/// One look at the clock: send the reminders and play or skip the turns that are due.
pub async fn tick(http: &Arc<serenity::Http>, data: &Data) {
    let due = match data.session.due().await {
        Ok(due) => due,
        Err(e) => {
            error!("reading the turn clocks failed: {e}");
            return;
        }
    };
    for item in due {
        match item {
            Due::Remind {
                game_id,
                version,
                place,
            } => match data.session.remind(game_id, version).await {
                Ok(Some(view)) => post(http, place, reminder(&view)).await,
                Ok(None) => {}
                Err(e) => error!(game_id, "a reminder failed: {e}"),
            },
            Due::TimeOut {
                game_id,
                version,
                place,
            } => {
                let mode = match data.session.settings(place.guild_id).await {
                    Ok(s) => TimeoutMode::from_setting(&s.on_timeout),
                    Err(_) => TimeoutMode::Ai,
                };
                let lock = data.runner_lock(place);
                let guard = lock.lock().await;
                let result = data.session.time_out(game_id, version, mode).await;
                drop(guard);
                match result {
                    Ok(Some(view)) => {
                        let lang = row_lang(view.row());
                        let mut message = public_post(&view).await;
                        message.content =
                            format!("{}\n{}", timed_out(&view, mode, lang), message.content);
                        post(http, place, message).await;
                        spawn_ai(http.clone(), data.clone(), place);
                    }
                    Ok(None) => {}
                    Err(e) => error!(game_id, "a turn timeout failed: {e}"),
                }
            }
        }
    }
}

/// The seat to move and its name.
fn to_move(view: &GameView) -> (usize, String) {
    match view {
        GameView::Climb(v) => {
            let s = v.game.current();
            (s, v.game.players[s].name.clone())
        }
        GameView::Daifugo(v) => {
            let s = v.game.current();
            (s, v.game.players[s].name.clone())
        }
    }
}

/// "⏰ @Ada, half your time for this turn is gone: 6 h left."
fn reminder(view: &GameView) -> Post {
    let row = view.row();
    let lang = row_lang(row);
    let (seat, name) = to_move(view);
    let user = row.seats.get(seat).and_then(|s| s.user_id);
    let left = row.turn_timeout_secs.unwrap_or(0) / 2;
    let who = match user {
        Some(id) => format!("<@{id}> (**{name}**)"),
        None => format!("**{name}**"),
    };
    let roll = match view {
        GameView::Climb(v) => tr!(
            lang,
            " You rolled {}.",
            " Vous avez fait {}.",
            super::text::roll_words(v.game.turn.roll, lang)
        ),
        GameView::Daifugo(_) => String::new(),
    };
    let mut p = Post::text(tr!(
        lang,
        "⏰ {}, half your time for this turn is gone: {} left.{}",
        "⏰ {}, la moitié de votre temps pour ce tour est passée : il reste {}.{}",
        who,
        super::text::duration(left, lang),
        roll
    ));
    p.mentions
        .extend(user.and_then(|id| u64::try_from(id).ok()));
    p
}

fn timed_out(view: &GameView, mode: TimeoutMode, lang: Lang) -> String {
    let name = match view {
        GameView::Climb(v) => v.actor_seat.map(|s| v.game.players[s].name.clone()),
        GameView::Daifugo(v) => v.actor_seat.map(|s| v.game.players[s].name.clone()),
    }
    .unwrap_or_default();
    match mode {
        TimeoutMode::Ai => tr!(
            lang,
            "⌛ **{}** ran out of time: an AI played the turn for them.",
            "⌛ **{}** n'a plus de temps : une IA a joué ce tour à sa place.",
            name
        ),
        TimeoutMode::Skip => tr!(
            lang,
            "⌛ **{}** ran out of time: the turn is skipped.",
            "⌛ **{}** n'a plus de temps : le tour est passé.",
            name
        ),
    }
}
