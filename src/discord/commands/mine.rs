//! A person's own commands, answered only to them: `/mygames` (the games waiting on you),
//! `/notify` (how and when you are told it is your turn) and `/away` (stop your turn
//! clocks for a while).

use super::shared::answer;
use crate::discord::caller::Caller;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::send::{self, DmError};
use crate::discord::types::{Context, Data, Error};
use crate::lang::Lang;
use crate::session::{GameInfo, NotifyChange, NotifyHow, Place};
use crate::text;

/// How to be told it is your turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum How {
    #[name = "a ping in the game's channel or thread"]
    #[name_localized("fr", "une mention dans le salon ou le fil de la partie")]
    Ping,
    #[name = "a direct message"]
    #[name_localized("fr", "un message privé")]
    Dm,
    #[name = "nothing (I check /mygames)"]
    #[name_localized("fr", "rien (je consulte /mygames)")]
    Nothing,
}

/// Every game in this server waiting on you, then your other games (only you see it)
#[poise::command(
    slash_command,
    guild_only,
    rename = "mygames",
    name_localized("fr", "mesparties"),
    description_localized(
        "fr",
        "Les parties de ce serveur qui vous attendent, puis vos autres parties (pour vous seul)"
    )
)]
pub async fn my_games(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let session = &data.session;
        let games = match session
            .people()
            .my_games(place.guild_id, caller.user())
            .await
        {
            Ok(g) => g,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let away = match session
            .people()
            .away_until(place.guild_id, caller.user())
            .await
        {
            Ok(Some(until)) => Some(until_words(&data, place, caller.user(), until, lang).await),
            _ => None,
        };
        Answer::private(text::notify::my_games(&games, away, session.now(), lang))
    })
    .await
}

/// An instant in the person's time zone (else the server's), for a message.
async fn until_words(data: &Data, place: Place, user: i64, at: i64, lang: Lang) -> String {
    let tz = match data
        .session
        .people()
        .user_settings(user)
        .await
        .ok()
        .and_then(|u| u.time_zone)
    {
        Some(name) => crate::session::calendar::zone_or_utc(Some(&name)),
        None => {
            let server = data.session.servers().settings(place.guild_id).await.ok();
            server.map_or(jiff::tz::TimeZone::UTC, |s| s.calendar.tz)
        }
    };
    text::notify::when(at, &tz, lang)
}

/// How and when you are told it is your turn: ping, DM or nothing; quiet hours; a digest
#[poise::command(
    slash_command,
    name_localized("fr", "notifications"),
    description_localized(
        "fr",
        "Comment on vous prévient de votre tour : mention, MP ou rien, heures calmes, récapitulatif"
    )
)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "A ping in the channel (default), a direct message, or nothing"]
    #[name_localized("fr", "comment")]
    #[description_localized(
        "fr",
        "Une mention dans le salon (par défaut), un message privé, ou rien"
    )]
    how: Option<How>,
    #[rename = "time-zone"]
    #[description = "Your time zone, e.g. Europe/Paris or America/Toronto"]
    #[name_localized("fr", "fuseau")]
    #[description_localized(
        "fr",
        "Votre fuseau horaire, par ex. Europe/Paris ou America/Montreal"
    )]
    #[max_length = 64]
    time_zone: Option<String>,
    #[description = "Quiet hours, e.g. 22:00-07:00 (pings silent, reminders wait), or off"]
    #[name_localized("fr", "calme")]
    #[description_localized(
        "fr",
        "Heures calmes, par ex. 22:00-07:00 (mentions silencieuses, rappels en attente), ou off"
    )]
    #[max_length = 40]
    quiet: Option<String>,
    #[description = "A daily direct message of the games waiting on you, at this hour (e.g. 8), or off"]
    #[name_localized("fr", "récap")]
    #[description_localized(
        "fr",
        "Un message privé quotidien des parties qui vous attendent, à cette heure (par ex. 8), ou off"
    )]
    #[max_length = 20]
    digest: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let http = ctx.serenity_context().http.clone();
    answer(ctx, Shown::Private, async move {
        let change = NotifyChange {
            how: how.map(|h| match h {
                How::Ping => NotifyHow::Ping,
                How::Dm => NotifyHow::Dm,
                How::Nothing => NotifyHow::None,
            }),
            time_zone,
            quiet,
            digest,
        };
        let session = &data.session;
        let user = caller.user();
        let result = if change == NotifyChange::default() {
            session.people().user_settings(user).await
        } else {
            session
                .people()
                .set_notify(user, change.clone(), lang)
                .await
        };
        let mut settings = match result {
            Ok(u) => u,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let mut lines = Vec::new();
        // Direct messages chosen: the first one goes now, so closed DMs are found at once.
        if change.how == Some(NotifyHow::Dm) {
            match send::dm(&http, user, &Post::text(text::notify::dm_welcome(lang))).await {
                Ok(()) => {}
                Err(DmError::Closed) => {
                    let _ = session.people().dm_refused(user).await;
                    settings.dm_closed = true;
                    lines.push(text::notify::dm_refused_now(lang).to_string());
                }
                Err(DmError::Failed(e)) => {
                    tracing::warn!(user, "a first direct message failed: {e}");
                }
            }
        }
        lines.insert(0, text::notify::notify_summary(&settings, lang));
        Answer::private(lines.join("\n\n"))
    })
    .await
}

