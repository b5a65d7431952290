//! What the web pages say (`src/web/`), in English and French: a game's page, its live
//! status, its story of turns, and why a link opens nothing. The pages carry no words of
//! their own: these are written into them, escaped, by the web front.

use crate::climb::Game;
use crate::lang::Lang;
use crate::render::LastTurn;
use crate::session::{Leaderboard, LinkRefusal, Season, WatchLink};

use super::tr;

/// What every live page says of itself: that it follows live, or is reconnecting, and
/// its switch to large type (a classroom's projector).
#[derive(Clone, Copy, Debug)]
pub struct LiveWords {
    pub live: &'static str,
    pub reconnecting: &'static str,
    pub large: &'static str,
}

pub fn live_words(lang: Lang) -> LiveWords {
    LiveWords {
        live: lang.text("Live", "En direct"),
        reconnecting: lang.text("Reconnecting…", "Reconnexion…"),
        large: lang.text("Large type", "Grands caractères"),
    }
}

/// The words of a game's page around the board.
#[derive(Clone, Debug)]
pub struct PageWords {
    /// The browser tab's title.
    pub title: String,
    /// Heading of the list of turns.
    pub turns: &'static str,
    /// The list's first entry: the board as it stands.
    pub now: &'static str,
    /// Heading of the board in words.
    pub in_words: &'static str,
    /// The live status and the large-type switch.
    pub live: LiveWords,
    /// A note above an older turn's board, and the way back to now.
    pub back_to_now: &'static str,
}

/// The words of the page of Prime Climb game `game_id` (or of Prime Daifugo, `daifugo`).
pub fn page_words(game_id: i64, daifugo: bool, lang: Lang) -> PageWords {
    let name = if daifugo {
        "Prime Daifugo"
    } else {
        "Prime Climb"
    };
    PageWords {
        title: tr!(lang, "{} — game {}", "{} — partie {}", name, game_id),
        turns: lang.text("Turns", "Tours"),
        now: lang.text("Now", "Maintenant"),
        in_words: lang.text("The board in words", "Le plateau en mots"),
        live: live_words(lang),
        back_to_now: lang.text("Back to now", "Revenir à maintenant"),
    }
}

/// Who is to move and with what dice, or how the game ended.
pub fn to_move(game: &Game, lang: Lang) -> String {
    super::alt::to_move_line(game, lang)
}

/// A turn of the story: "Turn 3 · Bea rolled 9 and 7: 8 × 9 = 72; 72 + 7 = 79."
pub fn turn_story(game: &Game, turn: &LastTurn, lang: Lang) -> String {
    let number = turn.number.unwrap_or(game.turn.number);
    let head = tr!(lang, "Turn {}", "Tour {}", number);
    let Some(seat) = turn.seat else {
        return head;
    };
    let who = super::climb::name(game, seat);
    let did = match turn.roll {
        Some(r) => tr!(
            lang,
            "{} rolled {}",
            "{} a fait {}",
            who,
            super::climb::roll_words(r, lang)
        ),
        None => who,
    };
    let story = super::climb::turn_summary(game, turn, lang);
    if story.is_empty() {
        format!("{head} · {did}.")
    } else {
        let sep = lang.text("; ", " ; ");
        tr!(
            lang,
            "{} · {}: {}.",
            "{} · {} : {}.",
            head,
            did,
            story.join(sep)
        )
    }
}

/// Why a page cannot be shown.
pub fn refused(refusal: LinkRefusal, lang: Lang) -> &'static str {
    match refusal {
        LinkRefusal::Unknown => lang.text(
            "This link is not one of this bot's: ask in Discord for a new one (/climb watch).",
            "Ce lien ne vient pas de ce bot : demandez-en un nouveau sur Discord (/climb watch).",
        ),
        LinkRefusal::Expired => lang.text(
            "This link has expired: ask in Discord for a new one (/climb watch).",
            "Ce lien a expiré : demandez-en un nouveau sur Discord (/climb watch).",
        ),
        LinkRefusal::Revoked => lang.text(
            "This link was withdrawn by the class's teacher.",
            "Ce lien a été retiré par l'enseignant de la classe.",
        ),
    }
}

