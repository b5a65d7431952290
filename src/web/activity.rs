//! The board as a Discord Activity (`/activity/`): the live board of the channel the
//! Activity runs in, playable. Discord shows this page in a frame through its proxy (the
//! app's URL mapping points at `PUBLIC_URL/activity`), so every address here is relative.
//!
//! The page signs in with Discord's Embedded App SDK (served from `assets/web/sdk/`, the
//! package's own ESM build): `ready()`, `authorize` gives a code, `POST api/token`
//! exchanges it with Discord for an access token (with `DISCORD_CLIENT_SECRET`) and asks
//! Discord who it belongs to, then answers the token (for the SDK's `authenticate`) and a
//! pass naming that user (`LinkKey::pass`). With the pass the page reads the channel's
//! game (`GET api/board`: the board, whose turn, and for the player to move what they may
//! touch, `session::controls`) and acts (`POST api/act`: a click in the grammar of
//! `session::ids`, the same as a Discord button's), and follows the game live
//! (`game/<link>/live`, as a game's page does). A move made here is posted on Discord as
//! if made there ([`Deliver`]).

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use tower_http::set_header::SetResponseHeaderLayer;
use tracing::warn;

use super::respond::{asset, html, json_with};
use crate::config::{ActivityConfig, WebConfig};
use crate::lang::Lang;
use crate::render::svg::escape;
use crate::session::ids::{Asked, Click};
use crate::session::{
    Actor, ClickAsk, ClimbView, Deliver, GameView, LinkKey, Place, PlaceLocks, Room, Scope,
    Session, Touch,
};
use crate::text::{self, web as words};

static ACTIVITY_JS: &str = include_str!("../../assets/web/activity.js");
static SDK: include_dir::Dir = include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/web/sdk");

/// What the web front gets from the Discord front it runs beside: the application's id
/// (the Activity's OAuth2 client) and the way to post on Discord what is played here.
#[derive(Clone)]
pub struct Discord {
    pub application_id: u64,
    pub deliver: Arc<dyn Deliver>,
}

/// How long a pass (and the game link the page follows) works: a long session of play.
const PASS_MS: i64 = 12 * 3_600_000;
/// How long Discord may take to answer the code exchange or the user's identity.
const DISCORD_CALL: Duration = Duration::from_secs(10);

/// The Activity's page may be shown in Discord's frames (and a same-origin one).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'self' https://discord.com https://*.discord.com \
                   https://*.discordsays.com";

/// What the Activity's requests share.
pub(super) struct Activity {
    session: Session,
    key: LinkKey,
    config: ActivityConfig,
    discord: Discord,
    /// For the calls to Discord (bounded in time).
    client: reqwest::Client,
    /// One move at a time in each place, from its commit to its post on Discord, so
    /// Discord gets the turn messages in the order they were played (a tokio lock serves
    /// its waiters in turn).
    places: PlaceLocks,
}

impl Activity {
    /// The Activity, when the configuration turns it on and Discord is beside the pages.
    pub(super) fn of(
        session: &Session,
        web: &WebConfig,
        discord: Option<Discord>,
    ) -> Option<Activity> {
        Some(Activity {
            session: session.clone(),
            key: web.link_key.clone(),
            config: web.activity.clone()?,
            discord: discord?,
            client: reqwest::Client::builder()
                .timeout(DISCORD_CALL)
                .build()
                .ok()?,
            places: Default::default(),
        })
    }
}

/// The Activity's routes, under `/activity` (its live stream, `game/<link>/live`, and
/// style are the pages' own, routed there too).
pub(super) fn routes(activity: Activity) -> Router {
    Router::new()
        .route("/activity", get(shell))
        .route("/activity/", get(shell))
        .route(
            "/activity/activity.js",
            get(|| asset(ACTIVITY_JS, "text/javascript; charset=utf-8")),
        )
        .route("/activity/sdk/{*path}", get(sdk_file))
        .route("/activity/api/token", post(token))
        .route("/activity/api/board", get(board))
        .route("/activity/api/act", post(act))
        .with_state(Arc::new(activity))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
}

/// The language of the page: `?lang=`, else the browser's (Discord's client passes its
/// own language on).
fn lang_of(asked: Option<&str>, headers: &HeaderMap) -> Lang {
    let said = asked.map(str::to_string).or_else(|| {
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    });
    match said {
        Some(s) if s.trim_start().to_ascii_lowercase().starts_with("fr") => Lang::Fr,
        _ => Lang::En,
    }
}

