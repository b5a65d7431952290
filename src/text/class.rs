//! What the class tools say (`/class pair`, `/class games`, the due list): in English and
//! French, with Discord markup (they exist only on Discord).

use super::{clip, counted, duration, list, tr, Lang};
use crate::session::{ClassRefusal, GameSummary, Member};

/// Discord's limit on a message's text, with room for a line above.
const MAX: usize = 1_900;

/// How long ago, in words: "3 min", "2 h", "4 days".
pub fn ago(ms: i64, lang: Lang) -> String {
    duration((ms / 1000).max(60), lang)
}

/// One open game for the teacher: "• <#thread> Prime Climb, turn 7: Ada to play (idle
/// 2 h) · Ada, Bo".
pub fn game_line(g: &GameSummary, now: i64, lang: Lang) -> String {
    let names: Vec<String> = g.info.seats.iter().map(|s| s.name.clone()).collect();
    let title = super::lobby::title(g.info.kind);
    let state = match g.to_move.and_then(|s| g.info.seats.get(s)) {
        Some(seat) if g.started => tr!(
            lang,
            "turn {}: {} to play",
            "tour {} : à {} de jouer",
            g.turn,
            seat.name
        ),
        _ => lang.text("in the lobby", "en attente").into(),
    };
    tr!(
        lang,
        "• <#{}> {}, {} (idle {}) · {}",
        "• <#{}> {}, {} (inactif depuis {}) · {}",
        g.channel_id(),
        title,
        state,
        ago(now - g.last_change, lang),
        names.join(", ")
    )
}

/// The teacher's overview of open games (`/class games`), one page of it: every game is
/// on some page, the longest idle first, each page within a message. Returns the text and
/// how many pages there are (`page` beyond the last shows the last).
pub fn games_overview(
    games: &[GameSummary],
    now: i64,
    everywhere: bool,
    page: usize,
    lang: Lang,
) -> (String, usize) {
    if games.is_empty() {
        let none = if everywhere {
            lang.text(
                "No game is open in this server.",
                "Aucune partie n'est ouverte sur ce serveur.",
            )
        } else {
            lang.text(
                "No game is open in this channel or its threads.",
                "Aucune partie n'est ouverte dans ce salon ni dans ses fils.",
            )
        };
        return (none.into(), 1);
    }
    let mut sorted: Vec<&GameSummary> = games.iter().collect();
    sorted.sort_by_key(|g| g.last_change);
    let lines: Vec<String> = sorted.iter().map(|g| game_line(g, now, lang)).collect();
    // Pages of whole lines, each within a message with its heading.
    let mut pages: Vec<Vec<&String>> = vec![Vec::new()];
    let mut size = 0;
    for line in &lines {
        let len = line.chars().count() + 1;
        if size + len > MAX - 200 && !pages.last().is_some_and(Vec::is_empty) {
            pages.push(Vec::new());
            size = 0;
        }
        size += len;
        if let Some(last) = pages.last_mut() {
            last.push(line);
        }
    }
    let count = pages.len();
    let page = page.min(count - 1);
    let mut head = tr!(
        lang,
        "**{} open**, the longest idle first:",
        "**{} en cours**, les plus longtemps inactives d'abord :",
        counted(
            lang,
            games.len() as i64,
            ("game", "games"),
            ("partie", "parties")
        )
    );
    if count > 1 {
        head.push_str(&tr!(
            lang,
            " (page {} of {})",
            " (page {} sur {})",
            page + 1,
            count
        ));
    }
    let mut out = head;
    for line in &pages[page] {
        out.push('\n');
        out.push_str(line);
    }
    (out, count)
}

/// A heading and as many lines as fit in a message, then "… and N more".
fn lines_within(head: String, lines: impl Iterator<Item = String>, lang: Lang) -> String {
    let mut out = head;
    let lines: Vec<String> = lines.collect();
    for (i, line) in lines.iter().enumerate() {
        if out.chars().count() + line.chars().count() + 40 > MAX {
            out.push('\n');
            out.push_str(&tr!(
                lang,
                "… and {} more",
                "… et {} de plus",
                lines.len() - i
            ));
            return out;
        }
        out.push('\n');
        out.push_str(line);
    }
    out
}

/// A group of students in words: "<@1> & <@2>", with "+ Medium AI".
pub fn group_words(group: &[Member], ai: &[String], lang: Lang) -> String {
    let mut names: Vec<String> = group.iter().map(|m| format!("<@{}>", m.user_id)).collect();
    names.extend(ai.iter().map(|a| format!("🤖 {a}")));
    list(lang, &names)
}

/// What `/class pair` did: every game, where, and when it is due.
pub fn paired(games: &[(Vec<Member>, Vec<String>, i64)], due: Option<&str>, lang: Lang) -> String {
    let head = match due {
        Some(due) => tr!(
            lang,
            "**{} for the class**, due {}:",
            "**{} pour la classe**, à rendre pour {} :",
            counted(
                lang,
                games.len() as i64,
                ("game", "games"),
                ("partie", "parties")
            ),
            due
        ),
        None => tr!(
            lang,
            "**{} for the class**:",
            "**{} pour la classe** :",
            counted(
                lang,
                games.len() as i64,
                ("game", "games"),
                ("partie", "parties")
            )
        ),
    };
    lines_within(
        head,
        games
            .iter()
            .map(|(group, ai, thread)| format!("• {} → <#{thread}>", group_words(group, ai, lang))),
        lang,
    )
}

