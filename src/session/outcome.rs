//! What follows a change of a game, decided here rather than by each front: who the
//! game's new turn message pings and how (each person's `/notify` and quiet hours), the
//! direct messages owed (the next player's turn notice, claimed so it goes once), and the
//! work it sets going (AI seats to play, an end to announce). A front only turns it into
//! messages and delivers them.

use std::ops::Deref;

use super::people::{NotifyHow, Pings};
use super::{ClimbView, DaifugoView, GameInfo, GameView, Session, SessionError};
use crate::lang::Lang;
use crate::render::Look;
use crate::store::{Store, StoreTx, UserSettings};

/// A direct message owed to a person: it is their turn in a game (they asked for direct
/// messages with `/notify`). Claimed already: it is sent once, whatever the process.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub user_id: i64,
    pub game: GameInfo,
    /// The language of their direct messages: theirs if known, else the game's.
    pub lang: Lang,
    /// They are in their quiet hours: sent without a notification.
    pub silent: bool,
    /// The message to link to (channel, message); `None`: the turn message of the change
    /// this notice follows (the front links to it once posted), else the game's channel.
    pub link: Option<(i64, i64)>,
}

/// A change of a game and everything that follows from it.
#[derive(Clone, Debug)]
pub struct Changed<V> {
    /// The game after the change.
    pub view: V,
    /// Who the game's turn message pings, and whether it goes silently.
    pub pings: Pings,
    /// Direct messages owed now.
    pub notices: Vec<Notice>,
    /// An AI seat moves next: the game's AI runner plays it.
    pub ai_next: bool,
    /// The change ended the game: its end is announced where the game was listed.
    pub ended: bool,
    /// How the asker likes their private pictures drawn, when the change leaves them
    /// something private to see (their Prime Daifugo hand, still their turn).
    pub asker_look: Option<Look>,
}

impl<V> Deref for Changed<V> {
    type Target = V;

    fn deref(&self) -> &V {
        &self.view
    }
}

impl<V> Changed<V> {
    /// The same outcome around another form of the view (a game's view as either game).
    pub fn map<W>(self, f: impl FnOnce(V) -> W) -> Changed<W> {
        Changed {
            view: f(self.view),
            pings: self.pings,
            notices: self.notices,
            ai_next: self.ai_next,
            ended: self.ended,
            asker_look: self.asker_look,
        }
    }
}

/// The language of a person's direct messages: theirs if known, else `fallback`.
pub fn lang_of(u: &UserSettings, fallback: Lang) -> Lang {
    u.lang
        .as_deref()
        .and_then(Lang::from_locale)
        .unwrap_or(fallback)
}

impl<S: Store> Session<S> {
    /// Everything that follows a change that left `info`'s game with `to_move` to play
    /// (`over`: it ended; `ai_next`: an AI seat plays next). A person's settings that
    /// cannot be read now (the database away) count as the defaults: a ping.
    pub(super) async fn follow<V>(
        &self,
        view: V,
        info: &GameInfo,
        to_move: usize,
        over: bool,
        ai_next: bool,
    ) -> Changed<V> {
        let mut changed = Changed {
            view,
            pings: Pings::default(),
            notices: Vec::new(),
            ai_next,
            ended: over,
            asker_look: None,
        };
        let Some(user) = (!over).then(|| info.user_of(to_move)).flatten() else {
            return changed;
        };
        let wishes = self.wishes(user).await;
        match wishes.how {
            NotifyHow::Ping => changed.pings = wishes.ping(),
            NotifyHow::Dm => {
                // Claimed now, so the turn clock does not send it a second time; if the
                // claim cannot be made (the database away), the clock sends it later.
                if let Some(turn) = info.turn_started_at {
                    if let Ok(true) = self.claim_turn_notice(info.id, turn).await {
                        changed.notices.push(Notice {
                            user_id: user,
                            game: info.clone(),
                            lang: lang_of(&wishes.settings, info.lang),
                            silent: wishes.silent,
                            link: None,
                        });
                    }
                }
            }
            NotifyHow::None => {}
        }
        changed
    }

    /// What follows a change of a Prime Climb game.
    pub(super) async fn changed_climb(&self, view: ClimbView) -> Changed<ClimbView> {
        let info = view.info.clone();
        let to_move = view.game.current();
        let over = view.is_over();
        let ai_next = view.ai_to_move();
        self.follow(view, &info, to_move, over, ai_next).await
    }

    /// What follows a change of a Prime Daifugo match.
    pub(super) async fn changed_daifugo(&self, view: DaifugoView) -> Changed<DaifugoView> {
        let info = view.info.clone();
        let to_move = view.game.current();
        let over = view.is_over();
        let ai_next = view.ai_to_move();
        self.follow(view, &info, to_move, over, ai_next).await
    }

    /// What follows a change of either game.
    pub async fn changed(&self, view: GameView) -> Changed<GameView> {
        let info = view.info().clone();
        let (to_move, over, ai_next) = (view.to_move(), view.is_over(), view.ai_to_move());
        self.follow(view, &info, to_move, over, ai_next).await
    }

    /// Claim the direct message for the turn of game `game_id` that began at `turn`:
    /// true once, for whoever claims it first.
    pub(super) async fn claim_turn_notice(
        &self,
        game_id: i64,
        turn: i64,
    ) -> Result<bool, SessionError> {
        let mut tx = self.store().begin().await?;
        let claimed = tx.claim_turn_notice(game_id, turn).await?;
        tx.commit().await?;
        Ok(claimed)
    }
}

/// A front that delivers changes made through another front: a move made on the web's
/// Activity is posted on Discord as if made there (the turn message, its pings and
/// notices, the AI seats playing next). Given to the web by whoever runs both.
pub trait Deliver: Send + Sync {
    fn changed(
        &self,
        changed: Changed<super::GameView>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + '_>>;
}
