//! The exact solitaire solver: for the card-free one-player game, the fewest expected
//! turns to finish from every position, by value iteration over every pair of pawns and
//! the 100 equally likely rolls. Owns its own fast turn enumerator (per-pawn reachable
//! spaces as bitsets); it reads the board arithmetic from [`super::ops`] and must not
//! call [`super::legal_outcomes`] (a million calls would take minutes). Pure: no I/O.
//!
//! The equation solved, for every position `s` that is not finished:
//! `V(s) = 1 + (1/100) Σ_rolls min_{o ∈ ends(s, roll)} V(o)`, with `V(finished) = 0`.
//!
//! Rules followed (the rule book, without cards, opponents or the Curse):
//! - §3.1: doubles give four uses and all four must be used; otherwise both dice are used.
//! - §3.2: every intermediate result is a space (0..=101), division is exact, `0 − d` is
//!   illegal, `0 × d = 0` and `0 ÷ d = 0` are legal (all of it from [`super::ops::apply`]).
//! - §5: a pawn reaching exactly 101 goes home; later uses must go to the other pawn. The
//!   player wins the moment the second pawn is home, even with uses left.
//! - §3.3: when both pawns end on one space (not 0, not 101), the one that arrived last
//!   stays and the other goes to Start. On the Climb course that is always `{0, X}`.
//!
//! **There and Back Again** (§7, Solitaire 2), with these project rulings:
//! - Each pawn climbs, on its own, to exactly 101, where it turns back. It stays on the
//!   board and may go on moving with uses left in the same turn (from 101 only `−d`, and
//!   `×1`/`÷1` which stay there, are legal).
//! - A returning pawn uses all four operations like any pawn (it may go up again, though
//!   never past 101) and finishes when it lands exactly on 0. A finished pawn leaves play:
//!   no more uses on it; remaining uses must go to the other pawn.
//! - The player wins when both pawns have finished, even with uses left.
//! - Start (0) and the turning point (101) never bump. Two pawns ending on one space
//!   otherwise: the one that arrived last stays (the player chooses when both moved,
//!   since either can be moved last); the other, if climbing, goes to 0, and if
//!   returning, goes to 101 (still returning).
//! - A pawn is (space, climbing | returning): climbing on 0..=100, returning on 1..=101
//!   (101 is the turning point), or finished: 203 pawn states.
//!
//! Lookups of two pawns on one space (never the case between turns) answer for the
//! position after §3.3, taking the better bump when the player could choose.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::board::{GOAL, START};
use super::dice::Roll;
use super::ops::{self, Op};

/// Which solitaire course is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Course {
    /// Solitaire 1 without cards: both pawns to 101.
    Climb,
    /// Solitaire 2 without cards: both pawns to 101 and back to 0 (§7).
    ThereAndBack,
}

/// Convergence: value iteration stops when no value moved more than this in a sweep.
pub const TOLERANCE: f64 = 1e-9;

// ----- pawns as indices ------------------------------------------------------------
//
// Each course numbers its pawn states by progress, so nearer the goal is a larger index.
// Climb: index = space, 101 = home (finished). There and Back: climbing on s is s (0..=100),
// returning on s is 202 − s (101 = turning point … 201 = returning on 1, 202 = finished).

impl Course {
    /// Number of pawn states (indices `0..n`).
    fn pawn_states(self) -> usize {
        match self {
            Course::Climb => 102,
            Course::ThereAndBack => 203,
        }
    }

    /// The index of a finished pawn (home, or back on 0 after turning).
    fn finished(self) -> u8 {
        match self {
            Course::Climb => GOAL,
            Course::ThereAndBack => 2 * GOAL,
        }
    }

    /// The space a pawn index stands on (a finished pawn: its last space).
    fn space(self, k: u8) -> u8 {
        match self {
            Course::Climb => k,
            Course::ThereAndBack if k <= GOAL => k,
            Course::ThereAndBack => 2 * GOAL - k,
        }
    }

    fn returning(self, k: u8) -> bool {
        self == Course::ThereAndBack && k >= GOAL
    }

    /// The pawn index of (space, returning); `None` if there is no such pawn.
    fn index(self, space: u8, returning: bool) -> Option<u8> {
        if space > GOAL {
            return None;
        }
        match (self, returning) {
            (Course::Climb, false) => Some(space),
            (Course::Climb, true) => None,
            (Course::ThereAndBack, false) if space < GOAL => Some(space),
            (Course::ThereAndBack, _) => Some(2 * GOAL - space),
        }
    }

    /// The pawn (space, returning) of an index, as the public API writes it.
    fn pawn(self, k: u8) -> (u8, bool) {
        (self.space(k), self.returning(k))
    }

    /// The index after a pawn `k` moves to space `to`. Climbing onto 101 turns it back
    /// (index 101 either way); a returning pawn on 0 has finished.
    fn after_step(self, k: u8, to: u8) -> u8 {
        if self.returning(k) {
            2 * GOAL - to
        } else {
            to
        }
    }

    /// §3.3 (and §7 There and Back): where a bumped own pawn goes.
    fn bumped_to(self, k: u8) -> u8 {
        if self.returning(k) {
            GOAL
        } else {
            START
        }
    }

    /// §3.3: whether two pawn indices standing together at the end of a move bump.
    /// Start and 101 never bump; a finished pawn is off the board.
    fn collide(self, x: u8, y: u8) -> bool {
        let s = self.space(x);
        s == self.space(y) && s != START && s != GOAL && x != self.finished()
    }

    /// A position to solve: not both finished, and not two pawns on one space (which
    /// never happens between turns).
    fn is_position(self, x: u8, y: u8) -> bool {
        let both_finished = x == self.finished() && y == x;
        !both_finished && !self.collide(x, y)
    }

    /// §3.3: the two pawns after a collision where `stays` arrived last, low index first.
    fn resolve(self, stays: u8, bumped: u8) -> (u8, u8) {
        sorted(stays, self.bumped_to(bumped))
    }

