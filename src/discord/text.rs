//! Every message the bot writes about a game, in English and French: the story of a
//! turn, whose turn it is, card names, card choices, durations and every error a player
//! can cause. Only words here: what happened comes from the engine's events and the
//! session's views.

use super::locale::Lang;
use crate::climb::notation::ParseError;
use crate::climb::ops::ArithError;
use crate::climb::{
    ActionEffect, CardChoice, CardId, Course, Effect, Event, Game, KeeperEffect, KeeperPlay,
    PawnRef, RuleError, Seat, StepError,
};
use crate::session::SessionError;

/// `format!` in the language asked for.
macro_rules! tr {
    ($lang:expr, $en:literal, $fr:literal $(, $arg:expr)* $(,)?) => {
        match $lang {
            Lang::En => format!($en $(, $arg)*),
            Lang::Fr => format!($fr $(, $arg)*),
        }
    };
}
pub(crate) use tr;

/// A list in words: "3", "3 and 9", "2, 3 and 9" / "3 et 9".
pub fn list(lang: Lang, items: &[String]) -> String {
    let and = lang.text("and", "et");
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {and} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// A card's short name ("Roll again!", "±5 Keeper", custom cards by their text).
pub fn card_name(game: &Game, card: CardId, lang: Lang) -> String {
    let Some(def) = game.cards.get(usize::from(card.0)) else {
        return lang.text("a card", "une carte").into();
    };
    if def.custom {
        return def.text.clone();
    }
    effect_name(&def.effect, lang)
}

/// The short name of an effect.
pub fn effect_name(effect: &Effect, lang: Lang) -> String {
    match lang {
        Lang::En => effect.short_name(),
        Lang::Fr => match *effect {
            Effect::Keeper(KeeperEffect::PlusMinus { n }) => format!("carte ±{n}"),
            Effect::Keeper(KeeperEffect::SendWithin { distance }) => {
                format!("renvoi à {distance} cases")
            }
            Effect::Keeper(KeeperEffect::Curse) => "malédiction".into(),
            Effect::Action(ActionEffect::RollAgain) => "Rejouez !".into(),
            Effect::Action(ActionEffect::ReverseDigits) => "inversez les chiffres".into(),
            Effect::Action(ActionEffect::Switch) => "échangez deux pions".into(),
            Effect::Action(ActionEffect::SendTo { space }) => format!("un pion sur {space}"),
            Effect::Action(ActionEffect::AddOrSubtract { amount, .. }) => format!("±{amount}"),
            Effect::Action(ActionEffect::BackOrMultiply { back, factor, .. }) => {
                format!("reculez de {back} ou ×{factor}")
            }
            Effect::Action(ActionEffect::AdvanceToNearest) => {
                "avancez jusqu'au pion le plus proche".into()
            }
            Effect::Action(ActionEffect::ReverseToNearest) => {
                "reculez jusqu'au pion le plus proche".into()
            }
            Effect::Action(ActionEffect::Steal) => "volez une carte".into(),
        },
    }
}

/// The full text of a card as printed (custom cards as written).
pub fn card_text(game: &Game, card: CardId, lang: Lang) -> String {
    let Some(def) = game.cards.get(usize::from(card.0)) else {
        return String::new();
    };
    if def.custom || lang == Lang::En {
        return def.text.clone();
    }
    match def.effect {
        Effect::Action(a) => match a {
            ActionEffect::RollAgain => "Rejouez !".into(),
            ActionEffect::ReverseDigits => "Inversez les chiffres de votre nombre".into(),
            ActionEffect::Switch => "Échangez deux pions sur le plateau".into(),
            ActionEffect::SendTo { space } => format!("Envoyez le pion de votre choix sur {space}"),
            ActionEffect::AddOrSubtract { threshold, amount } => format!(
                "Au-dessus de {threshold}, retirez {amount}. En dessous de {threshold}, ajoutez {amount}"
            ),
            ActionEffect::BackOrMultiply {
                threshold,
                back,
                factor,
            } => format!(
                "Au-dessus de {threshold}, reculez de {back} cases. En dessous de {threshold}, multipliez votre nombre par {factor}"
            ),
            ActionEffect::AdvanceToNearest => {
                "Avancez jusqu'au pion le plus proche devant vous. Renvoyez-le au départ".into()
            }
            ActionEffect::ReverseToNearest => {
                "Reculez jusqu'au pion le plus proche derrière vous. Renvoyez-le au départ".into()
            }
            ActionEffect::Steal => "Vous pouvez voler une carte à garder d'un autre joueur".into(),
        },
        Effect::Keeper(k) => match k {
            KeeperEffect::PlusMinus { n } => format!("Ajoutez ou retirez {n} à votre pion"),
            KeeperEffect::SendWithin { distance } => format!(
                "Renvoyez au départ tous les pions à {distance} cases ou moins de vous"
            ),
            KeeperEffect::Curse => "Jouez cette carte sur un adversaire : à son prochain tour, il ne peut que soustraire ou diviser".into(),
        },
    }
}

/// The word for Start (§1), or the goal in Prime Decline.
fn space_word(game: &Game, space: u8, lang: Lang) -> String {
    if space == 0 && game.options.course != Course::Decline {
        lang.text("Start", "départ").into()
    } else {
        space.to_string()
    }
}

fn name(game: &Game, seat: Seat) -> String {
    game.players
        .get(seat)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| "?".into())
}

