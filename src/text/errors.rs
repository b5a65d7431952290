//! Every refusal, said to the person who caused it, in their language: built from the
//! typed errors of the engines and the session (never from English text). English comes
//! from the errors' own messages; French is written here.

use super::climb::roll_words;
use super::{capitalise, counted, list, Lang};
use crate::climb::notation::ParseError;
use crate::climb::ops::ArithError;
use crate::climb::{CustomCardError, OptionsError, RuleError, StepError};
use crate::session::{
    CardNumber, GameKind, KeeperError, Permission, RequestError, SessionError, SettingError,
};

/// What a refused request says to the player who made it, as a sentence.
pub fn refusal(e: &SessionError, lang: Lang) -> String {
    let text = match lang {
        Lang::En => english(e),
        Lang::Fr => french(e),
    };
    capitalise(&text)
}

/// The English refusal: the errors' own messages, except where they speak of internals.
fn english(e: &SessionError) -> String {
    match e {
        SessionError::NotAllowed(p) => match p {
            Permission::EndGame => "only the game's creator or a moderator can end it".into(),
            Permission::ChangeSettings => {
                "only moderators (Manage Server) and the server's teacher role can change settings"
                    .into()
            }
            Permission::StartGame => {
                "only a player in the lobby, its creator or a moderator can start the game".into()
            }
            Permission::ChangeSeats => {
                "only a player in the lobby, its creator or a moderator can change the seats".into()
            }
            Permission::ClassTools => super::class::teachers_only(Lang::En).into(),
        },
        SessionError::Class(r) => super::class::refusal(r, Lang::En),
        SessionError::InThreads(threads) => format!(
            "this channel's games are played in their own threads: {}. Use the command in your game's thread",
            thread_links(threads, Lang::En)
        ),
        SessionError::OtherGame(kind) => format!(
            "this channel's game is {}: use its own commands ({})",
            super::lobby::title(*kind),
            commands_of(*kind)
        ),
        SessionError::LobbyClosed => super::bot::lobby_closed(Lang::En).into(),
        SessionError::Store(e) if e.unavailable() => {
            "the game's database is not answering just now: nothing could be saved, and \
             nothing was changed. Try again in a moment"
                .into()
        }
        SessionError::Store(_) => {
            "something went wrong on our side, and nothing was changed: try again in a moment"
                .into()
        }
        SessionError::Setting(SettingError::CardNumber { what, min, max }) => format!(
            "this card needs a number: {} from {min} to {max}",
            match what {
                CardNumber::Space => "the space",
                CardNumber::N => "N",
                CardNumber::Distance => "the distance",
                CardNumber::Threshold => "the threshold",
            }
        ),
        other => other.to_string(),
    }
}

/// Discord links to threads, the first ten: "<#1>, <#2> and 3 more".
fn thread_links(threads: &[i64], lang: Lang) -> String {
    const SHOWN: usize = 10;
    let mut links: Vec<String> = threads
        .iter()
        .take(SHOWN)
        .map(|t| format!("<#{t}>"))
        .collect();
    if threads.len() > SHOWN {
        links.push(counted(
            lang,
            (threads.len() - SHOWN) as i64,
            ("more", "more"),
            ("autre", "autres"),
        ));
    }
    list(lang, &links)
}

fn commands_of(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Climb => "/climb",
        GameKind::Daifugo => "/daifugo",
    }
}

