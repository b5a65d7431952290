//! The game commands of `/climb`: start (a lobby), move, play a Keeper, board, hint,
//! moves, undo, resign, end. Each reads the caller, calls one session use case, and
//! replies with the board (public) or a specific message only the caller sees.

use std::future::Future;

use poise::serenity_prelude as serenity;
use serenity::AutocompleteChoice;

use super::caller::Caller;
use super::clock;
use super::components::{next_is_ai, refusal};
use super::lobby;
use super::locale::Lang;
use super::text::{self, tr};
use super::turn::{self, clip, Post};
use super::{Context, Data, Error};
use crate::climb::ai::Level;
use crate::climb::hint::{shows_colours, Note};
use crate::climb::{Options, Phase};
use crate::session::{parse_duration, ClimbView, Command, LobbySpec, Place, SessionError};

/// Longest list of moves shown by `/climb moves`.
const MOVES_SHOWN: usize = 20;

/// Reply with what `work` builds; if it is not ready in time, defer first (Discord allows
/// 3 s) and then send it. `work` says whether its post is private.
pub async fn respond<F>(ctx: Context<'_>, work: F) -> Result<(), Error>
where
    F: Future<Output = (Post, bool)> + Send,
{
    tokio::pin!(work);
    let defer_after = ctx.data().timing.defer_after;
    let (post, ephemeral) = tokio::select! {
        ready = &mut work => ready,
        () = tokio::time::sleep(defer_after) => {
            ctx.defer().await?;
            work.await
        }
    };
    ctx.send(post.reply(ephemeral)).await?;
    Ok(())
}

/// A refusal, only for the caller.
fn refuse(text: String) -> (Post, bool) {
    (Post::text(text), true)
}

/// The place, or the refusal for a direct message (a private reply).
pub(super) fn place_of(caller: &Caller) -> Result<Place, (Post, bool)> {
    caller.place().map_err(refuse)
}

/// Reply to a game command: the board after the change, or why it was refused; then let
/// the AI seats play if one is next.
async fn act(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let mut spawn_ai: Option<Place> = None;
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let actor = caller.actor(&data, false).await;
        match data.session.act(place, &actor, command, None).await {
            Ok(view) => {
                if next_is_ai(&view) {
                    spawn_ai = Some(place);
                }
                (turn::board_post(&view, lang).await, false)
            }
            Err(e) => refuse(refusal(&e, lang)),
        }
    })
    .await?;
    if let Some(place) = spawn_ai {
        clock::spawn_ai(ctx.serenity_context().http.clone(), data, place);
    }
    Ok(())
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
    variant: Option<String>,
    #[description = "AI seats to add, e.g. hard or easy,medium"]
    #[name_localized("fr", "ia")]
    #[description_localized("fr", "Places d'IA à ajouter, par ex. hard ou easy,medium")]
    #[autocomplete = "complete_ai"]
    ai: Option<String>,
    #[description = "Turn timeout, e.g. 30m, 12h, 2d or off (default: the server's)"]
    #[name_localized("fr", "délai")]
    #[description_localized(
        "fr",
        "Temps par tour, par ex. 30m, 12h, 2d ou off (par défaut : celui du serveur)"
    )]
    #[autocomplete = "complete_timeout"]
    timeout: Option<String>,
    #[description = "Take a seat yourself (default: yes)"]
    #[name_localized("fr", "jouer")]
    #[description_localized("fr", "Prendre une place vous-même (par défaut : oui)")]
    play: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let mut spawn_ai: Option<Place> = None;
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let result = open_lobby(&data, &caller, place, variant, ai, timeout, play).await;
        match result {
            Ok(Opened::Lobby(view)) => (lobby::lobby_post(&view, lang), false),
            Ok(Opened::Started(view)) => {
                if next_is_ai(&view) {
                    spawn_ai = Some(place);
                }
                (turn::board_post(&view, lang).await, false)
            }
            Err(e) => refuse(text::error(&e, lang)),
        }
    })
    .await?;
    if let Some(place) = spawn_ai {
        clock::spawn_ai(ctx.serenity_context().http.clone(), data, place);
    }
    Ok(())
}

/// The AI seats (`hard`, `easy,medium`) and turn timeout (`12h`; default: the server's)
/// of a new lobby, whichever game.
pub(super) fn seats_and_clock(
    ai: Option<&str>,
    timeout: Option<&str>,
    settings: &crate::session::GuildSettings,
) -> Result<(Vec<Level>, Option<i64>), SessionError> {
    let levels = match ai {
        Some(text) => text
            .split([',', ' '])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<Level>().map_err(SessionError::BadOptions))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let turn_timeout_secs = match timeout {
        Some(t) => parse_duration(t)?,
        None => settings.turn_timeout_secs,
    };
    Ok((levels, turn_timeout_secs))
}

