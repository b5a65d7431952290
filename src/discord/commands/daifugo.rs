//! `/daifugo …`: Prime Daifugo Lvl. 0, a card game with hidden hands. Every action is the
//! players' notation (`3 10`, `5/9:9 7`, `draw`, `d`, `discard 4`, `pass`, `skip`),
//! checked by the session; the table goes to everyone, the hand only to its owner.

use poise::serenity_prelude as serenity;

use super::opening::{new_game, opened_answer, Wanted};
use super::shared::answer;
use crate::daifugo;
use crate::discord::answers;
use crate::discord::caller::Caller;
use crate::discord::posts::{daifugo as post, lobby as lobby_post, Post};
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Error};
use crate::session::Rules;
use crate::session::SessionError;
use crate::text::{self, Markup};

/// Prime Daifugo Lvl. 0: play cards that form a prime larger than the last play
#[poise::command(
    slash_command,
    subcommands(
        "start", "play", "draw", "d", "pass", "skip", "hand", "board", "hint", "end", "rules",
        "puzzle"
    ),
    subcommand_required,
    name_localized("fr", "daifugo"),
    description_localized(
        "fr",
        "Prime Daifugo Lvl. 0 : jouez des cartes qui forment un nombre premier plus grand"
    )
)]
pub async fn daifugo(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a Prime Daifugo game (2–3 players): a lobby with Join, Add AI and Start
#[poise::command(
    slash_command,
    name_localized("fr", "nouvelle"),
    description_localized(
        "fr",
        "Ouvrir une partie de Prime Daifugo (2–3 joueurs) : Rejoindre, IA et Démarrer"
    )
)]
#[allow(clippy::too_many_arguments)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "Add the advanced cards [0], [5/9] and [4/6/8]"]
    #[name_localized("fr", "avancé")]
    #[description_localized("fr", "Ajouter les cartes avancées [0], [5/9] et [4/6/8]")]
    advanced: Option<bool>,
    #[description = "Add the two SKIP cards (exactly 3 players)"]
    #[name_localized("fr", "skip")]
    #[description_localized("fr", "Ajouter les deux cartes SKIP (exactement 3 joueurs)")]
    skip: Option<bool>,
    #[description = "AI seats to add, e.g. hard or easy,medium"]
    #[name_localized("fr", "ia")]
    #[description_localized("fr", "Places d'IA à ajouter, par ex. hard ou easy,medium")]
    #[max_length = 100]
    ai: Option<String>,
    #[description = "Games needed to win the match (1 to 5, default 2)"]
    #[name_localized("fr", "manches")]
    #[description_localized("fr", "Parties à gagner pour le match (1 à 5, par défaut 2)")]
    #[min = 1]
    #[max = 5]
    games: Option<u8>,
    #[description = "Hand limit of 13 cards (no drawing at the limit)"]
    #[name_localized("fr", "limite")]
    #[description_localized("fr", "Limite de 13 cartes en main (pas de pioche à la limite)")]
    hand_limit: Option<bool>,
    #[description = "Turn timeout, e.g. 30m, 12h, 2d or off (default: the server's)"]
    #[name_localized("fr", "délai")]
    #[description_localized("fr", "Temps par tour, par ex. 30m, 12h, 2d ou off")]
    #[max_length = 40]
    timeout: Option<String>,
    #[description = "Take a seat yourself (default: yes)"]
    #[name_localized("fr", "jouer")]
    #[description_localized("fr", "Prendre une place vous-même (par défaut : oui)")]
    play: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let http = ctx.serenity_context().http.clone();
    answer(ctx, Shown::Public, async move {
        let advanced = advanced.unwrap_or(false);
        let options = daifugo::Options {
            zero: advanced,
            five_nine: advanced,
            four_six_eight: advanced,
            skip: skip.unwrap_or(false),
            hand_limit: hand_limit.unwrap_or(false).then_some(13),
            games_to_win: games.unwrap_or(daifugo::options::DEFAULT_GAMES_TO_WIN),
        };
        let wanted = Wanted {
            rules: Rules::Daifugo(options),
            ai,
            timeout,
            play,
        };
        match new_game(&http, &data, &caller, wanted, false).await {
            Ok(opened) => opened_answer(&data, &caller, opened).await,
            Err(t) => Answer::private(t),
        }
    })
    .await
}

/// Do what the player typed and answer (see [`acted`]).
async fn act(ctx: Context<'_>, text: String) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Public, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        match data
            .session
            .play()
            .daifugo_act(place, &actor, &text, None)
            .await
        {
            Ok(view) => answers::daifugo_acted(&data, &caller, place, view).await,
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Play cards side by side: `3 10` is 310, `5/9:9 7` plays the [5/9] as 9
#[poise::command(
    slash_command,
    name_localized("fr", "jouer"),
    description_localized(
        "fr",
        "Jouer des cartes côte à côte : `3 10` vaut 310, `5/9:9 7` joue la [5/9] comme 9"
    )
)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "The cards in order, e.g. 3 10 (1 to 3 cards)"]
    #[name_localized("fr", "cartes")]
    #[description_localized("fr", "Les cartes dans l'ordre, par ex. 3 10 (1 à 3 cartes)")]
    #[autocomplete = "complete_cards"]
    #[max_length = 40]
    cards: String,
) -> Result<(), Error> {
    act(ctx, cards).await
}

