//! Prime Climb in the terminal: the status before each turn, the prompt, what each move
//! did, AI turns told step by step, hints, the list of moves, the rules, taking a move
//! back, and the final standings and board at the end.

use std::collections::VecDeque;
use std::io::Write;

use anyhow::Result;

use super::{say, write_png, Input, LoopOptions};
use crate::climb::{Event, Phase};
use crate::lang::Lang;
use crate::session::request::{self, ClimbLine};
use crate::session::{Actor, ClimbView, Command, GameKind, Place, Session, SessionError};
use crate::store::Store;
use crate::text::{self, climb as words, rules::Topic, terminal, tr, Markup};

const M: Markup = Markup::Plain;

/// Play until the game ends, the input ends or the player quits. Every change is already
/// stored when it is printed.
pub async fn play_loop<S: Store>(
    session: &Session<S>,
    mut view: ClimbView,
    input: &mut Input,
    out: &mut dyn Write,
    options: &LoopOptions,
) -> Result<()> {
    let lang = options.lang;
    let place = options.place;
    let local = Actor::local("you");
    say(out, title(&view, lang))?;
    say(out, terminal::welcome(lang))?;
    // Lines typed ahead while an AI was about to play.
    let mut pending: VecDeque<String> = VecDeque::new();
    let mut announced: Option<(u32, usize, bool)> = None;
    // The last AI turn header written.
    let mut ai_header: Option<String> = None;
    let mut offered_take_back: Option<i64> = None;
    loop {
        if view.is_over() {
            for line in words::standings(&view.game, lang, M) {
                say(out, line)?;
            }
            write_picture(out, &view, options)?;
            return after_game(session, place, &view, input, out, &mut pending, options).await;
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            // §3 ruling: a person who just moved may take it back before the AI plays.
            let taker = view
                .take_back_seat()
                .filter(|&s| view.info.seats[s].user_id.is_none() && view.ai_level(s).is_none());
            if taker.is_some() && offered_take_back != Some(view.info.version) {
                offered_take_back = Some(view.info.version);
                let ai = words::name(&view.game, seat);
                match take_back_window(session, &view, &ai, input, out, options).await? {
                    Window::Play(None) => {}
                    Window::Play(Some(line)) => pending.push_back(line),
                    Window::TakenBack(next) => {
                        view = *next;
                        // The dice and the position again, to play anew.
                        announced = None;
                        continue;
                    }
                    Window::Stop => {
                        say(out, "")?;
                        say(out, options.saved_line(GameKind::Climb, view.info.id))?;
                        return Ok(());
                    }
                }
            }
            match session.play().ai_turn(place).await? {
                Some(next) => {
                    write_ai_turn(out, &next, lang, &mut ai_header)?;
                    view = next;
                    out.flush()?;
                    if !options.pace.is_zero() {
                        tokio::time::sleep(options.pace).await;
                    }
                }
                None => view = session.play().board(place).await?,
            }
            continue;
        }
        let key = (
            view.game.turn.number,
            view.game.turn.steps.len(),
            matches!(view.game.phase, Phase::Choice(_)),
        );
        if announced != Some(key) {
            // The first status of a session (a game taken up again mid-turn too) says
            // whose turn it is and the dice.
            write_status(out, &view, announced.is_none(), lang)?;
            // A game with hints on shows the best move at the start of the turn.
            for line in text::lessons::coach_lines(&view.game, lang, M) {
                say(out, format!("  {line}"))?;
            }
            announced = Some(key);
        }
        let prompt = format!("{}> ", view.game.players[seat].name);
        let line = match pending.pop_front() {
            Some(line) => {
                writeln!(out, "{prompt}{line}")?;
                line
            }
            None => match input.line(&prompt, out)? {
                Some(line) => line,
                None => {
                    say(out, "")?;
                    say(out, options.saved_line(GameKind::Climb, view.info.id))?;
                    return Ok(());
                }
            },
        };
        let choosing = matches!(view.game.phase, Phase::Choice(_));
        let parsed = match request::climb_line(&line, choosing) {
            Ok(parsed) => parsed,
            Err(e) => {
                say(out, refused(&SessionError::Request(e), lang))?;
                continue;
            }
        };
        match parsed {
            ClimbLine::Empty => {}
            ClimbLine::Help => say(out, terminal::climb_help(lang).trim_end())?,
            ClimbLine::Quit => {
                say(out, options.saved_line(GameKind::Climb, view.info.id))?;
                return Ok(());
            }
            ClimbLine::Rules(topic) => write_rules(out, topic.as_deref(), lang)?,
            ClimbLine::Colours => say(out, words::colours_text(lang, M))?,
            ClimbLine::Review => say(out, refused(&SessionError::ReviewAfterGame, lang))?,
            ClimbLine::Moves => match session.play().legal_moves(place).await {
                Ok((_, outcomes)) if outcomes.is_empty() => {
                    say(out, format!("  {}", terminal::answer_card_first(lang)))?
                }
                Ok((v, outcomes)) => write!(
                    out,
                    "{}",
                    words::outcomes_table(&v.game, &outcomes, MOVES_SHOWN, lang)
                )?,
                Err(e) => say(out, refused(&e, lang))?,
            },
            ClimbLine::Hint(n) => match session.play().hint(place, n).await {
                Ok((_, hints)) if hints.is_empty() => {
                    say(out, format!("  {}", terminal::answer_card_first(lang)))?
                }
                Ok((v, hints)) => {
                    for (i, h) in hints.iter().enumerate() {
                        for line in words::hint_block(&v.game, i, h, lang, M) {
                            say(out, format!("  {line}"))?;
                        }
                    }
                }
                Err(e) => say(out, refused(&e, lang))?,
            },
            ClimbLine::Board { text: true } => write_position(out, &view, lang)?,
            ClimbLine::Board { text: false } => write_picture(out, &view, options)?,
            ClimbLine::Act(Command::Resign) => {
                let answer = input.line(terminal::confirm_resign(lang), out)?;
                if !answer.as_deref().is_some_and(terminal::is_yes) {
                    say(out, format!("  {}", terminal::not_resigned(lang)))?;
                    continue;
                }
                match session
                    .play()
                    .act(place, &local, Command::Resign, None)
                    .await
                {
                    Ok(next) => {
                        write_story(out, &next, lang)?;
                        view = next.view;
                    }
                    Err(e) => say(out, refused(&e, lang))?,
                }
            }
            ClimbLine::Act(command) => match session.play().act(place, &local, command, None).await
            {
                Ok(next) => {
                    write_story(out, &next, lang)?;
                    view = next.view;
                }
                Err(SessionError::Moved) => {
                    say(out, refused(&SessionError::Moved, lang))?;
                    view = session.play().board(place).await?;
                }
                Err(e) => say(out, refused(&e, lang))?,
            },
        }
    }
}

