//! The game state and the rules that change it (§2–§6).
//!
//! `Game` is a plain serialisable value. A player asks for an [`Action`]; [`Game::apply`]
//! either returns the [`Event`]s that happened or a typed [`RuleError`] and leaves the game
//! exactly as it was. Dice and shuffles come from the seeded generator stored in the game,
//! so a game is replayed from its seed and its actions. No I/O, no async, no clock.

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::{is_red_space, GOAL, START};
use super::card::{standard_deck, ActionEffect, CardDef, CardId, Effect, KeeperEffect};
use super::dice::{Roll, Uses};
use super::error::{RuleError, StepError};
use super::ops::{self, Op};
use super::options::{Course, Doubles, Options, WayStations};

pub use super::Seat;

/// The smallest and largest table for the standard game (§2).
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;

/// One pawn: whose it is and which of their two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PawnRef {
    pub seat: Seat,
    pub pawn: usize,
}

/// A Keeper in a player's hand and the turn it joined the hand (§3.2: not playable that turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldCard {
    pub card: CardId,
    pub since_turn: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Shared: a game is copied for every action tried, and the name never changes.
    pub name: Arc<str>,
    /// Spaces of the two pawns; 101 means the pawn is home (§5).
    pub pawns: [u8; 2],
    /// Keepers, face up (§2).
    pub keepers: Vec<HeldCard>,
    /// §6.2 Curse: the next turn of this player is cursed.
    pub cursed_next_turn: bool,
    pub resigned: bool,
    /// §7 There and Back Again: the pawn has turned at 101 and is heading for 0.
    #[serde(default)]
    pub returning: [bool; 2],
    /// §7 Way Stations this player's pawns have landed on.
    #[serde(default)]
    pub stations: Vec<u8>,
    /// Turns this player has begun (extra turns from Roll again! included), for "wins in
    /// 18 turns". Zero in games stored before it was counted.
    #[serde(default)]
    pub turns: u32,
}

impl Player {
    pub fn new(name: impl Into<Arc<str>>) -> Player {
        Player {
            name: name.into(),
            pawns: [START, START],
            keepers: Vec::new(),
            cursed_next_turn: false,
            resigned: false,
            returning: [false; 2],
            stations: Vec::new(),
            turns: 0,
        }
    }
}

/// What one step of the Move phase did, in order (narration, render, witness).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepRecord {
    Die {
        pawn: usize,
        from: u8,
        op: Op,
        die: u8,
        to: u8,
    },
    /// §3.2 forced move: the die had no legal use; the pawn went to Start (`to`).
    Forced {
        pawn: usize,
        from: u8,
        die: u8,
        #[serde(default)]
        to: u8,
    },
    Keeper {
        card: CardId,
        play: KeeperPlay,
        /// For a ±N Keeper: the pawn's spaces before and after.
        from: Option<u8>,
        to: Option<u8>,
        /// Pawns sent to Start by the Keeper, with the space they left.
        sent: Vec<(PawnRef, u8)>,
    },
}

/// How a Keeper is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KeeperPlay {
    /// ±N on one of your pawns.
    PlusMinus { pawn: usize, add: bool },
    /// Send every pawn within the distance of your pawn back to Start.
    SendWithin { pawn: usize },
    /// Curse an opponent's following turn.
    Curse { target: Seat },
}

/// A choice an Action card asks for (§6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardChoice {
    /// The pawn the card applies to (your drawing pawn, or any pawn for "Send to 64").
    Pawn(PawnRef),
    /// The two pawns to switch.
    Switch(PawnRef, PawnRef),
    /// The Keeper to steal.
    Steal { from: Seat, card: CardId },
    /// Decline an optional card ("You *may* steal").
    Decline,
}

/// An Action card waiting for its drawer's choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCard {
    pub card: CardId,
    /// The drawer's pawns that earned the draw (§6.1: "your" pawn).
    pub drawers: Vec<usize>,
    /// §7 Double Time: drawn during the Move phase, which goes on after the card.
    #[serde(default)]
    pub mid_move: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The dice are rolled; the player makes steps and plays Keepers, then ends the move.
    Move,
    /// A drawn Action card needs a choice before the turn ends.
    Choice(PendingCard),
    /// Someone won or everyone else resigned.
    Over,
}

/// A copy of what a step may change, so a step can be undone (§ Move phase undo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Snapshot {
    players: Vec<Player>,
    discard: Vec<CardId>,
    uses: Uses,
    moved: [bool; 2],
    last_mover: Option<usize>,
    steps: usize,
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Turns played so far in the game, this one included (a Roll again turn counts).
    pub number: u32,
    pub seat: Seat,
    pub roll: Roll,
    pub uses: Uses,
    /// §6.2: this turn is under a Curse.
    pub cursed: bool,
    /// The pawns' spaces when the turn began (§3.4 draw rule).
    pub start_spaces: [u8; 2],
    /// Pawns a die or Keeper was applied to this turn (§3.3: only they bump).
    pub moved: [bool; 2],
    /// The pawn moved most recently (§3.3: of two own pawns on one space it stays).
    pub last_mover: Option<usize>,
    pub steps: Vec<StepRecord>,
    /// Extra turns earned by Roll again! cards this turn.
    pub roll_again: u8,
    /// A card was drawn this turn: what was seen cannot be taken back.
    #[serde(default)]
    pub saw_card: bool,
    /// Shared: a copy of the game (each action is tried on one) shares them.
    undo: Vec<Arc<Snapshot>>,
}

/// Ruling (take back): the last finished Move phase, as long as it can still be taken
/// back. A move that revealed no card may be taken back by its player until anyone else
/// acts; one that drew a card may not (the card has been seen).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastMove {
    /// The game just before the player ended their Move phase. Shared: every copy of
    /// the game (each action is tried on a copy) shares it rather than copying it.
    Open(Arc<Game>),
    /// The move of this seat drew a card: it stands.
    CardSeen(Seat),
}

