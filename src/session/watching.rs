//! Watching a game from the web: the links that open a game's page, and what the page
//! shows (ARCHITECTURE.md: the web is a third front on the same use cases).
//!
//! A link is a capability: it names one game and when it stops working, signed with the
//! bot's key (HMAC-SHA-256), so nobody can make one for another game or stretch its
//! life, and nothing about it needs storing. The key is the same in every process of a
//! bot (it comes from the configuration), so any process serves any link.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::core::{same_kind, Watching};
use super::error::SessionError;
use super::views::{ClimbView, DaifugoView, GameInfo};
use crate::render::replay::ReplayFrame;
use crate::store::{GameKind, Place, Store};

/// The key links are signed with: 32 bytes, the same in every process of a bot.
#[derive(Clone)]
pub struct LinkKey([u8; 32]);

impl LinkKey {
    /// The key made from a secret (any length; a long random one).
    pub fn from_secret(secret: &[u8]) -> LinkKey {
        let mut mac = Hmac::<Sha256>::new_from_slice(b"primeclimb web links")
            .expect("HMAC takes a key of any length");
        mac.update(secret);
        LinkKey(mac.finalize().into_bytes().into())
    }

    fn mac(&self, game_id: i64, expires_at: i64) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(format!("game:{game_id}:{expires_at}").as_bytes());
        mac
    }

    /// The token of a link to game `game_id` that works until `expires_at` (ms since the
    /// epoch): `<game>.<expiry>.<signature>`.
    pub fn sign(&self, game_id: i64, expires_at: i64) -> String {
        let signature = self.mac(game_id, expires_at).finalize().into_bytes();
        format!(
            "{game_id}.{expires_at}.{}",
            URL_SAFE_NO_PAD.encode(signature)
        )
    }

    /// The game a token opens at `now`, or why it opens none.
    pub fn open(&self, token: &str, now: i64) -> Result<i64, LinkRefusal> {
        let mut parts = token.splitn(3, '.');
        let (Some(game), Some(expiry), Some(signature)) =
            (parts.next(), parts.next(), parts.next())
        else {
            return Err(LinkRefusal::Unknown);
        };
        let (Ok(game_id), Ok(expires_at)) = (game.parse::<i64>(), expiry.parse::<i64>()) else {
            return Err(LinkRefusal::Unknown);
        };
        let Ok(signature) = URL_SAFE_NO_PAD.decode(signature) else {
            return Err(LinkRefusal::Unknown);
        };
        // Compared in constant time by the MAC itself.
        if self
            .mac(game_id, expires_at)
            .verify_slice(&signature)
            .is_err()
        {
            return Err(LinkRefusal::Unknown);
        }
        if now >= expires_at {
            return Err(LinkRefusal::Expired);
        }
        Ok(game_id)
    }
}

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(…)")
    }
}

/// Why a link opens nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkRefusal {
    /// Not a link this bot made (mistyped, cut short, forged, or made with another key).
    #[error("this link is not one of ours")]
    Unknown,
    #[error("this link has expired")]
    Expired,
}

/// Where a game's page is, under the pages' public address: `/game/<token>`.
pub const GAME_PATH: &str = "/game/";

/// How the bot makes links: its key, how long a link works, and the address people
/// reach its pages at.
#[derive(Clone, Debug)]
pub struct LinkPlan {
    pub key: LinkKey,
    pub lifetime_ms: i64,
    pub public_url: String,
}

/// A link to the game of a place.
#[derive(Clone, Debug)]
pub struct WatchLink {
    pub game_id: i64,
    pub kind: GameKind,
    /// The page's whole address.
    pub url: String,
    /// How many days it works.
    pub days: i64,
}

/// A game as its web page shows it: the game now, and for Prime Climb the board after
/// each turn (the story, which the page steps back through).
#[derive(Clone, Debug)]
pub enum Watched {
    Climb {
        view: Box<ClimbView>,
        turns: Vec<ReplayFrame>,
    },
    Daifugo(Box<DaifugoView>),
}

impl Watched {
    pub fn info(&self) -> &GameInfo {
        match self {
            Watched::Climb { view, .. } => &view.info,
            Watched::Daifugo(view) => &view.info,
        }
    }
}

impl<S: Store> Watching<'_, S> {
    /// `/climb watch`: a link to the newest game of `place` (the open one, or the one just
    /// finished), made as `plan` says.
    pub async fn link(self, place: Place, plan: &LinkPlan) -> Result<WatchLink, SessionError> {
        let row = self
            .store()
            .latest_game(place)
            .await?
            .ok_or(SessionError::NoGame)?;
        if row.state.is_none() {
            return Err(SessionError::NotStarted);
        }
        let lifetime = plan.lifetime_ms.max(1);
        let token = plan.key.sign(row.id, self.now().saturating_add(lifetime));
        Ok(WatchLink {
            game_id: row.id,
            kind: row.kind,
            url: format!("{}{GAME_PATH}{token}", plan.public_url),
            days: (lifetime + 86_399_999) / 86_400_000,
        })
    }

    /// A game's page: the game as it stands, and its turns.
    pub async fn page(self, game_id: i64) -> Result<Watched, SessionError> {
        let row = self
            .store()
            .game(game_id)
            .await?
            .ok_or(SessionError::NoGame)?;
        if row.state.is_none() {
            return Err(SessionError::NotStarted);
        }
        match row.kind {
            GameKind::Climb => {
                let turns = self.frames_of(&row).await?;
                let view = self.view_of(row).await?;
                Ok(Watched::Climb {
                    view: Box::new(view),
                    turns,
                })
            }
            GameKind::Daifugo => {
                same_kind(&row, GameKind::Daifugo)?;
                let game = super::daifugo_play::daifugo_state(&row)?;
                Ok(Watched::Daifugo(Box::new(DaifugoView::new(
                    GameInfo::of_row(&row)?,
                    game,
                    Vec::new(),
                    None,
                ))))
            }
        }
    }

    /// How many changes game `game_id` has had (what a live page waits on to change);
    /// `None` when there is no such game.
    pub async fn version(self, game_id: i64) -> Result<Option<i64>, SessionError> {
        Ok(self.store().game(game_id).await?.map(|row| row.version))
    }
}
