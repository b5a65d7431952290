//! The options of one slash command as its handler reads them.

use poise::serenity_prelude as serenity;
use serenity::{ResolvedOption, ResolvedValue};

use crate::session::GameKind;

/// The games of the `game` options, in the table's order.
pub const GAMES: [GameKind; 2] = [GameKind::Climb, GameKind::Daifugo];

/// The options of one invocation, by their English names. An option that is missing or
/// of another type than the table says reads as absent.
pub struct Args<'a>(pub &'a [ResolvedOption<'a>]);

impl<'a> Args<'a> {
    fn value(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    pub fn text(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            ResolvedValue::String(s) => Some(s.to_string()),
            _ => None,
        }
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            ResolvedValue::Integer(n) => Some(*n),
            _ => None,
        }
    }

    pub fn flag(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            ResolvedValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    /// The item of `items` at the place of the chosen choice.
    pub fn pick<T: Copy>(&self, name: &str, items: &[T]) -> Option<T> {
        let i = usize::try_from(self.int(name)?).ok()?;
        items.get(i).copied()
    }

    pub fn user(&self, name: &str) -> Option<serenity::User> {
        match self.value(name)? {
            ResolvedValue::User(u, _) => Some((*u).clone()),
            _ => None,
        }
    }

    pub fn role(&self, name: &str) -> Option<serenity::Role> {
        match self.value(name)? {
            ResolvedValue::Role(r) => Some((*r).clone()),
            _ => None,
        }
    }

    pub fn channel(&self, name: &str) -> Option<serenity::ChannelId> {
        match self.value(name)? {
            ResolvedValue::Channel(c) => Some(c.id),
            _ => None,
        }
    }
}
