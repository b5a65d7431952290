//! The grammar of requests (`src/session/request.rs`): variants, looks, dates, durations,
//! AI levels and the lines of a turn.

use primeclimb::climb::options::WayStations;
use primeclimb::climb::Course;
use primeclimb::level::Level;
use primeclimb::render::{Look, Palette};
use primeclimb::session::request::{
    climb_line, climb_move, climb_options, daifugo_choices, daifugo_line, daifugo_options,
    days_from_civil, due_date, duration, game_kind, hint_option, levels, look, look_words,
    report_date, report_span, stored_look, ClimbLine, Command, DaifugoLine, RequestError,
};
use primeclimb::{climb, daifugo};

#[test]
fn variants_parse_from_words() {
    let (o, _) = climb_options("decline, sprint double-time").unwrap();
    assert_eq!(o.course, Course::Decline);
    assert!(o.sprint && o.double_time);
    let (o, _) = climb_options("way-stations=31/37").unwrap();
    assert_eq!(o.way_stations, WayStations::Chosen(vec![31, 37]));
    let (o, _) = climb_options("stations=2").unwrap();
    assert_eq!(o.way_stations, WayStations::Random(2));
    let (o, _) = climb_options("solitaire2").unwrap();
    assert!(o.solitaire && o.course == Course::ThereAndBack);
    assert_eq!(
        climb_options("").unwrap(),
        (climb::Options::default(), false)
    );
    assert!(climb_options("sprint,blanks").unwrap().1);
    assert_eq!(
        climb_options("decline,there-and-back").unwrap_err(),
        RequestError::CourseConflict("decline".into(), "there-and-back".into())
    );
    assert_eq!(
        climb_options("solitaire2 decline").unwrap_err(),
        RequestError::CourseConflict("solitaire2".into(), "decline".into())
    );
    assert!(climb_options("there-and-back solitaire2").is_ok());
    assert!(climb_options("decline decline").is_ok());
    let cb = look("colour-blind+marks").unwrap();
    assert_eq!(
        cb,
        Look {
            palette: Palette::ColourBlind,
            marks: true
        }
    );
    assert_eq!(look(&look_words(cb)), Ok(cb));
    assert_eq!(look_words(Look::default()), "standard");
    assert_eq!(
        look("color-blind"),
        Ok(Look {
            palette: Palette::ColourBlind,
            marks: false
        })
    );
    assert_eq!(
        look("sepia"),
        Err(RequestError::UnknownLook("sepia".into()))
    );
    assert_eq!(stored_look(Some("garbled")), Look::default());
    // Due dates: spans from now, or dates (UTC).
    let now = days_from_civil(2026, 11, 25) * 86_400_000;
    assert_eq!(due_date("3d", now), Ok(now + 3 * 86_400_000));
    assert_eq!(
        due_date("2026-12-01", now),
        Ok(days_from_civil(2026, 12, 2) * 86_400_000 - 1)
    );
    assert_eq!(
        due_date("2026-12-01 14:30", now),
        Ok(days_from_civil(2026, 12, 1) * 86_400_000 + (14 * 60 + 30) * 60_000)
    );
    assert_eq!(
        due_date("2026-11-01", now),
        Err(RequestError::DueInPast("2026-11-01".into()))
    );
    assert_eq!(
        due_date("2026-02-30", now),
        Err(RequestError::DueDate("2026-02-30".into()))
    );
    assert_eq!(
        due_date("soon", now),
        Err(RequestError::DueDate("soon".into()))
    );
    assert!(matches!(
        due_date("2030-01-01", now),
        Err(RequestError::DueTooLate(_))
    ));
    assert_eq!(days_from_civil(1970, 1, 1), 0);
    assert_eq!(
        report_date("2026-11-01", now),
        Ok(days_from_civil(2026, 11, 1) * 86_400_000)
    );
    assert_eq!(report_date("30d", now), Ok(now - 30 * 86_400_000));
    assert_eq!(
        report_date("yesterday", now),
        Err(RequestError::ReportDate("yesterday".into()))
    );
    let err = climb_options("decline,warp").unwrap_err();
    assert_eq!(err, RequestError::UnknownVariant("warp".into()));
    assert!(
        err.to_string().starts_with("`warp` is not a variant"),
        "{err}"
    );
}

