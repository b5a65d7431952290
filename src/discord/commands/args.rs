//! The options of one slash command as its handler reads them.

use poise::serenity_prelude as serenity;
use serenity::{ResolvedOption, ResolvedValue};

use crate::session::GameKind;

/// The games of the `game` options, in the table's order.
pub const GAMES: [GameKind; 2] = [GameKind::Climb, GameKind::Daifugo];

/// The options of one invocation, by their English names. An option that is missing or
/// of another type than the table says reads as absent.
pub struct Args<'a>(pub &'a [ResolvedOption<'a>]);

/// Readers of an option's value, one for each of serenity's kinds a command has:
/// `reader -> type: Kind(fields) => value;`.
macro_rules! read_as {
    ($($fn:ident -> $t:ty: $kind:ident($($v:pat),+) => $value:expr;)*) => {
        $(pub fn $fn(&self, name: &str) -> Option<$t> {
            match self.value(name)? {
                ResolvedValue::$kind($($v),+) => Some($value),
                _ => None,
            }
        })*
    };
}

impl<'a> Args<'a> {
    fn value(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.0.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    read_as! {
        text -> String: String(s) => s.to_string();
        int -> i64: Integer(n) => *n;
        flag -> bool: Boolean(b) => *b;
        user -> serenity::User: User(u, _) => (*u).clone();
        role -> serenity::Role: Role(r) => (*r).clone();
        channel -> serenity::ChannelId: Channel(c) => c.id;
    }

    /// The item of `items` at the place of the chosen choice.
    pub fn pick<T: Copy>(&self, name: &str, items: &[T]) -> Option<T> {
        let i = usize::try_from(self.int(name)?).ok()?;
        items.get(i).copied()
    }
}
