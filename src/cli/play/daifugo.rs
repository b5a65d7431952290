//! Prime Daifugo in the terminal. The person at the keyboard sees their own hand; the AI
//! seats' hands stay hidden, and their draws are told without the card (§4.3).

use std::io::Write;

use anyhow::Result;

use super::{say, write_png, Input, LoopOptions};
use crate::lang::Lang;
use crate::session::request::{self, DaifugoLine};
use crate::session::{Actor, DaifugoView, GameKind, Session, SessionError};
use crate::store::Store;
use crate::text::{self, daifugo as words, terminal, tr, Markup};

const M: Markup = Markup::Plain;

/// Play until the match ends, the input ends or the player quits.
pub async fn play_loop<S: Store>(
    session: &Session<S>,
    mut view: DaifugoView,
    input: &mut Input,
    out: &mut dyn Write,
    options: &LoopOptions,
) -> Result<()> {
    let lang = options.lang;
    let place = options.place;
    let local = Actor::local("you");
    let names: Vec<(String, Option<crate::level::Level>)> = view
        .game
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.clone(), view.ai_level(i)))
        .collect();
    say(
        out,
        tr!(
            lang,
            "Prime Daifugo · match #{} · {} · {}",
            "Prime Daifugo · match n° {} · {} · {}",
            view.info.id,
            text::lobby::players_line(&names, lang),
            text::lobby::match_length(&view.game.options, lang)
        ),
    )?;
    say(out, terminal::welcome(lang))?;
    let mut announced: Option<i64> = None;
    let mut headed: Option<u32> = None;
    // Two or more people at one keyboard: each hand is shown only to its owner, after
    // the screen is cleared and they press Enter (§4.3: hands are secret).
    let people = (0..view.game.players.len())
        .filter(|&s| view.ai_level(s).is_none())
        .count();
    let hot_seat = people >= 2;
    let mut shown_to: Option<usize> = None;
    loop {
        if view.is_over() {
            for line in words::ranking(&view.game, lang, M) {
                say(out, line)?;
            }
            write_picture(out, &view, options)?;
            return Ok(());
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            match session.play().daifugo_ai_turn(place).await? {
                Some(next) => {
                    let s = next.actor_seat.unwrap_or(0);
                    say(
                        out,
                        format!(
                            "── {} ──",
                            words::turn_header(
                                &words::name(&next.game, s),
                                next.acted_turn.unwrap_or(0),
                                lang
                            )
                        ),
                    )?;
                    // The person at the keyboard is not the AI: its draws stay hidden.
                    for line in words::story(&next.game, &next.events, None, lang, M) {
                        say(out, format!("  {line}"))?;
                    }
                    view = next;
                    out.flush()?;
                    if !options.pace.is_zero() {
                        tokio::time::sleep(options.pace).await;
                    }
                }
                None => view = session.play().daifugo_board(place).await?,
            }
            continue;
        }
        if hot_seat && shown_to != Some(seat) {
            let name = words::name(&view.game, seat);
            let Some(_) = input.line(&terminal::hand_over_prompt(&name, lang), out)? else {
                say(out, "")?;
                say(out, options.saved_line(GameKind::Daifugo, view.info.id))?;
                return Ok(());
            };
            shown_to = Some(seat);
            announced = None;
        }
        if announced != Some(view.info.version) {
            let new_turn = headed != Some(view.game.turn.number);
            write_status(out, &view, new_turn, lang)?;
            announced = Some(view.info.version);
            headed = Some(view.game.turn.number);
        }
        let prompt = format!("{}> ", view.game.players[seat].name);
        let Some(line) = input.line(&prompt, out)? else {
            say(out, "")?;
            say(out, options.saved_line(GameKind::Daifugo, view.info.id))?;
            return Ok(());
        };
        let parsed = match request::daifugo_line(&line) {
            Ok(parsed) => parsed,
            Err(e) => {
                say(out, refused(&SessionError::Request(e), lang))?;
                continue;
            }
        };
        match parsed {
            DaifugoLine::Empty => {}
            DaifugoLine::Help => say(out, terminal::daifugo_help(lang).trim_end())?,
            DaifugoLine::Quit => {
                say(out, options.saved_line(GameKind::Daifugo, view.info.id))?;
                return Ok(());
            }
            DaifugoLine::Rules => say(out, text::rules::daifugo(lang, M))?,
            DaifugoLine::Hand => write_hand(out, &view, seat, lang)?,
            DaifugoLine::Hint => {
                for line in words::hint(&view.game, seat, lang, M) {
                    say(out, format!("  {line}"))?;
                }
            }
            DaifugoLine::Board { text: true } => {
                for line in text::alt::table_text(&view.game, lang, M)
                    .into_iter()
                    .skip(1)
                {
                    say(out, format!("  {line}"))?;
                }
            }
            DaifugoLine::Board { text: false } => write_picture(out, &view, options)?,
            DaifugoLine::Resign => {
                // A Prime Daifugo match has no resigning seat: the match is ended instead.
                let answer = input.line(terminal::confirm_resign(lang), out)?;
                if !answer.as_deref().is_some_and(terminal::is_yes) {
                    say(out, format!("  {}", terminal::not_resigned(lang)))?;
                    continue;
                }
                session.lobbies().end_game(place, &local).await?;
                say(
                    out,
                    lang.text(
                        "The match is ended, without results.",
                        "Le match est terminé, sans résultat.",
                    ),
                )?;
                return Ok(());
            }
            DaifugoLine::Act(text) => {
                match session.play().daifugo_act(place, &local, &text, None).await {
                    Ok(next) => {
                        // The player's own view: their draws are named.
                        for l in words::story(&next.game, &next.events, Some(seat), lang, M) {
                            say(out, format!("  {l}"))?;
                        }
                        if hot_seat && !next.is_over() && next.game.current() != seat {
                            // The turn is over: hide this hand before the next person
                            // comes to the keyboard, then tell the turn as everyone sees it.
                            let done = terminal::hide_hand_prompt(lang);
                            if input.line(done, out)?.is_none() {
                                say(out, "")?;
                                say(out, options.saved_line(GameKind::Daifugo, next.info.id))?;
                                return Ok(());
                            }
                            clear_screen(out)?;
                            say(
                                out,
                                format!(
                                    "── {} ──",
                                    words::turn_header(
                                        &words::name(&next.game, seat),
                                        next.acted_turn.unwrap_or(0),
                                        lang
                                    )
                                ),
                            )?;
                            for l in words::story(&next.game, &next.events, None, lang, M) {
                                say(out, format!("  {l}"))?;
                            }
                            shown_to = None;
                        }
                        view = next.view;
                    }
                    Err(SessionError::Moved) => {
                        say(out, refused(&SessionError::Moved, lang))?;
                        view = session.play().daifugo_board(place).await?;
                    }
                    Err(e) => say(out, refused(&e, lang))?,
                }
            }
        }
    }
}