/// What a player asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Use one die value on one of your pawns.
    Die { pawn: usize, op: Op, die: u8 },
    /// §3.2 forced move: a die with no legal use sends one of your pawns to Start.
    Forced { pawn: usize, die: u8 },
    /// Play a Keeper from your hand.
    Keeper { card: CardId, play: KeeperPlay },
    /// Take back the last step of this Move phase.
    Undo,
    /// Finish the Move phase: bump, draw, and pass the turn.
    EndMove,
    /// Answer a drawn Action card's choice.
    Choose(CardChoice),
    /// Leave the game. Allowed at any time, on any turn.
    Resign,
    /// The turn timed out and the server skips idle players: see [`Game::skip`] for the
    /// ruling.
    Skip,
    /// Take back your finished Move phase (see [`LastMove`]): allowed to the player who
    /// just moved, until anyone else acts.
    TakeBack,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnStarted {
        seat: Seat,
        number: u32,
        roll: Roll,
        cursed: bool,
    },
    Stepped {
        seat: Seat,
        pawn: usize,
        from: u8,
        op: Op,
        die: u8,
        to: u8,
    },
    ForcedToStart {
        seat: Seat,
        pawn: usize,
        from: u8,
        die: u8,
        #[serde(default)]
        to: u8,
    },
    KeeperPlayed {
        seat: Seat,
        card: CardId,
        play: KeeperPlay,
        /// Where the pawn a Send-within Keeper was played around stood when it was
        /// played (it may move on later in the turn). Absent in games stored before it
        /// was recorded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        around: Option<u8>,
    },
    /// A ±N Keeper moved a pawn.
    KeeperMoved {
        seat: Seat,
        pawn: usize,
        from: u8,
        to: u8,
    },
    Cursed {
        by: Seat,
        target: Seat,
    },
    PawnHome {
        seat: Seat,
        pawn: usize,
    },
    /// §7 There and Back Again: the pawn reached 101 and turns back.
    Turned {
        seat: Seat,
        pawn: usize,
    },
    /// §7 Way Stations: a pawn landed on a station for the first time.
    StationReached {
        seat: Seat,
        space: u8,
    },
    /// A pawn was sent to Start (bump, Keeper or card).
    SentToStart {
        pawn: PawnRef,
        from: u8,
    },
    Undone,
    MoveEnded {
        seat: Seat,
    },
    Drew {
        seat: Seat,
        card: CardId,
    },
    Reshuffled,
    DeckEmpty,
    ChoiceNeeded {
        seat: Seat,
        card: CardId,
    },
    /// An Action card moved a pawn (reverse digits, ±50, send to 64, nearest pawn…).
    CardMoved {
        card: CardId,
        pawn: PawnRef,
        from: u8,
        to: u8,
    },
    Switched {
        a: PawnRef,
        b: PawnRef,
    },
    Stole {
        by: Seat,
        from: Seat,
        card: CardId,
    },
    CardNoEffect {
        card: CardId,
    },
    ExtraTurn {
        seat: Seat,
    },
    Resigned {
        seat: Seat,
    },
    /// The player's turn was skipped (turn timeout); `taken_back`: the steps of the Move
    /// phase were taken back.
    Skipped {
        seat: Seat,
        #[serde(default)]
        taken_back: bool,
    },
    Won {
        seat: Seat,
    },
    /// The player took back their finished Move phase: the game is as it was just before
    /// they ended it.
    TookBack {
        seat: Seat,
    },
}

/// A whole game of Prime Climb.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "GameData")]
pub struct Game {
    pub options: Options,
    pub seed: u64,
    /// The card table: index = `CardId`. Shared, since it never changes during a game.
    /// Not written out: it follows from the options ([`card_table`]), and leaving it out
    /// halves a stored game.
    #[serde(skip_serializing)]
    pub cards: Arc<[CardDef]>,
    pub players: Vec<Player>,
    pub draw_pile: Vec<CardId>,
    pub discard: Vec<CardId>,
    pub turn: Turn,
    pub phase: Phase,
    pub winner: Option<Seat>,
    /// §7 Way Stations in force (empty: none).
    #[serde(default)]
    pub stations: Vec<u8>,
    /// The last finished Move phase, while it can still be taken back (see [`LastMove`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_move: Option<LastMove>,
    rng: ChaCha8Rng,
}

/// A game as it is read: the fields of [`Game`], the card table optional (older saves
/// carry it; it is rebuilt from the options otherwise).
#[derive(Deserialize)]
struct GameData {
    options: Options,
    seed: u64,
    #[serde(default)]
    cards: Option<Arc<[CardDef]>>,
    players: Vec<Player>,
    draw_pile: Vec<CardId>,
    discard: Vec<CardId>,
    turn: Turn,
    phase: Phase,
    winner: Option<Seat>,
    #[serde(default)]
    stations: Vec<u8>,
    #[serde(default)]
    last_move: Option<LastMove>,
    rng: ChaCha8Rng,
}

impl From<GameData> for Game {
    fn from(d: GameData) -> Game {
        Game {
            cards: d.cards.unwrap_or_else(|| card_table(&d.options)),
            options: d.options,
            seed: d.seed,
            players: d.players,
            draw_pile: d.draw_pile,
            discard: d.discard,
            turn: d.turn,
            phase: d.phase,
            winner: d.winner,
            stations: d.stations,
            last_move: d.last_move,
            rng: d.rng,
        }
    }
}

/// A position built by hand (tests, the `moves` command, puzzles).
#[derive(Clone, Debug, Default)]
pub struct PositionSetup {
    /// Each player's pawn spaces, in seat order.
    pub pawns: Vec<[u8; 2]>,
    /// Each player's Keepers (by effect); missing entries mean none.
    pub keepers: Vec<Vec<KeeperEffect>>,
    pub to_move: Seat,
    pub roll: Option<Roll>,
    pub cursed: bool,
}

impl Game {
    /// A new game: shuffled deck, random first player, first roll made (§2).
    pub fn new(options: Options, names: &[String], seed: u64) -> Result<Game, RuleError> {
        options.validate(names.len())?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let cards = card_table(&options);
        let mut draw_pile: Vec<CardId> = (0..cards.len()).map(|i| CardId(i as u8)).collect();
        draw_pile.shuffle(&mut rng);
        let stations = resolve_stations(&options, &mut rng);
        let first = rng.gen_range(0..names.len());
        let start = options.start_space(false);
        let players = names
            .iter()
            .map(|n| {
                let mut p = Player::new(n.as_str());
                p.pawns = [start, start];
                set_aside_unused_pawn(&options, &mut p);
                p
            })
            .collect();
        let mut game = Game {
            stations,
            options,
            seed,
            cards,
            players,
            draw_pile,
            discard: Vec::new(),
            turn: Turn::empty(first),
            phase: Phase::Move,
            winner: None,
            last_move: None,
            rng,
        };
        let mut events = Vec::new();
        game.start_turn(first, &mut events);
        Ok(game)
    }

