//! What the picture shows of the turn just played: whose it was, the dice, every step in
//! order, the pawns sent to Start, the cards drawn and what they did.
//!
//! After a turn ends the engine has already started the next one, so the caller builds a
//! [`LastTurn`] from the events `Game::apply` returned ([`LastTurn::from_events`]); with no
//! events to hand, [`LastTurn::in_progress`] reads the turn being played from the game.

use crate::climb::{CardId, Event, Game, PawnRef, Phase, Roll, Seat, StepRecord};

/// An Action card moving a pawn (§6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardMove {
    pub card: CardId,
    pub pawn: PawnRef,
    pub from: u8,
    pub to: u8,
}

/// One turn as the renderer draws it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastTurn {
    /// The player whose turn it was (unknown only if the events never say).
    pub seat: Option<Seat>,
    pub number: Option<u32>,
    /// The dice (from `TurnStarted`, else read off the dice the steps used).
    pub roll: Option<Roll>,
    /// §6.2: the turn was played under a Curse.
    pub cursed: bool,
    /// The steps of the Move phase, in order, undone steps removed.
    pub steps: Vec<StepRecord>,
    /// Pawns sent back (to Start, or to 101 in Prime Decline) by the bump (§3.3) or by an
    /// Action card, with the space each left. Pawns sent by a Keeper are in its step.
    pub bumped: Vec<(PawnRef, u8)>,
    /// Cards drawn this turn (one, or several under Double Time).
    pub drawn: Vec<CardId>,
    pub card_moves: Vec<CardMove>,
    pub switched: Vec<(PawnRef, PawnRef)>,
    /// Keepers stolen this turn: from whom, and which.
    pub stolen: Vec<(Seat, CardId)>,
    /// §7 Way Stations reached for the first time: by whom, which.
    pub stations_reached: Vec<(Seat, u8)>,
    /// §7 There and Back Again: pawns that reached 101 and turned back.
    pub turned: Vec<PawnRef>,
    /// A Roll again! card gave the same player another turn.
    pub extra_turn: bool,
    /// The turn timed out and was skipped.
    pub skipped: bool,
    pub won: Option<Seat>,
}

impl LastTurn {
    /// The last turn told by `events`: pass every event since the turn began (the
    /// `TurnStarted` that began it included, if you have it). Events of the next turn, which
    /// the engine starts at once, are left out. `None` if no turn was played in them.
    pub fn from_events(events: &[Event]) -> Option<LastTurn> {
        let mut finished: Option<LastTurn> = None;
        let mut cur = LastTurn::default();
        let mut played = false;
        // Whether the game rolls one die (the one-die scaffold, §10), as any roll in the
        // events tells (the next turn's too): the steps alone cannot tell one die from a
        // two-dice roll with one die left unused.
        let mut one_die = None;
        // Pawns sent to Start right after a Keeper is played were sent by that Keeper.
        let mut in_keeper = false;
        for event in events {
            let keeper_follow_up = matches!(
                event,
                Event::SentToStart { .. }
                    | Event::KeeperMoved { .. }
                    | Event::PawnHome { .. }
                    | Event::Turned { .. }
                    | Event::StationReached { .. }
                    | Event::Cursed { .. }
                    | Event::Won { .. }
            );
            if !keeper_follow_up {
                in_keeper = false;
            }
            match *event {
                Event::TurnStarted {
                    seat,
                    number,
                    roll,
                    cursed,
                } => {
                    one_die = Some(roll.is_single());
                    if played {
                        finished = Some(std::mem::take(&mut cur));
                    }
                    cur = LastTurn {
                        seat: Some(seat),
                        number: Some(number),
                        roll: Some(roll),
                        cursed,
                        ..LastTurn::default()
                    };
                    played = false;
                }
                Event::Stepped {
                    seat,
                    pawn,
                    from,
                    op,
                    die,
                    to,
                } => {
                    cur.seat.get_or_insert(seat);
                    cur.steps.push(StepRecord::Die {
                        pawn,
                        from,
                        op,
                        die,
                        to,
                    });
                    played = true;
                }
                Event::ForcedToStart {
                    seat,
                    pawn,
                    from,
                    die,
                    to,
                } => {
                    cur.seat.get_or_insert(seat);
                    cur.steps.push(StepRecord::Forced {
                        pawn,
                        from,
                        die,
                        to,
                    });
                    played = true;
                }
                Event::KeeperPlayed {
                    seat, card, play, ..
                } => {
                    cur.seat.get_or_insert(seat);
                    cur.steps.push(StepRecord::Keeper {
                        card,
                        play,
                        from: None,
                        to: None,
                        sent: Vec::new(),
                    });
                    in_keeper = true;
                    played = true;
                }
                Event::KeeperMoved { from, to, .. } => {
                    if let Some(StepRecord::Keeper { from: f, to: t, .. }) = cur.steps.last_mut() {
                        *f = Some(from);
                        *t = Some(to);
                    }
                }
                Event::SentToStart { pawn, from } => {
                    match cur.steps.last_mut() {
                        Some(StepRecord::Keeper { sent, .. }) if in_keeper => {
                            sent.push((pawn, from));
                        }
                        _ => cur.bumped.push((pawn, from)),
                    }
                    played = true;
                }
                Event::Undone => {
                    cur.steps.pop();
                }
                Event::MoveEnded { seat } => {
                    cur.seat.get_or_insert(seat);
                    played = true;
                }
                Event::Drew { seat, card } => {
                    cur.seat.get_or_insert(seat);
                    cur.drawn.push(card);
                    played = true;
                }
                Event::CardMoved {
                    card,
                    pawn,
                    from,
                    to,
                } => {
                    cur.card_moves.push(CardMove {
                        card,
                        pawn,
                        from,
                        to,
                    });
                    played = true;
                }
                Event::Switched { a, b } => {
                    cur.switched.push((a, b));
                    played = true;
                }
                Event::Stole { by, from, card } => {
                    cur.seat.get_or_insert(by);
                    cur.stolen.push((from, card));
                    played = true;
                }
                Event::ExtraTurn { seat } => {
                    cur.seat.get_or_insert(seat);
                    cur.extra_turn = true;
                }
                Event::Won { seat } => {
                    cur.won = Some(seat);
                    played = true;
                }
                Event::StationReached { seat, space } => {
                    cur.stations_reached.push((seat, space));
                }
                Event::Turned { seat, pawn } => {
                    cur.turned.push(PawnRef { seat, pawn });
                }
                Event::Resigned { .. } => played = true,
                Event::Skipped { seat, taken_back } => {
                    cur.seat.get_or_insert(seat);
                    if taken_back {
                        cur.steps.clear();
                    }
                    cur.skipped = true;
                    played = true;
                }
                // Cursed, PawnHome, Reshuffled, DeckEmpty, ChoiceNeeded, CardNoEffect, and
                // events added later: nothing to draw.
                _ => {}
            }
        }
        let mut last = if played { Some(cur) } else { finished }?;
        if last.roll.is_none() {
            last.roll = roll_from_steps(&last.steps, one_die);
        }
        Some(last)
    }

