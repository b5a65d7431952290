//! Prime Daifugo on Discord, end to end against the fake Discord: a whole match against an
//! AI through `/daifugo` commands, the persistent "Show my hand" button and the hand's
//! buttons and menus; and the promise that no public message, embed or attachment ever
//! shows a hand (hands and drawn cards only in ephemeral messages).

use crate::support;

use primeclimb::daifugo::{self, game::Step};
use primeclimb::session::DaifugoView;
use primeclimb::store::Store;
use serde_json::{json, Value};
use support::bot::{png_of, Reply, Table, EPHEMERAL, PLACE};
use support::fake_discord::{content, id_for, Recorded, Who, ADA, BO, CHANNEL_ID};

async fn board(t: &Table) -> DaifugoView {
    t.reader.play().daifugo_board(PLACE).await.expect("a match")
}

/// Open a Prime Daifugo lobby as Ada and press Start; returns the lobby's custom ids.
async fn start_match(t: &Table, options: Value, join: Option<Who>) {
    let r = t.slash(ADA, &["daifugo", "start"], options, "en-US").await;
    assert_eq!(r.kind, 4, "{:?}", r.data);
    assert!(r.content().contains("Prime Daifugo"), "{}", r.content());
    let ids = r.custom_ids();
    if let Some(who) = join {
        t.click(who, &id_for(&ids, "join"), "en-US").await;
    }
    let mark = t.fake.mark();
    let r = t.click(ADA, &id_for(&ids, "start"), "en-US").await;
    assert_eq!(r.kind, 7, "{:?}", r.data);
    let first = t
        .fake
        .wait_for_after(mark, "the first table", |r| {
            r.path == format!("/api/v10/channels/{CHANNEL_ID}/messages")
        })
        .await;
    let part = first
        .parts
        .iter()
        .find(|p| p.filename.is_some())
        .expect("the table picture");
    assert_eq!(part.filename.as_deref(), Some("table.png"));
}

/// Whether a recorded message is visible only to its recipient.
fn is_ephemeral(r: &Recorded) -> bool {
    let Some(j) = &r.json else { return false };
    let flags = j["data"]["flags"]
        .as_u64()
        .or(j["flags"].as_u64())
        .unwrap_or(0);
    flags & EPHEMERAL == EPHEMERAL
}

/// No public message shows a hand: no hand picture, no hand listing, no drawn card.
fn assert_no_hand_in_public(requests: &[Recorded]) {
    let mut public = 0;
    let mut described = 0;
    for r in requests {
        let message = r.path.ends_with("/callback")
            || r.path.starts_with("/api/v10/webhooks/")
            || r.path.starts_with("/api/v10/channels/");
        if !message || r.method == "GET" || is_ephemeral(r) {
            continue;
        }
        public += 1;
        for p in &r.parts {
            assert_ne!(
                p.filename.as_deref(),
                Some("hand.png"),
                "a hand picture in public"
            );
        }
        let text = content(r);
        assert!(!text.contains("Your hand"), "a hand in public: {text}");
        assert!(!text.contains("draws ["), "a drawn card in public: {text}");
        // Embeds would be another way to leak: the bot sends none.
        if let Some(j) = &r.json {
            let embeds = j["data"]["embeds"].as_array().or(j["embeds"].as_array());
            assert!(embeds.is_none_or(|e| e.is_empty()), "an embed: {j}");
            // Nor may a picture's alt text: a table's tells the table, never a hand.
            let attachments = j["data"]["attachments"]
                .as_array()
                .or(j["attachments"].as_array());
            for a in attachments.into_iter().flatten() {
                let alt = a["description"].as_str().unwrap_or_default();
                assert!(alt.starts_with("Prime Daifugo table"), "alt text: {alt}");
                assert!(!alt.contains("Your hand"), "a hand in an alt text: {alt}");
                described += 1;
            }
        }
    }
    assert!(public > 3, "public messages were checked ({public})");
    assert!(described > 0, "public pictures carry alt text");
}

