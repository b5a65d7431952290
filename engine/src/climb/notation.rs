//! Move notation (§4): what players type, e.g. `14 -3 x9` or `4 +9 26 x3`.
//!
//! Two stages, as in chess SAN: [`parse`] turns text into [`Token`]s without looking at a
//! game; [`play`] resolves them against the game step by step (a number names a pawn by
//! its *current* space) and applies them all or none. [`write`] produces the notation of
//! a sequence of steps, used for witnesses and move lists.
//!
//! Grammar (tokens may be separated by spaces or commas, or written together: `14-3x9`):
//! - `14`: names your pawn on 14. When both your pawns stand there, it names the one that
//!   is not selected (§4 ruling: at Start they are interchangeable).
//! - `+d`, `-d`, `xd` / `*d`, `/d` (also `×`, `÷`, `−`): use the die value d on the named pawn.
//! - `k+N`, `k-N`: play the ±N Keeper on the named pawn.
//! - `kw`: play a "Send all pawns within two spaces" Keeper around the named pawn
//!   (`kwN` for a custom distance N).
//! - `kcP`: play a Curse Keeper on the player in seat P (1 = first in turn order).
//! - `!d`: forced move (§3.2): the die d has no legal use, the named pawn goes to Start.
//!
//! A step with no pawn named continues with the pawn moved last this turn.

use serde::{Deserialize, Serialize};

use super::board::GOAL;
use super::card::KeeperEffect;
use super::error::{RuleError, StepError};
use super::game::{Action, Event, Game, KeeperPlay, PawnRef, Seat};
use super::ops::Op;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Token {
    /// Names the player's pawn on this space.
    Pawn(u8),
    /// Uses a die value on the named pawn.
    Die(Op, u8),
    /// Plays the ±N Keeper on the named pawn.
    PlusMinus { add: bool, n: u8 },
    /// Plays a Send-within Keeper around the named pawn (distance if given).
    SendWithin(Option<u8>),
    /// Curses the player in this seat (1-based, as written).
    Curse(u8),
    /// §3.2 forced move with this die value.
    Forced(u8),
}

impl Token {
    /// Whether this token is a step (counted in error messages) rather than a pawn name.
    pub fn is_step(self) -> bool {
        !matches!(self, Token::Pawn(_))
    }
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Token::Pawn(s) => write!(f, "{s}"),
            Token::Die(op, d) => write!(f, "{}{d}", op.symbol()),
            Token::PlusMinus { add, n } => write!(f, "k{}{n}", if add { '+' } else { '-' }),
            Token::SendWithin(None) => write!(f, "kw"),
            Token::SendWithin(Some(d)) => write!(f, "kw{d}"),
            Token::Curse(p) => write!(f, "kc{p}"),
            Token::Forced(d) => write!(f, "!{d}"),
        }
    }
}

pub use super::error::{ParseError, MAX_LEN};

