//! `/leaderboard` and `/stats`: the server's standings per game (Weng-Lin ratings, shown
//! as the conservative skill μ − 3σ) and best solitaire scores, and one player's record.

use super::args::Args;
use super::shared::answer_here;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::{Context, Error};
use crate::session::{GameKind, SeasonAsked};
use crate::text;

/// Lines shown on a leaderboard.
const SHOWN: usize = 15;

/// Which season a leaderboard shows.
/// The server's standings: ratings, then best solitaire scores
pub async fn leaderboard(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let game = a.pick("game", &super::args::GAMES);
    let season = a.pick(
        "season",
        &[
            SeasonAsked::Current,
            SeasonAsked::Previous,
            SeasonAsked::All,
        ],
    );
    let game = game.unwrap_or(GameKind::Climb);
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let (standings, links) = (data.session.standings(), data.web.and_then(|w| w.links()));
        let asked = season.unwrap_or_default();
        match standings
            .season_board(place.guild_id, game, asked, SHOWN, links.as_ref())
            .await
        {
            Ok(b) => Answer::public(Post::text(text::bot::leaderboard(
                &b,
                text::lobby::title(game),
                SHOWN,
                lang,
            ))),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// A player's rating, games, wins and best solitaire scores in this server
pub async fn stats(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let user = a.user("user");
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let (user_id, name) = match &user {
            Some(u) => (
                u.id.get(),
                u.global_name.clone().unwrap_or_else(|| u.name.clone()),
            ),
            None => (caller.user_id, caller.name.clone()),
        };
        let standings = data.session.standings();
        match standings.all_stats(place.guild_id, id(user_id)).await {
            Ok(all) => {
                let per_game: Vec<_> = all
                    .into_iter()
                    .map(|(game, s)| (text::lobby::title(game), s))
                    .collect();
                Answer::public(Post::text(text::bot::stats(&name, &per_game, lang)))
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}
