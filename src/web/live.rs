//! Live pages: each game (or class) followed by at least one page has one watcher here,
//! which reads its version from the database a few times a second and tells every page
//! following it when it changes. Reading the database (not this process's own moves) is what
//! makes a move made through another bot process, or by an AI anywhere, reach the page;
//! one watcher a game, not a page, keeps hundreds of pages cheap.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;

use crate::session::{Scope, Session};

/// How often a followed game's version is read.
pub const POLL: Duration = Duration::from_millis(250);
/// The most pages one link may have following its game at once.
pub const MAX_PER_LINK: usize = 200;

/// Not read yet.
const UNKNOWN: i64 = -1;

pub struct Live {
    session: Session,
    /// Each followed game's (or class's) watcher: the version it last read.
    games: Mutex<HashMap<Subject, watch::Sender<i64>>>,
    /// How many pages each link has open.
    per_link: Mutex<HashMap<String, usize>>,
    /// Set when the server shuts down: every live stream ends, so the pages reconnect
    /// to whichever process serves them next.
    closing: watch::Receiver<bool>,
}

/// One page following a game.
pub struct Follower {
    versions: watch::Receiver<i64>,
    closing: watch::Receiver<bool>,
    /// The version told last.
    told: i64,
    live: Arc<Live>,
    token: String,
}

impl Follower {
    /// The version when it differs from the one told last (at once for the first: the
    /// page compares it with its own); `None` once the server is shutting down.
    pub async fn next(&mut self) -> Option<i64> {
        loop {
            if *self.closing.borrow() {
                return None;
            }
            let now = *self.versions.borrow_and_update();
            if now != UNKNOWN && now != self.told {
                self.told = now;
                return Some(now);
            }
            tokio::select! {
                changed = self.versions.changed() => changed.ok()?,
                _ = self.closing.changed() => {}
            }
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

/// What a page follows: a game, or a class (a channel's or a server's open games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    Game(i64),
    Class { guild: i64, channel: Option<i64> },
}

impl Subject {
    /// What a link's page follows live (a season's page is read again instead).
    pub fn of(scope: Scope) -> Option<Subject> {
        match scope {
            Scope::Game(id) => Some(Subject::Game(id)),
            Scope::Class { guild, channel, .. } => Some(Subject::Class { guild, channel }),
            Scope::Season { .. } => None,
        }
    }

    /// Its version now, if it can be read.
    async fn version(self, session: &Session) -> Option<i64> {
        let watching = session.watching();
        match self {
            Subject::Game(id) => watching.version(id).await.ok().flatten(),
            Subject::Class { guild, channel } => watching.class_version(guild, channel).await.ok(),
        }
    }
}

impl Live {
    pub fn new(session: Session, closing: watch::Receiver<bool>) -> Arc<Live> {
        Arc::new(Live {
            session,
            games: Mutex::new(HashMap::new()),
            per_link: Mutex::new(HashMap::new()),
            closing,
        })
    }

    /// A page of link `token` following `subject`; `None` when that link has too many
    /// open already.
    pub fn follow(self: &Arc<Self>, subject: Subject, token: &str) -> Option<Follower> {
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
            match games.get(&subject) {
                Some(sender) => sender.subscribe(),
                None => {
                    let (sender, receiver) = watch::channel(UNKNOWN);
                    games.insert(subject, sender.clone());
                    tokio::spawn(Arc::clone(self).watch(subject, sender));
                    receiver
                }
            }
        };
        Some(Follower {
            versions,
            closing: self.closing.clone(),
            told: UNKNOWN,
            live: Arc::clone(self),
            token: token.to_string(),
        })
    }

    /// Read the subject's version while any page follows it.
    async fn watch(self: Arc<Self>, subject: Subject, sender: watch::Sender<i64>) {
        loop {
            {
                // Checked under the lock `follow` subscribes under: no page is left with
                // a watcher that stopped.
                let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
                if sender.receiver_count() == 0 {
                    games.remove(&subject);
                    return;
                }
            }
            // A read that fails (the database away) is tried again at the next tick.
            if let Some(version) = subject.version(&self.session).await {
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
