/// A player's place in turn order (join order), 0-based.
pub type Seat = usize;