/// What the person who just moved chose while an AI waited to play.
enum Window {
    /// Let the AI play (Enter, or a line typed ahead for the next turn).
    Play(Option<String>),
    /// The move was taken back: the position as it is now.
    TakenBack(Box<ClimbView>),
    /// `quit`, Ctrl-C or the end of input: saved, and the AI has not played.
    Stop,
}

/// §3 ruling: before an AI plays, the person who just moved may take the move back.
/// Commands that only look (board, rules, colours, help, hint, moves) answer and keep the
/// window open; `undo` takes the move back; `quit` and the end of input stop without the
/// AI playing; Enter lets it play, as does a line typed ahead for the next turn.
async fn take_back_window<S: Store>(
    session: &Session<S>,
    view: &ClimbView,
    ai: &str,
    input: &mut Input,
    out: &mut dyn Write,
    options: &LoopOptions,
) -> Result<Window> {
    let lang = options.lang;
    let place = options.place;
    let prompt = terminal::take_back_prompt(ai, lang);
    loop {
        let Some(line) = input.line(&prompt, out)? else {
            return Ok(Window::Stop);
        };
        if terminal::is_undo(&line) {
            let local = Actor::local("you");
            match session.play().act(place, &local, Command::Undo, None).await {
                Ok(next) => {
                    write_story(out, &next, lang)?;
                    return Ok(Window::TakenBack(Box::new(next.view)));
                }
                Err(e) => {
                    // The window closed (a card drawn, the game over): the AI plays.
                    say(out, refused(&e, lang))?;
                    return Ok(Window::Play(None));
                }
            }
        }
        match request::climb_line(&line, false) {
            Ok(ClimbLine::Empty) => return Ok(Window::Play(None)),
            Ok(ClimbLine::Quit) => return Ok(Window::Stop),
            Ok(ClimbLine::Help) => say(out, terminal::climb_help(lang).trim_end())?,
            Ok(ClimbLine::Rules(topic)) => write_rules(out, topic.as_deref(), lang)?,
            Ok(ClimbLine::Colours) => say(out, words::colours_text(lang, M))?,
            Ok(ClimbLine::Board { text: true }) => write_position(out, view, lang)?,
            Ok(ClimbLine::Board { text: false }) => write_picture(out, view, options)?,
            Ok(ClimbLine::Hint(_) | ClimbLine::Moves) => {
                say(out, format!("  {}", terminal::not_your_turn_yet(ai, lang)))?
            }
            Ok(ClimbLine::Review) => say(out, refused(&SessionError::ReviewAfterGame, lang))?,
            Ok(ClimbLine::Act(_)) => return Ok(Window::Play(Some(line))),
            Err(e) => say(out, refused(&SessionError::Request(e), lang))?,
        }
    }
}

