//! Game options: the rulings that are options (§3.1 doubles) and the variants of §7,
//! alone or combined. Every field has a default so stored games stay readable when a
//! new option is added.

use serde::{Deserialize, Serialize};

use super::board::{is_prime, GOAL, START};
use super::card::{ActionEffect, CardDef, Effect, KeeperEffect};

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
    pub fn validate(&self) -> Result<(), String> {
        let text = self.text.trim();
        if text.is_empty() || text.chars().count() > 120 {
            return Err("a custom card needs a text of 1 to 120 characters".into());
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
            Err(format!(
                "the numbers on the custom card “{text}” do not fit the board"
            ))
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
}

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

    /// Check the options before a game starts; the message says what to change.
    pub fn validate(&self, players: usize) -> Result<(), String> {
        if self.solitaire {
            if players != 1 {
                return Err(format!("solitaire is for one player, not {players}"));
            }
            if self.course == Course::Decline {
                return Err("solitaire is played climbing (Solitaire 1) or there and back (Solitaire 2), not in decline".into());
            }
        } else if !(2..=4).contains(&players) {
            return Err(format!(
                "this game needs 2 to 4 players, not {players} (one player: choose solitaire)"
            ));
        }
        match &self.way_stations {
            WayStations::Off => {}
            WayStations::Chosen(list) => {
                let ok = station_candidates();
                if list.is_empty() {
                    return Err("choose at least one way station".into());
                }
                if let Some(bad) = list.iter().find(|s| !ok.contains(s)) {
                    return Err(format!(
                        "{bad} cannot be a way station: stations are primes between 30 and 80"
                    ));
                }
                let mut sorted = list.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.len() != list.len() {
                    return Err("each way station can be chosen once".into());
                }
            }
            WayStations::Random(n) => {
                let max = station_candidates().len();
                if *n == 0 || usize::from(*n) > max {
                    return Err(format!("choose 1 to {max} random way stations"));
                }
            }
        }
        if self.custom_cards.len() > MAX_CUSTOM_CARDS {
            return Err(format!(
                "at most {MAX_CUSTOM_CARDS} custom cards (got {})",
                self.custom_cards.len()
            ));
        }
        for c in &self.custom_cards {
            c.validate()?;
        }
        Ok(())
    }

    /// Read variants written as words, e.g. `decline,sprint`, `way-stations=3`,
    /// `way-stations=31/37`, `solitaire2`, `standard`. The message names the bad word.
    pub fn parse_variants(text: &str) -> Result<Options, String> {
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
            match (name.as_str(), arg) {
                ("standard" | "none", None) => {}
                ("double-time" | "doubletime", None) => o.double_time = true,
                ("sprint" | "prime-sprint", None) => o.sprint = true,
                ("decline" | "prime-decline", None) => o.course = Course::Decline,
                ("there-and-back" | "there-and-back-again", None) => o.course = Course::ThereAndBack,
                ("solitaire" | "solitaire1", None) => o.solitaire = true,
                ("solitaire2", None) => {
                    o.solitaire = true;
                    o.course = Course::ThereAndBack;
                }
                ("doubles-may", None) => o.doubles = Doubles::May,
                ("way-stations" | "stations", None) => o.way_stations = WayStations::Random(3),
                ("way-stations" | "stations", Some(a)) => {
                    o.way_stations = if a.contains('/') || a.parse::<u8>().is_ok_and(|n| n > 20) {
                        let list: Result<Vec<u8>, _> = a.split('/').map(str::parse::<u8>).collect();
                        WayStations::Chosen(list.map_err(|_| {
                            format!("`{word}`: write stations as primes separated by /, like way-stations=31/37")
                        })?)
                    } else {
                        WayStations::Random(a.parse::<u8>().map_err(|_| {
                            format!("`{word}`: write how many stations, like way-stations=3")
                        })?)
                    };
                }
                _ => {
                    return Err(format!(
                        "`{word}` is not a variant: choose from standard, double-time, sprint, decline, there-and-back, way-stations[=N or =31/37], solitaire, solitaire2, doubles-may"
                    ))
                }
            }
        }
        Ok(o)
    }

    /// Short names of the variants in force (for badges and listings).
    pub fn badges(&self) -> Vec<String> {
        let mut b = Vec::new();
        if self.solitaire {
            b.push(if self.course == Course::ThereAndBack {
                "Solitaire 2".to_string()
            } else {
                "Solitaire 1".to_string()
            });
        } else {
            match self.course {
                Course::Climb => {}
                Course::Decline => b.push("Prime Decline".into()),
                Course::ThereAndBack => b.push("There and Back Again".into()),
            }
        }
        if self.sprint {
            b.push("Prime Sprint".into());
        }
        if self.double_time {
            b.push("Double Time".into());
        }
        if self.way_stations != WayStations::Off {
            b.push("Way Stations".into());
        }
        if !self.custom_cards.is_empty() {
            b.push("Fill in the Blanks".into());
        }
        if self.doubles == Doubles::May {
            b.push("Doubles: two or four".into());
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_parse_from_words() {
        let o = Options::parse_variants("decline, sprint double-time").unwrap();
        assert_eq!(o.course, Course::Decline);
        assert!(o.sprint && o.double_time);
        let o = Options::parse_variants("way-stations=31/37").unwrap();
        assert_eq!(o.way_stations, WayStations::Chosen(vec![31, 37]));
        let o = Options::parse_variants("stations=2").unwrap();
        assert_eq!(o.way_stations, WayStations::Random(2));
        let o = Options::parse_variants("solitaire2").unwrap();
        assert!(o.solitaire && o.course == Course::ThereAndBack);
        assert_eq!(Options::parse_variants("").unwrap(), Options::default());
        let err = Options::parse_variants("decline,warp").unwrap_err();
        assert!(err.starts_with("`warp` is not a variant"), "{err}");
    }
}
