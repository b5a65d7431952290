//! Legal outcomes: every distinct way the Move phase can end this turn (§3.2–§3.4, §5),
//! each with one witness move in the §4 notation, and [`is_legal`] which agrees with it.
//!
//! Two searches, both memoised over states rather than walking permutations of steps:
//! - **Per pawn** (the usual case): each pawn's reachable (space, dice used, Keepers used)
//!   states are searched alone, then pairs with complementary resources are combined. The
//!   pawns only meet again in §3.3 Bump, where the one moved last stays: when both moved,
//!   either order can be played, so both are outcomes.
//! - **Joint** (when pawns are coupled): under the Curse a die may be forced (§3.2), which
//!   depends on both pawns; a Send-within Keeper moves the other pawn; identical Keepers
//!   would be counted twice. Then the search walks joint states (both spaces, moved flags,
//!   last mover, uses, Keepers, pawns sent to Start).
//!
//! Curses move nothing, so they are combined with the movement outcomes afterwards.
//! Results are compact ([`OutcomeList`]); the witness text is written when read.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use super::board::{is_red_space, GOAL, START};
use super::card::KeeperEffect;
use super::dice::Uses;
use super::error::RuleError;
use super::game::{
    drawing_pawns, earns_draw, resolve_bumps, Game, KeeperPlay, PawnRef, Phase, Seat, StepRecord,
};
use super::notation::{self, Token, WrittenStep};
use super::ops::{self, Op};
use super::options::{Course, Doubles};

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
    /// §7 There and Back Again: which pawns have turned at 101.
    pub returning: [bool; 2],
    /// False for a §7 Double Time move that stops at a card draw: the Move phase goes on
    /// after the card, so the witness is only its first part.
    pub ends_move: bool,
    /// §7 Way Stations the player has landed on once this move is made (those of earlier
    /// turns included), in the game's order: two moves to the same spaces that land on
    /// different stations on the way are different ends.
    pub stations: Vec<u8>,
}

impl Outcome {
    /// Everything that makes two outcomes different (the witness does not).
    pub fn same_end(&self, other: &Outcome) -> bool {
        self.pawns == other.pawns
            && self.keepers_used == other.keepers_used
            && self.wins == other.wins
            && self.draws_card == other.draws_card
            && self.bumped == other.bumped
            && self.returning == other.returning
            && self.ends_move == other.ends_move
            && self.stations == other.stations
    }
}

/// Fast hasher for packed `u64` keys.
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
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
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
type WideSet = HashSet<u128, BuildHasherDefault<KeyHasher>>;
type WideMap<V> = HashMap<u128, V, BuildHasherDefault<KeyHasher>>;

/// How a compact outcome's witness is stored.
#[derive(Clone, Copy, Debug)]
enum RawWitness {
    /// Per-pawn search: the path to `a` in the tree of pawn `first`, then the path to `b`
    /// in the other pawn's tree.
    Split { first: u8, a: u32, b: u32 },
    /// Joint search: a run of the arena.
    Arena { start: u32, len: u16 },
}

/// One movement outcome, compact.
#[derive(Clone, Copy, Debug)]
struct Raw {
    pawns: [u8; 2],
    /// Keeper slots used (bit i = `keepers[i]`).
    keepers: u32,
    /// Other pawns sent to Start (bit i = `others[i]`).
    bumped: u32,
    wins: bool,
    draws: bool,
    returning: [bool; 2],
    ends_move: bool,
    /// Way Stations visited (bit i = the i-th station).
    visited: u32,
    witness: RawWitness,
}

/// One state of a single pawn's search.
#[derive(Clone, Copy, Debug)]
struct PawnNode {
    pos: u8,
    used_a: u8,
    used_b: u8,
    keepers: u32,
    parent: u32,
    token: Token,
}

/// Every distinct end of the Move phase, compact. Read with [`OutcomeList::iter`] or
/// [`OutcomeList::get`], which write each witness.
#[derive(Clone, Debug, Default)]
pub struct OutcomeList {
    seat: Seat,
    /// Movement Keepers by slot.
    keepers: Vec<KeeperEffect>,
    others: Vec<(PawnRef, u8)>,
    /// Ways to play the Curses in hand: sets of target seats (the first is "none").
    curse_sets: Vec<Vec<Seat>>,
    root: [u8; 2],
    selected: Option<usize>,
    raw: Vec<Raw>,
    trees: [Vec<PawnNode>; 2],
    arena: Vec<WrittenStep>,
    /// §7 Way Stations in force, in the game's order.
    stations: Vec<u8>,
}

impl OutcomeList {
    pub fn len(&self) -> usize {
        self.raw.len() * self.curse_sets.len().max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th outcome, with its witness written out.
    pub fn get(&self, i: usize) -> Option<Outcome> {
        let sets = self.curse_sets.len().max(1);
        let raw = self.raw.get(i / sets)?;
        let curses: &[Seat] = self.curse_sets.get(i % sets).map_or(&[], |s| s.as_slice());
        Some(self.materialise(raw, curses))
    }

    pub fn iter(&self) -> impl Iterator<Item = Outcome> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
    }

    /// The `i`-th outcome without its witness (empty): cheaper, for scoring many.
    pub fn end(&self, i: usize) -> Option<Outcome> {
        let sets = self.curse_sets.len().max(1);
        let raw = self.raw.get(i / sets)?;
        let curses: &[Seat] = self.curse_sets.get(i % sets).map_or(&[], |s| s.as_slice());
        let mut raw = *raw;
        raw.witness = RawWitness::Arena { start: 0, len: 0 };
        let mut o = self.materialise(&raw, curses);
        o.witness.clear();
        Some(o)
    }