enum Opened {
    Lobby(Box<crate::session::LobbyView>),
    /// A solitaire game starts at once.
    Started(Box<crate::session::ClimbView>),
}

#[allow(clippy::too_many_arguments)]
async fn open_lobby(
    data: &Data,
    caller: &Caller,
    place: Place,
    variant: Option<String>,
    ai: Option<String>,
    timeout: Option<String>,
    play: Option<bool>,
) -> Result<Opened, SessionError> {
    let settings = data.session.settings(place.guild_id).await?;
    let words = variant.unwrap_or_else(|| settings.default_variant.clone());
    // "blanks" (Fill in the Blanks, §7) brings the server's custom cards.
    let mut blanks = false;
    let kept: Vec<&str> = words
        .split([',', ' ', '+'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .filter(|w| {
            let is_blanks = matches!(
                w.to_ascii_lowercase().as_str(),
                "blanks" | "fill-in-the-blanks" | "custom"
            );
            blanks |= is_blanks;
            !is_blanks
        })
        .collect();
    let options = Options::parse_variants(&kept.join(",")).map_err(SessionError::BadOptions)?;
    let (levels, turn_timeout_secs) =
        seats_and_clock(ai.as_deref(), timeout.as_deref(), &settings)?;
    let solitaire = options.solitaire;
    let spec = LobbySpec {
        ai: levels,
        turn_timeout_secs,
        creator_plays: play.unwrap_or(true),
        locale: caller.game_locale(),
        fill_in_blanks: blanks,
        ..LobbySpec::climb(options)
    };
    let actor = caller.actor(data, true).await;
    let view = data.session.create_lobby(place, &actor, &spec).await?;
    if solitaire && view.row.seats.len() == 1 {
        if let Some(view) = data.session.start(place, &actor).await?.climb() {
            return Ok(Opened::Started(Box::new(view)));
        }
    }
    Ok(Opened::Lobby(Box::new(view)))
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
    let command = match moves.trim().to_lowercase().as_str() {
        "end" | "done" | "fin" | "finir" => Command::EndMove,
        "undo" | "annuler" => Command::Undo,
        _ => Command::Move(moves),
    };
    act(ctx, command).await
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
    keeper: String,
    #[description = "Your pawn (its space), or the player to curse"]
    #[name_localized("fr", "cible")]
    #[description_localized("fr", "Votre pion (sa case), ou le joueur à maudire")]
    #[autocomplete = "complete_target"]
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
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        match data.session.board(place).await {
            Ok(view) => (
                turn::board_post(&view, lang).await,
                private.unwrap_or(false),
            ),
            Err(SessionError::NotStarted) => match data.session.lobby(place).await {
                Ok(lobby) => (lobby::lobby_post(&lobby, lang), private.unwrap_or(false)),
                Err(e) => refuse(text::error(&e, lang)),
            },
            Err(e) => refuse(text::error(&e, lang)),
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
    count: Option<u8>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let n = usize::from(count.unwrap_or(3).clamp(1, 5));
        (Post::text(hint_text(&data, place, &caller, n).await), true)
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
    let lang = caller.lang();
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        (Post::text(moves_text(&data, place, lang).await), true)
    })
    .await
}

/// Take back the last step of your Move phase
#[poise::command(
    slash_command,
    name_localized("fr", "annuler"),
    description_localized("fr", "Annuler le dernier pas de votre déplacement")
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
    end_inner(ctx).await
}

/// End the channel's game, whichever it is (`/climb end`, `/daifugo end`).
pub async fn end_inner(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let actor = caller.actor(&data, true).await;
        match data.session.end_game(place, &actor).await {
            Ok(view) => (
                Post::text(tr!(
                    lang,
                    "Game #{} was ended by **{}**. The channel is free for a new game (`/climb start`).",
                    "La partie n° {} a été terminée par **{}**. Le salon est libre pour une nouvelle partie (`/climb start`).",
                    view.row.id,
                    caller.name
                )),
                false,
            ),
            Err(e) => refuse(text::error(&e, lang)),
        }
    })
    .await
}

