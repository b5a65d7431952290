//! Play across days in words: reminders, direct-message notices and digests, `/mygames`,
//! `/notify`, `/away`, a server's calendar, lobbies and games tidied away, rematches.

use super::{counted, duration, list, tr, Lang, Markup};
use crate::session::calendar::{self, clock_words};
use crate::session::{GameKind, MyGame, MyGames, NotifyHow, Place, ServerSettings, UserSettings};

const M: Markup = Markup::Discord;

/// A link to a message (or a channel, without one) that works anywhere, a DM included.
pub fn link(guild_id: i64, channel_id: i64, message_id: Option<i64>) -> String {
    match message_id {
        Some(m) => format!("https://discord.com/channels/{guild_id}/{channel_id}/{m}"),
        None => format!("https://discord.com/channels/{guild_id}/{channel_id}"),
    }
}

/// The link to a message of a game's place (channel, message), else to the place itself.
pub fn link_to(place: Place, message: Option<(i64, i64)>) -> String {
    match message {
        Some((c, m)) => link(place.guild_id, c, Some(m)),
        None => link(place.guild_id, place.channel_id, None),
    }
}

/// "Prime Climb #12".
pub fn game_name(kind: GameKind, id: i64) -> String {
    format!("{} #{id}", super::lobby::title(kind))
}

/// A span in ms as words, to the minute ("2 d 3 h", "45 min").
fn span(ms: i64, lang: Lang) -> String {
    let secs = ms.max(0) / 1000;
    // To the nearest minute once it is more than one.
    let secs = if secs >= 60 {
        (secs + 30) / 60 * 60
    } else {
        secs
    };
    duration(secs, lang)
}

/// A reminder in the game's channel or by DM. `half`: the one reminder at half time (a
/// server without a reminder interval); else another of the server's reminders.
pub fn reminder(
    who: &str,
    left_ms: Option<i64>,
    waited_ms: i64,
    half: bool,
    roll: Option<&str>,
    lang: Lang,
) -> String {
    let roll = roll
        .map(|r| tr!(lang, " You rolled {}.", " Vous avez fait {}.", r))
        .unwrap_or_default();
    match (left_ms, half) {
        (Some(left), true) => tr!(
            lang,
            "⏰ {}, half your time for this turn is gone: {} left.{}",
            "⏰ {}, la moitié de votre temps pour ce tour est passée : il reste {}.{}",
            who,
            span(left, lang),
            roll
        ),
        (Some(left), false) => tr!(
            lang,
            "⏰ {}, it is still your turn: {} left on the clock.{}",
            "⏰ {}, c'est toujours votre tour : il reste {} au compteur.{}",
            who,
            span(left, lang),
            roll
        ),
        (None, _) => tr!(
            lang,
            "⏰ {}, it is still your turn: the game has waited {} for you.{}",
            "⏰ {}, c'est toujours votre tour : la partie vous attend depuis {}.{}",
            who,
            span(waited_ms, lang),
            roll
        ),
    }
}

/// The direct message that says it is your turn.
pub fn turn_dm(kind: GameKind, id: i64, link: &str, lang: Lang) -> String {
    tr!(
        lang,
        "🎲 Your turn in {}: {}",
        "🎲 À vous de jouer dans {} : {}",
        M.bold(&game_name(kind, id)),
        link
    )
}

/// A reminder by direct message.
pub fn reminder_dm(kind: GameKind, id: i64, text: &str, link: &str, lang: Lang) -> String {
    tr!(
        lang,
        "{} ({}: {})",
        "{} ({} : {})",
        text,
        game_name(kind, id),
        link
    )
}

/// Said once in the channel when Discord refused a direct message.
pub fn dm_closed_note(mention: &str, lang: Lang) -> String {
    tr!(
        lang,
        "📪 {}, I could not send you a direct message (your DMs are closed to this server), so your turns will be pinged here. Open your DMs and choose `/notify how:dm` again to change it.",
        "📪 {}, je n'ai pas pu vous envoyer de message privé (vos MP sont fermés pour ce serveur) : vos tours seront annoncés ici. Ouvrez vos MP et choisissez de nouveau `/notify how:dm` pour changer cela.",
        mention
    )
}

