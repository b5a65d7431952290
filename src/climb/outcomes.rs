//! Legal outcomes: every distinct way the Move phase can end this turn (§3.2–§3.4, §5),
//! each with one witness move in the §4 notation, and [`is_legal`] which agrees with it.
//!
//! The search walks the states (pawn spaces, moved flags, last mover, uses left, Keepers
//! left, pawns sent to Start) reachable from the current one, visiting each once: a
//! memoised reachability search, not a walk over permutations of steps. Curses do not
//! change any space, so they are combined with the movement outcomes afterwards.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use super::board::{GOAL, START};
use super::card::KeeperEffect;
use super::error::RuleError;
use super::game::{drawing_pawns, resolve_bumps, Game, PawnRef, Phase, Seat};
use super::notation::{self, Token, WrittenStep};
use super::ops::{self, Op};
use super::options::Doubles;

/// A Keeper used in an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KeeperUse {
    PlusMinus { n: u8 },
    SendWithin { distance: u8 },
    Curse { target: Seat },
}

/// One distinct end of the Move phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The player's pawns after bumping (101 = home, 0 after a bump), in pawn order. When
    /// both pawns began the turn together they are interchangeable (§4) and listed low first.
    pub pawns: [u8; 2],
    /// Keepers played, sorted.
    pub keepers_used: Vec<KeeperUse>,
    pub wins: bool,
    /// §3.4: a pawn ends on a red space it did not begin on.
    pub draws_card: bool,
    /// Other players' pawns sent to Start this turn, with the space each stood on.
    pub bumped: Vec<(PawnRef, u8)>,
    /// One move that reaches this outcome, in §4 notation.
    pub witness: String,
}

impl Outcome {
    /// Everything that makes two outcomes different (the witness does not).
    pub fn same_end(&self, other: &Outcome) -> bool {
        self.pawns == other.pawns
            && self.keepers_used == other.keepers_used
            && self.wins == other.wins
            && self.draws_card == other.draws_card
            && self.bumped == other.bumped
    }
}

/// Fast hasher for the packed `u64` search keys.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        // splitmix64 finaliser: good spread for packed keys.
        let mut z = (self.0 ^ n).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
}

type FastSet = HashSet<u64, BuildHasherDefault<KeyHasher>>;
type FastMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// What the search needs to know, taken from the game once.
struct Ctx {
    start: [u8; 2],
    ops: &'static [Op],
    may_stop_at_two: bool,
    /// Playable movement Keepers (±N, send-within) by slot.
    keepers: Vec<KeeperEffect>,
    /// For each slot, the earlier slot with the same effect (play those in order).
    same_as_prev: Vec<Option<usize>>,
    others: Vec<(PawnRef, u8)>,
    /// Both pawns began the turn together and unmoved: they are interchangeable.
    symmetric: bool,
    selected: Option<usize>,
    /// The player's pawn spaces where the search begins (the witness names pawns from here).
    root_pawns: [u8; 2],
}

#[derive(Clone, Copy)]
struct Node {
    pawns: [u8; 2],
    moved: [bool; 2],
    last: Option<usize>,
    left_a: u8,
    left_b: u8,
    value_a: u8,
    value_b: u8,
    keepers_left: u32,
    others_sent: u64,
}

impl Node {
    fn key(&self) -> u64 {
        let last = match self.last {
            None => 0u64,
            Some(p) => p as u64 + 1,
        };
        u64::from(self.pawns[0])
            | u64::from(self.pawns[1]) << 7
            | u64::from(self.moved[0]) << 14
            | u64::from(self.moved[1]) << 15
            | last << 16
            | u64::from(self.left_a) << 18
            | u64::from(self.left_b) << 21
            | u64::from(self.keepers_left) << 24
            | self.others_sent << 48
    }

    fn won(&self) -> bool {
        self.pawns == [GOAL, GOAL]
    }
}

struct Search<'a> {
    ctx: &'a Ctx,
    visited: FastSet,
    found: FastMap<Outcome>,
    path: Vec<WrittenStep>,
}

