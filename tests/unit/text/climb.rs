//! Prime Climb's colours and steps in words (`src/text/climb.rs`).

use primeclimb::climb::ops::Op;
use primeclimb::text::climb::{colour_words, colours_text, explain_step, step_line};
use primeclimb::text::{Lang, Markup};

#[test]
fn colours_text_uses_the_engines_factor_colours() {
    let en = colours_text(Lang::En, Markup::Discord);
    assert!(
        en.contains("🟧🟧🟩 12 = 2² × 3: orange, orange, green"),
        "{en}"
    );
    assert!(en.contains("🟥 13 is prime: red"), "{en}");
    let fr = colours_text(Lang::Fr, Markup::Plain);
    assert!(fr.contains("🟧🟪 14 = 2 × 7 : orange, violet"), "{fr}");
    assert!(fr.contains("13 est premier : rouge"), "{fr}");
    assert!(!fr.contains("**"), "plain text has no markers");
}

#[test]
fn multiplying_combines_colours() {
    assert_eq!(
        explain_step(14, Op::Mul, 3, 42, Lang::En),
        "14 × 3 = 42: orange·purple × green = orange·green·purple"
    );
    assert_eq!(
        explain_step(42, Op::Div, 3, 14, Lang::En),
        "42 ÷ 3 = 14: orange·green·purple ÷ green = orange·purple"
    );
    assert_eq!(explain_step(10, Op::Add, 3, 13, Lang::En), "10 + 3 = 13");
    assert_eq!(
        explain_step(0, Op::Mul, 2, 0, Lang::En),
        "the 2 is spent on the pawn at Start, which stays there"
    );
    // A pawn elsewhere that × 1 leaves in place is not on Start.
    assert_eq!(explain_step(97, Op::Mul, 1, 97, Lang::En), "97 × 1 = 97");
    assert_eq!(step_line(94, Op::Div, 1, 94, Lang::Fr), "94 ÷ 1 = 94");
    assert_eq!(colour_words(13, Lang::En), "red");
    assert_eq!(colour_words(1, Lang::Fr), "sans couleur");
}
