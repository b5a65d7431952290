//! `/leaderboard` and `/stats`: the server's standings per game (Weng-Lin ratings, shown
//! as the conservative skill μ − 3σ) and best solitaire scores, and one player's record.

use poise::serenity_prelude as serenity;

use super::shared::answer;
use crate::discord::caller::Caller;
use crate::discord::posts::Post;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
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

/// Which season a leaderboard shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SeasonChoice {
    #[name = "current"]
    #[name_localized("fr", "en cours")]
    Current,
    #[name = "previous"]
    #[name_localized("fr", "précédente")]
    Previous,
    #[name = "all time"]
    #[name_localized("fr", "depuis toujours")]
    All,
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
    #[description = "Which season (default: the current one; /settings season sets its length)"]
    #[name_localized("fr", "saison")]
    #[description_localized(
        "fr",
        "Quelle saison (par défaut : celle en cours ; /settings season fixe sa durée)"
    )]
    season: Option<SeasonChoice>,
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
            .leaderboard(place.guild_id, game.kind(), SHOWN, within)
            .await
        {
            Ok(board) => Answer::public(Post::text(text::bot::leaderboard(
                &board,
                game.title(),
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
                .standings()
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