    /// All outcomes, sorted by pawns, Keepers, win and bumps (for listings).
    pub fn sorted(&self) -> Vec<Outcome> {
        let mut v: Vec<Outcome> = self.iter().collect();
        v.sort_by(|a, b| {
            (a.pawns, &a.keepers_used, a.wins, &a.bumped).cmp(&(
                b.pawns,
                &b.keepers_used,
                b.wins,
                &b.bumped,
            ))
        });
        v
    }

    fn materialise(&self, raw: &Raw, curses: &[Seat]) -> Outcome {
        let mut keepers_used: Vec<KeeperUse> = (0..self.keepers.len())
            .filter(|&i| raw.keepers & (1 << i) != 0)
            .map(|i| keeper_use(self.keepers[i]))
            .collect();
        keepers_used.extend(curses.iter().map(|&target| KeeperUse::Curse { target }));
        keepers_used.sort();
        let bumped = self
            .others
            .iter()
            .enumerate()
            .filter(|(i, _)| raw.bumped & (1 << i) != 0)
            .map(|(_, &o)| o)
            .collect();
        // Curses go first: a move may end in a win, after which nothing is played.
        let mut witness = String::new();
        for &t in curses {
            notation::push_word(&mut witness, &Token::Curse((t + 1) as u8));
        }
        let steps = match raw.witness {
            RawWitness::Arena { len: 0, .. } => Vec::new(),
            w => self.witness_steps(w),
        };
        notation::write_into(&mut witness, self.root, self.selected, &steps);
        Outcome {
            pawns: raw.pawns,
            keepers_used,
            wins: raw.wins,
            draws_card: raw.draws,
            bumped,
            witness,
            returning: raw.returning,
            ends_move: raw.ends_move,
            stations: self
                .stations
                .iter()
                .enumerate()
                .filter(|(i, _)| raw.visited & (1 << i) != 0)
                .map(|(_, &s)| s)
                .collect(),
        }
    }

    fn witness_steps(&self, w: RawWitness) -> Vec<WrittenStep> {
        match w {
            RawWitness::Arena { start, len } => {
                self.arena[start as usize..start as usize + len as usize].to_vec()
            }
            RawWitness::Split { first, a, b } => {
                let first = usize::from(first);
                let mut pawns = self.root;
                let mut out = Vec::new();
                for (pawn, leaf) in [(first, a), (1 - first, b)] {
                    let tree = &self.trees[pawn];
                    let mut chain = Vec::new();
                    let mut i = leaf as usize;
                    while i != 0 {
                        chain.push(tree[i]);
                        i = tree[i].parent as usize;
                    }
                    for node in chain.iter().rev() {
                        pawns[pawn] = node.pos;
                        out.push(WrittenStep {
                            pawn: Some(pawn),
                            token: node.token,
                            after: pawns,
                        });
                    }
                }
                out
            }
        }
    }
}

impl IntoIterator for OutcomeList {
    type Item = Outcome;
    type IntoIter = std::vec::IntoIter<Outcome>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter().collect::<Vec<_>>().into_iter()
    }
}

impl<'a> IntoIterator for &'a OutcomeList {
    type Item = Outcome;
    type IntoIter = Box<dyn Iterator<Item = Outcome> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

/// What both searches need to know, taken from the game once.
struct Ctx {
    start: [u8; 2],
    ops: &'static [Op],
    may_stop_at_two: bool,
    cursed: bool,
    keepers: Vec<KeeperEffect>,
    /// For each slot, the earlier slot with the same effect (play those in order).
    same_as_prev: Vec<Option<usize>>,
    others: Vec<(PawnRef, u8)>,
    other_spaces: Vec<u8>,
    /// Both pawns began the turn together and unmoved: they are interchangeable.
    symmetric: bool,
    root_pawns: [u8; 2],
    moved: [bool; 2],
    last_mover: Option<usize>,
    uses: Uses,
    course: Course,
    /// Where a finished pawn ends (Climb 101, Decline 0; There and Back: 0 returning).
    home: u8,
    /// The player's pawns' legs (§7 There and Back Again) where the search begins.
    returning: [bool; 2],
    sprint: bool,
    /// The player's pawns (one in the one-pawn scaffold: pawn 0; the other waits at home,
    /// out of play, and is never counted).
    pawn_count: usize,
    double_time: bool,
    /// §7 Way Stations in force and those the player has visited (bit i = `stations[i]`).
    stations: Vec<u8>,
    visited: u32,
    goal: u8,
}

impl Ctx {
    fn from_game(game: &Game) -> Ctx {
        let seat = game.turn.seat;
        let player = &game.players[seat];
        let keepers: Vec<KeeperEffect> = game
            .playable_keepers(seat)
            .iter()
            .map(|&(_, k)| k)
            .filter(|k| !matches!(k, KeeperEffect::Curse))
            .collect();
        let same_as_prev = (0..keepers.len())
            .map(|i| (0..i).rev().find(|&j| keepers[j] == keepers[i]))
            .collect();
        let others: Vec<(PawnRef, u8)> = game
            .pawns_in_play()
            .filter(|(p, _)| p.seat != seat)
            .collect();
        let turn = &game.turn;
        let stations: Vec<u8> = game.stations.iter().copied().take(24).collect();
        let visited = stations
            .iter()
            .enumerate()
            .filter(|(_, s)| player.stations.contains(s))
            .fold(0u32, |m, (i, _)| m | 1 << i);
        Ctx {
            start: turn.start_spaces,
            // §6.2 Curse, and the add-and-subtract scaffold (no × or ÷).
            ops: game.options.ops(turn.cursed),
            may_stop_at_two: game.options.doubles == Doubles::May && turn.roll.is_doubles(),
            cursed: turn.cursed,
            same_as_prev,
            other_spaces: others.iter().map(|&(_, s)| s).collect(),
            others,
            symmetric: player.pawns[0] == player.pawns[1]
                && player.returning[0] == player.returning[1]
                && turn.start_spaces[0] == turn.start_spaces[1]
                && turn.moved == [false, false],
            root_pawns: player.pawns,
            moved: turn.moved,
            last_mover: turn.last_mover,
            uses: turn.uses,
            course: game.options.course,
            home: game
                .options
                .target_space(game.options.course == Course::ThereAndBack),
            returning: player.returning,
            sprint: game.options.sprint,
            pawn_count: game.options.pawn_count(),
            double_time: game.options.double_time,
            goal: game.options.goal_space(),
            stations,
            visited,
            keepers,
        }
    }