/// Read a move text into tokens (§4). Never panics; every failure names the bad part.
pub fn parse(text: &str) -> Result<Vec<Token>, ParseError> {
    if text.chars().count() > MAX_LEN {
        return Err(ParseError::TooLong);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    // The rest of the current word, for error messages.
    let word_at = |i: usize| -> String {
        chars[i..]
            .iter()
            .take_while(|c| !c.is_whitespace() && **c != ',')
            .collect()
    };
    // Reads up to 3 digits at j; returns (value, next index).
    let number_at = |j: usize| -> Option<(u32, usize)> {
        let mut k = j;
        let mut v: u32 = 0;
        while k < chars.len() && chars[k].is_ascii_digit() {
            if k - j >= 3 {
                return None;
            }
            v = v * 10 + chars[k].to_digit(10).unwrap_or(0);
            k += 1;
        }
        (k > j).then_some((v, k))
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let word = word_at(i);
        if c.is_ascii_digit() {
            let (v, next) = number_at(i).ok_or_else(|| ParseError::NotASpace(word.clone()))?;
            if v > u32::from(GOAL) {
                return Err(ParseError::NotASpace(word));
            }
            out.push(Token::Pawn(v as u8));
            i = next;
            continue;
        }
        let op = match c {
            '+' => Some(Op::Add),
            '-' | '−' | '–' => Some(Op::Sub),
            'x' | 'X' | '*' | '×' => Some(Op::Mul),
            '/' | '÷' | ':' => Some(Op::Div),
            _ => None,
        };
        if let Some(op) = op {
            // A space between the sign and the die is what people type: `24 / 6`,
            // `7 * 3`, `0 +3 x 7`.
            let mut j = i + 1;
            while j < chars.len() && chars[j] == ' ' {
                j += 1;
            }
            let (start, word) = if j > i + 1 && chars.get(j).is_some_and(char::is_ascii_digit) {
                (j, format!("{c}{}", word_at(j)))
            } else {
                (i + 1, word)
            };
            let (v, next) = die_at(&number_at, start, &word)?;
            out.push(Token::Die(op, v));
            i = next;
            continue;
        }
        if c == '!' {
            let (v, next) = die_at(&number_at, i + 1, &word)?;
            out.push(Token::Forced(v));
            i = next;
            continue;
        }
        if c == 'k' || c == 'K' {
            let sign = chars.get(i + 1).copied();
            match sign {
                Some('+') | Some('-') | Some('−') => {
                    let (v, next) =
                        number_at(i + 2).ok_or_else(|| ParseError::BadKeeper(word.clone()))?;
                    if !(1..=99).contains(&v) {
                        return Err(ParseError::BadKeeper(word));
                    }
                    out.push(Token::PlusMinus {
                        add: sign == Some('+'),
                        n: v as u8,
                    });
                    i = next;
                }
                Some('w') | Some('W') => match number_at(i + 2) {
                    Some((v, next)) if (1..=99).contains(&v) => {
                        out.push(Token::SendWithin(Some(v as u8)));
                        i = next;
                    }
                    Some(_) => return Err(ParseError::BadKeeper(word)),
                    None => {
                        out.push(Token::SendWithin(None));
                        i += 2;
                    }
                },
                Some('c') | Some('C') => {
                    let (v, next) =
                        number_at(i + 2).ok_or_else(|| ParseError::BadKeeper(word.clone()))?;
                    if !(1..=99).contains(&v) {
                        return Err(ParseError::BadKeeper(word));
                    }
                    out.push(Token::Curse(v as u8));
                    i = next;
                }
                _ => return Err(ParseError::BadKeeper(word)),
            }
            continue;
        }
        return Err(ParseError::Unexpected(word));
    }
    if out.is_empty() {
        return Err(ParseError::Empty);
    }
    Ok(out)
}

fn die_at(
    number_at: &dyn Fn(usize) -> Option<(u32, usize)>,
    j: usize,
    word: &str,
) -> Result<(u8, usize), ParseError> {
    match number_at(j) {
        Some((v, next)) if (1..=10).contains(&v) => Ok((v as u8, next)),
        Some(_) => Err(ParseError::NotADie {
            text: word.to_string(),
        }),
        None => {
            // Either no digits or more than three of them.
            if word.chars().skip(1).any(|c| c.is_ascii_digit()) {
                Err(ParseError::NotADie {
                    text: word.to_string(),
                })
            } else {
                Err(ParseError::MissingNumber(word.to_string()))
            }
        }
    }
}

/// A written move resolved against a game: its actions, the game after them and what
/// happened, in order. The move is applied once, while resolving.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub actions: Vec<Action>,
    pub game: Game,
    pub events: Vec<Event>,
}

/// Resolve the tokens against the game and turn them into actions, applying each to a
/// working copy (a number names a pawn by its space at that point of the move).
/// Returns the actions and the working copy after them.
pub fn resolve(
    game: &Game,
    seat: Seat,
    tokens: &[Token],
) -> Result<(Vec<Action>, Game), RuleError> {
    resolve_with_events(game, seat, tokens).map(|r| (r.actions, r.game))
}

