//! Hints: the best moves, explained with the factor colours (§1), bumps and cards.

use crate::support::position;

use primeclimb::climb::hint::{explain, hint, Hint};
use primeclimb::climb::{is_legal, Game};
use primeclimb::lang::Lang;

/// A hint's explanation in English, one line per note.
fn lines(g: &Game, h: &Hint) -> Vec<String> {
    primeclimb::text::climb::hint_lines(g, h, Lang::En)
}

#[test]
fn hints_are_legal_moves_explained_step_by_step() {
    let g = position::position(&[[4, 26], [13, 37]], (3, 9));
    let hints = hint(&g, 3);
    assert_eq!(hints.len(), 3);
    for h in &hints {
        let o = is_legal(&g, &h.moves).expect("a hint is a legal move");
        assert!(o.same_end(&h.outcome));
        assert!(!lines(&g, h).is_empty());
    }
}

#[test]
fn a_hint_shows_the_colour_arithmetic() {
    // Pawn on 14 with double 3s: 14 × 3 = 42 is explained with the colours.
    let g = position::position(&[[14, 101], [0, 0]], (3, 3));
    let o = is_legal(&g, "14 x3 +3 +3 +3").unwrap();
    let h = explain(&g, o);
    let h = lines(&g, &h);
    assert_eq!(
        h[0],
        "14 × 3 = 42: orange·purple × green = orange·green·purple"
    );
    assert_eq!(h[1], "42 + 3 = 45");
    assert_eq!(h.len(), 4);
}

#[test]
fn a_winning_move_is_the_first_hint() {
    let g = position::position(&[[99, 101], [0, 0]], (2, 5));
    let h = &hint(&g, 3)[0];
    assert!(h.outcome.wins);
    assert_eq!(
        lines(&g, h).last().unwrap(),
        "that brings your last pawn home: you win!"
    );
}

#[test]
fn hints_mention_bumps_and_cards() {
    // 31 +2 +4 = 37 bumps the pawn there (§8.4); 31 +2 = 33, +4... and 13-type draws.
    let g = position::position(&[[31, 9], [33, 37]], (2, 4));
    let hints = hint(&g, 40);
    let all: Vec<String> = hints.iter().flat_map(|h| lines(&g, h)).collect();
    assert!(
        all.iter()
            .any(|l| l.contains("on 37 is bumped back to Start")),
        "{all:#?}"
    );
    assert!(
        all.iter().any(|l| l.contains("draw a Prime Card")),
        "{all:#?}"
    );
}

#[test]
fn with_way_stations_to_visit_the_best_hint_lands_on_one_and_claims_no_solver_figure() {
    // §7 Way Stations 31 and 37: pawns on 28 and 60 with 3 and 9. 28 + 3 lands on the
    // station 31; the race to 101 the solver measures does not apply yet.
    use primeclimb::climb::options::WayStations;
    use primeclimb::climb::{Options, PositionSetup, Roll};
    let options = Options {
        way_stations: WayStations::Chosen(vec![31, 37]),
        ..Options::default()
    };
    let setup = PositionSetup {
        pawns: vec![[28, 60], [0, 0]],
        roll: Roll::new(3, 9),
        ..PositionSetup::default()
    };
    let g = Game::from_position(options, &setup, 1).expect("a position");
    let hints = hint(&g, 3);
    assert!(
        hints[0].outcome.stations.contains(&31) || hints[0].outcome.stations.contains(&37),
        "{}",
        hints[0].moves
    );
    assert!(hints.iter().all(|h| h.expected_turns.is_none()));
}
