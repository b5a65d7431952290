//! The cards of Prime Daifugo (§1): what a card is, and the deck as ONE data table
//! ([`DECK`]) from which every game builds its card list. Owns nothing else: forming
//! numbers is `number.rs`, who holds what is `game.rs`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::options::Options;

/// What is printed on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Kind {
    /// A number card: 0–13, 17 or 19 (§1).
    Number(u8),
    /// The multi-number card [5/9] (advanced).
    FiveNine,
    /// The multi-number card [4/6/8] (advanced).
    FourSixEight,
    /// D: discard it, draw 2, then discard any 1 (§3.1).
    D,
    /// SKIP (advanced, 3 players only, §3.2).
    Skip,
}

impl Kind {
    /// The values this card may be played as; empty for D and SKIP.
    pub fn values(self) -> &'static [u8] {
        static NUMBERS: [u8; 20] = [
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
        ];
        match self {
            Kind::Number(n) if n < 20 => &NUMBERS[n as usize..n as usize + 1],
            Kind::Number(_) => &[],
            Kind::FiveNine => &[5, 9],
            Kind::FourSixEight => &[4, 6, 8],
            Kind::D | Kind::Skip => &[],
        }
    }

    /// Whether the card may form part of a number.
    pub fn is_number(self) -> bool {
        !self.values().is_empty()
    }

    /// Multi-number cards are played as one announced value (§3.2).
    pub fn is_multi(self) -> bool {
        self.values().len() > 1
    }

    /// §3.2: only cards whose every value is one digit may be part of a three-card play.
    pub fn is_single_digit(self) -> bool {
        self.is_number() && self.values().iter().all(|&v| v < 10)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Number(n) => write!(f, "[{n}]"),
            Kind::FiveNine => f.write_str("[5/9]"),
            Kind::FourSixEight => f.write_str("[4/6/8]"),
            Kind::D => f.write_str("[D]"),
            Kind::Skip => f.write_str("[SKIP]"),
        }
    }
}

/// Which table of the game a row belongs to (§1: basic deck, advanced additions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Set {
    Basic,
    /// Added with `Options::zero`.
    Zero,
    /// Added with `Options::five_nine`.
    FiveNine,
    /// Added with `Options::four_six_eight`.
    FourSixEight,
    /// Added with `Options::skip`.
    Skip,
}

/// One row of the deck table: a card face, how many copies, and how many of those copies
/// carry the three-card icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeckRow {
    pub kind: Kind,
    pub copies: u8,
    pub icons: u8,
    pub set: Set,
}

const fn row(kind: Kind, copies: u8, icons: u8, set: Set) -> DeckRow {
    DeckRow {
        kind,
        copies,
        icons,
        set,
    }
}

/// §1 ruling: the deck, exactly as the table of the rules: 43 basic number cards and
/// 3 D cards (46), then the advanced additions. Icons: one copy each of 1, 3, 7
/// and 9 and a second copy of 3 and 7.
pub const DECK: &[DeckRow] = &[
    row(Kind::Number(1), 4, 1, Set::Basic),
    row(Kind::Number(2), 3, 0, Set::Basic),
    row(Kind::Number(3), 5, 2, Set::Basic),
    row(Kind::Number(4), 2, 0, Set::Basic),
    row(Kind::Number(5), 3, 0, Set::Basic),
    row(Kind::Number(6), 2, 0, Set::Basic),
    row(Kind::Number(7), 5, 2, Set::Basic),
    row(Kind::Number(8), 2, 0, Set::Basic),
    row(Kind::Number(9), 4, 1, Set::Basic),
    row(Kind::Number(10), 2, 0, Set::Basic),
    row(Kind::Number(11), 4, 0, Set::Basic),
    row(Kind::Number(12), 2, 0, Set::Basic),
    row(Kind::Number(13), 3, 0, Set::Basic),
    row(Kind::Number(17), 1, 0, Set::Basic),
    row(Kind::Number(19), 1, 0, Set::Basic),
    row(Kind::D, 3, 0, Set::Basic),
    row(Kind::Number(0), 2, 0, Set::Zero),
    row(Kind::FiveNine, 2, 0, Set::FiveNine),
    row(Kind::FourSixEight, 2, 0, Set::FourSixEight),
    row(Kind::Skip, 2, 0, Set::Skip),
];

/// One physical card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub kind: Kind,
    /// Carries the three-card icon (§1).
    pub icon: bool,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if self.icon {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// A physical card of one game: an index into `Game::cards`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u8);

/// Whether a row of the table is in play with these options.
pub fn row_in_game(row: &DeckRow, options: &Options) -> bool {
    match row.set {
        Set::Basic => true,
        Set::Zero => options.zero,
        Set::FiveNine => options.five_nine,
        Set::FourSixEight => options.four_six_eight,
        Set::Skip => options.skip,
    }
}

/// The cards of a game with these options, in table order (icon copies first in a row).
pub fn card_list(options: &Options) -> Vec<Card> {
    DECK.iter()
        .filter(|r| row_in_game(r, options))
        .flat_map(|r| {
            (0..r.copies).map(move |i| Card {
                kind: r.kind,
                icon: i < r.icons,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_section_1() {
        let basic = card_list(&Options::default());
        assert_eq!(basic.len(), 43 + 3);
        assert_eq!(basic.iter().filter(|c| c.icon).count(), 6);
        let all = card_list(&Options::advanced(3));
        assert_eq!(all.len(), 46 + 2 + 2 + 2 + 2);
    }
}