    fn name(self) -> &'static str {
        match self {
            Course::Climb => "climb",
            Course::ThereAndBack => "there-and-back",
        }
    }
}

impl std::fmt::Display for Course {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

fn sorted(a: u8, b: u8) -> (u8, u8) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

// ----- a set of pawn indices ---------------------------------------------------------

/// A set of pawn indices (at most 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PawnSet([u64; 4]);

impl PawnSet {
    fn one(k: u8) -> PawnSet {
        let mut s = PawnSet::default();
        s.insert(k);
        s
    }

    fn insert(&mut self, k: u8) {
        self.0[usize::from(k >> 6)] |= 1 << (k & 63);
    }

    fn contains(self, k: u8) -> bool {
        self.0[usize::from(k >> 6)] & (1 << (k & 63)) != 0
    }

    fn union(&mut self, other: PawnSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    fn without(mut self, k: u8) -> PawnSet {
        self.0[usize::from(k >> 6)] &= !(1 << (k & 63));
        self
    }

    fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn for_each(self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                f(w * 64 + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
    }

    fn iter(self) -> impl Iterator<Item = u8> {
        (0..=255u8).filter(move |&k| self.contains(k))
    }
}

// ----- the turn enumerator -----------------------------------------------------------

/// The multisets of die uses one pawn can be given in a turn: none, one value, two
/// different values, or two to four copies of a doubled value.
fn use_multisets() -> Vec<Vec<u8>> {
    let mut m: Vec<Vec<u8>> = vec![vec![]];
    m.extend((1..=10).map(|d| vec![d]));
    for a in 1..=10u8 {
        m.extend((a + 1..=10).map(|b| vec![a, b]));
    }
    for c in 2..=4 {
        m.extend((1..=10).map(|d| vec![d; c]));
    }
    m
}

/// One distinct roll (order of the dice does not matter) and its ways to split the uses
/// between the pawns, as pairs of multiset ids (0 = no uses).
#[derive(Clone, Debug)]
struct RollSplits {
    roll: Roll,
    /// How many of the 100 ordered rolls this is (2, or 1 for doubles).
    weight: f64,
    splits: Vec<(u8, u8)>,
}

/// Every per-pawn fact the solver needs, computed once per course.
#[derive(Clone, Debug)]
struct Moves {
    course: Course,
    n: usize,
    /// Number of multisets of uses (ids `0..ids`).
    ids: usize,
    /// `reach[k * ids + id]`: where pawn `k` can end using exactly the uses of multiset
    /// `id`, in some order, without finishing before the last use.
    reach: Vec<PawnSet>,
    /// `home[k * ids + id]`: pawn `k` can finish using some of the uses of `id`.
    home: Vec<bool>,
    rolls: Vec<RollSplits>,
}

impl Moves {
    fn new(course: Course) -> Moves {
        let n = course.pawn_states();
        let fin = course.finished();
        let multisets = use_multisets();
        let id_of = |uses: &[u8]| {
            multisets
                .iter()
                .position(|m| m.as_slice() == uses)
                .map(|i| i as u8)
        };
        // One step of one value: §3.2 through the engine's own arithmetic.
        let step = |k: u8, d: u8| {
            let mut s = PawnSet::default();
            if k != fin {
                let from = course.space(k);
                for op in Op::ALL {
                    if let Ok(to) = ops::apply(from, op, d) {
                        s.insert(course.after_step(k, to));
                    }
                }
            }
            s
        };
        let ids = multisets.len();
        let mut reach = vec![PawnSet::default(); ids * n];
        let mut home = vec![false; ids * n];
        // Multisets are listed by size, so every smaller one is done before it is needed.
        for (id, uses) in multisets.iter().enumerate() {
            for k in 0..n as u8 {
                let cell = usize::from(k) * ids + id;
                if uses.is_empty() {
                    reach[cell] = PawnSet::one(k);
                    home[cell] = k == fin;
                    continue;
                }
                let mut ends = PawnSet::default();
                let mut finishes = false;
                let mut distinct = uses.clone();
                distinct.dedup();
                for &d in &distinct {
                    let mut rest = uses.clone();
                    if let Some(i) = rest.iter().position(|&u| u == d) {
                        rest.remove(i);
                    }
                    let Some(rest_id) = id_of(&rest) else {
                        continue;
                    };
                    let rest_id = usize::from(rest_id);
                    // Use `d` first, then the rest; a pawn that finished takes no more uses.
                    let first = step(k, d);
                    if rest.is_empty() {
                        ends.union(first);
                    } else {
                        first
                            .without(fin)
                            .for_each(|q| ends.union(reach[q * ids + rest_id]));
                    }
                    finishes |= home[usize::from(k) * ids + rest_id];
                }
                finishes |= ends.contains(fin);
                reach[cell] = ends;
                home[cell] = finishes;
            }
        }
        let mut rolls = Vec::new();
        for a in 1..=10u8 {
            for b in a..=10u8 {
                let id = |u: &[u8]| id_of(u).unwrap_or(0);
                let splits = if a == b {
                    (0..=4)
                        .map(|c| (id(&vec![a; c]), id(&vec![a; 4 - c])))
                        .collect()
                } else {
                    vec![
                        (id(&[a, b]), 0),
                        (id(&[a]), id(&[b])),
                        (id(&[b]), id(&[a])),
                        (0, id(&[a, b])),
                    ]
                };
                rolls.push(RollSplits {
                    roll: Roll { a, b },
                    weight: if a == b { 1.0 } else { 2.0 },
                    splits,
                });
            }
        }
        Moves {
            course,
            n,
            ids,
            reach,
            home,
            rolls,
        }
    }

    fn reach(&self, id: u8, k: u8) -> PawnSet {
        self.reach[usize::from(k) * self.ids + usize::from(id)]
    }

    fn home(&self, id: u8, k: u8) -> bool {
        self.home[usize::from(k) * self.ids + usize::from(id)]
    }

    /// §5: both pawns can finish this turn with disjoint parts of the roll.
    fn wins(&self, r: &RollSplits, p: (u8, u8)) -> bool {
        r.splits
            .iter()
            .any(|&(m1, m2)| self.home(m1, p.0) && self.home(m2, p.1))
    }

    /// Every distinct end of the turn from pawns `p` with this roll: the pawns after
    /// §3.3, low index first, and whether it wins. Wins come first.
    fn ends(&self, r: &RollSplits, p: (u8, u8)) -> Vec<((u8, u8), bool)> {
        let fin = self.course.finished();
        let mut out: Vec<((u8, u8), bool)> = Vec::new();
        if self.wins(r, p) {
            out.push(((fin, fin), true));
        }
        let mut rest = Vec::new();
        for &(m1, m2) in &r.splits {
            let (a, b) = (self.reach(m1, p.0), self.reach(m2, p.1));
            for x in a.iter() {
                for y in b.iter() {
                    if x == fin && y == fin {
                        continue; // a win, listed above
                    }
                    if !self.course.collide(x, y) {
                        rest.push(sorted(x, y));
                        continue;
                    }
                    // §3.3: the pawn that arrived last stays; either, when both moved.
                    if m1 != 0 {
                        rest.push(self.course.resolve(x, y));
                    }
                    if m2 != 0 {
                        rest.push(self.course.resolve(y, x));
                    }
                }
            }
        }
        rest.sort_unstable();
        rest.dedup();
        out.extend(rest.into_iter().map(|e| (e, false)));
        out
    }
}

// ----- the value table ---------------------------------------------------------------

/// The solved values of one course: expected turns to finish from every pair of pawns.
#[derive(Clone, Debug)]
pub struct Values {
    course: Course,
    n: usize,
    /// `table[x * n + y]`: expected turns from pawns `x`, `y` (symmetric). Cells where
    /// two pawns share a space hold the value after §3.3 when both moved.
    table: Vec<f64>,
    moves: Moves,
    sweeps: usize,
}

/// One end of a turn, with the expected number of turns left after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TurnEnd {
    /// The pawns after §3.3 as (space, returning); a finished pawn is `(101, false)` on the
    /// Climb course and `(0, true)` on There and Back.
    pub pawns: [(u8, bool); 2],
    pub wins: bool,
    /// Expected turns still to play after this one (0 for a win).
    pub expected: f64,
}

impl Values {
    pub fn course(&self) -> Course {
        self.course
    }

