//! What players read, told from real engine events (`src/text/`): the narrator of Prime
//! Climb, the hints, the list of moves, and the words of both languages.

use crate::support::position;

use position::{play_and_end, position, position_with, stack};
use primeclimb::climb::hint::{explain, hint};
use primeclimb::climb::notation::play;
use primeclimb::climb::{
    is_legal, legal_outcomes, CardChoice, Effect, Event, Game, KeeperEffect, KeeperPlay, Options,
    PawnRef, Roll,
};
use primeclimb::lang::Lang;
use primeclimb::text::{self, climb as words, Markup};

fn story(g: &Game, events: &[Event]) -> Vec<String> {
    words::story(g, events, Some(0), Lang::En)
}

#[test]
fn a_bump_made_by_a_plus_minus_keeper_is_told() {
    let mut g = position_with(
        &[[30, 0], [37, 0]],
        (1, 2),
        &[KeeperEffect::PlusMinus { n: 4 }],
        false,
        Options::default(),
    );
    let ev = play_and_end(&mut g, "30 +1 +2 k+4");
    let lines = story(&g, &ev);
    assert!(
        lines.contains(&"plays the ±4 Keeper: 33 + 4 = 37".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "💥 Player 2's pawn on 37 goes back to Start"),
        "{lines:#?}"
    );
}

#[test]
fn the_learner_s_pawn_is_your_pawn_mid_sentence_and_your_pawn_at_the_start() {
    let mut g = position(&[[12, 40], [37, 0]], (1, 2));
    g.players[0].name = "You".into();
    let me = primeclimb::climb::PawnRef { seat: 0, pawn: 0 };
    let lines = story(
        &g,
        &[
            Event::CardMoved {
                card: primeclimb::climb::CardId(0),
                pawn: me,
                from: 12,
                to: 24,
            },
            Event::SentToStart { pawn: me, from: 37 },
        ],
    );
    assert_eq!(
        lines,
        [
            "the card moves your pawn on 12 to 24",
            "💥 Your pawn on 37 goes back to Start"
        ]
    );
}

#[test]
fn double_time_is_told_in_the_order_it_happened() {
    let o = Options {
        double_time: true,
        ..Options::default()
    };
    let mut g = position_with(&[[10, 20], [0, 0]], (1, 3), &[], false, o);
    stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 4 }));
    stack(&mut g, Effect::Keeper(KeeperEffect::PlusMinus { n: 5 }));
    let ev = play(&mut g, 0, "10 +1 20 +3").expect("legal");
    let lines = story(&g, &ev);
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} in {lines:#?}"))
    };
    // 10 + 1 = 11 draws at once, before the second step; 20 + 3 = 23 draws again.
    assert!(at("10 + 1 = 11") < at("draws “±5 Keeper”"));
    assert!(at("draws “±5 Keeper”") < at("20 + 3 = 23"));
    assert!(at("20 + 3 = 23") < at("draws “±4 Keeper”"));
}

#[test]
fn switches_and_send_within_name_whose_pawns() {
    let mut g = position(&[[13, 40], [20, 50]], (2, 3));
    g.players[0].name = "Ada".into();
    g.players[1].name = "Bo".into();
    let a = PawnRef { seat: 0, pawn: 0 };
    let b = PawnRef { seat: 1, pawn: 1 };
    // After a switch each pawn stands where the other was.
    g.players[0].pawns[0] = 50;
    g.players[1].pawns[1] = 13;
    let lines = story(&g, &[Event::Switched { a, b }]);
    assert_eq!(lines, ["switches Ada's pawn on 13 and Bo's pawn on 50"]);
    let within = g
        .cards
        .iter()
        .position(|c| c.effect == Effect::Keeper(KeeperEffect::SendWithin { distance: 2 }))
        .expect("the card");
    let lines = story(
        &g,
        &[Event::KeeperPlayed {
            seat: 0,
            card: primeclimb::climb::CardId(within as u8),
            play: KeeperPlay::SendWithin { pawn: 1 },
            around: None,
        }],
    );
    assert_eq!(
        lines,
        ["plays “Send-within-2 Keeper” around Ada's pawn on 40"]
    );
    // Told where the pawn stood when the card was played, not where it went after.
    let lines = story(
        &g,
        &[Event::KeeperPlayed {
            seat: 0,
            card: primeclimb::climb::CardId(within as u8),
            play: KeeperPlay::SendWithin { pawn: 1 },
            around: Some(93),
        }],
    );
    assert_eq!(
        lines,
        ["plays “Send-within-2 Keeper” around Ada's pawn on 93"]
    );
    let fr = words::story(&g, &[Event::Switched { a, b }], Some(0), Lang::Fr);
    assert_eq!(fr, ["échange le pion d'Ada sur 13 et le pion de Bo sur 50"]);
}

