//! `/climb puzzle` and `/daifugo puzzle`: today's puzzle (only for you), an answer graded
//! at once (only for you: no spoilers), and the server's puzzle standings. The post of the
//! day's puzzles in a server's puzzle channel is in `clock.rs`.

use super::shared::answer_here;
use crate::climb;
use crate::discord::posts::{Picture, Post};
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Data, Error};
use crate::lang::Lang;
use crate::session::review::PositionView;
use crate::session::{GameKind, Look, PuzzleAsk, PuzzleShown};
use crate::text::{self, Markup};

const M: Markup = Markup::Discord;

/// How to answer each game's puzzle, as the question shows it.
fn command(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Climb => "/climb puzzle answer:",
        GameKind::Daifugo => "/daifugo puzzle answer:",
    }
}

/// A day's Prime Climb puzzle as a post: the question and the board.
pub async fn climb_post(
    data: &Data,
    puzzle: &climb::puzzle::Puzzle,
    look: Look,
    lang: Lang,
) -> Post {
    let mut post = Post::text(text::puzzle::climb_question(
        puzzle,
        command(GameKind::Climb),
        lang,
        M,
    ));
    let alt = text::puzzle::climb_alt(puzzle, lang);
    let game = puzzle.game.clone();
    post.picture = data
        .drawing
        .draw(move || PositionView { game }.png(look, text::pictures::words(lang)))
        .await
        .map(|png| Picture {
            png,
            file: "puzzle.png",
            alt,
        });
    post
}

/// Today's puzzle, an answer, or the standings.
pub async fn puzzle(
    ctx: Context<'_>,
    kind: GameKind,
    answer_words: Option<String>,
    standings: bool,
) -> Result<(), Error> {
    let (shown, ask) = match (standings, answer_words) {
        (true, _) => (Shown::Public, PuzzleAsk::Standings),
        (false, Some(words)) => (Shown::Private, PuzzleAsk::Answer(words)),
        (false, None) => (Shown::Private, PuzzleAsk::Today),
    };
    answer_here(ctx, shown, move |data, caller, place| async move {
        let lang = caller.lang();
        let learning = data.session.learning();
        match learning
            .puzzle(place.guild_id, caller.user(), kind, ask)
            .await
        {
            Ok(PuzzleShown::Standings(rows)) => Answer::public(Post::text(
                text::puzzle::standings(&rows, text::lobby::title(kind), lang, M),
            )),
            Ok(PuzzleShown::Climb { puzzle, look }) => {
                Answer::new(climb_post(&data, &puzzle, look, lang).await, Shown::Private)
            }
            Ok(PuzzleShown::Daifugo(puzzle)) => Answer::private(text::puzzle::daifugo_question(
                &puzzle,
                command(kind),
                lang,
                M,
            )),
            Ok(PuzzleShown::Graded(grade, record)) => Answer::private(format!(
                "{}\n{}",
                text::puzzle::grade(&grade, lang, M),
                text::puzzle::record(&record, lang)
            )),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}
