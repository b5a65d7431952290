//! The web front (ARCHITECTURE.md): pages served by the bot's own process, from the same
//! database, with nothing to build and nothing to log in to. A link (`/climb watch`) is a
//! signed capability for one game (`session::watching`); its page shows the board as an
//! SVG drawn from the PNG's own geometry, whose turn, the story of every turn (stepped
//! back through like a replay) and the board in words, and follows the game live.
//!
//! Routes (relative links throughout, so the pages work behind a reverse proxy's path):
//! - `GET /game/{token}`: the page;
//! - `GET /game/{token}/state`: its changing parts as JSON (what the live page swaps in);
//! - `GET /game/{token}/live`: server-sent events, `version` each time the game changes
//!   (any process's change: the version is read from the database, `live.rs`);
//! - `GET /game/{token}/turn/{k}`: the board after turn `k`, and that turn's story;
//! - `GET /class/{token}` (with `/state` and `/live`): a class on one screen, every open
//!   game of a channel or a server as a grid of live boards, and the season's standings;
//! - `GET /season/{token}`: a server's standings for the season (`/leaderboard`'s page);
//! - `GET /static/app.js`, `/static/class.js`, `/static/live.js`, `/static/app.css`: the
//!   pages' scripts and style, compiled in;
//! - `/activity/…`: the board as a Discord Activity, when `DISCORD_CLIENT_SECRET` turns
//!   it on (`activity.rs`).
//!
//! Every page is sent with a strict Content-Security-Policy (scripts and styles from the
//! bot only, no inline script), no referrer (the token is in the address), and gzip.

mod activity;
mod live;
mod page;
mod respond;

pub use activity::Discord;

pub use live::MAX_PER_LINK as MAX_PAGES_PER_LINK;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tracing::{info, warn};

use crate::config::WebConfig;
use crate::lang::Lang;
use crate::session::{ClassWatched, LinkRefusal, Scope, Session, SessionError, Watched};
use crate::text::web as words;
use respond::{asset, html, json};

static APP_JS: &str = include_str!("../../assets/web/app.js");
static APP_CSS: &str = include_str!("../../assets/web/app.css");
static CLASS_JS: &str = include_str!("../../assets/web/class.js");
static LIVE_JS: &str = include_str!("../../assets/web/live.js");

/// What every request of the web front shares.
struct Web {
    session: Session,
    config: WebConfig,
    live: Arc<live::Live>,
    /// The parts of games' pages as last drawn, by game, version, look and language: every
    /// page of a game asks for them after each move, and they are drawn once.
    drawn: std::sync::Mutex<HashMap<Drawn, Arc<String>>>,
}

/// A game's page parts as drawn: game, version, look, language.
type Drawn = (i64, i64, crate::render::Look, Lang);

/// How many drawn pages' parts are kept (a few per game being watched).
const DRAWN_KEPT: usize = 256;

/// `?lang=fr`: the page's language (else the game's).
#[derive(Deserialize)]
struct Ask {
    lang: Option<String>,
}

impl Ask {
    fn lang(&self) -> Option<Lang> {
        match self.lang.as_deref() {
            Some("fr") => Some(Lang::Fr),
            Some("en") => Some(Lang::En),
            _ => None,
        }
    }
}

