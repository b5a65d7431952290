//! Discord ids, one way each: a snowflake as the database stores it (an `i64`; they fit),
//! and back as the typed id Discord's client wants (never 0, which it refuses).

use poise::serenity_prelude as serenity;

/// A Discord snowflake as the database stores it.
pub fn id(snowflake: u64) -> i64 {
    i64::try_from(snowflake).unwrap_or(i64::MAX)
}

/// A stored id as a snowflake (1 for one no snowflake can be: Discord answers 404).
fn snowflake(id: i64) -> u64 {
    u64::try_from(id).unwrap_or(1).max(1)
}

pub fn channel(id: i64) -> serenity::ChannelId {
    serenity::ChannelId::new(snowflake(id))
}

pub fn user(id: i64) -> serenity::UserId {
    serenity::UserId::new(snowflake(id))
}

pub fn message(id: i64) -> serenity::MessageId {
    serenity::MessageId::new(snowflake(id))
}
