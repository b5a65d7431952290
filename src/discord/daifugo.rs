//! `/daifugo …`: Prime Daifugo Lvl. 0 on Discord, a card game with hidden hands.
//!
//! Public messages show the table (play area, hand sizes, deck, top discard, whose turn)
//! and a story in which a drawn card is never named; a hand is only ever shown to its
//! owner, in an ephemeral message. Interaction tokens expire after 15 minutes, so every
//! table message carries a persistent **Show my hand** button (`daifugo:<game>:hand`)
//! that answers each player with their own hand, and, on their turn, buttons and menus to
//! draw, play a D card, play, SKIP or pass. Every action is the players' notation
//! (`3 10`, `5/9:9 7`, `draw`, `d`, `discard 4`, `pass`, `skip`), checked by the session.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::caller::{id, Caller};
use super::clock;
use super::lobby;
use super::locale::Lang;
use super::play::{place_of, respond, seats_and_clock};
use super::text::tr;
use super::turn::{clip, Post};
use super::{Context, Data, Error};
use crate::daifugo::{self, Event, Game, Kind, Seat};
use crate::render::{self, Theme};
use crate::session::{DaifugoView, LobbySpec, Place, SessionError};

/// The name of the table picture in messages.
pub const TABLE_FILE: &str = "table.png";
/// The name of a hand picture (only in ephemeral messages).
pub const HAND_FILE: &str = "hand.png";

/// A card as written in messages: `[3]`, `[5/9]`.
fn card_word(game: &Game, id: daifugo::CardId) -> String {
    game.kind(id).to_string()
}

/// A card as played: `[3]`, or `[5/9→9]` for a multi-number card and its value.
fn placed_word(game: &Game, placed: &daifugo::Placed) -> String {
    let kind = game.kind(placed.card);
    if kind.is_multi() {
        format!("[{}→{}]", render::daifugo::face(kind), placed.value)
    } else {
        kind.to_string()
    }
}

