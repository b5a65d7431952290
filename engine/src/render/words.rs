//! What the pictures say. The renderer places words; it does not write them: every word
//! on a board, a card, a Prime Daifugo table or hand comes from a [`Words`], which
//! `src/text/pictures.rs` implements for each language, so a picture speaks the language
//! of the message it is posted with.
//!
//! The pictures cache what does not change from turn to turn (the static board, card
//! images); those caches are keyed by [`Words::lang`].

use super::last_turn::LastTurn;
use crate::climb::{CardDef, Course, Effect, Game, Options, Roll};
use crate::lang::Lang;

/// The words of the pictures in one language.
pub trait Words: Sync {
    /// The language: pictures drawn with the same language have the same words.
    fn lang(&self) -> Lang;

    // ----- the board ---------------------------------------------------------------------
    /// Above the colour key: "prime factor colours".
    fn key_title(&self) -> String;
    /// Under space 0: "0 · START", or "0 · GOAL" in Prime Decline (§7).
    fn start_label(&self, course: Course) -> String;
    /// A pawn's space where pawns start: "Start".
    fn start(&self) -> String;
    /// A pawn that has finished (§5): "home".
    fn home(&self) -> String;
    /// An arrow's label for a forced move (§3.2): "9: forced".
    fn forced(&self, die: u8) -> String;
    /// The arrow of a switch (§6.1): "switch".
    fn switch(&self) -> String;
    /// The arrow of a card that moved a pawn, when the card has no short name: "card".
    fn card(&self) -> String;

    // ----- the side panel ----------------------------------------------------------------
    /// The title: "Prime Climb".
    fn title(&self) -> String;
    /// "turn 24".
    fn turn_number(&self, turn: u32) -> String;
    /// The turn told in short lines: each step's arithmetic, then what followed (bumps,
    /// cards, stations…).
    fn turn_story(&self, game: &Game, turn: &LastTurn) -> Vec<String>;
    /// The heading of the turn told: "LAST TURN" once over, "THIS TURN" while played.
    fn turn_heading(&self, finished: bool) -> String;
    /// The turn is under a Curse: "cursed: only − and ÷".
    fn cursed_now(&self) -> String;
    /// More story lines than fit: "… 3 more".
    fn more_lines(&self, more: usize) -> String;
    /// A turn that has begun with no step yet: "no move yet".
    fn no_move_yet(&self) -> String;
    /// "PLAYERS".
    fn players(&self) -> String;
    /// A player who left: "resigned".
    fn resigned(&self) -> String;
    /// The winner's tag: "★ winner".
    fn winner(&self) -> String;
    /// The tag of the player to move, with their roll when it is not the turn shown:
    /// "▶ to move", "▶ rolled 5 and 4".
    fn to_move(&self, roll: Option<Roll>) -> String;
    /// "cursed next turn".
    fn cursed_next_turn(&self) -> String;
    /// Way Stations progress: "⚑ 1 of 3 stations".
    fn stations(&self, seen: usize, of: usize) -> String;
    /// A Keeper's chip: "±5", "within", "curse".
    fn keeper_chip(&self, effect: &Effect) -> String;
    /// "CARD DRAWN".
    fn card_drawn(&self) -> String;
    /// The variants in force (§7), one short name each: "Prime Sprint", "Double Time".
    fn variant_badges(&self, options: &Options) -> Vec<String>;
    /// The badge of a turn under a Curse: "cursed turn".
    fn cursed_turn(&self) -> String;

    // ----- a Prime Card (§6) --------------------------------------------------------------
    /// The band: "KEEPER" or "ACTION".
    fn card_kind(&self, keeper: bool) -> String;
    /// The tag of a Fill in the Blanks card: "CUSTOM".
    fn custom(&self) -> String;
    /// The card's short name: "Roll again!", "±5 Keeper" (a custom card by its text).
    fn card_name(&self, card: &CardDef) -> String;
    /// The card's printed text (a custom card's as its server wrote it).
    fn card_text(&self, card: &CardDef) -> String;
    /// The big symbol's words where it has some: the Curse's "− ÷ only".
    fn curse_symbol(&self) -> String;
    /// The footer: "keep it: play on a later turn" or "happens at once".
    fn card_footer(&self, keeper: bool) -> String;

    // ----- Prime Daifugo -------------------------------------------------------------------
    /// The table's title: "Prime Daifugo · game 2 · first to 2 wins".
    fn daifugo_title(&self, game: u32, to_win: u8) -> String;
    /// Under the play area: "101 — played by Ada".
    fn played_by(&self, number: u32, name: &str) -> String;
    /// The plays the current one covers (§3.7): "over 53 · 71".
    fn covers(&self, numbers: &[u32]) -> String;
    /// An empty play area: "Ada leads: 1, 2 or 3 cards".
    fn leads(&self, name: &str) -> String;
    /// "deck: 14", "discard: 2".
    fn deck(&self, cards: usize) -> String;
    fn discard(&self, cards: usize) -> String;
    /// A player's line: "10 cards · 1 won".
    fn hand_and_wins(&self, cards: usize, won: u32) -> String;
    /// "Ada wins the match!".
    fn match_winner(&self, name: &str) -> String;
    /// A hand's title: "Ada · 10 cards".
    fn hand_title(&self, name: &str, cards: usize) -> String;
    /// What a card's power says under its value: [10] "draw 2", [12] "stop", D "draw 2",
    /// SKIP "next loses turn".
    fn draw_two(&self) -> String;
    fn stop(&self) -> String;
    fn skip_card(&self) -> String;
}