/// Every distinct way the current Move phase can end, each with a witness. Empty when
/// the game is not in a Move phase.
pub fn legal_outcomes(game: &Game) -> Vec<Outcome> {
    if game.phase != Phase::Move {
        return Vec::new();
    }
    let seat = game.turn.seat;
    let player = &game.players[seat];
    let playable = game.playable_keepers(seat);
    let keepers: Vec<KeeperEffect> = playable
        .iter()
        .map(|&(_, k)| k)
        .filter(|k| !matches!(k, KeeperEffect::Curse))
        .take(24)
        .collect();
    let same_as_prev = (0..keepers.len())
        .map(|i| (0..i).rev().find(|&j| keepers[j] == keepers[i]))
        .collect();
    let others: Vec<(PawnRef, u8)> = game
        .pawns_in_play()
        .filter(|(p, _)| p.seat != seat)
        .take(16)
        .collect();
    let turn = &game.turn;
    let ctx = Ctx {
        start: turn.start_spaces,
        ops: if turn.cursed { &Op::CURSED } else { &Op::ALL },
        may_stop_at_two: game.options.doubles == Doubles::May && turn.roll.is_doubles(),
        keepers,
        same_as_prev,
        others,
        symmetric: player.pawns[0] == player.pawns[1]
            && turn.start_spaces[0] == turn.start_spaces[1]
            && turn.moved == [false, false],
        selected: turn.last_mover,
        root_pawns: player.pawns,
    };
    let root = Node {
        pawns: player.pawns,
        moved: turn.moved,
        last: turn.last_mover,
        left_a: turn.uses.left_a,
        left_b: turn.uses.left_b,
        value_a: turn.uses.value_a,
        value_b: turn.uses.value_b,
        keepers_left: (1u32 << ctx.keepers.len()) - 1,
        others_sent: 0,
    };
    let mut search = Search {
        ctx: &ctx,
        visited: FastSet::default(),
        found: FastMap::default(),
        path: Vec::new(),
    };
    search.visit(root);
    let moves: Vec<Outcome> = search.found.into_values().collect();
    let mut out = with_curses(game, moves);
    out.sort_by(|a, b| {
        (a.pawns, &a.keepers_used, a.wins, &a.bumped).cmp(&(b.pawns, &b.keepers_used, b.wins, &b.bumped))
    });
    out
}

