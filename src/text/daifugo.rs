//! Prime Daifugo in words: the narrator (a drawn card is named to its drawer only, §4.3),
//! cards and hands, whose turn and what they can do, hints.

use super::{counted, de, factorisation, tr, Lang, Markup};
use crate::daifugo::game::Step;
use crate::daifugo::{self, CardId, Event, Game, Kind, Placed, Seat};

/// A player's name, or "?" for a seat that does not exist.
pub fn name(game: &Game, seat: Seat) -> String {
    game.players
        .get(seat)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| "?".into())
}

/// A card as written: `[3]`, `[5/9]`, `[D]`, `[SKIP]`.
pub fn card_word(game: &Game, id: CardId) -> String {
    game.kind(id).to_string()
}

/// A card in a hand listing: with ³ when it carries the three-card icon.
pub fn hand_card(game: &Game, id: CardId) -> String {
    let word = card_word(game, id);
    if game.card(id).icon {
        format!("{word}³")
    } else {
        word
    }
}

/// A card as played: `[3]`, or `[5/9→9]` for a multi-number card and its value.
pub fn placed_word(game: &Game, placed: &Placed) -> String {
    let kind = game.kind(placed.card);
    if kind.is_multi() {
        let faces: Vec<String> = kind.values().iter().map(u8::to_string).collect();
        format!("[{}→{}]", faces.join("/"), placed.value)
    } else {
        kind.to_string()
    }
}

/// A play in words: "[3][10] = 310".
pub fn play_words(game: &Game, play: &daifugo::Play, m: Markup) -> String {
    let faces: String = play.cards.iter().map(|p| placed_word(game, p)).collect();
    format!("{faces} = {}", m.bold(&play.number.to_string()))
}

/// A card named in the notation (`discard 4`, `discard 5/9`, `discard d`).
pub fn card_notation(kind: Kind) -> String {
    match kind {
        Kind::Number(n) => n.to_string(),
        Kind::FiveNine => "5/9".into(),
        Kind::FourSixEight => "4/6/8".into(),
        Kind::D => "d".into(),
        Kind::Skip => "skip".into(),
    }
}

