//! The stored form of engine values: JSON, written and read here, once per type.
//!
//! Every stored value (a game's state and options, a turn's actions and events, a custom
//! card) goes through [`Stored`], whose methods are ordinary functions of this crate. That
//! keeps serde's generic code compiled where the values are defined, optimised even in
//! test builds (the sessions above call these many thousands of times in the tests), and
//! gives one place that says what is stored.

use std::fmt;

/// A value written as JSON (a stored value, or a slice of them).
pub trait ToJson {
    /// The JSON of the value (engine values always serialise).
    fn to_json(&self) -> String;
}

/// A value stored as JSON and read back.
pub trait Stored: ToJson + Sized {
    /// The value of stored JSON, or why it is not one.
    fn from_json(json: &str) -> Result<Self, JsonError>;
}

/// Stored JSON that is not a value of the type asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError(String);

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JsonError {}

macro_rules! to_json {
    ($($t:ty),* $(,)?) => {$(
        impl ToJson for $t {
            fn to_json(&self) -> String {
                // Engine values are plain data with string keys: serialising cannot fail.
                serde_json::to_string(self).unwrap_or_default()
            }
        }
    )*};
}

macro_rules! stored {
    ($($t:ty),* $(,)?) => {$(
        to_json!($t);
        impl Stored for $t {
            fn from_json(json: &str) -> Result<Self, JsonError> {
                serde_json::from_str(json).map_err(|e| JsonError(e.to_string()))
            }
        }
    )*};
}

stored!(
    crate::climb::Game,
    crate::climb::Options,
    crate::climb::options::CustomCard,
    Vec<crate::climb::Event>,
    Vec<crate::climb::Action>,
    crate::daifugo::Game,
    crate::daifugo::options::Options,
    Vec<crate::daifugo::game::Event>,
    Vec<crate::daifugo::game::Action>,
);

// A turn's actions and events are written from the slices the engine returns.
to_json!(
    [crate::climb::Event],
    [crate::climb::Action],
    [crate::daifugo::game::Event],
    [crate::daifugo::game::Action],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_comes_back_as_it_was_stored() {
        let game = crate::climb::Game::new(
            crate::climb::Options::default(),
            &["A".to_string(), "B".to_string()],
            7,
        )
        .expect("a game");
        let json = game.to_json();
        assert_eq!(crate::climb::Game::from_json(&json), Ok(game));
    }

    #[test]
    fn json_of_another_type_is_refused_with_serdes_reason() {
        let err = crate::climb::Game::from_json("[1, 2]").unwrap_err();
        assert!(err.to_string().contains("expected"), "{err}");
    }
}
