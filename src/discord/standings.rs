//! `/leaderboard` and `/stats`: the server's standings per game (Weng-Lin ratings, shown
//! as the conservative skill μ − 3σ) and best solitaire scores, and one player's record.

use poise::serenity_prelude as serenity;

use super::caller::{id, Caller};
use super::locale::Lang;
use super::play::{place_of, respond};
use super::text::{self, tr};
use super::turn::{clip, Post};
use super::{Context, Error};
use crate::session::{GameKind, Leaderboard};

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
        match self {
            GameChoice::Climb => "Prime Climb",
            GameChoice::Daifugo => "Prime Daifugo",
        }
    }
}

fn mode_name(mode: &str, lang: Lang) -> String {
    match mode {
        "solitaire1" => "Solitaire 1".into(),
        "solitaire2" => "Solitaire 2".into(),
        other => lang.text(other, other).into(),
    }
}

/// A leaderboard as text (mentions are shown, never pinged).
pub fn leaderboard_text(board: &Leaderboard, title: &str, lang: Lang) -> String {
    let mut out = vec![tr!(
        lang,
        "**{} leaderboard** (rating = μ − 3σ, Weng-Lin)",
        "**Classement {}** (cote = μ − 3σ, Weng-Lin)",
        title
    )];
    if board.standings.is_empty() && board.solitaire.is_empty() {
        out.push(
            lang.text(
                "No finished games yet: start one with `/climb start`.",
                "Aucune partie terminée pour l'instant : lancez-en une avec `/climb start`.",
            )
            .into(),
        );
    }
    for s in board.standings.iter().take(SHOWN) {
        let who = match s.user_id {
            Some(uid) => format!("<@{uid}>"),
            None => format!("🤖 {}", s.name),
        };
        out.push(tr!(
            lang,
            "{}. {} — **{:.1}** · {} games, {} wins",
            "{}. {} — **{:.1}** · {} parties, {} victoires",
            s.rank,
            who,
            s.rating,
            s.games,
            s.wins
        ));
    }
    for (mode, best) in &board.solitaire {
        out.push(tr!(
            lang,
            "\n**{}** — fewest turns",
            "\n**{}** — le moins de tours",
            mode_name(mode, lang)
        ));
        for (i, b) in best.iter().take(SHOWN).enumerate() {
            let who = match b.user_id {
                Some(uid) => format!("<@{uid}>"),
                None => b.name.clone(),
            };
            out.push(tr!(
                lang,
                "{}. {} — {} turns",
                "{}. {} — {} tours",
                i + 1,
                who,
                b.turns
            ));
        }
    }
    clip(&out.join("\n"), 1_900)
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
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        match data
            .session
            .leaderboard(place.guild_id, game.kind(), SHOWN)
            .await
        {
            Ok(board) => (
                Post::text(leaderboard_text(&board, game.title(), lang)),
                false,
            ),
            Err(e) => (Post::text(text::error(&e, lang)), true),
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
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let mut out = vec![tr!(
            lang,
            "**{}** in this server",
            "**{}** sur ce serveur",
            name
        )];
        for game in [GameChoice::Climb, GameChoice::Daifugo] {
            let s = match data
                .session
                .stats(place.guild_id, game.kind(), id(user_id))
                .await
            {
                Ok(s) => s,
                Err(e) => return (Post::text(text::error(&e, lang)), true),
            };
            if s.record.games == 0 && s.rating.is_none() {
                continue;
            }
            let mut line = tr!(
                lang,
                "{}: {} games, {} wins",
                "{} : {} parties, {} victoires",
                game.title(),
                s.record.games,
                s.record.wins
            );
            if let Some(r) = &s.rating {
                line.push_str(&tr!(
                    lang,
                    " · rating **{:.1}** (μ {:.1}, σ {:.1})",
                    " · cote **{:.1}** (μ {:.1}, σ {:.1})",
                    r.rating,
                    r.mu,
                    r.sigma
                ));
            }
            for (mode, turns) in &s.best {
                line.push_str(&tr!(
                    lang,
                    " · best {}: {} turns",
                    " · record {} : {} tours",
                    mode_name(mode, lang),
                    turns
                ));
            }
            out.push(line);
        }
        if out.len() == 1 {
            out.push(
                lang.text(
                    "No finished games yet.",
                    "Aucune partie terminée pour l'instant.",
                )
                .into(),
            );
        }
        (Post::text(out.join("\n")), false)
    })
    .await
}
