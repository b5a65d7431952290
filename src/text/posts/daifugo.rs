//! Prime Daifugo messages. Public ones show the table (play area, hand sizes, deck, top
//! discard, whose turn) and a story in which a drawn card is never named; a hand is only
//! ever shown to its owner, in an ephemeral message. Every table message carries a
//! persistent **Show my hand** button (interaction tokens expire after 15 minutes), and a
//! hand message, on its owner's turn, the buttons and menus to draw, play a D card, play,
//! SKIP or pass.

use super::{who, Button, Draft, Menu, Post, Row, Style, TurnOf, MAX_LABEL, MENU_OPTIONS};
use crate::daifugo::{self, Kind, Seat, Step};
use crate::lang::Lang;
use crate::session::ids::{Click, HandVerb, TableVerb};
use crate::session::{DaifugoView, Look};
use crate::text::{self, daifugo as words, Markup};

/// The name of the table picture in messages.
pub const TABLE_FILE: &str = "table.png";
/// The name of a hand picture (only in ephemeral messages).
pub const HAND_FILE: &str = "hand.png";

const M: Markup = Markup::Discord;

/// The public message for a change (or a look): headline, story, table, whose turn.
/// Never a hand.
pub fn table_post(view: &DaifugoView, lang: Lang) -> Post {
    let g = &view.game;
    let mut lines = vec![match (view.actor_seat, view.acted_turn) {
        (Some(seat), Some(turn)) => words::turn_header(&M.bold(&words::name(g, seat)), turn, lang),
        _ => words::match_header(view.info.id, g, lang, M),
    }];
    for l in words::story(g, &view.events, None, lang, M) {
        lines.push(format!("> {l}"));
    }
    lines.push(words::sizes_line(g));
    let mut post = Post::default();
    if view.is_over() {
        lines.extend(words::ranking(g, lang, M));
        post.components.extend(super::rematch_row(&view.info, lang));
    } else {
        let seat = g.current();
        let (name, mention) = who(&view.info, seat, &words::name(g, seat));
        lines.push(words::next_line(g, &name, lang, M));
        post.mentions.extend(mention);
        let w = text::bot::card_words(lang);
        let table = |verb| {
            Click::Table {
                game_id: view.info.id,
                verb,
            }
            .id()
        };
        post.components.push(Row::Buttons(vec![
            Button::new(table(TableVerb::ShowHand))
                .label(w.show_hand)
                .emoji('🂠')
                .style(Style::Primary),
            Button::new(table(TableVerb::Hint))
                .label(w.hint)
                .emoji('💡')
                .style(Style::Secondary),
        ]));
    }
    post.content = lines.join("\n");
    post
}

/// A player's hand, only for them: the cards in words, what they could play, and on
/// their turn the buttons and menus to act. The front adds the picture, drawn in their
/// own look (`/settings me palette`).
pub fn hand_post(view: &DaifugoView, seat: Seat, lang: Lang) -> Post {
    let g = &view.game;
    let cards = view.hand_ids(seat);
    let mut lines = words::hand_lines(g, &cards, lang);
    // What this player saw of the change (their own draws included).
    if view.actor_seat == Some(seat) {
        for l in words::story(g, &view.events, Some(seat), lang, M) {
            lines.push(format!("> {l}"));
        }
    }
    let mut components = Vec::new();
    if g.current() == seat && !view.is_over() {
        let w = text::bot::card_words(lang);
        let hand = |verb| {
            Click::Hand {
                stamp: view.info.stamp(),
                verb,
            }
            .id()
        };
        if g.turn.step == Step::Discard {
            lines.push(text::bot::hand_prompt(true, false, lang).into());
            let mut seen: Vec<String> = Vec::new();
            let options: Vec<(String, String)> = cards
                .iter()
                .filter_map(|&id| {
                    let word = words::card_notation(g.kind(id));
                    (!seen.contains(&word)).then(|| {
                        seen.push(word.clone());
                        (words::card_word(g, id), word)
                    })
                })
                .take(MENU_OPTIONS)
                .collect();
            if !options.is_empty() {
                components.push(Row::Menu(
                    Menu::new(hand(HandVerb::Discard), options).placeholder(w.discard),
                ));
            }
        } else {
            let candidates = daifugo::playable_primes(g, seat);
            lines.push(text::bot::hand_prompt(false, !candidates.is_empty(), lang).into());
            if !candidates.is_empty() {
                let mut numbers: Vec<String> = Vec::new();
                for c in &candidates {
                    let n = c.number.to_string();
                    if !numbers.contains(&n) && numbers.len() < 12 {
                        numbers.push(n);
                    }
                }
                lines.push(text::bot::could_play(&numbers, lang));
                let options: Vec<(String, String)> = candidates
                    .iter()
                    .take(MENU_OPTIONS)
                    .map(|c| {
                        let cards = daifugo::hint::candidate_notation(g, c);
                        (
                            text::clip(&format!("{} ({cards})", c.number), MAX_LABEL),
                            cards,
                        )
                    })
                    .collect();
                components.push(Row::Menu(
                    Menu::new(hand(HandVerb::Play), options).placeholder(w.play),
                ));
            }
            let start = g.turn.step == Step::Start;
            let has = |k: Kind| g.hand(seat).iter().any(|&c| g.kind(c) == k);
            let mut buttons = vec![
                Button::new(hand(HandVerb::Draw))
                    .label(w.draw)
                    .style(Style::Secondary)
                    .disabled(!start || g.at_limit(seat)),
                Button::new(hand(HandVerb::PlayD))
                    .label(w.play_d)
                    .style(Style::Secondary)
                    .disabled(!start || !has(Kind::D)),
            ];
            if g.options.skip {
                buttons.push(
                    Button::new(hand(HandVerb::Skip))
                        .label("SKIP")
                        .style(Style::Secondary)
                        .disabled(!has(Kind::Skip)),
                );
            }
            buttons.push(
                Button::new(hand(HandVerb::Pass))
                    .label(w.pass)
                    .style(Style::Danger)
                    .disabled(g.must_draw()),
            );
            components.push(Row::Buttons(buttons));
        }
    }
    Post {
        content: text::clip(&lines.join("\n"), 1_900),
        components,
        ..Post::default()
    }
}

/// The public message with the table picture: the game's turn message.
pub fn table(view: &DaifugoView, lang: Lang) -> Draft {
    let mut post = table_post(view, lang);
    post.turn_of = Some(TurnOf::of(&view.info));
    let alt = text::alt::table_alt(&view.game, lang);
    let drawn = view.clone();
    Draft::new(post, TABLE_FILE, alt, move || {
        drawn.table_png(drawn.info.look, text::pictures::words(lang))
    })
}

/// A player's hand with its picture, drawn in their own look.
pub fn hand(view: &DaifugoView, seat: Seat, look: Look, lang: Lang) -> Draft {
    let post = hand_post(view, seat, lang);
    let alt = text::alt::hand_alt(&view.game, &view.hand_ids(seat), lang);
    let drawn = view.clone();
    Draft::new(post, HAND_FILE, alt, move || {
        drawn.hand_png(seat, look, text::pictures::words(lang))
    })
}
