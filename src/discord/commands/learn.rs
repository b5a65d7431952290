//! `/climb learn`: the guided first game, only for the learner. Each step shows its
//! position (the board picture) and its goal; `/climb learn answer:` checks a try with
//! the engine, tells what the move did, and goes on to the next step when the goal is
//! met. After the last step, the whole game against the easy AI with hints on.

use crate::session::review::PositionView;
use poise::serenity_prelude as serenity;

use super::opening::{new_game, Wanted};
use crate::climb::lessons::Lesson;
use crate::discord::caller::Caller;
use crate::discord::posts::{Picture, Post};
use crate::discord::reply::Answer;
use crate::discord::types::Data;
use crate::lang::Lang;
use crate::session::ids::Click;
use crate::session::lessons::Learn;
use crate::session::{GameKind, Look, OpenedGame, Rules};
use crate::text::{self, Markup};

const M: Markup = Markup::Discord;

/// What to do once every step is done: the whole game is one click away (or the command
/// it stands for).
fn whole_game(lang: Lang, head: Option<String>) -> Answer {
    let words = text::lessons::whole_game(lang, M);
    let mut post = Post::text(match head {
        Some(head) => format!("{head}\n\n{words}"),
        None => words,
    });
    post.components = vec![serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(Click::LearnPlay.id())
            .label(text::lessons::play_label(lang))
            .emoji('🎲')
            .style(serenity::ButtonStyle::Success),
    ])];
    Answer::new(post, crate::discord::reply::Shown::Private)
}

/// The graduation's button: the whole game against the easy AI with hints on, opened
/// where `/climb start` would open it and started at once. The private message the button
/// was on says where the game is; the board is posted there for everyone.
pub async fn play_click(http: &serenity::Http, data: &Data, caller: &Caller) -> Answer {
    let lang = caller.lang();
    let wanted = Wanted {
        rules: Rules::Climb {
            variant: Some("hints".into()),
        },
        ai: Some("easy".into()),
        timeout: None,
        play: None,
    };
    let opened = match new_game(http, data, caller, wanted, true).await {
        Ok(done) => done,
        Err(t) => return Answer::private(t),
    };
    let at = opened.at;
    let place = at.place;
    // The board is public: in the game's language, as every later turn message is (the
    // private line below is in the clicker's).
    let (post, ai, notices) = match opened.what {
        OpenedGame::Started(changed) => {
            let mut board = crate::discord::posts::public_post(data, &changed.view).await;
            board.ping(&changed.pings);
            (board, changed.ai_next, changed.notices)
        }
        // Started at once, a game is never left a lobby; were it one, it is shown.
        OpenedGame::Lobby(view) => (
            crate::discord::posts::lobby::lobby_post(&view, view.info.lang),
            false,
            Vec::new(),
        ),
    };
    let mut said = text::lessons::game_is_in(place.channel_id, lang);
    if let Some(note) = text::bot::placed_note(at.note, lang) {
        said = format!("{note}\n{said}");
    }
    let mut answer = Answer::new(Post::text(said), crate::discord::reply::Shown::Update)
        .then_ai(place, ai)
        .then_notify(notices);
    if let Some(parent) = at.parent {
        answer.channel_posts.push((
            place,
            Post::text(text::bot::thread_welcome(GameKind::Climb, parent, lang)),
        ));
    }
    answer.channel_posts.push((place, post));
    answer
}

/// A step's post: its words and its position.
async fn step_post(
    data: &Data,
    i: usize,
    lesson: &Lesson,
    look: Look,
    lang: Lang,
    head: Option<String>,
) -> Post {
    let mut words = head.map(|h| vec![h]).unwrap_or_default();
    words.push(text::lessons::step_text(
        i,
        lesson,
        &text::lessons::how_to_answer(lang, M),
        lang,
        M,
    ));
    let mut post = Post::text(words.join("\n\n"));
    let game = lesson.game();
    let alt = text::alt::board_alt(&game, None, lang);
    post.picture = data
        .drawing
        .draw(move || PositionView { game }.png(look, text::pictures::words(lang)))
        .await
        .map(|png| Picture {
            png,
            file: "lesson.png",
            alt,
        });
    post
}

/// The answer to `/climb learn`.
pub async fn learn(data: &Data, caller: &Caller, answer: Option<String>, restart: bool) -> Answer {
    let lang = caller.lang();
    let guild = caller.place().ok().map(|p| p.guild_id);
    let learning = data.session.learning();
    let learned = learning
        .learn_in(guild, caller.user(), answer.as_deref(), restart)
        .await;
    let (learned, look) = match learned {
        Ok(both) => both,
        Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
    };
    match learned {
        Learn::Done => whole_game(lang, None),
        Learn::Step(i, lesson) => Answer::new(
            step_post(data, i, &lesson, look, lang, None).await,
            crate::discord::reply::Shown::Private,
        ),
        Learn::Refused(_, lesson, e) => {
            Answer::private(text::lessons::refused_text(&e, &lesson.shape(), lang, M))
        }
        Learn::Tried {
            step,
            lesson,
            checked,
            next,
        } => {
            let said = text::lessons::checked_text(&lesson, &checked, lang, M);
            match (checked.passed, next) {
                (true, Some(next)) => Answer::new(
                    step_post(data, step + 1, &next, look, lang, Some(said)).await,
                    crate::discord::reply::Shown::Private,
                ),
                (true, None) => whole_game(lang, Some(said)),
                (false, _) => Answer::private(said),
            }
        }
    }
}