/// After the game: the review, the board again, or leave (Enter, `quit`, the end of
/// input).
async fn after_game<S: Store>(
    session: &Session<S>,
    place: Place,
    view: &ClimbView,
    input: &mut Input,
    out: &mut dyn Write,
    pending: &mut VecDeque<String>,
    options: &LoopOptions,
) -> Result<()> {
    let lang = options.lang;
    say(out, text::review::review_offer(lang))?;
    loop {
        let line = match pending.pop_front() {
            Some(line) => line,
            None => match input.line("> ", out)? {
                Some(line) => line,
                None => return Ok(()),
            },
        };
        match request::climb_line(&line, false) {
            Ok(ClimbLine::Empty | ClimbLine::Quit) => return Ok(()),
            Ok(ClimbLine::Review) => write_review(out, session, place, view, options).await?,
            Ok(ClimbLine::Board { text: true }) => write_position(out, view, lang)?,
            Ok(ClimbLine::Board { text: false }) => write_picture(out, view, options)?,
            _ => say(out, text::review::after_game(lang))?,
        }
    }
}

/// The review of the game just played, and its chart written next to the board picture.
async fn write_review<S: Store>(
    out: &mut dyn Write,
    session: &Session<S>,
    place: Place,
    view: &ClimbView,
    options: &LoopOptions,
) -> Result<()> {
    let lang = options.lang;
    let reviewed = match session.learning().review(place, Some(view.info.id)).await {
        Ok(found) => found,
        Err(e) => {
            say(out, refused(&e, lang))?;
            return Ok(());
        }
    };
    let (info, review) = (&reviewed.info, &reviewed.review);
    let people: Vec<bool> = (0..info.seats.len())
        .map(|s| info.ai_level(s).is_none())
        .collect();
    say(
        out,
        text::review::review_text(
            info.id,
            review,
            &people,
            text::review::Detail::EveryTurn,
            lang,
            M,
        ),
    )?;
    let series = text::review::chart_series(review);
    if !series.is_empty() {
        let words = text::review::chart_words(info.id, lang);
        let look = options.look.unwrap_or(info.look);
        let png = reviewed.chart_png(&series, &words, look)?;
        let file = options.board_file.with_file_name("primeclimb-review.png");
        write_png(out, &file, &png, lang)?;
    }
    Ok(())
}

/// Moves listed by `moves` before "… and N more".
const MOVES_SHOWN: usize = 40;

/// A refusal as the terminal shows it.
fn refused(e: &SessionError, lang: Lang) -> String {
    format!("  ✗ {}", text::errors::refusal(e, lang))
}

