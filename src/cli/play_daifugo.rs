//! `primeclimb play daifugo`: Prime Daifugo Lvl. 0 in the terminal, with the Discord
//! command words (`3 10`, `draw`, `d`, `discard 4`, `pass`, `skip`, `hand`, `hint`,
//! `board`), stored like every game so `--resume` continues it. The person at the keyboard
//! sees their own hand; the AI seats' hands stay hidden, and their draws are told without
//! the card.

use std::io::{BufRead, Write};

use anyhow::Result;

use super::play::{check_table, seats_from_args, LoopOptions, PlayArgs};
use super::UsageError;
use crate::daifugo::{self, Options};
use crate::discord::daifugo::story;
use crate::discord::locale::Lang;
use crate::render::{self, Theme};
use crate::session::{Actor, DaifugoView, LobbySpec, Place, Session, SessionError};
use crate::store::Store;

/// The lobby of a new local Prime Daifugo match.
pub fn spec_from_args(args: &PlayArgs) -> Result<LobbySpec, UsageError> {
    let options = match &args.variant {
        Some(v) => Options::parse_words(v).map_err(|e| UsageError(format!("--variant: {e}")))?,
        None => Options::default(),
    };
    let (ai, names) = seats_from_args(args, true)?;
    check_table(args, names.len() + ai.len(), |n| options.validate(n))?;
    Ok(LobbySpec {
        ai,
        creator_plays: false,
        local_players: names,
        seed: args.seed,
        ..LobbySpec::daifugo(options)
    })
}

const HELP: &str = "\
Commands (the same words as on Discord):
  3 10          play cards side by side: [3][10] is 310 (`play 3 10` works too); 5/9:9 plays
                the [5/9] as 9; 1 to 3 cards, a prime larger than the play, as many cards
  draw          draw the top card (step 1 of your turn, optional)
  d             play a D card: draw 2, then `discard N`
  discard 4     the discard after a D card (also `discard 5/9`, `discard d`)
  pass          pass (with a [10] in play, passing draws 2)
  skip          play a SKIP card (3 players): the next player loses their turn
  hand          your hand again; hint: the primes you could play
  board         write the table picture (PNG) and print where
  quit          stop here; `primeclimb play --resume` continues later
";

/// A story line for the terminal: Discord's bold markers dropped.
fn plain(line: &str) -> String {
    line.replace("**", "")
}

fn card_word(game: &daifugo::Game, id: daifugo::CardId) -> String {
    let word = game.kind(id).to_string();
    if game.card(id).icon {
        format!("{word}³")
    } else {
        word
    }
}

/// The table and the hand of the player at the keyboard.
fn write_status(out: &mut dyn Write, view: &DaifugoView) -> Result<()> {
    let g = &view.game;
    let seat = g.current();
    writeln!(
        out,
        "── Turn {} · {} ──",
        g.turn.number, g.players[seat].name
    )?;
    match &g.area {
        Some(play) => {
            let faces: String = play
                .cards
                .iter()
                .map(|p| {
                    let kind = g.kind(p.card);
                    if kind.is_multi() {
                        format!("[{}→{}]", render::daifugo::face(kind), p.value)
                    } else {
                        kind.to_string()
                    }
                })
                .collect();
            writeln!(
                out,
                "In play: {faces} = {} by {} — beat it with {} card(s), or pass.",
                play.number,
                g.players[play.by].name,
                play.cards.len()
            )?;
        }
        None => writeln!(out, "The area is empty: lead with 1, 2 or 3 cards.")?,
    }
    let others: Vec<String> = g
        .players
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat)
        .map(|(_, p)| {
            let cards = if p.hand.len() == 1 { "card" } else { "cards" };
            format!("{}: {} {cards}, {} won", p.name, p.hand.len(), p.wins)
        })
        .collect();
    let top = g
        .top_discard()
        .map(|c| g.kind(c).to_string())
        .unwrap_or_else(|| "none".into());
    writeln!(
        out,
        "  {} · deck {} · discard top {top}",
        others.join(" · "),
        g.deck.len()
    )?;
    write_hand(out, view, seat)?;
    if g.turn.step == daifugo::game::Step::Discard {
        writeln!(out, "Discard one card: `discard N`.")?;
    }
    Ok(())
}

fn write_hand(out: &mut dyn Write, view: &DaifugoView, seat: usize) -> Result<()> {
    let g = &view.game;
    let hand: Vec<String> = render::daifugo::hand_order(g, seat)
        .into_iter()
        .map(|id| card_word(g, id))
        .collect();
    writeln!(out, "  Your hand ({}): {}", hand.len(), hand.join(" "))?;
    Ok(())
}