/// A pawn in words: "your pawn on 37" for the actor's own, "Bo's pawn on 37" otherwise.
pub fn pawn_words(game: &Game, p: PawnRef, space: u8, me: Option<Seat>, lang: Lang) -> String {
    let at = space_word(game, space, lang);
    if Some(p.seat) == me {
        match lang {
            Lang::En => format!("their pawn on {at}"),
            Lang::Fr => format!("son pion sur {at}"),
        }
    } else {
        let who = name(game, p.seat);
        match lang {
            Lang::En => format!("{who}'s pawn on {at}"),
            Lang::Fr => format!("le pion de {who} sur {at}"),
        }
    }
}

/// The story of what a change did, one line per event worth telling (no turn header).
/// `actor` is the seat that acted: its pawns are "own".
pub fn story(game: &Game, events: &[Event], actor: Option<Seat>, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    let mut mover: Option<Seat> = actor;
    for event in events {
        let line = match *event {
            Event::TurnStarted { .. } | Event::MoveEnded { .. } | Event::PawnHome { .. } => None,
            Event::Stepped {
                seat,
                from,
                op,
                die,
                to,
                ..
            } => {
                mover = Some(seat);
                Some(format!("{from} {} {die} = {to}", op.math_symbol()))
            }
            Event::ForcedToStart {
                seat, from, die, ..
            } => {
                mover = Some(seat);
                Some(tr!(
                    lang,
                    "the {} has no legal use: the pawn on {} goes back (§3.2)",
                    "le {} ne peut pas être joué : le pion sur {} recule (§3.2)",
                    die,
                    from
                ))
            }
            Event::KeeperPlayed { seat, card, play } => {
                mover = Some(seat);
                match play {
                    // Told with the move it makes (KeeperMoved) or its target (Cursed).
                    KeeperPlay::PlusMinus { .. } | KeeperPlay::Curse { .. } => None,
                    KeeperPlay::SendWithin { pawn } => Some(tr!(
                        lang,
                        "plays “{}” around the pawn on {}",
                        "joue « {} » autour du pion sur {}",
                        card_name(game, card, lang),
                        game.players[seat].pawns[pawn]
                    )),
                }
            }
            Event::KeeperMoved { from, to, .. } => Some(tr!(
                lang,
                "Keeper {}{}: {} → {}",
                "carte {}{} : {} → {}",
                if to >= from { '+' } else { '−' },
                from.abs_diff(to),
                from,
                to
            )),
            Event::Cursed { target, .. } => Some(tr!(
                lang,
                "curses {}: only subtract or divide on their next turn",
                "maudit {} : seulement soustraire ou diviser à son prochain tour",
                name(game, target)
            )),
            Event::Turned { seat, .. } => Some(tr!(
                lang,
                "{}'s pawn reaches 101 and turns back",
                "le pion de {} atteint 101 et fait demi-tour",
                name(game, seat)
            )),
            Event::StationReached { seat, space } => Some(tr!(
                lang,
                "⚑ {} reaches way station {}",
                "⚑ {} atteint l'étape {}",
                name(game, seat),
                space
            )),
            Event::SentToStart { pawn, from } => Some(tr!(
                lang,
                "💥 {} goes back to {}",
                "💥 {} retourne {}",
                pawn_words(game, pawn, from, mover, lang),
                match (game.start_of(pawn), lang) {
                    (0, Lang::En) => "Start".to_string(),
                    (0, Lang::Fr) => "au départ".to_string(),
                    (s, Lang::En) => s.to_string(),
                    (s, Lang::Fr) => format!("sur {s}"),
                }
            )),
            Event::Undone => Some(
                lang.text("takes back the last step", "annule le dernier pas")
                    .into(),
            ),
            Event::Drew { card, .. } => Some(tr!(
                lang,
                "draws “{}”",
                "pioche « {} »",
                card_name(game, card, lang)
            )),
            Event::Reshuffled => Some(
                lang.text(
                    "the discard pile is shuffled into a new draw pile",
                    "la défausse est mélangée : nouvelle pioche",
                )
                .into(),
            ),
            Event::DeckEmpty => Some(
                lang.text("no card left to draw", "plus aucune carte à piocher")
                    .into(),
            ),
            Event::ChoiceNeeded { .. } => None,
            Event::CardMoved { pawn, from, to, .. } => Some(tr!(
                lang,
                "the card moves {} to {}",
                "la carte déplace {} vers {}",
                pawn_words(game, pawn, from, mover, lang),
                space_word(game, to, lang)
            )),
            Event::Switched { a, b } => Some(tr!(
                lang,
                "switches {} and {}",
                "échange {} et {}",
                pawn_words(game, a, game.space_of(b), mover, lang),
                pawn_words(game, b, game.space_of(a), mover, lang)
            )),
            Event::Stole { from, card, .. } => Some(tr!(
                lang,
                "steals {}'s “{}”",
                "vole « {} » à {}",
                name(game, from),
                card_name(game, card, lang)
            )),
            Event::CardNoEffect { card } => Some(tr!(
                lang,
                "“{}” has no effect",
                "« {} » n'a aucun effet",
                card_name(game, card, lang)
            )),
            Event::ExtraTurn { seat } => {
                Some(tr!(lang, "{} plays again", "{} rejoue", name(game, seat)))
            }
            Event::Resigned { seat } => Some(tr!(
                lang,
                "{} leaves the game",
                "{} quitte la partie",
                name(game, seat)
            )),
            Event::Skipped { seat, .. } => Some(tr!(
                lang,
                "{}'s turn is skipped: time ran out",
                "le tour de {} est passé : le temps est écoulé",
                name(game, seat)
            )),
            Event::Won { seat } => {
                Some(tr!(lang, "🏆 {} wins!", "🏆 {} gagne !", name(game, seat)))
            }
        };
        lines.extend(line);
    }
    // The French "Envoyez un pion sur 64" reads as a card name with a verb.
    if lang == Lang::Fr {
        for l in &mut lines {
            if l.contains("« un pion sur") {
                *l = l.replace("« un pion sur", "« envoyez un pion sur");
            }
        }
    }
    lines
}