#[test]
fn daifugo_options_read_from_words() {
    let o = daifugo_options("advanced, skip games=3").unwrap();
    assert!(o.zero && o.five_nine && o.four_six_eight && o.skip);
    assert_eq!(o.games_to_win, 3);
    assert_eq!(daifugo_options("hand-limit").unwrap().hand_limit, Some(13));
    assert_eq!(daifugo_options("").unwrap(), daifugo::Options::default());
    assert!(daifugo_options("games=x")
        .unwrap_err()
        .to_string()
        .contains("games=3"));
    assert!(daifugo_options("turbo")
        .unwrap_err()
        .to_string()
        .starts_with("`turbo`"));
}

/// `/daifugo start`'s choices mean what the same words mean.
#[test]
fn daifugo_choices_mean_their_words() {
    for (advanced, skip, limit, games) in [
        (false, false, false, None),
        (true, false, false, None),
        (false, true, true, Some(3)),
        (true, true, true, Some(1)),
    ] {
        let mut words: Vec<String> = Vec::new();
        for (on, word) in [
            (advanced, "advanced"),
            (skip, "skip"),
            (limit, "hand-limit"),
        ] {
            if on {
                words.push(word.into());
            }
        }
        words.extend(games.map(|n| format!("games={n}")));
        assert_eq!(
            daifugo_choices(advanced, skip, limit, games),
            daifugo_options(&words.join(" ")).unwrap(),
            "{words:?}"
        );
    }
}

#[test]
fn durations_read_as_people_write_them() {
    assert_eq!(duration("off").unwrap(), None);
    assert_eq!(duration("30").unwrap(), Some(1_800));
    assert_eq!(duration("30m").unwrap(), Some(1_800));
    assert_eq!(duration("12h").unwrap(), Some(43_200));
    assert_eq!(duration("1h30m").unwrap(), Some(5_400));
    assert_eq!(duration("2 d").unwrap(), Some(172_800));
    assert_eq!(duration("2j").unwrap(), Some(172_800));
    assert_eq!(duration("90s").unwrap(), Some(90));
    assert_eq!(duration("3 heures").unwrap(), Some(10_800));
    for bad in [
        "5s",
        "15d",
        "h",
        "12x",
        "12h5",
        "-3h",
        "99999999999999999999d",
        "12é",
    ] {
        assert!(duration(bad).is_err(), "{bad}");
    }
}

#[test]
fn lines_read_as_commands() {
    assert_eq!(
        climb_line("move 14 -3 x9", false),
        Ok(ClimbLine::Act(Command::Move("14 -3 x9".into())))
    );
    assert_eq!(
        climb_line("14 -3 x9", false),
        Ok(ClimbLine::Act(Command::Move("14 -3 x9".into())))
    );
    assert_eq!(
        climb_line("x9", false),
        Ok(ClimbLine::Act(Command::Move("x9".into())))
    );
    assert_eq!(
        climb_line("play keeper +5 14", false),
        Ok(ClimbLine::Act(Command::Keeper {
            keeper: "+5".into(),
            target: Some("14".into())
        }))
    );
    assert_eq!(
        climb_line("2", true),
        Ok(ClimbLine::Act(Command::Choose(2)))
    );
    assert_eq!(climb_line("hint", false), Ok(ClimbLine::Hint(3)));
    assert_eq!(climb_line("hint 2", false), Ok(ClimbLine::Hint(2)));
    assert!(climb_line("hint abc", false).is_err());
    assert!(climb_line("hint 0", false).is_err());
    assert_eq!(climb_line("  ", false), Ok(ClimbLine::Empty));
    assert_eq!(
        climb_line("fin", false),
        Ok(ClimbLine::Act(Command::EndMove))
    );
    assert_eq!(
        climb_line("board text", false),
        Ok(ClimbLine::Board { text: true })
    );
    assert_eq!(
        climb_line("dance", false),
        Err(RequestError::NotACommand("dance".into()))
    );
    assert_eq!(climb_move(" End "), Command::EndMove);
    assert_eq!(climb_move("14 +3"), Command::Move("14 +3".into()));
}

