//! Typed errors of the rules engine. Every message is written for the player who caused
//! it: it says what is wrong and, where it helps, what would be right.

use super::dice::Roll;
use super::ops::{ArithError, Op};
use super::Seat;

/// Why one step of the Move phase (a die use or a Keeper) is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    #[error("{0}")]
    Arith(#[from] ArithError),
    #[error("you did not roll a {die} (you rolled {roll})")]
    DieNotRolled { die: u8, roll: Roll },
    #[error("the {die} is already used")]
    DieUsedUp { die: u8 },
    #[error("every die is already used")]
    NoUsesLeft,
    #[error("you have no pawn on {0}")]
    NoPawnOn(u8),
    #[error("there is no pawn number {0}")]
    NoSuchPawn(usize),
    #[error("that pawn is already home")]
    PawnHome,
    #[error("name a pawn by its space first, e.g. `14 +3`")]
    NoPawnNamed,
    #[error("you are cursed this turn: you may only subtract or divide")]
    Cursed,
    /// The add-and-subtract scaffold: × and ÷ are not part of this game.
    #[error("this game adds and subtracts only: use + or −, not {}", .0.math_symbol())]
    AddSubtractOnly(Op),
    /// The Curse in the add-and-subtract scaffold: dividing is not part of the game.
    #[error(
        "you are cursed this turn: in a game that adds and subtracts only, you may only subtract"
    )]
    CursedSubtractOnly,
    #[error("the {die} can still be used, so it cannot send a pawn to Start (§3.2 forced move)")]
    NotForced { die: u8 },
    #[error("you do not hold that Keeper")]
    KeeperNotHeld,
    #[error("a Keeper cannot be played on the turn it was drawn")]
    KeeperDrawnThisTurn,
    #[error("that is not how this Keeper is played")]
    KeeperMismatch,
    #[error("you cannot curse yourself")]
    CurseSelf,
    #[error("that player is already cursed (curses do not stack)")]
    AlreadyCursed,
    #[error("land on every way station first (still to visit: {})", list(.0))]
    StationsFirst(Vec<u8>),
    #[error("there is no player {} in this game", .0 + 1)]
    NoSuchPlayer(Seat),
}

/// Why an action is refused. Nothing changes when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(Seat),
    #[error("this game needs {min} to {max} players, not {got}")]
    PlayerCount { min: usize, max: usize, got: usize },
    #[error("{0}")]
    Options(#[from] super::options::OptionsError),
    #[error("{0} is not a space (spaces are 0 to 101)")]
    NotASpace(u8),
    #[error("the deck has no more copies of that Keeper")]
    NoSuchKeeper,
    #[error("{0}")]
    Step(StepError),
    /// A step of a written move, numbered from 1 (§4).
    #[error("step {step}: {error}")]
    AtStep { step: usize, error: StepError },
    #[error("{0}")]
    Parse(#[from] ParseError),
    #[error("the move is not finished: {} still to use", list(.0))]
    UsesLeft(Vec<u8>),
    #[error("first answer the card you drew")]
    ChoicePending(super::card::CardId),
    #[error("there is no card choice to make")]
    NoChoicePending,
    #[error("that is not one of the card's choices")]
    InvalidChoice,
    #[error("step {step} draws a card (Double Time): the rest of the move waits for the card")]
    DrawMidMove { step: usize },
    #[error("there is nothing to undo this turn")]
    NothingToUndo,
    #[error("a card was drawn this turn, so the move can no longer be taken back")]
    CardSeen,
    #[error("a card was drawn during your last move, so it can no longer be taken back")]
    LastMoveCardSeen,
    #[error("there is no move of yours to take back: the next player has already acted")]
    NothingToTakeBack,
    #[error("you have already left this game")]
    AlreadyResigned,
}

fn list(values: &[u8]) -> String {
    let v: Vec<String> = values.iter().map(u8::to_string).collect();
    match v.len() {
        0 => "nothing".into(),
        1 => v[0].clone(),
        _ => format!("{} and {}", v[..v.len() - 1].join(", "), v[v.len() - 1]),
    }
}

/// The longest move text accepted, in characters (a full turn with Keepers is far
/// shorter).
pub const MAX_LEN: usize = 300;

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("write a move, e.g. `14 -3 x9`")]
    Empty,
    #[error("that move is too long (at most {MAX_LEN} characters)")]
    TooLong,
    #[error("`{0}` is not part of a move: name a pawn by its space (e.g. 14), then steps like +3, -3, x3, /3 (or k+5 for a Keeper)")]
    Unexpected(String),
    #[error("`{text}`: dice show 1 to 10")]
    NotADie { text: String },
    #[error("`{0}` is not a space (spaces are 0 to 101)")]
    NotASpace(String),
    #[error("`{0}`: a number is missing after the sign")]
    MissingNumber(String),
    #[error("`{0}`: a Keeper is written k+N, k-N, kw or kcP (P = player number)")]
    BadKeeper(String),
}