/// The hints for the turn being played, in the caller's language.
pub async fn hint_text(data: &Data, place: Place, caller: &Caller, n: usize) -> String {
    let lang = caller.lang();
    let (view, hints) = match data.session.hint(place, n).await {
        Ok(found) => found,
        Err(e) => return text::error(&e, lang),
    };
    let g = &view.game;
    let seat = g.current();
    let mut out = Vec::new();
    let mine = view.seat(seat).and_then(|s| s.user_id) == Some(super::caller::id(caller.user_id));
    if !mine {
        out.push(tr!(
            lang,
            "For **{}**'s turn (rolled {}):",
            "Pour le tour de **{}** ({}) :",
            g.players[seat].name,
            text::roll_words(g.turn.roll, lang)
        ));
    }
    if hints.is_empty() {
        out.push(match g.phase {
            Phase::Choice(_) => lang
                .text(
                    "First choose for the card just drawn.",
                    "Choisissez d'abord pour la carte piochée.",
                )
                .into(),
            _ => lang
                .text("No hint for now.", "Pas d'indice pour l'instant.")
                .into(),
        });
    }
    for (i, h) in hints.iter().enumerate() {
        let moves = if h.moves.is_empty() {
            lang.text(
                "end your turn (use no more dice)",
                "finir le tour (sans jouer d'autre dé)",
            )
            .to_string()
        } else {
            format!("`{}`", h.moves)
        };
        out.push(format!("**{}.** {moves}", i + 1));
        for note in &h.notes {
            let line = match lang {
                Lang::En => crate::climb::hint::note_text(g, note),
                Lang::Fr => note_fr(g, note),
            };
            out.push(format!("  • {line}"));
        }
    }
    clip(&out.join("\n"), 1_900)
}

/// The colours of a number in French ("orange·violet").
fn colours_fr(n: u8) -> String {
    match n {
        0 => "départ".into(),
        1 => "sans couleur".into(),
        _ => crate::climb::board::factor_colours(n)
            .iter()
            .map(|&c| super::climb::colour_name(c, Lang::Fr))
            .collect::<Vec<_>>()
            .join("·"),
    }
}

fn step_fr(from: u8, op: crate::climb::ops::Op, value: u8, to: u8) -> String {
    let sum = format!("{from} {} {value} = {to}", op.math_symbol());
    if shows_colours(from, op, value) {
        format!(
            "{sum} : {} {} {} = {}",
            colours_fr(from),
            op.math_symbol(),
            colours_fr(value),
            colours_fr(to)
        )
    } else {
        sum
    }
}

/// A hint's note in French.
fn note_fr(game: &crate::climb::Game, note: &Note) -> String {
    match *note {
        Note::Step {
            from,
            op,
            value,
            to,
        } => step_fr(from, op, value, to),
        Note::Forced { die, from, .. } => {
            format!("le {die} ne peut pas être joué : votre pion sur {from} recule")
        }
        Note::Keeper { card, step } => {
            let name = text::card_name(game, card, Lang::Fr);
            match step {
                Some((f, op, v, t)) => format!("jouez votre {name} : {}", step_fr(f, op, v, t)),
                None => format!("jouez votre {name}"),
            }
        }
        Note::Curse { target } => format!(
            "maudissez {} : à son prochain tour, il ne pourra que soustraire ou diviser",
            game.players
                .get(target)
                .map_or("un adversaire", |p| p.name.as_str())
        ),
        Note::Win => "votre dernier pion arrive : vous gagnez !".into(),
        Note::Bump { seat, space } => format!(
            "le pion de {} sur {space} est renvoyé au départ",
            game.players.get(seat).map_or("?", |p| p.name.as_str())
        ),
        Note::OwnPawnBumped => "attention : un de vos pions est renvoyé au départ".into(),
        Note::Draw { space } => {
            format!("vous finissez sur {space} (un nombre premier rouge) : piochez une carte")
        }
    }
}

/// The legal ends of the turn being played, the first [`MOVES_SHOWN`] of them.
pub async fn moves_text(data: &Data, place: Place, lang: Lang) -> String {
    let (view, outcomes) = match data.session.legal_moves(place).await {
        Ok(found) => found,
        Err(e) => return text::error(&e, lang),
    };
    let g = &view.game;
    if outcomes.is_empty() {
        return lang
            .text(
                "First choose for the card just drawn.",
                "Choisissez d'abord pour la carte piochée.",
            )
            .into();
    }
    let mut out = vec![tr!(
        lang,
        "**{}** rolled {}: {} ways to end the turn.",
        "**{}** a fait {} : {} façons de finir le tour.",
        g.players[g.current()].name,
        text::roll_words(g.turn.roll, lang),
        outcomes.len()
    )];
    out.push("```".into());
    for o in outcomes.iter().take(MOVES_SHOWN) {
        out.push(outcome_line(o, lang));
    }
    out.push("```".into());
    if outcomes.len() > MOVES_SHOWN {
        out.push(tr!(
            lang,
            "…and {} more: start typing in `/climb move` to see the ones that match.",
            "…et {} autres : commencez à écrire dans `/climb move` pour voir ceux qui correspondent.",
            outcomes.len() - MOVES_SHOWN
        ));
    }
    clip(&out.join("\n"), 1_900)
}