fn name(game: &Game, seat: Seat) -> String {
    game.players
        .get(seat)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// The story of a change as `viewer` may see it (`None`: everyone).
pub fn story(view: &DaifugoView, viewer: Option<Seat>, lang: Lang) -> Vec<String> {
    let g = &view.game;
    let mut lines = Vec::new();
    // Draws of other players are told without the card (§4.3); collapse repeats.
    let mut hidden_draws: Vec<(Seat, usize)> = Vec::new();
    let flush = |lines: &mut Vec<String>, hidden: &mut Vec<(Seat, usize)>| {
        for (seat, n) in hidden.drain(..) {
            lines.push(if n == 1 {
                tr!(
                    lang,
                    "{} draws a card",
                    "{} pioche une carte",
                    name(g, seat)
                )
            } else {
                tr!(
                    lang,
                    "{} draws {} cards",
                    "{} pioche {} cartes",
                    name(g, seat),
                    n
                )
            });
        }
    };
    for event in &view.events {
        if let Event::Drew { seat, .. } = event {
            if Some(*seat) != viewer {
                match hidden_draws.last_mut() {
                    Some((s, n)) if s == seat => *n += 1,
                    _ => hidden_draws.push((*seat, 1)),
                }
                continue;
            }
        }
        flush(&mut lines, &mut hidden_draws);
        let line = match event {
            Event::Dealt { game, first } => Some(tr!(
                lang,
                "game {} dealt: {} cards each; {} starts",
                "partie {} distribuée : {} cartes chacun ; {} commence",
                game,
                daifugo::options::DEAL,
                name(g, *first)
            )),
            Event::TurnStarted { .. } => None,
            Event::Drew { seat, card } => Some(tr!(
                lang,
                "{} draws {}",
                "{} pioche {}",
                name(g, *seat),
                card_word(g, *card)
            )),
            Event::Reshuffled => Some(
                lang.text(
                    "the discard pile is shuffled into a new deck",
                    "la défausse est mélangée : nouvelle pioche",
                )
                .into(),
            ),
            Event::DeckEmpty => Some(
                lang.text(
                    "the deck is empty: nothing drawn",
                    "la pioche est vide : rien à piocher",
                )
                .into(),
            ),
            Event::HandFull { seat } => Some(tr!(
                lang,
                "{}'s hand is full: no card drawn",
                "la main de {} est pleine : pas de carte piochée",
                name(g, *seat)
            )),
            Event::DPlayed { seat, .. } => Some(tr!(
                lang,
                "{} plays a [D]: draws 2, then discards 1",
                "{} joue un [D] : pioche 2, puis en défausse 1",
                name(g, *seat)
            )),
            Event::Discarded { seat, card } => Some(tr!(
                lang,
                "{} discards {}",
                "{} défausse {}",
                name(g, *seat),
                card_word(g, *card)
            )),
            Event::Played {
                seat,
                cards,
                number,
            } => {
                let faces: String = cards.iter().map(|p| placed_word(g, p)).collect();
                Some(tr!(
                    lang,
                    "{} plays {} = **{}**: prime ✓",
                    "{} joue {} = **{}** : premier ✓",
                    name(g, *seat),
                    faces,
                    number
                ))
            }
            Event::JudgmentFailed {
                seat,
                number,
                factorisation,
            } => Some(tr!(
                lang,
                "{} tries {}: {}, not prime ✗ — the cards go back (a pass)",
                "{} tente {} : {}, pas premier ✗ — les cartes reviennent (il passe)",
                name(g, *seat),
                number,
                factorisation
            )),
            Event::Passed { seat } => Some(tr!(lang, "{} passes", "{} passe", name(g, *seat))),
            Event::DrawTwo { seat } => Some(tr!(
                lang,
                "Draw 2 ([10] in play): {} draws 2",
                "Pioche 2 ([10] en jeu) : {} pioche 2 cartes",
                name(g, *seat)
            )),
            Event::Skipped { seat, skipped } => Some(tr!(
                lang,
                "{} plays SKIP: {} loses their turn",
                "{} joue SKIP : {} passe son tour",
                name(g, *seat),
                name(g, *skipped)
            )),
            Event::Stopped { seat } => Some(tr!(
                lang,
                "Stop ([12]): {} ends the round",
                "Stop ([12]) : {} termine la manche",
                name(g, *seat)
            )),
            Event::RoundCleared { leader } => Some(tr!(
                lang,
                "the area is cleared: {} leads a new round",
                "la zone est vidée : {} mène une nouvelle manche",
                name(g, *leader)
            )),
            Event::GameWon { seat, wins } => Some(tr!(
                lang,
                "🏆 {} empties their hand and wins the game ({} won)",
                "🏆 {} vide sa main et gagne la partie ({} gagnée(s))",
                name(g, *seat),
                wins
            )),
            Event::MatchWon { seat } => Some(tr!(
                lang,
                "🏆 {} wins the match!",
                "🏆 {} gagne le match !",
                name(g, *seat)
            )),
        };
        lines.extend(line);
    }
    flush(&mut lines, &mut hidden_draws);
    lines
}

/// What the player to move can do, in words.
fn next_line(view: &DaifugoView, lang: Lang) -> (String, Option<u64>) {
    let g = &view.game;
    let seat = g.current();
    let (who, mention) = match view.row.seats.get(seat).and_then(|s| s.user_id) {
        Some(uid) => (
            format!("<@{uid}> (**{}**)", name(g, seat)),
            u64::try_from(uid).ok(),
        ),
        None if view.ai_level(seat).is_some() => (format!("🤖 **{}**", name(g, seat)), None),
        None => (format!("**{}**", name(g, seat)), None),
    };
    let line = match &g.area {
        Some(play) => {
            let ten = play.cards.iter().any(|p| p.value == 10);
            let power = if ten {
                lang.text(
                    " ([10] in play: passing draws 2)",
                    " ([10] en jeu : passer fait piocher 2)",
                )
            } else {
                ""
            };
            tr!(
                lang,
                "🎴 {}, your turn: beat **{}** with {} card(s), or pass{}.",
                "🎴 {}, à vous : battez **{}** avec {} carte(s), ou passez{}.",
                who,
                play.number,
                play.cards.len(),
                power
            )
        }
        None => tr!(
            lang,
            "🎴 {}, your turn: lead with 1, 2 or 3 cards forming a prime.",
            "🎴 {}, à vous : menez avec 1, 2 ou 3 cartes qui forment un nombre premier.",
            who
        ),
    };
    (line, mention)
}

/// The public message for a change (or a look): table, story, whose turn. Never a hand.
pub fn table_post(view: &DaifugoView, lang: Lang) -> Post {
    let g = &view.game;
    let mut lines = vec![match (view.actor_seat, view.acted_turn) {
        (Some(seat), Some(turn)) => tr!(
            lang,
            "**{}** · turn {}",
            "**{}** · tour {}",
            name(g, seat),
            turn
        ),
        _ => tr!(
            lang,
            "**Prime Daifugo** · match #{} · game {}",
            "**Prime Daifugo** · match n° {} · partie {}",
            view.row.id,
            g.game_number
        ),
    }];
    for l in story(view, None, lang) {
        lines.push(format!("> {l}"));
    }
    let sizes: Vec<String> = g
        .players
        .iter()
        .map(|p| format!("{} {}🂠 {}★", p.name, p.hand.len(), p.wins))
        .collect();
    lines.push(sizes.join(" · "));
    let mut post = Post::default();
    if view.is_over() {
        let ranking = crate::session::daifugo_ranking(g);
        let places: Vec<String> = ranking
            .iter()
            .map(|(s, place)| format!("{place}. {}", name(g, *s)))
            .collect();
        lines.push(format!("🏁 {}", places.join(" · ")));
    } else {
        let (line, mention) = next_line(view, lang);
        lines.push(line);
        post.mentions.extend(mention);
        post.components.push(CreateActionRow::Buttons(vec![
            CreateButton::new(format!("daifugo:{}:hand", view.row.id))
                .label(lang.text("Show my hand", "Voir ma main"))
                .emoji('🂠')
                .style(ButtonStyle::Primary),
            CreateButton::new(format!("daifugo:{}:hint", view.row.id))
                .label(lang.text("Hint", "Indice"))
                .emoji('💡')
                .style(ButtonStyle::Secondary),
        ]));
    }
    post.content = lines.join("\n");
    post
}

/// The picture of a Post's table (on a blocking thread).
pub async fn with_table(mut post: Post, view: &DaifugoView) -> Post {
    let game = view.game.clone();
    let png = tokio::task::spawn_blocking(move || {
        render::encode_png(&render::daifugo::render_table(&game, &Theme::default()))
    })
    .await;
    match png {
        Ok(Ok(png)) => {
            post.png = Some(png);
            post.file = Some(TABLE_FILE);
        }
        _ => tracing::error!("rendering the table failed"),
    }
    post
}

/// The public message with the table picture.
pub async fn public_post(view: &DaifugoView, lang: Lang) -> Post {
    with_table(table_post(view, lang), view).await
}

/// A player's hand, only for them: the picture, the cards in words, what they could
/// play, and on their turn the buttons and menus to act.
pub async fn hand_post(view: &DaifugoView, seat: Seat, lang: Lang) -> Post {
    let g = &view.game;
    let hand: Vec<String> = render::daifugo::hand_order(g, seat)
        .iter()
        .map(|&id| {
            let word = card_word(g, id);
            if g.card(id).icon {
                format!("{word}³")
            } else {
                word
            }
        })
        .collect();
    let mut lines = vec![tr!(
        lang,
        "Your hand ({} cards): {}",
        "Votre main ({} cartes) : {}",
        hand.len(),
        hand.join(" ")
    )];
    // What this player saw of the change (their own draws included).
    if view.actor_seat == Some(seat) {
        for l in story(view, Some(seat), lang) {
            lines.push(format!("> {l}"));
        }
    }
    let mut components = Vec::new();
    let my_turn = g.current() == seat && !view.is_over();
    if my_turn {
        let stamp = format!("daifugo:{}:{}", view.row.id, view.row.version);
        match g.turn.step {
            daifugo::game::Step::Discard => {
                lines.push(
                    lang.text(
                        "Choose the card to discard (D card: discard any 1).",
                        "Choisissez la carte à défausser (carte D : défaussez-en 1).",
                    )
                    .into(),
                );
                let mut seen = Vec::new();
                let options: Vec<CreateSelectMenuOption> = render::daifugo::hand_order(g, seat)
                    .into_iter()
                    .filter_map(|id| {
                        let word = discard_word(g.kind(id));
                        (!seen.contains(&word)).then(|| {
                            seen.push(word.clone());
                            CreateSelectMenuOption::new(card_word(g, id), word)
                        })
                    })
                    .take(25)
                    .collect();
                if !options.is_empty() {
                    components.push(CreateActionRow::SelectMenu(
                        CreateSelectMenu::new(
                            format!("{stamp}:discard"),
                            CreateSelectMenuKind::String { options },
                        )
                        .placeholder(lang.text("Discard…", "Défausser…")),
                    ));
                }
            }
            step => {
                let candidates = daifugo::playable_primes(g, seat);
                if candidates.is_empty() {
                    lines.push(
                        lang.text(
                            "No prime can be played with these cards: draw, or pass.",
                            "Aucun nombre premier avec ces cartes : piochez, ou passez.",
                        )
                        .into(),
                    );
                } else {
                    let mut numbers: Vec<String> = Vec::new();
                    for c in &candidates {
                        let n = c.number.to_string();
                        if !numbers.contains(&n) && numbers.len() < 12 {
                            numbers.push(n);
                        }
                    }
                    lines.push(tr!(
                        lang,
                        "You could play: {}.",
                        "Vous pourriez jouer : {}.",
                        numbers.join(", ")
                    ));
                    let options: Vec<CreateSelectMenuOption> = candidates
                        .iter()
                        .take(25)
                        .map(|c| {
                            let text = daifugo::hint::candidate_notation(g, c);
                            CreateSelectMenuOption::new(format!("{} ({text})", c.number), text)
                        })
                        .collect();
                    components.push(CreateActionRow::SelectMenu(
                        CreateSelectMenu::new(
                            format!("{stamp}:play"),
                            CreateSelectMenuKind::String { options },
                        )
                        .placeholder(lang.text("Play…", "Jouer…")),
                    ));
                }
                let start = step == daifugo::game::Step::Start;
                let has = |k: Kind| g.hand(seat).iter().any(|&c| g.kind(c) == k);
                let mut buttons = vec![
                    CreateButton::new(format!("{stamp}:draw"))
                        .label(lang.text("Draw", "Piocher"))
                        .style(ButtonStyle::Secondary)
                        .disabled(!start || g.at_limit(seat)),
                    CreateButton::new(format!("{stamp}:d"))
                        .label(lang.text("Play D", "Jouer D"))
                        .style(ButtonStyle::Secondary)
                        .disabled(!start || !has(Kind::D)),
                ];
                if g.options.skip {
                    buttons.push(
                        CreateButton::new(format!("{stamp}:skip"))
                            .label("SKIP")
                            .style(ButtonStyle::Secondary)
                            .disabled(!has(Kind::Skip)),
                    );
                }
                buttons.push(
                    CreateButton::new(format!("{stamp}:pass"))
                        .label(lang.text("Pass", "Passer"))
                        .style(ButtonStyle::Danger)
                        .disabled(g.must_draw()),
                );
                components.push(CreateActionRow::Buttons(buttons));
            }
        }
    }
    let game = g.clone();
    let png = tokio::task::spawn_blocking(move || {
        render::encode_png(&render::daifugo::render_hand(
            &game,
            seat,
            &Theme::default(),
        ))
    })
    .await;
    Post {
        content: clip(&lines.join("\n"), 1_900),
        png: png.ok().and_then(Result::ok),
        file: Some(HAND_FILE),
        components,
        mentions: Vec::new(),
    }
}

/// How a card is named after `discard`.
fn discard_word(kind: Kind) -> String {
    match kind {
        Kind::Number(n) => n.to_string(),
        Kind::FiveNine => "5/9".into(),
        Kind::FourSixEight => "4/6/8".into(),
        Kind::D => "d".into(),
        Kind::Skip => "skip".into(),
    }
}

/// A refusal in the caller's language (the engine's Prime Daifugo errors included).
pub fn refusal(e: &SessionError, lang: Lang) -> String {
    super::components::refusal(e, lang)
}

// ----- commands ----------------------------------------------------------------------

/// Prime Daifugo Lvl. 0: play cards that form a prime larger than the last play
#[poise::command(
    slash_command,
    subcommands(
        "start", "play", "draw", "d", "pass", "skip", "hand", "board", "hint", "end", "rules"
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
    timeout: Option<String>,
    #[description = "Take a seat yourself (default: yes)"]
    #[name_localized("fr", "jouer")]
    #[description_localized("fr", "Prendre une place vous-même (par défaut : oui)")]
    play: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let advanced = advanced.unwrap_or(false);
        let options = daifugo::Options {
            zero: advanced,
            five_nine: advanced,
            four_six_eight: advanced,
            skip: skip.unwrap_or(false),
            hand_limit: hand_limit.unwrap_or(false).then_some(13),
            games_to_win: games.unwrap_or(daifugo::options::DEFAULT_GAMES_TO_WIN),
        };
        let result = async {
            let settings = data.session.settings(place.guild_id).await?;
            let (levels, turn_timeout_secs) =
                seats_and_clock(ai.as_deref(), timeout.as_deref(), &settings)?;
            let spec = LobbySpec {
                ai: levels,
                turn_timeout_secs,
                creator_plays: play.unwrap_or(true),
                locale: caller.game_locale(),
                ..LobbySpec::daifugo(options)
            };
            let actor = caller.actor(&data, true).await;
            data.session.create_lobby(place, &actor, &spec).await
        }
        .await;
        match result {
            Ok(view) => (lobby::lobby_post(&view, lang), false),
            Err(e) => (Post::text(refusal(&e, lang)), true),
        }
    })
    .await
}

