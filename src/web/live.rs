//! Live pages: each game followed by at least one page has one watcher here, which reads
//! the game's version from the database a few times a second and tells every page of the
//! game when it changes. Reading the database (not this process's own moves) is what
//! makes a move made through another bot process, or by an AI anywhere, reach the page;
//! one watcher a game, not a page, keeps hundreds of pages cheap.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::session::Session;

/// How often a followed game's version is read.
pub const POLL: Duration = Duration::from_millis(250);
/// The most pages one link may have following its game at once.
pub const MAX_PER_LINK: usize = 64;

/// Not read yet.
const UNKNOWN: i64 = -1;

pub struct Live {
    session: Session,
    /// Each followed game's watcher: the version it last read.
    games: Mutex<HashMap<i64, watch::Sender<i64>>>,
    /// How many pages each link has open.
    per_link: Mutex<HashMap<String, usize>>,
}

/// One page following a game.
pub struct Follower {
    versions: watch::Receiver<i64>,
    /// The version told last.
    told: i64,
    live: Arc<Live>,
    token: String,
}

impl Follower {
    /// The game's version when it differs from the one told last (at once for the first:
    /// the page compares it with its own), `None` once the watcher is gone.
    pub async fn next(&mut self) -> Option<i64> {
        loop {
            let now = *self.versions.borrow_and_update();
            if now != UNKNOWN && now != self.told {
                self.told = now;
                return Some(now);
            }
            self.versions.changed().await.ok()?;
        }
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        let mut per_link = self.live.per_link.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = per_link.get_mut(&self.token) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                per_link.remove(&self.token);
            }
        }
    }
}

impl Live {
    pub fn new(session: Session) -> Arc<Live> {
        Arc::new(Live {
            session,
            games: Mutex::new(HashMap::new()),
            per_link: Mutex::new(HashMap::new()),
        })
    }

    /// A page of link `token` following game `game_id`; `None` when that link has too
    /// many open already.
    pub fn follow(self: &Arc<Self>, game_id: i64, token: &str) -> Option<Follower> {
        {
            let mut per_link = self.per_link.lock().unwrap_or_else(|e| e.into_inner());
            let n = per_link.entry(token.to_string()).or_insert(0);
            if *n >= MAX_PER_LINK {
                return None;
            }
            *n += 1;
        }
        let versions = {
            let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
            match games.get(&game_id) {
                Some(sender) => sender.subscribe(),
                None => {
                    let (sender, receiver) = watch::channel(UNKNOWN);
                    games.insert(game_id, sender.clone());
                    tokio::spawn(Arc::clone(self).watch(game_id, sender));
                    receiver
                }
            }
        };
        Some(Follower {
            versions,
            told: UNKNOWN,
            live: Arc::clone(self),
            token: token.to_string(),
        })
    }

    /// Read the game's version while any page follows it.
    async fn watch(self: Arc<Self>, game_id: i64, sender: watch::Sender<i64>) {
        loop {
            {
                // Checked under the lock `follow` subscribes under: no page is left with
                // a watcher that stopped.
                let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
                if sender.receiver_count() == 0 {
                    games.remove(&game_id);
                    return;
                }
            }
            // A read that fails (the database away) is tried again at the next tick.
            if let Ok(Some(version)) = self.session.watching().version(game_id).await {
                sender.send_if_modified(|v| {
                    let changed = *v != version;
                    *v = version;
                    changed
                });
            }
            tokio::time::sleep(POLL).await;
        }
    }
}
