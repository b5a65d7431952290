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
