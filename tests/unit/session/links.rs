//! The web's links (`src/session/watching.rs`): a link opens its own game until it
//! expires, and nothing else opens anything, whatever is typed or changed in it.

use primeclimb::session::{LinkKey, LinkRefusal};
use proptest::prelude::*;

fn key() -> LinkKey {
    LinkKey::from_secret(b"a secret of the bot")
}

#[test]
fn a_link_opens_its_game_until_it_expires() {
    let k = key();
    let token = k.sign(42, 1_000_000);
    assert_eq!(k.open(&token, 0), Ok(42));
    assert_eq!(k.open(&token, 999_999), Ok(42));
    assert_eq!(k.open(&token, 1_000_000), Err(LinkRefusal::Expired));
    // Made with another key (another bot, or a secret changed since): not ours.
    let other = LinkKey::from_secret(b"another secret");
    assert_eq!(other.open(&token, 0), Err(LinkRefusal::Unknown));
    assert_ne!(other.sign(42, 1_000_000), token);
}

#[test]
fn a_changed_link_opens_nothing() {
    let k = key();
    let token = k.sign(42, 1_000_000);
    let parts: Vec<&str> = token.split('.').collect();
    assert_eq!(parts.len(), 3);
    for bad in [
        format!("43.{}.{}", parts[1], parts[2]),
        format!("42.2000000.{}", parts[2]),
        format!("42.{}.{}", parts[1], &parts[2][1..]),
        format!("42.{}.{}A", parts[1], parts[2]),
        format!("42.{}", parts[1]),
        format!("{token}.1"),
        String::new(),
        "....".into(),
        "-1.-1.-1".into(),
    ] {
        assert_eq!(k.open(&bad, 0), Err(LinkRefusal::Unknown), "{bad}");
    }
}

proptest! {
    /// Whatever is typed, nothing panics and nothing opens.
    #[test]
    fn no_typed_text_opens_a_game(text in ".{0,120}") {
        prop_assert_eq!(key().open(&text, 0), Err(LinkRefusal::Unknown));
    }

    /// Changing any one character of a link makes it open nothing.
    #[test]
    fn one_character_changed_opens_nothing(game in 0i64..1_000_000, at in 0usize..200, c in any::<char>()) {
        let k = key();
        let token = k.sign(game, i64::MAX);
        let mut chars: Vec<char> = token.chars().collect();
        let i = at % chars.len();
        prop_assume!(chars[i] != c);
        chars[i] = c;
        let changed: String = chars.into_iter().collect();
        prop_assert_eq!(k.open(&changed, 0), Err(LinkRefusal::Unknown));
    }
}
