//! Who is asking, where, and in which language: read once from a slash command or a
//! component click, then turned into the session's `Actor` and `Place`.

use super::snowflake::id;
use poise::serenity_prelude as serenity;

use super::types::{Data, Error};
use crate::lang::Lang;
use crate::session::{Actor, Place, Room};
use crate::text;

/// The person behind an interaction.
#[derive(Clone, Debug)]
pub struct Caller {
    pub user_id: u64,
    /// Server nickname, else display name, else user name.
    pub name: String,
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    /// The member's permissions in the channel (sent with every interaction in a server).
    pub permissions: Option<serenity::Permissions>,
    pub roles: Vec<u64>,
    pub locale: Option<String>,
    pub guild_locale: Option<String>,
    /// What the bot itself may do in the channel (sent with every interaction).
    pub app_permissions: Option<serenity::Permissions>,
    /// The kind of channel the interaction came from (a thread is one already).
    pub channel_kind: Option<serenity::ChannelType>,
}

pub fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// The caller of an interaction: a command and a click carry the same fields.
macro_rules! caller_of {
    ($i:expr) => {{
        let i = $i;
        let member: Option<&serenity::Member> = i.member.as_ref().map(std::borrow::Borrow::borrow);
        Caller {
            user_id: i.user.id.get(),
            name: display_name(&i.user, member),
            guild_id: i.guild_id.map(|g| g.get()),
            channel_id: i.channel_id.get(),
            permissions: member.and_then(|m| m.permissions),
            roles: member
                .map(|m| m.roles.iter().map(|r| r.get()).collect())
                .unwrap_or_default(),
            locale: Some(i.locale.clone()),
            guild_locale: i.guild_locale.clone(),
            app_permissions: i.app_permissions,
            channel_kind: i.channel.as_ref().map(|c| c.kind),
        }
    }};
}

impl Caller {
    pub fn from_command(ctx: poise::ApplicationContext<'_, Data, Error>) -> Caller {
        caller_of!(ctx.interaction)
    }

    pub fn from_component(click: &serenity::ComponentInteraction) -> Caller {
        caller_of!(click)
    }

    /// The reply's language: the user's locale, else the server's, else English.
    pub fn lang(&self) -> Lang {
        Lang::pick(self.locale.as_deref(), self.guild_locale.as_deref())
    }

    /// The language of a new game's public messages: the server's, else the creator's.
    pub fn game_lang(&self) -> Lang {
        Lang::pick(self.guild_locale.as_deref(), self.locale.as_deref())
    }

    /// The server and channel, or a message saying games are played in server channels.
    pub fn place(&self) -> Result<Place, String> {
        match self.guild_id {
            Some(guild) => Ok(Place {
                guild_id: id(guild),
                channel_id: id(self.channel_id),
            }),
            None => Err(text::bot::not_in_dm(self.lang()).into()),
        }
    }

    /// Whether a new game asked for here can have a thread of its own: the channel is a
    /// thread already, or the bot may open threads in it.
    pub fn room(&self) -> Room {
        use serenity::ChannelType::{NewsThread, PrivateThread, PublicThread};
        if matches!(
            self.channel_kind,
            Some(PublicThread | PrivateThread | NewsThread)
        ) {
            Room::AlreadyApart
        } else if self.may_open_threads() {
            Room::Possible
        } else {
            Room::NotAllowed
        }
    }

    /// Whether the bot may open threads where the interaction came from.
    pub fn may_open_threads(&self) -> bool {
        self.app_permissions
            .is_some_and(|p| p.contains(super::threads::THREAD_PERMISSIONS))
    }

    /// The session's seat of this caller, as the database stores users.
    pub fn user(&self) -> i64 {
        id(self.user_id)
    }

    /// The session's actor: a moderator has Manage Server or Manage Messages (or is an
    /// administrator); their roles go with them, so a use case that needs a moderator can
    /// tell whether they hold the server's teacher role.
    pub fn actor(&self) -> Actor {
        use serenity::Permissions as P;
        let moderator = P::MANAGE_GUILD | P::MANAGE_MESSAGES | P::ADMINISTRATOR;
        Actor {
            user_id: Some(id(self.user_id)),
            name: self.name.clone(),
            moderator: self.permissions.is_some_and(|p| p.intersects(moderator)),
            roles: self.roles.iter().map(|r| id(*r)).collect(),
        }
    }
}
