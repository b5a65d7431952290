//! What only the Discord bot says: the labels of buttons and menus, the turn clock's
//! reminders, notes about Discord itself (a refused reply, an old button), the server's
//! settings, leaderboards and stats. Mentions (`<@id>`) are built by the caller.

use super::{clip, counted, duration, tr, Lang, Markup};
use crate::session::{
    GameKind, Look, Palette, PlacedHere, Season, SeasonBoard, ServerSettings, Stats, TimeoutMode,
};

/// The labels of a Prime Climb board's buttons and menus.
pub struct BoardWords {
    pub end: &'static str,
    pub undo: &'static str,
    pub take_back: &'static str,
    pub hint: &'static str,
    pub moves: &'static str,
    pub choose: &'static str,
}

pub fn board_words(lang: Lang) -> BoardWords {
    BoardWords {
        end: lang.text("End turn", "Finir le tour"),
        undo: lang.text("Undo", "Annuler"),
        take_back: lang.text("Take my move back", "Reprendre mon coup"),
        hint: lang.text("Hint", "Indice"),
        moves: lang.text("Moves", "Coups"),
        choose: lang.text("Choose…", "Choisir…"),
    }
}

/// The placeholder of a card's second or third choice menu.
pub fn more_choices(page: usize, lang: Lang) -> String {
    tr!(lang, "More choices ({})…", "Autres choix ({})…", page)
}

/// The labels of a Prime Daifugo table's and hand's buttons and menus.
pub struct CardWords {
    pub show_hand: &'static str,
    pub hint: &'static str,
    pub draw: &'static str,
    pub play_d: &'static str,
    pub pass: &'static str,
    pub play: &'static str,
    pub discard: &'static str,
}

pub fn card_words(lang: Lang) -> CardWords {
    CardWords {
        show_hand: lang.text("Show my hand", "Voir ma main"),
        hint: lang.text("Hint", "Indice"),
        draw: lang.text("Draw", "Piocher"),
        play_d: lang.text("Play D", "Jouer D"),
        pass: lang.text("Pass", "Passer"),
        play: lang.text("Play…", "Jouer…"),
        discard: lang.text("Discard…", "Défausser…"),
    }
}

/// What a player's own hand message asks on their turn.
pub fn hand_prompt(discarding: bool, can_play: bool, lang: Lang) -> &'static str {
    match (discarding, can_play) {
        (true, _) => lang.text(
            "Choose the card to discard (D card: discard any 1).",
            "Choisissez la carte à défausser (carte D : défaussez-en 1).",
        ),
        (false, true) => lang.text(
            "Play from the menu, or draw, play a D card, or pass with the buttons.",
            "Jouez depuis le menu, ou piochez, jouez une carte D ou passez avec les boutons.",
        ),
        (false, false) => lang.text(
            "No prime can be played with these cards: draw, or pass.",
            "Aucun nombre premier avec ces cartes : piochez, ou passez.",
        ),
    }
}

/// "You could play: 103, 131."
pub fn could_play(numbers: &[String], lang: Lang) -> String {
    tr!(
        lang,
        "You could play: {}.",
        "Vous pourriez jouer : {}.",
        numbers.join(", ")
    )
}

/// Games are played in a server's channels.
pub fn not_in_dm(lang: Lang) -> &'static str {
    lang.text(
        "Games are played in a server's channels, not in direct messages.",
        "Les parties se jouent dans les salons d'un serveur, pas en message privé.",
    )
}

/// A click on a board that has moved on.
pub fn stale_board(lang: Lang) -> &'static str {
    lang.text(
        "This board has moved on: someone played since it was posted. Use the newest message, or `/climb board`.",
        "Ce plateau n'est plus à jour : quelqu'un a joué depuis. Utilisez le message le plus récent, ou `/climb board`.",
    )
}

/// A click on a lobby that has closed.
pub fn lobby_closed(lang: Lang) -> &'static str {
    lang.text(
        "This lobby is closed: the game has started or was cancelled.",
        "Ce salon d'attente est fermé : la partie a commencé ou a été annulée.",
    )
}

/// A click whose custom id this version of the bot cannot read.
pub fn unknown_button(lang: Lang) -> &'static str {
    lang.text(
        "This button belongs to an older version of the bot and no longer works: use the newest message, or `/climb board` (`/daifugo board`).",
        "Ce bouton vient d'une ancienne version du bot et ne marche plus : utilisez le message le plus récent, ou `/climb board` (`/daifugo board`).",
    )
}

/// A menu value that is not on the menu.
pub fn not_on_menu(lang: Lang) -> &'static str {
    lang.text(
        "That choice is not on the menu any more: use the newest message.",
        "Ce choix n'est plus dans le menu : utilisez le message le plus récent.",
    )
}

