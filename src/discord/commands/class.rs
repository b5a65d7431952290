//! `/class`: the teacher's tools. `pair` seats the students of a role (or a list) in
//! random groups, one game each in its own thread; `games` shows every open game of the
//! channel or the server; `report` gives the class's results as a spreadsheet and a
//! chart. Moderators and the server's teacher role only.

use poise::serenity_prelude as serenity;

use super::shared::{answer, answer_slow};
use crate::discord::caller::Caller;
use crate::discord::class;
use crate::discord::ids::Click;
use crate::discord::posts::{File, Picture, Post};
use crate::discord::reply::{Answer, Shown};

use crate::discord::types::{Context, Data, Error};
use crate::session::{GameKind, PairWords, Room};
use crate::text;

/// Which game a class plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ClassGame {
    #[name = "Prime Climb"]
    Climb,
    #[name = "Prime Daifugo"]
    Daifugo,
}

/// Tools for teachers: pair a class into games, see every game, get the report
#[poise::command(
    slash_command,
    guild_only,
    subcommands("pair", "games", "report"),
    subcommand_required,
    name_localized("fr", "classe"),
    description_localized(
        "fr",
        "Outils pour les enseignants : répartir une classe en parties, voir chaque partie, le rapport"
    )
)]
pub async fn class(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Pair students into games, each in its own thread (an AI seat for whoever is left over)
#[poise::command(
    slash_command,
    name_localized("fr", "répartir"),
    description_localized(
        "fr",
        "Répartir les élèves en parties, chacune dans son fil (une IA pour qui reste seul)"
    )
)]
#[allow(clippy::too_many_arguments)]
pub async fn pair(
    ctx: Context<'_>,
    #[description = "The students' role"]
    #[name_localized("fr", "rôle")]
    #[description_localized("fr", "Le rôle des élèves")]
    role: Option<serenity::Role>,
    #[description = "Or the students, mentioned: @Ada @Bo …"]
    #[name_localized("fr", "élèves")]
    #[description_localized("fr", "Ou les élèves, mentionnés : @Ada @Bo …")]
    #[max_length = 6000]
    members: Option<String>,
    #[description = "The game (default: Prime Climb)"]
    #[name_localized("fr", "jeu")]
    #[description_localized("fr", "Le jeu (par défaut : Prime Climb)")]
    game: Option<ClassGame>,
    #[description = "Players per game (default: 2)"]
    #[name_localized("fr", "taille")]
    #[description_localized("fr", "Joueurs par partie (par défaut : 2)")]
    #[min = 2]
    #[max = 4]
    size: Option<i64>,
    #[description = "Variants (Prime Climb), e.g. sprint; for Prime Daifugo: advanced, skip, games=3"]
    #[name_localized("fr", "variantes")]
    #[description_localized(
        "fr",
        "Variantes (Prime Climb), par ex. sprint ; pour Prime Daifugo : advanced, skip, games=3"
    )]
    #[max_length = 200]
    variant: Option<String>,
    #[description = "The AI level for a student left over (default: medium)"]
    #[name_localized("fr", "ia")]
    #[description_localized(
        "fr",
        "Le niveau de l'IA pour un élève resté seul (par défaut : medium)"
    )]
    #[max_length = 20]
    ai: Option<String>,
    #[description = "Turn timeout, e.g. 12h or 2d (default: the server's)"]
    #[name_localized("fr", "délai")]
    #[description_localized(
        "fr",
        "Temps par tour, par ex. 12h ou 2d (par défaut : celui du serveur)"
    )]
    #[max_length = 40]
    timeout: Option<String>,
    #[description = "When the games are due: 3d, 1w, 2026-12-01 or 2026-12-01 14:30 (UTC)"]
    #[name_localized("fr", "échéance")]
    #[description_localized(
        "fr",
        "Quand les parties sont à rendre : 3d, 1w, 2026-12-01 ou 2026-12-01 14:30 (UTC)"
    )]
    #[max_length = 40]
    due: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let http = ctx.serenity_context().http.clone();
    answer_slow(ctx, Shown::Public, async move {
        let here = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let words = PairWords {
            here,
            teacher: caller.actor(),
            kind: match game.unwrap_or(ClassGame::Climb) {
                ClassGame::Climb => GameKind::Climb,
                ClassGame::Daifugo => GameKind::Daifugo,
            },
            variant,
            ai,
            timeout,
            due,
            size,
            lang: caller.game_lang(),
            places_possible: caller.room() == Room::Possible,
        };
        let class = class::Students {
            http: &http,
            guild: here.guild_id,
            channel: here.channel_id,
            role: role.map(|r| r.id.get()),
            listed: members,
            teacher: caller.user_id,
        };
        match data.session.classes().pair(words, &class).await {
            Ok(paired) => {
                Answer::public(Post::text(class::deliver(&http, &data, paired, lang).await))
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    })
    .await
}

/// Every open game of this channel (or of the server), the longest idle first
#[poise::command(
    slash_command,
    name_localized("fr", "parties"),
    description_localized(
        "fr",
        "Chaque partie en cours de ce salon (ou du serveur), les plus longtemps inactives d'abord"
    )
)]
pub async fn games(
    ctx: Context<'_>,
    #[description = "Every game of the server, not only this channel's"]
    #[name_localized("fr", "partout")]
    #[description_localized(
        "fr",
        "Toutes les parties du serveur, pas seulement celles de ce salon"
    )]
    everywhere: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    answer(ctx, Shown::Private, async move {
        games_page(&data, &caller, everywhere.unwrap_or(false), 0).await
    })
    .await
}

