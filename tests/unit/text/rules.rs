//! The rules by topic (`src/text/rules.rs`): both languages, within Discord's limit.

use primeclimb::text::rules::{daifugo, Topic};
use primeclimb::text::{Lang, Markup};

#[test]
fn every_topic_has_both_languages_within_discords_limit() {
    for topic in Topic::ALL {
        for lang in Lang::ALL {
            let text = topic.text(lang, Markup::Discord);
            assert!(!text.is_empty(), "{topic:?} {lang:?}");
            assert!(text.chars().count() < 2000, "{topic:?} {lang:?} too long");
            assert!(!topic.text(lang, Markup::Plain).contains("**"));
        }
        assert_ne!(
            topic.text(Lang::En, Markup::Discord),
            topic.text(Lang::Fr, Markup::Discord)
        );
        let (en, fr) = topic.words();
        assert_eq!(Topic::from_word(en), Some(topic));
        assert_eq!(Topic::from_word(fr), Some(topic));
    }
    assert_eq!(Topic::from_word("card"), Some(Topic::Cards));
    assert_eq!(Topic::from_word("zz"), None);
    for lang in Lang::ALL {
        assert!(daifugo(lang, Markup::Discord).chars().count() < 2000);
    }
}
