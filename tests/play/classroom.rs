//! Classrooms through the real bot and the fake Discord: games in their own threads (the
//! thread opened with `POST /channels/…/threads`, announced by `THREAD_CREATE`, archived
//! at the end), fifteen games at once in one channel, `/class pair` for a class of 31,
//! the due list, `/class games`, and a bot that may not open threads.

use crate::support;

use std::time::Duration;

use primeclimb::climb::Phase;
use primeclimb::session::{ClimbView, Place};
use serde_json::json;
use support::bot::{png_of, Table};
use support::fake_discord::{
    self as fake, channel_path, content, FakeMember, Who, ADA, BO, CHANNEL_ID, GUILD_ID,
    MEMBER_PERMISSIONS, TEACHER,
};

fn thread_place(thread: u64) -> Place {
    Place {
        guild_id: GUILD_ID as i64,
        channel_id: thread as i64,
    }
}

/// A student of the fake class.
fn student(i: u64) -> Who {
    Who {
        id: 931_000_000_000_000_000 + i,
        name: Box::leak(format!("Student {i}").into_boxed_str()),
        permissions: MEMBER_PERMISSIONS,
    }
}

async fn game_in(t: &Table, thread: u64) -> ClimbView {
    t.reader
        .play()
        .board(thread_place(thread))
        .await
        .expect("a game in the thread")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_opens_its_own_thread_and_ends_announced_in_the_channel() {
    let t = Table::open("class-thread").await;
    // Without the permissions, the game is played in the channel, and the lobby says why.
    let r = t
        .slash(
            ADA,
            &["climb", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            "en-US",
        )
        .await;
    assert!(
        r.content().contains("I may not open threads"),
        "{}",
        r.content()
    );
    assert!(t.fake.threads().is_empty());
    t.slash(TEACHER, &["climb", "end"], json!([]), "en-US")
        .await;

    t.allow_threads();
    let mark = t.fake.mark();
    let r = t
        .slash(
            ADA,
            &["climb", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            "en-US",
        )
        .await;
    let threads = t.fake.threads();
    assert_eq!(threads.len(), 1);
    let thread = threads[0].id;
    assert_eq!(threads[0].parent, CHANNEL_ID);
    assert_eq!(threads[0].name, "Prime Climb · Ada");
    assert!(
        r.content()
            .contains(&format!("Played in its own thread: <#{thread}>")),
        "{}",
        r.content()
    );
    assert!(!r.ephemeral(), "the lobby stays in the channel");
    // The thread's first message points back to the lobby.
    t.fake
        .wait_for_after(mark, "the thread's first message", |q| {
            q.path == channel_path(thread) && content(q).contains(&format!("<#{CHANNEL_ID}>"))
        })
        .await;
    // Start, clicked in the channel: the first board goes to the thread.
    let start = r
        .custom_ids()
        .into_iter()
        .find(|c| c.ends_with(":start"))
        .unwrap();
    let mark = t.fake.mark();
    t.click(ADA, &start, "en-US").await;
    t.fake
        .wait_for_after(mark, "the first board in the thread", |q| {
            q.path == channel_path(thread) && png_of(q).is_some()
        })
        .await;
    // A command in the channel says where the game is; in the thread it acts on it.
    let r = t.climb_move(ADA, "0 +1").await;
    assert!(r.ephemeral());
    assert!(
        r.content()
            .contains(&format!("played in their own threads: <#{thread}>")),
        "{}",
        r.content()
    );
    let r = t
        .slash_in_thread(thread, ADA, &["climb", "board"], json!([]), "en-US")
        .await;
    assert!(r.png().is_some(), "{}", r.content());
    // A second game in the same channel: its own thread, both open at once.
    let r = t
        .slash(
            BO,
            &["climb", "start"],
            json!([{ "name": "ai", "type": 3, "value": "easy" }]),
            "en-US",
        )
        .await;
    assert!(!r.ephemeral(), "{}", r.content());
    assert_eq!(t.fake.threads().len(), 2);
    // Ada ends her game in its thread: the end is told in the channel, the thread archived.
    let mark = t.fake.mark();
    let r = t
        .slash_in_thread(thread, ADA, &["climb", "end"], json!([]), "en-US")
        .await;
    assert!(!r.ephemeral(), "{}", r.content());
    let told = t
        .fake
        .wait_for_after(mark, "the end in the channel", |q| {
            q.path == channel_path(CHANNEL_ID) && content(q).starts_with("🏁")
        })
        .await;
    assert!(
        content(&told).contains(&format!("<#{thread}>")),
        "{}",
        content(&told)
    );
    t.fake
        .wait_for_after(mark, "the thread archived", |q| {
            q.method == "PATCH" && q.path == format!("/api/v10/channels/{thread}")
        })
        .await;
    assert!(t.fake.threads()[0].archived);
    // Told once, whatever else looks (the turn clock's sweep).
    t.clock.advance(Duration::from_secs(60));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let told = t
        .fake
        .requests()
        .iter()
        .filter(|q| q.path == channel_path(CHANNEL_ID) && content(q).starts_with("🏁"))
        .count();
    assert_eq!(told, 1);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_in_a_thread_posts_its_result_in_the_channel() {
    let t = Table::open("class-finish").await;
    t.allow_threads();
    let r = t
        .slash(
            ADA,
            &["climb", "start"],
            json!([{ "name": "variant", "type": 3, "value": "solitaire" }]),
            "en-US",
        )
        .await;
    let thread = t.fake.threads()[0].id;
    assert!(
        r.content().contains(&format!("<#{thread}>")),
        "{}",
        r.content()
    );
    // Play the solitaire to the end in its thread, following the hints.
    for _ in 0..200 {
        let view = game_in(&t, thread).await;
        if view.is_over() {
            break;
        }
        let v = view.info.version;
        let id = view.info.id;
        let r = if view.game.turn.uses.total_left() == 0 && view.game.phase == Phase::Move {
            t.click(ADA, &format!("climb:{id}:{v}:end"), "en-US").await
        } else {
            let (_, hints) = t
                .reader
                .play()
                .hint(thread_place(thread), 1)
                .await
                .expect("a hint");
            let moves = hints.first().map(|h| h.moves.clone()).unwrap_or_default();
            let text = if moves.is_empty() {
                "end".to_string()
            } else {
                moves
            };
            t.slash_in_thread(
                thread,
                ADA,
                &["climb", "move"],
                json!([{ "name": "moves", "type": 3, "value": text }]),
                "en-US",
            )
            .await
        };
        assert!(!r.ephemeral(), "{}", r.content());
    }
    let result = t
        .fake
        .wait_for_after(0, "the result in the channel", |q| {
            q.path == channel_path(CHANNEL_ID) && content(q).starts_with("🏁")
        })
        .await;
    assert!(
        content(&result).contains("🏆 **Ada** wins in"),
        "{}",
        content(&result)
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifteen_games_at_once_in_one_channels_threads() {
    let t = Table::open("class-fifteen").await;
    t.allow_threads();
    for i in 0..15 {
        let who = student(i);
        let r = t
            .slash(
                who,
                &["climb", "start"],
                json!([{ "name": "ai", "type": 3, "value": "easy" }]),
                "en-US",
            )
            .await;
        assert!(!r.ephemeral(), "{i}: {}", r.content());
        let start = r
            .custom_ids()
            .into_iter()
            .find(|c| c.ends_with(":start"))
            .unwrap();
        t.click(who, &start, "en-US").await;
    }
    let threads = t.fake.threads();
    assert_eq!(threads.len(), 15);
    for th in &threads {
        assert_eq!(th.parent, CHANNEL_ID);
        let view = game_in(&t, th.id).await;
        assert_eq!(view.info.parent_channel_id, Some(CHANNEL_ID as i64));
    }
    // The teacher sees them all; a student may not look.
    let r = t
        .slash(TEACHER, &["class", "games"], json!([]), "en-US")
        .await;
    assert!(r.ephemeral());
    assert!(
        r.content().starts_with("**15 games open**"),
        "{}",
        r.content()
    );
    for th in &threads {
        assert!(
            r.content().contains(&format!("<#{}>", th.id)),
            "{}",
            r.content()
        );
    }
    let r = t.slash(ADA, &["class", "games"], json!([]), "en-US").await;
    assert!(
        r.content().starts_with("Only moderators"),
        "{}",
        r.content()
    );
    // The page buttons of a longer list: a page past the last shows the last, and only
    // teachers may turn them.
    let r = t.click(TEACHER, "class:games:here:1", "en-US").await;
    assert!(
        r.content().starts_with("**15 games open**"),
        "{}",
        r.content()
    );
    let r = t.click(ADA, "class:games:all:0", "en-US").await;
    assert!(r.ephemeral(), "{}", r.content());
    assert!(
        r.content().starts_with("Only moderators"),
        "{}",
        r.content()
    );
    t.close().await;
}

fn class_of(n: u64, role: u64) -> Vec<FakeMember> {
    let mut members: Vec<FakeMember> = (0..n)
        .map(|i| FakeMember {
            id: student(i).id,
            name: student(i).name.to_string(),
            roles: vec![role],
            bot: false,
        })
        .collect();
    // The teacher has the role too, and a bot: neither is paired.
    members.push(FakeMember {
        id: TEACHER.id,
        name: "Teacher".into(),
        roles: vec![role],
        bot: false,
    });
    members.push(FakeMember {
        id: 939_000_000_000_000_000,
        name: "Another bot".into(),
        roles: vec![role],
        bot: true,
    });
    members
}

fn role_option(role: u64) -> serde_json::Value {
    json!([{ "name": "role", "type": 8, "value": role.to_string() }])
}

/// An interaction with the role resolved, as Discord sends a role option.
async fn pair_role(
    t: &Table,
    who: Who,
    role: u64,
    extra: serde_json::Value,
) -> support::bot::Reply {
    let mut options = role_option(role);
    if let Some(extra) = extra.as_array() {
        options
            .as_array_mut()
            .unwrap()
            .extend(extra.iter().cloned());
    }
    let id = t.id();
    let mut interaction = fake::slash_command_as(who, id, &["class", "pair"], options, "en-US");
    interaction["data"]["resolved"] = json!({
        "roles": { role.to_string(): {
            "id": role.to_string(), "name": "Class 5B", "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
            "permissions": "0", "managed": false, "mentionable": true, "flags": 0
        }}
    });
    t.send(id, interaction).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn class_pair_seats_31_students_in_threads_with_an_ai_for_the_last() {
    let t = Table::open("class-pair").await;
    let role = 970_000_000_000_000_001;
    // No thread permission: refused, nothing opened.
    t.fake.set_members(class_of(31, role));
    let r = pair_role(&t, TEACHER, role, json!([])).await;
    assert!(r.ephemeral());
    assert!(
        r.content().contains("each need a thread"),
        "{}",
        r.content()
    );
    assert!(t.fake.threads().is_empty());
    t.allow_threads();
    // A student may not pair the class.
    let r = pair_role(&t, ADA, role, json!([])).await;
    assert!(
        r.content().starts_with("Only moderators"),
        "{}",
        r.content()
    );
    // A due date in the past is refused before anything is opened.
    let r = pair_role(
        &t,
        TEACHER,
        role,
        json!([{ "name": "due", "type": 3, "value": "2020-01-01" }]),
    )
    .await;
    assert!(r.content().contains("is already past"), "{}", r.content());
    assert!(t.fake.threads().is_empty());

    let r = pair_role(
        &t,
        TEACHER,
        role,
        json!([{ "name": "due", "type": 3, "value": "2d" }]),
    )
    .await;
    assert!(!r.ephemeral(), "{}", r.content());
    assert!(
        r.content()
            .starts_with("**16 games for the class**, due <t:"),
        "{}",
        r.content()
    );
    let threads = t.fake.threads();
    assert_eq!(threads.len(), 16);
    let mut seated: Vec<i64> = Vec::new();
    let mut with_ai = 0;
    for th in &threads {
        let view = game_in(&t, th.id).await;
        assert_eq!(view.info.seats.len(), 2);
        for s in &view.info.seats {
            if let Some(u) = s.user_id {
                assert!(!seated.contains(&u), "seated twice");
                assert_ne!(u, TEACHER.id as i64, "the teacher is not paired");
                seated.push(u);
            }
        }
        with_ai += usize::from(view.info.seats.iter().any(|s| s.ai.is_some()));
        // The pair is pinged in its thread.
        let pinged = t.fake.requests().into_iter().any(|q| {
            q.path == channel_path(th.id)
                && view.info.seats.iter().filter_map(|s| s.user_id).all(|u| {
                    content(&q).contains(&format!("<@{u}>"))
                        && q.json.as_ref().is_some_and(|j| {
                            j["allowed_mentions"]["users"].as_array().is_some_and(|a| {
                                a.iter().any(|x| x.as_str() == Some(&u.to_string()))
                            })
                        })
                })
        });
        assert!(pinged, "the players of {} are pinged there", th.id);
    }
    assert_eq!(seated.len(), 31, "every student, once");
    assert_eq!(with_ai, 1, "one AI seat, for the student left over");

    // At the due date the games still open are listed for the teacher, once.
    let mark = t.fake.mark();
    t.clock.advance(Duration::from_secs(2 * 86_400 + 60));
    let due = t
        .fake
        .wait_for_after(mark, "the due list", |q| {
            q.path == channel_path(CHANNEL_ID) && content(q).contains("the class games are due")
        })
        .await;
    assert!(
        content(&due).contains(&format!("<@{}>", TEACHER.id)),
        "{}",
        content(&due)
    );
    assert!(
        content(&due).contains("the class games are due; 16 are still open"),
        "every game of the class is still open: {}",
        content(&due)
    );
    t.clock.advance(Duration::from_secs(120));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let lists = t
        .fake
        .requests()
        .iter()
        .filter(|q| content(q).contains("the class games are due"))
        .count();
    assert_eq!(lists, 1);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn class_pair_says_what_is_missing() {
    let t = Table::open("class-missing").await;
    t.allow_threads();
    let role = 970_000_000_000_000_002;
    // The members of a role cannot be read (the Server Members Intent is off).
    let r = pair_role(&t, TEACHER, role, json!([])).await;
    assert!(
        r.content().contains("Server Members Intent"),
        "{}",
        r.content()
    );
    // A role with nobody in it.
    t.fake.set_members(class_of(0, role));
    let r = pair_role(&t, TEACHER, role, json!([])).await;
    assert!(r.content().starts_with("Nobody to pair"), "{}", r.content());
    // Students listed by mention work without the intent; Prime Daifugo in threes.
    t.fake.set_members(class_of(5, role));
    let list: Vec<String> = (0..5).map(|i| format!("<@{}>", student(i).id)).collect();
    let r = t
        .slash(
            TEACHER,
            &["class", "pair"],
            json!([
                { "name": "members", "type": 3, "value": list.join(" ") },
                { "name": "game", "type": 4, "value": 1 },
                { "name": "size", "type": 4, "value": 3 }
            ]),
            "en-US",
        )
        .await;
    assert!(
        r.content().starts_with("**2 games for the class**"),
        "{}",
        r.content()
    );
    assert_eq!(t.fake.threads().len(), 2);
    assert_eq!(
        t.fake.threads()[0].name.split(" · ").next(),
        Some("Prime Daifugo")
    );
    t.close().await;
}

/// The server's teacher role makes a member without Discord's moderator permissions a
/// teacher, decided by the use cases themselves (the role travels with the request): they
/// may change the settings, see the class's games and end another person's game; the
/// same member without the role may not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_teacher_role_makes_a_teacher_in_every_use_case_that_needs_one() {
    const ROLE: u64 = 4_242;
    let t = Table::open("class-teacher-role").await;
    let resolved_role = json!({
        "roles": { ROLE.to_string(): {
            "id": ROLE.to_string(), "name": "Teachers", "color": 0,
            "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
            "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
            "permissions": "0", "managed": false, "mentionable": true, "flags": 0
        }}
    });
    let id = t.id();
    let mut set = fake::slash_command_as(
        TEACHER,
        id,
        &["settings", "teacher-role"],
        json!([{ "name": "role", "type": 8, "value": ROLE.to_string() }]),
        "en-US",
    );
    set["data"]["resolved"] = resolved_role;
    let r = t.send(id, set).await;
    assert!(
        r.content().contains(&format!("<@&{ROLE}>")),
        "{}",
        r.content()
    );

    // Ada opens a game; Bo, an ordinary member, is asked to act as a teacher.
    let r = t.slash(ADA, &["climb", "start"], json!([]), "en-US").await;
    assert!(!r.ephemeral(), "{}", r.content());
    let as_bo = |path: &[&str], options: serde_json::Value, roles: &[u64]| {
        let id = t.id();
        let mut i = fake::slash_command_as(BO, id, path, options, "en-US");
        i["member"]["roles"] = json!(roles.iter().map(u64::to_string).collect::<Vec<_>>());
        (id, i)
    };
    for roles in [&[][..], &[7][..]] {
        let (id, i) = as_bo(&["class", "games"], json!([]), roles);
        let r = t.send(id, i).await;
        assert!(
            r.content().starts_with("Only moderators"),
            "{roles:?}: {}",
            r.content()
        );
        let (id, i) = as_bo(&["climb", "end"], json!([]), roles);
        let r = t.send(id, i).await;
        assert!(
            r.content().contains("the game's creator or a moderator"),
            "{}",
            r.content()
        );
    }
    let (id, i) = as_bo(&["class", "games"], json!([]), &[7, ROLE]);
    let r = t.send(id, i).await;
    assert!(
        !r.content().starts_with("Only moderators"),
        "{}",
        r.content()
    );
    let (id, i) = as_bo(
        &["settings", "timeout"],
        json!([{ "name": "duration", "type": 3, "value": "12h" }]),
        &[ROLE],
    );
    let r = t.send(id, i).await;
    assert!(
        r.content().contains("Turn timeout: 12 h"),
        "{}",
        r.content()
    );
    let (id, i) = as_bo(&["climb", "end"], json!([]), &[ROLE]);
    let r = t.send(id, i).await;
    assert!(
        !r.ephemeral(),
        "the end is said to the channel: {}",
        r.content()
    );
    assert!(
        !r.content().contains("the game's creator or a moderator"),
        "{}",
        r.content()
    );
    t.close().await;
}
