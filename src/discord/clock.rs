//! The turn clock: every tick, the reminders at half time, the turns that ran out of time
//! (the server's choice: an AI plays the idle turn, or it is skipped), and AI seats left
//! waiting (their runner was lost to a crash or a failed post). Everything is read from
//! the database, so after a restart the clock picks up every open game; each step is
//! committed before its message is posted.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{error, info};

use super::posts;
use super::runner;
use super::send;
use super::types::Data;
use crate::session::{Due, Status, TimeoutMode};

/// At start, AI seats whose turn it is play; then every tick, reminders, timeouts and
/// waiting AI seats. Stops when `stop` turns true.
pub async fn run(http: Arc<serenity::Http>, data: Data, mut stop: watch::Receiver<bool>) {
    match data.session.open_places().await {
        Ok(games) => {
            for (place, status) in games {
                if status == Status::Active {
                    runner::spawn(http.clone(), data.clone(), place);
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

/// One look at the clock.
pub async fn tick(http: &Arc<serenity::Http>, data: &Data) {
    announcements(http, data).await;
    let idle_ms = i64::try_from(data.timing.ai_idle.as_millis()).unwrap_or(i64::MAX);
    let due = match data.session.due(idle_ms).await {
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
                Ok(Some(view)) => {
                    let message = posts::reminder(&view, data.session.now());
                    send::post(http, place, message).await;
                }
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
                        let lang = view.info().lang;
                        let message = posts::public_post(data, &view)
                            .await
                            .headed(&posts::timed_out_line(&view, mode, lang));
                        send::post(http, place, message).await;
                        runner::spawn(http.clone(), data.clone(), place);
                    }
                    Ok(None) => {}
                    Err(e) => error!(game_id, "a turn timeout failed: {e}"),
                }
            }
            Due::AiIdle { place } => runner::spawn(http.clone(), data.clone(), place),
        }
    }
}

/// Ends of thread games not yet announced in their channel (a cancelled lobby, a game
/// ended by a moderator, a timeout that finished it, or a post lost to a crash), and
/// class assignments that have come due.
async fn announcements(http: &Arc<serenity::Http>, data: &Data) {
    match data.session.ends_to_announce().await {
        Ok(ids) => {
            for id in ids {
                super::threads::announce_end(http, data, id).await;
            }
        }
        Err(e) => error!("reading the games to announce failed: {e}"),
    }
    match data.session.due_assignments().await {
        Ok(due) => {
            for a in due {
                super::class::tell_due(http, data, a.id).await;
            }
        }
        Err(e) => error!("reading the class assignments failed: {e}"),
    }
}