    /// The pawns are independent until the bump: no forced moves, no Keeper that moves
    /// another pawn, no two identical Keepers, a fixed course with no turning point, no
    /// stations still to visit, no step-by-step bumps, and a small enough state space.
    fn pawns_independent(&self) -> bool {
        !self.cursed
            && self.course != Course::ThereAndBack
            && !self.sprint
            && !self.double_time
            && self.stations_done(self.visited)
            && self.keepers.len() <= 10
            && self.others.len() <= 30
            && self
                .keepers
                .iter()
                .all(|k| matches!(k, KeeperEffect::PlusMinus { .. }))
            && self.same_as_prev.iter().all(Option::is_none)
    }

    fn stations_done(&self, visited: u32) -> bool {
        visited.count_ones() as usize == self.stations.len()
    }

    fn start_space(&self, returning: bool) -> u8 {
        match (self.course, returning) {
            (Course::Decline, _) | (Course::ThereAndBack, true) => GOAL,
            _ => START,
        }
    }

    fn is_home(&self, space: u8, returning: bool) -> bool {
        match self.course {
            Course::Climb => space == GOAL,
            Course::Decline => space == START,
            Course::ThereAndBack => returning && space == START,
        }
    }

    /// The final pawns (after bumping), others bumped and the draw, for a non-winning end.
    fn finish(
        &self,
        pawns: [u8; 2],
        moved: [bool; 2],
        last: Option<usize>,
        others: &[u8],
        starts: [u8; 2],
    ) -> ([u8; 2], u32, bool) {
        let b = resolve_bumps(pawns, moved, last, others, starts);
        let draws = earns_draw(b.own, self.start);
        let own = if self.symmetric && b.own[0] > b.own[1] {
            [b.own[1], b.own[0]]
        } else {
            b.own
        };
        (own, b.others_sent as u32, draws)
    }

    /// Bump destinations of the player's own pawns on the per-pawn path (legs fixed).
    fn own_starts(&self) -> [u8; 2] {
        [
            self.start_space(self.returning[0]),
            self.start_space(self.returning[1]),
        ]
    }
}

/// Deduplicates outcomes by (pawns, Keepers, bumps, win).
struct Seen {
    set: FastSet,
}

impl Seen {
    fn first(&mut self, pawns: [u8; 2], keepers: u32, bumped: u32, wins: bool) -> bool {
        let key = u64::from(pawns[0])
            | u64::from(pawns[1]) << 7
            | u64::from(wins) << 14
            | u64::from(keepers) << 15
            | u64::from(bumped) << 32;
        self.set.insert(key)
    }
}

/// Every distinct way the current Move phase can end. Empty outside a Move phase.
pub fn legal_outcomes(game: &Game) -> OutcomeList {
    if game.phase != Phase::Move {
        return OutcomeList::default();
    }
    let ctx = Ctx::from_game(game);
    let mut list = OutcomeList {
        seat: game.turn.seat,
        keepers: ctx.keepers.clone(),
        others: ctx.others.clone(),
        curse_sets: curse_sets(game),
        root: ctx.root_pawns,
        selected: ctx.last_mover,
        stations: ctx.stations.clone(),
        ..OutcomeList::default()
    };
    if ctx.pawns_independent() {
        per_pawn(&ctx, &mut list);
    } else {
        joint(&ctx, &mut list);
    }
    list
}

/// The joint search, whatever the position (used when the pawns are coupled). Public
/// for tests that compare it with the per-pawn search.
#[doc(hidden)]
pub fn legal_outcomes_joint(game: &Game) -> OutcomeList {
    if game.phase != Phase::Move {
        return OutcomeList::default();
    }
    let ctx = Ctx::from_game(game);
    let mut list = OutcomeList {
        seat: game.turn.seat,
        keepers: ctx.keepers.clone(),
        others: ctx.others.clone(),
        curse_sets: curse_sets(game),
        root: ctx.root_pawns,
        selected: ctx.last_mover,
        stations: ctx.stations.clone(),
        ..OutcomeList::default()
    };
    joint(&ctx, &mut list);
    list
}

// ----- per-pawn search ---------------------------------------------------------------

/// Every state one pawn can reach alone from where it stands, breadth first (so each
/// witness is a shortest path). Node 0 is the pawn unmoved.
struct PawnTree {
    nodes: Vec<PawnNode>,
    /// Node index by (space, dice used, Keepers used); `u32::MAX` when unreachable.
    index: Vec<u32>,
    na: usize,
    nb: usize,
    kk: usize,
}

impl PawnTree {
    fn at(&self, pos: u8, a: u8, b: u8, k: u32) -> usize {
        ((usize::from(pos) * self.na + usize::from(a)) * self.nb + usize::from(b)) * self.kk
            + k as usize
    }