#[derive(Deserialize)]
struct LangAsk {
    lang: Option<String>,
}

async fn shell(
    State(web): State<Arc<Activity>>,
    headers: HeaderMap,
    Query(ask): Query<LangAsk>,
) -> Response {
    let lang = lang_of(ask.lang.as_deref(), &headers);
    let discord = &web.discord;
    let w = words::activity_words(lang);
    let words = json!({
        "connecting": w.connecting, "no_sign_in": w.no_sign_in, "no_game": w.no_game,
        "your_turn": w.your_turn, "pick_step": w.pick_step, "confirm": w.confirm,
        "cancel": w.cancel, "watching": w.watching, "die": w.die, "cards": w.cards,
    });
    let body = format!(
        r#"{head}<body class="activity" data-client="{client}" data-lang="{lang_code}" data-words="{words}">
<header>
<h1>{title}</h1>
<p id="to-move" aria-live="polite">{connecting}</p>
<p class="tools"><span id="here"></span></p>
</header>
<main>
<section class="board-area"><div id="board"></div></section>
<aside>
<section id="play">
<p id="say" role="status"></p>
<div id="touches"></div>
</section>
</aside>
</main>
</body>
</html>
"#,
        head = super::page::head_at(lang, w.title, Some("activity.js"), ""),
        lang_code = lang.code(),
        title = escape(w.title),
        client = discord.application_id,
        words = escape(&words.to_string()),
        connecting = escape(w.connecting),
    );
    html(StatusCode::OK, body)
}

