//! Game options: the rulings that are options (§3.1 doubles), the variants of §7 and the
//! scaffold variants for younger or beginning players (one die, one pawn, add and
//! subtract only: project variants, not in the published rules), alone or combined.
//! Every field has a default so stored games stay readable when a new option is added.

use serde::{Deserialize, Serialize};

use super::board::{is_prime, GOAL, START};
use super::card::{ActionEffect, CardDef, Effect, KeeperEffect};
use super::ops::Op;

/// Options that cannot make a game, with what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("solitaire is for one player, not {0}")]
    SolitairePlayers(usize),
    #[error("solitaire is played climbing (Solitaire 1) or there and back (Solitaire 2), not in decline")]
    SolitaireDecline,
    #[error("this game needs 2 to 4 players, not {0}{hint}", hint = if *.0 == 1 { " (one player: choose solitaire)" } else { "" })]
    PlayerCount(usize),
    #[error("choose at least one way station")]
    NoStations,
    #[error("{0} cannot be a way station: stations are primes between 30 and 80")]
    BadStation(u8),
    #[error("each way station can be chosen once")]
    StationTwice,
    #[error("choose 1 to {max} random way stations")]
    StationCount { max: usize },
    #[error("at most {MAX_CUSTOM_CARDS} custom cards (got {0})")]
    TooManyCustomCards(usize),
    #[error("{0}")]
    CustomCard(#[from] CustomCardError),
    #[error("one die never rolls doubles, so the doubles rule (doubles-may) has nothing to do: choose one of them")]
    DoublesWithOneDie,
}

/// A Fill in the Blanks card that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CustomCardError {
    #[error("a custom card needs a text of 1 to 120 characters")]
    Text,
    #[error("the numbers on the custom card “{0}” do not fit the board")]
    Numbers(String),
}

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

/// Where pawns start and where they must go (§5, §7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Course {
    /// From 0 up to 101 (the standard game).
    #[default]
    Climb,
    /// Prime Decline: from 101 down to 0; bumped pawns return to 101.
    Decline,
    /// There and Back Again: up to 101, where each pawn turns back, then down to 0.
    ThereAndBack,
}

/// §7 Way Stations: which primes between 30 and 80 are stations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WayStations {
    #[default]
    Off,
    /// These primes (each between 30 and 80).
    Chosen(Vec<u8>),
    /// This many primes between 30 and 80, drawn at random at setup.
    Random(u8),
}

/// The primes a Way Station may be placed on (§7).
pub fn station_candidates() -> Vec<u8> {
    (30..=80).filter(|&n| is_prime(u32::from(n))).collect()
}

/// A Fill in the Blanks card (§7): a text and one of the §6 effects with its number changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomCard {
    pub text: String,
    pub effect: Effect,
}

impl CustomCard {
    pub fn to_def(&self) -> CardDef {
        CardDef {
            text: self.text.clone(),
            effect: self.effect,
            custom: true,
        }
    }

    /// Whether the card's numbers make sense on this board.
    pub fn validate(&self) -> Result<(), CustomCardError> {
        let text = self.text.trim();
        if text.is_empty() || text.chars().count() > 120 {
            return Err(CustomCardError::Text);
        }
        let ok = match self.effect {
            Effect::Action(a) => match a {
                ActionEffect::SendTo { space } => (1..=100).contains(&space),
                ActionEffect::AddOrSubtract { threshold, amount } => {
                    (1..=100).contains(&threshold) && (1..=100).contains(&amount)
                }
                ActionEffect::BackOrMultiply {
                    threshold,
                    back,
                    factor,
                } => {
                    (1..=100).contains(&threshold)
                        && (1..=100).contains(&back)
                        && (2..=10).contains(&factor)
                }
                _ => true,
            },
            Effect::Keeper(k) => match k {
                KeeperEffect::PlusMinus { n } => (1..=99).contains(&n),
                KeeperEffect::SendWithin { distance } => (1..=10).contains(&distance),
                KeeperEffect::Curse => true,
            },
        };
        if ok {
            Ok(())
        } else {
            Err(CustomCardError::Numbers(text.to_string()))
        }
    }
}

/// The most custom cards a game may add (§7 Fill in the Blanks).
pub const MAX_CUSTOM_CARDS: usize = 4;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    pub doubles: Doubles,
    pub course: Course,
    /// Prime Sprint: the first pawn to finish wins.
    pub sprint: bool,
    /// Double Time: bump and draw after every single step.
    pub double_time: bool,
    pub way_stations: WayStations,
    /// Solitaire 1 (with `Course::ThereAndBack`: Solitaire 2): one player, the nine ±N
    /// Keepers as the deck, fewest turns wins.
    pub solitaire: bool,
    /// Fill in the Blanks: custom cards shuffled into the deck.
    pub custom_cards: Vec<CustomCard>,
    /// Scaffold: each roll is a single ten-sided die, used once (no doubles).
    #[serde(default)]
    pub one_die: bool,
    /// Scaffold: each player has one pawn (pawn 0) and wins when it finishes. The second
    /// pawn is out of the game: it waits where finished pawns are ([`Options::unused_pawn`]).
    #[serde(default)]
    pub one_pawn: bool,
    /// Scaffold: the dice are only added or subtracted (× and ÷ are refused).
    #[serde(default)]
    pub add_subtract: bool,
    /// Not a rule: each person's turn shows the best move and why (the hint), for a
    /// learner or a class. The engine never reads it; the fronts do.
    #[serde(default)]
    pub hints: bool,
}