/// A card choice in words, for a select menu.
pub fn choice_label(game: &Game, choice: &CardChoice, lang: Lang) -> String {
    let me = Some(game.current());
    let pawn = |p: PawnRef| {
        let space = game.space_of(p);
        if Some(p.seat) == me {
            tr!(
                lang,
                "your pawn on {}",
                "votre pion sur {}",
                space_word(game, space, lang)
            )
        } else {
            pawn_words(game, p, space, me, lang)
        }
    };
    match *choice {
        CardChoice::Pawn(p) => pawn(p),
        CardChoice::Switch(a, b) => tr!(lang, "{} ⇄ {}", "{} ⇄ {}", pawn(a), pawn(b)),
        CardChoice::Steal { from, card } => match lang {
            Lang::En => format!(
                "steal {}'s {}",
                name(game, from),
                card_name(game, card, lang)
            ),
            Lang::Fr => format!(
                "voler « {} » à {}",
                card_name(game, card, lang),
                name(game, from)
            ),
        },
        CardChoice::Decline => lang.text("take nothing", "ne rien prendre").into(),
    }
}

/// Two dice in words: "3 and 9", "double 4s" / "3 et 9", "double 4".
pub fn roll_words(roll: crate::climb::Roll, lang: Lang) -> String {
    if roll.is_doubles() {
        tr!(lang, "double {}s", "double {}", roll.a)
    } else {
        tr!(lang, "{} and {}", "{} et {}", roll.a, roll.b)
    }
}

/// A duration in words: "12 h", "2 d 6 h", "30 min".
pub fn duration(secs: i64, lang: Lang) -> String {
    let d = secs / 86_400;
    let h = (secs % 86_400) / 3_600;
    let m = (secs % 3_600) / 60;
    let day = lang.text("d", "j");
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d} {day}"));
    }
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 && d == 0 {
        parts.push(format!("{m} min"));
    }
    if parts.is_empty() {
        parts.push(format!("{secs} s"));
    }
    parts.join(" ")
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
        ParseError::TooLong => "ce coup est trop long".into(),
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
        RuleError::Setup(s) => s.clone(),
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
        RuleError::ChoicePending(card) => format!("répondez d'abord à la carte {card}"),
        RuleError::NoChoicePending => "aucune carte n'attend de choix".into(),
        RuleError::InvalidChoice => "ce n'est pas un des choix de la carte".into(),
        RuleError::DrawMidMove { step } => {
            format!("le pas {step} fait piocher une carte (Double Time) : la suite attend la carte")
        }
        RuleError::NothingToUndo => "rien à annuler ce tour-ci".into(),
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
        R::Setup(s) => s.clone(),
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
        R::Parse(s) => s.clone(),
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
            P::FollowCount { count, play } => {
                format!("suivez avec {count} carte(s) (le coup est {play})")
            }
            P::NotLarger { number, play } => format!("{number} n'est pas plus grand que {play}"),
        },
    }
}

