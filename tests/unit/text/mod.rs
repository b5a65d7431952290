//! Everything a person reads (`src/text/`), one module per file; here the words every
//! text shares (`src/text/mod.rs`): durations, counts, French elision, factorisations,
//! clipping.

mod class;
mod climb;
mod daifugo;
mod errors;
mod lessons;
mod lobby;
mod notify;
mod review;
mod rules;
mod terminal;

use primeclimb::text::{clip, count, counted, de, duration, factorisation, par, que, Lang};

#[test]
fn durations_in_words() {
    assert_eq!(duration(43_200, Lang::En), "12 h");
    assert_eq!(duration(2 * 86_400 + 6 * 3_600, Lang::Fr), "2 j 6 h");
    assert_eq!(duration(1_800, Lang::En), "30 min");
    assert_eq!(duration(45, Lang::En), "45 s");
    assert_eq!(duration(-3, Lang::En), "0 s");
}

#[test]
fn counts_agree_with_their_number() {
    assert_eq!(count(1, "turn", "turns"), "1 turn");
    assert_eq!(count(2, "turn", "turns"), "2 turns");
    assert_eq!(
        counted(Lang::Fr, 0, ("turn", "turns"), ("tour", "tours")),
        "0 tour"
    );
    assert_eq!(
        counted(Lang::En, 0, ("turn", "turns"), ("tour", "tours")),
        "0 turns"
    );
}

#[test]
fn french_elides_before_a_vowel() {
    assert_eq!(de("Alice"), "d'Alice");
    assert_eq!(de("Élodie"), "d'Élodie");
    // An AI seat's French name is a noun with its article: "le pion de l'IA forte".
    assert_eq!(de("IA forte"), "de l'IA forte");
    assert_eq!(de("Bo"), "de Bo");
    assert_eq!(que("Alice"), "qu'Alice");
    assert_eq!(que("IA facile 2"), "que l'IA facile 2");
    assert_eq!(par("IA moyenne"), "par l'IA moyenne");
    assert_eq!(par("Ada"), "par Ada");
}

#[test]
fn factorisations_use_exponents() {
    assert_eq!(factorisation(96, Lang::En), "96 = 2⁵ × 3");
    assert_eq!(factorisation(12, Lang::En), "12 = 2² × 3");
    assert_eq!(factorisation(30, Lang::En), "30 = 2 × 3 × 5");
    assert_eq!(factorisation(13, Lang::Fr), "13 est premier");
    assert_eq!(factorisation(1_024, Lang::En), "1024 = 2¹⁰");
    assert_eq!(factorisation(1, Lang::En), "1");
}

#[test]
fn long_texts_are_clipped_by_characters() {
    assert_eq!(clip("abcdef", 4), "abc…");
    assert_eq!(clip("ééé", 3), "ééé");
}
