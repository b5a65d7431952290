//! `/climb …`: Prime Climb. Start a lobby, move, play a Keeper, the board, hints, the
//! legal moves, undo, resign, end a game, the rules and the factor colours.

use poise::serenity_prelude as serenity;
use serenity::AutocompleteChoice;

use super::opening::{new_game, opened_answer, Wanted};
use super::shared::{answer, answer_slow};
use crate::climb::{KeeperEffect, PawnRef};
use crate::discord::answers::mention;
use crate::discord::answers::{self, own_look};
use crate::discord::caller::Caller;
use crate::discord::posts::{climb as post, lobby as lobby_post, Post};
use crate::discord::reply::{Answer, Shown};
use crate::discord::types::{Context, Error};
use crate::level::Level;
use crate::session::request::{self, Command};
use crate::session::Rules;
use crate::session::{ClimbView, GameKind, SessionError};
use crate::text::{self, Markup};

/// Prime Climb: games, rules and factor colours
#[poise::command(
    slash_command,
    subcommands(
        "start",
        "move_",
        "play_keeper",
        "board",
        "hint",
        "moves",
        "undo",
        "resign",
        "end",
        "rules",
        "colours",
        "review",
        "replay",
        "puzzle",
        "learn"
    ),
    subcommand_required,
    name_localized("fr", "climb"),
    description_localized("fr", "Prime Climb : parties, règles et couleurs des facteurs")
)]
pub async fn climb(_ctx: Context<'_>) -> Result<(), Error> {
    // Discord never invokes a command group itself, only its subcommands.
    Ok(())
}

/// Do what the player asks and answer with the board, or why not.
async fn act(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Public, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        match data.session.play().act(place, &actor, command, None).await {
            Ok(view) => answers::climb_changed(&data, &caller, place, view, lang).await,
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Open a game in this channel: a lobby with Join, Add AI and Start buttons
#[poise::command(
    slash_command,
    rename = "start",
    name_localized("fr", "nouvelle"),
    description_localized(
        "fr",
        "Ouvrir une partie dans ce salon : boutons Rejoindre, IA et Démarrer"
    )
)]
pub async fn start(
    ctx: Context<'_>,
    #[description = "Variants, e.g. sprint,double-time, solitaire or blanks (default: the server's)"]
    #[name_localized("fr", "variantes")]
    #[description_localized(
        "fr",
        "Variantes, par ex. sprint,double-time, solitaire ou blanks (par défaut : celles du serveur)"
    )]
    #[autocomplete = "complete_variant"]
    #[max_length = 200]
    variant: Option<String>,
    #[description = "AI seats to add, e.g. hard or easy,medium"]
    #[name_localized("fr", "ia")]
    #[description_localized("fr", "Places d'IA à ajouter, par ex. hard ou easy,medium")]
    #[autocomplete = "complete_ai"]
    #[max_length = 100]
    ai: Option<String>,
    #[description = "Turn timeout, e.g. 30m, 12h, 2d or off (default: the server's)"]
    #[name_localized("fr", "délai")]
    #[description_localized(
        "fr",
        "Temps par tour, par ex. 30m, 12h, 2d ou off (par défaut : celui du serveur)"
    )]
    #[autocomplete = "complete_timeout"]
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
    let wanted = Wanted {
        rules: Rules::Climb { variant },
        ai,
        timeout,
        play,
    };
    answer(ctx, Shown::Public, async move {
        match new_game(&http, &data, &caller, wanted, false).await {
            Ok(opened) => opened_answer(&data, &caller, opened).await,
            Err(t) => Answer::private(t),
        }
    })
    .await
}

/// Move: steps in the rule book's notation, e.g. `14 -3 x9` (part of a turn is fine)
#[poise::command(
    slash_command,
    rename = "move",
    name_localized("fr", "coup"),
    description_localized(
        "fr",
        "Jouer : des pas en notation, par ex. `14 -3 x9` (une partie du tour suffit)"
    )
)]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "A pawn's space, then +d -d xd /d; k+5 for a Keeper; `end` to end the turn"]
    #[name_localized("fr", "pas")]
    #[description_localized(
        "fr",
        "La case d'un pion, puis +d -d xd /d ; k+5 pour une carte ; `end` pour finir le tour"
    )]
    #[autocomplete = "complete_move"]
    #[max_length = 300]
    moves: String,
) -> Result<(), Error> {
    act(ctx, request::climb_move(&moves)).await
}