fn french(e: &SessionError) -> String {
    match e {
        SessionError::InThreads(threads) => format!(
            "les parties de ce salon se jouent chacune dans son fil : {}. Tapez la commande dans le fil de votre partie",
            thread_links(threads, Lang::Fr)
        ),
        SessionError::Rule(r) => rule_error(r, Lang::Fr),
        SessionError::Daifugo(r) => daifugo_error_fr(r),
        SessionError::ClimbOptions(o) => climb_options_fr(o),
        SessionError::DaifugoOptions(o) => daifugo_options_fr(o),
        SessionError::Request(r) => request_fr(r),
        SessionError::Keeper(k) => keeper_fr(k),
        SessionError::Setting(s) => setting_fr(s),
        SessionError::OtherGame(kind) => format!(
            "la partie de ce salon est {} : utilisez ses propres commandes ({})",
            super::lobby::title(*kind),
            commands_of(*kind)
        ),
        SessionError::NoGame => {
            "il n'y a pas de partie ici : lancez-en une avec /climb start ou /daifugo start".into()
        }
        SessionError::ChannelBusy => {
            "une partie est déjà ouverte ici : rejoignez-la, ou terminez-la d'abord".into()
        }
        SessionError::NotStarted => {
            "la partie n'a pas encore commencé : elle commence quand quelqu'un appuie sur Démarrer"
                .into()
        }
        SessionError::AlreadyStarted => {
            "la partie a déjà commencé : on ne peut plus rejoindre ni quitter le salon".into()
        }
        SessionError::AlreadyJoined => "vous êtes déjà dans cette partie".into(),
        SessionError::NotInGame => "vous ne jouez pas dans cette partie".into(),
        SessionError::LobbyFull { max } => format!("la table est complète ({max} joueurs au plus)"),
        SessionError::NoSuchAi => "il n'y a pas d'IA à retirer".into(),
        SessionError::NotYourTurn { name } => {
            format!("c'est au tour {}, pas au vôtre", super::de(name))
        }
        SessionError::AiTurn { name } => format!(
            "c'est au tour {}, une IA : elle joue toute seule",
            super::de(name)
        ),
        SessionError::NotAllowed(p) => match p {
            Permission::EndGame => {
                "seul le créateur de la partie ou un modérateur peut la terminer".into()
            }
            Permission::ChangeSettings => {
                "seuls les modérateurs (Gérer le serveur) et le rôle enseignant peuvent changer les réglages"
                    .into()
            }
            Permission::StartGame => {
                "seul un joueur du salon, son créateur ou un modérateur peut démarrer la partie"
                    .into()
            }
            Permission::ChangeSeats => {
                "seul un joueur du salon, son créateur ou un modérateur peut changer les places"
                    .into()
            }
            Permission::ClassTools => super::class::teachers_only(Lang::Fr).into(),
        },
        SessionError::Moved => {
            "le plateau a changé : quelqu'un a joué avant vous, et rien n'a été modifié ; voici le plateau actuel"
                .into()
        }
        SessionError::NoSuchChoice { n, count } => {
            format!("il n'y a pas de choix {n} : choisissez de 1 à {count}")
        }
        SessionError::NothingToChoose => "il n'y a rien à choisir maintenant".into(),
        SessionError::BadName => format!(
            "un nom compte de 1 à {} caractères",
            crate::session::MAX_NAME_CHARS
        ),
        SessionError::GameOver => "la partie est terminée".into(),
        SessionError::AwayQuota {
            asked,
            left,
            per_month,
        } => format!(
            "cela fait {asked} jours d'absence, et ce serveur en permet {per_month} par mois : il vous en reste {left} ce mois-ci"
        ),
        SessionError::NotAPlayer => {
            "seuls les joueurs de cette partie peuvent demander une revanche".into()
        }
        SessionError::NotOver => "une revanche, c'est pour une partie terminée".into(),
        SessionError::RematchStarted => "la revanche a déjà commencé".into(),
        SessionError::PuzzleUnfinished => {
            "un coup entier est demandé : utilisez les deux dés, par ex. 14 x3 +5".into()
        }
        SessionError::PuzzleSpaces(w) => format!(
            "`{w}` n'est pas une liste de cases : séparez-les par des espaces ou des virgules, par ex. 12 17 40"
        ),
        SessionError::LobbyClosed => super::bot::lobby_closed(Lang::Fr).into(),
        SessionError::Class(r) => super::class::refusal(r, Lang::Fr),
        SessionError::PuzzleNumber(w) => {
            format!("`{w}` n'est pas un nombre : écrivez le nombre premier, par ex. 523")
        }
        SessionError::ReviewAfterGame => {
            "l'analyse vient quand la partie est finie : d'ici là, /climb hint aide pour le tour en cours".into()
        }
        SessionError::NoCustomCards => {
            "ce serveur n'a pas encore de cartes personnalisées : un modérateur les ajoute avec /settings card"
                .into()
        }
        SessionError::Store(e) if e.unavailable() => {
            "la base de données de la partie ne répond pas pour le moment : rien n'a pu être \
             enregistré, et rien n'a été modifié. Réessayez dans un instant"
                .into()
        }
        SessionError::Store(_) => {
            "un problème de notre côté : rien n'a été modifié, réessayez dans un instant".into()
        }
    }
}

