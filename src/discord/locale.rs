//! The languages the bot speaks and how one is picked for a reply: the user's Discord
//! locale, else the guild's, else English.

/// A language the bot has texts for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Fr,
}

impl Lang {
    /// The language for a Discord locale (`en-US`, `en-GB`, `fr`), if the bot speaks it.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_']).next().unwrap_or("");
        match primary.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The user's locale when the bot speaks it, else the guild's, else English.
    pub fn pick(user_locale: Option<&str>, guild_locale: Option<&str>) -> Lang {
        user_locale
            .and_then(Lang::from_locale)
            .or_else(|| guild_locale.and_then(Lang::from_locale))
            .unwrap_or(Lang::En)
    }

    /// Choose between the English and the French text.
    pub fn text<'a>(self, en: &'a str, fr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_users_locale_comes_first_then_the_guilds_then_english() {
        assert_eq!(Lang::pick(Some("fr"), Some("en-US")), Lang::Fr);
        assert_eq!(Lang::pick(Some("en-GB"), Some("fr")), Lang::En);
        assert_eq!(Lang::pick(Some("de"), Some("fr")), Lang::Fr);
        assert_eq!(Lang::pick(Some("de"), Some("ja")), Lang::En);
        assert_eq!(Lang::pick(None, None), Lang::En);
    }
}