/// A slash command this version of the bot does not have (Discord still shows an old
/// list for a while after an update).
pub fn unknown_command(lang: Lang) -> &'static str {
    lang.text(
        "This command changed in an update of the bot: Discord will show the new list in a moment. Try again shortly.",
        "Cette commande a changé avec une mise à jour du bot : Discord affichera la nouvelle liste sous peu. Réessayez dans un moment.",
    )
}

/// An option Discord sent that the bot cannot read.
pub fn bad_argument(lang: Lang) -> &'static str {
    lang.text(
        "One of the options could not be read: check what you typed and try again.",
        "Une des options n'a pas pu être lue : vérifiez ce que vous avez tapé et réessayez.",
    )
}

/// Something failed on the bot's side.
pub fn internal_error(lang: Lang) -> &'static str {
    lang.text(
        "Something went wrong on our side: nothing was changed by this request. Try again in a moment.",
        "Un problème de notre côté : cette demande n'a rien changé. Réessayez dans un moment.",
    )
}

/// Posted in the channel when Discord refused the reply to a change that was saved:
/// "💾 @Ada: saved. Discord did not take the reply, so here it is."
pub fn saved_note(who: &str, lang: Lang) -> String {
    tr!(
        lang,
        "💾 {}: saved. Discord did not take the reply, so here it is.",
        "💾 {} : c'est enregistré. Discord n'a pas pris la réponse, alors la voici.",
        who
    )
}

/// "⌛ Ada ran out of time: an AI played the turn for them."
pub fn timed_out(name: &str, mode: TimeoutMode, lang: Lang, m: Markup) -> String {
    match mode {
        TimeoutMode::Ai => tr!(
            lang,
            "⌛ {} ran out of time: an AI played the turn for them.",
            "⌛ {} n'a plus de temps : une IA a joué ce tour à sa place.",
            m.bold(name)
        ),
        TimeoutMode::Skip => tr!(
            lang,
            "⌛ {} ran out of time: the turn is skipped.",
            "⌛ {} n'a plus de temps : le tour est passé.",
            m.bold(name)
        ),
    }
}

/// A server's settings as text.
pub fn settings_summary(s: &ServerSettings, cards: &[(i64, String)], lang: Lang) -> String {
    let off = lang.text("off", "désactivé");
    let timeout = s
        .turn_timeout_secs
        .map(|t| duration(t, lang))
        .unwrap_or_else(|| off.to_string());
    let on_timeout = match s.on_timeout {
        TimeoutMode::Ai => lang.text("an AI plays the turn", "une IA joue le tour"),
        TimeoutMode::Skip => lang.text("the turn is skipped", "le tour est passé"),
    };
    let variant = if s.default_variant.is_empty() {
        "standard".to_string()
    } else {
        s.default_variant.clone()
    };
    let teacher = s
        .teacher_role_id
        .map(|r| format!("<@&{r}>"))
        .unwrap_or_else(|| lang.text("none", "aucun").to_string());
    let mut lines = vec![
        lang.text("**Prime Climb settings**", "**Réglages Prime Climb**")
            .to_string(),
        tr!(lang, "Turn timeout: {}", "Temps par tour : {}", timeout),
        tr!(lang, "On timeout: {}", "À la fin du temps : {}", on_timeout),
        tr!(
            lang,
            "Default variant: {}",
            "Variante par défaut : {}",
            variant
        ),
        tr!(lang, "Teacher role: {}", "Rôle enseignant : {}", teacher),
        tr!(
            lang,
            "Games in their own thread: {}",
            "Parties dans leur propre fil : {}",
            if s.threads {
                lang.text("on", "oui")
            } else {
                lang.text("off", "non")
            }
        ),
        tr!(
            lang,
            "Leaderboard seasons: {}",
            "Saisons du classement : {}",
            match s.season {
                Season::Month => lang.text("a month", "un mois"),
                Season::Quarter => lang.text("a quarter (3 months)", "un trimestre"),
                Season::Year => lang.text("a year", "un an"),
            }
        ),
        tr!(
            lang,
            "Pictures: {}",
            "Images : {}",
            look_words(s.look, lang)
        ),
    ];
    lines.extend(super::notify::settings_lines(s, lang));
    if cards.is_empty() {
        lines.push(
            lang.text(
                "No custom cards (add them with `/settings card`).",
                "Pas de cartes personnalisées (ajoutez-en avec `/settings card`).",
            )
            .to_string(),
        );
    } else {
        lines.push(
            lang.text(
                "Custom cards (variant `blanks`):",
                "Cartes personnalisées (variante `blanks`) :",
            )
            .to_string(),
        );
        for (slot, text) in cards {
            lines.push(format!("{slot}. {text}"));
        }
    }
    lines.join("\n")
}