fn climb_options_fr(e: &OptionsError) -> String {
    match e {
        OptionsError::SolitairePlayers(n) => {
            format!("le solitaire se joue seul, pas à {n}")
        }
        OptionsError::SolitaireDecline => {
            "le solitaire se joue en montée (Solitaire 1) ou en aller-retour (Solitaire 2), pas en descente"
                .into()
        }
        OptionsError::PlayerCount(n) => format!(
            "cette partie se joue de 2 à 4 joueurs, pas {n}{}",
            if *n == 1 {
                " (seul : choisissez solitaire)"
            } else {
                ""
            }
        ),
        OptionsError::NoStations => "choisissez au moins une étape".into(),
        OptionsError::BadStation(s) => format!(
            "{s} ne peut pas être une étape : les étapes sont des nombres premiers entre 30 et 80"
        ),
        OptionsError::StationTwice => "chaque étape ne se choisit qu'une fois".into(),
        OptionsError::StationCount { max } => {
            format!("choisissez de 1 à {max} étapes au hasard")
        }
        OptionsError::TooManyCustomCards(n) => format!(
            "au plus {} cartes personnalisées (et non {n})",
            crate::climb::options::MAX_CUSTOM_CARDS
        ),
        OptionsError::CustomCard(c) => custom_card_fr(c),
        OptionsError::DoublesWithOneDie => {
            "un seul dé ne fait jamais de double, la règle des doubles (doubles-may) n'a donc rien à faire : choisissez l'une ou l'autre".into()
        }
    }
}

fn custom_card_fr(e: &CustomCardError) -> String {
    match e {
        CustomCardError::Text => {
            "une carte personnalisée demande un texte de 1 à 120 caractères".into()
        }
        CustomCardError::Numbers(text) => {
            format!("les nombres de la carte personnalisée « {text} » ne vont pas avec le plateau")
        }
    }
}

fn daifugo_options_fr(e: &crate::daifugo::OptionsError) -> String {
    use crate::daifugo::OptionsError as O;
    match e {
        O::PlayerCount(n) => format!("Prime Daifugo se joue à 2 ou 3 joueurs, pas {n}"),
        O::SkipNeedsThree => "les cartes SKIP ne servent qu'à exactement 3 joueurs".into(),
        O::GamesToWin(n) => format!(
            "un match se gagne en 1 à {} parties, pas {n}",
            crate::daifugo::options::MAX_GAMES_TO_WIN
        ),
        O::HandLimit(n) => format!(
            "la limite de main doit être d'au moins {} cartes (la donne), pas {n}",
            crate::daifugo::options::DEAL
        ),
    }
}

