//! Lobbies in words: the options of a new game, AI levels, who has joined, and the words
//! of the lobby's buttons.

use super::{counted, duration, tr, Lang, Markup};
use crate::climb::options::WayStations;
use crate::climb::{Course, Doubles};
use crate::level::Level;
use crate::session::{GameKind, GameOptions, LobbyView};
use crate::{climb, daifugo};

/// A game's title.
pub fn title(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Climb => "Prime Climb",
        GameKind::Daifugo => "Prime Daifugo",
    }
}

/// A game's thread's name: "Prime Climb · Ada" (Discord allows 1 to 100 characters).
pub fn thread_name(kind: GameKind, who: &str) -> String {
    super::clip(&format!("{} · {who}", title(kind)), 100)
}

/// An AI level as a lobby offers it: "Hard AI" / "IA forte".
pub fn level_name(level: Level, lang: Lang) -> &'static str {
    level.seat_name(lang)
}

/// The variants in force (§7) and the doubles ruling, by name.
pub fn climb_badges(o: &climb::Options, lang: Lang) -> Vec<String> {
    let mut b = Vec::new();
    if o.solitaire {
        b.push(if o.course == Course::ThereAndBack {
            "Solitaire 2".to_string()
        } else {
            "Solitaire 1".to_string()
        });
    } else {
        match o.course {
            Course::Climb => {}
            Course::Decline => b.push("Prime Decline".into()),
            Course::ThereAndBack => {
                b.push(lang.text("There and Back Again", "Aller-retour").into())
            }
        }
    }
    if o.sprint {
        b.push("Prime Sprint".into());
    }
    if o.double_time {
        b.push("Double Time".into());
    }
    match &o.way_stations {
        WayStations::Off => {}
        WayStations::Chosen(list) => {
            let l: Vec<String> = list.iter().map(u8::to_string).collect();
            b.push(format!("Way Stations {}", l.join("/")));
        }
        WayStations::Random(n) => b.push(tr!(
            lang,
            "Way Stations ({} at random)",
            "Way Stations ({} au hasard)",
            n
        )),
    }
    if !o.custom_cards.is_empty() {
        b.push(lang.text("Fill in the Blanks", "Cartes à inventer").into());
    }
    if o.doubles == Doubles::May {
        b.push(
            lang.text("doubles: two or four uses", "doubles : deux ou quatre")
                .into(),
        );
    }
    // The scaffold variants for younger or beginning players.
    if o.one_die {
        b.push(lang.text("One die", "Un dé").into());
    }
    if o.one_pawn {
        b.push(lang.text("One pawn", "Un pion").into());
    }
    if o.add_subtract {
        b.push(
            lang.text("Add and subtract", "Additions et soustractions")
                .into(),
        );
    }
    if o.hints {
        b.push(lang.text("Hints on", "Indices affichés").into());
    }
    b
}

/// The options of a Prime Daifugo match, by name.
pub fn daifugo_badges(o: &daifugo::Options, lang: Lang) -> Vec<String> {
    let mut b = Vec::new();
    let extras: Vec<&str> = [
        (o.zero, "[0]"),
        (o.five_nine, "[5/9]"),
        (o.four_six_eight, "[4/6/8]"),
        (o.skip, "SKIP"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, name)| *name)
    .collect();
    if !extras.is_empty() {
        b.push(extras.join(" "));
    }
    if let Some(limit) = o.hand_limit {
        b.push(tr!(lang, "hand limit {}", "limite {} cartes", limit));
    }
    b.push(match o.games_to_win {
        1 => lang.text("one game", "une partie").to_string(),
        n => tr!(lang, "first to {} games", "le premier à {} victoires", n),
    });
    b
}

/// The badges of any game's options.
pub fn badges(options: &GameOptions, lang: Lang) -> Vec<String> {
    match options {
        GameOptions::Climb(o) => climb_badges(o, lang),
        GameOptions::Daifugo(o) => daifugo_badges(o, lang),
    }
}

/// What each variant does, one line each, for `help` and `rules variants` in the terminal.
pub fn variant_list(lang: Lang) -> Vec<String> {
    // (the words to type in each language, then what it does)
    let rows: [(&str, &str, &str); 13] = [
        (
            "double-time",
            "bump and draw after every step, not only at the end of the move",
            "renvois et pioche après chaque pas, pas seulement à la fin",
        ),
        (
            "way-stations[=N|=31/37]",
            "land on the way stations (primes 30–80) before going home",
            "passer par les étapes (nombres premiers de 30 à 80) avant d'arriver",
        ),
        (
            "sprint",
            "the first pawn home wins",
            "le premier pion arrivé gagne",
        ),
        (
            "decline",
            "start on 101 and race down to 0",
            "partir de 101 et descendre jusqu'à 0",
        ),
        (
            "there-and-back",
            "reach 101 with both pawns, then come back to 0",
            "atteindre 101 avec les deux pions, puis revenir à 0",
        ),
        (
            "solitaire",
            "alone with the nine ±N Keepers: fewest turns to 101",
            "seul avec les neuf cartes ±N : le moins de tours jusqu'à 101",
        ),
        (
            "solitaire2",
            "solitaire there and back",
            "solitaire en aller-retour",
        ),
        (
            "doubles-may",
            "a double may be used two or four times",
            "un double se joue deux ou quatre fois",
        ),
        (
            "blanks",
            "the server's own cards (Discord, /settings card)",
            "les cartes du serveur (Discord, /settings card)",
        ),
        (
            "one-die",
            "roll one die, used once (for beginners)",
            "un seul dé, joué une fois (pour débuter)",
        ),
        (
            "one-pawn",
            "one pawn each: the first one home wins (for beginners)",
            "un pion chacun : le premier arrivé gagne (pour débuter)",
        ),
        (
            "add-subtract",
            "add and subtract only, no × or ÷ (for beginners)",
            "seulement additionner et soustraire, ni × ni ÷ (pour débuter)",
        ),
        (
            "hints",
            "each person's turn shows the best move and why (for learning)",
            "chaque tour d'une personne montre le meilleur coup et pourquoi (pour apprendre)",
        ),
    ];
    rows.iter()
        .map(|(word, en, fr)| format!("  {word:<28} {}", lang.text(en, fr)))
        .collect()
}