#[test]
fn extra_words_are_refused_never_ignored() {
    assert_eq!(
        climb_line("undo undo", false),
        Err(RequestError::NothingAfter("undo".into(), "undo".into()))
    );
    assert_eq!(
        climb_line("board foo", false),
        Err(RequestError::BoardWord("board".into(), "foo".into()))
    );
    assert_eq!(
        climb_line("plateau texte", false),
        Ok(ClimbLine::Board { text: true })
    );
    for line in [
        "moves 3",
        "colours red",
        "quit now",
        "help me",
        "resign x",
        "end 2",
    ] {
        assert!(
            matches!(climb_line(line, false), Err(RequestError::NothingAfter(..))),
            "{line}"
        );
    }
    assert_eq!(
        climb_line("play", false),
        Err(RequestError::MissingKeeper("play".into()))
    );
    assert_eq!(
        RequestError::MissingKeeper("play".into()).to_string(),
        "`play` needs the Keeper to play, e.g. `play +5 14`, `play within 40` or `play curse 2`"
    );
    // An arrow key typed where no line editor reads it is shown, not echoed raw.
    let Err(e) = climb_line("\u{1b}[A", false) else {
        panic!("not a command")
    };
    assert_eq!(e, RequestError::NotACommand("␛[A".into()));
    assert!(!e.to_string().contains('\u{1b}'));
}

#[test]
fn prime_daifugo_lines_take_french_words_and_refuse_extra_ones() {
    assert_eq!(daifugo_line("pioche"), Ok(DaifugoLine::Act("draw".into())));
    assert_eq!(daifugo_line("piocher"), Ok(DaifugoLine::Act("draw".into())));
    assert_eq!(daifugo_line("passe"), Ok(DaifugoLine::Act("pass".into())));
    assert_eq!(
        daifugo_line("défausse 4"),
        Ok(DaifugoLine::Act("discard 4".into()))
    );
    assert_eq!(
        daifugo_line("plateau texte"),
        Ok(DaifugoLine::Board { text: true })
    );
    assert_eq!(daifugo_line("main"), Ok(DaifugoLine::Hand));
    assert_eq!(
        daifugo_line("hand please"),
        Err(RequestError::NothingAfter("hand".into(), "please".into()))
    );
    assert_eq!(
        daifugo_line("board foo"),
        Err(RequestError::BoardWord("board".into(), "foo".into()))
    );
    assert_eq!(daifugo_line("3 10"), Ok(DaifugoLine::Act("3 10".into())));
}

#[test]
fn levels_and_games_read_from_words() {
    assert_eq!(levels("easy,medium"), Ok(vec![Level::Easy, Level::Medium]));
    assert_eq!(levels("hard forte"), Ok(vec![Level::Hard, Level::Hard]));
    assert!(matches!(levels("wizard"), Err(RequestError::Level(_))));
    assert_eq!(levels(&"easy,".repeat(9)), Err(RequestError::TooManyAi));
    assert_eq!(
        game_kind("Daifugo"),
        Ok(primeclimb::store::GameKind::Daifugo)
    );
    assert!(game_kind("chess").is_err());
}

#[test]
fn a_hint_count_outside_one_to_five_is_refused() {
    assert_eq!(hint_option(None), Ok(3));
    assert_eq!(hint_option(Some(1)), Ok(1));
    assert_eq!(hint_option(Some(5)), Ok(5));
    for n in [0, 6, -1, i64::MAX, i64::MIN] {
        assert_eq!(hint_option(Some(n)), Err(RequestError::HintOption(n)));
    }
}

#[test]
fn a_report_span_runs_forward_or_is_refused() {
    const DAY: i64 = 86_400_000;
    let now = 20_000 * DAY + 5;
    assert_eq!(report_span(None, None, now), Ok((0, now + 1)));
    // One day: from its start to its end.
    let day = report_span(Some("2026-11-20"), Some("2026-11-20"), now).unwrap();
    assert_eq!(day.1 - day.0, DAY);
    assert_eq!(
        report_span(Some("2026-11-20"), Some("2026-11-19"), now),
        Err(RequestError::ReportSpan(
            "2026-11-20".into(),
            Some("2026-11-19".into())
        ))
    );
    // A start in the future, with no end: after today.
    assert_eq!(
        report_span(Some("2999-01-01"), None, now),
        Err(RequestError::ReportSpan("2999-01-01".into(), None))
    );
    assert_eq!(
        RequestError::ReportSpan("2999-01-01".into(), None).to_string(),
        "`2999-01-01` is after today: a report runs from an earlier day to a later one"
    );
    // A bad date is named as such, not as a backwards span.
    assert!(matches!(
        report_span(Some("soon"), Some("2026-11-19"), now),
        Err(RequestError::ReportDate(_))
    ));
}
