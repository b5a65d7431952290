//! The class report on a small class, with its numbers counted by the test as the moves
//! are made: the operations each student used, the primes they landed on, their turns
//! and the time they took, the hints they asked and the moves refused, the expected turns
//! they lost against the exact solver; the spreadsheet; and seasons for the leaderboards.

use crate::support;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use primeclimb::climb::board::is_prime;
use primeclimb::climb::{self, solver, Event, Phase};
use primeclimb::level::Level;
use primeclimb::session::report::{ClassReport, ReportSpan};
use primeclimb::session::{Actor, Command, LobbySpec, Place, Season};
use support::db::{ada, bo, clocked};

const PLACE: Place = Place {
    guild_id: 7_100,
    channel_id: 7_101,
};

/// 2027-01-15 12:00 UTC.
const START: i64 = 1_800_000_000_000;

/// What the test counts for one student.
#[derive(Default, Debug)]
struct Tally {
    ops: [u32; 4],
    primes: u32,
    turns: u32,
    cards: u32,
    measured: u32,
    lost: f64,
}

/// The solver's expected turns after an end of the Move phase (0 for a win).
fn value(o: &climb::Outcome) -> f64 {
    if o.wins {
        return 0.0;
    }
    solver::values(solver::Course::Climb)
        .get([(o.pawns[0], o.returning[0]), (o.pawns[1], o.returning[1])])
        .expect("the Climb course is solved")
}