    fn node(&self, pos: u8, a: u8, b: u8, k: u32) -> u32 {
        self.index[self.at(pos, a, b, k)]
    }
}

fn pawn_tree(ctx: &Ctx, pawn: usize) -> PawnTree {
    let u = ctx.uses;
    let mut tree = PawnTree {
        nodes: Vec::new(),
        index: Vec::new(),
        na: usize::from(u.left_a) + 1,
        nb: usize::from(u.left_b) + 1,
        kk: 1usize << ctx.keepers.len(),
    };
    tree.index = vec![u32::MAX; 102 * tree.na * tree.nb * tree.kk];
    let root = PawnNode {
        pos: ctx.root_pawns[pawn],
        used_a: 0,
        used_b: 0,
        keepers: 0,
        parent: 0,
        token: Token::Pawn(ctx.root_pawns[pawn]),
    };
    let at = tree.at(root.pos, 0, 0, 0);
    tree.index[at] = 0;
    tree.nodes.push(root);
    let mut i = 0;
    while i < tree.nodes.len() {
        let n = tree.nodes[i];
        if n.pos != ctx.home {
            let push = |child: PawnNode, tree: &mut PawnTree| {
                let at = tree.at(child.pos, child.used_a, child.used_b, child.keepers);
                if tree.index[at] == u32::MAX {
                    tree.index[at] = tree.nodes.len() as u32;
                    tree.nodes.push(child);
                }
            };
            let dice = [
                (u.value_a, n.used_a < u.left_a, true),
                (u.value_b, n.used_b < u.left_b, false),
            ];
            for (value, available, is_a) in dice {
                if !available {
                    continue;
                }
                for &op in ctx.ops {
                    if let Ok(to) = ops::apply(n.pos, op, value) {
                        let child = PawnNode {
                            pos: to,
                            used_a: n.used_a + u8::from(is_a),
                            used_b: n.used_b + u8::from(!is_a),
                            keepers: n.keepers,
                            parent: i as u32,
                            token: Token::Die(op, value),
                        };
                        push(child, &mut tree);
                    }
                }
            }
            for (slot, k) in ctx.keepers.iter().enumerate() {
                let bit = 1u32 << slot;
                let KeeperEffect::PlusMinus { n: value } = *k else {
                    continue;
                };
                if n.keepers & bit != 0 {
                    continue;
                }
                for add in [true, false] {
                    let op = if add { Op::Add } else { Op::Sub };
                    if let Ok(to) = ops::apply(n.pos, op, value) {
                        let child = PawnNode {
                            pos: to,
                            keepers: n.keepers | bit,
                            parent: i as u32,
                            token: Token::PlusMinus { add, n: value },
                            ..n
                        };
                        push(child, &mut tree);
                    }
                }
            }
        }
        i += 1;
    }
    tree
}

/// The set bits of a 128-bit space set, lowest first.
fn spaces(mut bits: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            s
        })
    })
}

