//! What only the terminal says: the commands of `primeclimb play`, its prompts and notes.

use super::{tr, Lang};

/// The commands of a Prime Climb game at the terminal.
pub fn climb_help(lang: Lang) -> &'static str {
    lang.text(
        "\
Commands (the same words as on Discord):
  move 14 -3 x9   steps in the notation: a pawn's space, then +d -d xd /d (`move` may be left out); part of a turn is fine: `14 -3`, then `x9` continues with the same pawn
  play +5 14      play a Keeper: +N or -N on the pawn on 14; `play within 40`; `play curse 2`
  end             end the Move phase (needed only while you hold a Keeper you could still play)
  undo            take back the last step; after your move, take the whole move back until the next player acts (not once a card was drawn)
  choose N        answer the choice of the card just drawn (or just N)
  moves           every legal way to finish this turn, with a move for each
  hint [N]        the best N moves (default 3), explained step by step
  board           write the board picture (PNG) and print where; `board text`: the position in words
  rules [topic]   the rules: overview, roll, move, bump, draw, cards, winning, notation, variants
  colours         the colour of each prime factor, with examples
  resign          leave the game (asks first)
  quit            stop here; the game is saved and `--resume` continues it
Line editing: arrows and history (↑ ↓), Ctrl-L clears the screen, Ctrl-D or Ctrl-C stops.
",
        "\
Commandes (les mots anglais marchent aussi : move, play, end, undo…) :
  14 -3 x9        des pas en notation : la case d'un pion, puis +d -d xd /d (ou `coup 14 -3 x9`) ; une partie du tour suffit : `14 -3`, puis `x9` continue avec le même pion
  jouer +5 14     jouer une carte à garder : +N ou -N sur le pion en 14 ; `jouer within 40` ; `jouer curse 2`
  fin             finir le déplacement (utile seulement si vous avez une carte encore jouable)
  annuler         annuler le dernier pas ; après votre coup, le reprendre en entier tant que le joueur suivant n'a pas joué (pas si une carte a été piochée)
  choisir N       répondre au choix de la carte piochée (ou juste N)
  coups           toutes les façons de finir ce tour, avec un coup pour chacune
  indice [N]      les N meilleurs coups (3 par défaut), expliqués pas à pas
  plateau         écrire l'image du plateau (PNG) et dire où ; `plateau texte` : la position en mots
  règles [thème]  les règles : aperçu, lancer, déplacer, renvoyer, piocher, cartes, gagner, notation, variantes
  couleurs        la couleur de chaque facteur premier, avec des exemples
  abandonner      quitter la partie (demande d'abord)
  quitter         s'arrêter ici ; la partie est enregistrée et `--resume` la reprend
Édition : flèches et historique (↑ ↓), Ctrl-L efface l'écran, Ctrl-D ou Ctrl-C arrête.
",
    )
}

/// The commands of a Prime Daifugo game at the terminal.
pub fn daifugo_help(lang: Lang) -> &'static str {
    lang.text(
        "\
Commands (the same words as on Discord):
  3 10          play cards side by side: [3][10] is 310 (`play 3 10` works too); 5/9:9 plays the [5/9] as 9; 1 to 3 cards, a prime larger than the play, as many cards
  draw          draw the top card (step 1 of your turn, optional)
  d             play a D card: draw 2, then `discard N`
  discard 4     the discard after a D card (also `discard 5/9`, `discard d`)
  pass          pass (with a [10] in play, passing draws 2)
  skip          play a SKIP card (3 players): the next player loses their turn
  hand          your hand again; hint: what you could play
  board         write the table picture (PNG) and print where; `board text`: the table in words
  rules         the rules in short
  resign        leave the match (asks first)
  quit          stop here; the match is saved and `--resume` continues it
Line editing: arrows and history (↑ ↓), Ctrl-L clears the screen, Ctrl-D or Ctrl-C stops.
",
        "\
Commandes (les mots anglais marchent aussi : draw, pass, hand…) :
  3 10          jouer des cartes côte à côte : [3][10] vaut 310 (`jouer 3 10` aussi) ; 5/9:9 joue la [5/9] comme 9 ; 1 à 3 cartes, un nombre premier plus grand, autant de cartes
  piocher       piocher la carte du dessus (étape 1 du tour, facultative)
  d             jouer une carte D : piocher 2, puis `défausser N`
  défausser 4   la défausse après une carte D (aussi `défausser 5/9`, `défausser d`)
  passer        passer (avec un [10] en jeu, passer fait piocher 2)
  sauter        jouer une carte SKIP (3 joueurs) : le joueur suivant passe son tour
  main          votre main ; indice : ce que vous pourriez jouer
  plateau       écrire l'image de la table (PNG) et dire où ; `plateau texte` : la table en mots
  règles        les règles en bref
  abandonner    quitter le match (demande d'abord)
  quitter       s'arrêter ici ; le match est enregistré et `--resume` le reprend
Édition : flèches et historique (↑ ↓), Ctrl-L efface l'écran, Ctrl-D ou Ctrl-C arrête.
",
    )
}

/// The line under a game's title.
pub fn welcome(lang: Lang) -> &'static str {
    lang.text(
        "Type `help` for the commands and `rules` for the rules. The game is saved after every move.",
        "Tapez `aide` pour les commandes et `règles` pour les règles. La partie est enregistrée après chaque coup.",
    )
}

/// Before an AI seat plays, while the person who just moved may take it back.
pub fn take_back_prompt(ai: &str, lang: Lang) -> String {
    tr!(
        lang,
        "↩ Enter: {} plays · `undo`: take your move back > ",
        "↩ Entrée : {} joue · `undo` : reprendre votre coup > ",
        ai
    )
}

