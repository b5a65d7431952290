//! The answers to the use cases' outcomes: a change of a game (the board or the table as
//! the turn message, what follows), a game opened or started, a look at a board, a click,
//! a rematch. Each is an [`Answer`] a front delivers.

use super::{climb, daifugo, lobby, Draft, Post, TurnOf};
use super::{Answer, Shown};
use crate::climb::hint::Hint;
use crate::lang::Lang;
use crate::session::{
    BoardAsked, Changed, ClickAsk, Clicked, ClimbView, DaifugoView, GameKind, GameView, Hand,
    LobbyAct, LobbyDone, LobbyView, Opened, OpenedGame, Place, Rematch, SessionError, TableAsked,
    Whereabouts,
};
use crate::text::{self, Markup};

/// The note heading a change's post in the channel when the reply to `user` is refused.
fn saved_note(user: i64, lang: Lang) -> String {
    text::bot::saved_note(&super::mention(user), lang)
}

/// The public message of a game after a change, whichever game, in `lang`: the board
/// (with the Open board button when `activity`), or the Prime Daifugo table (never a
/// hand). It becomes the game's turn message.
pub fn public(view: &GameView, activity: bool, lang: Lang) -> Draft {
    match view {
        GameView::Climb(v) => climb::turn_board(v, activity, lang),
        GameView::Daifugo(v) => daifugo::table(v, lang),
    }
}

/// The game has started from its lobby: the lobby message says so (in place), and the
/// first board is posted in the game's place whatever becomes of that, pinging as the
/// session decided, then what follows (notices, an AI seat to move).
pub fn started(place: Place, changed: Changed<GameView>, activity: bool, lang: Lang) -> Answer {
    let info = changed.info();
    let mut board = public(&changed.view, activity, info.lang);
    board.post.ping(&changed.pings);
    let mut answer = Answer::new(super::lobby::started_post(info, lang), Shown::Update)
        .then_ai(place, changed.ai_next)
        .then_notify(changed.notices);
    answer.channel_posts.push((place, board));
    answer
}

/// The answer to a change of a game: its public message in `lang` (the board, with the
/// Open board button when `activity`, or the Prime Daifugo table), pinging as the session
/// decided (saved: posted in the channel under a note naming the asker, `user`, if the reply is
/// refused), then what follows (direct messages, the AI seats, the end announced).
pub fn game_changed(
    place: Place,
    changed: Changed<GameView>,
    user: i64,
    activity: bool,
    lang: Lang,
) -> Answer {
    let mut post = public(&changed.view, activity, lang);
    post.post.ping(&changed.pings);
    Answer::public(post)
        .saved(place, saved_note(user, lang))
        .then_ai(place, changed.ai_next)
        .then_announce(changed.info().id, changed.ended)
        .then_notify(changed.notices)
}

/// The answer to a change of a Prime Climb game (see [`game_changed`]).
pub fn climb_changed(
    place: Place,
    changed: Changed<ClimbView>,
    user: i64,
    activity: bool,
    lang: Lang,
) -> Answer {
    let changed = changed.map(|v| GameView::Climb(Box::new(v)));
    game_changed(place, changed, user, activity, lang)
}

/// The answer to a Prime Daifugo action of `user`: the public table (see
/// [`game_changed`]), and their own hand privately while it is still their turn.
pub fn daifugo_acted(place: Place, changed: Changed<DaifugoView>, user: i64, lang: Lang) -> Answer {
    let view = &changed.view;
    let hand = match (view.seat_of_user(user), changed.asker_look) {
        (Some(seat), Some(look)) => Some(daifugo::hand(view, seat, look, lang)),
        _ => None,
    };
    let changed = changed.map(|v| GameView::Daifugo(Box::new(v)));
    let mut answer = game_changed(place, changed, user, false, lang);
    answer.private_followup = hand;
    answer
}

/// A hand shown to its holder, privately, in the look they chose.
pub fn hand_answer(hand: &Hand, lang: Lang) -> Answer {
    let look = hand.look.unwrap_or_default();
    Answer::new(
        daifugo::hand(&hand.view, hand.seat, look, lang),
        Shown::Private,
    )
}