fn resolve_with_events(game: &Game, seat: Seat, tokens: &[Token]) -> Result<Resolved, RuleError> {
    resolve_owned(game.clone(), seat, tokens, &mut Vec::new())
}

/// [`resolve`] on a game the caller gives up (no copy made), noting in `draws`, for each
/// action, whether it drew a card (or found the deck empty).
pub(crate) fn resolve_owned(
    mut work: Game,
    seat: Seat,
    tokens: &[Token],
    draws: &mut Vec<bool>,
) -> Result<Resolved, RuleError> {
    let mut events = Vec::new();
    let mut actions = Vec::new();
    let mut selected: Option<usize> = if seat == work.turn.seat {
        work.turn.last_mover
    } else {
        None
    };
    let mut step = 0;
    for &tok in tokens {
        if tok.is_step() {
            step += 1;
        }
        let at = |error: StepError| RuleError::AtStep { step, error };
        let action = match tok {
            Token::Pawn(space) => {
                let pawns = work.players.get(seat).map(|p| p.pawns).unwrap_or([GOAL; 2]);
                // One-pawn scaffold: the pawn a player does not have cannot be named.
                let here: Vec<usize> = (0..work.options.pawn_count())
                    .filter(|&i| pawns[i] == space)
                    .collect();
                let on: Vec<usize> = here
                    .iter()
                    .copied()
                    .filter(|&i| !work.is_home(PawnRef { seat, pawn: i }))
                    .collect();
                let pick = match on.as_slice() {
                    [] => {
                        // Name the next step in the error, or step 1 when it comes first.
                        let error = if here.is_empty() {
                            StepError::NoPawnOn(space)
                        } else {
                            StepError::PawnHome
                        };
                        return Err(RuleError::AtStep {
                            step: step + 1,
                            error,
                        });
                    }
                    [one] => *one,
                    _ => match selected {
                        Some(s) => 1 - s,
                        None => 0,
                    },
                };
                selected = Some(pick);
                continue;
            }
            Token::Die(op, die) => Action::Die {
                pawn: selected.ok_or_else(|| at(StepError::NoPawnNamed))?,
                op,
                die,
            },
            Token::Forced(die) => Action::Forced {
                pawn: selected.ok_or_else(|| at(StepError::NoPawnNamed))?,
                die,
            },
            Token::PlusMinus { add, n } => {
                let pawn = selected.ok_or_else(|| at(StepError::NoPawnNamed))?;
                let card = find_keeper(&work, seat, |k| k == KeeperEffect::PlusMinus { n })
                    .map_err(&at)?;
                Action::Keeper {
                    card,
                    play: KeeperPlay::PlusMinus { pawn, add },
                }
            }
            Token::SendWithin(distance) => {
                let pawn = selected.ok_or_else(|| at(StepError::NoPawnNamed))?;
                let card = find_keeper(&work, seat, |k| match k {
                    KeeperEffect::SendWithin { distance: d } => distance.is_none_or(|w| w == d),
                    _ => false,
                })
                .map_err(&at)?;
                Action::Keeper {
                    card,
                    play: KeeperPlay::SendWithin { pawn },
                }
            }
            Token::Curse(p) => {
                let card = find_keeper(&work, seat, |k| k == KeeperEffect::Curse).map_err(&at)?;
                let target = usize::from(p).saturating_sub(1);
                if p == 0 || target >= work.players.len() {
                    return Err(at(StepError::NoSuchPlayer(usize::from(p).max(1) - 1)));
                }
                Action::Keeper {
                    card,
                    play: KeeperPlay::Curse { target },
                }
            }
        };
        // `work` is a scratch copy: on error it is dropped with the error.
        match work.apply_scratch(seat, &action) {
            Ok(happened) => {
                draws.push(
                    happened
                        .iter()
                        .any(|e| matches!(e, Event::DeckEmpty | Event::Drew { .. })),
                );
                events.extend(happened);
            }
            Err(RuleError::Step(error)) => return Err(RuleError::AtStep { step, error }),
            Err(e) => return Err(e),
        }
        actions.push(action);
        if work.is_over() {
            // §5: the game is won; any further steps are not needed.
            break;
        }
    }
    Ok(Resolved {
        actions,
        game: work,
        events,
    })
}

