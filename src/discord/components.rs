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
use super::posts::{climb as board_post, lobby as lobby_post, public_post, Post};
use super::reply::{self, Answer, Shown, Target};
use super::snowflake;
use super::types::Data;
use crate::session::ids::{Asked, Click};
use crate::session::{Changed, ClickAsk, Clicked, GameView, LobbyAct, LobbyDone, Place, Rematch};
use crate::text::{self, Markup};

const M: Markup = Markup::Discord;

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
    let ask = match parsed.ask(selected(click), caller.room(), caller.may_open_threads()) {
        Asked::Game(ask) => ask,
        Asked::NotOnMenu => return reply::refuse(target, http, text::bot::not_on_menu(lang)).await,
        Asked::OpenBoard => return reply::launch(target, http, lang).await,
        // A new game, where the learner is.
        Asked::LearnPlay => {
            let work = super::commands::learn::play_click(http, data, &caller);
            return reply::answer(target, http, data, Shown::Update, work).await;
        }
        // Another page of the teacher's list: it names no game.
        Asked::ClassGames { everywhere, page } => {
            let work = async {
                // The page replaces the one clicked; a refusal is told privately.
                let mut answer =
                    super::commands::class::games_page(data, &caller, everywhere, page).await;
                if !answer.post.components.is_empty() {
                    answer.shown = Shown::Update;
                }
                answer
            };
            return reply::answer(target, http, data, Shown::Update, work).await;
        }
    };
    // How the answer is most likely shown: a change of a game to everyone, what only
    // concerns the clicker to them, a lobby or a board's buttons in place.
    let shown = match ask {
        ClickAsk::Climb { .. } | ClickAsk::Daifugo { .. } | ClickAsk::Rematch { .. } => {
            Shown::Public
        }
        ClickAsk::ClimbHint { .. } | ClickAsk::ClimbMoves { .. } | ClickAsk::Hand { .. } => {
            Shown::Private
        }
        ClickAsk::ClimbPawn { .. } | ClickAsk::Lobby { .. } => Shown::Update,
    };
    // A private board speaks its viewer's language; a public one, the game's.
    let ephemeral = click
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let cancel = matches!(
        ask,
        ClickAsk::Lobby {
            act: LobbyAct::Cancel,
            ..
        }
    );
    let clicked = (
        snowflake::id(click.channel_id.get()),
        snowflake::id(click.message.id.get()),
    );
    let work = async {
        let front = Threads {
            http,
            opener: &caller.name,
        };
        let actor = caller.actor();
        let play = data.session.play();
        let done = match play.click(here.guild_id, &actor, ask, &front).await {
            Ok(done) => done,
            Err(e) => return Answer::private(refusal(&e, lang)),
        };
        match done {
            Clicked::Climb(place, changed) => {
                answers::climb_changed(data, &caller, place, *changed, lang).await
            }
            Clicked::ClimbHint(view, hints) => {
                Answer::private(answers::hints_words(&view, &hints, &caller, lang))
            }
            // Only the buttons change: the steps of the pawn picked, or the pawns again.
            Clicked::ClimbPawn(view, pawn) => {
                let lang = if ephemeral { lang } else { view.info.lang };
                Answer::new(
                    board_post::steps_update(data, &view, pawn, lang),
                    Shown::Update,
                )
            }
            Clicked::ClimbMoves(view, outcomes) => {
                Answer::private(text::climb::moves_text(&view.game, &outcomes, lang, M))
            }
            Clicked::Lobby(_, LobbyDone::Changed { lobby, note }) => {
                let mut post = lobby_post::changed_post(&lobby, &caller.name, lang);
                if let Some(note) = text::bot::placed_note(note, lang) {
                    post = post.headed(note);
                }
                Answer::new(post, Shown::Update).then_announce(lobby.info.id, cancel)
            }
            Clicked::Lobby(place, LobbyDone::Started(changed)) => {
                started(data, place, *changed, lang).await
            }
            Clicked::Daifugo(place, changed) => {
                answers::daifugo_acted(data, &caller, place, *changed).await
            }
            Clicked::Hand(hand, true) => Answer::private(answers::hint_words(&hand, lang)),
            Clicked::Hand(hand, false) => answers::hand_answer(data, &hand, lang).await,
            Clicked::Rematch(rematch) => match rematch {
                Rematch::Waiting {
                    waiting,
                    waiting_ids,
                    pings,
                } => {
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
                Rematch::Opened {
                    from,
                    place,
                    changed,
                    lang: game_lang,
                } => {
                    let info = changed.info();
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
                    let mut board = public_post(data, &changed.view).await;
                    board.ping(&changed.pings);
                    let mut answer = Answer::public(Post::text(text::notify::rematch_started(
                        info.kind,
                        info.id,
                        place.channel_id,
                        lang,
                    )))
                    .then_ai(place, changed.ai_next)
                    .then_notify(changed.notices.clone());
                    answer.channel_posts = vec![(place, welcome), (place, board)];
                    answer.strip.push(clicked);
                    answer
                }
            },
        }
    };
    reply::answer(target, http, data, shown, work).await
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
