//! The words of the lessons (`src/text/lessons.rs`), step by step, in both languages.

use primeclimb::climb::lessons::{lesson, Topic, COUNT};
use primeclimb::text::lessons::{checked_text, step_text};
use primeclimb::text::{Lang, Markup};

#[test]
fn every_step_has_its_words_in_both_languages() {
    for i in 0..COUNT {
        let l = lesson(i).unwrap();
        for lang in [Lang::En, Lang::Fr] {
            let t = step_text(i, &l, "→", lang, Markup::Plain);
            assert!(t.contains(&format!("{}", i + 1)), "{t}");
            let wrong = l
                .check(match l.topic {
                    Topic::Add => "0 -6",
                    _ => "",
                })
                .ok();
            if let Some(c) = wrong {
                assert!(checked_text(&l, &c, lang, Markup::Plain).contains("❌"));
            }
        }
    }
    let l = lesson(7).unwrap();
    let c = l.check("4 x5 x1").unwrap();
    let t = checked_text(&l, &c, Lang::En, Markup::Plain);
    assert!(t.contains("goes back") && t.contains("✅"), "{t}");
    let t = step_text(5, &lesson(5).unwrap(), "", Lang::Fr, Markup::Plain);
    assert!(t.contains("Vos pions sont sur 3 et 10"), "{t}");
}
