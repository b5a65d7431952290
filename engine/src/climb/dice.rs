//! Dice (§3.1): two ten-sided dice, faces 1–10, and the uses a roll gives.
//!
//! A roll's values are used one at a time; doubles give four uses (or, with the
//! `doubles = may` option, two or four). The one-die scaffold rolls a single die
//! ([`Roll::single`]), used once.

use serde::{Deserialize, Serialize};

/// One roll of the two dice. Faces are 1–10 (the printed "0" is 10). In the one-die
/// scaffold `b` is 0: there is no second die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Roll {
    pub a: u8,
    pub b: u8,
}

impl Roll {
    /// A roll, if both values are die faces.
    pub fn new(a: u8, b: u8) -> Option<Roll> {
        ((1..=10).contains(&a) && (1..=10).contains(&b)).then_some(Roll { a, b })
    }

    /// One die alone (the one-die scaffold), if `a` is a die face.
    pub fn single(a: u8) -> Option<Roll> {
        (1..=10).contains(&a).then_some(Roll { a, b: 0 })
    }

    /// Whether this is a single die (the one-die scaffold).
    pub fn is_single(self) -> bool {
        self.b == 0
    }

    pub fn is_doubles(self) -> bool {
        self.a == self.b
    }

    /// Whether `value` is on one of the dice rolled.
    pub fn shows(self, value: u8) -> bool {
        value == self.a || (!self.is_single() && value == self.b)
    }

    /// The uses this roll gives at the start of the Move phase (§3.1).
    pub fn uses(self) -> Uses {
        if self.is_single() {
            // One-die scaffold: one value, used once; doubles cannot happen.
            Uses {
                value_a: self.a,
                value_b: 0,
                left_a: 1,
                left_b: 0,
            }
        } else if self.is_doubles() {
            Uses {
                value_a: self.a,
                value_b: self.b,
                left_a: 4,
                left_b: 0,
            }
        } else {
            Uses {
                value_a: self.a,
                value_b: self.b,
                left_a: 1,
                left_b: 1,
            }
        }
    }

    /// All 100 ordered rolls, for exhaustive counts.
    pub fn all() -> impl Iterator<Item = Roll> {
        (1..=10).flat_map(|a| (1..=10).map(move |b| Roll { a, b }))
    }
}

impl std::fmt::Display for Roll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_single() {
            write!(f, "{}", self.a)
        } else {
            write!(f, "{} and {}", self.a, self.b)
        }
    }
}

/// The die uses still to be made this turn. With doubles every use is `value_a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Uses {
    pub value_a: u8,
    pub value_b: u8,
    pub left_a: u8,
    pub left_b: u8,
}

impl Uses {
    pub fn total_left(self) -> u8 {
        self.left_a + self.left_b
    }

    pub fn has(self, value: u8) -> bool {
        (self.value_a == value && self.left_a > 0) || (self.value_b == value && self.left_b > 0)
    }

    /// The distinct values that can still be used.
    pub fn values(self) -> impl Iterator<Item = u8> {
        let a = (self.left_a > 0).then_some(self.value_a);
        let b = (self.left_b > 0 && !(self.left_a > 0 && self.value_a == self.value_b))
            .then_some(self.value_b);
        a.into_iter().chain(b)
    }

    /// Spend one use of `value`; false if none is left.
    pub fn take(&mut self, value: u8) -> bool {
        if self.value_a == value && self.left_a > 0 {
            self.left_a -= 1;
            true
        } else if self.value_b == value && self.left_b > 0 {
            self.left_b -= 1;
            true
        } else {
            false
        }
    }

    /// The remaining uses as a list, e.g. `[3, 3]`.
    pub fn list(self) -> Vec<u8> {
        let mut v = vec![self.value_a; self.left_a as usize];
        v.extend(std::iter::repeat_n(self.value_b, self.left_b as usize));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_3_1_doubles_give_four_uses() {
        let u = Roll::new(4, 4).unwrap().uses();
        assert_eq!(u.list(), vec![4, 4, 4, 4]);
        assert_eq!(u.values().collect::<Vec<_>>(), vec![4]);
    }

    #[test]
    fn section_3_1_plain_roll_gives_two_uses() {
        let mut u = Roll::new(3, 9).unwrap().uses();
        assert_eq!(u.values().collect::<Vec<_>>(), vec![3, 9]);
        assert!(u.take(9));
        assert!(!u.take(9));
        assert_eq!(u.list(), vec![3]);
    }

    #[test]
    fn one_die_gives_one_use_and_no_doubles() {
        let r = Roll::single(7).unwrap();
        assert!(r.is_single() && !r.is_doubles());
        assert_eq!(r.uses().list(), vec![7]);
        assert!(r.shows(7) && !r.shows(0));
        assert_eq!(r.to_string(), "7");
        assert!(Roll::single(0).is_none() && Roll::single(11).is_none());
    }

    #[test]
    fn faces_are_one_to_ten() {
        assert!(Roll::new(0, 3).is_none());
        assert!(Roll::new(11, 3).is_none());
        assert_eq!(Roll::all().count(), 100);
    }
}