/// The primes the caller could play now that begin with what has been typed.
async fn complete_cards(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let data = ctx.data();
    let caller = Caller::from_command(ctx);
    let Ok(place) = caller.place() else {
        return Vec::new();
    };
    let Ok(view) = data.session.play().daifugo_board(place).await else {
        return Vec::new();
    };
    let Some(seat) = view.seat_of_user(caller.user()) else {
        return Vec::new();
    };
    let typed = partial.trim();
    daifugo::playable_primes(&view.game, seat)
        .iter()
        .map(|c| (c.number, daifugo::hint::candidate_notation(&view.game, c)))
        .filter(|(_, cards)| cards.starts_with(typed))
        .take(25)
        .map(|(number, cards)| {
            serenity::AutocompleteChoice::new(format!("{number} ({cards})"), cards)
        })
        .collect()
}

/// Draw the top card of the deck (step 1 of your turn, instead of a D card)
#[poise::command(
    slash_command,
    name_localized("fr", "piocher"),
    description_localized(
        "fr",
        "Piocher la carte du dessus (étape 1 du tour, au lieu d'une carte D)"
    )
)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "draw".into()).await
}

/// Play a D card: draw 2, then choose the card to discard
#[poise::command(
    slash_command,
    name_localized("fr", "d"),
    description_localized(
        "fr",
        "Jouer une carte D : piocher 2, puis choisir la carte à défausser"
    )
)]
pub async fn d(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "d".into()).await
}

/// Pass (with a [10] in play, passing draws 2)
#[poise::command(
    slash_command,
    name_localized("fr", "passer"),
    description_localized("fr", "Passer (avec un [10] en jeu, passer fait piocher 2)")
)]
pub async fn pass(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "pass".into()).await
}

/// Play a SKIP card: the next player loses their turn (3 players)
#[poise::command(
    slash_command,
    name_localized("fr", "skip"),
    description_localized(
        "fr",
        "Jouer une carte SKIP : le joueur suivant passe son tour (3 joueurs)"
    )
)]
pub async fn skip(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "skip".into()).await
}

/// Your hand (only you see it), with what you could play
#[poise::command(
    slash_command,
    name_localized("fr", "main"),
    description_localized(
        "fr",
        "Votre main (vous seul la voyez), avec ce que vous pourriez jouer"
    )
)]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        answers::daifugo_hand(&data, &caller).await
    })
    .await
}

/// The table of this channel's Prime Daifugo game (no hands)
#[poise::command(
    slash_command,
    name_localized("fr", "table"),
    description_localized(
        "fr",
        "La table de la partie de Prime Daifugo de ce salon (sans les mains)"
    )
)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "The table in words, for screen readers"]
    #[name_localized("fr", "texte")]
    #[description_localized("fr", "La table en mots, pour les lecteurs d'écran")]
    text: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Public, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        match data.session.play().daifugo_board(place).await {
            Ok(view) if text.unwrap_or(false) => Answer::public(Post::text(
                text::alt::table_text(&view.game, lang, Markup::Discord).join("\n"),
            )),
            Ok(view) => Answer::public(post::public_post(&data, &view, lang).await),
            Err(SessionError::NotStarted) => match data.session.lobbies().lobby(place).await {
                Ok(l) => Answer::public(lobby_post::lobby_post(&l, lang)),
                Err(e) => Answer::private(text::errors::refusal(&e, lang)),
            },
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// The primes you could play now (only you see it)
#[poise::command(
    slash_command,
    name_localized("fr", "indice"),
    description_localized(
        "fr",
        "Les nombres premiers que vous pourriez jouer (vous seul le voyez)"
    )
)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        Answer::private(answers::daifugo_hint(&data, &caller).await)
    })
    .await
}

/// End this channel's game now (its creator or a moderator): no results are recorded
#[poise::command(
    slash_command,
    name_localized("fr", "terminer"),
    description_localized(
        "fr",
        "Terminer la partie de ce salon (son créateur ou un modérateur) : sans résultat"
    )
)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    super::climb::end_game(ctx).await
}

/// How Prime Daifugo is played, in short
#[poise::command(
    slash_command,
    name_localized("fr", "règles"),
    description_localized("fr", "Comment se joue Prime Daifugo, en bref")
)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).lang();
    let text = text::rules::daifugo(lang, Markup::Discord);
    answer(ctx, Shown::Private, async move { Answer::private(text) }).await
}

/// Today's puzzle: the largest prime from a hand (the same for everyone), or the standings
#[poise::command(
    slash_command,
    name_localized("fr", "énigme"),
    description_localized(
        "fr",
        "L'énigme du jour : le plus grand nombre premier d'une main (la même pour tous), ou le classement"
    )
)]
pub async fn puzzle(
    ctx: Context<'_>,
    #[description = "Your answer: the largest prime you can play, like 523"]
    #[name_localized("fr", "réponse")]
    #[description_localized(
        "fr",
        "Votre réponse : le plus grand nombre premier que vous pouvez jouer, par ex. 523"
    )]
    #[max_length = 40]
    answer: Option<String>,
    #[description = "Show the server's puzzle standings"]
    #[name_localized("fr", "classement")]
    #[description_localized("fr", "Afficher le classement des énigmes du serveur")]
    standings: Option<bool>,
) -> Result<(), Error> {
    super::puzzle::puzzle(
        ctx,
        crate::session::GameKind::Daifugo,
        answer,
        standings.unwrap_or(false),
    )
    .await
}
