//! The board as a Discord Activity (`src/web/activity.rs`), end to end: the real bot
//! against the fake Discord, its pages behind a proxy that plays Discord's
//! (`tests/support/activity.rs`, with a fake Discord client speaking the Embedded App
//! SDK's protocol on the same origin), in headless Chromium. The Activity signs in
//! (handshake, READY, AUTHORIZE, the code exchanged with the fake Discord's
//! `/oauth2/token` with the client secret, AUTHENTICATE), shows the channel's game, the
//! player to move plays a step by touch (pawn, die and operation, the landing space,
//! Play) and Discord gets the turn message; everyone else watches; a pass for the wrong
//! user, or none, acts for nobody. Also: the turn message's Open board button launches
//! the Activity, and the entry-point command.

use crate::support;

use primeclimb::config::{ActivityConfig, WebConfig};
use serde_json::{json, Value};
use support::bot::Table;
use support::browser::{Browser, PAGE_WAIT};
use support::fake_discord::{
    self as fake, channel_path, Who, ACTIVITY_SECRET, ADA, BO, CHANNEL_ID, GUILD_ID,
};

const SECRET: &str = "a test secret, long and random enough";

/// The bot with its pages and the Activity on, and the proxy in front of the pages.
async fn table_with_activity(name: &str) -> (Table, String) {
    let addr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        l.local_addr().expect("its address")
    };
    let url = support::db::db_url(name);
    let t = Table::open_with(&url, move |c| {
        let mut web = WebConfig::new(addr, SECRET);
        web.activity = Some(ActivityConfig {
            bot_token: c.token.clone(),
            client_secret: ACTIVITY_SECRET.into(),
            api_url: c.api_url.clone().expect("the fake Discord's address"),
        });
        c.web = Some(web);
    })
    .await;
    let proxy = support::activity::start(addr).await;
    (t, format!("http://{proxy}"))
}

/// The player to move, and the other.
async fn mover(t: &Table) -> (Who, Who) {
    let view = t.board().await;
    let seat = view.game.current();
    if view.info.user_of(seat) == Some(ADA.id as i64) {
        (ADA, BO)
    } else {
        (BO, ADA)
    }
}

/// Open the Activity as `who` in the fake Discord client; wait for the board.
async fn open_as(browser: &mut Browser, base: &str, who: Who) {
    browser
        .open(&format!(
            "{base}/discord.html?user={}&name={}",
            who.id, who.name
        ))
        .await;
    let drawn = browser
        .wait_for(
            "document.getElementById('activity').contentDocument?.querySelector('#board svg')",
            PAGE_WAIT,
        )
        .await;
    let said = browser
        .eval("document.getElementById('activity').contentDocument?.body?.innerText ?? ''")
        .await;
    let sent = browser.eval("JSON.stringify(window.sent)").await;
    assert!(
        drawn.is_some(),
        "the Activity shows the board: {said}; sent {sent}"
    );
}

/// A JavaScript expression on the Activity's document.
fn inside(expression: &str) -> String {
    format!("(() => {{ const d = document.getElementById('activity').contentDocument; return {expression}; }})()")
}

