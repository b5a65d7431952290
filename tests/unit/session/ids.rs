//! The ids of buttons and menus (`src/session/ids.rs`): each reads back, junk is refused,
//! and each asks what the button means.

use primeclimb::session::ids::{BoardVerb, Click, HandVerb, LobbyVerb, TableVerb};
use primeclimb::session::Stamp;

#[test]
fn every_click_reads_back() {
    let stamp = Stamp {
        game_id: 12,
        version: 34,
    };
    let clicks = [
        Click::Board {
            stamp,
            verb: BoardVerb::End,
        },
        Click::Board {
            stamp,
            verb: BoardVerb::Pick(2),
        },
        Click::Lobby {
            game_id: 7,
            verb: LobbyVerb::Ai,
        },
        Click::Table {
            game_id: 7,
            verb: TableVerb::ShowHand,
        },
        Click::ClassGames {
            everywhere: true,
            page: 3,
        },
        Click::ClassGames {
            everywhere: false,
            page: 0,
        },
        Click::Hand {
            stamp,
            verb: HandVerb::Discard,
        },
        Click::Rematch { game_id: 9 },
        Click::LearnPlay,
        Click::Board {
            stamp,
            verb: BoardVerb::Pawn(Some(14)),
        },
        Click::Board {
            stamp,
            verb: BoardVerb::Pawn(None),
        },
    ];
    for click in clicks {
        assert_eq!(Click::parse(&click.id()), Ok(click), "{}", click.id());
    }
    assert_eq!(
        Click::Board {
            stamp,
            verb: BoardVerb::End
        }
        .id(),
        "climb:12:34:end"
    );
}

#[test]
fn ids_this_bot_cannot_read_are_errors() {
    for junk in [
        "",
        "climb",
        "climb:x:1:end",
        "climb:1:2:dance",
        "climb:1:99999999999999999999:end",
        "climb:1:-2:end",
        "climb:1:2:pick3",
        "climb:1:2:pick",
        "lobby:1",
        "lobby:1:dance",
        "daifugo:1:2:3:4",
        "daifugo:1:2:fold",
        "other:1:2:3",
        "rematch",
        "rematch:x",
        "rematch:1:2",
        "learn",
        "learn:play:1",
        "learn:dance",
        "class:games:here",
        "class:games:there:1",
        "class:games:all:-1",
        "class:games:all:70000",
        "climb:1:2:pawn",
        "climb:1:2:pawn256",
        "climb:1:2:pawn-1",
        "climb:1:2:s",
        "climb:1:2:s14",
        "climb:1:2:s+3",
        "climb:1:2:s14+3+3",
        "climb:1:2:s14kc2",
        "climb:1:2:s14 +3 15",
        "climb:1:2:s14?3",
        "climb:1:2:sx",
    ] {
        assert!(Click::parse(junk).is_err(), "{junk}");
    }
}

#[test]
fn every_step_of_the_notation_reads_back_from_its_button() {
    use primeclimb::climb::notation::Token;
    use primeclimb::climb::ops::Op;
    let stamp = Stamp {
        game_id: 5,
        version: 6,
    };
    let on_pawn = [
        Token::Die(Op::Add, 3),
        Token::Die(Op::Sub, 10),
        Token::Die(Op::Mul, 9),
        Token::Die(Op::Div, 2),
        Token::Forced(7),
        Token::PlusMinus { add: true, n: 5 },
        Token::PlusMinus { add: false, n: 10 },
        Token::SendWithin(None),
        Token::SendWithin(Some(3)),
    ];
    let mut verbs: Vec<BoardVerb> = Vec::new();
    for token in on_pawn {
        for pawn in [0, 14, 101] {
            verbs.push(BoardVerb::Step {
                pawn: Some(pawn),
                token,
            });
        }
    }
    verbs.push(BoardVerb::Step {
        pawn: None,
        token: Token::Curse(2),
    });
    for verb in verbs {
        let click = Click::Board { stamp, verb };
        assert!(click.id().len() <= 100, "{}", click.id());
        assert_eq!(Click::parse(&click.id()), Ok(click), "{}", click.id());
    }
    let plus = Click::Board {
        stamp,
        verb: BoardVerb::Step {
            pawn: Some(14),
            token: Token::Die(Op::Add, 3),
        },
    };
    assert_eq!(plus.id(), "climb:5:6:s14+3");
}

#[test]
fn each_click_asks_what_its_button_means() {
    use primeclimb::level::Level;
    use primeclimb::session::ids::Asked;
    use primeclimb::session::request::Command;
    use primeclimb::session::{ClickAsk, LobbyAct, Room};
    let stamp = Stamp {
        game_id: 3,
        version: 4,
    };
    let ask = |id: &str, value: Option<&str>| {
        Click::parse(id)
            .expect("an id")
            .ask(value.map(str::to_string), Room::Possible, true)
    };
    let climb = |command| Asked::Game(ClickAsk::Climb { stamp, command });
    // A step is the typed move: a pawn named by its space, then the step.
    assert_eq!(
        ask("climb:3:4:s14+3", None),
        climb(Command::Move("14 +3".into()))
    );
    assert_eq!(
        ask("climb:3:4:skc2", None),
        climb(Command::Move("kc2".into()))
    );
    assert_eq!(
        ask("climb:3:4:pawn14", None),
        Asked::Game(ClickAsk::ClimbPawn {
            stamp,
            pawn: Some(14)
        })
    );
    assert_eq!(
        ask("climb:3:4:pawns", None),
        Asked::Game(ClickAsk::ClimbPawn { stamp, pawn: None })
    );
    assert_eq!(ask("climb:3:4:end", None), climb(Command::EndMove));
    // A menu's value must be on that page of the menu.
    assert_eq!(
        ask("climb:3:4:pick0", Some("25")),
        climb(Command::Choose(25))
    );
    assert_eq!(
        ask("climb:3:4:pick1", Some("26")),
        climb(Command::Choose(26))
    );
    for (id, value) in [
        ("climb:3:4:pick0", Some("26")),
        ("climb:3:4:pick0", Some("0")),
        ("climb:3:4:pick0", Some("x")),
        ("climb:3:4:pick0", None),
        ("lobby:3:ai", Some("grandmaster")),
        ("lobby:3:ai", None),
        ("daifugo:3:4:play", None),
    ] {
        assert_eq!(ask(id, value), Asked::NotOnMenu, "{id} {value:?}");
    }
    let lobby = |act| {
        Asked::Game(ClickAsk::Lobby {
            game_id: 3,
            act,
            room: Room::Possible,
        })
    };
    assert_eq!(ask("lobby:3:ai", Some("remove")), lobby(LobbyAct::RemoveAi));
    assert_eq!(
        ask("lobby:3:ai", Some("hard")),
        lobby(LobbyAct::AddAi(Level::Hard))
    );
    assert_eq!(
        ask("daifugo:3:4:discard", Some("7")),
        Asked::Game(ClickAsk::Daifugo {
            stamp,
            words: "discard 7".into()
        })
    );
    assert_eq!(ask("learn:play", None), Asked::LearnPlay);
}
