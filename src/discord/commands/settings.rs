//! `/settings`: a server's turn timeout, what happens on timeout, reminders, calendar (time
//! zone, weekends and holidays off), days away, tidying of lobbies and idle games, default
//! variant, teacher role, and its Fill in the Blanks cards (§7). Moderators (Manage Server, Manage
//! Messages) and the teacher role; everyone may look.

use poise::serenity_prelude as serenity;

use super::shared::answer;
use crate::discord::caller::Caller;
use crate::discord::reply::{Answer, Shown};
use crate::discord::snowflake::id;
use crate::discord::types::{Context, Data, Error};
use crate::lang::Lang;
use crate::session::{
    custom_card, CardKind, Season, ServerSettings, SessionError, SettingsChange, TimeoutMode,
};
use crate::text;

/// What happens when a turn times out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum OnTimeout {
    #[name = "an AI plays the turn"]
    #[name_localized("fr", "une IA joue le tour")]
    Ai,
    #[name = "skip the turn"]
    #[name_localized("fr", "passer le tour")]
    Skip,
}

/// How long a leaderboard season lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SeasonLength {
    #[name = "a month"]
    #[name_localized("fr", "un mois")]
    Month,
    #[name = "a quarter (3 months)"]
    #[name_localized("fr", "un trimestre")]
    Quarter,
    #[name = "a year"]
    #[name_localized("fr", "un an")]
    Year,
}

/// The factor colours of the pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PaletteChoice {
    #[name = "standard colours"]
    #[name_localized("fr", "couleurs standard")]
    Standard,
    #[name = "colours for colour-blind eyes"]
    #[name_localized("fr", "couleurs pour les daltoniens")]
    ColourBlind,
}

/// A person's own palette, or the server's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum OwnPalette {
    #[name = "standard colours"]
    #[name_localized("fr", "couleurs standard")]
    Standard,
    #[name = "colours for colour-blind eyes"]
    #[name_localized("fr", "couleurs pour les daltoniens")]
    ColourBlind,
    #[name = "as the server draws them"]
    #[name_localized("fr", "comme le serveur")]
    Server,
}

/// Look words from a palette and the marks option.
fn look_words(colour_blind: bool, marks: Option<bool>) -> String {
    let palette = if colour_blind {
        "colour-blind"
    } else {
        "standard"
    };
    if marks.unwrap_or(false) {
        format!("{palette}+marks")
    } else {
        palette.to_string()
    }
}

/// The effects a custom card can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum CardEffect {
    #[name = "send a pawn to N"]
    #[name_localized("fr", "envoyer un pion sur N")]
    SendTo,
    #[name = "Keeper: add or subtract N"]
    #[name_localized("fr", "à garder : ajouter ou retirer N")]
    PlusMinus,
    #[name = "Keeper: send pawns within N back"]
    #[name_localized("fr", "à garder : renvoyer les pions à N cases")]
    Within,
    #[name = "above N subtract N, below add N"]
    #[name_localized("fr", "au-dessus de N retirer N, en dessous ajouter N")]
    AboveBelow,
    #[name = "above N back 10, below double"]
    #[name_localized("fr", "au-dessus de N reculer de 10, en dessous doubler")]
    BackOrDouble,
    #[name = "roll again"]
    #[name_localized("fr", "rejouer")]
    RollAgain,
    #[name = "reverse the digits"]
    #[name_localized("fr", "inverser les chiffres")]
    ReverseDigits,
    #[name = "switch two pawns"]
    #[name_localized("fr", "échanger deux pions")]
    Switch,
    #[name = "advance to the nearest pawn"]
    #[name_localized("fr", "avancer jusqu'au pion le plus proche")]
    Advance,
    #[name = "reverse to the nearest pawn"]
    #[name_localized("fr", "reculer jusqu'au pion le plus proche")]
    Reverse,
    #[name = "steal a Keeper"]
    #[name_localized("fr", "voler une carte")]
    Steal,
    #[name = "Keeper: curse"]
    #[name_localized("fr", "à garder : malédiction")]
    Curse,
}