/// Parse and apply a written move for `seat`: all its steps or none.
pub fn play(game: &mut Game, seat: Seat, text: &str) -> Result<Vec<Event>, RuleError> {
    let actions = actions(game, seat, text)?;
    game.apply_all(seat, &actions)
}

/// The actions a written move stands for, checked against the game (nothing is applied).
/// A text that names a pawn but makes no step is refused.
pub fn actions(game: &Game, seat: Seat, text: &str) -> Result<Vec<Action>, RuleError> {
    read(game, seat, text).map(|r| r.actions)
}

/// Parse a written move and resolve it for `seat`: the actions, the game after them and
/// the events (the game itself is untouched). A text that names a pawn but makes no step
/// is refused.
pub fn read(game: &Game, seat: Seat, text: &str) -> Result<Resolved, RuleError> {
    let tokens = parse(text)?;
    if !tokens.iter().any(|t| t.is_step()) {
        return Err(RuleError::Parse(ParseError::Unexpected(
            text.trim().to_string(),
        )));
    }
    resolve_with_events(game, seat, &tokens)
}

/// The playable Keeper in `seat`'s hand matching `want`.
fn find_keeper(
    game: &Game,
    seat: Seat,
    want: impl Fn(KeeperEffect) -> bool,
) -> Result<super::card::CardId, StepError> {
    let Some(player) = game.players.get(seat) else {
        return Err(StepError::KeeperNotHeld);
    };
    let matching: Vec<_> = player
        .keepers
        .iter()
        .filter(|h| game.card(h.card).keeper().is_some_and(&want))
        .collect();
    if let Some(h) = matching.iter().find(|h| h.since_turn < game.turn.number) {
        return Ok(h.card);
    }
    if matching.is_empty() {
        Err(StepError::KeeperNotHeld)
    } else {
        Err(StepError::KeeperDrawnThisTurn)
    }
}

/// One step of a written move, with the player's pawn spaces after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenStep {
    /// The pawn the step is made with (None for a Curse).
    pub pawn: Option<usize>,
    pub token: Token,
    pub after: [u8; 2],
}

/// Write steps as notation that [`resolve`] reads back to the same steps: a pawn is
/// named whenever the step's pawn is not the selected one, and at the first step when
/// that is unambiguous.
pub fn write(start: [u8; 2], selected: Option<usize>, steps: &[WrittenStep]) -> String {
    let mut out = String::with_capacity(steps.len() * 4);
    write_into(&mut out, start, selected, steps);
    out
}

/// One word of a written move at the end of `out`, after a space if `out` is not empty.
pub(crate) fn push_word(out: &mut String, word: &dyn std::fmt::Display) {
    use std::fmt::Write as _;
    if !out.is_empty() {
        out.push(' ');
    }
    // Writing to a String cannot fail.
    let _ = write!(out, "{word}");
}