    /// Expected turns to finish from these pawns (Climb: spaces 0..=101, 101 = home).
    ///
    /// # Panics
    /// If these are not Climb values or a space is above 101.
    pub fn climb(&self, pawns: [u8; 2]) -> f64 {
        assert_eq!(
            self.course,
            Course::Climb,
            "climb() asked of {} values",
            self.course
        );
        assert!(
            pawns.iter().all(|&p| p <= GOAL),
            "pawns {pawns:?}: spaces are 0 to 101"
        );
        self.cell(pawns[0], pawns[1])
    }

    /// There and Back Again: pawn = (space, returning). `(0, true)` is a finished pawn;
    /// `(101, _)` is a pawn at the turning point.
    ///
    /// # Panics
    /// If these are not There and Back values or a space is above 101.
    pub fn there_and_back(&self, pawns: [(u8, bool); 2]) -> f64 {
        assert_eq!(
            self.course,
            Course::ThereAndBack,
            "there_and_back() asked of {} values",
            self.course
        );
        self.get(pawns)
            .unwrap_or_else(|| panic!("pawns {pawns:?}: spaces are 0 to 101"))
    }

    /// Expected turns from these pawns, written (space, returning) on either course
    /// (`returning` must be false on the Climb course); `None` if there is no such pawn.
    pub fn get(&self, pawns: [(u8, bool); 2]) -> Option<f64> {
        let x = self.course.index(pawns[0].0, pawns[0].1)?;
        let y = self.course.index(pawns[1].0, pawns[1].1)?;
        Some(self.cell(x, y))
    }

    /// Expected turns from Start (both pawns on 0) with the best play.
    pub fn from_start(&self) -> f64 {
        self.cell(START, START)
    }

    /// How many Gauss-Seidel sweeps the solve took.
    pub fn sweeps(&self) -> usize {
        self.sweeps
    }

    /// Every distinct end of one turn from `pawns` with `roll`, best first (fewest expected
    /// turns left; ties low pawns first). `None` if there is no such pawn.
    pub fn turn_ends(&self, pawns: [(u8, bool); 2], roll: Roll) -> Option<Vec<TurnEnd>> {
        let x = self.course.index(pawns[0].0, pawns[0].1)?;
        let y = self.course.index(pawns[1].0, pawns[1].1)?;
        let (a, b) = sorted(roll.a, roll.b);
        let r = self
            .moves
            .rolls
            .iter()
            .find(|r| (r.roll.a, r.roll.b) == (a, b))?;
        let fin = self.course.finished();
        if x == fin && y == fin {
            return Some(Vec::new());
        }
        let mut ends: Vec<TurnEnd> = self
            .moves
            .ends(r, (x, y))
            .into_iter()
            .map(|((p, q), wins)| TurnEnd {
                pawns: [self.course.pawn(p), self.course.pawn(q)],
                wins,
                expected: if wins { 0.0 } else { self.cell(p, q) },
            })
            .collect();
        ends.sort_by(|a, b| a.expected.total_cmp(&b.expected));
        Some(ends)
    }

    fn cell(&self, x: u8, y: u8) -> f64 {
        self.table[usize::from(x) * self.n + usize::from(y)]
    }
}

// ----- value iteration ---------------------------------------------------------------

/// A cell of the table where two pawns share a space: its value is read from the
/// position(s) §3.3 leaves, kept up to date as those change.
#[derive(Clone, Copy, Debug)]
struct SharedCell {
    x: u8,
    y: u8,
    /// The position if `x` stays (arrived last), and if `y` stays.
    x_stays: (u8, u8),
    y_stays: (u8, u8),
}

/// A policy entry: the roll wins outright.
const WIN: u32 = u32::MAX;
/// A policy entry: the cell is in `Solver::still`, not `Solver::both`.
const STILL_BIT: u32 = 1 << 30;
/// Cheap policy-evaluation sweeps between two full sweeps, at most.
const MAX_POLICY_SWEEPS: usize = 200;
/// Positions per unit of work handed to a thread.
const CHUNK: usize = 64;

/// Work for up to two threads (the machine this runs on has two cores).
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |t| t.get().min(2))
}

