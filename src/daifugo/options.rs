//! Game options of Prime Daifugo: the advanced cards (§1), the hand limit (§4) and the
//! match length (§5). Every field has a default so stored games stay readable.

use serde::{Deserialize, Serialize};

/// Cards dealt to each player (§2).
pub const DEAL: usize = 10;
/// Players at the table (§2).
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 3;
/// §5: games needed to win a match, default and allowed range.
pub const DEFAULT_GAMES_TO_WIN: u8 = 2;
pub const MAX_GAMES_TO_WIN: u8 = 5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Advanced: the two [0] cards.
    pub zero: bool,
    /// Advanced: the two [5/9] cards.
    pub five_nine: bool,
    /// Advanced: the two [4/6/8] cards.
    pub four_six_eight: bool,
    /// Advanced: the two SKIP cards (exactly 3 players).
    pub skip: bool,
    /// §4: a player holding this many cards cannot draw (Draw 2 included). `None`: no limit.
    pub hand_limit: Option<u8>,
    /// §5: the first player to win this many games wins the match (1–5).
    pub games_to_win: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            zero: false,
            five_nine: false,
            four_six_eight: false,
            skip: false,
            hand_limit: None,
            games_to_win: DEFAULT_GAMES_TO_WIN,
        }
    }
}

impl Options {
    /// Every advanced card that fits the table (SKIP only with 3 players).
    pub fn advanced(players: usize) -> Options {
        Options {
            zero: true,
            five_nine: true,
            four_six_eight: true,
            skip: players == 3,
            ..Options::default()
        }
    }

    /// Read options written as words, e.g. `advanced`, `zero,skip`, `hand-limit`,
    /// `hand-limit=15`, `games=3`, `basic`. The message names the bad word.
    pub fn parse_words(text: &str) -> Result<Options, String> {
        let mut o = Options::default();
        for word in text
            .split([',', ' ', '+'])
            .map(str::trim)
            .filter(|w| !w.is_empty())
        {
            let lower = word.to_ascii_lowercase().replace('_', "-");
            let (name, arg) = match lower.split_once('=') {
                Some((n, a)) => (n.to_string(), Some(a.to_string())),
                None => (lower.clone(), None),
            };
            let number = |what: &str| -> Result<u8, String> {
                arg.as_deref()
                    .and_then(|a| a.parse::<u8>().ok())
                    .ok_or_else(|| format!("`{word}`: write {what}"))
            };
            match (name.as_str(), &arg) {
                ("basic" | "standard", None) => {}
                ("advanced", None) => {
                    o.zero = true;
                    o.five_nine = true;
                    o.four_six_eight = true;
                }
                ("zero" | "0", None) => o.zero = true,
                ("5/9" | "five-nine", None) => o.five_nine = true,
                ("4/6/8" | "four-six-eight", None) => o.four_six_eight = true,
                ("skip", None) => o.skip = true,
                ("hand-limit" | "limit", None) => o.hand_limit = Some(13),
                ("hand-limit" | "limit", Some(_)) => {
                    o.hand_limit = Some(number("the limit, like hand-limit=13")?)
                }
                ("games", Some(_)) => o.games_to_win = number("the games to win, like games=3")?,
                _ => {
                    return Err(format!(
                        "`{word}` is not a Prime Daifugo option: choose from basic, advanced, zero, 5/9, 4/6/8, skip, hand-limit[=N], games=N"
                    ))
                }
            }
        }
        Ok(o)
    }

    /// Check the options before a game starts; the message says what to change.
    pub fn validate(&self, players: usize) -> Result<(), String> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "Prime Daifugo needs {MIN_PLAYERS} or {MAX_PLAYERS} players, not {players}"
            ));
        }
        if self.skip && players != 3 {
            return Err("SKIP cards are only used with exactly 3 players".into());
        }
        if !(1..=MAX_GAMES_TO_WIN).contains(&self.games_to_win) {
            return Err(format!(
                "a match is won at 1 to {MAX_GAMES_TO_WIN} games, not {}",
                self.games_to_win
            ));
        }
        if let Some(limit) = self.hand_limit {
            // Ruling: a limit below the deal would stop play before it starts.
            if usize::from(limit) < DEAL {
                return Err(format!(
                    "the hand limit must be at least {DEAL} (the deal), not {limit}"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_from_words() {
        let o = Options::parse_words("advanced, skip games=3").unwrap();
        assert!(o.zero && o.five_nine && o.four_six_eight && o.skip);
        assert_eq!(o.games_to_win, 3);
        assert_eq!(
            Options::parse_words("hand-limit").unwrap().hand_limit,
            Some(13)
        );
        assert_eq!(Options::parse_words("").unwrap(), Options::default());
        assert!(Options::parse_words("games=x")
            .unwrap_err()
            .contains("games=3"));
        assert!(Options::parse_words("turbo")
            .unwrap_err()
            .starts_with("`turbo`"));
    }
}