/// A POST of JSON to the pages (through the proxy), with a pass if any; its JSON answer.
async fn post(base: &str, path: &str, pass: Option<&str>, body: Value) -> (u16, Value) {
    let mut request = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json");
    if let Some(pass) = pass {
        request = request.header("authorization", format!("Bearer {pass}"));
    }
    let r = request
        .body(body.to_string())
        .send()
        .await
        .expect("the pages answer");
    let status = r.status().as_u16();
    let text = r.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_the_activity_the_player_to_move_plays_by_touch_and_discord_sees_it() {
    let Some(mut browser) = Browser::start(1100, 800, false).await else {
        return;
    };
    let (t, base) = table_with_activity("activity-play").await;
    t.ada_and_bo(json!([])).await;
    let (who, other) = mover(&t).await;
    open_as(&mut browser, &base, who).await;

    // Signed in through Discord: the handshake and the commands, the code exchanged with
    // the application's secret, the token asked who it is for.
    let sent = browser.eval("JSON.stringify(window.sent)").await;
    let sent = sent.as_str().unwrap_or_default().to_string();
    for cmd in ["AUTHORIZE", "AUTHENTICATE"] {
        assert!(sent.contains(cmd), "{cmd} in {sent}");
    }
    assert!(sent.starts_with("[[0,"), "the handshake first: {sent}");
    let exchange = t
        .fake
        .requests()
        .into_iter()
        .find(|r| r.path == "/api/v10/oauth2/token")
        .expect("the code exchanged");
    let form = exchange.json.expect("the form");
    assert_eq!(form["code"], json!(format!("code-{}", who.id)));
    assert_eq!(form["client_secret"], json!(ACTIVITY_SECRET));
    assert!(t
        .fake
        .requests()
        .iter()
        .any(|r| r.path == "/api/v10/users/@me"
            && r.authorization.as_deref() == Some(&format!("Bearer token-{}", who.id))));

    // At the start both pawns stand at Start: the steps at once, grouped by die.
    let before = t.board().await;
    let d = before.game.turn.roll.a;
    let step = format!(":s0+{d}");
    let offered = browser
        .wait_for(
            &inside(&format!("d.querySelector('[data-id$=\"{step}\"]')")),
            PAGE_WAIT,
        )
        .await;
    assert!(offered.is_some(), "the step +{d} is offered");
    let label = browser
        .eval(&inside(&format!(
            "d.querySelector('[data-id$=\"{step}\"]').textContent"
        )))
        .await;
    assert_eq!(
        label,
        json!(format!("+{d} → {d}")),
        "it says where it lands"
    );
    // Touched, it waits for Play, saying where the pawn lands.
    browser
        .eval(&inside(&format!(
            "d.querySelector('[data-id$=\"{step}\"]').click()"
        )))
        .await;
    let confirm = browser
        .wait_for(&inside("d.querySelector('#confirm')"), PAGE_WAIT)
        .await;
    assert!(confirm.is_some());
    let said = browser
        .eval(&inside("d.getElementById('say').textContent"))
        .await;
    assert_eq!(said, json!(format!("♟ Pawn on 0 · +{d} → {d}")));
    assert_eq!(t.board().await.info.version, before.info.version, "not yet");
    let mark = t.fake.mark();
    browser
        .eval(&inside("d.querySelector('#confirm').click()"))
        .await;

    // Played, and Discord gets the turn message (with its picture), told as typed.
    let posted = t
        .fake
        .wait_for_after(mark, "the turn message on Discord", |r| {
            r.method == "POST"
                && r.path == channel_path(CHANNEL_ID)
                && fake::content(r).contains(&format!("0 + {d} = {d}"))
        })
        .await;
    assert!(posted
        .parts
        .iter()
        .any(|p| p.filename.as_deref() == Some("board.png")));
    let after = t.board().await;
    assert_eq!(after.info.version, before.info.version + 1);
    // The Activity follows: a pawn on each space now, to touch.
    let pawns = browser
        .wait_for(
            &inside("d.querySelectorAll('.pawns button').length === 2"),
            PAGE_WAIT,
        )
        .await;
    assert!(pawns.is_some(), "the next step: a pawn to touch");

    // The other player sees the board and nothing to touch; their pass acts for nobody
    // but them: the mover's step is refused, nothing changes.
    let mut other_browser = Browser::start(900, 700, true).await.expect("a browser");
    open_as(&mut other_browser, &base, other).await;
    let touches = other_browser
        .eval(&inside("d.querySelectorAll('#touches button').length"))
        .await;
    assert_eq!(touches, json!(0));
    let sign_in = |code: String, instance: &str| json!({ "code": code, "instance": instance });
    let token = "/activity/api/token";
    let (status, signed) = post(
        &base,
        token,
        None,
        sign_in(format!("code-{}", other.id), fake::ACTIVITY_INSTANCE),
    )
    .await;
    assert_eq!(status, 200, "{signed}");
    let pawn = format!(
        "climb:{}:{}:s{d}+{}",
        after.info.id, after.info.version, after.game.turn.roll.b
    );
    let click = json!({ "click": pawn, "lang": "en" });
    let pass = signed["pass"].as_str().expect("a pass");
    let (status, refused) = post(&base, "/activity/api/act", Some(pass), click.clone()).await;
    assert_eq!(status, 200);
    assert_eq!(
        refused["refused"],
        json!(format!("It is {}'s turn, not yours", who.name))
    );
    // A pass changed by one character, or none: nobody.
    let mut forged = pass.to_string();
    let last = forged.pop().expect("a character");
    forged.push(if last == 'A' { 'B' } else { 'A' });
    for pass in [Some(forged.as_str()), Some(""), None] {
        let (status, _) = post(&base, "/activity/api/act", pass, click.clone()).await;
        assert_eq!(status, 403, "{pass:?}");
    }
    // Nobody is signed in by a code Discord does not know, in an Activity Discord does not
    // know, or in one they are not in (Discord says who is: the page is not asked).
    for (code, instance) in [
        ("made-up".to_string(), fake::ACTIVITY_INSTANCE),
        (format!("code-{}", other.id), "i-2"),
        (format!("code-{}", other.id), ""),
        (
            format!("code-{}", fake::TEACHER.id),
            fake::ACTIVITY_INSTANCE,
        ),
    ] {
        let (status, _) = post(&base, token, None, sign_in(code.clone(), instance)).await;
        assert_eq!(status, 403, "{code} in {instance:?}");
    }
    let asked = t
        .fake
        .requests()
        .into_iter()
        .find(|r| r.path.ends_with("/activity-instances/i-1"))
        .expect("Discord asked where the Activity runs");
    assert!(asked.authorization.is_some_and(|a| a.starts_with("Bot ")));
    assert_eq!(t.board().await.info.version, after.info.version);
    t.close().await;
}

/// One touch on the Activity, as a newcomer would: Play when a step waits for it, a
/// card's first choice, the step that lands highest, a pawn, else End turn. What it did.
const TOUCH: &str = r#"(() => {
  const d = document.getElementById('activity').contentDocument;
  const click = (b, what) => { b.click(); return what; };
  const confirm = d.querySelector('#confirm');
  if (confirm) return click(confirm, 'play');
  const choice = d.querySelector('#touches > button[data-id*=":pick"]');
  if (choice) return click(choice, 'play');
  const lands = (b) => Number((b.textContent.split('→ ')[1] || '-1').trim());
  const steps = [...d.querySelectorAll('.steps button')].sort((a, b) => lands(b) - lands(a));
  if (steps.length) return click(steps[0], 'step');
  const pawn = d.querySelector('.pawns button');
  if (pawn) return click(pawn, 'pawn');
  const end = [...d.querySelectorAll('#touches button')].find((b) => b.dataset.id?.endsWith(':end') && !b.disabled);
  if (end) return click(end, 'play');
  return 'nothing';
})()"#;

