//! The board (§1): spaces 0–101, their prime factors and factor colours.
//!
//! Owns the arithmetic facts every other module asks about a space (is it red, what
//! colours does it show). Knows nothing of pawns, players or turns.

use serde::{Deserialize, Serialize};

/// Space 0, where every pawn begins and where bumped pawns return (§1).
pub const START: u8 = 0;
/// Space 101, the goal at the centre of the board (§1, §5).
pub const GOAL: u8 = 101;

/// The colour of one prime factor (§1): 2 orange, 3 green, 5 blue, 7 purple, ≥ 11 red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Orange,
    Green,
    Blue,
    Purple,
    Red,
}

impl Colour {
    /// The colour a prime factor is drawn in.
    pub fn of_prime(p: u32) -> Colour {
        match p {
            2 => Colour::Orange,
            3 => Colour::Green,
            5 => Colour::Blue,
            7 => Colour::Purple,
            _ => Colour::Red,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Orange => "orange",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Purple => "purple",
            Colour::Red => "red",
        }
    }
}

/// Whether `n` is a prime number.
pub fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 1;
    }
    true
}

/// The prime factors of `n` with multiplicity, smallest first. Empty for 0 and 1.
pub fn prime_factors(n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    if n < 2 {
        return out;
    }
    let mut rest = n;
    let mut d = 2;
    while d * d <= rest {
        while rest % d == 0 {
            out.push(d);
            rest /= d;
        }
        d += 1;
    }
    if rest > 1 {
        out.push(rest);
    }
    out
}

/// The segments a space is drawn with: one colour per prime factor, with multiplicity (§1).
/// Start (0) and 1 have none.
pub fn factor_colours(space: u8) -> Vec<Colour> {
    prime_factors(u32::from(space))
        .into_iter()
        .map(Colour::of_prime)
        .collect()
}

/// A red space (§1, §3.4): a prime from 11 to 97. Landing on one can draw a card;
/// 101 is prime and drawn red but is the goal, never a red space.
pub fn is_red_space(space: u8) -> bool {
    (11..=97).contains(&space) && is_prime(u32::from(space))
}

/// Whether a number is a space of the board (§3.2: every intermediate result must be).
pub fn on_board(n: i32) -> bool {
    (i32::from(START)..=i32::from(GOAL)).contains(&n)
}

/// The factorisation written for people, e.g. `42 = 2 × 3 × 7`, `13 is prime`.
pub fn factorisation_text(n: u32) -> String {
    let f = prime_factors(n);
    match f.len() {
        0 => format!("{n}"),
        1 => format!("{n} is prime"),
        _ => {
            let parts: Vec<String> = f.iter().map(u32::to_string).collect();
            format!("{n} = {}", parts.join(" × "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_1_colour_examples() {
        use Colour::*;
        assert_eq!(factor_colours(8), vec![Orange, Orange, Orange]);
        assert_eq!(factor_colours(12), vec![Orange, Orange, Green]);
        assert_eq!(factor_colours(14), vec![Orange, Purple]);
        assert_eq!(factor_colours(22), vec![Orange, Red]);
        assert_eq!(factor_colours(42), vec![Orange, Green, Purple]);
        assert!(factor_colours(1).is_empty());
        assert!(factor_colours(0).is_empty());
    }

    #[test]
    fn section_1_red_spaces_are_primes_11_to_97() {
        let red: Vec<u8> = (0..=101).filter(|&s| is_red_space(s)).collect();
        assert_eq!(red.len(), 21);
        assert_eq!(red.first(), Some(&11));
        assert_eq!(red.last(), Some(&97));
        assert!(!is_red_space(101), "101 is prime but never draws");
        assert!(!is_red_space(7));
    }

    #[test]
    fn factorisation_text_reads_well() {
        assert_eq!(factorisation_text(42), "42 = 2 × 3 × 7");
        assert_eq!(factorisation_text(13), "13 is prime");
        assert_eq!(factorisation_text(310), "310 = 2 × 5 × 31");
    }
}