    /// A game set up at an arbitrary position, for analysis and tests. Keepers are taken
    /// out of the deck and given to their holders as playable; the roll, if not given,
    /// comes from the seed.
    pub fn from_position(
        options: Options,
        setup: &PositionSetup,
        seed: u64,
    ) -> Result<Game, RuleError> {
        let n = setup.pawns.len();
        if n == 0 || n > MAX_PLAYERS || setup.to_move >= n {
            return Err(RuleError::PlayerCount {
                min: 1,
                max: MAX_PLAYERS,
                got: n,
            });
        }
        for pawns in &setup.pawns {
            for &p in pawns {
                if p > GOAL {
                    return Err(RuleError::NotASpace(p));
                }
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let cards = card_table(&options);
        let stations = resolve_stations(&options, &mut rng);
        let mut free: Vec<CardId> = (0..cards.len()).map(|i| CardId(i as u8)).collect();
        let mut players: Vec<Player> = (0..n)
            .map(|i| {
                let mut p = Player::new(format!("Player {}", i + 1));
                p.pawns = setup.pawns[i];
                set_aside_unused_pawn(&options, &mut p);
                p
            })
            .collect();
        for (seat, wanted) in setup.keepers.iter().enumerate().take(n) {
            for &k in wanted {
                let pos = free
                    .iter()
                    .position(|&c| cards[c.0 as usize].effect == Effect::Keeper(k))
                    .ok_or(RuleError::NoSuchKeeper)?;
                let card = free.remove(pos);
                players[seat].keepers.push(HeldCard {
                    card,
                    since_turn: 0,
                });
            }
        }
        free.shuffle(&mut rng);
        let mut game = Game {
            stations,
            options,
            seed,
            cards,
            players,
            draw_pile: free,
            discard: Vec::new(),
            turn: Turn::empty(setup.to_move),
            phase: Phase::Move,
            winner: None,
            last_move: None,
            rng,
        };
        let seat = setup.to_move;
        game.players[seat].cursed_next_turn = setup.cursed;
        let mut events = Vec::new();
        game.start_turn(seat, &mut events);
        if let Some(roll) = setup.roll {
            // One-die scaffold: the first die of the roll given is the one die.
            let roll = match Roll::single(roll.a) {
                Some(one) if game.options.one_die => one,
                _ => roll,
            };
            game.turn.roll = roll;
            game.turn.uses = roll.uses();
        }
        Ok(game)
    }

    // ----- queries -------------------------------------------------------------------

    pub fn current(&self) -> Seat {
        self.turn.seat
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    /// The Keepers `seat` may play now (§3.2: not one drawn this turn).
    pub fn playable_keepers(&self, seat: Seat) -> Vec<(CardId, KeeperEffect)> {
        self.players[seat]
            .keepers
            .iter()
            .filter(|h| h.since_turn < self.turn.number)
            .filter_map(|h| self.card(h.card).keeper().map(|k| (h.card, k)))
            .collect()
    }

    /// Every pawn of a player still in the game that is on the board (not home).
    pub fn pawns_in_play(&self) -> impl Iterator<Item = (PawnRef, u8)> + '_ {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.resigned)
            .flat_map(move |(seat, p)| {
                p.pawns
                    .iter()
                    .enumerate()
                    .filter(move |&(pawn, _)| !self.is_home(PawnRef { seat, pawn }))
                    .map(move |(pawn, &s)| (PawnRef { seat, pawn }, s))
            })
    }

    /// Whether a pawn has finished its course (§5, §7) and left the board. The pawn a
    /// one-pawn game does not use counts as home: it is never in play.
    pub fn is_home(&self, p: PawnRef) -> bool {
        if p.pawn >= self.options.pawn_count() {
            return true;
        }
        let player = &self.players[p.seat];
        let s = player.pawns[p.pawn];
        match self.options.course {
            Course::Climb => s == GOAL,
            Course::Decline => s == START,
            Course::ThereAndBack => player.returning[p.pawn] && s == START,
        }
    }

    /// The player's pawns that have finished (the one-pawn scaffold's unused pawn is not
    /// counted).
    pub fn pawns_home(&self, seat: Seat) -> usize {
        (0..self.options.pawn_count())
            .filter(|&pawn| self.is_home(PawnRef { seat, pawn }))
            .count()
    }

    /// Where this pawn goes when it is bumped or forced back (§3.3, §7).
    pub fn start_of(&self, p: PawnRef) -> u8 {
        self.options
            .start_space(self.players[p.seat].returning[p.pawn])
    }

    /// How far along its course a pawn is, in spaces (for ranking, §5).
    pub fn progress(&self, p: PawnRef) -> u32 {
        let s = u32::from(self.space_of(p));
        let g = u32::from(GOAL);
        match self.options.course {
            Course::Climb => s,
            Course::Decline => g - s,
            Course::ThereAndBack if self.players[p.seat].returning[p.pawn] => g + (g - s),
            Course::ThereAndBack => s,
        }
    }

    pub fn space_of(&self, p: PawnRef) -> u8 {
        self.players[p.seat].pawns[p.pawn]
    }

    /// Whether the Move phase may end now (§3.1: all uses, or two of four with `doubles = may`).
    pub fn can_end_move(&self) -> bool {
        let u = self.turn.uses;
        u.total_left() == 0
            || (self.options.doubles == Doubles::May
                && self.turn.roll.is_doubles()
                && u.total_left() == 2)
    }

    /// The choices the pending Action card offers (empty outside the Choice phase).
    pub fn pending_choices(&self) -> Vec<CardChoice> {
        match &self.phase {
            Phase::Choice(p) => self.choices_for(p),
            _ => Vec::new(),
        }
    }

    /// Seats ranked for the leaderboard (§5): winner first, then pawns home, then the sum
    /// of spaces; resigned players last. Equal players share a place (1-based).
    pub fn ranking(&self) -> Vec<(Seat, u32)> {
        let key = |seat: Seat| {
            let p = &self.players[seat];
            (
                self.winner == Some(seat),
                !p.resigned,
                self.pawns_home(seat),
                (0..self.options.pawn_count())
                    .map(|pawn| self.progress(PawnRef { seat, pawn }))
                    .sum::<u32>(),
            )
        };
        let mut seats: Vec<Seat> = (0..self.players.len()).collect();
        seats.sort_by_key(|&s| std::cmp::Reverse(key(s)));
        let mut out = Vec::with_capacity(seats.len());
        for (i, &s) in seats.iter().enumerate() {
            let place = if i > 0 && key(seats[i - 1]) == key(s) {
                out.last().map(|&(_, pl)| pl).unwrap_or(1)
            } else {
                i as u32 + 1
            };
            out.push((s, place));
        }
        out
    }

    // ----- applying actions ----------------------------------------------------------

    /// Apply `action` for `seat`. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut next = self.clone();
        let mut events = Vec::new();
        next.apply_inner(seat, action, &mut events)?;
        *self = next;
        Ok(events)
    }

    /// Apply several actions as one: all of them, or none.
    pub fn apply_all(&mut self, seat: Seat, actions: &[Action]) -> Result<Vec<Event>, RuleError> {
        let mut next = self.clone();
        let mut events = Vec::new();
        for a in actions {
            next.apply_inner(seat, a, &mut events)?;
        }
        *self = next;
        Ok(events)
    }

    /// Apply on a scratch copy: on error the copy may be half changed and must be
    /// dropped (the notation resolver works this way to avoid a clone per step).
    pub(crate) fn apply_scratch(
        &mut self,
        seat: Seat,
        action: &Action,
    ) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_inner(seat, action, &mut events)?;
        Ok(events)
    }

