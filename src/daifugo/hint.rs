//! Every prime a player could play now (§3.2–§3.3), for the AI and for hints
//! ("with these cards you could play 103, 131, 311"). The search runs over the distinct
//! faces in the hand (identical copies are tried once), every order and every value of a
//! multi-number card; each candidate is checked by `Game::check_play`, so "generated ⇒
//! legal" holds by construction.

use std::collections::HashMap;

use super::card::{Card, CardId, Kind};
use super::game::{Action, Game, Seat};
use super::notation;
use super::number::{concat, is_prime};

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
    let counts: Vec<usize> = match &game.area {
        Some(p) => vec![p.cards.len()],
        None => vec![1, 2, 3],
    };
    let mut best: HashMap<(u32, Vec<Kind>), (usize, Candidate)> = HashMap::new();
    let mut used = vec![0usize; classes.len()];
    let mut seq: Vec<(usize, u8)> = Vec::with_capacity(3);
    let max = counts.iter().copied().max().unwrap_or(0);
    search(
        game, seat, &classes, &counts, max, &mut used, &mut seq, &mut best,
    );
    let mut out: Vec<Candidate> = best.into_values().map(|(_, c)| c).collect();
    out.sort_by(|a, b| {
        (a.cards.len(), a.number, &a.cards).cmp(&(b.cards.len(), b.number, &b.cards))
    });
    out
}

#[allow(clippy::too_many_arguments)]
fn search(
    game: &Game,
    seat: Seat,
    classes: &[(Card, Vec<CardId>)],
    counts: &[usize],
    max: usize,
    used: &mut [usize],
    seq: &mut Vec<(usize, u8)>,
    best: &mut HashMap<(u32, Vec<Kind>), (usize, Candidate)>,
) {
    if counts.contains(&seq.len()) {
        let values: Vec<u8> = seq.iter().map(|&(_, v)| v).collect();
        let number = concat(&values);
        if is_prime(number) {
            let cards: Vec<(CardId, Option<u8>)> = {
                let mut taken = vec![0usize; classes.len()];
                seq.iter()
                    .map(|&(ci, v)| {
                        let (card, ids) = &classes[ci];
                        let id = ids[taken[ci]];
                        taken[ci] += 1;
                        (id, card.kind.is_multi().then_some(v))
                    })
                    .collect()
            };
            if game.check_play(seat, &cards).is_ok() {
                let icons = seq.iter().filter(|&&(ci, _)| classes[ci].0.icon).count();
                let mut kinds: Vec<Kind> = seq.iter().map(|&(ci, _)| classes[ci].0.kind).collect();
                kinds.sort_unstable();
                let entry = best.entry((number, kinds));
                let cand = Candidate { cards, number };
                entry
                    .and_modify(|e| {
                        if icons < e.0 {
                            *e = (icons, cand.clone());
                        }
                    })
                    .or_insert((icons, cand));
            }
        }
    }
    if seq.len() == max {
        return;
    }
    for ci in 0..classes.len() {
        if used[ci] == classes[ci].1.len() {
            continue;
        }
        let kind = classes[ci].0.kind;
        // §3.2: [0] never first; three cards are single-digit only.
        if max == 3 && seq.len() == 2 && !kind.is_single_digit() {
            continue;
        }
        for &v in kind.values() {
            if seq.is_empty() && v == 0 {
                continue;
            }
            used[ci] += 1;
            seq.push((ci, v));
            search(game, seat, classes, counts, max, used, seq, best);
            seq.pop();
            used[ci] -= 1;
        }
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