impl Search<'_> {
    fn visit(&mut self, node: Node) {
        if !self.visited.insert(node.key()) {
            return;
        }
        if node.won() {
            self.record(&node);
            return;
        }
        let left = node.left_a + node.left_b;
        if left == 0 || (self.ctx.may_stop_at_two && left == 2) {
            self.record(&node);
        }
        self.dice(&node);
        self.keepers(&node);
    }

    /// Pawns a step may be made with: not home; of two interchangeable pawns, the first.
    fn movable(&self, node: &Node) -> impl Iterator<Item = usize> {
        let twins = self.ctx.symmetric
            && node.pawns[0] == node.pawns[1]
            && node.moved == [false, false];
        let pawns = node.pawns;
        (0..2).filter(move |&p| pawns[p] != GOAL && !(twins && p == 1))
    }

    fn dice(&mut self, node: &Node) {
        let values = [(node.value_a, node.left_a), (node.value_b, node.left_b)];
        for (i, &(value, left)) in values.iter().enumerate() {
            if left == 0 || (i == 1 && node.value_a == node.value_b && node.left_a > 0) {
                continue;
            }
            let usable = node
                .pawns
                .iter()
                .any(|&s| ops::any_legal(s, value, self.ctx.ops));
            for pawn in self.movable(node) {
                let from = node.pawns[pawn];
                if usable {
                    for &op in self.ctx.ops {
                        if let Ok(to) = ops::apply(from, op, value) {
                            self.step(node, i, pawn, to, Token::Die(op, value));
                        }
                    }
                } else {
                    // §3.2 forced move: the pawn goes to Start.
                    self.step(node, i, pawn, START, Token::Forced(value));
                }
            }
        }
    }

    fn step(&mut self, node: &Node, die: usize, pawn: usize, to: u8, token: Token) {
        let mut child = *node;
        if die == 0 {
            child.left_a -= 1;
        } else {
            child.left_b -= 1;
        }
        child.pawns[pawn] = to;
        child.moved[pawn] = true;
        child.last = Some(pawn);
        self.descend(child, Some(pawn), token);
    }

    fn descend(&mut self, child: Node, pawn: Option<usize>, token: Token) {
        self.path.push(WrittenStep {
            pawn,
            token,
            after: child.pawns,
        });
        self.visit(child);
        self.path.pop();
    }

    fn keepers(&mut self, node: &Node) {
        for slot in 0..self.ctx.keepers.len() {
            let bit = 1u32 << slot;
            if node.keepers_left & bit == 0 {
                continue;
            }
            // Of identical Keepers, always play the earliest unused one first.
            if let Some(prev) = self.ctx.same_as_prev[slot] {
                if node.keepers_left & (1 << prev) != 0 {
                    continue;
                }
            }
            match self.ctx.keepers[slot] {
                KeeperEffect::PlusMinus { n } => {
                    for pawn in self.movable(node) {
                        for add in [true, false] {
                            let op = if add { Op::Add } else { Op::Sub };
                            if !self.ctx.ops.contains(&op) {
                                continue;
                            }
                            if let Ok(to) = ops::apply(node.pawns[pawn], op, n) {
                                let mut child = *node;
                                child.keepers_left &= !bit;
                                child.pawns[pawn] = to;
                                child.moved[pawn] = true;
                                child.last = Some(pawn);
                                self.descend(child, Some(pawn), Token::PlusMinus { add, n });
                            }
                        }
                    }
                }
                KeeperEffect::SendWithin { distance } => {
                    for pawn in self.movable(node) {
                        let centre = node.pawns[pawn];
                        let near = |s: u8| s != START && s != GOAL && s.abs_diff(centre) <= distance;
                        let mut child = *node;
                        child.keepers_left &= !bit;
                        let other = 1 - pawn;
                        if near(child.pawns[other]) {
                            child.pawns[other] = START;
                        }
                        for (i, &(_, s)) in self.ctx.others.iter().enumerate() {
                            if child.others_sent & (1 << i) == 0 && near(s) {
                                child.others_sent |= 1 << i;
                            }
                        }
                        let token = Token::SendWithin((distance != 2).then_some(distance));
                        self.descend(child, Some(pawn), token);
                    }
                }
                KeeperEffect::Curse => {}
            }
        }
    }

    fn record(&mut self, node: &Node) {
        let ctx = self.ctx;
        let (pawns, others_sent, draws) = if node.won() {
            (node.pawns, node.others_sent, false)
        } else {
            let spaces: Vec<u8> = ctx
                .others
                .iter()
                .enumerate()
                .map(|(i, &(_, s))| if node.others_sent & (1 << i) != 0 { START } else { s })
                .collect();
            let bump = resolve_bumps(node.pawns, node.moved, node.last, &spaces);
            let draws = !drawing_pawns(bump.own, ctx.start).is_empty();
            (bump.own, node.others_sent | bump.others_sent, draws)
        };
        let pawns = if ctx.symmetric && pawns[0] > pawns[1] {
            [pawns[1], pawns[0]]
        } else {
            pawns
        };
        let key = u64::from(pawns[0])
            | u64::from(pawns[1]) << 7
            | u64::from(node.won()) << 14
            | u64::from(node.keepers_left ^ ((1u32 << ctx.keepers.len()) - 1)) << 15
            | others_sent << 40;
        if self.found.contains_key(&key) {
            return;
        }
        let mut keepers_used: Vec<KeeperUse> = (0..ctx.keepers.len())
            .filter(|&i| node.keepers_left & (1 << i) == 0)
            .map(|i| keeper_use(ctx.keepers[i]))
            .collect();
        keepers_used.sort();
        let bumped = ctx
            .others
            .iter()
            .enumerate()
            .filter(|(i, _)| others_sent & (1 << i) != 0)
            .map(|(_, &o)| o)
            .collect();
        let witness = notation::write(ctx.root_pawns, ctx.selected, &self.path);
        self.found.insert(
            key,
            Outcome {
                pawns,
                keepers_used,
                wins: node.won(),
                draws_card: draws,
                bumped,
                witness,
            },
        );
    }
}

fn keeper_use(k: KeeperEffect) -> KeeperUse {
    match k {
        KeeperEffect::PlusMinus { n } => KeeperUse::PlusMinus { n },
        KeeperEffect::SendWithin { distance } => KeeperUse::SendWithin { distance },
        KeeperEffect::Curse => KeeperUse::Curse { target: 0 },
    }
}