fn per_pawn(ctx: &Ctx, list: &mut OutcomeList) {
    let trees = [pawn_tree(ctx, 0), pawn_tree(ctx, 1)];
    let u = ctx.uses;
    let (na, nb, kk) = (trees[0].na, trees[0].nb, trees[0].kk);
    let full = (kk - 1) as u32;
    // Each tree's spaces grouped by (dice used, Keepers used), as bit sets.
    let group_of = |a: u8, b: u8, k: u32| (usize::from(a) * nb + usize::from(b)) * kk + k as usize;
    let mut groups = [vec![0u128; na * nb * kk], vec![0u128; na * nb * kk]];
    for p in 0..2 {
        for n in &trees[p].nodes {
            groups[p][group_of(n.used_a, n.used_b, n.keepers)] |= 1u128 << n.pos;
        }
    }
    let mut trees = trees;
    list.trees = [
        std::mem::take(&mut trees[0].nodes),
        std::mem::take(&mut trees[1].nodes),
    ];
    // Ends already listed: row (Keepers used, final space of pawn 0) → final spaces of pawn 1.
    let mut listed = vec![0u128; kk * 102];
    let mut wins_listed = vec![false; kk];
    let mut seen = Seen {
        set: FastSet::default(),
    };
    // An end is known by its final pawns and Keepers (`listed`), except when another
    // pawn shares one of ours: then whether our pawn moved decides a bump, and ends are
    // compared exactly (`seen`).
    let exact = ctx
        .other_spaces
        .iter()
        .any(|&s| s != START && s != GOAL && ctx.root_pawns.contains(&s));
    let total = usize::from(u.left_a) + usize::from(u.left_b);
    let home = ctx.home;
    let goal = 1u128 << home;
    for a0 in 0..=u.left_a {
        for b0 in 0..=u.left_b {
            for k0 in 0..=full {
                let g0 = groups[0][group_of(a0, b0, k0)];
                if g0 == 0 {
                    continue;
                }
                let comp = full & !k0;
                let mut k1 = comp;
                loop {
                    let ku = k0 | k1;
                    for a1 in 0..=(u.left_a - a0) {
                        for b1 in 0..=(u.left_b - b0) {
                            let g1 = groups[1][group_of(a1, b1, k1)];
                            if g1 == 0 {
                                continue;
                            }
                            // §5: both pawns home wins, with uses left or not.
                            if g0 & goal != 0 && g1 & goal != 0 && !wins_listed[ku as usize] {
                                wins_listed[ku as usize] = true;
                                let i0 = trees[0].node(home, a0, b0, k0);
                                let i1 = trees[1].node(home, a1, b1, k1);
                                list.raw.push(Raw {
                                    pawns: [home, home],
                                    keepers: ku,
                                    bumped: 0,
                                    wins: true,
                                    draws: false,
                                    returning: ctx.returning,
                                    ends_move: true,
                                    visited: ctx.visited,
                                    witness: RawWitness::Split {
                                        first: 0,
                                        a: i0,
                                        b: i1,
                                    },
                                });
                            }
                            let used = usize::from(a0 + a1 + b0 + b1);
                            let may_end =
                                used == total || (ctx.may_stop_at_two && total - used == 2);
                            if !may_end {
                                continue;
                            }
                            for pos0 in spaces(g0) {
                                let i0 = trees[0].node(pos0, a0, b0, k0);
                                let mut g1 = g1;
                                if pos0 == home {
                                    g1 &= !goal;
                                }
                                if exact {
                                    for pos1 in spaces(g1) {
                                        let i1 = trees[1].node(pos1, a1, b1, k1);
                                        combine(ctx, list, &mut seen, [i0, i1], ku);
                                    }
                                    continue;
                                }
                                // The pawns meet: the bump decides, case by case.
                                let meet = 1u128 << pos0;
                                if g1 & meet != 0 {
                                    let i1 = trees[1].node(pos0, a1, b1, k1);
                                    meeting(ctx, list, &mut listed, [i0, i1], pos0, ku);
                                }
                                let apart = g1 & !meet;
                                if ctx.symmetric {
                                    for pos1 in spaces(apart) {
                                        let (lo, hi) = (pos0.min(pos1), pos0.max(pos1));
                                        let row = &mut listed[ku as usize * 102 + usize::from(lo)];
                                        if *row & (1u128 << hi) == 0 {
                                            *row |= 1u128 << hi;
                                            let i1 = trees[1].node(pos1, a1, b1, k1);
                                            push_pair(ctx, list, [i0, i1], [pos0, pos1], ku, None);
                                        }
                                    }
                                } else {
                                    let row = &mut listed[ku as usize * 102 + usize::from(pos0)];
                                    let new = apart & !*row;
                                    *row |= new;
                                    for pos1 in spaces(new) {
                                        let i1 = trees[1].node(pos1, a1, b1, k1);
                                        push_pair(ctx, list, [i0, i1], [pos0, pos1], ku, None);
                                    }
                                }
                            }
                        }
                    }
                    if k1 == 0 {
                        break;
                    }
                    k1 = (k1 - 1) & comp;
                }
            }
        }
    }
}

/// Push the end with pawn 0 on node `idx[0]` and pawn 1 on `idx[1]`; `last` is the pawn
/// moved last (None: decided by who moves now). Returns the end for deduplication.
fn push_pair(
    ctx: &Ctx,
    list: &mut OutcomeList,
    idx: [u32; 2],
    pawns: [u8; 2],
    keepers: u32,
    last: Option<Option<usize>>,
) -> ([u8; 2], u32) {
    let moves_now = [idx[0] != 0, idx[1] != 0];
    let moved = [ctx.moved[0] || moves_now[0], ctx.moved[1] || moves_now[1]];
    let last = last.unwrap_or(match moves_now {
        [_, true] => Some(1),
        [true, false] => Some(0),
        [false, false] => ctx.last_mover,
    });
    let (own, bumped, draws) = ctx.finish(pawns, moved, last, &ctx.other_spaces, ctx.own_starts());
    // The pawn moved last is written last.
    let first = match last {
        Some(1) | None => 0u8,
        Some(_) => 1,
    };
    let (a, b) = if first == 0 {
        (idx[0], idx[1])
    } else {
        (idx[1], idx[0])
    };
    list.raw.push(Raw {
        pawns: own,
        keepers,
        bumped,
        wins: false,
        draws,
        returning: ctx.returning,
        ends_move: true,
        visited: ctx.visited,
        witness: RawWitness::Split { first, a, b },
    });
    (own, bumped)
}

/// Who may have moved last when the pawns end on one space: either, when both move now
/// (their steps interleave freely).
fn lasts(ctx: &Ctx, moves_now: [bool; 2], pawns: [u8; 2]) -> &'static [Option<usize>] {
    match (moves_now, ctx.last_mover) {
        ([true, true], _) if pawns[0] == pawns[1] => &[Some(0), Some(1)],
        ([true, true] | [false, true], _) => &[Some(1)],
        ([true, false], _) => &[Some(0)],
        ([false, false], Some(0)) => &[Some(0)],
        ([false, false], Some(_)) => &[Some(1)],
        ([false, false], None) => &[None],
    }
}

