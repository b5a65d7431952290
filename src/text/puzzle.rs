//! Daily puzzles in words: the question, the grade of an answer (with the right answer
//! and why), the streak, and the server's puzzle standings.

use super::{climb::roll_words, counted, list, tr, Lang, Markup};
use crate::climb::puzzle::{Grade as ClimbGrade, Kind, Puzzle as ClimbPuzzle};
use crate::daifugo::puzzle::{Grade as DaifugoGrade, Puzzle as DaifugoPuzzle};
use crate::session::calendar;
use crate::session::{GameKind, PuzzleGrade, PuzzleRecord, PuzzleStanding};

/// A figure to one decimal, with a decimal comma in French.
fn one(x: f64, lang: Lang) -> String {
    let t = format!("{x:.1}");
    match lang {
        Lang::En => t,
        Lang::Fr => t.replace('.', ","),
    }
}

/// "Tue 1 Dec" / "mar. 1 déc." for a day number.
fn date_words(day: i64, lang: Lang) -> String {
    let d = calendar::date_of_day(day);
    let months = match lang {
        Lang::En => [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ],
        Lang::Fr => [
            "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
            "nov.", "déc.",
        ],
    };
    let month = months[usize::try_from(d.month() - 1).unwrap_or(0) % 12];
    format!("{} {month} {}", d.day(), d.year())
}

/// The Prime Climb puzzle's question. `command`: how to answer, e.g.
/// "/climb puzzle answer:".
pub fn climb_question(p: &ClimbPuzzle, command: &str, lang: Lang, m: Markup) -> String {
    let head = tr!(
        lang,
        "🧩 {} — {}",
        "🧩 {} — {}",
        m.bold(lang.text(
            "Prime Climb puzzle of the day",
            "Énigme Prime Climb du jour"
        )),
        date_words(p.day, lang)
    );
    let roll = roll_words(p.game.turn.roll, lang);
    let body = match p.kind {
        Kind::BestMove => {
            let pawns = p.game.players[0].pawns;
            tr!(
                lang,
                "Your pawns are on {} and {}, and you rolled {}. Which move leaves the fewest turns to finish, on average? Answer with the whole move, e.g. {}.",
                "Vos pions sont sur {} et {}, et vous avez fait {}. Quel coup laisse le moins de tours pour finir, en moyenne ? Répondez avec le coup entier, par ex. {}.",
                pawns[0],
                pawns[1],
                roll,
                m.code(&format!("{command}{} x{} +{}", pawns[0], p.game.turn.roll.a, p.game.turn.roll.b))
            )
        }
        Kind::Reach => tr!(
            lang,
            "Your pawn is on {} (the other is home), and you rolled {}. List every space it can end on, using both dice, e.g. {}.",
            "Votre pion est sur {} (l'autre est arrivé), et vous avez fait {}. Donnez toutes les cases où il peut finir en utilisant les deux dés, par ex. {}.",
            p.pawn(),
            roll,
            m.code(&format!("{command}12 17 40"))
        ),
    };
    format!("{head}\n{body}")
}

/// The Prime Daifugo puzzle's question, with the hand in words.
pub fn daifugo_question(p: &DaifugoPuzzle, command: &str, lang: Lang, m: Markup) -> String {
    let cards: Vec<String> = p
        .hand()
        .iter()
        .map(|&id| super::daifugo::hand_card(&p.game, id))
        .collect();
    tr!(
        lang,
        "🧩 {} — {}\nYour hand: {}. What is the largest prime you can play from it (one to three cards side by side, on an empty table)? Answer with the number, e.g. {}.",
        "🧩 {} — {}\nVotre main : {}. Quel est le plus grand nombre premier que vous pouvez jouer avec (une à trois cartes côte à côte, sur une table vide) ? Répondez avec le nombre, par ex. {}.",
        m.bold(lang.text(
            "Prime Daifugo puzzle of the day",
            "Énigme Prime Daifugo du jour"
        )),
        date_words(p.day, lang),
        cards.join(" "),
        m.code(&format!("{command}523"))
    )
}

fn spaces(list_of: &[u8], lang: Lang) -> String {
    let words: Vec<String> = list_of.iter().map(u8::to_string).collect();
    list(lang, &words)
}

