//! Prime Climb messages: the board after each turn (headline, story, whose turn, the
//! buttons and menus the player to move can use), hints and the list of legal moves.

use super::{who, Button, Draft, Menu, Post, Row, Style, TurnOf, MAX_LABEL, MENU_OPTIONS};

use crate::climb::Phase;
use crate::lang::Lang;
use crate::session::ids::{BoardVerb, Click, MAX_PICK_MENUS};
use crate::session::{ClimbView, Look, Touch, TurnEnd};
use crate::text::{self, climb as words, tr, Markup};

/// Discord's limits: rows of components in a message, buttons in a row.
const MAX_ROWS: usize = 5;
const ROW_BUTTONS: usize = 5;

/// The name of the board picture in messages.
pub const BOARD_FILE: &str = "board.png";
const M: Markup = Markup::Discord;

fn button(view: &ClimbView, verb: BoardVerb) -> Button {
    Button::new(view.click_id(verb))
}

/// The message for a game after a change (or for a look, with no events): headline,
/// story, what comes next, components. A front adds the picture, and the Open board
/// button when it has the board as an Activity ([`board_message`]).
pub fn game_post(view: &ClimbView, lang: Lang) -> Post {
    let g = &view.game;
    let mut lines: Vec<String> = Vec::new();
    lines.push(match (view.actor_seat, view.acted_turn) {
        // The roll is the turn's: shown when the turn's own player acted (a resignation
        // off turn has none).
        (Some(seat), Some(turn)) if turn.seat == seat => words::turn_header(
            &M.bold(&words::name(g, seat)),
            turn.number,
            turn.roll,
            turn.cursed,
            lang,
        ),
        (Some(seat), Some(turn)) => tr!(
            lang,
            "{} · turn {}",
            "{} · tour {}",
            M.bold(&words::name(g, seat)),
            turn.number
        ),
        _ => words::game_header(view.info.id, g, lang, M),
    });
    for line in words::story(g, &view.events, view.actor_seat, lang) {
        lines.push(format!("> {line}"));
    }
    let mut post = Post::default();
    if view.is_over() {
        lines.extend(words::standings(g, lang, M));
        post.content = lines.join("\n");
        post.components.extend(super::rematch_row(&view.info, lang));
        return post;
    }
    let seat = g.current();
    let (name, mention) = who(&view.info, seat, &words::name(g, seat));
    post.mentions.extend(mention);
    let human = view.ai_level(seat).is_none();
    let clock = view.info.turn_timeout_secs.map(|t| text::duration(t, lang));
    lines.push(words::next_line(g, &name, !human, clock.as_deref(), lang));
    if human {
        // A game with hints on shows the best move at the start of each person's turn.
        lines.extend(text::lessons::coach_lines(g, lang, M));
    }
    if let Some(s) = taker(view) {
        lines.push(words::take_back_line(&M.bold(&words::name(g, s)), lang, M));
    }
    post.components = components(view, None, lang);
    post.content = lines.join("\n");
    post
}

/// §3 ruling: the previous player, a person, who may take back a move that revealed no
/// card.
fn taker(view: &ClimbView) -> Option<usize> {
    view.take_back_seat()
        .filter(|&s| s != view.game.current() && view.info.user_of(s).is_some())
}

/// The buttons and menus of a game still on: for a person to move, their pawns (or the
/// steps of the pawn `picked`), End and Undo, or a card's choices; and Hint, Moves and
/// the previous player's take-back.
fn components(view: &ClimbView, picked: Option<u8>, lang: Lang) -> Vec<Row> {
    let g = &view.game;
    let human = view.ai_level(g.current()).is_none();
    let taker = taker(view);
    let mut rows = Vec::new();
    if human && matches!(g.phase, Phase::Choice(_)) {
        rows.extend(choice_menus(view, lang));
    }
    if let Some(end) = view.turn_end() {
        rows.push(move_buttons(view, end, lang));
    }
    if human || taker.is_some() {
        rows.push(help_buttons(view, human, taker.is_some(), lang));
    }
    let room = MAX_ROWS.saturating_sub(rows.len());
    rows.splice(0..0, step_rows(view, picked, room, lang));
    rows
}

/// Playing by touch (`session::controls`): the pawns, or the steps of the pawn picked,
/// in the rows left.
fn step_rows(view: &ClimbView, picked: Option<u8>, room: usize, lang: Lang) -> Vec<Row> {
    let buttons: Vec<Button> = (view.touches(picked).iter())
        .map(|touch| {
            let style = match touch {
                Touch::Pawn(_) => Style::Success,
                Touch::Pawns => Style::Secondary,
                Touch::Step(_) => Style::Primary,
            };
            let label = words::touch_label(&view.game, touch, lang);
            (button(view, touch.verb()).label(text::clip(&label, MAX_LABEL))).style(style)
        })
        .collect();
    buttons
        .chunks(ROW_BUTTONS)
        .take(room)
        .map(|row| Row::Buttons(row.to_vec()))
        .collect()
}