/// One slot of `Solver::best_with` to fill: its multiset id and its block of the tables.
type PrepareTask<'a> = (u8, &'a mut [f64], &'a mut [u8]);
/// Positions from this index on: their new values and policy entries.
type SweepTask<'a> = (usize, &'a mut [f64], &'a mut [u32]);

struct Solver<'a> {
    moves: &'a Moves,
    n: usize,
    /// `both[x * n + y]`: the value after a turn ending on `x`, `y` where both pawns
    /// moved (symmetric; where they share a space the player picks who arrived last).
    both: Vec<f64>,
    /// `still[q * n + x]`: only the other pawn moved, to `x`, while this one stayed on
    /// `q`; on a shared space the one that moved arrived last and stays.
    still: Vec<f64>,
    /// The transpose of `still` (`moved[x * n + q]`), for reading along `q`.
    moved: Vec<f64>,
    shared: Vec<SharedCell>,
    /// For each position (by cell of its low-first pair), the shared cells reading it.
    readers: Vec<Vec<u32>>,
    /// Multiset id → its slot in `best_with`, for the multisets one pawn is given when
    /// both pawns move (one die, or one to three copies of a double).
    slot: Vec<Option<usize>>,
    /// For a full sweep: `best_with[(slot * n + x) * n + q]` is the best value over every
    /// end `y` of a pawn on `q` given that multiset, with the other pawn ending on `x`;
    /// `best_y` holds that `y`. Shared by every position, so the min over pairs of ends
    /// costs one lookup per end of one pawn. Laid out so that positions next to each
    /// other (same `x` side, `q` one apart) read neighbouring entries.
    best_with: Vec<f64>,
    best_y: Vec<u8>,
}

