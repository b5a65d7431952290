//! AI seats playing their turns: one message per turn, in order, paced so people can
//! follow. A runner starts after a person's move (whatever became of its reply), after a
//! restart, and from the turn clock when an AI seat has been left waiting; several may be
//! asked for at once. In this process the per-channel lock keeps them in line; across
//! bot processes on one database, the runner claims the game's AI turns in the database
//! (a lease it renews at each turn), so one process plays and posts them, in order, and
//! when it dies the lease runs out and the turn clock of another takes over. The
//! session's version claim makes sure each AI turn is played once whatever happens.
//! While the previous player may still take their move back, the AI waits. While the
//! database is away, the runner waits for it (`Patience`) and plays on when it is back.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::error;

use super::types::Data;
use crate::config::millis;
use crate::session::{AiStep, Changed, GameView, Patience, Place};

/// The longest a runner sleeps before looking at its game again.
const MAX_WAIT: Duration = Duration::from_secs(30);

/// Play the AI seats of a channel's game until a person is to move (or the game ends),
/// in the background.
pub fn spawn(http: Arc<serenity::Http>, data: Data, place: Place) {
    tokio::spawn(async move { run(&http, &data, place).await });
}

/// Play the AI seats now (the caller waits).
pub async fn run(http: &serenity::Http, data: &Data, place: Place) {
    let lock = data.runners.of(place);
    let _in_order = lock.lock().await;
    let take_back_ms = millis(data.timing.take_back);
    // Never sleep past the lease: it is renewed when the runner wakes.
    let max_wait = MAX_WAIT.min(data.timing.runner_lease / 2);
    // Looks again after letting go (bounded: a game whose AI seat cannot move must not
    // keep the runner spinning).
    let mut rechecks = 0;
    let mut patience = Patience::new();
    loop {
        match data.claim_turns(place).await {
            Ok(true) => {}
            // Another process plays this game's AI turns (and posts them), or this one is
            // shutting down.
            Ok(false) => break,
            Err(e) => {
                if patience.wait_after(&e).await {
                    continue;
                }
                error!(
                    channel = place.channel_id,
                    "claiming the AI turns failed: {e}"
                );
                break;
            }
        }
        // Lets go once nothing is left to play: at once after a turn that leaves a
        // person to move, rather than claim the turns again only to find that.
        let idle = match data.session.clocks().ai_step(place, take_back_ms).await {
            Ok(AiStep::Played(changed)) => {
                rechecks = 0;
                patience.reset();
                // The turn may have taken a while (a hard AI thinking): renew the lease
                // so it outlasts the post, however long Discord makes the post wait,
                // and no other process's next turn overtakes it. Played already, the turn
                // is posted whatever the answer.
                if let Err(e) = data.claim_turns(place).await {
                    error!(
                        channel = place.channel_id,
                        "renewing the AI turns failed: {e}"
                    );
                }
                super::deliver::changed(http, data, &changed, None).await;
                if changed.ended {
                    break;
                }
                if changed.ai_next && !data.timing.ai_pace.is_zero() {
                    tokio::time::sleep(data.timing.ai_pace).await;
                }
                !changed.ai_next
            }
            Ok(AiStep::Wait(wait)) => {
                tokio::time::sleep(wait.min(max_wait)).await;
                false
            }
            Ok(AiStep::Idle) => true,
            // The database is away: nothing was played; the same turn again in a moment.
            Err(e) if patience.wait_after(&e).await => false,
            Err(e) => {
                error!(channel = place.channel_id, "an AI turn failed: {e}");
                break;
            }
        };
        if idle {
            match let_go(data, place).await {
                // A person moved through another process meanwhile: play on.
                Some(true) if rechecks < 3 => rechecks += 1,
                _ => return,
            }
        }
    }
    let_go(data, place).await;
}

/// Give the AI turns of a place back: whether an AI seat is to move all the same
/// (`None`: the database said no, logged).
pub(super) async fn let_go(data: &Data, place: Place) -> Option<bool> {
    let clocks = data.session.clocks();
    (clocks.release_runner(place, &data.instance).await)
        .map_err(|e| {
            error!(
                channel = place.channel_id,
                "letting go of the AI turns failed: {e}"
            )
        })
        .ok()
}

/// Deliver a change made without a reply (`deliver::changed`: a class's game started, a
/// move on the Activity), then let the AI seats play if one is next.
pub async fn after(http: &Arc<serenity::Http>, data: &Data, changed: &Changed<GameView>) {
    super::deliver::changed(http, data, changed, None).await;
    if changed.ai_next {
        spawn(http.clone(), data.clone(), changed.info().place);
    }
}
