//! The web's links: capabilities signed with the bot's key (HMAC-SHA-256). A link names
//! what it shows (a game, a class, a server's standings) and when it stops working, so
//! nobody can make one for anything else or stretch its life; a class's or standings'
//! link also names its server's generation of links, which a teacher moves on to
//! withdraw them all (`watching.rs`). The key is the same in every process of a bot (it
//! comes from the configuration), so any process checks any link.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::store::Place;

/// What a link shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// One game.
    Game(i64),
    /// The open games of a channel and its threads (or of the whole server, `channel`
    /// `None`) with the season's standings: a class on one screen. `generation`: of the
    /// server's links when the link was made (`/class view revoke:true` moves it on).
    Class {
        guild: i64,
        channel: Option<i64>,
        generation: i64,
    },
    /// A server's standings for the season (`/leaderboard`'s page), of the server's
    /// `generation` of links too.
    Season { guild: i64, generation: i64 },
}

impl Scope {
    /// As a token says it: `g42`, `c<server>_<channel, 0 for all>_<generation>` or
    /// `s<server>_<generation>`.
    fn word(self) -> String {
        match self {
            Scope::Game(id) => format!("g{id}"),
            Scope::Season { guild, generation } => format!("s{guild}_{generation}"),
            Scope::Class {
                guild,
                channel,
                generation,
            } => format!("c{guild}_{}_{generation}", channel.unwrap_or(0)),
        }
    }

    /// The scope a token's word says; only a word written as [`Scope::word`] writes it.
    fn read(word: &str) -> Option<Scope> {
        let scope = if let Some(id) = word.strip_prefix('g') {
            Scope::Game(id.parse().ok()?)
        } else if let Some(rest) = word.strip_prefix('s') {
            let (guild, generation) = rest.split_once('_')?;
            Scope::Season {
                guild: guild.parse().ok()?,
                generation: generation.parse().ok()?,
            }
        } else {
            let mut parts = word.strip_prefix('c')?.split('_');
            let mut next = || parts.next()?.parse::<i64>().ok();
            let (guild, channel, generation) = (next()?, next()?, next()?);
            Scope::Class {
                guild,
                channel: (channel != 0).then_some(channel),
                generation,
            }
        };
        (scope.word() == word).then_some(scope)
    }
}

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

    /// The MAC of a `kind` of token (`link`, `pass`) for `word` until `expires_at`: each
    /// kind signs its own messages, so a token of one kind opens nothing of another.
    fn mac(&self, kind: &str, word: &str, expires_at: &str) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(format!("{kind}:{word}:{expires_at}").as_bytes());
        mac
    }

    /// `<word>.<expiry>.<signature>`.
    fn seal(&self, kind: &str, word: &str, expires_at: i64) -> String {
        let expiry = expires_at.to_string();
        let signature = self.mac(kind, word, &expiry).finalize().into_bytes();
        format!("{word}.{expiry}.{}", URL_SAFE_NO_PAD.encode(signature))
    }

    /// The word of a `kind` of token this key sealed, if it has not expired at `now`.
    fn unseal<'t>(&self, kind: &str, token: &'t str, now: i64) -> Result<&'t str, LinkRefusal> {
        let mut parts = token.splitn(3, '.');
        let (Some(word), Some(expiry), Some(signature)) =
            (parts.next(), parts.next(), parts.next())
        else {
            return Err(LinkRefusal::Unknown);
        };
        let Ok(signature) = URL_SAFE_NO_PAD.decode(signature) else {
            return Err(LinkRefusal::Unknown);
        };
        // Compared in constant time by the MAC itself.
        if self
            .mac(kind, word, expiry)
            .verify_slice(&signature)
            .is_err()
        {
            return Err(LinkRefusal::Unknown);
        }
        let Ok(expires_at) = expiry.parse::<i64>() else {
            return Err(LinkRefusal::Unknown);
        };
        if now >= expires_at {
            return Err(LinkRefusal::Expired);
        }
        Ok(word)
    }

    /// The token of a link to `scope` that works until `expires_at` (ms since the epoch):
    /// `<scope>.<expiry>.<signature>`.
    pub fn sign(&self, scope: Scope, expires_at: i64) -> String {
        self.seal("link", &scope.word(), expires_at)
    }

    /// What a token shows at `now`, or why it shows nothing (a class link's generation
    /// is checked by [`Watching::open`]).
    pub fn open(&self, token: &str, now: i64) -> Result<Scope, LinkRefusal> {
        Scope::read(self.unseal("link", token, now)?).ok_or(LinkRefusal::Unknown)
    }

    /// A pass for Discord user `user`, whom the Activity signed in through Discord's
    /// OAuth2, in the Activity that Discord says runs at `place`, until `expires_at`:
    /// `<user>_<server>_<channel>.<expiry>.<signature>`. A pass opens no page and a link
    /// acts for nobody (each kind signs its own messages).
    pub fn pass(&self, user: i64, place: Place, expires_at: i64) -> String {
        let word = format!("{user}_{}_{}", place.guild_id, place.channel_id);
        self.seal("pass", &word, expires_at)
    }

    /// The user a pass is for, and where, at `now`; or why it is for nobody.
    pub fn open_pass(&self, pass: &str, now: i64) -> Result<(i64, Place), LinkRefusal> {
        let word = self.unseal("pass", pass, now)?;
        let mut parts = word
            .split('_')
            .map(|p| p.parse::<i64>().ok().filter(|n| *n > 0));
        let (Some(Some(user)), Some(Some(guild_id)), Some(Some(channel_id)), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(LinkRefusal::Unknown);
        };
        // Written exactly as the bot writes it, so one signature names one pass.
        if format!("{user}_{guild_id}_{channel_id}") != word {
            return Err(LinkRefusal::Unknown);
        }
        let place = Place {
            guild_id,
            channel_id,
        };
        Ok((user, place))
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
    /// A class's link after its teacher revoked the server's links.
    #[error("this link was withdrawn")]
    Revoked,
}

/// Where a game's page is, under the pages' public address: `/game/<token>`; a class's:
/// `/class/<token>`; a server's standings: `/season/<token>`.
pub const GAME_PATH: &str = "/game/";
pub const CLASS_PATH: &str = "/class/";
pub const SEASON_PATH: &str = "/season/";

/// How the bot makes links: its key, how long a link works, and the address people
/// reach its pages at.
#[derive(Clone, Debug)]
pub struct LinkPlan {
    pub key: LinkKey,
    pub lifetime_ms: i64,
    pub public_url: String,
}

impl LinkPlan {
    /// The link to `scope` made at `now`.
    pub fn link(&self, scope: Scope, now: i64) -> WatchLink {
        let lifetime = self.lifetime_ms.max(1);
        let token = self.key.sign(scope, now.saturating_add(lifetime));
        let path = match scope {
            Scope::Game(_) => GAME_PATH,
            Scope::Class { .. } => CLASS_PATH,
            Scope::Season { .. } => SEASON_PATH,
        };
        WatchLink {
            scope,
            url: format!("{}{path}{token}", self.public_url),
            days: (lifetime + 86_399_999) / 86_400_000,
        }
    }
}

/// A link to a page.
#[derive(Clone, Debug)]
pub struct WatchLink {
    pub scope: Scope,
    /// The page's whole address.
    pub url: String,
    /// How many days it works.
    pub days: i64,
}
