//! The bot's configuration from the environment (`src/discord/config.rs`).

use std::time::Duration;

use primeclimb::config::{BotConfig, ConfigError, Shards, DEFAULT_DATABASE_URL};
use primeclimb::session::Scope;

fn config(vars: &[(&str, &str)]) -> Result<BotConfig, ConfigError> {
    BotConfig::from_lookup(|name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.to_string())
    })
}

#[test]
fn a_missing_or_empty_token_is_refused() {
    assert_eq!(config(&[]).unwrap_err(), ConfigError::MissingToken);
    assert_eq!(
        config(&[("DISCORD_TOKEN", "  ")]).unwrap_err(),
        ConfigError::MissingToken
    );
}

#[test]
fn optional_variables_have_defaults() {
    let c = config(&[("DISCORD_TOKEN", "abc")]).unwrap();
    assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
    assert_eq!(c.api_url, None);
    assert_eq!(c.dev_guild_id, None);
}

#[test]
fn guild_id_and_api_url_are_validated() {
    let c = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("DISCORD_API_URL", "http://127.0.0.1:3000/"),
        ("DEV_GUILD_ID", "123"),
    ])
    .unwrap();
    assert_eq!(c.api_url.as_deref(), Some("http://127.0.0.1:3000"));
    assert_eq!(c.dev_guild_id, Some(123));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("DEV_GUILD_ID", "x")]),
        Err(ConfigError::BadGuildId(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("DISCORD_API_URL", "127.0.0.1")]),
        Err(ConfigError::BadApiUrl(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("DATABASE_URL", "mysql://x")]),
        Err(ConfigError::Database(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("DISCORD_STARTUP_TIMEOUT", "0")]),
        Err(ConfigError::BadStartupTimeout(_))
    ));
    let c = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("DISCORD_STARTUP_TIMEOUT", "5"),
        ("AI_PACE_MS", "0"),
        ("TAKE_BACK_SECS", "10"),
    ])
    .unwrap();
    assert_eq!(c.timing.startup, Duration::from_secs(5));
    assert_eq!(c.timing.ai_pace, Duration::ZERO);
    assert_eq!(c.timing.take_back, Duration::from_secs(10));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("AI_PACE_MS", "soon")]),
        Err(ConfigError::BadAiPace(_))
    ));
}

#[test]
fn shard_ranges_are_read_and_checked() {
    let s = |r: &str, t: &str| Shards::parse(r, t);
    assert_eq!(
        s("0-1", "4"),
        Ok(Shards {
            first: 0,
            last: 1,
            total: 4
        })
    );
    assert_eq!(
        s(" 3 ", "4"),
        Ok(Shards {
            first: 3,
            last: 3,
            total: 4
        })
    );
    for (range, total) in [
        ("2-1", "4"),
        ("0-4", "4"),
        ("a-b", "4"),
        ("0-1", "0"),
        ("0-1", "-2"),
        ("", "4"),
        ("0-1", "99999"),
        ("1--2", "4"),
    ] {
        assert!(
            matches!(s(range, total), Err(ConfigError::BadShards(_))),
            "{range} of {total}"
        );
    }
    let c = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("SHARDS", "2-3"),
        ("TOTAL_SHARDS", "4"),
        ("AI_LEASE_SECS", "30"),
        ("TURN_CLOCK_MS", "250"),
        ("AI_IDLE_SECS", "3"),
    ])
    .unwrap();
    assert_eq!(c.timing.tick, Duration::from_millis(250));
    assert_eq!(c.timing.ai_idle, Duration::from_secs(3));
    assert_eq!(
        c.shards.map(|s| (s.first, s.last, s.total)),
        Some((2, 3, 4))
    );
    assert_eq!(c.timing.runner_lease, Duration::from_secs(30));
    assert_eq!(
        config(&[("DISCORD_TOKEN", "abc"), ("SHARDS", "0-1")]).unwrap_err(),
        ConfigError::HalfShards
    );
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("AI_LEASE_SECS", "1")]),
        Err(ConfigError::BadLease(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("TURN_CLOCK_MS", "5")]),
        Err(ConfigError::BadTick(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "abc"), ("AI_IDLE_SECS", "0")]),
        Err(ConfigError::BadAiIdle(_))
    ));
}