fn request_fr(e: &RequestError) -> String {
    match e {
        RequestError::UnknownVariant(w) => format!(
            "`{w}` n'est pas une variante : choisissez parmi standard, double-time, sprint, decline, there-and-back, way-stations[=N ou =31/37], solitaire, solitaire2, doubles-may, blanks, one-die, one-pawn, add-subtract, hints"
        ),
        RequestError::DueDate(w) => format!(
            "`{w}` n'est pas une échéance : écrivez 3d, 1w, 2026-12-01 ou 2026-12-01 14:30 (UTC)"
        ),
        RequestError::DueInPast(w) => format!("`{w}` est déjà passé : l'échéance est dans le futur"),
        RequestError::DueTooLate(w) => format!("`{w}` est à plus d'un an"),
        RequestError::ReportDate(w) => format!(
            "`{w}` n'est pas une date : écrivez 2026-11-01, ou 30d pour il y a trente jours"
        ),
        RequestError::UnknownLook(w) => format!(
            "`{w}` n'est pas une façon de dessiner les images : choisissez parmi standard, colour-blind (daltonien), marks (formes), par ex. colour-blind+marks"
        ),
        RequestError::CourseConflict(a, b) => format!(
            "`{a}` et `{b}` ne vont pas ensemble : une partie va dans un seul sens"
        ),
        RequestError::StationList(w) => format!(
            "`{w}` : écrivez les étapes en nombres premiers séparés par /, par ex. way-stations=31/37"
        ),
        RequestError::StationCount(w) => {
            format!("`{w}` : écrivez combien d'étapes, par ex. way-stations=3")
        }
        RequestError::UnknownDaifugoOption(w) => format!(
            "`{w}` n'est pas une option de Prime Daifugo : choisissez parmi basic, advanced, zero, 5/9, 4/6/8, skip, hand-limit[=N], games=N"
        ),
        RequestError::HandLimit(w) => format!("`{w}` : écrivez la limite, par ex. hand-limit=13"),
        RequestError::GamesToWin(w) => {
            format!("`{w}` : écrivez le nombre de parties à gagner, par ex. games=3")
        }
        RequestError::Level(l) => format!(
            "`{}` n'est pas un niveau d'IA (facile, moyenne ou forte : easy, medium, hard)",
            l.0
        ),
        RequestError::TooManyAi => "au plus 8 IA à la fois".into(),
        RequestError::Duration(w) => {
            format!("`{w}` n'est pas une durée : écrivez 30m, 12h, 2j (ou off)")
        }
        RequestError::DurationRange(w) => format!(
            "un temps par tour va d'une minute à 14 jours (ou off), pas `{w}`"
        ),
        RequestError::NotACommand(w) => {
            format!("`{w}` n'est pas une commande : tapez `aide` pour la liste")
        }
        RequestError::NothingAfter(w, extra) => {
            format!("`{w}` ne prend rien après lui (pas `{extra}`) : tapez `{w}` seul")
        }
        RequestError::BoardWord(w, extra) => {
            format!("`{w}` prend `texte` ou rien après lui, pas `{extra}`")
        }
        RequestError::MissingKeeper(w) => format!(
            "`{w}` demande la carte à jouer, par ex. `{w} +5 14`, `{w} within 40` ou `{w} curse 2`"
        ),
        RequestError::ChooseNumber => {
            "`choose` demande le numéro d'un choix, par ex. `choose 1`".into()
        }
        RequestError::HintOption(n) => {
            format!("{n} coups : un indice montre de 1 à 5 coups")
        }
        RequestError::ReportSpan(a, b) => format!(
            "`{a}` est après {} : un bilan va d'une date à une date plus tardive",
            b.as_deref()
                .map_or("aujourd'hui".to_string(), |b| format!("`{b}`"))
        ),
        RequestError::HintCount(w) => format!(
            "`{w}` : après `hint`, le nombre de coups à montrer, de 1 à 10, par ex. `hint 3`"
        ),
        RequestError::UnknownGame(w) => format!(
            "`{w}` n'est pas un jeu ici : jouez `climb` (Prime Climb) ou `daifugo` (Prime Daifugo)"
        ),
        RequestError::UnknownTimeZone(w) => format!(
            "`{w}` n'est pas un fuseau horaire : écrivez son nom, comme Europe/Paris, America/Montreal ou UTC"
        ),
        RequestError::QuietHours(w) => format!(
            "`{w}` ne sont pas des heures calmes : écrivez 22:00-07:00 (elles peuvent passer minuit), ou off"
        ),
        RequestError::DigestHour(w) => format!(
            "`{w}` n'est pas une heure pour le récapitulatif : écrivez 8, 08:00 ou 19h (une heure pile), ou off"
        ),
        RequestError::Holidays(w) => format!(
            "`{w}` n'est pas un jour de congé : écrivez les dates comme 2026-12-24, les périodes comme 2026-12-19..2027-01-03, ou none"
        ),
        RequestError::TooManyHolidays => "au plus un an de jours de congé".into(),
        RequestError::AwaySpan(w) => format!(
            "`{w}` n'est pas une absence : écrivez 3d, 12h, 1w ou jusqu'au 2026-12-03 (ou off)"
        ),
        RequestError::AwayPast(w) => {
            format!("`{w}` est déjà passé : une absence se termine dans le futur")
        }
        RequestError::AwayTooLong { asked, max_days } => format!(
            "`{asked}`, c'est trop long : au plus {max_days} jours d'absence d'un coup"
        ),
        RequestError::LobbyHours(w) => format!(
            "`{w}` : un salon d'attente ferme après un nombre entier d'heures, de 1h à 30d (ou off) ; `{w}` n'est pas arrondi"
        ),
        RequestError::IdleDays(w) => format!(
            "`{w}` : une partie sans activité se termine après un nombre entier de jours, de 1d à 365d (ou off) ; `{w}` n'est pas arrondi"
        ),
        RequestError::TidyUnit(w) => {
            format!("`{w}` n'est pas un nombre entier de l'unité de ce réglage")
        }
        RequestError::TidyRange(w) => format!(
            "`{w}` est hors limites : un salon d'attente ferme après 1 heure à 30 jours, une partie sans activité se termine après 1 à 365 jours (ou off)"
        ),
        RequestError::PuzzleHour(w) => format!("`{w}` : l'heure de l'énigme va de 0 à 23"),
        RequestError::AwayDays(w) => {
            format!("`{w}` : les jours d'absence par mois vont de 0 à 31")
        }
    }
}

