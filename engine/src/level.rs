//! The AI levels, one type for both games: what a lobby offers, what a seat stores
//! (`easy`, `medium`, `hard`), and what each engine's AI plays at.

use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// How strong an AI seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

/// A word that is not an AI level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an AI level (easy, medium or hard)")]
pub struct LevelError(pub String);

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The stored word (`easy`, `medium`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The name of an AI seat at this level, in the game's language ("Hard AI",
    /// "IA forte"): a player's name, so it lives with the level rather than in the texts.
    pub fn seat_name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Level::Easy, Lang::En) => "Easy AI",
            (Level::Medium, Lang::En) => "Medium AI",
            (Level::Hard, Lang::En) => "Hard AI",
            (Level::Easy, Lang::Fr) => "IA facile",
            (Level::Medium, Lang::Fr) => "IA moyenne",
            (Level::Hard, Lang::Fr) => "IA forte",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = LevelError;

    /// The English words, and the French ones a French lobby shows (`facile`, `moyen`,
    /// `moyenne`, `fort`, `forte`).
    fn from_str(s: &str) -> Result<Level, LevelError> {
        match s.trim().to_lowercase().as_str() {
            "easy" | "facile" => Ok(Level::Easy),
            "medium" | "moyen" | "moyenne" => Ok(Level::Medium),
            "hard" | "fort" | "forte" => Ok(Level::Hard),
            _ => Err(LevelError(s.trim().chars().take(40).collect())),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_back_in_both_languages() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert_eq!("Forte".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("wizard".parse::<Level>(), Err(LevelError("wizard".into())));
    }
}
