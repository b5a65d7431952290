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

/// Options that cannot make a match, with what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("Prime Daifugo needs {MIN_PLAYERS} or {MAX_PLAYERS} players, not {0}")]
    PlayerCount(usize),
    #[error("SKIP cards are only used with exactly 3 players")]
    SkipNeedsThree,
    #[error("a match is won at 1 to {MAX_GAMES_TO_WIN} games, not {0}")]
    GamesToWin(u8),
    #[error("the hand limit must be at least {DEAL} (the deal), not {0}")]
    HandLimit(u8),
}

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

    /// Check the options before a game starts; the message says what to change.
    pub fn validate(&self, players: usize) -> Result<(), OptionsError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(OptionsError::PlayerCount(players));
        }
        if self.skip && players != 3 {
            return Err(OptionsError::SkipNeedsThree);
        }
        if !(1..=MAX_GAMES_TO_WIN).contains(&self.games_to_win) {
            return Err(OptionsError::GamesToWin(self.games_to_win));
        }
        if let Some(limit) = self.hand_limit {
            // Ruling: a limit below the deal would stop play before it starts.
            if usize::from(limit) < DEAL {
                return Err(OptionsError::HandLimit(limit));
            }
        }
        Ok(())
    }
}