impl CardEffect {
    fn kind(self) -> CardKind {
        match self {
            CardEffect::SendTo => CardKind::SendTo,
            CardEffect::PlusMinus => CardKind::PlusMinus,
            CardEffect::Within => CardKind::Within,
            CardEffect::AboveBelow => CardKind::AboveBelow,
            CardEffect::BackOrDouble => CardKind::BackOrDouble,
            CardEffect::RollAgain => CardKind::RollAgain,
            CardEffect::ReverseDigits => CardKind::ReverseDigits,
            CardEffect::Switch => CardKind::Switch,
            CardEffect::Advance => CardKind::AdvanceToNearest,
            CardEffect::Reverse => CardKind::ReverseToNearest,
            CardEffect::Steal => CardKind::Steal,
            CardEffect::Curse => CardKind::Curse,
        }
    }
}

/// The server's Prime Climb settings (moderators and the teacher role change them)
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "show",
        "timeout",
        "on_timeout",
        "variant",
        "teacher_role",
        "palette",
        "threads",
        "season",
        "reminders",
        "calendar",
        "away_days",
        "tidy",
        "puzzle",
        "card",
        "card_clear",
        "me"
    ),
    subcommand_required,
    name_localized("fr", "réglages"),
    description_localized(
        "fr",
        "Les réglages Prime Climb du serveur (modérateurs et rôle enseignant)"
    )
)]
pub async fn settings(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The settings as text.
async fn summary(data: &Data, guild_id: i64, s: &ServerSettings, lang: Lang) -> String {
    let cards: Vec<(i64, String)> = data
        .session
        .servers()
        .custom_cards(guild_id)
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|(slot, card)| (slot, card.text))
        .collect();
    text::bot::settings_summary(s, &cards, lang)
}

/// Apply a change and answer with the settings (or why not), only to the caller.
async fn change(ctx: Context<'_>, change: SettingsChange) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        let result = if change == SettingsChange::default() {
            data.session.servers().settings(place.guild_id).await
        } else {
            data.session
                .servers()
                .update_settings(&actor, place.guild_id, change)
                .await
        };
        match result {
            Ok(s) => Answer::private(summary(&data, place.guild_id, &s, lang).await),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Show the server's settings
#[poise::command(
    slash_command,
    name_localized("fr", "voir"),
    description_localized("fr", "Afficher les réglages du serveur")
)]
pub async fn show(ctx: Context<'_>) -> Result<(), Error> {
    change(ctx, SettingsChange::default()).await
}

/// Set the turn timeout of new games: 30m, 12h, 2d… or off
#[poise::command(
    slash_command,
    name_localized("fr", "délai"),
    description_localized("fr", "Le temps par tour des nouvelles parties : 30m, 12h, 2d… ou off")
)]
pub async fn timeout(
    ctx: Context<'_>,
    #[description = "30m, 12h, 2d… or off"]
    #[name_localized("fr", "durée")]
    #[description_localized("fr", "30m, 12h, 2d… ou off")]
    #[max_length = 40]
    duration: String,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            turn_timeout: Some(duration),
            ..SettingsChange::default()
        },
    )
    .await
}

/// What happens when a turn times out: an AI plays it, or it is skipped
#[poise::command(
    slash_command,
    rename = "on-timeout",
    name_localized("fr", "fin-du-temps"),
    description_localized(
        "fr",
        "Ce qui se passe quand le temps d'un tour est écoulé : une IA joue, ou le tour est passé"
    )
)]
pub async fn on_timeout(
    ctx: Context<'_>,
    #[description = "An AI plays the idle turn, or the turn is skipped"]
    #[name_localized("fr", "action")]
    #[description_localized("fr", "Une IA joue le tour, ou le tour est passé")]
    action: OnTimeout,
) -> Result<(), Error> {
    let mode = match action {
        OnTimeout::Ai => TimeoutMode::Ai,
        OnTimeout::Skip => TimeoutMode::Skip,
    };
    change(
        ctx,
        SettingsChange {
            on_timeout: Some(mode),
            ..SettingsChange::default()
        },
    )
    .await
}

/// The variants new games use when /climb start names none
#[poise::command(
    slash_command,
    name_localized("fr", "variante"),
    description_localized(
        "fr",
        "Les variantes des nouvelles parties quand /climb start n'en donne pas"
    )
)]
pub async fn variant(
    ctx: Context<'_>,
    #[description = "Variant words, e.g. sprint,double-time, or standard"]
    #[name_localized("fr", "variantes")]
    #[description_localized("fr", "Les variantes, par ex. sprint,double-time, ou standard")]
    #[max_length = 200]
    words: String,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            default_variant: Some(words),
            ..SettingsChange::default()
        },
    )
    .await
}

