//! The state of a Prime Daifugo match and the rules that change it (§2–§5).
//!
//! `Game` is a plain serialisable value. A player asks for an [`Action`];
//! [`Game::apply`] returns the [`Event`]s that happened or a typed [`RuleError`] and then
//! leaves the game exactly as it was (clone, apply, swap). Shuffles and the first player
//! come from the seeded generator stored in the game. No I/O, no async, no clock.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::card::{card_list, Card, CardId, Kind};
use super::error::{PlayError, RuleError};
use super::number::{concat, factorisation, is_prime};
use super::options::{Options, DEAL};

pub use super::Seat;

/// Cards drawn by Draw 2 (§3.4).
pub const DRAW_TWO: usize = 2;
/// Cards drawn with a D card before discarding one (§3.1).
pub const D_DRAWS: usize = 2;

/// One card of a play and the value it was played as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    pub card: CardId,
    pub value: u8,
}

/// The current play in the play area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub by: Seat,
    pub cards: Vec<Placed>,
    pub number: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub hand: Vec<CardId>,
    /// Games won in this match (§5).
    pub wins: u8,
}

/// Where the player to move is in their turn (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Step 1 is still open: draw, D card, or go straight to playing.
    Start,
    /// A D card was played and 2 cards drawn: discard any 1 (§3.1).
    Discard,
    /// Step 1 is done: play, SKIP or pass.
    Play,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    /// Turns started in the match so far, this one included.
    pub number: u32,
    pub step: Step,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Playing,
    /// Someone won the match.
    Over,
}

/// What a player asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// §3.1: draw the top card of the deck.
    Draw,
    /// §3.1: discard this D card and draw 2; a [`Action::Discard`] follows.
    PlayD {
        card: CardId,
    },
    /// §3.1: the discard that completes a D card.
    Discard {
        card: CardId,
    },
    /// §3.2: these cards side by side in this order; multi-number cards with their value.
    Play {
        cards: Vec<(CardId, Option<u8>)>,
    },
    /// §3.2: play a SKIP card.
    Skip,
    Pass,
}

/// What happened, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A game of the match was dealt (§2).
    Dealt {
        game: u32,
        first: Seat,
    },
    TurnStarted {
        seat: Seat,
        number: u32,
    },
    Drew {
        seat: Seat,
        card: CardId,
    },
    /// §4.1: the discard pile became the deck.
    Reshuffled,
    /// §4.1: deck and discard pile are both empty: nothing drawn.
    DeckEmpty,
    /// §4.2: the hand is at the limit: nothing drawn.
    HandFull {
        seat: Seat,
    },
    DPlayed {
        seat: Seat,
        card: CardId,
    },
    Discarded {
        seat: Seat,
        card: CardId,
    },
    Played {
        seat: Seat,
        cards: Vec<Placed>,
        number: u32,
    },
    /// §3.3: not prime; the cards stay in hand and the turn is a pass.
    JudgmentFailed {
        seat: Seat,
        number: u32,
        factorisation: String,
    },
    Passed {
        seat: Seat,
    },
    /// §3.4 Draw 2.
    DrawTwo {
        seat: Seat,
    },
    /// §3.2 SKIP: `skipped` loses their turn.
    Skipped {
        seat: Seat,
        skipped: Seat,
    },
    /// §3.4 Stop: the play held a [12].
    Stopped {
        seat: Seat,
    },
    /// §3.6 (or Stop): the area is cleared and `leader` leads.
    RoundCleared {
        leader: Seat,
    },
    GameWon {
        seat: Seat,
        wins: u8,
    },
    MatchWon {
        seat: Seat,
    },
}

/// A whole match of Prime Daifugo.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub options: Options,
    pub seed: u64,
    /// Every physical card of this game: index = `CardId`.
    pub cards: Vec<Card>,
    pub players: Vec<Player>,
    /// The draw deck; the top card is the last.
    pub deck: Vec<CardId>,
    /// The discard pile; the top card is the last.
    pub discard: Vec<CardId>,
    /// The current play: the top of the play area.
    pub area: Option<Play>,
    /// §3.7: the earlier plays of this round, oldest first, covered by `area` but still in
    /// the play area (not in the discard pile) until the round ends.
    #[serde(default)]
    pub covered: Vec<Play>,
    pub turn: Turn,
    pub phase: Phase,
    /// Games dealt in this match, this one included.
    pub game_number: u32,
    pub match_winner: Option<Seat>,
    rng: ChaCha8Rng,
}

