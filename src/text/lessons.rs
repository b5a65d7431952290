//! The guided first game in words (`/climb learn`, `primeclimb learn`): each step's
//! title, what it teaches, its goal, the feedback on a try, and the whole game that
//! follows; and the hint shown each turn in a game with hints on.

use super::climb::{hint_block, roll_words, story};
use super::{tr, Lang, Markup};
use crate::climb::hint::hint;
use crate::climb::lessons::{Checked, Goal, Lesson, LessonError, Topic, COUNT};
use crate::climb::{Game, Phase};

fn title(topic: Topic, lang: Lang) -> &'static str {
    match topic {
        Topic::Add => lang.text("One pawn, one die: adding", "Un pion, un dé : additionner"),
        Topic::Subtract => lang.text("Subtracting", "Soustraire"),
        Topic::Multiply => lang.text("Multiplying", "Multiplier"),
        Topic::Divide => lang.text("Dividing", "Diviser"),
        Topic::TwoDice => lang.text("Two dice", "Deux dés"),
        Topic::TwoPawns => lang.text("Two pawns", "Deux pions"),
        Topic::Doubles => lang.text("Doubles", "Les doubles"),
        Topic::Bump => lang.text("Bumping", "Renvoyer un pion"),
        Topic::Cards => lang.text("Red spaces and cards", "Cases rouges et cartes"),
    }
}

/// What the step teaches (before its goal).
fn teach(topic: Topic, lang: Lang, m: Markup) -> String {
    match topic {
        Topic::Add => tr!(
            lang,
            "Everyone starts on 0 and races to 101. Each turn you roll and move your pawn with the number: write the space your pawn is on, then the sign and the die, like {}.",
            "Tout le monde part de 0 et court jusqu'à 101. À chaque tour, on lance le dé et on avance son pion avec le nombre : écrivez la case du pion, puis le signe et le dé, comme {}.",
            m.code("0 +6")
        ),
        Topic::Subtract => tr!(
            lang,
            "You may also subtract the die: {} moves the pawn from 9 back to 5. Going back is sometimes the best way forward!",
            "On peut aussi soustraire le dé : {} fait reculer le pion de 9 à 5. Reculer est parfois la meilleure façon d'avancer !",
            m.code("9 -4")
        ),
        Topic::Multiply => tr!(
            lang,
            "Multiplying goes far: write {} (or *) to multiply. Spaces past 101 are off the board.",
            "Multiplier va loin : écrivez {} (ou *) pour multiplier. Au-delà de 101, on sort du plateau.",
            m.code("x")
        ),
        Topic::Divide => tr!(
            lang,
            "You may divide with {} when the division is exact: 24 / 6 = 4, but 25 / 6 is not allowed. The coloured circles on each space are its prime factors: they show what divides it.",
            "On peut diviser avec {} quand la division tombe juste : 24 / 6 = 4, mais 25 / 6 n'est pas permis. Les cercles de couleur de chaque case sont ses facteurs premiers : ils montrent ce qui la divise.",
            m.code("/")
        ),
        Topic::TwoDice => tr!(
            lang,
            "The real game rolls two dice, and you use both, one after the other, in the order you like: {} multiplies by 3, then by 4.",
            "Le vrai jeu lance deux dés, et on joue les deux, l'un après l'autre, dans l'ordre qu'on veut : {} multiplie par 3, puis par 4.",
            m.code("5 x3 x4")
        ),
        Topic::TwoPawns => tr!(
            lang,
            "Each player has two pawns, and both must reach 101 to win. Each die may go to either pawn: name the pawn by its space before its die, like {}.",
            "Chaque joueur a deux pions, et les deux doivent atteindre 101 pour gagner. Chaque dé peut aller à l'un ou l'autre pion : nommez le pion par sa case avant son dé, comme {}.",
            m.code("10 x5 3 x4")
        ),
        Topic::Doubles => lang
            .text(
                "A double (the same number on both dice) is used four times instead of twice.",
                "Un double (le même nombre sur les deux dés) se joue quatre fois au lieu de deux.",
            )
            .to_string(),
        Topic::Bump => lang
            .text(
                "Land exactly on another player's pawn at the end of your move and it goes back to Start (0). Robot's pawn is on 20.",
                "Si votre coup finit pile sur le pion d'un autre joueur, il retourne au départ (0). Le pion de Robot est sur 20.",
            )
            .to_string(),
        Topic::Cards => lang
            .text(
                "The red spaces are the prime numbers from 11 up. End your move on one and you draw a card: some help you, some hurt, some you keep for later.",
                "Les cases rouges sont les nombres premiers à partir de 11. Finissez votre coup sur l'une d'elles et vous piochez une carte : certaines aident, d'autres gênent, d'autres se gardent pour plus tard.",
            )
            .to_string(),
    }
}