/// Hints as `user` reads them: for their own turn, or for whoever is to move.
pub fn hints_words(view: &ClimbView, hints: &[Hint], user: i64, lang: Lang) -> String {
    let mine = view.info.user_of(view.game.current()) == Some(user);
    text::climb::hints_text(&view.game, hints, mine, lang, Markup::Discord)
}

/// What the holder of a hand could play with it.
pub fn hint_words(hand: &Hand, lang: Lang) -> String {
    let lines = text::daifugo::hint(&hand.view.game, hand.seat, lang, Markup::Discord);
    text::clip(&lines.join("\n"), 1_900)
}

/// The message for a refused request: a board that moved on is said as such.
pub fn refusal(e: &SessionError, lang: Lang) -> String {
    match e {
        SessionError::Moved => text::bot::stale_board(lang).into(),
        other => text::errors::refusal(other, lang),
    }
}

/// The answer to a new game's command, told where the game is played: a game in a thread
/// keeps its lobby here (with a link) and gets a first message in the thread; a solitaire
/// game that started at once is posted in its thread, with a link here. A note says why
/// a game is played here when the server wants threads.
pub fn placed(
    mut answer: Answer,
    at: &Whereabouts,
    kind: GameKind,
    started: bool,
    lang: Lang,
) -> Answer {
    let Some(parent) = at.parent else {
        if let Some(note) = text::bot::placed_note(at.note, lang) {
            answer.post = answer.post.headed(note);
        }
        return answer;
    };
    let thread = at.place;
    if started {
        let board = std::mem::replace(
            &mut answer.post,
            Post::text(text::bot::played_in_thread(thread.channel_id, lang)).into(),
        );
        answer.channel_posts.insert(0, (thread, board));
        answer.saved = None;
    } else {
        answer.channel_posts.insert(
            0,
            (
                thread,
                Post::text(text::bot::thread_welcome(kind, parent, lang)).into(),
            ),
        );
    }
    answer
}

/// The answer to a start command: the lobby, or the board of a game started at once, told
/// where the game is played (saved: posted in the channel if the reply is refused, under
/// a note naming the asker, `user`).
pub fn opened(opened: Opened, user: i64, activity: bool, lang: Lang) -> Answer {
    let at = opened.at;
    match opened.what {
        OpenedGame::Started(changed) => {
            let kind = changed.info().kind;
            let answer = game_changed(at.place, *changed, user, activity, lang);
            placed(answer, &at, kind, true, lang)
        }
        OpenedGame::Lobby(view) => {
            let kind = view.info.kind;
            let answer = Answer::public(lobby::lobby_post(&view, lang))
                .saved(at.place, saved_note(user, lang));
            placed(answer, &at, kind, false, lang)
        }
    }
}

/// The answer to a look at a Prime Climb board: its words alone (`text_only`), a private
/// board in its viewer's look, or the board as the game's turn message with the notice
/// owed to its player to move; a lobby as it stands.
pub fn board_asked(
    asked: BoardAsked,
    text_only: bool,
    shown: Shown,
    activity: bool,
    lang: Lang,
) -> Answer {
    match asked {
        BoardAsked::Game { view, .. } if text_only => {
            let last = view.last_turn();
            let lines = text::alt::board_text(&view.game, last.as_ref(), lang, Markup::Discord);
            Answer::new(Post::text(lines.join("\n")), shown)
        }
        BoardAsked::Game {
            view,
            own_look: Some(look),
            ..
        } => Answer::new(climb::board(&view, activity, look, lang), shown),
        BoardAsked::Game { view, notices, .. } => {
            Answer::new(climb::turn_board(&view, activity, lang), shown).then_notify(notices)
        }
        BoardAsked::Lobby(lobby) => Answer::new(lobby::lobby_post(&lobby, lang), shown),
    }
}

/// The answer to a look at a Prime Daifugo table: its words alone (`text_only`), or the
/// table as the match's turn message with the notice owed; a lobby as it stands.
pub fn table_asked(asked: TableAsked, text_only: bool, lang: Lang) -> Answer {
    match asked {
        TableAsked::Table { view, .. } if text_only => {
            let lines = text::alt::table_text(&view.game, lang, Markup::Discord);
            Answer::public(Post::text(lines.join("\n")))
        }
        TableAsked::Table { view, notices } => {
            Answer::public(daifugo::table(&view, lang)).then_notify(notices)
        }
        TableAsked::Lobby(l) => Answer::public(lobby::lobby_post(&l, lang)),
    }
}