/// What a refused request says to the player who made it.
pub fn error(e: &SessionError, lang: Lang) -> String {
    let text = match (e, lang) {
        (SessionError::Rule(r), _) => rule_error(r, lang),
        (SessionError::Daifugo(r), Lang::Fr) => daifugo_error_fr(r),
        (SessionError::OtherGame(game), Lang::Fr) => format!(
            "la partie de ce salon est {game} : utilisez ses propres commandes"
        ),
        (_, Lang::En) => e.to_string(),
        (SessionError::NoGame, Lang::Fr) => {
            "il n'y a pas de partie ici : lancez-en une avec /climb start".into()
        }
        (SessionError::ChannelBusy, Lang::Fr) => {
            "une partie est déjà ouverte ici : rejoignez-la, ou terminez-la d'abord".into()
        }
        (SessionError::NotStarted, Lang::Fr) => {
            "la partie n'a pas encore commencé : elle commence quand quelqu'un appuie sur Démarrer"
                .into()
        }
        (SessionError::AlreadyStarted, Lang::Fr) => {
            "la partie a déjà commencé : on ne peut plus rejoindre ni quitter le salon".into()
        }
        (SessionError::AlreadyJoined, Lang::Fr) => "vous êtes déjà dans cette partie".into(),
        (SessionError::NotInGame, Lang::Fr) => "vous ne jouez pas dans cette partie".into(),
        (SessionError::LobbyFull { max }, Lang::Fr) => {
            format!("la table est complète ({max} joueurs au plus)")
        }
        (SessionError::NoSuchAi(_), Lang::Fr) => "il n'y a pas d'IA à retirer".into(),
        (SessionError::NotYourTurn { name }, Lang::Fr) => {
            format!("c'est au tour de {name}, pas au vôtre")
        }
        (SessionError::AiTurn { name }, Lang::Fr) => {
            format!("c'est au tour de {name}, une IA : elle joue toute seule")
        }
        (SessionError::NotAllowed(what), Lang::Fr) => match *what {
            s if s.contains("end it") => {
                "seul le créateur de la partie ou un modérateur peut la terminer".into()
            }
            s if s.contains("settings") => {
                "seuls les modérateurs (Gérer le serveur) et le rôle enseignant peuvent changer les réglages"
                    .into()
            }
            s if s.contains("start") => {
                "seul un joueur du salon, son créateur ou un modérateur peut démarrer la partie"
                    .into()
            }
            _ => "seul un joueur du salon, son créateur ou un modérateur peut changer les places"
                .into(),
        },
        (SessionError::Moved, Lang::Fr) => {
            "le plateau a changé : quelqu'un a joué avant vous, et rien n'a été modifié ; voici le plateau actuel"
                .into()
        }
        (SessionError::BadOptions(s), Lang::Fr) | (SessionError::BadSetting(s), Lang::Fr) => {
            format!("réglage refusé : {s}")
        }
        (SessionError::NoSuchChoice { n, count }, Lang::Fr) => {
            format!("il n'y a pas de choix {n} : choisissez de 1 à {count}")
        }
        (SessionError::BadName, Lang::Fr) => "un nom compte de 1 à 32 caractères".into(),
        (SessionError::GameOver, Lang::Fr) => "la partie est terminée".into(),
        (SessionError::NoCustomCards, Lang::Fr) => {
            "ce serveur n'a pas encore de cartes personnalisées : un modérateur les ajoute avec /settings card"
                .into()
        }
        (SessionError::Store(_), Lang::Fr) => {
            "un problème de notre côté : rien n'a été modifié, réessayez dans un instant".into()
        }
    };
    capitalise(&text)
}

/// The first letter in capitals (engine messages start in lower case).
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_in_both_languages() {
        let e = SessionError::Rule(RuleError::AtStep {
            step: 2,
            error: StepError::Arith(ArithError::OffBoard {
                from: 35,
                op: crate::climb::ops::Op::Mul,
                value: 3,
                result: 105,
            }),
        });
        assert_eq!(error(&e, Lang::En), "Step 2: 35 x3 = 105 is off the board");
        assert_eq!(error(&e, Lang::Fr), "Pas 2 : 35 x3 = 105 sort du plateau");
        let e = SessionError::NotYourTurn { name: "Bo".into() };
        assert_eq!(error(&e, Lang::Fr), "C'est au tour de Bo, pas au vôtre");
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(duration(43_200, Lang::En), "12 h");
        assert_eq!(duration(2 * 86_400 + 6 * 3_600, Lang::Fr), "2 j 6 h");
        assert_eq!(duration(1_800, Lang::En), "30 min");
    }
}
