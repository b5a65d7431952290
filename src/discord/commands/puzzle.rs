//! `/climb puzzle` and `/daifugo puzzle`: today's puzzle (only for you), an answer graded
//! at once (only for you: no spoilers), and the server's puzzle standings. The post of the
//! day's puzzles in a server's puzzle channel is in `clock.rs`.

use super::shared::answer_here;
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Error};
use crate::session::{GameKind, PuzzleAsk};
use crate::text;

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
            Ok(shown) => text::posts::learning::puzzle(shown, kind, lang),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}
