//! `/climb learn`: the guided first game, only for the learner. Each step shows its
//! position (the board picture) and its goal; `/climb learn answer:` checks a try with
//! the engine, tells what the move did, and goes on to the next step when the goal is
//! met. After the last step, the whole game against the easy AI with hints on.

use crate::climb::lessons::Lesson;
use crate::discord::caller::Caller;
use crate::discord::posts::{Picture, Post};
use crate::discord::reply::Answer;
use crate::discord::types::Data;
use crate::lang::Lang;
use crate::session::lessons::Learn;
use crate::session::Look;
use crate::text::{self, Markup};

const M: Markup = Markup::Discord;

/// How a step is answered, as the step says.
fn how(lang: Lang) -> String {
    text::tr!(
        lang,
        "Answer with {} (start again: {}).",
        "Répondez avec {} (tout reprendre : {}).",
        M.code("/climb learn answer: …"),
        M.code("/climb learn restart: True")
    )
}

/// What to do once every step is done.
fn whole_game(lang: Lang) -> String {
    format!(
        "{}\n{}",
        text::lessons::graduation(lang),
        text::tr!(
            lang,
            "Start it here with {} (and {} to go through the steps again).",
            "Lancez-la ici avec {} (et {} pour refaire les étapes).",
            M.code("/climb start ai: easy variant: hints"),
            M.code("/climb learn restart: True")
        )
    )
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
    words.push(text::lessons::step_text(i, lesson, &how(lang), lang, M));
    let mut post = Post::text(words.join("\n\n"));
    let game = lesson.game();
    let alt = text::alt::board_alt(&game, None, lang);
    post.picture = data
        .picture(move || {
            crate::session::review::position_png(&game, look, text::pictures::words(lang))
        })
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
    let look = match caller.place() {
        Ok(place) => crate::discord::answers::own_look(data, caller, place).await,
        Err(_) => Look::default(),
    };
    let learned = data
        .session
        .learn(caller.user(), answer.as_deref(), restart)
        .await;
    match learned {
        Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        Ok(Learn::Done) => Answer::private(whole_game(lang)),
        Ok(Learn::Step(i, lesson)) => Answer::new(
            step_post(data, i, &lesson, look, lang, None).await,
            crate::discord::reply::Shown::Private,
        ),
        Ok(Learn::Refused(_, _, e)) => Answer::private(text::lessons::refused_text(&e, lang, M)),
        Ok(Learn::Tried {
            step,
            lesson,
            checked,
            next,
        }) => {
            let said = text::lessons::checked_text(&lesson, &checked, lang, M);
            match (checked.passed, next) {
                (true, Some(next)) => Answer::new(
                    step_post(data, step + 1, &next, look, lang, Some(said)).await,
                    crate::discord::reply::Shown::Private,
                ),
                (true, None) => Answer::private(format!("{said}\n\n{}", whole_game(lang))),
                (false, _) => Answer::private(said),
            }
        }
    }
}
