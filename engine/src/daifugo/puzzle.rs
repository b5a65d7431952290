//! The daily Prime Daifugo puzzle: a hand of six cards, "the largest prime you can play
//! from this hand" on an empty table (one to three cards side by side, §3.2). The same
//! hand for everyone on a day (seeded by the date); graded by the same search the AI and
//! the hints use (`hint::playable_primes`).

use super::card::CardId;
use super::game::Game;
use super::hint::playable_primes;
use super::number::is_prime;
use super::options::Options;

/// Cards in a puzzle's hand.
pub const HAND: usize = 6;

/// A day's puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Days since 1970-01-01 (UTC).
    pub day: i64,
    /// Seat 0 holds the hand, the table is empty and it is seat 0's turn.
    pub game: Game,
}

/// How an answer stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grade {
    /// The largest prime.
    Right { largest: u32 },
    /// A prime these cards make, but not the largest.
    Smaller { largest: u32 },
    /// A prime, but these cards do not make it.
    NotFromHand { largest: u32 },
    /// Not a prime (its smallest factor).
    NotPrime { largest: u32, factor: u32 },
}

impl Grade {
    pub fn is_right(&self) -> bool {
        matches!(self, Grade::Right { .. })
    }
}

/// Why an answer cannot be graded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("`{0}` is not a number: write the prime, like 523")]
    NotANumber(String),
}

impl Puzzle {
    /// The hand, in the order dealt.
    pub fn hand(&self) -> &[CardId] {
        self.game.hand(0)
    }

    /// The largest prime the hand can play (every hand of six makes one: a single 2, 3,
    /// 5 or 7, or more).
    pub fn largest(&self) -> u32 {
        playable_primes(&self.game, 0)
            .iter()
            .map(|c| c.number)
            .max()
            .unwrap_or(0)
    }

    /// Grade an answer: a number.
    pub fn grade(&self, answer: &str) -> Result<Grade, AnswerError> {
        let n: u32 = answer
            .trim()
            .trim_matches(['[', ']'])
            .parse()
            .map_err(|_| AnswerError::NotANumber(answer.trim().chars().take(40).collect()))?;
        let largest = self.largest();
        let playable = playable_primes(&self.game, 0);
        Ok(if n == largest {
            Grade::Right { largest }
        } else if playable.iter().any(|c| c.number == n) {
            Grade::Smaller { largest }
        } else if is_prime(n) {
            Grade::NotFromHand { largest }
        } else {
            let factor = (2..=n.max(2)).find(|d| n % d == 0).unwrap_or(n);
            Grade::NotPrime { largest, factor }
        })
    }
}

/// The puzzle of a day (days since 1970-01-01, UTC): six cards from a shuffled deck with
/// the advanced cards, chosen so the hand makes a prime of at least two digits.
pub fn of_day(day: i64) -> Puzzle {
    let base = (day as u64).wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0xDA1F_u64;
    let options = Options::advanced(2);
    let names = ["You".to_string(), "Deck".to_string()];
    let mut fallback = None;
    for attempt in 0..1_000u64 {
        let seed = base.wrapping_add(attempt);
        let Ok(dealt) = Game::new(options.clone(), &names, seed) else {
            continue;
        };
        let hand: Vec<_> = dealt
            .hand(0)
            .iter()
            .take(HAND)
            .map(|&id| dealt.card(id))
            .collect();
        let Ok(game) = Game::from_hands(options.clone(), &[hand, Vec::new()], 0, seed) else {
            continue;
        };
        let puzzle = Puzzle { day, game };
        if puzzle.largest() >= 10 {
            return puzzle;
        }
        fallback.get_or_insert(puzzle);
    }
    fallback.expect("a deal")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_days_hand_is_the_same_for_everyone_and_graded_exactly() {
        for day in 20_400..20_430 {
            let p = of_day(day);
            assert_eq!(p.hand().len(), HAND);
            assert_eq!(of_day(day).hand(), p.hand());
            let largest = p.largest();
            assert!(largest >= 10 && is_prime(largest), "day {day}: {largest}");
            assert_eq!(p.grade(&largest.to_string()), Ok(Grade::Right { largest }));
            let smaller = playable_primes(&p.game, 0)
                .iter()
                .map(|c| c.number)
                .filter(|&n| n < largest)
                .max();
            if let Some(s) = smaller {
                assert_eq!(p.grade(&s.to_string()), Ok(Grade::Smaller { largest }));
            }
            assert!(matches!(
                p.grade("1001"),
                Ok(Grade::NotPrime { factor: 7, .. })
            ));
            assert!(p.grade("soon").is_err());
        }
    }
}
