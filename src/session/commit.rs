//! Writing one change of a started game, whichever game it is: claim the version, store
//! the new state, append the log entry, and when the game ends record the results and
//! ratings and forget the old turns' events. All or nothing: a change that ends no game
//! in one call of the store (one statement on PostgreSQL), the end of a game in one
//! transaction.

use super::core::Clocks;
use super::ratings::{self, Finish};
use super::{Session, SessionError};
use crate::store::{GameRow, GameUpdate, LogRow, PendingPost, ResultRow, Status, Store, StoreTx};

/// One change, already applied to the engine and encoded.
pub(super) struct Change {
    /// The seat that acted, and the Discord user who asked (`None`: an AI or the clock).
    pub seat: usize,
    pub user_id: Option<i64>,
    /// The engine's turn number before the change.
    pub turn_before: u32,
    /// Whether the change began another turn (the turn clock restarts).
    pub new_turn: bool,
    /// The seat to move after the change, if the game goes on.
    pub to_move: Option<usize>,
    /// JSON of the engine state after the change, of its actions and of its events.
    pub state: String,
    pub actions: String,
    pub events: String,
    /// How the game ended, if this change ended it.
    pub finish: Option<Finish>,
}

/// How long the process that made a change has to post it before the outbox tries: more
/// than a post may take with its own retries (a minute's timeout and a few seconds).
pub const OUTBOX_FIRST_TRY_MS: i64 = 90_000;

/// How long after a failed try the outbox tries a message again.
pub const OUTBOX_RETRY_MS: i64 = 20_000;

impl<S: Store> Session<S> {
    /// Commit a change; returns the row as it now stands and, at the end of a game, the
    /// results. [`SessionError::Moved`] if another request changed the game first.
    pub(super) async fn commit_change(
        &self,
        row: &GameRow,
        change: Change,
    ) -> Result<(GameRow, Vec<ResultRow>), SessionError> {
        let now = self.now();
        let status = if change.finish.is_some() {
            Status::Finished
        } else {
            Status::Active
        };
        let new_turn = change.new_turn || change.finish.is_some();
        let update = GameUpdate {
            status,
            options: row.options.clone(),
            state: Some(change.state),
            // A new turn's start is later than the last one's, even within one
            // millisecond: it names the turn (a direct-message notice is claimed once
            // per turn start).
            turn_started_at: if new_turn {
                Some(row.turn_started_at.map_or(now, |t| now.max(t + 1)))
            } else {
                row.turn_started_at
            },
            reminded: !new_turn && row.reminded,
            ai_to_move: change
                .to_move
                .and_then(|seat| row.seats.get(seat))
                .is_some_and(|s| s.ai_level.is_some()),
            to_move_user: change
                .to_move
                .and_then(|seat| row.seats.get(seat))
                .and_then(|s| s.user_id),
        };
        let log = LogRow {
            version: row.version + 1,
            turn: i64::from(change.turn_before),
            seat: change.seat as i64,
            user_id: change.user_id,
            actions: change.actions,
            events: change.events,
            at: now,
        };
        // The outbox: a change nobody asked for here (an AI turn, the clock) is posted by
        // the process that made it, and kept until Discord takes it; a person's change is
        // answered to them, which supersedes whatever waited.
        let post = change
            .user_id
            .is_none()
            .then_some((row.version + 1, now + OUTBOX_FIRST_TRY_MS));
        let results = match &change.finish {
            Some(end) => {
                let mut tx = self.store().begin().await?;
                tx.claim_update(row.id, row.version, now, &update, post)
                    .await?;
                tx.append_log(row.id, &log).await?;
                // Keep the events the final picture needs (this turn and the one before).
                let keep_from = i64::from(change.turn_before.saturating_sub(1));
                tx.forget_events(row.id, keep_from).await?;
                let results = ratings::finish(&mut tx, row, end, now).await?;
                tx.commit().await?;
                results
            }
            None => {
                self.store()
                    .commit_move(row.id, row.version, now, &update, post, &log)
                    .await?;
                Vec::new()
            }
        };
        let row = GameRow {
            status,
            version: row.version + 1,
            updated_at: now,
            turn_started_at: update.turn_started_at,
            reminded: update.reminded,
            state: None,
            ..row.clone()
        };
        Ok((row, results))
    }
}

impl<S: Store> Clocks<'_, S> {
    /// The public messages waiting in the outbox, due now (oldest first).
    pub async fn pending_posts(self) -> Result<Vec<PendingPost>, SessionError> {
        Ok(self.store().pending_posts(self.now()).await?)
    }

    /// Claim a try of a waiting message: true once per try, whichever process asks; the
    /// next try is [`OUTBOX_RETRY_MS`] later unless this one posts it.
    pub(super) async fn claim_post(self, p: &PendingPost) -> Result<bool, SessionError> {
        let now = self.now();
        let next_try = now + OUTBOX_RETRY_MS;
        Ok(self
            .store()
            .claim_post(p.game_id, p.version, now, next_try)
            .await?)
    }

    /// Game `game_id`'s public message for `version`, the answer to a person's change,
    /// could not be delivered at all: into the outbox, to be posted (rebuilt from the game
    /// as it stands) once Discord takes messages again, unless the game has moved on.
    pub async fn keep_post(self, game_id: i64, version: i64) -> Result<(), SessionError> {
        let try_at = self.now() + OUTBOX_RETRY_MS;
        Ok(self.store().keep_post(game_id, version, try_at).await?)
    }

    /// Game `game_id`'s public message for `version` was posted (or is no longer
    /// wanted): out of the outbox.
    pub async fn posted(self, game_id: i64, version: i64) -> Result<(), SessionError> {
        Ok(self.store().clear_post(game_id, version).await?)
    }
}

/// A change that lost the race to another request is no change (`None`): AI turns and the
/// turn clock simply stop there.
pub(super) fn unless_moved<T>(result: Result<T, SessionError>) -> Result<Option<T>, SessionError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(SessionError::Moved) => Ok(None),
        Err(e) => Err(e),
    }
}
