//! The Prime Daifugo rule book as tests (`../shared/rules/prime-daifugo.md`): one test
//! per rule or ruling, named after its section, every §6 worked example, the notation,
//! hints, AI, and invariants over 10,000 random matches.

use primeclimb::daifugo::ai::{next_action, Level};
use primeclimb::daifugo::card::card_list;
use primeclimb::daifugo::game::{Step, DRAW_TWO};
use primeclimb::daifugo::notation::{self, parse, Written};
use primeclimb::daifugo::number::{concat, is_prime};
use primeclimb::daifugo::{
    hint_text, playable_primes, Action, Card, CardId, Event, Game, Kind, Options, PlayError,
    RuleError, DECK,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ----- helpers -------------------------------------------------------------------------

fn n(v: u8) -> Card {
    Card {
        kind: Kind::Number(v),
        icon: false,
    }
}

fn icon(v: u8) -> Card {
    Card {
        kind: Kind::Number(v),
        icon: true,
    }
}

fn special(kind: Kind) -> Card {
    Card { kind, icon: false }
}

fn game(hands: &[Vec<Card>]) -> Game {
    game_with(hands, Options::default())
}

fn game_with(hands: &[Vec<Card>], options: Options) -> Game {
    Game::from_hands(options, hands, 0, 11).expect("a valid position")
}

fn three_with_skip() -> Options {
    Options {
        skip: true,
        ..Options::default()
    }
}

/// Play written cards (or a command) for `seat`; panics with the message if refused.
fn act(g: &mut Game, seat: usize, text: &str) -> Vec<Event> {
    let action = notation::read(g, seat, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    g.apply(seat, &action)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The message of a refused command, checking that nothing changed.
fn refused(g: &mut Game, seat: usize, text: &str) -> String {
    let before = g.clone();
    let err = match notation::read(g, seat, text) {
        Err(e) => e,
        Ok(a) => g.apply(seat, &a).expect_err("refused"),
    };
    assert_eq!(*g, before, "a refused action changes nothing");
    err.to_string()
}

fn played(events: &[Event]) -> Option<u32> {
    events.iter().find_map(|e| match e {
        Event::Played { number, .. } => Some(*number),
        _ => None,
    })
}

fn has(events: &[Event], pred: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(pred)
}

fn hand_len(g: &Game, seat: usize) -> usize {
    g.hand(seat).len()
}

// ----- §1 cards ------------------------------------------------------------------------

#[test]
fn rule_1_deck_is_one_table_with_the_printed_counts() {
    let count = |k: Kind| DECK.iter().find(|r| r.kind == k).map(|r| r.copies);
    assert_eq!(count(Kind::Number(3)), Some(5));
    assert_eq!(count(Kind::Number(19)), Some(1));
    assert_eq!(count(Kind::D), Some(3));
    let numbers: u32 = DECK
        .iter()
        .filter(|r| matches!(r.kind, Kind::Number(v) if v != 0))
        .map(|r| u32::from(r.copies))
        .sum();
    assert_eq!(numbers, 43, "§1: 43 basic number cards");
    let basic = card_list(&Options::default());
    assert_eq!(basic.len(), 46, "43 numbers + 3 D");
    assert!(!basic.iter().any(|c| matches!(
        c.kind,
        Kind::Number(0) | Kind::FiveNine | Kind::FourSixEight | Kind::Skip
    )));
    let icons: Vec<Kind> = basic.iter().filter(|c| c.icon).map(|c| c.kind).collect();
    assert_eq!(icons.len(), 6);
    for v in [1, 3, 7, 9] {
        assert!(icons.contains(&Kind::Number(v)));
    }
    assert_eq!(card_list(&Options::advanced(3)).len(), 54);
}

// ----- §2 setup ------------------------------------------------------------------------

#[test]
fn rule_2_deal_ten_each_and_random_first_player() {
    let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    let mut firsts = std::collections::HashSet::new();
    for seed in 0..30 {
        let g = Game::new(Options::default(), &names, seed).unwrap();
        assert!(g.players.iter().all(|p| p.hand.len() == 10));
        assert_eq!(g.deck.len(), 46 - 30);
        firsts.insert(g.current());
    }
    assert_eq!(firsts.len(), 3, "every seat starts sometimes");
}

#[test]
fn rule_2_two_or_three_players_and_skip_only_with_three() {
    let names = |k: usize| (0..k).map(|i| format!("P{i}")).collect::<Vec<_>>();
    assert!(Game::new(Options::default(), &names(1), 1).is_err());
    assert!(Game::new(Options::default(), &names(4), 1).is_err());
    assert!(Game::new(Options::default(), &names(2), 1).is_ok());
    let err = Game::new(three_with_skip(), &names(2), 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "SKIP cards are only used with exactly 3 players"
    );
    assert!(Game::new(three_with_skip(), &names(3), 1).is_ok());
}

// ----- §3.1 draw or D card -------------------------------------------------------------

#[test]
fn rule_3_1_draw_is_optional_and_once_per_turn() {
    let mut g = game(&[vec![n(3), n(5)], vec![n(7)]]);
    let ev = act(&mut g, 0, "draw");
    assert!(has(&ev, |e| matches!(e, Event::Drew { seat: 0, .. })));
    assert_eq!(hand_len(&g, 0), 3);
    assert_eq!(
        refused(&mut g, 0, "draw"),
        "you have already drawn this turn (one draw or one D card per turn)"
    );
    // Without drawing: play straight away.
    let mut g = game(&[vec![n(3), n(5)], vec![n(7)]]);
    assert_eq!(played(&act(&mut g, 0, "3")), Some(3));
}

#[test]
fn rule_3_1_d_card_discard_it_draw_two_then_discard_one() {
    let mut g = game(&[vec![special(Kind::D), n(4), n(3)], vec![n(7)]]);
    let ev = act(&mut g, 0, "d");
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        2
    );
    assert_eq!(hand_len(&g, 0), 4);
    assert_eq!(g.turn.step, Step::Discard);
    assert_eq!(
        refused(&mut g, 0, "3"),
        "discard one card first (D card: discard any 1)"
    );
    assert_eq!(
        refused(&mut g, 0, "draw"),
        "discard one card first (D card: discard any 1)"
    );
    act(&mut g, 0, "discard 4");
    assert_eq!(hand_len(&g, 0), 3);
    assert_eq!(g.discard.len(), 2, "the D card and the discard");
    assert_eq!(g.top_discard().map(|c| g.kind(c)), Some(Kind::Number(4)));
    assert_eq!(g.hand_sizes(), [3, 1]);
    assert_eq!(
        refused(&mut g, 0, "draw"),
        "you have already drawn this turn (one draw or one D card per turn)"
    );
    assert_eq!(played(&act(&mut g, 0, "3")), Some(3));
}

// ----- §3.2 play or pass ---------------------------------------------------------------

#[test]
fn rule_3_2_leader_plays_one_two_or_three_cards() {
    for (hand, text, number) in [
        (vec![n(11), n(2)], "11", 11),
        (vec![n(10), n(3), n(2)], "10 3", 103),
        (vec![icon(1), n(3), n(7), n(2)], "1 3 7", 137),
    ] {
        let mut g = game(&[hand, vec![n(2)]]);
        assert_eq!(played(&act(&mut g, 0, text)), Some(number));
    }
    let mut g = game(&[vec![n(1), n(3), n(7), n(9), n(2)], vec![n(2)]]);
    assert_eq!(refused(&mut g, 0, "1 3 7 9"), "play 1 to 3 cards");
}

#[test]
fn rule_3_2_follow_with_the_same_count_and_a_larger_number() {
    let mut g = game(&[vec![n(10), n(3), n(2)], vec![n(9), n(7), n(11), n(13)]]);
    act(&mut g, 0, "10 3");
    assert_eq!(
        refused(&mut g, 1, "11"),
        "follow with 2 cards (the play is 103)"
    );
    assert_eq!(refused(&mut g, 1, "9 7"), "97 is not larger than 103");
    assert_eq!(played(&act(&mut g, 1, "13 9")), Some(139));
}

#[test]
fn rule_3_2_three_cards_only_single_digit_cards() {
    let mut g = game(&[vec![icon(1), n(10), n(3), n(2)], vec![n(2)]]);
    assert_eq!(
        refused(&mut g, 0, "1 10 3"),
        "three-card plays use only single-digit cards ([10] has two digits)"
    );
}

#[test]
fn rule_3_2_zero_is_never_the_first_digit() {
    let opts = Options {
        zero: true,
        ..Options::default()
    };
    let mut g = game_with(&[vec![n(0), icon(1), n(3), n(2)], vec![n(2)]], opts);
    assert_eq!(
        refused(&mut g, 0, "0 1 3"),
        "[0] can never be the first digit"
    );
    assert_eq!(refused(&mut g, 0, "0"), "[0] can never be the first digit");
    // 1 0 3 = 103, prime, with the icon [1].
    assert_eq!(played(&act(&mut g, 0, "1 0 3")), Some(103));
}

#[test]
fn rule_3_2_multi_number_card_is_played_as_one_announced_value() {
    let opts = Options {
        five_nine: true,
        four_six_eight: true,
        ..Options::default()
    };
    let mut g = game_with(
        &[
            vec![
                special(Kind::FiveNine),
                n(3),
                special(Kind::FourSixEight),
                n(2),
            ],
            vec![n(2)],
        ],
        opts,
    );
    assert_eq!(
        refused(&mut g, 0, "5/9"),
        "say which value the [5/9] is played as (5 or 9), e.g. `5/9:9`"
    );
    assert_eq!(
        refused(&mut g, 0, "5/9:7"),
        "the [5/9] cannot be played as 7 (5 or 9)"
    );
    assert_eq!(played(&act(&mut g, 0, "5/9:5 3")), Some(53));
}

#[test]
fn rule_3_2_skip_discarded_ends_turn_and_skips_the_next_player() {
    let mut g = game_with(
        &[
            vec![special(Kind::Skip), n(3), n(2)],
            vec![n(5), n(2)],
            vec![n(7), n(2)],
        ],
        three_with_skip(),
    );
    let ev = act(&mut g, 0, "skip");
    assert!(has(&ev, |e| matches!(
        e,
        Event::Skipped {
            seat: 0,
            skipped: 1
        }
    )));
    assert_eq!(g.current(), 2, "seat 1 is skipped");
    assert_eq!(g.discard.len(), 1);
    assert!(!has(&ev, |e| matches!(e, Event::Played { .. })));
}

#[test]
fn rule_3_2_skip_cannot_be_the_last_card_and_must_draw() {
    let mut g = game_with(
        &[vec![special(Kind::Skip)], vec![n(5)], vec![n(7)]],
        three_with_skip(),
    );
    assert_eq!(
        refused(&mut g, 0, "skip"),
        "SKIP cannot be your last card: you cannot win by playing it"
    );
    assert_eq!(
        refused(&mut g, 0, "pass"),
        "SKIP is your only card: you must draw first"
    );
    act(&mut g, 0, "draw");
    assert_eq!(hand_len(&g, 0), 2);
    act(&mut g, 0, "skip");
    assert_eq!(g.current(), 2);
}

#[test]
fn ruling_an_idle_turn_draws_when_skip_is_the_only_card_then_passes() {
    let mut g = game_with(
        &[vec![special(Kind::Skip)], vec![n(5)], vec![n(7)]],
        three_with_skip(),
    );
    assert_eq!(g.idle_action(), Some(Action::Draw), "§3.2: must draw first");
    let action = g.idle_action().unwrap();
    g.apply(0, &action).unwrap();
    assert_eq!(g.idle_action(), Some(Action::Pass));
    let action = g.idle_action().unwrap();
    g.apply(0, &action).unwrap();
    assert_eq!(g.current(), 1, "the idle turn is over");
    assert_eq!(hand_len(&g, 0), 2);
}

#[test]
fn ruling_an_idle_turn_finishes_a_pending_discard() {
    let mut g = game(&[vec![special(Kind::D), n(3), n(2)], vec![n(5)]]);
    act(&mut g, 0, "d");
    let Some(Action::Discard { card }) = g.idle_action() else {
        panic!("a D card's discard is pending: {:?}", g.idle_action())
    };
    assert_eq!(card, g.hand(0)[0]);
    g.apply(0, &Action::Discard { card }).unwrap();
    assert_eq!(g.idle_action(), Some(Action::Pass));
}

#[test]
fn rule_3_2_skip_only_in_games_with_skip() {
    let mut g = game(&[vec![n(3), n(2)], vec![n(5)]]);
    assert_eq!(refused(&mut g, 0, "skip"), "SKIP is not used in this game");
}

#[test]
fn rule_3_2_anyone_may_pass_even_the_leader() {
    let mut g = game(&[vec![n(3), n(2)], vec![n(5)]]);
    let ev = act(&mut g, 0, "pass");
    assert!(has(&ev, |e| matches!(e, Event::Passed { seat: 0 })));
    assert_eq!(g.current(), 1);
    assert!(g.area.is_none());
}

// ----- §3.3 judgment -------------------------------------------------------------------

#[test]
fn rule_3_3_judgment_failed_play_returns_cards_and_is_a_pass() {
    let mut g = game(&[vec![n(3), n(10), n(2)], vec![n(5)]]);
    let ev = act(&mut g, 0, "3 10");
    assert!(has(&ev, |e| matches!(
        e,
        Event::JudgmentFailed { number: 310, factorisation, .. } if factorisation == "310 = 2 × 5 × 31"
    )));
    assert_eq!(hand_len(&g, 0), 3, "cards back in hand");
    assert!(g.area.is_none());
    assert_eq!(g.current(), 1, "the turn is over");
}

// ----- §3.4 powers ---------------------------------------------------------------------

#[test]
fn rule_3_4_draw_two_on_pass_over_a_ten() {
    let mut g = game(&[vec![n(10), n(3), n(2)], vec![n(5)], vec![n(7)]]);
    act(&mut g, 0, "10 3");
    act(&mut g, 1, "pass");
    assert_eq!(hand_len(&g, 1), 1 + DRAW_TWO);
    // A failed judgment counts as a pass.
    let mut g = game(&[vec![n(10), n(3), n(2)], vec![n(11), n(1), n(4)]]);
    act(&mut g, 0, "10 3");
    let ev = act(&mut g, 1, "11 1");
    assert!(has(&ev, |e| matches!(e, Event::JudgmentFailed { .. })));
    assert!(has(&ev, |e| matches!(e, Event::DrawTwo { seat: 1 })));
    assert_eq!(hand_len(&g, 1), 5);
}

#[test]
fn rule_3_4_draw_two_does_not_stack() {
    let mut g = game(&[vec![n(10), n(3), n(2)], vec![n(10), n(9), n(2)], vec![n(5)]]);
    act(&mut g, 0, "10 3");
    act(&mut g, 1, "10 9");
    act(&mut g, 2, "pass");
    assert_eq!(hand_len(&g, 2), 3, "2 cards, not 4");
}

#[test]
fn rule_3_4_skipped_player_and_skip_player_do_not_draw_two() {
    let mut g = game_with(
        &[
            vec![n(10), n(3), n(2)],
            vec![special(Kind::Skip), n(2)],
            vec![n(5), n(2)],
        ],
        three_with_skip(),
    );
    act(&mut g, 0, "10 3");
    act(&mut g, 1, "skip");
    assert_eq!(hand_len(&g, 1), 1, "SKIP player does not draw");
    assert_eq!(hand_len(&g, 2), 2, "skipped player does not draw");
    assert_eq!(g.current(), 0);
}

#[test]
fn rule_3_4_stop_clears_and_the_same_player_leads() {
    let mut g = game(&[vec![n(12), n(7), n(2)], vec![n(13)]]);
    let ev = act(&mut g, 0, "12 7");
    assert!(has(&ev, |e| matches!(e, Event::Stopped { seat: 0 })));
    assert!(g.area.is_none());
    assert_eq!(g.current(), 0);
}

#[test]
fn rule_3_4_draw_two_hits_its_own_player_after_a_skip() {
    // Rule book §6-3, the SKIP example: the turn comes back to the player of the [10],
    // who passes and draws 2.
    let mut g = game_with(
        &[
            vec![n(10), n(3), n(2)],
            vec![special(Kind::Skip), n(2)],
            vec![n(5), n(2)],
        ],
        three_with_skip(),
    );
    act(&mut g, 0, "10 3");
    act(&mut g, 1, "skip");
    assert_eq!(
        g.current(),
        0,
        "seat 2 is skipped: the turn is back with the [10]"
    );
    let ev = act(&mut g, 0, "pass");
    assert!(has(&ev, |e| matches!(e, Event::DrawTwo { seat: 0 })));
    assert_eq!(hand_len(&g, 0), 1 + DRAW_TWO);
}

// ----- §3.7 the play area keeps the round ------------------------------------------------

/// A two-player game in which every card is in a hand: deck and discard pile are empty.
fn all_cards_dealt(hands: &[Vec<Card>]) -> Game {
    let mut g = game(hands);
    let rest = std::mem::take(&mut g.deck);
    g.players[1].hand.extend(rest);
    assert!(g.deck.is_empty() && g.discard.is_empty());
    g
}

#[test]
fn rule_3_7_covered_plays_stay_in_the_play_area() {
    let mut g = all_cards_dealt(&[vec![n(2), n(5)], vec![n(3)]]);
    act(&mut g, 0, "2");
    act(&mut g, 1, "3");
    assert_eq!(
        g.covered.len(),
        1,
        "the [2] is covered, still in the play area"
    );
    assert_eq!(g.area.as_ref().map(|p| p.number), Some(3));
    assert!(g.discard.is_empty(), "nothing reached the discard pile yet");
    assert_eq!(
        g.top_discard(),
        None,
        "the top discard is never a card in play (Q8)"
    );
    // A3: an empty deck reshuffles the discard pile only: nothing can be drawn.
    let before = hand_len(&g, 0);
    let ev = act(&mut g, 0, "draw");
    assert!(has(&ev, |e| matches!(e, Event::DeckEmpty)));
    assert!(!has(&ev, |e| matches!(
        e,
        Event::Drew { .. } | Event::Reshuffled
    )));
    assert_eq!(hand_len(&g, 0), before);
    assert_eq!(g.cards_in_play(), 46);
}

#[test]
fn rule_3_7_the_new_start_player_discards_every_play_of_the_round() {
    // Rule book §4-6: the area is cleared only when the round ends, every play at once,
    // the current play last (on top).
    let mut g = game(&[vec![n(2), n(7), n(4)], vec![n(3), n(4)]]);
    act(&mut g, 0, "2");
    act(&mut g, 1, "3");
    act(&mut g, 0, "7");
    assert_eq!(g.covered.len(), 2);
    let ev = act(&mut g, 1, "pass");
    assert!(has(&ev, |e| matches!(e, Event::RoundCleared { leader: 0 })));
    assert!(g.covered.is_empty() && g.area.is_none());
    let kinds: Vec<Kind> = g.discard.iter().map(|&c| g.kind(c)).collect();
    assert_eq!(
        kinds,
        [Kind::Number(2), Kind::Number(3), Kind::Number(7)],
        "oldest first, the last play on top"
    );
}

// ----- §3.5 end of turn, §5 match ------------------------------------------------------

#[test]
fn rule_3_5_last_card_wins_the_game_and_the_next_is_dealt() {
    let mut g = game(&[vec![n(3)], vec![n(5)]]);
    let ev = act(&mut g, 0, "3");
    assert!(has(&ev, |e| matches!(
        e,
        Event::GameWon { seat: 0, wins: 1 }
    )));
    assert!(has(&ev, |e| matches!(e, Event::Dealt { game: 2, .. })));
    assert!(!g.is_over());
    assert!(g.players.iter().all(|p| p.hand.len() == 10));
    assert_eq!(g.cards_in_play(), 46);
}

#[test]
fn rule_5_match_is_won_at_n_games() {
    let opts = Options {
        games_to_win: 1,
        ..Options::default()
    };
    let mut g = game_with(&[vec![n(3)], vec![n(5)]], opts);
    let ev = act(&mut g, 0, "3");
    assert!(has(&ev, |e| matches!(e, Event::MatchWon { seat: 0 })));
    assert!(g.is_over());
    assert_eq!(refused(&mut g, 1, "pass"), "the match is over");
    for bad in [0, 6] {
        let o = Options {
            games_to_win: bad,
            ..Options::default()
        };
        assert!(o.validate(2).is_err());
    }
}

// ----- §3.6 new round ------------------------------------------------------------------

#[test]
fn rule_3_6_round_clears_when_play_comes_back() {
    let mut g = game(&[vec![n(5), n(2)], vec![n(3), n(4)], vec![n(4), n(6)]]);
    act(&mut g, 0, "5");
    act(&mut g, 1, "pass");
    let ev = act(&mut g, 2, "pass");
    assert!(has(&ev, |e| matches!(e, Event::RoundCleared { leader: 0 })));
    assert!(g.area.is_none());
    assert_eq!(g.current(), 0);
}

#[test]
fn rule_3_6_no_new_round_after_a_skip() {
    let mut g = game_with(
        &[
            vec![n(5), n(2)],
            vec![special(Kind::Skip), n(4)],
            vec![n(4), n(6)],
        ],
        three_with_skip(),
    );
    act(&mut g, 0, "5");
    let ev = act(&mut g, 1, "skip");
    assert!(!has(&ev, |e| matches!(e, Event::RoundCleared { .. })));
    assert_eq!(g.current(), 0);
    assert_eq!(g.area.as_ref().map(|p| p.number), Some(5));
}

// ----- §4 deck and limits --------------------------------------------------------------

#[test]
fn rule_4_1_empty_deck_reshuffles_the_discard_pile() {
    let mut g = game(&[vec![n(3), n(2)], vec![n(5)]]);
    let all = std::mem::take(&mut g.deck);
    g.discard = all;
    let ev = act(&mut g, 0, "draw");
    assert!(has(&ev, |e| matches!(e, Event::Reshuffled)));
    assert_eq!(g.discard.len(), 0);
    assert_eq!(g.cards_in_play(), 46);
}

#[test]
fn rule_4_1_both_piles_empty_draw_does_nothing() {
    let mut g = game(&[vec![n(3), n(2)], vec![n(5)]]);
    let rest = std::mem::take(&mut g.deck);
    g.players[1].hand.extend(rest);
    let ev = act(&mut g, 0, "draw");
    assert!(has(&ev, |e| matches!(e, Event::DeckEmpty)));
    assert_eq!(hand_len(&g, 0), 2);
}

#[test]
fn rule_4_2_hand_limit_stops_drawing_and_draw_two() {
    let opts = Options {
        hand_limit: Some(13),
        ..Options::default()
    };
    let full: Vec<Card> = [1, 1, 1, 4, 4, 6, 6, 8, 8, 9, 9, 12, 12]
        .iter()
        .map(|&v| n(v))
        .collect();
    let mut g = game_with(&[full.clone(), vec![n(10), n(3), n(2)]], opts.clone());
    assert_eq!(
        refused(&mut g, 0, "draw"),
        "your hand is at the limit of 13 cards: you cannot draw"
    );
    let mut g = Game::from_hands(opts, &[vec![n(10), n(3), n(2)], full], 0, 3).unwrap();
    act(&mut g, 0, "10 3");
    let ev = act(&mut g, 1, "pass");
    assert!(has(&ev, |e| matches!(e, Event::HandFull { seat: 1 })));
    assert_eq!(hand_len(&g, 1), 13);
    assert!(Options {
        hand_limit: Some(9),
        ..Options::default()
    }
    .validate(2)
    .is_err());
}

// ----- §6 worked examples --------------------------------------------------------------

#[test]
fn example_6_1_lead_53_then_71() {
    let mut g = game(&[vec![n(3), n(5), n(2)], vec![n(1), n(7), n(4)]]);
    assert_eq!(played(&act(&mut g, 0, "5 3")), Some(53));
    assert_eq!(
        refused(&mut g, 1, "7"),
        "follow with 2 cards (the play is 53)"
    );
    assert_eq!(played(&act(&mut g, 1, "7 1")), Some(71));
}

#[test]
fn example_6_2_three_cards_need_the_icon() {
    let mut g = game(&[vec![n(9), n(7), n(3), n(2)], vec![n(2)]]);
    assert_eq!(
        refused(&mut g, 0, "3 7 9"),
        "three-card plays need a card with the three-card icon"
    );
    let mut g = game(&[vec![n(9), icon(7), n(3), n(2)], vec![n(2)]]);
    assert_eq!(played(&act(&mut g, 0, "3 7 9")), Some(379));
}

#[test]
fn example_6_3_stop_with_127() {
    let mut g = game(&[vec![n(9), n(7), n(2)], vec![icon(7), n(12), n(2)]]);
    act(&mut g, 0, "9 7");
    let ev = act(&mut g, 1, "12 7");
    assert_eq!(played(&ev), Some(127));
    assert!(has(&ev, |e| matches!(e, Event::Stopped { seat: 1 })));
    assert!(has(&ev, |e| matches!(e, Event::RoundCleared { leader: 1 })));
    assert_eq!(g.current(), 1);
    assert!(g.area.is_none());
    // "B discards the [97] and [127] in the play area": both plays, at once.
    let kinds: Vec<Kind> = g.discard.iter().map(|&c| g.kind(c)).collect();
    assert_eq!(
        kinds,
        [
            Kind::Number(9),
            Kind::Number(7),
            Kind::Number(12),
            Kind::Number(7)
        ]
    );
}

#[test]
fn example_6_4_draw_two_after_103() {
    let mut g = game(&[vec![n(3), n(10), n(2)], vec![n(4)], vec![n(6)]]);
    act(&mut g, 0, "10 3");
    let ev = act(&mut g, 1, "pass");
    assert!(has(&ev, |e| matches!(e, Event::DrawTwo { seat: 1 })));
    assert_eq!(hand_len(&g, 1), 3);
    let ev = act(&mut g, 2, "pass");
    assert!(has(&ev, |e| matches!(e, Event::DrawTwo { seat: 2 })));
    assert_eq!(hand_len(&g, 2), 3);
    assert!(has(&ev, |e| matches!(e, Event::RoundCleared { leader: 0 })));
}

#[test]
fn example_6_5_310_is_not_prime() {
    let mut g = game(&[vec![n(3), n(10), n(2)], vec![n(4)]]);
    let ev = act(&mut g, 0, "3 10");
    assert!(has(&ev, |e| matches!(
        e,
        Event::JudgmentFailed { factorisation, .. } if factorisation == "310 = 2 × 5 × 31"
    )));
    assert_eq!(g.current(), 1, "the turn counts as a pass");
    assert_eq!(hand_len(&g, 0), 3);
}

#[test]
fn example_6_6_largest_number_is_four_digits() {
    let values: Vec<u8> = DECK
        .iter()
        .flat_map(|r| r.kind.values().iter().copied())
        .collect();
    let max = values
        .iter()
        .flat_map(|&a| values.iter().map(move |&b| concat(&[a, b])))
        .max();
    assert_eq!(max, Some(1919));
    let mut g = game(&[vec![n(19), n(13), n(2)], vec![n(4)]]);
    assert_eq!(played(&act(&mut g, 0, "19 13")), Some(1913));
}

// ----- notation, hints ----------------------------------------------------------------

#[test]
fn notation_parses_cards_and_commands() {
    assert_eq!(parse("skip").unwrap(), Written::Skip);
    assert_eq!(parse(" PASS ").unwrap(), Written::Pass);
    match parse("3 10 5/9:9").unwrap() {
        Written::Play(cards) => {
            let kinds: Vec<Kind> = cards.iter().map(|c| c.kind).collect();
            assert_eq!(kinds, [Kind::Number(3), Kind::Number(10), Kind::FiveNine]);
            assert_eq!(cards[2].value, Some(9));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse("15").unwrap_err().to_string(),
        "there is no [15] card"
    );
    assert!(parse("x").is_err());
}

#[test]
fn notation_names_a_missing_card_and_prefers_icon_free_copies() {
    let mut g = game(&[vec![n(3), icon(3), n(7), n(9), n(2)], vec![n(2)]]);
    assert_eq!(refused(&mut g, 0, "4"), "you have no [4] in your hand");
    let a = notation::read(&g, 0, "3").unwrap();
    let Action::Play { cards } = a else { panic!() };
    assert!(!g.card(cards[0].0).icon, "the icon copy stays in hand");
    // Three cards: the icon copy is used because it is needed.
    let a = notation::read(&g, 0, "3 7 9").unwrap();
    let Action::Play { cards } = a else { panic!() };
    assert!(cards.iter().any(|&(c, _)| g.card(c).icon));
    assert_eq!(notation::write(&g, &Action::Play { cards }), "3 7 9");
}

#[test]
fn hints_list_every_playable_prime() {
    let g = game(&[vec![n(1), n(3), n(10)], vec![n(2)]]);
    let text = hint_text(&g, 0);
    for p in ["3", "13", "31", "101", "103"] {
        assert!(
            text.split(|c: char| !c.is_ascii_digit()).any(|w| w == p),
            "{p} in {text}"
        );
    }
    assert!(!text.contains("310"));
    // Following: only 2-card primes above the play.
    let mut g = game(&[vec![n(5), n(3), n(2)], vec![n(1), n(7), n(3)]]);
    act(&mut g, 0, "5 3");
    let nums: Vec<u32> = playable_primes(&g, 1).iter().map(|c| c.number).collect();
    assert_eq!(nums, [71, 73]);
}

#[test]
fn generated_plays_are_exactly_the_legal_primes() {
    // Every ordered choice of 1–3 cards checked by the rules agrees with the generator.
    let opts = Options::advanced(2);
    for seed in 0..20u64 {
        let names = vec!["A".to_string(), "B".to_string()];
        let g = Game::new(opts.clone(), &names, seed).unwrap();
        let seat = g.current();
        let gen: std::collections::BTreeSet<u32> =
            playable_primes(&g, seat).iter().map(|c| c.number).collect();
        let hand = g.hand(seat).to_vec();
        let mut brute = std::collections::BTreeSet::new();
        let mut try_play = |cards: Vec<CardId>| {
            let choices: Vec<Vec<u8>> =
                cards.iter().map(|&c| g.kind(c).values().to_vec()).collect();
            let mut idx = vec![0usize; cards.len()];
            loop {
                let play: Vec<(CardId, Option<u8>)> = cards
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| (c, choices[k].get(idx[k]).copied()))
                    .collect();
                if let Ok((_, num)) = g.check_play(seat, &play) {
                    if is_prime(num) {
                        brute.insert(num);
                    }
                }
                let mut k = 0;
                loop {
                    if k == idx.len() {
                        return;
                    }
                    idx[k] += 1;
                    if idx[k] < choices[k].len().max(1) {
                        break;
                    }
                    idx[k] = 0;
                    k += 1;
                }
            }
        };
        for &a in &hand {
            try_play(vec![a]);
            for &b in &hand {
                if b == a {
                    continue;
                }
                try_play(vec![a, b]);
                for &c in &hand {
                    if c != a && c != b {
                        try_play(vec![a, b, c]);
                    }
                }
            }
        }
        assert_eq!(gen, brute, "seed {seed}");
    }
}

#[test]
fn ai_is_deterministic_per_seed() {
    let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    for level in Level::ALL {
        let run = || {
            let mut g = Game::new(Options::advanced(3), &names, 5).unwrap();
            let mut log = Vec::new();
            for _ in 0..200 {
                let Some(a) = next_action(&g, level) else {
                    break;
                };
                let seat = g.current();
                g.apply(seat, &a).expect("AI actions are legal");
                log.push(a);
            }
            log
        };
        assert_eq!(run(), run());
    }
}

/// A table of one AI level plays every match to its end (a hand holding a D card can only
/// empty by playing it, so an AI that never did would play forever).
#[test]
fn every_ai_level_finishes_its_matches() {
    for level in Level::ALL {
        for seed in 0..150u64 {
            let players = 2 + (seed % 2) as usize;
            let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
            let mut opts = if seed % 3 == 0 {
                Options::advanced(players)
            } else {
                Options::default()
            };
            opts.games_to_win = 1;
            let mut g = Game::new(opts, &names, seed).unwrap();
            let mut steps = 0;
            while let Some(a) = next_action(&g, level) {
                steps += 1;
                assert!(steps < 20_000, "{level} seed {seed}: the match ends");
                let seat = g.current();
                g.apply(seat, &a).expect("AI actions are legal");
            }
            assert!(g.is_over());
        }
    }
}

#[test]
fn game_is_serialisable_and_replays_from_its_state() {
    let names: Vec<String> = ["A", "B", "C"].map(String::from).to_vec();
    let mut g = Game::new(Options::advanced(3), &names, 9).unwrap();
    for _ in 0..30 {
        let a = next_action(&g, Level::Hard).expect("not over");
        let seat = g.current();
        g.apply(seat, &a).unwrap();
    }
    let json = serde_json::to_string(&g).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    // The stored generator goes on identically.
    for _ in 0..30 {
        let a = next_action(&g, Level::Medium).expect("not over");
        let seat = g.current();
        assert_eq!(g.apply(seat, &a), back.apply(seat, &a));
    }
}

#[test]
fn errors_are_typed() {
    let mut g = game(&[vec![n(3), n(2)], vec![n(5)]]);
    assert_eq!(g.apply(1, &Action::Pass), Err(RuleError::NotYourTurn));
    assert_eq!(
        g.apply(
            0,
            &Action::Play {
                cards: vec![(CardId(200), None)]
            }
        ),
        Err(RuleError::Play(PlayError::NoSuchCard))
    );
}

// ----- invariants over random matches --------------------------------------------------

/// A random action for the seat to move: legal ones mostly, junk sometimes.
fn random_action(g: &Game, rng: &mut ChaCha8Rng) -> Action {
    let seat = g.current();
    let hand = g.hand(seat);
    if g.turn.step == Step::Discard && rng.gen_bool(0.9) {
        return Action::Discard {
            card: hand[rng.gen_range(0..hand.len())],
        };
    }
    match rng.gen_range(0..10) {
        0 => Action::Draw,
        1 => match hand.iter().find(|&&c| g.kind(c) == Kind::D) {
            Some(&card) => Action::PlayD { card },
            None => Action::Pass,
        },
        2 => Action::Skip,
        3 => Action::Pass,
        4 | 5 if !hand.is_empty() => {
            let k = rng.gen_range(1..=3);
            let cards = (0..k)
                .map(|_| {
                    let c = hand[rng.gen_range(0..hand.len())];
                    let vals = g.kind(c).values();
                    let v = (!vals.is_empty()).then(|| vals[rng.gen_range(0..vals.len())]);
                    (c, v)
                })
                .collect();
            Action::Play { cards }
        }
        _ => {
            let cands = playable_primes(g, seat);
            if cands.is_empty() {
                Action::Pass
            } else {
                cands[rng.gen_range(0..cands.len())].action()
            }
        }
    }
}

fn random_matches(first_seed: u64, count: u64) {
    let levels = Level::ALL;
    for seed in first_seed..first_seed + count {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = rng.gen_range(2..=3);
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut opts = if rng.gen_bool(0.5) {
            Options::advanced(players)
        } else {
            Options::default()
        };
        opts.games_to_win = rng.gen_range(1..=2);
        if rng.gen_bool(0.3) {
            opts.hand_limit = Some(13);
        }
        let mut g = Game::new(opts, &names, seed).expect("valid options");
        let total = g.cards.len();
        let ai_share = rng.gen_range(0.3..1.0);
        let mut steps = 0;
        while !g.is_over() {
            steps += 1;
            assert!(steps < 20_000, "seed {seed}: the match ends");
            let seat = g.current();
            if steps % 5 == 0 {
                // Generated ⇒ legal, in positions met in play (following too).
                for c in playable_primes(&g, seat) {
                    let checked = g.check_play(seat, &c.cards).map(|(_, num)| num);
                    assert_eq!(checked, Ok(c.number), "seed {seed}");
                    assert!(is_prime(c.number));
                }
            }
            let by_ai = rng.gen_bool(ai_share);
            let action = if by_ai {
                next_action(&g, levels[rng.gen_range(0..3)]).expect("not over")
            } else {
                random_action(&g, &mut rng)
            };
            // Sometimes a wrong seat asks.
            let asker = if rng.gen_bool(0.05) {
                (seat + 1) % players
            } else {
                seat
            };
            let before = g.clone();
            match g.apply(asker, &action) {
                Err(e) => {
                    assert!(
                        !(by_ai && asker == seat),
                        "seed {seed}: the AI chose a refused action {action:?}: {e}"
                    );
                    assert_eq!(g, before, "seed {seed}: a refused action changes nothing");
                }
                Ok(events) => check_hands(&before, &g, seat, &events, seed),
            }
            assert_eq!(g.cards_in_play(), total, "seed {seed}: cards conserved");
            // §3.7: a card in the play area is in no pile, and every play of the round
            // was made by a player of this game, each larger than the one it covers.
            let in_area: Vec<CardId> = g
                .plays_in_area()
                .flat_map(|p| p.cards.iter().map(|c| c.card))
                .collect();
            assert!(
                in_area
                    .iter()
                    .all(|c| !g.discard.contains(c) && !g.deck.contains(c)),
                "seed {seed}: a card in play is also in a pile"
            );
            let numbers: Vec<u32> = g.plays_in_area().map(|p| p.number).collect();
            assert!(
                numbers.windows(2).all(|w| w[0] < w[1]),
                "seed {seed}: the round's plays climb: {numbers:?}"
            );
        }
    }
}

/// Hands change only by the rules: the mover's by the events, the others' not at all
/// (unless a new game was dealt).
fn check_hands(before: &Game, after: &Game, seat: usize, events: &[Event], seed: u64) {
    if has(events, |e| {
        matches!(e, Event::Dealt { .. } | Event::GameWon { .. })
    }) {
        return;
    }
    for s in 0..before.players.len() {
        if s != seat {
            assert_eq!(before.hand(s), after.hand(s), "seed {seed}: seat {s}");
        }
    }
    let mut len = before.hand(seat).len() as i64;
    for e in events {
        match e {
            Event::Drew { seat: s, .. } => {
                assert_eq!(*s, seat);
                len += 1;
            }
            Event::Played { cards, .. } => len -= cards.len() as i64,
            Event::Discarded { .. } | Event::DPlayed { .. } | Event::Skipped { .. } => len -= 1,
            _ => {}
        }
    }
    assert_eq!(
        after.hand(seat).len() as i64,
        len,
        "seed {seed}: {events:?}"
    );
    if let Some(limit) = after.options.hand_limit {
        if before.hand(seat).len() <= usize::from(limit) {
            assert!(after.hand(seat).len() <= usize::from(limit));
        }
    }
}

#[test]
fn invariants_random_matches_1() {
    random_matches(0, 2_500);
}

#[test]
fn invariants_random_matches_2() {
    random_matches(2_500, 2_500);
}

#[test]
fn invariants_random_matches_3() {
    random_matches(5_000, 2_500);
}

#[test]
fn invariants_random_matches_4() {
    random_matches(7_500, 2_500);
}

#[test]
fn a_leading_hint_lists_a_number_again_when_more_cards_make_it() {
    // Leading with [1]³ [3] [13]: 13 is one card or two ([1][3]); a player shedding cards
    // wants to see both.
    let g = game(&[vec![icon(1), n(3), n(13)], vec![n(5)]]);
    let lines = primeclimb::text::daifugo::hint(
        &g,
        0,
        primeclimb::lang::Lang::En,
        primeclimb::text::Markup::Plain,
    );
    let one = lines
        .iter()
        .find(|l| l.contains("1 card:"))
        .expect("one card");
    let two = lines
        .iter()
        .find(|l| l.contains("2 cards:"))
        .expect("two cards");
    assert!(one.contains("13 (`13`)"), "{lines:?}");
    assert!(two.contains("13 (`1 3`)"), "{lines:?}");
}