/// The first direct message after choosing them.
pub fn dm_welcome(lang: Lang) -> &'static str {
    lang.text(
        "✅ Your turns will come here by direct message. Change it with `/notify` in the server.",
        "✅ Vos tours arriveront ici en message privé. Changez cela avec `/notify` sur le serveur.",
    )
}

/// A game in a list: "**Prime Climb #12** in <#7> · your turn for 2 h · 5 h left · link".
fn game_line(g: &MyGame, now: i64, lang: Lang, links: bool) -> String {
    let info = &g.summary.info;
    let mut parts = vec![format!(
        "{} {} <#{}>",
        M.bold(&game_name(info.kind, info.id)),
        lang.text("in", "dans"),
        info.place.channel_id
    )];
    if !g.summary.started {
        parts.push(counted(
            lang,
            info.seats.len() as i64,
            ("player in the lobby", "players in the lobby"),
            (
                "joueur dans le salon d'attente",
                "joueurs dans le salon d'attente",
            ),
        ));
    } else if g.mine {
        parts.push(tr!(
            lang,
            "your turn for {}",
            "votre tour depuis {}",
            span(now - g.since, lang)
        ));
        if let Some(left) = g.left_ms {
            parts.push(tr!(lang, "{} left", "reste {}", span(left, lang)));
        }
    } else {
        let name = g
            .summary
            .to_move
            .and_then(|s| info.seats.get(s))
            .map(|s| s.name.clone())
            .unwrap_or_default();
        parts.push(tr!(
            lang,
            "{} to play, turn {}",
            "à {} de jouer, tour {}",
            name,
            g.summary.turn
        ));
    }
    if links {
        let (channel, message) = match g.post {
            Some((c, m)) => (c, Some(m)),
            None => (info.place.channel_id, None),
        };
        parts.push(link(info.place.guild_id, channel, message));
    }
    format!("• {}", parts.join(" · "))
}

/// At most this many games in a list (a message holds 2,000 characters).
const LISTED: usize = 12;

fn game_lines(games: &[&MyGame], now: i64, lang: Lang, links: bool) -> Vec<String> {
    let mut lines: Vec<String> = games
        .iter()
        .take(LISTED)
        .map(|g| game_line(g, now, lang, links))
        .collect();
    if games.len() > LISTED {
        lines.push(tr!(
            lang,
            "…and {} more",
            "…et {} de plus",
            games.len() - LISTED
        ));
    }
    lines
}

/// `/mygames`: the games waiting on you, then the others; and your time away.
pub fn my_games(mine: &MyGames, lang: Lang) -> String {
    let (games, now) = (&mine.games, mine.now);
    let mut lines = Vec::new();
    if let Some(until) = mine.away.as_ref().map(|(at, tz)| when(*at, tz, lang)) {
        lines.push(tr!(
            lang,
            "🏝️ You are away until {}: your turn clocks here are stopped (`/away off` when you are back).",
            "🏝️ Vous êtes absent jusqu'au {} : vos compteurs de temps sont arrêtés ici (`/away off` à votre retour).",
            until
        ));
    }
    if games.is_empty() {
        lines.push(
            lang.text(
                "You are in no game in this server. Start one with `/climb start` or `/daifugo start`.",
                "Vous n'êtes dans aucune partie sur ce serveur. Lancez-en une avec `/climb start` ou `/daifugo start`.",
            )
            .to_string(),
        );
        return lines.join("\n");
    }
    let (mine, others): (Vec<&MyGame>, Vec<&MyGame>) = games.iter().partition(|g| g.mine);
    if mine.is_empty() {
        lines.push(
            lang.text(
                "**No game waits on you.**",
                "**Aucune partie ne vous attend.**",
            )
            .to_string(),
        );
    } else {
        lines.push(tr!(
            lang,
            "**Waiting on you ({}):**",
            "**Vous attendent ({}) :**",
            mine.len()
        ));
        lines.extend(game_lines(&mine, now, lang, true));
    }
    if !others.is_empty() {
        lines.push(tr!(
            lang,
            "**Your other games ({}):**",
            "**Vos autres parties ({}) :**",
            others.len()
        ));
        lines.extend(game_lines(&others, now, lang, true));
    }
    lines.join("\n")
}