/// The goal of the step, as a task.
fn goal(l: &Lesson, lang: Lang) -> String {
    match l.goal {
        Goal::Reach(s) => tr!(lang, "reach {}", "atteindre {}", s),
        Goal::Pawns([a, b]) => tr!(
            lang,
            "put one pawn on {} and the other on {}",
            "mettre un pion sur {} et l'autre sur {}",
            a.max(b),
            a.min(b)
        ),
        Goal::Highest => lang
            .text(
                "reach the highest space you can",
                "atteindre la case la plus haute possible",
            )
            .into(),
        Goal::Bump => lang
            .text(
                "send Robot's pawn back to Start",
                "renvoyer le pion de Robot au départ",
            )
            .into(),
        Goal::RedSpace => lang
            .text(
                "end on a red space and draw a card",
                "finir sur une case rouge et piocher une carte",
            )
            .into(),
    }
}

/// Where the learner's pawns are, in words.
fn pawns_words(l: &Lesson, lang: Lang) -> String {
    let mine = &l.pawns[0][..l.options.pawn_count()];
    match mine {
        [one] => tr!(lang, "Your pawn is on {}", "Votre pion est sur {}", one),
        _ => tr!(
            lang,
            "Your pawns are on {} and {}",
            "Vos pions sont sur {} et {}",
            mine[0],
            mine[1]
        ),
    }
}

/// Step `i` (0-based) of the guided game: its title, what it teaches, the position and
/// the goal, and how to answer (`how`: the command or the prompt).
pub fn step_text(i: usize, l: &Lesson, how: &str, lang: Lang, m: Markup) -> String {
    let head = tr!(
        lang,
        "🎓 {} — {}",
        "🎓 {} — {}",
        m.bold(&tr!(lang, "Step {} of {}", "Étape {} sur {}", i + 1, COUNT)),
        title(l.topic, lang)
    );
    let task = tr!(
        lang,
        "{}; you rolled {}. Goal: {}.",
        "{} ; vous avez fait {}. Objectif : {}.",
        pawns_words(l, lang),
        roll_words(l.roll, lang),
        goal(l, lang)
    );
    [head, teach(l.topic, lang, m), task, how.to_string()].join("\n")
}

/// The feedback on a try: what the move did, and whether the goal was met (with a move
/// that meets it when not).
pub fn checked_text(l: &Lesson, c: &Checked, lang: Lang, m: Markup) -> String {
    // The learner as the story names them: "your pawn", "le pion de l'élève".
    let mut game = c.game.clone();
    game.players[0].name = lang.text("You", "l'élève").into();
    let mut lines: Vec<String> = story(&game, &c.events, Some(0), lang)
        .into_iter()
        .map(|s| match m {
            Markup::Discord => format!("> {s}"),
            Markup::Plain => format!("  {s}"),
        })
        .collect();
    // A card drawn is explained: what it says, and when it acts (§2).
    for event in &c.events {
        if let crate::climb::Event::Drew { card, .. } = *event {
            let keeper = game
                .cards
                .get(usize::from(card.0))
                .is_some_and(|def| matches!(def.effect, crate::climb::Effect::Keeper(_)));
            lines.push(tr!(
                lang,
                "🃏 “{}” says: {}. {}",
                "🃏 « {} » dit : {}. {}",
                super::climb::card_name(&game, card, lang),
                super::climb::card_text(&game, card, lang).trim_end_matches('.'),
                if keeper {
                    lang.text(
                        "It is a Keeper: you keep it face up and may play it on a later turn.",
                        "C'est une carte à garder : posée devant vous, elle se joue à un tour suivant.",
                    )
                } else {
                    lang.text(
                        "It is an Action card: it acts at once.",
                        "C'est une carte Action : elle agit tout de suite.",
                    )
                }
            ));
        }
    }
    if c.passed {
        lines.push(tr!(
            lang,
            "✅ {}! Goal met.",
            "✅ {} ! Objectif atteint.",
            lang.text("Well done", "Bravo")
        ));
    } else {
        lines.push(tr!(
            lang,
            "❌ Not quite: the goal was to {}. One way: {}. Try again.",
            "❌ Pas tout à fait : il fallait {}. Une façon : {}. Réessayez.",
            goal(l, lang),
            m.code(&l.example())
        ));
    }
    lines.join("\n")
}