/// The role that may end any game and change these settings (empty: none)
#[poise::command(
    slash_command,
    rename = "teacher-role",
    name_localized("fr", "rôle-enseignant"),
    description_localized(
        "fr",
        "Le rôle qui peut terminer toute partie et changer ces réglages (vide : aucun)"
    )
)]
pub async fn teacher_role(
    ctx: Context<'_>,
    #[description = "The role (leave empty to remove it)"]
    #[name_localized("fr", "rôle")]
    #[description_localized("fr", "Le rôle (laisser vide pour le retirer)")]
    role: Option<serenity::Role>,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            teacher_role: Some(role.map(|r| id(r.id.get()))),
            ..SettingsChange::default()
        },
    )
    .await
}

/// Set a Fill in the Blanks card (slot 1–4): an effect of §6 with your number and text
#[poise::command(
    slash_command,
    name_localized("fr", "carte"),
    description_localized(
        "fr",
        "Créer une carte à compléter (place 1–4) : un effet du §6 avec votre nombre et texte"
    )
)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "Slot 1 to 4"]
    #[name_localized("fr", "place")]
    #[description_localized("fr", "Place 1 à 4")]
    #[min = 1]
    #[max = 4]
    slot: i64,
    #[description = "What the card does"]
    #[name_localized("fr", "effet")]
    #[description_localized("fr", "Ce que fait la carte")]
    effect: CardEffect,
    #[description = "The card's number (the N of the effect)"]
    #[name_localized("fr", "nombre")]
    #[description_localized("fr", "Le nombre de la carte (le N de l'effet)")]
    number: Option<i64>,
    #[description = "The text printed on the card (default: the effect's text)"]
    #[name_localized("fr", "texte")]
    #[description_localized("fr", "Le texte de la carte (par défaut : celui de l'effet)")]
    #[max_length = 120]
    text: Option<String>,
) -> Result<(), Error> {
    custom(ctx, slot, Some((effect, number, text))).await
}

/// Remove a Fill in the Blanks card
#[poise::command(
    slash_command,
    rename = "card-clear",
    name_localized("fr", "carte-retirer"),
    description_localized("fr", "Retirer une carte à compléter")
)]
pub async fn card_clear(
    ctx: Context<'_>,
    #[description = "Slot 1 to 4"]
    #[name_localized("fr", "place")]
    #[description_localized("fr", "Place 1 à 4")]
    #[min = 1]
    #[max = 4]
    slot: i64,
) -> Result<(), Error> {
    custom(ctx, slot, None).await
}

async fn custom(
    ctx: Context<'_>,
    slot: i64,
    card: Option<(CardEffect, Option<i64>, Option<String>)>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let place = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let actor = caller.actor();
        let built = match card {
            Some((effect, number, words)) => {
                custom_card(effect.kind(), number, words.as_deref()).map(Some)
            }
            None => Ok(None),
        };
        let result: Result<_, SessionError> = match built {
            Ok(card) => {
                data.session
                    .servers()
                    .set_custom_card(&actor, place.guild_id, slot, card)
                    .await
            }
            Err(e) => Err(e.into()),
        };
        let settings = match result {
            Ok(_) => data.session.servers().settings(place.guild_id).await,
            Err(e) => Err(e),
        };
        match settings {
            Ok(s) => Answer::private(summary(&data, place.guild_id, &s, lang).await),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// How the server's game pictures are drawn: colours, and a mark on each factor
#[poise::command(
    slash_command,
    name_localized("fr", "palette"),
    description_localized(
        "fr",
        "Comment les images des parties du serveur sont dessinées : couleurs, et une forme sur chaque facteur"
    )
)]
pub async fn palette(
    ctx: Context<'_>,
    #[description = "Standard colours, or colours told apart by colour-blind eyes"]
    #[name_localized("fr", "couleurs")]
    #[description_localized("fr", "Couleurs standard, ou couleurs que les daltoniens distinguent")]
    colours: PaletteChoice,
    #[description = "Also mark each factor with a shape, so the board reads without colour"]
    #[name_localized("fr", "formes")]
    #[description_localized(
        "fr",
        "Marquer aussi chaque facteur d'une forme, pour lire le plateau sans les couleurs"
    )]
    marks: Option<bool>,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            look: Some(look_words(colours == PaletteChoice::ColourBlind, marks)),
            ..SettingsChange::default()
        },
    )
    .await
}