/// Play a Keeper card: ±N on one of your pawns, send pawns within two spaces, or curse
#[poise::command(
    slash_command,
    rename = "play",
    name_localized("fr", "carte"),
    description_localized(
        "fr",
        "Jouer une carte à garder : ±N sur un pion, renvoi à deux cases, ou malédiction"
    )
)]
pub async fn play_keeper(
    ctx: Context<'_>,
    #[description = "The Keeper: +5 or -5 (your ±5), within, or curse"]
    #[name_localized("fr", "carte")]
    #[description_localized(
        "fr",
        "La carte : +5 ou -5 (votre ±5), within (renvoi) ou curse (malédiction)"
    )]
    #[autocomplete = "complete_keeper"]
    #[max_length = 40]
    keeper: String,
    #[description = "Your pawn (its space), or the player to curse"]
    #[name_localized("fr", "cible")]
    #[description_localized("fr", "Votre pion (sa case), ou le joueur à maudire")]
    #[autocomplete = "complete_target"]
    #[max_length = 64]
    target: Option<String>,
) -> Result<(), Error> {
    act(ctx, Command::Keeper { keeper, target }).await
}

/// Show the board of this channel's game
#[poise::command(
    slash_command,
    name_localized("fr", "plateau"),
    description_localized("fr", "Afficher le plateau de la partie de ce salon")
)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Only you see it (default: everyone)"]
    #[name_localized("fr", "privé")]
    #[description_localized("fr", "Vous seul le voyez (par défaut : tout le monde)")]
    private: Option<bool>,
    #[description = "The whole position in words, for screen readers"]
    #[name_localized("fr", "texte")]
    #[description_localized("fr", "Toute la position en mots, pour les lecteurs d'écran")]
    text: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let private = private.unwrap_or(false);
    let shown = if private {
        Shown::Private
    } else {
        Shown::Public
    };
    answer(ctx, shown, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        match data.session.play().board(place).await {
            Ok(view) if text.unwrap_or(false) => {
                let lines = text::alt::board_text(
                    &view.game,
                    view.last_turn().as_ref(),
                    lang,
                    Markup::Discord,
                );
                Answer::new(Post::text(lines.join("\n")), shown)
            }
            // A private board is drawn the way its viewer likes it; a public one becomes
            // the game's turn message (the buttons of the one before go).
            Ok(view) if private => {
                let look = own_look(&data, &caller, place).await;
                Answer::new(post::board_post_in(&data, &view, lang, look).await, shown)
            }
            Ok(view) => Answer::new(post::board_post(&data, &view, lang).await, shown),
            Err(SessionError::NotStarted) => match data.session.lobbies().lobby(place).await {
                Ok(lobby) => Answer::new(lobby_post::lobby_post(&lobby, lang), shown),
                Err(e) => Answer::private(text::errors::refusal(&e, lang)),
            },
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// The best moves for the player to move, explained step by step (only you see it)
#[poise::command(
    slash_command,
    name_localized("fr", "indice"),
    description_localized(
        "fr",
        "Les meilleurs coups pour le joueur qui a la main, expliqués (vous seul le voyez)"
    )
)]
pub async fn hint(
    ctx: Context<'_>,
    #[description = "How many moves (1 to 5, default 3)"]
    #[name_localized("fr", "nombre")]
    #[description_localized("fr", "Combien de coups (1 à 5, par défaut 3)")]
    #[min = 1]
    #[max = 5]
    count: Option<i64>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let count = request::hint_option(count);
    answer(ctx, Shown::Private, async move {
        let n = match count {
            Ok(n) => n,
            Err(e) => return Answer::private(text::errors::refusal(&e.into(), caller.lang())),
        };
        Answer::private(answers::climb_hint(&data, &caller, n).await)
    })
    .await
}