fn keeper_fr(e: &KeeperError) -> String {
    match e {
        KeeperError::NotASpace { target, keeper } => format!(
            "`{target}` n'est pas une case : désignez votre pion par sa case, par ex. `play {keeper} 14`"
        ),
        KeeperError::WhichPawn { keeper, example } => {
            format!("quel pion ? ajoutez sa case, par ex. `play {keeper} {example}`")
        }
        KeeperError::WhomToCurse => {
            "qui maudire ? ajoutez le nom ou le numéro d'un joueur, par ex. `play curse 2`".into()
        }
        KeeperError::NoPlayerCalled(t) => format!("aucun joueur ne s'appelle `{t}`"),
        KeeperError::SeveralPlayers(t) => {
            format!("`{t}` peut désigner plusieurs joueurs : écrivez son numéro")
        }
        KeeperError::NotAKeeper(k) => format!(
            "`{k}` n'est pas une carte à garder : écrivez +N ou -N (votre carte ±N), within ou curse"
        ),
    }
}

fn setting_fr(e: &SettingError) -> String {
    match e {
        SettingError::CardNumber { what, min, max } => format!(
            "cette carte demande un nombre : {} de {min} à {max}",
            match what {
                CardNumber::Space => "la case",
                CardNumber::N => "N",
                CardNumber::Distance => "la distance",
                CardNumber::Threshold => "le seuil",
            }
        ),
        SettingError::CustomCard(c) => custom_card_fr(c),
        SettingError::Slot(n) => format!(
            "les cartes personnalisées ont les places 1 à {}, pas {n}",
            crate::session::MAX_CUSTOM_CARDS
        ),
    }
}

/// An engine error of Prime Climb, in `lang` (the terminal's `moves` and the sessions).
pub fn rule(e: &RuleError, lang: Lang) -> String {
    capitalise(&rule_error(e, lang))
}