/// Both pawns end on `space`: list each bump order not yet listed.
fn meeting(
    ctx: &Ctx,
    list: &mut OutcomeList,
    listed: &mut [u128],
    idx: [u32; 2],
    space: u8,
    keepers: u32,
) {
    let moves_now = [idx[0] != 0, idx[1] != 0];
    let moved = [ctx.moved[0] || moves_now[0], ctx.moved[1] || moves_now[1]];
    for &last in lasts(ctx, moves_now, [space, space]) {
        let (own, _, _) = ctx.finish(
            [space, space],
            moved,
            last,
            &ctx.other_spaces,
            ctx.own_starts(),
        );
        let row = &mut listed[keepers as usize * 102 + usize::from(own[0])];
        if *row & (1u128 << own[1]) == 0 {
            *row |= 1u128 << own[1];
            push_pair(ctx, list, idx, [space, space], keepers, Some(last));
        }
    }
}

/// Record an end, compared exactly with those listed (bumps included).
fn combine(ctx: &Ctx, list: &mut OutcomeList, seen: &mut Seen, idx: [u32; 2], keepers: u32) {
    let pawns = [
        list.trees[0][idx[0] as usize].pos,
        list.trees[1][idx[1] as usize].pos,
    ];
    let moves_now = [idx[0] != 0, idx[1] != 0];
    let moved = [ctx.moved[0] || moves_now[0], ctx.moved[1] || moves_now[1]];
    for &last in lasts(ctx, moves_now, pawns) {
        let (own, bumped, _) = ctx.finish(pawns, moved, last, &ctx.other_spaces, ctx.own_starts());
        if seen.first(own, keepers, bumped, false) {
            push_pair(ctx, list, idx, pawns, keepers, Some(last));
        }
    }
}

// ----- joint search ------------------------------------------------------------------

#[derive(Clone, Copy)]
struct Node {
    pawns: [u8; 2],
    moved: [bool; 2],
    last: Option<usize>,
    left_a: u8,
    left_b: u8,
    keepers_left: u32,
    others_sent: u64,
    returning: [bool; 2],
    /// Way Stations visited (bit i = `ctx.stations[i]`).
    visited: u32,
    /// §7 Double Time: this step drew a card; the search stops here.
    drew: bool,
}

impl Node {
    fn key(&self) -> u128 {
        let last = match self.last {
            None => 0u128,
            Some(p) => p as u128 + 1,
        };
        u128::from(self.pawns[0])
            | u128::from(self.pawns[1]) << 7
            | u128::from(self.moved[0]) << 14
            | u128::from(self.moved[1]) << 15
            | last << 16
            | u128::from(self.left_a) << 18
            | u128::from(self.left_b) << 21
            | u128::from(self.keepers_left) << 24
            | u128::from(self.others_sent) << 48
            | u128::from(self.returning[0]) << 112
            | u128::from(self.returning[1]) << 113
            | u128::from(self.drew) << 114
            | u128::from(self.visited & 0x1fff) << 115
    }
}

struct Joint<'a> {
    ctx: &'a Ctx,
    visited: WideSet,
    found: WideMap<()>,
    path: Vec<WrittenStep>,
    list: &'a mut OutcomeList,
}

fn joint(ctx: &Ctx, list: &mut OutcomeList) {
    // The search key holds 24 Keeper slots, 64 other pawns and 13 stations; no hand or
    // table is larger.
    let n_keepers = ctx.keepers.len().min(24);
    let root = Node {
        pawns: ctx.root_pawns,
        moved: ctx.moved,
        last: ctx.last_mover,
        left_a: ctx.uses.left_a,
        left_b: ctx.uses.left_b,
        keepers_left: ((1u64 << n_keepers) - 1) as u32,
        others_sent: 0,
        returning: ctx.returning,
        visited: ctx.visited,
        drew: false,
    };
    let mut search = Joint {
        ctx,
        visited: WideSet::default(),
        found: WideMap::default(),
        path: Vec::new(),
        list,
    };
    search.visit(root);
}

