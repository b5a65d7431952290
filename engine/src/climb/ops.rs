//! One step of arithmetic (§3.2): `+`, `−`, `×`, `÷` by a value, staying on the board.
//!
//! Shared by the engine, the legal-outcome search and the notation parser, so all three
//! agree on what a legal step is.

use serde::{Deserialize, Serialize};

use super::board::{on_board, GOAL};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];
    /// §6.2 Curse: the cursed player may only subtract or divide.
    pub const CURSED: [Op; 2] = [Op::Sub, Op::Div];

    /// The symbol used in move notation (§4).
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '-',
            Op::Mul => 'x',
            Op::Div => '/',
        }
    }

    /// The symbol used in sentences for people.
    pub fn math_symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '−',
            Op::Mul => '×',
            Op::Div => '÷',
        }
    }

    pub fn allowed_when_cursed(self) -> bool {
        matches!(self, Op::Sub | Op::Div)
    }
}

/// Why a single step of arithmetic cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArithError {
    #[error("{from} {}{value} = {result} is off the board", op.symbol())]
    OffBoard {
        from: u8,
        op: Op,
        value: u8,
        result: i32,
    },
    #[error("{from} /{value} is not exact")]
    NotExact { from: u8, value: u8 },
}

/// Apply `op` by `value` to a pawn on `from`. §3.2: the result must be a space (0..=101);
/// division must be exact. `0 + d = d`, `0 × d = 0`, `0 ÷ d = 0` are legal, `0 − d` is not.
pub fn apply(from: u8, op: Op, value: u8) -> Result<u8, ArithError> {
    let (f, v) = (i32::from(from), i32::from(value));
    let result = match op {
        Op::Add => f + v,
        Op::Sub => f - v,
        Op::Mul => f * v,
        Op::Div => {
            if v == 0 || f % v != 0 {
                return Err(ArithError::NotExact { from, value });
            }
            f / v
        }
    };
    if on_board(result) {
        // on_board bounds the result to 0..=101, so it fits a u8.
        Ok(result as u8)
    } else {
        Err(ArithError::OffBoard {
            from,
            op,
            value,
            result,
        })
    }
}

/// Whether a pawn on `from` can be moved by `value` with one of `ops`.
pub fn any_legal(from: u8, value: u8, ops: &[Op]) -> bool {
    from != GOAL && ops.iter().any(|&op| apply(from, op, value).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_3_2_every_intermediate_result_on_board() {
        assert_eq!(apply(26, Op::Add, 9), Ok(35));
        assert_eq!(
            apply(35, Op::Mul, 3).unwrap_err().to_string(),
            "35 x3 = 105 is off the board"
        );
    }

    #[test]
    fn section_3_2_start_rules() {
        assert_eq!(apply(0, Op::Add, 4), Ok(4));
        assert_eq!(apply(0, Op::Mul, 4), Ok(0));
        assert_eq!(apply(0, Op::Div, 4), Ok(0));
        assert!(apply(0, Op::Sub, 4).is_err());
    }

    #[test]
    fn section_3_2_division_must_be_exact() {
        assert_eq!(apply(64, Op::Div, 2), Ok(32));
        assert_eq!(
            apply(35, Op::Div, 3),
            Err(ArithError::NotExact { from: 35, value: 3 })
        );
    }

    #[test]
    fn section_5_no_bouncing_past_101() {
        // §8.5: 98 with a 7 can only go to 91 or 14.
        let ok: Vec<u8> = Op::ALL
            .iter()
            .filter_map(|&op| apply(98, op, 7).ok())
            .collect();
        assert_eq!(ok, vec![91, 14]);
    }
}
