//! The relay in front of a REST proxy (`src/discord/relay.rs`): how long a 429 waits, and
//! tokens kept out of the logs.

use std::time::Duration;

use primeclimb::discord::relay::{redact, retry_after};

#[test]
fn the_wait_comes_from_the_body_then_the_header() {
    let mut h = reqwest::header::HeaderMap::new();
    assert_eq!(retry_after(&h, b"{}"), Duration::from_secs(1));
    assert_eq!(
        retry_after(
            &h,
            br#"{"message":"You are being rate limited.","retry_after":0.25,"global":false}"#
        ),
        Duration::from_millis(250)
    );
    h.insert(reqwest::header::RETRY_AFTER, "2".parse().expect("a header"));
    assert_eq!(
        retry_after(&h, b"{\"retry_after\": 0.5}"),
        Duration::from_millis(500)
    );
    assert_eq!(retry_after(&h, b"not json"), Duration::from_secs(2));
    h.insert(
        reqwest::header::RETRY_AFTER,
        "-1".parse().expect("a header"),
    );
    assert_eq!(retry_after(&h, b""), Duration::from_secs(1));
}

#[test]
fn tokens_stay_out_of_the_logs() {
    assert_eq!(
        redact("/api/v10/interactions/123/secret/callback"),
        "/api/v10/interactions/123/…/callback"
    );
    assert_eq!(
        redact("/api/v10/webhooks/1/secret/messages/@original?x=1"),
        "/api/v10/webhooks/1/…/messages/@original"
    );
    assert_eq!(
        redact("/api/v10/channels/5/messages"),
        "/api/v10/channels/5/messages"
    );
}