#[test]
fn a_win_is_announced_once() {
    let mut g = position(&[[99, 101], [0, 0]], (2, 5));
    g.players[0].name = "Ada".into();
    let ev = play(&mut g, 0, "99 +2").expect("the winning step");
    assert!(g.is_over());
    let told = story(&g, &ev).join("\n");
    let end = words::standings(&g, Lang::En, Markup::Plain).join("\n");
    assert_eq!(
        format!("{told}\n{end}").matches("wins").count(),
        1,
        "{told}\n{end}"
    );
    assert!(end.starts_with("🏆 Ada wins in 1 turn!"), "{end}");
    // A game stored before each player's turns were counted says the game's turn.
    for p in &mut g.players {
        p.turns = 0;
    }
    let end = words::standings(&g, Lang::En, Markup::Plain);
    assert_eq!(end[0], "🏆 Ada wins on turn 1!");
    // The winner's own turns, and the game's when the other players' turns add to them.
    g.players[0].turns = 18;
    g.turn.number = 35;
    let end = words::standings(&g, Lang::En, Markup::Plain);
    assert_eq!(end[0], "🏆 Ada wins in 18 turns (35 turns in the game)!");
    let fin = words::standings(&g, Lang::Fr, Markup::Plain);
    assert_eq!(
        fin[0],
        "🏆 Ada gagne en 18 tours (35 tours dans la partie) !"
    );
    g.players[0].turns = 1;
    g.turn.number = 1;
    let end = words::standings(&g, Lang::En, Markup::Plain);
    assert_eq!(end[0], "🏆 Ada wins in 1 turn!");
}

#[test]
fn each_player_s_turns_are_counted() {
    let names = vec!["Ada".to_string(), "Bo".to_string()];
    let mut g = primeclimb::climb::Game::new(primeclimb::climb::Options::default(), &names, 5)
        .expect("a game");
    while !g.is_over() && g.turn.number < 400 {
        primeclimb::climb::ai::play(&mut g, primeclimb::level::Level::Easy)
            .expect("the AI plays legal moves");
    }
    let counted: u32 = g.players.iter().map(|p| p.turns).sum();
    assert_eq!(counted, g.turn.number, "every turn is someone's");
    assert!(g.players.iter().all(|p| p.turns > 0));
}

#[test]
fn a_cursed_turn_says_so() {
    let roll = Roll::new(3, 4).expect("dice");
    assert_eq!(
        words::turn_header("Ada", 7, roll, true, Lang::En),
        "Ada · turn 7 · 🎲 3 and 4 · cursed"
    );
    let g = position_with(&[[40, 50], [0, 0]], (3, 4), &[], true, Options::default());
    let next = words::next_line(&g, "Ada", false, None, Lang::En);
    assert!(next.contains("Cursed: only subtract or divide"), "{next}");
}

#[test]
fn a_hint_names_the_space_the_moved_pawn_ends_on() {
    // `moves --pawns 97,5 --roll 8,2 --hint 3`: the pawn on 97 stays; the move that ends
    // on 11 draws there, not on 97.
    let g = position(&[[97, 5], [0, 0]], (8, 2));
    let o = is_legal(&g, "5 +8 -2").expect("5 + 8 - 2 = 11");
    let h = explain(&g, o);
    let lines = words::hint_lines(&g, &h, Lang::En);
    assert!(
        lines.contains(&"you end on 11 (a red prime): draw a Prime Card".to_string()),
        "{lines:#?}"
    );
    // And the command line says the same.
    let text = primeclimb::cli::moves::hints_text(&g, 40);
    assert!(!text.contains("you end on 97"), "{text}");
}

#[test]
fn hints_show_factorisations_and_the_turns_the_solver_expects() {
    let g = position(&[[48, 0], [0, 0]], (2, 2));
    let o = is_legal(&g, "48 +2 -2 x2 0 x2").expect("legal");
    let h = explain(&g, o);
    let summary = words::hint_summary(&g, &h, Lang::En);
    assert!(
        summary.starts_with("ends on 96 = 2⁵ × 3 and Start"),
        "{summary}"
    );
    // Nothing beyond the race here (no bump, no card, no pawn in reach): the figure is
    // the solver's alone.
    assert!(h.worth.beyond.abs() < 0.05, "{:?}", h.worth);
    let t = h.expected_turns.expect("the Climb course is solved");
    assert!(t > 0.0 && t < 30.0, "{t}");
    assert!(
        summary.ends_with(&format!(" · {t:.1} turns left on average (exact solver)")),
        "{summary}"
    );
    // French writes the decimal with a comma.
    let fr = words::hint_summary(&g, &h, Lang::Fr);
    let figure = fr.split(" · ").nth(1).unwrap_or_default();
    assert!(figure.contains(',') && !figure.contains('.'), "{fr}");
}