/// A page for a game that is not there (ended long ago and removed, or never started).
pub fn no_game(lang: Lang) -> &'static str {
    lang.text(
        "There is no game to show here yet.",
        "Il n'y a pas encore de partie à montrer ici.",
    )
}

/// Too many pages are following this game already.
pub fn too_many(lang: Lang) -> &'static str {
    lang.text(
        "Too many pages are following this game: close one and try again.",
        "Trop de pages suivent cette partie : fermez-en une et réessayez.",
    )
}

/// `/climb watch`: the link to the game's page, and how long it works.
pub fn watch_link(link: &WatchLink, lang: Lang) -> String {
    tr!(
        lang,
        "Watch this game live (the link works for {} days, for anyone who has it): {}",
        "Suivez cette partie en direct (le lien marche {} jours, pour qui l'a) : {}",
        link.days,
        link.url
    )
}

/// `/climb watch` when the bot has no public address, or serves no pages.
pub fn links_need_public_url(lang: Lang) -> &'static str {
    lang.text(
        "Web links need the bot's public address: whoever runs the bot sets PUBLIC_URL (see the README).",
        "Les liens web demandent l'adresse publique du bot : qui le fait tourner règle PUBLIC_URL (voir le README).",
    )
}

/// The words of a class's page.
#[derive(Clone, Debug)]
pub struct ClassWords {
    pub title: &'static str,
    pub games: &'static str,
    pub no_games: &'static str,
    pub standings: String,
    pub live: LiveWords,
}

/// The class's page: its title, its headings, the season the standings are for.
pub fn class_words(season: Option<(Season, i64)>, lang: Lang) -> ClassWords {
    let when = match season {
        Some((length, start)) => super::bot::season_name(length, start, lang),
        None => lang.text("all time", "depuis toujours").into(),
    };
    ClassWords {
        title: lang.text("The class's games", "Les parties de la classe"),
        games: lang.text("Games in play", "Parties en cours"),
        no_games: lang.text(
            "No game is being played here just now.",
            "Aucune partie n'est en cours ici pour l'instant.",
        ),
        standings: tr!(lang, "Standings, {}", "Classement, {}", when),
        live: live_words(lang),
    }
}

/// A game's heading on a class's page: "Game 12 · Ada, Bo".
pub fn class_game_title(id: i64, names: &[String], lang: Lang) -> String {
    tr!(lang, "Game {} · {}", "Partie {} · {}", id, names.join(", "))
}

/// The season's standings as lines: "1. Ada — 12.3 · 4 games, 3 wins" (names, never a
/// Discord mention: the page is read outside Discord).
pub fn standings_lines(board: &Leaderboard, lang: Lang) -> Vec<String> {
    if board.standings.is_empty() {
        return vec![lang
            .text(
                "No finished games yet.",
                "Aucune partie terminée pour l'instant.",
            )
            .into()];
    }
    board
        .standings
        .iter()
        .map(|s| {
            format!(
                "{}. {} — {:.1} · {}, {}",
                s.rank,
                s.name,
                s.rating,
                super::counted(lang, s.games, ("game", "games"), ("partie", "parties")),
                super::counted(lang, s.wins, ("win", "wins"), ("victoire", "victoires"))
            )
        })
        .collect()
}

/// `/class view`: the link to the class's page.
pub fn class_link(link: &WatchLink, everywhere: bool, lang: Lang) -> String {
    let what = if everywhere {
        lang.text(
            "every game of this server",
            "toutes les parties de ce serveur",
        )
    } else {
        lang.text(
            "every game of this channel",
            "toutes les parties de ce salon",
        )
    };
    tr!(
        lang,
        "The class on one screen, live: {} and the season's standings (the link works for {} days, for anyone who has it; `/class view revoke:true` withdraws every class and standings link of the server): {}",
        "La classe sur un seul écran, en direct : {} et le classement de la saison (le lien marche {} jours, pour qui l'a ; `/class view revoke:true` retire tous les liens de classe et de classement du serveur) : {}",
        what,
        link.days,
        link.url
    )
}