/// Combine movement outcomes with every way of playing the Curses in hand (§6.2): on
/// distinct opponents still playing who are not already cursed.
fn with_curses(game: &Game, moves: Vec<Outcome>) -> Vec<Outcome> {
    let seat = game.turn.seat;
    let curses = game
        .playable_keepers(seat)
        .iter()
        .filter(|(_, k)| *k == KeeperEffect::Curse)
        .count();
    if curses == 0 {
        return moves;
    }
    let targets: Vec<Seat> = (0..game.players.len())
        .filter(|&s| s != seat && !game.players[s].resigned && !game.players[s].cursed_next_turn)
        .collect();
    let mut subsets: Vec<Vec<Seat>> = vec![Vec::new()];
    for mask in 1u32..(1 << targets.len()) {
        if mask.count_ones() as usize <= curses {
            subsets.push(
                (0..targets.len())
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| targets[i])
                    .collect(),
            );
        }
    }
    let mut out = Vec::with_capacity(moves.len() * subsets.len());
    for m in &moves {
        for s in &subsets {
            let mut o = m.clone();
            for &t in s {
                o.keepers_used.push(KeeperUse::Curse { target: t });
                let tok = Token::Curse((t + 1) as u8).to_string();
                o.witness = if o.witness.is_empty() {
                    tok
                } else {
                    format!("{} {tok}", o.witness)
                };
            }
            o.keepers_used.sort();
            out.push(o);
        }
    }
    out
}

/// Check a written move that finishes the Move phase from the current state and return
/// the outcome it reaches (its witness is the move as given, normalised).
pub fn is_legal(game: &Game, text: &str) -> Result<Outcome, RuleError> {
    if game.phase != Phase::Move {
        return Err(match &game.phase {
            Phase::Over => RuleError::GameOver,
            _ => RuleError::ChoicePending(String::from("drawn")),
        });
    }
    let seat = game.turn.seat;
    let tokens = notation::parse(text)?;
    let (_, work) = notation::resolve(game, seat, &tokens)?;
    if !work.is_over() && !work.can_end_move() {
        return Err(RuleError::UsesLeft(work.turn.uses.list()));
    }
    Ok(outcome_of(game, &work, &tokens))
}

/// The outcome of the Move phase played from `before` to `after` (same turn).
fn outcome_of(before: &Game, after: &Game, tokens: &[Token]) -> Outcome {
    let seat = before.turn.seat;
    let others: Vec<(PawnRef, u8)> = before
        .pawns_in_play()
        .filter(|(p, _)| p.seat != seat)
        .collect();
    let wins = after.winner == Some(seat);
    let now: Vec<u8> = others.iter().map(|&(p, _)| after.space_of(p)).collect();
    let (pawns, bumped_mask, draws) = if wins {
        (after.players[seat].pawns, 0, false)
    } else {
        let b = resolve_bumps(
            after.players[seat].pawns,
            after.turn.moved,
            after.turn.last_mover,
            &now,
        );
        (b.own, b.others_sent, !drawing_pawns(b.own, after.turn.start_spaces).is_empty())
    };
    let bumped: Vec<(PawnRef, u8)> = others
        .iter()
        .enumerate()
        .filter(|&(i, &(_, s))| (now[i] == START && s != START) || bumped_mask & (1 << i) != 0)
        .map(|(_, &o)| o)
        .collect();
    let symmetric = before.players[seat].pawns[0] == before.players[seat].pawns[1]
        && before.turn.start_spaces[0] == before.turn.start_spaces[1]
        && before.turn.moved == [false, false];
    let pawns = if symmetric && pawns[0] > pawns[1] {
        [pawns[1], pawns[0]]
    } else {
        pawns
    };
    let mut keepers_used: Vec<KeeperUse> = after.turn.steps[before.turn.steps.len()..]
        .iter()
        .filter_map(|s| match s {
            super::game::StepRecord::Keeper { card, play, .. } => {
                Some(match (before.card(*card).keeper(), play) {
                    (_, super::game::KeeperPlay::Curse { target }) => KeeperUse::Curse { target: *target },
                    (Some(k), _) => keeper_use(k),
                    (None, _) => return None,
                })
            }
            _ => None,
        })
        .collect();
    keepers_used.sort();
    let witness: Vec<String> = tokens.iter().map(|t| t.to_string()).collect();
    Outcome {
        pawns,
        keepers_used,
        wins,
        draws_card: draws,
        bumped,
        witness: witness.join(" "),
    }
}