/// Every legal way to finish this turn, with a move for each (only you see it)
#[poise::command(
    slash_command,
    name_localized("fr", "coups"),
    description_localized(
        "fr",
        "Toutes les façons de finir ce tour, avec un coup pour chacune (vous seul le voyez)"
    )
)]
pub async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        Answer::private(answers::climb_moves(&data, &caller).await)
    })
    .await
}

/// Take back the last step of your move, or your finished move until the next player acts
#[poise::command(
    slash_command,
    name_localized("fr", "annuler"),
    description_localized(
        "fr",
        "Annuler le dernier pas, ou votre coup fini tant que le joueur suivant n'a pas joué"
    )
)]
pub async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, Command::Undo).await
}

/// Leave the game you are playing in this channel
#[poise::command(
    slash_command,
    name_localized("fr", "abandonner"),
    description_localized("fr", "Quitter la partie que vous jouez dans ce salon")
)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, Command::Resign).await
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
    end_game(ctx).await
}

/// End the channel's game, whichever it is (`/climb end`, `/daifugo end`).
pub async fn end_game(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Public, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        match data.session.lobbies().end_game(place, &actor).await {
            Ok(view) => {
                // The end takes over from the last turn message: its buttons go.
                let mut post = lobby_post::ended_post(&view, &caller.name, lang);
                post.turn_of = Some(crate::discord::posts::TurnOf::of(&view.info));
                Answer::public(post)
                    .saved(place, text::bot::saved_note(&mention(&caller), lang))
                    .then_announce(view.info.id, true)
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// A part of the rules, as Discord offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RulesTopic {
    #[name = "overview"]
    #[name_localized("fr", "aperçu")]
    Overview,
    #[name = "roll"]
    #[name_localized("fr", "lancer")]
    Roll,
    #[name = "move"]
    #[name_localized("fr", "déplacer")]
    Move,
    #[name = "bump"]
    #[name_localized("fr", "renvoyer")]
    Bump,
    #[name = "draw"]
    #[name_localized("fr", "piocher")]
    Draw,
    #[name = "cards"]
    #[name_localized("fr", "cartes")]
    Cards,
    #[name = "winning"]
    #[name_localized("fr", "gagner")]
    Winning,
    #[name = "notation"]
    #[name_localized("fr", "notation")]
    Notation,
    #[name = "variants"]
    #[name_localized("fr", "variantes")]
    Variants,
}

impl RulesTopic {
    fn topic(self) -> text::rules::Topic {
        use text::rules::Topic as T;
        match self {
            RulesTopic::Overview => T::Overview,
            RulesTopic::Roll => T::Roll,
            RulesTopic::Move => T::Move,
            RulesTopic::Bump => T::Bump,
            RulesTopic::Draw => T::Draw,
            RulesTopic::Cards => T::Cards,
            RulesTopic::Winning => T::Winning,
            RulesTopic::Notation => T::Notation,
            RulesTopic::Variants => T::Variants,
        }
    }
}

/// The rules of Prime Climb, summarised by topic
#[poise::command(
    slash_command,
    name_localized("fr", "règles"),
    description_localized("fr", "Les règles de Prime Climb, résumées par thème")
)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which part of the rules (default: overview)"]
    #[name_localized("fr", "thème")]
    #[description_localized("fr", "Quelle partie des règles (par défaut : aperçu)")]
    topic: Option<RulesTopic>,
) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).lang();
    let text = topic
        .unwrap_or(RulesTopic::Overview)
        .topic()
        .text(lang, Markup::Discord);
    answer(ctx, Shown::Private, async move { Answer::private(text) }).await
}

/// The factor colours of the board's spaces, with examples
#[poise::command(
    slash_command,
    name_localized("fr", "couleurs"),
    description_localized(
        "fr",
        "Les couleurs des facteurs premiers sur les cases, avec des exemples"
    )
)]
pub async fn colours(ctx: Context<'_>) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).lang();
    let text = text::climb::colours_text(lang, Markup::Discord);
    answer(ctx, Shown::Public, async move {
        Answer::public(Post::text(text))
    })
    .await
}

