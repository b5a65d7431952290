//! Prime Climb in words: the narrator (one line per event worth telling), card names and
//! texts, card choices, dice, the status of a game, hints and the factor colours.

use super::{de, factorisation, list, possessive, tr, Lang, Markup};
use crate::climb::board::{factor_colours, is_red_space, Colour, GOAL, START};
use crate::climb::hint::{changes_nothing, shows_colours, Hint, Note};
use crate::climb::notation::Token;
use crate::climb::ops::Op;
use crate::climb::steps::Step;
use crate::climb::{
    ActionEffect, CardChoice, CardDef, CardId, Course, Effect, Event, Game, KeeperEffect,
    KeeperPlay, PawnRef, Roll, Seat,
};
use crate::session::Touch;

/// A player's name, or "?" for a seat that does not exist.
pub fn name(game: &Game, seat: Seat) -> String {
    game.players
        .get(seat)
        .map(|p| p.name.to_string())
        .unwrap_or_else(|| "?".into())
}

// ----- cards ---------------------------------------------------------------------------

/// A card's short name, the same everywhere: "Roll again!", "±5 Keeper", "Curse Keeper";
/// a custom card by its text.
pub fn card_name(game: &Game, card: CardId, lang: Lang) -> String {
    match game.cards.get(usize::from(card.0)) {
        Some(def) => def_name(def, lang),
        None => lang.text("a card", "une carte").into(),
    }
}

/// The short name of a card's definition (a custom card by its text).
pub fn def_name(def: &CardDef, lang: Lang) -> String {
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
                format!("carte renvoi à {distance} cases")
            }
            Effect::Keeper(KeeperEffect::Curse) => "carte malédiction".into(),
            Effect::Action(ActionEffect::RollAgain) => "Rejouez !".into(),
            Effect::Action(ActionEffect::ReverseDigits) => "Inversez les chiffres".into(),
            Effect::Action(ActionEffect::Switch) => "Échangez deux pions".into(),
            Effect::Action(ActionEffect::SendTo { space }) => {
                format!("Envoyez un pion sur {space}")
            }
            Effect::Action(ActionEffect::AddOrSubtract { amount, .. }) => format!("±{amount}"),
            Effect::Action(ActionEffect::BackOrMultiply { back, factor, .. }) => {
                format!("Reculez de {back} ou ×{factor}")
            }
            Effect::Action(ActionEffect::AdvanceToNearest) => {
                "Avancez jusqu'au pion le plus proche".into()
            }
            Effect::Action(ActionEffect::ReverseToNearest) => {
                "Reculez jusqu'au pion le plus proche".into()
            }
            Effect::Action(ActionEffect::Steal) => "Volez une carte".into(),
        },
    }
}

/// The full text of a card as printed (a custom card as its server wrote it).
pub fn card_text(game: &Game, card: CardId, lang: Lang) -> String {
    game.cards
        .get(usize::from(card.0))
        .map(|def| def_text(def, lang))
        .unwrap_or_default()
}

/// The full text of a card's definition.
pub fn def_text(def: &CardDef, lang: Lang) -> String {
    if def.custom || lang == Lang::En {
        return def.text.clone();
    }
    effect_text_fr(def.effect)
}