/// Your own settings (only for you)
#[poise::command(
    slash_command,
    subcommands("me_palette"),
    subcommand_required,
    name_localized("fr", "moi"),
    description_localized("fr", "Vos réglages à vous (pour vous seul)")
)]
pub async fn me(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// How your own pictures are drawn (your hand, private boards)
#[poise::command(
    slash_command,
    rename = "palette",
    name_localized("fr", "palette"),
    description_localized(
        "fr",
        "Comment vos images à vous sont dessinées (votre main, les plateaux privés)"
    )
)]
pub async fn me_palette(
    ctx: Context<'_>,
    #[description = "Standard colours, colours for colour-blind eyes, or as the server draws"]
    #[name_localized("fr", "couleurs")]
    #[description_localized(
        "fr",
        "Couleurs standard, couleurs pour les daltoniens, ou comme le serveur"
    )]
    colours: OwnPalette,
    #[description = "Also mark each factor with a shape, so the board reads without colour"]
    #[name_localized("fr", "formes")]
    #[description_localized(
        "fr",
        "Marquer aussi chaque facteur d'une forme, pour lire le plateau sans les couleurs"
    )]
    marks: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer(ctx, Shown::Private, async move {
        let words = match colours {
            OwnPalette::Server => None,
            OwnPalette::Standard => Some(look_words(false, marks)),
            OwnPalette::ColourBlind => Some(look_words(true, marks)),
        };
        match data
            .session
            .servers()
            .set_own_look(caller.user(), words.as_deref())
            .await
        {
            Ok(look) => Answer::private(text::bot::own_look_summary(look, lang)),
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Whether new games open in their own thread (several games per channel)
#[poise::command(
    slash_command,
    name_localized("fr", "fils"),
    description_localized(
        "fr",
        "Si les nouvelles parties s'ouvrent dans leur propre fil (plusieurs parties par salon)"
    )
)]
pub async fn threads(
    ctx: Context<'_>,
    #[description = "On: each game in its own thread; off: one game per channel"]
    #[name_localized("fr", "activé")]
    #[description_localized("fr", "Oui : chaque partie dans son fil ; non : une partie par salon")]
    on: bool,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            threads: Some(on),
            ..SettingsChange::default()
        },
    )
    .await
}

/// How long a leaderboard season lasts (the all-time standings are kept too)
#[poise::command(
    slash_command,
    name_localized("fr", "saison"),
    description_localized(
        "fr",
        "La durée d'une saison du classement (le classement de toujours est gardé aussi)"
    )
)]
pub async fn season(
    ctx: Context<'_>,
    #[description = "A month, a quarter or a year"]
    #[name_localized("fr", "durée")]
    #[description_localized("fr", "Un mois, un trimestre ou un an")]
    length: SeasonLength,
) -> Result<(), Error> {
    let season = match length {
        SeasonLength::Month => Season::Month,
        SeasonLength::Quarter => Season::Quarter,
        SeasonLength::Year => Season::Year,
    };
    change(
        ctx,
        SettingsChange {
            season: Some(season),
            ..SettingsChange::default()
        },
    )
    .await
}

/// How often the player to move is reminded until the turn's time is up
#[poise::command(
    slash_command,
    name_localized("fr", "rappels"),
    description_localized(
        "fr",
        "Tous les combien le joueur dont c'est le tour reçoit un rappel, jusqu'à la fin du temps"
    )
)]
pub async fn reminders(
    ctx: Context<'_>,
    #[description = "Every 12h, 1d… or off: once, at half the turn's time"]
    #[name_localized("fr", "fréquence")]
    #[description_localized(
        "fr",
        "Toutes les 12h, 1d… ou off : une fois, à la moitié du temps du tour"
    )]
    #[max_length = 40]
    every: String,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            remind_every: Some(every),
            ..SettingsChange::default()
        },
    )
    .await
}

