//! Buttons and select menus: each click is read ([`ids`](super::ids)), checked, turned into
//! one session call, and answered through `reply.rs`. Every click gets an answer, within
//! Discord's 3 s: an id this version cannot read, a value that is not on the menu, a board
//! that has moved on or a lobby that has closed are each told in a short private message.
//! Only the player concerned can act; everyone else is told why not.

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, ComponentInteractionDataKind};

use super::answers::{self, refusal};
use super::caller::Caller;
use super::commands::Threads;
use super::ids::{BoardVerb, Click, HandVerb, LobbyVerb, TableVerb};
use super::posts::{lobby as lobby_post, public_post, Post};
use super::reply::{self, Answer, Shown, Target};
use super::types::Data;
use crate::level::Level;
use crate::session::{Changed, Command, GameView, LobbyAct, LobbyDone, Place, Rematch, Stamp};
use crate::text;

/// The one value chosen in a select menu.
fn selected(click: &ComponentInteraction) -> Option<String> {
    match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => match values.as_slice() {
            [one] => Some(one.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// Handle a button or select menu.
pub async fn handle(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) {
    let caller = Caller::from_component(click);
    let lang = caller.lang();
    let target = Target::Click(click);
    let http = &ctx.http;
    let parsed = match Click::parse(&click.data.custom_id) {
        Ok(parsed) => parsed,
        Err(e) => {
            tracing::info!("a click this version cannot read: {e}");
            return reply::refuse(target, http, text::bot::unknown_button(lang)).await;
        }
    };
    let here = match caller.place() {
        Ok(p) => p,
        Err(t) => return reply::refuse(target, http, &t).await,
    };
    // The game the click names is played where it is played: a lobby's buttons in a
    // channel act on a game whose thread is elsewhere.
    let game_id = match &parsed {
        Click::Board { stamp, .. } | Click::Hand { stamp, .. } => stamp.game_id,
        Click::Lobby { game_id, .. }
        | Click::Table { game_id, .. }
        | Click::Rematch { game_id } => *game_id,
        // A new game, where the learner is.
        Click::LearnPlay => {
            let work = super::commands::learn::play_click(http, data, &caller);
            return reply::answer(target, http, data, Shown::Update, work).await;
        }
        // Another page of the teacher's list: it names no game.
        Click::ClassGames { everywhere, page } => {
            let work = async {
                // The page replaces the one clicked; a refusal is told privately.
                let mut answer =
                    super::commands::class::games_page(data, &caller, *everywhere, *page).await;
                if !answer.post.components.is_empty() {
                    answer.shown = Shown::Update;
                }
                answer
            };
            return reply::answer(target, http, data, Shown::Update, work).await;
        }
    };
    let place = match data
        .session
        .classes()
        .place_of(game_id, here.guild_id)
        .await
    {
        Ok(Some(place)) => place,
        Ok(None) => return reply::refuse(target, http, text::bot::stale_board(lang)).await,
        Err(e) => return reply::refuse(target, http, &text::errors::refusal(&e, lang)).await,
    };
    let value = selected(click);
    // The verbs that come from a menu need one value.
    let needs_value = matches!(
        parsed,
        Click::Board {
            verb: BoardVerb::Pick(_),
            ..
        } | Click::Lobby {
            verb: LobbyVerb::Ai,
            ..
        } | Click::Hand {
            verb: HandVerb::Play | HandVerb::Discard,
            ..
        }
    );
    if needs_value && value.is_none() {
        return reply::refuse(target, http, text::bot::not_on_menu(lang)).await;
    }
    let value = value.unwrap_or_default();
    match parsed {
        // Answered above: they name no game.
        Click::LearnPlay | Click::ClassGames { .. } => {}
        Click::Rematch { game_id } => {
            rematch_click(ctx, target, data, &caller, click, game_id).await
        }
        Click::Board { stamp, verb } => {
            board_click(ctx, target, data, &caller, place, stamp, verb, &value).await
        }
        Click::Lobby { game_id, verb } => {
            lobby_click(ctx, target, data, &caller, place, game_id, verb, &value).await
        }
        Click::Table { game_id, verb } => {
            let work = async {
                match verb {
                    TableVerb::Hint => {
                        Answer::private(answers::daifugo_hint(data, &caller, Some(game_id)).await)
                    }
                    TableVerb::ShowHand => {
                        answers::daifugo_hand(data, &caller, Some(game_id)).await
                    }
                }
            };
            reply::answer(target, http, data, Shown::Private, work).await
        }
        Click::Hand { stamp, verb } => {
            let words = match verb {
                HandVerb::Draw => "draw".to_string(),
                HandVerb::PlayD => "d".to_string(),
                HandVerb::Pass => "pass".to_string(),
                HandVerb::Skip => "skip".to_string(),
                HandVerb::Play => value,
                HandVerb::Discard => format!("discard {value}"),
            };
            let work = async {
                let actor = caller.actor();
                match data
                    .session
                    .play()
                    .daifugo_act(place, &actor, &words, Some(stamp))
                    .await
                {
                    Ok(view) => answers::daifugo_acted(data, &caller, place, view).await,
                    Err(e) => Answer::private(refusal(&e, lang)),
                }
            };
            reply::answer(target, http, data, Shown::Public, work).await
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn board_click(
    ctx: &serenity::Context,
    target: Target<'_>,
    data: &Data,
    caller: &Caller,
    place: Place,
    stamp: Stamp,
    verb: BoardVerb,
    value: &str,
) {
    let lang = caller.lang();
    let http = &ctx.http;
    let command = match verb {
        BoardVerb::End => Command::EndMove,
        BoardVerb::Undo => Command::Undo,
        BoardVerb::Pick(page) => match value.parse::<usize>() {
            Ok(n)
                if n >= 1 && (n - 1) / crate::discord::posts::MENU_OPTIONS == usize::from(page) =>
            {
                Command::Choose(n)
            }
            _ => return reply::refuse(target, http, text::bot::not_on_menu(lang)).await,
        },
        BoardVerb::Hint => {
            let work = async { Answer::private(answers::climb_hint(data, caller, 3).await) };
            return reply::answer(target, http, data, Shown::Private, work).await;
        }
        BoardVerb::Moves => {
            let work = async { Answer::private(answers::climb_moves(data, caller).await) };
            return reply::answer(target, http, data, Shown::Private, work).await;
        }
    };
    let work = async {
        let actor = caller.actor();
        match data
            .session
            .play()
            .act(place, &actor, command, Some(stamp))
            .await
        {
            Ok(view) => answers::climb_changed(data, caller, place, view, lang).await,
            Err(e) => Answer::private(refusal(&e, lang)),
        }
    };
    reply::answer(target, http, data, Shown::Public, work).await
}

#[allow(clippy::too_many_arguments)]
async fn lobby_click(
    ctx: &serenity::Context,
    target: Target<'_>,
    data: &Data,
    caller: &Caller,
    place: Place,
    game_id: i64,
    verb: LobbyVerb,
    value: &str,
) {
    let lang = caller.lang();
    let http = &ctx.http;
    let act = match verb {
        LobbyVerb::Join => LobbyAct::Join,
        LobbyVerb::Leave => LobbyAct::Leave,
        LobbyVerb::Cancel => LobbyAct::Cancel,
        LobbyVerb::Start => LobbyAct::Start,
        LobbyVerb::Ai if value == lobby_post::REMOVE_AI => LobbyAct::RemoveAi,
        LobbyVerb::Ai => match value.parse::<Level>() {
            Ok(level) => LobbyAct::AddAi(level),
            Err(_) => return reply::refuse(target, http, text::bot::not_on_menu(lang)).await,
        },
    };
    let room = caller.room();
    let work = async {
        let done = data
            .session
            .lobbies()
            .lobby_act(place, game_id, act, &caller.actor(), room)
            .await;
        match done {
            Ok(LobbyDone::Changed { lobby, note }) => {
                let mut post = lobby_post::changed_post(&lobby, &caller.name, lang);
                if let Some(note) = text::bot::placed_note(note, lang) {
                    post = post.headed(note);
                }
                Answer::new(post, Shown::Update)
                    .then_announce(lobby.info.id, act == LobbyAct::Cancel)
            }
            Ok(LobbyDone::Started(changed)) => started(data, place, *changed, lang).await,
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    };
    reply::answer(target, http, data, Shown::Update, work).await
}

/// The game has started: the lobby message says so, the first board is posted in the
/// channel (whatever becomes of the lobby's update), pinging as the session decided, and
/// what follows (notices, an AI seat to move).
async fn started(
    data: &Data,
    place: Place,
    changed: Changed<GameView>,
    lang: crate::lang::Lang,
) -> Answer {
    let mut board: Post = public_post(data, &changed.view).await;
    board.ping(&changed.pings);
    let mut answer = Answer::new(
        lobby_post::started_post(changed.info(), lang),
        Shown::Update,
    )
    .then_ai(place, changed.ai_next)
    .then_notify(changed.notices);
    answer.channel_posts.push((place, board));
    answer
}

/// A finished game's Rematch button: the clicker's vote; once every person seated has
/// asked, the new game opens (in a new thread where the server has threads) and the
/// result's button goes.
async fn rematch_click(
    ctx: &serenity::Context,
    target: Target<'_>,
    data: &Data,
    caller: &Caller,
    click: &ComponentInteraction,
    game_id: i64,
) {
    let lang = caller.lang();
    let http = &ctx.http;
    let clicked = (
        crate::discord::snowflake::id(click.channel_id.get()),
        crate::discord::snowflake::id(click.message.id.get()),
    );
    let work = async {
        let Some(guild) = caller.guild_id.map(crate::discord::snowflake::id) else {
            return Answer::private(text::bot::not_in_dm(lang));
        };
        let may_open = caller
            .app_permissions
            .is_some_and(|p| p.contains(crate::discord::threads::THREAD_PERMISSIONS));
        let front = Threads {
            http,
            opener: &caller.name,
        };
        let actor = caller.actor();
        let lobbies = data.session.lobbies();
        match lobbies
            .rematch(game_id, guild, &actor, may_open, &front)
            .await
        {
            Ok(Rematch::Waiting {
                waiting,
                waiting_ids,
                pings,
            }) => {
                let mentions: Vec<String> = waiting
                    .iter()
                    .zip(&waiting_ids)
                    .map(|(name, id)| format!("<@{id}> ({name})"))
                    .collect();
                let mut post =
                    Post::text(text::notify::rematch_asked(&caller.name, &mentions, lang));
                post.mentions = pings.users.clone();
                post.ping(&pings);
                Answer::public(post)
            }
            Ok(Rematch::Opened {
                from,
                place,
                view,
                lang: game_lang,
            }) => {
                let info = view.info();
                let people: Vec<i64> = (0..info.seats.len())
                    .filter_map(|s| info.user_of(s))
                    .collect();
                let mentions: Vec<String> = people.iter().map(|u| format!("<@{u}>")).collect();
                let welcome = Post {
                    mentions: people
                        .iter()
                        .filter_map(|&u| u64::try_from(u).ok())
                        .collect(),
                    ..Post::text(text::notify::rematch_welcome(from, &mentions, game_lang))
                };
                let board = public_post(data, &view).await;
                let mut answer = Answer::public(Post::text(text::notify::rematch_started(
                    info.kind,
                    info.id,
                    place.channel_id,
                    lang,
                )))
                .then_ai(place, view.ai_to_move());
                answer.channel_posts = vec![(place, welcome), (place, board)];
                answer.strip.push(clicked);
                answer
            }
            Err(e) => Answer::private(text::errors::refusal(&e, lang)),
        }
    };
    reply::answer(target, http, data, Shown::Public, work).await
}
