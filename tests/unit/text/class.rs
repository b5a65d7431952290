//! The teacher's overview of open games (`src/text/class.rs`): pages that fit a message.

use primeclimb::session::{
    GameInfo, GameKind, GameOptions, GameSummary, Look, Place, SeatInfo, Status,
};
use primeclimb::text::class::games_overview;
use primeclimb::text::Lang;

fn summary(i: i64) -> GameSummary {
    let seat = |n: i64, name: String| SeatInfo {
        seat: n,
        user_id: Some(1_000 + n),
        name,
        ai: None,
    };
    GameSummary {
        info: GameInfo {
            id: i,
            kind: GameKind::Climb,
            place: Place {
                guild_id: 1,
                channel_id: 930_000_000_000_000_000 + i,
            },
            status: Status::Active,
            version: 3,
            creator_id: None,
            seats: vec![
                seat(0, format!("Student number {i}")),
                seat(1, format!("Student number {}", i + 100)),
            ],
            options: GameOptions::Climb(primeclimb::climb::Options::default()),
            lang: Lang::En,
            look: Look::default(),
            parent_channel_id: Some(920_000_000_000_000_001),
            assignment_id: None,
            created_at: 0,
            turn_timeout_secs: None,
            turn_started_at: None,
        },
        started: true,
        turn: 7,
        to_move: Some(0),
        last_change: i * 60_000,
    }
}

#[test]
fn every_open_game_is_on_some_page_and_every_page_fits_a_message() {
    let games: Vec<GameSummary> = (1..=31).map(summary).collect();
    let now = 40 * 60_000;
    let (first, pages) = games_overview(&games, now, false, 0, Lang::En);
    assert!(pages > 1, "31 games need more than one message");
    assert!(first.contains("(page 1 of "), "{first}");
    let mut seen = 0;
    for page in 0..pages {
        let (text, count) = games_overview(&games, now, false, page, Lang::En);
        assert_eq!(count, pages);
        assert!(text.chars().count() <= 2_000, "page {page} is too long");
        seen += text.lines().filter(|l| l.starts_with("• ")).count();
    }
    assert_eq!(seen, 31, "each game once");
    for g in &games {
        let on_a_page = (0..pages).any(|p| {
            games_overview(&games, now, false, p, Lang::En)
                .0
                .contains(&format!("<#{}>", g.channel_id()))
        });
        assert!(on_a_page, "game {} is listed", g.info.id);
    }
    // A page beyond the last shows the last.
    assert_eq!(
        games_overview(&games, now, false, 99, Lang::En).0,
        games_overview(&games, now, false, pages - 1, Lang::En).0
    );
    let (fr, _) = games_overview(&games, now, false, 0, Lang::Fr);
    assert!(fr.contains("(page 1 sur "), "{fr}");
}

/// The overview as an answer: the page buttons of a longer list (the first greyed on the
/// first page, the last on the last), in place of the page clicked, else only for the
/// teacher; a list of one page has no buttons.
#[test]
fn a_longer_list_turns_its_pages_in_place() {
    use primeclimb::text::posts::learning::class_games;
    use primeclimb::text::posts::{Row, Shown};
    let games: Vec<GameSummary> = (1..=31).map(summary).collect();
    let now = 40 * 60_000;
    let buttons = |rows: &[Row]| -> Vec<(String, bool)> {
        rows.iter()
            .flat_map(|r| match r {
                Row::Buttons(b) => b.iter().map(|b| (b.id.clone(), b.disabled)).collect(),
                Row::Menu(_) => Vec::new(),
            })
            .collect()
    };
    let asked = class_games(&games, now, false, (0, false), Lang::En);
    assert_eq!(asked.shown, Shown::Private);
    assert_eq!(
        buttons(&asked.post.post.components),
        [
            ("class:games:here:0".to_string(), true),
            ("class:games:here:1".to_string(), false)
        ]
    );
    let clicked = class_games(&games, now, true, (1, true), Lang::En);
    assert_eq!(clicked.shown, Shown::Update);
    let ids = buttons(&clicked.post.post.components);
    assert_eq!(ids[0], ("class:games:all:0".to_string(), false));
    let one = class_games(&games[..2], now, false, (0, true), Lang::En);
    assert_eq!(one.shown, Shown::Private);
    assert!(one.post.post.components.is_empty());
}