// ----- autocomplete -------------------------------------------------------------------

/// The variant words, for `/climb start variant`.
pub const VARIANT_WORDS: [&str; 15] = [
    "standard",
    "sprint",
    "double-time",
    "decline",
    "there-and-back",
    "way-stations",
    "way-stations=2",
    "solitaire",
    "solitaire2",
    "doubles-may",
    "blanks",
    "one-die",
    "one-pawn",
    "add-subtract",
    "hints",
];

/// Complete the last word of a comma-separated list from `words`.
pub fn complete_list(partial: &str, words: &[&str]) -> Vec<String> {
    let (done, last) = match partial.rfind(',') {
        Some(i) => (&partial[..=i], partial[i + 1..].trim()),
        None => ("", partial.trim()),
    };
    words
        .iter()
        .filter(|w| w.starts_with(&last.to_ascii_lowercase()))
        .map(|w| format!("{done}{w}"))
        .filter(|s| s.len() <= 100)
        .take(25)
        .collect()
}

async fn complete_variant(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    complete_list(partial, &VARIANT_WORDS)
}

async fn complete_ai(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    let words: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    complete_list(partial, &words)
}

async fn complete_timeout(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    ["off", "10m", "30m", "1h", "6h", "12h", "24h", "2d", "7d"]
        .iter()
        .filter(|t| t.starts_with(partial.trim()))
        .map(|t| t.to_string())
        .collect()
}

/// The text of a move without spaces, for matching what has been typed.
pub fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| match c {
            '×' | '*' | 'X' => 'x',
            '÷' => '/',
            '−' => '-',
            c => c,
        })
        .collect()
}

/// Legal moves that begin with what has been typed, best first (by the hard AI).
async fn complete_move(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let data = ctx.data();
    let caller = Caller::from_command(ctx);
    let Ok(place) = caller.place() else {
        return Vec::new();
    };
    let Ok((view, _)) = data.session.play().legal_moves(place).await else {
        return Vec::new();
    };
    if view.info.user_of(view.game.current()) != Some(caller.user()) {
        return Vec::new();
    }
    let typed = squeeze(partial);
    let game = view.game.clone();
    let lang = caller.lang();
    tokio::task::spawn_blocking(move || {
        crate::climb::ai::best_outcomes(&game, Level::Hard, usize::MAX)
            .into_iter()
            .filter(|o| !o.witness.is_empty() && squeeze(&o.witness).starts_with(&typed))
            .take(25)
            .map(|o| {
                let label = text::clip(
                    post::pawns_outcome_line(&o, game.options.pawn_count(), lang).trim_start(),
                    100,
                );
                AutocompleteChoice::new(label, text::clip(&o.witness, 100))
            })
            .collect()
    })
    .await
    .unwrap_or_default()
}

/// For autocomplete: the caller, the channel's Prime Climb game and the caller's seat.
async fn caller_game(ctx: Context<'_>) -> Option<(Caller, ClimbView, Option<usize>)> {
    let caller = Caller::from_command(ctx);
    let place = caller.place().ok()?;
    let view = ctx.data().session.play().board(place).await.ok()?;
    let seat = view.info.seat_of_user(caller.user());
    Some((caller, view, seat))
}

/// The caller's playable Keepers, as `/climb play` takes them.
async fn complete_keeper(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let Some((caller, view, Some(seat))) = caller_game(ctx).await else {
        return Vec::new();
    };
    let lang = caller.lang();
    let mut out: Vec<(String, String)> = Vec::new();
    for (card, effect) in view.game.playable_keepers(seat) {
        let name = text::climb::card_name(&view.game, card, lang);
        let values: Vec<String> = match effect {
            KeeperEffect::PlusMinus { n } => vec![format!("+{n}"), format!("-{n}")],
            KeeperEffect::SendWithin { .. } => vec!["within".into()],
            KeeperEffect::Curse => vec!["curse".into()],
        };
        for v in values {
            if v.starts_with(partial.trim()) && !out.iter().any(|c| c.1 == v) {
                out.push((format!("{v} · {name}"), v));
            }
        }
    }
    out.into_iter()
        .take(25)
        .map(|(label, value)| AutocompleteChoice::new(label, value))
        .collect()
}

