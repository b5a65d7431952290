//! `/leaderboard` and `/stats`: the server's standings per game (Weng-Lin ratings, shown
//! as the conservative skill μ − 3σ) and best solitaire scores, and one player's record.

use super::args::Args;
use super::shared::{answer, answer_here};
use crate::discord::caller::Caller;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::{Context, Error};
use crate::session::GameKind;
use crate::text;

/// Lines shown on a leaderboard.
const SHOWN: usize = 15;

/// Which season a leaderboard shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonChoice {
    Current,
    Previous,
    All,
}

/// The server's standings: ratings, then best solitaire scores
pub async fn leaderboard(ctx: Context<'_>, a: &Args<'_>) -> Result<(), Error> {
    let game = a.pick("game", &super::args::GAMES);
    let season = a.pick(
        "season",
        &[
            SeasonChoice::Current,
            SeasonChoice::Previous,
            SeasonChoice::All,
        ],
    );
    let game = game.unwrap_or(GameKind::Climb);
    answer_here(ctx, Shown::Public, move |data, caller, place| async move {
        let lang = caller.lang();
        let length = match data.session.servers().settings(place.guild_id).await {
            Ok(s) => s.season,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let now = data.session.now();
        let within = match season.unwrap_or(SeasonChoice::Current) {
            SeasonChoice::Current => Some(length.bounds(now, 0)),
            SeasonChoice::Previous => Some(length.bounds(now, 1)),
            SeasonChoice::All => None,
        };
        match data
            .session
            .standings()
            .leaderboard(place.guild_id, game, SHOWN, within)
            .await
        {
            Ok(board) => Answer::public(Post::text(text::bot::leaderboard(
                &board,
                text::lobby::title(game),
                within.map(|(from, _)| (length, from)),
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
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let (user_id, name) = match &user {
        Some(u) => (
            u.id.get(),
            u.global_name.clone().unwrap_or_else(|| u.name.clone()),
        ),
        None => (caller.user_id, caller.name.clone()),
    };
    answer(ctx, Shown::Public, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let mut per_game = Vec::new();
        for game in super::args::GAMES {
            match data
                .session
                .standings()
                .stats(place.guild_id, game, id(user_id))
                .await
            {
                Ok(s) => per_game.push((text::lobby::title(game), s)),
                Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
            }
        }
        Answer::public(Post::text(text::bot::stats(&name, &per_game, lang)))
    })
    .await
}
