//! `/leaderboard` and `/stats`: the server's standings per game (Weng-Lin ratings, shown
//! as the conservative skill μ − 3σ) and best solitaire scores, and one player's record.

use super::args::{Args, GAMES};
use super::shared::{answer, Ctx};
use crate::discord::caller::display_name;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::Error;
use crate::session::{GameKind, SeasonAsked};
use crate::text;

/// Lines shown on a leaderboard.
const SHOWN: usize = 15;

pub async fn leaderboard(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let game = a.pick("game", &GAMES).unwrap_or(GameKind::Climb);
    let season = a.pick("season", &SeasonAsked::ALL).unwrap_or_default();
    answer(ctx, Shown::Public, move |data, caller| async move {
        let (guild, links) = (caller.place()?.guild_id, data.web.and_then(|w| w.links()));
        let standings = data.session.standings();
        let board = standings.season_board(guild, game, season, SHOWN, links.as_ref());
        let words = text::bot::leaderboard(&board.await?, game, SHOWN, caller.lang());
        Ok(Answer::public(Post::text(words)))
    })
    .await
}

pub async fn stats(ctx: Ctx<'_>, a: &Args<'_>) -> Result<(), Error> {
    let user = a.user("user").map(|u| (u.id.get(), display_name(&u, None)));
    answer(ctx, Shown::Public, move |data, caller| async move {
        let guild = caller.place()?.guild_id;
        let (user_id, name) = user.unwrap_or_else(|| (caller.user_id, caller.name.clone()));
        let all = data
            .session
            .standings()
            .all_stats(guild, id(user_id))
            .await?;
        let words = text::bot::stats(&name, &all, caller.lang());
        Ok(Answer::public(Post::text(words)))
    })
    .await
}
