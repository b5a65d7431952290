//! A game review in words (`/climb review`, the terminal's `review`): each player's
//! accuracy and turns lost, every turn (or the costliest, where every turn does not fit)
//! with the better move written out, who
//! judged (the exact solver, or the hard AI where the solver does not reach), and the
//! chart's words and description.

use super::{climb::roll_words, tr, Lang, Markup};
use crate::climb::review::{Judge, Review, TurnReview};
use crate::render::curve::{CurveWords, Series};

/// Costliest turns shown per player.
pub const SHOWN: usize = 3;

/// A figure to one decimal, with a decimal comma in French.
fn one(x: f64, lang: Lang) -> String {
    let t = format!("{x:.1}");
    match lang {
        Lang::En => t,
        Lang::Fr => t.replace('.', ","),
    }
}

/// "Turn 7 (rolled 3 and 9): played `14 -3 x9`, 8.4 turns left; better `14 x3 +9`, 7.1 (1.3 lost)".
fn turn_line(t: &TurnReview, lang: Lang, m: Markup) -> String {
    let roll = if t.cursed {
        tr!(
            lang,
            "{}, under a Curse",
            "{}, sous une malédiction",
            roll_words(t.roll, lang)
        )
    } else {
        roll_words(t.roll, lang)
    };
    let head = tr!(
        lang,
        "Turn {} ({}): played {}",
        "Tour {} ({}) : joué {}",
        t.number,
        roll,
        m.code(&t.played)
    );
    let better = t.better.as_deref().unwrap_or_default();
    match t.judge {
        Judge::Solver { played, .. } if t.is_best() => tr!(
            lang,
            "{}, {} turns left ✓ the best",
            "{}, {} tours restants ✓ le meilleur",
            head,
            one(played, lang)
        ),
        Judge::HardAi { agrees: true } => tr!(
            lang,
            "{} ✓ as the hard AI would play",
            "{} ✓ comme l'IA forte le jouerait",
            head
        ),
        Judge::Solver { played, best, .. } => tr!(
            lang,
            "{}, {} turns left; better {}, {} ({} lost)",
            "{}, {} tours restants ; mieux : {}, {} ({} de perdu)",
            head,
            one(played, lang),
            m.code(better),
            one(best, lang),
            one(played - best, lang)
        ),
        Judge::HardAi { .. } => tr!(
            lang,
            "{}; the hard AI would play {}",
            "{} ; l'IA forte jouerait {}",
            head,
            m.code(better)
        ),
    }
}

/// How much of each player's game a review lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Every reviewed turn of every player: the move played, the best one, what it cost.
    EveryTurn,
    /// The costliest turns of each player (at most [`SHOWN`]), where every turn does not
    /// fit (a Discord message; the whole review goes with it as a file).
    Costliest,
}

