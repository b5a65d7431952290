//! What a command, a click or a typed line answers, as plain values: the post for the
//! asker (a [`Draft`], its picture still to draw), how it is shown, and what follows
//! whatever becomes of it (posts in the game's place, the AI seats' turns, notices, the
//! end announced). A front delivers it its own way (the bot: `discord::reply`).

use super::{Draft, Post};
use crate::session::{ClickAsk, Notice, Place};

/// How an answer is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A new message everyone in the channel sees.
    Public,
    /// A message only the asker sees.
    Private,
    /// The clicked message, changed in place (a lobby).
    Update,
}

/// What a command or click answers, and what the game needs next.
pub struct Answer {
    pub post: Draft,
    pub shown: Shown,
    /// The request changed a game in this channel: if the answer cannot be given (Discord
    /// refuses the reply), the post goes to the channel instead, headed by this note.
    pub saved: Option<(Place, String)>,
    /// A private message sent after a delivered answer (a Prime Daifugo hand).
    pub private_followup: Option<Draft>,
    /// Messages posted in a channel after the answer, whatever became of it (the first
    /// board after a lobby's Start).
    pub channel_posts: Vec<(Place, Draft)>,
    /// The AI seats of this game play next, whatever became of the answer.
    pub ai: Option<Place>,
    /// A game that may have just ended: if it was played in a thread, its end is
    /// announced in the thread's channel (the bot's `threads::announce_end`).
    pub ended: Option<i64>,
    /// Messages (channel, message) whose buttons go after the answer (a result's Rematch
    /// button once the rematch has started).
    pub strip: Vec<(i64, i64)>,
    /// Direct messages the use case decided and claimed (a turn notice), sent after the
    /// answer with a link to it. When set, the post's own game needs no other look.
    pub notices: Option<Vec<Notice>>,
}

impl Answer {
    pub fn new(post: impl Into<Draft>, shown: Shown) -> Answer {
        Answer {
            post: post.into(),
            shown,
            saved: None,
            private_followup: None,
            channel_posts: Vec::new(),
            ai: None,
            ended: None,
            strip: Vec::new(),
            notices: None,
        }
    }

    /// A message everyone sees.
    pub fn public(post: impl Into<Draft>) -> Answer {
        Answer::new(post, Shown::Public)
    }

    /// A message only the asker sees.
    pub fn private(text: impl Into<String>) -> Answer {
        Answer::new(Post::text(text), Shown::Private)
    }

    /// The answer to a change that was saved in `place` (see [`Answer::saved`]).
    pub fn saved(mut self, place: Place, note: String) -> Answer {
        self.saved = Some((place, note));
        self
    }

    /// After the answer, announce the end of game `game_id` if it is over and was played
    /// in a thread.
    pub fn then_announce(mut self, game_id: i64, over: bool) -> Answer {
        if over {
            self.ended = Some(game_id);
        }
        self
    }

    /// After the answer, send the direct messages the use case decided.
    pub fn then_notify(mut self, notices: Vec<Notice>) -> Answer {
        self.notices = Some(notices);
        self
    }

    /// Let the AI seats of `place` play after the answer.
    pub fn then_ai(mut self, place: Place, ai_to_move: bool) -> Answer {
        if ai_to_move {
            self.ai = Some(place);
        }
        self
    }
}

impl Shown {
    /// How the answer to a click is most likely shown (for a front that must say before
    /// it is ready): a change of a game to everyone, what only concerns the clicker to
    /// them, a lobby or a board's buttons in place.
    pub fn expected(ask: &ClickAsk) -> Shown {
        match ask {
            ClickAsk::Climb { .. } | ClickAsk::Daifugo { .. } | ClickAsk::Rematch { .. } => {
                Shown::Public
            }
            ClickAsk::ClimbHint { .. } | ClickAsk::ClimbMoves { .. } | ClickAsk::Hand { .. } => {
                Shown::Private
            }
            ClickAsk::ClimbPawn { .. } | ClickAsk::Lobby { .. } => Shown::Update,
        }
    }
}