/// "Prime Climb · game #1 · Ada vs Medium AI · Prime Sprint"
fn title(view: &ClimbView, lang: Lang) -> String {
    let names: Vec<(String, Option<crate::level::Level>)> = view
        .game
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.to_string(), view.ai_level(i)))
        .collect();
    let badges = text::lobby::climb_badges(&view.game.options, lang);
    tr!(
        lang,
        "Prime Climb · game #{} · {}{}",
        "Prime Climb · partie n° {} · {}{}",
        view.info.id,
        text::lobby::players_line(&names, lang),
        if badges.is_empty() {
            String::new()
        } else {
            format!(" · {}", badges.join(", "))
        }
    )
}

/// The position at the start of a player's turn (or after a partial move, or with a
/// card to answer).
/// The status before a prompt: the turn's header and dice when it begins (or when the
/// game is taken up again mid-turn, `headed`), the pawns, then what is left to do.
fn write_status(out: &mut dyn Write, view: &ClimbView, headed: bool, lang: Lang) -> Result<()> {
    let g = &view.game;
    let seat = g.current();
    let name = &g.players[seat].name;
    if headed || (g.turn.steps.is_empty() && !matches!(g.phase, Phase::Choice(_))) {
        say(
            out,
            format!(
                "── {} ──",
                tr!(lang, "Turn {} · {}", "Tour {} · {}", g.turn.number, name)
            ),
        )?;
        say(
            out,
            tr!(
                lang,
                "{} rolled {}.{}",
                "{} a fait {}.{}",
                name,
                words::roll_words(g.turn.roll, lang),
                if g.turn.cursed {
                    lang.text(
                        " Cursed: only subtract or divide this turn.",
                        " Maudit : seulement soustraire ou diviser ce tour-ci.",
                    )
                } else {
                    ""
                }
            ),
        )?;
    }
    write_pawns(out, view, lang)?;
    match &g.phase {
        Phase::Choice(pending) => {
            say(
                out,
                tr!(
                    lang,
                    "{} drew “{}”: {}. Choose:",
                    "{} a pioché « {} » : {}. Choisissez :",
                    name,
                    words::card_name(g, pending.card, lang),
                    words::card_text(g, pending.card, lang)
                ),
            )?;
            for (i, c) in g.pending_choices().iter().enumerate() {
                say(
                    out,
                    format!("  {}. {}", i + 1, words::choice_label(g, c, lang)),
                )?;
            }
        }
        _ if g.turn.uses.total_left() == 0 => say(
            out,
            lang.text(
                "Every die is used: play a Keeper, `undo`, or `end` your turn.",
                "Tous les dés sont joués : jouez une carte, `undo`, ou `end` pour finir le tour.",
            ),
        )?,
        _ if !g.turn.steps.is_empty() => say(
            out,
            tr!(
                lang,
                "Still to use: {}.",
                "Il reste à jouer : {}.",
                words::dice_left(g, lang)
            ),
        )?,
        _ => {}
    }
    // The Keepers of the player to move, with how to play them.
    for (card, effect) in g.playable_keepers(seat) {
        say(
            out,
            tr!(
                lang,
                "  🃏 {}: {}",
                "  🃏 {} : {}",
                words::card_name(g, card, lang),
                words::keeper_help(effect, lang)
            ),
        )?;
    }
    Ok(())
}

/// Every player's pawns, Keepers, curse and stations, one line each.
fn write_pawns(out: &mut dyn Write, view: &ClimbView, lang: Lang) -> Result<()> {
    let g = &view.game;
    let seat = g.current();
    for (i, p) in g.players.iter().enumerate() {
        if p.resigned {
            continue;
        }
        let keepers: Vec<String> = p
            .keepers
            .iter()
            .filter_map(|h| g.card(h.card).keeper())
            .map(|k| words::keeper_word(k, lang))
            .collect();
        let mut line = tr!(
            lang,
            "  {}{}: {}",
            "  {}{} : {}",
            if i == seat { "▶ " } else { "  " },
            p.name,
            words::pawn_statuses(g, i, lang).join(", ")
        );
        if !keepers.is_empty() {
            line.push_str(&tr!(
                lang,
                " · Keepers: {}",
                " · Cartes : {}",
                keepers.join(" ")
            ));
        }
        if p.cursed_next_turn {
            line.push_str(lang.text(" · cursed next turn", " · maudit au prochain tour"));
        }
        if !g.stations.is_empty() {
            line.push_str(&tr!(
                lang,
                " · stations {}/{}",
                " · étapes {}/{}",
                g.stations.len() - g.stations_missing(i).len(),
                g.stations.len()
            ));
        }
        say(out, line)?;
    }
    Ok(())
}