/// The first message of a class game's thread: who plays, pinged.
pub fn class_game_welcome(group: &[Member], lang: Lang) -> String {
    let names: Vec<String> = group.iter().map(|m| format!("<@{}>", m.user_id)).collect();
    tr!(
        lang,
        "🎓 {}: this is your game for the class. Every turn is posted here; type your commands here.",
        "🎓 {} : voici votre partie pour la classe. Chaque tour est posté ici ; tapez vos commandes ici.",
        list(lang, &names)
    )
}

/// The due list: the class's games still open when they are due.
pub fn due_list(teacher: i64, open: &[GameSummary], now: i64, lang: Lang) -> String {
    if open.is_empty() {
        return tr!(
            lang,
            "<@{}> ⏰ the class games are due: every one has finished. 🎉",
            "<@{}> ⏰ les parties de la classe sont à rendre : toutes sont terminées. 🎉",
            teacher
        );
    }
    let head = tr!(
        lang,
        "<@{}> ⏰ the class games are due; {} still open (they go on with the server's turn timeout):",
        "<@{}> ⏰ les parties de la classe sont à rendre ; {} encore en cours (elles continuent avec le temps par tour du serveur) :",
        teacher,
        counted(lang, open.len() as i64, ("is", "are"), ("partie", "parties"))
    );
    lines_within(head, open.iter().map(|g| game_line(g, now, lang)), lang)
}

/// A due date as Discord shows it in each reader's time zone.
pub fn when(ms: i64) -> String {
    format!("<t:{}:f>", ms.div_euclid(1000))
}

/// `/class` is for teachers.
pub fn teachers_only(lang: Lang) -> &'static str {
    lang.text(
        "Only moderators (Manage Server or Manage Messages) and the server's teacher role (`/settings teacher-role`) use `/class`.",
        "Seuls les modérateurs (Gérer le serveur ou Gérer les messages) et le rôle enseignant du serveur (`/settings teacher-role`) utilisent `/class`.",
    )
}

/// Nobody to pair.
pub fn no_students(lang: Lang) -> &'static str {
    lang.text(
        "Nobody to pair: give a role with members, or list the students (`members: @Ada @Bo …`). Bots and you are left out.",
        "Personne à répartir : donnez un rôle qui a des membres, ou la liste des élèves (`members: @Ada @Bo …`). Les bots et vous-même ne sont pas comptés.",
    )
}

/// The members of a role cannot be read.
pub fn members_hidden(lang: Lang) -> &'static str {
    lang.text(
        "I cannot see the members of a role: turn on the Server Members Intent for the bot (developer portal → Bot), or list the students with `members: @Ada @Bo …`.",
        "Je ne vois pas les membres d'un rôle : activez l'intent Server Members du bot (portail développeur → Bot), ou donnez la liste des élèves avec `members: @Ada @Bo …`.",
    )
}

/// A class needs threads.
pub fn needs_threads(lang: Lang) -> &'static str {
    lang.text(
        "A class's games each need a thread, and I may not open threads in this channel (Create Public Threads and Send Messages in Threads), or the server turned them off (`/settings threads`).",
        "Chaque partie de la classe a besoin d'un fil, et je n'ai pas le droit d'en ouvrir dans ce salon (Créer des fils publics et Envoyer des messages dans les fils), ou le serveur les a désactivés (`/settings threads`).",
    )
}

/// A group size the game cannot seat.
pub fn bad_group_size(min: usize, max: usize, lang: Lang) -> String {
    tr!(
        lang,
        "A group is {} to {} players in this game.",
        "Un groupe compte de {} à {} joueurs dans ce jeu.",
        min,
        max
    )
}

/// Too many students for one command.
pub fn too_many_students(max: usize, lang: Lang) -> String {
    tr!(
        lang,
        "At most {} students at once: pair a large class in parts (by role, say).",
        "Au plus {} élèves à la fois : répartissez une grande classe en plusieurs fois (par rôle, par exemple).",
        max
    )
}

/// A game of the class could not be opened.
pub fn game_failed(group: &[Member], why: &str, lang: Lang) -> String {
    clip(
        &tr!(
            lang,
            "• {}: not opened ({})",
            "• {} : pas ouverte ({})",
            group_words(group, &[], lang),
            why
        ),
        300,
    )
}

/// Why a class could not be paired, in the teacher's language.
pub fn refusal(r: &ClassRefusal, lang: Lang) -> String {
    match r {
        ClassRefusal::GroupSize { min, max } => bad_group_size(*min, *max, lang),
        ClassRefusal::NeedsPlaces => needs_threads(lang).into(),
        ClassRefusal::NoStudents => no_students(lang).into(),
        ClassRefusal::TooManyStudents { max } => too_many_students(*max, lang),
        ClassRefusal::MembersHidden => members_hidden(lang).into(),
        ClassRefusal::StudentsUnreadable => super::bot::try_again(lang).into(),
    }
}

/// The buttons to the page before and after of a teacher's list of games.
pub fn previous_page(lang: Lang) -> &'static str {
    lang.text("◀ Previous", "◀ Précédente")
}

/// See [`previous_page`].
pub fn next_page(lang: Lang) -> &'static str {
    lang.text("Next ▶", "Suivante ▶")
}
