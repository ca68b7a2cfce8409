//! Follow a session from a second connection without taking its control: live events go
//! only to the controller, so a watcher polls `session.status` and pages `session.replay`
//! from its cursor, printing each durable item once as it appears.
//!
//! ```sh
//! cargo run -p agentwire-client --example watch -- "$PWD" "$(command -v agentwire)" SESSION_ID [TERMINALS]
//! ```
//! With `TERMINALS`, it exits after printing that many turn terminals. It connects to the socket
//! the launcher's checked discovery record names (`start_or_connect`, then `Client::connect`).

use agentwire_client::{operation, start_or_connect, Client, ClientOptions, StartOptions};
use agentwire_protocol::{Method, ReplayItem, SessionReplayRequest, SessionStatusRequest};
use std::time::Duration;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workspace, executable, session_id, rest @ ..] = &args[..] else {
        return Err("usage: watch WORKSPACE AGENTWIRE_EXECUTABLE SESSION_ID [TERMINALS]".into());
    };
    let stop_after: Option<usize> = rest.first().map(|n| n.parse()).transpose()?;
    let discovery = start_or_connect(&StartOptions::new(workspace, executable)).await?;
    // The handshake names the canonical workspace, as the launcher resolved it.
    let workspace = std::fs::canonicalize(workspace)?;
    let options = ClientOptions::new(discovery.socket, workspace.to_string_lossy())
        .require(&[Method::SessionStatus, Method::SessionReplay]);
    let client = Client::connect(options).await?;
    let (mut after, mut terminals, mut running, mut text) = (None, 0, None, String::new());
    loop {
        let status = client.call::<operation::SessionStatus>(session_id, SessionStatusRequest::new()).await?;
        let turn = status.turn.map(|t| t.turn_id);
        if turn != running {
            if let Some(t) = &turn {
                println!("[turn {t} running]");
            }
            running = turn;
        }
        let request = SessionReplayRequest::new().with_after(after.clone()).with_limit(32);
        let page = client.call::<operation::SessionReplay>(session_id, request).await?;
        if page.resync_required {
            // The projection moved under our cursor (a turn settled): start over.
            println!("[resync]");
            (after, terminals) = (None, 0);
            text.clear();
            continue;
        }
        for item in &page.events {
            match item {
                ReplayItem::Message(m) => {
                    text.push_str(&m.text);
                    if m.last_part {
                        println!("{}: {}", m.role.as_str(), std::mem::take(&mut text));
                    }
                }
                ReplayItem::Summary(s) => {
                    text.push_str(&s.text);
                    if s.last_part {
                        println!("[summary] {}", std::mem::take(&mut text));
                    }
                }
                ReplayItem::Terminal(t) => {
                    println!("[{}]", t.status.as_str());
                    terminals += 1;
                }
            }
        }
        after = Some(page.next_cursor);
        if stop_after.is_some_and(|n| terminals >= n) {
            return Ok(());
        }
        if !page.truncated {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}