/// Serve the pages on `config.addr` until `shutdown` completes; the address it listens on
/// is returned once it does (port 0 picks a free one).
pub async fn serve(
    session: Session,
    config: WebConfig,
    discord: Option<Discord>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    // At shutdown the live streams end first, so the server's own shutdown (which waits
    // for every open response) is not held up by pages that would never leave.
    let (close, closing) = tokio::sync::watch::channel(false);
    let live = live::Live::new(session.clone(), closing);
    let shutdown = async move {
        shutdown.await;
        let _ = close.send(true);
    };
    let activity = activity::Activity::of(&session, &config, discord);
    let web = Arc::new(Web {
        session,
        config,
        live,
        drawn: std::sync::Mutex::default(),
    });
    let csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
               connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
    let mut router = Router::new();
    if activity.is_some() {
        // The Activity's page follows its game's live stream and takes the pages' style,
        // under its own path (Discord's proxy maps nothing else).
        router = router
            .route("/activity/game/{token}/live", get(game_live))
            .route(
                "/activity/app.css",
                get(|| asset(APP_CSS, "text/css; charset=utf-8")),
            );
    }
    let mut router = router
        .route("/", get(home))
        .route("/game/{token}", get(game_page))
        .route("/game/{token}/state", get(game_state))
        .route("/game/{token}/live", get(game_live))
        .route("/game/{token}/turn/{k}", get(game_turn))
        .route("/class/{token}", get(class_page))
        .route("/class/{token}/state", get(class_state))
        .route("/class/{token}/live", get(class_live))
        .route("/season/{token}", get(season_page))
        .route(
            "/static/live.js",
            get(|| asset(LIVE_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/static/class.js",
            get(|| asset(CLASS_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/static/app.js",
            get(|| asset(APP_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/static/app.css",
            get(|| asset(APP_CSS, "text/css; charset=utf-8")),
        )
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found") })
        .with_state(web);
    if let Some(activity) = activity {
        router = router.merge(activity::routes(activity));
    }
    let router = router
        .layer(CompressionLayer::new())
        // The Activity's routes set their own (Discord frames them).
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(csp),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ));
    info!(%addr, "web pages served");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router)
            .with_graceful_shutdown(shutdown)
            .await
        {
            warn!("the web server stopped: {e}");
        }
    });
    Ok(addr)
}

async fn home() -> Response {
    html(
        StatusCode::OK,
        page::notice(
            "Prime Climb: open a game's link from Discord (/climb watch).",
            Lang::En,
        ),
    )
}

/// Why a request shows no game, as the page says it.
enum Refusal {
    Link(LinkRefusal),
    NoGame,
    Busy,
    Failed,
}

impl Refusal {
    fn response(self, lang: Lang) -> Response {
        let (status, message) = match self {
            Refusal::Link(r) => (StatusCode::FORBIDDEN, words::refused(r, lang)),
            Refusal::NoGame => (StatusCode::NOT_FOUND, words::no_game(lang)),
            Refusal::Busy => (StatusCode::TOO_MANY_REQUESTS, words::too_many(lang)),
            Refusal::Failed => (
                StatusCode::SERVICE_UNAVAILABLE,
                lang.text(
                    "The game cannot be read just now: the page will try again.",
                    "La partie ne peut pas être lue pour l'instant : la page va réessayer.",
                ),
            ),
        };
        html(status, page::notice(message, lang))
    }
}

impl Web {
    /// What a token shows, or why nothing.
    async fn scope_of(&self, token: &str) -> Result<Scope, Refusal> {
        match self
            .session
            .watching()
            .open(&self.config.link_key, token)
            .await
        {
            Ok(Ok(scope)) => Ok(scope),
            Ok(Err(refusal)) => Err(Refusal::Link(refusal)),
            Err(e) => {
                warn!("a link could not be checked: {e}");
                Err(Refusal::Failed)
            }
        }
    }

    /// The game a game's token opens (another page's token opens no game page).
    async fn game_of(&self, token: &str) -> Result<i64, Refusal> {
        match self.scope_of(token).await? {
            Scope::Game(id) => Ok(id),
            Scope::Class { .. } | Scope::Season { .. } => Err(Refusal::Link(LinkRefusal::Unknown)),
        }
    }

    /// The game a token opens, as its page shows it.
    async fn watched(&self, token: &str) -> Result<Watched, Refusal> {
        let game_id = self.game_of(token).await?;
        match self.session.watching().page(game_id).await {
            Ok(w) => Ok(w),
            Err(SessionError::NoGame | SessionError::NotStarted) => Err(Refusal::NoGame),
            Err(e) => {
                warn!(game = game_id, "a game's page could not be read: {e}");
                Err(Refusal::Failed)
            }
        }
    }

    /// The class a class's token opens, as its page shows it.
    async fn class(&self, token: &str) -> Result<ClassWatched, Refusal> {
        let Scope::Class { guild, channel, .. } = self.scope_of(token).await? else {
            return Err(Refusal::Link(LinkRefusal::Unknown));
        };
        self.session
            .watching()
            .class(guild, channel)
            .await
            .map_err(|e| {
                warn!(guild, "a class's page could not be read: {e}");
                Refusal::Failed
            })
    }
}

/// The game a request's token opens and the page's language (asked for, else the
/// game's), or the page that says why there is none.
async fn opened(web: &Web, token: &str, ask: &Ask) -> Result<(Watched, Lang), Response> {
    match web.watched(token).await {
        Ok(w) => {
            let lang = ask.lang().unwrap_or(w.info().lang);
            Ok((w, lang))
        }
        Err(r) => Err(r.response(ask.lang().unwrap_or(Lang::En))),
    }
}

/// Drawing is CPU work: done on the blocking pool.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(f).await.ok()
}

