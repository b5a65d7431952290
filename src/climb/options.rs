//! Game options: the rulings that are options (§3.1 doubles) and, as they arrive, the
//! variants of §7. Every field has a default so stored games stay readable when a new
//! option is added.

use serde::{Deserialize, Serialize};

/// §3.1 doubles ruling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Doubles {
    /// Print-and-play edition: all four uses must be made.
    #[default]
    Must,
    /// Retail rule text: the value may be used two or four times.
    May,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub doubles: Doubles,
}