/// Scaffold add-and-subtract: the operations a die may use.
const ADD_SUBTRACT: [Op; 2] = [Op::Add, Op::Sub];
/// Scaffold add-and-subtract under the Curse: "only subtract or divide", and dividing is
/// not part of this game, so only subtracting is left.
const ADD_SUBTRACT_CURSED: [Op; 1] = [Op::Sub];

impl Options {
    /// The space pawns begin on, and where a bumped pawn goes (§3.3, §7).
    pub fn start_space(&self, returning: bool) -> u8 {
        match (self.course, returning) {
            (Course::Decline, _) | (Course::ThereAndBack, true) => GOAL,
            _ => START,
        }
    }

    /// The space a pawn is heading for.
    pub fn target_space(&self, returning: bool) -> u8 {
        match (self.course, returning) {
            (Course::Decline, _) | (Course::ThereAndBack, true) => START,
            _ => GOAL,
        }
    }

    /// The space where the last leg ends ("the goal" of §5 and Way Stations).
    pub fn goal_space(&self) -> u8 {
        match self.course {
            Course::Decline => START,
            _ => GOAL,
        }
    }

    /// How many pawns each player has (§2; one in the one-pawn scaffold).
    pub fn pawn_count(&self) -> usize {
        if self.one_pawn {
            1
        } else {
            2
        }
    }

    /// One-pawn scaffold: where the pawn a player does not have is kept, with its
    /// There-and-Back leg. Ruling: it stands where a finished pawn stands (home), so it is
    /// never in play: no move, bump or card reaches it; it is neither drawn nor counted.
    pub fn unused_pawn(&self) -> (u8, bool) {
        match self.course {
            Course::Climb => (GOAL, false),
            Course::Decline => (START, false),
            Course::ThereAndBack => (START, true),
        }
    }

    /// Whether any scaffold variant is on (one die, one pawn, add and subtract). The exact
    /// solver knows only two pawns, two dice and the four operations: its figures do not
    /// apply to these games.
    pub fn is_scaffold(&self) -> bool {
        self.one_die || self.one_pawn || self.add_subtract
    }

    /// The operations a die use may make this turn (§3.2; §6.2 Curse: subtract or divide
    /// only; the add-and-subtract scaffold: + and −, and under a Curse − alone).
    pub fn ops(&self, cursed: bool) -> &'static [Op] {
        match (self.add_subtract, cursed) {
            (false, false) => &Op::ALL,
            (false, true) => &Op::CURSED,
            (true, false) => &ADD_SUBTRACT,
            (true, true) => &ADD_SUBTRACT_CURSED,
        }
    }

    /// Check the options before a game starts; the message says what to change.
    pub fn validate(&self, players: usize) -> Result<(), OptionsError> {
        // Ruling: one die never rolls doubles, so a doubles rule would be a promise the
        // game cannot keep.
        if self.one_die && self.doubles == Doubles::May {
            return Err(OptionsError::DoublesWithOneDie);
        }
        if self.solitaire {
            if players != 1 {
                return Err(OptionsError::SolitairePlayers(players));
            }
            if self.course == Course::Decline {
                return Err(OptionsError::SolitaireDecline);
            }
        } else if !(2..=4).contains(&players) {
            return Err(OptionsError::PlayerCount(players));
        }
        match &self.way_stations {
            WayStations::Off => {}
            WayStations::Chosen(list) => {
                let ok = station_candidates();
                if list.is_empty() {
                    return Err(OptionsError::NoStations);
                }
                if let Some(&bad) = list.iter().find(|s| !ok.contains(s)) {
                    return Err(OptionsError::BadStation(bad));
                }
                let mut sorted = list.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.len() != list.len() {
                    return Err(OptionsError::StationTwice);
                }
            }
            WayStations::Random(n) => {
                let max = station_candidates().len();
                if *n == 0 || usize::from(*n) > max {
                    return Err(OptionsError::StationCount { max });
                }
            }
        }
        if self.custom_cards.len() > MAX_CUSTOM_CARDS {
            return Err(OptionsError::TooManyCustomCards(self.custom_cards.len()));
        }
        for c in &self.custom_cards {
            c.validate()?;
        }
        Ok(())
    }
}