/// The review's words: a heading, then per player (people and AI seats alike) a summary
/// and their turns, each or the costliest as `detail` says. `people[seat]`: whether
/// that seat is a person (an AI seat is named as one).
pub fn review_text(
    game_id: i64,
    review: &Review,
    people: &[bool],
    detail: Detail,
    lang: Lang,
    m: Markup,
) -> String {
    let mut lines = vec![tr!(
        lang,
        "📈 {}",
        "📈 {}",
        m.bold(&tr!(
            lang,
            "Review of Prime Climb #{}",
            "Analyse de Prime Climb n° {}",
            game_id
        ))
    )];
    lines.push(match review.course {
        Some(_) => lang
            .text(
                "Each move against the best one: the expected turns left to finish by the exact solver, with bumps, cards and risks counted in turns as the hints count them (so the first hint is always the best). Where a Keeper was in hand, the hard AI judges.",
                "Chaque coup face au meilleur : le nombre moyen de tours restants pour finir selon le solveur exact, renvois, cartes et risques comptés en tours comme le font les indices (le premier indice est donc toujours le meilleur). Avec une carte en main, c'est l'IA forte qui juge.",
            )
            .to_string(),
        None => lang
            .text(
                "The exact solver does not cover this variant: each move is set against the hard AI's choice, and there is no chart of turns left.",
                "Le solveur exact ne couvre pas cette variante : chaque coup est comparé au choix de l'IA forte, et il n'y a pas de courbe des tours restants.",
            )
            .to_string(),
    });
    for p in &review.players {
        let person = people.get(p.seat).copied().unwrap_or(false);
        let mut summary = match p.accuracy() {
            Some(a) => tr!(
                lang,
                "{}: accuracy {}% ({} of {} as good as the best)",
                "{} : précision {} % ({} sur {} aussi bons que le meilleur)",
                m.bold(&p.name),
                a.round(),
                p.best_moves,
                super::counted(
                    lang,
                    p.reviewed as i64,
                    ("turn", "turns"),
                    ("tour", "tours")
                )
            ),
            None => tr!(
                lang,
                "{}: no turn with a choice to make",
                "{} : aucun tour avec un choix à faire",
                m.bold(&p.name)
            ),
        };
        if p.solver_turns > 0 {
            summary.push_str(&tr!(
                lang,
                " · {} turns lost in all",
                " · {} tours perdus en tout",
                one(p.turns_lost, lang)
            ));
        }
        if !person {
            summary.push_str(lang.text(" (AI)", " (IA)"));
        }
        lines.push(String::new());
        lines.push(summary);
        let shown: Vec<&TurnReview> = match detail {
            Detail::EveryTurn => review.turns.iter().filter(|t| t.seat == p.seat).collect(),
            Detail::Costliest => review.costliest(p.seat, SHOWN),
        };
        if p.reviewed > 0 && p.best_moves == p.reviewed {
            lines.push(
                lang.text(
                    "Every move as good as the best. 🎯",
                    "Chaque coup aussi bon que le meilleur. 🎯",
                )
                .to_string(),
            );
            if detail == Detail::Costliest {
                continue;
            }
        }
        for t in shown {
            lines.push(format!("• {}", turn_line(t, lang, m)));
        }
    }
    lines.join("\n")
}

/// The chart's lines: each player's expected turns left after each of their turns.
pub fn chart_series(review: &Review) -> Vec<Series> {
    review
        .players
        .iter()
        .filter(|p| p.curve.len() > 1)
        .map(|p| Series {
            name: p.name.clone(),
            seat: p.seat,
            points: p.curve.clone(),
        })
        .collect()
}

/// The chart's words.
pub fn chart_words(game_id: i64, lang: Lang) -> CurveWords {
    CurveWords {
        title: tr!(
            lang,
            "Prime Climb #{}: expected turns left",
            "Prime Climb n° {} : tours restants en moyenne",
            game_id
        ),
        subtitle: lang
            .text(
                "After each player's turns, by the exact solver (the race alone). Lower is better.",
                "Après chaque tour de chaque joueur, selon le solveur exact (la course seule). Plus bas, c'est mieux.",
            )
            .to_string(),
        x_axis: lang.text("turn", "tour").to_string(),
        y_axis: lang
            .text("expected turns left", "tours restants en moyenne")
            .to_string(),
    }
}

/// The chart in words, for screen readers.
pub fn chart_alt(series: &[Series], lang: Lang) -> String {
    let parts: Vec<String> = series
        .iter()
        .filter_map(|s| {
            let first = s.points.first()?;
            let last = s.points.last()?;
            let low = s.points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
            Some(tr!(
                lang,
                "{}: {} turns left at the start, {} after turn {} (lowest {})",
                "{} : {} tours restants au départ, {} après le tour {} (au plus bas {})",
                s.name,
                one(first.1, lang),
                one(last.1, lang),
                last.0,
                one(low, lang)
            ))
        })
        .collect();
    tr!(
        lang,
        "Chart of the expected turns left after each turn. {}.",
        "Courbe des tours restants en moyenne après chaque tour. {}.",
        parts.join("; ")
    )
}