/// The daily digest by direct message.
pub fn digest(games: &[MyGame], now: i64, lang: Lang) -> String {
    let all: Vec<&MyGame> = games.iter().collect();
    let mut lines = vec![tr!(
        lang,
        "📬 **Your daily digest:** {} waiting on you.",
        "📬 **Votre récapitulatif du jour :** {} vous attendent.",
        counted(
            lang,
            games.len() as i64,
            ("game", "games"),
            ("partie", "parties")
        )
    )];
    lines.extend(game_lines(&all, now, lang, true));
    lines.push(
        lang.text(
            "Change the hour or stop it with `/notify digest:`.",
            "Changez l'heure ou arrêtez-le avec `/notify digest:`.",
        )
        .to_string(),
    );
    lines.join("\n")
}

fn how_words(how: NotifyHow, dm_closed: bool, lang: Lang) -> String {
    match (how, dm_closed) {
        (NotifyHow::Ping, _) => lang
            .text(
                "a ping in the game's channel or thread",
                "une mention dans le salon ou le fil de la partie",
            )
            .into(),
        (NotifyHow::Dm, false) => lang.text("a direct message", "un message privé").into(),
        (NotifyHow::Dm, true) => lang
            .text(
                "a direct message — but your DMs are closed, so a ping in the channel for now",
                "un message privé — mais vos MP sont fermés, donc une mention dans le salon pour l'instant",
            )
            .into(),
        (NotifyHow::None, _) => lang
            .text(
                "nothing (no ping, no reminder: check `/mygames`)",
                "rien (ni mention ni rappel : consultez `/mygames`)",
            )
            .into(),
    }
}

/// `/notify`: how you are told it is your turn, and when.
fn notify_summary(u: &UserSettings, lang: Lang) -> String {
    let off = lang.text("off", "désactivé");
    let zone = u.time_zone.clone().unwrap_or_else(|| "UTC".into());
    let quiet = match (u.quiet_from, u.quiet_to) {
        (Some(a), Some(b)) => tr!(
            lang,
            "{} to {} (pings are silent then, reminders wait)",
            "de {} à {} (les mentions sont silencieuses, les rappels attendent)",
            clock_words(a),
            clock_words(b)
        ),
        _ => off.to_string(),
    };
    let digest = match u.digest_hour {
        Some(h) => tr!(
            lang,
            "every day at {} by direct message",
            "chaque jour à {} en message privé",
            clock_words(h * 60)
        ),
        None => off.to_string(),
    };
    [
        lang.text("**Your notifications**", "**Vos notifications**")
            .to_string(),
        tr!(
            lang,
            "Your turn: {}",
            "Votre tour : {}",
            how_words(NotifyHow::from_setting(&u.notify), u.dm_closed, lang)
        ),
        tr!(lang, "Time zone: {}", "Fuseau horaire : {}", zone),
        tr!(lang, "Quiet hours: {}", "Heures calmes : {}", quiet),
        tr!(
            lang,
            "Daily digest: {}",
            "Récapitulatif quotidien : {}",
            digest
        ),
    ]
    .join("\n")
}