/// The story of a change as `viewer` may see it (`None`: everyone). Another player's
/// draws are told without the card, and repeated draws are counted together.
pub fn story(
    game: &Game,
    events: &[Event],
    viewer: Option<Seat>,
    lang: Lang,
    m: Markup,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut hidden: Vec<(Seat, usize)> = Vec::new();
    let flush = |lines: &mut Vec<String>, hidden: &mut Vec<(Seat, usize)>| {
        for (seat, n) in hidden.drain(..) {
            lines.push(if n == 1 {
                tr!(
                    lang,
                    "{} draws a card",
                    "{} pioche une carte",
                    name(game, seat)
                )
            } else {
                tr!(
                    lang,
                    "{} draws {} cards",
                    "{} pioche {} cartes",
                    name(game, seat),
                    n
                )
            });
        }
    };
    for event in events {
        if let Event::Drew { seat, .. } = event {
            if Some(*seat) != viewer {
                match hidden.last_mut() {
                    Some((s, n)) if s == seat => *n += 1,
                    _ => hidden.push((*seat, 1)),
                }
                continue;
            }
        }
        flush(&mut lines, &mut hidden);
        let line = match event {
            Event::Dealt {
                game: number,
                first,
            } => Some(tr!(
                lang,
                "game {} dealt: {} cards each; {} starts",
                "partie {} distribuée : {} cartes chacun ; {} commence",
                number,
                daifugo::options::DEAL,
                name(game, *first)
            )),
            Event::TurnStarted { .. } => None,
            Event::Drew { seat, card } => Some(tr!(
                lang,
                "{} draws {}",
                "{} pioche {}",
                name(game, *seat),
                card_word(game, *card)
            )),
            Event::Reshuffled => Some(
                lang.text(
                    "the discard pile is shuffled into a new deck",
                    "la défausse est mélangée : nouvelle pioche",
                )
                .into(),
            ),
            Event::DeckEmpty => Some(
                lang.text(
                    "the deck and the discard pile are empty: nothing drawn",
                    "la pioche et la défausse sont vides : rien à piocher",
                )
                .into(),
            ),
            Event::HandFull { seat } => Some(match lang {
                Lang::En => format!("{}'s hand is full: no card drawn", name(game, *seat)),
                Lang::Fr => format!(
                    "la main {} est pleine : pas de carte piochée",
                    de(&name(game, *seat))
                ),
            }),
            Event::DPlayed { seat, .. } => Some(tr!(
                lang,
                "{} plays a [D]: draws 2, then discards 1",
                "{} joue un [D] : pioche 2, puis en défausse 1",
                name(game, *seat)
            )),
            Event::Discarded { seat, card } => Some(tr!(
                lang,
                "{} discards {}",
                "{} défausse {}",
                name(game, *seat),
                card_word(game, *card)
            )),
            Event::Played {
                seat,
                cards,
                number,
            } => {
                let faces: String = cards.iter().map(|p| placed_word(game, p)).collect();
                Some(tr!(
                    lang,
                    "{} plays {} = {}: prime ✓",
                    "{} joue {} = {} : premier ✓",
                    name(game, *seat),
                    faces,
                    m.bold(&number.to_string())
                ))
            }
            Event::JudgmentFailed { seat, number, .. } => Some(tr!(
                lang,
                "{} tries {}: not prime ✗ — the cards go back (a pass)",
                "{} tente {} : pas premier ✗ — les cartes reviennent (il passe)",
                name(game, *seat),
                factorisation(*number, lang)
            )),
            Event::Passed { seat } => Some(tr!(lang, "{} passes", "{} passe", name(game, *seat))),
            Event::DrawTwo { seat } => Some(tr!(
                lang,
                "Draw 2 ([10] in play): {} draws 2",
                "Pioche 2 ([10] en jeu) : {} pioche 2 cartes",
                name(game, *seat)
            )),
            Event::Skipped { seat, skipped } => Some(tr!(
                lang,
                "{} plays SKIP: {} loses their turn",
                "{} joue SKIP : {} passe son tour",
                name(game, *seat),
                name(game, *skipped)
            )),
            Event::Stopped { seat } => Some(tr!(
                lang,
                "Stop ([12]): {} ends the round",
                "Stop ([12]) : {} termine la manche",
                name(game, *seat)
            )),
            Event::RoundCleared { leader } => Some(tr!(
                lang,
                "the area is cleared: {} leads a new round",
                "la zone est vidée : {} mène une nouvelle manche",
                name(game, *leader)
            )),
            Event::GameWon { seat, wins } => Some(tr!(
                lang,
                "🏆 {} empties their hand and wins the game ({})",
                "🏆 {} vide sa main et gagne la partie ({})",
                name(game, *seat),
                counted(
                    lang,
                    *wins,
                    ("game won", "games won"),
                    ("partie gagnée", "parties gagnées")
                )
            )),
            // The match is told once, with the final ranking (`ranking`).
            Event::MatchWon { .. } => None,
        };
        lines.extend(line);
    }
    flush(&mut lines, &mut hidden);
    lines
}

/// The end of a match, told once: "🏆 Ada wins the match!", then the places.
pub fn ranking(game: &Game, lang: Lang, m: Markup) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(w) = game.match_winner {
        out.push(tr!(
            lang,
            "🏆 {} wins the match!",
            "🏆 {} gagne le match !",
            m.bold(&name(game, w))
        ));
    }
    for (seat, place) in crate::session::daifugo_ranking(game) {
        let p = &game.players[seat];
        out.push(format!(
            "  {place}. {} ({})",
            p.name,
            counted(
                lang,
                p.wins,
                ("game won", "games won"),
                ("partie gagnée", "parties gagnées")
            )
        ));
    }
    out
}

/// The header of a change: "Ada · turn 7".
pub fn turn_header(name: &str, number: u32, lang: Lang) -> String {
    tr!(lang, "{} · turn {}", "{} · tour {}", name, number)
}

/// The header of a look at the table: "Prime Daifugo · match #3 · game 2".
pub fn match_header(match_id: i64, game: &Game, lang: Lang, m: Markup) -> String {
    tr!(
        lang,
        "{} · match #{} · game {}",
        "{} · match n° {} · partie {}",
        m.bold("Prime Daifugo"),
        match_id,
        game.game_number
    )
}

