//! Refusals in both languages (`src/text/errors.rs`).

use primeclimb::climb::ops::ArithError;
use primeclimb::climb::{OptionsError, RuleError, StepError};
use primeclimb::session::{
    GameKind, KeeperError, Permission, RequestError, SessionError, SettingError,
};
use primeclimb::text::errors::refusal;
use primeclimb::text::Lang;

#[test]
fn errors_read_in_both_languages() {
    let e = SessionError::Rule(RuleError::AtStep {
        step: 2,
        error: StepError::Arith(ArithError::OffBoard {
            from: 35,
            op: primeclimb::climb::ops::Op::Mul,
            value: 3,
            result: 105,
        }),
    });
    assert_eq!(
        refusal(&e, Lang::En),
        "Step 2: 35 x3 = 105 is off the board"
    );
    assert_eq!(refusal(&e, Lang::Fr), "Pas 2 : 35 x3 = 105 sort du plateau");
    let e = SessionError::NotYourTurn { name: "Bo".into() };
    assert_eq!(refusal(&e, Lang::Fr), "C'est au tour de Bo, pas au vôtre");
    let e = SessionError::NotYourTurn {
        name: "Alice".into(),
    };
    assert_eq!(refusal(&e, Lang::Fr), "C'est au tour d'Alice, pas au vôtre");
}

#[test]
fn no_english_behind_a_french_label() {
    let errors = [
        SessionError::Request(RequestError::UnknownVariant("warp".into())),
        SessionError::Request(RequestError::Duration("soon".into())),
        SessionError::Request(RequestError::CourseConflict(
            "decline".into(),
            "there-and-back".into(),
        )),
        SessionError::ClimbOptions(OptionsError::PlayerCount(5)),
        SessionError::DaifugoOptions(primeclimb::daifugo::OptionsError::SkipNeedsThree),
        SessionError::Daifugo(primeclimb::daifugo::RuleError::Parse(
            primeclimb::daifugo::ParseError::NoSuchCard(14),
        )),
        SessionError::Keeper(KeeperError::WhomToCurse),
        SessionError::NotAllowed(Permission::EndGame),
        SessionError::Setting(SettingError::Slot(7)),
        SessionError::OtherGame(GameKind::Daifugo),
    ];
    for e in &errors {
        let en = refusal(e, Lang::En);
        let fr = refusal(e, Lang::Fr);
        assert_ne!(en, fr, "{e:?}");
        for word in [" the ", " is ", " not ", " write ", " only "] {
            assert!(!fr.contains(word), "{e:?}: {fr}");
        }
    }
}
