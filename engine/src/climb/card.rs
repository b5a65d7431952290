//! The Prime Cards (§6): what each card does, and the 24-card deck.
//!
//! Effects carry their numbers (64, 50, ±N, "within two") so the custom cards of
//! Fill in the Blanks (§7) are the same effects with other numbers. This module only
//! describes cards; resolving them against a game is `game.rs`'s job.

use serde::{Deserialize, Serialize};

/// A card's place in the game's card table (`Game::cards`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u8);

/// Action cards (§6.1): resolved the moment they are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActionEffect {
    /// After this turn ends, the same player takes another full turn.
    RollAgain,
    /// 13 → 31; 11 stays 11.
    ReverseDigits,
    /// Swap any two pawns on spaces 1–100 standing on different spaces.
    Switch,
    /// Send any pawn in play to this space, bumping whoever stands there.
    SendTo { space: u8 },
    /// Above `threshold` subtract `amount`, below add it.
    AddOrSubtract { threshold: u8, amount: u8 },
    /// Above `threshold` go back `back` spaces, below multiply by `factor`.
    BackOrMultiply { threshold: u8, back: u8, factor: u8 },
    /// Move to the nearest pawn strictly ahead on 1–100; it goes to Start.
    AdvanceToNearest,
    /// Move to the nearest pawn strictly behind on 1–100; it goes to Start.
    ReverseToNearest,
    /// Take one Keeper from an opponent (optional).
    Steal,
}

/// Keeper cards (§6.2): kept face up, played during the owner's Move phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KeeperEffect {
    /// Add or subtract N on one of your pawns, staying on the board.
    PlusMinus { n: u8 },
    /// Every other pawn in play within this distance of your pawn goes to Start.
    SendWithin { distance: u8 },
    /// On the target's following turn they may only subtract or divide.
    Curse,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    Action(ActionEffect),
    Keeper(KeeperEffect),
}

/// One card of the table: its printed text and its effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    pub text: String,
    pub effect: Effect,
    /// True for a Fill in the Blanks card written by a server.
    #[serde(default)]
    pub custom: bool,
}

impl CardDef {
    pub fn new(effect: Effect) -> CardDef {
        CardDef {
            text: effect.standard_text(),
            effect,
            custom: false,
        }
    }

    pub fn is_keeper(&self) -> bool {
        matches!(self.effect, Effect::Keeper(_))
    }

    pub fn keeper(&self) -> Option<KeeperEffect> {
        match self.effect {
            Effect::Keeper(k) => Some(k),
            Effect::Action(_) => None,
        }
    }
}

impl Effect {
    /// The text printed on the standard card with this effect (§6).
    pub fn standard_text(&self) -> String {
        match *self {
            Effect::Action(a) => match a {
                ActionEffect::RollAgain => "Roll again!".into(),
                ActionEffect::ReverseDigits => "Reverse the digits in your number".into(),
                ActionEffect::Switch => "Switch two pawns on the board".into(),
                ActionEffect::SendTo { space } => format!("Send a pawn of your choice to {space}"),
                ActionEffect::AddOrSubtract { threshold, amount } => format!(
                    "If you are above {threshold}, subtract {amount}. If you are below {threshold}, add {amount}"
                ),
                ActionEffect::BackOrMultiply {
                    threshold,
                    back,
                    factor,
                } => {
                    let mult = if factor == 2 {
                        "double your number".to_string()
                    } else {
                        format!("multiply your number by {factor}")
                    };
                    format!(
                        "If you are above {threshold}, go back {back} spaces. If you are below {threshold}, {mult}"
                    )
                }
                ActionEffect::AdvanceToNearest => {
                    "Advance to the pawn nearest you. Send them back to Start".into()
                }
                ActionEffect::ReverseToNearest => {
                    "Reverse to the pawn nearest you. Send them back to Start".into()
                }
                ActionEffect::Steal => "You may steal another player's Keeper card".into(),
            },
            Effect::Keeper(k) => match k {
                KeeperEffect::PlusMinus { n } => format!("Add or subtract your pawn by {n}"),
                KeeperEffect::SendWithin { distance } => {
                    let d = if distance == 2 {
                        "two".to_string()
                    } else {
                        distance.to_string()
                    };
                    format!("Send all pawns within {d} spaces of you back to Start")
                }
                KeeperEffect::Curse => "Play this card on an opponent: on their following turn they may only subtract or divide".into(),
            },
        }
    }