/// Choosing direct messages, when Discord refuses the first one.
/// The answer to `/notify`: the settings now, and whether the first direct message was
/// refused just now.
pub fn notify_answer(u: &UserSettings, refused_now: bool, lang: Lang) -> String {
    let summary = notify_summary(u, lang);
    if refused_now {
        format!("{summary}\n\n{}", dm_refused_now(lang))
    } else {
        summary
    }
}

fn dm_refused_now(lang: Lang) -> &'static str {
    lang.text(
        "⚠️ I could not send you a direct message: your DMs are closed to this server. Until you open them (Privacy Settings of the server) and choose `dm` again, your turns are pinged in the channel.",
        "⚠️ Je n'ai pas pu vous envoyer de message privé : vos MP sont fermés pour ce serveur. Tant que vous ne les ouvrez pas (paramètres de confidentialité du serveur) et ne choisissez pas de nouveau `dm`, vos tours sont annoncés dans le salon.",
    )
}

/// `/away`: said to the person.
pub fn away_set(until: &str, games: usize, lang: Lang) -> String {
    tr!(
        lang,
        "🏝️ You are away until {}. The turn clocks of your {} here stop until then, and no reminders come. Back early? `/away off`.",
        "🏝️ Vous êtes absent jusqu'au {}. Les compteurs de temps de vos {} ici s'arrêtent jusque-là, et aucun rappel ne viendra. De retour plus tôt ? `/away off`.",
        until,
        counted(lang, games as i64, ("game", "games"), ("partie", "parties"))
    )
}

/// `/away`: said in each of the person's games.
pub fn away_told(name: &str, until: &str, lang: Lang) -> String {
    tr!(
        lang,
        "🏝️ {} is away until {}: the clock stops on their turns until then.",
        "🏝️ {} est absent jusqu'au {} : le compteur s'arrête sur ses tours jusque-là.",
        M.bold(name),
        until
    )
}

/// `/away off`: said to the person.
pub fn back(lang: Lang) -> &'static str {
    lang.text(
        "👋 Welcome back: your turn clocks run again.",
        "👋 Bon retour : vos compteurs de temps repartent.",
    )
}

/// `/away off`: said in each of the person's games.
pub fn back_told(name: &str, lang: Lang) -> String {
    tr!(
        lang,
        "👋 {} is back: the clock runs again on their turns.",
        "👋 {} est de retour : le compteur repart sur ses tours.",
        M.bold(name)
    )
}

/// `/away off` when not away.
pub fn not_away(lang: Lang) -> &'static str {
    lang.text(
        "You are not away in this server.",
        "Vous n'êtes pas absent sur ce serveur.",
    )
}

/// A lobby nobody started closed.
pub fn lobby_closed(kind: GameKind, id: i64, hours: i64, lang: Lang) -> String {
    let command = match kind {
        GameKind::Climb => "/climb start",
        GameKind::Daifugo => "/daifugo start",
    };
    tr!(
        lang,
        "⌛ The lobby of {} closed: nobody started it within {}. Open a new one with `{}`.",
        "⌛ Le salon d'attente de {} est fermé : personne ne l'a lancé en {}. Ouvrez-en un autre avec `{}`.",
        M.bold(&game_name(kind, id)),
        duration(hours * 3600, lang),
        command
    )
}

/// A game nobody played ended.
pub fn game_ended_idle(kind: GameKind, id: i64, days: i64, who: &[String], lang: Lang) -> String {
    tr!(
        lang,
        "💤 {} ended: nobody has played for {}. It counts for no one's rating. {}",
        "💤 {} est terminée : personne n'a joué depuis {}. Elle ne compte pour le classement de personne. {}",
        M.bold(&game_name(kind, id)),
        counted(lang, days, ("day", "days"), ("jour", "jours")),
        who.join(" ")
    )
    .trim_end()
    .to_string()
}

/// The Rematch button.
pub fn rematch_button(lang: Lang) -> &'static str {
    lang.text("Rematch", "Revanche")
}