/// [`write`] at the end of `out` (a space first if `out` is not empty), without the
/// words of a move being made one by one: the legal-outcome search writes a witness for
/// every end of a Move phase.
pub(crate) fn write_into(
    out: &mut String,
    start: [u8; 2],
    selected: Option<usize>,
    steps: &[WrittenStep],
) {
    let mut pawns = start;
    let mut selected = selected;
    let mut first = true;
    for s in steps {
        if let Some(p) = s.pawn {
            let shared = pawns[0] == pawns[1];
            let must = selected != Some(p);
            let may = first && !shared;
            if must || may {
                push_word(out, &pawns[p]);
            }
            selected = Some(p);
            first = false;
        }
        push_word(out, &s.token);
        pawns = s.after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_4_reads_the_examples() {
        assert_eq!(
            parse("14 -3 x9").unwrap(),
            vec![
                Token::Pawn(14),
                Token::Die(Op::Sub, 3),
                Token::Die(Op::Mul, 9)
            ]
        );
        assert_eq!(
            parse("4 +9 26 x3").unwrap(),
            vec![
                Token::Pawn(4),
                Token::Die(Op::Add, 9),
                Token::Pawn(26),
                Token::Die(Op::Mul, 3)
            ]
        );
        assert_eq!(parse("14 *9").unwrap()[1], Token::Die(Op::Mul, 9));
        assert_eq!(parse("14 /7").unwrap()[1], Token::Die(Op::Div, 7));
        assert_eq!(
            parse("14 k+5 k-5").unwrap()[1..],
            [
                Token::PlusMinus { add: true, n: 5 },
                Token::PlusMinus { add: false, n: 5 }
            ]
        );
    }

    #[test]
    fn section_4_accepts_compact_and_unicode_forms() {
        assert_eq!(parse("14-3x9").unwrap(), parse("14 -3 x9").unwrap());
        assert_eq!(parse("14 −3 ×9").unwrap(), parse("14 -3 x9").unwrap());
        assert_eq!(parse("14, -3, ÷9").unwrap()[2], Token::Die(Op::Div, 9));
        assert_eq!(parse("+10").unwrap(), vec![Token::Die(Op::Add, 10)]);
    }

    #[test]
    fn a_space_between_the_sign_and_the_die_is_read_as_children_type_it() {
        assert_eq!(parse("24 / 6").unwrap(), parse("24 /6").unwrap());
        assert_eq!(parse("7 * 3").unwrap(), parse("7 x3").unwrap());
        assert_eq!(parse("0 +3 x 7").unwrap(), parse("0 +3 x7").unwrap());
        assert_eq!(parse("14 -  3 ×  9").unwrap(), parse("14 -3 x9").unwrap());
        // The die still has to be one: the error names what was typed.
        assert_eq!(
            parse("14 + 11").unwrap_err().to_string(),
            "`+11`: dice show 1 to 10"
        );
        assert!(matches!(
            parse("14 + x3").unwrap_err(),
            ParseError::MissingNumber(_)
        ));
    }

    #[test]
    fn section_4_parse_errors_name_the_bad_part() {
        assert_eq!(
            parse("14 +11").unwrap_err().to_string(),
            "`+11`: dice show 1 to 10"
        );
        assert_eq!(
            parse("14 y3").unwrap_err(),
            ParseError::Unexpected("y3".into())
        );
        assert_eq!(
            parse("102 +3").unwrap_err(),
            ParseError::NotASpace("102".into())
        );
        assert_eq!(
            parse("14 +").unwrap_err(),
            ParseError::MissingNumber("+".into())
        );
        assert_eq!(parse("   ").unwrap_err(), ParseError::Empty);
        assert_eq!(parse("k?").unwrap_err(), ParseError::BadKeeper("k?".into()));
        assert!(matches!(
            parse("14 +99999999999"),
            Err(ParseError::NotADie { .. })
        ));
    }

    #[test]
    fn keeper_forms() {
        assert_eq!(parse("kw").unwrap(), vec![Token::SendWithin(None)]);
        assert_eq!(parse("kw3").unwrap(), vec![Token::SendWithin(Some(3))]);
        assert_eq!(parse("kc2").unwrap(), vec![Token::Curse(2)]);
        assert_eq!(parse("!7").unwrap(), vec![Token::Forced(7)]);
    }

    #[test]
    fn tokens_print_as_they_parse() {
        for text in ["14 -3 x9", "4 +9 26 x3", "0 k+5 k-9 kw kw3 kc2 !7 /2"] {
            let toks = parse(text).unwrap();
            let printed: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
            assert_eq!(printed.join(" "), text);
        }
    }
}
