//! Buttons and select menus. Their custom ids carry the game and, for a board, the version
//! it was drawn for (`climb:<game>:<version>:<verb>`, `lobby:<game>:<verb>`), so they keep
//! working after a restart, and a click on an old board gets a polite "this board has
//! moved on". Only the player concerned can act; everyone else gets an ephemeral answer.

use std::future::Future;

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse};
use tracing::warn;

use super::caller::Caller;
use super::clock;
use super::lobby;
use super::locale::Lang;
use super::play::{hint_text, moves_text};
use super::text::{self, tr};
use super::turn::{self, Post};
use super::Data;
use crate::climb::ai::Level;
use crate::session::{ClimbView, Command, GameView, Place, SessionError, Stamp};
use crate::store::Status;

/// What a custom id asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    Board {
        stamp: Stamp,
        verb: BoardVerb,
    },
    Lobby {
        game_id: i64,
        verb: LobbyVerb,
    },
    /// Prime Daifugo: show the clicker's hand, or a hint (any time, for anyone seated).
    Hand {
        game_id: i64,
        hint: bool,
    },
    /// Prime Daifugo: an action from the hand message (`draw`, `d`, `pass`, `skip`, or a
    /// menu: `play`, `discard`).
    Cards {
        stamp: Stamp,
        verb: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardVerb {
    End,
    Undo,
    /// A card choice from a select menu (the value is the choice's number).
    Pick,
    Hint,
    Moves,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyVerb {
    Join,
    Leave,
    Start,
    Cancel,
    /// The AI menu: a level, or `remove`.
    Ai,
}

/// Read a custom id; `None` for anything this bot did not make.
pub fn parse(custom_id: &str) -> Option<Click> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    match parts.as_slice() {
        ["climb", game, version, verb] => {
            let stamp = Stamp {
                game_id: game.parse().ok()?,
                version: version.parse().ok()?,
            };
            let verb = match *verb {
                "end" => BoardVerb::End,
                "undo" => BoardVerb::Undo,
                "hint" => BoardVerb::Hint,
                "moves" => BoardVerb::Moves,
                v if v.starts_with("pick") => BoardVerb::Pick,
                _ => return None,
            };
            Some(Click::Board { stamp, verb })
        }
        ["daifugo", game, "hand"] => Some(Click::Hand {
            game_id: game.parse().ok()?,
            hint: false,
        }),
        ["daifugo", game, "hint"] => Some(Click::Hand {
            game_id: game.parse().ok()?,
            hint: true,
        }),
        ["daifugo", game, version, verb] => {
            if !matches!(*verb, "draw" | "d" | "pass" | "skip" | "play" | "discard") {
                return None;
            }
            Some(Click::Cards {
                stamp: Stamp {
                    game_id: game.parse().ok()?,
                    version: version.parse().ok()?,
                },
                verb: verb.to_string(),
            })
        }
        ["lobby", game, verb] => {
            let verb = match *verb {
                "join" => LobbyVerb::Join,
                "leave" => LobbyVerb::Leave,
                "start" => LobbyVerb::Start,
                "cancel" => LobbyVerb::Cancel,
                "ai" => LobbyVerb::Ai,
                _ => return None,
            };
            Some(Click::Lobby {
                game_id: game.parse().ok()?,
                verb,
            })
        }
        _ => None,
    }
}

/// The first value of a select menu.
fn selected(click: &ComponentInteraction) -> Option<String> {
    match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    }
}

/// Answer only the person who clicked.
async fn whisper(ctx: &serenity::Context, click: &ComponentInteraction, text: String) {
    let response = CreateInteractionResponse::Message(Post::text(text).response(true));
    if let Err(e) = click.create_response(&ctx.http, response).await {
        warn!("answering a click failed: {e}");
    }
}

/// Respond with what `work` builds; if it is not ready in time, acknowledge first
/// (Discord allows 3 s) and send it as a followup.
async fn respond_in_time<F>(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    ephemeral: bool,
    work: F,
) where
    F: Future<Output = Post> + Send,
{
    tokio::pin!(work);
    let ready = tokio::select! {
        post = &mut work => Some(post),
        () = tokio::time::sleep(data.timing.defer_after) => None,
    };
    let result = match ready {
        Some(post) => {
            click
                .create_response(
                    &ctx.http,
                    CreateInteractionResponse::Message(post.response(ephemeral)),
                )
                .await
        }
        None => {
            let defer = if ephemeral {
                click.defer_ephemeral(&ctx.http).await
            } else {
                click.defer(&ctx.http).await
            };
            if let Err(e) = defer {
                warn!("deferring a click failed: {e}");
            }
            let post = work.await;
            click
                .create_followup(&ctx.http, post.followup(ephemeral))
                .await
                .map(|_| ())
        }
    };
    if let Err(e) = result {
        warn!("answering a click failed: {e}");
    }
}

