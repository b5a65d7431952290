//! Prime Daifugo's hints, status line and story (`src/text/daifugo.rs`).

use primeclimb::daifugo::{Card, Event, Game, Kind, Options};
use primeclimb::text::daifugo::{hint, next_line, story};
use primeclimb::text::{Lang, Markup};

fn n(v: u8) -> Card {
    Card {
        kind: Kind::Number(v),
        icon: false,
    }
}

#[test]
fn a_hint_offers_the_d_card_and_the_draw() {
    let hands = vec![
        vec![
            n(4),
            n(6),
            Card {
                kind: Kind::D,
                icon: false,
            },
        ],
        vec![n(3)],
    ];
    let g = Game::from_hands(Options::default(), &hands, 0, 1).expect("a position");
    let lines = hint(&g, 0, Lang::En, Markup::Plain).join("\n");
    assert!(lines.contains("No prime can be played"), "{lines}");
    assert!(lines.contains("play your D card"), "{lines}");
    assert!(lines.contains("draw a card first"), "{lines}");
}

#[test]
fn a_hint_lists_plays_by_number_of_cards() {
    let g = Game::from_hands(
        Options::default(),
        &[vec![n(1), n(3), n(6)], vec![n(5)]],
        0,
        1,
    )
    .expect("a position");
    let lines = hint(&g, 0, Lang::En, Markup::Plain);
    assert_eq!(lines[0], "You could play:");
    assert_eq!(lines[1], "  1 card: 3 (`3`)");
    // No three-card play: none of these cards has the three-card icon (§2).
    assert_eq!(lines[2], "  2 cards: 13 (`1 3`), 31 (`3 1`), 61 (`6 1`)");
    assert!(lines[3].starts_with("Before playing"), "{lines:?}");
    let fr = hint(&g, 0, Lang::Fr, Markup::Plain);
    assert_eq!(fr[0], "Vous pourriez jouer :");
    assert!(fr[1].starts_with("  1 carte : 3"), "{fr:?}");
    assert!(fr[2].starts_with("  2 cartes : "), "{fr:?}");
}

#[test]
fn a_hint_and_the_status_offer_the_skip_card() {
    let skip = Card {
        kind: Kind::Skip,
        icon: false,
    };
    let options = Options {
        skip: true,
        ..Options::default()
    };
    let hands = vec![vec![n(7), n(8)], vec![n(5), skip, n(4)], vec![n(9)]];
    let mut g = Game::from_hands(options, &hands, 0, 1).expect("a position");
    // Player 1 leads 7; Player 2 cannot beat it with one card but holds a SKIP.
    let seven = g.hand(0)[0];
    g.apply(
        0,
        &primeclimb::daifugo::Action::Play {
            cards: vec![(seven, None)],
        },
    )
    .expect("7 is a prime");
    assert_eq!(g.current(), 1);
    let lines = hint(&g, 1, Lang::En, Markup::Plain).join("\n");
    assert!(
        lines.contains("You may also play your SKIP card (`skip`): Player 3 loses their turn."),
        "{lines}"
    );
    let status = next_line(&g, "Player 2", Lang::En, Markup::Plain);
    assert!(status.contains("or play SKIP, or pass"), "{status}");
    // Without the skip variant there is no SKIP to offer.
    let plain =
        Game::from_hands(Options::default(), &[vec![n(5)], vec![n(3)]], 0, 1).expect("a position");
    assert!(!hint(&plain, 0, Lang::En, Markup::Plain)
        .join("\n")
        .contains("SKIP"));
}

#[test]
fn others_draws_stay_hidden() {
    let g =
        Game::from_hands(Options::default(), &[vec![n(3)], vec![n(5)]], 0, 1).expect("a position");
    let card = g.hand(0)[0];
    let events = [Event::Drew { seat: 0, card }, Event::Drew { seat: 0, card }];
    let public = story(&g, &events, None, Lang::En, Markup::Plain);
    assert_eq!(public, ["Player 1 draws 2 cards"]);
    let own = story(&g, &events, Some(0), Lang::Fr, Markup::Plain);
    assert_eq!(own, ["Player 1 pioche [3]", "Player 1 pioche [3]"]);
}
