//! The turn clock: every tick, the reminders (at half time, or as often as the server
//! says), the turns that ran out of time (the server's choice: an AI plays the idle turn,
//! or it is skipped), AI seats left waiting (their runner was lost to a crash or a failed
//! post), turn notices by direct message, lobbies nobody started and games nobody plays,
//! daily digests, and the outbox (turn messages Discord refused, tried again until it
//! takes them). Everything is read from the database, so after a restart the clock picks
//! up every open game; each step is committed before its message is posted.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{error, info};

use super::notify;
use super::runner;
use super::send;
use super::types::Data;
use crate::config::millis;
use crate::session::{Due, DueWork, Place, SessionError, Status};
use crate::text;
use crate::text::posts::notices;

/// At start, AI seats whose turn it is play; then every tick, reminders, timeouts and
/// waiting AI seats. Stops when `stop` turns true.
pub async fn run(http: Arc<serenity::Http>, data: Data, mut stop: watch::Receiver<bool>) {
    for (place, status) in read(data.session.clocks().open_places().await, "the open games") {
        if status == Status::Active {
            runner::spawn(http.clone(), data.clone(), place);
        }
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
    outbox(http, data).await;
    announcements(http, data).await;
    puzzles(http, data).await;
    let idle_ms = millis(data.timing.ai_idle);
    for item in read(data.session.clocks().due(idle_ms).await, "the turn clocks") {
        step(http, data, item).await;
    }
}

/// Carry out one thing the clock found due: the session decides what follows, and it is
/// said and delivered here.
async fn step(http: &Arc<serenity::Http>, data: &Data, item: Due) {
    let work = match item {
        Due::TimeOut { place, game_id, .. } => {
            return time_out(http, data, item, place, game_id).await
        }
        other => data.session.clocks().carry_out(other).await,
    };
    match work {
        Ok(Some(work)) => deliver(http, data, work).await,
        Ok(None) => {}
        Err(e) => error!("the clock's due work failed: {e}"),
    }
}

/// A turn that ran out of time. The game's posts stay in order, in this process (the
/// channel's lock, held until the timeout is posted) and across processes: the timeout
/// is played and posted while holding its AI turns (the runner started after it goes on
/// with them). Held by another process: its clock or runner is at this game.
async fn time_out(http: &Arc<serenity::Http>, data: &Data, item: Due, place: Place, game_id: i64) {
    let lock = data.runners.of(place);
    let _in_order = lock.lock().await;
    match data.claim_turns(place).await {
        Ok(true) => {}
        Ok(false) => return,
        Err(e) => {
            error!(game_id, "claiming the game's turns failed: {e}");
            return;
        }
    }
    match data.session.clocks().carry_out(item).await {
        Ok(Some(work @ DueWork::TimedOut { .. })) => deliver(http, data, work).await,
        result => {
            if let Err(e) = result {
                error!(game_id, "a turn timeout failed: {e}");
            }
            // The person moved meanwhile (through another process, which found the turns
            // held) and an AI seat is next: play it now, not when the idle check finds it.
            if runner::let_go(data, place).await == Some(true) {
                runner::spawn(http.clone(), data.clone(), place);
            }
        }
    }
}

/// Say and deliver what follows from an item of due work.
async fn deliver(http: &Arc<serenity::Http>, data: &Data, work: DueWork) {
    match work {
        DueWork::Remind {
            view,
            left_ms,
            waited_ms,
            half,
            how,
        } => notify::reminder(http, data, &view, (left_ms, waited_ms, half), how).await,
        DueWork::TimedOut { changed, mode } => {
            let head = text::posts::timed_out_line(&changed.view, mode, changed.info().lang);
            super::deliver::changed(http, data, &changed, Some(&head)).await;
            runner::spawn(http.clone(), data.clone(), changed.info().place);
        }
        DueWork::PlayAi { place } => runner::spawn(http.clone(), data.clone(), place),
        DueWork::Notice(notice) => notify::send_notice(http, data, &notice, None).await,
        DueWork::LobbyClosed { lobby, hours } => {
            let info = &lobby.info;
            send::post(http, data, info.place, notices::lobby_closed(info, hours)).await;
            super::threads::announce_end(http, data, info.id).await;
        }
        DueWork::EndedIdle {
            game,
            days,
            people,
            last_post,
        } => {
            let info = &game.info;
            let post = notices::ended_idle(info, days, &people);
            if let Some((channel, message)) = last_post {
                send::strip(http, channel, message).await;
            }
            send::post(http, data, info.place, post).await;
            super::threads::announce_end(http, data, info.id).await;
        }
        DueWork::Digest {
            user_id,
            lang,
            games,
        } => notify::digest(http, data, user_id, lang, &games).await,
    }
}

/// The outbox: the public messages of AI turns and timeouts that Discord refused (an
/// outage, minutes of server errors) are tried again until Discord takes them, so nobody's
/// turn ping is lost. Each is claimed first (once per try, whichever process gets there),
/// rebuilt from the game as it stands (so it shows the board and pings whoever is to
/// move), and dropped when the game has moved on (a newer message took its place).
async fn outbox(http: &serenity::Http, data: &Data) {
    for p in read(data.session.clocks().pending_posts().await, "the outbox") {
        let changed = match data.session.clocks().claim_outbox(&p).await {
            Ok(Some(changed)) => changed,
            Ok(None) => continue,
            Err(e) => {
                error!(game_id = p.game_id, "a waiting message failed: {e}");
                continue;
            }
        };
        super::deliver::changed(http, data, &changed, None).await;
    }
}

/// The day's puzzles in the channels of the servers that asked (`/settings puzzle`), once
/// a day each, when the server's hour has come.
async fn puzzles(http: &Arc<serenity::Http>, data: &Data) {
    for p in read(
        data.session.learning().claim_puzzle_posts().await,
        "the puzzle channels",
    ) {
        let draft = text::posts::learning::daily_puzzles(&p.climb, &p.daifugo, p.look, p.lang);
        let post = crate::drawing::in_background(data.drawing.post(draft)).await;
        send::post(http, data, p.place, post).await;
    }
}

/// Ends of thread games not yet announced in their channel (a cancelled lobby, a game
/// ended by a moderator, a timeout that finished it, or a post lost to a crash), and
/// class assignments that have come due.
async fn announcements(http: &Arc<serenity::Http>, data: &Data) {
    let classes = data.session.classes();
    for id in read(classes.ends_to_announce().await, "the games to announce") {
        super::threads::announce_end(http, data, id).await;
    }
    for a in read(classes.due_assignments().await, "the class assignments") {
        super::class::tell_due(http, data, a.id).await;
    }
}

/// What a reading gave, or nothing with its failure logged.
fn read<T: Default>(result: Result<T, SessionError>, what: &str) -> T {
    result.unwrap_or_else(|e| {
        error!("reading {what} failed: {e}");
        T::default()
    })
}