/// Every player's hand size and games won: "Ada 7🂠 1★ · Bo 9🂠 0★".
pub fn sizes_line(game: &Game) -> String {
    game.players
        .iter()
        .map(|p| format!("{} {}🂠 {}★", p.name, p.hand.len(), p.wins))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Whether the current play holds a [10]: passing on it draws 2 (§3.4).
pub fn ten_in_play(game: &Game) -> bool {
    game.area.as_ref().is_some_and(|p| {
        p.cards
            .iter()
            .any(|c| game.kind(c.card) == Kind::Number(10))
    })
}

/// What the player to move does now; `who` as the front shows them.
pub fn next_line(game: &Game, who: &str, lang: Lang, m: Markup) -> String {
    match &game.area {
        Some(play) => {
            let power = if ten_in_play(game) {
                lang.text(
                    " — a [10] is in play: passing draws 2",
                    " — un [10] est en jeu : passer fait piocher 2",
                )
            } else {
                ""
            };
            let skip = if game.allows(game.current(), &crate::daifugo::Action::Skip) {
                lang.text(", or play SKIP", ", ou jouez SKIP")
            } else {
                ""
            };
            tr!(
                lang,
                "🎴 {}, your turn: beat {} with {}{}, or pass{}.",
                "🎴 {}, à vous : battez {} avec {}{}, ou passez{}.",
                who,
                m.bold(&play.number.to_string()),
                counted(
                    lang,
                    play.cards.len() as i64,
                    ("card", "cards"),
                    ("carte", "cartes")
                ),
                skip,
                power
            )
        }
        None => tr!(
            lang,
            "🎴 {}, your turn: lead with 1, 2 or 3 cards forming a prime.",
            "🎴 {}, à vous : entamez avec 1, 2 ou 3 cartes qui forment un nombre premier.",
            who
        ),
    }
}

/// The table in words, for the terminal and for alt texts: the play area (the current
/// play and what it covers), every player's hand size and games won, deck and discard.
pub fn table_lines(game: &Game, lang: Lang, m: Markup) -> Vec<String> {
    let mut out = Vec::new();
    match &game.area {
        Some(play) => {
            let covered: Vec<String> = game.covered.iter().map(|p| p.number.to_string()).collect();
            let under = if covered.is_empty() {
                String::new()
            } else {
                tr!(lang, " (over {})", " (sur {})", covered.join(", "))
            };
            let by = name(game, play.by);
            let by = match lang {
                Lang::En => format!("by {by}"),
                Lang::Fr => super::par(&by),
            };
            out.push(tr!(
                lang,
                "In play: {} {}{}",
                "En jeu : {} {}{}",
                play_words(game, play, m),
                by,
                under
            ));
            if ten_in_play(game) {
                out.push(
                    lang.text(
                        "⚠ A [10] is in play: whoever passes on it draws 2.",
                        "⚠ Un [10] est en jeu : qui passe dessus pioche 2.",
                    )
                    .into(),
                );
            }
        }
        None if game.is_over() => out.push(
            lang.text("The play area is empty.", "La zone de jeu est vide.")
                .into(),
        ),
        None => out.push(tr!(
            lang,
            "The play area is empty: {} leads.",
            "La zone de jeu est vide : {} entame.",
            name(game, game.current())
        )),
    }
    let players: Vec<String> = game
        .players
        .iter()
        .map(|p| {
            tr!(
                lang,
                "{}: {}, {}",
                "{} : {}, {}",
                p.name,
                counted(
                    lang,
                    p.hand.len() as i64,
                    ("card", "cards"),
                    ("carte", "cartes")
                ),
                counted(
                    lang,
                    p.wins,
                    ("game won", "games won"),
                    ("partie gagnée", "parties gagnées")
                )
            )
        })
        .collect();
    out.push(players.join(" · "));
    let top = game
        .top_discard()
        .map(|c| card_word(game, c))
        .unwrap_or_else(|| lang.text("none", "aucune").into());
    out.push(tr!(
        lang,
        "Deck: {} · discard pile: {} (top: {}) · first to {} wins the match",
        "Pioche : {} · défausse : {} (dessus : {}) · le premier à {} gagne le match",
        game.deck.len(),
        game.discard.len(),
        top,
        counted(
            lang,
            game.options.games_to_win,
            ("game", "games"),
            ("victoire", "victoires")
        )
    ));
    out
}

/// A hand in words: "Your hand (7 cards): [1] [3]³ [10] …", with what ³ means when the
/// hand holds one.
pub fn hand_lines(game: &Game, cards: &[CardId], lang: Lang) -> Vec<String> {
    let words: Vec<String> = cards.iter().map(|&id| hand_card(game, id)).collect();
    let mut out = vec![tr!(
        lang,
        "Your hand ({}): {}",
        "Votre main ({}) : {}",
        counted(
            lang,
            cards.len() as i64,
            ("card", "cards"),
            ("carte", "cartes")
        ),
        words.join(" ")
    )];
    if cards.iter().any(|&c| game.card(c).icon) {
        out.push(
            lang.text(
                "³ = the three-card icon: a three-card play needs at least one such card.",
                "³ = l'icône trois cartes : un coup à trois cartes en demande au moins une.",
            )
            .into(),
        );
    }
    out
}

/// What `seat` could do now, for a hint: the primes it could play, and the draw or the D
/// card when step 1 is still open.
pub fn hint(game: &Game, seat: Seat, lang: Lang, m: Markup) -> Vec<String> {
    let mut out = Vec::new();
    if game.current() == seat && game.turn.step == Step::Discard {
        out.push(
            lang.text(
                "First discard one card (after a D card): `discard N`.",
                "Défaussez d'abord une carte (après une carte D) : `discard N`.",
            )
            .into(),
        );
        return out;
    }
    let found = daifugo::playable_primes(game, seat);
    if found.is_empty() {
        out.push(
            lang.text(
                "No prime can be played with these cards.",
                "Aucun nombre premier avec ces cartes.",
            )
            .into(),
        );
    } else {
        // One line per number of cards, smallest plays first: easier to scan than one
        // long list, and a line never has to break inside a play.
        out.push(
            lang.text("You could play:", "Vous pourriez jouer :")
                .to_string(),
        );
        for size in 1..=3usize {
            // A number once per line: the same number with more cards is on its own line
            // (13 as [13], and as [1][3] to shed two cards).
            let mut seen: Vec<u32> = Vec::new();
            let mut plays: Vec<String> = Vec::new();
            for c in found.iter().filter(|c| c.cards.len() == size) {
                if seen.contains(&c.number) {
                    continue;
                }
                seen.push(c.number);
                plays.push(format!(
                    "{} ({})",
                    c.number,
                    m.code(&daifugo::hint::candidate_notation(game, c))
                ));
            }
            if plays.is_empty() {
                continue;
            }
            let cards = counted(lang, size as i64, ("card", "cards"), ("carte", "cartes"));
            out.push(tr!(lang, "  {}: {}", "  {} : {}", cards, plays.join(", ")));
        }
    }
    if game.current() == seat && game.turn.step == Step::Start {
        let has_d = game.hand(seat).iter().any(|&c| game.kind(c) == Kind::D);
        let mut step1 = Vec::new();
        if !game.at_limit(seat) {
            step1.push(
                lang.text(
                    "draw a card first (`draw`)",
                    "piocher une carte d'abord (`draw`)",
                )
                .to_string(),
            );
        }
        if has_d {
            step1.push(
                lang.text(
                    "play your D card (`d`: draw 2, then discard 1) for more choice",
                    "jouer votre carte D (`d` : piocher 2, puis en défausser 1) pour plus de choix",
                )
                .to_string(),
            );
        }
        if !step1.is_empty() {
            out.push(tr!(
                lang,
                "Before playing you may {}.",
                "Avant de jouer vous pouvez {}.",
                list_or(lang, &step1)
            ));
        }
    }
    // §3.2 SKIP (skip variant, three players or more): always worth knowing about.
    if game.current() == seat && game.allows(seat, &crate::daifugo::Action::Skip) {
        let next = name(game, (seat + 1) % game.players.len());
        out.push(tr!(
            lang,
            "You may also play your SKIP card ({}): {} loses their turn.",
            "Vous pouvez aussi jouer votre carte SKIP ({}) : {} passe son tour.",
            m.code(lang.text("skip", "sauter")),
            next
        ));
    }
    if found.is_empty() {
        out.push(if ten_in_play(game) {
            lang.text(
                "Else pass — a [10] is in play, so passing draws 2.",
                "Sinon passez — un [10] est en jeu, passer fait donc piocher 2.",
            )
            .to_string()
        } else {
            lang.text("Else pass (`pass`).", "Sinon passez (`pass`).")
                .to_string()
        });
    }
    out
}

/// "a or b" / "a ou b".
fn list_or(lang: Lang, items: &[String]) -> String {
    let or = lang.text("or", "ou");
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {or} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}