/// How pictures are drawn, in words: "standard colours", "colour-blind colours, with a
/// mark on each factor".
pub fn look_words(look: Look, lang: Lang) -> String {
    let palette = match look.palette {
        Palette::Standard => lang.text("standard colours", "couleurs standard"),
        Palette::ColourBlind => lang.text(
            "colours for colour-blind eyes",
            "couleurs pour les daltoniens",
        ),
    };
    if look.marks {
        tr!(
            lang,
            "{}, with a mark on each factor",
            "{}, avec une forme sur chaque facteur",
            palette
        )
    } else {
        palette.to_string()
    }
}

/// A person's own look, as set with `/settings me palette` (`None`: the server's).
pub fn own_look_summary(look: Option<Look>, lang: Lang) -> String {
    match look {
        Some(look) => tr!(
            lang,
            "Your own pictures (your hand, private boards): {}.",
            "Vos images à vous (votre main, les plateaux privés) : {}.",
            look_words(look, lang)
        ),
        None => lang
            .text(
                "Your own pictures follow the server's setting again.",
                "Vos images à vous suivent de nouveau le réglage du serveur.",
            )
            .to_string(),
    }
}

/// A season by name: "November 2026", "Q4 2026", "2026" / "novembre 2026", "T4 2026".
pub fn season_name(length: Season, start: i64, lang: Lang) -> String {
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    const FR: [&str; 12] = [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ];
    let (y, m) = Season::year_month(start);
    let i = usize::try_from(m - 1).unwrap_or(0).min(11);
    match (length, lang) {
        (Season::Month, Lang::En) => format!("{} {y}", EN[i]),
        (Season::Month, Lang::Fr) => format!("{} {y}", FR[i]),
        (Season::Quarter, Lang::En) => format!("Q{} {y}", (m - 1) / 3 + 1),
        (Season::Quarter, Lang::Fr) => format!("T{} {y}", (m - 1) / 3 + 1),
        (Season::Year, _) => y.to_string(),
    }
}

fn mode_name(mode: &str) -> String {
    match mode {
        "solitaire1" => "Solitaire 1".into(),
        "solitaire2" => "Solitaire 2".into(),
        other => other.into(),
    }
}

/// A leaderboard as text (mentions are shown, never pinged), at most `shown` lines each.
pub fn leaderboard(asked: &SeasonBoard, kind: GameKind, shown: usize, lang: Lang) -> String {
    let title = super::lobby::title(kind);
    let (board, season) = (&asked.board, asked.season);
    let when = match season {
        Some((length, start)) => season_name(length, start, lang),
        None => lang.text("all time", "depuis toujours").into(),
    };
    let mut out = vec![tr!(
        lang,
        "**{} leaderboard**, {} (rating = μ − 3σ, Weng-Lin)",
        "**Classement {}**, {} (cote = μ − 3σ, Weng-Lin)",
        title,
        when
    )];
    if board.standings.is_empty() && board.solitaire.is_empty() {
        out.push(
            lang.text(
                "No finished games yet: start one with `/climb start`.",
                "Aucune partie terminée pour l'instant : lancez-en une avec `/climb start`.",
            )
            .into(),
        );
    }
    for s in board.standings.iter().take(shown) {
        let who = match s.user_id {
            Some(uid) => format!("<@{uid}>"),
            None => format!("🤖 {}", s.name),
        };
        out.push(tr!(
            lang,
            "{}. {} — **{:.1}** · {}, {}",
            "{}. {} — **{:.1}** · {}, {}",
            s.rank,
            who,
            s.rating,
            counted(lang, s.games, ("game", "games"), ("partie", "parties")),
            counted(lang, s.wins, ("win", "wins"), ("victoire", "victoires"))
        ));
    }
    for (mode, best) in &board.solitaire {
        out.push(tr!(
            lang,
            "\n**{}** — fewest turns",
            "\n**{}** — le moins de tours",
            mode_name(mode)
        ));
        for (i, b) in best.iter().take(shown).enumerate() {
            let who = match b.user_id {
                Some(uid) => format!("<@{uid}>"),
                None => b.name.clone(),
            };
            out.push(format!(
                "{}. {who} — {}",
                i + 1,
                counted(lang, b.turns, ("turn", "turns"), ("tour", "tours"))
            ));
        }
    }
    if let Some(page) = &asked.page {
        out.push(tr!(
            lang,
            "\nThe season's standings on the web: {}",
            "\nLe classement de la saison sur le web : {}",
            page.url
        ));
    }
    clip(&out.join("\n"), 1_900)
}

