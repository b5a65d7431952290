//! `/climb puzzle` and `/daifugo puzzle`: today's puzzle (only for you), an answer graded
//! at once (only for you: no spoilers), and the server's puzzle standings. The post of the
//! day's puzzles in a server's puzzle channel is in `clock.rs`.

use super::args::Args;
use super::shared::{answer, Ctx};
use crate::discord::reply::Shown;
use crate::discord::types::Error;
use crate::session::{GameKind, PuzzleAsk};
use crate::text;

/// Today's puzzle, an answer, or the standings.
pub(super) async fn puzzle(ctx: Ctx<'_>, a: &Args<'_>, kind: GameKind) -> Result<(), Error> {
    let (shown, ask) = match (a.flag("standings").unwrap_or(false), a.text("answer")) {
        (true, _) => (Shown::Public, PuzzleAsk::Standings),
        (false, Some(words)) => (Shown::Private, PuzzleAsk::Answer(words)),
        (false, None) => (Shown::Private, PuzzleAsk::Today),
    };
    answer(ctx, shown, move |data, caller| async move {
        let guild = caller.place()?.guild_id;
        let learning = data.session.learning();
        let shown = learning.puzzle(guild, caller.user(), kind, ask).await?;
        Ok(text::posts::learning::puzzle(shown, kind, caller.lang()))
    })
    .await
}
