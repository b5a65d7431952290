//! The slash commands as data: their names, descriptions and options, in English and
//! French. The Discord front registers them from this table and turns each invocation into
//! one request; nothing here knows Discord's types.

use crate::session::Typing;

/// A word or sentence in English and in French.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    pub en: &'static str,
    pub fr: &'static str,
}

const fn w(en: &'static str, fr: &'static str) -> Words {
    Words { en, fr }
}

/// What option `option` of the command named `path` ("climb move") suggests as it is
/// typed, if anything.
pub fn typing(path: &str, option: &str) -> Option<Typing> {
    let (mut level, mut found) = (ALL, None);
    for word in path.split(' ') {
        found = level.iter().find(|s| s.name.en == word);
        level = found?.subcommands;
    }
    let opt = found?.options.iter().find(|o| o.name.en == option)?;
    match opt.kind {
        Kind::Text { complete, .. } => complete,
        _ => None,
    }
}

/// A slash command: a group of subcommands, or a command with options.
#[derive(Clone, Copy, Debug)]
pub struct Slash {
    pub name: Words,
    pub about: Words,
    /// Only in a server, never in direct messages.
    pub guild_only: bool,
    pub options: &'static [Opt],
    pub subcommands: &'static [Slash],
}

/// One option of a command.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    pub name: Words,
    pub about: Words,
    pub required: bool,
    pub kind: Kind,
}

/// What an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text of at most `max` characters; `complete`: the suggestions as it is typed.
    Text {
        max: u16,
        complete: Option<Typing>,
    },
    /// A whole number, between `min` and `max` when they are given.
    Int {
        min: Option<i64>,
        max: Option<i64>,
    },
    /// Yes or no.
    Flag,
    /// One of a list, given by its place in the list.
    Choice(&'static [Words]),
    User,
    Role,
    /// A text channel of the server.
    TextChannel,
}

const fn leaf(name: Words, about: Words, options: &'static [Opt]) -> Slash {
    Slash {
        name,
        about,
        guild_only: false,
        options,
        subcommands: &[],
    }
}

const fn group(name: Words, about: Words, subcommands: &'static [Slash]) -> Slash {
    Slash {
        name,
        about,
        guild_only: false,
        options: &[],
        subcommands,
    }
}

impl Slash {
    const fn guild_only(self) -> Slash {
        Slash {
            guild_only: true,
            ..self
        }
    }
}

const fn opt(name: Words, about: Words, kind: Kind) -> Opt {
    Opt {
        name,
        about,
        required: false,
        kind,
    }
}

const fn text(name: Words, about: Words, max: u16) -> Opt {
    opt(
        name,
        about,
        Kind::Text {
            max,
            complete: None,
        },
    )
}

const fn int(name: Words, about: Words, min: i64, max: i64) -> Opt {
    opt(
        name,
        about,
        Kind::Int {
            min: Some(min),
            max: Some(max),
        },
    )
}

const fn number(name: Words, about: Words) -> Opt {
    opt(
        name,
        about,
        Kind::Int {
            min: None,
            max: None,
        },
    )
}

const fn at_least(name: Words, about: Words, min: i64) -> Opt {
    opt(
        name,
        about,
        Kind::Int {
            min: Some(min),
            max: None,
        },
    )
}

const fn flag(name: Words, about: Words) -> Opt {
    opt(name, about, Kind::Flag)
}

const fn choice(name: Words, about: Words, choices: &'static [Words]) -> Opt {
    opt(name, about, Kind::Choice(choices))
}

const fn user(name: Words, about: Words) -> Opt {
    opt(name, about, Kind::User)
}

const fn role(name: Words, about: Words) -> Opt {
    opt(name, about, Kind::Role)
}

const fn text_channel(name: Words, about: Words) -> Opt {
    opt(name, about, Kind::TextChannel)
}

impl Opt {
    const fn required(self) -> Opt {
        Opt {
            required: true,
            ..self
        }
    }