    /// The turn being played in `game`: its dice and the steps made so far, and the card
    /// waiting for a choice, if any.
    pub fn in_progress(game: &Game, recent: &[Event]) -> LastTurn {
        let turn = &game.turn;
        // What the events tell of this turn so far: bumps and cards under Double Time,
        // card moves, switches. The steps come from the game (undone ones are gone).
        let began = recent.iter().rposition(
            |e| matches!(e, Event::TurnStarted { number, .. } if *number == turn.number),
        );
        let this_turn = match began {
            Some(i) => &recent[i..],
            None if !recent
                .iter()
                .any(|e| matches!(e, Event::TurnStarted { .. })) =>
            {
                recent
            }
            None => &[],
        };
        let told = LastTurn::from_events(this_turn).unwrap_or_default();
        let mut drawn = told.drawn;
        if let Phase::Choice(pending) = &game.phase {
            if !drawn.contains(&pending.card) {
                drawn.push(pending.card);
            }
        }
        LastTurn {
            seat: Some(turn.seat),
            number: Some(turn.number),
            roll: Some(turn.roll),
            cursed: turn.cursed,
            steps: turn.steps.clone(),
            bumped: told.bumped,
            drawn,
            card_moves: told.card_moves,
            switched: told.switched,
            stolen: told.stolen,
            stations_reached: told.stations_reached,
            turned: told.turned,
            ..LastTurn::default()
        }
    }

    /// Every pawn sent to Start this turn (bumps, cards and Keepers), with the space it left.
    pub fn sent_to_start(&self) -> Vec<(PawnRef, u8)> {
        let by_keepers = self.steps.iter().flat_map(|s| match s {
            StepRecord::Keeper { sent, .. } => sent.clone(),
            _ => Vec::new(),
        });
        self.bumped.iter().copied().chain(by_keepers).collect()
    }
}

/// The dice as far as the steps show them: two different values, or four uses of one;
/// in a game known to roll one die (`one_die`), the one value used.
fn roll_from_steps(steps: &[StepRecord], one_die: Option<bool>) -> Option<Roll> {
    let dice: Vec<u8> = steps
        .iter()
        .filter_map(|s| match *s {
            StepRecord::Die { die, .. } | StepRecord::Forced { die, .. } => Some(die),
            StepRecord::Keeper { .. } => None,
        })
        .collect();
    if one_die == Some(true) {
        return match dice.as_slice() {
            [a] => Roll::single(*a),
            _ => None,
        };
    }
    match dice.as_slice() {
        [a, b] if a != b => Roll::new(*a, *b),
        [a, rest @ ..] if rest.len() >= 2 && rest.iter().all(|d| d == a) => Roll::new(*a, *a),
        _ => None,
    }
}