impl Solver<'_> {
    fn new(moves: &Moves, shared: Vec<SharedCell>, readers: Vec<Vec<u32>>) -> Solver<'_> {
        let n = moves.n;
        let mut slot = vec![None; moves.ids];
        let mut slots = 0;
        for r in &moves.rolls {
            for &(m1, m2) in &r.splits {
                if m1 != 0 && m2 != 0 {
                    for m in [m1, m2] {
                        if slot[usize::from(m)].is_none() {
                            slot[usize::from(m)] = Some(slots);
                            slots += 1;
                        }
                    }
                }
            }
        }
        Solver {
            moves,
            n,
            both: vec![0.0; n * n],
            still: vec![0.0; n * n],
            moved: vec![0.0; n * n],
            shared,
            readers,
            slot,
            best_with: vec![f64::INFINITY; slots * n * n],
            best_y: vec![0; slots * n * n],
        }
    }

    fn set(&mut self, (x, y): (u8, u8), v: f64) {
        let n = self.n;
        let (x, y) = (usize::from(x), usize::from(y));
        for c in [x * n + y, y * n + x] {
            self.both[c] = v;
            self.still[c] = v;
            self.moved[c] = v;
        }
        for &i in &self.readers[x * n + y] {
            let c = self.shared[i as usize];
            let value = |(p, q): (u8, u8)| self.both[usize::from(p) * n + usize::from(q)];
            let (vx, vy) = (value(c.x_stays), value(c.y_stays));
            let (cx, cy) = (usize::from(c.x), usize::from(c.y));
            self.both[cx * n + cy] = vx.min(vy);
            self.both[cy * n + cx] = vx.min(vy);
            // Only x moved: x arrived last and stays.
            self.still[cy * n + cx] = vx;
            self.moved[cx * n + cy] = vx;
            self.still[cx * n + cy] = vy;
            self.moved[cy * n + cx] = vy;
        }
    }

    fn value(&self, (x, y): (u8, u8)) -> f64 {
        self.both[usize::from(x) * self.n + usize::from(y)]
    }

    /// Fill `best_with` and `best_y` from the current values, one slot per thread task.
    fn prepare(&mut self) {
        let n = self.n;
        let mut slot_ids = vec![0u8; self.best_with.len() / (n * n)];
        for (m, s) in self.slot.iter().enumerate() {
            if let Some(s) = *s {
                slot_ids[s] = m as u8;
            }
        }
        let (moves, both) = (self.moves, &self.both);
        let mut work: Vec<Vec<PrepareTask>> = (0..threads()).map(|_| Vec::new()).collect();
        let blocks = self
            .best_with
            .chunks_mut(n * n)
            .zip(self.best_y.chunks_mut(n * n));
        for (s, (best, arg)) in blocks.enumerate() {
            let t = s % work.len();
            work[t].push((slot_ids[s], best, arg));
        }
        std::thread::scope(|scope| {
            for part in work {
                scope.spawn(move || {
                    let mut row_best = vec![0.0; n];
                    let mut row_arg = vec![0u8; n];
                    for (m, best, arg) in part {
                        for q in 0..n {
                            row_best.fill(f64::INFINITY);
                            // `both` is symmetric: row y holds the value for every x.
                            moves.reach(m, q as u8).for_each(|y| {
                                let values = &both[y * n..y * n + n];
                                let rows = row_best.iter_mut().zip(row_arg.iter_mut());
                                for ((b, a), &v) in rows.zip(values) {
                                    if v < *b {
                                        *b = v;
                                        *a = y as u8;
                                    }
                                }
                            });
                            for x in 0..n {
                                best[x * n + q] = row_best[x];
                                arg[x * n + q] = row_arg[x];
                            }
                        }
                    }
                });
            }
        });
    }

    /// One Bellman backup of position `p`, using `wins` (bit i: roll i wins). Writes the
    /// best end for each roll into `policy` (a cell of `both`, or of `still` with
    /// [`STILL_BIT`] set, or [`WIN`]). Needs [`Solver::prepare`] first.
    fn backup(&self, p: (u8, u8), wins: u64, policy: &mut [u32]) -> f64 {
        let n = self.n;
        let (p0, p1) = (usize::from(p.0), usize::from(p.1));
        let still = &self.still[p0 * n..p0 * n + n];
        let mut total = 0.0;
        for (i, r) in self.moves.rolls.iter().enumerate() {
            if wins & (1 << i) != 0 {
                policy[i] = WIN;
                continue;
            }
            let mut best = f64::INFINITY;
            let mut best_cell = WIN;
            let mut consider = |v: f64, cell: usize| {
                if v < best {
                    best = v;
                    best_cell = cell as u32;
                }
            };
            for &(m1, m2) in &r.splits {
                let a = self.moves.reach(m1, p.0);
                let b = self.moves.reach(m2, p.1);
                if m1 == 0 {
                    // The first pawn stays on p0, the second ends on y.
                    b.for_each(|y| consider(still[y], STILL_BIT as usize | (p0 * n + y)));
                } else if m2 == 0 {
                    // The second pawn stays on p1, the first ends on x.
                    a.for_each(|x| {
                        consider(self.moved[x * n + p1], STILL_BIT as usize | (p1 * n + x))
                    });
                } else if let (Some(s1), Some(s2)) =
                    (self.slot[usize::from(m1)], self.slot[usize::from(m2)])
                {
                    // The min over every pair of ends: walk the smaller side.
                    if a.len() <= b.len() {
                        a.for_each(|x| {
                            let e = (s2 * n + x) * n + p1;
                            let y = usize::from(self.best_y[e]);
                            consider(self.best_with[e], x * n + y);
                        });
                    } else {
                        b.for_each(|y| {
                            let e = (s1 * n + y) * n + p0;
                            let x = usize::from(self.best_y[e]);
                            consider(self.best_with[e], x * n + y);
                        });
                    }
                }
            }
            policy[i] = best_cell;
            total += r.weight * best;
        }
        1.0 + total / 100.0
    }

    /// Value iteration over `positions` until no value moves by [`TOLERANCE`]; returns
    /// the number of full sweeps. `pairs`: some position has both pawns in play.
    ///
    /// Modified policy iteration: a full sweep takes, for every position and roll, the
    /// min over every end of the turn (Jacobi, on two threads) and records the best end;
    /// replaying those choices costs one lookup per roll, so Gauss-Seidel sweeps of that
    /// policy then carry the values along before the next full sweep. Only a full sweep
    /// can end the loop: at the end no value moves by `TOLERANCE` under the Bellman
    /// equation itself.
    fn iterate(&mut self, positions: &[(u8, u8)], wins: &[u64], pairs: bool) -> usize {
        let rolls = self.moves.rolls.len();
        let mut policy = vec![WIN; positions.len() * rolls];
        let mut fresh = vec![0.0; positions.len()];
        let mut order: Vec<usize> = (0..positions.len()).collect();
        let mut sweeps = 0;
        loop {
            if pairs {
                self.prepare();
            }
            self.full_sweep(positions, wins, &mut fresh, &mut policy);
            let mut change: f64 = 0.0;
            for (&p, &v) in positions.iter().zip(&fresh) {
                change = change.max((v - self.value(p)).abs());
                self.set(p, v);
            }
            sweeps += 1;
            if change < TOLERANCE {
                return sweeps;
            }
            // Gauss-Seidel converges fastest when a position's successors are updated
            // before it: positions nearer the goal (lower values) first.
            order.sort_by(|&i, &j| {
                self.value(positions[i])
                    .total_cmp(&self.value(positions[j]))
            });
            let target = (change * 1e-3).max(TOLERANCE * 1e-2);
            for _ in 0..MAX_POLICY_SWEEPS {
                let mut eval_change: f64 = 0.0;
                for &i in &order {
                    let p = positions[i];
                    let v = self.evaluate(&policy[i * rolls..(i + 1) * rolls]);
                    eval_change = eval_change.max((v - self.value(p)).abs());
                    self.set(p, v);
                }
                if eval_change < target {
                    break;
                }
            }
        }
    }

    /// One Jacobi sweep of full backups: `fresh[i]` and the policy of `positions[i]` from
    /// the current values, on up to two threads. Needs [`Solver::prepare`] first when a
    /// position has both pawns in play.
    fn full_sweep(
        &self,
        positions: &[(u8, u8)],
        wins: &[u64],
        fresh: &mut [f64],
        policy: &mut [u32],
    ) {
        let this = self;
        let rolls = this.moves.rolls.len();
        let mut work: Vec<Vec<SweepTask>> = (0..threads()).map(|_| Vec::new()).collect();
        let chunks = fresh
            .chunks_mut(CHUNK)
            .zip(policy.chunks_mut(CHUNK * rolls));
        for (c, (f, pol)) in chunks.enumerate() {
            let t = c % work.len();
            work[t].push((c * CHUNK, f, pol));
        }
        std::thread::scope(|scope| {
            for part in work {
                scope.spawn(move || {
                    for (first, f, pol) in part {
                        for (j, v) in f.iter_mut().enumerate() {
                            let i = first + j;
                            let choices = &mut pol[j * rolls..(j + 1) * rolls];
                            *v = this.backup(positions[i], wins[i], choices);
                        }
                    }
                });
            }
        });
    }

    /// The value of a position when each roll is played as `policy` says.
    fn evaluate(&self, policy: &[u32]) -> f64 {
        let mut total = 0.0;
        for (r, &cell) in self.moves.rolls.iter().zip(policy) {
            let v = if cell == WIN {
                0.0
            } else if cell & STILL_BIT != 0 {
                self.still[(cell & !STILL_BIT) as usize]
            } else {
                self.both[cell as usize]
            };
            total += r.weight * v;
        }
        1.0 + total / 100.0
    }
}