#[test]
fn the_token_never_shows_in_debug_output() {
    let c = config(&[("DISCORD_TOKEN", "secret-token")]).unwrap();
    assert!(!format!("{c:?}").contains("secret-token"));
}

#[test]
fn the_web_pages_are_configured_and_checked() {
    // By default: this machine's port 8080, no public address, links for 30 days signed
    // with a key made from the token.
    let c = config(&[("DISCORD_TOKEN", "abc")]).unwrap();
    let web = c.web.expect("pages by default");
    assert_eq!(web.addr.to_string(), "127.0.0.1:8080");
    assert_eq!(web.public_url, None);
    assert!(web.links().is_none(), "no links without a public address");
    assert_eq!(web.link_lifetime, Duration::from_secs(30 * 86_400));
    let from_token = web.link_key.sign(Scope::Game(7), 1_000);

    let c = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("WEB_ADDR", "0.0.0.0:9000"),
        ("PUBLIC_URL", "https://climb.example.org/"),
        ("WEB_SECRET", "another secret, long enough to sign with"),
        ("WEB_LINK_DAYS", "7"),
    ])
    .unwrap();
    let web = c.web.expect("pages");
    assert_eq!(web.addr.to_string(), "0.0.0.0:9000");
    let plan = web.links().expect("links");
    assert_eq!(plan.public_url, "https://climb.example.org");
    assert_eq!(plan.lifetime_ms, 7 * 86_400_000);
    assert_ne!(
        web.link_key.sign(Scope::Game(7), 1_000),
        from_token,
        "the secret signs"
    );
    // The secret never shows.
    assert!(!format!("{web:?}").contains("another secret"));
    // A short secret could be found by trying: refused.
    let e = config(&[("DISCORD_TOKEN", "abc"), ("WEB_SECRET", "changeme")]).unwrap_err();
    assert!(e.to_string().contains("WEB_SECRET"), "{e}");

    let off = config(&[("DISCORD_TOKEN", "abc"), ("WEB_ADDR", "off")]).unwrap();
    assert!(off.web.is_none());
    for (name, value) in [
        ("WEB_ADDR", "localhost"),
        ("WEB_ADDR", "8080"),
        ("PUBLIC_URL", "climb.example.org"),
        ("WEB_LINK_DAYS", "0"),
        ("WEB_LINK_DAYS", "forever"),
    ] {
        let e = config(&[("DISCORD_TOKEN", "abc"), (name, value)]).unwrap_err();
        assert!(e.to_string().contains(name), "{name}={value}: {e}");
    }
}

#[test]
fn the_activity_is_on_with_a_client_secret_and_the_pages() {
    let c = config(&[("DISCORD_TOKEN", "abc")]).unwrap();
    assert!(c.web.expect("pages").activity.is_none(), "off by default");
    let c = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("DISCORD_CLIENT_SECRET", "the-client-secret"),
        ("DISCORD_API_URL", "http://127.0.0.1:9"),
    ])
    .unwrap();
    let activity = c.web.as_ref().and_then(|w| w.activity.clone()).expect("on");
    assert_eq!(activity.client_secret, "the-client-secret");
    assert_eq!(
        activity.api_url, "http://127.0.0.1:9",
        "Discord where the bot finds it"
    );
    assert!(
        !format!("{c:?}").contains("the-client-secret"),
        "never shown"
    );
    let c = config(&[("DISCORD_TOKEN", "abc"), ("DISCORD_CLIENT_SECRET", "s")]).unwrap();
    let activity = c.web.and_then(|w| w.activity).expect("on");
    assert_eq!(activity.api_url, "https://discord.com");
    // Served by the pages: without them, said.
    let e = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("WEB_ADDR", "off"),
        ("DISCORD_CLIENT_SECRET", "s"),
    ])
    .unwrap_err();
    assert!(e.to_string().contains("DISCORD_CLIENT_SECRET"), "{e}");
}