/// The grade of an answer, with the right answer when it was wrong.
pub fn grade(g: &PuzzleGrade, lang: Lang, m: Markup) -> String {
    match g {
        PuzzleGrade::Climb(ClimbGrade::Move {
            right: true, yours, ..
        }) => tr!(
            lang,
            "✅ Right! Your move leaves {} turns to finish on average: the best there is.",
            "✅ Bravo ! Votre coup laisse {} tours pour finir en moyenne : c'est le meilleur.",
            one(*yours, lang)
        ),
        PuzzleGrade::Climb(ClimbGrade::Move {
            yours,
            best,
            best_move,
            ..
        }) => tr!(
            lang,
            "❌ Your move leaves {} turns to finish on average; the best, {}, leaves {}.",
            "❌ Votre coup laisse {} tours pour finir en moyenne ; le meilleur, {}, en laisse {}.",
            one(*yours, lang),
            m.code(best_move),
            one(*best, lang)
        ),
        PuzzleGrade::Climb(ClimbGrade::Reach {
            right: true, all, ..
        }) => tr!(
            lang,
            "✅ Right: all {} spaces ({}).",
            "✅ Bravo : les {} cases ({}).",
            all.len(),
            spaces(all, lang)
        ),
        PuzzleGrade::Climb(ClimbGrade::Reach {
            missing, wrong, all, ..
        }) => {
            let mut parts = Vec::new();
            if !missing.is_empty() {
                parts.push(tr!(
                    lang,
                    "you missed {}",
                    "il manque {}",
                    spaces(missing, lang)
                ));
            }
            if !wrong.is_empty() {
                parts.push(tr!(
                    lang,
                    "{} cannot be reached",
                    "{} ne peut pas être atteint",
                    spaces(wrong, lang)
                ));
            }
            tr!(
                lang,
                "❌ Not quite: {}. The spaces: {}.",
                "❌ Pas tout à fait : {}. Les cases : {}.",
                parts.join(lang.text("; ", " ; ")),
                spaces(all, lang)
            )
        }
        PuzzleGrade::Daifugo(DaifugoGrade::Right { largest }) => tr!(
            lang,
            "✅ Right: {} is the largest prime this hand plays.",
            "✅ Bravo : {} est le plus grand nombre premier de cette main.",
            largest
        ),
        PuzzleGrade::Daifugo(DaifugoGrade::Smaller { largest }) => tr!(
            lang,
            "❌ A prime you can play, but there is a larger one: {}.",
            "❌ C'est un nombre premier que vous pouvez jouer, mais il y a plus grand : {}.",
            largest
        ),
        PuzzleGrade::Daifugo(DaifugoGrade::NotFromHand { largest }) => tr!(
            lang,
            "❌ A prime, but these cards do not make it. The largest they make: {}.",
            "❌ C'est un nombre premier, mais ces cartes ne le forment pas. Le plus grand qu'elles forment : {}.",
            largest
        ),
        PuzzleGrade::Daifugo(DaifugoGrade::NotPrime { largest, factor }) => tr!(
            lang,
            "❌ Not a prime: it divides by {}. The largest prime this hand plays: {}.",
            "❌ Ce n'est pas un nombre premier : il se divise par {}. Le plus grand nombre premier de cette main : {}.",
            factor,
            largest
        ),
    }
}

/// What the answer did to the person's record.
pub fn record(r: &PuzzleRecord, lang: Lang) -> String {
    let days = counted(
        lang,
        i64::from(r.streak),
        ("day", "days"),
        ("jour", "jours"),
    );
    let solved = counted(
        lang,
        i64::from(r.solved),
        ("puzzle solved", "puzzles solved"),
        ("énigme résolue", "énigmes résolues"),
    );
    if r.counted {
        tr!(
            lang,
            "Streak: {} in a row · {} in all. A new puzzle tomorrow.",
            "Série : {} d'affilée · {} en tout. Une nouvelle énigme demain.",
            days,
            solved
        )
    } else {
        tr!(
            lang,
            "Your first answer today was the one that counted (streak: {} in a row · {} in all).",
            "C'est votre première réponse du jour qui a compté (série : {} d'affilée · {} en tout).",
            days,
            solved
        )
    }
}

/// The server's puzzle standings.
pub fn standings(rows: &[PuzzleStanding], game: &str, lang: Lang, m: Markup) -> String {
    let mut lines = vec![tr!(
        lang,
        "🏆 {}",
        "🏆 {}",
        m.bold(&tr!(
            lang,
            "Puzzle standings: {}",
            "Classement des énigmes : {}",
            game
        ))
    )];
    if rows.is_empty() {
        lines.push(
            lang.text(
                "Nobody has solved a puzzle here yet: be the first!",
                "Personne n'a encore résolu d'énigme ici : soyez le premier !",
            )
            .to_string(),
        );
    }
    for (i, r) in rows.iter().take(15).enumerate() {
        lines.push(tr!(
            lang,
            "{}. <@{}> · streak {} · {} solved · best streak {}",
            "{}. <@{}> · série {} · {} résolues · meilleure série {}",
            i + 1,
            r.user_id,
            r.streak,
            r.solved,
            r.best_streak
        ));
    }
    lines.join("\n")
}

/// How to answer each game's puzzle, as its question shows it (the command's name is the
/// same in both languages).
pub fn answer_command(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Climb => "/climb puzzle answer:",
        GameKind::Daifugo => "/daifugo puzzle answer:",
    }
}

/// The post in a server's puzzle channel: both puzzles of the day.
pub fn daily_post(climb: &ClimbPuzzle, daifugo: &DaifugoPuzzle, lang: Lang) -> String {
    let m = Markup::Discord;
    format!(
        "{}\n\n{}\n\n{}",
        climb_question(climb, answer_command(GameKind::Climb), lang, m),
        daifugo_question(daifugo, answer_command(GameKind::Daifugo), lang, m),
        lang.text(
            "Answers stay private; your first answer of the day counts for your streak.",
            "Les réponses restent privées ; votre première réponse du jour compte pour votre série."
        )
    )
}

/// The alt text of a puzzle's board picture.
pub fn climb_alt(p: &ClimbPuzzle, lang: Lang) -> String {
    let pawns = p.game.players[0].pawns;
    tr!(
        lang,
        "The board: your pawns on {} and {}; you rolled {}.",
        "Le plateau : vos pions sur {} et {} ; vous avez fait {}.",
        pawns[0],
        pawns[1],
        roll_words(p.game.turn.roll, lang)
    )
}