/// The lobby message's text: title, options, who has joined, what to do.
pub fn lobby_lines(view: &LobbyView, names: &[String], lang: Lang, m: Markup) -> Vec<String> {
    let info = &view.info;
    let mut head = tr!(
        lang,
        "{} · new game #{}",
        "{} · nouvelle partie n° {}",
        m.bold(title(info.kind)),
        info.id
    );
    let badges = badges(&info.options, lang);
    if !badges.is_empty() {
        head.push_str(&format!(" · {}", badges.join(", ")));
    }
    if let Some(t) = info.turn_timeout_secs {
        head.push_str(&tr!(
            lang,
            " · ⏳ {} per turn",
            " · ⏳ {} par tour",
            duration(t, lang)
        ));
    }
    let mut lines = vec![head];
    if let GameOptions::Climb(o) = &info.options {
        if !o.solitaire && (o.is_scaffold() || o.hints) {
            lines.push(
                lang.text(
                    "A practice game: it counts in everyone's games played, not in the ratings.",
                    "Une partie d'entraînement : elle compte dans les parties jouées, pas dans le classement.",
                )
                .to_string(),
            );
        }
    }
    if info.status != crate::session::Status::Lobby {
        lines.push(
            lang.text("This lobby is closed.", "Ce salon d'attente est fermé.")
                .to_string(),
        );
        return lines;
    }
    lines.push(tr!(
        lang,
        "Players ({}/{}):",
        "Joueurs ({}/{}) :",
        info.seats.len(),
        view.capacity()
    ));
    for (i, name) in names.iter().enumerate() {
        lines.push(format!("{}. {name}", i + 1));
    }
    lines.push(
        lang.text(
            "Press **Join** to play. A player (or the creator) presses **Start** when everyone is in.",
            "Appuyez sur **Rejoindre** pour jouer. Un joueur (ou le créateur) appuie sur **Démarrer** quand tout le monde est là.",
        )
        .replace("**", if m == Markup::Discord { "**" } else { "" }),
    );
    lines
}

/// The lobby's buttons and menu, in order: join, leave, start, cancel; the AI menu's
/// placeholder and its "remove" entry.
pub struct LobbyWords {
    pub join: &'static str,
    pub leave: &'static str,
    pub start: &'static str,
    pub cancel: &'static str,
    pub add_ai: &'static str,
    pub remove_ai: &'static str,
}

pub fn lobby_words(lang: Lang) -> LobbyWords {
    LobbyWords {
        join: lang.text("Join", "Rejoindre"),
        leave: lang.text("Leave", "Quitter"),
        start: lang.text("Start", "Démarrer"),
        cancel: lang.text("Cancel", "Annuler"),
        add_ai: lang.text("Add an AI seat…", "Ajouter une IA…"),
        remove_ai: lang.text("Remove the last AI seat", "Retirer la dernière IA"),
    }
}

/// "Closed by Ada."
pub fn closed_by(name: &str, lang: Lang, m: Markup) -> String {
    tr!(lang, "Closed by {}.", "Fermé par {}.", m.bold(name))
}

/// "Prime Climb · game #12 has started: @Ada, 🤖 Medium AI (turn order)."
pub fn started(kind: GameKind, id: i64, names: &[String], lang: Lang, m: Markup) -> String {
    tr!(
        lang,
        "{} · game #{} has started: {} (turn order).",
        "{} · la partie n° {} a commencé : {} (ordre de jeu).",
        m.bold(title(kind)),
        id,
        names.join(", ")
    )
}

/// "Game #12 was ended by Ada. The channel is free for a new game (/climb start)."
pub fn ended_by(id: i64, name: &str, kind: GameKind, lang: Lang, m: Markup) -> String {
    let start = match kind {
        GameKind::Climb => "/climb start",
        GameKind::Daifugo => "/daifugo start",
    };
    tr!(
        lang,
        "Game #{} was ended by {}. The channel is free for a new game ({}).",
        "La partie n° {} a été terminée par {}. Le salon est libre pour une nouvelle partie ({}).",
        id,
        m.bold(name),
        m.code(start)
    )
}

/// The players of a local game for a title line: "Ada vs Medium AI" (an AI seat named by
/// its level needs no "(AI)"; any other AI seat gets it).
pub fn players_line(names: &[(String, Option<Level>)], lang: Lang) -> String {
    names
        .iter()
        .map(|(name, ai)| match ai {
            Some(level)
                if Lang::ALL
                    .iter()
                    .any(|&l| name.starts_with(level.seat_name(l))) =>
            {
                name.clone()
            }
            Some(_) => tr!(lang, "{} (AI)", "{} (IA)", name),
            None => name.clone(),
        })
        .collect::<Vec<_>>()
        .join(lang.text(" vs ", " contre "))
}

/// "first to 2 games" for a match title.
pub fn match_length(o: &daifugo::Options, lang: Lang) -> String {
    match o.games_to_win {
        1 => lang.text("one game", "une partie").into(),
        n => tr!(
            lang,
            "first to {}",
            "le premier à {}",
            counted(lang, n, ("game", "games"), ("victoire", "victoires"))
        ),
    }
}