/// Handle a button or select menu of this bot.
pub async fn handle(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) {
    let caller = Caller::from_component(click);
    let Some(parsed) = parse(&click.data.custom_id) else {
        return; // not ours
    };
    let place = match caller.place() {
        Ok(p) => p,
        Err(msg) => return whisper(ctx, click, msg).await,
    };
    match parsed {
        Click::Board { stamp, verb } => {
            board_click(ctx, click, data, &caller, place, stamp, verb).await
        }
        Click::Lobby { game_id, verb } => {
            lobby_click(ctx, click, data, &caller, place, game_id, verb).await
        }
        Click::Hand { game_id, hint } => {
            let lang = caller.lang();
            let current = data.session.daifugo_board(place).await;
            if !current.is_ok_and(|v| v.row.id == game_id) {
                let text = refusal(&SessionError::Moved, lang);
                return whisper(ctx, click, text).await;
            }
            if hint {
                let text = super::daifugo::hint_text(data, &caller).await;
                respond_in_time(ctx, click, data, true, async { Post::text(text) }).await;
            } else {
                let work = async { super::daifugo::own_hand(data, &caller).await.0 };
                respond_in_time(ctx, click, data, true, work).await;
            }
        }
        Click::Cards { stamp, verb } => {
            cards_click(ctx, click, data, &caller, place, stamp, verb).await
        }
    }
}

/// The message for a refused click.
pub fn refusal(e: &SessionError, lang: Lang) -> String {
    match e {
        SessionError::Moved => lang
            .text(
                "This board has moved on: someone played since it was posted. Use the newest message, or `/climb board`.",
                "Ce plateau n'est plus à jour : quelqu'un a joué depuis. Utilisez le message le plus récent, ou `/climb board`.",
            )
            .to_string(),
        other => text::error(other, lang),
    }
}

#[allow(clippy::too_many_arguments)]
async fn board_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    caller: &Caller,
    place: Place,
    stamp: Stamp,
    verb: BoardVerb,
) {
    let lang = caller.lang();
    let command = match verb {
        BoardVerb::End => Command::EndMove,
        BoardVerb::Undo => Command::Undo,
        BoardVerb::Pick => match selected(click).and_then(|v| v.parse::<usize>().ok()) {
            Some(n) => Command::Choose(n),
            None => return,
        },
        BoardVerb::Hint => {
            let text = hint_text(data, place, caller, 3).await;
            return respond_in_time(ctx, click, data, true, async { Post::text(text) }).await;
        }
        BoardVerb::Moves => {
            let text = moves_text(data, place, lang).await;
            return respond_in_time(ctx, click, data, true, async { Post::text(text) }).await;
        }
    };
    let actor = caller.actor(data, false).await;
    match data.session.act(place, &actor, command, Some(stamp)).await {
        Ok(view) => {
            let next_is_ai = next_is_ai(&view);
            respond_in_time(ctx, click, data, false, turn::board_post(&view, lang)).await;
            if next_is_ai {
                clock::spawn_ai(ctx.http.clone(), data.clone(), place);
            }
        }
        Err(e) => whisper(ctx, click, refusal(&e, lang)).await,
    }
}

/// A Prime Daifugo action from the hand message: the public table for everyone, then the
/// clicker's hand again (privately) while it is still their turn.
async fn cards_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    caller: &Caller,
    place: Place,
    stamp: Stamp,
    verb: String,
) {
    let lang = caller.lang();
    let text = match verb.as_str() {
        "play" => match selected(click) {
            Some(cards) => cards,
            None => return,
        },
        "discard" => match selected(click) {
            Some(card) => format!("discard {card}"),
            None => return,
        },
        other => other.to_string(),
    };
    let actor = caller.actor(data, false).await;
    match data
        .session
        .daifugo_act(place, &actor, &text, Some(stamp))
        .await
    {
        Ok(view) => {
            let table = super::daifugo::public_post(&view, lang).await;
            respond_in_time(ctx, click, data, false, async { table }).await;
            let seat = view.seat_of_user(super::caller::id(caller.user_id));
            if let Some(seat) = seat.filter(|&s| view.game.current() == s && !view.is_over()) {
                let hand = super::daifugo::hand_post(&view, seat, lang).await;
                if let Err(e) = click.create_followup(&ctx.http, hand.followup(true)).await {
                    warn!("showing the hand failed: {e}");
                }
            }
            if !view.is_over() && view.ai_level(view.game.current()).is_some() {
                clock::spawn_ai(ctx.http.clone(), data.clone(), place);
            }
        }
        Err(e) => whisper(ctx, click, refusal(&e, lang)).await,
    }
}

