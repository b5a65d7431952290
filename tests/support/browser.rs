//! A real browser for the web pages' tests: headless Chromium (Debian's `chromium`
//! package; `.ci/run` installs it where missing), driven over the DevTools protocol by
//! this small client (one WebSocket, JSON commands answered by id).
//!
//! Where no Chromium is installed the browser tests are skipped, loudly; when
//! `PRIMECLIMB_REQUIRE_CHROMIUM` is set (CI sets it) they fail instead.

#![allow(dead_code)] // each test binary uses a different part

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for a page to show what it should: generous, since a machine
/// busy with other tests (Chromium, bots and databases starting together) can take
/// seconds; a page that is right returns at once.
pub const PAGE_WAIT: Duration = Duration::from_secs(20);

const REQUIRE_VAR: &str = "PRIMECLIMB_REQUIRE_CHROMIUM";
/// How long one command may take (loading a page included).
const PATIENCE: Duration = Duration::from_secs(30);

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A headless Chromium with one tab.
pub struct Browser {
    child: Child,
    socket: Socket,
    session: String,
    next_id: u64,
    _profile: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
}

impl Browser {
    /// A browser whose tab is `width` × `height` CSS pixels (`mobile`: a phone's); `None`
    /// (after saying why) where no Chromium is installed, unless CI requires one.
    pub async fn start(width: u32, height: u32, mobile: bool) -> Option<Browser> {
        let Some(exe) = chromium() else {
            assert!(
                std::env::var_os(REQUIRE_VAR).is_none_or(|v| v.is_empty()),
                "{REQUIRE_VAR} is set but no Chromium is installed (Debian's chromium package)"
            );
            eprintln!("SKIPPED: no Chromium installed (Debian's chromium package)");
            return None;
        };
        let profile = std::env::temp_dir().join(format!(
            "primeclimb-chromium-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        let _ = std::fs::create_dir_all(&profile);
        let mut child = Command::new(exe)
            .args([
                "--headless=new",
                // Tests run as root in containers, where the sandbox cannot start.
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--mute-audio",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chromium");
        // It says where its DevTools listen on its standard error.
        let stderr = child.stderr.take().expect("chromium's stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    if !sent {
                        let _ = tx.send(url.trim().to_string());
                        sent = true;
                    }
                }
            }
        });
        let url = rx
            .recv_timeout(PATIENCE)
            .expect("chromium says where its DevTools listen");
        let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .expect("connect to chromium's DevTools");
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 1,
            _profile: TempDir(profile),
        };
        let target = browser
            .call(None, "Target.createTarget", json!({ "url": "about:blank" }))
            .await;
        let target_id = target["targetId"].as_str().expect("a tab").to_string();
        let attached = browser
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target_id, "flatten": true }),
            )
            .await;
        browser.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        browser.page("Page.enable", json!({})).await;
        browser
            .page(
                "Emulation.setDeviceMetricsOverride",
                json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
            )
            .await;
        Some(browser)
    }

    /// Send a command (to the tab's session, or the browser's) and wait for its answer.
    async fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        self.socket
            .send(Message::Text(message.to_string()))
            .await
            .expect("send to chromium");
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline
                .checked_duration_since(Instant::now())
                .unwrap_or_else(|| panic!("chromium did not answer {method}"));
            let frame = tokio::time::timeout(left, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("chromium did not answer {method}"))
                .expect("chromium's DevTools closed")
                .expect("a DevTools message");
            let Message::Text(text) = frame else {
                continue;
            };
            let v: Value = serde_json::from_str(&text).expect("DevTools JSON");
            if v["id"].as_u64() == Some(id) {
                if let Some(e) = v.get("error") {
                    panic!("{method}: {e}");
                }
                return v["result"].clone();
            }
        }
    }

    async fn page(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.call(Some(&session), method, params).await
    }

    /// Open `url` and wait until it has loaded.
    pub async fn open(&mut self, url: &str) {
        self.page("Page.navigate", json!({ "url": url })).await;
        self.wait_for("document.readyState === 'complete'", PATIENCE)
            .await;
    }

    /// The value of a JavaScript expression in the page (awaited if a promise).
    pub async fn eval(&mut self, expression: &str) -> Value {
        let r = self
            .page(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            )
            .await;
        r["result"]["value"].clone()
    }

    /// Wait until `expression` is true in the page; how long it took, or `None`.
    pub async fn wait_for(&mut self, expression: &str, within: Duration) -> Option<Duration> {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.eval(&format!("!!({expression})")).await == json!(true) {
                return Some(start.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        None
    }

    /// [`Browser::wait_for`] that must succeed: how long it took, or a failure saying
    /// `what` should have come within `within`, and what the page shows instead.
    pub async fn wait_until(&mut self, expression: &str, within: Duration, what: &str) -> Duration {
        match self.wait_for(expression, within).await {
            Some(took) => took,
            None => panic!(
                "{what} (not within {within:?}); the page: {}",
                self.state().await
            ),
        }
    }

    /// What the page shows, for a failing test's message: its address, whether it has
    /// loaded, its status line, how many boards and drawn pieces it has, and the start of
    /// its text.
    pub async fn state(&mut self) -> String {
        let state = self
            .eval(
                "JSON.stringify({ url: location.href, ready: document.readyState, \
                 status: document.querySelector('#status')?.textContent ?? null, \
                 games: document.querySelectorAll('.game').length, \
                 svgs: document.querySelectorAll('svg').length, \
                 uses: document.querySelectorAll('svg use').length, \
                 text: (document.body?.innerText ?? '').slice(0, 800) })",
            )
            .await;
        state
            .as_str()
            .map_or_else(|| state.to_string(), str::to_owned)
    }

    /// A screenshot of what the tab shows, as a PNG.
    pub async fn screenshot(&mut self) -> Vec<u8> {
        let r = self
            .page("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap_or_default())
            .expect("a base64 PNG")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
