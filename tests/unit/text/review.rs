//! A game's review in words and its chart's alt text (`src/text/review.rs`).

use primeclimb::climb::review::{Judge, PlayerReview, Review, TurnReview};
use primeclimb::climb::Roll;
use primeclimb::text::review::{chart_alt, chart_series, review_text, Detail};
use primeclimb::text::{Lang, Markup};

fn sample() -> Review {
    Review {
        players: vec![PlayerReview {
            seat: 0,
            name: "Ada".into(),
            reviewed: 4,
            best_moves: 3,
            solver_turns: 4,
            turns_lost: 1.25,
            curve: vec![(0, 12.3), (1, 11.0), (3, 9.5)],
        }],
        turns: vec![
            TurnReview {
                seat: 0,
                number: 3,
                roll: Roll { a: 3, b: 9 },
                start: [(14, false), (0, false)],
                cursed: false,
                played: "14 -3 x9".into(),
                judge: Judge::Solver {
                    played: 9.5,
                    best: 8.25,
                    played_race: 9.5,
                    best_race: 8.25,
                },
                better: Some("14 x3 +9".into()),
            },
            TurnReview {
                seat: 0,
                number: 5,
                roll: Roll { a: 4, b: 4 },
                start: [(4, false), (0, false)],
                cursed: false,
                played: "4 x4 +4 x4 x4".into(),
                judge: Judge::Solver {
                    played: 8.3,
                    best: 8.3,
                    played_race: 8.3,
                    best_race: 8.3,
                },
                better: None,
            },
        ],
        course: Some(primeclimb::climb::solver::Course::Climb),
    }
}

#[test]
fn a_review_names_the_better_move_and_the_turns_lost() {
    let text = review_text(
        7,
        &sample(),
        &[true],
        Detail::EveryTurn,
        Lang::En,
        Markup::Plain,
    );
    assert!(text.contains("Review of Prime Climb #7"), "{text}");
    assert!(
        text.contains(
            "Ada: accuracy 75% (3 of 4 turns as good as the best) · 1.2 turns lost in all"
        ),
        "{text}"
    );
    // Every turn is listed, the best ones too; an AI seat is named as one.
    assert!(
        text.contains("• Turn 5 (double 4s): played `4 x4 +4 x4 x4`, 8.3 turns left ✓ the best"),
        "{text}"
    );
    let ai = review_text(
        7,
        &sample(),
        &[false],
        Detail::Costliest,
        Lang::En,
        Markup::Plain,
    );
    assert!(ai.contains("Ada: accuracy 75%"), "{ai}");
    assert!(ai.contains(" (AI)"), "{ai}");
    assert!(
        ai.contains("• Turn 3 (3 and 9)"),
        "the AI's costly turn: {ai}"
    );
    assert!(
        !ai.contains("Turn 5"),
        "only the costliest where every turn does not fit: {ai}"
    );
    assert!(
        text.contains(
            "Ada: accuracy 75% (3 of 4 turns as good as the best) · 1.2 turns lost in all"
        ),
        "{text}"
    );
    assert!(
        text.contains("Turn 3 (3 and 9): played `14 -3 x9`, 9.5 turns left; better `14 x3 +9`, 8.2 (1.2 lost)"),
        "{text}"
    );
    let fr = review_text(
        7,
        &sample(),
        &[true],
        Detail::EveryTurn,
        Lang::Fr,
        Markup::Plain,
    );
    assert!(fr.contains("précision 75 %"), "{fr}");
    assert!(
        fr.contains("9,5 tours restants ; mieux : `14 x3 +9`, 8,2"),
        "{fr}"
    );
    let alt = chart_alt(&chart_series(&sample()), Lang::En);
    assert_eq!(
        alt,
        "Chart of the expected turns left after each turn. Ada: 12.3 turns left at the start, 9.5 after turn 3 (lowest 9.5)."
    );
}