/// After an action: the public table, then the actor's own hand (privately) while it is
/// still their turn; then the AI seats play.
async fn act_and_show(ctx: Context<'_>, text: String) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    let mut after: Option<(DaifugoView, Place)> = None;
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        let actor = caller.actor(&data, false).await;
        match data.session.daifugo_act(place, &actor, &text, None).await {
            Ok(view) => {
                let post = public_post(&view, lang).await;
                after = Some((view, place));
                (post, false)
            }
            Err(e) => (Post::text(refusal(&e, lang)), true),
        }
    })
    .await?;
    if let Some((view, place)) = after {
        if let Some(seat) = view.seat_of_user(id(caller.user_id)) {
            if view.game.current() == seat && !view.is_over() {
                ctx.send(hand_post(&view, seat, lang).await.reply(true))
                    .await?;
            }
        }
        if !view.is_over() && view.ai_level(view.game.current()).is_some() {
            clock::spawn_ai(ctx.serenity_context().http.clone(), data, place);
        }
    }
    Ok(())
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
    act_and_show(ctx, cards).await
}

/// The primes the caller could play now that begin with what has been typed.
async fn complete_cards(ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let data = ctx.data();
    let caller = Caller::from_command(ctx);
    let Ok(place) = caller.place() else {
        return Vec::new();
    };
    let Ok(view) = data.session.daifugo_board(place).await else {
        return Vec::new();
    };
    let Some(seat) = view.seat_of_user(id(caller.user_id)) else {
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
    act_and_show(ctx, "draw".into()).await
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
    act_and_show(ctx, "d".into()).await
}

/// Pass (with a [10] in play, passing draws 2)
#[poise::command(
    slash_command,
    name_localized("fr", "passer"),
    description_localized("fr", "Passer (avec un [10] en jeu, passer fait piocher 2)")
)]
pub async fn pass(ctx: Context<'_>) -> Result<(), Error> {
    act_and_show(ctx, "pass".into()).await
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
    act_and_show(ctx, "skip".into()).await
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
    respond(ctx, own_hand(&data, &caller)).await
}