/// One player's stats in a server, per game.
pub fn stats(name: &str, per_game: &[(GameKind, Stats)], lang: Lang) -> String {
    let mut out = vec![tr!(
        lang,
        "**{}** in this server",
        "**{}** sur ce serveur",
        name
    )];
    for (kind, s) in per_game {
        let title = super::lobby::title(*kind);
        if s.record.games == 0 && s.rating.is_none() {
            continue;
        }
        let mut line = tr!(
            lang,
            "{}: {}, {}",
            "{} : {}, {}",
            title,
            counted(
                lang,
                s.record.games,
                ("game", "games"),
                ("partie", "parties")
            ),
            counted(
                lang,
                s.record.wins,
                ("win", "wins"),
                ("victoire", "victoires")
            )
        );
        if let Some(r) = &s.rating {
            line.push_str(&tr!(
                lang,
                " · rating **{:.1}** (μ {:.1}, σ {:.1})",
                " · cote **{:.1}** (μ {:.1}, σ {:.1})",
                r.rating,
                r.mu,
                r.sigma
            ));
        }
        for (mode, turns) in &s.best {
            line.push_str(&tr!(
                lang,
                " · best {}: {}",
                " · record {} : {}",
                mode_name(mode),
                counted(lang, *turns, ("turn", "turns"), ("tour", "tours"))
            ));
        }
        out.push(line);
    }
    if out.len() == 1 {
        out.push(
            lang.text(
                "No finished games yet.",
                "Aucune partie terminée pour l'instant.",
            )
            .into(),
        );
    }
    out.join("\n")
}

// ----- game threads ----------------------------------------------------------------------

/// Why a game is played in the channel: the bot may not open threads there.
pub fn no_thread_permission(lang: Lang) -> &'static str {
    lang.text(
        "🧵 I may not open threads in this channel (Create Public Threads and Send Messages in Threads), so this game is played here: one game at a time in this channel.",
        "🧵 Je n'ai pas le droit d'ouvrir des fils dans ce salon (Créer des fils publics et Envoyer des messages dans les fils) : cette partie se joue donc ici, une seule partie à la fois dans ce salon.",
    )
}

/// Why a game is played in the channel: Discord refused its thread.
pub fn thread_refused(lang: Lang) -> &'static str {
    lang.text(
        "🧵 Discord did not let me open a thread for this game, so it is played here: one game at a time in this channel.",
        "🧵 Discord ne m'a pas laissé ouvrir de fil pour cette partie : elle se joue donc ici, une seule partie à la fois dans ce salon.",
    )
}

/// Under a lobby whose game is played in a thread.
pub fn played_in_thread(thread: i64, lang: Lang) -> String {
    tr!(
        lang,
        "🧵 Played in its own thread: <#{}>",
        "🧵 Se joue dans son fil : <#{}>",
        thread
    )
}

/// The first message in a game's thread.
pub fn thread_welcome(kind: GameKind, parent: i64, lang: Lang) -> String {
    tr!(
        lang,
        "🧵 This thread is this {} game's table: every turn is posted here, and commands typed here act on it. Its lobby is in <#{}>.",
        "🧵 Ce fil est la table de cette partie de {} : chaque tour y est posté, et les commandes tapées ici s'y appliquent. Son salon d'attente est dans <#{}>.",
        super::lobby::title(kind),
        parent
    )
}

/// A thread's game is over: the result in the channel, with a link to the thread.
pub fn game_over_in_thread(kind: GameKind, thread: i64, result: &[String], lang: Lang) -> String {
    let head = if result.is_empty() {
        tr!(
            lang,
            "🏁 The {} game in <#{}> has ended.",
            "🏁 La partie de {} dans <#{}> est terminée.",
            super::lobby::title(kind),
            thread
        )
    } else {
        tr!(
            lang,
            "🏁 {} in <#{}>:",
            "🏁 {} dans <#{}> :",
            super::lobby::title(kind),
            thread
        )
    };
    clip(
        &std::iter::once(head)
            .chain(result.iter().cloned())
            .collect::<Vec<_>>()
            .join("\n"),
        1_900,
    )
}

/// Discord did not answer in time or failed: nothing was changed.
pub fn try_again(lang: Lang) -> &'static str {
    lang.text(
        "Discord did not answer in time, and nothing was changed: try again in a moment.",
        "Discord n'a pas répondu à temps, et rien n'a été modifié : réessayez dans un instant.",
    )
}

/// Why a game is played in the channel although the server wants games in threads.
pub fn placed_note(note: Option<PlacedHere>, lang: Lang) -> Option<&'static str> {
    note.map(|n| match n {
        PlacedHere::NotAllowed => no_thread_permission(lang),
        PlacedHere::Refused => thread_refused(lang),
    })
}
