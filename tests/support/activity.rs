//! Discord's side of an Activity, for tests in a real browser: a proxy on loopback that
//! plays `<app>.discordsays.com` (everything is passed to the bot's web pages, byte for
//! byte, server-sent events included) and serves, at `/discord.html`, a fake Discord
//! client: a page on the same origin that frames the Activity (`/activity/?frame_id=…`)
//! and answers the Embedded App SDK's postMessage protocol as Discord's client does:
//! the handshake with READY, AUTHORIZE with a code for the user it plays
//! (`code-<user>`, which the fake Discord's `/oauth2/token` exchanges), AUTHENTICATE with
//! that user, the connected participants, and an empty answer to anything else. What the
//! SDK sent is kept in `window.sent` for the test to read.

#![allow(dead_code)] // not every test file uses every part

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::fake_discord::{APP_ID, CHANNEL_ID, GUILD_ID};

/// The fake Discord client's page. `?user=<id>&name=<name>` is who it signs in.
const CLIENT: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Discord</title>
<style>body { margin: 0 } iframe { border: 0; width: 100vw; height: 100vh }</style></head>
<body>
<iframe id="activity" src="/activity/?instance_id=i-1&frame_id=f-1&platform=desktop&guild_id=GUILD&channel_id=CHANNEL"></iframe>
<script>
const asked = new URLSearchParams(location.search);
const user = { id: asked.get("user"), username: asked.get("name").toLowerCase(),
  discriminator: "0", global_name: asked.get("name"), avatar: null, public_flags: 0 };
window.sent = [];
const frame = () => document.getElementById("activity").contentWindow;
const send = (payload) => frame().postMessage([1, payload], location.origin);
addEventListener("message", (e) => {
  if (e.source !== frame() || !Array.isArray(e.data)) return;
  const [op, data] = e.data;
  window.sent.push([op, data && (data.cmd || data.client_id)]);
  if (op === 0) {
    send({ cmd: "DISPATCH", evt: "READY", nonce: null, data: { v: 1,
      config: { api_endpoint: "//discord.com/api", environment: "production", cdn_host: "cdn.discordapp.com" },
      user: { id: user.id, username: user.username, discriminator: "0" } } });
    return;
  }
  if (op !== 1) return;
  const answer = (d) => send({ cmd: data.cmd, evt: null, nonce: data.nonce, data: d });
  switch (data.cmd) {
    case "AUTHORIZE":
      answer({ code: "code-" + user.id });
      break;
    case "AUTHENTICATE":
      answer({ access_token: data.args.access_token, user, scopes: ["identify"],
        expires: "2099-01-01T00:00:00.000Z",
        application: { description: "", icon: null, id: "APP", name: "Prime Climb" } });
      break;
    case "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS":
      answer({ participants: [{ id: user.id, username: user.username, global_name: user.global_name,
        discriminator: "0", avatar: null, flags: 0, bot: false }] });
      break;
    default:
      answer({});
  }
});
</script>
</body></html>
"#;

/// The proxy: its address; it runs until the test ends.
pub async fn start(pages: SocketAddr) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().expect("its address");
    tokio::spawn(async move {
        loop {
            let Ok((client, _)) = listener.accept().await else {
                continue;
            };
            tokio::spawn(serve(client, pages));
        }
    });
    addr
}

/// The fake client's page (it reads who it plays from its own address).
fn client_page() -> String {
    CLIENT
        .replace("GUILD", &GUILD_ID.to_string())
        .replace("CHANNEL", &CHANNEL_ID.to_string())
        .replace("\"APP\"", &format!("\"{APP_ID}\""))
}

/// One connection: the fake client's page (then closed), or the pages' bytes both ways.
async fn serve(mut client: TcpStream, pages: SocketAddr) {
    let mut first = vec![0u8; 4096];
    let Ok(n) = client.peek(&mut first).await else {
        return;
    };
    let head = String::from_utf8_lossy(&first[..n]).to_string();
    if head.starts_with("GET /discord.html") {
        // Read the request, answer the page, close (the browser opens another
        // connection for what follows, which goes to the pages).
        let mut buf = vec![0u8; 4096];
        let _ = client.read(&mut buf).await;
        let page = client_page();
        let response = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
            page.len()
        );
        let _ = client.write_all(response.as_bytes()).await;
        let _ = client.shutdown().await;
        return;
    }
    let Ok(mut upstream) = TcpStream::connect(pages).await else {
        return;
    };
    let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
}