    fn apply_inner(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if seat >= self.players.len() {
            return Err(RuleError::NoSuchSeat(seat));
        }
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        // Whatever anyone does next closes the last move for taking back.
        let last_move = self.last_move.take();
        if let Action::TakeBack = action {
            return self.take_back(seat, last_move, ev);
        }
        if let Action::Resign = action {
            return self.resign(seat, ev);
        }
        if seat != self.turn.seat {
            return Err(RuleError::NotYourTurn);
        }
        match (&self.phase, action) {
            (_, Action::Skip) => self.skip(ev),
            (Phase::Choice(_), Action::Choose(c)) => self.choose(*c, ev),
            (Phase::Choice(p), _) => Err(RuleError::ChoicePending(p.card)),
            (Phase::Move, Action::Choose(_)) => Err(RuleError::NoChoicePending),
            (Phase::Move, Action::Die { pawn, op, die }) => {
                self.step_die(*pawn, *op, *die, ev).map_err(RuleError::Step)
            }
            (Phase::Move, Action::Forced { pawn, die }) => {
                self.step_forced(*pawn, *die, ev).map_err(RuleError::Step)
            }
            (Phase::Move, Action::Keeper { card, play }) => {
                self.play_keeper(*card, *play, ev).map_err(RuleError::Step)
            }
            (Phase::Move, Action::Undo) => self.undo(ev),
            (Phase::Move, Action::EndMove) => {
                let before = self.clone();
                let from = ev.len();
                self.end_move(ev)?;
                self.keep_for_take_back(seat, before, &ev[from..]);
                Ok(())
            }
            (_, Action::Resign | Action::TakeBack) | (Phase::Over, _) => Err(RuleError::GameOver),
        }
    }

    fn snapshot(&mut self) {
        let snap = Snapshot {
            players: self.players.clone(),
            discard: self.discard.clone(),
            uses: self.turn.uses,
            moved: self.turn.moved,
            last_mover: self.turn.last_mover,
            steps: self.turn.steps.len(),
        };
        self.turn.undo.push(Arc::new(snap));
    }

    fn own_pawn(&self, pawn: usize) -> Result<u8, StepError> {
        if pawn >= self.options.pawn_count() {
            return Err(StepError::NoSuchPawn(pawn));
        }
        let space = *self.players[self.turn.seat]
            .pawns
            .get(pawn)
            .ok_or(StepError::NoSuchPawn(pawn))?;
        if self.is_home(PawnRef {
            seat: self.turn.seat,
            pawn,
        }) {
            return Err(StepError::PawnHome);
        }
        Ok(space)
    }

    /// Where `op` by `value` takes the current player's pawn on `from`, if allowed:
    /// on the board (§3.2), not onto the goal before every Way Station (§7).
    fn target(&self, from: u8, op: Op, value: u8) -> Result<u8, StepError> {
        let to = ops::apply(from, op, value)?;
        if to == self.options.goal_space() && !self.stations_done(self.turn.seat) {
            return Err(StepError::StationsFirst(
                self.stations_missing(self.turn.seat),
            ));
        }
        Ok(to)
    }

    /// §7 Way Stations still to land on before a pawn may reach the goal.
    pub fn stations_missing(&self, seat: Seat) -> Vec<u8> {
        self.stations
            .iter()
            .copied()
            .filter(|s| !self.players[seat].stations.contains(s))
            .collect()
    }

    pub fn stations_done(&self, seat: Seat) -> bool {
        self.stations_missing(seat).is_empty()
    }