impl Joint<'_> {
    fn home(&self, node: &Node, p: usize) -> bool {
        self.ctx.is_home(node.pawns[p], node.returning[p])
    }

    /// §5: every pawn of the player home (Prime Sprint: one). The unused pawn of a
    /// one-pawn game stands at home but is not counted.
    fn won(&self, node: &Node) -> bool {
        let pawns = self.ctx.pawn_count;
        let home = (0..pawns).filter(|&p| self.home(node, p)).count();
        home == pawns || (self.ctx.sprint && home >= 1)
    }

    fn visit(&mut self, node: Node) {
        if !self.visited.insert(node.key()) {
            return;
        }
        if self.won(&node) || node.drew {
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
            && node.returning[0] == node.returning[1]
            && node.moved == [false, false];
        let home = [self.home(node, 0), self.home(node, 1)];
        (0..2).filter(move |&p| !home[p] && (!twins || p == 0))
    }

    /// Where `op` by `value` takes a pawn, if allowed: on the board, and not onto the
    /// goal before every Way Station (§7).
    fn target(&self, node: &Node, from: u8, op: Op, value: u8) -> Option<u8> {
        let to = ops::apply(from, op, value).ok()?;
        if to == self.ctx.goal && !self.ctx.stations_done(node.visited) {
            return None;
        }
        Some(to)
    }

    fn dice(&mut self, node: &Node) {
        let u = self.ctx.uses;
        let values = [(u.value_a, node.left_a), (u.value_b, node.left_b)];
        for (i, &(value, left)) in values.iter().enumerate() {
            if left == 0 || (i == 1 && u.value_a == u.value_b && node.left_a > 0) {
                continue;
            }
            let usable = (0..2).filter(|&p| !self.home(node, p)).any(|p| {
                self.ctx
                    .ops
                    .iter()
                    .any(|&op| self.target(node, node.pawns[p], op, value).is_some())
            });
            for pawn in self.movable(node) {
                let from = node.pawns[pawn];
                if usable {
                    for &op in self.ctx.ops {
                        if let Some(to) = self.target(node, from, op, value) {
                            self.step(node, Some(i), pawn, to, Token::Die(op, value));
                        }
                    }
                } else {
                    // §3.2 forced move: the pawn goes to its Start.
                    let to = self.ctx.start_space(node.returning[pawn]);
                    self.step(node, Some(i), pawn, to, Token::Forced(value));
                }
            }
        }
    }

    /// Apply a step that moves `pawn` to `to` (a die use, a forced move or a ±N Keeper).
    fn step(&mut self, node: &Node, die: Option<usize>, pawn: usize, to: u8, token: Token) {
        let ctx = self.ctx;
        let mut child = *node;
        match die {
            Some(0) => child.left_a -= 1,
            Some(_) => child.left_b -= 1,
            None => {}
        }
        let from = node.pawns[pawn];
        child.pawns[pawn] = to;
        child.moved[pawn] = true;
        child.last = Some(pawn);
        if let Some(i) = ctx.stations.iter().position(|&s| s == to) {
            child.visited |= 1 << i;
        }
        if ctx.course == Course::ThereAndBack && to == GOAL && !child.returning[pawn] {
            child.returning[pawn] = true;
        }
        if ctx.double_time && !self.won(&child) {
            // §7 Double Time: bump at once, then draw if the pawn landed anew on red.
            if to != START && to != GOAL {
                let other = 1 - pawn;
                if child.pawns[other] == to && !self.home(&child, other) {
                    child.pawns[other] = ctx.start_space(child.returning[other]);
                }
                for (i, &s) in ctx.other_spaces.iter().enumerate().take(64) {
                    if s == to && child.others_sent & (1 << i) == 0 {
                        child.others_sent |= 1 << i;
                    }
                }
            }
            child.drew = from != to && is_red_space(to) && to != ctx.start[pawn];
        }
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
        for slot in 0..self.ctx.keepers.len().min(24) {
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
                            if let Some(to) = self.target(node, node.pawns[pawn], op, n) {
                                let mut from = *node;
                                from.keepers_left &= !bit;
                                self.step(&from, None, pawn, to, Token::PlusMinus { add, n });
                            }
                        }
                    }
                }
                KeeperEffect::SendWithin { distance } => {
                    for pawn in self.movable(node) {
                        let centre = node.pawns[pawn];
                        let mut child = *node;
                        child.keepers_left &= !bit;
                        let other = 1 - pawn;
                        let other_start = self.ctx.start_space(child.returning[other]);
                        if !self.home(&child, other)
                            && child.pawns[other] != other_start
                            && child.pawns[other].abs_diff(centre) <= distance
                        {
                            child.pawns[other] = other_start;
                        }
                        // Other pawns in play on 0 or 101 stand on their Start already.
                        for (i, &s) in self.ctx.other_spaces.iter().enumerate().take(64) {
                            if child.others_sent & (1 << i) == 0
                                && s != START
                                && s != GOAL
                                && s.abs_diff(centre) <= distance
                            {
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
        let used = node.keepers_left ^ (((1u64 << ctx.keepers.len().min(24)) - 1) as u32);
        let won = self.won(node);
        let (pawns, bumped, draws) = if won || ctx.double_time {
            // A win ends everything; in Double Time every step has bumped already.
            let pawns = if ctx.symmetric && node.pawns[0] > node.pawns[1] {
                [node.pawns[1], node.pawns[0]]
            } else {
                node.pawns
            };
            (pawns, node.others_sent as u32, node.drew && !won)
        } else {
            let spaces: Vec<u8> = ctx
                .other_spaces
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    if node.others_sent & (1 << i) != 0 {
                        START
                    } else {
                        s
                    }
                })
                .collect();
            let starts = [
                ctx.start_space(node.returning[0]),
                ctx.start_space(node.returning[1]),
            ];
            let (own, bumped, draws) =
                ctx.finish(node.pawns, node.moved, node.last, &spaces, starts);
            (own, bumped | node.others_sent as u32, draws)
        };
        let returning = if ctx.symmetric && node.pawns[0] > node.pawns[1] {
            [node.returning[1], node.returning[0]]
        } else {
            node.returning
        };
        let key = u128::from(pawns[0])
            | u128::from(pawns[1]) << 7
            | u128::from(won) << 14
            | u128::from(used) << 15
            | u128::from(bumped) << 40
            | u128::from(returning[0]) << 104
            | u128::from(returning[1]) << 105
            | u128::from(node.drew) << 106
            | u128::from(draws) << 107
            | u128::from(node.visited & 0x1fff) << 108;
        if self.found.insert(key, ()).is_some() {
            return;
        }
        let start = self.list.arena.len() as u32;
        self.list.arena.extend_from_slice(&self.path);
        self.list.raw.push(Raw {
            pawns,
            keepers: used,
            bumped,
            wins: won,
            draws,
            returning,
            ends_move: won || !node.drew,
            visited: node.visited,
            witness: RawWitness::Arena {
                start,
                len: self.path.len() as u16,
            },
        });
    }
}