/// The caller's hand, privately (or why not).
pub async fn own_hand(data: &Data, caller: &Caller) -> (Post, bool) {
    let lang = caller.lang();
    let place = match place_of(caller) {
        Ok(p) => p,
        Err(r) => return r,
    };
    match data.session.daifugo_board(place).await {
        Ok(view) => match view.seat_of_user(id(caller.user_id)) {
            Some(seat) => (hand_post(&view, seat, lang).await, true),
            None => (Post::text(refusal(&SessionError::NotInGame, lang)), true),
        },
        Err(e) => (Post::text(refusal(&e, lang)), true),
    }
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
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let caller = Caller::from_command(ctx);
    let lang = caller.lang();
    respond(ctx, async {
        let place = match place_of(&caller) {
            Ok(p) => p,
            Err(r) => return r,
        };
        match data.session.daifugo_board(place).await {
            Ok(view) => (public_post(&view, lang).await, false),
            Err(SessionError::NotStarted) => match data.session.lobby(place).await {
                Ok(l) => (lobby::lobby_post(&l, lang), false),
                Err(e) => (Post::text(refusal(&e, lang)), true),
            },
            Err(e) => (Post::text(refusal(&e, lang)), true),
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
    respond(ctx, async {
        (Post::text(hint_text(&data, &caller).await), true)
    })
    .await
}

/// "With these cards you could play 103, 131, 311", for the caller's own hand.
pub async fn hint_text(data: &Data, caller: &Caller) -> String {
    let lang = caller.lang();
    let Ok(place) = caller.place() else {
        return caller.place().err().unwrap_or_default();
    };
    let view = match data.session.daifugo_board(place).await {
        Ok(v) => v,
        Err(e) => return refusal(&e, lang),
    };
    let Some(seat) = view.seat_of_user(id(caller.user_id)) else {
        return refusal(&SessionError::NotInGame, lang);
    };
    let mut numbers: Vec<String> = daifugo::playable_primes(&view.game, seat)
        .iter()
        .map(|c| {
            format!(
                "{} (`{}`)",
                c.number,
                daifugo::hint::candidate_notation(&view.game, c)
            )
        })
        .collect();
    numbers.dedup();
    if numbers.is_empty() {
        return lang
            .text(
                "No prime can be played with these cards: draw, or pass.",
                "Aucun nombre premier avec ces cartes : piochez, ou passez.",
            )
            .into();
    }
    clip(
        &tr!(
            lang,
            "With these cards you could play {}.",
            "Avec ces cartes vous pourriez jouer {}.",
            numbers.join(", ")
        ),
        1_900,
    )
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
    super::play::end_inner(ctx).await
}

/// How Prime Daifugo is played, in short
#[poise::command(
    slash_command,
    name_localized("fr", "règles"),
    description_localized("fr", "Comment se joue Prime Daifugo, en bref")
)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = Caller::from_command(ctx).lang();
    ctx.send(Post::text(rules_text(lang)).reply(true)).await?;
    Ok(())
}

/// The rules in short (`../shared/rules/prime-daifugo.md`).
pub fn rules_text(lang: Lang) -> &'static str {
    lang.text(
        "**Prime Daifugo Lvl. 0** (2–3 players, 10 cards each)\n\
         **Your turn**: 1) draw a card, or play a [D] (draw 2, then discard 1) — optional; \
         2) play 1–3 cards side by side that form a **prime** (`/daifugo play 3 10` is 310), or pass.\n\
         **Following**: as many cards as the play, and a larger number. Three-card plays use \
         one-digit cards and need a card with the three-card icon (³). [0] is never first.\n\
         **Judgment**: not prime? The cards go back and it counts as a pass (the bot shows the factors).\n\
         **Powers**: [10] Draw 2 — passing on a play with a [10] draws 2. [12] Stop — you end \
         the round and lead again. SKIP (3 players) — the next player loses their turn.\n\
         **Round**: when everyone else passes, the area is cleared and the last player leads.\n\
         **Win**: empty your hand; a match is won at 2 games. Your hand: **Show my hand** or `/daifugo hand`.",
        "**Prime Daifugo Lvl. 0** (2–3 joueurs, 10 cartes chacun)\n\
         **Votre tour** : 1) piochez une carte, ou jouez un [D] (piochez 2, puis défaussez-en 1) — facultatif ; \
         2) jouez 1 à 3 cartes côte à côte qui forment un nombre **premier** (`/daifugo jouer 3 10` vaut 310), ou passez.\n\
         **Suivre** : autant de cartes que le coup en jeu, et un nombre plus grand. Les coups à trois \
         cartes utilisent des cartes à un chiffre et demandent une carte avec l'icône trois cartes (³). [0] n'est jamais en premier.\n\
         **Jugement** : pas premier ? Les cartes reviennent et vous passez (le bot montre les facteurs).\n\
         **Pouvoirs** : [10] Pioche 2 — passer sur un coup avec un [10] fait piocher 2. [12] Stop — vous \
         terminez la manche et menez à nouveau. SKIP (3 joueurs) — le joueur suivant passe son tour.\n\
         **Manche** : quand tous les autres passent, la zone est vidée et le dernier joueur mène.\n\
         **Victoire** : videz votre main ; le match se gagne en 2 parties. Votre main : **Voir ma main** ou `/daifugo main`.",
    )
}
