//! End-to-end tests of the real bot (`primeclimb::discord::run`, the code path of
//! `primeclimb bot`) against the fake Discord of `tests/support/fake_discord.rs`: it
//! connects, registers localised commands, answers `/climb rules` and `/climb colours`
//! in English and French, and shuts down cleanly; a missing or rejected token is a clear
//! error. Every wait is bounded; only loopback addresses are used.

use crate::support;

use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use primeclimb::discord::{self, BotConfig, BotError, ConfigError, Timing};
use serde_json::{json, Value};
use support::bot::{start_bot, EPHEMERAL};
use support::fake_discord::{self as fake, FakeDiscord, APP_ID, GUILD_ID, WAIT};

fn config_for(fake: &FakeDiscord, dev_guild: Option<u64>) -> BotConfig {
    BotConfig {
        token: "fake-token".into(),
        database_url: "sqlite::memory:".into(),
        api_url: Some(fake.api_url.clone()),
        dev_guild_id: dev_guild,
        shards: None,
        timing: Timing::default(),
        web: None,
    }
}

/// The command named `name` in a registration body.
fn command<'a>(registered: &'a Value, name: &str) -> &'a Value {
    registered
        .as_array()
        .and_then(|cmds| cmds.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no command {name} in {registered:#}"))
}

/// The option (subcommand or parameter) named `name` of `parent`.
fn option<'a>(parent: &'a Value, name: &str) -> &'a Value {
    parent["options"]
        .as_array()
        .and_then(|opts| opts.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("no option {name} in {parent:#}"))
}