/// Solve a course by value iteration to [`TOLERANCE`].
pub fn solve(course: Course) -> Values {
    let moves = Moves::new(course);
    let n = moves.n;
    let fin = course.finished();
    // The positions to solve (low index first) and which rolls win outright from each.
    let mut positions: Vec<(u8, u8)> = Vec::new();
    for x in 0..n as u8 {
        for y in x..n as u8 {
            if course.is_position(x, y) {
                positions.push((x, y));
            }
        }
    }
    let wins: Vec<u64> = positions
        .iter()
        .map(|&p| {
            moves
                .rolls
                .iter()
                .enumerate()
                .filter(|(_, r)| moves.wins(r, p))
                .fold(0, |m, (i, _)| m | 1 << i)
        })
        .collect();
    let mut shared = Vec::new();
    let mut readers = vec![Vec::new(); n * n];
    for x in 0..n as u8 {
        for y in 0..n as u8 {
            if course.collide(x, y) {
                let c = SharedCell {
                    x,
                    y,
                    x_stays: course.resolve(x, y),
                    y_stays: course.resolve(y, x),
                };
                for (p, q) in [c.x_stays, c.y_stays] {
                    readers[usize::from(p) * n + usize::from(q)].push(shared.len() as u32);
                }
                shared.push(c);
            }
        }
    }
    let mut solver = Solver::new(&moves, shared, readers);
    // First the positions with one pawn finished: they only lead to each other, so they
    // solve alone (the first guess, one turn per pawn step, only decides the speed).
    let (alone, alone_wins): (Vec<(u8, u8)>, Vec<u64>) = positions
        .iter()
        .zip(&wins)
        .filter(|(p, _)| p.1 == fin)
        .unzip();
    for &(x, y) in &alone {
        let left = usize::from(fin) - usize::from(x);
        solver.set((x, y), 1.0 + 8.0 * left as f64 / f64::from(fin));
    }
    solver.iterate(&alone, &alone_wins, false);
    // Then every position, from a first guess built on those one-pawn values (a fit
    // that is within about 0.3 turns on both courses; it only decides the speed).
    let one = |x: u8| solver.value((x, fin));
    let guesses: Vec<f64> = positions
        .iter()
        .map(|&(x, y)| {
            let (a, b) = (one(x), one(y));
            0.75 * a.max(b) + 0.67 * a.min(b)
        })
        .collect();
    for (&p, &v) in positions.iter().zip(&guesses) {
        if p.1 != fin {
            solver.set(p, v);
        }
    }
    let sweeps = solver.iterate(&positions, &wins, true);
    Values {
        course,
        n,
        table: solver.both,
        moves,
        sweeps,
    }
}

/// The values of a course, solved once per process and then shared.
pub fn values(course: Course) -> &'static Values {
    cell(course).get_or_init(|| solve(course))
}

/// Whether this process has solved the course already, so [`values`] answers at once
/// (the first call solves it: 0.4 s of CPU for the Climb, 2 s for There and Back).
pub fn is_solved(course: Course) -> bool {
    cell(course).get().is_some()
}

fn cell(course: Course) -> &'static OnceLock<Values> {
    static CLIMB: OnceLock<Values> = OnceLock::new();
    static THERE_AND_BACK: OnceLock<Values> = OnceLock::new();
    match course {
        Course::Climb => &CLIMB,
        Course::ThereAndBack => &THERE_AND_BACK,
    }
}