async fn game_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    let (watched, lang) = match opened(&web, &token, &ask).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    match blocking(move || {
        let parts = page::parts(&watched, lang);
        page::page(&watched, &parts, lang)
    })
    .await
    {
        Some(body) => html(StatusCode::OK, body),
        None => Refusal::Failed.response(lang),
    }
}

async fn game_state(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    let fallback = ask.lang().unwrap_or(Lang::En);
    // Every page of a game asks after each move: one read finds the parts already drawn
    // for this version, look and language; only the first asker replays and draws.
    let game_id = match web.game_of(&token).await {
        Ok(id) => id,
        Err(r) => return r.response(fallback),
    };
    let info = match web.session.watching().info(game_id).await {
        Ok(Some(info)) => info,
        Ok(None) => return Refusal::NoGame.response(fallback),
        Err(e) => {
            warn!(game = game_id, "a game's page could not be read: {e}");
            return Refusal::Failed.response(fallback);
        }
    };
    let lang = ask.lang().unwrap_or(info.lang);
    let kept = web
        .drawn
        .lock()
        .ok()
        .and_then(|d| d.get(&(info.id, info.version, info.look, lang)).cloned());
    let body = match kept {
        Some(body) => body,
        None => {
            let watched = match web.watched(&token).await {
                Ok(w) => w,
                Err(r) => return r.response(lang),
            };
            let i = watched.info();
            let key = (i.id, i.version, i.look, lang);
            let Some(body) = blocking(move || {
                let p = page::parts(&watched, lang);
                let json = serde_json::json!({
                    "version": p.version,
                    "to_move": p.to_move,
                    "board": p.board,
                    "turns": p.turns,
                    "text": p.text,
                });
                Arc::new(json.to_string())
            })
            .await
            else {
                return Refusal::Failed.response(lang);
            };
            if let Ok(mut d) = web.drawn.lock() {
                if d.len() >= DRAWN_KEPT {
                    d.clear();
                }
                d.insert(key, Arc::clone(&body));
            }
            body
        }
    };
    json(body.as_str().to_owned())
}

async fn game_turn(
    State(web): State<Arc<Web>>,
    Path((token, k)): Path<(String, usize)>,
    Query(ask): Query<Ask>,
) -> Response {
    let (watched, lang) = match opened(&web, &token, &ask).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    let look = watched.info().look;
    let Watched::Climb { turns, .. } = watched else {
        return Refusal::NoGame.response(lang);
    };
    let Some((game, Some(turn))) = turns.into_iter().nth(k) else {
        return Refusal::NoGame.response(lang);
    };
    match blocking(move || {
        let story = words::turn_story(&game, &turn, lang);
        (page::climb_board(&game, Some(&turn), look, lang, ""), story)
    })
    .await
    {
        Some((board, story)) => {
            json(serde_json::json!({ "board": board, "story": story }).to_string())
        }
        None => Refusal::Failed.response(lang),
    }
}

