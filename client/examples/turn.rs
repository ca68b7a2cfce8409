//! Start or reach the workspace's daemon, create (or reuse) a session, claim it, run one turn
//! printing its deltas as they stream in, then replay the durable transcript page by page.
//!
//! ```sh
//! cargo run -p agentwire-client --example turn -- "$PWD" "$(command -v agentwire)" "What is here?" [SESSION_ID]
//! ```

use agentwire_client::{operation, Client, StartOptions};
use agentwire_protocol::{EventPayload, Method, ReplayItem, SessionCreateRequest, SessionReplayRequest};
use std::io::Write;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [workspace, executable, prompt, rest @ ..] = &args[..] else {
        return Err("usage: turn WORKSPACE AGENTWIRE_EXECUTABLE PROMPT [SESSION_ID]".into());
    };
    let required = [Method::SessionCreate, Method::SessionClaim, Method::TurnStart, Method::SessionReplay];
    let client = Client::start_or_connect(StartOptions::new(workspace, executable), &required).await?;
    let session_id = match rest.first() {
        Some(id) => id.parse::<agentwire_protocol::SessionId>()?,
        None => client.call::<operation::SessionCreate>(&(), SessionCreateRequest::new()).await?.session_id,
    };
    println!("session {session_id}");
    let claim = client.claim(&session_id, false).await?;
    let (_started, mut events) = claim.start_turn(prompt).await?;
    while let Some(event) = events.next().await {
        match event?.payload {
            EventPayload::TurnAssistantDelta(d) => {
                print!("{}", d.text);
                std::io::stdout().flush()?;
            }
            EventPayload::TurnTerminal(t) => println!("\n[turn {}]", t.status.as_str()),
            _ => {}
        }
    }
    println!("--- replay ---");
    // The largest page the spec lets a service send.
    const PAGE: u32 = agentwire_protocol::limits::MAX_SESSION_PAGE_ITEMS as u32;
    let mut after = None;
    loop {
        let page = client
            .call::<operation::SessionReplay>(&claim, SessionReplayRequest::new().with_after(after).with_limit(PAGE))
            .await?;
        for item in &page.events {
            match item {
                ReplayItem::Message(m) => print!("{}{}", m.text, if m.last_part { "\n" } else { "" }),
                ReplayItem::Summary(s) => print!("[summary] {}{}", s.text, if s.last_part { "\n" } else { "" }),
                ReplayItem::Terminal(t) => println!("[{}]", t.status.as_str()),
            }
        }
        if !page.truncated {
            return Ok(());
        }
        after = Some(page.next_cursor);
    }
}
