//! The class tools' measured targets (issue: classrooms), with the real bot against the
//! fake Discord on loopback and a real SQLite file:
//! - `/class pair` for 40 students answers within Discord's 3 s (deferred) and creates
//!   the 20 threads within 30 s, while Discord rate-limits thread creation (every fifth
//!   request answers 429 with a 1.5 s `retry_after`);
//! - `/class report` over 1,000 stored games: ≤ 2 s.
//!
//! `cargo bench --bench class`; the numbers go in docs/development.md.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use primeclimb::climb::{self, ai::Level};
use primeclimb::session::report::ReportSpan;
use primeclimb::session::Session;
use primeclimb::store::{
    self, GameKind, GameUpdate, LogRow, NewGame, Place, SeatRow, Status, Store, StoreTx,
};
use serde_json::json;
use support::bot::Table;
use support::fake_discord::{self as fake, FakeMember, TEACHER};

const STUDENTS: u64 = 40;
const GAMES: usize = 1_000;
const GUILD: i64 = 7_700;

async fn pair_40() {
    let t = Table::open("bench-class-pair").await;
    t.allow_threads();
    let role = 970_000_000_000_000_009_u64;
    let members: Vec<FakeMember> = (0..STUDENTS)
        .map(|i| FakeMember {
            id: 931_000_000_000_000_000 + i,
            name: format!("Student {i}"),
            roles: vec![role],
            bot: false,
        })
        .collect();
    t.fake.set_members(members);
    t.fake.rate_limit_threads(5, 1_500);
    let id = t.id();
    let mut interaction = fake::slash_command_as(
        TEACHER,
        id,
        &["class", "pair"],
        json!([{ "name": "role", "type": 8, "value": role.to_string() }]),
        "en-US",
    );
    interaction["app_permissions"] = json!(fake::BOT_PERMISSIONS_WITH_THREADS.to_string());
    interaction["data"]["resolved"] = json!({ "roles": { role.to_string(): {
        "id": role.to_string(), "name": "Class", "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
        "permissions": "0", "managed": false, "mentionable": true, "flags": 0
    }}});
    let sent = Instant::now();
    t.fake.interact(interaction);
    let callback = t
        .fake
        .wait_for_request("POST", &fake::callback_path(id))
        .await;
    let answered = callback.at - sent;
    let mut threads_done = None;
    for _ in 0..600 {
        let made = t.fake.threads().len();
        if made >= (STUDENTS / 2) as usize && threads_done.is_none() {
            threads_done = Some(sent.elapsed());
        }
        let summary = t.fake.requests().into_iter().any(|r| {
            r.path.contains(&fake::interaction_token(id)) && !r.path.ends_with("/callback")
        });
        if summary && threads_done.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let limited = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .count();
    println!(
        "/class pair, 40 students: first answer (deferred) after {:.0} ms (target ≤ 3,000); 20 threads after {:.1} s (target ≤ 30), {} thread requests for {} threads (the rest were refused with 429 and waited out)",
        answered.as_secs_f64() * 1000.0,
        threads_done.map_or(f64::NAN, |d| d.as_secs_f64()),
        limited,
        t.fake.threads().len()
    );
    t.close().await;
}

/// 1,000 finished games between 40 students (two medium AIs playing for them), written
/// straight to the store with their logs, one transaction each.
async fn stored_games(url: &str) -> store::AnyStore {
    let s = store::connect(url).await.expect("a database");
    let mut rng_seed = 1u64;
    for g in 0..GAMES {
        let a = (g % STUDENTS as usize) as i64;
        let b = ((g * 7 + 3) % STUDENTS as usize) as i64;
        let b = if a == b { (b + 1) % STUDENTS as i64 } else { b };
        let names = vec![format!("Student {a}"), format!("Student {b}")];
        rng_seed += 1;
        let mut game =
            climb::Game::new(climb::Options::default(), &names, rng_seed).expect("a game");
        let start = 1_790_000_000_000 + g as i64 * 3_600_000;
        let mut tx = s.begin().await.expect("begin");
        let id = tx
            .insert_game(&NewGame {
                kind: GameKind::Climb,
                place: Place {
                    guild_id: GUILD,
                    channel_id: 10_000 + g as i64,
                },
                creator_id: Some(a + 1),
                options: serde_json::to_string(&game.options).unwrap(),
                seed: rng_seed as i64,
                turn_timeout_secs: None,
                locale: None,
                look: None,
                parent_channel_id: None,
                assignment_id: None,
                now: start,
            })
            .await
            .expect("a game row");
        for (seat, user) in [a, b].iter().enumerate() {
            tx.insert_seat(
                id,
                &SeatRow {
                    seat: seat as i64,
                    user_id: Some(user + 1),
                    name: names[seat].clone(),
                    ai_level: None,
                },
            )
            .await
            .unwrap();
        }
        let mut version = 1;
        let mut at = start;
        while !game.is_over() && version < 2_000 {
            let seat = game.current();
            let actions = climb::ai::next_actions(&game, Level::Medium);
            let turn = game.turn.number;
            let events = game.apply_all(seat, &actions).expect("AI moves are legal");
            at += 20_000;
            tx.append_log(
                id,
                &LogRow {
                    version,
                    turn: i64::from(turn),
                    seat: seat as i64,
                    user_id: None,
                    actions: serde_json::to_string(&actions).unwrap(),
                    events: serde_json::to_string(&events).unwrap(),
                    at,
                },
            )
            .await
            .unwrap();
            version += 1;
        }
        tx.update_game(
            id,
            &GameUpdate {
                status: Status::Finished,
                options: serde_json::to_string(&game.options).unwrap(),
                state: Some(serde_json::to_string(&game).unwrap()),
                turn_started_at: None,
                reminded: false,
                ai_to_move: false,
                to_move_user: None,
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
    }
    s
}

async fn report_1000() {
    let url = support::db::db_url("bench-class-report");
    let made = Instant::now();
    let s = stored_games(&url).await;
    println!(
        "stored {GAMES} games in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let session = Session::new(s);
    let span = ReportSpan {
        guild_id: GUILD,
        from: 0,
        to: i64::MAX,
    };
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let report = session
            .standings()
            .class_report(span)
            .await
            .expect("a report");
        times.push(t.elapsed().as_secs_f64());
        assert_eq!(report.climb_games as usize, GAMES);
        assert_eq!(report.students.len(), STUDENTS as usize);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "/class report over {GAMES} games: median {:.2} s (target ≤ 2), runs {:?}",
        times[times.len() / 2],
        times.iter().map(|t| format!("{t:.2}")).collect::<Vec<_>>()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument runs one part.
    let only: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        if only.as_deref().is_none_or(|o| o == "pair") {
            pair_40().await;
        }
        if only.as_deref().is_none_or(|o| o == "report") {
            report_1000().await;
        }
    });
}