/// How a turn ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TurnEnd {
    Played { stop: bool },
    Passed,
    Skipped,
}

impl Game {
    /// A new match: the first game is dealt and its first player chosen at random (§2).
    pub fn new(options: Options, names: &[String], seed: u64) -> Result<Game, RuleError> {
        options.validate(names.len())?;
        let mut game = Game::empty(options, names, seed);
        let mut events = Vec::new();
        game.deal(&mut events);
        Ok(game)
    }

    /// A game at a hand-built position (tests, puzzles): the given cards are taken from
    /// the deck (matching the icon exactly), the rest shuffled into the deck; `to_move`
    /// starts a turn with an empty area.
    pub fn from_hands(
        options: Options,
        hands: &[Vec<Card>],
        to_move: Seat,
        seed: u64,
    ) -> Result<Game, RuleError> {
        let names: Vec<String> = (1..=hands.len()).map(|i| format!("Player {i}")).collect();
        options.validate(names.len())?;
        if to_move >= hands.len() {
            return Err(RuleError::NoSuchSeat(to_move));
        }
        let mut game = Game::empty(options, &names, seed);
        let mut free: Vec<CardId> = (0..game.cards.len()).map(|i| CardId(i as u8)).collect();
        for (seat, hand) in hands.iter().enumerate() {
            for want in hand {
                let pos = free
                    .iter()
                    .position(|&c| game.cards[usize::from(c.0)] == *want)
                    .ok_or(RuleError::NoMoreCards(*want))?;
                game.players[seat].hand.push(free.remove(pos));
            }
        }
        free.shuffle(&mut game.rng);
        game.deck = free;
        game.game_number = 1;
        game.turn = Turn {
            seat: to_move,
            number: 1,
            step: Step::Start,
        };
        Ok(game)
    }