/// `/class view revoke:true`: done.
pub fn class_links_revoked(lang: Lang) -> &'static str {
    lang.text(
        "Every class and standings link of this server made so far shows nothing any more. `/class view` and `/leaderboard` give new ones.",
        "Plus aucun lien de classe ou de classement de ce serveur fait jusqu'ici ne montre quoi que ce soit. `/class view` et `/leaderboard` en donnent de nouveaux.",
    )
}

/// A server's standings page: its title, and each game's heading for the season.
pub fn season_title(lang: Lang) -> &'static str {
    lang.text("The season's standings", "Le classement de la saison")
}

/// "Prime Climb, November 2026".
pub fn season_heading(game: &str, season: Option<(Season, i64)>, lang: Lang) -> String {
    match season {
        Some((length, start)) => {
            format!("{game}, {}", super::bot::season_name(length, start, lang))
        }
        None => game.to_string(),
    }
}

// ----- the board as a Discord Activity ---------------------------------------------------

/// The label of a board's Open board button (the board as an Activity).
pub fn open_board(lang: Lang) -> &'static str {
    lang.text("Open board", "Ouvrir le plateau")
}

/// The description of the Activity's entry-point command.
pub fn launch_description(lang: Lang) -> &'static str {
    lang.text(
        "Open the live board of this channel's game",
        "Ouvrir le plateau en direct de la partie de ce salon",
    )
}

/// When Discord will not open the Activity (it is not turned on for the app).
pub fn activity_unavailable(lang: Lang) -> &'static str {
    lang.text(
        "The board cannot open here: the Activity is not turned on for this app (see the README).",
        "Le plateau ne peut pas s'ouvrir ici : l'activité n'est pas activée pour cette application (voir le README).",
    )
}

/// The words of the Activity's page, sent with it.
#[derive(Clone, Debug)]
pub struct ActivityWords {
    pub title: &'static str,
    pub connecting: &'static str,
    /// Discord refused to say who is playing (or the exchange failed).
    pub no_sign_in: &'static str,
    pub no_game: &'static str,
    pub your_turn: &'static str,
    pub pick_step: &'static str,
    pub confirm: &'static str,
    pub cancel: &'static str,
    pub watching: &'static str,
    /// The heading of a die's steps ("Die 3"), and of the cards' steps.
    pub die: &'static str,
    pub cards: &'static str,
}

pub fn activity_words(lang: Lang) -> ActivityWords {
    ActivityWords {
        title: lang.text("Prime Climb: the board", "Prime Climb : le plateau"),
        connecting: lang.text("Connecting to Discord…", "Connexion à Discord…"),
        no_sign_in: lang.text(
            "Discord did not say who you are: close the board and open it again.",
            "Discord n'a pas dit qui vous êtes : fermez le plateau et rouvrez-le.",
        ),
        no_game: lang.text(
            "No Prime Climb game is being played in this channel: start one with /climb start.",
            "Aucune partie de Prime Climb ne se joue dans ce salon : lancez-en une avec /climb start.",
        ),
        your_turn: lang.text("Your turn: touch a pawn.", "À vous : touchez un pion."),
        pick_step: lang.text("Choose a die and an operation:", "Choisissez un dé et une opération :"),
        confirm: lang.text("Play", "Jouer"),
        cancel: lang.text("Back", "Retour"),
        watching: lang.text(
            "You are watching: the player to move plays here or on Discord.",
            "Vous regardez : le joueur dont c'est le tour joue ici ou sur Discord.",
        ),
        die: lang.text("Die", "Dé"),
        cards: lang.text("Cards", "Cartes"),
    }
}
