//! The languages the product speaks, and how one is picked: the terminal's `--lang`, a
//! Discord user's locale, else the server's, else English.

/// A language with every text of `src/text/`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language for a locale (`en-US`, `en-GB`, `fr`, `fr_CA`), if it is one of ours.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_']).next().unwrap_or("");
        match primary.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The user's locale when we speak it, else the server's, else English.
    pub fn pick(user_locale: Option<&str>, guild_locale: Option<&str>) -> Lang {
        user_locale
            .and_then(Lang::from_locale)
            .or_else(|| guild_locale.and_then(Lang::from_locale))
            .unwrap_or(Lang::En)
    }

    /// The short code (`en`, `fr`), as stored with a game.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
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
        for lang in Lang::ALL {
            assert_eq!(Lang::from_locale(lang.code()), Some(lang));
        }
    }
}