/// One page of the open games for a teacher, with buttons to the pages before and after:
/// `/class games` shows the first, the buttons the others.
pub async fn games_page(data: &Data, caller: &Caller, everywhere: bool, page: u16) -> Answer {
    let lang = caller.lang();
    let here = match caller.place() {
        Ok(p) => p,
        Err(t) => return Answer::private(t),
    };
    let channel = (!everywhere).then_some(here.channel_id);
    let games = match data
        .session
        .classes()
        .open_games_summary(&caller.actor(), here.guild_id, channel)
        .await
    {
        Ok(games) => games,
        Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
    };
    let (content, pages) = text::class::games_overview(
        &games,
        data.session.now(),
        everywhere,
        usize::from(page),
        lang,
    );
    let mut post = Post::text(content);
    if pages > 1 {
        let page = usize::from(page).min(pages - 1);
        let button = |to: usize, label: &str| {
            serenity::CreateButton::new(
                Click::ClassGames {
                    everywhere,
                    page: u16::try_from(to).unwrap_or(u16::MAX),
                }
                .id(),
            )
            .label(label)
            .style(serenity::ButtonStyle::Secondary)
        };
        post.components = vec![serenity::CreateActionRow::Buttons(vec![
            button(
                page.saturating_sub(1),
                lang.text("◀ Previous", "◀ Précédente"),
            )
            .disabled(page == 0),
            button(page + 1, lang.text("Next ▶", "Suivante ▶")).disabled(page + 1 >= pages),
        ])];
    }
    Answer::new(post, Shown::Private)
}

/// The class report: a spreadsheet (one row per student) and a chart, only for you
#[poise::command(
    slash_command,
    name_localized("fr", "rapport"),
    description_localized(
        "fr",
        "Le rapport de la classe : un tableur (une ligne par élève) et un diagramme, pour vous seul"
    )
)]
pub async fn report(
    ctx: Context<'_>,
    #[description = "From this day: 2026-11-01, or 30d for thirty days ago (default: the start)"]
    #[name_localized("fr", "depuis")]
    #[description_localized(
        "fr",
        "Depuis ce jour : 2026-11-01, ou 30d pour il y a trente jours (par défaut : le début)"
    )]
    #[max_length = 40]
    from: Option<String>,
    #[description = "To this day, included: 2026-11-30 (default: today)"]
    #[name_localized("fr", "jusqu_à")]
    #[description_localized(
        "fr",
        "Jusqu'à ce jour, inclus : 2026-11-30 (par défaut : aujourd'hui)"
    )]
    #[max_length = 40]
    to: Option<String>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    answer_slow(ctx, Shown::Private, async move {
        let here = match caller.place() {
            Ok(p) => p,
            Err(t) => return Answer::private(t),
        };
        let teacher = caller.actor();
        let report = data.session.standings().class_report_for(
            &teacher,
            here,
            from.as_deref(),
            to.as_deref(),
        );
        let class = match report.await {
            Ok(class) => class,
            Err(e) => return Answer::private(text::errors::refusal(&e, lang)),
        };
        let mut post = Post::text(text::report::message(&class, lang));
        if !class.students.is_empty() {
            let rows = text::report::chart_rows(&class);
            let words = text::report::chart_words(&class, lang);
            let alt = text::report::chart_alt(&class, lang);
            let drawn = class.clone();
            post.picture = data
                .picture(move || drawn.chart_png(&rows, &words))
                .await
                .map(|png| Picture {
                    png,
                    file: "class-chart.png",
                    alt,
                });
            post.file = Some(File {
                bytes: text::report::csv(&class, lang).into_bytes(),
                name: "class-report.csv".into(),
            });
        }
        Answer::new(post, Shown::Private)
    })
    .await
}
