//! Folding long lines for the terminal (`src/text/terminal.rs`): never inside a play or
//! a number, never before French punctuation.

use primeclimb::text::terminal::fold;

#[test]
fn a_french_line_never_begins_with_its_punctuation() {
    let line = "  Ada : 37, 12 ; Bo : 40, 5 ; Cy : départ, 99 ; Dee : 14, 22 ; Eve : 3, 8 !";
    for width in 20..line.len() {
        for l in fold(line, width) {
            let start = l.trim_start();
            assert!(
                !start.starts_with([';', ':', '!']),
                "{width}: {l:?} begins with punctuation"
            );
        }
    }
}

#[test]
fn a_short_line_is_kept() {
    assert_eq!(fold("  Ada> hint", 40), ["  Ada> hint"]);
}

#[test]
fn plays_are_never_cut_inside() {
    let line = "  You could play 3 (`3`), 13 (`1 3`), 163 (`1 6 3`), 433 (`4/6/8:4 3 3`) \
                and 883 (`4/6/8:8 4/6/8:8 3`).";
    let lines = fold(line, 36);
    assert!(lines.len() > 2, "{lines:?}");
    for l in &lines {
        assert!(l.chars().count() <= 36, "{l:?} is too long");
        assert_eq!(l.matches('`').count() % 2, 0, "{l:?} cuts a play");
        assert_eq!(l.matches('(').count(), l.matches(')').count(), "{l:?}");
        assert!(
            !l.trim_start().starts_with('('),
            "{l:?} parts a number from its play"
        );
    }
    assert!(
        lines[1].starts_with("    "),
        "continuations hang: {lines:?}"
    );
    let joined: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
    let original: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(joined, original, "nothing is lost or added");
}

#[test]
fn a_help_line_hangs_under_its_second_column() {
    let line = "  rules [thème]   les règles : aperçu, lancer, déplacer, renvoyer, piocher";
    let lines = fold(line, 50);
    assert_eq!(lines[0], "  rules [thème]   les règles : aperçu, lancer,");
    assert_eq!(lines[1], "                  déplacer, renvoyer, piocher");
}

#[test]
fn a_word_longer_than_the_width_stays_whole() {
    let long = "x".repeat(60);
    let lines = fold(&format!("see {long} here"), 30);
    assert_eq!(lines, ["see", &format!("  {long}"), "  here"]);
}

#[test]
fn odd_input_never_panics() {
    for line in [
        "",
        " ",
        "((((",
        "````",
        "a  ",
        "  ",
        "é  ü  ö",
        "🎴  🎴 🎴 🎴",
    ] {
        for width in [0, 1, 20, 21, 80] {
            let _ = fold(line, width);
        }
    }
}
