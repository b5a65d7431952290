//! The ids of buttons and menus (`src/discord/ids.rs`): each reads back, junk is refused.

use primeclimb::discord::ids::{BoardVerb, Click, HandVerb, LobbyVerb, TableVerb};
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
    ] {
        assert!(Click::parse(junk).is_err(), "{junk}");
    }
}