/// The words with a replay (`/climb replay`): which game, how many turns, and what was
/// left out to fit Discord's limit. `finished`: the game is over (else it is shown up to
/// its last finished turn).
pub fn replay_text(
    game_id: i64,
    turns: usize,
    every: usize,
    finished: bool,
    lang: Lang,
    m: Markup,
) -> String {
    let mut lines = vec![tr!(
        lang,
        "🎞️ {}: the start, then the board after each of {} turns.",
        "🎞️ {} : le départ, puis le plateau après chacun des {} tours.",
        m.bold(&tr!(
            lang,
            "Replay of Prime Climb #{}",
            "Rejeu de Prime Climb n° {}",
            game_id
        )),
        turns
    )];
    if !finished {
        lines.push(
            lang.text(
                "The game is still being played: the replay stops at the last finished turn.",
                "La partie est en cours : le rejeu s'arrête au dernier tour fini.",
            )
            .to_string(),
        );
    }
    if every > 1 {
        lines.push(tr!(
            lang,
            "A long game: one turn in {} is shown, to stay within Discord's 8 MB.",
            "Une longue partie : un tour sur {} est montré, pour rester sous les 8 Mo de Discord.",
            every
        ));
    }
    lines.join("\n")
}

/// A replay in words, for screen readers: the game, its turns, and how it ended.
pub fn replay_alt(game_id: i64, turns: usize, last: &crate::climb::Game, lang: Lang) -> String {
    let end = match last.winner {
        Some(w) => tr!(
            lang,
            " {} won.",
            " {} a gagné.",
            last.players.get(w).map_or("?", |p| &*p.name)
        ),
        None => String::new(),
    };
    tr!(
        lang,
        "Animated replay of Prime Climb game {}: the board at the start and after each of {} turns, each turn's path drawn.{}",
        "Rejeu animé de la partie de Prime Climb n° {} : le plateau au départ et après chacun des {} tours, avec le chemin de chaque tour.{}",
        game_id,
        turns,
        end
    )
}

/// After a game in the terminal: what may be typed now.
pub fn review_offer(lang: Lang) -> &'static str {
    lang.text(
        "Type `review` to see each move against the best one (the chart goes to a picture file), `board` for the board again, or press Enter to leave.",
        "Tapez `analyse` pour voir chaque coup face au meilleur (la courbe va dans un fichier image), `plateau` pour revoir le plateau, ou Entrée pour quitter.",
    )
}

/// A line typed after the game that is none of those.
pub fn after_game(lang: Lang) -> &'static str {
    lang.text(
        "The game is over: `review`, `board`, or Enter to leave.",
        "La partie est finie : `analyse`, `plateau`, ou Entrée pour quitter.",
    )
}

/// A review as a message of at most `max` characters (`/climb review`): every turn where
/// it fits; else each player's costliest turns, with the whole review, every turn, as a
/// text file (its name and plain text).
pub struct ReviewMessage {
    pub content: String,
    pub file: Option<(String, String)>,
}

/// See [`ReviewMessage`].
pub fn review_message(
    game_id: i64,
    review: &Review,
    people: &[bool],
    max: usize,
    lang: Lang,
) -> ReviewMessage {
    let m = Markup::Discord;
    let every = review_text(game_id, review, people, Detail::EveryTurn, lang, m);
    if every.chars().count() <= max {
        return ReviewMessage {
            content: every,
            file: None,
        };
    }
    let name = format!("review-{game_id}.txt");
    let mut short = review_text(game_id, review, people, Detail::Costliest, lang, m);
    short.push_str("\n\n");
    short.push_str(&tr!(
        lang,
        "📄 Every turn of every player is in {}.",
        "📄 Chaque tour de chaque joueur est dans {}.",
        name
    ));
    let plain = review_text(
        game_id,
        review,
        people,
        Detail::EveryTurn,
        lang,
        Markup::Plain,
    );
    ReviewMessage {
        content: crate::text::clip(&short, max),
        file: Some((name, plain)),
    }
}

/// The replay's picture could not be drawn.
pub fn replay_failed(lang: Lang) -> &'static str {
    lang.text(
        "The replay could not be drawn; please try again later.",
        "Le rejeu n'a pas pu être dessiné ; réessayez plus tard.",
    )
}