fn step_error(e: &StepError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        StepError::Arith(a) => match *a {
            ArithError::OffBoard {
                from,
                op,
                value,
                result,
            } => format!("{from} {}{value} = {result} sort du plateau", op.symbol()),
            ArithError::NotExact { from, value } => {
                format!("{from} /{value} ne tombe pas juste")
            }
        },
        StepError::DieNotRolled { die, roll } => format!(
            "vous n'avez pas fait de {die} (vous avez fait {})",
            roll_words(*roll, lang)
        ),
        StepError::DieUsedUp { die } => format!("le {die} est déjà utilisé"),
        StepError::NoUsesLeft => "tous les dés sont déjà utilisés".into(),
        StepError::NoPawnOn(s) => format!("vous n'avez pas de pion sur {s}"),
        StepError::NoSuchPawn(n) => format!("il n'y a pas de pion numéro {n}"),
        StepError::PawnHome => "ce pion est déjà arrivé".into(),
        StepError::NoPawnNamed => "nommez d'abord un pion par sa case, par exemple `14 +3`".into(),
        StepError::Cursed => "vous êtes maudit ce tour-ci : seulement soustraire ou diviser".into(),
        StepError::AddSubtractOnly(op) => format!(
            "dans cette partie, on additionne et on soustrait seulement : jouez + ou −, pas {}",
            op.math_symbol()
        ),
        StepError::CursedSubtractOnly => {
            "vous êtes maudit ce tour-ci : dans une partie d'additions et de soustractions, vous pouvez seulement soustraire".into()
        }
        StepError::NotForced { die } => format!(
            "le {die} peut encore être joué : il ne peut pas renvoyer un pion au départ (§3.2)"
        ),
        StepError::KeeperNotHeld => "vous n'avez pas cette carte".into(),
        StepError::KeeperDrawnThisTurn => {
            "une carte ne se joue pas au tour où elle est piochée".into()
        }
        StepError::KeeperMismatch => "cette carte ne se joue pas ainsi".into(),
        StepError::CurseSelf => "vous ne pouvez pas vous maudire vous-même".into(),
        StepError::AlreadyCursed => {
            "ce joueur est déjà maudit (les malédictions ne se cumulent pas)".into()
        }
        StepError::StationsFirst(list) => {
            let l: Vec<String> = list.iter().map(u8::to_string).collect();
            format!(
                "passez d'abord par chaque étape (il reste : {})",
                self::list(Lang::Fr, &l)
            )
        }
        StepError::NoSuchPlayer(seat) => format!("il n'y a pas de joueur {}", seat + 1),
    }
}

fn parse_error(e: &ParseError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ParseError::Empty => "écrivez un coup, par exemple `14 -3 x9`".into(),
        ParseError::TooLong => format!(
            "ce coup est trop long ({} caractères au plus)",
            crate::climb::notation::MAX_LEN
        ),
        ParseError::Unexpected(w) => format!(
            "`{w}` ne fait pas partie d'un coup : nommez un pion par sa case, puis des pas comme +3, -3, x3, /3 (ou k+5 pour une carte)"
        ),
        ParseError::NotADie { text } => format!("`{text}` : les dés vont de 1 à 10"),
        ParseError::NotASpace(w) => format!("`{w}` n'est pas une case (de 0 à 101)"),
        ParseError::MissingNumber(w) => format!("`{w}` : il manque un nombre après le signe"),
        ParseError::BadKeeper(w) => format!(
            "`{w}` : une carte s'écrit k+N, k-N, kw ou kcP (P = numéro du joueur)"
        ),
    }
}

fn rule_error(e: &RuleError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        RuleError::GameOver => "la partie est terminée".into(),
        RuleError::NotYourTurn => "ce n'est pas votre tour".into(),
        RuleError::NoSuchSeat(s) => format!("il n'y a pas de place {s}"),
        RuleError::PlayerCount { min, max, got } => {
            format!("cette partie se joue de {min} à {max} joueurs, pas {got}")
        }
        RuleError::Options(o) => climb_options_fr(o),
        RuleError::NotASpace(s) => format!("{s} n'est pas une case (les cases vont de 0 à 101)"),
        RuleError::NoSuchKeeper => "le paquet n'a plus d'exemplaire de cette carte".into(),
        RuleError::Step(s) => step_error(s, lang),
        RuleError::AtStep { step, error } => {
            format!("pas {step} : {}", step_error(error, lang))
        }
        RuleError::Parse(p) => parse_error(p, lang),
        RuleError::UsesLeft(v) => {
            let l: Vec<String> = v.iter().map(u8::to_string).collect();
            format!(
                "le déplacement n'est pas fini : il reste {} à jouer",
                list(Lang::Fr, &l)
            )
        }
        RuleError::ChoicePending(_) => "répondez d'abord à la carte piochée".into(),
        RuleError::NoChoicePending => "aucune carte n'attend de choix".into(),
        RuleError::InvalidChoice => "ce n'est pas un des choix de la carte".into(),
        RuleError::DrawMidMove { step } => {
            format!("le pas {step} fait piocher une carte (Double Time) : la suite attend la carte")
        }
        RuleError::NothingToUndo => "rien à annuler ce tour-ci".into(),
        RuleError::CardSeen => {
            "une carte a été piochée ce tour-ci : le coup ne peut plus être repris".into()
        }
        RuleError::LastMoveCardSeen => {
            "une carte a été piochée pendant votre dernier coup : il ne peut plus être repris"
                .into()
        }
        RuleError::NothingToTakeBack => {
            "vous n'avez pas de coup à reprendre : le joueur suivant a déjà joué".into()
        }
        RuleError::AlreadyResigned => "vous avez déjà quitté cette partie".into(),
    }
}