/// Your pawns (by space) and the other players (for a Curse).
async fn complete_target(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let Some((_, view, mine)) = caller_game(ctx).await else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    if let Some(seat) = mine {
        for pawn in 0..2 {
            let p = PawnRef { seat, pawn };
            if !view.game.is_home(p) {
                out.push(view.game.space_of(p).to_string());
            }
        }
    }
    for (i, p) in view.game.players.iter().enumerate() {
        if Some(i) != mine && !p.resigned {
            out.push(p.name.to_string());
        }
    }
    out.dedup();
    out.into_iter()
        .filter(|t| t.to_lowercase().starts_with(&partial.trim().to_lowercase()))
        .take(25)
        .collect()
}

/// How a look back at a game is shown: to the channel with `share:true`, else to the
/// asker alone.
fn shared(share: Option<bool>) -> Shown {
    if share.unwrap_or(false) {
        Shown::Public
    } else {
        Shown::Private
    }
}

/// Review a finished game: each move against the best one by the exact solver, with a chart
#[poise::command(
    slash_command,
    name_localized("fr", "analyse"),
    description_localized(
        "fr",
        "Analyser une partie finie : chaque coup face au meilleur selon le solveur exact, avec une courbe"
    )
)]
pub async fn review(
    ctx: Context<'_>,
    #[description = "The game's number (default: this channel's last game)"]
    #[name_localized("fr", "partie")]
    #[description_localized("fr", "Le numéro de la partie (par défaut : la dernière de ce salon)")]
    #[min = 1]
    game: Option<i64>,
    #[description = "Post it for everyone in the channel (default: only you see it)"]
    #[name_localized("fr", "partager")]
    #[description_localized("fr", "La montrer à tout le salon (par défaut : vous seul la voyez)")]
    share: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let shown = shared(share);
    answer(ctx, shown, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let reviewed = match data.session.learning().review(place, game).await {
            Ok(found) => found,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let (info, review) = (&reviewed.info, &reviewed.review);
        let people: Vec<bool> = (0..info.seats.len())
            .map(|s| info.ai_level(s).is_none())
            .collect();
        let mut post = review_post(info.id, review, &people, lang);
        let series = text::review::chart_series(review);
        if !series.is_empty() {
            let alt = text::review::chart_alt(&series, lang);
            let words = text::review::chart_words(info.id, lang);
            let look = info.look;
            let drawn = reviewed.clone();
            post.picture = data
                .picture(move || drawn.chart_png(&series, &words, look))
                .await
                .map(|png| crate::discord::posts::Picture {
                    png,
                    file: "review.png",
                    alt,
                });
        }
        Answer::new(post, shown)
    })
    .await
}

/// A review as a message: every turn where it fits in one; else each player's costliest
/// turns, with the whole review, every turn, attached as a text file.
fn review_post(
    game_id: i64,
    review: &crate::climb::review::Review,
    people: &[bool],
    lang: crate::lang::Lang,
) -> Post {
    use text::review::{review_text, Detail};
    let every = review_text(
        game_id,
        review,
        people,
        Detail::EveryTurn,
        lang,
        Markup::Discord,
    );
    if every.chars().count() <= crate::discord::posts::MAX_CONTENT {
        return Post::text(every);
    }
    let name = format!("review-{game_id}.txt");
    let mut short = review_text(
        game_id,
        review,
        people,
        Detail::Costliest,
        lang,
        Markup::Discord,
    );
    short.push_str("\n\n");
    short.push_str(&text::tr!(
        lang,
        "📄 Every turn of every player is in {}.",
        "📄 Chaque tour de chaque joueur est dans {}.",
        name
    ));
    let mut post = Post::text(text::clip(&short, crate::discord::posts::MAX_CONTENT));
    post.file = Some(crate::discord::posts::File {
        bytes: review_text(
            game_id,
            review,
            people,
            Detail::EveryTurn,
            lang,
            Markup::Plain,
        )
        .into_bytes(),
        name,
    });
    post
}