/// Inject `interaction` (id `id`) and return the JSON of its initial response.
async fn respond(fake: &FakeDiscord, id: u64, interaction: Value) -> Value {
    fake.interact(interaction);
    let callback = fake
        .wait_for_request("POST", &fake::callback_path(id))
        .await;
    callback.json.expect("a JSON interaction response")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_registers_localised_commands_and_answers_rules_and_colours() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(config_for(&fake, Some(GUILD_ID)));

    // Start-up: token checked, gateway found, identified, commands in the dev guild.
    let me = fake.wait_for_request("GET", "/api/v10/users/@me").await;
    assert_eq!(me.authorization.as_deref(), Some("Bot fake-token"));
    fake.wait_until_ready().await;
    let registration = fake
        .wait_for_request(
            "PUT",
            &format!("/api/v10/applications/{APP_ID}/guilds/{GUILD_ID}/commands"),
        )
        .await;
    let registered = registration.json.expect("a JSON command list");
    let climb = command(&registered, "climb");
    assert_eq!(climb["name_localizations"]["fr"], "climb");
    assert!(climb["description_localizations"]["fr"]
        .as_str()
        .is_some_and(|d| d.contains("règles")));
    let rules = option(climb, "rules");
    assert_eq!(rules["name_localizations"]["fr"], "règles");
    assert!(rules["description_localizations"]["fr"].is_string());
    let topic = option(rules, "topic");
    assert_eq!(topic["name_localizations"]["fr"], "thème");
    let choices = topic["choices"].as_array().expect("topic choices");
    assert_eq!(choices.len(), 9);
    assert_eq!(choices[3]["name"], "bump");
    assert_eq!(choices[3]["name_localizations"]["fr"], "renvoyer");
    assert_eq!(
        option(climb, "colours")["name_localizations"]["fr"],
        "couleurs"
    );

    // /climb rules topic:bump, in English: an ephemeral reply with the Bump summary.
    let reply = respond(
        &fake,
        1001,
        fake::slash_command(
            1001,
            &["climb", "rules"],
            json!([{ "name": "topic", "type": 4, "value": 3 }]),
            "en-US",
        ),
    )
    .await;
    assert_eq!(reply["type"], 4, "{reply:#}");
    assert_eq!(
        reply["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL
    );
    let text = reply["data"]["content"].as_str().unwrap_or_default();
    assert!(text.starts_with("**Bump (§3.3)**"), "{text}");

    // /climb rules with no topic, in French: the overview in French, ephemeral.
    let reply = respond(
        &fake,
        1002,
        fake::slash_command(1002, &["climb", "rules"], json!([]), "fr"),
    )
    .await;
    assert_eq!(
        reply["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL
    );
    let text = reply["data"]["content"].as_str().unwrap_or_default();
    assert!(text.starts_with("**Prime Climb : aperçu**"), "{text}");

    // /climb colours in French: public, with the engine's colours for 14 = 2 × 7.
    let reply = respond(
        &fake,
        1003,
        fake::slash_command(1003, &["climb", "colours"], json!([]), "fr"),
    )
    .await;
    assert_eq!(reply["type"], 4);
    assert_eq!(reply["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL, 0);
    let text = reply["data"]["content"].as_str().unwrap_or_default();
    assert!(text.contains("🟧🟪 14 = 2 × 7 : orange, violet"), "{text}");

    // And in English.
    let reply = respond(
        &fake,
        1004,
        fake::slash_command(1004, &["climb", "colours"], json!([]), "en-GB"),
    )
    .await;
    let text = reply["data"]["content"].as_str().unwrap_or_default();
    assert!(
        text.contains("🟧🟧🟩 12 = 2² × 3: orange, orange, green"),
        "{text}"
    );

    bot.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_dev_guild_the_commands_are_registered_globally() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(config_for(&fake, None));
    let registration = fake
        .wait_for_request("PUT", &format!("/api/v10/applications/{APP_ID}/commands"))
        .await;
    command(&registration.json.expect("a JSON command list"), "climb");
    bot.shut_down().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_is_a_clear_error() {
    let fake = FakeDiscord::start().await;
    fake.reject_token();
    let result = tokio::time::timeout(
        WAIT,
        discord::run(config_for(&fake, None), async {}, |_, _, _| {}),
    )
    .await
    .expect("the bot did not give up in time");
    let error = result.expect_err("a rejected token must stop the bot");
    assert!(matches!(error, BotError::TokenRejected), "{error:?}");
    assert!(error.to_string().contains("rejected the token"));
    assert!(
        fake.frames().is_empty(),
        "no gateway connection with a bad token"
    );
}

#[test]
fn a_missing_token_is_a_clear_error() {
    let error = BotConfig::from_lookup(|_| None).expect_err("no token");
    assert_eq!(error, ConfigError::MissingToken);
    assert!(error.to_string().contains("DISCORD_TOKEN"));
}

/// A directory with no `.env` for the binary to run in.
fn empty_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("primeclimb-e2e-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn the_binary_without_a_token_exits_2_with_a_message() {
    let output = Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .arg("bot")
        .current_dir(empty_dir("no-token"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("DISCORD_API_URL")
        .output()
        .expect("run primeclimb bot");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_with_a_rejected_token_exits_1_with_a_message() {
    let fake = FakeDiscord::start().await;
    fake.reject_token();
    let child = Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .arg("bot")
        .current_dir(empty_dir("bad-token"))
        .env("DISCORD_TOKEN", "bad-token")
        .env("WEB_ADDR", "off")
        .env("DATABASE_URL", "sqlite::memory:")
        .env("DISCORD_API_URL", &fake.api_url)
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env_remove("DEV_GUILD_ID")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run primeclimb bot");
    let output = wait_bounded(child).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Discord rejected the token"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_prints_its_invite_link_and_stops_cleanly_on_sigterm() {
    let fake = FakeDiscord::start().await;
    // Its web pages on a free port.
    let web = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let child = Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .arg("bot")
        .current_dir(empty_dir("invite"))
        .env("WEB_ADDR", web.to_string())
        .env("DISCORD_TOKEN", "good-token")
        .env("DATABASE_URL", "sqlite::memory:")
        .env("DISCORD_API_URL", &fake.api_url)
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env_remove("DEV_GUILD_ID")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run primeclimb bot");
    fake.wait_until_ready().await;
    // The binary serves its web pages beside the bot.
    let mut served = None;
    for _ in 0..100 {
        if let Ok(r) = reqwest::get(format!("http://{web}/")).await {
            served = Some((r.status().as_u16(), r.text().await.unwrap_or_default()));
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, page) = served.expect("the web pages answer");
    assert_eq!(status, 200);
    assert!(page.contains("/climb watch"), "{page}");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill -TERM");
    assert!(killed.success());
    let output = wait_bounded(child).await;
    let logs = String::from_utf8_lossy(&output.stderr).to_string()
        + &String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{logs}");
    // The link a teacher opens to add the bot: both scopes and what it needs in a channel
    // (View Channels, Send Messages, Attach Files) and for game threads (Manage Threads,
    // Create Public Threads, Send Messages in Threads).
    let link = format!(
        "invite the bot to a server: https://discord.com/oauth2/authorize?client_id={APP_ID}\
         &scope=bot%20applications.commands&permissions={}",
        (1u64 << 10) | (1 << 11) | (1 << 15) | (1 << 34) | (1 << 35) | (1 << 38)
    );
    assert!(logs.contains(&link), "{logs}");
    assert_eq!(discord::PERMISSIONS, 326_417_550_336);
    assert!(logs.contains("shutting down"), "{logs}");
    assert!(logs.contains("web pages served"), "{logs}");
}

/// Wait for `child` at most `WAIT` (killing it then), without blocking the runtime that
/// serves the fake Discord it talks to.
async fn wait_bounded(mut child: Child) -> Output {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("primeclimb bot did not exit within {WAIT:?}");
            }
        }
    }
    child.wait_with_output().expect("collect the output")
}

#[test]
fn the_fakes_interactions_deserialise_as_serenitys() {
    use poise::serenity_prelude::Interaction;
    let slash = fake::slash_command(
        1,
        &["climb", "rules"],
        json!([{ "name": "topic", "type": 4, "value": 0 }]),
        "fr",
    );
    match serde_json::from_value::<Interaction>(slash) {
        Ok(Interaction::Command(c)) => {
            assert_eq!(c.data.name, "climb");
            assert_eq!(c.locale, "fr");
            assert_eq!(c.user.id.get(), fake::USER_ID);
        }
        other => panic!("not a command: {other:?}"),
    }
    let click = fake::button_click(2, 3, "climb:1:2:roll", "en-US");
    match serde_json::from_value::<Interaction>(click) {
        Ok(Interaction::Component(c)) => assert_eq!(c.data.custom_id, "climb:1:2:roll"),
        other => panic!("not a component: {other:?}"),
    }
}

/// Discord refuses a whole registration if one name or description breaks its rules;
/// the fake does not check them, so this test does (for every locale).
#[test]
fn every_command_fits_discords_limits() {
    let commands = discord::registration();
    let registered = serde_json::to_value(&commands).expect("commands serialise");
    let name_ok = |n: &str| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && n.to_lowercase() == n
    };
    fn walk(v: &Value, path: &str, check: &dyn Fn(&Value, &str)) {
        check(v, path);
        for o in v["options"].as_array().into_iter().flatten() {
            walk(
                o,
                &format!("{path} {}", o["name"].as_str().unwrap_or("?")),
                check,
            );
        }
    }
    let check = |v: &Value, path: &str| {
        let name = v["name"].as_str().unwrap_or_default();
        assert!(name_ok(name), "{path}: name {name:?}");
        let desc = v["description"].as_str().unwrap_or_default();
        assert!(
            (1..=100).contains(&desc.chars().count()),
            "{path}: description of {} characters",
            desc.chars().count()
        );
        for (locale, n) in v["name_localizations"].as_object().into_iter().flatten() {
            assert!(
                name_ok(n.as_str().unwrap_or_default()),
                "{path}: {locale} name {n}"
            );
        }
        for (locale, d) in v["description_localizations"]
            .as_object()
            .into_iter()
            .flatten()
        {
            let len = d.as_str().unwrap_or_default().chars().count();
            assert!(
                (1..=100).contains(&len),
                "{path}: {locale} description of {len}"
            );
        }
        let options = v["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25, "{path}: {} options", options.len());
        // Required options come first.
        let mut optional_seen = false;
        for o in &options {
            let required = o["required"].as_bool().unwrap_or(false);
            assert!(
                !(required && optional_seen),
                "{path}: a required option after an optional one"
            );
            optional_seen |= !required;
        }
        for c in v["choices"].as_array().into_iter().flatten() {
            let n = c["name"].as_str().unwrap_or_default().chars().count();
            assert!((1..=100).contains(&n), "{path}: choice name of {n}");
        }
    };
    let mut names = std::collections::HashSet::new();
    for c in registered.as_array().expect("a list") {
        let name = c["name"].as_str().unwrap_or_default();
        assert!(names.insert(name.to_string()), "{name} registered twice");
        walk(c, name, &check);
        // Sibling subcommands need distinct names in every language.
        let subs: Vec<&Value> = c["options"].as_array().into_iter().flatten().collect();
        for locale in ["fr"] {
            let mut seen = std::collections::HashSet::new();
            for s in &subs {
                let n = s["name_localizations"][locale]
                    .as_str()
                    .or(s["name"].as_str())
                    .unwrap_or_default();
                assert!(
                    seen.insert(n.to_string()),
                    "{name}: {locale} name {n} twice"
                );
            }
        }
    }
    assert!(names.contains("climb") && names.contains("leaderboard"));
}
