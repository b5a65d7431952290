//! `/leaderboard` and `/stats`: the server's standings per game (Weng-Lin ratings, shown
//! as the conservative skill μ − 3σ) and best solitaire scores, and one player's record.

use poise::serenity_prelude as serenity;

use super::answer;
use crate::discord::caller::{id, Caller};
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Error};
use crate::session::GameKind;
use crate::text;

/// Lines shown on a leaderboard.
const SHOWN: usize = 15;

/// The game a standings command is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "Prime Climb"]
    Climb,
    #[name = "Prime Daifugo"]
    Daifugo,
}

impl GameChoice {
    fn kind(self) -> GameKind {
        match self {
            GameChoice::Climb => GameKind::Climb,
            GameChoice::Daifugo => GameKind::Daifugo,
        }
    }

    fn title(self) -> &'static str {
        text::lobby::title(self.kind())
    }
}

/// The server's standings: ratings, then best solitaire scores
#[poise::command(
    slash_command,
    name_localized("fr", "classement"),
    description_localized(
        "fr",
        "Le classement du serveur : cotes, puis meilleurs scores en solitaire"
    )
)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game (default: Prime Climb)"]
    #[name_localized("fr", "jeu")]
    #[description_localized("fr", "Quel jeu (par défaut : Prime Climb)")]
    game: Option<GameChoice>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let game = game.unwrap_or(GameChoice::Climb);
    answer(ctx, Shown::Public, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        match data
            .session
            .leaderboard(place.guild_id, game.kind(), SHOWN)
            .await
        {
            Ok(board) => Answer::public(Post::text(text::bot::leaderboard(
                &board,
                game.title(),
                SHOWN,
                lang,
            ))),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// A player's rating, games, wins and best solitaire scores in this server
#[poise::command(
    slash_command,
    name_localized("fr", "stats"),
    description_localized(
        "fr",
        "La cote, les parties, les victoires et les records en solitaire d'un joueur"
    )
)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"]
    #[name_localized("fr", "joueur")]
    #[description_localized("fr", "Les stats de qui (par défaut : les vôtres)")]
    user: Option<serenity::User>,
) -> Result<(), Error> {
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
        for game in [GameChoice::Climb, GameChoice::Daifugo] {
            match data
                .session
                .stats(place.guild_id, game.kind(), id(user_id))
                .await
            {
                Ok(s) => per_game.push((game.title(), s)),
                Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
            }
        }
        Answer::public(Post::text(text::bot::stats(&name, &per_game, lang)))
    })
    .await
}
