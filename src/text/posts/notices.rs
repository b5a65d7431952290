//! The short posts around the games: notices by direct message, reminders, a rematch
//! asked and opened, a class's welcome and due list, lobbies and games closed by the
//! tidying, and the notes to a game when a player goes away or comes back. Each names
//! people by mention and pings exactly those the session decided.

use super::{mention, Answer, Draft, Post};
use crate::lang::Lang;
use crate::session::{
    AwayDone, GameInfo, GameSummary, GameView, Member, MyGame, PairFailure, Paired, Pings, Place,
};
use crate::text;

/// `text` pinging `users` (ids as the session keeps them).
fn pinging(text: String, users: impl IntoIterator<Item = i64>) -> Post {
    Post {
        mentions: users
            .into_iter()
            .filter_map(|u| u64::try_from(u).ok())
            .collect(),
        ..Post::text(text)
    }
}

/// A turn notice by direct message, with the link to the game's turn message.
pub fn turn_dm(info: &GameInfo, link: &str, silent: bool, lang: Lang) -> Post {
    let mut post = Post::text(text::notify::turn_dm(info.kind, info.id, link, lang));
    post.silent = silent;
    post
}

/// A reminder by direct message: the turn's time left and how long it has waited.
pub fn reminder_dm(
    info: &GameInfo,
    (left_ms, waited_ms, half): (Option<i64>, i64, bool),
    link: &str,
    silent: bool,
    lang: Lang,
) -> Post {
    let you = lang.text("you", "vous");
    let said = text::notify::reminder(you, left_ms, waited_ms, half, None, lang);
    let mut post = Post::text(text::notify::reminder_dm(
        info.kind, info.id, &said, link, lang,
    ));
    post.silent = silent;
    post
}

/// The channel's note that a person's direct messages are closed (their turns are
/// pinged here from now on), pinging them.
pub fn dm_closed(user: i64, silent: bool, lang: Lang) -> Post {
    let mut post = pinging(text::notify::dm_closed_note(&mention(user), lang), [user]);
    post.silent = silent;
    post
}

/// A person's daily digest of the games waiting on them.
pub fn digest(games: &[MyGame], now: i64, lang: Lang) -> Post {
    Post::text(text::notify::digest(games, now, lang))
}

/// A rematch asked: who is still to ask, pinged as each of them asked.
pub fn rematch_asked(
    asker: &str,
    waiting: &[String],
    ids: &[i64],
    pings: &Pings,
    lang: Lang,
) -> Post {
    let named: Vec<String> = (waiting.iter().zip(ids))
        .map(|(name, id)| format!("{} ({name})", mention(*id)))
        .collect();
    let mut post = Post::text(text::notify::rematch_asked(asker, &named, lang));
    post.mentions = pings.users.clone();
    post.ping(pings);
    post
}

/// The welcome of a rematch, in its game's place, pinging its players.
pub fn rematch_welcome(from: i64, info: &GameInfo, lang: Lang) -> Post {
    let people: Vec<i64> = (0..info.seats.len())
        .filter_map(|s| info.user_of(s))
        .collect();
    let named: Vec<String> = people.iter().map(|&u| mention(u)).collect();
    pinging(text::notify::rematch_welcome(from, &named, lang), people)
}

/// The welcome of a class's game in its thread, pinging its group.
pub fn class_welcome(group: &[Member], lang: Lang) -> Post {
    let text = text::class::class_game_welcome(group, lang);
    pinging(text, group.iter().map(|m| m.user_id))
}

/// The games of a due assignment still open, for its teacher, pinging them.
pub fn due_list(teacher: i64, open: &[GameSummary], now: i64) -> Post {
    let lang = open.first().map(|g| g.info.lang).unwrap_or_default();
    pinging(text::class::due_list(teacher, open, now, lang), [teacher])
}

/// A lobby nobody started, closed after `hours`.
pub fn lobby_closed(info: &GameInfo, hours: i64) -> Post {
    Post::text(text::notify::lobby_closed(
        info.kind, info.id, hours, info.lang,
    ))
}

/// A game nobody played for `days`, ended, pinging its players.
pub fn ended_idle(info: &GameInfo, days: i64, people: &[i64]) -> Post {
    let named: Vec<String> = people.iter().map(|&u| mention(u)).collect();
    let text = text::notify::game_ended_idle(info.kind, info.id, days, &named, info.lang);
    pinging(text, people.iter().copied())
}