#[test]
fn hints_are_ranked_by_the_figure_they_show() {
    // `moves --pawns 0,95 --roll 3,1 --hint 3`: a card or a bump may count beyond the
    // race; the figure shown counts it too, and the list goes from the lowest figure up.
    for (pawns, roll) in [
        ([[0, 95], [0, 0]], (3, 1)),
        ([[30, 40], [42, 13]], (3, 4)),
        ([[4, 26], [27, 39]], (3, 9)),
        ([[60, 5], [65, 90]], (5, 6)),
    ] {
        let g = position(&pawns, roll);
        let hints = hint(&g, 5);
        let shown: Vec<String> = hints
            .iter()
            .filter(|h| !h.outcome.wins)
            .map(|h| {
                let summary = words::hint_summary(&g, h, Lang::En);
                let figure = summary.split(" · ").nth(1).unwrap_or_default().to_string();
                assert!(
                    figure.starts_with(&format!("{:.1} turns left", h.worth.turns())),
                    "{summary}"
                );
                if h.worth.beyond.abs() >= 0.05 {
                    assert!(
                        figure.contains("all counted (the race alone: "),
                        "{summary}"
                    );
                }
                figure
            })
            .collect();
        let turns: Vec<f64> = hints.iter().map(|h| h.worth.turns()).collect();
        assert!(
            turns.windows(2).all(|w| w[0] <= w[1] + 1e-12),
            "{pawns:?} {roll:?}: {shown:#?}"
        );
    }
}

#[test]
fn a_die_spent_on_a_pawn_at_start_is_not_told_as_a_sum() {
    let g = position(&[[97, 0], [0, 0]], (4, 2));
    let o = is_legal(&g, "97 +4 0 x2").expect("legal");
    let lines = words::hint_lines(&g, &explain(&g, o), Lang::En);
    assert!(!lines.iter().any(|l| l.contains("0 × 2 = 0")), "{lines:#?}");
    assert!(
        lines.contains(&"the 2 is spent on the pawn at Start, which stays there".to_string()),
        "{lines:#?}"
    );
}

#[test]
fn the_list_of_moves_writes_every_keeper_and_says_how_many_more() {
    let g = position_with(
        &[[30, 40], [42, 0]],
        (1, 2),
        &[
            KeeperEffect::SendWithin { distance: 2 },
            KeeperEffect::PlusMinus { n: 3 },
        ],
        false,
        Options::default(),
    );
    let outcomes = legal_outcomes(&g).sorted();
    let all = words::outcomes_table(&g, &outcomes, usize::MAX, Lang::En);
    assert!(
        all.lines().any(|l| l.split_whitespace().any(|w| w == "kw")),
        "{all}"
    );
    assert!(all.lines().any(|l| l.contains("±3")), "{all}");
    let cut = words::outcomes_table(&g, &outcomes, 5, Lang::En);
    assert_eq!(cut.lines().count(), 2 + 5 + 1, "{cut}");
    assert!(
        cut.ends_with(&format!(
            "… and {} more (show more with a larger limit)\n",
            outcomes.len() - 5
        )),
        "{cut}"
    );
}

#[test]
fn every_card_has_one_name_in_each_language() {
    let g = Game::new(Options::default(), &["A".into(), "B".into()], 1).expect("a game");
    for (i, def) in g.cards.iter().enumerate() {
        let card = primeclimb::climb::CardId(i as u8);
        assert_eq!(
            words::card_name(&g, card, Lang::En),
            def.effect.short_name()
        );
        let fr = words::card_name(&g, card, Lang::Fr);
        assert!(!fr.is_empty());
        assert!(!words::card_text(&g, card, Lang::Fr).is_empty());
    }
    assert_eq!(
        words::choice_label(&g, &CardChoice::Decline, Lang::Fr),
        "ne rien prendre"
    );
}

#[test]
fn a_move_longer_than_300_characters_is_refused_not_300_bytes() {
    let g = position(&[[10, 20], [0, 0]], (1, 2));
    // 160 characters of "×": 320 bytes, read as a move (and refused for what it says).
    let wide = "×".repeat(160);
    let e = play(&mut g.clone(), 0, &wide).unwrap_err();
    assert!(!e.to_string().contains("too long"), "{e}");
    let long = format!("10 +1 {}", " ".repeat(300));
    let e = play(&mut g.clone(), 0, &long).unwrap_err();
    assert!(e.to_string().contains("at most 300 characters"), "{e}");
}