/// A Prime Daifugo engine error in French.
fn daifugo_error_fr(e: &crate::daifugo::RuleError) -> String {
    use crate::daifugo::{PlayError as P, RuleError as R};
    match e {
        R::MatchOver => "le match est terminé".into(),
        R::NotYourTurn => "ce n'est pas votre tour".into(),
        R::NoSuchSeat(s) => format!("il n'y a pas de place {s}"),
        R::Options(o) => daifugo_options_fr(o),
        R::NoMoreCards(c) => format!("le paquet n'a plus de carte {c}"),
        R::AlreadyDrew => {
            "vous avez déjà pioché ce tour-ci (une pioche ou une carte D par tour)".into()
        }
        R::HandFull(n) => {
            format!("votre main a atteint la limite de {n} cartes : vous ne pouvez pas piocher")
        }
        R::NotAD => "vous n'avez pas de carte D".into(),
        R::DiscardFirst => "défaussez d'abord une carte (carte D : défaussez-en 1)".into(),
        R::NoDiscardPending => "il n'y a rien à défausser maintenant".into(),
        R::NotInHand => "cette carte n'est pas dans votre main".into(),
        R::NoSkipInGame => "SKIP n'est pas utilisé dans cette partie".into(),
        R::NoSkipInHand => "vous n'avez pas de SKIP".into(),
        R::SkipLast => {
            "SKIP ne peut pas être votre dernière carte : on ne gagne pas avec SKIP".into()
        }
        R::MustDraw => "SKIP est votre seule carte : piochez d'abord".into(),
        R::Parse(p) => match p {
            crate::daifugo::ParseError::Empty => {
                "écrivez les cartes à jouer, par ex. `3 10`, ou skip, pass, draw, d".into()
            }
            crate::daifugo::ParseError::BadValue(w) => {
                format!("`{w}` : écrivez la valeur après les deux-points, par ex. 5/9:9")
            }
            crate::daifugo::ParseError::NotACard(w) => format!(
                "`{w}` n'est pas une carte : écrivez des nombres comme `3 10`, `5/9:9`, ou skip, pass, draw, d"
            ),
            crate::daifugo::ParseError::NoSuchCard(n) => format!("il n'y a pas de carte [{n}]"),
            crate::daifugo::ParseError::NotAMultiCard(w) => format!(
                "`{w}` n'est pas une carte : les cartes multiples sont 5/9 et 4/6/8"
            ),
            crate::daifugo::ParseError::DiscardOne => {
                "défaussez une seule carte, par ex. `discard 4`".into()
            }
        },
        R::Play(p) => match p {
            P::CardCount => "jouez de 1 à 3 cartes".into(),
            P::NotInHand(k) => format!("vous n'avez pas de {k} dans votre main"),
            P::NoSuchCard => "cette carte n'est pas dans votre main".into(),
            P::Duplicate => "chaque carte ne se joue qu'une fois".into(),
            P::NotANumber(k) => format!("{k} n'est pas une carte nombre"),
            P::ValueNeeded { card } => {
                format!("dites quelle valeur prend la carte {card}, par ex. `5/9:9`")
            }
            P::BadValue { card, value } => format!("la carte {card} ne peut pas valoir {value}"),
            P::ZeroFirst => "[0] ne peut jamais être le premier chiffre".into(),
            P::ThreeCardTwoDigits(k) => format!(
                "les coups à trois cartes n'utilisent que des cartes à un chiffre ({k} en a deux)"
            ),
            P::ThreeCardIcon => {
                "un coup à trois cartes demande une carte avec l'icône trois cartes".into()
            }
            P::FollowCount { count, play } => format!(
                "suivez avec {} (le coup en jeu est {play})",
                counted(Lang::Fr, *count as i64, ("carte", "cartes"), ("carte", "cartes"))
            ),
            P::NotLarger { number, play } => format!("{number} n'est pas plus grand que {play}"),
        },
    }
}