/// A player asked for a rematch; the others are asked.
pub fn rematch_asked(name: &str, waiting: &[String], lang: Lang) -> String {
    tr!(
        lang,
        "🔁 {} asks for a rematch. {}: press **Rematch** to play again, same seats and options.",
        "🔁 {} demande une revanche. {} : appuyez sur **Revanche** pour rejouer, mêmes places et options.",
        M.bold(name),
        list(lang, waiting)
    )
}

/// The rematch has started.
pub fn rematch_started(kind: GameKind, id: i64, channel: i64, lang: Lang) -> String {
    tr!(
        lang,
        "🔁 Rematch! {} is on in <#{}>.",
        "🔁 Revanche ! {} commence dans <#{}>.",
        M.bold(&game_name(kind, id)),
        channel
    )
}

/// The first words in a rematch's thread: the players, pinged (they join the thread).
pub fn rematch_welcome(old: i64, mentions: &[String], lang: Lang) -> String {
    tr!(
        lang,
        "🔁 The rematch of game #{}: {}. Good luck!",
        "🔁 La revanche de la partie n° {} : {}. Bonne chance !",
        old,
        list(lang, mentions)
    )
}

/// The clock lines of `/settings`.
pub fn settings_lines(s: &ServerSettings, lang: Lang) -> Vec<String> {
    let off = lang.text("off", "désactivé");
    let reminders = match s.remind_every_secs {
        Some(t) => tr!(
            lang,
            "every {} until the time is up",
            "toutes les {} jusqu'à la fin du temps",
            duration(t, lang)
        ),
        None => lang
            .text("once, at half time", "une fois, à la moitié du temps")
            .to_string(),
    };
    let mut days_off = Vec::new();
    if s.calendar.weekends_off {
        days_off.push(lang.text("weekends", "les week-ends").to_string());
    }
    let holidays = s.calendar.holiday_words();
    if !holidays.is_empty() {
        days_off.push(holidays);
    }
    let days_off = if days_off.is_empty() {
        lang.text("none", "aucun").to_string()
    } else {
        days_off.join(lang.text(" and ", " et "))
    };
    let lobby = if s.lobby_hours > 0 {
        tr!(
            lang,
            "after {}",
            "après {}",
            duration(s.lobby_hours * 3600, lang)
        )
    } else {
        off.to_string()
    };
    let idle = if s.idle_days > 0 {
        tr!(
            lang,
            "after {}",
            "après {}",
            counted(lang, s.idle_days, ("day", "days"), ("jour", "jours"))
        )
    } else {
        off.to_string()
    };
    vec![
        tr!(lang, "Reminders: {}", "Rappels : {}", reminders),
        tr!(
            lang,
            "Server time zone: {}",
            "Fuseau horaire du serveur : {}",
            s.calendar.zone_name()
        ),
        tr!(
            lang,
            "Clocks stop on: {}",
            "Les compteurs s'arrêtent : {}",
            days_off
        ),
        tr!(
            lang,
            "Days away a month (`/away`): {}",
            "Jours d'absence par mois (`/away`) : {}",
            s.away_days
        ),
        tr!(
            lang,
            "Lobbies nobody starts close: {}",
            "Les salons d'attente non lancés ferment : {}",
            lobby
        ),
        tr!(
            lang,
            "Games nobody plays end: {}",
            "Les parties sans activité se terminent : {}",
            idle
        ),
        match s.puzzles {
            Some(p) => tr!(
                lang,
                "Daily puzzles: in <#{}> at {}",
                "Énigmes du jour : dans <#{}> à {}",
                p.channel,
                clock_words(p.hour * 60)
            ),
            None => tr!(
                lang,
                "Daily puzzles: {} (`/settings puzzle`)",
                "Énigmes du jour : {} (`/settings puzzle`)",
                off
            ),
        },
    ]
}

/// An instant in a person's time zone, for a message.
pub fn when(ms: i64, tz: &jiff::tz::TimeZone, lang: Lang) -> String {
    calendar::local_words(ms, tz, lang)
}