/// Standard climb values, cached: expected turns to finish from `pawns` (101 = home).
///
/// # Panics
/// If a space is above 101.
pub fn expected_turns(pawns: [u8; 2]) -> f64 {
    values(Course::Climb).climb(pawns)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    // `super::super` is `crate::climb` (the architecture test forbids the text `crate::cli…`).
    use super::super::{legal_outcomes, Game, Options, PositionSetup};

    fn climb() -> &'static Values {
        values(Course::Climb)
    }

    fn there_and_back() -> &'static Values {
        values(Course::ThereAndBack)
    }

    /// The engine's ends of one turn, as sorted pawn pairs (101 = home).
    fn engine_ends(pawns: [u8; 2], roll: Roll) -> BTreeSet<(u8, u8)> {
        let setup = PositionSetup {
            pawns: vec![pawns],
            keepers: vec![vec![]],
            to_move: 0,
            roll: Some(roll),
            cursed: false,
        };
        let game = Game::from_position(Options::default(), &setup, 1).expect("a position");
        legal_outcomes(&game)
            .iter()
            .map(|o| {
                if o.wins {
                    (GOAL, GOAL)
                } else {
                    sorted(o.pawns[0], o.pawns[1])
                }
            })
            .collect()
    }

    fn solver_ends(values: &Values, pawns: [(u8, bool); 2], roll: Roll) -> BTreeSet<(u8, u8)> {
        values
            .turn_ends(pawns, roll)
            .expect("a position")
            .iter()
            .map(|e| sorted(e.pawns[0].0, e.pawns[1].0))
            .collect()
    }

    #[test]
    fn climb_turn_ends_agree_with_legal_outcomes() {
        let mut rng = ChaCha8Rng::seed_from_u64(2024);
        let mut checked = 0;
        // Fixed corners first: Start, a pawn home, next to home, §8.5 and §8.6.
        let mut cases: Vec<([u8; 2], Roll)> = vec![
            ([0, 0], Roll { a: 3, b: 3 }),
            ([0, 101], Roll { a: 1, b: 1 }),
            ([99, 101], Roll { a: 2, b: 5 }),
            ([98, 4], Roll { a: 7, b: 7 }),
            ([97, 100], Roll { a: 2, b: 2 }),
            ([4, 26], Roll { a: 3, b: 9 }),
        ];
        while cases.len() < 600 {
            let a = rng.gen_range(0..=GOAL);
            let b = rng.gen_range(0..=GOAL);
            // Two pawns never share a space between turns, except on Start.
            if (a == GOAL && b == GOAL) || (a == b && a != START) {
                continue;
            }
            // Doubles are rare among random rolls; give them a fair share.
            let roll = if rng.gen_bool(0.3) {
                let d = rng.gen_range(1..=10);
                Roll { a: d, b: d }
            } else {
                Roll {
                    a: rng.gen_range(1..=10),
                    b: rng.gen_range(1..=10),
                }
            };
            cases.push(([a, b], roll));
        }
        for (pawns, roll) in cases {
            let ours = solver_ends(climb(), [(pawns[0], false), (pawns[1], false)], roll);
            assert_eq!(
                ours,
                engine_ends(pawns, roll),
                "pawns {pawns:?}, roll {roll}"
            );
            checked += 1;
        }
        assert_eq!(checked, 600);
    }

    /// One pawn's ends with `uses`, written from first principles: the pawn is
    /// (space, returning); `None` marks finishing (a win, the other pawn being done).
    fn first_principles_ends(
        pawn: (i32, bool),
        uses: &[i32],
        turn_at_101: bool,
        out: &mut BTreeSet<Option<(i32, bool)>>,
    ) {
        for (i, &d) in uses.iter().enumerate() {
            if uses[..i].contains(&d) {
                continue;
            }
            let rest: Vec<i32> = uses[..i].iter().chain(&uses[i + 1..]).copied().collect();
            let (x, returning) = pawn;
            let mut next = vec![x + d, x - d, x * d];
            if x % d == 0 {
                next.push(x / d);
            }
            for t in next.into_iter().filter(|t| (0..=101).contains(t)) {
                let finished = if turn_at_101 {
                    returning && t == 0
                } else {
                    t == 101
                };
                if finished {
                    out.insert(None);
                    continue;
                }
                let state = (t, returning || (turn_at_101 && t == 101));
                if rest.is_empty() {
                    out.insert(Some(state));
                } else {
                    first_principles_ends(state, &rest, turn_at_101, out);
                }
            }
        }
    }

    /// Value iteration for one pawn alone (the other finished), from first principles.
    fn one_pawn_values(turn_at_101: bool) -> Vec<((i32, bool), f64)> {
        let mut states: Vec<(i32, bool)> = (0..=100).map(|s| (s, false)).collect();
        if turn_at_101 {
            states.extend((1..=101).map(|s| (s, true)));
        }
        let index = |s: (i32, bool)| states.iter().position(|&t| t == s).expect("a state");
        // For each state and ordered roll: None if it wins, else the ends' indices.
        let table: Vec<Vec<Option<Vec<usize>>>> = states
            .iter()
            .map(|&s| {
                let mut per_roll = Vec::new();
                for a in 1..=10 {
                    for b in 1..=10 {
                        let uses = if a == b { vec![a; 4] } else { vec![a, b] };
                        let mut out = BTreeSet::new();
                        first_principles_ends(s, &uses, turn_at_101, &mut out);
                        per_roll.push(if out.contains(&None) {
                            None
                        } else {
                            Some(out.into_iter().flatten().map(index).collect())
                        });
                    }
                }
                per_roll
            })
            .collect();
        let mut v = vec![0.0f64; states.len()];
        for _ in 0..100_000 {
            let next: Vec<f64> = table
                .iter()
                .map(|rolls| {
                    let sum: f64 = rolls
                        .iter()
                        .map(|ends| match ends {
                            None => 0.0,
                            Some(e) => e.iter().map(|&j| v[j]).fold(f64::INFINITY, f64::min),
                        })
                        .sum();
                    1.0 + sum / 100.0
                })
                .collect();
            let change = next
                .iter()
                .zip(&v)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            v = next;
            if change < 1e-13 {
                break;
            }
        }
        states.into_iter().zip(v).collect()
    }

    #[test]
    fn one_pawn_climb_matches_a_first_principles_computation() {
        for ((x, _), expected) in one_pawn_values(false) {
            let got = climb().climb([x as u8, GOAL]);
            assert!(
                (got - expected).abs() < 1e-9,
                "pawn on {x}: solver {got}, first principles {expected}"
            );
            // The pawns are interchangeable.
            assert_eq!(climb().climb([GOAL, x as u8]), got);
        }
    }

    #[test]
    fn one_pawn_there_and_back_matches_a_first_principles_computation() {
        for ((x, returning), expected) in one_pawn_values(true) {
            let got = there_and_back().there_and_back([(x as u8, returning), (0, true)]);
            assert!(
                (got - expected).abs() < 1e-9,
                "pawn on {x} (returning: {returning}): solver {got}, first principles {expected}"
            );
        }
    }

    #[test]
    fn finished_is_zero_and_start_is_the_most_turns() {
        assert_eq!(climb().climb([GOAL, GOAL]), 0.0);
        assert_eq!(there_and_back().there_and_back([(0, true), (0, true)]), 0.0);
        let start = climb().from_start();
        assert_eq!(start, climb().climb([0, 0]));
        assert!(start > climb().climb([0, GOAL]));
        assert!(there_and_back().from_start() > start);
    }

    #[test]
    fn expected_turns_from_start() {
        // The numbers in the README; a change here is a change of rules or of solver.
        assert!((expected_turns([START, START]) - 8.980_492_907).abs() < 1e-8);
        assert!((there_and_back().from_start() - 15.196_375_701).abs() < 1e-8);
        assert_eq!(expected_turns([40, 77]), climb().climb([77, 40]));
    }

    #[test]
    fn values_fall_towards_the_goal() {
        let v = climb();
        assert!(v.climb([100, GOAL]) < v.climb([0, GOAL]));
        assert!(v.climb([0, GOAL]) < v.climb([0, 50]));
        assert!(v.climb([0, 50]) < v.climb([0, 0]));
        // §8.6: 99 with a 2 to come wins more often than from 98.
        assert!(v.climb([99, GOAL]) < v.climb([0, GOAL]));
        let t = there_and_back();
        assert!(
            t.there_and_back([(5, true), (0, true)]) < t.there_and_back([(5, false), (0, true)])
        );
        assert!(
            t.there_and_back([(101, true), (0, true)]) < t.there_and_back([(0, false), (0, true)])
        );
        assert!(t.there_and_back([(0, false), (0, true)]) < t.from_start());
    }

    #[test]
    fn values_are_symmetric() {
        for v in [climb(), there_and_back()] {
            let pawns = |k: u8| v.course.pawn(k);
            for x in 0..v.n as u8 {
                for y in 0..v.n as u8 {
                    let (a, b) = (pawns(x), pawns(y));
                    assert_eq!(v.get([a, b]), v.get([b, a]), "{a:?} {b:?}");
                }
            }
        }
    }

    /// The Bellman equation, recomputed with the slow turn enumerator (the one checked
    /// against the engine), holds at every `step`-th position.
    fn bellman_residual(v: &Values, step: usize) -> f64 {
        let mut worst: f64 = 0.0;
        let positions = (0..v.n as u8)
            .flat_map(|x| (x..v.n as u8).map(move |y| (x, y)))
            .filter(|&(x, y)| v.course.is_position(x, y))
            .step_by(step);
        for p in positions {
            let mut total = 0.0;
            for r in &v.moves.rolls {
                let ends = v.moves.ends(r, p);
                assert!(!ends.is_empty(), "{p:?} has no move with {}", r.roll);
                let best = ends
                    .into_iter()
                    .map(|((a, b), wins)| if wins { 0.0 } else { v.cell(a, b) })
                    .fold(f64::INFINITY, f64::min);
                total += r.weight * best;
            }
            worst = worst.max((1.0 + total / 100.0 - v.cell(p.0, p.1)).abs());
        }
        worst
    }

    #[test]
    fn climb_bellman_residual_is_tiny() {
        assert!(bellman_residual(climb(), 1) < 1e-8);
    }

    #[test]
    fn there_and_back_bellman_residual_is_tiny() {
        assert!(bellman_residual(there_and_back(), 7) < 1e-8);
    }

    #[test]
    fn solve_is_repeatable() {
        let again = solve(Course::Climb);
        assert_eq!(again.table, climb().table);
    }

    fn ends(v: &Values, pawns: [(u8, bool); 2], roll: (u8, u8)) -> Vec<TurnEnd> {
        v.turn_ends(
            pawns,
            Roll {
                a: roll.0,
                b: roll.1,
            },
        )
        .expect("a position")
    }

    fn has(ends: &[TurnEnd], pawns: [(u8, bool); 2]) -> bool {
        ends.iter().any(|e| {
            let mut a = e.pawns;
            let mut b = pawns;
            a.sort_unstable();
            b.sort_unstable();
            a == b
        })
    }

    #[test]
    fn section_5_second_pawn_home_wins_with_uses_left() {
        // §8.6: 99 +2 wins; the 5 is not used.
        let e = ends(climb(), [(99, false), (GOAL, false)], (2, 5));
        assert!(e[0].wins);
        assert_eq!(e[0].expected, 0.0);
    }

    #[test]
    fn section_3_1_doubles_use_all_four() {
        // Alone on 0 with double 1s: exactly four steps of ±1, ×1 or ÷1.
        let e = ends(climb(), [(0, false), (GOAL, false)], (1, 1));
        let spaces: BTreeSet<u8> = e.iter().map(|e| e.pawns[0].0.min(e.pawns[1].0)).collect();
        assert_eq!(spaces, (0..=4).collect());
    }

    #[test]
    fn section_3_3_own_pawns_on_one_space_send_one_to_start() {
        // 38 +5 +2 ends on 45, where the other pawn stands: it goes to Start.
        let e = ends(climb(), [(38, false), (45, false)], (5, 2));
        assert!(
            has(&e, [(0, false), (45, false)]),
            "38 +5 +2 bumps the pawn on 45"
        );
        assert_eq!(climb().climb([45, 45]), climb().climb([0, 45]));
    }

    #[test]
    fn there_and_back_pawn_turns_at_101_and_keeps_moving() {
        let e = ends(there_and_back(), [(96, false), (0, true)], (5, 3));
        assert!(
            has(&e, [(98, true), (0, true)]),
            "96 +5 = 101, turns, −3 = 98"
        );
        // From the turning point only −d, ×1 and ÷1 are legal.
        let e = ends(there_and_back(), [(101, true), (0, true)], (1, 1));
        let spaces: BTreeSet<u8> = e.iter().map(|e| e.pawns[0].0.max(e.pawns[1].0)).collect();
        assert_eq!(spaces, (97..=101).collect());
        assert!(e.iter().all(|e| e.pawns.contains(&(0, true))));
    }

    #[test]
    fn there_and_back_finish_exactly_on_0_wins_with_uses_left() {
        let e = ends(there_and_back(), [(3, true), (0, true)], (3, 7));
        assert!(e[0].wins, "3 −3 = 0 finishes; the 7 is not used");
        // A climbing pawn on 3 only reaches 0, it does not finish.
        let e = ends(there_and_back(), [(3, false), (0, true)], (3, 7));
        assert!(!e.iter().any(|e| e.wins));
    }

    #[test]
    fn there_and_back_bumped_pawn_goes_back_to_its_own_start() {
        // Climbing on 40, returning on 47, roll 5 and 2: both land on 45. Either can be
        // moved last: the climbing one bumped goes to 0, the returning one to 101.
        let e = ends(there_and_back(), [(40, false), (47, true)], (5, 2));
        assert!(has(&e, [(0, false), (45, true)]));
        assert!(has(&e, [(45, false), (101, true)]));
        // Only the climbing pawn moves (38 +5 +2 = 45): it arrived last and stays.
        let e = ends(there_and_back(), [(38, false), (45, true)], (5, 2));
        assert!(has(&e, [(45, false), (101, true)]));
        assert!(!has(&e, [(0, false), (45, true)]));
    }
}