    /// The ops this turn allows (§6.2 Curse, the add-and-subtract scaffold).
    fn allowed_ops(&self) -> &'static [Op] {
        self.options.ops(self.turn.cursed)
    }

    fn check_die(&self, die: u8) -> Result<(), StepError> {
        let r = self.turn.roll;
        if !r.shows(die) {
            return Err(StepError::DieNotRolled { die, roll: r });
        }
        if !self.turn.uses.has(die) {
            if self.turn.uses.total_left() == 0 {
                return Err(StepError::NoUsesLeft);
            }
            return Err(StepError::DieUsedUp { die });
        }
        Ok(())
    }

    fn step_die(
        &mut self,
        pawn: usize,
        op: Op,
        die: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), StepError> {
        let from = self.own_pawn(pawn)?;
        self.check_die(die)?;
        self.check_op(op)?;
        let to = self.target(from, op, die)?;
        self.snapshot();
        self.turn.uses.take(die);
        let seat = self.turn.seat;
        self.turn.steps.push(StepRecord::Die {
            pawn,
            from,
            op,
            die,
            to,
        });
        ev.push(Event::Stepped {
            seat,
            pawn,
            from,
            op,
            die,
            to,
        });
        self.move_own_pawn(pawn, from, to, ev);
        Ok(())
    }

    /// Whether a die may be used with `op` this turn: never × or ÷ in the
    /// add-and-subtract scaffold, only − or ÷ under a Curse (§6.2), and so only − under a
    /// Curse in the add-and-subtract scaffold.
    fn check_op(&self, op: Op) -> Result<(), StepError> {
        if self.allowed_ops().contains(&op) {
            return Ok(());
        }
        Err(if !self.options.add_subtract {
            StepError::Cursed
        } else if matches!(op, Op::Mul | Op::Div) {
            StepError::AddSubtractOnly(op)
        } else {
            StepError::CursedSubtractOnly
        })
    }

    /// Put the current player's pawn on `to` as a step of the Move phase: Way Stations
    /// are counted, and in Double Time the step bumps and draws at once (§7).
    fn move_own_pawn(&mut self, pawn: usize, from: u8, to: u8, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        self.turn.moved[pawn] = true;
        self.turn.last_mover = Some(pawn);
        if self.stations.contains(&to) && !self.players[seat].stations.contains(&to) {
            self.players[seat].stations.push(to);
            ev.push(Event::StationReached { seat, space: to });
        }
        self.arrive(PawnRef { seat, pawn }, to, ev);
        if self.options.double_time && !self.is_over() {
            self.double_time_step(pawn, from, to, ev);
        }
    }

    /// A pawn arrives on `to`: it turns at 101 (There and Back Again), or finishes and
    /// may win (§5).
    fn arrive(&mut self, p: PawnRef, to: u8, ev: &mut Vec<Event>) {
        self.players[p.seat].pawns[p.pawn] = to;
        if self.options.course == Course::ThereAndBack
            && to == GOAL
            && !self.players[p.seat].returning[p.pawn]
        {
            self.players[p.seat].returning[p.pawn] = true;
            ev.push(Event::Turned {
                seat: p.seat,
                pawn: p.pawn,
            });
        } else if self.is_home(p) {
            ev.push(Event::PawnHome {
                seat: p.seat,
                pawn: p.pawn,
            });
            self.check_win(p.seat, ev);
        }
    }

    /// §7 Double Time: after a step, bump at once, then draw if the pawn landed on a red
    /// space it did not begin the turn on. Ruling: a step that leaves the pawn where it
    /// was (×1, ÷1) does not land anew, so it does not draw again.
    fn double_time_step(&mut self, pawn: usize, from: u8, to: u8, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let me = PawnRef { seat, pawn };
        if to != START && to != GOAL {
            let victims: Vec<(PawnRef, u8)> = self
                .pawns_in_play()
                .filter(|&(q, s)| q != me && s == to)
                .collect();
            for (q, s) in victims {
                let back = self.start_of(q);
                self.players[q.seat].pawns[q.pawn] = back;
                ev.push(Event::SentToStart { pawn: q, from: s });
            }
        }
        if from != to && is_red_space(to) && to != self.turn.start_spaces[pawn] {
            // The card is seen: this turn's steps can no longer be taken back.
            self.turn.undo.clear();
            if let Some(card) = self.draw_card(ev) {
                ev.push(Event::Drew { seat, card });
                match self.card(card).effect {
                    Effect::Keeper(_) => self.players[seat].keepers.push(HeldCard {
                        card,
                        since_turn: self.turn.number,
                    }),
                    Effect::Action(_) => {
                        let pending = PendingCard {
                            card,
                            drawers: vec![pawn],
                            mid_move: true,
                        };
                        self.offer_or_resolve(pending, ev);
                    }
                }
            }
        }
    }

    /// §5: a player wins the moment their second pawn finishes (Prime Sprint: the first;
    /// the one-pawn scaffold: the one pawn).
    fn check_win(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let needed = if self.options.sprint {
            1
        } else {
            self.options.pawn_count()
        };
        if self.pawns_home(seat) >= needed && self.winner.is_none() {
            self.winner = Some(seat);
            self.phase = Phase::Over;
            ev.push(Event::Won { seat });
        }
    }

    /// Whether a die value has a legal use on any of the current player's pawns.
    pub fn die_has_legal_use(&self, die: u8) -> bool {
        let ops = self.allowed_ops();
        let seat = self.turn.seat;
        (0..2)
            .filter(|&pawn| !self.is_home(PawnRef { seat, pawn }))
            .any(|pawn| {
                let s = self.players[seat].pawns[pawn];
                ops.iter().any(|&op| self.target(s, op, die).is_ok())
            })
    }

    fn step_forced(&mut self, pawn: usize, die: u8, ev: &mut Vec<Event>) -> Result<(), StepError> {
        let from = self.own_pawn(pawn)?;
        self.check_die(die)?;
        if self.die_has_legal_use(die) {
            return Err(StepError::NotForced { die });
        }
        self.snapshot();
        self.turn.uses.take(die);
        let seat = self.turn.seat;
        let to = self.start_of(PawnRef { seat, pawn });
        self.turn.steps.push(StepRecord::Forced {
            pawn,
            from,
            die,
            to,
        });
        ev.push(Event::ForcedToStart {
            seat,
            pawn,
            from,
            die,
            to,
        });
        self.move_own_pawn(pawn, from, to, ev);
        Ok(())
    }

    fn play_keeper(
        &mut self,
        card: CardId,
        play: KeeperPlay,
        ev: &mut Vec<Event>,
    ) -> Result<(), StepError> {
        let seat = self.turn.seat;
        let held = self.players[seat]
            .keepers
            .iter()
            .position(|h| h.card == card)
            .ok_or(StepError::KeeperNotHeld)?;
        if self.players[seat].keepers[held].since_turn >= self.turn.number {
            return Err(StepError::KeeperDrawnThisTurn);
        }
        let effect = self.card(card).keeper().ok_or(StepError::KeeperNotHeld)?;
        let mut record = StepRecord::Keeper {
            card,
            play,
            from: None,
            to: None,
            sent: Vec::new(),
        };
        // Validate fully before touching anything.
        match (effect, play) {
            (KeeperEffect::PlusMinus { n }, KeeperPlay::PlusMinus { pawn, add }) => {
                let from = self.own_pawn(pawn)?;
                let op = if add { Op::Add } else { Op::Sub };
                // The ±N Keepers are already + and −: the Curse alone limits them.
                self.check_op(op)?;
                let to = self.target(from, op, n)?;
                self.snapshot();
                if let StepRecord::Keeper { from: f, to: t, .. } = &mut record {
                    *f = Some(from);
                    *t = Some(to);
                }
                self.discard_keeper(seat, held);
                ev.push(Event::KeeperPlayed {
                    seat,
                    card,
                    play,
                    around: None,
                });
                ev.push(Event::KeeperMoved {
                    seat,
                    pawn,
                    from,
                    to,
                });
                self.turn.steps.push(record);
                self.move_own_pawn(pawn, from, to, ev);
            }
            (KeeperEffect::SendWithin { distance }, KeeperPlay::SendWithin { pawn }) => {
                let centre = self.own_pawn(pawn)?;
                let me = PawnRef { seat, pawn };
                let victims: Vec<(PawnRef, u8)> = self
                    .pawns_in_play()
                    .filter(|&(p, s)| {
                        p != me && s != self.start_of(p) && s.abs_diff(centre) <= distance
                    })
                    .collect();
                self.snapshot();
                self.discard_keeper(seat, held);
                ev.push(Event::KeeperPlayed {
                    seat,
                    card,
                    play,
                    around: Some(centre),
                });
                for &(p, from) in &victims {
                    self.players[p.seat].pawns[p.pawn] = self.start_of(p);
                    ev.push(Event::SentToStart { pawn: p, from });
                }
                if let StepRecord::Keeper { sent, .. } = &mut record {
                    *sent = victims;
                }
                self.turn.steps.push(record);
            }
            (KeeperEffect::Curse, KeeperPlay::Curse { target }) => {
                if target == seat {
                    return Err(StepError::CurseSelf);
                }
                let t = self
                    .players
                    .get(target)
                    .ok_or(StepError::NoSuchPlayer(target))?;
                if t.resigned {
                    return Err(StepError::NoSuchPlayer(target));
                }
                if t.cursed_next_turn {
                    return Err(StepError::AlreadyCursed);
                }
                self.snapshot();
                self.discard_keeper(seat, held);
                self.players[target].cursed_next_turn = true;
                ev.push(Event::KeeperPlayed {
                    seat,
                    card,
                    play,
                    around: None,
                });
                ev.push(Event::Cursed { by: seat, target });
                self.turn.steps.push(record);
            }
            _ => return Err(StepError::KeeperMismatch),
        }
        Ok(())
    }

    fn discard_keeper(&mut self, seat: Seat, index: usize) {
        let h = self.players[seat].keepers.remove(index);
        self.discard.push(h.card);
    }

    fn undo(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let snap = self.turn.undo.pop().ok_or(if self.turn.saw_card {
            RuleError::CardSeen
        } else {
            RuleError::NothingToUndo
        })?;
        self.restore(Arc::unwrap_or_clone(snap));
        ev.push(Event::Undone);
        Ok(())
    }

    fn restore(&mut self, snap: Snapshot) {
        self.players = snap.players;
        self.discard = snap.discard;
        self.turn.uses = snap.uses;
        self.turn.moved = snap.moved;
        self.turn.last_mover = snap.last_mover;
        self.turn.steps.truncate(snap.steps);
    }

    /// Ruling (turn timeout, "skip"): an idle player's turn is skipped. Steps of the Move
    /// phase that can still be taken back are taken back (no bump, no card for them); a
    /// card waiting for the player's choice is discarded without effect, and if it was
    /// drawn after a finished Move phase that move stands; a Roll again! earned this turn
    /// is lost. The next player's turn begins.
    fn skip(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        let taken_back = self.abandon_turn(ev);
        self.turn.roll_again = 0;
        ev.push(Event::Skipped { seat, taken_back });
        self.phase = Phase::Move;
        self.finish_turn(ev);
        Ok(())
    }

    /// The player to move leaves their turn unfinished (a skip or a resignation): the
    /// steps of the Move phase that can still be taken back are taken back, and a card
    /// waiting for their choice goes to the discard pile without effect. A Move phase
    /// that had ended before that card was drawn stands (its bumps and its draw are
    /// done). Returns whether steps were taken back.
    fn abandon_turn(&mut self, ev: &mut Vec<Event>) -> bool {
        let (take_back, pending) = match self.phase.clone() {
            Phase::Choice(pending) => (pending.mid_move, Some(pending.card)),
            _ => (true, None),
        };
        let first = self
            .turn
            .undo
            .first()
            .filter(|_| take_back)
            .map(|s| Snapshot::clone(s));
        let taken_back = first.is_some();
        if let Some(first) = first {
            self.players = first.players;
            self.discard = first.discard;
        }
        // After the restore, so the snapshot's discard pile cannot drop the card.
        if let Some(card) = pending {
            self.discard.push(card);
            ev.push(Event::CardNoEffect { card });
        }
        taken_back
    }

    /// After `seat` ended its Move phase: keep the game as it was before, so the move can
    /// be taken back, unless it drew a card (this turn or in ending it) or ended the game.
    fn keep_for_take_back(&mut self, seat: Seat, before: Game, events: &[Event]) {
        if self.is_over() {
            return;
        }
        let drew = before.turn.saw_card
            || events
                .iter()
                .any(|e| matches!(e, Event::Drew { .. } | Event::ChoiceNeeded { .. }));
        self.last_move = Some(if drew {
            LastMove::CardSeen(seat)
        } else {
            LastMove::Open(Arc::new(before))
        });
    }

    /// Ruling (take back): restore the game as it was when `seat` began the move it
    /// finished: the same dice, every step undone, so a different move can be played.
    /// Only the dice generator goes on: ending the move again rolls the next player's
    /// dice anew, so the roll that was shown after the first try (the next turn began)
    /// tells nothing about the roll to come.
    fn take_back(
        &mut self,
        seat: Seat,
        last: Option<LastMove>,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match last {
            Some(LastMove::Open(before)) if before.turn.seat == seat => {
                let rng = self.rng.clone();
                *self = Arc::unwrap_or_clone(before);
                self.rng = rng;
                while let Some(snap) = self.turn.undo.pop() {
                    self.restore(Arc::unwrap_or_clone(snap));
                }
                ev.push(Event::TookBack { seat });
                Ok(())
            }
            Some(LastMove::CardSeen(s)) if s == seat => Err(RuleError::LastMoveCardSeen),
            _ => Err(RuleError::NothingToTakeBack),
        }
    }

    /// The seat whose finished move can still be taken back, if any.
    pub fn take_back_seat(&self) -> Option<Seat> {
        match &self.last_move {
            Some(LastMove::Open(before)) => Some(before.turn.seat),
            _ => None,
        }
    }

    fn end_move(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.can_end_move() {
            return Err(RuleError::UsesLeft(self.turn.uses.list()));
        }
        let seat = self.turn.seat;
        ev.push(Event::MoveEnded { seat });
        if self.options.double_time {
            // §7 Double Time: every step has already bumped and drawn.
            self.finish_turn(ev);
            return Ok(());
        }
        // §3.3 Bump.
        let others: Vec<(PawnRef, u8)> = self
            .pawns_in_play()
            .filter(|(p, _)| p.seat != seat)
            .collect();
        let spaces: Vec<u8> = others.iter().map(|&(_, s)| s).collect();
        let result = resolve_bumps(
            self.players[seat].pawns,
            self.turn.moved,
            self.turn.last_mover,
            &spaces,
            [
                self.start_of(PawnRef { seat, pawn: 0 }),
                self.start_of(PawnRef { seat, pawn: 1 }),
            ],
        );
        for pawn in 0..2 {
            if result.own[pawn] != self.players[seat].pawns[pawn] {
                let from = self.players[seat].pawns[pawn];
                self.players[seat].pawns[pawn] = result.own[pawn];
                ev.push(Event::SentToStart {
                    pawn: PawnRef { seat, pawn },
                    from,
                });
            }
        }
        for (i, &(p, from)) in others.iter().enumerate() {
            if result.others_sent & (1 << i) != 0 {
                self.players[p.seat].pawns[p.pawn] = self.start_of(p);
                ev.push(Event::SentToStart { pawn: p, from });
            }
        }
        // §3.4 Draw.
        let drawers = drawing_pawns(self.players[seat].pawns, self.turn.start_spaces);
        if !drawers.is_empty() {
            if let Some(card) = self.draw_card(ev) {
                ev.push(Event::Drew { seat, card });
                match self.card(card).effect {
                    Effect::Keeper(_) => self.players[seat].keepers.push(HeldCard {
                        card,
                        since_turn: self.turn.number,
                    }),
                    Effect::Action(_) => {
                        let pending = PendingCard {
                            card,
                            drawers,
                            mid_move: false,
                        };
                        self.offer_or_resolve(pending, ev);
                        return Ok(());
                    }
                }
            }
        }
        self.finish_turn(ev);
        Ok(())
    }

    /// §3.4: draw the top card, reshuffling the discard pile into a new pile if needed.
    fn draw_card(&mut self, ev: &mut Vec<Event>) -> Option<CardId> {
        if self.draw_pile.is_empty() {
            if self.discard.is_empty() {
                ev.push(Event::DeckEmpty);
                return None;
            }
            self.draw_pile = std::mem::take(&mut self.discard);
            self.draw_pile.shuffle(&mut self.rng);
            ev.push(Event::Reshuffled);
        }
        let card = self.draw_pile.pop();
        self.turn.saw_card |= card.is_some();
        card
    }

    /// Resolve an Action card now if it needs no choice, else wait for one.
    fn offer_or_resolve(&mut self, pending: PendingCard, ev: &mut Vec<Event>) {
        let choices = self.choices_for(&pending);
        match choices.as_slice() {
            [] => self.settle_card(&pending, None, ev),
            [only] if *only != CardChoice::Decline => {
                let only = *only;
                self.settle_card(&pending, Some(only), ev);
            }
            _ => {
                ev.push(Event::ChoiceNeeded {
                    seat: self.turn.seat,
                    card: pending.card,
                });
                self.phase = Phase::Choice(pending);
            }
        }
    }

    /// Resolve the card, discard it, and go on: back to the Move phase for a card drawn
    /// mid-move (Double Time), else to the next turn.
    fn settle_card(
        &mut self,
        pending: &PendingCard,
        choice: Option<CardChoice>,
        ev: &mut Vec<Event>,
    ) {
        self.phase = Phase::Move;
        self.resolve_card(pending, choice, ev);
        self.discard.push(pending.card);
        if !pending.mid_move {
            self.finish_turn(ev);
        }
    }

    fn choose(&mut self, choice: CardChoice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let Phase::Choice(pending) = self.phase.clone() else {
            return Err(RuleError::NoChoicePending);
        };
        if !self.choices_for(&pending).contains(&choice) {
            return Err(RuleError::InvalidChoice);
        }
        self.settle_card(&pending, Some(choice), ev);
        Ok(())
    }

    /// Every legal answer to a pending Action card (§6.1). Empty: it resolves by itself.
    fn choices_for(&self, pending: &PendingCard) -> Vec<CardChoice> {
        let seat = self.turn.seat;
        let drawer_choices = || {
            pending
                .drawers
                .iter()
                .map(|&pawn| CardChoice::Pawn(PawnRef { seat, pawn }))
                .collect::<Vec<_>>()
        };
        match self.card(pending.card).effect {
            Effect::Keeper(_) => Vec::new(),
            Effect::Action(a) => match a {
                ActionEffect::RollAgain => Vec::new(),
                ActionEffect::ReverseDigits
                | ActionEffect::AddOrSubtract { .. }
                | ActionEffect::BackOrMultiply { .. }
                | ActionEffect::AdvanceToNearest
                | ActionEffect::ReverseToNearest => {
                    let c = drawer_choices();
                    if c.len() > 1 {
                        c
                    } else {
                        Vec::new()
                    }
                }
                ActionEffect::SendTo { .. } => self
                    .pawns_in_play()
                    .map(|(p, _)| CardChoice::Pawn(p))
                    .collect(),
                ActionEffect::Switch => {
                    let on: Vec<(PawnRef, u8)> = self
                        .pawns_in_play()
                        .filter(|&(_, s)| (1..=100).contains(&s))
                        .collect();
                    let mut out = Vec::new();
                    for i in 0..on.len() {
                        for j in i + 1..on.len() {
                            if on[i].1 != on[j].1 {
                                out.push(CardChoice::Switch(on[i].0, on[j].0));
                            }
                        }
                    }
                    out
                }
                ActionEffect::Steal => {
                    let mut out = Vec::new();
                    for (s, p) in self.players.iter().enumerate() {
                        if s == seat || p.resigned {
                            continue;
                        }
                        for h in &p.keepers {
                            out.push(CardChoice::Steal {
                                from: s,
                                card: h.card,
                            });
                        }
                    }
                    if !out.is_empty() {
                        out.push(CardChoice::Decline);
                    }
                    out
                }
            },
        }
    }

    /// Resolve an Action card (§6.1) with the (already validated) choice.
    fn resolve_card(
        &mut self,
        pending: &PendingCard,
        choice: Option<CardChoice>,
        ev: &mut Vec<Event>,
    ) {
        let seat = self.turn.seat;
        let card = pending.card;
        let Effect::Action(effect) = self.card(card).effect else {
            return;
        };
        // The pawn that earned the draw: the chosen one, or the only one.
        let drawer = match choice {
            Some(CardChoice::Pawn(p)) if p.seat == seat && pending.drawers.contains(&p.pawn) => {
                Some(p)
            }
            _ => pending.drawers.first().map(|&pawn| PawnRef { seat, pawn }),
        };
        let before = ev.len();
        match effect {
            ActionEffect::RollAgain => {
                self.turn.roll_again += 1;
            }
            ActionEffect::ReverseDigits => {
                if let Some(p) = drawer {
                    let s = self.space_of(p);
                    let rev: String = s.to_string().chars().rev().collect();
                    if let Ok(to) = rev.parse::<u8>() {
                        self.card_move(card, p, to, ev);
                    }
                }
            }
            ActionEffect::SendTo { space } => {
                if let Some(CardChoice::Pawn(p)) = choice {
                    self.card_move(card, p, space, ev);
                }
            }
            ActionEffect::AddOrSubtract { threshold, amount } => {
                if let Some(p) = drawer {
                    let s = i32::from(self.space_of(p));
                    let t = i32::from(threshold);
                    let to = match s.cmp(&t) {
                        std::cmp::Ordering::Greater => Some(s - i32::from(amount)),
                        std::cmp::Ordering::Less => Some(s + i32::from(amount)),
                        std::cmp::Ordering::Equal => None,
                    };
                    if let Some(to) = to.filter(|&v| super::board::on_board(v)) {
                        self.card_move(card, p, to as u8, ev);
                    }
                }
            }
            ActionEffect::BackOrMultiply {
                threshold,
                back,
                factor,
            } => {
                if let Some(p) = drawer {
                    let s = i32::from(self.space_of(p));
                    let t = i32::from(threshold);
                    let to = match s.cmp(&t) {
                        std::cmp::Ordering::Greater => Some(s - i32::from(back)),
                        std::cmp::Ordering::Less => Some(s * i32::from(factor)),
                        std::cmp::Ordering::Equal => None,
                    };
                    if let Some(to) = to.filter(|&v| super::board::on_board(v)) {
                        self.card_move(card, p, to as u8, ev);
                    }
                }
            }
            ActionEffect::AdvanceToNearest | ActionEffect::ReverseToNearest => {
                if let Some(p) = drawer {
                    let here = self.space_of(p);
                    // §7: "ahead" is towards the space the pawn is heading for.
                    let upwards = self
                        .options
                        .target_space(self.players[p.seat].returning[p.pawn])
                        == GOAL;
                    let ahead = (effect == ActionEffect::AdvanceToNearest) == upwards;
                    let target = self
                        .pawns_in_play()
                        .filter(|&(q, s)| q != p && (1..=100).contains(&s))
                        .map(|(_, s)| s)
                        .filter(|&s| if ahead { s > here } else { s < here })
                        .min_by_key(|&s| s.abs_diff(here));
                    if let Some(to) = target {
                        self.card_move(card, p, to, ev);
                    }
                }
            }
            ActionEffect::Switch => {
                if let Some(CardChoice::Switch(a, b)) = choice {
                    let (sa, sb) = (self.space_of(a), self.space_of(b));
                    self.players[a.seat].pawns[a.pawn] = sb;
                    self.players[b.seat].pawns[b.pawn] = sa;
                    ev.push(Event::Switched { a, b });
                }
            }
            ActionEffect::Steal => {
                if let Some(CardChoice::Steal { from, card: stolen }) = choice {
                    if let Some(i) = self.players[from]
                        .keepers
                        .iter()
                        .position(|h| h.card == stolen)
                    {
                        self.players[from].keepers.remove(i);
                        // §6.1: playable from the thief's next turn.
                        self.players[seat].keepers.push(HeldCard {
                            card: stolen,
                            since_turn: self.turn.number,
                        });
                        ev.push(Event::Stole {
                            by: seat,
                            from,
                            card: stolen,
                        });
                    }
                }
            }
        }
        if ev.len() == before && effect != ActionEffect::RollAgain {
            ev.push(Event::CardNoEffect { card });
        }
    }

    /// An Action card moves a pawn: whoever stands on the new space is bumped (§6.1; Start
    /// and goal excepted). A pawn reaching 101 goes home and may win.
    fn card_move(&mut self, card: CardId, p: PawnRef, to: u8, ev: &mut Vec<Event>) {
        let from = self.space_of(p);
        if from == to {
            return;
        }
        if to != START && to != GOAL {
            let victims: Vec<(PawnRef, u8)> = self
                .pawns_in_play()
                .filter(|&(q, s)| q != p && s == to)
                .collect();
            for (q, s) in victims {
                let back = self.start_of(q);
                self.players[q.seat].pawns[q.pawn] = back;
                ev.push(Event::SentToStart { pawn: q, from: s });
            }
        }
        ev.push(Event::CardMoved {
            card,
            pawn: p,
            from,
            to,
        });
        self.arrive(p, to, ev);
    }

    /// End the turn and start the next (a Roll again! turn first).
    fn finish_turn(&mut self, ev: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        self.phase = Phase::Move;
        let seat = self.turn.seat;
        if self.turn.roll_again > 0 && !self.players[seat].resigned {
            let extra = self.turn.roll_again - 1;
            ev.push(Event::ExtraTurn { seat });
            self.start_turn(seat, ev);
            self.turn.roll_again = extra;
            return;
        }
        let next = self.next_seat(seat);
        self.start_turn(next, ev);
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        let n = self.players.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.players[s].resigned)
            .unwrap_or(seat)
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let a = self.rng.gen_range(1..=10);
        // One-die scaffold: a single ten-sided die, used once.
        let roll = match Roll::single(a) {
            Some(one) if self.options.one_die => one,
            _ => Roll {
                a,
                b: self.rng.gen_range(1..=10),
            },
        };
        let cursed = std::mem::take(&mut self.players[seat].cursed_next_turn);
        let number = self.turn.number + 1;
        self.players[seat].turns += 1;
        self.turn = Turn {
            number,
            seat,
            roll,
            uses: roll.uses(),
            cursed,
            start_spaces: self.players[seat].pawns,
            moved: [false; 2],
            last_mover: None,
            steps: Vec::new(),
            roll_again: 0,
            saw_card: false,
            undo: Vec::new(),
        };
        self.phase = Phase::Move;
        ev.push(Event::TurnStarted {
            seat,
            number,
            roll,
            cursed,
        });
    }

    fn resign(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.players[seat].resigned {
            return Err(RuleError::AlreadyResigned);
        }
        let was_turn = seat == self.turn.seat;
        if was_turn {
            // The resigning player's unfinished steps leave no trace on the other players'
            // pawns; a move they had finished stands, as for a skipped turn.
            self.abandon_turn(ev);
            self.phase = Phase::Move;
        }
        self.players[seat].resigned = true;
        self.players[seat].cursed_next_turn = false;
        ev.push(Event::Resigned { seat });
        let left: Vec<Seat> = (0..self.players.len())
            .filter(|&s| !self.players[s].resigned)
            .collect();
        if left.len() == 1 && self.players.len() > 1 {
            self.winner = Some(left[0]);
            self.phase = Phase::Over;
            ev.push(Event::Won { seat: left[0] });
            return Ok(());
        }
        if left.is_empty() {
            self.phase = Phase::Over;
            return Ok(());
        }
        if was_turn {
            self.turn.roll_again = 0;
            let next = self.next_seat(seat);
            self.start_turn(next, ev);
        }
        Ok(())
    }

    /// Deck accounting (§6): every card is in the draw pile, the discard pile, a hand, or
    /// waiting as the pending Action card.
    pub fn cards_accounted(&self) -> bool {
        let mut seen = vec![0u8; self.cards.len()];
        let pending = match &self.phase {
            Phase::Choice(p) => Some(p.card),
            _ => None,
        };
        let all = self
            .draw_pile
            .iter()
            .chain(self.discard.iter())
            .copied()
            .chain(
                self.players
                    .iter()
                    .flat_map(|p| p.keepers.iter().map(|h| h.card)),
            )
            .chain(pending);
        for c in all {
            match seen.get_mut(c.0 as usize) {
                Some(n) => *n += 1,
                None => return false,
            }
        }
        seen.iter().all(|&n| n == 1)
    }
}