/// Stop the turn clocks of your games here for a while: 3d, until 2026-12-03, or off
#[poise::command(
    slash_command,
    guild_only,
    name_localized("fr", "absent"),
    description_localized(
        "fr",
        "Arrêter un temps les compteurs de vos parties ici : 3d, jusqu'au 2026-12-03, ou off"
    )
)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "How long (3d, 12h, 1w), until a date (until 2026-12-03), or off when back"]
    #[name_localized("fr", "durée")]
    #[description_localized(
        "fr",
        "Combien de temps (3d, 12h, 1w), jusqu'à une date (until 2026-12-03), ou off au retour"
    )]
    #[max_length = 40]
    time: String,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let session = &data.session;
        let user = caller.user();
        let off = matches!(
            time.trim().to_lowercase().as_str(),
            "off" | "back" | "none" | "retour" | "non"
        );
        if off {
            return match session.people().come_back(place.guild_id, user).await {
                Ok(Some(games)) => {
                    let mut answer = Answer::private(text::notify::back(lang));
                    answer.channel_posts = tell(&games, user, |info| {
                        text::notify::back_told(&seat_name(info, user, &caller.name), info.lang)
                    });
                    answer
                }
                Ok(None) => Answer::private(text::notify::not_away(lang)),
                Err(e) => Answer::private(text::errors::refusal(&e, lang)),
            };
        }
        match session.people().go_away(place.guild_id, user, &time).await {
            Ok(away) => {
                let until = text::notify::when(away.until, &away.tz, lang);
                let mut answer =
                    Answer::private(text::notify::away_set(&until, away.games.len(), lang));
                answer.channel_posts = tell(&away.games, user, |info| {
                    let until = text::notify::when(away.until, &away.tz, info.lang);
                    text::notify::away_told(&seat_name(info, user, &caller.name), &until, info.lang)
                });
                answer
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// The person's name in a game (their seat's), else their Discord name.
fn seat_name(info: &GameInfo, user: i64, fallback: &str) -> String {
    info.seat_of_user(user)
        .and_then(|s| info.seats.get(s))
        .map(|s| s.name.clone())
        .unwrap_or_else(|| fallback.to_string())
}

/// A message in each game, naming its other players silently (they see it in the game,
/// without a notification).
fn tell(games: &[GameInfo], user: i64, words: impl Fn(&GameInfo) -> String) -> Vec<(Place, Post)> {
    games
        .iter()
        .map(|info| {
            let others: Vec<u64> = (0..info.seats.len())
                .filter_map(|s| info.user_of(s))
                .filter(|&u| u != user)
                .filter_map(|u| u64::try_from(u).ok())
                .collect();
            let mentions: Vec<String> = others.iter().map(|u| format!("<@{u}>")).collect();
            let mut text = words(info);
            if !mentions.is_empty() {
                text = format!("{text} {}", mentions.join(" "));
            }
            let post = Post {
                mentions: others,
                silent: true,
                ..Post::text(text)
            };
            (info.place, post)
        })
        .collect()
}
