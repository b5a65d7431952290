//! The `/climb` commands (`src/discord/commands/climb.rs`): autocompleting variants, and
//! matching typed moves.

use primeclimb::session::suggest::{complete_list, squeeze, VARIANT_WORDS};

#[test]
fn lists_complete_their_last_word() {
    assert_eq!(complete_list("spr", &VARIANT_WORDS), ["sprint"]);
    assert_eq!(
        complete_list("sprint,dou", &VARIANT_WORDS),
        ["sprint,double-time", "sprint,doubles-may"]
    );
    assert_eq!(complete_list("x", &VARIANT_WORDS), Vec::<String>::new());
}

#[test]
fn the_scaffolds_are_offered_and_every_word_offered_is_known() {
    for word in VARIANT_WORDS {
        assert!(
            primeclimb::session::request::climb_options(word).is_ok(),
            "{word} is a variant"
        );
    }
    // The scaffolds for beginners (rules §10).
    for word in ["one-die", "one-pawn", "add-subtract"] {
        assert!(VARIANT_WORDS.contains(&word), "{word} is offered");
    }
    assert_eq!(
        complete_list("one-die,one", &VARIANT_WORDS),
        ["one-die,one-die", "one-die,one-pawn"]
    );
}

#[test]
fn typed_moves_match_without_spaces() {
    assert_eq!(squeeze("14 -3 ×9"), "14-3x9");
    assert!(squeeze("4 +3 26 x9").starts_with(&squeeze("4+3 2")));
}

/// Every command of the table (`text::commands`) has a handler, and only those: a command
/// added to the table without one would be registered and never answered.
#[test]
fn every_command_of_the_table_has_a_handler() {
    use primeclimb::text::commands::{Slash, ALL};
    fn leaves(slash: &Slash, path: &str, out: &mut Vec<String>) {
        let path = format!("{path} {}", slash.name.en).trim().to_string();
        if slash.subcommands.is_empty() {
            out.push(path.clone());
        }
        for sub in slash.subcommands {
            leaves(sub, &path, out);
        }
    }
    let mut paths = Vec::new();
    for slash in ALL {
        leaves(slash, "", &mut paths);
    }
    assert_eq!(paths.len(), 53, "{paths:?}");
    for path in &paths {
        assert!(
            primeclimb::discord::dispatches(path),
            "{path} has no handler"
        );
    }
    for other in [
        "climb",
        "climb fly",
        "settings",
        "settings me",
        "settings colour",
        "",
    ] {
        assert!(
            !primeclimb::discord::dispatches(other),
            "{other:?} has a handler"
        );
    }
}
