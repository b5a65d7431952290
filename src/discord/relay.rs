//! A loopback relay between serenity and the REST address of `DISCORD_API_URL` (a shared
//! rate-limiting proxy, or the tests' fake Discord).
//!
//! serenity sends its REST calls to a proxy only with its own rate limiter switched off,
//! and it then reports a 429 as a bare error: the `Retry-After` header and the
//! `retry_after` field are lost, so a rate-limited turn message would simply be dropped.
//! The relay sits in between on `127.0.0.1`: it forwards every request unchanged and, when
//! the answer is 429, waits the time Discord gives and sends the request again. An
//! interaction response is only worth retrying within Discord's 3 s window; anything else
//! (turn messages, followups, edits) is retried for up to [`RelayLimits::patience`].
//! Every attempt is bounded by [`RelayLimits::attempt`], so nothing waits forever on a
//! server that accepts connections and never answers.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tracing::{debug, warn};

/// How long the relay keeps trying.
#[derive(Clone, Copy, Debug)]
pub struct RelayLimits {
    /// One attempt: connect, send, and read the whole answer.
    pub attempt: Duration,
    /// The longest total wait for a request that is not an interaction response.
    pub patience: Duration,
    /// The longest total wait for an interaction response (Discord drops the interaction
    /// 3 s after it was created).
    pub interaction_patience: Duration,
}

impl Default for RelayLimits {
    fn default() -> RelayLimits {
        RelayLimits {
            attempt: Duration::from_secs(30),
            patience: Duration::from_secs(120),
            interaction_patience: Duration::from_millis(2_500),
        }
    }
}

struct Relay {
    upstream: String,
    client: reqwest::Client,
    limits: RelayLimits,
}

/// Start the relay on a free loopback port; returns its base URL (`http://127.0.0.1:PORT`)
/// for serenity's proxy setting. It runs until the process ends.
pub async fn start(upstream: &str, limits: RelayLimits) -> std::io::Result<String> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    let client = reqwest::Client::builder()
        .timeout(limits.attempt)
        .connect_timeout(limits.attempt)
        .build()
        .map_err(std::io::Error::other)?;
    let relay = Arc::new(Relay {
        upstream: upstream.trim_end_matches('/').to_string(),
        client,
        limits,
    });
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let relay = relay.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| {
                    let relay = relay.clone();
                    async move { Ok::<_, Infallible>(relay.forward(req).await) }
                });
                if let Err(e) = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await
                {
                    debug!("relay connection closed: {e}");
                }
            });
        }
    });
    Ok(format!("http://{address}"))
}

/// Headers that describe one hop, not the request.
fn hop_by_hop(name: &str) -> bool {
    matches!(
        name,
        "host" | "connection" | "content-length" | "transfer-encoding" | "keep-alive" | "upgrade"
    )
}

/// The wait a 429 asks for: the JSON body's `retry_after` (seconds, fractional: the most
/// precise), else the `Retry-After` header (whole seconds), else one second.
pub fn retry_after(headers: &reqwest::header::HeaderMap, body: &[u8]) -> Duration {
    let from_body = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["retry_after"].as_f64());
    let from_header = || {
        headers
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
    };
    let secs = from_body.or_else(from_header).unwrap_or(1.0);
    if secs.is_finite() && secs >= 0.0 {
        Duration::from_secs_f64(secs.min(3_600.0))
    } else {
        Duration::from_secs(1)
    }
}

/// A JSON error as Discord writes them, so serenity can read it.
fn error_response(status: StatusCode, message: &str) -> Response<Full<Bytes>> {
    let body = serde_json::json!({ "message": message, "code": 0 }).to_string();
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    response
}

impl Relay {
    async fn forward(&self, req: Request<Incoming>) -> Response<Full<Bytes>> {
        let method = req.method().clone();
        let target = req
            .uri()
            .path_and_query()
            .map_or("/", |p| p.as_str())
            .to_string();
        let mut headers = reqwest::header::HeaderMap::new();
        for (name, value) in req.headers() {
            if !hop_by_hop(name.as_str()) {
                headers.append(name.clone(), value.clone());
            }
        }
        let body = match req.into_body().collect().await {
            Ok(b) => b.to_bytes(),
            Err(e) => return error_response(StatusCode::BAD_REQUEST, &format!("relay: {e}")),
        };
        let patience = if target.ends_with("/callback") {
            self.limits.interaction_patience
        } else {
            self.limits.patience
        };
        let deadline = tokio::time::Instant::now() + patience;
        let url = format!("{}{target}", self.upstream);
        loop {
            let sent = self
                .client
                .request(method.clone(), &url)
                .headers(headers.clone())
                .body(body.clone())
                .send()
                .await;
            let answer = match sent {
                Ok(answer) => answer,
                Err(e) => {
                    warn!(%method, path = %redact(&target), "the Discord API did not answer: {e}");
                    let status = if e.is_timeout() {
                        StatusCode::GATEWAY_TIMEOUT
                    } else {
                        StatusCode::BAD_GATEWAY
                    };
                    return error_response(status, "the Discord API did not answer");
                }
            };
            let status = answer.status();
            let answer_headers = answer.headers().clone();
            let bytes = match answer.bytes().await {
                Ok(b) => b,
                Err(e) => {
                    warn!(%method, path = %redact(&target), "reading Discord's answer failed: {e}");
                    return error_response(StatusCode::BAD_GATEWAY, "the answer broke off");
                }
            };
            if status == StatusCode::TOO_MANY_REQUESTS {
                let wait = retry_after(&answer_headers, &bytes);
                if tokio::time::Instant::now() + wait <= deadline {
                    debug!(path = %redact(&target), ?wait, "rate limited: waiting as asked");
                    tokio::time::sleep(wait).await;
                    continue;
                }
                warn!(path = %redact(&target), ?wait, "rate limited for longer than this request can wait");
            }
            let mut response = Response::new(Full::new(bytes));
            *response.status_mut() = status;
            for (name, value) in &answer_headers {
                if !hop_by_hop(name.as_str()) {
                    response.headers_mut().append(name.clone(), value.clone());
                }
            }
            return response;
        }
    }
}

/// A path for the logs, without interaction and webhook tokens.
pub fn redact(path: &str) -> String {
    let parts: Vec<&str> = path.split('?').next().unwrap_or("").split('/').collect();
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let after = |word: &str| i >= 2 && parts[i - 2] == word;
            if after("interactions") || after("webhooks") {
                "…"
            } else {
                p
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}
