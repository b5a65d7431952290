//! Pictures in words, for people who cannot see them: the alt text Discord reads out for
//! each picture (its attachment `description`, at most [`MAX_ALT`] characters) and the
//! whole position as text (`/climb board text:true`, `board text` in the terminal).
//! Whose turn, every pawn's space, the turn just played (its steps, bumps and card), the
//! Prime Daifugo table; a hand only to its owner.

use super::{climb, daifugo as dwords, factorisation, list, tr, Lang, Markup};
use crate::climb::{Game, PawnRef, Phase};
use crate::daifugo;
use crate::render::LastTurn;

/// Discord's limit on an attachment's description.
pub const MAX_ALT: usize = 1024;

/// Each player's pawns: "Ada: 31 and home", with their Keepers and a Curse waiting.
fn players_lines(game: &Game, lang: Lang) -> Vec<String> {
    game.players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let mut line = if p.resigned {
                tr!(lang, "{}: resigned", "{} : a abandonné", p.name)
            } else {
                tr!(
                    lang,
                    "{}: {}",
                    "{} : {}",
                    p.name,
                    list(lang, &climb::pawn_statuses(game, seat, lang))
                )
            };
            let keepers: Vec<String> = p
                .keepers
                .iter()
                .map(|h| climb::card_name(game, h.card, lang))
                .collect();
            if !keepers.is_empty() {
                line += &tr!(lang, ", holding {}", ", avec {}", list(lang, &keepers));
            }
            if p.cursed_next_turn {
                line += lang.text(", cursed next turn", ", maudit au prochain tour");
            }
            line
        })
        .collect()
}

/// Who is to move and with what dice, or how the game ended.
pub(super) fn to_move_line(game: &Game, lang: Lang) -> String {
    if let Some(w) = game.winner {
        return tr!(lang, "{} has won.", "{} a gagné.", climb::name(game, w));
    }
    if game.is_over() {
        return lang
            .text("The game has ended.", "La partie est terminée.")
            .into();
    }
    let who = climb::name(game, game.current());
    let roll = climb::roll_words(game.turn.roll, lang);
    let mut line = match lang {
        Lang::En => format!("{who} to move, rolled {roll}"),
        // One die (§10): « dé », not « dés ».
        Lang::Fr if game.turn.roll.is_single() => format!("À {who} de jouer, dé : {roll}"),
        Lang::Fr => format!("À {who} de jouer, dés : {roll}"),
    };
    if !game.turn.steps.is_empty() {
        line += &tr!(
            lang,
            " (still to use: {})",
            " (reste : {})",
            climb::dice_left(game, lang)
        );
    }
    if let Phase::Choice(pending) = &game.phase {
        line += &tr!(
            lang,
            "; a card waits for a choice: {}",
            " ; une carte attend un choix : {}",
            climb::card_name(game, pending.card, lang)
        );
    }
    line + "."
}

/// The turn shown on the picture, in one sentence: "Last turn, Bea rolled 9 and 7: 8 × 9
/// = 72; 72 + 7 = 79; bumped Cy from 79; drew ±7 Keeper."
fn turn_line(game: &Game, turn: &LastTurn, lang: Lang) -> Option<String> {
    let seat = turn.seat?;
    let story = climb::turn_summary(game, turn, lang);
    let who = climb::name(game, seat);
    let head = match turn.roll {
        Some(r) => tr!(
            lang,
            "Last turn, {} rolled {}",
            "Dernier tour, {} a fait {}",
            who,
            climb::roll_words(r, lang)
        ),
        None => tr!(lang, "Last turn, {}", "Dernier tour, {}", who),
    };
    Some(if story.is_empty() {
        head + "."
    } else {
        tr!(
            lang,
            "{}: {}.",
            "{} : {}.",
            head,
            story.join(semicolon(lang))
        )
    })
}

/// A list separator: "; " in English, " ; " in French (a space before the semicolon).
fn semicolon(lang: Lang) -> &'static str {
    lang.text("; ", " ; ")
}