/// A move for the player to move: the pawn on the lowest space `+a` then `×b` when that
/// stays on the board, else `+a +b`; with the operations it uses.
fn a_move(game: &climb::Game) -> (String, Vec<(usize, u8)>) {
    let seat = game.current();
    let pawns = game.players[seat].pawns;
    let p = pawns[0].min(pawns[1]);
    let r = game.turn.roll;
    if r.is_doubles() {
        let v = r.a;
        return (
            format!("{p} +{v} +{v} +{v} +{v}"),
            vec![(0, p + v), (0, p + 2 * v), (0, p + 3 * v), (0, p + 4 * v)],
        );
    }
    let mid = p + r.a;
    let times = u16::from(mid) * u16::from(r.b);
    if times <= 101 {
        (
            format!("{p} +{} x{}", r.a, r.b),
            vec![(0, mid), (2, times as u8)],
        )
    } else {
        (
            format!("{p} +{} +{}", r.a, r.b),
            vec![(0, mid), (0, mid + r.b)],
        )
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_class_report_counted_by_hand() {
    let now = Arc::new(AtomicI64::new(START));
    let s = clocked("report-small", now.clone()).await;
    let spec = LobbySpec {
        seed: Some(11),
        ..LobbySpec::climb(climb::Options::default())
    };
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec)
        .await
        .unwrap();
    s.lobbies().join(PLACE, &bo()).await.unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    let actor = |user: i64| if user == 101 { ada() } else { bo() };
    let mut tally: HashMap<i64, Tally> = HashMap::new();
    let mut refused_ada = false;
    for _ in 0..8 {
        now.fetch_add(10_000, Ordering::SeqCst);
        let view = s.play().board(PLACE).await.unwrap();
        if view.is_over() {
            break;
        }
        let game = view.game.clone();
        let seat = game.current();
        let user = view.info.user_of(seat).expect("a person");
        let who: Actor = actor(user);
        if user == 101 && !refused_ada {
            // A die not rolled, typed before her move: refused, noted.
            let r = game.turn.roll;
            let missing = (1..=10u8)
                .find(|d| {
                    *d != r.a
                        && *d != r.b
                        && *d != r.a + r.b
                        && u16::from(*d) != u16::from(r.a) * u16::from(r.b)
                })
                .unwrap();
            let p = game.players[seat].pawns[0];
            assert!(s
                .play()
                .act(PLACE, &who, Command::Move(format!("{p} +{missing}")), None)
                .await
                .is_err());
            // Bo out of turn.
            assert!(s
                .play()
                .act(PLACE, &bo(), Command::EndMove, None)
                .await
                .is_err());
            // Two hints: one asked as a person asks (noted by the use case), one noted.
            s.play().hint_for(PLACE, 1, 101).await.expect("a hint");
            s.classes().note_hint(PLACE, 101).await;
            refused_ada = true;
        }
        let (text, steps) = a_move(&game);
        let outcome = climb::is_legal(&game, &text).expect("the move is legal");
        let t = tally.entry(user).or_default();
        t.turns += 1;
        for (op, to) in &steps {
            t.ops[*op] += 1;
            t.primes += u32::from((2..=97).contains(to) && is_prime(u32::from(*to)));
        }
        if game.players[seat].keepers.is_empty() {
            let list = climb::legal_outcomes(&game);
            let best = (0..list.len())
                .filter_map(|i| list.end(i))
                .map(|o| value(&o))
                .fold(f64::MAX, f64::min);
            t.measured += 1;
            t.lost += value(&outcome) - best;
        }
        let mut after = s
            .play()
            .act(PLACE, &who, Command::Move(text), None)
            .await
            .unwrap();
        // Finish the turn as a player would: a card's first choice, then end the move.
        for _ in 0..5 {
            t.cards += after
                .events
                .iter()
                .filter(|e| matches!(e, Event::Drew { seat: s2, .. } if *s2 == seat))
                .count() as u32;
            if after.is_over() || after.game.turn.number != game.turn.number {
                break;
            }
            let command = match after.game.phase {
                Phase::Choice(_) => Command::Choose(1),
                _ => Command::EndMove,
            };
            after = s.play().act(PLACE, &who, command, None).await.unwrap();
        }
    }
    let report: ClassReport = s
        .standings()
        .class_report(ReportSpan {
            guild_id: PLACE.guild_id,
            from: 0,
            to: now.load(Ordering::SeqCst) + 1,
        })
        .await
        .unwrap();
    assert_eq!(report.climb_games, 1);
    assert_eq!(report.students.len(), 2);
    // The case is not empty: turns, operations and solver measurements to compare.
    assert!(
        tally[&101].turns >= 3 && tally[&102].turns >= 3,
        "{tally:?}"
    );
    assert!(
        tally[&101].measured >= 2 && tally[&101].ops[2] + tally[&102].ops[2] >= 1,
        "{tally:?}"
    );
    for line in &report.students {
        let t = &tally[&line.user_id];
        assert_eq!(line.climb_games, 1, "{}", line.name);
        assert_eq!(line.ops, t.ops, "{}", line.name);
        assert_eq!(line.primes_landed, t.primes, "{}", line.name);
        assert_eq!(line.turns, t.turns, "{}", line.name);
        assert_eq!(line.cards, t.cards, "{}", line.name);
        assert_eq!(line.solver_turns, t.measured, "{}", line.name);
        assert!(
            (line.turns_lost - t.lost).abs() < 1e-9,
            "{}: {} vs {}",
            line.name,
            line.turns_lost,
            t.lost
        );
        // Every turn took 10 s (the first one's start is not in the log).
        assert!(
            line.turn_secs.iter().all(|&s| s == 10.0),
            "{:?}",
            line.turn_secs
        );
        assert_eq!(line.median_turn_secs(), Some(10.0));
    }
    let ada_line = &report.students[0];
    assert_eq!(ada_line.name, "Ada");
    assert_eq!(ada_line.hints, 2);
    assert_eq!(ada_line.refused.get("die_not_rolled"), Some(&1));
    let bo_line = &report.students[1];
    assert_eq!(bo_line.refused.get("not_your_turn"), Some(&1));
    assert_eq!(bo_line.hints, 0);

    // The spreadsheet: headings, then one row per student.
    let csv = primeclimb::text::report::csv(&report, primeclimb::lang::Lang::En);
    let rows: Vec<&str> = csv.split("\r\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows[0].starts_with("student,discord id,Prime Climb games,Prime Climb wins,"));
    let cells: Vec<&str> = rows[1].split(',').collect();
    assert_eq!(&cells[..3], ["Ada", "101", "1"]);
    assert_eq!(cells[8], ada_line.ops[0].to_string(), "additions");
    assert_eq!(cells[15], "2", "hints");
    assert_eq!(cells[7], "10.0", "median seconds per turn");
    let fr = primeclimb::text::report::csv(&report, primeclimb::lang::Lang::Fr);
    assert!(fr.starts_with("élève,id discord,parties Prime Climb,"));
}

#[test]
fn the_spreadsheet_quotes_names_and_never_starts_a_formula() {
    use primeclimb::session::report::StudentReport;
    let report = ClassReport {
        students: vec![StudentReport {
            user_id: 5,
            name: "=HYPERLINK(\"x\"), Bob".into(),
            ..StudentReport::default()
        }],
        ..ClassReport::default()
    };
    let csv = primeclimb::text::report::csv(&report, primeclimb::lang::Lang::En);
    let row = csv.split("\r\n").nth(1).unwrap();
    assert!(
        row.starts_with("\"'=HYPERLINK(\"\"x\"\"), Bob\",5,"),
        "{row}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seasons_rate_only_their_own_games() {
    let now = Arc::new(AtomicI64::new(START));
    let s = clocked("report-seasons", now.clone()).await;
    let month = 31 * 86_400_000;
    // An AI game last month (hard beats easy), then one this month (easy alone wins:
    // a game of one AI seat against a person who resigns).
    let spec = LobbySpec {
        ai: vec![Level::Hard, Level::Easy],
        creator_plays: false,
        seed: Some(3),
        ..LobbySpec::climb(climb::Options::default())
    };
    let last_month = START - month;
    now.store(last_month, Ordering::SeqCst);
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec)
        .await
        .unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    for _ in 0..2_000 {
        if s.play()
            .ai_turn(PLACE)
            .await
            .unwrap()
            .is_none_or(|v| v.is_over())
        {
            break;
        }
    }
    now.store(START, Ordering::SeqCst);
    let spec = LobbySpec {
        ai: vec![Level::Easy],
        seed: Some(4),
        ..LobbySpec::climb(climb::Options::default())
    };
    s.lobbies()
        .create_lobby(PLACE, &ada(), &spec)
        .await
        .unwrap();
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    s.play()
        .act(PLACE, &ada(), Command::Resign, None)
        .await
        .unwrap();

    let this = Season::Month.bounds(START, 0);
    let board = s
        .standings()
        .leaderboard(PLACE.guild_id, climb_kind(), 10, Some(this))
        .await
        .unwrap();
    let names: Vec<&str> = board.standings.iter().map(|x| x.name.as_str()).collect();
    assert!(
        !names.contains(&"Hard AI"),
        "last month's game is not in this season: {names:?}"
    );
    assert!(names.contains(&"Ada"), "{names:?}");
    let previous = s
        .standings()
        .leaderboard(
            PLACE.guild_id,
            climb_kind(),
            10,
            Some(Season::Month.bounds(START, 1)),
        )
        .await
        .unwrap();
    assert_eq!(
        previous.standings.first().map(|x| x.name.as_str()),
        Some("Hard AI")
    );
    assert!(previous.standings.iter().all(|x| x.games == 1));
    let all = s
        .standings()
        .leaderboard(PLACE.guild_id, climb_kind(), 10, None)
        .await
        .unwrap();
    assert!(
        all.standings.iter().any(|x| x.name == "Hard AI")
            && all.standings.iter().any(|x| x.name == "Ada")
    );
}

fn climb_kind() -> primeclimb::session::GameKind {
    primeclimb::session::GameKind::Climb
}

#[tokio::test]
async fn practice_games_count_as_games_played_but_not_in_the_ratings() {
    let now = Arc::new(AtomicI64::new(START));
    let s = clocked("report-practice", now.clone()).await;
    let ada_id = ada().user_id.unwrap();
    let practice = [
        climb::Options {
            hints: true,
            ..climb::Options::default()
        },
        climb::Options {
            one_die: true,
            ..climb::Options::default()
        },
    ];
    // Ada against the medium AI, with hints, then with one die: she resigns both.
    for (i, options) in practice.into_iter().enumerate() {
        let spec = LobbySpec {
            ai: vec![Level::Medium],
            seed: Some(10 + i as u64),
            ..LobbySpec::climb(options)
        };
        let lobby = s
            .lobbies()
            .create_lobby(PLACE, &ada(), &spec)
            .await
            .unwrap();
        let names = vec!["Ada".to_string(), "Medium AI".to_string()];
        for lang in [primeclimb::lang::Lang::En, primeclimb::lang::Lang::Fr] {
            let lines = primeclimb::text::lobby::lobby_lines(
                &lobby,
                &names,
                lang,
                primeclimb::text::Markup::Plain,
            );
            assert!(
                lines
                    .iter()
                    .any(|l| l.contains("practice") || l.contains("entraînement")),
                "{lines:#?}"
            );
        }
        s.lobbies().start(PLACE, &ada()).await.unwrap();
        s.play()
            .act(PLACE, &ada(), Command::Resign, None)
            .await
            .unwrap();
        now.fetch_add(60_000, Ordering::SeqCst);
    }
    let stats = s
        .standings()
        .stats(PLACE.guild_id, climb_kind(), ada_id)
        .await
        .unwrap();
    assert_eq!(stats.record.games, 2, "both games are in her record");
    assert!(
        stats.rating.is_none(),
        "neither is rated: {:?}",
        stats.rating
    );
    let board = s
        .standings()
        .leaderboard(PLACE.guild_id, climb_kind(), 10, None)
        .await
        .unwrap();
    assert!(board.standings.is_empty(), "{:?}", board.standings);
    let season = s
        .standings()
        .leaderboard(
            PLACE.guild_id,
            climb_kind(),
            10,
            Some(Season::Month.bounds(START, 0)),
        )
        .await
        .unwrap();
    assert!(season.standings.is_empty(), "{:?}", season.standings);

    // The full game is rated, and its lobby says nothing of practice.
    let spec = LobbySpec {
        ai: vec![Level::Medium],
        seed: Some(12),
        ..LobbySpec::climb(climb::Options::default())
    };
    let lobby = s
        .lobbies()
        .create_lobby(PLACE, &ada(), &spec)
        .await
        .unwrap();
    let lines = primeclimb::text::lobby::lobby_lines(
        &lobby,
        &["Ada".to_string()],
        primeclimb::lang::Lang::En,
        primeclimb::text::Markup::Plain,
    );
    assert!(lines.iter().all(|l| !l.contains("practice")), "{lines:#?}");
    s.lobbies().start(PLACE, &ada()).await.unwrap();
    s.play()
        .act(PLACE, &ada(), Command::Resign, None)
        .await
        .unwrap();
    let stats = s
        .standings()
        .stats(PLACE.guild_id, climb_kind(), ada_id)
        .await
        .unwrap();
    assert_eq!(stats.record.games, 3);
    assert_eq!(
        stats.rating.map(|r| r.games),
        Some(1),
        "the full game is rated"
    );
}