#[test]
fn counts_read_right_in_both_languages() {
    assert_eq!(
        text::counted(Lang::En, 1, ("turn", "turns"), ("tour", "tours")),
        "1 turn"
    );
    assert_eq!(
        text::counted(Lang::Fr, 2, ("turn", "turns"), ("tour", "tours")),
        "2 tours"
    );
    let undo = primeclimb::session::SessionError::Rule(primeclimb::climb::RuleError::CardSeen);
    assert!(text::errors::refusal(&undo, Lang::En).contains("card was drawn this turn"));
    // Taking back the last move after it drew a card names that move, not this turn.
    let last =
        primeclimb::session::SessionError::Rule(primeclimb::climb::RuleError::LastMoveCardSeen);
    assert!(text::errors::refusal(&last, Lang::En).contains("during your last move"));
    assert!(text::errors::refusal(&last, Lang::Fr).contains("pendant votre dernier coup"));
}

#[test]
fn an_undo_says_who_takes_back_and_what_is_left_to_use() {
    let mut g = position(&[[21, 0], [0, 0]], (4, 2));
    primeclimb::climb::notation::play(&mut g, 0, "21 x4").expect("legal");
    let ev = g
        .apply(0, &primeclimb::climb::Action::Undo)
        .expect("undone");
    let en = words::story(&g, &ev, Some(0), Lang::En);
    let name = g.players[0].name.clone();
    assert_eq!(
        en,
        vec![format!(
            "{name} takes back the last step (still to use: 4 and 2)"
        )]
    );
    let fr = words::story(&g, &ev, Some(0), Lang::Fr);
    assert_eq!(
        fr,
        vec![format!("{name} annule son dernier pas (reste : 4 et 2)")]
    );
}

#[test]
fn prime_decline_calls_101_start_and_0_home() {
    // §7 Prime Decline: pawns begin on 101 and finish on 0. Ada's pawn on 5 can reach 0
    // with 4 and 1; her other pawn has not left 101.
    let options = Options {
        course: primeclimb::climb::Course::Decline,
        ..Options::default()
    };
    let g = position_with(&[[101, 5], [101, 101]], (4, 1), &[], false, options);
    for lang in [Lang::En, Lang::Fr] {
        let alt = text::alt::board_alt(&g, None, lang);
        let spelt = text::alt::board_text(&g, None, lang, Markup::Plain).join("\n");
        for spoken in [alt, spelt] {
            assert!(!spoken.contains("101"), "{spoken}");
            let start = match lang {
                Lang::En => "Start",
                Lang::Fr => "départ",
            };
            assert!(spoken.contains(start), "{spoken}");
        }
    }
    let o = is_legal(&g, "5 -4 -1").expect("5 − 4 − 1 = 0");
    let home = explain(&g, o.clone());
    // Reaching 0 is coming home, not being bumped to the start.
    let lines = words::hint_lines(&g, &home, Lang::En);
    assert!(lines.iter().all(|l| !l.contains("bumped")), "{lines:#?}");
    let summary = words::hint_summary(&g, &home, Lang::En);
    assert!(summary.starts_with("ends on Start and home"), "{summary}");
    let table = words::outcomes_table(&g, &legal_outcomes(&g).sorted(), usize::MAX, Lang::En);
    assert!(table.contains("101 home"), "{table}");
    assert!(
        !table.contains("home 101") && !table.contains("home home"),
        "{table}"
    );
    // A bumped pawn goes back to where pawns begin: Start, which is 101 here.
    let bump = primeclimb::climb::hint::Note::Bump {
        seat: 1,
        space: 101,
    };
    assert_eq!(
        words::note_line(&g, &bump, Lang::Fr),
        "le pion de Player 2 sur 101 est renvoyé au départ"
    );
    // §3.2: a die with no use sends the pawn back to where pawns begin, 101 here.
    let forced = primeclimb::climb::hint::Note::Forced {
        die: 7,
        from: 5,
        to: 101,
    };
    assert_eq!(
        words::note_line(&g, &forced, Lang::En),
        "the 7 cannot be used: your pawn on 5 goes back to Start"
    );
}

#[test]
fn a_pawn_that_turned_at_101_is_bumped_back_to_101() {
    // §7 There and Back Again: a bumped pawn on its way back returns to 101, not Start.
    let options = Options {
        course: primeclimb::climb::Course::ThereAndBack,
        ..Options::default()
    };
    let mut g = position_with(&[[40, 0], [60, 0]], (4, 1), &[], false, options);
    g.players[1].returning[0] = true;
    let on_way_back = primeclimb::climb::hint::Note::Bump { seat: 1, space: 60 };
    assert_eq!(
        words::note_line(&g, &on_way_back, Lang::En),
        "Player 2's pawn on 60 is bumped back to 101"
    );
    let on_way_up = primeclimb::climb::hint::Note::Bump { seat: 0, space: 40 };
    assert_eq!(
        words::note_line(&g, &on_way_up, Lang::Fr),
        "le pion de Player 1 sur 40 est renvoyé au départ"
    );
}