/// Play until the match ends, the input ends or the player quits.
pub async fn daifugo_loop<S: Store>(
    session: &Session<S>,
    mut view: DaifugoView,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    options: &LoopOptions,
) -> Result<()> {
    let place = Place::LOCAL;
    let local = Actor::local("you");
    let names: Vec<String> = view
        .game
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| match view.ai_level(i) {
            Some(_) => format!("{} (AI)", p.name),
            None => p.name.clone(),
        })
        .collect();
    let games = match view.game.options.games_to_win {
        1 => "one game".to_string(),
        n => format!("first to {n} games"),
    };
    writeln!(
        out,
        "Prime Daifugo · match #{} · {} · {games}",
        view.row.id,
        names.join(" vs ")
    )?;
    writeln!(
        out,
        "Type `help` for the commands. The match is saved after every move: `primeclimb play --resume` continues it."
    )?;
    let mut announced: Option<i64> = None;
    loop {
        if view.is_over() {
            let g = &view.game;
            if let Some(w) = g.match_winner {
                writeln!(out, "★ {} wins the match!", g.players[w].name)?;
            }
            for (seat, place) in crate::session::daifugo_ranking(g) {
                let p = &g.players[seat];
                writeln!(out, "  {place}. {} ({} won)", p.name, p.wins)?;
            }
            return Ok(());
        }
        let seat = view.game.current();
        if view.ai_level(seat).is_some() {
            match session.daifugo_ai_turn(place).await? {
                Some(next) => {
                    let s = next.actor_seat.unwrap_or(0);
                    writeln!(out, "── {} ──", next.game.players[s].name)?;
                    // The person at the keyboard is not the AI: its draws stay hidden.
                    for line in story(&next, None, Lang::En) {
                        writeln!(out, "  {}", plain(&line))?;
                    }
                    view = next;
                    out.flush()?;
                    if !options.pace.is_zero() {
                        tokio::time::sleep(options.pace).await;
                    }
                }
                None => view = session.daifugo_board(place).await?,
            }
            continue;
        }
        if announced != Some(view.row.version) {
            write_status(out, &view)?;
            announced = Some(view.row.version);
        }
        write!(out, "{}> ", view.game.players[seat].name)?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            writeln!(out, "Saved. Continue with `primeclimb play --resume`.")?;
            return Ok(());
        }
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => write!(out, "{HELP}")?,
            "quit" | "exit" | "q" => {
                writeln!(out, "Saved. Continue with `primeclimb play --resume`.")?;
                return Ok(());
            }
            "hand" => write_hand(out, &view, seat)?,
            "hint" | "h" => {
                let found = daifugo::playable_primes(&view.game, seat);
                if found.is_empty() {
                    writeln!(
                        out,
                        "  No prime can be played with these cards: draw or pass."
                    )?;
                } else {
                    let list: Vec<String> = found
                        .iter()
                        .map(|c| {
                            let cards = daifugo::hint::candidate_notation(&view.game, c);
                            format!("{} (`{cards}`)", c.number)
                        })
                        .collect();
                    writeln!(out, "  You could play {}.", list.join(", "))?;
                }
            }
            "board" | "table" | "b" => {
                let png = render::encode_png(&render::daifugo::render_table(
                    &view.game,
                    &Theme::default(),
                ))?;
                std::fs::write(&options.board_file, png).map_err(|e| {
                    anyhow::anyhow!("cannot write {}: {e}", options.board_file.display())
                })?;
                let shown = std::fs::canonicalize(&options.board_file)
                    .unwrap_or_else(|_| options.board_file.clone());
                writeln!(out, "  The table is in {}", shown.display())?;
            }
            _ => {
                let text = if word.eq_ignore_ascii_case("play") {
                    rest
                } else {
                    line
                };
                match session.daifugo_act(place, &local, text, None).await {
                    Ok(next) => {
                        for l in story(&next, Some(seat), Lang::En) {
                            writeln!(out, "  {}", plain(&l))?;
                        }
                        view = next;
                    }
                    Err(SessionError::Moved) => {
                        writeln!(out, "  ✗ {}", SessionError::Moved)?;
                        view = session.daifugo_board(place).await?;
                    }
                    Err(e) => writeln!(out, "  ✗ {e}")?,
                }
            }
        }
    }
}