/// `board text`: the whole position in words (for screen readers, and to check a game
/// without opening the picture).
fn write_position(out: &mut dyn Write, view: &ClimbView, lang: Lang) -> Result<()> {
    say(out, title(view, lang))?;
    let lines = text::alt::board_text(&view.game, view.last_turn().as_ref(), lang, M);
    for line in lines.into_iter().skip(1) {
        say(out, format!("  {line}"))?;
    }
    Ok(())
}

/// What a change did, in words, and the full text of any card drawn.
fn write_story(out: &mut dyn Write, view: &ClimbView, lang: Lang) -> Result<()> {
    for line in words::story(&view.game, &view.events, view.actor_seat, lang) {
        say(out, format!("  {line}"))?;
    }
    for event in &view.events {
        if let Event::Drew { card, .. } = event {
            let text = words::card_text(&view.game, *card, lang);
            let how = view
                .game
                .card(*card)
                .keeper()
                .map(|k| format!(" — {}", words::keeper_help(k, lang)))
                .unwrap_or_default();
            let quoted = tr!(lang, "“{}”", "« {} »", text);
            say(out, format!("    🃏 {quoted}{how}"))?;
        }
    }
    Ok(())
}

/// An AI turn: its header once ("── Turn 9 · Medium AI · rolled 5 and 4 ──"), then its
/// story. `shown`: the header written last, so a turn played in two parts (a move, then
/// the choice of the card it drew) is headed once.
fn write_ai_turn(
    out: &mut dyn Write,
    view: &ClimbView,
    lang: Lang,
    shown: &mut Option<String>,
) -> Result<()> {
    let seat = view.actor_seat.unwrap_or(0);
    let name = words::name(&view.game, seat);
    let header = match view.acted_turn {
        Some(turn) => tr!(
            lang,
            "── Turn {} · {} · rolled {}{} ──",
            "── Tour {} · {} · dés {}{} ──",
            turn.number,
            name,
            words::roll_words(turn.roll, lang),
            if turn.cursed {
                lang.text(" · cursed", " · maudit")
            } else {
                ""
            }
        ),
        None => format!("── {name} ──"),
    };
    if shown.as_deref() != Some(header.as_str()) {
        say(out, &header)?;
        *shown = Some(header);
    }
    write_story(out, view, lang)
}

/// Write the board picture and say where.
fn write_picture(out: &mut dyn Write, view: &ClimbView, options: &LoopOptions) -> Result<()> {
    let look = options.look.unwrap_or(view.info.look);
    let png = view.png(look, text::pictures::words(options.lang))?;
    write_png(out, &options.board_file, &png, options.lang)
}

fn write_rules(out: &mut dyn Write, topic: Option<&str>, lang: Lang) -> Result<()> {
    let found = match topic {
        None => Some(Topic::Overview),
        Some(word) => Topic::from_word(word),
    };
    match found {
        Some(t) => {
            say(out, t.text(lang, M))?;
            if t == Topic::Variants {
                for line in text::lobby::variant_list(lang) {
                    say(out, line)?;
                }
            }
        }
        None => say(
            out,
            tr!(
                lang,
                "  ✗ `{}` is not a topic of the rules.",
                "  ✗ `{}` n'est pas un thème des règles.",
                topic.unwrap_or_default()
            ),
        )?,
    }
    // The overview lists the topics itself.
    if found != Some(Topic::Overview) {
        say(out, terminal::rules_topics(lang))?;
    }
    Ok(())
}
