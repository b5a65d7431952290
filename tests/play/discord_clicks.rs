//! Prime Climb on Discord by buttons alone: the player to move touches a pawn (its button
//! is labelled with its space), then a step labelled with the space it lands on, then the
//! next pawn or End turn. The real bot against the fake Discord, on a real SQLite file: a
//! whole game by clicks, the labels against the game, the story told as when typed, only
//! the player to move, stale buttons, and ids nobody sent.

use crate::support;

use primeclimb::climb::Phase;
use serde_json::{json, Value};
use support::bot::{Reply, Table};
use support::fake_discord::{self as fake, Who, ADA, BO, TEACHER};

/// The buttons (custom id, label, disabled) of a message's JSON.
fn buttons(data: &Value) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for row in data["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                let label = c["label"].as_str().unwrap_or_default().to_string();
                out.push((id.to_string(), label, c["disabled"] == json!(true)));
            }
        }
    }
    out
}

/// The buttons of the newest message (reply, edit or channel post) showing game `game`
/// at `version`, waiting for it.
async fn board_buttons(t: &Table, game: i64, version: i64) -> Vec<(String, String, bool)> {
    let prefix = format!("climb:{game}:{version}:");
    for _ in 0..500 {
        for r in t.fake.requests().iter().rev() {
            let Some(j) = &r.json else { continue };
            let data = if j["data"].is_object() { &j["data"] } else { j };
            let found = buttons(data);
            if found.iter().any(|(id, _, _)| id.starts_with(&prefix)) {
                return found;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("no message shows game {game} at version {version}");
}

/// The verb of a board button's custom id (`pawn14`, `s14+3`, `end`).
fn verb(id: &str) -> &str {
    id.rsplit(':').next().unwrap_or_default()
}

/// The space a step's label says it lands on ("+3 → 17": 17).
fn lands(label: &str) -> Option<u8> {
    label.rsplit("→ ").next()?.trim().parse().ok()
}

/// Who sits in the seat to move.
fn mover(view: &primeclimb::session::ClimbView) -> Who {
    let seat = view.game.current();
    if view.info.user_of(seat) == Some(ADA.id as i64) {
        ADA
    } else {
        BO
    }
}

/// Click a step: the one landing highest, else the first offered.
fn best_step(found: &[(String, String, bool)]) -> Option<(String, String)> {
    let steps: Vec<&(String, String, bool)> = found
        .iter()
        .filter(|(id, _, _)| verb(id).starts_with('s'))
        .collect();
    steps
        .iter()
        .max_by_key(|(_, label, _)| lands(label))
        .map(|(id, label, _)| (id.clone(), label.clone()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_by_buttons_alone() {
    let t = Table::open("clicks-whole-game").await;
    let game = t.ada_and_bo(json!([])).await;
    let mut clicks = 0;
    let mut steps = 0;
    loop {
        let view = t.board().await;
        if view.is_over() {
            break;
        }
        assert!(clicks < 2_000, "the game does not end by clicks");
        let who = mover(&view);
        let found = board_buttons(&t, game, view.info.version).await;
        clicks += 1;
        if let Phase::Choice(_) = view.game.phase {
            let menu = found
                .iter()
                .map(|(id, _, _)| id.clone())
                .find(|id| verb(id) == "pick0");
            let menu = menu.unwrap_or_else(|| format!("climb:{game}:{}:pick0", view.info.version));
            let r = t.select(who, &menu, "1", "en-US").await;
            assert!(!r.ephemeral(), "{}", r.content());
            continue;
        }
        // The steps at once (one pawn can move), or a pawn first.
        let step = match best_step(&found) {
            Some(step) => step,
            None => match found.iter().find(|(id, _, _)| verb(id).starts_with("pawn")) {
                Some((pawn, label, _)) => {
                    let space: u8 = verb(pawn)[4..].parse().expect("a space");
                    assert!(label.ends_with(&format!(" {space}")), "{label}");
                    let r = t.click(who, pawn, "en-US").await;
                    assert_eq!(
                        r.kind, 7,
                        "a pawn updates the board's buttons: {:?}",
                        r.data
                    );
                    assert!(r.data["content"].is_null(), "the text stays: {:?}", r.data);
                    clicks += 1;
                    best_step(&buttons(&r.data)).expect("the pawn's steps")
                }
                None => {
                    let (end, _, disabled) = found
                        .iter()
                        .find(|(id, _, _)| verb(id) == "end")
                        .expect("End turn when no step is left");
                    assert!(!disabled, "End turn can be pressed");
                    let r = t.click(who, end, "en-US").await;
                    assert!(!r.ephemeral(), "{}", r.content());
                    continue;
                }
            },
        };
        let (id, label) = step;
        let r = t.click(who, &id, "en-US").await;
        assert!(!r.ephemeral(), "{label}: {}", r.content());
        steps += 1;
        // The step's label says where the pawn lands: the story says so too.
        if let Some(to) = lands(&label) {
            assert!(
                r.content().contains(&to.to_string()),
                "{label} is told: {}",
                r.content()
            );
        }
    }
    let view = t.board().await;
    assert!(view.game.winner.is_some(), "someone won");
    assert!(steps >= 10, "{steps} steps clicked");
    t.close().await;
}

/// The first pawn button, clicked by the player to move, and the answer. At the start
/// both pawns stand at Start, one choice, so its steps are shown at once: a first step
/// (the one landing highest) gives the pawns two spaces.
async fn pawn_and_step(t: &Table, who: Who) -> (String, Reply) {
    let view = t.board().await;
    let found = board_buttons(t, view.info.id, view.info.version).await;
    assert!(
        !found.iter().any(|(id, _, _)| verb(id).starts_with("pawn")),
        "both pawns at Start are one: {found:?}"
    );
    let (first, _) = best_step(&found).expect("the steps at once");
    let r = t.click(who, &first, "en-US").await;
    assert!(!r.ephemeral(), "{}", r.content());
    let view = t.board().await;
    assert_eq!(mover(&view).id, who.id, "the same player, a die left");
    let found = buttons(&r.data);
    let pawn = found
        .iter()
        .map(|(id, _, _)| id.clone())
        .find(|id| verb(id).starts_with("pawn"))
        .expect("a pawn button for each space");
    let r = t.click(who, &pawn, "en-US").await;
    (pawn, r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_to_move_steps_and_stale_buttons_are_refused() {
    let t = Table::open("clicks-who-and-stale").await;
    t.ada_and_bo(json!([])).await;
    let view = t.board().await;
    let who = mover(&view);
    let other = if who.id == ADA.id { BO } else { ADA };
    let (pawn, picked) = pawn_and_step(&t, who).await;
    assert_eq!(picked.kind, 7);
    let view = t.board().await;
    let found = buttons(&picked.data);
    assert!(
        found.iter().any(|(id, _, _)| verb(id) == "pawns"),
        "a way back to the pawns: {found:?}"
    );
    let (step, label) = best_step(&found).expect("steps");

    // The other player and someone not playing: told privately, nothing changes.
    for (stranger, why) in [
        (other, format!("It is {}'s turn, not yours", who.name)),
        (TEACHER, "You are not in this game".to_string()),
    ] {
        for id in [&pawn, &step] {
            let r = t.click(stranger, id, "en-US").await;
            assert!(r.ephemeral(), "{}", r.content());
            assert_eq!(r.content(), why);
        }
    }
    assert_eq!(t.board().await.info.version, view.info.version);

    // The pawns again, then the step: one step, and the board moves on.
    let back = found
        .iter()
        .find(|(id, _, _)| verb(id) == "pawns")
        .map(|(id, _, _)| id.clone())
        .expect("back");
    let r = t.click(who, &back, "en-US").await;
    assert_eq!(r.kind, 7);
    assert!(buttons(&r.data)
        .iter()
        .any(|(id, _, _)| verb(id).starts_with("pawn")));
    let r = t.click(who, &step, "en-US").await;
    assert!(!r.ephemeral(), "{label}: {}", r.content());
    let after = t.board().await;
    assert_eq!(after.info.version, view.info.version + 1);
    // The buttons of the board before: moved on.
    for id in [&pawn, &step] {
        let r = t.click(who, id, "en-US").await;
        assert!(r.ephemeral());
        assert!(
            r.content().starts_with("This board has moved on"),
            "{}",
            r.content()
        );
    }
    assert_eq!(t.board().await.info.version, after.info.version);
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clicked_step_tells_the_same_story_as_the_typed_one() {
    let t = Table::open("clicks-story").await;
    t.ada_and_bo(json!([])).await;
    let view = t.board().await;
    let who = mover(&view);
    let space = view.game.players[view.game.current()].pawns[0];
    let die = view.game.turn.roll.a;
    // Clicked, taken back with Undo, then typed: the same board, told the same way.
    let id = format!(
        "climb:{}:{}:s{space}+{die}",
        view.info.id, view.info.version
    );
    let clicked = t.click(who, &id, "en-US").await;
    assert!(!clicked.ephemeral(), "{}", clicked.content());
    let undo = fake::id_for(&clicked.custom_ids(), "undo");
    let r = t.click(who, &undo, "en-US").await;
    assert!(!r.ephemeral(), "{}", r.content());
    let typed = t.climb_move(who, &format!("{space} +{die}")).await;
    assert!(!typed.ephemeral(), "{}", typed.content());
    assert_eq!(clicked.content(), typed.content());
    let step = |r: &Reply| {
        buttons(&r.data)
            .into_iter()
            .map(|(id, label, _)| (verb(&id).to_string(), label))
            .collect::<Vec<_>>()
    };
    assert_eq!(step(&clicked), step(&typed), "the same buttons next");
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn step_ids_nobody_offered_are_refused_plainly() {
    let t = Table::open("clicks-odd-ids").await;
    t.ada_and_bo(json!([])).await;
    let view = t.board().await;
    let who = mover(&view);
    let (id, v) = (view.info.id, view.info.version);
    let d = view.game.turn.roll.a;
    let other = (1..=10)
        .find(|&n| !view.game.turn.uses.has(n))
        .expect("a die not rolled");
    // Read but not legal: off the board, not a pawn of theirs, a die not rolled, a Keeper
    // not held.
    for (verb, why) in [
        (format!("s0-{d}"), "off the board"),
        (format!("s55+{d}"), "55"),
        (format!("s0+{other}"), "you did not roll"),
        ("s0k+5".to_string(), "keeper"),
        ("skc2".to_string(), "keeper"),
    ] {
        let r = t
            .click(who, &format!("climb:{id}:{v}:{verb}"), "en-US")
            .await;
        assert!(r.ephemeral(), "{verb}: {}", r.content());
        assert!(
            r.content().to_lowercase().contains(&why.to_lowercase()),
            "{verb}: {}",
            r.content()
        );
    }
    // Not read at all: told the button is unknown.
    for verb in ["s", "s14", "s14+3+3", "pawnx", "pawn999", "s14kc2", "s+3"] {
        let r = t
            .click(who, &format!("climb:{id}:{v}:{verb}"), "en-US")
            .await;
        assert!(r.ephemeral(), "{verb}: {}", r.content());
    }
    assert_eq!(t.board().await.info.version, v, "nothing changed");
    t.close().await;
}