/// The alt text of a board picture.
pub fn board_alt(game: &Game, turn: Option<&LastTurn>, lang: Lang) -> String {
    let mut parts = vec![tr!(
        lang,
        "Prime Climb board, turn {}.",
        "Plateau de Prime Climb, tour {}.",
        game.turn.number
    )];
    parts.push(to_move_line(game, lang));
    parts.push(tr!(
        lang,
        "Pawns: {}.",
        "Pions : {}.",
        players_lines(game, lang).join(semicolon(lang))
    ));
    if let Some(line) = turn.and_then(|t| turn_line(game, t, lang)) {
        parts.push(line);
    }
    super::clip(&parts.join(" "), MAX_ALT)
}

/// A space for someone who cannot see its colours: "45 = 3² × 5", "31 (prime)", "Start".
fn space_spoken(game: &Game, seat: usize, pawn: usize, lang: Lang) -> String {
    let p = PawnRef { seat, pawn };
    let s = game.space_of(p);
    let returning = game.players[seat].returning[pawn];
    if game.is_home(p) || climb::is_start_space(game, s, returning) {
        return climb::pawn_status(game, seat, pawn, lang);
    }
    factorisation(u32::from(s), lang)
}

/// The whole position as text, for screen readers and anyone who wants it spelt out:
/// the turn, every pawn with its factorisation, Keepers, the turn just played.
pub fn board_text(game: &Game, turn: Option<&LastTurn>, lang: Lang, m: Markup) -> Vec<String> {
    let mut out = vec![
        m.bold(&tr!(
            lang,
            "Prime Climb, turn {}",
            "Prime Climb, tour {}",
            game.turn.number
        )),
        to_move_line(game, lang),
    ];
    for (seat, p) in game.players.iter().enumerate() {
        if p.resigned {
            out.push(tr!(lang, "• {}: resigned", "• {} : a abandonné", p.name));
            continue;
        }
        // The one-pawn scaffold (§10): the pawn set aside is not told.
        let spaces: Vec<String> = (0..game.options.pawn_count())
            .map(|pawn| space_spoken(game, seat, pawn, lang))
            .collect();
        let mut line = match lang {
            Lang::En => format!("• {}: {}", p.name, spaces.join("; ")),
            Lang::Fr => format!("• {} : {}", p.name, spaces.join(" ; ")),
        };
        let keepers: Vec<String> = p
            .keepers
            .iter()
            .map(|h| climb::card_name(game, h.card, lang))
            .collect();
        if !keepers.is_empty() {
            line += &tr!(
                lang,
                " · Keepers: {}",
                " · à garder : {}",
                keepers.join(", ")
            );
        }
        if p.cursed_next_turn {
            line += lang.text(" · cursed next turn", " · maudit au prochain tour");
        }
        out.push(line);
    }
    if !game.stations.is_empty() {
        let stations: Vec<String> = game.stations.iter().map(u8::to_string).collect();
        out.push(tr!(
            lang,
            "Way stations: {}",
            "Étapes : {}",
            stations.join(", ")
        ));
    }
    if let Some(line) = turn.and_then(|t| turn_line(game, t, lang)) {
        out.push(line);
    }
    out
}

/// The alt text of a Prime Daifugo table picture (never a hand).
pub fn table_alt(game: &daifugo::Game, lang: Lang) -> String {
    super::clip(&table_text(game, lang, Markup::Plain).join(" "), MAX_ALT)
}

/// The table in words (`/daifugo board text:true`): whose turn, the play area, every
/// player's hand size and games won, the deck and the discard pile.
pub fn table_text(game: &daifugo::Game, lang: Lang, m: Markup) -> Vec<String> {
    let mut parts = vec![m.bold(&tr!(
        lang,
        "Prime Daifugo table, game {}.",
        "Table de Prime Daifugo, partie {}.",
        game.game_number
    ))];
    if let Some(w) = game.match_winner {
        parts.push(tr!(
            lang,
            "{} has won the match.",
            "{} a gagné le match.",
            dwords::name(game, w)
        ));
    } else if !game.is_over() {
        parts.push(tr!(
            lang,
            "{} to play.",
            "À {} de jouer.",
            dwords::name(game, game.current())
        ));
    }
    parts.extend(dwords::table_lines(game, lang, m));
    parts
}

/// The alt text of a player's hand picture (shown only to that player).
pub fn hand_alt(game: &daifugo::Game, cards: &[daifugo::CardId], lang: Lang) -> String {
    super::clip(&dwords::hand_lines(game, cards, lang).join(" "), MAX_ALT)
}