/// Prime Daifugo at one keyboard: before a hand is shown, its owner comes to it.
pub fn hand_over_prompt(name: &str, lang: Lang) -> String {
    tr!(
        lang,
        "🔒 {}: press Enter to see your hand > ",
        "🔒 {} : appuyez sur Entrée pour voir votre main > ",
        name
    )
}

/// Prime Daifugo at one keyboard: after a turn, before the hand is hidden.
pub fn hide_hand_prompt(lang: Lang) -> &'static str {
    lang.text(
        "Enter: hide your hand and pass the keyboard > ",
        "Entrée : cacher votre main et passer le clavier > ",
    )
}

/// `hint` or `moves` typed while an AI is about to play.
pub fn not_your_turn_yet(ai: &str, lang: Lang) -> String {
    tr!(
        lang,
        "{} plays next: hints and moves come on your next turn. Enter lets it play; `undo` takes your move back.",
        "{} joue maintenant : conseils et coups viendront à votre prochain tour. Entrée le laisse jouer ; `undo` reprend votre coup.",
        ai
    )
}

/// Whether an answer means "take it back".
pub fn is_undo(line: &str) -> bool {
    matches!(
        line.trim().to_lowercase().as_str(),
        "undo" | "u" | "annuler"
    )
}

/// The question before resigning, and whether an answer means yes.
pub fn confirm_resign(lang: Lang) -> &'static str {
    lang.text(
        "Leave the game for good? (yes/no) > ",
        "Quitter la partie pour de bon ? (oui/non) > ",
    )
}

pub fn is_yes(line: &str) -> bool {
    matches!(
        line.trim().to_lowercase().as_str(),
        "y" | "yes" | "o" | "oui"
    )
}

/// "Not resigned: the game goes on."
pub fn not_resigned(lang: Lang) -> &'static str {
    lang.text(
        "Not resigned: the game goes on.",
        "Vous restez : la partie continue.",
    )
}

/// "The board is in /path/board.png"
pub fn picture_written(path: &str, lang: Lang) -> String {
    tr!(lang, "The picture is in {}", "L'image est dans {}", path)
}

/// A picture that could not be written, and why: the game goes on without it.
pub fn picture_not_written(path: &str, why: &str, lang: Lang) -> String {
    tr!(
        lang,
        "No picture this time: {} cannot be written ({}). The game goes on.",
        "Pas d'image cette fois : impossible d'écrire {} ({}). La partie continue.",
        path,
        why
    )
}

/// "Nothing to move now: answer the card first."
pub fn answer_card_first(lang: Lang) -> &'static str {
    lang.text(
        "Nothing to move now: answer the card first.",
        "Rien à déplacer pour l'instant : répondez d'abord à la carte.",
    )
}

/// The topics `rules` takes.
pub fn rules_topics(lang: Lang) -> String {
    let topics: Vec<&str> = super::rules::Topic::ALL
        .iter()
        .map(|t| match lang {
            Lang::En => t.words().0,
            Lang::Fr => t.words().1,
        })
        .collect();
    tr!(
        lang,
        "More with `rules TOPIC`: {}.",
        "La suite avec `rules THÈME` : {}.",
        topics.join(", ")
    )
}

/// Fold `line` to `width` columns for a terminal that would otherwise break it anywhere,
/// even inside a number. Breaks fall only on spaces outside `code`, and never just
/// before a parenthesis, so a play such as ``163 (`1 6 3`)`` always stays whole. Continuation lines hang under the
/// second column when the line has one (two spaces or more after its first word, as in
/// the help), else two spaces deeper than the line's own indent. A word longer than the
/// width stays whole on its own line.
pub fn fold(line: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    if line.width() <= width || width < 20 {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    // The head is kept as written: the indent, and a first column with its gap.
    let head_len = line[indent..]
        .find("  ")
        .map(|at| {
            let after = &line[indent + at..];
            indent + at + (after.len() - after.trim_start().len())
        })
        .filter(|&end| line[..end].width() <= width / 2)
        .unwrap_or(indent);
    let (head, rest) = line.split_at(head_len);
    let hang = if head_len > indent {
        head.width()
    } else {
        indent + 2
    };
    let mut out: Vec<String> = Vec::new();
    let mut current = head.to_string();
    let mut fresh = true;
    for word in unbroken_words(rest) {
        if !fresh && current.width() + 1 + word.width() > width {
            out.push(std::mem::replace(&mut current, " ".repeat(hang)));
            fresh = true;
        }
        if !fresh {
            current.push(' ');
        }
        current.push_str(word);
        fresh = false;
    }
    out.push(current);
    out
}

/// The words of `text`, split on spaces outside backticks; a word and the parenthesis
/// right after it stay together (``61 (`6 1`)``), and so do a number and the word after
/// it ("6 cards").
fn unbroken_words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let (mut code, mut start) = (false, 0);
    for (i, ch) in text.char_indices() {
        match ch {
            '`' => code = !code,
            // A count stays with its noun ("6 cards"), a number with its play.
            // French punctuation keeps the space before it (" ; ", " : ", " !"): a line
            // never begins with it.
            ' ' if !code
                && !text[i + 1..].starts_with('(')
                && !text[i + 1..].starts_with([';', ':', '!', '?', '»'])
                && (i == start || !text[start..i].bytes().all(|b| b.is_ascii_digit())) =>
            {
                if i > start {
                    words.push(&text[start..i]);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        words.push(&text[start..]);
    }
    words
}
