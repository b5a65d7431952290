//! The players' notation, in two stages (like SAN in shakmaty): text is parsed into a
//! [`Written`] command without looking at the game, then [`resolve`]d against the hand
//! into an [`Action`] naming physical cards.
//!
//! - `3 10`: the cards [3] then [10], read as 310 (order matters);
//! - `5/9:9`, `4/6/8:6`: a multi-number card and the value it is played as;
//! - `skip`, `pass`, `draw`, `d` (play a D card), `discard 4` (after a D card).
//!
//! Resolution prefers copies without the three-card icon, so icons stay in hand, unless a
//! three-card play needs one.

use super::card::{CardId, Kind};
use super::error::{ParseError, PlayError, RuleError};
use super::game::{Action, Game, Seat};

/// One card as written: its face and, for a multi-number card, the announced value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenCard {
    pub kind: Kind,
    pub value: Option<u8>,
}

/// A command as typed, not yet checked against a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    Draw,
    D,
    Discard(WrittenCard),
    Play(Vec<WrittenCard>),
    Skip,
    Pass,
}

/// A word as quoted back in a message (at most 20 characters).
fn quoted(word: &str) -> String {
    word.chars().take(20).collect()
}

/// Values printed on number cards (§1).
fn is_card_value(n: u8) -> bool {
    n <= 13 || n == 17 || n == 19
}

/// Parse one card word: `3`, `[10]`, `5/9:9`, `4/6/8:4`, `5/9` (value missing).
pub fn parse_card(word: &str) -> Result<WrittenCard, RuleError> {
    let w = word.trim().trim_start_matches('[').trim_end_matches(']');
    let (face, value) = match w.split_once(':') {
        Some((f, v)) => {
            let v = v
                .trim()
                .parse::<u8>()
                .map_err(|_| ParseError::BadValue(quoted(word)))?;
            (f.trim(), Some(v))
        }
        None => (w, None),
    };
    let mut parts: Vec<u8> = Vec::new();
    for p in face.split('/') {
        parts.push(
            p.trim()
                .parse::<u8>()
                .map_err(|_| ParseError::NotACard(quoted(word)))?,
        );
    }
    parts.sort_unstable();
    let kind = match parts.as_slice() {
        [n] if is_card_value(*n) => Kind::Number(*n),
        [n] => return Err(ParseError::NoSuchCard(*n).into()),
        [5, 9] => Kind::FiveNine,
        [4, 6, 8] => Kind::FourSixEight,
        _ => return Err(ParseError::NotAMultiCard(quoted(word)).into()),
    };
    Ok(WrittenCard { kind, value })
}

/// Parse a command (stage 1).
pub fn parse(text: &str) -> Result<Written, RuleError> {
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    match words
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] => Err(ParseError::Empty.into()),
        ["skip"] => Ok(Written::Skip),
        ["pass"] => Ok(Written::Pass),
        ["draw"] => Ok(Written::Draw),
        ["d"] => Ok(Written::D),
        ["discard", "d"] => Ok(Written::Discard(WrittenCard {
            kind: Kind::D,
            value: None,
        })),
        ["discard", "skip"] => Ok(Written::Discard(WrittenCard {
            kind: Kind::Skip,
            value: None,
        })),
        ["discard", card] => Ok(Written::Discard(parse_card(card)?)),
        ["discard", ..] => Err(ParseError::DiscardOne.into()),
        cards if cards.len() > 3 => Err(PlayError::CardCount.into()),
        cards => Ok(Written::Play(
            cards
                .iter()
                .map(|w| parse_card(w))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// Turn a written command into an action for `seat` (stage 2). Errors name what is wrong
/// ("you have no [4] in your hand", "97 is not larger than 103", …).
pub fn resolve(game: &Game, seat: Seat, written: &Written) -> Result<Action, RuleError> {
    if seat >= game.players.len() {
        return Err(RuleError::NoSuchSeat(seat));
    }
    let hand = game.hand(seat);
    // Copies of a face in hand, icon-less first.
    let copies = |kind: Kind| -> Vec<CardId> {
        let mut v: Vec<CardId> = hand
            .iter()
            .copied()
            .filter(|&c| game.kind(c) == kind)
            .collect();
        v.sort_by_key(|&c| game.card(c).icon);
        v
    };
    match written {
        Written::Draw => Ok(Action::Draw),
        Written::Skip => Ok(Action::Skip),
        Written::Pass => Ok(Action::Pass),
        Written::D => copies(Kind::D)
            .first()
            .map(|&card| Action::PlayD { card })
            .ok_or(RuleError::NotAD),
        Written::Discard(w) => copies(w.kind)
            .first()
            .map(|&card| Action::Discard { card })
            .ok_or(PlayError::NotInHand(w.kind).into()),
        Written::Play(cards) => {
            let mut chosen: Vec<(CardId, Option<u8>)> = Vec::new();
            for w in cards {
                let id = copies(w.kind)
                    .into_iter()
                    .find(|c| !chosen.iter().any(|(u, _)| u == c))
                    .ok_or(PlayError::NotInHand(w.kind))?;
                chosen.push((id, w.value));
            }
            if chosen.len() == 3 && !chosen.iter().any(|&(c, _)| game.card(c).icon) {
                // Swap one card for an icon copy of the same face, if the hand has one.
                let swap = (0..3).find_map(|i| {
                    let kind = game.kind(chosen[i].0);
                    copies(kind)
                        .into_iter()
                        .find(|&c| game.card(c).icon && !chosen.iter().any(|(u, _)| *u == c))
                        .map(|c| (i, c))
                });
                if let Some((i, c)) = swap {
                    chosen[i].0 = c;
                }
            }
            game.check_play(seat, &chosen)?;
            Ok(Action::Play { cards: chosen })
        }
    }
}

/// Parse and resolve in one go.
pub fn read(game: &Game, seat: Seat, text: &str) -> Result<Action, RuleError> {
    resolve(game, seat, &parse(text)?)
}

/// Write cards of a play back in the notation, e.g. `10 3` or `5/9:9 7`.
pub fn write_cards(game: &Game, cards: &[(CardId, Option<u8>)]) -> String {
    let words: Vec<String> = cards
        .iter()
        .map(|&(c, v)| {
            let kind = game.kind(c);
            match (kind, v) {
                (Kind::Number(n), _) => n.to_string(),
                (Kind::FiveNine, Some(v)) => format!("5/9:{v}"),
                (Kind::FourSixEight, Some(v)) => format!("4/6/8:{v}"),
                (Kind::FiveNine, None) => "5/9".into(),
                (Kind::FourSixEight, None) => "4/6/8".into(),
                (Kind::D, _) => "d".into(),
                (Kind::Skip, _) => "skip".into(),
            }
        })
        .collect();
    words.join(" ")
}

/// Write an action in the notation.
pub fn write(game: &Game, action: &Action) -> String {
    match action {
        Action::Draw => "draw".into(),
        Action::PlayD { .. } => "d".into(),
        Action::Discard { card } => format!("discard {}", write_cards(game, &[(*card, None)])),
        Action::Play { cards } => write_cards(game, cards),
        Action::Skip => "skip".into(),
        Action::Pass => "pass".into(),
    }
}