/// The person's name in a game (their seat's), else `fallback`.
fn seat_name(info: &GameInfo, user: i64, fallback: &str) -> String {
    info.seat_of_user(user)
        .and_then(|s| info.seats.get(s))
        .map(|s| s.name.clone())
        .unwrap_or_else(|| fallback.to_string())
}

/// A note in each game of `games` (its words from `words`), naming its other players
/// silently: they see it in the game, without a notification.
fn told_in_each(
    games: &[GameInfo],
    user: i64,
    words: impl Fn(&GameInfo) -> String,
) -> Vec<(Place, Draft)> {
    games
        .iter()
        .map(|info| {
            let others: Vec<i64> = (0..info.seats.len())
                .filter_map(|s| info.user_of(s))
                .filter(|&u| u != user)
                .collect();
            let mut text = words(info);
            if !others.is_empty() {
                let named: Vec<String> = others.iter().map(|&u| mention(u)).collect();
                text = format!("{text} {}", named.join(" "));
            }
            let mut post = pinging(text, others);
            post.silent = true;
            (info.place, post.into())
        })
        .collect()
}

/// The answer to `/away` by `user` (named `name` where no seat names them): their time
/// away set, or ended, privately, with a note in each of their games here.
pub fn away_done(done: AwayDone, user: i64, name: &str, lang: Lang) -> Answer {
    match done {
        AwayDone::Back(games) => {
            let mut answer = Answer::private(text::notify::back(lang));
            answer.channel_posts = told_in_each(&games, user, |info| {
                text::notify::back_told(&seat_name(info, user, name), info.lang)
            });
            answer
        }
        AwayDone::NotAway => Answer::private(text::notify::not_away(lang)),
        AwayDone::Away(away) => {
            let until = text::notify::when(away.until, &away.tz, lang);
            let mut answer =
                Answer::private(text::notify::away_set(&until, away.games.len(), lang));
            answer.channel_posts = told_in_each(&away.games, user, |info| {
                let until = text::notify::when(away.until, &away.tz, info.lang);
                text::notify::away_told(&seat_name(info, user, name), &until, info.lang)
            });
            answer
        }
    }
}

/// The teacher's summary of a class paired: each group's game and where it is, when the
/// assignment is due, and the groups whose game could not start, and why.
pub fn class_paired(paired: &Paired, lang: Lang) -> String {
    let made: Vec<(Vec<Member>, Vec<String>, i64)> = (paired.games.iter())
        .map(|g| {
            let info = g.game.info();
            let ai = info.seats.iter().filter(|s| s.ai.is_some());
            let ai_names = ai.map(|s| s.name.clone()).collect();
            (g.group.clone(), ai_names, info.place.channel_id)
        })
        .collect();
    let due = paired.due_at.map(text::class::when);
    let mut summary = text::class::paired(&made, due.as_deref(), lang);
    for (group, why) in &paired.failed {
        let why = match why {
            PairFailure::Place(e) => e.clone(),
            PairFailure::Refused(e) => text::errors::refusal(e, lang),
        };
        summary.push('\n');
        summary.push_str(&text::class::game_failed(group, &why, lang));
    }
    text::clip(&summary, 1_990)
}

/// The end of a game played in a thread, posted in the thread's channel: its standings
/// (or ranking) when it is over, with the Rematch button, and the link to the thread.
pub fn thread_game_over(info: &GameInfo, view: Option<&GameView>) -> Post {
    let m = text::Markup::Discord;
    let lines = match view {
        Some(GameView::Climb(v)) if v.game.is_over() => {
            text::climb::standings(&v.game, info.lang, m)
        }
        Some(GameView::Daifugo(v)) if v.game.is_over() => {
            text::daifugo::ranking(&v.game, info.lang, m)
        }
        _ => Vec::new(),
    };
    let thread = info.place.channel_id;
    let mut post = Post::text(text::bot::game_over_in_thread(
        info.kind, thread, &lines, info.lang,
    ));
    if view.is_some_and(|v| v.is_over()) {
        post.components.extend(super::rematch_row(info, info.lang));
    }
    post
}