/// Ada acts through her hand message: the first prime she could play, else draw, else
/// pass; a pending discard discards her first card.
async fn play_ada(t: &Table, turn: usize) -> Reply {
    let view = board(t).await;
    let g = &view.game;
    let seat = g.current();
    let hand = t
        .click(ADA, &format!("daifugo:{}:hand", view.info.id), "en-US")
        .await;
    assert!(hand.ephemeral(), "the hand is private: {}", hand.content());
    assert!(
        hand.content().starts_with("Your hand ("),
        "{}",
        hand.content()
    );
    let png = hand.png_named("hand.png").expect("the hand picture");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let ids = hand.custom_ids();
    if g.turn.step == Step::Discard {
        let card = daifugo::notation::write_cards(g, &[(g.hand(seat)[0], None)]);
        return t
            .select(ADA, &id_for(&ids, "discard"), &card, "en-US")
            .await;
    }
    let candidates = daifugo::playable_primes(g, seat);
    match candidates.first() {
        // Every other turn by the slash command, to use both ways.
        Some(c) if turn % 2 == 0 => {
            let cards = daifugo::hint::candidate_notation(g, c);
            t.slash(
                ADA,
                &["daifugo", "play"],
                json!([{ "name": "cards", "type": 3, "value": cards }]),
                "en-US",
            )
            .await
        }
        Some(c) => {
            let cards = daifugo::hint::candidate_notation(g, c);
            t.select(ADA, &id_for(&ids, "play"), &cards, "en-US").await
        }
        None if g.turn.step == Step::Start && !g.at_limit(seat) => {
            t.click(ADA, &id_for(&ids, "draw"), "en-US").await
        }
        None => t.click(ADA, &id_for(&ids, "pass"), "en-US").await,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_against_an_ai_and_no_hand_ever_in_public() {
    let t = Table::open("dd-match").await;
    start_match(
        &t,
        json!([
            { "name": "ai", "type": 3, "value": "medium" },
            { "name": "games", "type": 4, "value": 1 },
            { "name": "advanced", "type": 5, "value": true }
        ]),
        None,
    )
    .await;
    let mut turns = 0;
    loop {
        let view = t
            .wait_for_game_where("Ada's turn, or the end", |v: &DaifugoView| {
                v.is_over() || v.ai_level(v.game.current()).is_none()
            })
            .await;
        if view.is_over() {
            break;
        }
        let reply = play_ada(&t, turns).await;
        assert!(
            !reply.ephemeral(),
            "an action is public: {}",
            reply.content()
        );
        let png = png_of(&reply.request).or_else(|| reply.png_named("table.png"));
        assert!(png.is_some(), "every action shows the table");
        turns += 1;
        assert!(turns < 600, "the match did not end");
    }
    let end = board(&t).await;
    let results = t.reader.store().results(end.info.id).await.unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(
        t.reader.play().daifugo_replay(end.info.id).await.unwrap(),
        end.game
    );
    assert_no_hand_in_public(&t.fake.requests());

    let r = t
        .slash(
            ADA,
            &["leaderboard"],
            json!([{ "name": "game", "type": 4, "value": 1 }]),
            "en-US",
        )
        .await;
    assert!(
        r.content().contains("Prime Daifugo leaderboard"),
        "{}",
        r.content()
    );
    assert!(r.content().contains("Medium AI"), "{}", r.content());
    t.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_sees_only_their_own_hand_and_only_the_player_to_move_acts() {
    let t = Table::open("dd-two").await;
    start_match(&t, json!([]), Some(BO)).await;
    let view = board(&t).await;
    let seat = view.game.current();
    let (mover, other) = if view.seat_of_user(ADA.id as i64) == Some(seat) {
        (ADA, BO)
    } else {
        (BO, ADA)
    };
    // Each sees their own hand, privately; the other's cards never show.
    for who in [ADA, BO] {
        let r = t
            .click(who, &format!("daifugo:{}:hand", view.info.id), "en-US")
            .await;
        assert!(r.ephemeral());
        let s = view.seat_of_user(who.id as i64).unwrap();
        assert!(
            r.content()
                .contains(&format!("Your hand ({} cards)", view.game.hand(s).len())),
            "{}",
            r.content()
        );
        // Buttons to act only for the player to move.
        let acts = r.custom_ids().iter().any(|c| c.ends_with(":pass"));
        assert_eq!(acts, who.id == mover.id, "{:?}", r.custom_ids());
    }
    // The other player is refused, privately.
    let r = t
        .slash(other, &["daifugo", "pass"], json!([]), "en-US")
        .await;
    assert!(r.ephemeral());
    assert_eq!(
        r.content(),
        format!("It is {}'s turn, not yours", mover.name)
    );
    // The mover draws (a public table, then their hand privately with the new card).
    let mark = t.fake.mark();
    let r = t
        .slash(mover, &["daifugo", "draw"], json!([]), "en-US")
        .await;
    assert!(!r.ephemeral());
    assert!(
        r.content()
            .contains(&format!("{} draws a card", mover.name)),
        "{}",
        r.content()
    );
    let followup = t
        .fake
        .wait_for_after(mark, "the private hand after the draw", |r| {
            r.path.starts_with("/api/v10/webhooks/") && is_ephemeral(r)
        })
        .await;
    let text = content(&followup);
    assert!(text.contains(&format!("{} draws [", mover.name)), "{text}");
    // A button from before the draw is stale.
    let stale = format!("daifugo:{}:{}:draw", view.info.id, view.info.version);
    let r = t.click(mover, &stale, "en-US").await;
    assert!(r.ephemeral());
    assert!(
        r.content().starts_with("This board has moved on"),
        "{}",
        r.content()
    );
    // French: a card not in hand.
    let r = t
        .slash(
            mover,
            &["daifugo", "play"],
            json!([{ "name": "cards", "type": 3, "value": "19 19" }]),
            "fr",
        )
        .await;
    assert!(r.ephemeral());
    assert!(
        r.content().starts_with("Vous n'avez pas de [19]")
            || r.content().starts_with("Chaque carte"),
        "{}",
        r.content()
    );
    // Prime Climb commands point to the right game.
    let r = t
        .slash(mover, &["climb", "board"], json!([]), "en-US")
        .await;
    assert!(r.content().contains("Prime Daifugo"), "{}", r.content());
    assert_no_hand_in_public(&t.fake.requests());
    t.close().await;
}

impl Table {
    /// Wait until the stored Prime Daifugo match satisfies `ready`.
    async fn wait_for_game_where(
        &self,
        what: &str,
        ready: impl Fn(&DaifugoView) -> bool,
    ) -> DaifugoView {
        let deadline = tokio::time::Instant::now() + support::fake_discord::WAIT;
        loop {
            if let Ok(view) = self.reader.play().daifugo_board(PLACE).await {
                if ready(&view) {
                    return view;
                }
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{what}: not in time"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}