/// The buttons of a board after its player to move picked a pawn (or asked for the pawns
/// again): the rest of the message stays as it is.
/// `activity`: the board can be opened as an Activity ([`board_message`]).
pub fn steps_update(view: &ClimbView, picked: Option<u8>, activity: bool, lang: Lang) -> Post {
    let mut post = Post {
        components: components(view, picked, lang),
        ..Post::default()
    };
    open_board(activity, view, &mut post, lang);
    post
}

/// The message for a game after a change or a look ([`game_post`]), with the Open board
/// button when the board can be opened as an Activity (`activity`). The picture is the
/// front's to add.
pub fn board_message(view: &ClimbView, activity: bool, lang: Lang) -> Post {
    let mut post = game_post(view, lang);
    open_board(activity, view, &mut post, lang);
    post
}

/// With the Activity on, a game still on can be opened as a live board to play on: the
/// Open board button, in the last row with room.
fn open_board(activity: bool, view: &ClimbView, post: &mut Post, lang: Lang) {
    if !activity || view.is_over() {
        return;
    }
    let open = Button::new(Click::OpenBoard.id())
        .label(text::web::open_board(lang))
        .style(Style::Secondary);
    let rows = post.components.len();
    match post.components.last_mut() {
        Some(Row::Buttons(row)) if row.len() < ROW_BUTTONS => row.push(open),
        _ if rows < MAX_ROWS => post.components.push(Row::Buttons(vec![open])),
        _ => {}
    }
}

fn move_buttons(view: &ClimbView, end: TurnEnd, lang: Lang) -> Row {
    let w = text::bot::board_words(lang);
    Row::Buttons(vec![
        button(view, BoardVerb::End)
            .label(w.end)
            .style(Style::Primary)
            .disabled(!end.can_end),
        button(view, BoardVerb::Undo)
            .label(w.undo)
            .style(Style::Secondary)
            .disabled(!end.can_undo),
    ])
}

fn help_buttons(view: &ClimbView, human: bool, take_back: bool, lang: Lang) -> Row {
    let w = text::bot::board_words(lang);
    let mut shown = Vec::new();
    if human {
        shown.extend([
            (BoardVerb::Hint, w.hint, '💡'),
            (BoardVerb::Moves, w.moves, '📋'),
        ]);
    }
    if take_back {
        shown.push((BoardVerb::Undo, w.take_back, '↩'));
    }
    let buttons = shown.into_iter().map(|(verb, label, emoji)| {
        (button(view, verb).label(label).emoji(emoji)).style(Style::Secondary)
    });
    Row::Buttons(buttons.collect())
}

/// The card's choices as select menus (25 options each; a Switch may need two).
fn choice_menus(view: &ClimbView, lang: Lang) -> Vec<Row> {
    let choices = view.game.pending_choices();
    choices
        .chunks(MENU_OPTIONS)
        .take(usize::from(MAX_PICK_MENUS))
        .enumerate()
        .map(|(page, chunk)| {
            let options = chunk
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let n = page * MENU_OPTIONS + i + 1;
                    (
                        text::clip(&words::choice_label(&view.game, c, lang), MAX_LABEL),
                        n.to_string(),
                    )
                })
                .collect();
            let placeholder = if page == 0 {
                text::bot::board_words(lang).choose.to_string()
            } else {
                text::bot::more_choices(page + 1, lang)
            };
            Row::Menu(
                Menu::new(view.click_id(BoardVerb::Pick(page as u8)), options)
                    .placeholder(placeholder),
            )
        })
        .collect()
}

/// The message for a game view with its board picture drawn in `look` (the server's, or
/// a viewer's for a private board) and, with the Activity on, its Open board button.
pub fn board(view: &ClimbView, activity: bool, look: Look, lang: Lang) -> Draft {
    let post = board_message(view, activity, lang);
    let alt = text::alt::board_alt(&view.game, view.last_turn().as_ref(), lang);
    let drawn = view.clone();
    Draft::new(post, BOARD_FILE, alt, move || {
        drawn.png(look, text::pictures::words(lang))
    })
}

/// The board of a game after a change, in the server's look: the game's turn message
/// (the buttons of the one before go once it is posted).
pub fn turn_board(view: &ClimbView, activity: bool, lang: Lang) -> Draft {
    let mut draft = board(view, activity, view.info.look, lang);
    draft.post.turn_of = Some(TurnOf::of(&view.info));
    draft
}