/// A try that cannot be played, and why, with a move that can be played in the step's
/// position (`Lesson::shape`) to show how one is written.
pub fn refused_text(e: &LessonError, shape: &str, lang: Lang, m: Markup) -> String {
    match e {
        LessonError::Unfinished => lang
            .text(
                "Use every die: write the whole move at once.",
                "Jouez tous les dés : écrivez le coup entier d'un coup.",
            )
            .to_string(),
        LessonError::Move(e) => tr!(
            lang,
            "That move cannot be played: {}. Try another (a move looks like {}).",
            "Ce coup ne peut pas être joué : {}. Essayez-en un autre (un coup s'écrit comme {}).",
            super::errors::rule(e, lang),
            m.code(shape)
        ),
    }
}

/// After the last step: the whole game.
pub fn graduation(lang: Lang) -> &'static str {
    lang.text(
        "🎉 You know every rule you need! Now a whole game against the easy AI, with hints on: each turn shows the best move and why. Two pawns each, both must reach 101.",
        "🎉 Vous connaissez toutes les règles utiles ! Maintenant une partie entière contre l'IA facile, avec les indices : chaque tour montre le meilleur coup et pourquoi. Deux pions chacun, les deux doivent atteindre 101.",
    )
}

/// The hint shown at the start of a person's turn in a game with hints on (`hints`
/// variant); nothing otherwise.
pub fn coach_lines(game: &Game, lang: Lang, m: Markup) -> Vec<String> {
    if !game.options.hints
        || game.is_over()
        || game.phase != Phase::Move
        || !game.turn.steps.is_empty()
    {
        return Vec::new();
    }
    let Some(best) = hint(game, 1).into_iter().next() else {
        return Vec::new();
    };
    let mut lines = vec![format!(
        "💡 {}",
        lang.text("Hint (hints are on):", "Indice (indices affichés) :")
    )];
    lines.extend(hint_block(game, 0, &best, lang, m));
    lines
}

/// How a step is answered, as the step says.
pub fn how_to_answer(lang: Lang, m: Markup) -> String {
    tr!(
        lang,
        "Answer with {} (start again: {}).",
        "Répondez avec {} (tout reprendre : {}).",
        m.code("/climb learn answer: …"),
        m.code("/climb learn restart: True")
    )
}

/// The button that starts the whole game after the last step.
pub fn play_label(lang: Lang) -> &'static str {
    lang.text("Play the whole game", "Jouer la partie entière")
}

/// What to do once every step is done: the whole game is one click away (or the command
/// it stands for).
pub fn whole_game(lang: Lang, m: Markup) -> String {
    format!(
        "{}\n{}",
        graduation(lang),
        tr!(
            lang,
            "Press {} to start it (or {}; {} goes through the steps again).",
            "Appuyez sur {} pour la lancer (ou {} ; {} refait les étapes).",
            m.bold(play_label(lang)),
            m.code("/climb start ai: easy variant: hints"),
            m.code("/climb learn restart: True")
        )
    )
}

/// Where the whole game against the easy AI was opened.
pub fn game_is_in(channel_id: i64, lang: Lang) -> String {
    tr!(
        lang,
        "🎲 Your game against the easy AI is in <#{}>. Good luck!",
        "🎲 Votre partie contre l'IA facile est dans <#{}>. Bonne chance !",
        channel_id
    )
}