/// Whether an AI seat is to move after this change.
pub fn next_is_ai(view: &ClimbView) -> bool {
    !view.is_over() && view.ai_level(view.game.current()).is_some()
}

#[allow(clippy::too_many_arguments)]
async fn lobby_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    caller: &Caller,
    place: Place,
    game_id: i64,
    verb: LobbyVerb,
) {
    let lang = caller.lang();
    // The lobby must still be this channel's open game.
    match data.session.lobby(place).await {
        Ok(view) if view.row.id == game_id && view.row.status == Status::Lobby => {}
        _ => {
            return whisper(
                ctx,
                click,
                lang.text(
                    "This lobby is closed: the game has started or was cancelled.",
                    "Ce salon d'attente est fermé : la partie a commencé ou a été annulée.",
                )
                .into(),
            )
            .await
        }
    }
    let actor = caller
        .actor(data, matches!(verb, LobbyVerb::Cancel | LobbyVerb::Start))
        .await;
    let session = &data.session;
    let result = match verb {
        LobbyVerb::Join => session.join(place, &actor).await,
        LobbyVerb::Leave => session.leave(place, &actor).await,
        LobbyVerb::Cancel => session.end_game(place, &actor).await,
        LobbyVerb::Ai => match selected(click).as_deref() {
            Some("remove") => session.remove_ai(place, &actor).await,
            Some(level) => match level.parse::<Level>() {
                Ok(level) => session.add_ai(place, &actor, level).await,
                Err(_) => return,
            },
            None => return,
        },
        LobbyVerb::Start => {
            return match session.start(place, &actor).await {
                Ok(view) => started(ctx, click, data, place, view, lang).await,
                Err(e) => whisper(ctx, click, text::error(&e, lang)).await,
            }
        }
    };
    match result {
        Ok(view) => {
            let mut post = lobby::lobby_post(&view, lang);
            if view.row.status == Status::Ended {
                post.content = tr!(
                    lang,
                    "{}\nClosed by **{}**.",
                    "{}\nFermé par **{}**.",
                    post.content,
                    caller.name
                );
            }
            let response = CreateInteractionResponse::UpdateMessage(post.response(false));
            if let Err(e) = click.create_response(&ctx.http, response).await {
                warn!("updating the lobby failed: {e}");
            }
        }
        Err(e) => whisper(ctx, click, text::error(&e, lang)).await,
    }
}

/// The game has started: the lobby message says so, and the first board is posted.
async fn started(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    place: Place,
    view: GameView,
    lang: Lang,
) {
    let title = match view {
        GameView::Climb(_) => "Prime Climb",
        GameView::Daifugo(_) => "Prime Daifugo",
    };
    let names: Vec<String> = view
        .row()
        .seats
        .iter()
        .map(|s| match s.user_id {
            Some(id) => format!("<@{id}>"),
            None => format!("🤖 {}", s.name),
        })
        .collect();
    let text = tr!(
        lang,
        "**{}** · game #{} has started: {} (turn order).",
        "**{}** · la partie n° {} a commencé : {} (ordre de jeu).",
        title,
        view.row().id,
        names.join(", ")
    );
    let update = CreateInteractionResponse::UpdateMessage(Post::text(text).response(false));
    if let Err(e) = click.create_response(&ctx.http, update).await {
        warn!("updating the lobby failed: {e}");
    }
    let board = clock::public_post(&view).await;
    clock::post(&ctx.http, place, board).await;
    if view.ai_to_move() {
        clock::spawn_ai(ctx.http.clone(), data.clone(), place);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_read_back() {
        assert_eq!(
            parse("climb:12:34:end"),
            Some(Click::Board {
                stamp: Stamp {
                    game_id: 12,
                    version: 34
                },
                verb: BoardVerb::End
            })
        );
        assert!(matches!(
            parse("climb:1:2:pick1"),
            Some(Click::Board {
                verb: BoardVerb::Pick,
                ..
            })
        ));
        assert_eq!(
            parse("lobby:7:join"),
            Some(Click::Lobby {
                game_id: 7,
                verb: LobbyVerb::Join
            })
        );
        for junk in [
            "",
            "climb",
            "climb:x:1:end",
            "climb:1:2:dance",
            "lobby:1",
            "other:1:2:3",
        ] {
            assert_eq!(parse(junk), None, "{junk}");
        }
    }
}