fn keeper_use(k: KeeperEffect) -> KeeperUse {
    match k {
        KeeperEffect::PlusMinus { n } => KeeperUse::PlusMinus { n },
        KeeperEffect::SendWithin { distance } => KeeperUse::SendWithin { distance },
        KeeperEffect::Curse => KeeperUse::Curse { target: 0 },
    }
}

/// Every way of playing the Curses in hand (§6.2): none, or distinct opponents still
/// playing who are not already cursed, at most one per Curse card.
fn curse_sets(game: &Game) -> Vec<Vec<Seat>> {
    let seat = game.turn.seat;
    let curses = game
        .playable_keepers(seat)
        .iter()
        .filter(|(_, k)| *k == KeeperEffect::Curse)
        .count();
    let mut sets: Vec<Vec<Seat>> = vec![Vec::new()];
    if curses == 0 {
        return sets;
    }
    let targets: Vec<Seat> = (0..game.players.len())
        .filter(|&s| s != seat && !game.players[s].resigned && !game.players[s].cursed_next_turn)
        .collect();
    for mask in 1u32..(1 << targets.len()) {
        if mask.count_ones() as usize <= curses {
            sets.push(
                (0..targets.len())
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| targets[i])
                    .collect(),
            );
        }
    }
    sets
}

/// Check a written move that finishes the Move phase from the current state and return
/// the outcome it reaches (its witness is the move as given, normalised).
pub fn is_legal(game: &Game, text: &str) -> Result<Outcome, RuleError> {
    match &game.phase {
        Phase::Move => {}
        Phase::Over => return Err(RuleError::GameOver),
        Phase::Choice(p) => return Err(RuleError::ChoicePending(p.card)),
    }
    let seat = game.turn.seat;
    // Nothing written: ending the Move phase as it stands (all dice already used).
    let tokens = if text.trim().is_empty() {
        Vec::new()
    } else {
        notation::parse(text)?
    };
    // With no cards to draw, a draw changes nothing but is still seen in the events
    // (§7 Double Time: a move stops at its first draw).
    let mut base = game.clone();
    base.draw_pile.clear();
    base.discard.clear();
    let mut draws = Vec::new();
    let work = notation::resolve_owned(base, seat, &tokens, &mut draws)?.game;
    if let Some(i) = draws.iter().position(|&drew| drew) {
        if i + 1 < draws.len() {
            return Err(RuleError::DrawMidMove { step: i + 1 });
        }
    }
    let drew_last = draws.last().copied().unwrap_or(false);
    if !work.is_over() && !drew_last && !work.can_end_move() {
        return Err(RuleError::UsesLeft(work.turn.uses.list()));
    }
    Ok(outcome_of(game, &work, &tokens, drew_last))
}

/// The outcome of the Move phase played from `before` to `after` (same turn).
fn outcome_of(before: &Game, after: &Game, tokens: &[Token], drew_last: bool) -> Outcome {
    let seat = before.turn.seat;
    let others: Vec<(PawnRef, u8)> = before
        .pawns_in_play()
        .filter(|(p, _)| p.seat != seat)
        .collect();
    let wins = after.winner == Some(seat);
    let now: Vec<u8> = others.iter().map(|&(p, _)| after.space_of(p)).collect();
    let double_time = before.options.double_time;
    let (pawns, bumped_mask, draws) = if wins {
        (after.players[seat].pawns, 0, false)
    } else if double_time {
        (after.players[seat].pawns, 0, drew_last)
    } else {
        let starts = [
            after.start_of(PawnRef { seat, pawn: 0 }),
            after.start_of(PawnRef { seat, pawn: 1 }),
        ];
        let b = resolve_bumps(
            after.players[seat].pawns,
            after.turn.moved,
            after.turn.last_mover,
            &now,
            starts,
        );
        (
            b.own,
            b.others_sent,
            !drawing_pawns(b.own, after.turn.start_spaces).is_empty(),
        )
    };
    let bumped: Vec<(PawnRef, u8)> = others
        .iter()
        .enumerate()
        .filter(|&(i, &(p, s))| {
            let back = after.start_of(p);
            (now[i] == back && s != back) || bumped_mask & (1 << i) != 0
        })
        .map(|(_, &o)| o)
        .collect();
    let player = &before.players[seat];
    let symmetric = player.pawns[0] == player.pawns[1]
        && player.returning[0] == player.returning[1]
        && before.turn.start_spaces[0] == before.turn.start_spaces[1]
        && before.turn.moved == [false, false];
    let mut returning = after.players[seat].returning;
    let pawns = if symmetric && pawns[0] > pawns[1] {
        returning.swap(0, 1);
        [pawns[1], pawns[0]]
    } else {
        pawns
    };
    let mut keepers_used: Vec<KeeperUse> = after.turn.steps[before.turn.steps.len()..]
        .iter()
        .filter_map(|s| match s {
            StepRecord::Keeper { card, play, .. } => match (before.card(*card).keeper(), play) {
                (_, KeeperPlay::Curse { target }) => Some(KeeperUse::Curse { target: *target }),
                (Some(k), _) => Some(keeper_use(k)),
                (None, _) => None,
            },
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
        returning,
        ends_move: wins || !(double_time && drew_last),
        stations: after
            .stations
            .iter()
            .copied()
            .filter(|s| after.players[seat].stations.contains(s))
            .collect(),
    }
}

impl OutcomeList {
    /// The seat these outcomes are for.
    pub fn seat(&self) -> Seat {
        self.seat
    }
}