fn effect_text_fr(effect: Effect) -> String {
    match effect {
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

/// What a held Keeper does and how it is played (`play +5 14`), for the terminal's list
/// and the moment it is drawn.
pub fn keeper_help(effect: KeeperEffect, lang: Lang) -> String {
    match effect {
        KeeperEffect::PlusMinus { n } => tr!(
            lang,
            "add or subtract {} on one of your pawns: `play +{} 14` or `play -{} 14` (14: the pawn's space)",
            "ajoute ou retire {} à un de vos pions : `play +{} 14` ou `play -{} 14` (14 : la case du pion)",
            n,
            n,
            n
        ),
        KeeperEffect::SendWithin { distance } => tr!(
            lang,
            "sends every pawn within {} spaces of one of yours back to Start: `play within 40`",
            "renvoie au départ tous les pions à {} cases ou moins d'un des vôtres : `play within 40`",
            distance
        ),
        KeeperEffect::Curse => lang
            .text(
                "on their next turn the player you curse may only subtract or divide: `play curse 2` (2: their number)",
                "à son prochain tour, le joueur maudit ne peut que soustraire ou diviser : `play curse 2` (2 : son numéro)",
            )
            .into(),
    }
}

/// A Keeper as typed with `play`, in the words the pictures use: `±5`, `within`,
/// `curse` / `±5`, `renvoi`, `malédiction` (either language's word is read).
pub fn keeper_word(effect: KeeperEffect, lang: Lang) -> String {
    match effect {
        KeeperEffect::PlusMinus { n } => format!("±{n}"),
        KeeperEffect::SendWithin { distance: 2 } => lang.text("within", "renvoi").into(),
        KeeperEffect::SendWithin { distance } => {
            format!("{}{distance}", lang.text("within", "renvoi"))
        }
        KeeperEffect::Curse => lang.text("curse", "malédiction").into(),
    }
}

// ----- pawns and dice ------------------------------------------------------------------

/// The word for a space: "Start" for 0 (not in Prime Decline, where 0 is the goal).
pub fn space_word(game: &Game, space: u8, lang: Lang) -> String {
    if space == START && game.options.course != Course::Decline {
        lang.text("Start", "départ").into()
    } else {
        space.to_string()
    }
}

/// A pawn in words, with its owner: "Bo's pawn on 37", "Ada's pawn on Start" /
/// "le pion de Bo sur 37", "le pion d'Ada au départ".
pub fn pawn_words(game: &Game, p: PawnRef, space: u8, lang: Lang) -> String {
    let who = name(game, p.seat);
    let start = space == START && game.options.course != Course::Decline;
    match (lang, start) {
        // Mid-sentence: "the card moves your pawn on 13", never "moves Your pawn".
        (Lang::En, _) => format!(
            "{} pawn on {}",
            possessive(&who).replacen("Your", "your", 1),
            space_word(game, space, lang)
        ),
        (Lang::Fr, true) => format!("le pion {} au départ", de(&who)),
        (Lang::Fr, false) => format!("le pion {} sur {space}", de(&who)),
    }
}

/// The dice in words: "3 and 9", "double 4s" / "3 et 9", "double 4"; one die (the one-die
/// scaffold, §10) is its value alone: "7".
pub fn roll_words(roll: Roll, lang: Lang) -> String {
    if roll.is_single() {
        roll.a.to_string()
    } else if roll.is_doubles() {
        tr!(lang, "double {}s", "double {}", roll.a)
    } else {
        tr!(lang, "{} and {}", "{} et {}", roll.a, roll.b)
    }
}

/// The dice still to use, in words: "3 and 9", "4, 4 and 4".
pub fn dice_left(game: &Game, lang: Lang) -> String {
    let left: Vec<String> = game.turn.uses.list().iter().map(u8::to_string).collect();
    list(lang, &left)
}

// ----- the narrator --------------------------------------------------------------------

/// The story of a change, one line per event worth telling, in the order it happened
/// (no turn header: the fronts write it). `actor` is the seat that acted.
pub fn story(game: &Game, events: &[Event], actor: Option<Seat>, lang: Lang) -> Vec<String> {
    let _ = actor;
    let mut lines = Vec::new();
    // A ±N Keeper's move and the pawns a Send-within Keeper sends back are told with it.
    let mut in_keeper = false;
    for event in events {
        let after_keeper = std::mem::take(&mut in_keeper);
        let line = match *event {
            Event::TurnStarted { .. } | Event::MoveEnded { .. } | Event::PawnHome { .. } => None,
            Event::ChoiceNeeded { .. } => None,
            Event::Stepped {
                seat,
                from,
                op,
                die,
                to,
                ..
            } => {
                let _ = seat;
                Some(step_line(from, op, die, to, lang))
            }
            Event::ForcedToStart { from, die, to, .. } => Some(tr!(
                lang,
                "the {} has no legal use: the pawn on {} goes back to {} (§3.2)",
                "le {} ne peut pas être joué : le pion sur {} retourne {} (§3.2)",
                die,
                from,
                back_to(game, to, lang)
            )),
            Event::KeeperPlayed {
                seat,
                card,
                play,
                around,
            } => {
                in_keeper = true;
                match play {
                    // Told with the move it makes (KeeperMoved) or its target (Cursed).
                    KeeperPlay::PlusMinus { .. } | KeeperPlay::Curse { .. } => None,
                    KeeperPlay::SendWithin { pawn } => {
                        // Where the pawn stood when the card was played, not where it
                        // ended the turn.
                        let at = around.unwrap_or(game.players[seat].pawns[pawn]);
                        Some(tr!(
                            lang,
                            "plays “{}” around {}",
                            "joue « {} » autour {}",
                            card_name(game, card, lang),
                            match lang {
                                Lang::En => pawn_words(game, PawnRef { seat, pawn }, at, lang),
                                Lang::Fr => format!("du pion {} sur {}", de(&name(game, seat)), at),
                            }
                        ))
                    }
                }
            }
            Event::KeeperMoved { from, to, .. } => {
                in_keeper = true;
                Some(tr!(
                    lang,
                    "plays the ±{} Keeper: {} {} {} = {}",
                    "joue la carte ±{} : {} {} {} = {}",
                    from.abs_diff(to),
                    from,
                    if to >= from { '+' } else { '−' },
                    from.abs_diff(to),
                    to
                ))
            }
            Event::Cursed { target, .. } => Some(tr!(
                lang,
                "curses {}: on their next turn they may only subtract or divide",
                "maudit {} : à son prochain tour, seulement soustraire ou diviser",
                name(game, target)
            )),
            Event::Turned { seat, .. } => Some(tr!(
                lang,
                "{} pawn reaches 101 and turns back",
                "le pion {} atteint 101 et fait demi-tour",
                match lang {
                    Lang::En => possessive(&name(game, seat)),
                    Lang::Fr => de(&name(game, seat)),
                }
            )),
            Event::StationReached { seat, space } => Some(tr!(
                lang,
                "⚑ {} reaches way station {}",
                "⚑ {} atteint l'étape {}",
                name(game, seat),
                space
            )),
            Event::SentToStart { pawn, from } => {
                in_keeper = after_keeper;
                let by_keeper = if after_keeper {
                    lang.text(" (by the Keeper)", " (par la carte)")
                } else {
                    ""
                };
                Some(tr!(
                    lang,
                    "💥 {} goes back to {}{}",
                    "💥 {} retourne {}{}",
                    super::capitalise(&pawn_words(game, pawn, from, lang)),
                    back_to(game, game.start_of(pawn), lang),
                    by_keeper
                ))
            }
            // Only the player to move undoes their own steps.
            Event::Undone => Some(tr!(
                lang,
                "{} takes back the last step (still to use: {})",
                "{} annule son dernier pas (reste : {})",
                name(game, game.current()),
                dice_left(game, lang)
            )),
            Event::TookBack { seat } => Some(tr!(
                lang,
                "{} takes the move back: same dice, play again",
                "{} reprend son coup : mêmes dés, à rejouer",
                name(game, seat)
            )),
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
            Event::CardMoved { pawn, from, to, .. } => Some(tr!(
                lang,
                "the card moves {} to {}",
                "la carte déplace {} vers {}",
                pawn_words(game, pawn, from, lang),
                space_word(game, to, lang)
            )),
            Event::Switched { a, b } => Some(tr!(
                lang,
                "switches {} and {}",
                "échange {} et {}",
                // After the switch each pawn stands where the other was.
                pawn_words(game, a, game.space_of(b), lang),
                pawn_words(game, b, game.space_of(a), lang)
            )),
            Event::Stole { from, card, .. } => Some(tr!(
                lang,
                "steals {} “{}”",
                "vole « {} » à {}",
                match lang {
                    Lang::En => possessive(&name(game, from)),
                    Lang::Fr => card_name(game, card, lang),
                },
                match lang {
                    Lang::En => card_name(game, card, lang),
                    Lang::Fr => name(game, from),
                }
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
                "{} turn is skipped: time ran out",
                "le tour {} est passé : le temps est écoulé",
                match lang {
                    Lang::En => possessive(&name(game, seat)),
                    Lang::Fr => de(&name(game, seat)),
                }
            )),
            // The win is told once, with the final standings (`standings`).
            Event::Won { .. } => None,
        };
        lines.extend(line);
    }
    lines
}

/// Where a pawn sent back lands: "Start" / "au départ", or a space.
fn back_to(game: &Game, space: u8, lang: Lang) -> String {
    match (
        space == START && game.options.course != Course::Decline,
        lang,
    ) {
        (true, Lang::En) => "Start".into(),
        (true, Lang::Fr) => "au départ".into(),
        (false, Lang::En) => space.to_string(),
        (false, Lang::Fr) => format!("sur {space}"),
    }
}

/// One step of a move: "14 × 3 = 42", or for a die spent on a pawn at Start (0 × 2 = 0)
/// what it really is.
pub fn step_line(from: u8, op: Op, die: u8, to: u8, lang: Lang) -> String {
    match (changes_nothing(from, to), from) {
        (true, START) => tr!(
            lang,
            "the {} is spent on the pawn at Start, which stays there",
            "le {} est joué sur le pion au départ, qui y reste",
            die
        ),
        // × 1 or ÷ 1 elsewhere: the arithmetic says it all (97 × 1 = 97).
        _ => format!("{from} {} {die} = {to}", op.math_symbol()),
    }
}

/// What a board offers to touch, in words: "♟ Pawn on 14", "◀ Pawns", or the step.
pub fn touch_label(game: &Game, touch: &Touch, lang: Lang) -> String {
    match touch {
        Touch::Pawn(space) => tr!(lang, "♟ Pawn on {}", "♟ Pion sur {}", space),
        Touch::Pawns => lang.text("◀ Pawns", "◀ Pions").into(),
        Touch::Step(step) => step_button(game, step, lang),
    }
}

/// A step's button, for playing by clicking: "+3 → 17", "×9 → 90", "🃏 +5 → 45",
/// "9: back to Start", "🃏 Send back within 2", "🃏 Curse Bo".
fn step_button(game: &Game, step: &Step, lang: Lang) -> String {
    let lands = step.lands.unwrap_or_default();
    match step.token {
        Token::Die(op, d) => format!("{}{d} → {lands}", op.math_symbol()),
        Token::Forced(d) => tr!(lang, "{}: back to Start", "{} : retour au départ", d),
        Token::PlusMinus { add, n } => {
            format!("🃏 {}{n} → {lands}", if add { '+' } else { '−' })
        }
        Token::SendWithin(d) => {
            // `kw` names the one distance held.
            let held = || {
                let keepers = game.playable_keepers(game.current());
                keepers.into_iter().find_map(|(_, k)| match k {
                    KeeperEffect::SendWithin { distance } => Some(distance),
                    _ => None,
                })
            };
            let d = d.or_else(held).unwrap_or(2);
            tr!(lang, "🃏 Send back within {}", "🃏 Renvoi à {} cases", d)
        }
        Token::Curse(p) => tr!(
            lang,
            "🃏 Curse {}",
            "🃏 Maudire {}",
            name(game, usize::from(p).saturating_sub(1))
        ),
        Token::Pawn(space) => space.to_string(),
    }
}

/// A card choice in words, for a menu or a numbered list: "your pawn on 37", "Bo's pawn
/// on 40 ⇄ your pawn on 13".
pub fn choice_label(game: &Game, choice: &CardChoice, lang: Lang) -> String {
    let me = game.current();
    let pawn = |p: PawnRef| {
        let space = game.space_of(p);
        if p.seat == me {
            tr!(
                lang,
                "your pawn on {}",
                "votre pion sur {}",
                space_word(game, space, lang)
            )
        } else {
            pawn_words(game, p, space, lang)
        }
    };
    match *choice {
        CardChoice::Pawn(p) => pawn(p),
        CardChoice::Switch(a, b) => format!("{} ⇄ {}", pawn(a), pawn(b)),
        CardChoice::Steal { from, card } => match lang {
            Lang::En => format!(
                "steal {} {}",
                possessive(&name(game, from)),
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

// ----- a game's status -----------------------------------------------------------------

/// The header of a change: "Ada · turn 5 · 🎲 3 and 9" (with "· cursed" for a turn under a
/// Curse).
pub fn turn_header(name: &str, number: u32, roll: Roll, cursed: bool, lang: Lang) -> String {
    let cursed = if cursed {
        lang.text(" · cursed", " · maudit")
    } else {
        ""
    };
    tr!(
        lang,
        "{} · turn {} · 🎲 {}{}",
        "{} · tour {} · 🎲 {}{}",
        name,
        number,
        roll_words(roll, lang),
        cursed
    )
}

/// The header of a look at the board: "Prime Climb · game #12 · turn 5".
pub fn game_header(game_id: i64, game: &Game, lang: Lang, m: Markup) -> String {
    tr!(
        lang,
        "{} · game #{} · turn {}",
        "{} · partie n° {} · tour {}",
        m.bold("Prime Climb"),
        game_id,
        game.turn.number
    )
}

/// What the player to move does now. `who` is their name as the front shows it (a
/// mention on Discord); `clock` the time they have, in words; `ai`: an AI plays the seat.
pub fn next_line(game: &Game, who: &str, ai: bool, clock: Option<&str>, lang: Lang) -> String {
    use crate::climb::Phase;
    let roll = roll_words(game.turn.roll, lang);
    match &game.phase {
        Phase::Choice(pending) if ai => tr!(
            lang,
            "{} drew “{}” and chooses.",
            "{} a pioché « {} » et choisit.",
            who,
            card_text(game, pending.card, lang)
        ),
        Phase::Choice(pending) => tr!(
            lang,
            "{}: “{}” — choose below.",
            "{} : « {} » — choisissez ci-dessous.",
            who,
            card_text(game, pending.card, lang)
        ),
        _ if ai => tr!(
            lang,
            "{} rolled {} and plays.",
            "{} a fait {} et joue.",
            who,
            roll
        ),
        _ if game.turn.uses.total_left() == 0 => tr!(
            lang,
            "{}: every die is used. Play a Keeper or end your turn.",
            "{} : tous les dés sont joués. Jouez une carte ou finissez votre tour.",
            who
        ),
        _ if !game.turn.steps.is_empty() => tr!(
            lang,
            "{}: still to use {}.",
            "{} : il reste {} à jouer.",
            who,
            dice_left(game, lang)
        ),
        _ => {
            let cursed = if game.turn.cursed {
                lang.text(
                    " Cursed: only subtract or divide this turn.",
                    " Maudit : seulement soustraire ou diviser ce tour-ci.",
                )
            } else {
                ""
            };
            let clock = clock.map(|c| format!(" ⏳ {c}")).unwrap_or_default();
            tr!(
                lang,
                "🎲 {}, your turn: you rolled {}.{}{}",
                "🎲 {}, à vous : vous avez fait {}.{}{}",
                who,
                roll,
                cursed,
                clock
            )
        }
    }
}

/// "Ada can take this move back (undo) until someone else acts."
pub fn take_back_line(who: &str, lang: Lang, m: Markup) -> String {
    tr!(
        lang,
        "↩ {} can still take this move back ({}) until someone else acts.",
        "↩ {} peut encore reprendre ce coup ({}) tant que personne d'autre n'a joué.",
        who,
        m.code(lang.text("undo", "annuler"))
    )
}

/// The end of a game, told once: "🏆 Ada wins after 12 turns." (the story leaves the win
/// out), then the final places (§5 ranking), one per line.
pub fn standings(game: &Game, lang: Lang, m: Markup) -> Vec<String> {
    // Games stored before each player's turns were counted have none counted at all.
    let counted = game.players.iter().any(|p| p.turns > 0);
    let head = match game.winner {
        // Everyone else left before the winner's first turn.
        Some(w) if counted && game.players[w].turns == 0 => tr!(
            lang,
            "🏆 {} wins without taking a turn!",
            "🏆 {} gagne sans avoir joué un tour !",
            m.bold(&name(game, w))
        ),
        // The winner's own turns, then the game's (every player's turns).
        Some(w) if counted => {
            let own = game.players[w].turns;
            let all = game.turn.number;
            let turns = super::counted(lang, own, ("turn", "turns"), ("tour", "tours"));
            if all == own {
                tr!(
                    lang,
                    "🏆 {} wins in {}!",
                    "🏆 {} gagne en {} !",
                    m.bold(&name(game, w)),
                    turns
                )
            } else {
                tr!(
                    lang,
                    "🏆 {} wins in {} ({} turns in the game)!",
                    "🏆 {} gagne en {} ({} tours dans la partie) !",
                    m.bold(&name(game, w)),
                    turns,
                    all
                )
            }
        }
        // A game stored before each player's turns were counted.
        Some(w) => tr!(
            lang,
            "🏆 {} wins on turn {}!",
            "🏆 {} gagne au tour {} !",
            m.bold(&name(game, w)),
            game.turn.number
        ),
        None => lang
            .text("🏁 The game has ended.", "🏁 La partie est terminée.")
            .to_string(),
    };
    let mut out = vec![head];
    for (seat, place) in game.ranking() {
        out.push(format!(
            "  {place}. {} ({})",
            name(game, seat),
            pawn_statuses(game, seat, lang).join(", ")
        ));
    }
    out
}

/// A pawn's space for a status line: "Start", "home", "37", "37↩" (on its way back).
pub fn pawn_status(game: &Game, seat: Seat, pawn: usize, lang: Lang) -> String {
    let p = PawnRef { seat, pawn };
    let s = game.space_of(p);
    let returning = game.players[seat].returning[pawn];
    if game.is_home(p) {
        lang.text("home", "arrivé").into()
    } else if is_start_space(game, s, returning) {
        lang.text("Start", "départ").into()
    } else if game.options.course == Course::ThereAndBack && returning {
        format!("{s}↩")
    } else {
        s.to_string()
    }
}

/// Whether a pawn on `space` has finished its course: 101, 0 in Prime Decline, 0 after
/// turning at 101 in There and Back Again (§7; `returning`: the pawn has turned).
pub fn is_home_space(game: &Game, space: u8, returning: bool) -> bool {
    space == game.options.target_space(returning)
}

/// Whether a pawn on `space` stands where pawns begin: 0, or 101 in Prime Decline (§7). A
/// pawn sent back after turning at 101 (There and Back Again) is on 101, not at Start.
pub fn is_start_space(game: &Game, space: u8, returning: bool) -> bool {
    !returning && space == game.options.start_space(false)
}

/// Where each of a player's pawns stands ([`pawn_status`]): both, or the one pawn of the
/// one-pawn scaffold (§10), never the one set aside.
pub fn pawn_statuses(game: &Game, seat: Seat, lang: Lang) -> Vec<String> {
    (0..game.options.pawn_count())
        .map(|pawn| pawn_status(game, seat, pawn, lang))
        .collect()
}

// ----- hints ---------------------------------------------------------------------------

/// The colours of a number, e.g. `orange·purple` for 14, `red` for 13.
pub fn colour_words(n: u8, lang: Lang) -> String {
    match n {
        START => lang.text("Start", "départ").into(),
        1 => lang.text("no colour", "sans couleur").into(),
        _ => factor_colours(n)
            .iter()
            .map(|&c| colour_name(c, lang))
            .collect::<Vec<_>>()
            .join("·"),
    }
}

/// One step explained: `14 × 3 = 42: orange·purple × green = orange·green·purple`.
pub fn explain_step(from: u8, op: Op, value: u8, to: u8, lang: Lang) -> String {
    if changes_nothing(from, to) {
        return step_line(from, op, value, to, lang);
    }
    let sum = format!("{from} {} {value} = {to}", op.math_symbol());
    if shows_colours(from, op, value) {
        let colon = lang.text(":", " :");
        format!(
            "{sum}{colon} {} {} {} = {}",
            colour_words(from, lang),
            op.math_symbol(),
            colour_words(value, lang),
            colour_words(to, lang)
        )
    } else {
        sum
    }
}

/// A space a hint names: where pawns begin is "Start" (101 in Prime Decline, §7), 101 is
/// "the goal" only where it is one.
fn space_words(game: &Game, s: u8, lang: Lang) -> String {
    match s {
        s if s == game.options.start_space(false) => lang.text("Start", "le départ").into(),
        GOAL if game.options.course == Course::Climb => {
            lang.text("the goal (101)", "l'arrivée (101)").into()
        }
        _ if is_red_space(s) => tr!(lang, "{} (a red prime)", "{} (un nombre premier rouge)", s),
        _ => s.to_string(),
    }
}

/// One line of a hint's explanation.
pub fn note_line(game: &Game, note: &Note, lang: Lang) -> String {
    match *note {
        Note::Step {
            from,
            op,
            value,
            to,
        } => explain_step(from, op, value, to, lang),
        Note::Forced { die, from, to } => tr!(
            lang,
            "the {} cannot be used: your pawn on {} goes back to {}",
            "le {} ne peut pas être joué : votre pion sur {} retourne à {}",
            die,
            from,
            space_words(game, to, lang)
        ),
        Note::Keeper { card, step } => {
            let card_name = card_name(game, card, lang);
            match step {
                Some((f, op, v, t)) => tr!(
                    lang,
                    "play your {}: {}",
                    "jouez votre {} : {}",
                    card_name,
                    explain_step(f, op, v, t, lang)
                ),
                None => tr!(lang, "play your {}", "jouez votre {}", card_name),
            }
        }
        Note::Curse { target } => {
            let who = game.players.get(target).map(|p| p.name.clone());
            match who {
                Some(who) => tr!(
                    lang,
                    "curse {}: next turn they may only subtract or divide",
                    "maudissez {} : à son prochain tour, il ne pourra que soustraire ou diviser",
                    who
                ),
                None => lang
                    .text(
                        "curse an opponent: next turn they may only subtract or divide",
                        "maudissez un adversaire : à son prochain tour, il ne pourra que soustraire ou diviser",
                    )
                    .into(),
            }
        }
        Note::Win => lang
            .text(
                "that brings your last pawn home: you win!",
                "votre dernier pion arrive : vous gagnez !",
            )
            .into(),
        Note::Bump { seat, space } => {
            // Back to where pawns begin, or to 101 for a pawn that had turned there
            // (§7 There and Back Again).
            let back = game
                .players
                .get(seat)
                .and_then(|p| p.pawns.iter().position(|&s| s == space))
                .map(|pawn| game.start_of(PawnRef { seat, pawn }))
                .filter(|&to| to != game.options.start_space(false));
            let to = match (back, lang) {
                (None, Lang::En) => "Start".to_string(),
                (None, Lang::Fr) => "au départ".to_string(),
                (Some(to), Lang::En) => to.to_string(),
                (Some(to), Lang::Fr) => format!("sur {to}"),
            };
            match (game.players.get(seat), lang) {
                (Some(p), Lang::En) => format!(
                    "{} pawn on {space} is bumped back to {to}",
                    possessive(&p.name)
                ),
                (Some(p), Lang::Fr) => {
                    format!("le pion {} sur {space} est renvoyé {to}", de(&p.name))
                }
                (None, _) => tr!(
                    lang,
                    "the pawn on {} is bumped back to {}",
                    "le pion sur {} est renvoyé {}",
                    space,
                    to
                ),
            }
        }
        Note::OwnPawnBumped => lang
            .text(
                "careful: one of your own pawns is bumped back to Start",
                "attention : un de vos pions est renvoyé au départ",
            )
            .into(),
        Note::Draw { space } => tr!(
            lang,
            "you end on {}: draw a Prime Card",
            "vous finissez sur {} : piochez une carte Prime",
            space_words(game, space, lang)
        ),
    }
}

/// A hint's explanation, one line per note.
pub fn hint_lines(game: &Game, hint: &Hint, lang: Lang) -> Vec<String> {
    hint.notes
        .iter()
        .map(|n| note_line(game, n, lang))
        .collect()
}

/// Where a hint's move ends and what the solver expects after it: "ends on 96 = 2⁵ × 3
/// and 13 · the race alone: 6.2 turns left on average (exact solver)".
pub fn hint_summary(game: &Game, hint: &Hint, lang: Lang) -> String {
    let seat = game.current();
    let ends: Vec<String> = (0..2)
        .filter(|&i| !game.is_home(PawnRef { seat, pawn: i }))
        .map(|i| (hint.outcome.pawns[i], hint.outcome.returning[i]))
        .map(|(s, returning)| match s {
            s if is_home_space(game, s, returning) => lang.text("home", "l'arrivée").to_string(),
            s if is_start_space(game, s, returning) => lang.text("Start", "le départ").to_string(),
            s if crate::climb::board::is_prime(u32::from(s)) => {
                tr!(lang, "{} (prime)", "{} (premier)", s)
            }
            s => factorisation(u32::from(s), lang),
        })
        .collect();
    let mut out = tr!(lang, "ends on {}", "finit sur {}", list(lang, &ends));
    // The figure shown is the one the hints are ranked by (and the review judges by):
    // the race, with what lies beyond it (bumps, cards, Keepers, the risk of a bump)
    // counted in turns and said apart when it counts.
    if hint.expected_turns.is_some() && !hint.outcome.wins {
        let number = |t: f64| {
            let t = format!("{t:.1}");
            match lang {
                Lang::En => t,
                Lang::Fr => t.replace('.', ","),
            }
        };
        let w = hint.worth;
        if w.beyond.abs() < 0.05 {
            out.push_str(&tr!(
                lang,
                " · {} turns left on average (exact solver)",
                " · {} tours restants en moyenne (solveur exact)",
                number(w.turns())
            ));
        } else {
            let beyond = format!(
                "{}{}",
                if w.beyond > 0.0 { "−" } else { "+" },
                number(w.beyond.abs())
            );
            out.push_str(&tr!(
                lang,
                " · {} turns left, all counted (the race alone: {} by the exact solver; bumps, cards and risks: {})",
                " · {} tours restants, tout compté (la course seule : {} selon le solveur exact ; renvois, cartes et risques : {})",
                number(w.turns()),
                number(w.race),
                beyond
            ));
        }
    }
    out
}

/// A hint for the terminal or a message: "1. `14 x3 +2`", then its lines and summary.
pub fn hint_block(game: &Game, i: usize, hint: &Hint, lang: Lang, m: Markup) -> Vec<String> {
    let moves = if hint.moves.is_empty() {
        lang.text(
            "end your turn (use no more dice)",
            "finir le tour (sans jouer d'autre dé)",
        )
        .to_string()
    } else {
        m.code(&hint.moves)
    };
    let mut out = vec![format!("{} {moves}", m.bold(&format!("{}.", i + 1)))];
    for line in hint_lines(game, hint, lang) {
        out.push(format!("   • {line}"));
    }
    out.push(format!("   → {}", hint_summary(game, hint, lang)));
    out
}

// ----- colours -------------------------------------------------------------------------

/// The colour's name in `lang`.
pub fn colour_name(colour: Colour, lang: Lang) -> &'static str {
    match (colour, lang) {
        (_, Lang::En) => colour.name(),
        (Colour::Orange, Lang::Fr) => "orange",
        (Colour::Green, Lang::Fr) => "vert",
        (Colour::Blue, Lang::Fr) => "bleu",
        (Colour::Purple, Lang::Fr) => "violet",
        (Colour::Red, Lang::Fr) => "rouge",
    }
}

/// A coloured square for a factor colour (Discord shows them as emoji).
pub fn swatch(colour: Colour) -> &'static str {
    match colour {
        Colour::Orange => "🟧",
        Colour::Green => "🟩",
        Colour::Blue => "🟦",
        Colour::Purple => "🟪",
        Colour::Red => "🟥",
    }
}

/// The spaces shown as examples: a power of two, mixed factors, a red factor, a red space.
const EXAMPLE_SPACES: [u8; 7] = [8, 12, 14, 22, 42, 30, 13];

/// The factor colours (§1): one line per colour, then examples computed by the engine's
/// own `factor_colours`, so the text can never disagree with the board.
pub fn colours_text(lang: Lang, m: Markup) -> String {
    let mut out = String::new();
    out.push_str(&tr!(
        lang,
        "{}: every space is a circle split into one segment per prime factor.\n",
        "{} : chaque case est un cercle partagé en un segment par facteur premier.\n",
        m.bold(lang.text("Factor colours (§1)", "Couleurs des facteurs (§1)"))
    ));
    // French typography puts a space before the colon.
    let colon = lang.text(":", " :");
    for (prime, colour) in [
        ("2", Colour::Orange),
        ("3", Colour::Green),
        ("5", Colour::Blue),
        ("7", Colour::Purple),
        ("≥ 11", Colour::Red),
    ] {
        out.push_str(&format!(
            "{} {prime}{colon} {}\n",
            swatch(colour),
            colour_name(colour, lang)
        ));
    }
    out.push_str(&format!(
        "\n{}\n",
        m.bold(lang.text("Examples", "Exemples"))
    ));
    for space in EXAMPLE_SPACES {
        let colours = factor_colours(space);
        let swatches: String = colours.iter().map(|&c| swatch(c)).collect();
        let names: Vec<&str> = colours.iter().map(|&c| colour_name(c, lang)).collect();
        out.push_str(&format!(
            "{swatches} {}{colon} {}\n",
            factorisation(u32::from(space), lang),
            names.join(", ")
        ));
    }
    out.push_str(lang.text(
        "A red space (a prime from 11 to 97) draws a card. Multiplying combines colours; dividing removes them.",
        "Une case rouge (un nombre premier de 11 à 97) fait piocher une carte. Multiplier réunit les couleurs ; diviser les retire.",
    ));
    out
}

// ----- the list of legal moves -----------------------------------------------------------

/// A Keeper used by an outcome, as written in the notation: `±5`, `kw`, `kc2`.
fn keeper_use(k: &crate::climb::KeeperUse) -> String {
    use crate::climb::KeeperUse;
    match *k {
        KeeperUse::PlusMinus { n } => format!("±{n}"),
        KeeperUse::SendWithin { distance: 2 } => "kw".into(),
        KeeperUse::SendWithin { distance } => format!("kw{distance}"),
        KeeperUse::Curse { target } => format!("kc{}", target + 1),
    }
}

/// Every legal end of a turn as a table (pawns, Keepers, bumps, card, win, a move that
/// reaches it), at most `limit` rows, then how many more there are.
pub fn outcomes_table(
    game: &Game,
    outcomes: &[crate::climb::Outcome],
    limit: usize,
    lang: Lang,
) -> String {
    let space = |s: u8, returning: bool| {
        if is_home_space(game, s, returning) {
            lang.text("home", "arrivé").to_string()
        } else {
            s.to_string()
        }
    };
    // The one-pawn scaffold (§10): the pawn set aside is not shown.
    let pawns = game.options.pawn_count();
    let spaces = |p: [u8; 2], returning: [bool; 2]| -> Vec<String> {
        (0..pawns).map(|i| space(p[i], returning[i])).collect()
    };
    let me = &game.players[game.current()];
    let on = list(lang, &spaces(me.pawns, me.returning));
    let cursed = if game.turn.cursed {
        lang.text(" (cursed)", " (maudit)")
    } else {
        ""
    };
    let plural = if outcomes.len() == 1 { "" } else { "s" };
    let roll = roll_words(game.turn.roll, lang);
    let one_pawn = pawns == 1;
    let one_die = game.turn.roll.is_single();
    let mut s = match lang {
        Lang::En => format!(
            "{} on {on}, roll {roll}{cursed}: {} distinct outcome{plural}\n",
            if one_pawn { "Pawn" } else { "Pawns" },
            outcomes.len()
        ),
        Lang::Fr => format!(
            "{} sur {on}, {} {roll}{cursed} : {} résultat{plural} distinct{plural}\n",
            if one_pawn { "Pion" } else { "Pions" },
            if one_die { "dé" } else { "dés" },
            outcomes.len()
        ),
    };
    let rows: Vec<[String; 6]> = outcomes
        .iter()
        .take(limit)
        .map(|o| {
            let dash = || "-".to_string();
            [
                spaces(o.pawns, o.returning).join(" "),
                if o.keepers_used.is_empty() {
                    dash()
                } else {
                    o.keepers_used
                        .iter()
                        .map(keeper_use)
                        .collect::<Vec<_>>()
                        .join(" ")
                },
                if o.bumped.is_empty() {
                    dash()
                } else {
                    o.bumped
                        .iter()
                        .map(|(_, s)| s.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                },
                if o.draws_card {
                    lang.text("card", "carte").to_string()
                } else {
                    dash()
                },
                if o.wins {
                    lang.text("WINS", "GAGNE").to_string()
                } else {
                    dash()
                },
                o.witness.clone(),
            ]
        })
        .collect();
    let head = match lang {
        Lang::En => [
            if one_pawn { "pawn" } else { "pawns" },
            "keepers",
            "bumps",
            "draw",
            "win",
            "move",
        ],
        Lang::Fr => [
            if one_pawn { "pion" } else { "pions" },
            "cartes",
            "renvois",
            "pioche",
            "gagne",
            "coup",
        ],
    };
    let mut width = head.map(|h| h.chars().count());
    for r in &rows {
        for (w, c) in width.iter_mut().zip(r.iter()) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: [&str; 6]| {
        let mut l = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = width[i].saturating_sub(c.chars().count());
            l.push_str(c);
            if i + 1 < cells.len() {
                l.push_str(&" ".repeat(pad + 2));
            }
        }
        l.push('\n');
        l
    };
    s.push_str(&line(head));
    for r in &rows {
        s.push_str(&line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]));
    }
    if outcomes.len() > limit {
        s.push_str(&tr!(
            lang,
            "… and {} more (show more with a larger limit)\n",
            "… et {} de plus (montrez-en plus avec une limite plus grande)\n",
            outcomes.len() - limit
        ));
    }
    s
}

// ----- the picture's account of a turn ---------------------------------------------------

/// The turn a picture shows, told in short lines for its side panel: each step's
/// arithmetic, then what followed (bumps, cards, stations…).
pub fn turn_summary(game: &Game, turn: &crate::render::LastTurn, lang: Lang) -> Vec<String> {
    use crate::climb::StepRecord;
    let owner = |p: PawnRef| {
        if Some(p.seat) == turn.seat {
            lang.text("own pawn", "son pion").to_string()
        } else {
            name(game, p.seat)
        }
    };
    let at = |s: u8| space_word(game, s, lang);
    let mut lines = Vec::new();
    for step in &turn.steps {
        match step {
            StepRecord::Die {
                from, op, die, to, ..
            } => lines.push(if changes_nothing(*from, *to) {
                tr!(lang, "{} spent at Start", "{} joué au départ", die)
            } else {
                format!("{from} {} {die} = {to}", op.math_symbol())
            }),
            StepRecord::Forced { from, die, to, .. } => lines.push(tr!(
                lang,
                "{} unusable: {} → {}",
                "{} injouable : {} → {}",
                die,
                from,
                at(*to)
            )),
            StepRecord::Keeper {
                card,
                play,
                from,
                to,
                sent,
            } => match (play, from, to) {
                (KeeperPlay::PlusMinus { add, .. }, Some(f), Some(t)) => {
                    let sign = if *add { '+' } else { '−' };
                    lines.push(tr!(
                        lang,
                        "Keeper {}{}: {} → {}",
                        "carte {}{} : {} → {}",
                        sign,
                        f.abs_diff(*t),
                        f,
                        t
                    ));
                }
                (KeeperPlay::Curse { target }, _, _) => lines.push(tr!(
                    lang,
                    "Curse on {}",
                    "malédiction sur {}",
                    name(game, *target)
                )),
                _ => lines.push(format!(
                    "{}: {}",
                    card_name(game, *card, lang),
                    super::counted(
                        lang,
                        sent.len() as i64,
                        ("pawn to Start", "pawns to Start"),
                        ("pion au départ", "pions au départ")
                    )
                )),
            },
        }
    }
    for &(p, from) in &turn.bumped {
        lines.push(tr!(
            lang,
            "bumped {} from {}",
            "{} renvoyé au départ depuis {}",
            owner(p),
            from
        ));
    }
    for p in &turn.turned {
        lines.push(tr!(
            lang,
            "{} turns back at 101",
            "{} fait demi-tour à 101",
            owner(*p)
        ));
    }
    for &(seat, space) in &turn.stations_reached {
        let who = if turn.seat == Some(seat) {
            String::new()
        } else {
            format!("{}: ", name(game, seat))
        };
        lines.push(tr!(lang, "{}⚑ way station {}", "{}⚑ étape {}", who, space));
    }
    for &card in &turn.drawn {
        lines.push(tr!(
            lang,
            "drew {}",
            "pioche : {}",
            card_name(game, card, lang)
        ));
    }
    for m in &turn.card_moves {
        lines.push(tr!(
            lang,
            "card moved {}: {} → {}",
            "la carte déplace {} : {} → {}",
            owner(m.pawn),
            at(m.from),
            at(m.to)
        ));
    }
    for &(a, b) in &turn.switched {
        lines.push(tr!(
            lang,
            "switched {} and {}",
            "échange {} et {}",
            name(game, a.seat),
            name(game, b.seat)
        ));
    }
    for &(from, card) in &turn.stolen {
        lines.push(tr!(
            lang,
            "stole {} from {}",
            "vole {} à {}",
            card_name(game, card, lang),
            name(game, from)
        ));
    }
    if turn.skipped {
        lines.push(
            lang.text("turn skipped: time ran out", "tour passé : temps écoulé")
                .into(),
        );
    }
    if turn.extra_turn {
        lines.push(lang.text("plays again", "rejoue").into());
    }
    lines
}

/// Longest list of moves shown by `/climb moves`.
const MOVES_SHOWN: usize = 20;

/// The hints for the turn being played (`/climb hint`). `mine`: the asker is the player
/// to move.
pub fn hints_text(g: &Game, hints: &[Hint], mine: bool, lang: Lang, m: Markup) -> String {
    let seat = g.current();
    let mut out = Vec::new();
    if !mine {
        out.push(tr!(
            lang,
            "For {} turn (rolled {}):",
            "Pour le tour {} ({}) :",
            match lang {
                Lang::En => crate::text::possessive(&m.bold(&name(g, seat))),
                Lang::Fr => crate::text::de(&m.bold(&name(g, seat))),
            },
            roll_words(g.turn.roll, lang)
        ));
    }
    if hints.is_empty() {
        out.push(match g.phase {
            crate::climb::Phase::Choice(_) => lang
                .text(
                    "First choose for the card just drawn.",
                    "Choisissez d'abord pour la carte piochée.",
                )
                .into(),
            _ => lang
                .text("No hint for now.", "Pas d'indice pour l'instant.")
                .into(),
        });
    }
    for (i, h) in hints.iter().enumerate() {
        out.extend(hint_block(g, i, h, lang, m));
    }
    crate::text::clip(&out.join("\n"), 1_900)
}

/// The legal ends of the turn being played, the first [`MOVES_SHOWN`] of them (`/climb moves`).
pub fn moves_text(g: &Game, outcomes: &[crate::climb::Outcome], lang: Lang, m: Markup) -> String {
    if outcomes.is_empty() {
        return lang
            .text(
                "First choose for the card just drawn.",
                "Choisissez d'abord pour la carte piochée.",
            )
            .into();
    }
    let mut out = vec![tr!(
        lang,
        "{} rolled {}: {}.",
        "{} a fait {} : {}.",
        m.bold(&name(g, g.current())),
        roll_words(g.turn.roll, lang),
        crate::text::counted(
            lang,
            outcomes.len() as i64,
            ("way to end the turn", "ways to end the turn"),
            ("façon de finir le tour", "façons de finir le tour")
        )
    )];
    let fence = if m == Markup::Discord { "```" } else { "" };
    out.push(fence.into());
    for o in outcomes.iter().take(MOVES_SHOWN) {
        out.push(pawns_outcome_line(o, g.options.pawn_count(), lang));
    }
    out.push(fence.into());
    if outcomes.len() > MOVES_SHOWN {
        out.push(tr!(
            lang,
            "…and {} more: start typing in `/climb move` to see the ones that match.",
            "…et {} autres : commencez à écrire dans `/climb move` pour voir ceux qui correspondent.",
            outcomes.len() - MOVES_SHOWN
        ));
    }
    crate::text::clip(&out.join("\n"), 1_900)
}

/// One outcome: where the player's `pawns` pawns end (`Options::pawn_count`: the pawn set
/// aside in the one-pawn scaffold, §10, is not shown), what it earns, and a move that
/// reaches it.
pub fn pawns_outcome_line(o: &crate::climb::Outcome, pawns: usize, lang: Lang) -> String {
    let space = |s: u8| {
        if s == GOAL {
            "🏠".to_string()
        } else {
            s.to_string()
        }
    };
    let mut extras = Vec::new();
    if o.wins {
        extras.push("🏆".to_string());
    }
    if !o.bumped.is_empty() {
        let b: Vec<String> = o.bumped.iter().map(|(_, s)| s.to_string()).collect();
        extras.push(format!("💥{}", b.join(",")));
    }
    if o.draws_card {
        extras.push("🃏".into());
    }
    let moves = if o.witness.is_empty() {
        lang.text("(end)", "(fin)").to_string()
    } else {
        o.witness.clone()
    };
    format!(
        "{:>7}  {:<6} {moves}",
        o.pawns
            .iter()
            .take(pawns)
            .map(|&s| space(s))
            .collect::<Vec<_>>()
            .join(" "),
        extras.join(" ")
    )
}
