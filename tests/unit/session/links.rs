//! The web's links (`src/session/watching.rs`): a link opens what it names until it
//! expires, and nothing else opens anything, whatever is typed or changed in it.

use primeclimb::session::{LinkKey, LinkRefusal, Scope};
use proptest::prelude::*;

fn key() -> LinkKey {
    LinkKey::from_secret(b"a secret of the bot")
}

const CLASS: Scope = Scope::Class {
    guild: 7,
    channel: Some(11),
    generation: 2,
};

#[test]
fn a_link_opens_what_it_names_until_it_expires() {
    let k = key();
    for scope in [
        Scope::Game(42),
        CLASS,
        Scope::Class {
            guild: 7,
            channel: None,
            generation: 0,
        },
        Scope::Season {
            guild: 7,
            generation: 2,
        },
    ] {
        let token = k.sign(scope, 1_000_000);
        assert_eq!(k.open(&token, 0), Ok(scope));
        assert_eq!(k.open(&token, 999_999), Ok(scope));
        assert_eq!(k.open(&token, 1_000_000), Err(LinkRefusal::Expired));
        // Made with another key (another bot, or a secret changed since): not ours.
        let other = LinkKey::from_secret(b"another secret");
        assert_eq!(other.open(&token, 0), Err(LinkRefusal::Unknown));
        assert_ne!(other.sign(scope, 1_000_000), token);
    }
}

#[test]
fn a_changed_link_opens_nothing() {
    let k = key();
    let token = k.sign(Scope::Game(42), 1_000_000);
    let parts: Vec<&str> = token.split('.').collect();
    assert_eq!(parts.len(), 3);
    let class = k.sign(CLASS, 1_000_000);
    let class_sig = class.rsplit('.').next().unwrap_or_default();
    for bad in [
        format!("g43.{}.{}", parts[1], parts[2]),
        format!("g042.{}.{}", parts[1], parts[2]),
        format!("g+42.{}.{}", parts[1], parts[2]),
        format!("g42.2000000.{}", parts[1]),
        format!("g42.02000000.{}", parts[2]),
        format!("g42.{}.{}", parts[1], &parts[2][1..]),
        format!("g42.{}.{}A", parts[1], parts[2]),
        format!("g42.{}", parts[1]),
        format!("{token}.1"),
        // Another class, another channel, another generation, under the class's signature.
        format!("c8_11_2.1000000.{class_sig}"),
        format!("c7_12_2.1000000.{class_sig}"),
        format!("c7_0_2.1000000.{class_sig}"),
        format!("c7_11_3.1000000.{class_sig}"),
        // The class's signature on the server's standings, and the other way round.
        format!("s7_2.1000000.{class_sig}"),
        format!("s7_02.1000000.{class_sig}"),
        // The game's signature on a class's words.
        format!("c7_11_2.{}.{}", parts[1], parts[2]),
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
    fn no_typed_text_opens_anything(text in ".{0,120}") {
        prop_assert_eq!(key().open(&text, 0), Err(LinkRefusal::Unknown));
    }

    /// Changing any one character of a link makes it open nothing.
    #[test]
    fn one_character_changed_opens_nothing(
        game in 0i64..1_000_000,
        class in any::<bool>(),
        at in 0usize..200,
        c in any::<char>(),
    ) {
        let k = key();
        let scope = if class {
            Scope::Class { guild: game, channel: Some(game + 1), generation: 3 }
        } else {
            Scope::Game(game)
        };
        let token = k.sign(scope, i64::MAX);
        let mut chars: Vec<char> = token.chars().collect();
        let i = at % chars.len();
        prop_assume!(chars[i] != c);
        chars[i] = c;
        let changed: String = chars.into_iter().collect();
        prop_assert_eq!(k.open(&changed, 0), Err(LinkRefusal::Unknown));
    }
}

#[test]
fn a_pass_names_its_user_and_place_until_it_expires_and_is_no_link() {
    use primeclimb::session::Place;
    let key = LinkKey::from_secret(b"a secret for the tests of passes");
    let place = Place {
        guild_id: 910_000_000_000_000_001,
        channel_id: 920_000_000_000_000_001,
    };
    let pass = key.pass(930_000_000_000_000_001, place, 5_000);
    assert_eq!(
        key.open_pass(&pass, 4_999),
        Ok((930_000_000_000_000_001, place))
    );
    assert_eq!(key.open_pass(&pass, 5_000), Err(LinkRefusal::Expired));
    // Another key, a changed user, place or expiry, a link: nobody.
    let other = LinkKey::from_secret(b"another secret for the tests");
    assert_eq!(other.open_pass(&pass, 0), Err(LinkRefusal::Unknown));
    let (word, rest) = pass.split_once('.').unwrap();
    for changed in [
        pass.replacen("930000000000000001_", "930000000000000002_", 1),
        pass.replacen("_920000000000000001.", "_920000000000000002.", 1),
        format!("0{word}.{rest}"),
        format!("{word}_1.{rest}"),
        pass.replacen(".5000.", ".9000.", 1),
        String::new(),
        "1.2".into(),
    ] {
        assert_eq!(
            key.open_pass(&changed, 0),
            Err(LinkRefusal::Unknown),
            "{changed}"
        );
    }
    let link = key.sign(Scope::Game(930_000_000_000_000_001), 5_000);
    assert_eq!(
        key.open_pass(&link, 0),
        Err(LinkRefusal::Unknown),
        "a link is no pass"
    );
    assert!(key.open(&pass, 0).is_err(), "a pass is no link");
}