/// A file of the SDK's ESM build.
async fn sdk_file(Path(path): Path<String>) -> Response {
    match SDK.get_file(&path) {
        Some(f) if path.ends_with(".mjs") => (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            f.contents(),
        )
            .into_response(),
        _ => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// An answer the page reads: JSON, with a status.
fn answer(status: StatusCode, body: Value) -> Response {
    json_with(status, body.to_string())
}

/// `application/x-www-form-urlencoded`: every byte but the unreserved ones escaped.
fn form(fields: &[(&str, &str)]) -> String {
    let enc = |s: &str| {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect::<String>()
    };
    fields
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// A JSON answer of Discord's, if it said yes.
async fn discord_json(request: reqwest::RequestBuilder) -> Result<Value, String> {
    let r = request.send().await.map_err(|e| e.to_string())?;
    let status = r.status();
    let body = r.bytes().await.map_err(|e| e.to_string())?;
    if !status.is_success() {
        return Err(format!("Discord answered {status}"));
    }
    serde_json::from_slice(&body).map_err(|e| e.to_string())
}

/// Exchange the code the Activity got for an access token, ask Discord whose it is, and
/// where the Activity `instance` runs (with the bot's token): the token, the user and the
/// place, when that user is in that Activity.
async fn exchange(
    web: &Activity,
    code: &str,
    instance: &str,
) -> Result<(String, i64, Place), String> {
    let (discord, activity) = (&web.discord, &web.config);
    let api = format!("{}/api/v10", activity.api_url.trim_end_matches('/'));
    let client_id = discord.application_id.to_string();
    let body = form(&[
        ("client_id", &client_id),
        ("client_secret", &activity.client_secret),
        ("grant_type", "authorization_code"),
        ("code", code),
    ]);
    let got = discord_json(
        web.client
            .post(format!("{api}/oauth2/token"))
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(body),
    )
    .await?;
    let token = got["access_token"]
        .as_str()
        .ok_or("no access token")?
        .to_string();
    let me = discord_json(
        web.client
            .get(format!("{api}/users/@me"))
            .bearer_auth(&token),
    )
    .await?;
    let user = me["id"]
        .as_str()
        .and_then(|id| id.parse::<i64>().ok())
        .filter(|id| *id > 0)
        .ok_or("no user")?;
    // Where the Activity runs, as Discord says it (never as the page says it), and that
    // this user is in it.
    let safe = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if instance.is_empty() || instance.len() > 100 || !instance.chars().all(safe) {
        return Err("no Activity instance".into());
    }
    let found = discord_json(
        web.client
            .get(format!(
                "{api}/applications/{client_id}/activity-instances/{instance}"
            ))
            .header(
                reqwest::header::AUTHORIZATION,
                format!("Bot {}", activity.bot_token),
            ),
    )
    .await?;
    let id = |v: &Value| {
        v.as_str()
            .and_then(|s| s.parse::<i64>().ok())
            .filter(|n| *n > 0)
    };
    let inside = found["users"]
        .as_array()
        .is_some_and(|users| users.iter().any(|u| id(u) == Some(user)));
    if !inside {
        return Err("the user is not in this Activity".into());
    }
    match (
        id(&found["location"]["guild_id"]),
        id(&found["location"]["channel_id"]),
    ) {
        (Some(guild_id), Some(channel_id)) => Ok((
            token,
            user,
            Place {
                guild_id,
                channel_id,
            },
        )),
        _ => Err("the Activity is not in a server's channel".into()),
    }
}

#[derive(Deserialize)]
struct CodeAsk {
    code: String,
    /// The Activity instance the page runs in (the SDK's `instanceId`).
    #[serde(default)]
    instance: String,
}

/// `POST api/token` `{code}`: the access token for the SDK, and a pass for this user.
async fn token(State(web): State<Arc<Activity>>, headers: HeaderMap, body: Bytes) -> Response {
    let lang = lang_of(None, &headers);
    let refused = || {
        answer(
            StatusCode::FORBIDDEN,
            json!({ "error": words::activity_words(lang).no_sign_in }),
        )
    };
    let Ok(CodeAsk { code, instance }) = serde_json::from_slice(&body) else {
        return refused();
    };
    if code.is_empty() || code.len() > 200 {
        return refused();
    }
    match exchange(&web, &code, &instance).await {
        Ok((access_token, user, place)) => {
            let pass = web
                .key
                .pass(user, place, web.session.now().saturating_add(PASS_MS));
            answer(
                StatusCode::OK,
                json!({ "access_token": access_token, "pass": pass }),
            )
        }
        Err(e) => {
            warn!("signing in on the Activity failed: {e}");
            refused()
        }
    }
}

/// Why a request of the page acts for nobody: its status and what the page is told.
struct Denied(StatusCode, String);

impl Denied {
    fn response(self) -> Response {
        answer(self.0, json!({ "error": self.1 }))
    }
}

/// Who the page is for, and where: its pass (`Authorization: Bearer <pass>`), which
/// names both.
fn passed(web: &Activity, headers: &HeaderMap, lang: Lang) -> Result<(Place, i64), Denied> {
    let pass = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match pass.map(|p| web.key.open_pass(p, web.session.now())) {
        Some(Ok((user, place))) => Ok((place, user)),
        Some(Err(r)) => Err(Denied(
            StatusCode::FORBIDDEN,
            words::refused(r, lang).into(),
        )),
        None => Err(Denied(StatusCode::FORBIDDEN, "no pass".into())),
    }
}

/// A touch as the page shows it.
fn touch_json(view: &ClimbView, touch: &Touch, lang: Lang) -> Value {
    let id = view.click_id(touch.verb());
    let label = text::climb::touch_label(&view.game, touch, lang);
    match touch {
        Touch::Pawn(space) => json!({ "kind": "pawn", "id": id, "label": label, "space": space }),
        Touch::Pawns => json!({ "kind": "back", "id": id, "label": label }),
        Touch::Step(step) => {
            let die = match step.token {
                crate::climb::notation::Token::Die(_, d) => Some(d),
                _ => None,
            };
            // The pawn it moves, as its button says it ("♟ Pawn on 6"), for the question
            // before Play.
            let pawn = step
                .pawn
                .map(|space| text::climb::touch_label(&view.game, &Touch::Pawn(space), lang));
            json!({ "kind": "step", "id": id, "label": label, "die": die, "lands": step.lands,
                    "pawn": pawn })
        }
    }
}

/// What the page shows of `view` to `user`.
fn board_json(web: &Activity, view: &ClimbView, user: i64, lang: Lang) -> Value {
    let g = &view.game;
    let seat = view.info.seat_of_user(user);
    let to_move = seat == Some(g.current()) && !view.is_over();
    let board = super::page::climb_board(g, view.last_turn().as_ref(), view.info.look, lang, "");
    let link = web.key.sign(
        Scope::Game(view.info.id),
        web.session.now().saturating_add(PASS_MS),
    );
    let mut out = json!({
        "game": view.info.id,
        "version": view.info.version,
        "link": link,
        "to_move": words::to_move(g, lang),
        "board": board,
        "seated": seat.is_some(),
        "over": view.is_over(),
        "move": to_move,
    });
    if !to_move {
        return out;
    }
    let button = |verb, label: &str, enabled: bool| json!({ "id": view.click_id(verb), "label": label, "enabled": enabled });
    let (first, pawns) = view.touch_menus();
    let mut steps = serde_json::Map::new();
    for (space, menu) in &pawns {
        let menu = menu.iter().map(|t| touch_json(view, t, lang)).collect();
        steps.insert(space.to_string(), Value::Array(menu));
    }
    let b = text::bot::board_words(lang);
    use crate::session::ids::BoardVerb;
    out["touches"] = first.iter().map(|t| touch_json(view, t, lang)).collect();
    out["steps"] = Value::Object(steps);
    if let Some(end) = view.turn_end() {
        out["end"] = button(BoardVerb::End, b.end, end.can_end);
        out["undo"] = button(BoardVerb::Undo, b.undo, end.can_undo);
    }
    let choices: Vec<Value> = g
        .pending_choices()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let page = (i / crate::session::ids::MENU_OPTIONS) as u8;
            let id = view.click_id(BoardVerb::Pick(page));
            json!({ "id": id, "value": (i + 1).to_string(),
                    "label": text::climb::choice_label(g, c, lang) })
        })
        .collect();
    out["choices"] = Value::Array(choices);
    out
}

/// `GET api/board?lang=` with the pass: the Prime Climb game of the pass's channel as the
/// page shows it to the pass's user, or that there is none.
async fn board(
    State(web): State<Arc<Activity>>,
    headers: HeaderMap,
    Query(ask): Query<LangAsk>,
) -> Response {
    let lang = lang_of(ask.lang.as_deref(), &headers);
    let (place, user) = match passed(&web, &headers, lang) {
        Ok(found) => found,
        Err(denied) => return denied.response(),
    };
    let view = match web.session.play().board(place).await {
        Ok(view) => view,
        Err(crate::session::SessionError::NoGame | crate::session::SessionError::NotStarted) => {
            return answer(
                StatusCode::OK,
                json!({ "none": words::activity_words(lang).no_game }),
            )
        }
        Err(e) => {
            warn!(
                channel = place.channel_id,
                "the Activity's board could not be read: {e}"
            );
            return answer(StatusCode::SERVICE_UNAVAILABLE, json!({ "error": "busy" }));
        }
    };
    let web2 = web.clone();
    // Drawing is CPU work: done on the blocking pool.
    match tokio::task::spawn_blocking(move || board_json(&web2, &view, user, lang)).await {
        Ok(body) => answer(StatusCode::OK, body),
        Err(_) => answer(StatusCode::SERVICE_UNAVAILABLE, json!({ "error": "busy" })),
    }
}

#[derive(Deserialize)]
struct ActAsk {
    click: String,
    value: Option<String>,
    lang: Option<String>,
}

/// `POST api/act` `{click, value, lang}` with the pass: one click on the board, in the
/// grammar of a Discord button. Played as the pass's user in its place, then posted on
/// Discord.
async fn act(State(web): State<Arc<Activity>>, headers: HeaderMap, body: Bytes) -> Response {
    let Ok(ask) = serde_json::from_slice::<ActAsk>(&body) else {
        return answer(StatusCode::BAD_REQUEST, json!({ "error": "not a click" }));
    };
    let lang = lang_of(ask.lang.as_deref(), &headers);
    let (place, user) = match passed(&web, &headers, lang) {
        Ok(found) => found,
        Err(denied) => return denied.response(),
    };
    let refused = |text: &str| answer(StatusCode::OK, json!({ "refused": text }));
    let asked = match Click::parse(&ask.click) {
        Ok(click @ Click::Board { .. }) => click.ask(ask.value, Room::NotAllowed, false),
        _ => return refused(text::bot::unknown_button(lang)),
    };
    let (stamp, command) = match asked {
        Asked::Game(ClickAsk::Climb { stamp, command }) => (stamp, command),
        Asked::NotOnMenu => return refused(text::bot::not_on_menu(lang)),
        _ => return refused(text::bot::unknown_button(lang)),
    };
    let actor = Actor::user(user, "");
    // The place's moves one at a time, each posted before the next is played.
    let in_turn = web.places.of(place).lock_owned().await;
    match web
        .session
        .play()
        .act(place, &actor, command, Some(stamp))
        .await
    {
        Ok(changed) => {
            let version = changed.view.info.version;
            // Discord hears of it whatever becomes of this answer.
            let deliver = web.discord.deliver.clone();
            tokio::spawn(async move {
                deliver
                    .changed(changed.map(|v| GameView::Climb(Box::new(v))))
                    .await;
                drop(in_turn);
            });
            answer(StatusCode::OK, json!({ "ok": true, "version": version }))
        }
        Err(e) => refused(&text::errors::refusal(&e, lang)),
    }
}