impl Turn {
    fn empty(seat: Seat) -> Turn {
        let roll = Roll { a: 1, b: 2 };
        Turn {
            number: 0,
            seat,
            roll,
            uses: roll.uses(),
            cursed: false,
            start_spaces: [START, START],
            moved: [false; 2],
            last_mover: None,
            steps: Vec::new(),
            roll_again: 0,
            saw_card: false,
            undo: Vec::new(),
        }
    }

    /// Whether a step of the Move phase can be undone.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
}

/// The result of §3.3 Bump for the current player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BumpResult {
    pub own: [u8; 2],
    /// Bit i set: the i-th other pawn is sent to Start.
    pub others_sent: u64,
}

/// §3.3 Bump, shared by the engine and the legal-outcome search: every other pawn on
/// the space of one of the player's pawns that moved goes to Start; of the player's own
/// two pawns on one space, the one that arrived last (the last to move) stays. Start
/// and the goal never bump.
pub fn resolve_bumps(
    own: [u8; 2],
    moved: [bool; 2],
    last_mover: Option<usize>,
    others: &[u8],
    own_starts: [u8; 2],
) -> BumpResult {
    let mut own = own;
    let safe = |s: u8| s == START || s == GOAL;
    if own[0] == own[1] && !safe(own[0]) && (moved[0] || moved[1]) {
        let stays = match (moved, last_mover) {
            ([true, false], _) => 0,
            ([false, true], _) => 1,
            (_, Some(p)) => p,
            _ => 1,
        };
        own[1 - stays] = own_starts[1 - stays];
    }
    let mut others_sent = 0u64;
    for (i, &s) in others.iter().enumerate() {
        if safe(s) {
            continue;
        }
        if (0..2).any(|j| moved[j] && own[j] == s) {
            others_sent |= 1 << i;
        }
    }
    BumpResult { own, others_sent }
}

