//! Typed errors of the Prime Daifugo engine. Every message is written for the player who
//! caused it: what is wrong and, where it helps, what would be right. A refused action
//! changes nothing.

use super::card::Kind;
use super::Seat;

/// Why a play of number cards is refused (before any judgment: a refused play is not a
/// pass, the player simply tries again).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("play 1 to 3 cards")]
    CardCount,
    #[error("you have no {0} in your hand")]
    NotInHand(Kind),
    #[error("that card is not in your hand")]
    NoSuchCard,
    #[error("each card can be played once")]
    Duplicate,
    #[error("{0} is not a number card")]
    NotANumber(Kind),
    #[error("say which value the {card} is played as ({}), e.g. `5/9:9`", values(.card))]
    ValueNeeded { card: Kind },
    #[error("the {card} cannot be played as {value} ({})", values(.card))]
    BadValue { card: Kind, value: u8 },
    #[error("[0] can never be the first digit")]
    ZeroFirst,
    #[error("three-card plays use only single-digit cards ({0} has two digits)")]
    ThreeCardTwoDigits(Kind),
    #[error("three-card plays need a card with the three-card icon")]
    ThreeCardIcon,
    #[error("follow with {count} card{} (the play is {play})", plural(.count))]
    FollowCount { count: usize, play: u32 },
    #[error("{number} is not larger than {play}")]
    NotLarger { number: u32, play: u32 },
}

fn plural(n: &usize) -> &'static str {
    if *n == 1 {
        ""
    } else {
        "s"
    }
}

fn values(card: &Kind) -> String {
    let v: Vec<String> = card.values().iter().map(u8::to_string).collect();
    v.join(" or ")
}

/// Why an action is refused. Nothing changes when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the match is over")]
    MatchOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(Seat),
    #[error("{0}")]
    Options(#[from] super::options::OptionsError),
    #[error("the deck has no more {0} cards")]
    NoMoreCards(super::card::Card),
    #[error("you have already drawn this turn (one draw or one D card per turn)")]
    AlreadyDrew,
    #[error("your hand is at the limit of {0} cards: you cannot draw")]
    HandFull(u8),
    #[error("that is not a D card in your hand")]
    NotAD,
    #[error("discard one card first (D card: discard any 1)")]
    DiscardFirst,
    #[error("there is nothing to discard now")]
    NoDiscardPending,
    #[error("that card is not in your hand")]
    NotInHand,
    #[error("SKIP is not used in this game")]
    NoSkipInGame,
    #[error("you have no SKIP in your hand")]
    NoSkipInHand,
    #[error("SKIP cannot be your last card: you cannot win by playing it")]
    SkipLast,
    #[error("SKIP is your only card: you must draw first")]
    MustDraw,
    #[error("{0}")]
    Play(#[from] PlayError),
    #[error("{0}")]
    Parse(#[from] ParseError),
}

/// Why a command could not be read (before looking at the hand).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("write the cards to play, like `3 10`, or skip, pass, draw, d")]
    Empty,
    #[error("`{0}`: write the value after the colon, like 5/9:9")]
    BadValue(String),
    #[error("`{0}` is not a card: write numbers like `3 10`, `5/9:9`, or skip, pass, draw, d")]
    NotACard(String),
    #[error("there is no [{0}] card")]
    NoSuchCard(u8),
    #[error("`{0}` is not a card: the multi-number cards are 5/9 and 4/6/8")]
    NotAMultiCard(String),
    #[error("discard one card, like `discard 4`")]
    DiscardOne,
}