/// An animated picture of a whole game: the board after every turn, with its path
#[poise::command(
    slash_command,
    name_localized("fr", "rejeu"),
    description_localized(
        "fr",
        "Une image animée de toute la partie : le plateau après chaque tour, avec son chemin"
    )
)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The game's number (default: this channel's last game)"]
    #[name_localized("fr", "partie")]
    #[description_localized("fr", "Le numéro de la partie (par défaut : la dernière de ce salon)")]
    #[min = 1]
    game: Option<i64>,
    #[description = "Post it for everyone in the channel (default: only you see it)"]
    #[name_localized("fr", "partager")]
    #[description_localized("fr", "La montrer à tout le salon (par défaut : vous seul la voyez)")]
    share: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let shown = shared(share);
    // Drawing forty boards and encoding them takes a second or more: defer at once.
    answer_slow(ctx, shown, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let replay = match data.session.learning().replay_in(place, game).await {
            Ok(found) => found,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let (info, frames) = (replay.info.clone(), &replay.frames);
        let turns = frames.len().saturating_sub(1);
        let finished = info.status != crate::session::Status::Active;
        let Some((last, _)) = frames.last() else {
            return Answer::private(text::errors::refusal(
                &crate::session::SessionError::NotStarted,
                lang,
            ));
        };
        let alt = text::review::replay_alt(info.id, turns, last, lang);
        let fitted = data
            .draw(move || replay.gif(text::pictures::words(lang)))
            .await;
        let Some(fitted) = fitted else {
            return Answer::private(
                lang.text(
                    "The replay could not be drawn; please try again later.",
                    "Le rejeu n'a pas pu être dessiné ; réessayez plus tard.",
                )
                .to_string(),
            );
        };
        let mut post = Post::text(text::review::replay_text(
            info.id,
            turns,
            fitted.every,
            finished,
            lang,
            Markup::Discord,
        ));
        post.picture = Some(crate::discord::posts::Picture {
            png: fitted.gif,
            file: "replay.gif",
            alt,
        });
        Answer::new(post, shown)
    })
    .await
}

/// Learn to play, step by step: one pawn and one die first, then the whole game
#[poise::command(
    slash_command,
    name_localized("fr", "apprendre"),
    description_localized(
        "fr",
        "Apprendre à jouer pas à pas : un pion et un dé d'abord, puis la partie entière"
    )
)]
pub async fn learn(
    ctx: Context<'_>,
    #[description = "Your move for this step, e.g. 0 +6 or 5 x3 x4"]
    #[name_localized("fr", "réponse")]
    #[description_localized("fr", "Votre coup pour cette étape, par ex. 0 +6 ou 5 x3 x4")]
    #[max_length = 120]
    #[rename = "answer"]
    try_: Option<String>,
    #[description = "Start again from the first step"]
    #[name_localized("fr", "recommencer")]
    #[description_localized("fr", "Reprendre depuis la première étape")]
    restart: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        super::learn::learn(&data, &caller, try_, restart.unwrap_or(false)).await
    })
    .await
}

/// Today's puzzle (the same for everyone), your answer, or the server's puzzle standings
#[poise::command(
    slash_command,
    name_localized("fr", "énigme"),
    description_localized(
        "fr",
        "L'énigme du jour (la même pour tous), votre réponse, ou le classement des énigmes"
    )
)]
pub async fn puzzle(
    ctx: Context<'_>,
    #[description = "Your answer: a whole move (14 x3 +5) or a list of spaces (12 17 40)"]
    #[name_localized("fr", "réponse")]
    #[description_localized(
        "fr",
        "Votre réponse : un coup entier (14 x3 +5) ou une liste de cases (12 17 40)"
    )]
    #[max_length = 120]
    answer: Option<String>,
    #[description = "Show the server's puzzle standings"]
    #[name_localized("fr", "classement")]
    #[description_localized("fr", "Afficher le classement des énigmes du serveur")]
    standings: Option<bool>,
) -> Result<(), Error> {
    super::puzzle::puzzle(ctx, GameKind::Climb, answer, standings.unwrap_or(false)).await
}