    /// A short name for lists and narration ("±5 Keeper", "Roll again!").
    pub fn short_name(&self) -> String {
        match *self {
            Effect::Keeper(KeeperEffect::PlusMinus { n }) => format!("±{n} Keeper"),
            Effect::Keeper(KeeperEffect::SendWithin { distance }) => {
                format!("Send-within-{distance} Keeper")
            }
            Effect::Keeper(KeeperEffect::Curse) => "Curse Keeper".into(),
            Effect::Action(ActionEffect::RollAgain) => "Roll again!".into(),
            Effect::Action(ActionEffect::ReverseDigits) => "Reverse digits".into(),
            Effect::Action(ActionEffect::Switch) => "Switch two pawns".into(),
            Effect::Action(ActionEffect::SendTo { space }) => format!("Send a pawn to {space}"),
            Effect::Action(ActionEffect::AddOrSubtract { amount, .. }) => format!("±{amount}"),
            Effect::Action(ActionEffect::BackOrMultiply { back, factor, .. }) => {
                format!("Back {back} or ×{factor}")
            }
            Effect::Action(ActionEffect::AdvanceToNearest) => "Advance to nearest".into(),
            Effect::Action(ActionEffect::ReverseToNearest) => "Reverse to nearest".into(),
            Effect::Action(ActionEffect::Steal) => "Steal a Keeper".into(),
        }
    }
}

/// The 24 Prime Cards with their exact copies (§6): 11 Action cards, 13 Keepers.
pub fn standard_deck() -> Vec<CardDef> {
    use ActionEffect as A;
    use KeeperEffect as K;
    let mut effects = vec![
        Effect::Action(A::RollAgain),
        Effect::Action(A::RollAgain),
        Effect::Action(A::RollAgain),
        Effect::Action(A::ReverseDigits),
        Effect::Action(A::Switch),
        Effect::Action(A::SendTo { space: 64 }),
        Effect::Action(A::AddOrSubtract {
            threshold: 50,
            amount: 50,
        }),
        Effect::Action(A::BackOrMultiply {
            threshold: 50,
            back: 10,
            factor: 2,
        }),
        Effect::Action(A::AdvanceToNearest),
        Effect::Action(A::ReverseToNearest),
        Effect::Action(A::Steal),
    ];
    effects.extend((1..=9).map(|n| Effect::Keeper(K::PlusMinus { n })));
    effects.push(Effect::Keeper(K::SendWithin { distance: 2 }));
    effects.push(Effect::Keeper(K::SendWithin { distance: 2 }));
    effects.push(Effect::Keeper(K::Curse));
    effects.push(Effect::Keeper(K::Curse));
    effects.into_iter().map(CardDef::new).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_6_deck_has_24_cards_11_actions_13_keepers() {
        let deck = standard_deck();
        assert_eq!(deck.len(), 24);
        assert_eq!(deck.iter().filter(|c| !c.is_keeper()).count(), 11);
        assert_eq!(deck.iter().filter(|c| c.is_keeper()).count(), 13);
        let roll_again = deck
            .iter()
            .filter(|c| c.effect == Effect::Action(ActionEffect::RollAgain))
            .count();
        assert_eq!(roll_again, 3);
        let curses = deck
            .iter()
            .filter(|c| c.effect == Effect::Keeper(KeeperEffect::Curse))
            .count();
        assert_eq!(curses, 2);
    }

    #[test]
    fn standard_texts() {
        assert_eq!(
            Effect::Action(ActionEffect::SendTo { space: 64 }).standard_text(),
            "Send a pawn of your choice to 64"
        );
        assert_eq!(
            Effect::Keeper(KeeperEffect::PlusMinus { n: 11 }).standard_text(),
            "Add or subtract your pawn by 11"
        );
    }
}