    const fn completed(self, typing: Typing) -> Opt {
        match self.kind {
            Kind::Text { max, .. } => Opt {
                kind: Kind::Text {
                    max,
                    complete: Some(typing),
                },
                ..self
            },
            _ => self,
        }
    }
}

const GAMES: &[Words] = &[
    w("Prime Climb", "Prime Climb"),
    w("Prime Daifugo", "Prime Daifugo"),
];

pub const ALL: &[Slash] = &[
group(w("climb", "climb"), w("Prime Climb: games, rules and factor colours", "Prime Climb : parties, règles et couleurs des facteurs"), &[
leaf(w("start", "nouvelle"), w("Open a game in this channel: a lobby with Join, Add AI and Start buttons", "Ouvrir une partie dans ce salon : boutons Rejoindre, IA et Démarrer"), &[text(w("variant", "variantes"), w("Variants, e.g. sprint,double-time, solitaire or blanks (default: the server's)", "Variantes, par ex. sprint,double-time, solitaire ou blanks (par défaut : celles du serveur)"), 200).completed(Typing::Variant), text(w("ai", "ia"), w("AI seats to add, e.g. hard or easy,medium", "Places d'IA à ajouter, par ex. hard ou easy,medium"), 100).completed(Typing::Ai), text(w("timeout", "délai"), w("Turn timeout, e.g. 30m, 12h, 2d or off (default: the server's)", "Temps par tour, par ex. 30m, 12h, 2d ou off (par défaut : celui du serveur)"), 40).completed(Typing::Timeout), flag(w("play", "jouer"), w("Take a seat yourself (default: yes)", "Prendre une place vous-même (par défaut : oui)"))]),
leaf(w("move", "coup"), w("Move: steps in the rule book's notation, e.g. `14 -3 x9` (part of a turn is fine)", "Jouer : des pas en notation, par ex. `14 -3 x9` (une partie du tour suffit)"), &[text(w("moves", "pas"), w("A pawn's space, then +d -d xd /d; k+5 for a Keeper; `end` to end the turn", "La case d'un pion, puis +d -d xd /d ; k+5 pour une carte ; `end` pour finir le tour"), 300).completed(Typing::Move).required()]),
leaf(w("play", "carte"), w("Play a Keeper card: ±N on one of your pawns, send pawns within two spaces, or curse", "Jouer une carte à garder : ±N sur un pion, renvoi à deux cases, ou malédiction"), &[text(w("keeper", "carte"), w("The Keeper: +5 or -5 (your ±5), within, or curse", "La carte : +5 ou -5 (votre ±5), within (renvoi) ou curse (malédiction)"), 40).completed(Typing::Keeper).required(), text(w("target", "cible"), w("Your pawn (its space), or the player to curse", "Votre pion (sa case), ou le joueur à maudire"), 64).completed(Typing::Target)]),
leaf(w("board", "plateau"), w("Show the board of this channel's game", "Afficher le plateau de la partie de ce salon"), &[flag(w("private", "privé"), w("Only you see it (default: everyone)", "Vous seul le voyez (par défaut : tout le monde)")), flag(w("text", "texte"), w("The whole position in words, for screen readers", "Toute la position en mots, pour les lecteurs d'écran"))]),
leaf(w("hint", "indice"), w("The best moves for the player to move, explained step by step (only you see it)", "Les meilleurs coups pour le joueur qui a la main, expliqués (vous seul le voyez)"), &[int(w("count", "nombre"), w("How many moves (1 to 5, default 3)", "Combien de coups (1 à 5, par défaut 3)"), 1, 5)]),
leaf(w("moves", "coups"), w("Every legal way to finish this turn, with a move for each (only you see it)", "Toutes les façons de finir ce tour, avec un coup pour chacune (vous seul le voyez)"), &[]),
leaf(w("undo", "annuler"), w("Take back the last step of your move, or your finished move until the next player acts", "Annuler le dernier pas, ou votre coup fini tant que le joueur suivant n'a pas joué"), &[]),
leaf(w("resign", "abandonner"), w("Leave the game you are playing in this channel", "Quitter la partie que vous jouez dans ce salon"), &[]),
leaf(w("end", "terminer"), w("End this channel's game now (its creator or a moderator): no results are recorded", "Terminer la partie de ce salon (son créateur ou un modérateur) : sans résultat"), &[]),
leaf(w("rules", "règles"), w("The rules of Prime Climb, summarised by topic", "Les règles de Prime Climb, résumées par thème"), &[choice(w("topic", "thème"), w("Which part of the rules (default: overview)", "Quelle partie des règles (par défaut : aperçu)"), &[w("overview", "aperçu"), w("roll", "lancer"), w("move", "déplacer"), w("bump", "renvoyer"), w("draw", "piocher"), w("cards", "cartes"), w("winning", "gagner"), w("notation", "notation"), w("variants", "variantes")])]),
leaf(w("colours", "couleurs"), w("The factor colours of the board's spaces, with examples", "Les couleurs des facteurs premiers sur les cases, avec des exemples"), &[]),
leaf(w("review", "analyse"), w("Review a finished game: each move against the best one by the exact solver, with a chart", "Analyser une partie finie : chaque coup face au meilleur selon le solveur exact, avec une courbe"), &[at_least(w("game", "partie"), w("The game's number (default: this channel's last game)", "Le numéro de la partie (par défaut : la dernière de ce salon)"), 1), flag(w("share", "partager"), w("Post it for everyone in the channel (default: only you see it)", "La montrer à tout le salon (par défaut : vous seul la voyez)"))]),
leaf(w("replay", "rejeu"), w("An animated picture of a whole game: the board after every turn, with its path", "Une image animée de toute la partie : le plateau après chaque tour, avec son chemin"), &[at_least(w("game", "partie"), w("The game's number (default: this channel's last game)", "Le numéro de la partie (par défaut : la dernière de ce salon)"), 1), flag(w("share", "partager"), w("Post it for everyone in the channel (default: only you see it)", "La montrer à tout le salon (par défaut : vous seul la voyez)"))]),
leaf(w("watch", "suivre"), w("A link to this channel's game on the web: its board, live, for anyone with the link", "Un lien vers la partie de ce salon sur le web : son plateau, en direct, pour qui a le lien"), &[]),
leaf(w("puzzle", "énigme"), w("Today's puzzle (the same for everyone), your answer, or the server's puzzle standings", "L'énigme du jour (la même pour tous), votre réponse, ou le classement des énigmes"), &[text(w("answer", "réponse"), w("Your answer: a whole move (14 x3 +5) or a list of spaces (12 17 40)", "Votre réponse : un coup entier (14 x3 +5) ou une liste de cases (12 17 40)"), 120), flag(w("standings", "classement"), w("Show the server's puzzle standings", "Afficher le classement des énigmes du serveur"))]),
leaf(w("learn", "apprendre"), w("Learn to play, step by step: one pawn and one die first, then the whole game", "Apprendre à jouer pas à pas : un pion et un dé d'abord, puis la partie entière"), &[text(w("answer", "réponse"), w("Your move for this step, e.g. 0 +6 or 5 x3 x4", "Votre coup pour cette étape, par ex. 0 +6 ou 5 x3 x4"), 120), flag(w("restart", "recommencer"), w("Start again from the first step", "Reprendre depuis la première étape"))]),
]),
group(w("class", "classe"), w("Tools for teachers: pair a class into games, see every game, get the report", "Outils pour les enseignants : répartir une classe en parties, voir chaque partie, le rapport"), &[
leaf(w("pair", "répartir"), w("Pair students into games, each in its own thread (an AI seat for whoever is left over)", "Répartir les élèves en parties, chacune dans son fil (une IA pour qui reste seul)"), &[role(w("role", "rôle"), w("The students' role", "Le rôle des élèves")), text(w("members", "élèves"), w("Or the students, mentioned: @Ada @Bo …", "Ou les élèves, mentionnés : @Ada @Bo …"), 6000), choice(w("game", "jeu"), w("The game (default: Prime Climb)", "Le jeu (par défaut : Prime Climb)"), GAMES), int(w("size", "taille"), w("Players per game (default: 2)", "Joueurs par partie (par défaut : 2)"), 2, 4), text(w("variant", "variantes"), w("Variants (Prime Climb), e.g. sprint; for Prime Daifugo: advanced, skip, games=3", "Variantes (Prime Climb), par ex. sprint ; pour Prime Daifugo : advanced, skip, games=3"), 200), text(w("ai", "ia"), w("The AI level for a student left over (default: medium)", "Le niveau de l'IA pour un élève resté seul (par défaut : medium)"), 20), text(w("timeout", "délai"), w("Turn timeout, e.g. 12h or 2d (default: the server's)", "Temps par tour, par ex. 12h ou 2d (par défaut : celui du serveur)"), 40), text(w("due", "échéance"), w("When the games are due: 3d, 1w, 2026-12-01 or 2026-12-01 14:30 (UTC)", "Quand les parties sont à rendre : 3d, 1w, 2026-12-01 ou 2026-12-01 14:30 (UTC)"), 40)]),
leaf(w("games", "parties"), w("Every open game of this channel (or of the server), the longest idle first", "Chaque partie en cours de ce salon (ou du serveur), les plus longtemps inactives d'abord"), &[flag(w("everywhere", "partout"), w("Every game of the server, not only this channel's", "Toutes les parties du serveur, pas seulement celles de ce salon"))]),
leaf(w("view", "écran"), w("A web page of the class: every open game here (or in the server), live, with the standings", "Page web de la classe : chaque partie en cours ici (ou du serveur), en direct, et le classement"), &[flag(w("everywhere", "partout"), w("Every game of the server, not only this channel's", "Toutes les parties du serveur, pas seulement celles de ce salon")), flag(w("revoke", "retirer"), w("Withdraw every class and standings link of this server made so far", "Retirer tous les liens de classe et de classement du serveur faits jusqu'ici"))]),
leaf(w("report", "rapport"), w("The class report: a spreadsheet (one row per student) and a chart, only for you", "Le rapport de la classe : un tableur (une ligne par élève) et un diagramme, pour vous seul"), &[text(w("from", "depuis"), w("From this day: 2026-11-01, or 30d for thirty days ago (default: the start)", "Depuis ce jour : 2026-11-01, ou 30d pour il y a trente jours (par défaut : le début)"), 40), text(w("to", "jusqu_à"), w("To this day, included: 2026-11-30 (default: today)", "Jusqu'à ce jour, inclus : 2026-11-30 (par défaut : aujourd'hui)"), 40)]),
]).guild_only(),
group(w("daifugo", "daifugo"), w("Prime Daifugo Lvl. 0: play cards that form a prime larger than the last play", "Prime Daifugo Lvl. 0 : jouez des cartes qui forment un nombre premier plus grand"), &[
leaf(w("start", "nouvelle"), w("Open a Prime Daifugo game (2–3 players): a lobby with Join, Add AI and Start", "Ouvrir une partie de Prime Daifugo (2–3 joueurs) : Rejoindre, IA et Démarrer"), &[flag(w("advanced", "avancé"), w("Add the advanced cards [0], [5/9] and [4/6/8]", "Ajouter les cartes avancées [0], [5/9] et [4/6/8]")), flag(w("skip", "skip"), w("Add the two SKIP cards (exactly 3 players)", "Ajouter les deux cartes SKIP (exactement 3 joueurs)")), text(w("ai", "ia"), w("AI seats to add, e.g. hard or easy,medium", "Places d'IA à ajouter, par ex. hard ou easy,medium"), 100), int(w("games", "manches"), w("Games needed to win the match (1 to 5, default 2)", "Parties à gagner pour le match (1 à 5, par défaut 2)"), 1, 5), flag(w("hand_limit", "limite"), w("Hand limit of 13 cards (no drawing at the limit)", "Limite de 13 cartes en main (pas de pioche à la limite)")), text(w("timeout", "délai"), w("Turn timeout, e.g. 30m, 12h, 2d or off (default: the server's)", "Temps par tour, par ex. 30m, 12h, 2d ou off"), 40), flag(w("play", "jouer"), w("Take a seat yourself (default: yes)", "Prendre une place vous-même (par défaut : oui)"))]),
leaf(w("play", "jouer"), w("Play cards side by side: `3 10` is 310, `5/9:9 7` plays the [5/9] as 9", "Jouer des cartes côte à côte : `3 10` vaut 310, `5/9:9 7` joue la [5/9] comme 9"), &[text(w("cards", "cartes"), w("The cards in order, e.g. 3 10 (1 to 3 cards)", "Les cartes dans l'ordre, par ex. 3 10 (1 à 3 cartes)"), 40).completed(Typing::Cards).required()]),
leaf(w("draw", "piocher"), w("Draw the top card of the deck (step 1 of your turn, instead of a D card)", "Piocher la carte du dessus (étape 1 du tour, au lieu d'une carte D)"), &[]),
leaf(w("d", "d"), w("Play a D card: draw 2, then choose the card to discard", "Jouer une carte D : piocher 2, puis choisir la carte à défausser"), &[]),
leaf(w("pass", "passer"), w("Pass (with a [10] in play, passing draws 2)", "Passer (avec un [10] en jeu, passer fait piocher 2)"), &[]),
leaf(w("skip", "skip"), w("Play a SKIP card: the next player loses their turn (3 players)", "Jouer une carte SKIP : le joueur suivant passe son tour (3 joueurs)"), &[]),
leaf(w("hand", "main"), w("Your hand (only you see it), with what you could play", "Votre main (vous seul la voyez), avec ce que vous pourriez jouer"), &[]),
leaf(w("board", "table"), w("The table of this channel's Prime Daifugo game (no hands)", "La table de la partie de Prime Daifugo de ce salon (sans les mains)"), &[flag(w("text", "texte"), w("The table in words, for screen readers", "La table en mots, pour les lecteurs d'écran"))]),
leaf(w("hint", "indice"), w("The primes you could play now (only you see it)", "Les nombres premiers que vous pourriez jouer (vous seul le voyez)"), &[]),
leaf(w("end", "terminer"), w("End this channel's game now (its creator or a moderator): no results are recorded", "Terminer la partie de ce salon (son créateur ou un modérateur) : sans résultat"), &[]),
leaf(w("rules", "règles"), w("How Prime Daifugo is played, in short", "Comment se joue Prime Daifugo, en bref"), &[]),
leaf(w("puzzle", "énigme"), w("Today's puzzle: the largest prime from a hand (the same for everyone), or the standings", "L'énigme du jour : le plus grand nombre premier d'une main (la même pour tous), ou le classement"), &[text(w("answer", "réponse"), w("Your answer: the largest prime you can play, like 523", "Votre réponse : le plus grand nombre premier que vous pouvez jouer, par ex. 523"), 40), flag(w("standings", "classement"), w("Show the server's puzzle standings", "Afficher le classement des énigmes du serveur"))]),
]),
leaf(w("leaderboard", "classement"), w("The server's standings: ratings, then best solitaire scores", "Le classement du serveur : cotes, puis meilleurs scores en solitaire"), &[choice(w("game", "jeu"), w("Which game (default: Prime Climb)", "Quel jeu (par défaut : Prime Climb)"), GAMES), choice(w("season", "saison"), w("Which season (default: the current one; /settings season sets its length)", "Quelle saison (par défaut : celle en cours ; /settings season fixe sa durée)"), &[w("current", "en cours"), w("previous", "précédente"), w("all time", "depuis toujours")])]),
leaf(w("stats", "stats"), w("A player's rating, games, wins and best solitaire scores in this server", "La cote, les parties, les victoires et les records en solitaire d'un joueur"), &[user(w("user", "joueur"), w("Whose stats (default: yours)", "Les stats de qui (par défaut : les vôtres)"))]),
group(w("settings", "réglages"), w("The server's Prime Climb settings (moderators and the teacher role change them)", "Les réglages Prime Climb du serveur (modérateurs et rôle enseignant)"), &[
leaf(w("show", "voir"), w("Show the server's settings", "Afficher les réglages du serveur"), &[]),
leaf(w("timeout", "délai"), w("Set the turn timeout of new games: 30m, 12h, 2d… or off", "Le temps par tour des nouvelles parties : 30m, 12h, 2d… ou off"), &[text(w("duration", "durée"), w("30m, 12h, 2d… or off", "30m, 12h, 2d… ou off"), 40).required()]),
leaf(w("on-timeout", "fin-du-temps"), w("What happens when a turn times out: an AI plays it, or it is skipped", "Ce qui se passe quand le temps d'un tour est écoulé : une IA joue, ou le tour est passé"), &[choice(w("action", "action"), w("An AI plays the idle turn, or the turn is skipped", "Une IA joue le tour, ou le tour est passé"), &[w("an AI plays the turn", "une IA joue le tour"), w("skip the turn", "passer le tour")]).required()]),
leaf(w("variant", "variante"), w("The variants new games use when /climb start names none", "Les variantes des nouvelles parties quand /climb start n'en donne pas"), &[text(w("words", "variantes"), w("Variant words, e.g. sprint,double-time, or standard", "Les variantes, par ex. sprint,double-time, ou standard"), 200).required()]),
leaf(w("teacher-role", "rôle-enseignant"), w("The role that may end any game and change these settings (empty: none)", "Le rôle qui peut terminer toute partie et changer ces réglages (vide : aucun)"), &[role(w("role", "rôle"), w("The role (leave empty to remove it)", "Le rôle (laisser vide pour le retirer)"))]),
leaf(w("palette", "palette"), w("How the server's game pictures are drawn: colours, and a mark on each factor", "Comment les images des parties du serveur sont dessinées : couleurs, et une forme sur chaque facteur"), &[choice(w("colours", "couleurs"), w("Standard colours, or colours told apart by colour-blind eyes", "Couleurs standard, ou couleurs que les daltoniens distinguent"), &[w("standard colours", "couleurs standard"), w("colours for colour-blind eyes", "couleurs pour les daltoniens")]).required(), flag(w("marks", "formes"), w("Also mark each factor with a shape, so the board reads without colour", "Marquer aussi chaque facteur d'une forme, pour lire le plateau sans les couleurs"))]),
leaf(w("threads", "fils"), w("Whether new games open in their own thread (several games per channel)", "Si les nouvelles parties s'ouvrent dans leur propre fil (plusieurs parties par salon)"), &[flag(w("on", "activé"), w("On: each game in its own thread; off: one game per channel", "Oui : chaque partie dans son fil ; non : une partie par salon")).required()]),
leaf(w("season", "saison"), w("How long a leaderboard season lasts (the all-time standings are kept too)", "La durée d'une saison du classement (le classement de toujours est gardé aussi)"), &[choice(w("length", "durée"), w("A month, a quarter or a year", "Un mois, un trimestre ou un an"), &[w("a month", "un mois"), w("a quarter (3 months)", "un trimestre"), w("a year", "un an")]).required()]),
leaf(w("reminders", "rappels"), w("How often the player to move is reminded until the turn's time is up", "Tous les combien le joueur dont c'est le tour reçoit un rappel, jusqu'à la fin du temps"), &[text(w("every", "fréquence"), w("Every 12h, 1d… or off: once, at half the turn's time", "Toutes les 12h, 1d… ou off : une fois, à la moitié du temps du tour"), 40).required()]),
leaf(w("calendar", "calendrier"), w("The server's calendar: its time zone, and days the turn clocks stop (weekends, holidays)", "Le calendrier du serveur : son fuseau, et les jours où les compteurs s'arrêtent"), &[text(w("time-zone", "fuseau"), w("The server's time zone, e.g. Europe/Paris or America/Toronto", "Le fuseau horaire du serveur, par ex. Europe/Paris ou America/Montreal"), 64), flag(w("weekends", "week-ends"), w("Turn clocks stop on Saturdays and Sundays", "Les compteurs s'arrêtent le samedi et le dimanche")), text(w("holidays", "congés"), w("Days off: 2026-12-24, ranges as 2026-12-19..2027-01-03, or none", "Jours de congé : 2026-12-24, périodes comme 2026-12-19..2027-01-03, ou none"), 1000)]),
leaf(w("away-days", "jours-absence"), w("How many days a month each person may be away (/away), 0 to 31", "Combien de jours par mois chacun peut être absent (/away), de 0 à 31"), &[int(w("days", "jours"), w("Days a month, 0 to 31 (0: nobody may pause their clocks)", "Jours par mois, de 0 à 31 (0 : personne ne peut arrêter ses compteurs)"), 0, 31).required()]),
leaf(w("tidy", "ménage"), w("Tidying: lobbies nobody starts close, games nobody plays end (no ratings)", "Ménage : les salons d'attente non lancés ferment, les parties sans activité se terminent"), &[text(w("lobby", "attente"), w("Close a lobby nobody started after 48h, 3d… or off", "Fermer un salon d'attente non lancé après 48h, 3d… ou off"), 40), text(w("idle", "inactivité"), w("End a game nobody has played for 14d, 30d… or off", "Terminer une partie où personne n'a joué depuis 14d, 30d… ou off"), 40)]),
leaf(w("puzzle", "énigme"), w("A channel that receives the day's puzzles every morning (leave it empty to stop)", "Un salon qui reçoit les énigmes du jour chaque matin (laisser vide pour arrêter)"), &[text_channel(w("channel", "salon"), w("The channel (leave empty to stop the daily post)", "Le salon (laisser vide pour arrêter)")), number(w("hour", "heure"), w("The hour, in the server's time zone (default 8)", "L'heure, dans le fuseau du serveur (par défaut 8)"))]),
leaf(w("card", "carte"), w("Set a Fill in the Blanks card (slot 1–4): an effect of §6 with your number and text", "Créer une carte à compléter (place 1–4) : un effet du §6 avec votre nombre et texte"), &[int(w("slot", "place"), w("Slot 1 to 4", "Place 1 à 4"), 1, 4).required(), choice(w("effect", "effet"), w("What the card does", "Ce que fait la carte"), &[w("send a pawn to N", "envoyer un pion sur N"), w("Keeper: add or subtract N", "à garder : ajouter ou retirer N"), w("Keeper: send pawns within N back", "à garder : renvoyer les pions à N cases"), w("above N subtract N, below add N", "au-dessus de N retirer N, en dessous ajouter N"), w("above N back 10, below double", "au-dessus de N reculer de 10, en dessous doubler"), w("roll again", "rejouer"), w("reverse the digits", "inverser les chiffres"), w("switch two pawns", "échanger deux pions"), w("advance to the nearest pawn", "avancer jusqu'au pion le plus proche"), w("reverse to the nearest pawn", "reculer jusqu'au pion le plus proche"), w("steal a Keeper", "voler une carte"), w("Keeper: curse", "à garder : malédiction")]).required(), number(w("number", "nombre"), w("The card's number (the N of the effect)", "Le nombre de la carte (le N de l'effet)")), text(w("text", "texte"), w("The text printed on the card (default: the effect's text)", "Le texte de la carte (par défaut : celui de l'effet)"), 120)]),
leaf(w("card-clear", "carte-retirer"), w("Remove a Fill in the Blanks card", "Retirer une carte à compléter"), &[int(w("slot", "place"), w("Slot 1 to 4", "Place 1 à 4"), 1, 4).required()]),
group(w("me", "moi"), w("Your own settings (only for you)", "Vos réglages à vous (pour vous seul)"), &[
leaf(w("palette", "palette"), w("How your own pictures are drawn (your hand, private boards)", "Comment vos images à vous sont dessinées (votre main, les plateaux privés)"), &[choice(w("colours", "couleurs"), w("Standard colours, colours for colour-blind eyes, or as the server draws", "Couleurs standard, couleurs pour les daltoniens, ou comme le serveur"), &[w("standard colours", "couleurs standard"), w("colours for colour-blind eyes", "couleurs pour les daltoniens"), w("as the server draws them", "comme le serveur")]).required(), flag(w("marks", "formes"), w("Also mark each factor with a shape, so the board reads without colour", "Marquer aussi chaque facteur d'une forme, pour lire le plateau sans les couleurs"))]),
]),
]).guild_only(),
leaf(w("mygames", "mesparties"), w("Every game in this server waiting on you, then your other games (only you see it)", "Les parties de ce serveur qui vous attendent, puis vos autres parties (pour vous seul)"), &[]).guild_only(),
leaf(w("notify", "notifications"), w("How and when you are told it is your turn: ping, DM or nothing; quiet hours; a digest", "Comment on vous prévient de votre tour : mention, MP ou rien, heures calmes, récapitulatif"), &[choice(w("how", "comment"), w("A ping in the channel (default), a direct message, or nothing", "Une mention dans le salon (par défaut), un message privé, ou rien"), &[w("a ping in the game's channel or thread", "une mention dans le salon ou le fil de la partie"), w("a direct message", "un message privé"), w("nothing (I check /mygames)", "rien (je consulte /mygames)")]), text(w("time-zone", "fuseau"), w("Your time zone, e.g. Europe/Paris or America/Toronto", "Votre fuseau horaire, par ex. Europe/Paris ou America/Montreal"), 64), text(w("quiet", "calme"), w("Quiet hours, e.g. 22:00-07:00 (pings silent, reminders wait), or off", "Heures calmes, par ex. 22:00-07:00 (mentions silencieuses, rappels en attente), ou off"), 40), text(w("digest", "récap"), w("A daily direct message of the games waiting on you, at this hour (e.g. 8), or off", "Un message privé quotidien des parties qui vous attendent, à cette heure (par ex. 8), ou off"), 20)]),
leaf(w("away", "absent"), w("Stop the turn clocks of your games here for a while: 3d, until 2026-12-03, or off", "Arrêter un temps les compteurs de vos parties ici : 3d, jusqu'au 2026-12-03, ou off"), &[text(w("time", "durée"), w("How long (3d, 12h, 1w), until a date (until 2026-12-03), or off when back", "Combien de temps (3d, 12h, 1w), jusqu'à une date (until 2026-12-03), ou off au retour"), 40).required()]).guild_only(),
];

/// What a suggestion offered as a person types says (`session::suggest`).
pub fn suggestion_label(
    s: &crate::session::Suggestion,
    game: Option<&crate::climb::Game>,
    lang: crate::lang::Lang,
) -> String {
    use crate::session::Suggestion as S;
    match s {
        S::Word(w) => w.clone(),
        S::Move { outcome, pawns } => super::climb::pawns_outcome_line(outcome, *pawns, lang)
            .trim_start()
            .to_string(),
        S::Keeper { value, card } => match game {
            Some(game) => format!("{value} · {}", super::climb::card_name(game, *card, lang)),
            None => value.clone(),
        },
        S::Cards { number, cards } => format!("{number} ({cards})"),
    }
}
