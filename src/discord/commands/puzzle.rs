//! `/climb puzzle` and `/daifugo puzzle`: today's puzzle (only for you), an answer graded
//! at once (only for you: no spoilers), and the server's puzzle standings. The post of the
//! day's puzzles in a server's puzzle channel is in `clock.rs`.

use super::shared::answer;
use crate::discord::answers::own_look;
use crate::discord::caller::Caller;
use crate::discord::posts::{Picture, Post};
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Data, Error};
use crate::lang::Lang;
use crate::session::review::PositionView;
use crate::session::GameKind;
use crate::text::{self, Markup};
use crate::{climb, daifugo};

const M: Markup = Markup::Discord;

/// How to answer each game's puzzle, as the question shows it.
fn command(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Climb => "/climb puzzle answer:",
        GameKind::Daifugo => "/daifugo puzzle answer:",
    }
}

/// The day's Prime Climb puzzle as a post: the question and the board.
pub async fn climb_post(data: &Data, day: i64, look: crate::session::Look, lang: Lang) -> Post {
    let puzzle = climb::puzzle::of_day(day);
    let mut post = Post::text(text::puzzle::climb_question(
        &puzzle,
        command(GameKind::Climb),
        lang,
        M,
    ));
    let alt = text::puzzle::climb_alt(&puzzle, lang);
    let game = puzzle.game.clone();
    post.picture = data
        .picture(move || PositionView { game }.png(look, text::pictures::words(lang)))
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
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let shown = if standings {
        Shown::Public
    } else {
        Shown::Private
    };
    answer(ctx, shown, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let session = &data.session;
        if standings {
            let game = text::lobby::title(kind);
            return match session
                .learning()
                .puzzle_standings(place.guild_id, kind)
                .await
            {
                Ok(rows) => {
                    Answer::public(Post::text(text::puzzle::standings(&rows, game, lang, M)))
                }
                Err(e) => Answer::private(text::errors::refusal(&e, lang)),
            };
        }
        let Some(words) = answer_words else {
            let day = match session.learning().puzzle_day(Some(place.guild_id)).await {
                Ok(d) => d,
                Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
            };
            return match kind {
                GameKind::Climb => {
                    let look = own_look(&data, &caller, place).await;
                    Answer::new(climb_post(&data, day, look, lang).await, Shown::Private)
                }
                GameKind::Daifugo => Answer::private(text::puzzle::daifugo_question(
                    &daifugo::puzzle::of_day(day),
                    command(kind),
                    lang,
                    M,
                )),
            };
        };
        match session
            .learning()
            .answer_puzzle(place.guild_id, caller.user(), kind, &words)
            .await
        {
            Ok((_, grade, record)) => Answer::private(format!(
                "{}\n{}",
                text::puzzle::grade(&grade, lang, M),
                text::puzzle::record(&record, lang)
            )),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}