/// Clear the screen and its scrollback on a terminal, so a hand shown before cannot be
/// read again; piped output gets a blank line instead.
fn clear_screen(out: &mut dyn Write) -> Result<()> {
    use std::io::IsTerminal;
    if std::io::stdout().is_terminal() {
        write!(out, "\x1b[2J\x1b[3J\x1b[H")?;
    } else {
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

fn refused(e: &SessionError, lang: Lang) -> String {
    format!("  ✗ {}", text::errors::refusal(e, lang))
}

/// The table and the hand of the player at the keyboard (under a header when a turn
/// begins).
fn write_status(out: &mut dyn Write, view: &DaifugoView, new_turn: bool, lang: Lang) -> Result<()> {
    let g = &view.game;
    let seat = g.current();
    if new_turn {
        say(
            out,
            format!(
                "── {} ──",
                words::turn_header(&words::name(g, seat), g.turn.number, lang)
            ),
        )?;
    }
    for line in words::table_lines(g, lang, M) {
        say(out, format!("  {line}"))?;
    }
    write_hand(out, view, seat, lang)?;
    if g.turn.step == crate::daifugo::Step::Discard {
        say(
            out,
            lang.text(
                "Discard one card: `discard N`.",
                "Défaussez une carte : `discard N`.",
            ),
        )?;
    } else {
        say(out, words::next_line(g, &words::name(g, seat), lang, M))?;
    }
    Ok(())
}

fn write_hand(out: &mut dyn Write, view: &DaifugoView, seat: usize, lang: Lang) -> Result<()> {
    for line in words::hand_lines(&view.game, &view.hand_ids(seat), lang) {
        say(out, format!("  {line}"))?;
    }
    Ok(())
}

/// Write the table picture and say where.
fn write_picture(out: &mut dyn Write, view: &DaifugoView, options: &LoopOptions) -> Result<()> {
    let look = options.look.unwrap_or(view.info.look);
    let png = view.table_png(look, text::pictures::words(options.lang))?;
    write_png(out, &options.board_file, &png, options.lang)
}