/// The answer to a game ended by `by` (`user`, named in the saved note): the end takes
/// over from the last turn message, and is announced where a thread game is.
pub fn ended(place: Place, view: &LobbyView, (user, by): (i64, &str), lang: Lang) -> Answer {
    let mut post = lobby::ended_post(view, by, lang);
    post.turn_of = Some(TurnOf::of(&view.info));
    Answer::public(post)
        .saved(place, saved_note(user, lang))
        .then_announce(view.info.id, true)
}

/// The answer to a Rematch click by `asker`: who is still to ask, or the new game (a
/// welcome and its first board in its place, the clicked result's button gone).
pub fn rematch(
    rematch: Rematch,
    asker: &str,
    clicked: (i64, i64),
    activity: bool,
    lang: Lang,
) -> Answer {
    match rematch {
        Rematch::Waiting {
            waiting,
            waiting_ids,
            pings,
        } => Answer::public(super::notices::rematch_asked(
            asker,
            &waiting,
            &waiting_ids,
            &pings,
            lang,
        )),
        Rematch::Opened {
            from,
            place,
            changed,
            lang: game_lang,
        } => {
            let info = changed.info();
            let welcome = super::notices::rematch_welcome(from, info, game_lang);
            let mut board = public(&changed.view, activity, info.lang);
            board.post.ping(&changed.pings);
            let said = text::notify::rematch_started(info.kind, info.id, place.channel_id, lang);
            let mut answer = Answer::public(Post::text(said))
                .then_ai(place, changed.ai_next)
                .then_notify(changed.notices.clone());
            answer.channel_posts = vec![(place, welcome.into()), (place, board)];
            answer.strip.push(clicked);
            answer
        }
    }
}

/// Who clicked, and on what: what the answer to a click needs besides what it did.
pub struct Clicker<'a> {
    pub user: i64,
    pub name: &'a str,
    /// The clicker's language (a public board speaks the game's).
    pub lang: Lang,
    /// The message clicked is only the clicker's (its buttons speak their language).
    pub ephemeral: bool,
    /// The message clicked (channel, message).
    pub message: (i64, i64),
    /// The board can be opened as an Activity.
    pub activity: bool,
}

/// The answer to a click `ask`ed and `done`.
pub fn clicked(ask: &ClickAsk, done: Clicked, by: &Clicker) -> Answer {
    let lang = by.lang;
    match done {
        Clicked::Climb(place, changed) => {
            climb_changed(place, *changed, by.user, by.activity, lang)
        }
        Clicked::ClimbHint(view, hints) => {
            Answer::private(hints_words(&view, &hints, by.user, lang))
        }
        // Only the buttons change: the steps of the pawn picked, or the pawns again.
        Clicked::ClimbPawn(view, pawn) => {
            let lang = if by.ephemeral { lang } else { view.info.lang };
            let post = climb::steps_update(&view, pawn, by.activity, lang);
            Answer::new(post, Shown::Update)
        }
        Clicked::ClimbMoves(view, outcomes) => Answer::private(text::climb::moves_text(
            &view.game,
            &outcomes,
            lang,
            Markup::Discord,
        )),
        Clicked::Lobby(_, LobbyDone::Changed { lobby, note }) => {
            let mut post = lobby::changed_post(&lobby, by.name, lang);
            if let Some(note) = text::bot::placed_note(note, lang) {
                post = post.headed(note);
            }
            let cancel = matches!(
                ask,
                ClickAsk::Lobby {
                    act: LobbyAct::Cancel,
                    ..
                }
            );
            Answer::new(post, Shown::Update).then_announce(lobby.info.id, cancel)
        }
        Clicked::Lobby(place, LobbyDone::Started(changed)) => {
            started(place, *changed, by.activity, lang)
        }
        Clicked::Daifugo(place, changed) => daifugo_acted(place, *changed, by.user, lang),
        Clicked::Hand(hand, true) => Answer::private(hint_words(&hand, lang)),
        Clicked::Hand(hand, false) => hand_answer(&hand, lang),
        Clicked::Rematch(r) => rematch(r, by.name, by.message, by.activity, lang),
    }
}