/// The server's calendar: its time zone, and days the turn clocks stop (weekends, holidays)
#[poise::command(
    slash_command,
    name_localized("fr", "calendrier"),
    description_localized(
        "fr",
        "Le calendrier du serveur : son fuseau, et les jours où les compteurs s'arrêtent"
    )
)]
pub async fn calendar(
    ctx: Context<'_>,
    #[rename = "time-zone"]
    #[description = "The server's time zone, e.g. Europe/Paris or America/Toronto"]
    #[name_localized("fr", "fuseau")]
    #[description_localized(
        "fr",
        "Le fuseau horaire du serveur, par ex. Europe/Paris ou America/Montreal"
    )]
    #[max_length = 64]
    time_zone: Option<String>,
    #[description = "Turn clocks stop on Saturdays and Sundays"]
    #[name_localized("fr", "week-ends")]
    #[description_localized("fr", "Les compteurs s'arrêtent le samedi et le dimanche")]
    weekends: Option<bool>,
    #[description = "Days off: 2026-12-24, ranges as 2026-12-19..2027-01-03, or none"]
    #[name_localized("fr", "congés")]
    #[description_localized(
        "fr",
        "Jours de congé : 2026-12-24, périodes comme 2026-12-19..2027-01-03, ou none"
    )]
    #[max_length = 1000]
    holidays: Option<String>,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            time_zone,
            weekends_off: weekends,
            holidays,
            ..SettingsChange::default()
        },
    )
    .await
}

/// How many days a month each person may be away (/away), 0 to 31
#[poise::command(
    slash_command,
    rename = "away-days",
    name_localized("fr", "jours-absence"),
    description_localized(
        "fr",
        "Combien de jours par mois chacun peut être absent (/away), de 0 à 31"
    )
)]
pub async fn away_days(
    ctx: Context<'_>,
    #[description = "Days a month, 0 to 31 (0: nobody may pause their clocks)"]
    #[name_localized("fr", "jours")]
    #[description_localized(
        "fr",
        "Jours par mois, de 0 à 31 (0 : personne ne peut arrêter ses compteurs)"
    )]
    #[min = 0]
    #[max = 31]
    days: i64,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            away_days: Some(days),
            ..SettingsChange::default()
        },
    )
    .await
}

/// Tidying: lobbies nobody starts close, games nobody plays end (no ratings)
#[poise::command(
    slash_command,
    name_localized("fr", "ménage"),
    description_localized(
        "fr",
        "Ménage : les salons d'attente non lancés ferment, les parties sans activité se terminent"
    )
)]
pub async fn tidy(
    ctx: Context<'_>,
    #[description = "Close a lobby nobody started after 48h, 3d… or off"]
    #[name_localized("fr", "attente")]
    #[description_localized("fr", "Fermer un salon d'attente non lancé après 48h, 3d… ou off")]
    #[max_length = 40]
    lobby: Option<String>,
    #[description = "End a game nobody has played for 14d, 30d… or off"]
    #[name_localized("fr", "inactivité")]
    #[description_localized(
        "fr",
        "Terminer une partie où personne n'a joué depuis 14d, 30d… ou off"
    )]
    #[max_length = 40]
    idle: Option<String>,
) -> Result<(), Error> {
    change(
        ctx,
        SettingsChange {
            lobby_close: lobby,
            idle_end: idle,
            ..SettingsChange::default()
        },
    )
    .await
}

/// A channel that receives the day's puzzles every morning (leave it empty to stop)
#[poise::command(
    slash_command,
    rename = "puzzle",
    name_localized("fr", "énigme"),
    description_localized(
        "fr",
        "Un salon qui reçoit les énigmes du jour chaque matin (laisser vide pour arrêter)"
    )
)]
pub async fn puzzle(
    ctx: Context<'_>,
    #[description = "The channel (leave empty to stop the daily post)"]
    #[name_localized("fr", "salon")]
    #[description_localized("fr", "Le salon (laisser vide pour arrêter)")]
    #[channel_types("Text")]
    channel: Option<serenity::ChannelId>,
    #[description = "The hour, in the server's time zone (default 8)"]
    #[name_localized("fr", "heure")]
    #[description_localized("fr", "L'heure, dans le fuseau du serveur (par défaut 8)")]
    hour: Option<i64>,
) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).game_lang();
    change(
        ctx,
        SettingsChange {
            puzzle: Some((
                channel.map(|c| id(c.get())),
                hour.unwrap_or(8),
                lang.code().to_string(),
            )),
            ..SettingsChange::default()
        },
    )
    .await
}
