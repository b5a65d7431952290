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
//! - `GET /game/{token}/table.png`: a Prime Daifugo table (never a hand);
//! - `GET /static/app.js`, `/static/app.css`: the page's script and style, compiled in.
//!
//! Every page is sent with a strict Content-Security-Policy (scripts and styles from the
//! bot only, no inline script), no referrer (the token is in the address), and gzip.

mod live;
mod page;

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
use crate::session::{LinkRefusal, Session, SessionError, Watched};
use crate::text::web as words;

static APP_JS: &str = include_str!("../../assets/web/app.js");
static APP_CSS: &str = include_str!("../../assets/web/app.css");

/// What every request of the web front shares.
struct Web {
    session: Session,
    config: WebConfig,
    live: Arc<live::Live>,
}

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
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let live = live::Live::new(session.clone());
    let web = Arc::new(Web {
        session,
        config,
        live,
    });
    let csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
               connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
    let router = Router::new()
        .route("/", get(home))
        .route("/game/{token}", get(game_page))
        .route("/game/{token}/state", get(game_state))
        .route("/game/{token}/live", get(game_live))
        .route("/game/{token}/turn/{k}", get(game_turn))
        .route("/game/{token}/table.png", get(table_png))
        .route(
            "/static/app.js",
            get(|| asset(APP_JS, "text/javascript; charset=utf-8")),
        )
        .route(
            "/static/app.css",
            get(|| asset(APP_CSS, "text/css; charset=utf-8")),
        )
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found") })
        .with_state(web)
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(
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

async fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        body,
    )
        .into_response()
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

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

fn json(value: serde_json::Value) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        value.to_string(),
    )
        .into_response()
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
    fn game_of(&self, token: &str) -> Result<i64, Refusal> {
        self.config
            .link_key
            .open(token, self.session.now())
            .map_err(Refusal::Link)
    }

    /// The game a token opens, as its page shows it.
    async fn watched(&self, token: &str) -> Result<Watched, Refusal> {
        let game_id = self.game_of(token)?;
        match self.session.watching().page(game_id).await {
            Ok(w) => Ok(w),
            Err(SessionError::NoGame | SessionError::NotStarted) => Err(Refusal::NoGame),
            Err(e) => {
                warn!(game = game_id, "a game's page could not be read: {e}");
                Err(Refusal::Failed)
            }
        }
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
        let parts = page::parts(&watched, &token, lang);
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
    let (watched, lang) = match opened(&web, &token, &ask).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    match blocking(move || page::parts(&watched, &token, lang)).await {
        Some(p) => json(serde_json::json!({
            "version": p.version,
            "to_move": p.to_move,
            "board": p.board,
            "turns": p.turns,
            "text": p.text,
        })),
        None => Refusal::Failed.response(lang),
    }
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
        (page::climb_board(&game, Some(&turn), look, lang), story)
    })
    .await
    {
        Some((board, story)) => json(serde_json::json!({ "board": board, "story": story })),
        None => Refusal::Failed.response(lang),
    }
}

async fn table_png(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    let (watched, lang) = match opened(&web, &token, &ask).await {
        Ok(found) => found,
        Err(page) => return page,
    };
    let Watched::Daifugo(view) = watched else {
        return Refusal::NoGame.response(lang);
    };
    let look = view.info.look;
    match blocking(move || view.table_png(look, crate::text::pictures::words(lang))).await {
        Some(Ok(png)) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            png,
        )
            .into_response(),
        _ => Refusal::Failed.response(lang),
    }
}

/// How often a live page is reminded the connection is there (proxies close quiet ones).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

async fn game_live(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(ask): Query<Ask>,
) -> Response {
    let lang = ask.lang().unwrap_or(Lang::En);
    let game_id = match web.game_of(&token) {
        Ok(id) => id,
        Err(r) => return r.response(lang),
    };
    let Some(follower) = web.live.follow(game_id, &token) else {
        return Refusal::Busy.response(lang);
    };
    let stream = futures_util::stream::unfold(follower, |mut follower| async move {
        let version = follower.next().await?;
        let event = Event::default().event("version").data(version.to_string());
        Some((Ok::<_, std::convert::Infallible>(event), follower))
    });
    (
        [(header::CACHE_CONTROL, "no-store")],
        Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)),
    )
        .into_response()
}