/// How often a live page is reminded the connection is there (proxies close quiet ones).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

async fn game_live(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    live_stream(web, token, &ask, false).await
}

async fn class_live(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    live_stream(web, token, &ask, true).await
}

/// The live stream of what `token` shows (a class's when `class`, else a game's): a
/// `version` event each time it changes.
async fn live_stream(web: Arc<Web>, token: String, ask: &Ask, class: bool) -> Response {
    let lang = ask.lang().unwrap_or(Lang::En);
    let scope = match web.scope_of(&token).await {
        Ok(scope) => scope,
        Err(r) => return r.response(lang),
    };
    let subject = match (live::Subject::of(scope), class) {
        (Some(s @ live::Subject::Class { .. }), true)
        | (Some(s @ live::Subject::Game(_)), false) => s,
        (Some(_), _) => return Refusal::Link(LinkRefusal::Unknown).response(lang),
        (None, _) => return Refusal::NoGame.response(lang),
    };
    let Some(follower) = web.live.follow(subject, &token) else {
        return Refusal::Busy.response(lang);
    };
    // The link is looked at again now and then: withdrawn or expired since the stream
    // opened, the stream ends, and the page, reconnecting, is told why.
    let recheck = web.config.link_recheck;
    let state = (follower, web, token, tokio::time::Instant::now() + recheck);
    let stream =
        futures_util::stream::unfold(state, |(mut follower, web, token, mut due)| async move {
            loop {
                match tokio::time::timeout_at(due, follower.next()).await {
                    Ok(version) => {
                        let event = Event::default().event("version").data(version?.to_string());
                        let state = (follower, web, token, due);
                        return Some((Ok::<_, std::convert::Infallible>(event), state));
                    }
                    // Time to look at the link again: gone, the stream ends.
                    Err(_) => {
                        if matches!(web.scope_of(&token).await, Err(Refusal::Link(_))) {
                            return None;
                        }
                        due = tokio::time::Instant::now() + web.config.link_recheck;
                    }
                }
            }
        });
    (
        [(header::CACHE_CONTROL, "no-store")],
        Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)),
    )
        .into_response()
}

/// A class's page, or the parts of it that change (`/state`).
async fn class_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    class_answer(&web, token, &ask, false).await
}

async fn class_state(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    class_answer(&web, token, &ask, true).await
}

async fn class_answer(web: &Web, token: String, ask: &Ask, parts_only: bool) -> Response {
    let fallback = ask.lang().unwrap_or(Lang::En);
    let class = match web.class(&token).await {
        Ok(c) => c,
        Err(r) => return r.response(fallback),
    };
    let lang = ask
        .lang()
        .or_else(|| class.games.first().map(|g| g.info().lang))
        .unwrap_or(Lang::En);
    let built = blocking(move || {
        let parts = page::class_parts(&class, lang);
        if parts_only {
            serde_json::json!({
                "version": class.version,
                "grid": parts.grid,
                "standings": parts.standings,
            })
            .to_string()
        } else {
            page::class_page(&class, &parts, lang)
        }
    })
    .await;
    match (built, parts_only) {
        (Some(body), false) => html(StatusCode::OK, body),
        (Some(body), true) => json(body),
        (None, _) => Refusal::Failed.response(lang),
    }
}

/// A server's standings for the season (the page `/leaderboard` links to).
async fn season_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    let lang = ask.lang().unwrap_or(Lang::En);
    let guild = match web.scope_of(&token).await {
        Ok(Scope::Season { guild, .. }) => guild,
        Ok(_) => return Refusal::Link(LinkRefusal::Unknown).response(lang),
        Err(r) => return r.response(lang),
    };
    match web.session.watching().season(guild).await {
        Ok(boards) => html(StatusCode::OK, page::season_page(&boards, lang)),
        Err(e) => {
            warn!(guild, "a season's page could not be read: {e}");
            Refusal::Failed.response(lang)
        }
    }
}