/// Once the mover's board shows `view` (it follows the game live), touch until something
/// is played, and wait for it to be stored.
async fn touch_once(t: &Table, browser: &mut Browser, view: &primeclimb::session::ClimbView) {
    let current = browser
        .wait_for(
            &inside(&format!(
                "d.body.dataset.version === '{}'",
                view.info.version
            )),
            PAGE_WAIT,
        )
        .await;
    assert!(current.is_some(), "the board follows the game");
    loop {
        match browser.eval(TOUCH).await.as_str() {
            Some("play") => break,
            Some("step" | "pawn") => continue,
            other => panic!("nothing to touch ({other:?}) at {:?}", view.game.phase),
        }
    }
    t.wait_for_game("the touch played", |v| v.info.version > view.info.version)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_in_the_activity_by_touch_alone() {
    let Some(ada) = Browser::start(900, 700, false).await else {
        return;
    };
    let Some(bo) = Browser::start(390, 844, true).await else {
        return;
    };
    let (t, base) = table_with_activity("activity-whole-game").await;
    t.ada_and_bo(json!([{ "name": "variant", "type": 3, "value": "sprint" }]))
        .await;
    let mut browsers = [(ADA, ada), (BO, bo)];
    for (who, browser) in &mut browsers {
        open_as(browser, &base, *who).await;
    }
    let mut played = 0;
    while !t.board().await.is_over() {
        assert!(played < 400, "the game does not end by touch");
        let view = t.board().await;
        let (who, _) = mover(&t).await;
        let browser = &mut browsers
            .iter_mut()
            .find(|(w, _)| w.id == who.id)
            .expect("a seat")
            .1;
        touch_once(&t, browser, &view).await;
        played += 1;
    }
    let view = t.board().await;
    assert!(view.game.winner.is_some(), "someone won");
    assert!(played >= 4, "{played} plays");
    // Discord heard of every one: the last turn message says who won.
    t.fake
        .wait_for_after(0, "the result on Discord", |r| {
            r.path == channel_path(CHANNEL_ID) && fake::content(r).contains("wins")
        })
        .await;
    // A new game in the channel: the open boards find it by themselves.
    let next = t.ada_and_bo(json!([])).await;
    for (_, browser) in &mut browsers {
        let found = browser
            .wait_for(
                &inside(&format!("d.body.dataset.game === '{next}'")),
                PAGE_WAIT,
            )
            .await;
        assert!(found.is_some(), "the next game is shown");
    }
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_move_in_the_activity_the_ai_plays_and_the_board_follows() {
    let Some(mut browser) = Browser::start(900, 700, false).await else {
        return;
    };
    let (t, base) = table_with_activity("activity-ai").await;
    let view = t.climb_against_easy_ai().await;
    open_as(&mut browser, &base, ADA).await;
    let turn = view.game.turn.number;
    // Ada plays her whole turn by touch.
    for _ in 0..12 {
        let now = t.board().await;
        if now.game.turn.number != turn || now.is_over() {
            break;
        }
        touch_once(&t, &mut browser, &now).await;
    }
    // The AI plays next, with no reply to wait for, and the board shows Ada's turn again.
    let back = t
        .wait_for_game("the AI's turn played, Ada's again", |v| {
            v.is_over() || (v.game.turn.number > turn + 1 && v.ai_level(v.game.current()).is_none())
        })
        .await;
    if !back.is_over() {
        let shown = browser
            .wait_for(
                &inside(&format!(
                    "d.body.dataset.version === '{}' && d.querySelectorAll('#touches button').length > 0",
                    back.info.version
                )),
                PAGE_WAIT,
            )
            .await;
        assert!(shown.is_some(), "the board shows Ada's turn again");
    }
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_follows_its_game_across_a_restart_of_the_bot() {
    let Some(mut browser) = Browser::start(900, 700, false).await else {
        return;
    };
    let (mut t, base) = table_with_activity("activity-restart").await;
    t.ada_and_bo(json!([])).await;
    let (who, other) = mover(&t).await;
    open_as(&mut browser, &base, other).await;
    t.restart().await;
    // A move on Discord, made through the new process: the open board shows it.
    let view = t.board().await;
    let d = view.game.turn.roll.a;
    let r = t.climb_move(who, &format!("0 +{d}")).await;
    assert!(!r.ephemeral(), "{}", r.content());
    let seen = browser
        .wait_for(
            &inside(&format!(
                "d.body.dataset.version === '{}'",
                view.info.version + 1
            )),
            PAGE_WAIT,
        )
        .await;
    assert!(
        seen.is_some(),
        "the board follows the game after the restart"
    );
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_open_board_button_launches_the_activity() {
    let (t, base) = table_with_activity("activity-launch").await;
    t.ada_and_bo(json!([])).await;
    let (who, _) = mover(&t).await;
    let view = t.board().await;
    // The first board after Start carries Open board (posted after the game is stored:
    // waited for, not looked for at once).
    let board = t
        .fake
        .wait_for_after(0, "the first board", |r| {
            r.method == "POST"
                && r.path.starts_with("/api/v10/channels/")
                && fake::content(r).contains("your turn")
        })
        .await;
    let ids = support::bot::custom_ids(board.json.as_ref().expect("json"));
    assert!(ids.iter().any(|id| id == "activity:open"), "{ids:?}");
    let r = t.click(who, "activity:open", "en-US").await;
    assert_eq!(r.kind, 12, "LAUNCH_ACTIVITY: {:?}", r.data);
    // It stays when a pawn is touched (the buttons change, not the message).
    let d = view.game.turn.roll.a;
    let step = format!("climb:{}:{}:s0+{d}", view.info.id, view.info.version);
    let stepped = t.click(who, &step, "en-US").await;
    assert!(stepped.custom_ids().iter().any(|id| id == "activity:open"));
    let pawn = fake::id_for(&stepped.custom_ids(), &format!("pawn{d}"));
    let picked = t.click(who, &pawn, "en-US").await;
    assert_eq!(picked.kind, 7);
    assert!(
        picked.custom_ids().iter().any(|id| id == "activity:open"),
        "{:?}",
        picked.custom_ids()
    );
    // Refused by Discord (the Activity not turned on in the portal): said privately.
    t.fake
        .fail(fake::Route::Callback, 1, fake::Fault::ServerError);
    let id = 88_001;
    t.fake
        .interact(fake::button_click_as(who, id, 1, "activity:open", "en-US"));
    let told = t
        .fake
        .wait_for_after(0, "the refusal", |r| {
            r.path == fake::callback_path(id)
                && r.refused.is_none()
                && r.json.as_ref().is_some_and(|j| j["type"] == json!(4))
        })
        .await;
    assert!(fake::content(&told).contains("Activity"), "{:?}", told.json);
    // The Activity's page is there, framed by Discord only, with its SDK.
    let page = reqwest::get(format!(
        "{base}/activity/?frame_id=f&instance_id=i&platform=desktop"
    ))
    .await
    .expect("the page");
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        csp.contains("frame-ancestors 'self' https://discord.com"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    let sdk = reqwest::get(format!("{base}/activity/sdk/index.mjs"))
        .await
        .expect("the SDK");
    assert_eq!(sdk.status().as_u16(), 200);
    assert!(sdk.text().await.unwrap_or_default().contains("DiscordSDK"));
    // Without its slash too (however a proxy joins the mapping's path): the same page,
    // its addresses relative to wherever the browser has it.
    let r = reqwest::get(format!(
        "{base}/activity?frame_id=f&instance_id=i&platform=desktop"
    ))
    .await
    .expect("the page");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.url().path(), "/activity");
    assert!(r
        .text()
        .await
        .unwrap_or_default()
        .contains("src=\"activity.js\""));
    for missing in ["sdk/../mod.rs", "sdk/LICENSE.md", "sdk/nothing.mjs"] {
        let r = reqwest::get(format!("{base}/activity/{missing}"))
            .await
            .expect("an answer");
        assert_eq!(r.status().as_u16(), 404, "{missing}");
    }
    // In French for a French client (Discord passes its language on), words and board.
    let page = reqwest::Client::new()
        .get(format!(
            "{base}/activity/?frame_id=f&instance_id=i&platform=desktop"
        ))
        .header("accept-language", "fr-FR,fr;q=0.9")
        .send()
        .await
        .expect("the page");
    let text = page.text().await.unwrap_or_default();
    assert!(text.contains("<html lang=\"fr\">"), "{text}");
    assert!(text.contains("Connexion à Discord…"), "{text}");
    let key = primeclimb::session::LinkKey::from_secret(SECRET.as_bytes());
    let pass = key.pass(who.id as i64, support::bot::PLACE, i64::MAX);
    let get_board = |pass: String| {
        reqwest::Client::new()
            .get(format!("{base}/activity/api/board?lang=fr"))
            .header("authorization", format!("Bearer {pass}"))
            .send()
    };
    let board = get_board(pass.clone()).await.expect("the board");
    let board: Value = serde_json::from_str(&board.text().await.unwrap_or_default()).expect("json");
    assert!(
        board["to_move"]
            .as_str()
            .unwrap_or_default()
            .contains("de jouer, dés"),
        "{}",
        board["to_move"]
    );
    assert!(board["touches"][0]["label"].is_string(), "{board}");
    assert_eq!(board["move"], json!(true));
    // A pass for a channel with no game: the page is told there is none.
    let elsewhere = primeclimb::session::Place {
        guild_id: GUILD_ID as i64,
        channel_id: CHANNEL_ID as i64 + 1,
    };
    let r = get_board(key.pass(who.id as i64, elsewhere, i64::MAX))
        .await
        .expect("an answer");
    let none: Value = serde_json::from_str(&r.text().await.unwrap_or_default()).expect("json");
    assert!(none["none"].is_string(), "{none}");
    // A pass opens no page, and a game's link acts for nobody.
    let link = key.sign(primeclimb::session::Scope::Game(view.info.id), i64::MAX);
    let (status, _) = post(
        &base,
        "/activity/api/act",
        Some(&link),
        json!({ "click": "climb:1:1:end" }),
    )
    .await;
    assert_eq!(status, 403);
    let r = reqwest::get(format!("{base}/game/{pass}"))
        .await
        .expect("an answer");
    assert_eq!(r.status().as_u16(), 403);
    t.close().await;
}

#[test]
fn the_entry_point_command_launches_the_activity() {
    let command = serde_json::to_value(primeclimb::discord::entry_point()).expect("json");
    assert_eq!(command["type"], json!(4), "PRIMARY_ENTRY_POINT");
    assert_eq!(command["handler"], json!(2), "DISCORD_LAUNCH_ACTIVITY");
    assert!(command["description"].as_str().unwrap_or_default().len() <= 100);
    assert!(command["description_localizations"]["fr"].is_string());
}