/// One outcome: where the pawns end, what it earns, and a move that reaches it.
fn outcome_line(o: &crate::climb::Outcome, lang: Lang) -> String {
    let space = |s: u8| {
        if s == crate::climb::GOAL {
            "🏠".to_string()
        } else {
            s.to_string()
        }
    };
    let mut extras = Vec::new();
    if o.wins {
        extras.push("🏆".to_string());
    }
    if !o.bumped.is_empty() {
        let b: Vec<String> = o.bumped.iter().map(|(_, s)| s.to_string()).collect();
        extras.push(format!("💥{}", b.join(",")));
    }
    if o.draws_card {
        extras.push("🃏".into());
    }
    let moves = if o.witness.is_empty() {
        lang.text("(end)", "(fin)").to_string()
    } else {
        o.witness.clone()
    };
    format!(
        "{:>7}  {:<6} {moves}",
        format!("{} {}", space(o.pawns[0]), space(o.pawns[1])),
        extras.join(" ")
    )
}

// ----- autocomplete -------------------------------------------------------------------

/// The variant words, for `/climb start variant`.
const VARIANT_WORDS: [&str; 11] = [
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
];

/// Complete the last word of a comma-separated list from `words`.
fn complete_list(partial: &str, words: &[&str]) -> Vec<String> {
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
    complete_list(partial, &["medium", "hard", "easy"])
}

async fn complete_timeout(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    ["off", "10m", "30m", "1h", "6h", "12h", "24h", "2d", "7d"]
        .iter()
        .filter(|t| t.starts_with(partial.trim()))
        .map(|t| t.to_string())
        .collect()
}

/// The text of a move without spaces, for matching what has been typed.
fn squeeze(text: &str) -> String {
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
    let Ok((view, _)) = data.session.legal_moves(place).await else {
        return Vec::new();
    };
    let seat = view.game.current();
    if view.seat(seat).and_then(|s| s.user_id) != Some(super::caller::id(caller.user_id)) {
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
                let label = clip(outcome_line(&o, lang).trim_start(), 100);
                AutocompleteChoice::new(label, clip(&o.witness, 100))
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
    let view = ctx.data().session.board(place).await.ok()?;
    let me = super::caller::id(caller.user_id);
    let seat = view.row.seats.iter().position(|s| s.user_id == Some(me));
    Some((caller, view, seat))
}

/// The caller's playable Keepers, as `/climb play` takes them.
async fn complete_keeper(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let Some((caller, view, Some(seat))) = caller_game(ctx).await else {
        return Vec::new();
    };
    let lang = caller.lang();
    let mut out = Vec::new();
    for (card, effect) in view.game.playable_keepers(seat) {
        let name = text::card_name(&view.game, card, lang);
        let values: Vec<String> = match effect {
            crate::climb::KeeperEffect::PlusMinus { n } => vec![format!("+{n}"), format!("-{n}")],
            crate::climb::KeeperEffect::SendWithin { .. } => vec!["within".into()],
            crate::climb::KeeperEffect::Curse => vec!["curse".into()],
        };
        for v in values {
            if v.starts_with(partial.trim()) && !out.iter().any(|c: &(String, String)| c.1 == v) {
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
            let p = crate::climb::PawnRef { seat, pawn };
            if !view.game.is_home(p) {
                out.push(view.game.space_of(p).to_string());
            }
        }
    }
    for (i, p) in view.game.players.iter().enumerate() {
        if Some(i) != mine && !p.resigned {
            out.push(p.name.clone());
        }
    }
    out.dedup();
    out.into_iter()
        .filter(|t| t.to_lowercase().starts_with(&partial.trim().to_lowercase()))
        .take(25)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_complete_their_last_word() {
        assert_eq!(complete_list("spr", &VARIANT_WORDS), ["sprint"]);
        assert_eq!(
            complete_list("sprint,dou", &VARIANT_WORDS),
            ["sprint,double-time", "sprint,doubles-may"]
        );
        assert_eq!(complete_list("x", &VARIANT_WORDS), Vec::<String>::new());
    }

    #[test]
    fn typed_moves_match_without_spaces() {
        assert_eq!(squeeze("14 -3 ×9"), "14-3x9");
        assert!(squeeze("4 +3 26 x9").starts_with(&squeeze("4+3 2")));
    }
}
