/// A player's place in turn order, 0-based.
pub type Seat = usize;