/// §3.4: whether any pawn earns a draw (without listing them).
pub fn earns_draw(own: [u8; 2], start: [u8; 2]) -> bool {
    (0..2).any(|i| is_red_space(own[i]) && own[i] != start[i])
}

/// §3.4: the pawns that earn a draw: on a red space they did not begin the turn on.
pub fn drawing_pawns(own: [u8; 2], start: [u8; 2]) -> Vec<usize> {
    (0..2)
        .filter(|&i| is_red_space(own[i]) && own[i] != start[i])
        .collect()
}

/// The card table for these options (§6, §7): the 24 Prime Cards, or the nine ±N Keepers
/// for solitaire, then the Fill in the Blanks cards.
pub fn card_table(options: &Options) -> Arc<[CardDef]> {
    let mut cards: Vec<CardDef> = standard_deck();
    if options.solitaire {
        cards.retain(|c| matches!(c.effect, Effect::Keeper(KeeperEffect::PlusMinus { .. })));
    }
    cards.extend(options.custom_cards.iter().map(|c| c.to_def()));
    cards.into()
}

/// One-pawn scaffold: the pawn the player does not have waits where finished pawns are,
/// out of play (see [`Options::unused_pawn`]).
fn set_aside_unused_pawn(options: &Options, player: &mut Player) {
    if options.one_pawn {
        let (space, returning) = options.unused_pawn();
        player.pawns[1] = space;
        player.returning[1] = returning;
    }
}

/// §7 Way Stations: the chosen ones, or primes between 30 and 80 drawn at random.
fn resolve_stations(options: &Options, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut out = match &options.way_stations {
        WayStations::Off => Vec::new(),
        WayStations::Chosen(list) => list.clone(),
        WayStations::Random(n) => {
            let mut all = super::options::station_candidates();
            all.shuffle(rng);
            all.truncate(usize::from(*n));
            all
        }
    };
    out.sort_unstable();
    out
}
