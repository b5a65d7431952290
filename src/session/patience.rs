//! Waiting out a database that is away (a PostgreSQL server restarting, a SQLite file
//! locked by another process), for what runs by itself: AI turns, the outbox. A person's
//! request is refused at once instead ("could not be saved, nothing was changed"); these
//! try again, a little later each time, until the database is back or they have waited
//! long enough for the turn clock to take over.

use std::time::Duration;

use super::SessionError;

/// The first wait after a failure; each next one is twice as long, up to [`MAX_STEP`].
const FIRST_STEP: Duration = Duration::from_millis(250);
const MAX_STEP: Duration = Duration::from_secs(5);
/// How long in all a task waits before it gives up (what it left is found again by the
/// turn clock: an AI seat left waiting, a message still in the outbox).
const GIVE_UP_AFTER: Duration = Duration::from_secs(180);

/// How long a task has waited for the database so far.
#[derive(Debug, Default)]
pub struct Patience {
    waited: Duration,
    next: Duration,
}

impl Patience {
    pub fn new() -> Patience {
        Patience::default()
    }

    /// After `e`: when it says the database is away for now and there is patience left,
    /// wait a while and say `true` (try again); else `false` at once (give up).
    pub async fn wait_after(&mut self, e: &SessionError) -> bool {
        if !e.unavailable() || self.waited >= GIVE_UP_AFTER {
            return false;
        }
        let step = if self.next.is_zero() {
            FIRST_STEP
        } else {
            self.next
        };
        tokio::time::sleep(step).await;
        self.waited += step;
        self.next = (step * 2).min(MAX_STEP);
        true
    }

    /// The database answered: the next outage starts with short waits again.
    pub fn reset(&mut self) {
        *self = Patience::default();
    }
}

/// Do `attempt` until it succeeds, fails for another reason than the database being
/// away, or patience runs out.
pub async fn patiently<T, F, Fut>(mut attempt: F) -> Result<T, SessionError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, SessionError>>,
{
    let mut patience = Patience::new();
    loop {
        match attempt().await {
            Err(e) if patience.wait_after(&e).await => continue,
            outcome => return outcome,
        }
    }
}
