//! Every prime a player could play now (§3.2–§3.3), for the AI and for hints
//! ("with these cards you could play 103, 131, 311"). The search runs over the distinct
//! faces in the hand (identical copies are tried once), every order and every value of a
//! multi-number card; the walk applies the play rules as it goes and
//! `tests/engine/daifugo.rs` checks "generated ⇔ legal" against `Game::check_play`.

use super::card::{Card, CardId, Kind};
use super::game::{Action, Game, Seat};
use super::notation;
use super::number::is_prime;

/// One prime play: the cards in order (with announced values) and the number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub cards: Vec<(CardId, Option<u8>)>,
    pub number: u32,
}

impl Candidate {
    pub fn action(&self) -> Action {
        Action::Play {
            cards: self.cards.clone(),
        }
    }
}

/// Every distinct prime play for `seat` against the current play area, sorted by card
/// count then number. One witness per (number, faces used), using as few three-card icon
/// copies as the rules allow.
pub fn playable_primes(game: &Game, seat: Seat) -> Vec<Candidate> {
    // Distinct faces in hand, each with its physical copies.
    let mut classes: Vec<(Card, Vec<CardId>)> = Vec::new();
    for &id in game.hand(seat) {
        let card = game.card(id);
        if !card.kind.is_number() {
            continue;
        }
        match classes.iter_mut().find(|(c, _)| *c == card) {
            Some((_, ids)) => ids.push(id),
            None => classes.push((card, vec![id])),
        }
    }
    let (min, max, above) = match &game.area {
        Some(p) => (p.cards.len(), p.cards.len(), p.number),
        None => (1, 3, 0),
    };
    let mut search = Search {
        classes: &classes,
        min,
        max,
        above,
        used: vec![0; classes.len()],
        seq: [(0, 0); 3],
        len: 0,
        found: Vec::new(),
    };
    search.run(0, false);
    // One witness per (number, faces): fewest icons first, then the first found.
    let mut found = search.found;
    found.sort_by_key(|f| (f.key, f.icons));
    found.dedup_by_key(|f| f.key);
    let mut out: Vec<Candidate> = found
        .into_iter()
        .map(|f| {
            let mut taken = vec![0usize; classes.len()];
            let cards = f.seq[..f.len]
                .iter()
                .map(|&(ci, v)| {
                    let (card, ids) = &classes[ci];
                    let id = ids[taken[ci]];
                    taken[ci] += 1;
                    (id, card.kind.is_multi().then_some(v))
                })
                .collect();
            Candidate {
                cards,
                number: f.key.0,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        (a.cards.len(), a.number, &a.cards).cmp(&(b.cards.len(), b.number, &b.cards))
    });
    out
}

/// Key of a distinct play: the number and the faces used (sorted, padded).
type PlayKey = (u32, [Option<Kind>; 3]);

struct Found {
    key: PlayKey,
    icons: usize,
    seq: [(usize, u8); 3],
    len: usize,
}

/// A depth-first walk over ordered choices of faces and values. It applies the rules of
/// §3.2 as it goes ([0] never first, three cards single-digit with an icon, same count and
/// larger number when following); `tests/engine/daifugo.rs` checks it against `check_play`.
struct Search<'a> {
    classes: &'a [(Card, Vec<CardId>)],
    min: usize,
    max: usize,
    above: u32,
    used: Vec<usize>,
    seq: [(usize, u8); 3],
    len: usize,
    found: Vec<Found>,
}

impl Search<'_> {
    /// `number`: the number read so far; `icon`: a card so far carries the icon.
    fn run(&mut self, number: u32, icon: bool) {
        let len = self.len;
        if len >= self.min {
            self.consider(number);
        }
        if len == self.max {
            return;
        }
        let all_single = self.seq[..len]
            .iter()
            .all(|&(ci, _)| self.classes[ci].0.kind.is_single_digit());
        for ci in 0..self.classes.len() {
            if self.used[ci] == self.classes[ci].1.len() {
                continue;
            }
            let card = self.classes[ci].0;
            // §3.2: the third card completes a three-card play of single-digit cards
            // holding an icon.
            if len == 2 && !(all_single && card.kind.is_single_digit() && (icon || card.icon)) {
                continue;
            }
            for &v in card.kind.values() {
                if len == 0 && v == 0 {
                    continue;
                }
                let shift = if v >= 10 { 100 } else { 10 };
                self.used[ci] += 1;
                self.seq[len] = (ci, v);
                self.len += 1;
                self.run(number * shift + u32::from(v), icon || card.icon);
                self.len -= 1;
                self.used[ci] -= 1;
            }
        }
    }

    fn consider(&mut self, number: u32) {
        if number <= self.above || !is_prime(number) {
            return;
        }
        let seq = &self.seq[..self.len];
        let icons = seq
            .iter()
            .filter(|&&(ci, _)| self.classes[ci].0.icon)
            .count();
        let mut kinds = [None; 3];
        for (k, &(ci, _)) in seq.iter().enumerate() {
            kinds[k] = Some(self.classes[ci].0.kind);
        }
        kinds.sort_unstable();
        self.found.push(Found {
            key: (number, kinds),
            icons,
            seq: self.seq,
            len: self.len,
        });
    }
}

/// The hint sentence for `seat`, e.g. "with these cards you could play 103, 131, 311".
pub fn hint_text(game: &Game, seat: Seat) -> String {
    let mut numbers: Vec<u32> = playable_primes(game, seat)
        .iter()
        .map(|c| c.number)
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    if numbers.is_empty() {
        return "no prime can be played with these cards: draw or pass".into();
    }
    let list: Vec<String> = numbers.iter().map(u32::to_string).collect();
    format!("with these cards you could play {}", list.join(", "))
}

/// The notation of each candidate, e.g. `10 3` for 103 (for listings).
pub fn candidate_notation(game: &Game, c: &Candidate) -> String {
    notation::write_cards(game, &c.cards)
}