    fn empty(options: Options, names: &[String], seed: u64) -> Game {
        Game {
            cards: card_list(&options),
            options,
            seed,
            players: names
                .iter()
                .map(|n| Player {
                    name: n.clone(),
                    hand: Vec::new(),
                    wins: 0,
                })
                .collect(),
            deck: Vec::new(),
            discard: Vec::new(),
            area: None,
            covered: Vec::new(),
            turn: Turn {
                seat: 0,
                number: 0,
                step: Step::Start,
            },
            phase: Phase::Playing,
            game_number: 0,
            match_winner: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    // ----- queries -------------------------------------------------------------------

    pub fn current(&self) -> Seat {
        self.turn.seat
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn card(&self, id: CardId) -> Card {
        self.cards[usize::from(id.0)]
    }

    pub fn kind(&self, id: CardId) -> Kind {
        self.card(id).kind
    }

    pub fn hand(&self, seat: Seat) -> &[CardId] {
        &self.players[seat].hand
    }

    /// §4.3: the top card of the discard pile, which everyone sees.
    pub fn top_discard(&self) -> Option<CardId> {
        self.discard.last().copied()
    }

    /// §4.3: every player's hand size, in seat order.
    pub fn hand_sizes(&self) -> Vec<usize> {
        self.players.iter().map(|p| p.hand.len()).collect()
    }

    /// §4.2: whether `seat` is at the hand limit.
    pub fn at_limit(&self, seat: Seat) -> bool {
        self.options
            .hand_limit
            .is_some_and(|l| self.players[seat].hand.len() >= usize::from(l))
    }

    /// §3.2 SKIP: a player whose only card is a SKIP must draw in step 1.
    pub fn must_draw(&self) -> bool {
        let hand = self.hand(self.turn.seat);
        self.turn.step == Step::Start && hand.len() == 1 && self.kind(hand[0]) == Kind::Skip
    }

    /// Ruling (turn timeout): the next action of an idle player's turn. A pending D-card
    /// discard takes the first card of the hand; a player whose only card is a SKIP
    /// draws, as they must (§3.2); otherwise they pass (§3.4 Draw 2 applies). `None`
    /// when the game is over.
    pub fn idle_action(&self) -> Option<Action> {
        if self.is_over() {
            return None;
        }
        let seat = self.turn.seat;
        Some(match self.turn.step {
            Step::Discard => Action::Discard {
                card: *self.hand(seat).first()?,
            },
            _ if self.must_draw() => Action::Draw,
            _ => Action::Pass,
        })
    }

    /// Whether `seat` may take `action` now, by the rules themselves (tried on a copy):
    /// hints and status lines offer exactly what `apply` accepts.
    pub fn allows(&self, seat: Seat, action: &Action) -> bool {
        let mut copy = self.clone();
        let mut events = Vec::new();
        copy.apply_inner(seat, action, &mut events).is_ok()
    }

    /// Cards anywhere: deck, discard pile, hands and play area (always the table size).
    pub fn cards_in_play(&self) -> usize {
        self.deck.len()
            + self.discard.len()
            + self.players.iter().map(|p| p.hand.len()).sum::<usize>()
            + self.plays_in_area().map(|p| p.cards.len()).sum::<usize>()
    }

    /// §3.7: every play in the play area, oldest first; the last one is the current play.
    pub fn plays_in_area(&self) -> impl Iterator<Item = &Play> {
        self.covered.iter().chain(self.area.as_ref())
    }

    /// Check a play of number cards for `seat` against the rules of §3.2 (not the
    /// judgment): which values, which number. Nothing changes.
    pub fn check_play(
        &self,
        seat: Seat,
        cards: &[(CardId, Option<u8>)],
    ) -> Result<(Vec<Placed>, u32), PlayError> {
        if cards.is_empty() || cards.len() > 3 {
            return Err(PlayError::CardCount);
        }
        let hand = &self.players[seat].hand;
        let mut placed = Vec::with_capacity(cards.len());
        for (i, &(id, value)) in cards.iter().enumerate() {
            if usize::from(id.0) >= self.cards.len() || !hand.contains(&id) {
                return Err(PlayError::NoSuchCard);
            }
            if cards[..i].iter().any(|&(other, _)| other == id) {
                return Err(PlayError::Duplicate);
            }
            let kind = self.kind(id);
            let values = kind.values();
            let value = match (value, values) {
                (_, []) => return Err(PlayError::NotANumber(kind)),
                (None, [only]) => *only,
                (None, _) => return Err(PlayError::ValueNeeded { card: kind }),
                (Some(v), vs) if vs.contains(&v) => v,
                (Some(v), _) => {
                    return Err(PlayError::BadValue {
                        card: kind,
                        value: v,
                    })
                }
            };
            placed.push(Placed { card: id, value });
        }
        if placed[0].value == 0 {
            return Err(PlayError::ZeroFirst);
        }
        if placed.len() == 3 {
            if let Some(p) = placed.iter().find(|p| !self.kind(p.card).is_single_digit()) {
                return Err(PlayError::ThreeCardTwoDigits(self.kind(p.card)));
            }
            if !placed.iter().any(|p| self.card(p.card).icon) {
                return Err(PlayError::ThreeCardIcon);
            }
        }
        let values: Vec<u8> = placed.iter().map(|p| p.value).collect();
        let number = concat(&values);
        if let Some(play) = &self.area {
            if play.cards.len() != placed.len() {
                return Err(PlayError::FollowCount {
                    count: play.cards.len(),
                    play: play.number,
                });
            }
            if number <= play.number {
                return Err(PlayError::NotLarger {
                    number,
                    play: play.number,
                });
            }
        }
        Ok((placed, number))
    }

    // ----- actions -------------------------------------------------------------------

    /// Apply an action of `seat`. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut next = self.clone();
        let mut events = Vec::new();
        next.apply_inner(seat, action, &mut events)?;
        *self = next;
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
            return Err(RuleError::MatchOver);
        }
        if seat != self.turn.seat {
            return Err(RuleError::NotYourTurn);
        }
        match (self.turn.step, action) {
            (Step::Discard, Action::Discard { card }) => {
                self.take_from_hand(seat, *card)
                    .ok_or(RuleError::NotInHand)?;
                self.discard.push(*card);
                ev.push(Event::Discarded { seat, card: *card });
                self.turn.step = Step::Play;
                Ok(())
            }
            (Step::Discard, _) => Err(RuleError::DiscardFirst),
            (_, Action::Discard { .. }) => Err(RuleError::NoDiscardPending),
            (Step::Play, Action::Draw | Action::PlayD { .. }) => Err(RuleError::AlreadyDrew),
            (Step::Start, Action::Draw) => {
                if let Some(limit) = self.options.hand_limit.filter(|_| self.at_limit(seat)) {
                    return Err(RuleError::HandFull(limit));
                }
                self.draw_one(seat, ev);
                self.turn.step = Step::Play;
                Ok(())
            }
            (Step::Start, Action::PlayD { card }) => {
                if !self.hand(seat).contains(card) || self.kind(*card) != Kind::D {
                    return Err(RuleError::NotAD);
                }
                self.take_from_hand(seat, *card);
                self.discard.push(*card);
                ev.push(Event::DPlayed { seat, card: *card });
                for _ in 0..D_DRAWS {
                    self.draw_one(seat, ev);
                }
                // Ruling: with nothing drawn and nothing left in hand there is nothing
                // to discard, and the step is over.
                self.turn.step = if self.hand(seat).is_empty() {
                    Step::Play
                } else {
                    Step::Discard
                };
                Ok(())
            }
            (_, Action::Pass) => {
                if self.must_draw() {
                    return Err(RuleError::MustDraw);
                }
                ev.push(Event::Passed { seat });
                self.pass_penalty(seat, ev);
                self.end_turn(seat, TurnEnd::Passed, ev);
                Ok(())
            }
            (_, Action::Skip) => {
                if !self.options.skip {
                    return Err(RuleError::NoSkipInGame);
                }
                let hand = self.hand(seat);
                let card = hand
                    .iter()
                    .copied()
                    .find(|&c| self.kind(c) == Kind::Skip)
                    .ok_or(RuleError::NoSkipInHand)?;
                if hand.len() == 1 {
                    return Err(RuleError::SkipLast);
                }
                self.take_from_hand(seat, card);
                self.discard.push(card);
                let skipped = (seat + 1) % self.players.len();
                ev.push(Event::Skipped { seat, skipped });
                self.end_turn(seat, TurnEnd::Skipped, ev);
                Ok(())
            }
            (_, Action::Play { cards }) => {
                if self.must_draw() {
                    return Err(RuleError::MustDraw);
                }
                let (placed, number) = self.check_play(seat, cards)?;
                if !is_prime(number) {
                    // §3.3: the cards go back to the hand (they never left) and it is a pass.
                    ev.push(Event::JudgmentFailed {
                        seat,
                        number,
                        factorisation: factorisation(number),
                    });
                    self.pass_penalty(seat, ev);
                    self.end_turn(seat, TurnEnd::Passed, ev);
                    return Ok(());
                }
                for p in &placed {
                    self.take_from_hand(seat, p.card);
                }
                // §3.7: the play it covers stays in the play area until the round ends.
                if let Some(old) = self.area.take() {
                    self.covered.push(old);
                }
                let stop = placed.iter().any(|p| self.kind(p.card) == Kind::Number(12));
                ev.push(Event::Played {
                    seat,
                    cards: placed.clone(),
                    number,
                });
                self.area = Some(Play {
                    by: seat,
                    cards: placed,
                    number,
                });
                self.end_turn(seat, TurnEnd::Played { stop }, ev);
                Ok(())
            }
        }
    }

    fn take_from_hand(&mut self, seat: Seat, card: CardId) -> Option<CardId> {
        let hand = &mut self.players[seat].hand;
        let pos = hand.iter().position(|&c| c == card)?;
        Some(hand.remove(pos))
    }

    /// Draw one card for `seat`, reshuffling the discard pile when the deck is empty
    /// (§4.1) and stopping at the hand limit (§4.2).
    fn draw_one(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        if self.at_limit(seat) {
            ev.push(Event::HandFull { seat });
            return;
        }
        if self.deck.is_empty() {
            if self.discard.is_empty() {
                ev.push(Event::DeckEmpty);
                return;
            }
            self.deck = std::mem::take(&mut self.discard);
            self.deck.shuffle(&mut self.rng);
            ev.push(Event::Reshuffled);
        }
        if let Some(card) = self.deck.pop() {
            self.players[seat].hand.push(card);
            ev.push(Event::Drew { seat, card });
        }
    }

    /// §3.4 Draw 2: passing (or failing the judgment) on a play holding a [10], whoever
    /// made it: after a SKIP the turn can come back to the player of the [10] (rule book
    /// §6-3, the SKIP example), and they draw too.
    fn pass_penalty(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let Some(play) = &self.area else { return };
        if play
            .cards
            .iter()
            .any(|p| self.kind(p.card) == Kind::Number(10))
        {
            ev.push(Event::DrawTwo { seat });
            for _ in 0..DRAW_TWO {
                self.draw_one(seat, ev);
            }
        }
    }

    /// §3.6–§3.7: the round ends: every play in the area goes to the discard pile, oldest
    /// first, so the current play's cards end on top.
    fn clear_area(&mut self, leader: Seat, ev: &mut Vec<Event>) {
        let plays: Vec<Play> = self.covered.drain(..).chain(self.area.take()).collect();
        for play in plays {
            self.discard.extend(play.cards.iter().map(|p| p.card));
        }
        ev.push(Event::RoundCleared { leader });
    }

    /// §3.5–§3.6: win, Stop, new round, next player.
    fn end_turn(&mut self, seat: Seat, how: TurnEnd, ev: &mut Vec<Event>) {
        if self.hand(seat).is_empty() {
            self.win_game(seat, ev);
            return;
        }
        if how == (TurnEnd::Played { stop: true }) {
            ev.push(Event::Stopped { seat });
            self.clear_area(seat, ev);
            self.start_turn(seat, ev);
            return;
        }
        let n = self.players.len();
        let next = if how == TurnEnd::Skipped {
            (seat + 2) % n
        } else {
            (seat + 1) % n
        };
        // §3.6: everyone else passed; not after a SKIP.
        if how != TurnEnd::Skipped && self.area.as_ref().is_some_and(|p| p.by == next) {
            self.clear_area(next, ev);
        }
        self.start_turn(next, ev);
    }

    fn start_turn(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        self.turn = Turn {
            seat,
            number: self.turn.number + 1,
            step: Step::Start,
        };
        ev.push(Event::TurnStarted {
            seat,
            number: self.turn.number,
        });
    }

    fn win_game(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat];
        p.wins += 1;
        ev.push(Event::GameWon { seat, wins: p.wins });
        if p.wins >= self.options.games_to_win {
            self.match_winner = Some(seat);
            self.phase = Phase::Over;
            ev.push(Event::MatchWon { seat });
        } else {
            self.deal(ev);
        }
    }

    /// §2: gather every card, shuffle, deal 10 each, random first player.
    fn deal(&mut self, ev: &mut Vec<Event>) {
        self.area = None;
        self.covered.clear();
        self.discard.clear();
        for p in &mut self.players {
            p.hand.clear();
        }
        self.deck = (0..self.cards.len()).map(|i| CardId(i as u8)).collect();
        self.deck.shuffle(&mut self.rng);
        for _ in 0..DEAL {
            for p in &mut self.players {
                if let Some(c) = self.deck.pop() {
                    p.hand.push(c);
                }
            }
        }
        self.game_number += 1;
        let first = self.rng.gen_range(0..self.players.len());
        ev.push(Event::Dealt {
            game: self.game_number,
            first,
        });
        self.start_turn(first, ev);
    }
}
